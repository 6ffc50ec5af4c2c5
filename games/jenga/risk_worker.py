"""The risk map, computed in a separate process so the window never waits for it.

RiskWorker starts one worker process on first use (`python -m games.jenga.risk_worker`, which reads
one JSON request per line on stdin and answers one JSON line on stdout) and runs sim's risk map there
through games.jenga.physics (the one door to the simulator: render/ never imports sim). A plain child
process rather than multiprocessing: the app's main module is never imported again, and the child
loads only numpy and the simulator, never pygame. It runs at a lower priority (os.nice), so the window
keeps its frame rate.

The worker keeps a pool of `workers` processes (forked from it once, so each starts with the
simulator loaded) and runs sim's sequential test of the map on it push by push (sim.riskmap's
SequentialTest, the same test as one whole map, so the figures and the push count are those of one
whole map): a block's next pushes are handed out as soon as its last ones are back, and ahead of the
first pushes of the blocks after it in the order the screen asks, so no core waits at the end for one
block's chain of pushes. Each block's figure is answered as soon as its test is settled: the tint fills
in block by block. With `first_pass` (the screen's), every block's first pushes come before any block's
last ones, and a block they leave unsettled (its pushes disagree) answers an interim figure from them,
marked, then its final one: the whole tower is tinted sooner, and the final figures are unchanged.

The screen asks for the map after every move with a key naming the position; poll() each frame hands
back the newest map without waiting. A request for a new position replaces the old one in the same
process: the pool's tasks of the old position are dropped (its processes killed and forked afresh when
a task was still running), and answers belonging to an older request are ignored, so the map shown
always belongs to the tower on screen and no new process has to load the simulator. The worker never
outlives the app: it asks the kernel to end it when its parent dies (Linux), and checks its parent
twice a second elsewhere (see _die_with_parent); its pool processes do the same with it.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from dataclasses import dataclass, field, replace

NICE = 5  # the worker's lower priority
PARENT_ENV = "KONG_TABLETOP_RISK_PARENT"  # the app's process id, handed to the worker
ROW_FIELDS = ("level", "pos", "p_collapse", "give_force_n", "displacement_mm", "samples_run")


KEEP_COMPLETE = 8
"""How many whole maps the client keeps by position: a position met again (a move undone, then another)
shows its map at once rather than computing it again."""


@dataclass(frozen=True)
class RiskMap:
    key: object
    by_block: dict[tuple[int, int], tuple[float, float]]  # (level, pos) -> (p_collapse, give_force_n)
    total: int = 0  # blocks the whole map will have (0: unknown)
    pushes: int = 0  # pushes the map has run so far (sim's sequential test stops early on settled blocks)
    cpu_s: float = 0.0  # processor time the pool's tasks of this map have taken so far
    interim: frozenset = frozenset()  # blocks whose figure is from their first pushes (the rest still run)
    # (level, pos) -> how far the block's pushes moved the tower, in mm: sim's displacement_mm, the mean over
    # the pushes of the largest shift of any block left standing (a block with no figure of it: not listed)
    dragged_mm: dict = field(default_factory=dict)
    # (level, pos) -> (force in N, gives) of a gentle touch of the block, worked out once the map is complete:
    # the map's brisk, slightly angled pulls rub a loose block against its neighbours, and their force did not
    # tell loose blocks from tight ones (a feel audit: a loose block's pulls "took about 1.55 N", a tight one's
    # 0.80 N), where a touch does at a glance (sim's census; PHYSICS.md)
    touch: dict = field(default_factory=dict)

    def get(self, level: int, pos: int) -> tuple[float, float] | None:
        return self.by_block.get((level, pos))

    def touched(self, level: int, pos: int) -> tuple[float, bool] | None:
        """A gentle touch's reading of the block (force N, gives), or None until it is in."""
        return self.touch.get((level, pos))

    def dragged(self, level: int, pos: int) -> float | None:
        """How far the block's pushes moved the tower (mm), or None when the map has no such figure."""
        return self.dragged_mm.get((level, pos))

    @property
    def covered(self) -> bool:
        """Every block has a figure (some perhaps interim)."""
        return len(self.by_block) >= self.total

    @property
    def complete(self) -> bool:
        """Every block has its final figure."""
        return self.covered and not self.interim


