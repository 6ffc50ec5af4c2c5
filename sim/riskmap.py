"""The risk map: for every removable block, the chance that extracting it topples the tower.

Each block is extracted up to `samples` times from the same tower: first with the nominal push, then
with the push perturbed a little each time (speed, direction, steadiness and tremor); p_collapse is the
fraction of those extractions that fell. The perturbations of a block are drawn from numpy's generator
seeded with (seed, level, pos), so the map does not depend on how the work is split. The side a push
comes from is not drawn: it alternates (_side), so any even number of a block's pushes, in the order the
test runs them, has as many from each end (a block that falls from one end of the tower and not from the
other reads the mix of both ends, not whatever share a coin gave).

The pushes run as a sequential test (SequentialTest, shared with the app's risk worker, which runs it on
its own pool), block by block, spread push by push over worker processes (one PyBullet DIRECT client per
process, the maintainers' advice, never threads); a block's next pushes are sent as soon as its last
ones are back, the lowest (dearest) blocks first:

1. a block whose removal the static analyser finds safe and whose pushes so far all stood is decided
   safe (p_collapse 0) once no push moved another block as far as the near-miss distance of CALM_STEPS
   for that many pushes: 7 mm after one push, 20 after two, 30 after three, 40 after four;
2. a block whose FALL_FIRST (four) pushes all toppled the tower is decided, at p_collapse 0.9 (fell_every_time:
   four falls in four do not make a fall certain);
3. every block still undecided gets the rest of its samples, and its p_collapse is the share that fell.

The first perturbed push leads because it tests the block as a player's hand would: neither a touch
test nor the steady, straight nominal push predicts the perturbed pushes well enough to skip them (on
Super Mario's plastic tower a block can stand the nominal push without a wobble and fall to half the
perturbed ones). docs/sim.md compares this test with the full map.
"""

from __future__ import annotations

import heapq
import multiprocessing
import os
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

import numpy as np

from . import arguments
from .lifetime import pool_worker, start_workers, stop_pool
from .spec import SimError, TowerSpec
from .tower import Tower

CALM_STEPS = ((1, 7.0), (2, 20.0), (3, 30.0), (4, 40.0))
"""(pushes, mm): a block whose first `pushes` pushes all stood, none moving another block `mm` or more,
and whose removal the static analyser finds safe, is decided safe (p_collapse 0). A near miss after one
push leaves the block undecided; each calm push after it lets the tower have been dragged a little
further. Chosen on the brute-force maps of docs/sim.md ("The risk map on the calibrated tower"): the
blocks that fall to some pushes drag the tower past these distances in the pushes they survive, while
the low edge blocks that drag the tower 10 to 30 mm and never topple it were what made a fresh tower's
map take 10 s (each of their pushes moves a 16-level glued load at 80 solver iterations)."""
CALM_FIRST = CALM_STEPS[0][0]
DECIDED_MM = CALM_STEPS[0][1]
FALL_FIRST = 4
"""Pushes after which a block whose pushes all toppled the tower is decided (at fell_every_time(FALL_FIRST))."""
FASTEST = 1.25
"""The fastest perturbed push of a block, as a multiple of the nominal speed (push_samples)."""
MAX_NOMINAL_SPEED_M_S = arguments.MAX_SPEED_M_S / FASTEST
"""The fastest nominal speed a map takes: its perturbed pushes must stay within Tower.extract's range."""


def fell_every_time(n: int) -> float:
    """p_collapse of a block the test stopped after its first n pushes all toppled the tower (FALL_FIRST):
    (n + 1/2) / (n + 1), the Jeffreys estimate, 0.9 after four, not the 1 of four falls in four. The
    brute-force maps of docs/sim.md hold blocks whose first four pushes fell that stand to a fifth to a
    third of 64 (seeds 0 to 5: of 61 blocks stopped this way, 30 stood to some of their 64 pushes, 5 to
    19% to 36% of them); read as certain, those were among the map's largest misses. A block that falls
    to every push reads 0.9 and stays at the top of the tint's scale. A map that ran all its samples (or prune=False, or fewer samples than FALL_FIRST) reports the
    share that fell."""
    return (n + 0.5) / (n + 1.0)


def p_collapse(falls: int, n: int, samples: int, prune: bool = True) -> float:
    """A block's p_collapse from `falls` toppled pushes of the `n` it ran out of `samples`: the share that
    fell, except for a block the test stopped early because every push fell (fell_every_time)."""
    if prune and falls == n and FALL_FIRST <= n < samples:
        return fell_every_time(n)
    return falls / n


