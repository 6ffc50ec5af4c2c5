"""Monkey Dash rules: the state of a game, the legal actions and what each action does.

One action is one step of a turn (a supervisor step, one square of crate rotation, a push, a monkey
move, buying or playing a card, dropping, throwing or picking up a banana). A turn lasts until its
action points are spent; it cannot be ended early, except by `pass` when no action that costs AP is
legal. Once no AP is left the turn ends by itself, unless a free step (a banana drop, a card play, a
free move a card gave) is still possible: then it ends when the player says `end turn`. Card draws and the start player are chance outcomes, so the state holds no random generator.

Action strings (squares named like "c3"):
    sup N | sup NE ...        supervisor step (diagonals only with a diagonal_supervisor card)
    rotate c3 d4              pivot a crate one square round your supervisor
    heave c3 d4               the same with a monkey on the crate (Monkey Heave)
    push c3 c4                push a crate one square; your supervisor follows into c3
    monkey b2-d4              monkey move along a straight line of crates
    leap b2-d4                monkey_leap card: a leap over one crate-less square
    drop c4 | throw c5        bananas variant: drop next to / throw two squares from your monkey
    pickup c4                 bananas variant: your supervisor picks up a banana next to it
    buy | play <card> | discard <card> | no interrupt | pass | end turn
    start red | start blue | draw <card>       chance outcomes

This module holds the table, whose decision it is, the results, the checks and the saved form; the
legal moves are generated in moves.py, what each action does (and how a turn begins and ends) is in
actions.py, and the text board in text_board.py.
"""

from __future__ import annotations

from typing import Mapping

from ..core import CHANCE, TERMINAL, GameConfig, MatchFileError, State, quoted
from .actions import HAND_LIMIT, NO_EFFECTS, TURN_LIMIT, TurnActions
from .board import COLOURS, Board
from .cards import EFFECT_FLAGS, Card
from .help import has_bananas, has_cards
from .illegal import diagnose
from .moves import MoveGeneration
from . import text_board

ACTIONS_PER_TURN = 40
"""A safe upper bound on actions (decisions and chance outcomes) within one turn; see max_length."""