class RiskWorker:
    def __init__(self, samples: int = 2, seed: int = 0, workers: int = 1, below_level: int | None = None,
                 command: list[str] | None = None, first_pass: int = 0):
        self.samples = samples
        # With first_pass, every block's first pushes run before any block's last ones, and a block those
        # leave unsettled answers an interim figure (sim.riskmap.SequentialTest): the whole tower is tinted
        # sooner, and the final figures are the same.
        self.first_pass = first_pass
        self.below_level = below_level  # only blocks below this level (None: all removable ones)
        self.seed = seed
        self.workers = workers  # pool processes of the worker (the map's pushes are spread over them)
        self.command = command or [sys.executable, "-m", "games.jenga.risk_worker"]
        self._proc: subprocess.Popen | None = None
        self._answers: queue.Queue = queue.Queue()
        self._running: object | None = None  # key of the request being computed
        self._job_key: object | None = None  # key of the newest request sent (its touches come after its map)
        self._job = 0  # id of the newest request sent (answers to older ones are dropped)
        self._generation = 0  # which worker process answers belong to (answers of a stopped one are dropped)
        self.latest: RiskMap | None = None
        self.error: str | None = None
        self._complete: dict = {}  # key -> the last few maps that came in whole (KEEP_COMPLETE)

    @property
    def busy(self) -> bool:
        return self._running is not None

    def start(self) -> None:
        """Start the worker process now, so that it has loaded the simulator by the first request."""
        if self._proc is None or self._proc.poll() is not None:
            try:
                self._start_process()
            except OSError as exc:
                self.error = f"risk map worker could not start: {exc}"
                self._proc = None

    def request(self, key, spec_name: str, tower_state: dict, blocks=None) -> None:
        """Ask for the map of this tower; `key` names the position it belongs to. blocks: the
        (level, pos) to map, in the order they should arrive (default: every removable block). A request
        while another position is being mapped replaces it."""
        if (self.latest is not None and self.latest.key == key and self.latest.complete) or self._running == key:
            return
        done = self._complete.get(key)
        if done is not None:  # a position met again (a move undone): its map as it came, at once
            self.cancel()
            self.latest = done
            return
        self._send(key, {"spec": spec_name, "tower": tower_state, "samples": self.samples, "seed": self.seed,
                         "workers": self.workers, "below_level": self.below_level, "first_pass": self.first_pass,
                         "blocks": None if blocks is None else [list(b) for b in blocks]})

    def _send(self, key, job: dict) -> None:
        self._job += 1
        job = dict(job, id=self._job)
        try:
            if self._proc is None or self._proc.poll() is not None:
                self._start_process()
            self._proc.stdin.write(json.dumps(job) + "\n")
            self._proc.stdin.flush()
        except OSError as exc:
            self.error = f"risk map worker could not start: {exc}"
            self._stop_process()
            self._running = None
            return
        self._running = self._job_key = key

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

    def poll(self) -> RiskMap | None:
        """The newest map, perhaps still filling in (checked without waiting)."""
        while True:
            try:
                generation, line = self._answers.get_nowait()
            except queue.Empty:
                break
            self._take(generation, line)
        return self.latest

    def _take(self, generation: int, line: str | None) -> bool:
        """Take one answer; True when it belonged to the request being computed."""
        if generation != self._generation:
            return False  # from a worker process that was stopped
        if line is None:
            if self._running is not None:
                self.error = "risk map worker stopped"
            self._proc = None
            self._running = None
            return True
        answer = json.loads(line)
        if "touches" in answer:  # after the map: the touches of its blocks
            latest = self.latest
            if answer.get("id") != self._job or latest is None or latest.key != self._job_key:
                return False
            touch = dict(latest.touch)
            for level, pos, force, gives in answer["touches"]:
                touch[(int(level), int(pos))] = (float(force), bool(gives))
            self.latest = replace(latest, touch=touch)
            if latest.key in self._complete:
                self._complete[latest.key] = self.latest
            return True
        if answer.get("id") != self._job or self._running is None:
            return False  # a request that was replaced or cancelled
        key = self._running
        if "error" in answer:
            self.error = f"risk map failed: {answer['error']}"
            self._running = None
            return True
        same = self.latest is not None and self.latest.key == key
        known = dict(self.latest.by_block) if same else {}
        dragged = dict(self.latest.dragged_mm) if same else {}
        interim = set(self.latest.interim) if same else set()
        for r in answer["rows"]:
            b = (int(r["level"]), int(r["pos"]))
            known[b] = (float(r["p_collapse"]), float(r.get("give_force_n", 0.0)))
            if r.get("displacement_mm") is not None:
                dragged[b] = float(r["displacement_mm"])
            else:
                dragged.pop(b, None)
            (interim.add if r.get("interim") else interim.discard)(b)
        # An interim row's pushes are counted with its final row (that row's samples_run counts them all).
        pushes = (self.latest.pushes if same else 0) + sum(int(r.get("samples_run", 0)) for r in answer["rows"]
                                                            if not r.get("interim"))
        cpu = (self.latest.cpu_s if same else 0.0) + float(answer.get("cpu_s", 0.0))
        self.latest = RiskMap(key, known, int(answer.get("total", len(known))), pushes, cpu, frozenset(interim),
                              dragged)
        self.error = None
        if answer.get("final", True):
            self._running = None
            if self.latest.complete:
                self._complete.pop(key, None)
                self._complete[key] = self.latest
                while len(self._complete) > KEEP_COMPLETE:
                    self._complete.pop(next(iter(self._complete)))
        return True

    def wait(self, timeout: float | None = None, answers: int | None = None) -> RiskMap | None:
        """Block until the running request is answered in full, or until `answers` answers (a block's
        figure each) came (tests and scripts only)."""
        taken = 0
        while self._running is not None and (answers is None or taken < answers):
            try:
                generation, line = self._answers.get(timeout=timeout)
            except queue.Empty:
                break
            taken += self._take(generation, line)
        return self.latest

    def _stop_process(self) -> None:
        proc, self._proc = self._proc, None
        self._generation += 1  # whatever the stopped worker still says is dropped
        if proc is None or proc.poll() is not None:
            return
        try:
            proc.stdin.close()
        except OSError:
            pass
        proc.kill()  # it may be in the middle of a map: do not wait for it
        proc.wait()

    def cancel(self) -> None:
        """Stop computing: the position asked for is gone and no other is wanted yet (the process stays,
        idle, for the next request)."""
        if self._running is None:
            return
        self._running = None
        if self._proc is not None and self._proc.poll() is None:
            self._job += 1
            try:
                self._proc.stdin.write(json.dumps({"id": self._job, "stop": True}) + "\n")
                self._proc.stdin.flush()
            except OSError:
                self._stop_process()

    def close(self) -> None:
        self._stop_process()
        self._running = None


