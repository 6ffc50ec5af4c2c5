"""The games' one door to sim/: every extraction, stack and probe goes through here.

The game state keeps the tower as sim's plain get_state() dict. Each operation rebuilds a sim Tower
from that dict (Tower.from_state behaves bit-identically to the tower it came from), runs the
operation, and hands back the new dict, the layout of block ids the rules read, and a plain summary
of the verdict. Trajectories (for animation) are returned separately: they are never game state.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache

import numpy as np

from .layout import end_sign

MOVED_MM = 0.5  # blocks displaced less than this are left out of a verdict's summary
FOLLOW_S = 2.0
"""Every collapse is played on this long with every block separate, whether or not frames are recorded,
so the fallen blocks and the final poses (game state) never depend on whether the UI asked for an
animation; recording only samples the poses. 2 s lets the top of an 18-level tower reach the floor."""


@lru_cache(maxsize=None)
def tower_spec(name: str):
    from sim import load_spec

    return load_spec(name)


def table() -> dict:
    """The table and the floor the simulator's towers stand on, for drawing them: the table top's length
    (x) and width (y) and its thickness, its top face at z = 0 with the tower at its centre, and the
    floor's height (a plane below it), all in metres."""
    from sim.world import TABLE_M, TABLE_TOP_M

    length, width, height = TABLE_M
    return {"length": float(length), "width": float(width), "thickness": float(TABLE_TOP_M),
            "floor_z": -float(height)}


def fall_rule(name: str) -> str:
    """sim's collapse thresholds for this tower, in words, for the help screens."""
    rules = tower_spec(name).verdict
    parts = []
    for key, value in sorted(vars(rules).items()):
        if key.startswith("fallen_"):
            what, unit = key[len("fallen_"):].rsplit("_", 1)
            parts.append(f"{what.replace('_', ' ')}s more than {value:g} {unit.replace('deg', 'degrees')}")
    return " or ".join(parts)


def _tower(name: str, state: dict):
    from sim import Tower

    return Tower.from_state(tower_spec(name), state)


def tower_fault(name: str, state) -> str:
    """Why `state` is not a tower of the named spec that sim can load ("" when it is): a saved position's
    check (TowerState.from_json). Tower.from_state only reads the dict; no world is built."""
    from sim import SimError, Tower

    if type(state) is not dict:
        return f"a tower state is an object, not {type(state).__name__}"
    try:
        Tower.from_state(tower_spec(name), state)
    except SimError as exc:
        return str(exc)
    return ""


def build(name: str, seed: int) -> tuple[dict, list]:
    """A fresh tower of the named spec, its per-block tolerances drawn from `seed`: (state, layout)."""
    from sim import Tower

    state = Tower(tower_spec(name), seed=seed).get_state()
    return state, layout_from_state(state)


def layout_of(tower) -> list:
    """layout[level][slot] -> block id or None, read from a live sim Tower."""
    return layout_from_state(tower.get_state())


def layout_from_state(state: dict) -> list:
    """The same, read straight from a tower state dict (sim's "slots" grid, -1 for a gap)."""
    rows = [[b if b >= 0 else None for b in row] for row in state["slots"]]
    while rows and all(b is None for b in rows[-1]):
        rows.pop()
    return rows


def places(state: dict) -> dict[str, list[int]]:
    """Block ids by where sim says they are: tower, hand, aside, floor."""
    out: dict[str, list[int]] = {"tower": [], "hand": [], "aside": [], "floor": []}
    for b, w in enumerate(state["where"]):
        out.setdefault(w, []).append(b)
    return out


def _clean(x: float) -> float:
    x = float(x)
    return round(x, 3) if math.isfinite(x) else 0.0


