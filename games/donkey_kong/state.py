"""The rules of the Donkey Kong board game as a state machine (variants 'rulebook' and 'wiki').

A turn: a chance roll of both dice; the pawn's move (a decision: the whole path); the fireballs,
highest first, then the barrels, lowest first, each moved the obstacle count; then the dispenser
drops a barrel. A pawn reaching the Finish ends the game: once its player's turn is complete
(rulebook), or at once, as soon as the contacts of its walk are settled (wiki). Every contact
between a pawn and an obstacle stops the movement until the pawn's owner picks a face-up card (a
decision, also in another player's turn) or, without one, a chance draw settles the penalty, theft
or reward. Movement is therefore kept as resumable data: the rest of the pawn's path, the queue of
obstacles still to move, the obstacle in motion and the contacts waiting to be settled.

This module holds the table, the engine interface, the turn's course and the saved form; the rules
of each part of a turn have their own module: moves.py (the pawn's move), obstacles.py (fireballs
and barrels moving, and how they are numbered), contacts.py (a pawn meets an obstacle: cards,
penalty, theft, reward), stages.py (what the machine waits for), refusals.py (why an action is refused).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping

from games.core import CHANCE, TERMINAL, GameOverError, IllegalActionError, MatchFileError, State, quoted

from .board import BOARD
from .cards import (CARD_ACTIONS, CARD_INDEX, CARD_NAMES, CARD_POINTS, COPIES, DECK_SIZE, FINISH_BONUS, FIRST_HAND, KINDS,
                    card_label, dice_outcomes, face_label, weighted_kinds)
from .contacts import Contacts
from .moves import PawnMoves
from .paths import ACTION_PATHS, moves
from .obstacles import BARRELS, FIREBALLS, ObstacleMovement
from .refusals import refusal
from .stages import DEAL, DOT, MOVE, OBSTACLES, ORDER, OVER, RELEASE, ROLL, WALK

ROUND_LIMIT = 1000
"""Rounds after which a game without a rescue ends (documented in the help). The rules end a game only
at the rescue, so this is a safety net: between the project's bots games last about 20 to 100 rounds
and even random pawns have not come near it (docs/donkey_kong.md)."""
ROLL_OFF_LIMIT = 20  # start-player roll-offs before the earliest tied seat simply starts
MAX_PLAYERS = 4
# Upper bound of actions in one turn: roll, move and red-dot draw, plus at most one action per
# contact. A moving obstacle only ever goes forward on the gamepath (slides and advances included),
# at most once up and once down (a barrel turning into a fireball), with at most two ladder rungs
# per slide, and meets at most four pawns per space; 17 obstacle moves a turn (16 obstacles and the drop).
_ENTRIES_PER_MOVER = 2 * (len(BOARD.route) + max(len(r) for r in BOARD.ladder_spaces) + 1)


def turn_action_bound(players: int) -> int:
    """Most actions one turn can take with this many players: the bound above, where a space holds at
    most `players` pawns (so an obstacle entering it makes at most that many contacts)."""
    return 3 + 2 * 9 + 17 * _ENTRIES_PER_MOVER * players


def max_length(players: int) -> int:
    """Most actions (decisions and chance outcomes) a game of this many players can take: the roll-offs
    for the first turn (at most ROLL_OFF_LIMIT, each a roll per seat in it), the first hands dealt, then
    the game's own turn limit (ROUND_LIMIT rounds of `players` turns, after which _end_turn ends the game)
    times turn_action_bound(players).

    It is a strict bound, and a loose one: about 8.7 million actions for 2 players and 34.9 million for 4,
    where a 4-player game of random players takes about 800 and the longest game seen between the bots
    lasted about 610 rounds (README, "Measured figures"). The looseness is in the rules, not in the
    arithmetic: each contact is one action, a contact comes from an obstacle entering a pawn's space,
    a Jump card in the wiki reading gives the obstacle one more step, and cards change hands within a
    turn rather than run out (a theft or a reward puts one in the turn's player's hand), so the cards do
    not limit the contacts of a turn either: the obstacles' paths do. The only count the game limits is
    turns (the round limit, a safety net), and the bound is that limit times the worst turn."""
    return (ROLL_OFF_LIMIT * players + FIRST_HAND * players
            + ROUND_LIMIT * players * turn_action_bound(players))


TURN_ACTION_BOUND = turn_action_bound(MAX_PLAYERS)
MAX_LENGTH = max_length(MAX_PLAYERS)
"""The longest game of any player count (the spec's max_length); a state's max_length() is its own count's."""

_ROUTE_POS = BOARD.route_pos
_NAMES = BOARD.names
_FINISH, _START = BOARD.finish, BOARD.start
_RED = BOARD.red_dot
_DICE = {v: dice_outcomes(v) for v in ("rulebook", "wiki")}
_DICE_BY_ACTION = {v: {a: (m, f) for a, _, m, f in outs} for v, outs in _DICE.items()}
_DICE_CHANCE = {v: [(a, p) for a, p, _, _ in outs] for v, outs in _DICE.items()}
_ROLL_CHANCE = [(f"roll {k}", 1 / 6) for k in range(1, 7)]
_ROLL_ACTIONS = frozenset(a for a, _ in _ROLL_CHANCE)
FIXED_CHANCE = (*_DICE_CHANCE.values(), _ROLL_CHANCE)
"""The outcome lists chance_outcomes hands out as the same object every time, never changed (the dice of
each variant, the roll for the first turn): a playout may work out their running sums once
(games.bots.ChanceDraws)."""
_PLAY = tuple(f"play {name}" for name in CARD_NAMES)


class DonkeyKongState(PawnMoves, ObstacleMovement, Contacts, State):
    """Everything on the table, as plain lists and ints (see the module docstring)."""

    def __init__(self, config):
        super().__init__(config)
        n = config.num_players
        self.wiki = config.variant == "wiki"
        self.stage = ORDER
        self.rollers = list(range(n))  # seats in the current start-player roll-off
        self.rolls: list[int] = []  # their rolls so far, in the order of rollers
        self.roll_offs = 0
        self.first = 0
        self.deal_left = FIRST_HAND * n
        self.turn = 0
        self.turns = 0  # turns completed
        self.mario_roll = 0  # 0: no dice shown
        self.obstacle_roll = -1  # -1: no dice shown; DK_FACE (0): Donkey Kong
        self.pawns = [_START] * n
        self.barrels = [-1] * BARRELS
        for b, s in enumerate(BOARD.start_barrels):
            self.barrels[b] = s
        self.fireballs = [-1] * FIREBALLS
        self.deck = [COPIES] * KINDS
        # The deck is kept as counts by kind (its order is unknown to everybody), except for cards put
        # face down on top of it, whose order a rule fixes (the wiki's penalty): the last is the top.
        self.deck_top: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.played: list[list[int]] = [[] for _ in range(n)]
        self.bonus = [0] * n
        self.finisher = -1
        self.path_left: list[int] = []
        self.queue: list[int] = []  # obstacle codes still to move this turn
        self.in_motion: list | None = None  # [code, steps left, landing is exact, has slid, forced spaces]
        self.contacts: list[list[int]] = []  # [seat, obstacle code, space] waiting to be settled
        self.events: list[str] = []  # the last few things that happened, for people to read

    # ---- the renderer's view ---------------------------------------------------------------
    @property
    def variant(self) -> str:
        return self.config.variant

    def pawn_spaces(self) -> list[str]:
        return [_NAMES[s] for s in self.pawns]

    def barrel_spaces(self) -> list[str]:
        return [_NAMES[s] for s in self.barrels if s >= 0]

    def fireball_spaces(self) -> list[str]:
        return [_NAMES[s] for s in self.fireballs if s >= 0]

    def dispenser_count(self) -> int:
        return self.barrels.count(-1)

    def oil_can_count(self) -> int:
        """The fireballs waiting in the Oil Can (not yet let out)."""
        return self.fireballs.count(-1)

    def on_oil_can_count(self) -> int:
        """The fireballs let out that stand on the Oil Can's own space (drawn over the can, not in it)."""
        return self.fireballs.count(BOARD.oil_can)

    def deck_count(self) -> int:
        return sum(self.deck)

    def dice_shown(self) -> tuple[int, str] | None:
        """(Mario's count, the obstacle face: a number or 'DK') of this turn's roll, or None."""
        return None if self.mario_roll == 0 else (self.mario_roll, face_label(self.obstacle_roll))

    def face_up(self, seat: int) -> list[str]:
        return [CARD_NAMES[k] for k in self.hands[seat]]

    def played_cards(self, seat: int) -> list[str]:
        return [CARD_NAMES[k] for k in self.played[seat]]

    def scores(self) -> list[int]:
        return [sum(CARD_POINTS[k] for k in self.played[i]) + self.bonus[i] for i in range(len(self.pawns))]

    def turn_owner(self) -> int | None:
        return None if self.stage in (ORDER, DEAL, OVER) else self.turn

    def turn_count(self) -> int:
        return self.turns

    def move_choices(self) -> list[tuple[str, list[str]]]:
        """While the pawn's move is due: each legal move action with the spaces it walks (ids)."""
        if self.contacts or self.stage != MOVE:
            return []
        return [(a, [_NAMES[s] for s in path]) for a, path in self._move_options()]

    def pending_decision(self) -> dict:
        """What the game waits for: {'seat': seat or -1 (chance) or -2 (over), 'kind', 'text'}."""
        p = self.current_player()
        if p == TERMINAL:
            return {"seat": p, "kind": "over", "text": "the game is over"}
        if self.contacts:
            seat, code, space = self.contacts[0]
            what = "a fireball" if code < FIREBALLS else "a barrel"
            who = self.seat_name(seat)
            if p >= 0:
                return {"seat": p, "kind": "card",
                        "text": f"{who} meets {what} on {_NAMES[space]} and must play a face-up card"}
            verb = self._settle_verb()
            back = "face down on top of the deck" if self.wiki else "to the deck"
            text = {"lose": f"{who} meets {what} with no face-up card: a played card goes back {back}",
                    "steal": f"{who} meets {what} with no face-up card: {self.seat_name(self.turn)} "
                             "takes one of their played cards",
                    "draw": f"{who} meets {what} with no cards at all: {self.seat_name(self.turn)} "
                            "draws a card as a reward"}[verb]
            return {"seat": p, "kind": verb, "text": text}
        stage, who = self.stage, self.seat_name(self.turn)
        if stage == ORDER:
            text = f"{self.seat_name(self.rollers[len(self.rolls)])} rolls for the first turn"
        elif stage == DEAL:
            text = f"dealing the first face-up cards ({self.deal_left} to go)"
        elif stage == ROLL:
            text = f"{who} rolls both dice"
        elif stage == MOVE:
            text = f"{who} moves Mario {self.mario_roll} space{'' if self.mario_roll == 1 else 's'}"
        else:
            text = f"{who} stopped on a red dot and draws a card"
        return {"seat": p, "kind": self.stage, "text": text}

    # ---- the engine interface ------------------------------------------------------------
    def current_player(self) -> int:
        if self.contacts:
            seat = self.contacts[0][0]
            return seat if self.hands[seat] else CHANCE
        stage = self.stage
        if stage == MOVE:
            return self.turn
        if stage == OVER:
            return TERMINAL
        return CHANCE

    def legal_actions(self) -> list[str]:
        if self.contacts:
            hand = self.hands[self.contacts[0][0]]
            return [_PLAY[k] for k in sorted(set(hand))] if hand else []
        if self.stage != MOVE:
            return []
        if not self.wiki:
            actions = moves(self.pawns[self.turn], self.mario_roll, False)[0]
            if actions:
                return list(actions)
        return [a for a, _ in self._move_options()]

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.contacts:
            seat = self.contacts[0][0]
            if self.hands[seat]:
                return []
            verb = self._settle_verb()
            if verb == "draw":
                return self._draw_outcomes(verb)
            return weighted_kinds(_counts(self.played[seat]), verb)
        stage = self.stage
        if stage == ROLL:
            return _DICE_CHANCE[self.config.variant]
        if stage == ORDER:
            return _ROLL_CHANCE
        if stage in (DEAL, DOT):
            return self._draw_outcomes("deal" if stage == DEAL else "draw")
        return []

    def _draw_outcomes(self, verb: str) -> list[tuple[str, float]]:
        """The next card off the deck: the known top card if there is one, else any kind left, weighted."""
        if self.deck_top:
            return [(f"{verb} {CARD_NAMES[self.deck_top[-1]]}", 1.0)]
        return weighted_kinds(self.deck, verb)

    def _take_from_deck(self, kind: int) -> None:
        self.deck[kind] -= 1
        if self.deck_top:
            self.deck_top.pop()  # it was the known top card (chance_outcomes offered only that one)

    def check_action(self, action: str) -> None:
        # fast acceptance of every action that is legal now (exactly those the base class accepts, found
        # without building the lists of actions and outcomes); anything else is checked by the base
        # class, and a refusal is then explained in the game's words (refusals.py), unless the game is over
        if type(action) is str and self._accepts(action):
            return
        if not isinstance(action, str):  # the base class's words: the refusals read actions as text
            super().check_action(action)
        try:
            super().check_action(action)
        except GameOverError:
            raise
        except IllegalActionError as generic:
            raise (refusal(self, action) or generic) from None

    def apply_action(self, action: str) -> None:
        """Play a decision or a chance outcome in place (core.State.apply_action): an action that is not
        allowed now raises IllegalActionError saying why in the game's words, and changes nothing."""
        # the base class's check and apply, with the common case (a legal action) in one call
        if type(action) is str and self._accepts(action):
            self._apply(action)
        else:
            super().apply_action(action)

    def _accepts(self, action: str) -> bool:
        """Whether action is among legal_actions() or the chance_outcomes() now (False: let the base
        class decide, and explain)."""
        contacts = self.contacts
        if contacts:
            named = CARD_ACTIONS.get(action)
            if named is None:
                return False
            verb, kind = named
            seat = contacts[0][0]
            hand = self.hands[seat]
            if hand:
                return verb == "play" and kind in hand
            played = self.played[seat]
            if played:
                return verb == ("lose" if seat == self.turn else "steal") and kind in played
            return verb == "draw" and self._may_draw(kind)
        stage = self.stage
        if stage == ROLL:
            return action in _DICE_BY_ACTION[self.config.variant]
        if stage == MOVE:
            if not self.wiki:
                actions, action_set = moves(self.pawns[self.turn], self.mario_roll, False)
                if actions:
                    return action in action_set
            return any(a == action for a, _ in self._move_options())
        if stage == DOT or stage == DEAL:
            named = CARD_ACTIONS.get(action)
            return (named is not None and named[0] == ("draw" if stage == DOT else "deal")
                    and self._may_draw(named[1]))
        if stage == ORDER:
            return action in _ROLL_ACTIONS
        return False

    def _may_draw(self, kind: int) -> bool:
        """Whether a card of this kind can come off the deck now (as _draw_outcomes offers it)."""
        if self.deck_top:
            return kind == self.deck_top[-1]
        return self.deck[kind] > 0

    def action_to_string(self, action: str) -> str:
        if action.startswith("play "):
            return "play " + card_label(CARD_INDEX[action[5:]])
        return action

    def _apply(self, action: str) -> None:
        if self.contacts:
            self._settle(action)
        else:
            stage = self.stage
            if stage == ROLL:
                self.mario_roll, self.obstacle_roll = _DICE_BY_ACTION[self.config.variant][action]
                self.stage = MOVE
            elif stage == MOVE:
                path = ACTION_PATHS.get(action)
                if path is None:  # a path that goes on past a pawn (wiki): parsed once
                    path = ACTION_PATHS[action] = tuple(BOARD.index[name] for name in action.split()[1:])
                self.path_left = list(path)
                self.stage = WALK
            elif stage == DOT:
                kind = CARD_INDEX[action[5:]]
                self._take_from_deck(kind)
                self.hands[self.turn].append(kind)
                self._start_obstacles()
            elif stage == ORDER:
                self._roll_for_first(int(action[5:]))
            elif stage == DEAL:
                kind = CARD_INDEX[action[5:]]
                n = len(self.pawns)
                dealt = FIRST_HAND * n - self.deal_left
                self._take_from_deck(kind)
                self.hands[(self.first + dealt) % n].append(kind)
                self.deal_left -= 1
                if self.deal_left == 0:
                    self.turn = self.first
                    self.stage = ROLL
        self._run()

    def _roll_for_first(self, value: int) -> None:
        self.rolls.append(value)
        if len(self.rolls) < len(self.rollers):
            return
        best = max(self.rolls)
        tied = [s for s, r in zip(self.rollers, self.rolls) if r == best]
        self.roll_offs += 1
        if len(tied) == 1 or self.roll_offs >= ROLL_OFF_LIMIT:
            self.first = tied[0]
            self.stage = DEAL
            self._note(f"{self.seat_name(self.first)} rolls highest and starts")
        else:
            self.rollers, self.rolls = tied, []

    def _note(self, text: str) -> None:
        self.events.append(text)
        if len(self.events) > 6:
            del self.events[0]

    # ---- the automatic part of a turn ------------------------------------------------------
    def _run(self) -> None:
        """Carry the turn on until a decision or a chance outcome is needed."""
        while True:
            contacts = self.contacts
            if contacts:
                seat, code, space = contacts[0]
                pos = self.fireballs[code] if code < FIREBALLS else self.barrels[code - FIREBALLS]
                if pos == space and (self.hands[seat] or self.played[seat]
                                     or (seat != self.turn and sum(self.deck))):
                    return
                contacts.pop(0)  # the obstacle is gone, or nothing happens to a player with no cards
                continue
            stage = self.stage
            if stage == WALK:
                path_left = self.path_left
                if path_left:
                    # the pawn's steps; one that meets an obstacle stops the walk for the contact
                    pawns, turn, fireballs, barrels = self.pawns, self.turn, self.fireballs, self.barrels
                    while path_left:
                        s = path_left.pop(0)
                        pawns[turn] = s
                        if s in fireballs or s in barrels:
                            self._meet_on_walk(s)
                            break
                    continue
                here = self.pawns[self.turn]
                if here == _FINISH:
                    if self.finisher < 0:
                        self.finisher = self.turn
                        self._note(f"{self.seat_name(self.turn)} reaches the Finish")
                    if self.wiki:
                        # the article: the game ends when a player reaches the Finish and rescues the
                        # maiden, so the bonus is scored now and nothing else moves this turn
                        self._end_turn()
                        continue
                elif _RED[here] and sum(self.deck):
                    self.stage = DOT
                    return
                self._start_obstacles()
            elif stage == OBSTACLES or stage == RELEASE:
                self._run_obstacles()
            else:
                return

    def _meet_on_walk(self, s: int) -> None:
        """The walking pawn has stepped onto s, where obstacles are: a contact with each, fireballs first."""
        for code, pos in enumerate(self.fireballs):
            if pos == s:
                self.contacts.append([self.turn, code, s])
        for b, pos in enumerate(self.barrels):
            if pos == s:
                self.contacts.append([self.turn, FIREBALLS + b, s])

    def _end_turn(self) -> None:
        self.stage = ROLL
        self.in_motion = None
        self.queue = []
        self.turns += 1
        if self.finisher >= 0:
            self.bonus[self.finisher] += FINISH_BONUS
            self.stage = OVER
        elif self.turns >= ROUND_LIMIT * len(self.pawns):
            self.stage = OVER
            self._note(f"{ROUND_LIMIT} rounds played without a rescue: the game ends")
        else:
            self.turn = (self.turn + 1) % len(self.pawns)

    # ---- results ------------------------------------------------------------------------------
    def reached_limit(self) -> bool:
        """Whether the game ended at the round limit (a safety net) rather than at a rescue."""
        return self.stage == OVER and self.finisher < 0

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores()]

    def winners(self) -> list[int]:
        if self.stage != OVER:
            return []
        scores = self.scores()
        best = max(scores)
        return [i for i, s in enumerate(scores) if s == best]

    def max_length(self) -> int:
        """Most actions a game of this state's player count can take (max_length(players))."""
        return max_length(len(self.pawns))

    # ---- data -----------------------------------------------------------------------------------
    _FIELDS = ("stage", "rollers", "rolls", "roll_offs", "first", "deal_left", "turn", "turns",
               "mario_roll", "obstacle_roll", "pawns", "barrels", "fireballs", "deck", "deck_top", "hands",
               "played", "bonus", "finisher", "path_left", "queue", "in_motion", "contacts", "events")
    # The obstacle in motion was called "mover" when saves began to record state digests: it keeps
    # that key in the JSON, so the digests of earlier saves still match.
    _SAVED_AS = {f: ("mover" if f == "in_motion" else f) for f in _FIELDS}

    def to_json(self) -> dict:
        """A copy of everything the state holds, as plain JSON-able data: editing it never changes the
        game, and a snapshot kept at each step keeps the position it was taken at. The copies are spelt
        out, as in clone(), since the lists are never more than two deep."""
        m = self.in_motion
        return {"stage": self.stage, "rollers": self.rollers[:], "rolls": self.rolls[:],
                "roll_offs": self.roll_offs, "first": self.first, "deal_left": self.deal_left,
                "turn": self.turn, "turns": self.turns, "mario_roll": self.mario_roll,
                "obstacle_roll": self.obstacle_roll, "pawns": self.pawns[:], "barrels": self.barrels[:],
                "fireballs": self.fireballs[:], "deck": self.deck[:], "deck_top": self.deck_top[:],
                "hands": [h[:] for h in self.hands], "played": [p[:] for p in self.played],
                "bonus": self.bonus[:], "finisher": self.finisher, "path_left": self.path_left[:],
                "queue": self.queue[:], "mover": None if m is None else [m[0], m[1], m[2], m[3], m[4][:]],
                "contacts": [c[:] for c in self.contacts], "events": self.events[:]}

    @classmethod
    def from_json(cls, config, data) -> "DonkeyKongState":
        """The state saved by to_json(). A field of the wrong type, length or range (a pawn off the board,
        a card kind that does not exist, cards that are not the deck's 48) is refused here with
        MatchFileError naming the field, not left to fail at a later legal_actions() or str()."""
        s = cls(config)
        if not isinstance(data, Mapping):
            raise MatchFileError(f"a saved Donkey Kong position is an object, not {type(data).__name__}")
        n = config.num_players
        for f in cls._FIELDS:
            key = cls._SAVED_AS[f]
            if f == "deck_top" and key not in data:
                continue  # saved before the deck kept a top: nothing lay on it
            if key not in data:
                raise MatchFileError(f"a saved Donkey Kong position needs the field {key!r}")
            value = data[key]
            what, fits = _SAVED_FORM[f]
            if not fits(value, n):
                what = what.format(n=n, last=n - 1)
                raise MatchFileError(f"a saved Donkey Kong position's {key!r} must be {what}, not {quoted(value)}")
            setattr(s, f, copy.deepcopy(value))
        fault = s._saved_fault()
        if fault:
            raise MatchFileError(f"a saved Donkey Kong position is inconsistent: {fault}")
        return s.refuse_unplayable("a saved Donkey Kong position")

    def _saved_fault(self) -> str:
        """What a loaded position breaks across its fields ("" when nothing), each field already of its form."""
        if self.stage == ORDER and len(self.rolls) >= len(self.rollers):
            return f"'rolls' {self.rolls} leaves none of 'rollers' {self.rollers} to roll"
        if len(self.rolls) > len(self.rollers):
            return f"'rolls' {self.rolls} holds more rolls than 'rollers' {self.rollers} has seats"
        by_kind = [sum(x) for x in zip(self.deck, _counts([k for h in self.hands for k in h]),
                                       _counts([k for p in self.played for k in p]))]
        if any(c != COPIES for c in by_kind):
            return f"the cards by kind in 'deck', 'hands' and 'played' are {by_kind}, not {COPIES} of each"
        if any(self.deck_top.count(k) > self.deck[k] for k in set(self.deck_top)):
            return f"'deck_top' {self.deck_top} holds cards that are not in 'deck' {self.deck}"
        m = self.in_motion
        if m is not None:
            # The obstacle in motion stands on the board: one in the dispenser or the Oil Can had no space to
            # move from, and the next step then never ended (a research audit's fuzzed save hung there). Over
            # 45,879 states with an obstacle in motion, in 300 random games, none stood off the board.
            code = m[0]
            where = self.fireballs[code] if code < FIREBALLS else self.barrels[code - FIREBALLS]
            if where < 0:
                kind = "fireball" if code < FIREBALLS else "barrel"
                return f"'mover' {m} moves {kind} {code}, which is not on the board"
        return ""

    def clone(self) -> "DonkeyKongState":
        """An independent copy (core.State.clone), every list copied by hand: bots clone a lot."""
        twin = object.__new__(type(self))
        d = self.__dict__.copy()
        d["rollers"] = self.rollers[:]
        d["rolls"] = self.rolls[:]
        d["pawns"] = self.pawns[:]
        d["barrels"] = self.barrels[:]
        d["fireballs"] = self.fireballs[:]
        d["deck"] = self.deck[:]
        d["deck_top"] = self.deck_top[:]
        d["hands"] = [h[:] for h in self.hands]
        d["played"] = [p[:] for p in self.played]
        d["bonus"] = self.bonus[:]
        d["path_left"] = self.path_left[:]
        d["queue"] = self.queue[:]
        m = self.in_motion
        d["in_motion"] = None if m is None else [m[0], m[1], m[2], m[3], m[4][:]]
        d["contacts"] = [c[:] for c in self.contacts]
        d["events"] = self.events[:]
        twin.__dict__ = d
        return twin

    def invariant_violations(self) -> list[str]:
        bad = []
        if len(self.barrels) != BARRELS:
            bad.append(f"{len(self.barrels)} barrels instead of {BARRELS}")
        if len(self.fireballs) != FIREBALLS:
            bad.append(f"{len(self.fireballs)} fireballs instead of {FIREBALLS}")
        # The obstacle in motion may pass over a twin or a ladder rung while a contact pauses it.
        moving = self.in_motion[0] if self.in_motion is not None else -1
        for name, where, base in (("barrel", self.barrels, FIREBALLS), ("fireball", self.fireballs, 0)):
            on = [s for i, s in enumerate(where) if s >= 0 and base + i != moving]
            if len(on) != len(set(on)):
                bad.append(f"two {name}s share a space: {sorted(_NAMES[s] for s in on)}")
            for i, s in enumerate(where):
                if s >= 0 and not (0 <= s < BOARD.size and (_ROUTE_POS[s] >= 0 or (
                        base + i == moving and BOARD.kind[s] == "ladder"))):
                    bad.append(f"a {name} is off the gamepath at {_NAMES[s] if 0 <= s < BOARD.size else s}")
        in_play = [sum(x) for x in zip(self.deck, _counts([k for h in self.hands for k in h]),
                                       _counts([k for p in self.played for k in p]))]
        if sum(in_play) != DECK_SIZE or any(c != COPIES for c in in_play) or min(self.deck) < 0:
            bad.append(f"cards by kind (deck + hands + played) are {in_play}, not {COPIES} of each")
        if any(self.deck_top.count(k) > self.deck[k] for k in set(self.deck_top)):
            bad.append(f"the cards on top of the deck {self.deck_top} are not all in the deck {self.deck}")
        for seat, s in enumerate(self.pawns):
            if not 0 <= s < BOARD.size or BOARD.kind[s] == "oil_can":
                bad.append(f"{self.seat_name(seat)}'s pawn is on no pawn space ({s})")
        return bad

    def __str__(self) -> str:
        from .text_board import render

        return render(self)


