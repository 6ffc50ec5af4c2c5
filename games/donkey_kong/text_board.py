"""The text board: an ASCII picture of the girders drawn from the board file's coordinates.

Each space is a three-character cell at its drawing position: the pieces on it (pawns by seat
number 1-4, B a barrel, F a fireball) padded with the space's look (= girder, + red dot, H ladder);
the Finish reads 500, or its pawns and stars ('1**').
Below the picture: dice, dispenser, Oil Can, deck, each player's cards and score, recent events and
what the game waits for.
"""

from __future__ import annotations

from .board import BOARD
from .cards import CARD_NAMES, DIE_COLOURS

WIDTH = 86
HEIGHT = 30
_SCALE_X = (WIDTH - 6) / 1000
_SCALE_Y = HEIGHT / 1000


def _rows() -> list[int]:
    """A text row per space: each girder on one row (its mean height), ladder rungs spread between."""
    rows = [round(BOARD.xy[s][1] * _SCALE_Y) for s in range(BOARD.size)]
    for g in BOARD.data["girders"]:
        ids = [BOARD.index[i] for i in g["spaces"]]
        row = round(sum(BOARD.xy[i][1] for i in ids) / len(ids) * _SCALE_Y)
        for i in ids:
            rows[i] = row
    rows[BOARD.oil_can] = rows[BOARD.route[1]]
    for lad in BOARD.data["ladders"]:
        lo, hi = rows[BOARD.index[lad["bottom"]]], rows[BOARD.index[lad["top"]]]
        rungs = lad["spaces"]
        for k, i in enumerate(rungs, start=1):
            rows[BOARD.index[i]] = round(lo + (hi - lo) * k / (len(rungs) + 1))
    return rows


_ROW = _rows()


def _cell(s: int) -> tuple[int, int]:
    return _ROW[s], 2 + round(BOARD.xy[s][0] * _SCALE_X)


def _background() -> tuple[list[list[str]], dict[int, str]]:
    grid = [[" "] * WIDTH for _ in range(HEIGHT + 2)]

    def put(row, col, text):
        for i, ch in enumerate(text):
            if 0 <= row < len(grid) and 0 <= col + i < WIDTH:
                grid[row][col + i] = ch

    looks = {}
    for s in range(BOARD.size):
        kind = BOARD.kind[s]
        if kind == "ladder":
            looks[s] = " H "
        elif s == BOARD.finish:
            looks[s] = "500"
        elif BOARD.red_dot[s]:
            looks[s] = "=+="
        else:
            looks[s] = "==="
    for g in BOARD.data["girders"]:
        row_ids = [BOARD.index[i] for i in g["spaces"]]
        for a, b in zip(row_ids, row_ids[1:]):
            (ra, ca), (_, cb) = _cell(a), _cell(b)
            put(ra, ca + 2, "-" * max(0, cb - ca - 3))
    for e in BOARD.data["edges"]:
        a, b = BOARD.index[e["from"]], BOARD.index[e["to"]]
        (ra, ca), (rb, _) = _cell(a), _cell(b)
        for r in range(ra + 1, rb):
            put(r, ca + 1 if b != BOARD.oil_can else ca, ":")
    fig = BOARD.data.get("figures", {})
    for name, label in (("donkey_kong", "DK"), ("maiden", "MAIDEN")):
        if name in fig:
            r, c = round(fig[name]["y"] * _SCALE_Y), 2 + round(fig[name]["x"] * _SCALE_X)
            r = min(r, _ROW[BOARD.dk] - 1) if name == "donkey_kong" else r
            put(r, c - len(label) // 2, label)
    return grid, looks


_GRID, _LOOKS = _background()


def render(state) -> str:
    grid = [row[:] for row in _GRID]
    pieces: dict[int, str] = {}
    for seat, s in enumerate(state.pawns):
        pieces[s] = pieces.get(s, "") + str(seat + 1)
    for s in state.barrels:
        if s >= 0:
            pieces[s] = pieces.get(s, "") + "B"
    for s in state.fireballs:
        if s >= 0:
            pieces[s] = pieces.get(s, "") + "F"
    for s in range(BOARD.size):
        r, c = _cell(s)
        if s == BOARD.oil_can:
            on = pieces.get(s, "")
            text = f"OIL{on}" if on else "OIL"
            c -= 1
        elif s == BOARD.finish:
            on = pieces.get(s, "")
            text = (on + "**")[:3] if on else "500"    # pawns home: '1**', not '100' (read as points)
        else:
            on = pieces.get(s, "")
            text = on[:2] + "+" if len(on) > 3 else on + _LOOKS[s][len(on):]
        for i, ch in enumerate(text):
            if 0 <= c - 1 + i < WIDTH:
                grid[r][c - 1 + i] = ch
    lines = ["".join(row).rstrip() for row in grid]
    while lines and not lines[-1]:
        lines.pop()
    colours = DIE_COLOURS[state.config.variant]
    dice = state.dice_shown()
    dice_text = (f"{colours['mario']} die (Mario) {dice[0]}, {colours['obstacles']} die (obstacles) {dice[1]}"
                 if dice else "no dice rolled yet")
    lines.append(f"Variant {state.config.variant}. Turn {state.turns + 1}: "
                 f"{state.seat_name(state.turn)}. Dice: {dice_text}.")
    # a fireball let out onto the Oil Can's own space counted apart, as the window counts it ("Oil Can 3
    # fireballs" stood beside a fourth on the can's space: a regression audit)
    on_can = state.on_oil_can_count()
    oil = f"Oil Can {state.oil_can_count()} fireballs" + (f" waiting and {on_can} on its space" if on_can else "")
    lines.append(f"Dispenser {state.dispenser_count()} barrels, {oil}, "
                 f"deck {state.deck_count()} cards.   Key: 1-4 pawns, B barrel, F fireball, + red dot, H ladder")
    scores = state.scores()
    for seat in range(len(state.pawns)):
        up = " ".join(CARD_NAMES[k] for k in sorted(state.hands[seat])) or "-"
        mark = ">" if seat == state.turn else " "
        lines.append(f"{mark}{seat + 1} {state.seat_name(seat)[:16]:16s} on {BOARD.names[state.pawns[seat]]:6s} "
                     f"face up: {up:32s} played {len(state.played[seat]):2d}  score {scores[seat]}")
    for ev in state.events[-3:]:
        lines.append(f"  . {ev}")
    lines.append("Now: " + state.pending_decision()["text"])
    return "\n".join(lines)