def summarise(op: str, verdict, before: list, where: list | None = None, block: int | None = None) -> dict:
    """A JSON-able verdict: collapse, fallen blocks, the largest motions and each moved block in mm."""
    disp = np.asarray(verdict.displacement_mm, dtype=float)
    moved = [[int(i), _clean(d)] for i, d in enumerate(disp) if math.isfinite(d) and d >= MOVED_MM]
    return {
        "op": op,
        "where": list(where) if where is not None else None,
        "block": block,
        "collapsed": bool(verdict.collapsed),
        "fallen": [list(map(int, a)) for a in verdict.fallen],
        "max_displacement_mm": _clean(verdict.max_displacement_mm),
        "max_tilt_deg": _clean(verdict.max_tilt_deg),
        "moved_mm": moved,
        "sim_s": _clean(verdict.sim_s),
    }


def relative_motion_mm(before_state: dict, after_state: dict, layout: list) -> dict[int, float]:
    """How far each block of `layout` moved relative to the blocks it rests on and that rest on it.

    A tower that slides or leans as a whole barely moves a block against its neighbours, so a peg in
    it stays put; a block dragged out of line with the levels around it throws its peg out.
    """
    from sim.portable import length    # summed in order, not a BLAS dot product: the same bits everywhere

    before = np.asarray(before_state["poses"], dtype=float)[:, :3]
    after = np.asarray(after_state["poses"], dtype=float)[:, :3]
    where = after_state["where"]
    moved = after - before
    out = {}
    for level, row in enumerate(layout):
        for b in row:
            if b is None or where[b] != "tower":
                continue
            near = [n for lv in (level - 1, level + 1) if 0 <= lv < len(layout) for n in layout[lv]
                    if n is not None and where[n] == "tower"]
            base = moved[near].mean(axis=0) if near else np.zeros(3)
            out[int(b)] = _clean(1000.0 * length(moved[b] - base))
    return out


def extract(name: str, state: dict, level: int, slot: int, end: str, speed: float, steadiness: float,
            tremor: int, record: bool = False) -> tuple[dict, list, dict, object]:
    """Push a block out; returns (new tower state, new layout, verdict summary, trajectory or None)."""
    tower = _tower(name, state)
    before = layout_from_state(state)
    block = int(tower.block_id(level, slot))
    v = tower.extract(level, slot, side=end_sign(end), speed=speed, steadiness=steadiness, tremor=tremor,
                      record=record, follow_s=FOLLOW_S)
    new = tower.get_state()
    return (new, layout_from_state(new), summarise("extract", v, before, (level, slot), block),
            getattr(v, "trajectory", None))


def remove(name: str, state: dict, level: int, slot: int, record: bool = False) -> tuple[dict, list, dict, object]:
    """Delete a block instantly (analysis and scripted tests); the block goes in hand."""
    tower = _tower(name, state)
    before = layout_from_state(state)
    block = int(tower.block_id(level, slot))
    v = tower.remove(level, slot, record=record, follow_s=FOLLOW_S)
    new = tower.get_state()
    return (new, layout_from_state(new), summarise("remove", v, before, (level, slot), block),
            getattr(v, "trajectory", None))


def stack(name: str, state: dict, slot: int, record: bool = False) -> tuple[dict, list, dict, object]:
    tower = _tower(name, state)
    before = layout_from_state(state)
    v = tower.stack(slot, record=record, follow_s=FOLLOW_S)
    new = tower.get_state()
    return new, layout_from_state(new), summarise("stack", v, before, None, None), getattr(v, "trajectory", None)


def probe(name: str, state: dict, level: int, slot: int, end: str) -> dict:
    """Touch a block: the force it takes to move and how much the tower moves (the tower is unchanged)."""
    p = _tower(name, state).probe(level, slot, side=end_sign(end))
    return {"where": [level, slot], "end": end, "force_n": _clean(p.force_n),
            "tower_motion_mm": _clean(p.tower_motion_mm), "moves": bool(p.moves)}


def touch_reading(name: str, state: dict, level: int, slot: int) -> tuple[float, bool]:
    """What a gentle touch of the block from its + end would read on this tower, worked out on a copy (the
    tower is unchanged): the force it took in N, and whether the block gave under the gentle touch force."""
    p = _tower(name, state).probe(level, slot)
    return _clean(p.force_n), bool(p.moves)