class MonkeyDashState(MoveGeneration, TurnActions, State):
    """A game of Monkey Dash. Seat 0 plays red, seat 1 blue; squares are ints internally."""

    board: Board
    deck: tuple[Card, ...]
    _cards: dict[str, Card]  # id -> card, set with the deck
    _deck_order: dict[str, int]

    def __init__(self, config: GameConfig):
        super().__init__(config)
        b = self.board
        variant = config.variant
        self.cards_on = has_cards(variant)
        self.bananas_on = has_bananas(variant)
        self.start_player: int | None = None
        self.deal_queue: list[int] = []  # seats that must draw a card next (chance)
        self.turn_player = 0
        self.turns_done = 0
        self.ap = 0
        self.phase = "setup"  # setup, interrupt, act, discard, over
        self.winner: int | None = None
        self.crates = list(b.crates)
        self.monkeys = list(b.nests)
        self.supervisors = list(b.supervisors)
        self.bananas: list[int] = []
        self.banana_store = [b.bananas_each, b.bananas_each] if self.bananas_on else [0, 0]
        self.bananas_slid = 0
        self.hands: list[list[str]] = [[], []]
        self.draw_pile = [c.id for c in self.deck] if self.cards_on else []
        self.discard_pile: list[str] = []
        self.gained = False
        self.heaved = [False, False]
        self.effects = dict(NO_EFFECTS)
        self.turn_start_key = ""
        self.last_turn: tuple | None = None  # (seat, start key, end key) of the turn just played
        self.undone: list[tuple] = []  # (seat, start key, end key): turns the opponent undid
        self.banned: list[str] = []  # end positions the mover may not end this turn in

    # ---- reading the position (also what a renderer needs) ---------------------------------
    @property
    def width(self) -> int:
        return self.board.width

    @property
    def height(self) -> int:
        return self.board.height

    def square_name(self, sq: int) -> str:
        return self.board.name_of(sq)

    def nests(self) -> list[str]:
        return [self.board.name_of(s) for s in self.board.nests]

    def loading_bays(self) -> list[str]:
        return [self.board.name_of(s) for s in self.board.bays]

    def crate_squares(self) -> list[str]:
        return [self.board.name_of(s) for s in self.crates]

    def monkey_squares(self) -> list[str]:
        return [self.board.name_of(s) for s in self.monkeys]

    def monkey_in_nest(self, seat: int) -> bool:
        return self.monkeys[seat] == self.board.nests[seat]

    def supervisor_squares(self) -> list[str]:
        return [self.board.name_of(s) for s in self.supervisors]

    def banana_squares(self) -> list[str]:
        return [self.board.name_of(s) for s in self.bananas]

    def draw_pile_size(self) -> int:
        return len(self.draw_pile)

    def discard_pile_size(self) -> int:
        return len(self.discard_pile)

    def card(self, card_id: str) -> Card:
        return self._cards[card_id]

    def effect_card(self, flag: str) -> Card | None:
        """The Power Card whose effect sets `flag` in the effects table (None if the deck has none)."""
        return next((c for c in self.deck if EFFECT_FLAGS.get(c.effect, ("",))[0] == flag), None)

    def effects_in_force(self) -> list[tuple[str, str]]:
        """(flag, card name) for each effect in force this turn, in the table's order."""
        out = []
        for flag, value in self.effects.items():
            card = self.effect_card(flag) if value else None
            if value:
                out.append((flag, card.name if card else flag.replace("_", " ")))
        return out

    def turn_count(self) -> int:
        return self.turns_done

    def turn_owner(self) -> int | None:
        return None if self.phase in ("setup", "over") else self.turn_player

    def moves(self) -> list[dict]:
        """The legal decisions with what a renderer needs: action, kind, cost, from and to squares.

        "from" is the square to click first (the supervisor, the crate, the monkey), "to" the square
        the piece ends on (a banana's square for drop, throw and pickup); both None for card actions.
        "dash" is True for a monkey move that is a Monkey Dash (it earns a Power Card); "wins" for a step
        that brings the mover's monkey, on its crate, into the mover's Loading Bay (the game ends there, so
        a winning Dash earns nothing); "loses" for a Monkey Heave that carries the other monkey into the
        other player's Loading Bay (which wins the game for them).
        """
        if self.current_player() < 0:
            return []
        return [self._move_row(*m) for m in self._legal_moves()]

    def warning(self, action: str) -> str:
        """A Monkey Heave that carries the other monkey into its own Loading Bay wins the game for the other
        player (the help's decision): said before it is played (a rules audit lost a game to one)."""
        if not action.startswith("heave ") or self.current_player() < 0:
            return ""
        m = next((m for m in self.moves() if m["action"] == action), None)
        if m is None or not m["loses"]:
            return ""
        other = self.seat_name(1 - self.turn_player)
        return (f"this Heave carries {other}'s monkey, on its crate, into {other}'s own Loading Bay, and {other} "
                "wins the game")

    def barred_moves(self) -> list[dict]:
        """The steps the stalemate rule takes out of the legal decisions now, in moves()' form (a renderer
        names the rule when a person asks for one of them)."""
        if self.current_player() < 0 or not self.banned:
            return []
        legal = {m[0] for m in self._legal_moves()}
        return [self._move_row(*m) for m in self._legal_moves(unfiltered=True) if m[0] not in legal]

    def _move_row(self, a: str, c: int, k: str, f: int, t: int) -> dict:
        b, me = self.board, self.turn_player
        carries_mine = k in ("monkey", "leap") or (k == "heave" and f == self.monkeys[me])
        other = 1 - me
        return {"action": a, "kind": k, "cost": c,
                "from": None if f < 0 else b.name_of(f),
                "to": None if t < 0 else b.name_of(t),
                "dash": k == "monkey" and f != b.nests[me] and b.distance(f, t) >= 2,
                "wins": carries_mine and t == b.bays[me],
                "loses": k == "heave" and f == self.monkeys[other] and t == b.bays[other]}

    def actions_from(self, square: str) -> list[dict]:
        """The legal decisions that start from a clicked square (see moves())."""
        return [m for m in self.moves() if m["from"] == square]

    def actions_by_square(self) -> dict[str | None, list[dict]]:
        """moves() grouped by the square they start from (None: card actions, pass, no interrupt)."""
        groups: dict[str | None, list[dict]] = {}
        for m in self.moves():
            groups.setdefault(m["from"], []).append(m)
        return groups

    def position_key(self) -> str:
        """The board alone (crates, monkeys, supervisors, bananas): what the stalemate rule compares."""
        return (f"{self.crates}{self.monkeys}{self.supervisors}{self.bananas}{self.banana_store}")

    # ---- whose decision -------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.start_player is None or self.deal_queue:
            return CHANCE
        if self.phase == "interrupt":
            return 1 - self.turn_player
        return self.turn_player

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.current_player() != CHANCE:
            return []
        if self.start_player is None:
            return [(f"start {c}", 0.5) for c in COLOURS]
        pile = self.draw_pile
        return [(f"draw {cid}", 1.0 / len(pile)) for cid in pile]

    def legal_actions(self) -> list[str]:
        if self.current_player() < 0:
            return []
        return [m[0] for m in self._legal_moves()]

    # ---- results ---------------------------------------------------------------------------
    def reached_limit(self) -> bool:
        """Whether the game ended as a draw at the turn limit rather than with a monkey in its bay."""
        return self.phase == "over" and self.winner is None

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if s == self.winner else -1.0 for s in (0, 1)]

    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]

    # ---- checking ----------------------------------------------------------------------------
    def check_action(self, action: str) -> None:
        """Refuse an action that is not legal now with the named error of the first rule it breaks
        (games/monkey_dash/illegal.py); chance outcomes and the finished game are the base class's."""
        if not isinstance(action, str):  # the base class's words: diagnose reads actions as text
            super().check_action(action)
        if self.current_player() >= 0 and action not in self.legal_actions():
            raise diagnose(self, action)
        super().check_action(action)

    def invariant_violations(self) -> list[str]:
        b, out = self.board, []
        if len(self.crates) != len(b.crates) or len(set(self.crates)) != len(self.crates):
            out.append(f"{len(set(self.crates))} distinct crates, the board has {len(b.crates)}")
        for s in self.crates:
            if not 0 <= s < b.size or s in b.nests or s in self.supervisors or s in self.bananas:
                out.append(f"a crate on {s} shares its square or is off the board")
        for seat, m in enumerate(self.monkeys):
            if m != b.nests[seat] and m not in self.crates:
                out.append(f"the {COLOURS[seat]} monkey is on the floor at {b.name_of(m)}")
        if self.monkeys[0] == self.monkeys[1]:
            out.append("both monkeys on one square")
        for seat, s in enumerate(self.supervisors):
            if not 0 <= s < b.size or s in b.nests or s == b.bays[1 - seat]:  # a banana: a stopped slide
                out.append(f"the {COLOURS[seat]} supervisor stands where it may not ({s})")
        if self.supervisors[0] == self.supervisors[1]:
            out.append("both supervisors on one square")
        total = len(self.bananas) + sum(self.banana_store) + self.bananas_slid
        expected = 2 * b.bananas_each if self.bananas_on else 0
        if total != expected or min(self.banana_store) < 0:
            out.append(f"bananas: {total} accounted for, {expected} expected")
        for s in self.bananas:
            if s in self.crates or s in b.nests or s in b.bays:
                out.append(f"a banana on {b.name_of(s)} shares its square")
        cards = sorted(self.hands[0] + self.hands[1] + self.draw_pile + self.discard_pile)
        expected_cards = sorted(c.id for c in self.deck) if self.cards_on else []
        if cards != expected_cards:
            out.append(f"the cards are not the deck: {cards}")
        limit = HAND_LIMIT + (1 if self.phase == "discard" else 0)
        if any(len(h) > limit for h in self.hands):
            out.append("a hand holds more than three cards")
        if self.phase not in ("setup", "over") and self.ap < 0:
            out.append(f"negative action points: {self.ap}")
        return out

    # ---- serialising ---------------------------------------------------------------------------
    def to_json(self) -> dict:
        n = self.board.name_of
        return {
            "start_player": self.start_player, "deal_queue": list(self.deal_queue),
            "turn_player": self.turn_player, "turns_done": self.turns_done, "ap": self.ap,
            "phase": self.phase, "winner": self.winner,
            "crates": [n(s) for s in self.crates], "monkeys": [n(s) for s in self.monkeys],
            "supervisors": [n(s) for s in self.supervisors], "bananas": [n(s) for s in self.bananas],
            "banana_store": list(self.banana_store), "bananas_slid": self.bananas_slid,
            "hands": [list(h) for h in self.hands], "draw_pile": list(self.draw_pile),
            "discard_pile": list(self.discard_pile), "gained": self.gained, "heaved": list(self.heaved),
            "effects": dict(self.effects), "turn_start_key": self.turn_start_key,
            "last_turn": None if self.last_turn is None else list(self.last_turn),
            "undone": [list(u) for u in self.undone], "banned": list(self.banned),
        }

    @classmethod
    def from_json(cls, config: GameConfig, data: Mapping) -> "MonkeyDashState":
        """The state saved by to_json(). Each field's form (type, length, range) is checked first and a
        wrong one refused with MatchFileError naming it (a research audit's fuzzed saves loaded with a
        start player of -1 or a deal queue of 'x' and failed on the next move); then the position as a whole
        (refuse_unplayable)."""
        if not isinstance(data, Mapping):
            raise MatchFileError(f"a saved Monkey Dash position is an object, not {type(data).__name__}")
        fault = _form_fault(data)
        if fault:
            raise MatchFileError(f"a saved Monkey Dash position's {fault}")
        s = cls(config)
        sq = s.board.square
        try:
            s.start_player = data["start_player"]
            s.deal_queue = list(data["deal_queue"])
            s.turn_player, s.turns_done, s.ap = data["turn_player"], data["turns_done"], data["ap"]
            s.phase, s.winner = data["phase"], data["winner"]
            s.crates = [sq(x) for x in data["crates"]]
            s.monkeys = [sq(x) for x in data["monkeys"]]
            s.supervisors = [sq(x) for x in data["supervisors"]]
            s.bananas = [sq(x) for x in data["bananas"]]
            s.banana_store, s.bananas_slid = list(data["banana_store"]), data["bananas_slid"]
            s.hands = [list(h) for h in data["hands"]]
            s.draw_pile, s.discard_pile = list(data["draw_pile"]), list(data["discard_pile"])
            s.gained, s.heaved = data["gained"], list(data["heaved"])
            s.effects = {**NO_EFFECTS, **data["effects"]}
            s.turn_start_key = data["turn_start_key"]
            s.last_turn = None if data["last_turn"] is None else tuple(data["last_turn"])
            s.undone = [tuple(u) for u in data["undone"]]
            s.banned = list(data["banned"])
        except (KeyError, TypeError, ValueError) as exc:
            raise MatchFileError(f"not a saved Monkey Dash position: {exc}") from None
        return s.refuse_unplayable("a saved Monkey Dash position")

    def clone(self) -> "MonkeyDashState":
        """A fast copy (search bots clone a lot); equal to the base deep copy."""
        twin = object.__new__(type(self))
        d = self.__dict__.copy()
        # every list the rules change in place gets its own copy (spelt out: this runs a lot)
        d["deal_queue"] = self.deal_queue[:]
        d["crates"] = self.crates[:]
        d["monkeys"] = self.monkeys[:]
        d["supervisors"] = self.supervisors[:]
        d["bananas"] = self.bananas[:]
        d["banana_store"] = self.banana_store[:]
        d["draw_pile"] = self.draw_pile[:]
        d["discard_pile"] = self.discard_pile[:]
        d["heaved"] = self.heaved[:]
        d["banned"] = self.banned[:]
        hands = self.hands
        d["hands"] = [hands[0][:], hands[1][:]] if len(hands) == 2 else [h[:] for h in hands]
        d["effects"] = self.effects.copy()
        d["undone"] = self.undone[:]  # its entries are tuples, never changed in place
        twin.__dict__ = d
        return twin

    # ---- text ------------------------------------------------------------------------------
    def action_to_string(self, action: str) -> str:
        return action

    def string_to_action(self, text: str) -> str:
        """Typed text to the canonical action: spacing and case are forgiven ('Sup s' is 'sup S'); text
        that names no legal action is refused with the reason, as apply_action would refuse it."""
        if self.current_player() < 0:
            return super().string_to_action(text)
        words = text.lower().split()
        if words[:1] == ["sup"]:
            words[1:] = [w.upper() for w in words[1:]]
        canon = " ".join(words)
        if canon in self.legal_actions():
            return canon
        raise diagnose(self, canon)

    def __str__(self) -> str:
        return text_board.render(self)


