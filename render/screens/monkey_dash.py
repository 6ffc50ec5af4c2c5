"""The Monkey Dash board screen: the warehouse grid, Nests, Loading Bays, crates, monkeys, supervisors
and bananas; the action points left as pips; both hands of Power Cards with their texts; the piles.

Clicking a piece shows every legal step that starts from it, read from state.moves(): a supervisor's
reachable squares with their cost, a crate's rotation targets, push arrows, monkey moves with their
cost, a Monkey Dash picked out. Clicking a target plays that step: the one its label names. Cards are played
by clicking them; an End turn button beside the action points ends the turn while that is legal; a click on a
card or pile that can do nothing says why.
The engine decides what is legal; this screen only draws what state.moves() lists, and names the
stalemate rule when a click asks for a step that rule took out of the list.
"""

from __future__ import annotations

import math

import pygame

from games.core import CHANCE, GameError
from games.match import state_digest
from games.outcome import result_reason
from games.monkey_dash.actions import HAND_LIMIT, TURN_LIMIT
from games.monkey_dash.board import COLOURS, DIRECTIONS, ORTHOGONAL, RING
from games.monkey_dash.illegal import FrozenError, NotEnoughAPError, StalemateRuleError, diagnose

from .. import art
from .. import palette as P
from .. import text
from ..help import DecisionsScroll
from ..widgets import Button, WrappingRows, draw_seat_mark, panel
from .base import GameScreen

FLOOR = (70, 74, 82)
FLOOR_LINE = (52, 55, 62)
NEST = (96, 66, 40)
TWEEN = 0.25  # seconds a moved piece takes to slide to its new square after a person's step
BOT_TWEEN = 0.6  # ... after a bot's step: slow enough to follow the opponent's turn step by step
COLOUR_WORDS = ("red", "blue")
# What each of the engine's effect keys (state.effects) does now; the card's name comes from the deck.
EFFECT_HINTS = {"cheap_heave": "cheaper Heave", "cheap_push": "push 1 AP", "free_monkey": "free monkey move",
                "free_steps": "free steps", "diagonal": "diagonal steps", "leap": "monkey leap",
                "monkey_frozen": "monkey stays", "crates_frozen": "crates stay", "supervisor_frozen": "supervisor stays"}
KIND_WORDS = {"sup": "step", "rotate": "rotate", "heave": "HEAVE", "push": "push", "monkey": "move",
              "leap": "leap", "drop": "drop", "throw": "throw", "pickup": "pick up"}
# The piece a step of each kind moves (or acts with), as a square that several steps reach names it.
PIECE_WORDS = {"sup": "your supervisor", "pickup": "your supervisor", "rotate": "crate {}", "heave": "crate {}",
               "push": "crate {}", "monkey": "your monkey", "leap": "your monkey", "drop": "your monkey",
               "throw": "your monkey"}


COMPASS = {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east", "S": "south", "SW": "south-west",
           "W": "west", "NW": "north-west"}
# What a player may still do free of AP once none is left, by the kind of the step (the prompt at 0 AP).
FREE_WORDS = {"play": "play a card", "drop": "drop a banana", "monkey": "move your monkey", "leap": "move your monkey",
              "sup": "step your supervisor"}


def _along(one, other, tolerance: float = 2.0) -> bool:
    """Whether two drawn segments ((x, y), (x, y)) lie along each other: on one line, sharing more than an end."""
    (ax, ay), (bx, by) = one
    (cx, cy), (dx, dy) = other
    length = math.hypot(bx - ax, by - ay)
    if length < 1:
        return False
    ux, uy = (bx - ax) / length, (by - ay) / length
    if any(abs((px - ax) * uy - (py - ay) * ux) > tolerance for px, py in ((cx, cy), (dx, dy))):
        return False  # not on the same line
    lo, hi = sorted(((cx - ax) * ux + (cy - ay) * uy, (dx - ax) * ux + (dy - ay) * uy))
    return min(hi, length) - max(lo, 0.0) > tolerance


def square_xy(name: str) -> tuple[int, int]:
    """(column, row) of a square name such as 'c3' (row 0 at the bottom)."""
    return ord(name[0].lower()) - ord("a"), int(name[1:]) - 1


def square_name(col: int, row: int) -> str:
    return f"{chr(ord('a') + col)}{row + 1}"


def either(words: list[str], last: str = "or") -> str:
    """'a', 'a or b', 'a, b or c'."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def slid_over(move: dict) -> list[str]:
    """The bananas a supervisor step slides over (a Super Slide, which uses them up): the squares between the
    first square in its direction and where it ends, read from the step's own squares."""
    if move["kind"] != "sup" or not move["from"] or not move["to"]:
        return []
    dx, dy = DIRECTIONS.get(move["action"].split()[-1], (0, 0))
    (fx, fy), (tx, ty) = square_xy(move["from"]), square_xy(move["to"])
    return [square_name(fx + dx * k, fy + dy * k) for k in range(1, max(abs(tx - fx), abs(ty - fy)))]


def dash_pays(state) -> str:
    """Whether a Monkey Dash played now earns a Power Card, in a few words, read from the state: at most one
    new card a turn, none when no card is left to draw, none in Pure Strategy; a card that makes the hand too
    big is drawn all the same, and one is then discarded."""
    if not getattr(state, "cards_on", True):
        return "no card in Pure Strategy"
    if getattr(state, "gained", False):
        return "no card: one a turn"
    if not state.draw_pile_size():
        return "no card: none left to draw"
    if len(state.hands[state.turn_player]) >= HAND_LIMIT:
        return "earns a card, then discard one"
    return "earns a card"


def target_lines(move: dict, state) -> list[str]:
    """The lines a target square shows for a step, its cost last: 'step', '1 AP'; a Super Slide is 'slide'
    (a banana is used up); a Monkey Dash says whether it earns a card ('DASH!', '+ card') or not ('dash',
    'no card'); a step into the mover's Loading Bay says 'WIN!' (no card: the game ends there)."""
    kind = move["kind"]
    if move.get("wins"):
        words = ["WIN!"]
    elif move.get("loses"):  # a Heave into the other player's bay with their monkey: it wins for them
        words = ["LOSES!"]
    elif MonkeyDashScreen.is_dash(move):
        words = ["DASH!", "+ card"] if dash_pays(state).startswith("earns") else ["dash", "no card"]
    elif kind == "sup" and slid_over(move):
        words = ["slide"]
    else:
        words = [KIND_WORDS.get(kind, kind)]
    return words + [f"{move['cost']} AP"]


# The Choices list's order, the same in every position, so that a person learns where a step stands and a
# number key typed again finds the same kind of step: the supervisor's steps and pick-ups, the crates
# beside it with the steps of each together, the monkey's moves, the bananas, the cards, the turn's end.
# Within a group the pieces and directions go clockwise from north.
LOSS_GUARD_S = 0.5
"""A step that loses the game (MonkeyDashState.warning) is played on a second choice at least this long after the
last one: the second click of a double click is not a second choice."""

CHOICE_GROUPS = {"sup": 0, "pickup": 1, "rotate": 2, "heave": 2, "push": 2, "monkey": 3, "leap": 4, "drop": 5,
                 "throw": 6, "buy": 7, "no interrupt": 7.5, "play": 8, "discard": 9, "pass": 11, "end turn": 11}
# Declining comes before the Interrupt cards: a second Enter pressed quickly after the turn's end must not
# spend a card (an audit).
CARD_GROUPS = ("play", "discard")


def bearing(start: str, end: str) -> float:
    """The way from square `start` to square `end`, in turns clockwise from north (0 north, 0.25 east)."""
    (fx, fy), (tx, ty) = square_xy(start), square_xy(end)
    return round(math.atan2(tx - fx, ty - fy) / (2 * math.pi) % 1.0, 6)


def choice_key(move: dict, state) -> tuple:
    """Where a decision stands in the Choices list, and what it is in any position: (group, way, detail,
    card). A step's way is read from the piece that acts (a crate's from the supervisor it turns round or
    is pushed by, so the crate north of the supervisor comes first); a crate turns clockwise, then
    anticlockwise, then is pushed; a monkey move goes nearer first; cards keep their order in the hand."""
    kind, start, end = move["kind"], move["from"], move["to"]
    group = CHOICE_GROUPS.get(kind, len(CHOICE_GROUPS))
    if kind in CARD_GROUPS:
        card = move["action"].split(" ", 1)[1]
        hand = state.hands[state.current_player()] if state.current_player() >= 0 else []
        return group, float(hand.index(card)) if card in hand else 99.0, 0.0, card
    if start is None or end is None:
        return group, 0.0, 0.0, move["action"]
    if kind in ("rotate", "heave", "push"):
        sup = state.supervisor_squares()[state.turn_player]
        way = bearing(sup, start)
        turn = (bearing(sup, end) - way) % 1.0
        return group, way, 2.0 if kind == "push" else (0.0 if turn < 0.5 else 1.0), ""
    (fx, fy), (tx, ty) = square_xy(start), square_xy(end)
    return group, bearing(start, end), float(max(abs(tx - fx), abs(ty - fy))), ""


GONE = "\x00gone "
PAID_KINDS = frozenset({"sup", "rotate", "push", "heave", "monkey", "leap"})
"""Steps that cost AP by the rules: one that costs none was made free by a card, and says so."""
"""The start of a row's stand-in in the screen's list of actions: a step shown before in this decision that is
not possible now. Its row stays, so the rows after it keep their numbers; choosing it plays nothing."""

WAYS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")


def compass(way: float) -> str:
    """A way in turns clockwise from north, in words."""
    return WAYS[int(round(way * 8)) % 8]


def step_words(ident: tuple) -> str:
    """A step's kind in words, from its same_step ('supervisor east', 'the crate north of your supervisor:
    turn it clockwise'), for a row whose step is not possible now."""
    group = ident[0]
    if isinstance(ident[1], str):  # a card, or a decision named by its action
        name = str(ident[1])
        return name.replace("_", " ") if group not in (CHOICE_GROUPS["play"], CHOICE_GROUPS["discard"]) else \
            f"{'play' if group == CHOICE_GROUPS['play'] else 'discard'} {name.split(' ', 1)[-1].replace('_', ' ')}"
    way, detail = compass(ident[1]), ident[2]
    if group == CHOICE_GROUPS["sup"]:
        return f"supervisor {way}"
    if group == CHOICE_GROUPS["pickup"]:
        return f"pick up the banana {way}"
    if group == CHOICE_GROUPS["rotate"]:
        what = ("turn it clockwise", "turn it anticlockwise", "push it")[min(2, int(detail))]
        return f"the crate {way} of your supervisor: {what}"
    if group == CHOICE_GROUPS["monkey"]:
        return f"monkey {way}"
    if group == CHOICE_GROUPS["leap"]:
        return f"monkey leap {way}"
    if group == CHOICE_GROUPS["drop"]:
        return "drop a banana"
    if group == CHOICE_GROUPS["throw"]:
        return f"throw a banana {way}"
    return "that step"


