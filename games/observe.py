"""Fixed-size observations of the board games' states, for learning tools (OpenSpiel, PettingZoo).

Each observation reads the engine's plain-data state and writes one flat float32 vector, with named
views into it (`dict`), as OpenSpiel's observers do. No learning library is imported here.

    obs = observation_for(spec, config)
    obs.fill(state, seat); obs.tensor, obs.dict["pawns"], obs.text(state, seat)

Both games are games of perfect information: Donkey Kong's cards are face up, and so are Monkey Dash's
Power Cards ("Deal two Power Cards, face up, to each player"), so an observation shows every hand, as
the table does; only the order of a draw pile is unknown, and a draw is a chance outcome. What differs between the
players' observations is who is looking: a policy shared by several seats (PettingZoo's agents, a
self-play network) must know which seat it plays. So every tensor says so: Donkey Kong's keeps the
table in seat order and adds an `observer` one-hot (the observing seat); Monkey Dash's is written from
the observer's side (my monkey, their monkey, ...) and adds a `colour` one-hot (red, blue), since the
two colours have their own nests and bays. The text of an observation is the table as the terminal
draws it, with a last line naming the observer.
"""

from __future__ import annotations

import numpy as np


class _Planes:
    """A flat float32 tensor cut into named, shaped views."""

    def __init__(self, shapes: list[tuple[str, tuple[int, ...]]]):
        size = sum(int(np.prod(s)) for _, s in shapes)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, shape in shapes:
            n = int(np.prod(shape))
            self.dict[name] = self.tensor[at:at + n].reshape(shape)
            at += n


class DonkeyKongObservation(_Planes):
    """Planes over the board's spaces (each pawn, barrels, fireballs), then the cards, dice and turn.

    Layout of the flat tensor: 4 pawn planes, a barrel plane, a fireball plane (one value per board
    space each), then per seat (4) the count of face-up cards of each kind, then the Mario die one-hot
    (1 to 6), whose turn it is one-hot (4), each seat's score / 1000, and the observing seat one-hot (4).
    """

    SEATS = 4

    def __init__(self, spec=None, config=None):
        from .donkey_kong.board import BOARD
        from .donkey_kong.cards import KINDS

        self.spaces = len(BOARD.names)
        self.kinds = KINDS
        shapes = [("pawns", (self.SEATS, self.spaces)), ("barrels", (self.spaces,)),
                  ("fireballs", (self.spaces,)), ("hands", (self.SEATS, KINDS)), ("mario_die", (6,)),
                  ("turn", (self.SEATS,)), ("scores", (self.SEATS,)), ("observer", (self.SEATS,))]
        super().__init__(shapes)

    def fill(self, e, player: int) -> None:
        _check_observer(player, len(e.pawns))
        self.tensor.fill(0.0)
        for seat, space in enumerate(e.pawns):
            if 0 <= space < self.spaces:
                self.dict["pawns"][seat, space] = 1.0
        for space in e.barrels:
            if 0 <= space < self.spaces:
                self.dict["barrels"][space] += 1.0
        for space in e.fireballs:
            if 0 <= space < self.spaces:
                self.dict["fireballs"][space] += 1.0
        for seat, hand in enumerate(e.hands):
            for kind in hand:
                self.dict["hands"][seat, kind] += 1.0
        if 1 <= e.mario_roll <= 6:
            self.dict["mario_die"][e.mario_roll - 1] = 1.0
        if 0 <= e.turn < self.SEATS:
            self.dict["turn"][e.turn] = 1.0
        for seat, score in enumerate(e.scores()):
            self.dict["scores"][seat] = score / 1000.0
        self.dict["observer"][player] = 1.0

    def text(self, e, player: int) -> str:
        _check_observer(player, len(e.pawns))
        return f"{e}\nobserver: {e.seat_name(player)!r}, player id {player}"


class MonkeyDashObservation(_Planes):
    """Planes over the warehouse squares, then action points, bananas and Power Cards.

    Planes (one value per square each, in the engine's square order): crates, the observer's monkey,
    the opponent's monkey, the observer's supervisor, the opponent's supervisor, bananas on the floor.
    Then action points left (0 to 4, one-hot), whose turn (mine, theirs), bananas in store (mine,
    theirs), my hand and the opponent's hand as one count per Power Card each (the cards are face up),
    the draw pile's size, and the observer's colour one-hot (red, blue).
    """

    PLANES = ("crates", "my_monkey", "their_monkey", "my_supervisor", "their_supervisor", "bananas")

    def __init__(self, spec, config):
        from .monkey_dash.board import COLOURS

        self.colours = COLOURS
        start = spec.new_state(config)
        self.size = start.board.size
        self.card_ids = sorted(c.id for c in start.deck)
        shapes = [("board", (len(self.PLANES), self.size)), ("ap", (5,)), ("turn", (2,)), ("store", (2,)),
                  ("hand", (len(self.card_ids),)), ("their_hand", (len(self.card_ids),)), ("pile", (1,)),
                  ("colour", (2,))]
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
        self.tensor.fill(0.0)
        for sq in e.crates:
            self._mark(0, sq)
        self._mark(1, e.monkeys[me])
        self._mark(2, e.monkeys[them])
        self._mark(3, e.supervisors[me])
        self._mark(4, e.supervisors[them])
        for sq in e.bananas:
            self._mark(5, sq)
        self.dict["ap"][max(0, min(4, int(e.ap)))] = 1.0
        self.dict["turn"][0 if e.turn_player == me else 1] = 1.0
        self.dict["store"][:] = [e.banana_store[me], e.banana_store[them]]
        self._count("hand", e.hands[me])
        self._count("their_hand", e.hands[them])
        self.dict["pile"][0] = len(e.draw_pile)
        self.dict["colour"][me] = 1.0

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