def poses(state: dict) -> np.ndarray:
    return np.asarray(state["poses"], dtype=float)


def static_margins(name: str, state: dict, blocks: list[tuple[int, int]]) -> list[float]:
    """sim's static support margin (mm) of the tower after taking each block; negative tips it over."""
    if not blocks:
        return []
    margin, _ = _tower(name, state).static_margins(list(blocks))
    return [float(m) for m in margin]


def free_force_n(name: str) -> float:
    """The force that slides a block of this tower carrying nothing but itself: its nominal weight times
    the kinetic friction (N). What a loose block feels like to a player who knows the set."""
    spec = tower_spec(name)
    return float(spec.mass_kg * 9.81 * spec.kinetic_friction)


def stack_margins(name: str, state: dict) -> dict[int, float]:
    """sim's static support margin (mm) of the tower with the block in hand put in each open slot of the
    top (of a new level when the top is complete): {slot: margin}; empty when nothing is in hand."""
    from sim.pro_hand import ProHand

    tower = _tower(name, state)
    if tower.hand is None:
        return {}
    return ProHand(tower).stack_margins(tower.hand)


def lookahead_margins(name: str, state: dict, blocks: list[tuple[int, int]]) -> list[tuple[float, float]]:
    """For each block: (the static margin in mm after taking it, the best margin after then stacking it
    on top), the one move ahead a careful player thinks."""
    from sim.pro_hand import ProHand

    if not blocks:
        return []
    tower = _tower(name, state)
    hand = ProHand(tower)
    margins, _ = tower.static_margins(list(blocks))
    out = []
    for (level, slot), margin in zip(blocks, margins):
        after = hand.stack_margins(tower.block_id(level, slot), (level, slot)).values()
        out.append((float(margin), float(max(after, default=-math.inf))))
    return out


def removable(name: str, state: dict, below_level: int | None = None) -> list[tuple[int, int]]:
    """sim's removable blocks of a tower state (below the highest complete level, or below_level)."""
    return [(int(l), int(p)) for l, p in _tower(name, state).removable(below_level)]


def block_sizes(name: str, seed: int) -> np.ndarray:
    """(N, 3) length, width and height of every block of a tower built from `seed`."""
    from sim import Tower

    tower = Tower(tower_spec(name), seed=seed)
    return np.array([tower.block_size(b) for b in range(tower_spec(name).num_blocks)], dtype=float)


def slot_pose(name: str, level: int, slot: int, centre=None) -> np.ndarray:
    """(7,) the nominal pose of a slot: its x, y (around `centre`), z 0, and the level's orientation."""
    from sim.layout import level_quat, slot_xy

    spec = tower_spec(name)
    out = np.zeros(7)
    out[:2] = slot_xy(spec, level, slot) if centre is None else slot_xy(spec, level, slot, centre)
    out[3:] = level_quat(level)
    return out


def frame_rate(name: str) -> float:
    """Frames per second of sim's recorded trajectories (one frame every steps_per_frame steps)."""
    phy = tower_spec(name).physics
    return 1.0 / (phy.steps_per_frame * phy.time_step_s)


def risk(name: str, state: dict, blocks: list[tuple[int, int]], samples: int, seed: int,
         speed: float = 0.1, workers: int = 1) -> list[dict]:
    """sim's risk map for some blocks only, pushed at `speed` m/s: each {"level", "pos", "p_collapse",
    "displacement_mm" (the mean largest block motion: how near the pushes came to a fall), ...}."""
    from sim import risk_map

    return risk_map(tower_spec(name), state, samples=samples, seed=seed, workers=workers, blocks=list(blocks),
                    speed=speed)


