"""Many independent jobs, run on one of three executors: here, a local process pool, or Ray.

Tournaments (games.tournament) and sweeps (sim.sweep) hand over a picklable function and a list of
plain-data jobs; each job's result depends on the job alone, so which executor ran it, and in which
order results came back, never changes a result. `on_result(n, result)` is called in this process as
each job finishes (in completion order); callers that need the schedule's order index by n.

Ray is optional (`pip install -e '.[ray]'`) and imported only when chosen: a local Ray instance by
default, or the cluster that `address` or the RAY_ADDRESS variable names.
"""

from __future__ import annotations

import os
from typing import Callable, Sequence

EXECUTORS = ("process", "ray", "serial")


class ExecutorError(ValueError):
    """An executor that cannot run here: an unknown name, or Ray asked for but not installed."""


def run_jobs(fn: Callable, jobs: Sequence, executor: str = "process", workers: int | None = None,
             address: str | None = None, on_result: Callable[[int, object], None] | None = None) -> None:
    """Run fn(job) for every job; report each result through on_result(index, result)."""
    on_result = on_result or (lambda n, r: None)
    if workers is not None and workers < 1:
        raise ExecutorError(f"workers must be 1 or more, got {workers}")
    workers = workers or os.cpu_count() or 1
    if executor == "serial":
        for n, job in enumerate(jobs):
            on_result(n, fn(job))
    elif executor == "process":
        _process(fn, jobs, workers, on_result)
    elif executor == "ray":
        _ray(fn, jobs, workers, address, on_result)
    else:
        raise ExecutorError(f"unknown executor {executor!r}; choose one of: {', '.join(EXECUTORS)}")


def _process(fn, jobs, workers, on_result) -> None:
    from concurrent.futures import ProcessPoolExecutor, as_completed

    if not jobs:
        return
    with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
        futures = {pool.submit(fn, job): n for n, job in enumerate(jobs)}
        for fut in as_completed(futures):
            on_result(futures[fut], fut.result())


def _ray(fn, jobs, workers, address, on_result) -> None:
    try:
        import ray
    except ModuleNotFoundError:
        raise ExecutorError("the ray executor needs Ray: pip install -e '.[ray]'") from None
    address = address or os.environ.get("RAY_ADDRESS")
    started = not ray.is_initialized()
    if started:
        quiet = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
        if address:
            ray.init(address=address, **quiet)
        else:
            ray.init(num_cpus=workers, **quiet)
    try:
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