def _counts(kinds: list[int]) -> list[int]:
    out = [0] * KINDS
    for k in kinds:
        out[k] += 1
    return out


# ---- the form of each saved field (DonkeyKongState.from_json) ----------------------------------------
# Each field: what it must be, in words ({n} the player count, {last} the last seat), and a check of a
# value against that. The checks are of type, length and range only (`type(v) is int` refuses True, 2.0
# and "2"); what holds across fields is checked once all are read (_saved_fault).

def _whole(v, low: int, high: int) -> bool:
    return type(v) is int and low <= v <= high


def _wholes(v, low: int, high: int, most: int) -> bool:
    return type(v) is list and len(v) <= most and all(type(x) is int and low <= x <= high for x in v)


_SPACES = BOARD.size
_OBSTACLES = FIREBALLS + BARRELS
_FORCED_MOST = max([1] + [len(s) for s in (*BOARD.fireball_slide, *BOARD.barrel_slide) if s])


def _pawn_space(v) -> bool:
    return type(v) is int and 0 <= v < _SPACES and BOARD.kind[v] != "oil_can"


def _in_motion(v, n: int) -> bool:
    return v is None or (type(v) is list and len(v) == 5 and _whole(v[0], 0, _OBSTACLES - 1)
                         and _whole(v[1], 0, len(BOARD.route)) and type(v[2]) is bool and type(v[3]) is bool
                         and _wholes(v[4], 0, _SPACES - 1, _FORCED_MOST))


