"""The bot interface and the random bot every game has.

A bot is asked for a decision only when its seat is the current player. It gets its own numpy
Generator from the driver, so bot choices replay from the match seed like everything else.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

import numpy as np

from .core import State


class Bot:
    """Chooses one of the state's legal actions for the seat that must decide."""

    name = "bot"
    may_change_state = True  # False: choose() only reads the state, so the driver need not copy it

    def choose(self, state: State, rng: np.random.Generator) -> str:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniform over the legal actions."""

    name = "random"
    may_change_state = False

    def choose(self, state: State, rng: np.random.Generator) -> str:
        actions = state.legal_actions()
        return actions[int(rng.integers(len(actions)))]


def sample_outcome(outcomes: list[tuple[str, float]], rng: np.random.Generator) -> str:
    """Draw one chance outcome; one uniform draw per chance node, whatever the outcome count."""
    if not outcomes:
        raise ValueError("no chance outcomes to sample")
    # Running sums added left to right, as numpy's cumsum adds them: the same draw gives the same outcome.
    cum = list(accumulate(float(p) for _, p in outcomes))
    u = rng.random() * cum[-1]
    return outcomes[min(bisect_right(cum, u), len(outcomes) - 1)][0]
