"""What the tower view draws for a Jenga game state: blocks, their colours and symbols, the pieces,
and the ghost places where the block in hand may be stacked.

Everything is read from the state the Jenga games expose (the sim tower dict, the layout of block ids,
Marios and pegs in holes, item symbols) and, for the block sizes and slot places, from the simulator
through games.jenga.physics (render never imports sim); nothing is changed.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from render import palette

from .figures import ITEM_SYMBOLS
from .view import Figure, TowerScene

# The look of each tower: wooden blocks, Donkey Kong's red girders, Super Mario's brick blocks.
BLOCK_COLOUR = {"classic": (214, 178, 128), "dk": (196, 84, 58), "mario": (204, 120, 60)}
HOLES = {"classic": False, "dk": True, "mario": True}
RISK_SCALE = {"classic": "YlOrRd", "dk": "BuPu", "mario": "BuPu"}  # render.tower.tint: why each
TOP_FIGURE = {"dk": "dk_pauline", "mario": "bowser"}


def tower_look(name: str) -> tuple[tuple[int, int, int], str]:
    """(block colour, risk scale) of a tower by name; an unknown tower looks like the classic one."""
    key = name if name in BLOCK_COLOUR else "classic"
    return BLOCK_COLOUR[key], RISK_SCALE[key]
HIDDEN_PLACES = ("hand", "aside")  # blocks not drawn: held, or set aside by the simulator
FLOOR_Z_M = -0.01
"""A fallen block whose centre ends below this (metres; the table top is z = 0) lies on the floor under the
table, far below and out of the picture."""


@lru_cache(maxsize=16)
def _sizes(tower_name: str, seed: int) -> np.ndarray:
    from games.jenga import physics

    return physics.block_sizes(tower_name, seed)


def block_sizes(tower_name: str, tower_state: dict) -> np.ndarray:
    """(N, 3) length, width and height of every block (they depend only on the tower's seed)."""
    return _sizes(tower_name, int(tower_state["seed"]))


def block_colours(tower_name: str, n: int) -> np.ndarray:
    """Each block's colour, varied a little from block to block like real wood or print."""
    base = np.array(BLOCK_COLOUR.get(tower_name, BLOCK_COLOUR["classic"]), dtype=float)
    grain = np.modf(np.sin(np.arange(n) * 12.9898 + 1.0) * 43758.5453)[0]
    return base[None, :] * (0.9 + 0.12 * np.abs(grain))[:, None]


def hole_block(layout: list, hole) -> tuple[int, int] | None:
    """(block id, end sign along the block's own x) of a hole [level, slot, end], or None if it is gone."""
    level, slot, end = hole
    if not (0 <= level < len(layout)) or layout[level][slot] is None:
        return None
    return int(layout[level][slot]), (1 if str(end).startswith("+") else -1)


def _figure_block(state) -> int | None:
    """A block of the layer the top figure stands on when the rules fix it (Super Mario's Bowser stays on
    the top layer of the tower as built, and the blocks taken are stacked above him); None: the top."""
    level_of = getattr(state, "bowser_level", None)
    if level_of is None:
        return None
    level = level_of()
    row = state.layout[level] if 0 <= level < len(state.layout) else []
    present = [b for b in row if b is not None]
    return int(present[len(present) // 2]) if present else None


def fallen_top(state, before: list | None = None) -> int | None:
    """After the tower fell (the game over by a fall), a fallen block on the table where the top of the
    tower came down (see below; -1 when none is on the table): the figure on top (Donkey Kong with Pauline, Bowser) goes
    with it, riding it down in the fall's replay and standing by it on the table after. A play-tester saw
    Donkey Kong and Pauline upright on the stub, and Bowser in the air over it."""
    if getattr(state, "ended", None) != "fall":
        return None
    poses = np.asarray(state.tower["poses"], dtype=float)
    fallen = [i for i, w in enumerate(state.tower["where"]) if w == "floor"]
    if not fallen:
        return None
    # on the table top (its top face is z = 0); the floor is far below, out of the picture
    fallen = [i for i in fallen if poses[i, 2] > FLOOR_Z_M]
    if not fallen:
        return -1  # the whole top went over the table's edge: so did he (he is not drawn)
    foot = [b for b in (state.layout[0] if state.layout else []) if b is not None]
    base = poses[foot, :2].mean(axis=0) if foot else np.zeros(2)
    # The top comes down farthest from the foot, but the single farthest block can be flung to the table's
    # edge, out of the picture: the block nearest the middle of the outer half of the fallen blocks.
    far = np.linalg.norm(poses[fallen, :2] - base, axis=1)
    outer = [i for i, d in zip(fallen, far) if d >= np.median(far)]
    middle = poses[outer, :2].mean(axis=0)
    # `before`: the tower as it stood before the fall (JengaScreen.fall_layout); he rides a block of its top level
    # that came down on the table, so the replay shows him on the top from its first frame (on a block from the
    # middle of the tower he stood hidden inside it until it came out: Donkey Kong and Pauline, a regression audit)
    # (Super Mario's Bowser keeps his own layer, with blocks stacked above him: a block of that layer)
    layer = getattr(state, "bowser", None)
    if before and isinstance(layer, int) and 0 <= layer < len(before):
        top = before[layer]
    else:
        top = next((row for row in reversed(before or []) if any(b is not None for b in row)), [])
    riders = [int(b) for b in top if b is not None and int(b) in fallen]
    return int(min(riders or outer, key=lambda i: (float(np.linalg.norm(poses[i, :2] - middle)), i)))


def scene_of(state, poses: np.ndarray | None = None, layout: list | None = None) -> TowerScene | None:
    """The scene of a Jenga state (None before the tower is built); poses override the state's own. `layout`,
    if given, is where the pieces' holes are read (after a fall: the tower as it stood, see
    JengaScreen.fall_layout), else the state's own."""
    if state.tower is None:
        return None
    name = state.TOWER
    sizes = block_sizes(name, state.tower)
    if poses is None:
        poses = np.asarray(state.tower["poses"], dtype=float)
    hidden = np.array([w in HIDDEN_PLACES for w in state.tower["where"]], dtype=bool)
    symbols = {}
    seen = getattr(state, "visible_items", None)  # only the items players have seen (blocks taken out)
    if seen is not None:
        symbols = {b: item for b, item in seen().items() if item in ITEM_SYMBOLS}
    figures: list[Figure] = []
    if name in TOP_FIGURE:
        fell = fallen_top(state, layout)
        figures.append(Figure(TOP_FIGURE[name], block=_figure_block(state)) if fell is None
                       else Figure(TOP_FIGURE[name], block=fell, fell=True))
    marios = getattr(state, "marios", None)
    pegs = getattr(state, "pegs", None)
    characters = getattr(state, "characters", None) or []
    for seat, hole in enumerate(marios or pegs or []):
        if hole is None:
            continue
        where = hole_block(state.layout if layout is None else layout, hole)
        if where is None:
            continue
        block, end = where
        if marios is not None:
            figures.append(Figure("mario", block, end, palette.seat_colour(seat), str(seat + 1)))
        else:
            character = characters[seat] if seat < len(characters) and characters[seat] else "mario"
            figures.append(Figure("peg", block, end, palette.seat_colour(seat), str(seat + 1), character))
    loose = np.array([w == "floor" for w in state.tower["where"]], dtype=bool)
    from games.jenga import physics

    return TowerScene(poses, sizes, block_colours(name, len(poses)), hidden, symbols, HOLES.get(name, False),
                      figures, loose, physics.table(), tower_look(name)[1])


def stack_ghosts(state, sizes: np.ndarray, poses: np.ndarray) -> tuple[list[int], np.ndarray, np.ndarray]:
    """(slots, poses (G, 7), sizes (G, 3)) of the places on top where the block in hand may go."""
    from games.jenga import physics
    from games.jenga.layout import stack_level, stack_slots

    layout = state.layout
    slots = [s for s in stack_slots(layout)]
    if not slots:
        return [], np.zeros((0, 7)), np.zeros((0, 3))
    name = state.TOWER
    level = stack_level(layout)
    below = [b for b in (layout[level - 1] if level >= 1 else []) if b is not None]
    if below:
        nominal = np.array([physics.slot_pose(name, level - 1, s)[:2] for s, b in enumerate(layout[level - 1])
                            if b is not None])
        centre = (poses[below, :2] - nominal).mean(axis=0)
        floor_z = float(np.max(poses[below, 2] + sizes[below, 2] / 2))
    else:
        centre, floor_z = np.zeros(2), 0.0
    size = sizes[state.hand] if state.hand is not None else np.median(sizes, axis=0)
    out = np.zeros((len(slots), 7))
    for i, s in enumerate(slots):
        out[i] = physics.slot_pose(name, level, s, centre)
        out[i, 2] = floor_z + size[2] / 2
    return slots, out, np.tile(size, (len(slots), 1))
