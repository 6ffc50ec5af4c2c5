"""The Donkey Kong board screen: the board drawn from assets/donkey_kong/board.json, pawns, barrels,
fireballs, the two dice, and each player's face-up and played cards and score.

Everything drawn comes from the board data (games.donkey_kong.board.BOARD) and from the state's
public fields (docs/donkey_kong.md). Actions are chosen from the generic list or by clicking a
highlighted space or card; the screen never decides anything the rules decide.
"""

from __future__ import annotations

import math
import re

import pygame

from games.core import CHANCE, TERMINAL, GameError
from games.words import joined
from games.outcome import result_reason
from games.donkey_kong.obstacles import FIREBALLS
from games.donkey_kong.help import dice_words

from .. import art, pointer
from .. import palette as P
from .. import text
from ..help import DecisionsScroll
from ..widgets import WrappingRows, draw_seat_mark, panel
from .base import GameScreen

LOOKAHEAD_NODES = 160
"""Branches (card choices, chance outcomes) a move's look-ahead for obstacles that move onto Mario after the walk
looks at before it follows the first way only (DonkeyKongScreen.met_after_walk)."""


def turn_ways(state, action: str, mover: int, budget: int = LOOKAHEAD_NODES) -> tuple[list[list[tuple]], bool]:
    """Every way the rest of the mover's turn can go after `action` (each card a player may play on a contact,
    each chance outcome), played on copies: for each way, the mover's contacts in order ((seat, obstacle code,
    space), the walk's first); and whether every way was looked at (past `budget` branches the first way of
    each choice is followed)."""
    leaves: list[list[tuple]] = []
    left = [budget]
    whole = [True]

    def explore(st, seen: list) -> None:
        while True:
            if st.contacts:
                head = tuple(st.contacts[0])
                if head[0] == mover and head not in seen:
                    seen = seen + [head]
            if (st.turn_owner() != mover or st.current_player() == TERMINAL
                    or (not st.contacts and st.stage == "roll")):
                leaves.append(seen)
                return
            options = ([a for a, _ in st.chance_outcomes()] if st.current_player() == CHANCE
                       else st.legal_actions())
            if not options:
                leaves.append(seen)
                return
            if len(options) == 1 or left[0] < len(options):
                whole[0] = whole[0] and len(options) == 1
                st.apply_action(options[0])
                continue
            left[0] -= len(options)
            for option in options:
                child = st.clone()
                child.apply_action(option)
                explore(child, seen)
            return

    after = state.clone()
    after.apply_action(action)
    explore(after, [])
    return leaves, whole[0]

BOARD_UNITS = 1000.0  # the board file's coordinate square
BOARD_BG = (14, 16, 30)
GIRDER = (168, 76, 120)
GIRDER_DARK = (96, 36, 66)
SPACE_BLUE = P.BLUE
LADDER_RAIL = P.SKY_BLUE
SLIDE = 0.45  # seconds an obstacle takes to move to its new space
ROLL_TIME = 0.6  # seconds the dice tumble
ROLL_OFF_SHOW = 0.9  # seconds a roll for who plays first stays on the die once it has tumbled
# Half a pawn's height (body and feet) in board units, by the kind of space it stands on. A pawn stands
# within its own space: a girder's blue space is 40 units tall; a ladder's black space is 30, and the spaces
# above and below it are as little as 6 units away, so a pawn on a rung may reach 2 units past its space but
# no further (a taller pawn stood on the next rung or girder: nobody could tell where it was).
PAWN_HALF = {"girder": 19.4, "ladder": 17.0}
# How far apart the first and last of the pieces sharing a space may stand, in board units: their middles
# stay on the space (a girder space is 70 wide), and the pieces clear of the next spaces, 23 units further.
SHARED_SPAN = 66.0
OBSTACLE_WIDTH = {"barrel": 40.0, "fireball": 32.0}
CONFIRMATIONS = ("Undone", "Redone")  # how status messages begin that are stale once the game moves on
# A played card lost to chance (back to the deck, or taken by the turn's player) is hundreds of points: its
# line stays in the status bar this long, and the bots and dice wait this long before the game goes on.
LOSS_SAY = 7.0
LOSS_HOLD = 1.5


SPACE_ID = re.compile(r"\b(?:G\d+\.\d+|L\d+\.\d+|P\.\d+|FINISH)\b")


def space_words(board, name: str, short: bool = False) -> str:
    """A space as a player finds it on the drawn board: the girder number (drawn at its right end) and the
    column (numbered along the board's foot), a ladder by the columns and girders it joins, the Finish.
    The board file's ids (G2.5, L11.2) are never shown, since the board does not print them. `short` names
    a ladder in fewer words ("ladder at column 4 (girders 1–2), upper rung"), for the rows of Choices and
    the move log, which are narrow."""
    i = board.index.get(name)
    if i is None:
        return name
    if i == board.finish:
        return "the Finish"
    columns = sorted({round(board.xy[j][0]) for j in range(board.size)
                      if board.kind[j] == "girder" and board.names[j].startswith("G")})

    def column(j: int) -> int:
        x = board.xy[j][0]
        return 1 + min(range(len(columns)), key=lambda c: abs(columns[c] - x))

    if name.startswith("G"):
        return f"girder {name[1:].split('.')[0]}, column {column(i)}"
    if name.startswith("L"):
        lid, _, rung = name.partition(".")
        lad = next((la for la in board.data["ladders"] if la["id"] == lid), None)
        if lad is not None:
            low, high = lad["bottom"].split(".")[0][1:], lad["top"].split(".")[0][1:]
            above = f"girder {high}" if lad["top"].startswith("G") else "the Finish platform"
            rungs = len(lad["spaces"])
            where = "lower" if rung == "1" else "upper" if rung == str(rungs) else f"rung {rung}"
            at = column(board.index[lad["bottom"]])
            if short:
                joins = f"girders {low}–{high}" if lad["top"].startswith("G") else f"girder {low} to the Finish"
                return f"ladder at column {at} ({joins}), {where} rung"
            return f"ladder at column {at}, girder {low} to {above}, {where} rung"
    return "beside the Finish" if name.startswith("P") else name


def visible_names(board, words: str) -> str:
    """The engine's sentences as a player reads them: every space id replaced by space_words()."""
    return SPACE_ID.sub(lambda m: space_words(board, m.group(0)), words)


def _contact_kind(code: int) -> str:
    """What met a pawn, from the contact's obstacle code (the engine's: fireballs first, then barrels)."""
    return "fireball" if code < FIREBALLS else "barrel"


def ordinal(n: int) -> str:
    """2 -> '2nd', 3 -> '3rd', 11 -> '11th'."""
    last = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th") if n % 100 not in (11, 12, 13) else "th"
    return f"{n}{last}"


COUNT_PX = 12
"""The least font size of the board's counts (barrels waiting, in Donkey Kong's arm, cards in the deck):
they have room around them, and at 1280x800 a fifth of a space was 9 px, below easy reading."""


def label_size(space: float, share: float, least: int = 0) -> int:
    """The font size of a label on the board: a share of a space's width, times the launcher's text size
    (the board's words grow with the panels'), never under 8 px nor under `least` times the text size."""
    return max(8, int(least * text.SCALE), int(space * share * text.SCALE))


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    """The area two rects share (0 if apart)."""
    c = a.clip(b)
    return c.w * c.h


def new_events(before: list[str], after: list[str]) -> list[str]:
    """The engine's sentences a step added: its events are a window of the last few, so the start of `after` that
    was already the end of `before` is dropped."""
    for k in range(min(len(before), len(after)), 0, -1):
        if before[-k:] == after[:k]:
            return after[k:]
    return list(after)


