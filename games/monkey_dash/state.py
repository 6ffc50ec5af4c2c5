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
"""

from __future__ import annotations

from typing import Mapping

from ..core import CHANCE, TERMINAL, ActionSyntaxError, GameConfig, GameError, MatchFileError, State
from . import costs
from .board import COLOURS, ORTHOGONAL, RING, Board
from .cards import EFFECT_FLAGS, Card
from .illegal import NotYourTurnError, diagnose  # noqa: F401  (NotYourTurnError: part of this module's API)

HAND_LIMIT = 3
TURN_LIMIT = 120
"""Turns (both players together) after which an unfinished game is a draw."""
ACTIONS_PER_TURN = 40
"""A safe upper bound on actions (decisions and chance outcomes) within one turn; see max_length."""

_NO_EFFECTS = {flag: 0 if counted else False for flag, counted in EFFECT_FLAGS.values()}
"""The per-turn effects table with no card played: a flag (or a counter) per effect."""


class MonkeyDashState(State):
    """A game of Monkey Dash. Seat 0 plays red, seat 1 blue; squares are ints internally."""

    board: Board
    deck: tuple[Card, ...]
    _cards: dict[str, Card]  # id -> card, set with the deck
    _deck_order: dict[str, int]

    def __init__(self, config: GameConfig):
        super().__init__(config)
        b = self.board
        variant = config.variant
        self.cards_on = variant != "pure"
        self.bananas_on = variant == "bananas"
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
        self.effects = dict(_NO_EFFECTS)
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
        "dash" is True for a monkey move that is a Monkey Dash (it earns a Power Card).
        """
        if self.current_player() < 0:
            return []
        b = self.board
        return [{"action": a, "kind": k, "cost": c,
                 "from": None if f < 0 else b.name_of(f),
                 "to": None if t < 0 else b.name_of(t),
                 "dash": k == "monkey" and f != b.nests[self.turn_player] and b.distance(f, t) >= 2}
                for a, c, k, f, t in self._legal_moves()]

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

    # ---- move generation ---------------------------------------------------------------------
    def _legal_moves(self) -> list[tuple[str, int, str, int, int]]:
        """(action, AP cost, kind, from square, to square) for every legal decision, in a fixed order."""
        if self.phase == "interrupt":
            hand = self.hands[1 - self.turn_player]
            plays = [(f"play {c}", 0, "play", -1, -1) for c in hand if self._cards[c].interrupt]
            return plays + [("no interrupt", 0, "no interrupt", -1, -1)]
        if self.phase == "discard":
            return [(f"discard {c}", 0, "discard", -1, -1) for c in self.hands[self.turn_player]]
        moves = self._act_moves()
        if not any(m[1] > 0 for m in moves):
            # with AP left, 'pass' gives them up; with none left, only free steps remain and the
            # player says when the turn is over (with nothing free left, _settle already ended it)
            moves.append(("pass", 0, "pass", -1, -1) if self.ap > 0 else ("end turn", 0, "end turn", -1, -1))
        if self.banned:
            kept = [m for m in moves if not self._repeats_undone_turn(m)]
            if kept:  # if every way to finish the turn repeats, the rule yields
                moves = kept
        return moves

    def _repeats_undone_turn(self, move) -> bool:
        """Whether this move ends the turn in a position the stalemate rule bars."""
        action, cost, kind = move[0], move[1], move[2]
        if kind in ("pass", "end turn"):
            return self.position_key() in self.banned
        if cost < self.ap:
            return False  # AP are left: the turn goes on
        if kind == "buy":
            return self.position_key() in self.banned  # the board stays as it is
        twin = self.clone()
        twin._apply(action)
        if twin.winner is not None:
            return False
        if (twin.turns_done == self.turns_done and twin.phase == "act" and not twin.deal_queue
                and twin.turn_player == self.turn_player):
            return False  # free steps (or AP a card gave) are left: the turn goes on
        return twin.position_key() in self.banned

    def _floor_free(self, sq: int) -> bool:
        """A square a crate may enter: on the board, no crate, supervisor, banana, and not a nest."""
        return (sq >= 0 and sq not in self.crates and sq not in self.supervisors
                and sq not in self.bananas and sq not in self.board.nests)

    def _banana_target(self, sq: int) -> bool:
        return self._floor_free(sq) and sq not in self.board.bays

    def _slide_end(self, seat: int, start: int, direction: str) -> tuple[int, list[int]]:
        """Where a supervisor step ends (Super Slides included) and the bananas it slides over; -1 if the
        step itself is barred. A slide that would go into a crate, a supervisor, a nest, the other bay
        or off the board does not happen: the supervisor stops on the banana, which stays."""
        b = self.board
        barred = (b.nests[0], b.nests[1], b.bays[1 - seat])

        def blocked(sq: int) -> bool:
            return sq < 0 or sq in self.crates or sq in self.supervisors or sq in barred

        sq = b.step(start, direction)
        if blocked(sq):
            return -1, []
        slid: list[int] = []
        while sq in self.bananas:
            ahead = b.step(sq, direction)
            if blocked(ahead):
                break
            slid.append(sq)
            sq = ahead
        return sq, slid

    def _monkey_targets(self, seat: int) -> list[tuple[int, int]]:
        """(square, crates crossed) for every plain monkey move of `seat`."""
        b = self.board
        at, other = self.monkeys[seat], self.monkeys[1 - seat]
        from_nest = at == b.nests[seat]
        out = []
        for d in RING:
            sq, k = at, 0
            while True:
                sq = b.step(sq, d)
                if sq < 0 or sq not in self.crates or sq == other:
                    break
                k += 1
                out.append((sq, k))
                if from_nest:
                    break
        return out

    def _act_moves(self) -> list[tuple[str, int, str, int, int]]:
        b, p, ap, eff = self.board, self.turn_player, self.ap, self.effects
        name = b.name_of
        moves = []
        sup = self.supervisors[p]
        if not eff["supervisor_frozen"]:
            cost = costs.step_cost(eff)
            if cost <= ap:
                for d in (RING if eff["diagonal"] else ORTHOGONAL):
                    end, _ = self._slide_end(p, sup, d)
                    if end >= 0:
                        moves.append((f"sup {d}", cost, "sup", sup, end))
        if not eff["crates_frozen"]:
            ring = b.ring(sup)
            for i, c in enumerate(ring):
                if c < 0 or c not in self.crates:
                    continue
                heave = c in self.monkeys
                if heave:
                    carried = self.monkeys.index(c)
                    if carried == p and eff["monkey_frozen"]:
                        continue  # Nap Time: the mover's monkey may not move, not even on a heaved crate
                    cost = costs.heave_cost(eff, self.heaved[carried])
                else:
                    cost = costs.ROTATE
                if cost > ap:
                    continue
                kind = "heave" if heave else "rotate"
                for j in ((i - 1) % 8, (i + 1) % 8):
                    t = ring[j]
                    if self._floor_free(t):
                        moves.append((f"{kind} {name(c)} {name(t)}", cost, kind, c, t))
            cost = costs.push_cost(eff)
            if not eff["supervisor_frozen"] and cost <= ap:
                for d in ORTHOGONAL:
                    c = b.step(sup, d)
                    if c < 0 or c not in self.crates or c in self.monkeys or c == b.bays[1 - p]:
                        continue
                    t = b.step(c, d)
                    if self._floor_free(t):
                        moves.append((f"push {name(c)} {name(t)}", cost, "push", c, t))
        at = self.monkeys[p]
        if not eff["monkey_frozen"]:
            cost = costs.monkey_cost(eff)
            if cost <= ap:
                for t, _ in self._monkey_targets(p):
                    moves.append((f"monkey {name(at)}-{name(t)}", cost, "monkey", at, t))
                if eff["leap"] and at != b.nests[p]:
                    for d in RING:
                        mid = b.step(at, d)
                        t = b.step(mid, d) if mid >= 0 else -1
                        if t >= 0 and mid not in self.crates and t in self.crates and t != self.monkeys[1 - p]:
                            moves.append((f"leap {name(at)}-{name(t)}", cost, "leap", at, t))
        if self.bananas_on:
            if at != b.nests[p] and not self.heaved[p] and self.banana_store[p] > 0:
                for sq in b.around(at, 1):
                    if self._banana_target(sq):
                        moves.append((f"drop {name(sq)}", costs.DROP, "drop", at, sq))
                if costs.THROW <= ap:
                    for sq in b.around(at, 2):
                        if self._banana_target(sq):
                            moves.append((f"throw {name(sq)}", costs.THROW, "throw", at, sq))
            if costs.PICKUP <= ap:
                for sq in b.ring(sup):
                    # not the banana under the other supervisor (a Super Slide that stopped on it)
                    if sq >= 0 and sq in self.bananas and sq not in self.supervisors:
                        moves.append((f"pickup {name(sq)}", costs.PICKUP, "pickup", sup, sq))
        if self.cards_on:
            if self._can_gain() and costs.BUY <= ap:
                moves.append(("buy", costs.BUY, "buy", -1, -1))
            for c in self.hands[p]:
                if not self._cards[c].interrupt:
                    moves.append((f"play {c}", costs.PLAY, "play", -1, -1))
        return moves

    def _can_gain(self) -> bool:
        return self.cards_on and not self.gained and bool(self.draw_pile)

    # ---- applying ------------------------------------------------------------------------------
    def _apply(self, action: str) -> None:
        word, _, rest = action.partition(" ")
        if word == "start":
            self._start(COLOURS.index(rest))
        elif word == "draw":
            self._draw(rest)
        elif word == "no":
            self.phase = "act"
        elif word == "discard":
            self.hands[self.turn_player].remove(rest)
            self.discard_pile.append(rest)
            self.phase = "act"
            self._settle()
        elif word == "play":
            self._play(rest)
        elif word == "pass":
            self.ap = 0
            self._end_turn()
        elif action == "end turn":
            self._end_turn()
        else:
            self._act(word, rest)

    def _act(self, word: str, rest: str) -> None:
        b, p, eff = self.board, self.turn_player, self.effects
        sq = b.square
        dash = False
        if word == "sup":
            end, slid = self._slide_end(p, self.supervisors[p], rest)
            self.supervisors[p] = end
            for s in slid:
                self.bananas.remove(s)
            self.bananas_slid += len(slid)
            self._spend_step()
        elif word in ("rotate", "heave"):
            c, t = (sq(x) for x in rest.split())
            self._move_crate(c, t)
            if word == "heave":
                carried = self.monkeys.index(c)
                self.ap -= costs.heave_cost(eff, self.heaved[carried])
                self.monkeys[carried] = t
                self.heaved[carried] = True
            else:
                self.ap -= costs.ROTATE
        elif word == "push":
            c, t = (sq(x) for x in rest.split())
            self._move_crate(c, t)
            self.supervisors[p] = c
            self.ap -= costs.push_cost(eff)
        elif word in ("monkey", "leap"):
            f, t = (sq(x) for x in rest.split("-"))
            dash = word == "monkey" and f != b.nests[p] and b.distance(f, t) >= 2
            self.monkeys[p] = t
            if eff["free_monkey"] > 0:
                eff["free_monkey"] -= 1
            else:
                self.ap -= costs.MONKEY
        elif word in ("drop", "throw"):
            self.bananas.append(sq(rest))
            self.bananas.sort()
            self.banana_store[p] -= 1
            if word == "throw":
                self.ap -= costs.THROW
        elif word == "pickup":
            self.bananas.remove(sq(rest))
            self.banana_store[p] += 1
            self.ap -= costs.PICKUP
        elif word == "buy":
            self.ap -= costs.BUY
            self._gain()
        else:
            raise ActionSyntaxError(f"{word!r} is not a Monkey Dash action")
        self._check_win()
        if dash and self.phase != "over" and self._can_gain():
            self._gain()
        self._settle()

    def _spend_step(self) -> None:
        if self.effects["free_steps"] > 0:
            self.effects["free_steps"] -= 1
        else:
            self.ap -= costs.STEP

    def _move_crate(self, c: int, t: int) -> None:
        self.crates.remove(c)
        self.crates.append(t)
        self.crates.sort()

    def _gain(self) -> None:
        self.gained = True
        self.deal_queue.append(self.turn_player)

    def _check_win(self) -> None:
        for seat in (0, 1):
            if self.monkeys[seat] == self.board.bays[seat] and self.monkeys[seat] in self.crates:
                self.winner = seat
                self.phase = "over"
                self.deal_queue = []
                return

    def _settle(self) -> None:
        """After an action: end the turn once the AP are spent, nothing (a draw, a discard) is pending
        and no free step is left; with a free step left the player ends it ('end turn')."""
        if self.phase == "act" and not self.deal_queue and self.ap <= 0 and not self._act_moves():
            self._end_turn()

    def _start(self, seat: int) -> None:
        self.start_player = seat
        if self.cards_on:
            self.deal_queue = [seat, 1 - seat] * 2
        else:
            self._begin_turn(seat)

    def _draw(self, card_id: str) -> None:
        seat = self.deal_queue.pop(0)
        self.draw_pile.remove(card_id)
        self.hands[seat].append(card_id)
        order = self._deck_order
        self.hands[seat].sort(key=order.__getitem__)
        if not self.draw_pile:  # exhausted: the discards become the new (shuffled) draw pile
            self.draw_pile, self.discard_pile = sorted(self.discard_pile, key=order.__getitem__), []
        if self.phase == "setup":
            if not self.deal_queue:
                self._begin_turn(self.start_player)
            return
        if len(self.hands[seat]) > HAND_LIMIT:
            self.phase = "discard"
        self._settle()

    def _play(self, card_id: str) -> None:
        player = 1 - self.turn_player if self.phase == "interrupt" else self.turn_player
        self.hands[player].remove(card_id)
        self.discard_pile.append(card_id)
        card = self._cards[card_id]
        eff, amount = self.effects, card.amount
        if card.effect == "gain_ap":
            self.ap += amount
        elif card.effect == "lose_ap":
            self.ap = max(1, self.ap - amount)
        else:
            flag, counted = EFFECT_FLAGS[card.effect]
            eff[flag] = eff[flag] + amount if counted else True
        if self.phase == "interrupt" and not self._holds_interrupt(player):
            self.phase = "act"

    def _holds_interrupt(self, seat: int) -> bool:
        return any(self._cards[c].interrupt for c in self.hands[seat])

    def _begin_turn(self, seat: int) -> None:
        self.turn_player = seat
        self.ap = costs.TURN_AP - (costs.START_FEE if self.turns_done == 0 else 0)  # the start player's fee
        self.effects = dict(_NO_EFFECTS)
        self.gained = False
        self.heaved = [False, False]
        self.turn_start_key = self.position_key()
        self.banned = [end for who, start, end in self.undone if who == seat and start == self.turn_start_key]
        self.phase = "interrupt" if self._holds_interrupt(1 - seat) else "act"

    def _end_turn(self) -> None:
        p, end = self.turn_player, self.position_key()
        last = self.last_turn
        if last is not None and last[0] != p and last[1] != last[2] and end == last[1]:
            if last not in self.undone:  # this turn undid the opponent's whole turn
                self.undone.append(last)
        self.last_turn = (p, self.turn_start_key, end)
        self.turns_done += 1
        if self.turns_done >= TURN_LIMIT:
            self.phase = "over"
            return
        self._begin_turn(1 - p)

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
            s.effects = {**_NO_EFFECTS, **data["effects"]}
            s.turn_start_key = data["turn_start_key"]
            s.last_turn = None if data["last_turn"] is None else tuple(data["last_turn"])
            s.undone = [tuple(u) for u in data["undone"]]
            s.banned = list(data["banned"])
        except (KeyError, TypeError, ValueError) as exc:
            raise MatchFileError(f"not a saved Monkey Dash position: {exc}") from None
        return s

    def clone(self) -> "MonkeyDashState":
        """A fast copy (search bots clone a lot); equal to the base deep copy."""
        twin = object.__new__(type(self))
        d = self.__dict__.copy()
        for key in ("deal_queue", "crates", "monkeys", "supervisors", "bananas", "banana_store",
                    "draw_pile", "discard_pile", "heaved", "banned"):
            d[key] = list(d[key])
        d["hands"] = [list(h) for h in self.hands]
        d["effects"] = dict(self.effects)
        d["undone"] = list(self.undone)  # its entries are tuples, never changed in place
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
        b = self.board
        lines = []
        for row in range(b.height - 1, -1, -1):
            cells = []
            for col in range(b.width):
                s = row * b.width + col
                cells.append(self._cell(s))
            lines.append(f"{row + 1:2d} " + "".join(cells))
        lines.append("   " + "".join(f" {chr(ord('a') + c)} " for c in range(b.width)))
        lines.append("   [ ] crate, [R]/[B] monkey on a crate, (r)/(b) nest, <R>/<B> supervisor, "
                     "r/b loading bay, ) banana")
        if self.phase == "over":
            lines.append("Game over: " + (f"{COLOURS[self.winner]} wins" if self.winner is not None
                                          else f"a draw after {TURN_LIMIT} turns"))
        elif self.phase != "setup":
            who = COLOURS[self.turn_player]
            lines.append(f"Turn {self.turns_done + 1}: {who} ({self.seat_name(self.turn_player)}), "
                         f"{self.ap} AP left, phase {self.phase}")
            active = [k for k, v in self.effects.items() if v]
            if active:
                lines.append("Effects this turn: " + ", ".join(active))
        else:
            lines.append("Setting up")
        if self.cards_on:
            for seat in (0, 1):
                lines.append(f"{COLOURS[seat]} hand: {', '.join(self.hands[seat]) or '(none)'}")
            lines.append(f"draw pile {len(self.draw_pile)}, discard pile {len(self.discard_pile)}")
        if self.bananas_on:
            lines.append(f"bananas in hand: red {self.banana_store[0]}, blue {self.banana_store[1]}; "
                         f"slid away {self.bananas_slid}")
        return "\n".join(lines)

    def _cell(self, s: int) -> str:
        b = self.board
        for seat in (0, 1):
            if s == b.nests[seat]:
                letter = COLOURS[seat][0]
                return f"({letter.upper() if self.monkeys[seat] == s else letter})"
        if s in self.crates:
            inside = " "
            for seat in (0, 1):
                if self.monkeys[seat] == s:
                    inside = COLOURS[seat][0].upper()
            return f"[{inside}]"
        for seat in (0, 1):
            if self.supervisors[seat] == s:
                return f"<{COLOURS[seat][0].upper()}>"
        if s in self.bananas:
            return " ) "
        for seat in (0, 1):
            if s == b.bays[seat]:
                return f" {COLOURS[seat][0]} "
        return " . "
