"""What each Monkey Dash step costs in action points: the one place the rules, the refusals and the help
read the prices from.

The prices are the rulebook's; the Power Cards that change a price are named by their effect (cards.py)
and reach these functions through the per-turn effects table of the state (state.effects).
"""

from __future__ import annotations

from typing import Mapping

TURN_AP = 4
"""Action points of a turn: a turn spends exactly these."""
START_FEE = 1
"""What the start player pays for beginning (their first turn has TURN_AP - START_FEE)."""
STEP = 1
"""A supervisor step (a Super Slide after it is free)."""
ROTATE = 1
"""One square of crate rotation round the supervisor."""
HEAVE_FIGHT = 3
"""Added to a rotation that carries a monkey: fighting the alarmed monkey, once per monkey a turn."""
PUSH = 2
"""A push: 1 for the crate, 1 for the supervisor who follows it."""
MONKEY = 1
"""A monkey move along a straight line of crates, whatever its length (a Springboard leap too)."""
BUY = 4
"""Buying a Power Card."""
THROW = 1
"""Better with Bananas: throwing a banana two squares (a drop next to the monkey is free)."""
PICKUP = 1
"""Better with Bananas: the supervisor picks up a neighbouring banana."""
DROP = 0
PLAY = 0
"""Playing a Power Card."""


def step_cost(effects: Mapping) -> int:
    return 0 if effects["free_steps"] > 0 else STEP


def heave_cost(effects: Mapping, fought: bool) -> int:
    """A square of Monkey Heave: the rotation plus the fight, unless this monkey was already fought
    this turn (the heave goes on for 1 AP a square) or Banana Bribe is in force."""
    return ROTATE + (0 if fought or effects["cheap_heave"] else HEAVE_FIGHT)


def push_cost(effects: Mapping) -> int:
    return 1 if effects["cheap_push"] else PUSH


def monkey_cost(effects: Mapping) -> int:
    return 0 if effects["free_monkey"] > 0 else MONKEY
