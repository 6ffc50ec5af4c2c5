"""Physics on two threads at once. Every world starts by emptying its PyBullet client, and the process
had one client: a move left running on a thread (the app runs each move's physics on one, and a screen
closed in the middle of a move left it running beside the next screen's) emptied the other thread's world
in the middle of a push ("GetBasePositionAndOrientation failed"; seen as a test that failed in one full
run). Each thread now has its own client, the same bits as ever, let go when the thread ends."""

from __future__ import annotations

import threading

import pytest

from sim import Tower, load_spec
from sim import world as sim_world

pytestmark = pytest.mark.physics


def _push():
    spec = load_spec("classic")
    v = Tower(spec, seed=3).extract(8, 0, speed=0.05)
    return v.collapsed, v.max_displacement_mm, v.outcome


def test_a_push_beside_another_threads_physics_gives_the_same_verdict():
    alone = _push()
    stop = threading.Event()
    faults: list[BaseException] = []
    done = [0]

    def beside() -> None:
        spec = load_spec("classic")
        try:
            while not stop.is_set():
                Tower(spec, seed=1).remove(5, 1)
                done[0] += 1
        except BaseException as exc:  # handed to the test below
            faults.append(exc)

    thread = threading.Thread(target=beside, daemon=True)
    thread.start()
    try:
        together = [_push() for _ in range(3)]
    finally:
        stop.set()
        thread.join()
    assert faults == [] and done[0] >= 1
    assert together == [alone] * 3


def test_a_threads_client_is_let_go_when_the_thread_ends():
    from sim.world import pb

    ids = []

    def one_move() -> None:
        Tower(load_spec("classic"), seed=2).remove(4, 0)
        Tower(load_spec("classic"), seed=2).remove(4, 2)  # the thread's second world: the same client
        ids.append(sim_world._client())

    for _ in range(5):  # the app starts a thread for every move
        thread = threading.Thread(target=one_move)
        thread.start()
        thread.join()
    assert len(ids) == 5
    assert not any(pb.isConnected(i) for i in ids if i != sim_world._client())