def _die_with_parent() -> None:
    """End this worker as soon as the app that started it is gone, even in the middle of a map (a killed
    app cannot stop it): see sim.lifetime."""
    from sim.lifetime import die_with_parent

    die_with_parent(int(os.environ.get(PARENT_ENV) or os.getppid()))


def _pool_push(task) -> tuple[tuple[bool, float, float], float]:
    """One push of the map on a pool process: (its outcome, the processor time it took)."""
    import time

    from . import physics

    start = time.process_time()
    outcome = physics.risk_push(task)
    return outcome, time.process_time() - start


def _pool_touch(task) -> tuple[tuple[float, bool], float]:
    """A gentle touch of one block on a pool process (physics.touch_reading): its reading and processor time."""
    import time

    from . import physics

    start = time.process_time()
    reading = physics.touch_reading(*task)
    return reading, time.process_time() - start


def _pool_start(parent: int) -> None:
    from sim.lifetime import die_with_parent

    die_with_parent(parent)


class _Server:
    """The worker process's side: a pool of processes forked once, fed the map's pushes one by one."""

    def __init__(self, say):
        self.say = say
        self.jobs: queue.Queue = queue.Queue()
        self.pool = None
        self.size = 0
        self.cpu: dict = {}  # block: processor time its pushes have taken so far (the map being run)

    def read(self) -> None:
        # A file of its own on the same pipe: a forked pool process closes sys.stdin first thing, which
        # would wait for ever on the lock this thread holds while it waits for a line.
        with os.fdopen(os.dup(sys.stdin.fileno()), "r") as stream:
            for line in stream:
                self.jobs.put(line)
        self.jobs.put(None)  # the app closed the pipe

    def _pool(self, size: int):
        import multiprocessing

        if self.pool is None or self.size != size:
            self._drop_pool()
            self.pool = multiprocessing.get_context("fork").Pool(size, initializer=_pool_start,
                                                                 initargs=(os.getpid(),))
            self.size = size
        return self.pool

    def _drop_pool(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None

    def serve(self) -> None:
        from . import physics  # loaded once, before the pool forks: its processes start with it

        threading.Thread(target=self.read, daemon=True).start()
        line = self.jobs.get()
        while line is not None:
            try:
                job = json.loads(line)
            except ValueError as exc:
                self.say({"error": f"{type(exc).__name__}: {exc}"})
                line = self.jobs.get()
                continue
            line = self.run(job, physics)

    def run(self, job: dict, physics) -> str | None:
        """Map one request; returns the next request's line (None: the app is gone) once this one is done
        or replaced."""
        ident = job.get("id")
        if job.get("stop"):
            return self.jobs.get()
        try:
            blocks = job.get("blocks")
            if blocks is None:
                blocks = physics.removable(job["spec"], job["tower"], job.get("below_level"))
            blocks = [(int(l), int(p)) for l, p in blocks]
            test = physics.risk_test(job["spec"], job["tower"], blocks, job["samples"], job["seed"],
                                     first_pass=int(job.get("first_pass") or 0))
            self.cpu = {}
            total = len(test.results)
            if not total:
                self.say({"id": ident, "rows": [], "total": 0, "final": True})
                return self.jobs.get()
            workers = max(1, int(job.get("workers", 1)))
            pool = self._pool(workers)
            back: queue.Queue = queue.Queue()
            out, done = 0, 0
            while done < total:
                while out < workers + 1:  # one push spare, so a pool process never waits on this loop
                    due = test.due()
                    if due is None:
                        break
                    b, i, task = due
                    pool.apply_async(_pool_push, (task,), callback=lambda r, b=b, i=i: back.put((b, i, r, None)),
                                     error_callback=lambda e, b=b, i=i: back.put((b, i, None, e)))
                    out += 1
                try:
                    line = self.jobs.get_nowait()
                except queue.Empty:
                    line = ""
                if line != "":  # a new request (or the app is gone): drop this map's pushes
                    self._drop_pool()
                    return line
                try:
                    b, i, result, error = back.get(timeout=0.05)
                except queue.Empty:
                    continue
                out -= 1
                if error is not None:
                    raise error
                outcome, cpu = result
                self.cpu[b] = self.cpu.get(b, 0.0) + cpu
                row = test.record(b, i, outcome)
                if row is not None:
                    done += 1
                    self.say({"id": ident, "rows": [{k: row[k] for k in ROW_FIELDS if k in row}],
                              "total": total, "final": done >= total, "cpu_s": self.cpu.pop(b)})
                elif (early := test.interim(b)) is not None:
                    self.say({"id": ident, "rows": [dict({k: early[k] for k in ROW_FIELDS if k in early}, interim=True)],
                              "total": total, "final": False})
            line = self._touches(job, blocks, ident, pool)
            if line != "":
                return line
        except Exception as exc:  # report and keep serving: the window shows the reason
            self._drop_pool()  # pushes of the failed map may still be running
            self.say({"id": ident, "error": f"{type(exc).__name__}: {exc}"})
        return self.jobs.get()


    def _touches(self, job: dict, blocks: list, ident, pool) -> str | None:
        """Once the map is complete, a gentle touch of each of its blocks on the pool, each answered as it comes
        ({"id", "touches": [[level, pos, force N, gives]]}); "" when all are done, else the line of a request
        that came meanwhile (this one's touches are dropped)."""
        back: queue.Queue = queue.Queue()
        for b in blocks:
            pool.apply_async(_pool_touch, ((job["spec"], job["tower"], b[0], b[1]),),
                             callback=lambda r, b=b: back.put((b, r, None)),
                             error_callback=lambda e, b=b: back.put((b, None, e)))
        done = 0
        while done < len(blocks):
            try:
                line = self.jobs.get_nowait()
            except queue.Empty:
                line = ""
            if line != "":
                self._drop_pool()
                return line
            try:
                b, result, error = back.get(timeout=0.05)
            except queue.Empty:
                continue
            done += 1
            if error is not None:
                raise error
            (force, gives), _ = result
            self.say({"id": ident, "touches": [[b[0], b[1], force, gives]]})
        return ""


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
    server = _Server(say)
    try:
        server.serve()
    finally:
        server._drop_pool()


if __name__ == "__main__":
    _serve()
