"""A tiny dice race used only to test the engine itself (never registered outside the tests).

Each turn the mover rolls a die (a chance outcome), then walks 1 up to the roll, or passes.
First to square 12 or beyond wins. Variant 'exact' needs the exact count to finish.
"""

from __future__ import annotations

from games.bots import RandomBot
from games.core import CHANCE, TERMINAL, GameSpec, State

GOAL = 12


class RaceState(State):
    def __init__(self, config):
        super().__init__(config)
        n = config.num_players
        self.pos = [0] * n
        self.mover = 0
        self.roll = 0  # 0: the die is not rolled yet

    def current_player(self):
        if any(p >= GOAL for p in self.pos):
            return TERMINAL
        return CHANCE if self.roll == 0 else self.mover

    def chance_outcomes(self):
        return [(f"roll {k}", 1 / 6) for k in range(1, 7)] if self.current_player() == CHANCE else []

    def legal_actions(self):
        if self.current_player() < 0:
            return []
        steps = [k for k in range(1, self.roll + 1)
                 if self.config.variant != "exact" or self.pos[self.mover] + k <= GOAL]
        return [f"walk {k}" for k in steps] + ["pass"]

    def _apply(self, action):
        if action.startswith("roll"):
            self.roll = int(action.split()[1])
            return
        if action.startswith("walk"):
            self.pos[self.mover] += int(action.split()[1])
        self.roll = 0
        self.mover = (self.mover + 1) % len(self.pos)

    def returns(self):
        return [1.0 if p >= GOAL else 0.0 for p in self.pos]

    def winners(self):
        return [i for i, p in enumerate(self.pos) if p >= GOAL]

    def to_json(self):
        return {"pos": self.pos, "mover": self.mover, "roll": self.roll}

    @classmethod
    def from_json(cls, config, data):
        s = cls(config)
        s.pos, s.mover, s.roll = list(data["pos"]), data["mover"], data["roll"]
        return s

    def __str__(self):
        return "\n".join(f"{self.seat_name(i)}: {'.' * p}@" for i, p in enumerate(self.pos))

    def invariant_violations(self):
        return [f"seat {i} at {p}" for i, p in enumerate(self.pos) if p < 0]


SPEC = GameSpec(
    name="toy_race", title="Toy race", summary="a dice race for testing the engine",
    min_players=2, max_players=4, variants={"standard": "first past 12", "exact": "exact count to 12"},
    default_variant="standard", max_length=400,
    new_state=RaceState, state_from_json=RaceState.from_json, bots={"random": RandomBot},
)
RaceState.spec = SPEC
