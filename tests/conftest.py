"""Shared test set-up: SDL's dummy drivers, and the check that keeps the `physics` marker true.

Every test that builds a PyBullet world in this process (a Jenga move, a tower check, a risk map
run in a thread, a fixture it uses) must carry @pytest.mark.physics, so `pytest -m "not physics"`
runs the rest in seconds. A test that builds one without the marker errors at teardown, naming the
marker it lacks. Tests that reach PyBullet only in a child process (the `python -m sim` command line,
the risk worker process) carry the marker by hand.
"""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

_worlds_built: list[bool] = []  # since the current test's setup began


def _count_worlds() -> None:
    from sim import world

    original = world.World.__init__

    def counting(self, *args, **kwargs):
        _worlds_built.append(True)
        original(self, *args, **kwargs)

    world.World.__init__ = counting


_count_worlds()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    _worlds_built.clear()


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item, nextitem):
    if _worlds_built and item.get_closest_marker("physics") is None:
        _worlds_built.clear()
        pytest.fail(f"{item.nodeid} builds a PyBullet world: mark it @pytest.mark.physics", pytrace=False)


def damaged_game(tmp_path, monkeypatch, module: str, message: str) -> None:
    """For this test only: a game 'damaged_game' in the registry whose module stops at import with an AssetError
    saying `message`, as a game whose data file is damaged does (its module is `module`, written in tmp_path)."""
    from games import registry

    (tmp_path / f"{module}.py").write_text(f"from assets.reader import AssetError\nraise AssetError({message!r})\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(registry._KNOWN, "damaged_game", module)
    monkeypatch.setattr(registry, "_cache", None)
    monkeypatch.setattr(registry, "_broken", {})  # the damaged game is forgotten after the test


def one_line(out, *words) -> str:
    """A command line's refusal: exit code 2 and one line on stderr, no traceback, holding every word."""
    assert out.returncode == 2, (out.returncode, out.stderr)
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def as_from_a_terminal() -> None:
    """Popen's preexec_fn for a command a Ctrl-C test starts: Ctrl-C reaches it as it reaches a command typed
    in a terminal. An ignored or blocked SIGINT survives exec, and Python does not install its Ctrl-C
    handler when SIGINT is ignored at start, so a test process that came to ignore or block it (one run
    under CI had both of its Ctrl-C tests' commands run on regardless) would test nothing."""
    import signal

    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wait_until(condition, wait_s: float) -> bool:
    """Poll condition() until it holds or wait_s have passed (a bound on a stuck run, not a timing);
    returns its last answer. Tests wait on what they need this way, never on the clock alone."""
    import time

    deadline = time.monotonic() + wait_s
    while not condition():
        if time.monotonic() >= deadline:
            return bool(condition())
        time.sleep(0.05)
    return True


def interrupt_when(proc, ready, wait_s: float = 120.0) -> tuple[str, str]:
    """Ctrl-C for a command started in its own session (Popen(..., start_new_session=True,
    preexec_fn=as_from_a_terminal)): wait until
    ready() holds (polling, never longer than wait_s), send SIGINT to its process group as a terminal
    does, and return its (stdout, stderr). A command that does not stop within wait_s raises
    subprocess.TimeoutExpired; one still running then is killed."""
    import signal

    try:
        wait_until(lambda: ready() or proc.poll() is not None, wait_s)
        os.killpg(proc.pid, signal.SIGINT)
        return proc.communicate(timeout=wait_s)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)


def played_out(match, seed: int):
    """Play `match` to its end, each person's decision drawn at random from its legal actions (numpy's generator
    seeded with `seed`), bots and chance as the match plays them; the match."""
    import numpy as np

    rng = np.random.default_rng(seed)
    while not match.is_over():
        if match.waiting_for_human():
            legal = match.state.legal_actions()
            match.play(legal[int(rng.integers(len(legal)))])
        else:
            match.step()
    return match
