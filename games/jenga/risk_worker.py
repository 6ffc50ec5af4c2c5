"""The risk map, computed in a separate process so the window never waits for it.

RiskWorker starts one worker process on first use (`python -m games.jenga.risk_worker`, which reads
one JSON request per line on stdin and answers one JSON line on stdout) and runs sim's risk map there
through games.jenga.physics (the one door to the simulator: render/ never imports sim). A plain child
process rather than multiprocessing: the app's main module is never imported again, and the child
loads only numpy and the simulator, never pygame. It runs at a lower priority (os.nice) and spreads
each batch over `workers` processes of its own, so the map fills in fast while the window keeps its
frame rate.

The screen asks for the map after every move with a key naming the position; poll() each frame hands
back the newest map without waiting. A whole map takes many seconds, so the worker maps the blocks in
small batches (sim.risk_map's `blocks=`) and answers after each one: the tint fills in block by block,
the first figures arriving within a second or two. A request for a new position stops the worker
computing the old one and starts afresh, so the map shown always belongs to the tower on screen.
sim draws each block's pushes from (seed, level, pos), so the batches give the same figures as one
whole map. The worker never outlives the app: it asks the kernel to end it when its parent dies (Linux),
and checks its parent twice a second elsewhere (see _die_with_parent).
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from dataclasses import dataclass


BATCH = 4  # blocks mapped per answer: about a second of physics on one core
NICE = 5  # the worker's lower priority
PARENT_ENV = "KONG_TABLETOP_RISK_PARENT"  # the app's process id, handed to the worker


@dataclass(frozen=True)
class RiskMap:
    key: object
    by_block: dict[tuple[int, int], tuple[float, float]]  # (level, pos) -> (p_collapse, push_force_n)
    total: int = 0  # blocks the whole map will have (0: unknown)

    def get(self, level: int, pos: int) -> tuple[float, float] | None:
        return self.by_block.get((level, pos))

    @property
    def complete(self) -> bool:
        return len(self.by_block) >= self.total


def compute(spec_name: str, tower_state: dict, samples: int, seed: int, workers: int,
            below_level: int | None = None, blocks=None, batch: int = BATCH):
    """sim's risk map of one tower state in batches (what the worker process runs): yields
    (rows of this batch, number of blocks in the whole map)."""
    from . import physics

    if blocks is None:
        blocks = physics.removable(spec_name, tower_state, below_level)
    blocks = [(int(l), int(p)) for l, p in blocks]
    if not blocks:
        yield [], 0
    for i in range(0, len(blocks), max(1, batch)):
        rows = physics.risk(spec_name, tower_state, blocks[i:i + batch], samples=samples, seed=seed,
                            workers=workers)
        yield rows, len(blocks)


class RiskWorker:
    def __init__(self, samples: int = 2, seed: int = 0, workers: int = 1, below_level: int | None = None,
                 command: list[str] | None = None, batch: int = BATCH):
        self.samples = samples
        self.batch = batch
        self.below_level = below_level  # only blocks below this level (None: all removable ones)
        self.seed = seed
        self.workers = workers
        self.command = command or [sys.executable, "-m", "games.jenga.risk_worker"]
        self._proc: subprocess.Popen | None = None
        self._answers: queue.Queue = queue.Queue()
        self._running: object | None = None  # key of the request being computed
        self._waiting: tuple[object, dict] | None = None
        self._generation = 0  # which worker process answers belong to (answers of a stopped one are dropped)
        self.latest: RiskMap | None = None
        self.error: str | None = None

    @property
    def busy(self) -> bool:
        return self._running is not None or self._waiting is not None

    def request(self, key, spec_name: str, tower_state: dict, blocks=None) -> None:
        """Ask for the map of this tower; `key` names the position it belongs to. blocks: the
        (level, pos) to map, in the order they should arrive (default: every removable block)."""
        if (self.latest is not None and self.latest.key == key and self.latest.complete) or self._running == key:
            return
        if self._waiting is not None and self._waiting[0] == key:
            return
        self._waiting = (key, {"spec": spec_name, "tower": tower_state, "samples": self.samples,
                               "seed": self.seed, "workers": self.workers, "below_level": self.below_level,
                               "blocks": None if blocks is None else [list(b) for b in blocks],
                               "batch": self.batch})
        if self._running is not None:  # computing a position that is gone: stop it
            self._stop_process()
            self._running = None
        self._launch()

    def _start_process(self) -> None:
        env = dict(os.environ)
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        env[PARENT_ENV] = str(os.getpid())
        self._proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, text=True, env=env)
        self._generation += 1
        proc, answers, generation = self._proc, self._answers, self._generation

        def read() -> None:
            for line in proc.stdout:
                answers.put((generation, line))
            answers.put((generation, None))  # the process ended

        threading.Thread(target=read, daemon=True).start()

    def _launch(self) -> None:
        if self._running is not None or self._waiting is None:
            return
        key, job = self._waiting
        self._waiting = None
        try:
            if self._proc is None or self._proc.poll() is not None:
                self._start_process()
            self._proc.stdin.write(json.dumps(job) + "\n")
            self._proc.stdin.flush()
        except OSError as exc:
            self.error = f"risk map worker could not start: {exc}"
            self._proc = None
            return
        self._running = key

    def poll(self) -> RiskMap | None:
        """The newest map, perhaps still filling in (checked without waiting)."""
        while True:
            try:
                generation, line = self._answers.get_nowait()
            except queue.Empty:
                break
            self._take(generation, line)
        return self.latest

    def _take(self, generation: int, line: str | None) -> None:
        if generation != self._generation:
            return  # from a worker stopped because its position was gone
        key = self._running
        if line is None:
            self.error = "risk map worker stopped"
            self._proc = None
            self._running = None
        else:
            answer = json.loads(line)
            if "error" in answer:
                self.error = f"risk map failed: {answer['error']}"
                self._running = None
            else:
                known = dict(self.latest.by_block) if self.latest is not None and self.latest.key == key else {}
                known.update({(int(r["level"]), int(r["pos"])): (float(r["p_collapse"]),
                                                                  float(r.get("push_force_n", 0.0)))
                              for r in answer["rows"]})
                self.latest = RiskMap(key, known, int(answer.get("total", len(known))))
                self.error = None
                if answer.get("final", True):
                    self._running = None
        if self._running is None:
            self._launch()

    def wait(self, timeout: float | None = None, batches: int | None = None) -> RiskMap | None:
        """Block until the running request is answered in full, or until `batches` answers came
        (tests and scripts only)."""
        taken = 0
        while self._running is not None and (batches is None or taken < batches):
            try:
                generation, line = self._answers.get(timeout=timeout)
            except queue.Empty:
                break
            if generation == self._generation:
                taken += 1
            self._take(generation, line)
        return self.latest

    def _stop_process(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None or proc.poll() is not None:
            return
        try:
            proc.stdin.close()
        except OSError:
            pass
        proc.kill()  # it may be in the middle of a minute-long map: do not wait for it
        proc.wait()

    def cancel(self) -> None:
        """Stop computing: the position asked for is gone and no other is wanted yet."""
        if self._running is not None:
            self._stop_process()
            self._generation += 1
        self._running = self._waiting = None

    def close(self) -> None:
        self._stop_process()
        self._generation += 1  # whatever the stopped worker still says is dropped
        self._running = self._waiting = None


def _die_with_parent() -> None:
    """End this worker as soon as the app that started it is gone, even in the middle of a map (a killed
    app cannot stop it): see sim.lifetime."""
    from sim.lifetime import die_with_parent

    die_with_parent(int(os.environ.get(PARENT_ENV) or os.getppid()))


def _serve() -> None:
    """The worker process: one JSON request per line in, one JSON answer per line out."""
    _die_with_parent()
    def say(answer: dict) -> None:
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()

    try:
        os.nice(NICE)  # the window's process comes first: the map never costs it frames
    except OSError:
        pass

    for line in sys.stdin:
        try:
            job = json.loads(line)
            batches = compute(job["spec"], job["tower"], job["samples"], job["seed"], job["workers"],
                              job.get("below_level"), job.get("blocks"), int(job.get("batch", BATCH)))
            done = 0
            for rows, total in batches:
                done += len(rows)
                say({"rows": [{k: (float(v) if k in ("p_collapse", "push_force_n") else int(v))
                               for k, v in r.items() if k in ("level", "pos", "p_collapse", "push_force_n")}
                              for r in rows], "total": total, "final": done >= total})
        except Exception as exc:  # report and keep serving: the window shows the reason
            say({"error": f"{type(exc).__name__}: {exc}"})


if __name__ == "__main__":
    _serve()
