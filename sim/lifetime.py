"""Worker processes that never outlive the process that started them.

die_with_parent(parent) is called first thing in a worker (the risk map's pool workers, the app's risk
worker): on Linux the kernel is asked to kill the worker when its parent dies (PR_SET_PDEATHSIG), and a
daemon thread checks twice a second that the parent is still the same process, for other systems and
for a parent that died before the request was made. A parent killed outright (SIGKILL) cannot stop its
workers itself; without this they would go on computing, or wait for work, for ever.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from contextlib import contextmanager

CHECK_S = 0.5


def die_with_parent(parent: int) -> None:
    """End this process as soon as process `parent` (its parent when started) is gone."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL))  # 1: PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:
        os._exit(0)

    def watch() -> None:
        while True:
            if os.getppid() != parent:  # the parent died: this process was handed to another
                os._exit(0)
            time.sleep(CHECK_S)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def pool_worker(parent: int) -> None:
    """The initializer of a pool worker: it dies with process `parent` (die_with_parent) and leaves Ctrl-C
    to it. Ctrl-C reaches every process of the terminal's group; a worker that took it would print its
    own traceback and could leave the pool waiting on it for ever, so the parent stops the workers
    itself (stop_pool)."""
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # forked under held_sigint: Ctrl-C, ignored now, may come again
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextmanager
def held_sigint():
    """Hold Ctrl-C back while a pool forks its workers. A Ctrl-C that reached a worker between its fork and
    its initializer (pool_worker, which makes it ignore Ctrl-C) interrupted the worker's own start: it
    printed "Process ForkProcess-2:" and its traceback beside the parent's one line. Inside, SIGINT is
    blocked in this thread; a worker forked then inherits the block and takes it off only once it ignores
    Ctrl-C, and this process gets a Ctrl-C that came meanwhile as soon as the block ends (nothing is
    lost). Outside the main thread, or where signal masks do not exist, it does nothing."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def start_workers(pool) -> None:
    """Fork a concurrent.futures process pool's workers now (a fork pool starts them all at its first
    task), with Ctrl-C held back until they ignore it (held_sigint)."""
    with held_sigint():
        pool.submit(int).result()


def stop_pool(pool) -> None:
    """Cancel the jobs of a concurrent.futures process pool not yet started and end its workers now,
    without waiting for the jobs they run (after Ctrl-C or an error)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)  # shutdown() lets go of it
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)
    # Let the pool's manager thread finish closing its wake-up pipe now. Left running, it raced the
    # interpreter's exit, which writes to that pipe (concurrent.futures' _python_exit): "Exception
    # ignored in: <module 'threading'> ... Bad file descriptor" came after the one line of an
    # interrupted sweep in about 1 run in 10 beside two busy cores.
    if manager is not None and manager.is_alive():
        manager.join(timeout=5)