def _decided(runs: list, safe: bool, calm=CALM_STEPS, fall_first: int = FALL_FIRST) -> bool:
    """True when the pushes so far settle the block's p_collapse (see CALM_STEPS and FALL_FIRST; other
    `calm` steps and `fall_first` are for benchmarks/sim_riskmap_policies.py's other rules)."""
    falls = [r[0] for r in runs]
    n = len(runs)
    if n >= fall_first and all(falls):
        return True
    if not safe or any(falls):
        return False
    drag = max(r[2] for r in runs)
    return any(n == k and drag < mm for k, mm in calm)


def _next_stop(runs: list, samples: int, calm=CALM_STEPS, fall_first: int = FALL_FIRST) -> int:
    """How many pushes a block must have run before its test can next decide it (see _decided)."""
    n = len(runs)
    falls = [r[0] for r in runs]
    if not any(falls) and n < calm[-1][0]:
        return min(n + 1, samples)
    if all(falls) and n < fall_first:
        return min(fall_first, samples)
    return samples


def _side(i: int) -> int:
    """The end push i of a block (push_samples' index) comes from: +1 for the nominal push (0) and every
    even index, -1 for the odd ones. In push_order's running order the sides go -, +, +, -, +, -, +, -, ...:
    every even prefix has as many pushes from each end."""
    return 1 if i % 2 == 0 else -1


def push_samples(seed: int, level: int, pos: int, samples: int, speed: float) -> list[dict]:
    """The pushes tried on one block: first the nominal push, then perturbed ones, their sides alternating
    (_side)."""
    rng = np.random.default_rng([int(seed), int(level), int(pos), 0x7269736B])
    pushes = [{"side": _side(0), "speed": speed, "angle_deg": 0.0, "steadiness": 1.0, "tremor": 0}]
    for i in range(1, samples):
        # The side is still drawn, and not used: the draws after it, and so each push's speed, direction,
        # steadiness and tremor, stay those of the maps made when the side was drawn (docs/sim.md).
        rng.choice([-1, 1])
        pushes.append({
            "side": _side(i),
            "speed": float(speed * rng.uniform(0.8, FASTEST)),
            "angle_deg": float(rng.normal(0.0, 3.0)),
            "steadiness": float(rng.uniform(0.8, 1.0)),
            "tremor": int(rng.integers(0, 2**31 - 1)),
        })
    return pushes


def push_order(pushes: list[dict]) -> list[dict]:
    """The order the sequential test runs a block's pushes in: the first perturbed push, the nominal
    push, then the other perturbed ones."""
    return pushes[1:2] + pushes[:1] + pushes[2:]


def push_outcome(spec: TowerSpec, state: dict, level: int, pos: int, push: dict):
    """One push of the map from the tower's state: its Verdict (the tower it leaves is thrown away, so
    it is not re-seated: Tower.extract's reseat=False)."""
    return Tower.from_state(spec, state).extract(level, pos, reseat=False, **push)


