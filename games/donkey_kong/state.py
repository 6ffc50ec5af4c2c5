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

from games.core import CHANCE, TERMINAL, GameOverError, IllegalActionError, MatchFileError, State

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
TURN_ACTION_BOUND = 3 + 2 * 9 + 17 * _ENTRIES_PER_MOVER * MAX_PLAYERS
MAX_LENGTH = (ROLL_OFF_LIMIT * MAX_PLAYERS + FIRST_HAND * MAX_PLAYERS
              + ROUND_LIMIT * MAX_PLAYERS * TURN_ACTION_BOUND)

_ROUTE_POS = BOARD.route_pos
_NAMES = BOARD.names
_FINISH, _START = BOARD.finish, BOARD.start
_RED = BOARD.red_dot
_DICE = {v: dice_outcomes(v) for v in ("rulebook", "wiki")}
_DICE_BY_ACTION = {v: {a: (m, f) for a, _, m, f in outs} for v, outs in _DICE.items()}
_DICE_CHANCE = {v: [(a, p) for a, p, _, _ in outs] for v, outs in _DICE.items()}
_ROLL_CHANCE = [(f"roll {k}", 1 / 6) for k in range(1, 7)]
_ROLL_ACTIONS = frozenset(a for a, _ in _ROLL_CHANCE)
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
        return self.fireballs.count(-1)

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

    # ---- data -----------------------------------------------------------------------------------
    _FIELDS = ("stage", "rollers", "rolls", "roll_offs", "first", "deal_left", "turn", "turns",
               "mario_roll", "obstacle_roll", "pawns", "barrels", "fireballs", "deck", "deck_top", "hands",
               "played", "bonus", "finisher", "path_left", "queue", "in_motion", "contacts", "events")
    # The obstacle in motion was called "mover" when saves began to record state digests: it keeps
    # that key in the JSON, so the digests of earlier saves still match.
    _SAVED_AS = {f: ("mover" if f == "in_motion" else f) for f in _FIELDS}

    def to_json(self) -> dict:
        return {self._SAVED_AS[f]: getattr(self, f) for f in self._FIELDS}

    @classmethod
    def from_json(cls, config, data) -> "DonkeyKongState":
        s = cls(config)
        if not isinstance(data, Mapping):
            raise MatchFileError(f"a saved Donkey Kong position is an object, not {type(data).__name__}")
        for f in cls._FIELDS:
            key = cls._SAVED_AS[f]
            if f == "deck_top" and key not in data:
                continue  # saved before the deck kept a top: nothing lay on it
            if key not in data:
                raise MatchFileError(f"a saved Donkey Kong position needs the field {key!r}")
            setattr(s, f, copy.deepcopy(data[key]))
        return s

    def clone(self) -> "DonkeyKongState":
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