class BoardArt:
    """The static board (girders, ladders, dots, figures) drawn once per size into a surface."""

    def __init__(self, board):
        self.board = board
        self.side = 0
        self.text_scale = text.SCALE  # the labels follow the launcher's text size
        self.surface: pygame.Surface | None = None
        self.labels: dict[str, pygame.Rect] = {}
        """Where render put each word on the board ("girder N", "column N", "START", "FINISH"), in its surface."""

    def scale(self) -> float:
        return self.side / BOARD_UNITS

    def at(self, space: int) -> tuple[float, float]:
        x, y = self.board.xy[space]
        k = self.scale()
        return x * k, y * k

    def figure(self, name: str, default=(500, 500)) -> tuple[float, float]:
        f = self.board.data.get("figures", {}).get(name, {})
        k = self.scale()
        return f.get("x", default[0]) * k, f.get("y", default[1]) * k

    def render(self, side: int) -> pygame.Surface:
        if self.surface is not None and (side, text.SCALE) == (self.side, self.text_scale):
            return self.surface
        self.side, self.text_scale = side, text.SCALE
        surf = pygame.Surface((side, side))
        surf.fill(BOARD_BG)
        b = self.board
        k = self.scale()
        sp = 70 * k  # a space's width
        # Girders: a braced band under each row of spaces, reaching half a space past each end.
        for g in b.data["girders"]:
            ids = [b.index[s] for s in g["spaces"]]
            pts = [self.at(i) for i in ids]
            if len(pts) == 1:
                (x, y), = pts
                pts = [(x - sp * 0.7, y), (x + sp * 0.7, y)]
            else:
                (x0, y0), (x1, y1) = pts[0], pts[1]
                (xa, ya), (xb, yb) = pts[-2], pts[-1]
                pts = [(x0 - (x1 - x0) * 0.5, y0 - (y1 - y0) * 0.5)] + pts + [(xb + (xb - xa) * 0.5, yb + (yb - ya) * 0.5)]
            top = [(x, y + sp * 0.22) for x, y in pts]
            bottom = [(x, y + sp * 0.48) for x, y in pts]
            band = top + bottom[::-1]
            pygame.draw.polygon(surf, GIRDER, band)
            for (xa, ya), (xb, yb) in zip(top, top[1:]):  # cross braces, the arcade girder's look
                n = max(1, int(math.hypot(xb - xa, yb - ya) / (sp * 0.45)))
                for j in range(n):
                    t0, t1 = j / n, (j + 1) / n
                    p0 = (xa + (xb - xa) * t0, ya + (yb - ya) * t0)
                    p1 = (xa + (xb - xa) * t1, ya + (yb - ya) * t1 + sp * 0.26)
                    pygame.draw.line(surf, GIRDER_DARK, p0, p1, max(1, int(sp * 0.05)))
            pygame.draw.lines(surf, GIRDER_DARK, False, top, max(1, int(sp * 0.04)))
            pygame.draw.lines(surf, GIRDER_DARK, False, bottom, max(1, int(sp * 0.04)))
        # Broken white lines: where obstacles fall off (or climb onto) a girder end.
        for e in b.data["edges"]:
            (xa, ya), (xb, yb) = self.at(b.index[e["from"]]), self.at(b.index[e["to"]])
            off = sp * 0.55 * (1 if xa >= side / 2 else -1)
            art.dashed_line(surf, P.WHITE, (xa + off, ya), (xb + off, yb), max(1, int(sp * 0.04)), max(4, int(sp * 0.12)))
        # Ladders: two rails from the bottom girder space to the top one, black spaces between.
        for lad in b.data["ladders"]:
            (xb, yb), (xt, yt) = self.at(b.index[lad["bottom"]]), self.at(b.index[lad["top"]])
            for dx in (-sp * 0.22, sp * 0.22):
                pygame.draw.line(surf, LADDER_RAIL, (xb + dx, yb), (xt + dx, yt), max(2, int(sp * 0.06)))
        # Spaces: blue girder spaces, black ladder spaces; red and black dots on them.
        for i in range(b.size):
            if b.kind[i] == "oil_can":
                continue
            rect = self.space_rect(i)
            if b.kind[i] == "ladder":
                pygame.draw.rect(surf, P.BLACK, rect, border_radius=max(2, rect.w // 6))
                pygame.draw.rect(surf, LADDER_RAIL, rect, width=max(1, rect.w // 14), border_radius=max(2, rect.w // 6))
                for fy in (0.3, 0.7):
                    y = rect.y + int(rect.h * fy)
                    pygame.draw.line(surf, LADDER_RAIL, (rect.x + 3, y), (rect.right - 4, y), max(1, rect.w // 16))
            else:
                pygame.draw.rect(surf, SPACE_BLUE, rect, border_radius=max(2, rect.w // 6))
                pygame.draw.rect(surf, P.SKY_BLUE, rect, width=max(1, rect.w // 18), border_radius=max(2, rect.w // 6))
            if b.red_dot[i] or i in b.start_barrels:
                cx, cy = rect.center
                r = max(3, int(sp * 0.13))
                fill = P.VERMILLION if b.red_dot[i] else P.BLACK
                pygame.draw.circle(surf, P.WHITE, (cx, cy), r + max(1, r // 3))
                pygame.draw.circle(surf, fill, (cx, cy), r)
        # The labels the choices use to name a space: girder numbers at the right end, columns along the foot.
        size = label_size(sp, 0.24)
        self.labels = {}
        for n, ((gx, gy), _) in self.girder_ends().items():
            self.labels[f"girder {n}"] = text.draw(surf, str(n), (gx, gy), size, P.WHITE, bold=True, anchor="center")
        for col, cx in enumerate(self.columns(), start=1):
            self.labels[f"column {col}"] = text.draw(surf, str(col), (cx * k, side - sp * 0.02), size, P.TEXT_DIM,
                                                     bold=True, anchor="midbottom")
        # Landmarks.
        x, y = self.at(b.start)
        # On the girder under the start space: below it, it covered that column's number.
        words = text.render("START", label_size(sp, 0.2), P.WHITE, bold=True)
        spot = words.get_rect(center=(int(x), int(y + sp * 0.35)))
        pygame.draw.rect(surf, GIRDER_DARK, spot.inflate(6, 0), border_radius=3)
        surf.blit(words, spot)
        self.labels["START"] = spot
        fx, fy = self.at(b.finish)
        badge = pygame.Rect(0, 0, int(sp * 0.9), int(sp * 0.42))
        badge.midbottom = (int(fx), int(fy - sp * 0.3))
        pygame.draw.rect(surf, P.YELLOW, badge, border_radius=4)
        pygame.draw.rect(surf, P.BLACK, badge, width=1, border_radius=4)
        text.draw(surf, "500", badge.center, max(8, int(sp * 0.3)), P.BLACK, bold=True, anchor="center")
        self.labels["FINISH"] = text.draw(surf, "FINISH", (fx, fy + sp * 0.5), label_size(sp, 0.22), P.WHITE,
                                          bold=True, anchor="midtop")
        art.maiden(surf, self.figure("maiden"), sp * 1.1)
        dx, dy = self.figure("donkey_kong")
        art.ape(surf, (dx, dy - sp * 0.25), sp * 1.6)
        self.surface = surf
        return surf

    def columns(self) -> list[float]:
        """The x positions (board units) of the girder spaces' columns, left to right."""
        return sorted({round(self.board.xy[i][0]) for i in range(self.board.size) if self.board.kind[i] == "girder"
                       and self.board.names[i].startswith("G")})

    def girder_ends(self) -> dict[int, tuple[tuple[float, float], str]]:
        """Girder number -> (where its label is drawn, in pixels: past the girder's right end; its id)."""
        k = self.scale()
        ends = {}
        for g in self.board.data["girders"]:
            if not g["id"].startswith("G"):
                continue
            last = max((self.board.index[s] for s in g["spaces"]), key=lambda i: self.board.xy[i][0])
            x, y = self.board.xy[last]
            ends[int(g["id"][1:])] = ((min(x + 58, BOARD_UNITS - 12) * k, (y + 20) * k), g["id"])
        return ends

    def space_rect(self, i: int) -> pygame.Rect:
        k = self.scale()
        x, y = self.at(i)
        if self.board.kind[i] == "ladder":
            w, h = 52 * k, 30 * k
        else:
            w, h = 70 * k, 40 * k
        rect = pygame.Rect(0, 0, max(4, int(w)), max(4, int(h)))
        rect.center = (int(x), int(y))
        return rect

    def beside_oil_can(self) -> int:
        """The girder space nearest the Oil Can (girder 1's first): the drum is drawn clear of it."""
        b, (ox, oy) = self.board, self.board.xy[self.board.oil_can]
        return min((i for i in range(b.size) if b.kind[i] == "girder"),
                   key=lambda i: math.hypot(b.xy[i][0] - ox, b.xy[i][1] - oy))

    def space_at(self, pos) -> int | None:
        """The space under a point in board coordinates (pixels from the board's corner)."""
        best, best_d = None, None
        for i in range(self.board.size):
            r = self.space_rect(i).inflate(6, 6)
            if r.collidepoint(pos):
                d = math.hypot(r.centerx - pos[0], r.centery - pos[1])
                if best_d is None or d < best_d:
                    best, best_d = i, d
        return best


class ChoiceRows(WrappingRows):
    """The Choices list of the Donkey Kong screen: a move's directions and its end space rarely fit one
    line of the narrow list, so a row takes two, three when a row needs them (at the largest text, "right 1,
    up 2 → ladder at column 4 (girders 1–2), ..." was cut on two); a row whose move meets a barrel or
    fireball starts with its ⚠ (the end of a row is what gets cut) and is drawn in the warning ink."""

    LEAST_LINES = 2
    # a warned row's cost is its last words: at the largest text in a small window three lines cut it, and the
    # words in place of "(+1 may land)" take a fifth (a family audit)
    MOST_LINES = 5

    def draw(self, surface, size, marked=frozenset(), numbered=False, dim=False, show_selection=True,
             warn=frozenset(), lines=1, faint=frozenset()) -> None:
        warned = set(warn) | {i for i, row in enumerate(self.items) if row.startswith("⚠")}
        super().draw(surface, size, marked, numbered, dim, show_selection, warned, lines, faint)


class DonkeyKongScreen(DecisionsScroll, GameScreen):
    """The Donkey Kong board; the generic list still offers every legal action."""

    side_width = 290
    choice_rows = ChoiceRows
    # one person's question straight after another person's step (a card to play against a barrel that a card
    # played in someone else's turn rolled onto them): the choices wait a moment (by_hand.py; a hot-seat audit's
    # second Enter played the next person's card for them)
    turn_guard_s = 0.6
    turn_guard_after_bots = False

    def __init__(self, match, host=None):
        from games.donkey_kong.board import BOARD
        from games.donkey_kong.cards import (CARD_ACTIONS, CARD_INDEX, CARD_IS_HAMMER, CARD_POINTS, DIE_COLOURS,
                                             card_label)

        self.board = BOARD
        self.art = BoardArt(BOARD)
        self.label_rects: dict[str, pygame.Rect] = {}  # the words drawn over the board each frame, on the screen
        self.card_kind = lambda name: (CARD_IS_HAMMER[CARD_INDEX[name]], CARD_POINTS[CARD_INDEX[name]])
        self.card_words = lambda name: card_label(CARD_INDEX[name]) if name in CARD_INDEX else name
        self.die_colours = DIE_COLOURS
        self.card_action = lambda action: CARD_ACTIONS.get(action, (None, None))  # 'lose H400' -> ('lose', kind)
        self.board_square = pygame.Rect(0, 0, 100, 100)
        self.info_rect = pygame.Rect(0, 0, 0, 0)
        self.clock = 0.0
        self.rolling = 0.0  # seconds left of the dice animation
        self.roll_off_show = 0.0  # seconds left in which a roll for who plays first stays on the white die
        self.roll_off_last: tuple[int, int, int] | None = None  # that roll: (its step's index, the roller, the face)
        self.walk: tuple[list[int], float] | None = None  # the pawn path being animated, and its age
        self.walker = -1
        self.slides: dict[tuple[str, int], tuple[list[int], float]] = {}  # obstacle -> (spaces passed, age)
        self.pinned: int | None = None  # an end space clicked once while several paths lead to it
        self.pin_index = 0
        self.card_rects: list[tuple[pygame.Rect, str]] = []
        # What draw_info last drew, for the pointer and for tests: each face-up card and played-card back
        # by seat, and each player's box.
        self.hand_rects: list[tuple[int, pygame.Rect]] = []
        self.stack_rects: list[tuple[int, pygame.Rect]] = []
        self.player_boxes: list[pygame.Rect] = []
        self.pawn_rects: list[tuple[int, pygame.Rect]] = []  # each pawn as last drawn: (seat, its rect)
        self.event_lines: list[str] = []  # the lines of the engine's sentences as last drawn, top to bottom
        self.held: int | None = None  # the seat whose turn the banner keeps naming while its move is drawn
        self.dice_rects: list[pygame.Rect] = []  # the two dice as last drawn
        self.dice_ring: pygame.Rect | None = None  # the ring round them while they wait for a click
        self.dice_plate: pygame.Rect | None = None  # and the "Click to roll" words on the ring
        self.deck_rect = pygame.Rect(0, 0, 0, 0)  # the deck and its count as last drawn
        # By history length: how many contacts each seat had settled in the turn so far (hit_words).
        self.hits: dict[int, dict[tuple[int, str], int]] = {}  # history length -> (seat, kind) -> contacts settled
        # The played cards just lost one after another by one seat, one way, (seat, verb, card, points), and
        # the status line that says so (loss_words); the game waits loss_hold seconds more before going on.
        self.losses: list[tuple[int, str, int, int, str, int]] = []  # (seat, verb, taker, turn, card, points)
        self.loss_line = ""
        self.loss_hold = 0.0
        self.turn_events: list[tuple[int, tuple]] = []
        super().__init__(match, host)
        # (history length, the events) as each turn began: from the history of a game opened from a file too
        self.turn_events = self._turn_starts()

    def _turn_starts(self) -> list[tuple[int, tuple]]:
        """(history length, the engine's events then) at each turn's roll of the history so far, replayed on a
        fresh state (a game opened from a file showed every sentence the engine kept, however old: an
        audit); [] when the fresh state cannot follow it."""
        match, starts = self.match, []
        try:
            state = match.spec.new_state(match.config)
            for i, step in enumerate(match.history):
                if step.by == CHANCE and state.pending_decision().get("kind") == "roll":
                    starts.append((i, tuple(state.events)))
                state.apply_action(step.action)
        except (GameError, KeyError, ValueError, IndexError, TypeError):
            return []
        return starts

    # ---- geometry ---------------------------------------------------------------------
    def on_layout(self) -> None:
        rect = self.rects["board"]
        gap = int(8 * self.scale)
        info_w = int(240 * self.scale)
        side = max(100, min(rect.h, rect.w - info_w - gap))
        self.board_square = pygame.Rect(rect.x, rect.y + (rect.h - side) // 2, side, side)
        self.info_rect = pygame.Rect(self.board_square.right + gap, rect.y, rect.right - self.board_square.right - gap,
                                     rect.h)
        # Two lines a row of Choices at least, three when one needs them (ChoiceRows, fitted at layout).

    def space_xy(self, space: int) -> tuple[float, float]:
        x, y = self.art.at(space)
        return self.board_square.x + x, self.board_square.y + y

    def space_under(self, pos) -> int | None:
        if not self.board_square.collidepoint(pos):
            return None
        return self.art.space_at((pos[0] - self.board_square.x, pos[1] - self.board_square.y))

    # ---- the person's choices -----------------------------------------------------------
    def paths(self) -> dict[str, list[int]]:
        """Each legal 'move' action with the spaces of its path (the engine lists the whole path)."""
        index = self.board.index
        return {a: [index[n] for n in a.split()[1:] if n in index] for a in self.legal if a.startswith("move ")}

    def paths_to(self, space: int) -> list[str]:
        return [a for a, p in self.paths().items() if p and p[-1] == space]

    def board_event(self, event: pygame.event.Event, rect: pygame.Rect) -> bool:
        if event.type == pygame.MOUSEMOTION:
            space = self.space_under(event.pos)
            if space is not None:
                self.board_hover = self.paths_to(space)
            else:
                self.board_hover = [a for r, a in self.card_rects if r.collidepoint(event.pos)]
            if space != self.pinned:
                self.pinned = None
            return False
        if event.type == pygame.MOUSEWHEEL and self.pinned is not None:
            self.pin_index += 1 if event.y < 0 else -1
            self._choose_on_list()
            return True
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1 or not rect.collidepoint(event.pos):
            return False
        if self.click_card(event.pos):
            return True
        why = self.idle_click_words(event.pos)
        if why:
            self.say(why)
            return True
        space = self.space_under(event.pos)
        if space is None:
            return False
        ways = self.paths_to(space)
        if not ways:
            if self.match.waiting_for_human() and self.paths():
                state = self.match.state
                me = state.current_player()
                other = next((p for p, at in enumerate(state.pawns) if at == space and p != me), None)
                # why, when the count ends on another pawn and the wiki's rule carries the move on past it (a wiki
                # audit clicked that space and read only "cannot"); not in the rulebook's, where a move may end on a
                # pawn, nor for a pawn the count does not reach (a regression audit)
                # (the count's end is the roll's own space of a path, count_notes' reading: a path past several pawns
                # in a row goes on past the one it ended on and the next, and the last one passed was named)
                shown = state.dice_shown()
                count = int(shown[0]) if shown else 0
                past = (other is not None and state.config.variant == "wiki" and count > 0
                        and any(len(p) > count and p[count - 1] == space for p in self.paths().values()))
                why = (f" ({state.seat_name(other)}'s pawn stands there, and a move that would end on another pawn "
                       "goes on past it)" if past else "")
                self.say(f"Mario cannot end on {space_words(self.board, self.board.names[space])} with this roll{why}: "
                         "the highlighted spaces are where he can.")
            return True
        if len(ways) == 1 or self.pinned == space:
            self.pinned = None
            self.play(ways[self.pin_index % len(ways)] if len(ways) > 1 else ways[0])
        else:
            self.pinned, self.pin_index = space, 0
            self._choose_on_list()
            self.say(f"{len(ways)} paths lead to {space_words(self.board, self.board.names[space])}: the wheel shows each, "
                     "a second click takes the one shown.")
        return True

    # ---- clicks that play nothing: one line saying why -------------------------------------------
    def idle_click_words(self, pos) -> str | None:
        """Why a click on a part of the table that plays nothing now does nothing, in one line for the status
        bar (a click on the dice, the deck, a card that cannot be played, the board while nobody at the screen
        may move); None where a click may play something (a framed card, a framed space) or the game is over."""
        if self.match.is_over():
            return None
        if any(r.collidepoint(pos) for r in self.dice_rects):
            return self.dice_words()
        if self.deck_rect.collidepoint(pos):
            return self.deck_words()
        for seat, r in self.hand_rects:
            if r.collidepoint(pos):
                return self.wait_words() or self.card_first_words() or self.card_click_words(seat)
        for seat, r in self.stack_rects:
            if r.collidepoint(pos):
                return self.stack_words(seat)
        if self.board_square.collidepoint(pos):
            return self.wait_words() or self.card_first_words()
        return None

    def dice_words(self) -> str:
        """What the dice are (a click on them while no roll is awaited): each player rolls them at the start
        of their turn, and a bot's roll comes by itself."""
        colours = self.die_colours.get(self.match.state.config.variant, {"mario": "white", "obstacles": "red"})
        return (f"Each player rolls the dice at the start of their turn (a bot's roll comes by itself): the "
                f"{colours['mario']} die is how far Mario walks, the {colours['obstacles']} one how far the "
                "barrels and fireballs move.")

    def skip_words(self) -> str:
        """What Space does here: it rolls the person's own dice, and skips the bots' pauses."""
        return ("at the start of your turn, roll the dice (Enter too, or a click on them); while bots play, "
                "skip their pauses and dice until a person decides")

    # ---- the dice by hand (render/screens/by_hand.py) ----------------------------------------
    def hand_chance(self) -> tuple[str, str] | None:
        """"On your turn, roll both dice": a person's turn waits for their roll; and "Each player rolls the white
        die. Whoever rolls the highest number plays first": a person's roll for the first turn waits for them too
        (a family audit: the roll-off ran by itself before anyone could click). The card draws stay the screen's
        own."""
        if self.roll_off_seat() is not None:
            return ("roll", f"the {self.mario_die_colour()} die")
        if not self.persons_chance("stage", "roll") or self.match.state.contacts:
            return None
        return ("roll", "the dice")

    def chance_prompt(self) -> str:
        if self.roll_off_seat() is None:
            return super().chance_prompt()
        state = self.match.state
        tied = ""
        if state.roll_offs and not state.rolls:
            # rolling again after a tie, said (a regression audit: the same person was asked again, no reason given)
            tied = f"{joined([self.seat_name(s) for s in state.rollers])} tied for the highest roll: "
        return (f"{tied}{self.hand_owner()}, roll the {self.mario_die_colour()} die for who plays first (the "
                f"highest starts): click it, or press Space or Enter.")

    def mario_die_colour(self) -> str:
        """Mario's die, the one rolled for who plays first: white in the rulebook, red in the wiki's text."""
        return self.die_colours.get(self.match.state.config.variant, {"mario": "white"})["mario"]

    def roll_off_seat(self) -> int | None:
        """The person at this screen whose roll for the first turn is due (ties roll again), else None."""
        match = self.match
        state = match.state
        if match.is_over() or match.current_player != CHANCE or state.stage != "order":
            return None
        seat = state.rollers[len(state.rolls)]
        return None if seat in match.bots else seat

    def hand_seat(self) -> int | None:
        seat = self.roll_off_seat()
        return seat if seat is not None else super().hand_seat()

    @property
    def chance_rects(self) -> tuple:
        """The dice, and while they wait for the person's hand the whole frame ringed "Click to roll" round
        them (a click between the two dice, inside the ring, did nothing: an audit)."""
        return tuple(self.dice_rects) + tuple(r for r in (self.dice_ring, self.dice_plate) if r is not None)

    def deck_words(self) -> str:
        """The deck's count and when the engine draws from it: a red dot where Mario stops, and the reward for
        a barrel or fireball meeting another player who holds no cards at all."""
        n = self.match.state.deck_count()
        return (f"The deck holds {n} card{'' if n == 1 else 's'}: Mario draws one by stopping on a red dot, and the "
                "player whose turn it is draws one when a barrel or fireball meets another player holding no cards.")

    def card_click_words(self, seat: int) -> str:
        """A face-up card clicked while no barrel or fireball meets its owner's Mario."""
        if seat == self.match.current_player:
            return "Cards are played only when a barrel or fireball meets your Mario: then click one of yours."
        name = self.seat_name(seat)
        return f"That card is {name}'s: it is played only when a barrel or fireball meets {name}'s Mario."

    def stack_words(self, seat: int) -> str:
        played = self.match.state.played_cards(seat)
        points = sum(self.card_kind(name)[1] for name in played)
        n = len(played)
        return f"{self.seat_name(seat)}'s played cards, face down: {n} card{'' if n == 1 else 's'}, {points} points."

    def wait_words(self) -> str | None:
        """'Wait: ...' while nobody at the screen may act (a bot decides, the dice or a card are drawn, the
        last move is still being drawn); None when a person decides or the game is over."""
        match = self.match
        if match.waiting_for_human() or match.is_over():
            return None
        if self.chance_waits():
            thing = self.hand_chance()[1]
            return f"{self.hand_owner()} rolls {thing} first: click {'it' if thing.endswith('die') else 'them'}, " \
                   f"or press Space."
        if self.holding():
            words = self.held_words()  # "Mario walks his path, ...", "The barrels and fireballs move."
            return f"Wait: {words if words.startswith('Mario') else words[0].lower() + words[1:]}"
        state = match.state
        player, owner = state.current_player(), state.turn_owner()
        if player >= 0 and state.contacts:  # a bot answers a barrel or fireball, maybe in a person's turn
            return f"Wait: {self.seat_name(player)} is choosing a card to play."
        if owner is not None and owner >= 0 and not match.config.seats[owner].is_human:
            return f"Wait: it is {self.seat_name(owner)}'s turn."
        words = visible_names(self.board, state.pending_decision().get("text", ""))
        return f"Wait: {words}." if words else "Wait: chance is being drawn."

    def card_first_words(self) -> str | None:
        """While a barrel or fireball meets a person's Mario, a click anywhere but on their framed cards."""
        state = self.match.state
        if not (self.match.waiting_for_human() and state.contacts):
            return None
        name = self.seat_name(state.contacts[0][0])
        return f"{name}: play one of your face-up cards first (click one in your framed box)."

    def board_choice(self) -> str | None:
        """The move Enter plays from the board: the one pinned (a space several paths lead to, clicked once, the
        wheel turning through them), else None (Enter plays the chosen row). A path merely under the pointer is
        drawn and a click plays it, but Enter does not: a pointer passing over a space, or left there by the last
        person at a hot seat, had Enter play a move that cost a card nobody chose (a regression audit)."""
        if self.pinned is not None:
            ways = self.paths_to(self.pinned)
            if ways:
                return ways[self.pin_index % len(ways)]
        return None

    def _choose_on_list(self) -> None:
        """The pinned path (board_choice) becomes the chosen row of Choices too, so the row shown chosen, the path
        drawn and what Enter plays are one move (a keyboard audit had row 1 chosen and Enter played another)."""
        choice = self.board_choice()
        if choice is not None and choice in self.legal and self.match.waiting_for_human():
            self.actions.selected = self.legal.index(choice)
            self.actions.reveal()

    def let_go_of_board(self) -> None:
        super().let_go_of_board()
        self.pinned = None

    def shown_path(self) -> list[int]:
        """The path drawn on the board: the pinned choice, the hovered one, or the list's focus."""
        paths = self.paths()
        if self.pinned is not None:
            ways = self.paths_to(self.pinned)
            if ways:
                return paths[ways[self.pin_index % len(ways)]]
        if self.focus_action in paths:
            return paths[self.focus_action]
        return []

    def describe(self, action: str, state) -> str:
        """A move as directions ('left 2, up 2 → girder 3, column 1 (red dot)'), a card by its name, a chance
        outcome as what happened ('Zoë gets Hammer 300', 'dice: Mario 4, obstacles DK'). A choice now whose
        walk meets an obstacle ends with '⚠ meets a barrel on ...: ' and what that costs."""
        if state.current_player() == CHANCE:
            try:
                return self.chance_words(action, state)
            except (KeyError, ValueError, IndexError):
                return super().describe(action, state)
        if not action.startswith("move ") or state.current_player() < 0:
            return super().describe(action, state)
        label = self.move_words(action, state)
        now = state is self.match.state  # a choice now, not a log line
        met = self.obstacles_met(action, state) if now else []
        later = self.met_after_walk(action, state) if now else []
        if met or later:
            said = f"meets {self.met_words(met)}" if met else ""
            if later:
                said += ("; " if said else "") + self.landing_words(later, after_met=bool(met))
            # "at worst" (not "at most": "at most no face-up card, so ..." read as a count: an audit)
            joint = "; at worst: " if any(not sure for _, _, sure in later) else ": "
            label += f" ⚠ {said}{joint}{self.contact_cost(state, len(met) + len(later))}"
        return label

    def met_after_walk(self, action: str, state) -> list[tuple[str, int, bool]]:
        """The (kind, space, sure) of the barrels and fireballs that move onto the mover's Mario after this move's
        walk, in the same turn, with the obstacle count already rolled: those that come on every way the turn
        can go (sure), then the others of the way with the most. The move is played on copies, through
        every way the rest of the turn can go (each card a player may play on a contact, each chance outcome:
        a red dot's draw, the card a player with none face up loses; never shown), up to LOOKAHEAD_NODES
        branches, past which the first way is followed. `sure`: it happens on every way looked at, and every way
        was looked at. A rules audit chose a row that warned of one barrel; after it a second one rolled onto
        Mario by the shown count and took a played card, with no word before; a regression audit found a
        look-ahead that stopped at the first chance step missing most such hits, and one that called a hit
        uncertain whenever a card choice came first saying "may" of hits that came whatever was chosen. Kept
        per position."""
        key = (len(self.match.history), action)
        cache = getattr(self, "_later_cache", None)
        if cache is None or cache[0] != key[0]:
            cache = self._later_cache = (key[0], {})
        if action in cache[1]:
            return cache[1][action]
        mover = state.current_player()
        walk = len(self.obstacles_met(action, state))
        try:
            leaves, whole = turn_ways(state, action, mover)
        except GameError:
            leaves, whole = [], True
        later = [leaf[walk:] for leaf in leaves]
        # the hits of every way are sure; the others are those of the way with the most hits (a regression
        # audit: listing every hit of any way added up barrels that land on different ways, and "at most"
        # said a cost no way can come to)
        sure = [h for h in (later[0] if later else []) if whole and all(h in leaf for leaf in later)]
        worst = max(later, key=len) if later else []
        found = [("fireball" if h[1] < FIREBALLS else "barrel", h[2], True) for h in sure]
        found += [("fireball" if h[1] < FIREBALLS else "barrel", h[2], False) for h in worst if h not in sure]
        cache[1][action] = found
        return found

    @staticmethod
    def landing_words(later: list[tuple[str, int, bool]], after_met: bool = False) -> str:
        """'a barrel then moves onto Mario with the obstacles' roll' ('then a barrel moves ...' after the walk's
        own contacts), or '... may ... move ...' when a card choice or a chance outcome decides it."""
        def named(kinds: list[str], more: list[str] = ()) -> str:
            # 'a barrel', '2 barrels and a fireball'; beside sure ones of a kind, 'another barrel', '2 more barrels'
            return " and ".join((f"{n} more {kind}s" if n > 1 else f"another {kind}") if kind in more else
                                (f"{n} {kind}s" if n > 1 else f"a {kind}")
                                for kind, n in ((k, kinds.count(k)) for k in ("barrel", "fireball")) if n)

        sure = [kind for kind, _, certain in later if certain]
        maybe = [kind for kind, _, certain in later if not certain]
        if sure:
            # the hits that come whatever is played are said as certain, beside those a card or a draw
            # decides (a regression audit read '2 barrels may move' where one of the two was sure)
            verb = "move" if len(sure) > 1 else "moves"
            said = f"{named(sure)} {'then ' if not after_met else ''}{verb} onto Mario with the obstacles' roll"
            if maybe:
                said += f", and perhaps {named(maybe, sure)} too"
            return f"then {said}" if after_met else said
        if after_met:
            return f"then {named(maybe)} may move onto Mario with the obstacles' roll"
        return f"{named(maybe)} may then move onto Mario with the obstacles' roll"

    def _label(self, action: str, by: int, state=None) -> str:
        """A log line, and after it what the barrels and fireballs did in the same step (obstacle_words):
        the log told the dice and the pawn's walk, and the obstacles moved on the board unsaid (an audit)."""
        line = super()._label(action, by, state)
        if state is None:
            return line
        try:
            moved = self.obstacle_words(state, action)
        except (GameError, KeyError, ValueError, IndexError):
            return line
        return f"{line}; then {moved}" if moved else line

    def obstacle_words(self, before, action: str) -> str:
        """What the obstacles did when `action` was played in the position `before`, in words, in the order
        the rules move them: 'a fireball climbs, 3 of the barrels roll, Donkey Kong drops a barrel on girder 6,
        column 2' ('' when none moved). The step is played on a copy whose barrel release is watched: the
        engine puts a dropped barrel in the first free place of its list, which may be the place of one
        hammered or burnt in the same step, so comparing the lists place by place took a drop for a roll
        (a regression audit). A barrel rolls toward the Oil Can and a fireball climbs away from it, so a place
        whose piece went the other way along the gamepath holds another piece. What the engine's own notes
        tell of a hammered piece is not said again; a barrel into the Oil Can is, with the fireball it lets out."""
        after = before.clone()
        dropped: list[int] = []
        into_can = [0]
        release, enter, oil = after._release_barrel, after._enter, self.board.oil_can

        def watched() -> None:
            if -1 in after.barrels:
                dropped.append(after.barrels.index(-1))
            release()

        def entering(space: int) -> None:
            # every barrel that reaches the Oil Can enters it here, the one that lets a fireball out too
            moving = after.in_motion
            if space == oil and moving is not None and moving[0] >= FIREBALLS:
                into_can[0] += 1
            enter(space)

        after._release_barrel = watched  # on this copy only
        after._enter = entering
        after.apply_action(action)
        order = self.board.route_pos
        parts = []
        for kind, verb, old, new, onward in (
                ("fireball", "climb", before.fireballs, after.fireballs, lambda a, b: order[b] > order[a]),
                ("barrel", "roll", before.barrels, after.barrels, lambda a, b: order[b] < order[a])):
            n = sum(1 for i, (a, b) in enumerate(zip(old, new))
                    if a >= 0 and b >= 0 and a != b and onward(a, b) and not (kind == "barrel" and i in dropped))
            if n:
                # "7 of the barrels roll": "then 7 barrels roll", under a die showing 3, read as how far they went
                parts.append(f"a {kind} {verb}s" if n == 1 else f"{n} of the {kind}s {verb}")
        parts += self._gone_words(before, after, dropped, into_can[0])
        for i in dropped:  # the turn's end
            if after.barrels[i] >= 0:
                where = space_words(self.board, self.board.names[after.barrels[i]], short=True)
                parts.append(f"Donkey Kong drops a barrel on {where}")
        return ", ".join(parts)

    def _gone_words(self, before, after, dropped: list[int], into_can: int) -> list[str]:
        """The barrels and fireballs a step took off the board or brought on that the engine's notes do not keep in
        view (a hammer is noted, and its card's step says it): a barrel burnt by a fireball, one that ends in the
        Oil Can, letting a fireball out or not, a fireball back to the Oil Can from Donkey Kong. A wiki
        audit watched a fireball burn a barrel and go home, and the log said only "Donkey Kong drops a barrel".

        Counted, not guessed from where the pieces stood: the barrels gone are those on the board before and
        dropped in the step less those on it after (a barrel Donkey Kong drops can burn at once, on a fireball
        below a twin); `into_can` of them entered the Oil Can (obstacle_words watches the copy it plays the step
        on), the hammered ones are noted, and every other one met a fireball. Working it out from the fireballs'
        climbs took a burn for a roll into the can when the fireball stopped on a ladder (an audit)."""
        notes = new_events(before.events, after.events)
        hammered = {k: sum(1 for line in notes if f"hammers a {k}" in line) for k in ("barrel", "fireball")}
        let_out = sum(1 for line in notes if "reaches the Oil Can and a fireball comes out" in line)
        on_board = sum(1 for b in before.barrels if b >= 0) + len(dropped)
        gone = on_board - sum(1 for b in after.barrels if b >= 0)
        burnt = gone - into_can - hammered["barrel"]
        into_can -= let_out
        # a fireball leaves the board only home to Donkey Kong or hammered, and comes on only let out of the Oil
        # Can: counted so, a fireball home and let out again in one step (its place taken again) is told too
        home = (sum(1 for f in before.fireballs if f >= 0) + let_out - sum(1 for f in after.fireballs if f >= 0)
                - hammered["fireball"])
        parts, last = [], []
        # a barrel dropped in the step (at its end) and gone by then (obstacle_words names the drops still on the
        # board) burnt on a fireball: one dropped on a pawn stays for the contact, which the next step settles
        for _ in (i for i in dropped if after.barrels[i] < 0):
            last.append("Donkey Kong drops a barrel, which meets a fireball and burns")
            burnt -= 1
        if let_out > 0:
            # said here too, before the burns (most are the new fireball's on its way up): the engine's note is one of six short lines that scroll away, and the log then spoke of
            # "a fireball climbs" with none come out before (a board-game audit)
            parts.append("a barrel rolls into the Oil Can and a fireball comes out" if let_out == 1 else
                         f"{let_out} barrels roll into the Oil Can and {let_out} fireballs come out")
        if burnt > 0:
            parts.append("a barrel meets a fireball and burns" if burnt == 1 else f"{burnt} barrels meet fireballs "
                         "and burn")
        if into_can > 0:
            parts.append("a barrel rolls into the Oil Can" if into_can == 1 else f"{into_can} barrels roll into the "
                         "Oil Can")
        if home > 0:
            parts.append("a fireball reaches Donkey Kong and goes back to the Oil Can" if home == 1 else
                         f"{home} fireballs reach Donkey Kong and go back to the Oil Can")
        return parts + last

    def move_words(self, action: str, state) -> str:
        """A move as its directions and end space, with notes: 'left 2, up 2 → girder 3, column 1 (red dot)'.
        A walk longer or shorter than Mario's count says why, so that it reads right beside the banner's
        'moves Mario 3 spaces' (count_notes)."""
        b = self.board
        names = action.split()[1:]
        runs: list[list] = []
        at = state.pawns[state.current_player()]
        for name in names:
            there = b.index.get(name)
            way = next((d for t, d in b.pawn_steps[at] if t == there), "?") if at is not None else "?"
            if runs and runs[-1][0] == way:
                runs[-1][1] += 1
            else:
                runs.append([way, 1])
            at = there
        words = {"L": "left", "R": "right", "U": "up", "D": "down"}
        path = ", ".join(f"{words.get(w, 'on')} {k}" for w, k in runs)
        end = b.index.get(names[-1])
        notes = []
        if end is not None and end != b.finish and b.red_dot[end]:
            notes.append("red dot")
        notes += self.count_notes(names, state)
        return f"{path} → {space_words(b, names[-1], short=True)}" + (f" ({'; '.join(notes)})" if notes else "")

    def count_notes(self, names: list[str], state) -> list[str]:
        """Why a walk is not Mario's count long. Wiki: a move that would end on another pawn carries on to the
        next space free of pawns ('one more: past Player 2's pawn'); either variant: a move that cannot be made
        in full goes as far as the rules let it ('only 2: ...'), and the Finish ends a move early."""
        shown = state.dice_shown()
        mover = state.current_player()
        if not shown or mover < 0:
            return []
        count, steps = int(shown[0]), len(names)
        index = self.board.index
        if steps > count:
            passed = [index.get(n) for n in names[count - 1:-1]]
            seats = sorted({i for i, at in enumerate(state.pawns) if i != mover and at in passed},
                           key=lambda i: (passed.index(state.pawns[i]), i))
            if not seats or not all(any(state.pawns[i] == sp for i in seats) for sp in passed):
                return []
            more = "one more" if steps - count == 1 else f"{steps - count} more"
            whose = [f"{state.seat_name(i)}'s" for i in seats]
            owners = whose[0] if len(whose) == 1 else ", ".join(whose[:-1]) + " and " + whose[-1]
            return [f"{more}: past {owners} pawn{'s' if len(seats) > 1 else ''}"]
        if steps < count:
            if index.get(names[-1]) == self.board.finish:
                return ["the Finish ends the move"]
            return [f"only {steps}: the rules let Mario go no further"]
        return []

    def choice_row(self, action: str) -> str:
        """A row of Choices: the move in short, a move that meets an obstacle led by its ⚠ and what it meets,
        with the cost after the move ('⚠ barrel: right 6 → girder 2, column 10 · costs a face-up card'), since a
        narrow row is cut at its end. The whole sentence (action_label) is the status line's when the row is
        selected or under the pointer, and the board writes the cost by the path's end."""
        state = self.match.state
        if not action.startswith("move ") or state.current_player() < 0:
            return self.action_label(action)
        row = self.move_words(action, state)
        met = self.obstacles_met(action, state)
        later = self.met_after_walk(action, state)
        if not met and not later:
            return row
        def kinds_words(kinds: list[str]) -> str:
            return " and ".join(f"{n} {kind}s" if n > 1 else kind
                                for kind, n in ((k, kinds.count(k)) for k in ("barrel", "fireball")) if n)

        sure = [kind for kind, _ in met] + [kind for kind, _, certain in later if certain]
        maybe = [kind for kind, _, certain in later if not certain]
        # (an obstacle that moves onto Mario after the walk: "hits", one that does only as cards and draws go: "may
        # hit", and the cost is the most it can be; not "lands", which the rules keep for an obstacle that stops on
        # Mario by the exact count, the one a Jump moves a space on: a rules audit read "lands" over a pass)
        what = kinds_words(sure)
        if sure and later and not met:
            what += " hit" if len(sure) > 1 else " hits"
        if maybe:
            # "(+1 may land)" read as a riddle to a family audit: what comes, and when
            what = f"{what}, maybe {len(maybe)} more later" if what else kinds_words(maybe) + " may hit later"
        cost = self.short_cost(state, len(met) + len(later))
        if maybe and cost.startswith("costs "):
            cost = "may cost " + cost[len("costs "):]
        return f"⚠ {what}: {row} · {cost}"

    @staticmethod
    def short_cost(state, contacts: int) -> str:
        """contact_cost() in a few words: 'costs a face-up card', 'costs a played card', 'costs nothing'."""
        seat = state.current_player()
        cards = min(len(state.face_up(seat)), contacts)
        losses = min(len(state.played_cards(seat)), contacts - cards)
        said = []
        if cards:
            said.append("a face-up card" if cards == 1 else f"{cards} face-up cards")
        if losses:
            said.append("a played card" if losses == 1 else f"{losses} played cards")
        return "costs " + (" and ".join(said) if said else "nothing (no cards)")

    def _refresh_actions(self, force: bool = False) -> None:
        """GameScreen's refresh of the choices, with the rows of Choices in the short form of choice_row();
        the search still looks in the whole sentences (action_label). The selected choice stays selected while the
        same seat decides."""
        rebuilt = force or self._legal_at != len(self.match.history)
        sel = self.actions.selected
        chosen = self.legal[sel] if 0 <= sel < len(self.legal) else None
        was = self.actions.items[sel] if 0 <= sel < len(self.actions.items) else None
        super()._refresh_actions(force)
        if not rebuilt:
            return
        self.actions.set_items([self.choice_row(a) for a in self.legal], keep=False)
        self._off_a_cost(was)
        if self._rows_handed or (self._rows_kept and self._handed_open and chosen is None):
            # handed to another person: no row chosen, until that person chooses one (base._refresh_actions); the
            # rows made again here had put the choice back on the first row (a regression audit: one Enter played
            # it for Player 2)
            self.actions.selected = -1
        # kept only while the same seat decides: cards are "play H400" whoever holds them, and the next
        # person's question opened on the card the last person had played (an audit: one Enter spent it)
        elif chosen in self.legal and self._rows_kept:
            self.actions.selected = self.legal.index(chosen)
            self.actions.reveal()

    def obstacles_met(self, action: str, state) -> list[tuple[str, int]]:
        """The (kind, space) of every barrel and fireball the move's walk meets, passing or ending: the
        engine makes each one a contact as the pawn steps on its space."""
        met = []
        for name in action.split()[1:]:
            i = self.board.index.get(name)
            met += [("fireball", i) for f in state.fireballs if f == i]
            met += [("barrel", i) for bpos in state.barrels if bpos == i]
        return met

    def met_words(self, met: list[tuple[str, int]]) -> str:
        parts = [f"a {kind} on {space_words(self.board, self.board.names[i], short=True)}" for kind, i in met]
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]

    @staticmethod
    def contact_cost(state, contacts: int) -> str:
        """What meeting `contacts` obstacles costs the mover, from their cards now (the engine's settle
        order: a face-up card must be played while any is left; without one a played card goes back to
        the deck; with no cards at all nothing is lost)."""
        seat = state.current_player()
        hand, played = len(state.face_up(seat)), len(state.played_cards(seat))
        cards = min(hand, contacts)
        losses = min(played, contacts - cards)
        said = []
        if cards:
            said.append(f"play {cards} face-up card{'s' if cards > 1 else ''}" if cards > 1 else "play a face-up card")
        if losses:
            said.append(("no face-up card left, so " if cards else "no face-up card, so ")
                        + (f"{losses} of your played cards go" if losses > 1 else "one of your played cards goes")
                        + (" back to the deck (their points are lost)" if losses > 1 else
                           " back to the deck (its points are lost)"))
        if not cards and not losses:
            said.append("you hold no cards, so nothing is lost")
        return "; ".join(said)

    def chance_words(self, action: str, state) -> str:
        """A chance outcome in words, read from the position before it (pending_decision says what it is)."""
        word, _, rest = action.partition(" ")
        pending = state.pending_decision()
        kind, said = pending.get("kind"), pending.get("text", "")
        turn = state.turn_owner()
        if kind == "order":
            who = said.split(" rolls for the first turn")[0]
            return f"{who} rolls {rest} to start"
        if kind == "roll" and word == "roll":
            mario, obstacles = rest.split()
            return dice_words(mario, obstacles, state.config.variant)
        card = self.card_words(rest)
        if kind == "deal":
            after = state.clone()
            after.apply_action(action)
            seat = next((i for i in range(state.config.num_players)
                         if len(after.face_up(i)) > len(state.face_up(i))), None)
            return f"{self.seat_name_in(state, seat)} gets {card}" if seat is not None else f"deals {card}"
        contact = state.contacts[0][0] if state.contacts else None
        if word == "draw":
            return f"{self.seat_name_in(state, turn)} draws {card}"
        if word == "lose":
            # where it goes, as the status line and the help say it (a wiki audit read "goes back to the deck"
            # in the log beside "face down on top of the deck", and saw the card drawn straight back)
            where = "face down on top of the deck" if state.config.variant == "wiki" else "back to the deck"
            return f"{self.seat_name_in(state, contact)}'s played {card} goes {where}"
        if word == "steal":
            return f"{self.seat_name_in(state, turn)} takes {card} from {self.seat_name_in(state, contact)}"
        return super().describe(action, state)

    @staticmethod
    def seat_name_in(state, seat) -> str:
        return state.seat_name(seat) if isinstance(seat, int) and seat >= 0 else "someone"

    def decision_text(self) -> str:
        if self.holding():
            return self.held_words()
        if self.chance_waits():
            return self.chance_prompt()
        state = self.match.state
        pending = getattr(state, "pending_decision", None)
        if callable(pending):
            # A pawn met in another player's turn: the banner's heading says whose turn it is and who decides.
            words = visible_names(self.board, self.hit_words(pending().get("text", "")))
            if words:
                return words[0].upper() + words[1:] + "."
        return super().decision_text()

    def hit_words(self, words: str) -> str:
        """The engine's sentence about the contact waiting, told apart from the ones its player has already
        answered this turn: 'meets another barrel on G2.6 (the 2nd this turn)'. Two barrels on one space
        are two contacts, and the second was announced in the very words of the first."""
        state = self.match.state
        if not state.contacts:
            return words
        seat, code = state.contacts[0][0], state.contacts[0][1]
        counts = self.hits.get(len(self.match.history), {})
        kind = _contact_kind(code)
        same = counts.get((seat, kind), 0)
        total = same + counts.get((seat, "barrel" if kind == "fireball" else "fireball"), 0)
        if not total:
            return words

        def told(m) -> str:
            on = m.group(2) or ""
            if same and total > same:  # other kinds met too: both counts ("the 2nd this turn" read as the
                # second contact where it was the third: a family's audit)
                return (f"meets another {m.group(1)}{on} (the {ordinal(same + 1)} {m.group(1)} and the "
                        f"{ordinal(total + 1)} obstacle this turn)")
            if same:
                return f"meets another {m.group(1)}{on} (the {ordinal(same + 1)} this turn)"
            # the first of its kind after another kind: "another fireball" followed a barrel (an audit)
            return f"meets a {m.group(1)}{on} (the {ordinal(total + 1)} obstacle this turn)"

        return re.sub(r"meets an? (barrel|fireball)( on \S+)?", told, words, count=1)

    # ---- the banner while a move is drawn ----------------------------------------------------
    # A move that ends a turn is applied at once: the engine's state is already the next player's turn
    # ("Greedy bot rolls both dice") while Mario walks and the obstacles slide. The banner keeps naming
    # the turn being drawn until its animation ends.
    def holding(self) -> bool:
        return self.held is not None and self.animating()

    def held_words(self) -> str:
        if self.walk is not None:
            return "Mario walks his path" + (", then the barrels and fireballs move." if self.slides else ".")
        return "The barrels and fireballs move."

    def banner_seat(self) -> int | None:
        return self.held if self.holding() else super().banner_seat()

    def waited_for(self) -> str:
        """While a move still plays, the Choices panel names whose move it is, as the banner does (it read
        "Waiting for Strong bot 1…" under "Greedy bot 2's turn (bot)": a bots audit)."""
        return self.seat_name(self.held) if self.holding() else super().waited_for()

    def banner_title(self) -> str:
        if not self.holding():
            return super().banner_title()
        kind = "" if self.match.config.seats[self.held].is_human else " (bot)"
        return f"{self.seat_name(self.held)}'s turn{kind}"

    def result_words(self) -> str:
        return self.held_words() if self.holding() else super().result_words()

    # ---- the result --------------------------------------------------------------------------
    def result_score(self, seat: int) -> str:
        """The seat's points; for the player who rescued the Fair Maiden, how they add up: the played
        cards, the 500 bonus and the total ('2600 + 500 bonus = 3100 pts')."""
        state = self.match.state
        total = state.scores()[seat]
        cards = sum(self.card_kind(name)[1] for name in state.played_cards(seat))
        if total == cards:
            return f"{total} pts"
        return f"{cards} + {total - cards} bonus = {total} pts"

    def result_reason(self) -> str:
        """Who rescued the Fair Maiden and so has the bonus on top of their played cards (or that nobody did):
        games.outcome's words, which the terminal prints too."""
        return result_reason(self.match, self.seat_name)

    def extra_shortcuts(self) -> list[tuple[str, str]]:
        return [("Click a highlighted space", "move Mario there (a second click when several paths lead there; "
                                              "the wheel shows each)"),
                ("Click a face-up card", "play it when an obstacle meets your pawn")]

    # ---- animation --------------------------------------------------------------------
    def on_step(self, step, before) -> None:
        state = self.match.state
        self.pinned = None
        if step.by == CHANCE and before.stage == "order" and step.action.startswith("roll "):
            # a roll for who plays first: the die tumbles and then shows it a moment, as a turn's roll does (a
            # regression audit: it went straight back to "-", the number only in the log)
            self.rolling, self.roll_off_show = ROLL_TIME, ROLL_TIME + ROLL_OFF_SHOW
            self.roll_off_last = (len(self.match.history) - 1, before.rollers[len(before.rolls)],
                                  int(step.action.split()[1]))
        if step.by == CHANCE and before.pending_decision().get("kind") == "roll":
            self.rolling = ROLL_TIME
            # a turn starts: what the events said until now (fresh_events)
            self.turn_events = [t for t in self.turn_events if t[0] < len(self.match.history) - 1]
            self.turn_events.append((len(self.match.history) - 1, tuple(before.events)))
        if step.action.startswith("move "):
            index = self.board.index
            self.walk = ([before.pawns[step.by]] + [index[n] for n in step.action.split()[1:]], 0.0)
            self.walker = step.by
        if state.contacts and state.contacts[:1] != before.contacts[:1]:
            self.host.sound.play("hit")  # an obstacle meets a pawn: its owner must answer
        for kind, old, new in (("barrel", before.barrels, state.barrels), ("fireball", before.fireballs, state.fireballs)):
            for i, (a, b) in enumerate(zip(old, new)):
                if a != b and a >= 0 and b >= 0:
                    self.slides[(kind, i)] = (self.obstacle_route(a, b), 0.0)
        owner = before.turn_owner()
        if owner is not None and owner >= 0 and owner != state.turn_owner() and (self.walk or self.slides):
            self.held = owner  # the banner names this turn until its walk and slides are drawn
        elif not self.animating():
            self.held = None
        if self.message.startswith(CONFIRMATIONS):  # ("Undone, with Careful bot 2's 2 moves after it.")
            self.message_time = 0.0  # "Redone." said nothing about the moves played after it
        self.count_hits(step, before)
        self.note_loss(step, before)

    def count_hits(self, step, before) -> None:
        """Keep, for the position after `step`, how many contacts each seat has settled since the turn's dice
        roll (hit_words). Kept by history length, so that an undo finds the counts of the position it goes
        back to."""
        n = len(self.match.history)
        if step.by == CHANCE and before.pending_decision().get("kind") == "roll":
            self.hits[n] = {}
            return
        counts = dict(self.hits.get(n - 1, {}))
        if before.contacts:  # this step settled the contact at the head of the queue
            key = (before.contacts[0][0], _contact_kind(before.contacts[0][1]))
            counts[key] = counts.get(key, 0) + 1
        self.hits[n] = counts

    def note_loss(self, step, before) -> None:
        """A chance outcome took a played card from a player (back to the deck, or to the turn's player): say
        which card and how many points, for long enough to read, and let the game wait a moment. Cards lost
        one after another by the same player the same way are said together, with the points added up."""
        verb, _ = self.card_action(step.action)
        if step.by != CHANCE or not before.contacts or verb not in ("lose", "steal"):
            return
        seat = before.contacts[0][0]
        name = step.action.split()[1]
        # said together only when one taker takes them in one turn: a 4-player audit read both cards as the later
        # thief's, the first taken by the player before
        who = (seat, verb, before.turn_owner(), before.turns)
        same = self.loss_showing() and self.losses[-1][:4] == who
        self.losses = (self.losses if same else []) + [(*who, self.card_words(name), self.card_kind(name)[1])]
        self.loss_line = self.loss_words()
        self.say(self.loss_line, LOSS_SAY)
        self.loss_hold = LOSS_HOLD

    def loss_words(self) -> str:
        """'⚠ Ann's played Hammer 400 goes back to the deck: -400 points.', '⚠ Bot takes Ann's played Jump 200
        and Hammer 300: -500 points for Ann.'"""
        seat, verb, taker = self.losses[0][:3]
        cards = [loss[4] for loss in self.losses]
        named = cards[0] if len(cards) == 1 else ", ".join(cards[:-1]) + " and " + cards[-1]
        points = sum(p for *_, p in self.losses)
        who = self.seat_name(seat)
        if verb == "steal":
            return f"⚠ {self.seat_name(taker)} takes {who}'s played {named}: -{points} points for {who}."
        where = "face down on top of the deck" if self.match.state.config.variant == "wiki" else "back to the deck"
        return f"⚠ {who}'s played {named} {'goes' if len(cards) == 1 else 'go'} {where}: -{points} points."

    def loss_showing(self) -> bool:
        """Whether the status bar still says the last loss (loss_words)."""
        return bool(self.losses) and self.message == self.loss_line and self.message_time > 0

    def animating(self) -> bool:
        return (self.rolling > 0 or self.walk is not None or bool(self.slides) or self.loss_hold > 0
                or self.roll_off_show > 0)

    def last_actor(self, default):
        """The seat of the last step a player made; a roll for who plays first counts as its roller's (a regression
        audit: Space pressed twice by one person rolled the next person's die too, the roll-off's steps being
        chance's, so the hot seat's check saw no other person between)."""
        last = self.roll_off_last
        if last is not None and last[0] == len(self.match.history) - 1:
            return last[1]
        return super().last_actor(default)

    def fresh_events(self, state) -> list[str]:
        """The engine's sentences of what happened in this turn and the one before. A sentence from many turns
        back stood under the players with no turn named, the newest line for six turns (an audit)."""
        events = list(getattr(state, "events", []))
        starts = [t for t in self.turn_events if t[0] < len(self.match.history)]
        if len(starts) < 2:
            return events
        # the events when the turn before this one began: what is new since
        return new_events(list(starts[-2][1]), events)

    def finish_animations(self) -> None:
        self.rolling = 0.0
        self.roll_off_show = 0.0
        self.walk = None
        self.slides.clear()
        self.held = None
        self.loss_hold = 0.0

    def walk_time(self) -> float:
        return 0.12 * max(1, len(self.walk[0]) - 1) if self.walk else 0.0

    def update(self, dt: float) -> None:
        self.clock += dt
        self.rolling = max(0.0, self.rolling - dt)
        self.roll_off_show = max(0.0, self.roll_off_show - dt)
        self.loss_hold = max(0.0, self.loss_hold - dt)
        if self.walk is not None:
            path, age = self.walk
            self.walk = None if age + dt >= self.walk_time() else (path, age + dt)
        elif not self.rolling:
            for key, (start, age) in list(self.slides.items()):
                self.slides[key] = (start, age + dt)
                if age + dt >= SLIDE:
                    del self.slides[key]
        if not self.animating():
            self.held = None
        super().update(dt)

    def obstacle_route(self, start: int, end: int) -> list[int]:
        """The spaces an obstacle is drawn passing: along the gamepath when the move is a short run
        along it (the girders), else straight from start to end (a ladder slide, a fall)."""
        pos = self.board.route_pos
        a, b = pos[start], pos[end]
        if a >= 0 and b >= 0 and 0 < abs(b - a) <= 7:
            step = 1 if b > a else -1
            return [self.board.route[p] for p in range(a, b + step, step)]
        return [start, end]

    def obstacle_xy(self, kind: str, code: int, space: int) -> tuple[float, float]:
        slide = self.slides.get((kind, code))
        if slide is None:
            return self.space_xy(space)
        spaces, age = slide
        if self.walk is not None or self.rolling:
            return self.space_xy(spaces[0])  # obstacles move after Mario's walk
        t = min(1.0, age / SLIDE) * (len(spaces) - 1)
        k = min(int(t), len(spaces) - 2)
        (ax, ay), (bx, by) = self.space_xy(spaces[k]), self.space_xy(spaces[k + 1])
        return ax + (bx - ax) * (t - k), ay + (by - ay) * (t - k)

    def pawn_xy(self, seat: int, space: int) -> tuple[float, float]:
        if self.walk is not None and seat == self.walker:
            path, age = self.walk
            steps = len(path) - 1
            t = min(steps, age / 0.12)
            k = int(t)
            if k >= steps:
                return self.space_xy(path[-1])
            (ax, ay), (bx, by) = self.space_xy(path[k]), self.space_xy(path[k + 1])
            f = t - k
            return ax + (bx - ax) * f, ay + (by - ay) * f - math.sin(f * math.pi) * self.art.scale() * 18
        return self.space_xy(space)

    # ---- drawing ----------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        sq = self.board_square
        surface.blit(self.art.render(sq.w), sq.topleft)
        self._hazard_box = None
        self.draw_pieces(surface, sq)
        self.draw_hazard_box(surface)
        self.draw_info(surface, self.info_rect)

    def draw_pieces(self, surface: pygame.Surface, sq: pygame.Rect) -> None:
        state = self.match.state
        b, k = self.board, self.art.scale()
        unit = 70 * k  # a girder space's width
        oil = self.space_xy(b.oil_can)
        # The drum stands between the board's edge and the girder space beside it, never over that space (an
        # audit found girder 1, column 1 half under it, its ring and pawns hiding the drum's "OIL").
        beside = self.art.space_rect(self.art.beside_oil_can()).move(sq.topleft)
        width = min(unit * 0.72, beside.left - 3 - (sq.x + 2))
        oil = (min(oil[0], beside.left - 3 - width / 2), oil[1])
        self.oil_rect = art.oil_can(surface, oil, unit * 0.9, lit=True, phase=self.clock, width=width)
        waiting = state.oil_can_count()
        # a fireball standing on the Oil Can's own space is drawn over the can: counted apart beside the ones
        # waiting in it ("2 waiting" beside three fireballs at the can: a board-game audit)
        on_can = state.on_oil_can_count()
        self.oil_words = f"{waiting} waiting" + (f", {on_can} on the can" if on_can else "")
        label = text.render(self.oil_words, label_size(unit, 0.2, COUNT_PX), P.WHITE)
        # Above the flames: under the can it ran over the column numbers along the board's foot.
        spot = label.get_rect(midbottom=(int(oil[0]), int(oil[1] - unit * 0.72)))
        spot.clamp_ip(sq)  # the board's edge must not cut the count
        pygame.draw.rect(surface, BOARD_BG, spot.inflate(4, 0))
        surface.blit(label, spot)
        self.label_rects = {"waiting": spot}
        dk = self.art.figure("donkey_kong")
        stock = state.dispenser_count()
        for j in range(min(stock, 6)):  # the barrels in Donkey Kong's arm (six drawn at most)
            art.barrel(surface, (sq.x + dk[0] + unit * 0.65, sq.y + dk[1] - unit * 0.55 - j * unit * 0.2), unit * 0.34)
        label = text.render(f"{stock} in DK's arm", label_size(unit, 0.2, COUNT_PX), P.WHITE)
        # Always above where the sixth barrel would be: above a short stack it sat on Donkey Kong's head.
        spot = label.get_rect(midbottom=(int(sq.x + dk[0] + unit * 0.65),
                                         int(sq.y + dk[1] - unit * 0.75 - 6 * unit * 0.2)))
        spot.clamp_ip(sq)
        surface.blit(label, spot)
        self.label_rects["arm"] = spot
        deck = self.art.figure("deck")
        card_rect = pygame.Rect(0, 0, int(unit * 0.7), int(unit * 0.95))
        card_rect.center = (int(sq.x + deck[0]), int(sq.y + deck[1]))
        art.card(surface, card_rect, "", "", False, face_up=False)
        self.label_rects["deck"] = text.draw(surface, f"deck {state.deck_count()}",
                                             (card_rect.centerx, card_rect.bottom + 3), label_size(unit, 0.2, COUNT_PX),
                                             P.WHITE, anchor="midtop")
        self.deck_rect = card_rect.union(self.label_rects["deck"])
        # The legal end spaces and the path in focus.
        ends: dict[int, int] = {}
        for path in self.paths().values():
            if path:
                ends[path[-1]] = ends.get(path[-1], 0) + 1
        shown = self.shown_path()
        for space, n in ends.items():
            r = self.art.space_rect(space).move(sq.topleft).inflate(int(unit * 0.16), int(unit * 0.16))
            focus = shown and shown[-1] == space
            pygame.draw.rect(surface, P.HIGHLIGHT, r, width=max(2, int(unit * (0.08 if focus else 0.04))),
                             border_radius=max(3, r.w // 6))
            if n > 1:
                text.draw(surface, f"×{n}", (r.right, r.y), label_size(unit, 0.22), P.HIGHLIGHT, bold=True,
                          anchor="midleft")
        if shown:
            start = state.pawns[state.current_player()] if state.current_player() >= 0 else shown[0]
            pts = [self.space_xy(s) for s in [start] + shown]
            if len(pts) > 1:  # edged in black: seat 3's yellow pawn on the path stays a shape of its own
                pygame.draw.lines(surface, P.BLACK, False, pts, max(2, int(unit * 0.07)) + 4)
                pygame.draw.lines(surface, P.HIGHLIGHT, False, pts, max(2, int(unit * 0.07)))
            for p in pts[1:]:
                pygame.draw.circle(surface, P.HIGHLIGHT, p, max(3, int(unit * 0.08)))
            action = next((a for a, p in self.paths().items() if p == shown), None)
            later = self.met_after_walk(action, state) if action is not None and state.current_player() >= 0 else []
            self.draw_hazards(surface, shown, unit, len(later), any(not sure for _, _, sure in later))
        # Contacts waiting: a pulsing ring where an obstacle meets a pawn.
        for seat, code, space in getattr(state, "contacts", [])[:1]:
            x, y = self.space_xy(space)
            r = unit * (0.55 + 0.08 * math.sin(self.clock * 8))
            pygame.draw.circle(surface, P.HIGHLIGHT, (x, y), r, max(2, int(unit * 0.07)))
        # Obstacles: barrels (round, wooden) and fireballs (flames): told apart by outline, not colour.
        # Pieces sharing a space stand side by side on it (shared_places).
        beside = self.shared_places()
        for code, space in enumerate(state.barrels):
            if space >= 0:
                x, y = self.obstacle_xy("barrel", code, space)
                x += beside.get(("barrel", code), 0.0)
                art.barrel(surface, (x, y + unit * 0.02), unit * 0.55, roll=self.clock * 6 + code)
        for code, space in enumerate(state.fireballs):
            if space >= 0:
                x, y = self.obstacle_xy("fireball", code, space)
                x += beside.get(("fireball", code), 0.0)
                art.fireball(surface, (x, y + unit * 0.1), unit * 0.5, self.clock + code)
        # Pawns stand on their own spaces: a pawn on a ladder's black space on that rung, a pawn on a girder
        # on the girder (its feet on the girder's top edge), never over the space above.
        spots = []
        for seat, space in enumerate(state.pawns):
            x, y = self.pawn_xy(seat, space)
            spots.append((seat, (x + beside.get(("pawn", seat), 0.0), y), self.pawn_radius(seat, space)))
        mover = state.current_player()
        if self.match.waiting_for_human() and self.paths() and mover >= 0:  # whose pawn is to move
            _, spot, r = spots[mover]
            pygame.draw.circle(surface, P.HIGHLIGHT, spot, r * (1.45 + 0.12 * math.sin(self.clock * 6)),
                               max(2, int(unit * 0.05)))
        self.pawn_rects = [(seat, self.draw_pawn(surface, spot, r, seat)) for seat, spot, r in spots]

    def pawn_radius(self, seat: int, space: int) -> float:
        """Half the height of a pawn standing on `space`, in pixels (PAWN_HALF: a pawn on a ladder is a little
        smaller than one on a girder, as a black space is lower than a blue one). A walking pawn takes the
        size of the space it is nearest to."""
        if self.walk is not None and seat == self.walker:
            path, age = self.walk
            space = path[min(len(path) - 1, int(round(age / 0.12)))]
        return PAWN_HALF["ladder" if self.board.kind[space] == "ladder" else "girder"] * self.art.scale()

    def shared_places(self) -> dict[tuple[str, int], float]:
        """How far left or right (in pixels) each piece standing on a space with others is drawn from the
        space's centre: the obstacles first, then the pawns in seat order, side by side across the space
        (closer together, overlapping, when they would spread past SHARED_SPAN), so a barrel on a pawn's
        space stays in view. Pieces on the move (a walking pawn, a sliding obstacle) are drawn where they are
        on the way."""
        state = self.match.state
        groups: dict[int, list[tuple[str, int]]] = {}
        for kind, spaces in (("barrel", state.barrels), ("fireball", state.fireballs)):
            for code, space in enumerate(spaces):
                if space >= 0 and (kind, code) not in self.slides:
                    groups.setdefault(space, []).append((kind, code))
        for seat, space in enumerate(state.pawns):
            if not (self.walk is not None and seat == self.walker):
                groups.setdefault(space, []).append(("pawn", seat))
        k = self.art.scale()
        places = {}
        for space, members in groups.items():
            if len(members) < 2 or not any(kind == "pawn" for kind, _ in members):
                continue
            pawn_w = 2.2 * PAWN_HALF["ladder" if self.board.kind[space] == "ladder" else "girder"] + 2  # its feet
            widths = [pawn_w if kind == "pawn" else OBSTACLE_WIDTH[kind] for kind, _ in members]
            centres, x = [], 0.0  # side by side, touching
            for w in widths:
                centres.append(x + w / 2)
                x += w
            span = centres[-1] - centres[0]
            squeeze = min(1.0, SHARED_SPAN / span)  # closer together, overlapping, when they would spread too far
            middle = (centres[0] + centres[-1]) / 2
            for member, c in zip(members, centres):
                places[member] = (c - middle) * squeeze * k
        return places

    def draw_hazards(self, surface: pygame.Surface, path: list[int], unit: float, later: int = 0,
                     maybe: bool = False) -> None:
        """A warning on every space of the path in focus where the walk meets a barrel or fireball: an
        orange ring with '!' (a shape and a mark, not colour alone), and what it costs beside the end; `later`
        obstacles that move onto Mario at the end after the walk (met_after_walk) ring the end too."""
        state = self.match.state
        hits = [i for i in path if i in state.barrels or i in state.fireballs]
        if later and path and path[-1] not in hits:
            hits.append(path[-1])
        for i in hits:
            x, y = self.space_xy(i)
            pygame.draw.circle(surface, P.WARNING, (x, y), unit * 0.62, max(3, int(unit * 0.09)))
            text.draw(surface, "!", (x + unit * 0.5, y - unit * 0.5), max(10, int(unit * 0.45)), P.WARNING, bold=True,
                      anchor="center")
        if hits and state.current_player() >= 0:
            n = sum(1 for i in path for f in list(state.barrels) + list(state.fireballs) if f == i) + later
            cost = self.contact_cost(state, n)
            words = f"⚠ At worst: {cost}" if maybe else f"⚠ {cost[0].upper()}{cost[1:]}"  # (the row's "may")
            # (the box counts the worst single way: met_after_walk's uncertain hits are those of that way)
            x, y = self.space_xy(path[-1])
            size = max(9, label_size(unit, 0.22))
            lines = text.wrap(words, size, int(unit * 4))
            box_w = max(text.font(size).size(ln)[0] for ln in lines) + 10
            box = pygame.Rect(0, 0, box_w, len(lines) * (size + 3) + 6)
            box = self.hazard_box_place(box, (x, y), unit, path)
            # drawn once the pieces are (draw_board): a barrel drawn after it covered its words (an audit)
            self._hazard_box = (box, lines, size)

    def hazard_box_place(self, box: pygame.Rect, end: tuple[float, float], unit: float,
                         path: list[int]) -> pygame.Rect:
        """Where the cost box goes beside the path's end: above it unless that covers the board's counts (the
        Oil Can's "4 waiting", DK's arm, the deck) or more pieces and spaces of the path than below, right or
        left of it would. A family audit found the box over the Oil Can's count, the very figure that says what
        the risk is, and across a barrel and a red dot of girder 5."""
        x, y = end
        sq, state = self.board_square, self.match.state
        labels = [r for r in self.label_rects.values() if r is not None]
        taken = {i for i in list(state.barrels) + list(state.fireballs) + list(state.pawns) if i >= 0}
        spaces = [self.art.space_rect(i).move(sq.topleft) for i in taken | set(path)]
        # a pawn counts as the board's counts do: the box stood over another player's pawn, a sliver of it left
        # in sight, where a place beside it covered only empty spaces (a board-game audit at 1024x640)
        pawns = [self.art.space_rect(i).move(sq.topleft) for i in state.pawns if i is not None and i >= 0]
        best, least = box, None
        off = unit * 0.8
        # above, below, right, left, then the four corners: the box's point that stands `off` from the end that way
        for corner, dx, dy in (("midbottom", 0, -1), ("midtop", 0, 1), ("midleft", 1, 0), ("midright", -1, 0),
                               ("bottomleft", 1, -1), ("bottomright", -1, -1), ("topleft", 1, 1), ("topright", -1, 1)):
            b = box.copy()
            setattr(b, corner, (int(x + dx * off), int(y + dy * off)))
            b.clamp_ip(sq)
            cover = sum(10 * _overlap(b, r) for r in labels + pawns) + sum(_overlap(b, r) for r in spaces)
            if least is None or cover < least:
                best, least = b, cover
        return best

    def draw_hazard_box(self, surface: pygame.Surface) -> None:
        """The cost box of the path in focus (draw_hazards), over the pieces."""
        if getattr(self, "_hazard_box", None) is None:
            return
        box, lines, size = self._hazard_box
        pygame.draw.rect(surface, P.BLACK, box, border_radius=4)
        pygame.draw.rect(surface, P.WARNING, box, width=2, border_radius=4)
        for j, ln in enumerate(lines):
            text.draw(surface, ln, (box.x + 5, box.y + 3 + j * (size + 3)), size, P.WARNING)

    def draw_pawn(self, surface: pygame.Surface, centre, r: float, seat: int) -> pygame.Rect:
        """A pawn standing at `centre` (its space's centre): the seat's shape and number, and its feet, a
        dark ellipse wider than the body, at its foot. The whole pawn is 2r tall around the centre, so it
        stays inside its space; returns the rect it covers."""
        cx, cy = centre
        feet = pygame.Rect(0, 0, max(4, int(r * 2.2)), max(2, int(r * 0.34)))
        feet.midbottom = (int(cx), int(cy + r))
        pygame.draw.ellipse(surface, P.BLACK, feet)
        body = max(3, int(r * 0.9))
        draw_seat_mark(surface, seat, (cx, cy + r * 0.78 - body), body)
        top = int(cy + r * 0.78 - body) - body
        return pygame.Rect(feet.x, top, feet.w, feet.bottom - top)

    def stack_width(self, card_w: int, played) -> int:
        """The room the fan of played (face-down) cards takes at the right of a player's first card row."""
        if not played:
            return 0
        s = self.scale
        return int(8 * s) + (min(len(played), 6) - 1) * int(5 * s) + int(card_w * 0.6) + int(6 * s)

    def box_head(self) -> int:
        """How far a player's face-up cards start below the top of the box: under the name's line, whatever
        the text size (at the largest, the cards covered the foot of the name)."""
        return max(int(26 * self.scale), int(5 * self.scale) + text.line_step(self.font_size(15), bold=True) + 2)

    def card_layout(self, state, width: int, room: int) -> tuple[int, int, list[int]]:
        """(card width, card height, each player's box height): the face-up cards wrap onto as many rows
        as they need, clear of the played-card stack, and shrink (down to 70 %) when all players' boxes
        would not fit in `room`. Every player is drawn all the same: a dozen cards each put the events
        list under them out of view, never a player. At a larger text size they start larger, as the text
        does (an accessibility audit read "JUMP" in 3 px letters at the largest), as far as there is room."""
        s = self.scale
        for f in sorted({round(text.SCALE * k, 2) for k in (1.0, 0.9, 0.8)} | {1.0, 0.9, 0.8, 0.7}, reverse=True):
            card_w, card_h = int(36 * s * f), int(50 * s * f)
            step = card_w + int(4 * s)
            heights = []
            for seat in range(state.config.num_players):
                hand, played = state.face_up(seat), state.played_cards(seat)
                first = max(1, (width - 10 - self.stack_width(card_w, played)) // step)
                rest = max(1, (width - 10) // step)
                rows = 1 + max(0, math.ceil((len(hand) - first) / rest))
                heights.append(self.box_head() + rows * (card_h + int(4 * s)) + int(22 * s))
            if sum(heights) + int(6 * s) * (len(heights) - 1) <= room:
                break
        return card_w, card_h, heights

    def box_note(self, seat: int, must: bool, size: int, width: int) -> tuple[str, tuple]:
        """The line at the foot of a player's box, and its ink: how many cards they have played; while a barrel
        or fireball meets their Mario, a person's prompt to click, naming them (in hot seat the turn may be
        another person's), or, for a bot, that it is choosing (its cards are not for the person to click)."""
        if not must:
            n = len(self.match.state.played_cards(seat))
            return f"played {n} card{'' if n == 1 else 's'}", P.TEXT_DIM
        name = self.seat_name(seat)
        if not self.match.config.seats[seat].is_human:
            return self.named(name, (" is choosing a card…",), size, width), P.TEXT
        return self.named(name, (": click a card to play!", ": click a card!"), size, width), P.HIGHLIGHT

    @staticmethod
    def named(name: str, tails: tuple[str, ...], size: int, width: int) -> str:
        """The name and the longest of the tails that fit whole in width; with none, the name is cut, not the
        tail (at the largest text "click a card to p…" was cut)."""
        for tail in tails:
            if text.measure(name + tail, size)[0] <= width:
                return name + tail
        return text.fit(name, size, max(1, width - text.measure(tails[-1], size)[0])) + tails[-1]

    def draw_info(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        state = self.match.state
        s = self.scale
        self.card_rects = []
        inner = panel(surface, rect, "", 0)
        fs, small = self.font_size(15), self.font_size(12)
        # The dice, low enough that the "Click to roll" plate on their ring's top edge stays in the panel (at
        # the largest text its letters were cut by the panel's top: an audit); always, so they never jump.
        die = int(46 * s)
        plate_h = text.measure("Click to roll", small, bold=True)[1]
        y = inner.y + max(0, plate_h // 2 - int(die * 0.1) + int(4 * s) + 2)
        colours = self.die_colours.get(state.config.variant, {"mario": "white", "obstacles": "red"})
        shown = state.dice_shown()
        faces = shown if shown is not None and not self.chance_waits() else ("-", "-")  # not the last player's roll
        if self.roll_off_show > 0 and self.roll_off_last is not None:
            faces = (self.roll_off_last[2], "-")  # a roll for who plays first, on the Mario die alone
        if self.rolling > 0:  # the tumbling dice show only faces of the variant's own dice
            from games.donkey_kong.cards import MARIO_DIE, OBSTACLE_DIE, face_label

            spin = int(self.clock * 20)
            sides = [face_label(f) for f in OBSTACLE_DIE.get(state.config.variant, OBSTACLE_DIE["rulebook"])]
            faces = (MARIO_DIE[spin % len(MARIO_DIE)], sides[(spin * 7) % len(sides)])
            if self.roll_off_show > 0:  # the roll for who plays first is the Mario die's alone (a regression audit)
                faces = (faces[0], "-")
        self.dice_rects = []
        for j, (who, face) in enumerate((("mario", faces[0]), ("obstacles", faces[1]))):
            name = colours[who]
            fill = P.WHITE if name == "white" else P.VERMILLION
            ink = P.BLACK if name == "white" else P.WHITE
            face = int(face) if isinstance(face, str) and face.isdigit() else face
            cx = inner.x + inner.w // 4 + j * inner.w // 2
            # (the roll for who plays first throws the Mario die alone: the other stays still, a regression audit)
            thrown = self.rolling > 0 and not (j and self.roll_off_show > 0)
            angle = (self.rolling * 600 * (1 if j else -1)) if thrown else 0
            art.die(surface, (cx, y + die * 0.6), die, face, fill, ink, angle)
            label = "Mario" if who == "mario" else "Obstacles"
            words = text.draw(surface, f"{label} ({name})", (cx, y + die * 1.2), small, P.TEXT_DIM, anchor="midtop")
            self.dice_rects.append(pygame.Rect(0, 0, die, die).move(int(cx - die / 2), int(y + die * 0.1)).union(words))
        self.dice_ring = self.dice_plate = None
        if self.chance_waits():  # the dice wait for the person's hand: ringed, with a word on the ring
            # wide enough that the dice's words do not touch its sides, within the panel (a regression audit)
            ring = self.dice_rects[0].union(self.dice_rects[1]).inflate(int(24 * s), int(8 * s))
            ring = self.dice_ring = ring.clip(inner.inflate(-2, 0)) if ring.w > inner.w - 2 else ring
            pygame.draw.rect(surface, P.HIGHLIGHT, ring, width=max(2, int(3 * s)), border_radius=int(8 * s))
            w, h = text.measure("Click to roll", small, bold=True)
            plate = self.dice_plate = pygame.Rect(0, 0, w + int(10 * s), h).move(ring.centerx - (w + int(10 * s)) // 2,
                                                                                ring.y - h // 2)
            pygame.draw.rect(surface, P.HIGHLIGHT, plate, border_radius=int(4 * s))
            text.draw(surface, "Click to roll", plate.center, small, P.ink_on(P.HIGHLIGHT), bold=True, anchor="center")
        # the players' boxes below the dice's words and the ring round them, at any text size (at the largest
        # the ring's foot was under the first box: a regression audit)
        words_foot = max(r.bottom for r in self.dice_rects) + int(4 * s) + max(2, int(3 * s))
        y = max(y + int(die * 1.2) + int(22 * s), words_foot + int(6 * s))
        # Players: name, score, face-up cards (clickable when they must play one), played count.
        deciding = state.current_player()
        contact_seat = state.contacts[0][0] if getattr(state, "contacts", None) else None
        scores = state.scores()
        seats = range(state.config.num_players)
        card_w, card_h, heights = self.card_layout(state, inner.w, inner.bottom - int(60 * s) - y)
        gap = int(4 * s)
        self.hand_rects, self.stack_rects, self.player_boxes = [], [], []
        self.player_heads = []  # (name, score) as drawn in each player's box (tests)
        for seat in seats:
            must = contact_seat == seat and deciding == seat
            hand = state.face_up(seat)
            played = state.played_cards(seat)
            box = pygame.Rect(inner.x, y, inner.w, heights[seat])
            self.player_boxes.append(box)
            first_right = box.right - 4 - self.stack_width(card_w, played)  # the first row stops at the stack
            turn = (self.held if self.holding() else state.turn_owner()) == seat  # as the banner says
            pygame.draw.rect(surface, P.SELECTED_ROW if turn else P.BACKGROUND, box, border_radius=6)
            person = self.match.config.seats[seat].is_human
            # framed while this player must play a card: in the highlight when a person is to click, else plainly
            edge = (P.HIGHLIGHT if person else P.TEXT) if must else P.PANEL_EDGE
            pygame.draw.rect(surface, edge, box, width=3 if must else 1, border_radius=6)
            badge = int(10 * s * text.SCALE)  # as the name beside it grows with the text size (an audit: 9 px)
            draw_seat_mark(surface, seat, (box.x + int(4 * s) + badge, box.y + int(4 * s) + badge), badge)
            score = text.draw(surface, f"{scores[seat]} pts", (box.right - int(6 * s), box.y + int(5 * s)), fs,
                              P.HIGHLIGHT, bold=True, anchor="topright")
            name_x = box.x + int(10 * s) + 2 * badge
            # the name stops short of the score as it is drawn (a fixed 70 px let "Strong bot 2" run into
            # "2200 pts" at the largest text in a 4:3 window, read "Strong bo2200 pts": a window-size audit)
            room = score.x - int(8 * s) - name_x
            if self.loss_showing() and self.losses[0][0] == seat:  # the points just lost, beside the score
                lost = sum(p for *_, p in self.losses)
                # "(lost 200)", not "-200": "-200 600 pts" read as two scores (an audit); "(−200)" where the name
                # would be cut beside the longer words ("Playe… (lost 100)" at 1024x640: a board-game audit)
                name_w = text.measure(self.seat_name(seat), fs, bold=True)[0]
                words = next((w for w in (f"(lost {lost})", f"(−{lost})")
                              if score.x - int(6 * s) - text.measure(w, fs, bold=True)[0] - int(8 * s) - name_x
                              >= name_w), f"(−{lost})")
                mark = text.draw(surface, words, (score.x - int(6 * s), score.y), fs, P.WARNING,
                                 bold=True, anchor="topright")
                room = min(room, mark.x - int(8 * s) - name_x)
            title = text.fit(self.seat_name(seat), fs, max(1, room), bold=True)  # measured as it is drawn
            named = text.draw(surface, title, (name_x, box.y + int(5 * s)), fs, P.TEXT, bold=True)
            self.player_heads.append((named, score))
            cx, cy = box.x + 6, box.y + self.box_head()
            for name in hand:
                if cx + card_w > (first_right if cy == box.y + self.box_head() else box.right - 4) and cx > box.x + 6:
                    cx, cy = box.x + 6, cy + card_h + gap
                hammer, points = self.card_kind(name)
                r = pygame.Rect(cx, cy, card_w, card_h)
                self.hand_rects.append((seat, r))
                action = f"play {name}"
                clickable = must and action in self.legal
                art.card(surface, r, "HAM" if hammer else "JUMP", str(points), hammer,
                         highlight=clickable and (self.focus_action == action or r.collidepoint(pointer.pos())))
                if clickable:
                    self.card_rects.append((r, action))
                cx += card_w + gap
            if not hand:
                text.draw(surface, "no face-up cards", (cx, cy + card_h // 2), small, P.TEXT_DIM, anchor="midleft")
            for j in range(min(len(played), 6)):  # the played cards, face down, fanned at the right
                back = pygame.Rect(0, 0, int(card_w * 0.6), int(card_h * 0.6))
                back.topright = (box.right - int(8 * s) - j * int(5 * s), box.y + self.box_head() + int(2 * s))
                art.card(surface, back, "", "", False, face_up=False)
                self.stack_rects.append((seat, back))
            note, ink = self.box_note(seat, must, small, box.w - 12)
            text.draw(surface, text.fit(note, small, box.w - 12), (box.x + 6, box.bottom - int(4 * s)), small, ink,
                      anchor="bottomleft")
            y = box.bottom + int(6 * s)
        # What just happened, in the engine's words.
        # Whole sentences only, the newest at the foot: a sentence without room for all its lines is left
        # out, not shown by its last words (a lone "Player 1" above the others read as a heading).
        step = int(small * 1.3)
        ey = inner.bottom
        self.event_lines = []
        for event in reversed(self.fresh_events(state)[-4:]):
            lines = text.wrap(visible_names(self.board, event), small, inner.w)
            if len(self.event_lines) + len(lines) > 5 or ey - step * len(lines) < y:
                break
            ey -= step * len(lines)
            for j, line in enumerate(lines):
                text.draw(surface, line, (inner.x, ey + j * step), small, P.TEXT_DIM)
            self.event_lines[:0] = lines