class SequentialTest:
    """The sequential test of a map, apart from where its pushes run: which push of which block is due
    next, and each block's row once its pushes settle it. The pushes a block runs depend on its own
    outcomes only, so the rows are the same however the pushes are spread over processes and whatever
    order they come back in.

    `order` ranks the blocks: due pushes are handed out lowest rank first, so a block's next pushes
    overtake the first pushes of the blocks after it (sim's own map puts the lowest, dearest blocks
    first, so their chains of pushes start early and the cheap pushes of high blocks fill in at the end).

    `first_pass` (the app's tint): every block's pushes before that index are handed out before any
    block's later ones, and a block still unsettled after them has an interim row (interim()) from those
    pushes; its last pushes then refine it. Only the order of the work changes: the final rows are the
    same pushes and the same figures as without it.
    """

    def __init__(self, spec: TowerSpec, state: dict, order: list, pushes: dict, safe: dict, samples: int,
                 prune: bool = True, first_pass: int = 0):
        self.spec, self.state, self.samples, self.prune = spec, state, samples, prune
        self.pushes, self.safe = pushes, safe
        self.first_pass = int(first_pass)
        self.rank = {b: k for k, b in enumerate(order)}
        self.results: dict = {b: [] for b in order}
        self.queue: list = []                 # (pass, rank, index, block, push), a heap
        self.waiting: dict = {}               # block: pushes still out
        self.back: dict = {}                  # block: {index: outcome}
        self.settled: set = set()             # blocks whose test is over
        self._interim_given: set = set()
        for b in order:
            self._enqueue(b)

    def _more(self, b) -> list[dict]:
        """The pushes of block b to run next: none once its test is decided, else up to its next stop."""
        runs = self.results[b]
        n = len(runs)
        if n >= self.samples or (self.prune and n and _decided(runs, self.safe[b])):
            return []
        return self.pushes[b][n:_next_stop(runs, self.samples) if self.prune else self.samples]

    def _enqueue(self, b) -> bool:
        """Queue block b's next pushes; False when it has none (its test is settled)."""
        batch = self._more(b)
        base = len(self.results[b])
        for i, push in enumerate(batch):
            late = bool(self.first_pass) and base + i >= self.first_pass
            heapq.heappush(self.queue, (late, self.rank[b], base + i, b, push))
        if batch:
            self.waiting[b] = len(batch)
            self.back[b] = {}
        else:
            self.settled.add(b)
        return bool(batch)

    @property
    def finished(self) -> bool:
        return len(self.settled) == len(self.results)

    def due(self):
        """The next push to run, as (block, index, task) with task the picklable argument of run_push, or
        None when every queued push has been handed out."""
        if not self.queue:
            return None
        _, _, i, b, push = heapq.heappop(self.queue)
        return b, i, (self.spec, self.state, b[0], b[1], push)

    def record(self, b, index: int, outcome) -> dict | None:
        """Take the outcome of push `index` of block b; returns the block's row once its test is settled."""
        self.back[b][index] = outcome
        self.waiting[b] -= 1
        if self.waiting[b]:
            return None
        self.results[b].extend(self.back[b][k] for k in sorted(self.back[b]))
        return None if self._enqueue(b) else self.row(b)

    def interim(self, b) -> dict | None:
        """Block b's row from its first `first_pass` pushes, marked "interim": True, once they are all back
        and they did not settle it (given once; None otherwise). Its final row (record) comes later."""
        if not self.first_pass or b in self.settled or b in self._interim_given:
            return None
        runs = self.results[b][: self.first_pass]
        back = self.back.get(b, {})
        runs = runs + [back.get(k) for k in range(len(runs), self.first_pass)]
        if any(r is None for r in runs):
            return None
        self._interim_given.add(b)
        return dict(self._row(b, runs), interim=True)

    def row(self, b) -> dict:
        return self._row(b, self.results[b])

    def _row(self, b, runs: list) -> dict:
        falls = sum(bool(r[0]) for r in runs)
        return {"level": b[0], "pos": b[1], "p_collapse": p_collapse(falls, len(runs), self.samples, self.prune),
                "push_force_n": float(np.median([r[1] for r in runs])),
                "give_force_n": float(np.median([r[3] for r in runs])),
                "displacement_mm": float(np.mean([r[2] for r in runs])), "samples_run": len(runs)}


def run_push(task) -> tuple[bool, float, float, float]:
    """One push of a map (SequentialTest.due's task): (collapsed, median push force, largest displacement,
    the force the block took while the tower held it: Verdict.give_force_n)."""
    verdict = push_outcome(*task)
    return verdict.collapsed, verdict.push_force_n, verdict.max_displacement_mm, verdict.give_force_n


def _pipelined(test: SequentialTest, workers: int, progress=None) -> None:
    """Run the test on a process pool, each block's next pushes queued as soon as its last ones are back
    (no round waits for the slowest push of the others), one push spare so a worker never waits on us."""
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"),
                               initializer=pool_worker, initargs=(os.getpid(),))
    try:
        start_workers(pool)
        running: dict = {}                  # future: (block, index)
        while True:
            while len(running) < workers + 1:
                due = test.due()
                if due is None:
                    break
                b, i, task = due
                running[pool.submit(run_push, task)] = (b, i)
            if not running:
                break
            finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
            for f in finished:
                b, i = running.pop(f)
                if test.record(b, i, f.result()) is not None and progress:
                    progress()
    except BaseException:  # Ctrl-C (the workers leave it to us) or a push that failed: stop them now
        stop_pool(pool)
        raise
    pool.shutdown()


