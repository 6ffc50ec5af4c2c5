"""Pawn moves: every path a pawn may walk from a space with a given count, under either variant.

The rulebook's pawn never goes both left and right, nor both up and down, in one move; the
article's never enters a space twice in one move. A path ends early on the Finish. Paths depend only
on the start space, the count and the variant, so each is computed once and cached (with its action
string); the article's "go on past a pawn" depends on where the other pawns are and is applied by
the state.
"""

from __future__ import annotations

from .board import BOARD, DOWN, LEFT, RIGHT, UP

_OPPOSITE = {LEFT: RIGHT, RIGHT: LEFT, UP: DOWN, DOWN: UP}
_STEPS = BOARD.pawn_steps
_NAMES = BOARD.names
_FINISH = BOARD.finish


def _pawn_paths(start: int, count: int, no_backtrack: bool) -> tuple[list[tuple], list[tuple]]:
    """All pawn paths from start: (full, stuck). Full paths take `count` steps or end on the Finish;
    stuck paths could not go on (the fallback when no full path exists)."""
    full, stuck = [], []
    path: list[int] = []

    def walk(s, used_dirs, seen):
        if s == _FINISH and path:
            full.append(tuple(path))
            return
        if len(path) == count:
            full.append(tuple(path))
            return
        moved = False
        for t, d in _STEPS[s]:
            if no_backtrack:
                if t in seen:
                    continue
                path.append(t)
                seen.add(t)
                walk(t, used_dirs, seen)
                seen.discard(t)
            else:
                if _OPPOSITE[d] in used_dirs:
                    continue
                path.append(t)
                walk(t, used_dirs | {d}, seen)
            path.pop()
            moved = True
        if not moved and path:
            stuck.append(tuple(path))

    walk(start, frozenset(), {start})
    return full, stuck


_PATH_CACHE: dict[tuple[int, int, bool], tuple[list[tuple], list[tuple], list[tuple[str, tuple]]]] = {}


def pawn_paths(start: int, count: int, no_backtrack: bool) -> tuple[list[tuple], list[tuple], list]:
    """(full paths, stuck paths, (action, path) for the full ones), computed once per start and count."""
    key = (start, count, no_backtrack)
    hit = _PATH_CACHE.get(key)
    if hit is None:
        full, stuck = _pawn_paths(start, count, no_backtrack)
        hit = _PATH_CACHE[key] = (full, stuck, [(move_action(p), p) for p in full])
    return hit


_MOVES: dict[int, tuple[tuple[str, ...], frozenset[str]]] = {}
ACTION_PATHS: dict[str, tuple[int, ...]] = {}  # the spaces of every move action the cache has made


def moves(start: int, count: int, no_backtrack: bool) -> tuple[tuple[str, ...], frozenset[str]]:
    """The action texts of the full paths from start with count, in their order and as a set (both
    empty when no path uses the whole count), made once."""
    key = (start * 8 + count) * 2 + no_backtrack
    hit = _MOVES.get(key)
    if hit is None:
        options = pawn_paths(start, count, no_backtrack)[2]
        for a, path in options:
            ACTION_PATHS[a] = path
        actions = tuple(a for a, _ in options)
        hit = _MOVES[key] = (actions, frozenset(actions))
    return hit


_ENDS: dict[int, frozenset[int]] = {}


def path_ends(start: int, count: int, no_backtrack: bool) -> frozenset[int]:
    """The spaces where the full paths from start with count end, made once (a pawn on none of them
    cannot change the moves)."""
    key = (start * 8 + count) * 2 + no_backtrack
    hit = _ENDS.get(key)
    if hit is None:
        hit = _ENDS[key] = frozenset(p[-1] for p in pawn_paths(start, count, no_backtrack)[0])
    return hit


_ACTION_TEXT: dict[tuple, str] = {}


def move_action(path) -> str:
    text = _ACTION_TEXT.get(path)
    if text is None:
        text = "move " + " ".join(_NAMES[s] for s in path)
        if len(_ACTION_TEXT) < 200_000:
            _ACTION_TEXT[path] = text
    return text
