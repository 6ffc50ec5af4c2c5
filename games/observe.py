"""Fixed-size observations of the board games' states, for learning tools (OpenSpiel, PettingZoo).

Each observation reads the engine's plain-data state and writes one flat float32 vector, with named
views into it (`dict`), as OpenSpiel's observers do. No learning library is imported here, and the
state is only read, never changed.

    obs = observation_for(spec, config)
    obs.fill(state, seat); obs.tensor, obs.dict["pawns"], obs.text(state, seat)

Both games are games of perfect information: Donkey Kong's cards are face up, and so are Monkey Dash's
Power Cards ("Deal two Power Cards, face up, to each player"), so an observation shows every hand, as
the table does; only the order of a draw pile is unknown, and a draw is a chance outcome. So a tensor
holds everything of the state that decides what can happen next: the pieces and cards, and also the
course of the turn (the stage or phase, the dice, what is still to move, the contacts or cards waiting
to be settled, the effects of cards played this turn, the deck's contents). Two states with the same
tensor for the same observer offer the same player the same choices. One thing is only summed up: Monkey
Dash's stalemate rule compares whole board positions, and the tensor counts the end positions it bars
this turn but holds neither those positions nor the earlier turns the rule remembers.

What differs between the players' observations is who is looking: a policy shared by several seats
(PettingZoo's agents, a self-play network) must know which seat it plays. So every tensor says so:
Donkey Kong's keeps the table in seat order and adds an `observer` one-hot (the observing seat); Monkey
Dash's is written from the observer's side (my monkey, their monkey, ...) and adds a `colour` one-hot
(red, blue), since the two colours have their own nests and bays. The text of an observation is the
table as the terminal draws it, with a last line naming the observer.

The views are laid out in the order of each class's `shapes` list. The first ones are the views the
tensors began with (their offsets have not changed); the views that complete the state come after them.
Values are kept small: one-hots and flags are 0 or 1, small counts (cards in a hand, bananas in store)
are written as they are, and bigger numbers are divided by their largest value (turns, cards in a deck).
"""

from __future__ import annotations

import numpy as np


class _Planes:
    """A flat float32 tensor cut into named, shaped views (`shapes`: (name, shape) in tensor order)."""

    def __init__(self, shapes: list[tuple[str, tuple[int, ...]]]):
        self.shapes = [(name, tuple(shape)) for name, shape in shapes]
        size = sum(int(np.prod(s)) for _, s in shapes)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, shape in shapes:
            n = int(np.prod(shape))
            self.dict[name] = self.tensor[at:at + n].reshape(shape)
            at += n


def _line(view: np.ndarray, items, size: int) -> None:
    """Mark a queue in a view indexed by its items: 1 for the first, 1/2 for the second, 1/3 ..."""
    for i, item in enumerate(items):
        if isinstance(item, int) and 0 <= item < size:
            view[item] = 1.0 / (i + 1)


