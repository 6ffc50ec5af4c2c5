"""Many independent jobs, run on one of three executors: here, a local process pool, or Ray.

Tournaments (games.tournament) and sweeps (sim.sweep) hand over a picklable function and a list of
plain-data jobs; each job's result depends on the job alone, so which executor ran it, and in which
order results came back, never changes a result. `on_result(n, result)` is called in this process as
each job finishes (in completion order); callers that need the schedule's order index by n.

`on_ready()` is called once the executor can take jobs (the pool is up, Ray reached), before the first
job starts, so a caller can leave its files alone until then. On Ctrl-C the jobs not yet started are
cancelled and the workers stopped at once; every result finished before the interrupt is still reported,
then KeyboardInterrupt goes on to the caller.

Ray is optional (`pip install -e '.[ray]'`) and imported only when chosen: a local Ray instance by
default, or the cluster that `address` or the RAY_ADDRESS variable names (checked with a quick
connection first, since Ray itself waits minutes for a cluster that is not there).
"""

from __future__ import annotations

import os
import socket
from typing import Callable, Sequence

from .lifetime import pool_worker, start_workers, stop_pool

EXECUTORS = ("process", "ray", "serial")
CONNECT_TIMEOUT_S = 5.0
"""How long the quick check waits for a Ray cluster's address to answer."""


class ExecutorError(ValueError):
    """An executor that cannot run here: an unknown name, or Ray asked for but not installed."""


def run_jobs(fn: Callable, jobs: Sequence, executor: str = "process", workers: int | None = None,
             address: str | None = None, on_result: Callable[[int, object], None] | None = None,
             on_ready: Callable[[], None] | None = None) -> None:
    """Run fn(job) for every job; report each result through on_result(index, result)."""
    on_result = on_result or (lambda n, r: None)
    on_ready = on_ready or (lambda: None)
    if workers is not None and workers < 1:
        raise ExecutorError(f"workers must be 1 or more, got {workers}")
    workers = workers or os.cpu_count() or 1
    if executor == "serial":
        on_ready()
        for n, job in enumerate(jobs):
            on_result(n, fn(job))
    elif executor == "process":
        _process(fn, jobs, workers, on_result, on_ready)
    elif executor == "ray":
        _ray(fn, jobs, workers, address, on_result, on_ready)
    else:
        raise ExecutorError(f"unknown executor {executor!r}; choose one of: {', '.join(EXECUTORS)}")


def _process(fn, jobs, workers, on_result, on_ready) -> None:
    from concurrent.futures import ProcessPoolExecutor, as_completed

    if not jobs:
        on_ready()
        return
    # Each worker leaves Ctrl-C to this process, which cancels the work and stops the workers itself (an
    # interrupted worker would print its own traceback, then take the next queued job), and dies with it
    # (a sweep killed outright left its workers computing towers no one would read).
    pool = ProcessPoolExecutor(max_workers=min(workers, len(jobs)), initializer=pool_worker,
                               initargs=(os.getpid(),))
    futures: dict = {}
    reported: set[int] = set()
    reporting = False
    try:
        start_workers(pool)
        on_ready()
        futures = {pool.submit(fn, job): n for n, job in enumerate(jobs)}
        for fut in as_completed(futures):
            result = fut.result()
            reporting = True
            on_result(futures[fut], result)
            reporting = False
            reported.add(futures[fut])
    except BaseException:
        stop_pool(pool)  # cancel the jobs not started, end the workers now
        if not reporting:  # an interrupt inside on_result: that call may be half done, so report no more
            for fut, n in futures.items():
                if n not in reported and fut.done() and not fut.cancelled() and fut.exception() is None:
                    on_result(n, fut.result())
        raise
    pool.shutdown()


def _reachable(address: str) -> None:
    """Refuse at once an address where nothing answers (ray.init would wait minutes for it)."""
    if address in ("auto", "local"):
        return
    host_port = address.split("://", 1)[-1].rstrip("/")
    host, sep, port = host_port.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ExecutorError(f"bad Ray address {address!r}: write HOST:PORT, e.g. 10.0.0.5:6379")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT_S):
            pass
    except OSError as exc:
        reason = "no answer" if isinstance(exc, TimeoutError) else (exc.strerror or str(exc)).lower()
        raise ExecutorError(f"cannot reach the Ray cluster at {address} ({reason})") from None


def _ray(fn, jobs, workers, address, on_result, on_ready) -> None:
    try:
        import ray
    except ModuleNotFoundError:
        raise ExecutorError("the ray executor needs Ray: pip install -e '.[ray]'") from None
    address = address or os.environ.get("RAY_ADDRESS")
    started = not ray.is_initialized()
    if started:
        quiet = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
        if address:
            _reachable(address)
            try:
                ray.init(address=address, **quiet)
            except ConnectionError as exc:  # something answers at that address, but not a Ray cluster's head
                raise ExecutorError(f"cannot reach the Ray cluster at {address}: something answers there, "
                                    f"but not Ray ({exc})") from None
        else:
            ray.init(num_cpus=workers, **quiet)
    try:
        on_ready()
        remote = ray.remote(fn)
        refs = [remote.remote(job) for job in jobs]
        index = {ref: n for n, ref in enumerate(refs)}
        pending = list(refs)
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                on_result(index[ref], ray.get(ref))
    finally:
        if started:
            ray.shutdown()