def arrange_rows(keyed: list[tuple[tuple, str]], before: list[tuple] | None) -> list[tuple[tuple, str | None]]:
    """The rows of the list, as (same_step, action or None), from the choices (choice_key, action) sorted.

    With nothing `before` (a decision's first list): choice_key's order. Within a decision (`before`: the
    same_step of each row shown last, in order) every row keeps its place: a step still possible stays in its
    row, and one that is not possible now stays as a row that plays nothing (action None), so a number typed
    again means the same kind of step or nothing, never another one. (Filling a freed row with a step that had
    become possible put the way back there: 1 typed three times stepped east, east and west again, an audit.)
    Steps that become possible are added at the end, so no row shown before moves."""
    named = []  # (ident, key, action), two choices of one kind told apart by their order (none is dropped)
    count: dict = {}
    for k, a in keyed:
        ident = same_step(k)
        count[ident] = count.get(ident, 0) + 1
        named.append((ident if count[ident] == 1 else ident + (count[ident],), k, a))
    if not before:
        return [(ident, a) for ident, _, a in named]
    now = {ident: a for ident, _, a in named}
    rows: list[tuple[tuple, str | None]] = [(ident, now.get(ident)) for ident in before]
    shown = set(before)
    rows += [(ident, a) for ident, _, a in named if ident not in shown]  # at the end: no row above moves
    return rows


def decision_key(state) -> tuple:
    """A person's decision, through whose steps the list's rows keep their places: the phase, the turn and the
    player."""
    return getattr(state, "phase", ""), getattr(state, "turns_done", 0), state.current_player()


def decision_rows(state, moves: list[dict], legal: list[str], before: list[tuple] | None) -> list[tuple]:
    """The list's rows (same_step, action or None) at `state`, whose moves and legal actions are given, after the
    rows `before` of the same decision (arrange_rows); with no AP left, 'end the turn' comes first."""
    by_action = {m["action"]: m for m in moves}
    keyed = sorted((choice_key(by_action[a], state) if a in by_action else (len(CHOICE_GROUPS) + 1, 0.0, 0.0, a), a)
                   for a in legal)
    rows = arrange_rows(keyed, before)
    no_ap = getattr(state, "phase", "") == "act" and getattr(state, "ap", 1) <= 0
    if before is None and no_ap:  # a first list at 0 AP: 'end the turn' on top (no numbers to keep yet)
        rows.sort(key=lambda row: row[1] != "end turn")
    elif no_ap and rows and rows[0][1] is None and any(a == "end turn" for _, a in rows):
        # the turn's last AP spent: 'end the turn' takes the first row, which plays nothing now, rather than join
        # the end of a long list and scroll it (the numbers typed count from the rows in view)
        end = next(row for row in rows if row[1] == "end turn")
        rows = [end] + [row for row in rows[1:] if row is not end]
    return rows


def same_step(key: tuple) -> tuple:
    """What a choice_key says of a decision that another position has too: a card by its name, a step by its
    group and its way ('the supervisor east', 'the crate north of it, clockwise')."""
    return (key[0], key[3]) if key[3] else key[:3]


LAST_TURNS_TOLD = 10
"""How many of the game's last turns (of TURN_LIMIT) the action points' panel counts aloud."""


