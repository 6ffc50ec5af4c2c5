"""The offline tools that grade the risk map's stopping rule (benchmarks/sim_riskmap_policies.py,
sim_riskmap_grade.py) replay sim.riskmap's own sequential test: on made-up push outcomes, no physics,
they stop each block where the map's SequentialTest stops it and report the figure it reports."""

from __future__ import annotations

import numpy as np
import pytest

from sim import load_spec
from sim.riskmap import SequentialTest
from tests import benchmark_script


def _map_rows(outcomes: dict, safe: dict, samples: int = 8) -> dict:
    """Run SequentialTest on made-up outcomes ((fell, force, displacement mm, give force) per push)."""
    spec = load_spec("classic")
    order = sorted(outcomes)
    pushes = {b: [{"push": i} for i in range(samples)] for b in order}
    test = SequentialTest(spec, {}, order, pushes, safe, samples)
    rows = {}
    while (due := test.due()) is not None:
        b, i, _task = due
        row = test.record(b, i, outcomes[b][i])
        if row is not None:
            rows[b] = row
    assert test.finished
    return rows


def test_the_policy_explorer_stops_and_reports_as_the_map_does():
    policies = benchmark_script.load("sim_riskmap_policies")
    grade = benchmark_script.load("sim_riskmap_grade")
    rng = np.random.default_rng(5)
    outcomes, safe = {}, {}
    for k in range(300):
        kind = k % 5
        p_fall = (0.0, 1.0, 0.3, 0.85, 0.05)[kind]
        drag = (3.0, 90.0, 35.0, 60.0, 12.0)[kind]
        b = (k // 3, k % 3)
        outcomes[b] = [(bool(rng.random() < p_fall), 0.1, float(rng.uniform(0.0, 2.0 * drag)), 0.05) for _ in range(8)]
        safe[b] = bool(rng.random() < 0.9)
    rows = _map_rows(outcomes, safe)
    the_map = policies.RULES[0]
    assert the_map["name"] == "map"
    stopped_early = fell_every_time = 0
    for b, runs in outcomes.items():
        arr = np.array([[r[0], r[1], r[2], 0.0] for r in runs], dtype=float)
        n, p = policies.mapped(arr, safe[b], the_map)
        assert (n, p) == (rows[b]["samples_run"], rows[b]["p_collapse"]), b
        assert grade.replay([list(r) for r in runs], safe[b], 8) == n
        stopped_early += n < 8
        fell_every_time += p == 0.9
    assert stopped_early > 100 and fell_every_time > 20  # the made-up blocks reach every way of stopping


def test_the_refining_rules_push_on_only_the_undecided_blocks_and_read_the_share_that_fell():
    """The 'mixed blocks on to N' rules of the policy explorer (docs/sim.md, "What sharpening the uncertain
    blocks would buy"): a block the map decided safe, or whose pushes all stood, keeps the map's figure and
    pushes; one whose pushes both fell and stood, or that stopped at four falls in four, runs on to N
    pushes and reads the share of them that fell."""
    policies = benchmark_script.load("sim_riskmap_policies")
    the_map = policies.RULES[0]
    on_to_16 = next(r for r in policies.RULES if r["name"] == "map, mixed blocks on to 16")

    def rows(falls):
        return np.array([[bool(f), 0.1, 2.0, 0.01] for f in falls], dtype=float)

    calm = rows([0] * 64)
    assert policies.mapped(calm, True, on_to_16) == policies.mapped(calm, True, the_map) == (1, 0.0)
    mixed = rows([1, 0, 0, 0, 1, 0, 0, 0] + [1, 1, 1, 1, 0, 0, 0, 0] + [0] * 48)
    assert policies.mapped(mixed, True, the_map) == (8, 0.25)
    assert policies.mapped(mixed, True, on_to_16) == (16, 6 / 16)
    falls = rows([1] * 4 + [0] * 12 + [1] * 48)
    assert policies.mapped(falls, True, the_map) == (4, 0.9)  # four falls in four: the Jeffreys reading
    assert policies.mapped(falls, True, on_to_16) == (16, 4 / 16)


def test_the_map_and_the_census_refuse_numbers_that_are_not_whole_and_name_the_seed_they_mean():
    """An audit of the Python door: risk_map(blocks=[(1.9, 0.5)]) mapped block 1:0, [(True, 1)] mapped 1:1,
    census(spec, [1.7]) touched seed 1's tower, census(spec, "0-3") failed on int('-'), workers="2" failed
    comparing a str with an int, and risk_map(seed=-1) blamed "the tolerance seed" (its seed is its
    pushes'). Each is refused before any physics with a BlockError that names it."""
    import pytest

    from sim import Tower, risk_map
    from sim.census import census
    from sim.spec import BlockError

    spec = load_spec("classic")
    tower = Tower(spec, 1)
    for blocks in ([(1.9, 0.5)], [(True, 1)], [(np.float64(2.0), 1)]):
        with pytest.raises(BlockError, match="two integers LEVEL:POS"):
            risk_map(spec, tower, blocks=blocks, workers=1)
    with pytest.raises(BlockError, match="risk map's seed"):
        risk_map(spec, tower, seed=-1, blocks=[(1, 1)], workers=1)
    for seeds in ([1.7], [True], ["3"]):
        with pytest.raises(BlockError, match="tolerance seed"):
            census(spec, seeds)
    with pytest.raises(BlockError, match="seeds is a list of whole numbers.*--seeds"):
        census(spec, "0-3")
    with pytest.raises(BlockError, match="workers must be a whole number from 1 to"):
        census(spec, [0, 1], workers="2")


@pytest.mark.physics
def test_the_map_starts_no_more_workers_than_it_has_pushes(monkeypatch):
    """An engineer's audit: risk_map(..., workers=16, blocks=[two blocks], samples=1) started 16 processes
    for 2 pushes (the census and the sweeps already took no more than their jobs). The map is the same."""
    from dataclasses import replace

    import sim.riskmap as riskmap_module
    from sim import Tower, risk_map

    asked = []
    pipelined = riskmap_module._pipelined
    monkeypatch.setattr(riskmap_module, "_pipelined",
                        lambda test, workers, progress=None: (asked.append(workers), pipelined(test, workers, progress))[1])
    spec = replace(load_spec("classic"), levels=4)
    blocks = [(0, 0), (1, 1)]
    many = risk_map(spec, Tower(spec, 0), samples=1, workers=16, blocks=blocks)
    assert asked == [2]
    assert many == risk_map(spec, Tower(spec, 0), samples=1, workers=1, blocks=blocks)


@pytest.mark.physics
def test_the_map_and_the_census_count_their_progress_and_give_the_same_figures():
    """A simulator audit: `sim riskmap` and `sim census` ran for seconds to minutes without a word on a
    terminal. Both take a progress(done, total) callback (the command line counts on stderr when it is a
    terminal); it is called once a block or tower, in order, and changes no figure."""
    from sim import Tower, risk_map
    from sim.census import census

    spec = load_spec("classic")
    blocks = [(5, 1), (7, 0), (9, 2)]
    seen = []
    rows = risk_map(spec, Tower(spec, 0), blocks=blocks, workers=1, progress=lambda k, n: seen.append((k, n)))
    assert seen == [(1, 3), (2, 3), (3, 3)]
    assert rows == risk_map(spec, Tower(spec, 0), blocks=blocks, workers=1)
    seen.clear()
    # in this one process (a pool forked from a test worker that holds PyBullet clients and threads hung
    # once in a full run); `sim census`, a fresh process, runs the pool's path, checked by test_cli
    two = census(spec, [0, 1], workers=1, progress=lambda k, n: seen.append((k, n)))
    assert seen == [(1, 2), (2, 2)] and two == census(spec, [0, 1], workers=1)
    # the rows in the seeds' order however they were asked for (a determinism audit: `--seeds 1,0` listed
    # seed 1's rows first, where `--seeds 0-1` gives seed 0's, with the same figures)
    assert census(spec, [1, 0], workers=1) == two and [r["seed"] for r in two[1]] == sorted(r["seed"] for r in two[1])