class DonkeyKongObservation(_Planes):
    """Planes over the board's spaces (each pawn, barrels, fireballs), then the cards, dice and turn,
    then the course of the turn, the deck and the start of the game.

    A board space is one of the board's spaces in the engine's order (85 on the printed board); a seat
    is one of 4 (seats a game does not have stay 0); an obstacle is one of 16 by the engine's number:
    0 to 3 the fireballs, 4 to 15 the barrels. In the order of the flat tensor:

      pawns (4 x spaces)     1 where each seat's pawn stands
      barrels (spaces)       barrels on each space
      fireballs (spaces)     fireballs on each space
      hands (4 x 6)          each seat's face-up cards, a count per kind (J100 J200 J300 H200 H300 H400)
      mario_die (6)          Mario's die, one-hot over 1 to 6 (all 0 when no dice are shown)
      turn (4)               whose turn it is, one-hot
      scores (4)             each seat's score / 1000 (played cards' points and the Finish bonus)
      observer (4)           the observing seat, one-hot
      ---- the views that complete the state ----
      stage (9)              what the game waits for or runs, one-hot: order (the roll for the first
                             turn), deal, roll, move, dot (a red-dot draw), over, walk, obstacles, release
      obstacle_die (8)       the obstacle die, one-hot: slot 0 no dice shown, slot 1 the Donkey Kong
                             face, slot k+1 a count of k
      obstacle_at (16)       where each obstacle is: (space number + 1) / spaces, 0 when it waits in the
                             dispenser or the Oil Can (this tells the obstacles apart, as the engine
                             does, where the barrel and fireball planes only count them)
      queue (16)             the obstacles still to move this turn, by their place in line: 1 for the
                             next, 1/2 for the one after it, ...; 0 if not waiting
      moving (16)            the obstacle in motion, one-hot (all 0 when none)
      motion (3)             of the obstacle in motion: steps left / 6, 1 if its landing is exact (it may
                             slide a ladder), 1 if it has slid
      motion_path (spaces)   the spaces it must still enter (a ladder slide, the dispenser's drop),
                             1 for the next, 1/2 for the one after, ...
      path_left (spaces)     the rest of the walking pawn's path, marked the same way
      contacts (4 x 16)      the contacts waiting to be settled, by (seat met, obstacle), by place in
                             line: 1 for the first (whose seat decides, or a chance draw settles it),
                             1/2 for the second, ... (a contact is on the space the seat's pawn stands on)
      played (4 x 6)         each seat's played cards, a count per kind (what a loss or a theft takes)
      bonus (4)              each seat's Finish bonus / 1000
      deck (6)               the cards of each kind left in the deck / 8
      deck_top (48)          the cards known to lie face down on top of the deck (the wiki reading's
                             penalty), top first, one slot each: (kind + 1) / 6, 0 past the last
      deal_left (1)          first cards still to deal / 12
      first (4)              the seat that starts (and is dealt to first), one-hot
      finisher (4)           the seat whose pawn reached the Finish, one-hot (the game ends after that turn)
      rollers (4)            the seats in the current roll for the first turn, 1 each
      rolls (4)              what each of them rolled so far / 6 (0: not yet)
      roll_offs (1)          roll-offs held / 20 (at 20 the earliest tied seat starts)
      turns (1)              turns played / the turn limit (1000 rounds times the players)
    """

    SEATS = 4

    def __init__(self, spec=None, config=None):
        from .donkey_kong.board import BOARD
        from .donkey_kong.cards import COPIES, DECK_SIZE, FIRST_HAND, KINDS
        from .donkey_kong.obstacles import BARRELS, FIREBALLS
        from .donkey_kong.stages import DEAL, DOT, MOVE, OBSTACLES, ORDER, OVER, RELEASE, ROLL, WALK
        from .donkey_kong.state import ROLL_OFF_LIMIT, ROUND_LIMIT

        self.stages = (ORDER, DEAL, ROLL, MOVE, DOT, OVER, WALK, OBSTACLES, RELEASE)
        self.spaces = len(BOARD.names)
        self.kinds = KINDS
        self.copies, self.deck_size, self.first_hand = COPIES, DECK_SIZE, FIRST_HAND
        self.obstacles = FIREBALLS + BARRELS
        self.roll_off_limit, self.round_limit = ROLL_OFF_LIMIT, ROUND_LIMIT
        S, n = self.SEATS, self.spaces
        shapes = [("pawns", (S, n)), ("barrels", (n,)), ("fireballs", (n,)), ("hands", (S, KINDS)),
                  ("mario_die", (6,)), ("turn", (S,)), ("scores", (S,)), ("observer", (S,)),
                  # the views that complete the state
                  ("stage", (len(self.stages),)), ("obstacle_die", (8,)), ("obstacle_at", (self.obstacles,)),
                  ("queue", (self.obstacles,)), ("moving", (self.obstacles,)), ("motion", (3,)),
                  ("motion_path", (n,)), ("path_left", (n,)), ("contacts", (S, self.obstacles)),
                  ("played", (S, KINDS)), ("bonus", (S,)), ("deck", (KINDS,)), ("deck_top", (DECK_SIZE,)),
                  ("deal_left", (1,)), ("first", (S,)), ("finisher", (S,)), ("rollers", (S,)), ("rolls", (S,)),
                  ("roll_offs", (1,)), ("turns", (1,))]
        super().__init__(shapes)

    def fill(self, e, player: int) -> None:
        _check_observer(player, len(e.pawns))
        self.tensor.fill(0.0)
        d, S, n = self.dict, self.SEATS, self.spaces
        for seat, space in enumerate(e.pawns):
            if 0 <= space < n:
                d["pawns"][seat, space] = 1.0
        for space in e.barrels:
            if 0 <= space < n:
                d["barrels"][space] += 1.0
        for space in e.fireballs:
            if 0 <= space < n:
                d["fireballs"][space] += 1.0
        for seat, hand in enumerate(e.hands):
            for kind in hand:
                d["hands"][seat, kind] += 1.0
        if 1 <= e.mario_roll <= 6:
            d["mario_die"][e.mario_roll - 1] = 1.0
        if 0 <= e.turn < S:
            d["turn"][e.turn] = 1.0
        for seat, score in enumerate(e.scores()):
            d["scores"][seat] = score / 1000.0
        d["observer"][player] = 1.0
        # ---- the course of the turn
        if e.stage in self.stages:
            d["stage"][self.stages.index(e.stage)] = 1.0
        if -1 <= e.obstacle_roll <= 6:
            d["obstacle_die"][e.obstacle_roll + 1] = 1.0
        for code, space in enumerate(list(e.fireballs) + list(e.barrels)):
            if 0 <= space < n and code < self.obstacles:
                d["obstacle_at"][code] = (space + 1) / n
        _line(d["queue"], e.queue, self.obstacles)
        if e.in_motion is not None:
            code, left, exact, slid, forced = e.in_motion
            if 0 <= code < self.obstacles:
                d["moving"][code] = 1.0
            d["motion"][:] = [left / 6.0, float(bool(exact)), float(bool(slid))]
            _line(d["motion_path"], forced, n)
        _line(d["path_left"], e.path_left, n)
        for i, (seat, code, _space) in enumerate(e.contacts):
            if 0 <= seat < S and 0 <= code < self.obstacles:
                d["contacts"][seat, code] = 1.0 / (i + 1)
        # ---- cards, the deck, the end
        for seat, pile in enumerate(e.played):
            for kind in pile:
                d["played"][seat, kind] += 1.0
        for seat, bonus in enumerate(e.bonus):
            d["bonus"][seat] = bonus / 1000.0
        d["deck"][:] = np.asarray(e.deck, np.float32) / self.copies
        for i, kind in enumerate(reversed(e.deck_top[-self.deck_size:])):  # the last is the top
            d["deck_top"][i] = (kind + 1) / self.kinds
        d["deal_left"][0] = e.deal_left / (self.first_hand * S)
        if 0 <= e.first < S:
            d["first"][e.first] = 1.0
        if 0 <= e.finisher < S:
            d["finisher"][e.finisher] = 1.0
        # ---- the roll for the first turn, and the turn limit
        for seat, roll in zip(e.rollers, list(e.rolls) + [0] * len(e.rollers)):
            if 0 <= seat < S:
                d["rollers"][seat] = 1.0
                d["rolls"][seat] = roll / 6.0
        d["roll_offs"][0] = e.roll_offs / self.roll_off_limit
        d["turns"][0] = e.turns / (self.round_limit * len(e.pawns))

    def text(self, e, player: int) -> str:
        _check_observer(player, len(e.pawns))
        return f"{e}\nobserver: {e.seat_name(player)!r}, player id {player}"


