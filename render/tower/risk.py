"""The risk map, computed in a separate process so the window never waits for it.

RiskWorker keeps one worker process (started on first use) that runs sim.risk_map on a tower state.
The screen asks for the map after every move with a key (the length of the match history); poll()
each frame hands back the newest finished map. A request made while another is running waits, and
only the newest waiting request is kept, so a quick series of moves costs one extra map, not many.
Nothing here imports pygame: the worker process loads only numpy and the simulator.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import wait as futures_wait
from dataclasses import dataclass


@dataclass(frozen=True)
class RiskMap:
    key: object
    by_block: dict[tuple[int, int], tuple[float, float]]  # (level, pos) -> (p_collapse, push_force_n)

    def get(self, level: int, pos: int) -> tuple[float, float] | None:
        return self.by_block.get((level, pos))


def compute(spec_name: str, tower_state: dict, samples: int, seed: int, workers: int) -> list[dict]:
    """Runs in the worker process: sim's risk map of one tower state."""
    from sim import Tower, load_spec, risk_map

    spec = load_spec(spec_name)
    tower = Tower.from_state(spec, tower_state)
    return risk_map(spec, tower, samples=samples, seed=seed, workers=workers)


class RiskWorker:
    def __init__(self, samples: int = 4, seed: int = 0, workers: int = 1, function=compute):
        self.samples = samples
        self.seed = seed
        self.workers = workers
        self.function = function
        self._pool: ProcessPoolExecutor | None = None
        self._running: tuple[object, Future] | None = None
        self._waiting: tuple[object, tuple] | None = None
        self.latest: RiskMap | None = None
        self.error: str | None = None

    @property
    def busy(self) -> bool:
        return self._running is not None or self._waiting is not None

    def request(self, key, spec_name: str, tower_state: dict) -> None:
        """Ask for the map of this tower; `key` names the position it belongs to."""
        if self.latest is not None and self.latest.key == key:
            return
        if self._running is not None and self._running[0] == key:
            return
        self._waiting = (key, (spec_name, tower_state, self.samples, self.seed, self.workers))
        self._launch()

    def _launch(self) -> None:
        if self._running is not None or self._waiting is None:
            return
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        key, args = self._waiting
        self._waiting = None
        self._running = (key, self._pool.submit(self.function, *args))

    def poll(self) -> RiskMap | None:
        """The newest finished map (checked without waiting)."""
        if self._running is not None and self._running[1].done():
            key, future = self._running
            self._running = None
            try:
                rows = future.result()
                self.latest = RiskMap(key, {(int(r["level"]), int(r["pos"])): (float(r["p_collapse"]),
                                                                                float(r.get("push_force_n", 0.0)))
                                            for r in rows})
                self.error = None
            except Exception as exc:  # a broken worker must not take the window down; say why instead
                self.error = f"risk map failed: {exc}"
            self._launch()
        return self.latest

    def wait(self, timeout: float | None = None) -> RiskMap | None:
        """Block until the running request is done (tests and scripts only)."""
        while self._running is not None:
            futures_wait([self._running[1]], timeout=timeout)
            if not self._running[1].done():
                break
            self.poll()
        return self.latest

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        self._running = self._waiting = None
