"""A client keeps its table, floor and engine between worlds and only takes the last world's bodies out
(sim.world._Stage), instead of resetting the whole engine for every operation: the verdicts and the
poses must be the bits a reset before every world gives, since verdicts, stored towers and saved
matches replay bit for bit whatever ran before them in the process."""

import hashlib

import numpy as np
import pybullet as pb
import pytest

import sim.world
from sim import Tower, load_spec
from sim.live import replay, straight_path


def _play(monkeypatch, reset_every: int) -> str:
    """A digest of a mixed run (removals, an extract, stacks, a fall followed to the floor, a live push,
    a tower of the other variant between them) with the client reset every `reset_every` worlds."""
    monkeypatch.setattr(sim.world, "RESET_EVERY", reset_every)
    digest = hashlib.sha256()

    def eat(verdict):
        digest.update(repr((verdict.collapsed, verdict.outcome, verdict.sim_s, verdict.push_force_n)).encode())
        digest.update(np.ascontiguousarray(verdict.displacement_mm).tobytes())
        digest.update(np.ascontiguousarray(verdict.tilt_deg).tobytes())

    classic = load_spec("classic")
    tower = Tower(classic, 3)
    eat(tower.remove(2, 1))
    eat(tower.stack(0))
    eat(tower.extract(9, 2, side=-1, speed=0.05, steadiness=0.85, tremor=7))
    assert not tower.collapsed
    eat(tower.stack(1))
    digest.update(tower.poses().tobytes())
    mario = Tower(load_spec("mario"), 0)
    eat(mario.remove(4, 1))
    digest.update(mario.poses().tobytes())
    falling = Tower(classic, 2)
    eat(falling.remove(4, 0))
    verdict = falling.remove(4, 1, follow_s=0.5)
    assert verdict.collapsed                    # an edge and the middle of one level: the tower falls
    eat(verdict)
    digest.update(falling.poses().tobytes())
    live = Tower(classic, 4)
    level, pos = 7, 1
    path = straight_path(float(live.dims[live.slots[level, pos], 0]), 0.04, 0.9, 11)
    result = replay(classic, live.get_state(), level, pos, 1, path)
    eat(result.verdict)
    digest.update(repr((result.taken, result.state)).encode())
    return digest.hexdigest()


@pytest.mark.physics
def test_worlds_give_the_same_bits_with_or_without_a_reset_before_each(monkeypatch):
    every_world = _play(monkeypatch, 1)
    assert _play(monkeypatch, 3) == every_world
    assert _play(monkeypatch, 10**9) == every_world


@pytest.mark.physics
def test_a_world_takes_the_last_worlds_bodies_away_and_the_client_is_reset_now_and_then(monkeypatch):
    monkeypatch.setattr(sim.world, "RESET_EVERY", 4)
    monkeypatch.setattr(sim.world, "_STAGES", {})         # a client with no stage yet
    spec = load_spec("classic")
    tower = Tower(spec, 0)
    counts = []
    for _ in range(6):
        with tower._world(8) as world:
            counts.append(pb.getNumBodies(physicsClientId=world.client))
            stage = world._stage
            assert stage.bodies[0] not in (world.ground, world.floor)
    assert len(set(counts)) == 1            # the same bodies every time: none left over from the last world
    assert stage.worlds == 2                # reset at the fifth world, which started a new count