class MonkeyDashObservation(_Planes):
    """Planes over the warehouse squares, then action points, bananas and Power Cards, then the course
    of the turn.

    Everything is written from the observer's side: "my" and "their" mean the observing player's and
    the opponent's. A card view has one count per Power Card, the cards sorted by their id (11 cards in
    the project's deck). In the order of the flat tensor:

      board (6 x squares)  one plane per kind of piece, a value per square in the engine's square order:
                           crates, my monkey, their monkey, my supervisor, their supervisor, bananas
                           on the floor
      ap (5)               action points left, one-hot over 0 to 4 (more than 4 shows as 4)
      turn (2)             whose turn it is (mine, theirs)
      store (2)            bananas in store (mine, theirs)
      hand (cards)         my Power Cards (they are face up)
      their_hand (cards)   the opponent's Power Cards
      pile (1)             the draw pile's size / the cards in the deck (11: a full pile is 1)
      colour (2)           my colour, one-hot (red, blue)
      ---- the views that complete the state ----
      phase (5)            the phase, one-hot: setup, interrupt (the waiting player may play an Interrupt
                           card), act, discard (the mover holds a card too many), over
      ap_count (1)         action points left / 4, exact (Overtime can lift them above 4)
      effects (9)          the Power Card effects in force this turn, in the engine's table order:
                           cheap heave, cheap push, free monkey moves left, free supervisor steps left,
                           diagonal steps, leap, monkey frozen, crates frozen, supervisor frozen (flags
                           0 or 1; the two free-move entries count the free moves still to use)
      gained (1)           1 once a Power Card has been gained this turn (no second one)
      heaved (2)           1 for a monkey already fought in a heave this turn (mine, theirs)
      discard (cards)      the discard pile (it becomes the draw pile when that runs out)
      slid (1)             bananas gone in Super Slides / the bananas the variant has (0 without bananas)
      deal_queue (4 x 2)   the card draws waiting, in order: row i is the i-th draw, one-hot for whose
                           it is (mine, theirs); the four dealt at the start are the most ever waiting
      banned (1)           how many end positions the stalemate rule bars the mover from this turn
                           (the count only: the positions and the turns the rule remembers are not here)
      turns (1)            turns played / the turn limit (120; the game is a draw there)
      winner (2)           the winner, one-hot (me, them); all 0 while playing or after a draw
    """

    PLANES = ("crates", "my_monkey", "their_monkey", "my_supervisor", "their_supervisor", "bananas")
    PHASES = ("setup", "interrupt", "act", "discard", "over")
    DEALS = 4

    def __init__(self, spec, config):
        from .monkey_dash.actions import NO_EFFECTS, TURN_LIMIT
        from .monkey_dash.board import COLOURS
        from .monkey_dash.costs import TURN_AP

        self.colours = COLOURS
        self.effect_keys = tuple(NO_EFFECTS)
        self.turn_ap, self.turn_limit = TURN_AP, TURN_LIMIT
        start = spec.new_state(config)
        self.size = start.board.size
        self.bananas_total = 2 * start.board.bananas_each if start.bananas_on else 0
        self.card_ids = sorted(c.id for c in start.deck)
        cards = len(self.card_ids)
        self.deck_size = max(1, cards)  # the largest the draw pile can be (it starts as the whole deck)
        shapes = [("board", (len(self.PLANES), self.size)), ("ap", (5,)), ("turn", (2,)), ("store", (2,)),
                  ("hand", (cards,)), ("their_hand", (cards,)), ("pile", (1,)), ("colour", (2,)),
                  # the views that complete the state
                  ("phase", (len(self.PHASES),)), ("ap_count", (1,)), ("effects", (len(self.effect_keys),)),
                  ("gained", (1,)), ("heaved", (2,)), ("discard", (cards,)), ("slid", (1,)),
                  ("deal_queue", (self.DEALS, 2)), ("banned", (1,)), ("turns", (1,)), ("winner", (2,))]
        super().__init__(shapes)

    def _mark(self, plane: int, square) -> None:
        if isinstance(square, int) and 0 <= square < self.size:
            self.dict["board"][plane, square] += 1.0

    def _count(self, view: str, hand: list[str]) -> None:
        for card in hand:
            if card in self.card_ids:
                self.dict[view][self.card_ids.index(card)] += 1.0

    def fill(self, e, player: int) -> None:
        _check_observer(player, 2)
        me, them = player, 1 - player
        d = self.dict
        self.tensor.fill(0.0)
        for sq in e.crates:
            self._mark(0, sq)
        self._mark(1, e.monkeys[me])
        self._mark(2, e.monkeys[them])
        self._mark(3, e.supervisors[me])
        self._mark(4, e.supervisors[them])
        for sq in e.bananas:
            self._mark(5, sq)
        d["ap"][max(0, min(4, int(e.ap)))] = 1.0
        d["turn"][0 if e.turn_player == me else 1] = 1.0
        d["store"][:] = [e.banana_store[me], e.banana_store[them]]
        self._count("hand", e.hands[me])
        self._count("their_hand", e.hands[them])
        d["pile"][0] = len(e.draw_pile) / self.deck_size
        d["colour"][me] = 1.0
        # ---- the course of the turn
        if e.phase in self.PHASES:
            d["phase"][self.PHASES.index(e.phase)] = 1.0
        d["ap_count"][0] = max(0, e.ap) / self.turn_ap
        for i, key in enumerate(self.effect_keys):
            d["effects"][i] = float(e.effects.get(key, 0))
        d["gained"][0] = float(bool(e.gained))
        d["heaved"][:] = [float(bool(e.heaved[me])), float(bool(e.heaved[them]))]
        self._count("discard", e.discard_pile)
        if self.bananas_total:
            d["slid"][0] = e.bananas_slid / self.bananas_total
        for i, seat in enumerate(e.deal_queue[:self.DEALS]):
            d["deal_queue"][i, 0 if seat == me else 1] = 1.0
        d["banned"][0] = len(e.banned)
        d["turns"][0] = e.turns_done / self.turn_limit
        if e.winner in (0, 1):
            d["winner"][0 if e.winner == me else 1] = 1.0

    def text(self, e, player: int) -> str:
        """The table as the terminal draws it (both hands are in it, face up), then who is looking."""
        _check_observer(player, 2)
        return f"{e}\nobserver: {e.seat_name(player)!r} ({self.colours[player]}), player id {player}"


def _check_observer(player, players: int) -> None:
    """An observation is always some player's: refuse a player id the game does not have."""
    if isinstance(player, bool) or not isinstance(player, (int, np.integer)) or not 0 <= player < players:
        raise ValueError(f"an observation is for a player from 0 to {players - 1}, not {player!r}")


OBSERVATIONS = {"donkey_kong": DonkeyKongObservation, "monkey_dash": MonkeyDashObservation}


def observation_for(spec, config):
    """A fresh observation buffer for this game and config."""
    if spec.name not in OBSERVATIONS:
        raise ValueError(f"no observation is defined for {spec.name!r}; games with one: "
                         f"{', '.join(OBSERVATIONS)}")
    return OBSERVATIONS[spec.name](spec, config)
