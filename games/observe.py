"""Fixed-size observations of the board games' states, for learning tools (OpenSpiel, PettingZoo).

Each observation reads the engine's plain-data state and writes one flat float32 vector, with named
views into it (`dict`), as OpenSpiel's observers do. No learning library is imported here.

    obs = observation_for(spec, config)
    obs.fill(state, seat); obs.tensor, obs.dict["pawns"], obs.text(state, seat)
"""

from __future__ import annotations

import numpy as np

from .words import counted


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
    (1 to 6), whose turn it is one-hot (4), and each seat's score / 1000.
    """

    SEATS = 4

    def __init__(self, spec=None, config=None):
        from .donkey_kong.board import BOARD
        from .donkey_kong.cards import KINDS

        self.spaces = len(BOARD.names)
        self.kinds = KINDS
        shapes = [("pawns", (self.SEATS, self.spaces)), ("barrels", (self.spaces,)),
                  ("fireballs", (self.spaces,)), ("hands", (self.SEATS, KINDS)), ("mario_die", (6,)),
                  ("turn", (self.SEATS,)), ("scores", (self.SEATS,))]
        super().__init__(shapes)

    def fill(self, e, player: int) -> None:
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

    def text(self, e, player: int) -> str:
        return str(e)


class MonkeyDashObservation(_Planes):
    """Planes over the warehouse squares, then action points, bananas and Power Cards.

    Planes (one value per square each, in the engine's square order): crates, the observer's monkey,
    the opponent's monkey, the observer's supervisor, the opponent's supervisor, bananas on the floor.
    Then action points left (0 to 4, one-hot), whose turn (mine, theirs), bananas in store (mine,
    theirs), my hand as one count per Power Card, the opponent's hand size, and the draw pile's size.
    """

    PLANES = ("crates", "my_monkey", "their_monkey", "my_supervisor", "their_supervisor", "bananas")

    def __init__(self, spec, config):
        start = spec.new_state(config)
        self.size = start.board.size
        self.card_ids = sorted(c.id for c in start.deck)
        shapes = [("board", (len(self.PLANES), self.size)), ("ap", (5,)), ("turn", (2,)), ("store", (2,)),
                  ("hand", (len(self.card_ids),)), ("their_hand", (1,)), ("pile", (1,))]
        super().__init__(shapes)

    def _mark(self, plane: int, square) -> None:
        if isinstance(square, int) and 0 <= square < self.size:
            self.dict["board"][plane, square] += 1.0

    def fill(self, e, player: int) -> None:
        me = player if player in (0, 1) else 0
        them = 1 - me
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
        for card in e.hands[me]:
            if card in self.card_ids:
                self.dict["hand"][self.card_ids.index(card)] += 1.0
        self.dict["their_hand"][0] = len(e.hands[them])
        self.dict["pile"][0] = len(e.draw_pile)

    def text(self, e, player: int) -> str:
        me = player if player in (0, 1) else 0
        names = ("red", "blue")
        lines = [line for line in str(e).splitlines() if not line.startswith(names) or "hand:" not in line]
        lines.append(f"{names[me]} (you) hold: {', '.join(e.hands[me]) or 'no cards'}; "
                     f"{names[1 - me]} holds {counted(len(e.hands[1 - me]), 'card')}")
        return "\n".join(lines)


OBSERVATIONS = {"donkey_kong": DonkeyKongObservation, "monkey_dash": MonkeyDashObservation}


def observation_for(spec, config):
    """A fresh observation buffer for this game and config."""
    if spec.name not in OBSERVATIONS:
        raise ValueError(f"no observation is defined for {spec.name!r}; games with one: "
                         f"{', '.join(OBSERVATIONS)}")
    return OBSERVATIONS[spec.name](spec, config)
