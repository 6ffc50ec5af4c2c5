"""Fixtures shared by the simulator's tests."""

from __future__ import annotations

import math

import pybullet as pb
import pytest

from sim.world import World


@pytest.fixture
def block_in_hand_goes_nan(monkeypatch):
    """A solver that diverges on the block in hand alone, injected with PyBullet itself: as a push takes
    hold of its block (World.slide), the block's velocity is set to NaN."""
    slide = World.slide

    def slide_then_diverge(world, b):
        slide(world, b)
        pb.resetBaseVelocity(world.body[int(b)], [math.nan, 0.0, 0.0], [0.0, 0.0, 0.0],
                             physicsClientId=world.client)

    monkeypatch.setattr(World, "slide", slide_then_diverge)
