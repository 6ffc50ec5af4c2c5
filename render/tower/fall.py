"""The fall told: which blocks moved first, from which side it shows best, and one sentence on why.

Read from the simulator's recorded trajectory of the move (frames, N, 7) and the layout before it:

- the first movers are the blocks still in the tower (the block in hand left out) that were first to
  move FIRST_MM from where they stood, together with those that did within FIRST_WINDOW_S of them; when
  they span more than MOVER_LEVELS levels (a top going as one), the blocks of the lowest of those levels,
  where the tower parted, stand for them;
- the best side looks across the fall: the camera yaw square to the mean horizontal direction the
  fallen blocks went (of the two, the nearer the current view), so the fall runs across the picture
  instead of toward the eye;
- the sentence names what gave way: the level the block was taken from when it kept only an edge block
  (or nothing under the levels above), the levels that slid off with the pulled block when the first to
  move sat on it (and the levels under the pushed one that came down too, where some did), the top when a
  stacked block tipped it, and otherwise the levels that came down as the
  pushed block moved (its level named) and the level of the first blocks to move. A fall whose blocks all stayed up on the tower (the verdict's rule counts a
  block fallen once it drops 10 mm or tilts 15 degrees, and a top can tip that far and lodge) is told as
  tipping over, not as coming off: a play-tester read "the tower above tipped off it" over a replay
  whose top leant on the tower to the end.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

FIRST_MM = 5.0
FIRST_WINDOW_S = 0.1
MOVER_LEVELS = 2
"""First movers spread over more levels than this are a part of the tower moving as one: only its lowest
level is outlined (FallStory.first_movers)."""
DRAGGED_MM = FIRST_MM / 2
"""The level on the pushed block had moved this far (its blocks' mean) when the first mover passed FIRST_MM: it
was riding on the block, so the levels above came off with it, whichever of them tilted past FIRST_MM first.
Seed 3's 3:0 pushed from -y at 2 cm/s: level 4 had moved 3.1 to 4.0 mm when an edge of level 5, turning with the
tower, passed 5 mm, and the sentence named level 5 as the first to move (an audit read it as implausible)."""
DOWN_M = 0.03
"""A fallen block whose centre ends this low (metres over the table top, its z = 0) lies on the table or
the floor: it came off the tower (a block lying flat has its centre 7.5 mm up, on edge 12.5 mm)."""


@dataclass
class FallStory:
    first_movers: list[int]
    start_s: float          # when the first mover passed FIRST_MM, seconds into the trajectory
    best_yaw: float | None  # camera yaw (radians) that looks across the fall
    sentence: str


STILL_M_S = 0.01
"""A fall's blocks all slower than this (in metres a second) are at rest in its replay (last_moving_frame)."""
STILL_TAIL_S = 0.2
"""How long a fall's replay goes on after its last block came to rest (last_moving_frame)."""


def last_moving_frame(frames: np.ndarray, rate_hz: float) -> int:
    """The frame a fall's replay may end at: STILL_TAIL_S after the last frame in which some block still moved
    at STILL_M_S or faster. The simulator follows a fall until every block has been at rest a while, and that
    rest, replayed in slow motion under "the tower is falling", stood still for several seconds before the
    result (a regression audit)."""
    frames = np.asarray(frames, dtype=float)
    if len(frames) < 2:
        return len(frames) - 1
    speed = np.linalg.norm(np.diff(frames[:, :, :3], axis=0), axis=2).max(axis=1) * float(rate_hz)
    moving = np.flatnonzero(speed >= STILL_M_S)
    last = int(moving[-1]) + 1 if len(moving) else 0
    return min(len(frames) - 1, last + int(round(STILL_TAIL_S * float(rate_hz))))


def _levels_text(levels: list[int], storey: str = "level") -> str:
    """'level 4', 'levels 2 and 3', 'levels 5 to 20', 'levels 0 to 2 and 5' ("levels 2 to 3", and a gap said as
    one range: a regression audit)."""
    runs: list[list[int]] = []
    for lv in sorted(set(levels)):
        if runs and lv == runs[-1][1] + 1:
            runs[-1][1] = lv
        else:
            runs.append([lv, lv])
    if len(runs) == 1 and runs[0][0] == runs[0][1]:
        return f"{storey} {runs[0][0]}"
    parts = [str(a) if a == b else f"{a} and {b}" if b == a + 1 else f"{a} to {b}" for a, b in runs]
    return f"{storey}s " + (parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1])