def risk_test(name: str, state: dict, blocks: list[tuple[int, int]], samples: int, seed: int,
              speed: float = 0.1, first_pass: int = 0):
    """sim's sequential test of the risk map of `blocks`, ranked in the order given, for a caller that runs
    the pushes on processes of its own (SequentialTest: due() hands out a push's task for risk_push,
    record() takes its outcome and returns a block's row once it is settled; with first_pass, interim()
    a row from a block's first pushes while its last ones run). The rows are those of risk() for the
    same blocks."""
    from sim.riskmap import sequential_test

    return sequential_test(tower_spec(name), state, samples=samples, seed=seed, speed=speed, blocks=list(blocks),
                           order="given", first_pass=first_pass)


def risk_push(task) -> tuple[bool, float, float, float]:
    """Run one push of a risk_test (its task from due()): (collapsed, push force, largest displacement,
    the force the block took while the tower held it)."""
    from sim.riskmap import run_push

    return run_push(task)


# ---- the live push: the finger's path (sim.live) ---------------------------------------------------
def _live():
    from sim import live

    return live


def path_error(text: str) -> str | None:
    """Why a finger path's text is not one (None when it is, in canonical form)."""
    live = _live()
    try:
        path = live.FingerPath.from_text(text)
    except live.PathError as exc:
        return str(exc)
    if path.to_text() != text:
        return "not in canonical form (t_ms/along/across, whole numbers, no spaces)"
    if len(path.samples) < 2:
        # the press alone pushes nothing, and the window never plays one: a save cut to it had been taken
        # for a push that took nothing, and the next action was refused in its place (a save audit)
        return "a push's path has at least two samples, the press and where the finger went"
    return None


def path_summary(text: str) -> tuple[float, float]:
    """(seconds, how far the finger ended along the push in mm) of a path's text, read cheaply from its
    last sample (the move list shows every push)."""
    last = text.rsplit(",", 1)[-1].split("/")
    return int(last[0]) / 1000.0, int(last[1]) * _live().QUANTUM_M * 1000.0


def path_reach_mm(text: str) -> float:
    """How far along the push the finger went at most, in mm, over a path's samples."""
    return max(int(sample.split("/")[1]) for sample in text.split(",")) * _live().QUANTUM_M * 1000.0


def half_length_mm(name: str) -> float:
    return tower_spec(name).block_m[0] * 500.0


@lru_cache(maxsize=256)
def straight_path(name: str, speed: float, steadiness: float, seed: int) -> str:
    """The text of a straight push at `speed` m/s and `steadiness` (the bots' family of finger paths),
    out past the far end of a block of the tower's nominal length, its wobble drawn from `seed`."""
    spec = tower_spec(name)
    hand = spec.hand
    return _live().straight_path(spec.block_m[0], speed, steadiness, seed, clearance_m=hand.clearance_mm / 1000.0,
                                 rate_hz=spec.physics.frame_hz, tremor_mm=hand.tremor_mm,
                                 ref_speed=hand.tremor_ref_speed_m_s, tremor_hz=tuple(hand.tremor_hz)).to_text()


def touch_path() -> str:
    """A gentle touch: the finger presses the block 2 mm in at 1 cm/s and lets go (put back)."""
    return _live().touch_path().to_text()


