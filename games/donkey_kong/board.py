"""The Donkey Kong gameboard: loading and checking the board file, and the graph the rules read.

The board file (assets/donkey_kong/board.json, format in docs/donkey_kong.md) lists spaces with
drawing coordinates and marks, girders (rows of spaces, left to right), ladders (black spaces from a
bottom girder space to a top one) and edges (the broken white lines a barrel falls along). Loading
checks everything and raises BoardError naming what is broken. The result, Board, is precomputed
once into flat lists indexed by space number so the rules engine does no lookups by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from assets.reader import AssetError, Fields, read_json

BOARD_PATH = Path(__file__).resolve().parents[2] / "assets" / "donkey_kong" / "board.json"
FORMAT = "kong-tabletop-dk-board"
VERSION = 1  # the board file's "version" this build reads (left out, it is read as 1)

# Pawn step directions (the rulebook forbids both senses of one axis in a single move).
LEFT, RIGHT, UP, DOWN = "L", "R", "U", "D"
SINGLE_MARKS = ("start", "finish", "oil_can", "dk", "drop")
MARKS = SINGLE_MARKS + ("black_dot", "red_dot")
BARREL_SPACES = 6


BoardError = AssetError
"""A board file that cannot be played (the project's one asset error); the message names the file and
what is broken."""


@dataclass
class Board:
    """The board graph as flat lists indexed by space number (0..n-1), plus the drawing data."""

    data: dict  # the file as loaded (for renderers: coordinates, figures)
    names: list[str]  # space number -> id in the file
    index: dict[str, int]  # id -> space number
    kind: list[str]  # 'girder', 'ladder' or 'oil_can'
    xy: list[tuple[float, float]]
    level: list[int]  # girder level (ladder spaces: the bottom girder's level); the oil can is 0
    red_dot: list[bool]
    start_barrels: list[int]  # the six black-dot spaces
    start: int
    finish: int
    oil_can: int
    dk: int
    drop: int
    pawn_steps: list[tuple[tuple[int, str], ...]]  # space -> ((neighbour, direction), ...)
    route: list[int]  # the obstacle gamepath from the Oil Can (0) up to the space in front of DK
    route_pos: list[int]  # space -> position on route, or -1
    barrel_slide: list[tuple[int, ...] | None]  # ladder-top space -> spaces passed sliding down, bottom last
    fireball_slide: list[tuple[int, ...] | None]  # ladder-bottom space -> spaces passed sliding up, top last
    ladder_of: list[int]  # ladder space -> ladder number, or -1
    ladder_spaces: list[tuple[int, ...]]  # ladder number -> its black spaces, bottom first
    distance_to_finish: list[int]  # fewest pawn steps to the Finish

    @property
    def size(self) -> int:
        return len(self.names)


def load_board(path: str | Path = BOARD_PATH) -> Board:
    path = Path(path)
    data = read_json(path, AssetError)
    try:
        return build_board(data)
    except AssetError as exc:
        raise AssetError(f"{path}: {exc}") from None


def build_board(data: Mapping) -> Board:
    """Check a board given as parsed JSON and precompute its graph."""
    f = Fields("")  # the field checks; load_board puts the file's name in front of each message
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise BoardError(f"format: not a Donkey Kong board (expected \"format\": \"{FORMAT}\")")
    version = data.get("version", VERSION)
    if version != VERSION or isinstance(version, bool):
        # a board written for another build was read as this one's (a robustness audit)
        raise BoardError(f"version: this build reads board version {VERSION}, not {version!r}"
                         + (" (a later Kong Tabletop wrote it)" if isinstance(version, int) and version > VERSION else ""))
    for key in ("spaces", "girders", "ladders", "edges"):
        f.seq(data.get(key), key, min_len=1 if key != "edges" else 0)
    coords = f.obj(data.get("coordinates", {"width": 1000, "height": 1000}), "coordinates")
    width = f.number(coords.get("width", 1000), "coordinates.width", 1, 100_000)
    height = f.number(coords.get("height", 1000), "coordinates.height", 1, 100_000)
    for name, fig in f.obj(data.get("figures", {}), "figures").items():
        fig = f.obj(fig, f"figures.{name}")
        f.number(fig.get("x"), f"figures.{name}.x", 0, width)
        f.number(fig.get("y"), f"figures.{name}.y", 0, height)
    names, kind, xy, marks = [], [], [], []
    index: dict[str, int] = {}
    for i, s in enumerate(data["spaces"]):
        w = f"spaces[{i}]"
        s = f.obj(s, w)
        sid = f.text(s.get("id"), f"{w}.id")
        if sid in index:
            raise BoardError(f"{w}.id: space {sid!r} is listed twice")
        f.text(s.get("kind"), f"{w}.kind", ("girder", "ladder", "oil_can"))
        x = f.number(s.get("x"), f"{w}.x", 0, width)
        y = f.number(s.get("y"), f"{w}.y", 0, height)
        own = f.seq(s.get("marks", []), f"{w}.marks")
        for j, m in enumerate(own):
            f.text(m, f"{w}.marks[{j}]", MARKS)
        index[sid] = len(names)
        names.append(sid)
        kind.append(s["kind"])
        xy.append((x, y))
        marks.append(set(own))
    n = len(names)

    def ref(sid, where):
        if not isinstance(sid, str) or sid not in index:
            raise BoardError(f"{where} names space {sid!r}, which does not exist (a dangling link)")
        return index[sid]

    specials = {}
    for m in SINGLE_MARKS:
        holders = [i for i in range(n) if m in marks[i]]
        if len(holders) != 1:
            raise BoardError(f"the board needs exactly one space marked {m!r}, found {len(holders)}"
                             + (f" ({', '.join(names[h] for h in holders)})" if holders else " (missing)"))
        specials[m] = holders[0]
    if kind[specials["oil_can"]] != "oil_can":
        raise BoardError("the space marked 'oil_can' must have kind 'oil_can'")
    black = [i for i in range(n) if "black_dot" in marks[i]]
    if len(black) != BARREL_SPACES:
        raise BoardError(f"the board needs {BARREL_SPACES} black-dot barrel spaces, found {len(black)}")
    if not any("red_dot" in m for m in marks):
        raise BoardError("the board has no red-dot card space")

    # Girders: pawns walk left/right along them; barrels roll one way along those on the gamepath.
    level = [0] * n
    on_girder = [None] * n
    steps: list[list[tuple[int, str]]] = [[] for _ in range(n)]
    roll_next: dict[int, int] = {}
    for k, g in enumerate(data["girders"]):
        g = f.obj(g, f"girders[{k}]")
        gid = f.text(g.get("id"), f"girders[{k}].id")
        ids = f.seq(g.get("spaces"), f"girders[{k}].spaces", min_len=1)
        lv = f.integer(g.get("level"), f"girders[{k}].level", 1, 100)
        row = [ref(s, f"girder {gid}") for s in ids]
        for i in row:
            if kind[i] != "girder":
                raise BoardError(f"girder {gid} lists {names[i]!r}, which is not a girder space")
            if on_girder[i] is not None:
                raise BoardError(f"space {names[i]!r} is on two girders ({on_girder[i]} and {gid})")
            on_girder[i] = gid
            level[i] = lv
        for a, b in zip(row, row[1:]):
            steps[a].append((b, RIGHT))
            steps[b].append((a, LEFT))
        roll = g.get("barrels_roll")
        if roll not in ("left", "right", None):
            raise BoardError(f"girder {gid}: barrels_roll must be 'left', 'right' or null")
        if roll is not None:
            seq = row if roll == "right" else row[::-1]
            for a, b in zip(seq, seq[1:]):
                roll_next[a] = b
    for i in range(n):
        if kind[i] == "girder" and on_girder[i] is None:
            raise BoardError(f"girder space {names[i]!r} is on no girder")

    # Broken white lines: the barrel route leaves a girder end along them.
    for k, e in enumerate(data["edges"]):
        e = f.obj(e, f"edges[{k}]")
        a = ref(e.get("from"), f"edges[{k}].from")
        b = ref(e.get("to"), f"edges[{k}].to")
        if a in roll_next:
            raise BoardError(f"edge from {names[a]!r}: a barrel there already rolls on along its girder; "
                             "edges start at the low end of a girder")
        roll_next[a] = b

    # The gamepath: from the space in front of DK, along the barrel route, down to the Oil Can.
    route_down = [specials["dk"]]
    seen = {specials["dk"]}
    while route_down[-1] != specials["oil_can"]:
        nxt = roll_next.get(route_down[-1])
        if nxt is None:
            raise BoardError(f"the barrel route from DK stops at {names[route_down[-1]]!r} before the Oil Can "
                             "(a girder end needs an edge)")
        if nxt in seen:
            raise BoardError(f"the barrel route loops back to {names[nxt]!r}")
        seen.add(nxt)
        route_down.append(nxt)
    if len(route_down) < 3 or route_down[1] != specials["drop"]:
        raise BoardError("the barrel drop space must be the next space after DK's space on the barrel route")
    route = route_down[::-1]
    route_pos = [-1] * n
    for p, s in enumerate(route):
        route_pos[s] = p
    for m in ("start", "finish"):
        if kind[specials[m]] != "girder":
            raise BoardError(f"the {m} space must be a girder space")
    if specials["start"] == specials["finish"]:
        raise BoardError("the start and the finish must be different spaces")
    for b in black:
        if route_pos[b] < 0 or b in (specials["oil_can"], specials["dk"]):
            raise BoardError(f"black-dot space {names[b]!r} must be on the barrel route (not DK's space or the Oil Can)")

    # Ladders: pawns climb them; obstacles slide along those joining two gamepath spaces.
    barrel_slide: list = [None] * n
    fireball_slide: list = [None] * n
    ladder_of = [-1] * n
    ladder_spaces = []
    for k, lad in enumerate(data["ladders"]):
        lad = f.obj(lad, f"ladders[{k}]")
        lid = f.text(lad.get("id"), f"ladders[{k}].id")
        bottom = ref(lad.get("bottom"), f"ladder {lid} (bottom)")
        top = ref(lad.get("top"), f"ladder {lid} (top)")
        rungs = [ref(s, f"ladder {lid}") for s in f.seq(lad.get("spaces"), f"ladders[{k}].spaces", min_len=1)]
        if kind[bottom] != "girder" or kind[top] != "girder":
            raise BoardError(f"ladder {lid} joins nothing: its bottom and top must be girder spaces")
        if level[top] <= level[bottom]:
            raise BoardError(f"ladder {lid} joins nothing: its top ({names[top]}) must be on a higher girder "
                             f"than its bottom ({names[bottom]})")
        for r in rungs:
            if kind[r] != "ladder" or ladder_of[r] != -1:
                raise BoardError(f"ladder {lid}: {names[r]!r} is not a free ladder space")
            ladder_of[r] = k
            level[r] = level[bottom]
        chain = [bottom] + rungs + [top]
        for a, b in zip(chain, chain[1:]):
            steps[a].append((b, UP))
            steps[b].append((a, DOWN))
        ladder_spaces.append(tuple(rungs))
        if route_pos[top] >= 0 and route_pos[bottom] >= 0:
            if barrel_slide[top] is not None or fireball_slide[bottom] is not None:
                raise BoardError(f"ladder {lid}: a space may top (or foot) only one ladder")
            barrel_slide[top] = tuple(rungs[::-1]) + (bottom,)
            fireball_slide[bottom] = tuple(rungs) + (top,)
    for i in range(n):
        if kind[i] == "ladder" and ladder_of[i] < 0:
            raise BoardError(f"ladder space {names[i]!r} belongs to no ladder")

    # Every pawn space must reach the Finish.
    dist = [-1] * n
    dist[specials["finish"]] = 0
    frontier = [specials["finish"]]
    while frontier:
        nxt = []
        for s in frontier:
            for t, _ in steps[s]:
                if dist[t] < 0:
                    dist[t] = dist[s] + 1
                    nxt.append(t)
        frontier = nxt
    for i in range(n):
        if kind[i] != "oil_can" and dist[i] < 0:
            raise BoardError(f"space {names[i]!r} cannot reach the Finish by girders and ladders")

    return Board(
        data=dict(data), names=names, index=index, kind=kind, xy=xy, level=level,
        red_dot=["red_dot" in m for m in marks], start_barrels=black,
        start=specials["start"], finish=specials["finish"], oil_can=specials["oil_can"],
        dk=specials["dk"], drop=specials["drop"],
        pawn_steps=[tuple(s) for s in steps], route=route, route_pos=route_pos,
        barrel_slide=barrel_slide, fireball_slide=fireball_slide, ladder_of=ladder_of,
        ladder_spaces=ladder_spaces, distance_to_finish=dist,
    )


BOARD = load_board()