_STAGES = (ORDER, DEAL, ROLL, MOVE, DOT, OVER, WALK, OBSTACLES, RELEASE)
_SEATS = "a seat number from 0 to {last}"
_SAVED_FORM = {
    "stage": ("one of " + ", ".join(_STAGES), lambda v, n: type(v) is str and v in _STAGES),
    "rollers": ("a list of 1 to {n} different seat numbers (0 to {last})",
                lambda v, n: _wholes(v, 0, n - 1, n) and len(v) > 0 and len(set(v)) == len(v)),
    "rolls": ("a list of at most {n} die rolls (1 to 6)", lambda v, n: _wholes(v, 1, 6, n)),
    "roll_offs": (f"a whole number from 0 to {ROLL_OFF_LIMIT}", lambda v, n: _whole(v, 0, ROLL_OFF_LIMIT)),
    "first": (_SEATS, lambda v, n: _whole(v, 0, n - 1)),
    "deal_left": (f"a whole number from 0 to {FIRST_HAND} x {{n}}", lambda v, n: _whole(v, 0, FIRST_HAND * n)),
    "turn": (_SEATS, lambda v, n: _whole(v, 0, n - 1)),
    "turns": (f"a whole number from 0 to {ROUND_LIMIT} x {{n}}", lambda v, n: _whole(v, 0, ROUND_LIMIT * n)),
    "mario_roll": ("a whole number from 0 (no dice shown) to 6", lambda v, n: _whole(v, 0, 6)),
    "obstacle_roll": ("a whole number from -1 (no dice shown) to 6 (0: Donkey Kong)", lambda v, n: _whole(v, -1, 6)),
    "pawns": (f"a list of {{n}} pawn spaces (0 to {_SPACES - 1}, not the Oil Can)",
              lambda v, n: type(v) is list and len(v) == n and all(_pawn_space(s) for s in v)),
    "barrels": (f"a list of {BARRELS} spaces (0 to {_SPACES - 1}, or -1 in the dispenser)",
                lambda v, n: type(v) is list and len(v) == BARRELS and _wholes(v, -1, _SPACES - 1, BARRELS)),
    "fireballs": (f"a list of {FIREBALLS} spaces (0 to {_SPACES - 1}, or -1 in the Oil Can)",
                  lambda v, n: type(v) is list and len(v) == FIREBALLS and _wholes(v, -1, _SPACES - 1, FIREBALLS)),
    "deck": (f"a list of {KINDS} counts (0 to {COPIES}), one per card kind",
             lambda v, n: type(v) is list and len(v) == KINDS and _wholes(v, 0, COPIES, KINDS)),
    "deck_top": (f"a list of at most {DECK_SIZE} card kinds (0 to {KINDS - 1})",
                 lambda v, n: _wholes(v, 0, KINDS - 1, DECK_SIZE)),
    "hands": (f"a list of {{n}} hands, each a list of card kinds (0 to {KINDS - 1})",
              lambda v, n: type(v) is list and len(v) == n and all(_wholes(h, 0, KINDS - 1, DECK_SIZE) for h in v)),
    "played": (f"a list of {{n}} played piles, each a list of card kinds (0 to {KINDS - 1})",
               lambda v, n: type(v) is list and len(v) == n and all(_wholes(h, 0, KINDS - 1, DECK_SIZE) for h in v)),
    "bonus": (f"a list of {{n}} Finish bonuses (0 to {FINISH_BONUS})",
              lambda v, n: type(v) is list and len(v) == n and _wholes(v, 0, FINISH_BONUS, n)),
    "finisher": ("-1 (nobody) or " + _SEATS, lambda v, n: _whole(v, -1, n - 1)),
    "path_left": (f"a list of spaces (0 to {_SPACES - 1})", lambda v, n: _wholes(v, 0, _SPACES - 1, _SPACES)),
    "queue": (f"a list of different obstacle numbers (0 to {_OBSTACLES - 1})",
              lambda v, n: _wholes(v, 0, _OBSTACLES - 1, _OBSTACLES) and len(set(v)) == len(v)),
    "in_motion": (f"null or [obstacle number (0 to {_OBSTACLES - 1}), steps left (0 to {len(BOARD.route)}), "
                  f"landing is exact (true or false), has slid (true or false), "
                  f"at most {_FORCED_MOST} spaces still to enter]", _in_motion),
    "contacts": (f"a list of at most {_OBSTACLES} x {{n}} contacts, each [seat, obstacle number (0 to "
                 f"{_OBSTACLES - 1}), space (0 to {_SPACES - 1})]",
                 lambda v, n: type(v) is list and len(v) <= _OBSTACLES * n and all(
                     type(c) is list and len(c) == 3 and _whole(c[0], 0, n - 1) and _whole(c[1], 0, _OBSTACLES - 1)
                     and _whole(c[2], 0, _SPACES - 1) for c in v)),
    "events": ("a list of at most 6 texts",
               lambda v, n: type(v) is list and len(v) <= 6 and all(type(e) is str for e in v)),
}
