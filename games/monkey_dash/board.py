"""The Monkey Dash warehouse floor: squares, directions and the board file in assets/monkey_dash/.

Squares are named like a chess board ("a1" is bottom left, columns a.. from the left, rows 1.. from the
bottom) and numbered internally as row * width + column. Everything about the layout (size, Nests,
Loading Bays, the starting crates and Supervisors, bananas per player) comes from the JSON file, which
is checked on load so that a broken file is reported by name rather than crashing the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from assets.reader import AssetError, read_json

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "monkey_dash"
BOARD_FILE = ASSETS / "board.json"

COLOURS = ("red", "blue")
"""Seat 0 plays red, seat 1 plays blue."""

# Directions as (dx, dy), dy up; RING is clockwise from north, the order a crate pivots through.
DIRECTIONS = {"N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1),
              "S": (0, -1), "SW": (-1, -1), "W": (-1, 0), "NW": (-1, 1)}
RING = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
ORTHOGONAL = ("N", "E", "S", "W")


BoardFileError = AssetError
"""A board file that is missing, not JSON, or describes an impossible warehouse (the one asset error)."""


@dataclass(frozen=True)
class Board:
    """The fixed layout. Per-colour tuples are indexed by seat (0 red, 1 blue)."""

    name: str
    width: int
    height: int
    nests: tuple[int, int]
    bays: tuple[int, int]
    supervisors: tuple[int, int]
    crates: tuple[int, ...]
    bananas_each: int

    def __post_init__(self) -> None:
        # lookup tables the rules and the bots read many times a move (not fields: equality and the
        # text form stay the layout's); built once per board
        w, h = self.width, self.height
        steps = _steps(w, h)
        tables = {
            "steps": steps,  # steps[sq][direction]: the square one step away, -1 off the board
            "rings": tuple(tuple(row[d] for d in RING) for row in steps),  # the eight neighbours, clockwise
            "rays": tuple(tuple(_ray(steps, sq, d) for d in RING) for sq in range(w * h)),
            "distances": tuple(tuple(max(abs(a % w - b % w), abs(a // w - b // w)) for b in range(w * h))
                               for a in range(w * h)),
            "names": _names(w, h),
            "index": _index(w, h),
            "_pairs": {},  # "c3 d4" (or "b2-d4") -> the two squares, filled as actions are read
        }
        for key, value in tables.items():
            object.__setattr__(self, key, value)

    @property
    def size(self) -> int:
        return self.width * self.height

    def square(self, name: str) -> int:
        """The number of a square given by name; ValueError if it is not on this board."""
        if not isinstance(name, str):
            raise ValueError(f"{name!r} is not a square name like 'c3'")
        index = self.index
        if name in index:
            return index[name]
        if len(name) < 2 or not name[0].isalpha() or not name[1:].isdigit():
            raise ValueError(f"{name!r} is not a square name like 'c3'")
        col, row = ord(name[0].lower()) - ord("a"), int(name[1:]) - 1
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise ValueError(f"{name} is off the {self.width}x{self.height} board")
        return row * self.width + col

    def pair(self, text: str, sep: str | None = None) -> tuple[int, int]:
        """The two squares of "c3 d4" (or, with sep "-", of "b2-d4"); ValueError as `square` gives it,
        or if the text does not name exactly two squares."""
        key = (text, sep)
        found = self._pairs.get(key)
        if found is None:
            a, b = (self.square(x) for x in text.split(sep))
            found = self._pairs[key] = (a, b)
        return found

    def name_of(self, sq: int) -> str:
        return self.names[sq]

    def xy(self, sq: int) -> tuple[int, int]:
        return sq % self.width, sq // self.width

    def step(self, sq: int, direction: str) -> int:
        """The square one step away, or -1 off the board."""
        return self.steps[sq][direction]

    def ring(self, sq: int) -> list[int]:
        """The eight squares around sq, clockwise from north (-1 where off the board)."""
        return list(self.rings[sq])

    def around(self, sq: int, reach: int) -> tuple[int, ...]:
        """The squares at exactly `reach` king steps from sq (reach 1: the eight neighbours)."""
        return _around(self.width, self.height, sq, reach)

    def distance(self, a: int, b: int) -> int:
        """King-move (Chebyshev) distance."""
        return self.distances[a][b]

    def half_turn(self, sq: int) -> int:
        return self.size - 1 - sq


@lru_cache(maxsize=None)
def _names(width: int, height: int) -> tuple[str, ...]:
    return tuple(f"{chr(ord('a') + sq % width)}{sq // width + 1}" for sq in range(width * height))


@lru_cache(maxsize=None)
def _index(width: int, height: int) -> dict[str, int]:
    return {n: i for i, n in enumerate(_names(width, height))}


@lru_cache(maxsize=None)
def _around(width: int, height: int, sq: int, reach: int) -> tuple[int, ...]:
    x0, y0 = sq % width, sq // width
    return tuple(y * width + x for y in range(height) for x in range(width)
                 if max(abs(x - x0), abs(y - y0)) == reach)


def _ray(steps: tuple[dict[str, int], ...], sq: int, direction: str) -> tuple[int, ...]:
    """The squares from sq (not included) to the edge of the board in one direction, nearest first."""
    out = []
    sq = steps[sq][direction]
    while sq >= 0:
        out.append(sq)
        sq = steps[sq][direction]
    return tuple(out)


@lru_cache(maxsize=None)
def _steps(width: int, height: int) -> tuple[dict[str, int], ...]:
    table = []
    for sq in range(width * height):
        x, y = sq % width, sq // width
        row = {}
        for d, (dx, dy) in DIRECTIONS.items():
            nx, ny = x + dx, y + dy
            row[d] = ny * width + nx if 0 <= nx < width and 0 <= ny < height else -1
        table.append(row)
    return tuple(table)


def parse_board(data, source: str = "board") -> Board:
    """Check a board description (the JSON object) and build the Board; BoardFileError names the fault."""
    def fail(msg: str) -> BoardFileError:
        return BoardFileError(f"{source}: {msg}")

    if not isinstance(data, dict):
        raise fail("must be a JSON object")
    width, height = data.get("width"), data.get("height")
    for key, value in (("width", width), ("height", height)):
        if not isinstance(value, int) or isinstance(value, bool) or not 3 <= value <= 26:
            raise fail(f"'{key}' must be a whole number from 3 to 26, got {value!r}")
    probe = Board("", width, height, (0, 0), (0, 0), (0, 0), (), 0)

    def sq(value, what: str) -> int:
        try:
            return probe.square(value)
        except ValueError as exc:
            raise fail(f"{what}: {exc}") from None

    def per_colour(key: str) -> tuple[int, int]:
        table = data.get(key)
        if not isinstance(table, dict) or set(table) != set(COLOURS):
            raise fail(f"'{key}' must be an object with exactly the keys 'red' and 'blue'")
        return tuple(sq(table[c], f"{key}.{c}") for c in COLOURS)  # type: ignore[return-value]

    nests, bays, sups = per_colour("nests"), per_colour("loading_bays"), per_colour("supervisors")
    crates_raw = data.get("crates")
    if not isinstance(crates_raw, list) or not crates_raw:
        raise fail("'crates' must be a non-empty list of square names")
    crates = tuple(sq(c, "crates") for c in crates_raw)
    if len(set(crates)) != len(crates):
        raise fail("'crates' names a square twice")
    bananas = data.get("bananas_each", 0)
    if not isinstance(bananas, int) or isinstance(bananas, bool) or bananas < 0:
        raise fail(f"'bananas_each' must be a whole number of 0 or more, got {bananas!r}")
    fixtures = list(nests) + list(bays)
    if len(set(fixtures)) != 4:
        raise fail("the two nests and two loading bays must be four different squares")
    for colour, s, b in zip(COLOURS, sups, bays):
        if s != b:
            raise fail(f"the {colour} supervisor must start in the {colour} loading bay")
    for c in crates:
        if c in fixtures:
            raise fail(f"a crate starts on {probe.name_of(c)}, which is a nest or a loading bay")
    name = data.get("name", source)
    return Board(str(name), width, height, nests, bays, sups, tuple(sorted(crates)), bananas)


def load_board(path: Path | str = BOARD_FILE) -> Board:
    path = Path(path)
    return parse_board(read_json(path, AssetError), str(path))
