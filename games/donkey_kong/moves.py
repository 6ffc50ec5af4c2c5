"""The pawn's move in Donkey Kong: the legal move actions from where the pawn stands with Mario's roll.

paths.py gives every path a pawn may walk from a space with a count; this adds what depends on the
other pawns (the wiki reading's "go on past a pawn") and the fallbacks when no path uses the whole count.
"""

from __future__ import annotations

from .board import BOARD
from .paths import move_action, path_ends, pawn_paths

_STEPS = BOARD.pawn_steps
_FINISH = BOARD.finish


class PawnMoves:
    """Move generation for DonkeyKongState (a mixin)."""

    def _move_options(self) -> list[tuple[str, tuple]]:
        """(action, path) for each legal move. They depend only on the seat, the count and where the
        pawns stand, so the last answer is kept (not part of the saved state) and given again while
        those are unchanged: the legal actions and the check of the move then ask once."""
        key = (self.turn, self.mario_roll, *self.pawns)
        memo = self.__dict__.get("_options_memo")
        if memo is not None and memo[0] == key:
            return memo[1]
        options = self._new_move_options()
        self._options_memo = (key, options)
        return options

    def _new_move_options(self) -> list[tuple[str, tuple]]:
        start, count = self.pawns[self.turn], self.mario_roll
        full, stuck, options = pawn_paths(start, count, self.wiki)
        if self.wiki and not path_ends(start, count, True).isdisjoint(self.pawns):
            stepped = self._step_past_pawns(full)
            if stepped is not full:
                full = stepped
                options = [(move_action(p), p) for p in full]
        if not full:  # no path uses the whole count: the longest ones that can be walked
            longest = max((len(p) for p in stuck), default=0)
            full = [p for p in stuck if len(p) == longest]
            if self.wiki:
                full = self._step_past_pawns(full)
            options = [(move_action(p), p) for p in full]
        return options

    def _step_past_pawns(self, paths: list[tuple]) -> list[tuple]:
        """Wiki: a pawn ending on another pawn goes on to the next free space (never backtracking);
        a path from whose end no free space can be reached that way stops on the other pawn."""
        others = {s for i, s in enumerate(self.pawns) if i != self.turn}
        if not others or not any(p[-1] in others for p in paths):
            return paths
        out = []
        for p in paths:
            if p[-1] not in others or p[-1] == _FINISH:
                out.append(p)
                continue
            onward = []
            frontier = [p]
            while frontier:
                grown = []
                for q in frontier:
                    seen = set(q) | {self.pawns[self.turn]}
                    for t, _ in _STEPS[q[-1]]:
                        if t in seen:
                            continue
                        if t in others and t != _FINISH:
                            grown.append(q + (t,))
                        else:
                            onward.append(q + (t,))
                frontier = grown
            out.extend(onward or [p])  # a dead end: the move stops on the other pawn
        return out