def tell(frames: np.ndarray, layout: list, verdict: dict, hand: int | None, rate_hz: float,
         yaw_now: float = 0.0, by_person: bool = True, storey: str = "level", timed: bool = True,
         pusher: str = "") -> FallStory:
    """The story of a fall (see the module's text). layout: the tower before the move (block ids by
    level and slot); verdict: the games' summary (op, where, fallen); hand: the block the move took;
    storey: the game's own word for a level ("layer" in Super Mario Jenga: its fall read "Level 5 kept only
    an edge block" where every other line said "layer", an audit). timed=False: the frames are only the tower
    before and the rubble (a game opened already fallen), so nothing is said of which blocks moved first.
    pusher: the name of the person who pushed, where several people share the table ("the block you pushed"
    named nobody at a shared screen: a family's audit); by_person alone says "you"."""
    frames = np.asarray(frames, dtype=float)
    level_of = {b: lv for lv, row in enumerate(layout) for b in row if b is not None}
    candidates = np.array([b for b in level_of if b != hand and b < frames.shape[1]], dtype=int)
    start = frames[0]
    moved = np.linalg.norm(frames[:, candidates, :3] - start[candidates, :3], axis=2) * 1000.0  # (F, M)
    crossed = moved > FIRST_MM
    first_frame = np.where(crossed.any(axis=0), crossed.argmax(axis=0), len(frames))
    if len(candidates) == 0 or first_frame.min() >= len(frames):
        return FallStory([], 0.0, None, "The tower fell.")
    earliest = int(first_frame.min())
    window = max(1, int(round(FIRST_WINDOW_S * rate_hz)))
    movers = [int(b) for b, f in zip(candidates, first_frame) if f <= earliest + window]
    fallen_levels = [int(lv) for lv, _ in verdict.get("fallen", [])]
    fallen_ids = [layout[lv][s] for lv, s in verdict.get("fallen", [])
                  if lv < len(layout) and layout[lv][s] is not None]
    # the side that shows it best: look square to the fall
    best = None
    if fallen_ids:
        d = (frames[-1, fallen_ids, :2] - start[fallen_ids, :2]).mean(axis=0)
        if np.linalg.norm(d) > 1e-3:
            across = math.atan2(d[1], d[0]) + math.pi / 2
            options = [across, across + math.pi]
            best = min(options, key=lambda y: abs((y - yaw_now + math.pi) % (2 * math.pi) - math.pi))
    # Whether any fallen block came off the tower onto the table or the floor, or all lodged on it.
    came_off = bool(fallen_ids) and bool((frames[-1, fallen_ids, 2] < DOWN_M).any())
    lodged = bool(fallen_ids) and not came_off
    who = f"{pusher} pushed" if pusher else "you pushed" if by_person else "that was pushed"
    op = verdict.get("op", "")
    where = verdict.get("where")
    # untimed (two frames, the tower before and the rubble: a game opened already fallen), every block that
    # moved would count as a first mover: nothing is said of which moved first
    mover_levels = sorted({level_of[b] for b in movers}) if timed else []
    # the level on the pushed block riding along with it when the first blocks passed FIRST_MM (DRAGGED_MM)
    riding = []
    if timed and op in ("push", "extract", "remove") and where and where[0] + 1 < len(layout):
        riding = [b for b in layout[where[0] + 1] if b is not None and b != hand and b < frames.shape[1]]
    dragged = bool(riding) and float(np.mean(np.linalg.norm(frames[earliest, riding, :3] - start[riding, :3], axis=1))
                                     ) * 1000.0 >= DRAGGED_MM
    cap = storey.capitalize()
    sentence, parted = "", False
    if op in ("push", "extract", "remove") and where:
        level, slot = where
        left = [s for s, b in enumerate(layout[level]) if b is not None and s != slot] if level < len(layout) else []
        if len(left) == 1 and left[0] != 1:
            sentence = (f"{cap} {level} kept only an edge block, and the tower above tipped over on it."
                        if lodged else f"{cap} {level} kept only an edge block, and the tower above tipped off it.")
        elif not left:
            sentence = f"{cap} {level} had nothing left under the tower above it."
        elif mover_levels and (min(mover_levels) == level + 1 or dragged):
            above = [lv for lv in fallen_levels if lv > level] or [level + 1]
            slid = f"{_levels_text(above, storey).capitalize()} slid"
            # the level riding on the block is where the tower parted, though others passed FIRST_MM first
            parted = min(mover_levels) != level + 1
            sentence = (f"{slid} with the block {who} from {storey} {level} and tipped over." if lodged
                        else f"{slid} off with the block {who} from {storey} {level}.")
        below = sorted({lv for lv in fallen_levels if lv < level})
        if sentence and below and not lodged:
            # the tower under the pushed block came down too: "Levels 17 to 19 slid off with the block" over a fall
            # of 42 blocks, the whole tower on the table, read as three levels lost (a regression audit)
            sentence = f"{sentence[:-1]}; {_levels_text(below, storey)} came down too."
    elif op == "stack" and where:
        level = where[0]
        if mover_levels and min(mover_levels) >= level - 1:
            sentence = f"The block stacked on {storey} {level} tipped the top of the tower over."
        elif mover_levels:
            sentence = (f"The new block's weight on {storey} {level} broke the tower at {storey} {min(mover_levels)}.")
    if not sentence:
        levels = fallen_levels or mover_levels
        verb = "tipped over" if lodged else "came down"
        # the move that set it off is named too: "levels 9 to 18 came down; it started at level 11" never
        # said that the block pushed was 9:2, and level 11 puzzled a player whose finger was on level 9
        cause = (f" as the block {who} from {storey} {where[0]} moved" if op in ("push", "extract", "remove")
                 and where else "")
        if levels and mover_levels:
            sentence = (f"{_levels_text(levels, storey).capitalize()} {verb}{cause}; the first blocks to move were "
                        f"on {storey} {min(mover_levels)}.")
        elif levels and not timed:
            sentence = f"{_levels_text(levels, storey).capitalize()} {verb}{cause}."
        else:
            sentence = "The tower fell."
    # What is outlined: the first movers, but when they span more than MOVER_LEVELS levels (a top that
    # went as one, dragged by the pushed block or tipping over its edge) only the lowest level of them,
    # where the tower parted: outlining every block of levels 8 to 18 singled nothing out.
    shown = movers
    if parted:
        shown = riding
    elif len(mover_levels) > MOVER_LEVELS:
        shown = [b for b in movers if level_of[b] == mover_levels[0]]
    return FallStory(sorted(shown), earliest / rate_hz, best, sentence)
