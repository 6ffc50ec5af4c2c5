"""Tower specs as data (validated with messages naming the field) and the risk map's determinism."""

import json
from dataclasses import replace

import numpy as np
import pytest

from sim import SpecError, Tower, load_spec, risk_map
from sim.layout import block_dims
from sim.spec import ASSETS, SimError, parse_spec


def test_the_three_towers():
    classic, dk, mario = (load_spec(n) for n in ("classic", "dk", "mario"))
    assert classic.num_blocks == dk.num_blocks == 54 and mario.num_blocks == 45
    assert classic.settle_s == dk.settle_s == 10.0 and mario.settle_s == 5.0
    assert mario.mass_kg < classic.mass_kg and mario.friction < classic.friction
    assert classic.block_m == pytest.approx((0.075, 0.025, 0.015))


@pytest.mark.parametrize("change, message", [
    (lambda d: d.pop("mass_g"), "missing field 'mass_g'"),
    (lambda d: d.update(friction="wood"), "'friction' must be a number"),
    (lambda d: d.update(levels=500), "'levels' = 500 is outside"),
    (lambda d: d["physics"].update(friction_anchor=1), "'friction_anchor' must be true or false"),
    (lambda d: d.update(block_mm=[75, 25]), "'block_mm' must be three positive numbers"),
    (lambda d: d.pop("verdict"), "section 'verdict'"),
])
def test_broken_spec_names_the_field(change, message):
    data = json.loads((ASSETS / "classic.json").read_text())
    change(data)
    with pytest.raises(SpecError, match=message):
        parse_spec(data, "classic.json")


def test_unknown_variant():
    with pytest.raises(SpecError, match="unknown tower variant 'lego'"):
        load_spec("lego")


def test_tolerances_follow_the_seed():
    spec = load_spec("classic")
    a, b, c = block_dims(spec, 0), block_dims(spec, 0), block_dims(spec, 1)
    assert np.array_equal(a, b) and not np.array_equal(a, c)
    heights = a[:, 2] - spec.block_m[2]
    assert 0 < heights.std() < 2e-4 and np.abs(heights).max() <= spec.height_max_m
    assert (a[:, 1] <= spec.block_m[1]).all()          # three blocks always fit side by side


def test_risk_map_is_the_same_in_one_process_or_two():
    spec = replace(load_spec("classic"), levels=4)
    tower = Tower(spec, 0)
    one = risk_map(spec, tower, samples=2, seed=3, workers=1, speed=0.2)
    two = risk_map(spec, tower.get_state(), samples=2, seed=3, workers=2, speed=0.2)
    assert one == two
    assert [(r["level"], r["pos"]) for r in one] == tower.removable()
    some = risk_map(spec, tower, samples=2, seed=3, workers=1, speed=0.2, blocks=[(2, 1), (0, 0)])
    assert some == [one[0], one[7]]


def test_risk_map_stops_pushing_a_block_once_its_first_pushes_settle_it():
    """The sequential test of sim.riskmap on a fresh classic tower (seed 0): a loose block whose first
    push is calm (5:0) is decided after one push; a block every push topples (14:0) after four; 14:2,
    whose first push is calm though later ones drag the tower about 10 mm, after one. prune=False runs
    all eight everywhere and agrees on these three."""
    spec = load_spec("classic")
    tower = Tower(spec, 0)
    blocks = [(5, 0), (14, 0), (14, 2)]
    rows = risk_map(spec, tower, samples=8, seed=0, workers=1, blocks=blocks)
    assert [(r["samples_run"], r["p_collapse"]) for r in rows] == [(1, 0.0), (4, 1.0), (1, 0.0)]
    full = risk_map(spec, tower, samples=8, seed=0, workers=2, blocks=blocks, prune=False)
    assert [r["samples_run"] for r in full] == [8, 8, 8]
    assert [r["p_collapse"] for r in full] == [0.0, 1.0, 0.0]
    with pytest.raises(SimError, match="samples must be a whole number of at least 1"):
        risk_map(spec, tower, samples=0, workers=1, blocks=blocks)


def test_risk_map_of_a_block_that_is_gone():
    from sim import BlockError
    spec = replace(load_spec("classic"), levels=4)
    tower = Tower(spec, 0)
    tower.remove(1, 1)
    with pytest.raises(BlockError, match="already gone"):
        risk_map(spec, tower, samples=1, workers=1, blocks=[(1, 1)])


def test_static_margins_of_all_candidates_at_once_match_one_by_one():
    from sim.statics import margins
    tower = Tower(load_spec("classic"), seed=4)
    present, xy, widths, masses = tower._statics_arrays()
    rng = np.random.default_rng(0)
    present &= rng.random(present.shape) > 0.25          # a played-looking tower with holes
    candidates = np.argwhere(present)
    together, level = margins(present, xy, widths, masses, candidates)
    for (l, p), m, lv in zip(candidates, together, level):
        alone = present.copy()
        alone[l, p] = False
        m1, lv1 = margins(alone, xy, widths, masses)
        assert m1[0] == m and lv1[0] == lv