# ---- the form of each saved field (MonkeyDashState.from_json) -----------------------------------------

def _seat(v) -> bool:
    return type(v) is int and v in (0, 1)


def _count(v, most: int) -> bool:
    return type(v) is int and 0 <= v <= most


def _texts(v) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _turn_record(v) -> bool:
    """(seat, start position key, end position key): a turn as last_turn and undone keep it."""
    return isinstance(v, list) and len(v) == 3 and _seat(v[0]) and isinstance(v[1], str) and isinstance(v[2], str)


_FORMS = {
    "start_player": ("null or a seat (0 or 1)", lambda v: v is None or _seat(v)),
    "deal_queue": ("a list of seats (0 or 1)", lambda v: isinstance(v, list) and len(v) <= 16 and all(map(_seat, v))),
    "turn_player": ("a seat (0 or 1)", _seat),
    "turns_done": (f"a whole number from 0 to {TURN_LIMIT}", lambda v: _count(v, TURN_LIMIT)),
    "ap": ("a whole number from -1 to 20", lambda v: type(v) is int and -1 <= v <= 20),
    "phase": ("one of setup, interrupt, act, discard, over",
              lambda v: v in ("setup", "interrupt", "act", "discard", "over")),
    "winner": ("null or a seat (0 or 1)", lambda v: v is None or _seat(v)),
    "crates": ("a list of square names", _texts),
    "monkeys": ("two square names", lambda v: _texts(v) and len(v) == 2),
    "supervisors": ("two square names", lambda v: _texts(v) and len(v) == 2),
    "bananas": ("a list of square names", _texts),
    "banana_store": ("two whole numbers from 0 to 99", lambda v: isinstance(v, list) and len(v) == 2
                     and all(_count(x, 99) for x in v)),
    "bananas_slid": ("a whole number from 0 to 99", lambda v: _count(v, 99)),
    "hands": ("two lists of card names", lambda v: isinstance(v, list) and len(v) == 2 and all(map(_texts, v))),
    "draw_pile": ("a list of card names", _texts),
    "discard_pile": ("a list of card names", _texts),
    "gained": ("true or false", lambda v: type(v) is bool),
    "heaved": ("two of true or false", lambda v: isinstance(v, list) and len(v) == 2
               and all(type(x) is bool for x in v)),
    "effects": ("an object of the turn's card effects (" + ", ".join(NO_EFFECTS) + "): counts for free_monkey "
                "and free_steps, true or false for the others",
                lambda v: isinstance(v, Mapping) and all(
                    k in NO_EFFECTS and (_count(x, 99) if type(NO_EFFECTS[k]) is int else type(x) is bool)
                    for k, x in v.items())),
    "turn_start_key": ("a text", lambda v: isinstance(v, str)),
    "last_turn": ("null or [seat, start key, end key]", lambda v: v is None or _turn_record(v)),
    "undone": ("a list of [seat, start key, end key]", lambda v: isinstance(v, list) and all(map(_turn_record, v))),
    "banned": ("a list of position keys", _texts),
}


def _form_fault(data: Mapping) -> str:
    """The first saved field missing or not of its form, in words ("" when every one is)."""
    for key, (what, fits) in _FORMS.items():
        if key not in data:
            return f"field {key!r} is missing"
        if not fits(data[key]):
            return f"{key!r} must be {what}, not {quoted(data[key])}"
    return ""