def sequential_test(spec: TowerSpec, state_or_tower, samples: int = 8, seed: int = 0, speed: float = 0.1,
                    below_level: int | None = None, prune: bool = True,
                    blocks: list[tuple[int, int]] | None = None, order: str = "lowest",
                    first_pass: int = 0) -> SequentialTest:
    """The map's sequential test of a tower (see risk_map for the arguments), ready to hand out pushes.
    order "lowest" ranks the blocks lowest level first (the dearest first); "given" keeps the order of
    `blocks` (a screen that wants some blocks' figures first). first_pass (0: none): see SequentialTest."""
    if not isinstance(samples, (int, np.integer)) or isinstance(samples, bool) or samples < 1:
        raise SimError(f"samples must be a whole number of at least 1, got {samples!r}")
    if not isinstance(first_pass, (int, np.integer)) or isinstance(first_pass, bool) or not 0 <= first_pass <= samples:
        raise SimError(f"first_pass must be a whole number from 0 to samples ({samples}), got {first_pass!r}")
    arguments.whole("the risk map's seed (of its pushes)", seed, 0, arguments.MAX_SEED)
    arguments.real("push speed", speed, arguments.MIN_SPEED_M_S, MAX_NOMINAL_SPEED_M_S, " m/s")
    if order not in ("lowest", "given"):
        raise SimError(f"order must be 'lowest' or 'given', got {order!r}")
    tower = state_or_tower if isinstance(state_or_tower, Tower) else Tower.from_state(spec, state_or_tower)
    state = tower.get_state()
    if blocks is None:
        blocks = tower.removable(below_level)
    else:
        try:
            pairs = [(l, p) for l, p in blocks]
        except (TypeError, ValueError):
            raise SimError(f"blocks is a list of (level, pos) pairs, e.g. [(5, 1), (7, 0)], not "
                           f"{arguments.shown(blocks)}") from None
        for level, pos in pairs:  # whole numbers, as every door of sim takes them: 1.9 is not block 1
            arguments.address(level, pos)
        given = [(int(l), int(p)) for l, p in pairs]
        blocks = list(dict.fromkeys(given))
        for level, pos in blocks:
            tower.block_id(level, pos)                  # BlockError when it is not in the tower
    ranked = sorted(blocks) if order == "lowest" else blocks
    # The order of a block's pushes: the first perturbed push, the nominal push, then the other perturbed ones.
    pushes = {b: push_order(push_samples(seed, b[0], b[1], samples, speed)) for b in ranked}
    margins = tower.static_margins(ranked)[0] if ranked else []
    safe = {b: m >= spec.verdict.near_critical_margin_mm for b, m in zip(ranked, margins)}
    return SequentialTest(spec, state, ranked, pushes, safe, samples, prune, first_pass)


def risk_map(spec: TowerSpec, state_or_tower, samples: int = 8, seed: int = 0, workers: int | None = None,
             speed: float = 0.1, below_level: int | None = None, prune: bool = True,
             blocks: list[tuple[int, int]] | None = None, progress=None) -> list[dict]:
    """[{level, pos, p_collapse, push_force_n, give_force_n, displacement_mm, samples_run}] for every
    removable block (or for `blocks` only), in (level, pos) order. progress(done, total), if given, is
    called each time a block's figure is settled (the command line counts them on a terminal).

    push_force_n is the median over the extractions run of each push's median force (the carry out of
    the tower included, where it falls to almost nothing); give_force_n the median of what the block took
    to move while the tower held it, read as a touch is (Verdict.give_force_n); displacement_mm
    the mean of the largest displacement of any block left standing (how near the pushes came to a fall;
    the blocks of a fall are named by the verdict, not measured).
    speed is the nominal push speed in m/s (0.1 by default, a brisk push: less simulated time); the
    hand's error grows with speed, so a bot that asks about its own push passes its own speed.
    samples_run is how many pushes the sequential test ran; prune=False runs every sample of every block.
    """
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, (int, np.integer))
                                or workers < 1):
        raise SimError(f"workers must be a whole number of at least 1, got {workers!r}")
    test = sequential_test(spec, state_or_tower, samples=samples, seed=seed, speed=speed,
                           below_level=below_level, prune=prune, blocks=blocks)
    blocks = sorted(test.results)
    if not blocks:
        return []
    # no more processes than pushes to run (the map does not depend on how its work is split)
    workers = min(workers or os.cpu_count() or 1, len(blocks) * test.samples)
    settled = [0]

    def one_more() -> None:
        settled[0] += 1
        if progress:
            progress(settled[0], len(blocks))

    if workers > 1 and len(blocks) > 1:
        _pipelined(test, workers, one_more)
    else:
        while not test.finished:
            b, i, task = test.due()
            if test.record(b, i, run_push(task)) is not None:
                one_more()
    return [test.row(b) for b in blocks]
