"""Fuzzing the tower's public operations with extreme arguments (issue 17).

Out of range (speeds, steadiness outside 0..1, odd sides and slots, NaN and infinity, bools, huge
numbers): BlockError before any physics runs, the tower's state unchanged. In range: no NaN in the
poses or the verdict, no block flung away, and a bounded simulated time. The in-range examples run real
physics, so they are few.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sim import BlockError, Tower, load_spec
from sim import arguments

SPECS = {name: replace(load_spec(name), levels=8) for name in ("classic", "dk", "mario")}
ARGUMENT_EXAMPLES = 150
PHYSICS_EXAMPLES = int(__import__("os").environ.get("FUZZ_PHYSICS_EXAMPLES", 6))

ODD = st.one_of(st.just(math.nan), st.just(math.inf), st.just(-math.inf), st.just(True), st.just(None),
                st.just("1"), st.just(10**5000), st.just(-10**5000), st.floats(allow_nan=True),
                st.integers(-10**40, 10**40), st.just([1]), st.just(1e308))


def _bad(value, ok) -> bool:
    """True if value is outside what `ok` (a predicate on a finite real) accepts."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return True
    if isinstance(value, int) and abs(value) > 10**9:
        return True  # outside every range below (and too large for a float)
    return not math.isfinite(value) or not ok(value)


@st.composite
def bad_call(draw):
    """(operation name, kwargs) with at least one argument out of its documented range."""
    op = draw(st.sampled_from(["extract", "probe", "remove", "stack", "settle", "margins"]))
    level = draw(st.one_of(st.integers(0, 5), ODD))
    pos = draw(st.one_of(st.integers(0, 2), ODD))
    if op == "extract":
        kw = dict(level=level, pos=pos, side=draw(st.one_of(st.sampled_from([1, -1]), ODD, st.integers(-3, 3))),
                  speed=draw(st.one_of(st.floats(0.005, 0.3), ODD)),
                  steadiness=draw(st.one_of(st.floats(0.0, 1.0), ODD)),
                  tremor=draw(st.one_of(st.integers(0, 2**31), ODD)),
                  angle_deg=draw(st.one_of(st.floats(-45, 45), ODD)),
                  follow_s=draw(st.one_of(st.floats(0, 10), ODD)))
        bad = (_bad(kw["speed"], lambda v: 0.005 <= v <= 0.25) or _bad(kw["steadiness"], lambda v: 0 <= v <= 1)
               or _bad(kw["angle_deg"], lambda v: -45 <= v <= 45) or _bad(kw["follow_s"], lambda v: 0 <= v <= 10)
               or _bad(kw["side"], lambda v: v in (1, -1))
               or _bad(kw["tremor"], lambda v: isinstance(v, int) and 0 <= v < 2**63))
    elif op == "probe":
        kw = dict(level=level, pos=pos, side=draw(st.one_of(st.sampled_from([1, -1]), ODD, st.integers(-3, 3))),
                  speed=draw(st.one_of(st.floats(0.005, 0.3), ODD)))
        bad = _bad(kw["speed"], lambda v: 0.005 <= v <= 0.25) or _bad(kw["side"], lambda v: v in (1, -1))
    elif op == "remove":
        kw = dict(level=level, pos=pos, follow_s=draw(st.one_of(st.floats(0, 10), ODD)))
        bad = _bad(kw["follow_s"], lambda v: 0 <= v <= 10)
    elif op == "stack":
        kw = dict(slot=draw(st.one_of(st.integers(-5, 8), ODD)))
        bad = _bad(kw["slot"], lambda v: isinstance(v, int) and 0 <= v <= 2)
    elif op == "settle":
        kw = dict(seconds=draw(st.one_of(st.floats(0, 60), ODD)))
        bad = kw["seconds"] is not None and _bad(kw["seconds"], lambda v: 0.01 <= v <= 60)
    else:
        kw = dict(remove=[(level, pos)])
        bad = False  # judged below: an odd address, or one outside the grid
    if op in ("extract", "probe", "remove", "margins"):
        bad = bad or _bad(level, lambda v: isinstance(v, int)) or _bad(pos, lambda v: isinstance(v, int))
        if op == "margins":
            bad = bad or not (0 <= level < 8 and 0 <= pos < 3)
    if op == "stack" and not bad:
        bad = False
    return op, kw, bad


def _run(tower: Tower, op: str, kw: dict):
    if op == "margins":
        return tower.static_margins(**kw)
    if op == "stack":
        tower.remove(5, 1)
    return getattr(tower, op)(**kw)