class MonkeyDashScreen(DecisionsScroll, GameScreen):
    """The warehouse board; the generic list still offers every legal step."""

    turn_guard_s = BOT_TWEEN + 0.4  # a person's turn after the other's: choices wait this long (by_hand.py)

    side_width = 290
    choice_rows = WrappingRows  # a row too long for one line wraps: its cost, "(1 AP)", was cut at large text

    def __init__(self, match, host=None):
        self.selected: str | None = None  # the clicked piece's square
        # (square, which) of a square that several steps of the piece end on, clicked once: the step chosen
        # there so far (a second click plays it, the wheel chooses another)
        self.square_pick: tuple[str, int] | None = None
        self.hover_square: str | None = None
        self._unchosen_at: tuple | None = None  # (phase, steps) of the question whose list was last left unchosen
        self.short_cards: set = set()  # the cards last drawn by their title alone (_card_boxes)
        self.pointer: tuple[int, int] | None = None  # where the mouse last moved to
        self.tweens: dict[tuple[str, int], tuple[str, float]] = {}  # (kind, index) -> (from square, age)
        self.card_rects: list[tuple[pygame.Rect, str]] = []  # (rect, action) for clickable cards and piles
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.cell = 1
        self._moves_key: tuple | None = None
        self._moves: list[dict] = []
        self.pip_centres: list[tuple[int, int]] = []  # where the action point pips were drawn
        self.preview_from: str | None = None  # the piece whose steps the pointer previews (clickable targets)
        self.tween_time = TWEEN
        self._row_action: dict[tuple, str] = {}  # the step each row of this decision last played
        # The opponent's steps since a person last acted, drawn on the board in order: (number, from, to,
        # words, seat, index in the match's history, the pieces of another seat it moved (a Monkey Heave on
        # your monkey) as (square now, seat whose piece it is, by whom), the turn it was played in (turn_count),
        # and the action marked (a step undone and replaced by another is no longer marked: marked()).
        self.recent: list[tuple[int, str | None, str | None, str, int, int, list[tuple[str, int, str]], int,
                                str]] = []
        self.recent_badges: list[tuple[int, pygame.Rect]] = []  # (step number, where its number was drawn)
        self.recent_tags: list[tuple[str, str, pygame.Rect]] = []  # (square, words, box) of 'moved by' tags
        self._tag_boxes: list[pygame.Rect] = []  # their boxes, which the steps' numbers keep clear of
        self.recent_arrows: list[tuple[int, tuple[float, float], tuple[float, float]]] = []  # (number, from, to)
        self.banana_corners: dict[str, tuple[float, float]] = {}  # bananas drawn again in a labelled square's corner
        # Beside the action points, shown only while the person deciding may end the turn ('end turn' at 0 AP,
        # 'pass' with AP nothing can spend): a click plays that and nothing else.
        self.end_turn_button = Button("End turn", self.end_turn)
        self._row_steps: list[tuple] = []  # same_step of each row of Choices, in the order shown
        # (phase, turns done, seat) of the decision the person is making, the same_step of each row shown last in
        # it, and the steps played then (an undo back into the decision starts its list afresh)
        self._turn_rows: tuple[tuple | None, list[tuple], int] = (None, [], 0)
        self._gone: dict[str, str] = {}  # the stand-in action of a row whose step is not possible now: its words
        # The cards and piles drawn that a click does nothing with, and what each is: ('card', seat, id),
        # ('pile', 'draw') or ('pile', 'discards'); hovering or clicking one says why (inert_words).
        self.inert_boxes: list[tuple[pygame.Rect, tuple]] = []
        super().__init__(match, host)
        self.restore_marks()

    # ---- geometry ---------------------------------------------------------------------
    def on_layout(self) -> None:
        rect = self.rects["board"]
        s = self.scale
        info_w = int(270 * s)
        margin = int(26 * s)  # room for the column letters and row numbers
        state = self.match.state
        cols, rows = state.width, state.height
        self.cell = max(8, min((rect.w - info_w - 2 * margin) // cols, (rect.h - 2 * margin) // rows))
        gw, gh = self.cell * cols, self.cell * rows
        self.grid = pygame.Rect(rect.x + margin, rect.y + (rect.h - gh) // 2, gw, gh)
        self.info_rect = pygame.Rect(self.grid.right + margin, rect.y, rect.right - self.grid.right - margin, rect.h)

    def square_rect(self, name: str) -> pygame.Rect:
        col, row = square_xy(name)
        rows = self.match.state.height
        return pygame.Rect(self.grid.x + col * self.cell, self.grid.y + (rows - 1 - row) * self.cell, self.cell,
                           self.cell)

    def square_at(self, pos) -> str | None:
        if not self.grid.collidepoint(pos):
            return None
        state = self.match.state
        col = (pos[0] - self.grid.x) // self.cell
        row = state.height - 1 - (pos[1] - self.grid.y) // self.cell
        return f"{chr(ord('a') + col)}{row + 1}"

    def centre(self, name: str) -> tuple[float, float]:
        return self.square_rect(name).center

    # ---- what the person may do ------------------------------------------------------
    def moves(self) -> list[dict]:
        """state.moves() for a person's decision, computed once per position."""
        match = self.match
        key = (len(match.history), id(match.state))
        if self._moves_key != key:
            self._moves_key = key
            self._moves = match.state.moves() if match.waiting_for_human() else []
        return self._moves

    def targets(self) -> list[dict]:
        """The moves shown on the board: those from the selected piece, or the one in focus in the list."""
        moves = self.moves()
        if self.selected is not None:
            return [m for m in moves if m["from"] == self.selected]
        if self.preview_from is not None and self.actions.hover is None:  # the piece the pointer previews
            preview = [m for m in moves if m["from"] == self.preview_from]
            if preview:
                return preview
        if self.focus_action is not None:
            return [m for m in moves if m["action"] == self.focus_action and m["from"] is not None]
        return []

    @staticmethod
    def is_dash(move: dict) -> bool:
        """A Monkey Dash: the engine's flag if it gives one, else a monkey move across two or more crates."""
        if "dash" in move:
            return bool(move["dash"])
        if move["kind"] != "monkey" or not move["from"] or not move["to"]:
            return False
        (fx, fy), (tx, ty) = square_xy(move["from"]), square_xy(move["to"])
        return max(abs(fx - tx), abs(fy - ty)) >= 2

    def barred(self) -> list[dict]:
        """The steps the stalemate rule takes out of the person's choices now (the engine's barred_moves)."""
        return self.match.state.barred_moves() if self.match.waiting_for_human() else []

    def ends_on(self, sq: str) -> list[dict]:
        """The legal steps of a piece that end on a square."""
        return [m for m in self.moves() if m["to"] == sq and m["from"] is not None]

    def row_action(self) -> str | None:
        """The step of the row selected in Choices: what the board labels when the pointer labels nothing."""
        selected = self.actions.selected
        return self.legal[selected] if 0 <= selected < len(self.legal) else None

    def square_step(self, sq: str) -> dict | None:
        """The step a click on `sq` plays when no piece is picked or previewed: the selected row's step when it
        ends there (the board labels it there), else the only step that ends there; None when several do
        and none of them is labelled (the click then asks for the piece first)."""
        ends = self.ends_on(sq)
        row = self.row_action()
        return next((m for m in ends if m["action"] == row), None) or (ends[0] if len(ends) == 1 else None)

    def steps_on(self, sq: str) -> list[dict]:
        """The steps shown on the board (the selected or previewed piece's) that end on square sq."""
        return [m for m in self.targets() if m["to"] == sq]

    def chosen_on(self, sq: str) -> dict | None:
        """The step chosen on sq, when several of the piece's steps end there and a click chose one."""
        pick = self.square_pick
        if pick is None or pick[0] != sq:
            return None
        steps = self.steps_on(sq)
        return steps[pick[1] % len(steps)] if len(steps) > 1 else None

    def choose_on_square(self, sq: str, steps: list[dict], which: int) -> None:
        """Choose step `which` of the several that end on sq: the board and Choices mark it, and the status
        line says what a second click plays and that the wheel chooses another."""
        self.square_pick = (sq, which)
        chosen = steps[which]
        self.board_hover = [chosen["action"]]
        others = [self.action_label(m["action"]) for k, m in enumerate(steps) if k != which]
        self.say(f"{len(steps)} steps end on {sq}. Chosen: {self.action_label(chosen['action'])}. Click {sq} again "
                 f"to play it; the wheel chooses {either(others, 'or')} instead.", 10.0)

    def several_words(self, sq: str) -> str:
        """What a click on a square several unlabelled steps end on says: which pieces to click first."""
        ends = self.ends_on(sq)
        pieces = sorted({PIECE_WORDS.get(m["kind"], "the piece on {}").format(m["from"]) for m in ends})
        return f"{len(ends)} steps end on {sq}: click {' or '.join(pieces)} first."

    def point_at(self, pos) -> None:
        """What the pointer at pos previews: a piece's steps, the step to a target, the End turn button or a
        card. board_hover is what the board labels under the pointer, so it is what a click there plays."""
        self.pointer = pos
        sq = self.square_at(pos)
        self.hover_square = sq
        if self.square_pick is not None and self.square_pick[0] != sq:
            self.square_pick = None  # the pointer left the square: its choice goes
        moves = self.moves()
        if any(m["from"] == sq for m in moves):
            self.preview_from = sq  # a piece: preview its steps
        elif sq is None or not any(m["from"] == self.preview_from and m["to"] == sq for m in moves):
            self.preview_from = None  # a target of the previewed piece keeps the preview: it is clickable
        if sq is None:  # a card or pile, as last drawn, whose action is legal still (a step may have come since)
            legal = {m["action"] for m in moves}
            self.board_hover = [a for r, a in self.card_rects if r.collidepoint(pos) and a in legal]
            ender = self.turn_ender()
            if ender and self.end_turn_button.rect.collidepoint(pos):
                self.board_hover = [ender]
        elif self.chosen_on(sq) is not None:
            self.board_hover = [self.chosen_on(sq)["action"]]  # the step chosen here
        elif self.selected is not None or (self.preview_from not in (None, sq)):
            self.board_hover = [m["action"] for m in self.targets() if m["to"] == sq]
        elif self.preview_from == sq:
            self.board_hover = [m["action"] for m in moves if m["from"] == sq]
        else:  # the step labelled on this square, or the only one that ends here: a click plays it
            step = self.square_step(sq)
            self.board_hover = [step["action"]] if step else []

    def cancel_pick(self) -> bool:
        """Esc lets go of the piece clicked on the board (it left the game for the menu instead: the
        shortcut keys see Esc before the board does)."""
        if self.selected is None:
            return False
        self.selected = None
        return True

    def board_event(self, event: pygame.event.Event, rect: pygame.Rect) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.point_at(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL and self.square_pick is not None:
            sq, which = self.square_pick
            steps = self.steps_on(sq)
            if len(steps) > 1 and self.hover_square == sq:
                self.choose_on_square(sq, steps, (which + (1 if event.y < 0 else -1)) % len(steps))
                return True
            return False
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1 or not rect.collidepoint(event.pos):
            return False
        if self.end_turn_button.handle(event) or self.click_card(event.pos) or self.click_inert(event.pos):
            return True
        sq = self.square_at(event.pos)
        if sq is None:
            self.selected = None
            return True
        if self.selected is not None or (self.preview_from is not None and self.preview_from != sq):
            chosen = self.steps_on(sq)  # a highlighted target: play it
            step = self.chosen_on(sq) or (chosen[0] if len(chosen) == 1 else None)
            if len(chosen) > 1 and step is None:
                # several steps end here (a step onto a banana and its pick-up): the first click chooses, and
                # says so; a click only ever played the first (an audit)
                self.choose_on_square(sq, chosen, 0)
                return True
            if step is not None:
                self.selected = self.preview_from = self.square_pick = None
                self.play(step["action"])
                return True
        starts = [m for m in self.moves() if m["from"] == sq]
        if starts:
            self.selected = None if self.selected == sq else sq
            # the list's chosen row goes to the piece's first step: its steps were marked in the list while
            # the row chosen stayed elsewhere, and Enter played that (an audit: "supervisor east" after a
            # click on a crate)
            rows = [self.legal.index(m["action"]) for m in starts if m["action"] in self.legal]
            if self.selected is not None and rows and self.actions.selected not in rows:
                self.actions.selected = min(rows)
                self.actions.reveal()
            return True
        piece, self.selected = self.selected, None
        chose_a_piece = piece is not None
        if not self.match.waiting_for_human():
            return True
        barred = [m for m in self.barred() if m["to"] == sq and (piece is None or m["from"] == piece)]
        if barred:  # a step the rules allow but for the stalemate rule: say so, not "no step"
            self.say(f"Stalemate rule: {sq} would end your turn where the opponent undid it.", 8.0)
            return True
        # The step the board labels here (board_hover) first: the pointer's label is what a click plays.
        labelled = next((m for m in self.ends_on(sq) if m["action"] in self.board_hover), None)
        step = None if chose_a_piece else labelled or self.square_step(sq)
        if step is not None:  # the step labelled here, or the one step that ends here: a click plays it
            self.preview_from = None
            self.play(step["action"])
        elif not chose_a_piece and self.ends_on(sq):
            self.say(self.several_words(sq), 6.0)
        else:
            self.say(self.no_step_reason(sq), 8.0)
        return True

    # ---- what a click under the pointer does, and the clicks that do nothing --------------------------
    def result_reason(self) -> str:
        """How the game was won, in a sentence for the result (the result said only "won" and "lost": a
        family's audit): games.outcome's words, which the terminal prints too."""
        return result_reason(self.match, self.seat_name)

    def enter_words(self) -> str | None:
        """The status line's words when a click under the pointer does something else than play the step in
        focus (the base line then reads "... (a click plays it)"): on a piece the click picks it; on a square
        several unlabelled steps end on it asks for the piece; on a card or pile that cannot be used it says
        why. None elsewhere."""
        focus = self.focus_action
        if focus is not None and focus.startswith(GONE):  # a row kept in place whose step is not possible now
            return f"{self._gone.get(focus, 'that step is not possible now')}: that row plays nothing now"
        pos = self.pointer
        board = self.rects.get("board")
        if pos is None or board is None or not board.collidepoint(pos) or self.actions.hover is not None:
            return None
        sq = self.square_at(pos)
        if sq is None:
            what = self.inert_at(pos)
            return self.inert_words(what) if what else None
        if not self.match.waiting_for_human():
            return None
        if self.selected == sq:
            return f"A click here lets go of {self.piece_words(sq)}; a click on a highlighted square plays its step."
        if self.preview_from == sq and (self.selected is None or not self.board_hover):
            n = len([m for m in self.moves() if m["from"] == sq])
            return (f"Click to pick {self.piece_words(sq)} ({n} step{'s' if n != 1 else ''} highlighted), then "
                    "click a highlighted square to play one.")
        if not self.board_hover and self.selected is None and len(self.ends_on(sq)) > 1:
            return self.several_words(sq)
        return None

    def piece_words(self, sq: str) -> str:
        """The pieces the steps starting on `sq` move, in words ('crate d3', 'your monkey or crate d3')."""
        words = {PIECE_WORDS.get(m["kind"], "the piece on {}").format(sq) for m in self.moves() if m["from"] == sq}
        return either(sorted(words)) if words else f"the piece on {sq}"

    def inert_at(self, pos) -> tuple | None:
        """The card or pile under pos that a click does nothing with (inert_boxes), or None."""
        return next((what for box, what in self.inert_boxes if box.collidepoint(pos)), None)

    def click_inert(self, pos) -> bool:
        """A click on a card or pile that does nothing says why in the status line, in place of an old message."""
        what = self.inert_at(pos)
        if what is None:
            return False
        self.say(self.inert_words(what), 6.0)
        return True

    def inert_words(self, what: tuple) -> str:
        """Why a click on this card or pile does nothing now, in one line, read from the state."""
        match, state = self.match, self.match.state
        if match.is_over():
            return "The game is over."
        if what == ("pile", "discards"):
            return "The discards are not drawn from: they are shuffled into a new draw pile when it runs out."
        if not match.waiting_for_human():
            return f"Wait: {self.seat_name(match.current_player)} is deciding."
        if what[0] == "card":
            card = state.card(what[2])
            # a card drawn by its title alone (no room for its words) says them on a click (_card_boxes)
            said = f"{card.name}: {card.text.rstrip('.')}. " if what[2] in self.short_cards else ""
            return said + self.card_words(what[1], what[2])
        if state.phase == "interrupt":
            return "Cards are bought in your own turn: now play an Interrupt card or let the turn start."
        if state.phase == "discard":
            return "You hold one card too many: click the card to discard first."
        why = self._refusal("buy")
        return f"No card can be bought now: {why}." if why else "No card can be bought now."

    def card_words(self, seat: int, card_id: str) -> str:
        """Why a click on this Power Card plays nothing: it is the other player's, an Interrupt out of its time,
        or a card that waits for your own turn."""
        state, me = self.match.state, self.match.current_player
        card = state.card(card_id)
        if seat != me:
            when = "at the start of your turn, against it" if card.interrupt else "in their own turn"
            return f"{card.name} is {self.seat_name(seat)}'s card: only they can play it, {when}."
        if state.phase == "interrupt":
            return f"Only an Interrupt card can be played now; {card.name} is played in your own turn."
        if card.interrupt:
            return (f"{card.name} is an Interrupt card: you play it at the start of "
                    f"{self.seat_name(1 - seat)}'s turn, against it.")
        why = self._refusal(f"play {card_id}")
        return f"{card.name} cannot be played now: {why.replace(card_id, card.name)}." if why else \
            f"{card.name} cannot be played now."

    # ---- ending the turn -----------------------------------------------------------------------
    def turn_ender(self) -> str | None:
        """The action that ends the turn of the person deciding, when it is legal now: 'end turn' (no AP
        left, a free step still possible) or 'pass' (AP left that nothing can spend); None otherwise."""
        return next((m["action"] for m in self.moves() if m["kind"] in ("end turn", "pass")), None)

    def end_turn(self) -> None:
        """The End turn button: plays the turn's ending, never another step; says why when it is not legal."""
        ender = self.turn_ender()
        if ender is None:
            self.say("The turn cannot end now: a turn spends exactly its action points.", 6.0)
            return
        self.selected = self.preview_from = None
        self.play(ender)

    # ---- why a clicked square starts no step ------------------------------------------------
    def no_step_reason(self, sq: str) -> str:
        """Why a click on `sq` starts no step, as the rules stop it here: the piece on it and what blocks each
        way it could go (a crate whose two turning squares are taken, a monkey in its nest with no crate
        beside it), or a reason every such step shares (no AP for it, a card played against this turn).
        Read from the state and the engine's own refusals (illegal.diagnose); nothing is changed."""
        state = self.match.state
        if state.phase == "interrupt":
            return "The turn has not begun: first play an Interrupt card or decline to interrupt (in Choices)."
        if state.phase == "discard":
            return "You hold one card too many: click the card to discard first."
        p = state.turn_player
        other = COLOUR_WORDS[1 - p]
        sups, monkeys, crates = state.supervisor_squares(), state.monkey_squares(), state.crate_squares()
        if sq == monkeys[p]:
            return self._monkey_reason(sq)
        if sq == sups[p]:
            return self._supervisor_reason(sq)
        if sq in crates:
            return self._crate_reason(sq)
        if sq == sups[1 - p]:
            return f"That is the {other} supervisor: you move only your own, on {sups[p]}."
        if sq == monkeys[1 - p]:
            return f"That is the {other} monkey in its nest: you move only your own, on {monkeys[p]}."
        if sq in state.banana_squares():
            why = self._refusal(f"pickup {sq}")
            return f"The banana on {sq} cannot be picked up now: {why}." if why else f"No step starts from {sq}."
        return (f"No step starts from {sq}: nothing of yours stands there. Click your supervisor ({sups[p]}), a "
                f"crate next to it, or your monkey ({monkeys[p]}).")

    def _refusal(self, action: str, kinds: tuple = ()) -> str:
        """The engine's reason for refusing `action` now, without its list of what is allowed ('' if it is
        legal after all); with `kinds`, only a reason of those error classes."""
        error = diagnose(self.match.state, action)
        if kinds and not isinstance(error, kinds):
            return ""
        if isinstance(error, StalemateRuleError):  # its words quote the typed action: said here in plain words
            return "the stalemate rule bars it (your turn would end where the opponent undid it)"
        return str(error).split(". Allowed now:")[0]

    def _shared_refusal(self, actions: list[str]) -> str:
        """A reason every one of `actions` is refused for alike: the AP they cost, or a card played against
        this turn ('' when they are refused for reasons of their own, such as the squares they would enter)."""
        reasons = [self._refusal(a, (NotEnoughAPError, FrozenError)) for a in actions]
        return reasons[0] if reasons and all(reasons) else ""

    def _holds(self, sq: int, supervisor: bool = False) -> str:
        """What keeps a crate (or, with `supervisor`, your supervisor) out of square `sq` (a board number; -1
        is off the board), in words; '' when nothing does."""
        state = self.match.state
        b = state.board
        if sq < 0:
            return "the board ends there"
        n = b.name_of(sq)
        if sq in state.crates:
            return f"{n} holds a crate"
        if sq in state.supervisors:
            return f"{n} holds the {COLOUR_WORDS[state.supervisors.index(sq)]} supervisor"
        if sq in state.bananas and not supervisor:  # a supervisor steps (and slides) onto a banana
            return f"{n} holds a banana"
        if sq in b.nests:
            return f"{n} is the {COLOUR_WORDS[b.nests.index(sq)]} Nest"
        if supervisor and sq == b.bays[1 - state.turn_player]:
            return f"{n} is the {COLOUR_WORDS[1 - state.turn_player]} Loading Bay"
        return ""

    def _supervisor_reason(self, name: str) -> str:
        state = self.match.state
        b, sup = state.board, state.board.square(name)
        ways = RING if state.effects["diagonal"] else ORTHOGONAL
        shared = self._shared_refusal([f"sup {d}" for d in ways])
        if shared:
            return f"Your supervisor on {name} cannot step: {shared}."
        blocked = [f"{COMPASS[d]}, {self._holds(b.step(sup, d), True) or self._refusal(f'sup {d}')}" for d in ways]
        return f"Your supervisor on {name} is boxed in: " + "; ".join(blocked) + "."

    def _crate_parts(self, name: str) -> list[str]:
        """Why the crate on `name` can neither turn round the supervisor nor be pushed, one part a way."""
        state = self.match.state
        b, p = state.board, state.turn_player
        c, sup = b.square(name), state.supervisors[p]
        ring = b.ring(sup)
        word = "heave" if c in state.monkeys else "rotate"
        turns = sorted((ring[(ring.index(c) - 1) % 8], ring[(ring.index(c) + 1) % 8]),
                       key=lambda t: b.name_of(t) if t >= 0 else "~")  # the squares it could turn to, by name
        shared = self._shared_refusal([f"{word} {name} {b.name_of(t)}" for t in turns if t >= 0])
        if shared:
            return [shared]
        taken = [self._holds(t) for t in turns]
        if all(taken):
            parts = [f"it cannot turn round your supervisor, as {either(taken, 'and')}"]
        else:  # a free turning square, refused all the same (the monkey on it was heaved, ...)
            parts = [self._refusal(f"{word} {name} {b.name_of(t)}") for t, why in zip(turns, taken) if not why]
        d = next((d for d in ORTHOGONAL if b.step(sup, d) == c), None)
        if d is None:
            parts.append("it is diagonal to your supervisor, so it cannot be pushed")
        else:
            ahead = b.step(c, d)
            held = self._holds(ahead)
            if c in state.monkeys:
                parts.append("a crate with a monkey on it is never pushed")
            elif held:
                parts.append(f"pushing it is blocked, as {held}")
            else:
                parts.append(self._refusal(f"push {name} {b.name_of(ahead)}"))
        return [part for part in parts if part]

    def _crate_reason(self, name: str) -> str:
        state = self.match.state
        p = state.turn_player
        sup = state.supervisor_squares()[p]
        carried = state.monkey_squares().index(name) if name in state.monkey_squares() else None
        what = f"Crate {name}" + (f" (the {COLOUR_WORDS[carried]} monkey on it)" if carried is not None else "")
        if name not in [state.board.name_of(s) for s in state.board.ring(state.supervisors[p]) if s >= 0]:
            return (f"{what} is not next to your supervisor on {sup}: a crate moves only from one of the eight "
                    "squares around your supervisor.")
        return f"{what} cannot move: " + "; and ".join(self._crate_parts(name)) + "."

    def _monkey_reason(self, name: str) -> str:
        state = self.match.state
        b, p = state.board, state.turn_player
        at = b.square(name)
        near = [s for s in b.ring(at) if s >= 0]
        shared = self._shared_refusal([f"monkey {name}-{b.name_of(s)}" for s in near])
        in_nest = at == b.nests[p]
        if shared:
            words = f"Your monkey on {name} cannot move: {shared}"
        else:
            crates = [s for s in near if s in state.crates]
            other = COLOUR_WORDS[1 - p]
            if in_nest and not crates:
                words = (f"Your monkey leaves its nest only by a hop onto a crate right next to it, and none of "
                         f"{either(sorted(b.name_of(s) for s in near), 'and')} holds one")
            elif not crates:
                words = f"Your monkey on {name} has no crate next to it to move onto (monkeys move only on crates)"
            else:  # the crates beside it carry the other monkey
                words = f"Your monkey on {name} cannot move: the only crate next to it carries the {other} monkey"
        if state.bananas_on and not in_nest:
            if state.banana_store[p] == 0:
                words += "; and you have no bananas left to drop"
            elif state.heaved[p]:
                words += "; and it was heaved this turn, so it cannot drop or throw bananas"
            else:
                words += "; and every square around it is taken, so no banana can be dropped there"
        if not in_nest and at in b.ring(state.supervisors[p]):
            words += "; its crate cannot be heaved: " + "; and ".join(self._crate_parts(name))
        return words + "."

    def describe(self, action: str, state) -> str:
        """A step in words with its cost ('push crate c3 to c4 (2 AP)'), cards by their names."""
        word, _, rest = action.partition(" ")
        if state.current_player() < 0:
            if word == "draw":  # for whom: the log said only "Chance: draws Tea Break" (an audit)
                queue = getattr(state, "deal_queue", None)
                whom = f" for {self.seat_name(queue[0])}" if queue else ""
                return f"draws {self._card_name(state, rest)}{whom}"
            if word == "start":  # the player, as every later line names them ("red starts": a Monkey Dash audit)
                seat = COLOURS.index(rest) if rest in COLOURS else None
                return f"{self.seat_name(seat)} ({rest}) starts" if seat is not None else f"{rest} starts"
            return super().describe(action, state)
        moves = self.moves() if state is self.match.state else state.moves()
        m = next((m for m in moves if m["action"] == action), None)
        if m is None:
            if word in ("play", "discard"):  # never the card's id: its title
                return f"{word} {self._card_name(state, rest)}"
            return super().describe(action, state)
        f, t, cost = m["from"], m["to"], m["cost"]
        words = {
            "sup": lambda: self.step_words(m, state),
            "rotate": lambda: f"rotate crate {f} to {t}",
            "heave": lambda: f"Monkey Heave: crate {f} to {t}",
            "push": lambda: f"push crate {f} to {t}",
            "monkey": lambda: f"monkey {f} to {t}" + (": into the Loading Bay, and wins" if m.get("wins") else
                                                      f": MONKEY DASH, {dash_pays(state)}" if self.is_dash(m)
                                                      else ""),
            "leap": lambda: f"monkey leaps {f} to {t}",
            "drop": lambda: f"drop a banana on {t}",
            "throw": lambda: f"throw a banana to {t}",
            "pickup": lambda: f"pick up the banana on {t}",
            "buy": lambda: "buy a Power Card",
            "play": lambda: f"play {self._card_name(state, rest)}",
            "discard": lambda: f"discard {self._card_name(state, rest)}",
            "no interrupt": lambda: "decline to interrupt",
            "pass": lambda: "pass (nothing that costs AP is possible)",
            "end turn": lambda: "end the turn (no AP left)",
        }
        say = words.get(m["kind"])
        text_ = say() if say else action
        if m.get("wins") and "wins" not in text_:
            # the board marks it "WIN!", and the row said only "Monkey Heave: crate e7 to d7 (4 AP)" (an audit)
            text_ += ", and wins"
        if m.get("loses"):
            # a rules audit chose such a Heave from a row that looked like any other and lost on the spot
            other = self.seat_name(1 - state.turn_player)
            text_ += f", into {other}'s Loading Bay with {other}'s monkey: {other} wins"
        if not cost and m["kind"] in PAID_KINDS:  # made free by a card (Tailwind): it showed no cost at all
            return text_ + " (free)"
        return text_ + (f" ({cost} AP)" if cost else "")

    @staticmethod
    def step_words(move: dict, state) -> str:
        """A supervisor step in words: 'supervisor east to d5'; a Super Slide named first, with the bananas it
        uses up ('Super Slide east to e5 over the banana on d5, using it up'); a step onto a banana that cannot
        be slid on says it stops there and the banana stays."""
        way, to = COMPASS.get(move["action"].split()[-1], ""), move["to"]
        slid = slid_over(move)
        if slid:
            what = (f"the banana on {slid[0]}, using it up" if len(slid) == 1
                    else f"the bananas on {either(slid, 'and')}, using them up")
            return f"Super Slide {way} to {to} over {what}"
        if to in getattr(state, "banana_squares", list)():
            return f"supervisor {way} to {to}, stopping on its banana (no slide: the banana stays)"
        return f"supervisor {way} to {to}"

    def effects_text(self) -> str:
        """The cards in force this turn, by their titles ('' when none)."""
        in_force = getattr(self.match.state, "effects_in_force", list)()
        return ("In play: " + ", ".join(f"{name} ({EFFECT_HINTS[flag]})" if flag in EFFECT_HINTS else name
                                        for flag, name in in_force)) if in_force else ""

    @staticmethod
    def _card_name(state, card_id: str) -> str:
        try:
            return state.card(card_id).name
        except (KeyError, AttributeError):
            return card_id

    def decision_text(self) -> str:
        state = self.match.state
        phase = getattr(state, "phase", "")
        if phase == "interrupt":
            return "play an Interrupt card against this turn, or let it start."
        if phase == "discard":
            return "too many Power Cards: choose one to discard."
        if phase == "act":
            ap = getattr(state, "ap", 0)
            points = f"{ap} action point{'s' if ap != 1 else ''} left"
            if not self.match.waiting_for_human():  # a bot's turn: said of that player, not to the person
                # of the turn's owner: while a card is drawn the player to act is chance, and the line read
                # "Chance has 0 action points left this turn" (an audit)
                return f"{self.seat_name(state.turn_player)} has {points} this turn."
            if ap <= 0:
                return self.no_ap_words()
            # a card only when one may be played now (Pure Strategy has none, and an empty hand neither)
            if self._card_playable():
                return f"{points}: click your supervisor, a crate beside it, your monkey, or a card (or pick a row of Choices)."
            return f"{points}: click your supervisor, a crate beside it, or your monkey (or pick a row of Choices)."
        if state.current_player() == CHANCE:  # no dice in this game: its chance is the Start Card and the draws
            if state.start_player is None:
                return "the Start Card decides who starts."
            return "a Power Card is being drawn."
        return super().decision_text()

    def short_decision_text(self) -> str | None:
        """The person's prompt in a few words, for a banner too narrow for the whole one."""
        state = self.match.state
        ap = getattr(state, "ap", 0)
        if getattr(state, "phase", "") == "act" and self.match.waiting_for_human() and ap > 0:
            return f"{ap} AP left: click a piece{' or a card' if self._card_playable() else ''}, or choose in the list."
        return None

    def _card_playable(self) -> bool:
        """Whether the person deciding may play a card now (the prompt offered one with none in hand)."""
        return any(a.startswith("play ") for a in self.match.state.legal_actions())  # the engine keeps them

    def no_ap_words(self) -> str:
        """The prompt once no AP is left: end the turn (the choice selected first), or first the free steps
        there are now, named as this position has them (a card to play, a banana to drop, a move a card made
        free), never a banana in a game without bananas."""
        kinds = [m["kind"] for m in self.moves()]
        if "end turn" not in kinds:
            return "no action points left."
        free = list(dict.fromkeys(FREE_WORDS[k] for k in kinds if k in FREE_WORDS))
        # (The free steps named as what they are, costing no AP: "or first take a free step: play a card" read
        # as though a card gave a free step, an audit found.)
        return "no action points left: end the turn" + (f", or before that, at no AP cost: {', '.join(free)}."
                                                         if free else ".")

    def _refresh_actions(self, force: bool = False) -> None:
        """The choices in the screen's fixed order (_order_choices); when they are new, the pointer's preview is
        read again, as the step a click on a square plays depends on the selected row."""
        fresh = force or self._legal_at != len(self.match.history)
        if not fresh:
            return
        rows = getattr(self, "_row_steps", [])
        selected = self.actions.selected
        kept = rows[selected] if 0 <= selected < len(rows) and len(rows) == len(self.legal) else None
        deciding = getattr(self, "_rows_decider", None)
        question = (getattr(self.match.state, "phase", ""), len(self.match.history))
        super()._refresh_actions(force)
        if self._rows_decider != deciding:
            kept = None  # another person's question: their list starts at its top (base._refresh_actions)
        self._order_choices(kept)
        if getattr(self, "_rows_handed", False):
            self.actions.selected = -1  # handed to another person: no row chosen (base._refresh_actions)
            self._handed_at = question
        handed = question == getattr(self, "_handed_at", None)  # that question's list made again: still none
        if selected < 0 and (question[0] == "interrupt" or handed) and question == self._unchosen_at:
            # the Interrupt question asked with no row chosen stays so when its list is made again (a keyboard audit:
            # a turn ended through the / finder made it twice, the second time on the first row, and one Enter
            # then declined a card)
            self.actions.selected = -1
        if self.actions.selected < 0:
            self._unchosen_at = question
        if self.pointer is not None:
            self.point_at(self.pointer)

    def _order_choices(self, kept: tuple | None) -> None:
        """Put the choices in an order a person can learn, and keep every row where it is through a decision:
        the engine lists them its own way, in which a step's row moved with every step before it in the list
        that came or went, so a number key typed again played another kind of step. A decision's first list is
        in choice_key's order; after each step of it the rows stay (arrange_rows): a step not possible now
        stays as a row that plays nothing and says why, and new steps are added at the end. A decision is a
        player's turn (its phase and turn; an undo back into it, or a match opened in it, finds the rows its steps had
        left: _rows_of_turn_so_far). Only the list on screen is in
        this order; the engine's legal actions keep theirs. Once no AP is left 'end the turn' is selected, so
        Enter ends the turn rather than giving a free step away (a card, a banana); else the selection stays
        on the same kind of step (`kept`: 'supervisor west' after a step west), or goes to the first row."""
        state = self.match.state
        n = len(self.match.history)
        decision = decision_key(state) if self.match.waiting_for_human() and self.legal else None
        last, rows_before, steps_then = self._turn_rows
        before = rows_before if decision is not None and decision == last and n >= steps_then else None
        if before is None and decision is not None and n and (last is None or (decision == last and n < steps_then)):
            # the screen's first list, of a match resumed or opened mid-turn, or an undo back into the turn: the rows
            # as the turn's steps had left them (a replay audit: after a resume, 5 played a rotation where it had
            # played the Forklift; after an undo, 3 rows stood where 8 had)
            before = self._rows_of_turn_so_far(decision)
        if self.filter:
            before = None  # a search shows what matches in the plain order; the decision's rows stay as they were
        rows = decision_rows(state, self.moves(), self.legal, before)
        no_ap = getattr(state, "phase", "") == "act" and getattr(state, "ap", 1) <= 0
        if decision is not None and not self.filter:
            self._turn_rows = (decision, [ident for ident, _ in rows], n)
        self._gone = {}
        if before is None and not self.filter:
            # (not while finding: the rows' last steps are what a greyed row's reason is worded from once the
            # finder closes; they were wiped, and every such row said "not possible now": a Monkey Dash audit)
            self._row_action = {}
        legal = []
        row_of = {action: k for k, (_, action) in enumerate(rows) if action is not None}
        for k, (ident, action) in enumerate(rows):
            if action is None:
                # why, in the engine's words, for the step this row last played ("c2 holds a crate", "buying
                # a card costs 4 AP, ..."): it said only "not possible now" (an audit). The same move may be
                # another row's now (the supervisor moved, so the crate is on another side of it).
                last = self._row_action.get(ident)
                why = (f"that move is row {row_of[last] + 1} now" if last in row_of
                       else self._refusal(last) if last is not None else "")
                action = f"{GONE}{k}"
                self._gone[action] = f"{self._row_words(ident)}: {why or ('no AP left' if no_ap else 'not possible now')}"
            else:
                self._row_action[ident] = action
            legal.append(action)
        self.legal = legal
        self._row_steps = [ident for ident, _ in rows]
        self.actions.compact = self.faint_rows()  # rows that play nothing take one line each
        self.actions.absolute_numbers = True  # a row keeps its number through a scroll too
        self.actions.set_items([self.action_label(a) for a in self.legal], keep=False)
        if no_ap and "end turn" in self.legal:
            self.actions.selected = self.legal.index("end turn")
        elif kept is not None and kept in self._row_steps:
            self.actions.selected = self._row_steps.index(kept)
        if before is None and getattr(state, "phase", "") == "interrupt":
            # Whether to interrupt the other's turn is asked with no row chosen: one Enter meant for the turn
            # before (or pressed by the other person at a shared screen) declined a card that would have
            # stopped the winning move (a family's audit). A number, a click or Up/Down then Enter chooses.
            self.actions.selected = -1
        self.actions.reveal()

    def _rows_of_turn_so_far(self, decision: tuple) -> list[tuple] | None:
        """The rows (their same_step idents) the list had at the last position of `decision` before this one, the
        match's steps played again from its start on a fresh state, with what each row last played (_row_action);
        None when this position is the decision's first (or the steps cannot be followed)."""
        match = self.match
        try:
            state = match.spec.new_state(match.config)
            rows, played = None, {}
            for step in match.history:
                player = state.current_player()
                if player >= 0 and player not in match.bots:
                    if decision_key(state) == decision:
                        made = decision_rows(state, state.moves(), state.legal_actions(), rows)
                        rows = [ident for ident, _ in made]
                        # what each row last played: a row that plays nothing now says why in its words
                        played.update((ident, a) for ident, a in made if a is not None)
                    else:
                        rows, played = None, {}
                state.apply_action(step.action)
            if state.to_json() != match.state.to_json():
                return None  # a position not reached by its own steps (set up by hand): nothing to follow
        except (GameError, KeyError, ValueError, IndexError, TypeError):
            return None
        if rows is not None:
            self._row_action = played
        return rows

    def _row_words(self, ident: tuple) -> str:
        """A row's kind of step in words (step_words), a card by its title, not its id ('play overtime')."""
        if isinstance(ident[1], str) and ident[0] in (CHOICE_GROUPS["play"], CHOICE_GROUPS["discard"]):
            verb = "play" if ident[0] == CHOICE_GROUPS["play"] else "discard"
            return f"{verb} {self._card_name(self.match.state, ident[1].split(' ', 1)[-1])}"
        return step_words(ident)

    def action_label(self, action: str) -> str:
        gone = getattr(self, "_gone", {}).get(action)
        return f"({gone})" if gone is not None else super().action_label(action)

    def choice_count(self) -> int:
        return sum(1 for a in self.legal if not a.startswith(GONE))

    def faint_rows(self) -> set[int]:
        return {i for i, a in enumerate(self.legal) if a.startswith(GONE)}

    def play(self, action: str) -> bool:
        if action.startswith(GONE):  # a row whose step is not possible now: nothing is played
            self.say(f"Nothing played: {self._gone.get(action, 'that step is not possible now')}.", 4.0)
            self.host.sound.play("error")
            return False
        if self.match.waiting_for_human() and not self.match.is_over():
            warning = self.match.state.warning(action)
            asked = (len(self.match.history), action)
            if warning and (getattr(self, "_loss_asked", None) != asked or self._loss_guard > 0):
                # a Heave that hands the other player the win is played on a second choice (a rules audit lost
                # a game to one chosen from a row that looked like any other), not the second click of a
                # double click (a regression audit: it played at once, the words never seen)
                if getattr(self, "_loss_asked", None) != asked:
                    self._loss_asked = asked
                    self.say(f"{warning[0].upper()}{warning[1:]}: choose it again to play it anyway.", 8.0)
                    self.host.sound.play("error")
                self._loss_guard = LOSS_GUARD_S
                return False
        return super().play(action)

    # ---- the help's keys, in this game's words (no dice) ---------------------------------------
    def skip_words(self) -> str:
        """What Space does here: this game has bots and card draws, no dice."""
        draws = " and the card draws'" if self.match.state.cards_on else ""
        return f"skip the bots'{draws} pauses until you decide"

    def undo_words(self) -> str:
        """Ctrl+Z and Ctrl+Y reach back to the last Power Card drawn (a draw is chance, so final); in Pure
        Strategy, with no cards, to the game's first move."""
        if self.match.state.cards_on:
            return "undo / redo (back to the last Power Card drawn: a drawn card stays drawn)"
        return "undo / redo (back to the first move: Pure Strategy draws no cards)"

    def undo_limit(self) -> str:
        if self.match.state.cards_on:
            return "a Power Card has been drawn since your last move, and a drawn card stays drawn."
        return "the game is back at its first move."

    def extra_shortcuts(self) -> list[tuple[str, str]]:
        keys = [("Click a piece", "show its legal steps with their cost; click a target to play it"),
                ("End turn button", "under the action points while the turn may end: at 0 AP with a free step "
                                    "still possible, or with AP nothing can spend (they are given up)"
                 if self.match.state.cards_on else
                 "under the action points when you have AP nothing can spend (they are given up)"),
                ("Choices, 1 to 9", "a turn's list starts in a fixed order: your supervisor's steps (north, then "
                                    "clockwise), the crates beside it (from the north, clockwise: turn clockwise, "
                                    "anticlockwise, push), your monkey, bananas, then cards; through the turn every "
                                    "row keeps its number: a number typed again plays the same kind of step, or "
                                    "nothing when that step is not possible now (its row says so, on one "
                                    "line: the pointer on it reads it whole), and new steps "
                                    "are added at the end; at 0 AP 'end the turn' is the row chosen (the first row once "
                                    "the first step is not possible), and when you may "
                                    "interrupt, 'decline to interrupt' comes first")]
        if self.match.state.cards_on:  # Pure Strategy has no cards to click
            keys += [("Click a card", "play it (or discard it when you hold too many)"),
                     ("Click the draw pile", "buy a Power Card for 4 AP")]
        return keys

    # ---- animation --------------------------------------------------------------------
    def on_step(self, step, before) -> None:
        self.selected = self.preview_from = None
        state = self.match.state
        by_bot = step.by >= 0 and step.by in self.match.bots
        self.tween_time = BOT_TWEEN if by_bot else TWEEN
        if by_bot or (step.by >= 0 and self.watched(step.by)):
            self.mark_step(step, before)
        # A person acting against a bot has seen the bot's marks: shown_marks hides them from then on (kept,
        # so that an undo back to the start of the turn shows them again, as the help says: an audit)
        self.board_hover = []  # the pointer's preview was of the position before: read again with the choices
        for kind, old, new in (("monkey", before.monkey_squares(), state.monkey_squares()),
                               ("supervisor", before.supervisor_squares(), state.supervisor_squares())):
            for i, (a, b) in enumerate(zip(old, new)):
                if a != b:
                    self.tweens[(kind, i)] = (a, 0.0)
        self.say_slide(step, before)
        self.say_draw(step, before)
        gone = set(before.crate_squares()) - set(state.crate_squares())
        came = set(state.crate_squares()) - set(before.crate_squares())
        if len(gone) == 1 and len(came) == 1:
            self.tweens[("crate", state.crate_squares().index(came.pop()))] = (gone.pop(), 0.0)

    def say_draw(self, step, before) -> None:
        """A Power Card drawn in play (bought, or earned by a Dash) into a person's hand, said in the status
        line: bought with the last AP, the turn passed at once and the card was only in the move log (an
        audit). The first hands, dealt at the start, are not said."""
        word, _, card = step.action.partition(" ")
        if word != "draw" or step.by >= 0 or getattr(before, "phase", "") == "setup":
            return
        seat = next((s for s, (a, b) in enumerate(zip(before.hands, self.match.state.hands)) if len(b) > len(a)), None)
        if seat is None or seat in self.match.bots:
            return
        name = self._card_name(self.match.state, card)
        self.say(f"{self.seat_name(seat)} draws {name}: it is in {self.seat_name(seat)}'s hand now.", 6.0)

    def say_slide(self, step, before) -> None:
        """A Super Slide said in the status line once played: whose supervisor slid, and the bananas it used up
        (they are gone for the game), read from the bananas before and after the step."""
        if not step.action.startswith("sup ") or step.by < 0:
            return
        gone = sorted(set(before.banana_squares()) - set(self.match.state.banana_squares()))
        if not gone:
            return
        whose = "your" if step.by not in self.match.bots else f"{self.seat_name(step.by)}'s"
        what = f"the banana on {gone[0]} is" if len(gone) == 1 else f"the bananas on {either(gone, 'and')} are"
        self.say(f"Super Slide: {whose} supervisor slid to {self.match.state.supervisor_squares()[step.by]}; "
                 f"{what} used up, gone for the game.", 8.0)

    def watched(self, seat: int) -> bool:
        """Whether a person at another seat is to see this seat's steps marked: at a hot seat every step is, so
        the one whose turn comes next sees what the other just did, as against a bot."""
        return any(other != seat and other not in self.match.bots for other in range(len(self.match.config.seats)))

    def mark_step(self, step, before) -> None:
        """Remember an opponent's step for the board (a bot's, or a person's at a hot seat): an arrow from where
        it started to where it went, numbered in the turn's order, and a ring on another seat's piece it moved
        (a heaved monkey). A step of the other seat starts the marks afresh: its turn's steps replace them."""
        self._mark(step, before, self.match.state, len(self.match.history) - 1)

    def restore_marks(self) -> bool:
        """The marks of a match opened part-played (a saved match, an autosave), made as they were made in play:
        its steps played again from the start on a copy of the game, each marked as on_step marks it. Opened,
        the board had lost the arrows of the opponent's last turn (a board-games audit). False when the steps do
        not lead to the match's position (a position set by hand): nothing is marked then."""
        history = self.match.history
        if not history:
            return True
        state = self.match.spec.new_state(self.match.config)
        try:
            for i, step in enumerate(history):
                before = state.clone()
                state.apply_action(step.action)
                if step.by >= 0 and (step.by in self.match.bots or self.watched(step.by)):
                    self._mark(step, before, state, i)
        except GameError:
            self.recent = []
            return False
        if state_digest(state) != state_digest(self.match.state):
            # a match whose position was set by hand (a test's arranged board) does not replay from the start
            # to where it is: it opens with nothing marked, as before
            self.recent = []
            return False
        return True

    def undo(self) -> None:
        super().undo()
        self._mark_again()

    def redo(self) -> None:
        super().redo()
        self._mark_again()

    def _mark_again(self) -> None:
        """After an undo or a redo the marks are made again from the steps that stand, as play made them: kept
        step by step, a hot seat's marks of the other person's turn went when the person undid their own first
        step, did not come back with a redo, and a step replaced after an undo was marked alone (an audit)."""
        kept = self.marked()
        self.recent = []
        if not self.restore_marks():
            self.recent = kept  # a position set by hand: the marks as they stood, less what was undone

    def _mark(self, step, before, state, index: int) -> None:
        """mark_step's work for a step played from `before` to `state`, at `index` in the match's history."""
        m = next((m for m in before.moves() if m["action"] == step.action), None)
        if m is None:
            return
        self.recent = [r for r in self.marked() if r[5] < index]  # a step played again where one was undone
        own = before.turn_player == step.by  # not a decision in the other's turn (whether to interrupt it)
        turn = before.turn_count() if own or not self.recent else self.recent[-1][7]
        if not self.recent or self.recent[-1][4] != step.by or self.recent[-1][7] != turn:
            # A new turn of the opponent's. Against a bot only its steps are marked, so its last mark was
            # always its own and the arrows of every turn piled up (1 to 35 by mid-game, an audit): the turn
            # a step belongs to starts the marks afresh as well.
            self.recent = []
        words = self.describe(step.action, before)
        moved = [(b, seat, self.seat_name(step.by))
                 for seat, (a, b) in enumerate(zip(before.monkey_squares(), state.monkey_squares()))
                 if a != b and seat != step.by]
        # numbered among the steps on the board, a card's play not counted: a card played first made the arrows
        # start at 2 or 3, and a player looked for an arrow 1 that was not there (a keyboard audit)
        steps = sum(1 for r in self.recent if r[1] is not None and r[2] is not None)
        self.recent.append((steps + 1, m["from"], m["to"], words, step.by, index, moved, turn, step.action))

    def marked(self) -> list[tuple]:
        """The marked steps still in the match's history (an undo takes the marks of what it undid away): the
        very step at its place, not one played there since (a hot-seat audit: a push undone and played again
        was drawn twice, and a step undone and replaced by another stood among the opponent's marks)."""
        history = self.match.history
        return [r for r in self.recent
                if r[5] < len(history) and (history[r[5]].by, history[r[5]].action) == (r[4], r[8])]

    def shown_marks(self) -> list[tuple]:
        """The marked steps drawn now: not a person's own while it is still their turn (a hot seat marks
        them for the other person, whose turn comes next); a bot's as it plays them; none once a person has
        stepped after them (until an undo takes that step back)."""
        marks = self.marked()
        if marks:
            history, last = self.match.history, marks[-1][5]
            if any(s.by >= 0 and s.by != marks[-1][4] for s in history[last + 1:]):
                return []
        owner = self.match.state.turn_owner()
        return [r for r in marks if r[4] != owner or r[4] in self.match.bots]

    @property
    def displaced(self) -> list[tuple[str, int, str]]:
        """The pieces of another seat the marked steps moved: (square now, seat whose piece it is, by whom)."""
        return [piece for r in self.shown_marks() for piece in r[6]]

    def animating(self) -> bool:
        return bool(self.tweens)

    def finish_animations(self) -> None:
        self.tweens.clear()

    _loss_guard = 0.0  # seconds left in which a second choice of a warned step is taken for a double click

    def update(self, dt: float) -> None:
        self._loss_guard = max(0.0, self._loss_guard - dt)
        if self.pointer is not None and self.actions.selected != getattr(self, "_label_row", None):
            # The row selected in Choices names the step a square's label shows (square_step): the label
            # is read again when the selection moves under a still pointer (a review found the click then
            # playing a step other than the one labelled).
            self._label_row = self.actions.selected
            self.point_at(self.pointer)
        for key, (start, age) in list(self.tweens.items()):
            if age + dt >= self.tween_time:
                del self.tweens[key]
            else:
                self.tweens[key] = (start, age + dt)
        super().update(dt)

    def piece_centre(self, kind: str, index: int, square: str) -> tuple[float, float]:
        x, y = self.centre(square)
        tween = self.tweens.get((kind, index))
        if tween is None:
            return x, y
        (fx, fy), t = self.centre(tween[0]), tween[1] / self.tween_time
        t = t * t * (3 - 2 * t)
        return fx + (x - fx) * t, fy + (y - fy) * t

    # ---- drawing ----------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        state = self.match.state
        grid, cell = self.grid, self.cell
        pygame.draw.rect(surface, FLOOR, grid)
        for c in range(state.width + 1):
            pygame.draw.line(surface, FLOOR_LINE, (grid.x + c * cell, grid.y), (grid.x + c * cell, grid.bottom), 2)
        for r in range(state.height + 1):
            pygame.draw.line(surface, FLOOR_LINE, (grid.x, grid.y + r * cell), (grid.right, grid.y + r * cell), 2)
        fs = self.font_size(14)
        for c in range(state.width):
            text.draw(surface, chr(ord("a") + c), (grid.x + c * cell + cell // 2, grid.bottom + 4), fs, P.TEXT_DIM,
                      anchor="midtop")
        for r in range(state.height):
            text.draw(surface, str(r + 1), (grid.x - 6, grid.bottom - r * cell - cell // 2), fs, P.TEXT_DIM,
                      anchor="midright")
        small = max(9, cell // 6)
        for seat, bay in enumerate(state.loading_bays()):
            br = self.square_rect(bay).inflate(-4, -4)
            colour = P.seat_colour(seat)
            clip = surface.get_clip()
            surface.set_clip(br.clip(clip))
            for k in range(-br.h, br.w, max(6, cell // 6)):  # hatching, so a bay reads without colour
                pygame.draw.line(surface, P.mix(colour, FLOOR, 0.35), (br.x + k, br.bottom), (br.x + k + br.h, br.y), 3)
            surface.set_clip(clip)
            pygame.draw.rect(surface, colour, br, width=max(2, cell // 20))
        for seat, nest in enumerate(state.nests()):
            nr = self.square_rect(nest)
            pygame.draw.circle(surface, NEST, nr.center, int(cell * 0.42))
            pygame.draw.circle(surface, P.seat_colour(seat), nr.center, int(cell * 0.42), max(2, cell // 16))
            pygame.draw.circle(surface, (60, 40, 24), nr.center, int(cell * 0.26))
        for b in state.banana_squares():
            art.banana(surface, self.centre(b), cell * 0.8)
        for i, c in enumerate(state.crate_squares()):
            x, y = self.piece_centre("crate", i, c)
            r = pygame.Rect(0, 0, cell, cell)
            r.center = (int(x), int(y))
            art.crate(surface, r)
        self._draw_targets(surface)
        for seat, sq in enumerate(state.supervisor_squares()):
            x, y = self.piece_centre("supervisor", seat, sq)
            art.supervisor(surface, (x, y), cell, P.seat_colour(seat), P.seat_shape(seat))
        # a banana under a supervisor (one stepped onto it and could not slide on) still blocks crates and waits
        # to be picked up: drawn again, small, in the square's lower left corner, not lost under the piece (an audit)
        for sq in set(state.supervisor_squares()) & set(state.banana_squares()):
            inner = self.square_rect(sq).inflate(-cell // 6, -cell // 6)
            art.banana(surface, (inner.x + cell * 0.24, inner.bottom - cell * 0.24), cell * 0.6)
        for seat, sq in enumerate(state.monkey_squares()):
            x, y = self.piece_centre("monkey", seat, sq)
            art.monkey(surface, (x, y), cell, P.seat_colour(seat))
            draw_seat_mark(surface, seat, (x + cell * 0.3, y + cell * 0.28), max(5, cell // 9), label=False)
        if self.selected is None:  # corner ticks on every piece a step can start from: what to click
            tick = max(4, cell // 6)
            for sq in {m["from"] for m in self.moves() if m["from"]}:
                r = self.square_rect(sq).inflate(-4, -4)
                for (cx, cy), (dx, dy) in ((r.topleft, (1, 1)), (r.topright, (-1, 1)), (r.bottomleft, (1, -1)),
                                           (r.bottomright, (-1, -1))):
                    pygame.draw.lines(surface, P.HIGHLIGHT, False, [(cx + dx * tick, cy), (cx, cy),
                                                                     (cx, cy + dy * tick)], 3)
        self._draw_recent(surface)
        self._draw_target_labels(surface)  # over the opponent's arrows, which ran through them (an audit)
        for words, squares in (("BAY", state.loading_bays()), ("NEST", state.nests())):
            for seat, sq in enumerate(squares):
                r = self.square_rect(sq)
                tag = text.render(f"{COLOUR_WORDS[seat].upper()} {words}", small, P.WHITE, bold=True)
                # above the selection's frame, which cut the words' feet (an audit at the largest text)
                box = tag.get_rect(midbottom=(r.centerx, r.bottom - max(3, cell // 16) - 1))
                pygame.draw.rect(surface, P.BLACK, box.inflate(4, 0), border_radius=3)
                surface.blit(tag, box)
        self._draw_badges(surface)
        if self.selected is not None:
            pygame.draw.rect(surface, P.HIGHLIGHT, self.square_rect(self.selected), width=max(3, cell // 16))
        elif self.preview_from is not None:
            pygame.draw.rect(surface, P.HIGHLIGHT, self.square_rect(self.preview_from), width=2)
        self._draw_info(surface, self.info_rect)

    def _draw_recent(self, surface: pygame.Surface) -> None:
        """The opponent's steps this turn: numbered arrows in the warning colour (a number and a shape, not
        colour alone), and a ring of that colour with 'moved by ...' on a piece of another seat's that they
        moved. Each arrow starts
        a little past its square's centre, so steps in a line (a crate turned on twice along a column) stay
        separate arrows; an arrow over one drawn already (a step there and back) runs beside it; each number
        is put where no other number is (recent_badges, drawn by _draw_badges over the board's labels)."""
        cell = self.cell
        fs = max(9, cell // 5)
        self.recent_badges = []
        self.recent_arrows = []
        if self.tweens:
            return  # the piece is still on its way: the arrow follows when it has arrived
        drawn: list[tuple[tuple[float, float], tuple[float, float]]] = []
        # The 'moved by ...' tags first: the numbers are placed clear of them (an audit saw a number over one).
        # A tag may be three squares wide, inside the board: at two a bot's name was cut ("moved by Careful e...").
        tags = []
        self.recent_tags = []  # (square, words, box) of each 'moved by' tag drawn
        board = self.rects.get("board") if hasattr(self, "rects") else None
        for sq, seat, by in self.displaced:
            r = self.square_rect(sq)
            words = text.fit(f"moved by {by}", fs, cell * 3, bold=True)
            tag = text.render(words, fs, P.BLACK, bold=True)
            box = tag.get_rect(midtop=(r.centerx, r.y + 2))
            if board is not None:
                box.clamp_ip(board)
            tags.append((r, tag, box))
            self.recent_tags.append((sq, words, box))
        self._tag_boxes = [box.inflate(6, 2) for _, _, box in tags]  # the numbers are placed clear of these
        for n, f, t, *_ in self.shown_marks():
            if f is None or t is None or f == t:
                continue
            start, end = self._arrow_lane(self.centre(f), self.centre(t), drawn)
            drawn.append((start, end))
            self.recent_arrows.append((n, start, end))
            art.arrow(surface, start, end, P.WARNING, max(3, cell // 12))
            self.recent_badges.append((n, self._badge_place(f, t, (fs + 8, fs + 6))))
        for r, tag, box in tags:
            pygame.draw.circle(surface, P.WARNING, r.center, int(cell * 0.5), max(3, cell // 14))
            pygame.draw.rect(surface, P.WARNING, box.inflate(6, 2), border_radius=3)
            surface.blit(tag, box)

    def _arrow_lane(self, a, b, drawn: list) -> tuple[tuple[float, float], tuple[float, float]]:
        """Where an arrow from centre a to centre b is drawn: from a little past a, and shifted sideways
        (one lane, then the other side, then further) while it would lie along an arrow already drawn."""
        (ax, ay), (bx, by) = a, b
        length = max(1.0, math.hypot(bx - ax, by - ay))
        ux, uy = (bx - ax) / length, (by - ay) / length
        gap = self.cell * 0.16
        start = (ax + ux * gap, ay + uy * gap)
        lane_w = max(6.0, self.cell * 0.14)
        for lane in (0, 1, -1, 2, -2, 3, -3):
            ox, oy = -uy * lane * lane_w, ux * lane * lane_w
            seg = ((start[0] + ox, start[1] + oy), (bx + ox, by + oy))
            if not any(_along(seg, other) for other in drawn):
                return seg
        return seg

    def _badge_place(self, f: str, t: str, size: tuple[int, int]) -> pygame.Rect:
        """The box of a step's number: the top left corner of the square it started from (where it has
        always been), else the corner of that square nearest the step's arrow, else of the square it went
        to, that no number placed already overlaps; failing those, under the last one placed."""
        placed = [r for _, r in self.recent_badges] + self._tag_boxes
        w, h = size
        fr, tr = self.square_rect(f), self.square_rect(t)
        toward = ((fr.centerx * 2 + tr.centerx) / 3, (fr.centery * 2 + tr.centery) / 3)

        def corners(r: pygame.Rect) -> list[pygame.Rect]:
            left, right, top, bottom = r.x + 3, r.right - 3 - w, r.y + 3, r.bottom - 3 - h
            return [pygame.Rect(x, y, w, h) for x, y in ((left, top), (right, top), (left, bottom), (right, bottom))]

        first, *rest = corners(fr)
        rest.sort(key=lambda c: math.hypot(c.centerx - toward[0], c.centery - toward[1]))
        for box in [first] + rest + corners(tr):
            if box.collidelist(placed) < 0:
                return box
        box = pygame.Rect(fr.x + 3, fr.y + 3, w, h)
        while box.collidelist(placed) >= 0:
            box.y += h + 2
        return box

    def _draw_badges(self, surface: pygame.Surface) -> None:
        """The numbers of the opponent's arrows, on top of everything on the board (the bays' labels too)."""
        fs = max(9, self.cell // 5)
        for n, badge in getattr(self, "recent_badges", []):
            pygame.draw.ellipse(surface, P.WARNING, badge)
            pygame.draw.ellipse(surface, P.BLACK, badge, 1)
            text.draw(surface, str(n), badge.center, fs, P.BLACK, bold=True, anchor="center")

    def target_words(self, move: dict) -> list[str]:
        """The lines a target square shows for a step (target_lines, of the position on screen)."""
        return target_lines(move, self.match.state)

    def _target_look(self, m: dict) -> tuple[tuple[int, int, int], bool]:
        """(colour, focus) of a target square: lit when the step wins or earns a card, or is the one chosen."""
        dash = self.is_dash(m)
        pays = m.get("wins") or (dash and dash_pays(self.match.state).startswith("earns"))
        focus = m["action"] == self.focus_action or (self.hover_square == m["to"] and (
            self.selected is not None or self.preview_from is not None))
        return (P.HIGHLIGHT if (pays or focus) else P.SKY_BLUE), focus

    def _draw_targets(self, surface: pygame.Surface) -> None:
        """The target squares' shading and the arrows of the steps that move a piece (their words come later,
        over the opponent's arrows: _draw_target_labels)."""
        cell = self.cell
        for m in self.targets():
            to = m["to"]
            if to is None:
                continue
            tr = self.square_rect(to)
            colour, focus = self._target_look(m)
            if m["kind"] in ("push", "monkey", "leap") or self.is_dash(m):
                art.arrow(surface, self.centre(m["from"]), tr.center, colour, max(3, cell // 14))
            inner = tr.inflate(-cell // 6, -cell // 6)
            shade = pygame.Surface(inner.size, pygame.SRCALPHA)
            shade.fill((*colour, 70))
            surface.blit(shade, inner)
            pygame.draw.rect(surface, colour, inner, width=max(2, cell // 24) + (2 if focus else 0),
                             border_radius=cell // 8)

    def _draw_target_labels(self, surface: pygame.Surface) -> None:
        """The words of every target square ("step 1 AP"), drawn after the opponent's arrows so that none
        runs through them (their numbers stay on top: _draw_badges)."""
        cell = self.cell
        fs = max(9, cell // 5)
        used: dict[str, int] = {}  # lines already drawn on a square (several steps may end on one square)
        for m in self.targets():
            to = m["to"]
            if to is None:
                continue
            inner = self.square_rect(to).inflate(-cell // 6, -cell // 6)
            colour, _ = self._target_look(m)
            picked = self.chosen_on(to)
            if picked is not None and picked["action"] != m["action"]:
                continue  # several steps end here and one is chosen: its words only
            k = used.get(to, 0)
            lines = self.target_words(m)
            used[to] = k + len(lines)
            for j, line in enumerate(lines):
                tag = text.render(text.fit(line, fs, inner.w - 4, bold=True), fs, P.BLACK, bold=True)
                box = tag.get_rect(midtop=(inner.centerx, inner.y + 3 + (k + j) * (fs + 2)))
                pygame.draw.rect(surface, colour, box.inflate(4, 0))
                surface.blit(tag, box)
        # A banana on a square the words cover ("step 1 AP", "pick up 1 AP") is drawn again, small, in its
        # corner: an audit dropped one and lost it under the words once the supervisor was chosen.
        self.banana_corners = {}
        for sq in set(used) & set(self.match.state.banana_squares()):
            inner = self.square_rect(sq).inflate(-cell // 6, -cell // 6)
            spot = (inner.right - cell * 0.16, inner.bottom - cell * 0.14)
            art.banana(surface, spot, cell * 0.34)
            self.banana_corners[sq] = spot

    def _draw_end_turn(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> int:
        """The End turn button under the action points, while the person deciding may end the turn; its label
        says what ending gives up ('pass' leaves AP unspent). Returns the y below it."""
        ender = self.turn_ender()
        if ender is None:
            return y
        ap = getattr(self.match.state, "ap", 0)
        label = "End turn" if ender == "end turn" else f"End turn (give up {ap} AP)"
        size = self.font_size(15)
        button = self.end_turn_button
        button.label = label
        button.selected = True  # the accent fill: the one control that ends the turn stands out
        w = min(inner.w, text.measure(label, size, bold=True)[0] + int(28 * self.scale))
        button.rect = pygame.Rect(inner.x, y, w, int(30 * self.scale))
        button.draw(surface, size)
        return button.rect.bottom + int(8 * self.scale)

    def _card_lines(self, card, action: str | None, width: int) -> tuple[list[str], list[str]]:
        """A card's box: its title's lines (two at most) and its words' lines, at the panel's width."""
        small, s = self.font_size(12), self.scale
        lines = text.wrap(card.text, small, width - int(12 * s))
        title = card.name + ("  (Interrupt)" if card.interrupt else "")
        if action:
            title += "  · click to " + action.split()[0]
        # the title on two lines when one will not hold it (at the largest text in a small window the card a
        # person had to decide on read "Safety Inspection (Interrup…": a window-size audit)
        heads = text.wrap(title, small, width - 10, bold=True)
        heads = heads if len(heads) <= 2 else [heads[0], text.fit(" ".join(heads[1:]), small, width - 10, bold=True)]
        return heads, lines

    def _card_boxes(self, state, hands, legal: set, inner: pygame.Rect, y: int) -> dict:
        """What each card of the hands shows, worked out once a frame; some by their title alone, so that the hands and the draw and discard piles fit the panel: at
        the largest text, hands of 3 and 3 pushed the piles (the draw pile is where a click buys) and half the card
        asked about out of the panel (a keyboard audit). Cards that play nothing now go short first, then the
        playable ones, the longest words first; none while everything fits. Returns each card's (action, title's
        lines, words' lines), the words left out of a short card; short_cards names those."""
        s, small, fs = self.scale, self.font_size(12), self.font_size(15)
        line = int(small * 1.3)
        room = inner.bottom - y - (int(64 * s) + int(20 * s))  # the piles' row below the hands
        if getattr(state, "bananas_on", False):
            room -= 2 * int(20 * s)
        boxes = {}  # card id -> (its action now or None, its title's lines, its words' lines)
        need = 0
        for seat in (0, 1):
            room -= max(int(22 * s), text.measure("Ag", fs, bold=True)[1] + int(2 * s)) + int(6 * s)
            for cid in hands[seat]:
                action = next((a for a in (f"play {cid}", f"discard {cid}") if a in legal), None)
                heads, lines = self._card_lines(state.card(cid), action, inner.w)
                boxes[cid] = (action, heads, lines)
                need += line * (len(heads) + len(lines)) + int(8 * s) + int(4 * s)
        # The cards that play nothing first, then the playable ones; the longest words first, so that as few go
        # short as make room (short ones went first, and the long one after them, room left empty: a regression
        # audit). Never by the focus: a card opened under a still pointer moved the others, and the click took the
        # card that came under it (a regression audit).
        self.short_cards = set()
        for cid in sorted(boxes, key=lambda c: (boxes[c][0] is not None, -len(boxes[c][2]))):
            if need <= room:
                break
            self.short_cards.add(cid)
            need -= line * len(boxes[cid][2])
            boxes[cid] = (*boxes[cid][:2], [])  # its words said on a click (inert_words) and in the help
        return boxes

    def last_turns_words(self, short: bool = False) -> str:
        """In the game's last LAST_TURNS_TOLD turns, which turn this is and that the game is drawn once the last
        ends ("" before them): a game at its turn limit ended drawn with nothing on screen to say it was near (an
        audit)."""
        state = self.match.state
        if getattr(state, "phase", "over") in ("over", "setup"):
            return ""
        turn = getattr(state, "turns_done", 0) + 1
        if turn <= TURN_LIMIT - LAST_TURNS_TOLD:
            return ""
        if short:
            return f"Turn {turn} of {TURN_LIMIT}, the last: then a draw." if turn >= TURN_LIMIT else \
                f"Turn {turn} of {TURN_LIMIT}: a draw after {TURN_LIMIT}."
        if turn >= TURN_LIMIT:
            return f"Turn {TURN_LIMIT} of {TURN_LIMIT}, the last: when it ends with no monkey home, the game is drawn."
        return f"Turn {turn} of {TURN_LIMIT}: the game is drawn when turn {TURN_LIMIT} ends with no monkey home."

    def _draw_info(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        state = self.match.state
        s = self.scale
        self.card_rects = []
        self.inert_boxes = []
        self.end_turn_button.rect = pygame.Rect(0, 0, 0, 0)  # drawn (and clickable) only while the turn can end
        inner = panel(surface, rect, "", 0)
        y = inner.y
        fs, small = self.font_size(15), self.font_size(12)
        turn = state.turn_owner()
        ap = getattr(state, "ap", 0)
        if turn is not None:
            draw_seat_mark(surface, turn, (inner.x + int(10 * s), y + int(10 * s)), int(9 * s))
            # the player's name, as the banner names them ("Red's action points" beside "Ann's turn": an audit)
            words = text.fit(f"{self.seat_name(turn)}'s action points", fs, inner.w - int(26 * s), bold=True)
            text.draw(surface, words, (inner.x + int(26 * s), y), fs, P.TEXT, bold=True)
            y += int(26 * s)
            pip = int(14 * s)
            self.pip_centres = []
            for k in range(max(4, ap)):
                cx = inner.x + pip + k * int(pip * 2.6)
                self.pip_centres.append((cx, y + pip))
                if k < ap:
                    pygame.draw.circle(surface, P.HIGHLIGHT, (cx, y + pip), pip)
                pygame.draw.circle(surface, P.WHITE, (cx, y + pip), pip, 2)
            text.draw(surface, f"{ap} left", (inner.x + max(4, ap) * int(pip * 2.6) + 4, y + pip), fs, P.TEXT,
                      anchor="midleft")
            y += int(pip * 2.6)
            y = self._draw_end_turn(surface, inner, y)
            words = self.effects_text()
            if words:
                for line in text.wrap(words, small, inner.w)[:2]:
                    text.draw(surface, line, (inner.x, y), small, P.WARNING)
                    y += int(small * 1.3)
            told = self.last_turns_words(), self.last_turns_words(short=True)
            # the shorter words where the longer need more than two lines (the largest text cut "..., the game is":
            # a regression audit)
            words = next((w for w in told if w and len(text.wrap(w, small, inner.w)) <= 2), told[1])
            if words:
                for line in text.wrap(words, small, inner.w)[:2]:
                    text.draw(surface, line, (inner.x, y), small, P.WARNING)
                    y += int(small * 1.3)
        if getattr(state, "cards_on", True):
            y += int(6 * s)
            hands = getattr(state, "hands", [[], []])
            legal = set(self.legal)
            boxes = self._card_boxes(state, hands, legal, inner, y)
            for seat in (0, 1):
                draw_seat_mark(surface, seat, (inner.x + int(9 * s), y + int(9 * s)), int(8 * s), label=False)
                name = self.seat_name(seat)
                count = f"{len(hands[seat])} card{'s' if len(hands[seat]) != 1 else ''}"
                room = inner.w - int(24 * s)
                # Drawn bold, so measured bold; when the colour word does not fit, the seat mark beside
                # the name shows the colour and the count keeps its room.
                title = next((t for t in (f"{name} ({COLOUR_WORDS[seat]}): {count}", f"{name}: {count}")
                              if text.measure(t, fs, bold=True)[0] <= room), None)
                title = title or text.fit(name, fs, room - text.measure(f": {count}", fs, bold=True)[0],
                                          bold=True) + f": {count}"
                text.draw(surface, title, (inner.x + int(24 * s), y), fs, P.TEXT, bold=True)
                # the heading's own height at this text size (a fixed 22 px let the first card's box cut its
                # letters at the largest size: an audit)
                y += max(int(22 * s), text.measure(title, fs, bold=True)[1] + int(2 * s))
                for cid in hands[seat]:
                    card = state.card(cid)
                    action, heads, lines = boxes[cid]
                    h = int(small * 1.3) * (len(lines) + len(heads)) + int(8 * s)
                    box = pygame.Rect(inner.x, y, inner.w, h)
                    focus = action is not None and action == self.focus_action
                    fill = P.SELECTED_ROW if action else P.BACKGROUND
                    pygame.draw.rect(surface, fill, box, border_radius=5)
                    pygame.draw.rect(surface, P.HIGHLIGHT if focus else (P.ACCENT if action else P.PANEL_EDGE), box,
                                     width=3 if focus else 1, border_radius=5)
                    ly = box.y + 4
                    for head in heads:
                        text.draw(surface, head, (box.x + 6, ly), small, P.HIGHLIGHT if card.interrupt else P.TEXT,
                                  bold=True)
                        ly += int(small * 1.3)
                    for line in lines:  # on a playable card's lighter fill the dim grey read at 3.4:1
                        text.draw(surface, line, (box.x + 6, ly), small, P.TEXT if action else P.TEXT_DIM)
                        ly += int(small * 1.3)
                    if action:
                        self.card_rects.append((box, action))
                    else:
                        self.inert_boxes.append((box, ("card", seat, cid)))
                    y += h + int(4 * s)
                y += int(6 * s)
            pile_w = (inner.w - int(10 * s)) // 2
            pile_h = int(64 * s)
            if y + pile_h + int(20 * s) <= inner.bottom:
                for k, (label, count) in enumerate((("Draw pile", state.draw_pile_size()),
                                                    ("Discards", state.discard_pile_size()))):
                    box = pygame.Rect(inner.x + k * (pile_w + int(10 * s)), y, pile_w, pile_h)
                    art.card(surface, pygame.Rect(box.x, box.y, int(pile_h * 0.7), pile_h), "", "", False,
                             face_up=False, highlight=(k == 0 and "buy" in legal and self.focus_action == "buy"))
                    text.draw(surface, label, (box.x + int(pile_h * 0.8), box.y + 4), small, P.TEXT)
                    text.draw(surface, str(count), (box.x + int(pile_h * 0.8), box.y + int(22 * s)), fs, P.TEXT,
                              bold=True)
                    if k == 0 and "buy" in legal:
                        # the words the room beside the pile takes: at the largest text "click: buy, 4 A" was cut
                        # off at the panel's edge (a window-size audit)
                        room = box.right - (box.x + int(pile_h * 0.8))
                        words = next((w for w in ("click: buy, 4 AP", "buy: 4 AP")
                                      if text.measure(w, small)[0] <= room), None) or text.fit("buy: 4 AP", small, room)
                        text.draw(surface, words, (box.x + int(pile_h * 0.8), box.y + int(44 * s)), small,
                                  P.HIGHLIGHT)
                        self.card_rects.append((box, "buy"))
                    else:
                        self.inert_boxes.append((box, ("pile", "draw" if k == 0 else "discards")))
                y += pile_h + int(6 * s)
        if getattr(state, "bananas_on", False):
            store = getattr(state, "banana_store", [0, 0])
            for seat in (0, 1):
                if y + int(20 * s) > inner.bottom:
                    break
                art.banana(surface, (inner.x + int(10 * s), y + int(10 * s)), int(22 * s))
                text.draw(surface, f"{COLOUR_WORDS[seat]}: {store[seat]} banana{'s' if store[seat] != 1 else ''} in hand",
                          (inner.x + int(26 * s), y), small, P.TEXT)
                y += int(20 * s)
