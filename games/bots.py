"""The bot interface and the random bot every game has.

A bot is asked for a decision only when its seat is the current player. It gets its own numpy
Generator from the driver, so bot choices replay from the match seed like everything else.
"""

from __future__ import annotations

from bisect import bisect_right

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
        if len(actions) == 1:
            return actions[0]  # what rng.integers(1) gives (it draws nothing), at a tenth of the cost
        return actions[int(rng.integers(len(actions)))]


def sample_outcome(outcomes: list[tuple[str, float]], rng: np.random.Generator) -> str:
    """Draw one chance outcome; one uniform draw per chance node, whatever the outcome count."""
    if not outcomes:
        raise ValueError("no chance outcomes to sample")
    # Running sums added left to right, as numpy's cumsum adds them: the same draw gives the same outcome.
    cum = []
    total = 0.0
    for _, p in outcomes:
        total += float(p)
        cum.append(total)
    u = rng.random() * total
    return outcomes[min(bisect_right(cum, u), len(outcomes) - 1)][0]
