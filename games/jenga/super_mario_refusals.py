"""Super Mario Jenga: why a decision is refused, named after the rule it breaks.

Character cards, pegs placed, climbs, items aimed at players, pegs moved down and the leap over Bowser
each get their own message; the blocks and the push are refused by the tower's common rules (common.py).
"""

from __future__ import annotations

from ..core import IllegalActionError
from . import data
from .common import NotYourMoveError, listing
from .layout import free_holes
from .super_mario_help import WHOLE_STEPS


class CharacterTakenError(IllegalActionError):
    """A character card that another player holds, or that the game does not have."""


class IllegalTargetError(IllegalActionError):
    """An item's steal or move-down aimed at a player it may not hit."""


class DecisionRefusals:
    """The refusals of SuperMarioState's own decisions (a mixin)."""

    def why_not_removable(self, level: int, slot: int) -> str:
        # An opponent's peg is said first: climbing away never frees such a block (with both pegs in it the
        # tooltip said "your own peg is in it (climb away first)", and after the climb, the opponent's).
        seats = [seat for seat, hole in enumerate(self.pegs) if hole is not None and (hole[0], hole[1]) == (level, slot)]
        others = [seat for seat in seats if seat != self.mover]
        if others:
            own = "; your own peg is in it too" if self.mover in seats else ""
            return (f"{self.seat_name(others[0])}'s peg is in it (a block with an opponent's peg is never taken"
                    f"{own})")
        if seats:
            return "your own peg is in it (climb away first)"
        return super().why_not_removable(level, slot)

    def reject_decision(self, word: str, action: str, legal: list[str]) -> None:
        who = self.seat_name(self.decider())
        rest = action.partition(" ")[2]
        if word == "character":
            if self.phase != "character":
                raise NotYourMoveError(f"the characters are chosen already: {self.decision_text()}")
            free = [c for c in data.CHARACTERS if c not in self.characters]
            reason = "another player has that card" if rest in data.CHARACTERS else "there is no such card"
            raise CharacterTakenError(f"{action!r}: {reason}; choose {listing([f'character {c}' for c in free])}")
        if word == "peg":
            if self.phase == "character":
                raise NotYourMoveError(f"pegs go in once every player has a character: {self.decision_text()}")
            if self.phase != "peg":
                raise NotYourMoveError(f"every peg is placed already: {self.decision_text()}")
            self.reject_hole(action, free_holes(self.layout, self.lowest, self.pegs), self.pegs,
                             f"a peg starts in a hole of the second layer (layer {self.lowest})")
        if word == "climb":
            item = bool(self.effects) and self.effects[0][0] == "climb"
            n = self.effects[0][1] if item else self.climb_due
            if self.phase == "stack" and self.climb_due > 0:
                # the spin's climb waits for the block in hand (it said "has no climb to make now", and the
                # status line asked for the climb right after the stack: a rules audit)
                raise NotYourMoveError(f"{who} climbs once the block in hand is stacked: {self.decision_text()}")
            if self.phase != "act" or n <= 0 or (self.effects and not item):
                raise NotYourMoveError(f"{who} has no climb to make now: {self.decision_text()}")
            if not item and self.between_whole_steps():
                # the climb was refused with itself among the holes "allowed now" (a rules audit)
                raise NotYourMoveError(f"rule variant {WHOLE_STEPS}: the two stacks of 'Stack 2 Blocks' come "
                                       f"together, so {who} climbs after the second stack: {self.decision_text()}")
            plan = self.climb_plan(self.mover, n)
            where = "nowhere" if plan is None else f"layer {plan[0]}"
            self.reject_hole(action, self.climb_options(self.mover, n), self.others(self.mover),
                             f"a climb of {n} goes exactly to {where}")
        if word == "target":
            if self.phase != "act" or not self.effects or self.effects[0][0] not in ("steal", "move_down"):
                raise NotYourMoveError(f"no item is aimed at a player now: {self.decision_text()}")
            kind = self.effects[0][0]
            options = listing([f"target {p + 1}" for p in self.target_options()])
            try:
                victim = int(rest) - 1
            except ValueError:
                victim = -1
            if not 0 <= victim < len(self.pegs):
                reason = f"players are numbered 1 to {len(self.pegs)}"
            elif victim == self.mover:
                reason = "you cannot aim an item at yourself"
            elif kind == "steal":
                reason = f"{self.seat_name(victim)} has no coins"
            elif self.defeated[victim]:
                reason = (f"{self.seat_name(victim)} has beaten Bowser and cannot be moved below him "
                          f"(layer {self.floor_of(victim)} is as low as that peg may go)")
            else:
                reason = f"{self.seat_name(victim)}'s peg is on the lowest layer allowed"
            raise IllegalTargetError(f"{action!r}: {reason}; choose {options}")
        if word == "drop":
            if not self.moving:
                raise NotYourMoveError(f"no peg is waiting for a hole: {self.decision_text()}")
            seat = self.moving[0][0]
            self.reject_hole(action, self.drop_options(), self.others(seat),
                             f"{self.seat_name(seat)}'s peg goes down to a vacant hole of layer "
                             f"{self.drop_options()[0][0] if self.drop_options() else '(none)'}")
        if word == "leap":
            if self.phase != "leap":
                raise NotYourMoveError(f"nobody is leaping over Bowser now: {self.decision_text()}")
            self.reject_hole(action, self.leap_options(), self.others(self.mover),
                             f"the winner moves to the layer directly above Bowser (layer {self.bowser_level() + 1})")
