"""No risk-map worker outlives its app (issue 17): an app killed with SIGKILL (which cannot stop its
worker) takes the worker with it within a second or two, even in the middle of a long map; nor do the
pool workers of `sim riskmap` and `sim sweep` outlive the command."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import wait_until

ROOT = Path(__file__).resolve().parents[2]

APP = """
import sys, threading
from sim import Tower, load_spec
from games.jenga.risk_worker import RiskWorker
worker = RiskWorker(samples=8, seed=0)   # the whole map: a long computation
worker.request("fresh", "classic", Tower(load_spec("classic"), seed=0).get_state())
print(worker._proc.pid, flush=True)
threading.Event().wait()                 # an app that lives until the test kills it
"""


def alive(pid: int) -> bool:
    """True while the process exists and is not a zombie waiting to be reaped."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    state = next((line.split()[1] for line in status.splitlines() if line.startswith("State:")), "X")
    return state not in ("Z", "X")


def cpu_ticks(pid: int) -> int:
    """The processor time a process has used so far, in clock ticks (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0
    return int(fields[11]) + int(fields[12])  # utime and stime


@pytest.mark.physics
def test_a_killed_app_takes_its_risk_worker_with_it():
    app = subprocess.Popen([sys.executable, "-c", APP], cwd=ROOT, stdout=subprocess.PIPE, text=True,
                           env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        worker = int(app.stdout.readline())
        # Wait until the map is being computed: the worker hands the blocks to its pool process, so it
        # is the pool's processor time that grows (the worker's own stays at what loading took, about
        # 0.2 s, which made waiting on the worker alone flaky).
        wait_until(lambda: any(cpu_ticks(c) >= 20 for c in _children(worker)), 60.0)
        pool = _children(worker)
        assert alive(worker) and any(cpu_ticks(c) >= 20 for c in pool), "the risk worker never started the map"
        os.kill(app.pid, signal.SIGKILL)
        app.wait(10)
        wait_until(lambda: not any(alive(p) for p in [worker] + pool), 5.0)
        assert not alive(worker), "the risk worker outlived the killed app"
        assert not any(alive(p) for p in pool), "a pool process of the risk worker outlived the killed app"
    finally:
        if app.poll() is None:
            app.kill()


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except FileNotFoundError:
        return []


@pytest.mark.physics
def test_a_killed_risk_map_command_takes_its_pool_workers_with_it():
    cli = subprocess.Popen([sys.executable, "-m", "sim", "riskmap", "--workers", "2", "--samples", "8"], cwd=ROOT,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until(lambda: len(_children(cli.pid)) >= 2, 60.0)
        workers = _children(cli.pid)
        assert len(workers) == 2 and all(alive(w) for w in workers)
        os.kill(cli.pid, signal.SIGKILL)
        cli.wait(10)
        wait_until(lambda: not any(alive(w) for w in workers), 5.0)
        assert not any(alive(w) for w in workers), "a pool worker outlived the killed command"
    finally:
        if cli.poll() is None:
            cli.kill()


@pytest.mark.physics
def test_a_killed_sweep_takes_its_pool_workers_with_it(tmp_path):
    """`sim sweep`'s workers left Ctrl-C to it but outlived it: a sweep killed outright (SIGKILL, a closed
    terminal's group, an out-of-memory kill) left them computing towers no one would read."""
    cli = subprocess.Popen([sys.executable, "-m", "sim", "sweep", "--seeds", "0-7", "--samples", "8", "--workers",
                            "2", "--out", str(tmp_path / "sweep.jsonl")], cwd=ROOT, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        wait_until(lambda: len(_children(cli.pid)) >= 2 and all(cpu_ticks(w) >= 5 for w in _children(cli.pid)), 60.0)
        workers = _children(cli.pid)
        assert len(workers) == 2 and all(alive(w) for w in workers), "the sweep's workers did not start"
        os.kill(cli.pid, signal.SIGKILL)
        cli.wait(10)
        wait_until(lambda: not any(alive(w) for w in workers), 10.0)  # they look for their parent twice a second
        assert not any(alive(w) for w in workers), "a sweep's pool worker outlived the killed sweep"
    finally:
        if cli.poll() is None:
            cli.kill()
        for w in workers:  # none left behind, whatever failed
            if alive(w):
                os.kill(w, signal.SIGKILL)