def live_push(name: str, state: dict, level: int, slot: int, end: str, path: str,
              record: bool = False) -> tuple[dict, list, dict, object]:
    """Play a finger path on block level:slot from `end`, exactly as the window played it live:
    (new tower state, new layout, verdict summary, trajectory or None). The summary's "taken" says
    whether the block came out (out by at least half its length when the finger let go) or went back;
    "force_n" is the largest force the finger needed during the path, "give_n" what the block took to move
    out, read as a touch is (sim.live.LivePush.give_force_n: a push that goes back is a touch),
    "tower_motion_mm" how far the other blocks moved, and "stuck_mm" how far from its line a block that
    went back was left where the careful put back could not take it further (0: it went home)."""
    live = _live()
    before = layout_from_state(state)
    session = _adopted(name, state, level, slot, end, path)
    if session is not None:  # the window's own live push of exactly this path on exactly this tower
        block = int(session.b)
        r = session.finish(follow_s=FOLLOW_S)
    else:
        tower = _tower(name, state)
        block = int(tower.block_id(level, slot))
        r = live.replay(tower_spec(name), tower, level, slot, end_sign(end), live.FingerPath.from_text(path),
                        record=record, follow_s=FOLLOW_S)
    new = r.state
    out = summarise("push" if r.taken else "touch", r.verdict, before, (level, slot), block)
    disp = np.asarray(r.verdict.displacement_mm, dtype=float).copy()
    disp[block] = np.nan
    others = disp[np.isfinite(disp)]
    out.update(taken=bool(r.taken), end=end, force_n=_clean(r.peak_force_n),
               tower_motion_mm=_clean(others.max() if len(others) else 0.0), out_mm=_clean(r.out_m * 1000.0),
               drag_frames=int(r.drag_frames), give_n=_clean(r.give_force_n), stuck_mm=_clean(r.stuck_mm))
    return new, layout_from_state(new), out, r.frames


def line_offset_mm(state: dict, level: int, block: int) -> float:
    """How far block `block` of `level` sits from its line along its own length, in mm (sim.live's
    line_offset_m: its level's largest group of blocks in line, else the median of the parallel blocks of
    its level and two levels up and down); 0.0 when nothing is left to measure it against."""
    from sim.live import line_offset_m

    off = line_offset_m(np.asarray(state["poses"], dtype=float), state["slots"], int(level), int(block))
    return 0.0 if off is None else abs(off) * 1000.0


def sticking_out(state: dict, level: int, block: int) -> tuple[float, tuple[float, float]] | None:
    """(mm, direction): how far block `block` of `level` sits from its line (line_offset_mm) and the way its
    end that sticks out points, a unit vector in the ground plane (x, y); None when nothing is left to
    measure it against."""
    from sim.live import line_offset_m
    from sim.motion import axes

    poses = np.asarray(state["poses"], dtype=float)
    off = line_offset_m(poses, state["slots"], int(level), int(block))
    if off is None:
        return None
    axis = axes(poses[int(block), 3:][None], 0)[0][:2]
    norm = float(np.linalg.norm(axis))
    # the line lies at +off along the block's axis from its centre, so the block sticks out the other way
    way = -np.sign(off) * axis / norm if norm > 1e-9 and off != 0 else np.zeros(2)
    return abs(off) * 1000.0, (float(way[0]), float(way[1]))


def live_session(name: str, state: dict, level: int, slot: int, end: str, record: bool = False):
    """The window's live push: a sim.live.LivePush on this tower (feed it the finger's samples, read its
    frames; its .path is the action's path). Closing it, or handing it over with adopt(), is the caller's."""
    live = _live()
    session = live.LivePush(tower_spec(name), state, level, slot, end_sign(end), record=record)
    session.key = (name, json.dumps(state, sort_keys=True), int(level), int(slot), end)
    return session


_ADOPTED: list = []


def adopt(session) -> None:
    """Hand a live push over to the move that plays its path: when live_push() is next asked for exactly
    this tower, block, end and path, it lets go of this session instead of replaying the path from the
    start. Letting go of the session the window stepped and replaying its path give the same result bit
    for bit (sim.live: the same calls in the same order; tests/sim/test_live.py checks it in another
    process), so this only saves the time of playing the drag twice. adopt(None) drops a session
    handed over and not used (the move was refused): its world must not outlive other operations."""
    for old in _ADOPTED:
        if old is not session:
            old.close()
    _ADOPTED[:] = [session] if session is not None else []


def _adopted(name, state, level, slot, end, path):
    if not _ADOPTED:
        return None
    session = _ADOPTED.pop()
    key = (name, json.dumps(state, sort_keys=True), int(level), int(slot), end)
    if session.finished or getattr(session, "key", None) != key or session.path.to_text() != path:
        session.close()
        return None
    return session