@settings(max_examples=ARGUMENT_EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(SPECS)), call=bad_call())
def test_out_of_range_arguments_are_refused_before_any_physics(name, call):
    op, kw, bad = call
    if not bad:
        return  # every argument happened to be in range: the physics examples cover those
    tower = Tower(SPECS[name], seed=1)
    if op == "stack":
        tower.hand = tower.slots[5, 1]  # a block in hand without running physics: the check comes first
        tower.slots[5, 1] = -1
        tower.level_of[tower.hand] = -1
    before = tower.get_state()
    with pytest.raises(BlockError):
        if op == "margins":
            tower.static_margins(**kw)
        else:
            getattr(tower, op)(**kw)
    after = tower.get_state()
    assert np.array_equal(np.asarray(after["poses"]), np.asarray(before["poses"]))
    assert after["where"] == before["where"] and after["slots"] == before["slots"]


@pytest.mark.parametrize("value", [math.nan, math.inf, -1, 2**70, True, 1.5, "3", None])
def test_odd_seeds_and_block_ids_are_refused(value):
    with pytest.raises(BlockError):
        Tower(SPECS["classic"], seed=value)
    tower = Tower(SPECS["classic"], seed=0)
    for method in (tower.address, tower.where, tower.block_size):
        with pytest.raises(BlockError):
            method(value if value != -1 else 10**6)


def _sound(tower: Tower, verdict) -> None:
    poses = tower.poses()
    assert np.isfinite(poses).all(), "NaN or infinity in the poses"
    assert np.abs(poses[:, :3]).max() < 3.0, "a block was flung more than 3 m away"
    for field in ("max_displacement_mm", "max_tilt_deg", "sim_s", "push_force_n", "wall_ms"):
        assert math.isfinite(getattr(verdict, field)), field
    inside = ~np.isnan(verdict.displacement_mm)
    assert np.isfinite(verdict.displacement_mm[inside]).all() and np.isfinite(verdict.tilt_deg[inside]).all()
    assert verdict.sim_s <= 80.0


@pytest.mark.physics
@settings(max_examples=PHYSICS_EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(SPECS)), level=st.integers(0, 5), pos=st.integers(0, 2),
       side=st.sampled_from([1, -1]),
       speed=st.one_of(st.sampled_from([arguments.MIN_SPEED_M_S * 4, arguments.MAX_SPEED_M_S]), st.floats(0.05, arguments.MAX_SPEED_M_S)),
       steadiness=st.one_of(st.sampled_from([0.0, 1.0]), st.floats(0.0, 1.0)),
       tremor=st.integers(0, 2**63 - 1), angle=st.one_of(st.sampled_from([-45.0, 45.0]), st.floats(-45, 45)),
       follow_s=st.sampled_from([0.0, 0.5]))
def test_in_range_pushes_never_give_nan_or_an_explosion(name, level, pos, side, speed, steadiness, tremor,
                                                       angle, follow_s):
    tower = Tower(SPECS[name], seed=tremor % 1000)
    verdict = tower.extract(level, pos, side=side, speed=speed, steadiness=steadiness, tremor=tremor,
                            angle_deg=angle, follow_s=follow_s)
    _sound(tower, verdict)
    if not tower.collapsed:
        _sound(tower, tower.stack(int(tremor % 3)))


@pytest.mark.physics
@settings(max_examples=PHYSICS_EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(SPECS)), level=st.integers(0, 6), pos=st.integers(0, 2),
       side=st.sampled_from([1, -1]), speed=st.floats(0.005, arguments.MAX_SPEED_M_S), seconds=st.floats(0.01, 3.0))
def test_in_range_touches_removals_and_settles_stay_finite(name, level, pos, side, speed, seconds):
    tower = Tower(SPECS[name], seed=level)
    probe = tower.probe(level, pos, side=side, speed=speed)
    assert math.isfinite(probe.force_n) and math.isfinite(probe.tower_motion_mm)
    _sound(tower, tower.remove(level, pos, follow_s=0.2))
    if not tower.collapsed:
        _sound(tower, tower.settle(seconds))


def test_a_full_settle_longer_than_ten_seconds_is_refused_before_it_runs():
    tower = Tower(load_spec("classic"), seed=0)
    with pytest.raises(BlockError, match="at most 10 s"):
        tower.settle(60.0, full=True)


@pytest.mark.physics
@pytest.mark.parametrize("place", [[], {}, 3, None, "attic"])
def test_a_tower_state_with_a_block_in_no_known_place_is_refused_with_the_named_error(place):
    """A research audit: a 'where' entry of [] or {} escaped as a bare TypeError (unhashable) from
    Tower.from_state, where every other malformed field is a SimError naming the fault."""
    from sim import SimError

    state = Tower(SPECS["classic"], seed=0).get_state()
    state["where"][5] = place
    with pytest.raises(SimError, match="malformed tower state: block 5 is in unknown place"):
        Tower.from_state(SPECS["classic"], state)
