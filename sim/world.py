"""One PyBullet world built afresh from a tower's state, for the duration of one operation.

Every operation builds its world on an emptied DIRECT client (resetSimulation) from the stored poses, so
no hidden engine cache carries over between operations and a tower restored from its JSON state behaves
bit-identically. A client belongs to one open world at a time (_lease).

The world is cut to the part of the tower the operation can change (the "focus" level): levels more than
`dynamic_levels_below` under it are static (mass 0), the levels more than `dynamic_levels_above` over it
are glued into one rigid compound body, and only the levels in between are separate dynamic bodies.
A short stack of contacts converges in few solver iterations, which is what makes a decision fast and
keeps an untouched tower from creeping; the glued part still tips, slides and falls as a whole.

Every body is made with useMaximalCoordinates=True: a lone rigid body has the same dynamics either way,
but PyBullet's default (a Featherstone multibody, meant for jointed robots) goes through the multibody
constraint solver, about ten times dearer per step for these blocks (358 against 35 us for a world cut
at level 5, measured with perf: most of it in the multibody cone-friction rows). PyBullet's own examples
say the same ("useMaximalCoordinates is much faster"). One trap, found here: with maximal coordinates,
changeDynamics(localInertiaDiagonal=...) without mass= set the body's mass to 0, a fixed body.
"""

from __future__ import annotations

import math
import os
import sys
import threading

import numpy as np


def _import_pybullet_quietly():
    """Import pybullet without its build-time banner, which its C code prints on the standard streams
    (it would add a second line to the CLI's one-line errors)."""
    if "pybullet" in sys.modules:
        return sys.modules["pybullet"]
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:  # None when the stream was closed as the program started (`>&-`)
            stream.flush()
    for fd in (1, 2):
        try:
            os.fstat(fd)
        except OSError:  # closed as the program started (`>&-`): the null device stands in for it
            null = os.open(os.devnull, os.O_WRONLY)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
    saved = [os.dup(1), os.dup(2)]
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 1)
            os.dup2(devnull.fileno(), 2)
            import pybullet
            try:
                import ctypes
                ctypes.CDLL(None).fflush(None)
            except OSError:
                pass
    finally:
        for fd, copy in zip((1, 2), saved):
            os.dup2(copy, fd)
            os.close(copy)
    return pybullet


pb = _import_pybullet_quietly()

from . import portable
from .motion import axes, compose
from .spec import TowerSpec


class _Client:
    """A DIRECT client of this process, disconnected when dropped (or, after a fork, the child's copy of a
    parent's client, which the child never uses)."""

    def __init__(self):
        self.pid = os.getpid()
        self.id = pb.connect(pb.DIRECT)

    def __del__(self):
        try:
            if pb.isConnected(self.id):
                pb.disconnect(physicsClientId=self.id)
        except Exception:  # the interpreter is shutting down: nothing to let go of
            pass


_LOCK = threading.RLock()  # re-entrant: a world the collector drops while this thread holds it closes too
_IDLE: list[_Client] = []  # connected clients of this process that no open world holds


def _lease() -> _Client:
    """A DIRECT client that no other open world holds, for one world until it closes (World.close).

    Every world starts with resetSimulation, which empties its client completely, so two worlds on one
    client empty each other in the middle of an operation. A client a thread for each (the design before)
    was not enough: the window builds its live push's world on its own thread and hands it to the move,
    whose thread lets go of the push while the window's thread may build the next world (a screen closed in
    the middle of a move, another screen's touch). Then the move's steps ran in the new world or failed
    ("GetBasePositionAndOrientation failed"), and a test on the main thread after such a move recorded
    frames that were not its own (tests/sim/test_threads.py). So a client belongs to one open world at a
    time, whatever thread uses it, and is reused once that world closes: a fresh or reused client gives the
    same bits (tests/sim/test_tower.py), and connecting costs tens of ms, so one is made only when every
    client is held."""
    with _LOCK:
        while _IDLE:  # (a forked child starts with none: _after_fork_in_child)
            held = _IDLE.pop()
            if pb.isConnected(held.id):
                return held
    return _Client()


def _after_fork_in_child() -> None:
    """A forked child starts with a lock of its own (a thread of the parent may have held this one at the
    fork) and none of the parent's clients (its copies are let go as they are dropped)."""
    global _LOCK
    _LOCK = threading.RLock()
    _IDLE.clear()


os.register_at_fork(after_in_child=_after_fork_in_child)


def clients() -> tuple[int, int]:
    """How many clients of this process wait for the next world, and how many of those are connected
    (the clients open worlds hold are not counted): for tests, and for whoever wonders how many PyBullet
    clients a process keeps."""
    with _LOCK:
        return len(_IDLE), sum(1 for c in _IDLE if pb.isConnected(c.id))


TABLE_M = (1.2, 0.8, 0.75)
"""The table the tower stands on: its top is 1.2 x 0.8 m, 0.75 m above the floor (a dining table), the
tower at its centre. A fall ends with every block on the table top or on the floor."""
TABLE_TOP_M = 0.03
"""The thickness of the table top (a box; the floor is a plane)."""


def on_floor(poses: np.ndarray) -> np.ndarray:
    """Which of these poses lie on the floor rather than on the table (below the table top)."""
    return poses[..., 2] < -TABLE_TOP_M


MAX_SHAPES = 16
"""The most shapes PyBullet puts in one compound collision shape."""


def _whole_substeps(n: int, dt: float) -> bool:
    """Whether one stepSimulation call of n sub-steps runs exactly n steps of exactly dt. Bullet (double
    precision, as PyBullet is built) is given a frame of n * dt and a sub-step of that over n; it runs
    int(frame / sub-step) sub-steps and keeps frame - steps * sub-step for the next call. The same
    double arithmetic here: the sub-step must come out as dt to the bit, the count as n, and nothing
    may be left over (a remainder would add up over calls into one step more or less)."""
    frame = n * dt
    sub = frame / n
    return sub == dt and int(frame / sub) == n and frame - n * sub == 0.0


class World:
    """A DIRECT PyBullet client holding the blocks of one tower, sliced around a focus level."""

    def __init__(self, spec: TowerSpec, dims: np.ndarray, poses: np.ndarray, level_of: np.ndarray,
                 focus: int | None, masses: np.ndarray | None = None, load_levels: int | None = None):
        self.spec = spec
        self.dims = dims
        self.masses = np.full(len(dims), spec.mass_kg) if masses is None else np.asarray(masses, dtype=float)
        self.start = poses.copy()
        self.level_of = level_of
        phy = spec.physics
        self._lease = _lease()
        self.client = self._lease.id
        try:
            self._build(phy, level_of, focus, load_levels)
        except BaseException:
            self.close()
            raise

    def _build(self, phy, level_of: np.ndarray, focus: int | None, load_levels: int | None = None) -> None:
        c = self.client
        pb.resetSimulation(physicsClientId=c)
        pb.setGravity(0.0, 0.0, -9.81, physicsClientId=c)
        # The tower stands on a table top of real size (its top face is z = 0), the floor below it.
        length, width, height = TABLE_M
        top = pb.createCollisionShape(pb.GEOM_BOX, halfExtents=[length / 2, width / 2, TABLE_TOP_M / 2],
                                      physicsClientId=c)
        self.ground = pb.createMultiBody(0.0, top, basePosition=[0.0, 0.0, -TABLE_TOP_M / 2],
                                         useMaximalCoordinates=True, physicsClientId=c)
        self._surface(self.ground)
        plane = pb.createCollisionShape(pb.GEOM_PLANE, physicsClientId=c)
        self.floor = pb.createMultiBody(0.0, plane, basePosition=[0.0, 0.0, -height], useMaximalCoordinates=True,
                                        physicsClientId=c)
        self._surface(self.floor)

        in_tower = level_of >= 0
        if focus is None:
            lo, hi = -1, np.iinfo(np.int64).max
        else:
            lo, hi = focus - phy.dynamic_levels_below, focus + phy.dynamic_levels_above
        self.static_ids = np.flatnonzero(in_tower & (level_of < lo))
        self.dynamic_ids = np.flatnonzero(in_tower & (level_of >= lo) & (level_of <= hi))
        self.glued_ids = np.flatnonzero(in_tower & (level_of > hi))
        # A tall glued load on a few light blocks needs more solver iterations to come to rest quickly
        # (the mass ratio slows the iterative solver); the cost per step rises but far fewer steps run.
        # Measured on the oracle suite's whole games (docs/sim.md): with 40 iterations a glued load of
        # twenty levels on two levels of light blocks creeps (the light blocks tilt a few degrees a second
        # and the tower falls where statics says it stands by 6 mm or more); 100 iterations hold it.
        # load_levels: the levels whose load the solver must carry, when the caller counts them otherwise (a
        # world of separate blocks only, Tower.settle(full=True): the whole stack, which at the glued count of 0
        # sank and fell at 27 levels)
        glued_levels = len(np.unique(level_of[self.glued_ids])) if load_levels is None else int(load_levels)
        iterations = phy.heavy_load_iterations if glued_levels >= phy.heavy_load_levels else phy.solver_iterations
        iterations = int(min(phy.max_iterations, max(iterations, phy.iterations_per_glued_level * glued_levels)))
        self.iterations = iterations
        self._substeps = 0                    # 0: one step a stepSimulation call; n: n sub-steps a call (step)
        pb.setPhysicsEngineParameter(
            fixedTimeStep=phy.time_step_s, numSolverIterations=iterations, numSubSteps=0,
            deterministicOverlappingPairs=1, erp=phy.erp, contactERP=phy.erp, frictionERP=phy.erp,
            physicsClientId=c)
        self.body = {}
        # The static levels are fixed compound bodies (PyBullet takes at most 16 shapes in one compound):
        # fewer bodies for the broadphase, the same surfaces.
        self.base = [self._compound(self.static_ids[i:i + MAX_SHAPES], None)[0]
                     for i in range(0, len(self.static_ids), MAX_SHAPES)]
        for b in self.dynamic_ids:
            self.body[int(b)] = self._box(b, float(self.masses[b]))
        self.dynamic_bodies = [self.body[int(b)] for b in self.dynamic_ids]
        # The glued part collides through its lowest blocks (see _compound): order them by level, since
        # block ids follow the block and a stacked block's id says nothing about its height.
        self.glued_ids = self.glued_ids[np.argsort(level_of[self.glued_ids], kind="stable")]
        self.glue = self._compound(self.glued_ids, self.masses[self.glued_ids]) if len(self.glued_ids) else None
        self._held = None                   # the body of the block in hand (slide), while it is in the world
        if self.glue is not None:
            # For glue_motion: where the glued body starts (it is made at the blocks' centre of mass, turned
            # by nothing) and how far its farthest block lies from that centre.
            self._glue_com = tuple(float(v) for v in pb.getBasePositionAndOrientation(self.glue[0], physicsClientId=c)[0])
            self._glue_reach = float(np.linalg.norm(self.glue[1][:, :3], axis=1).max())
        self.moving_ids = np.concatenate([self.dynamic_ids, self.glued_ids]).astype(int)

    def _surface(self, body: int) -> None:
        pb.changeDynamics(body, -1, lateralFriction=self.spec.body_friction, restitution=self.spec.restitution,
                          frictionAnchor=self.spec.physics.friction_anchor, linearDamping=0.0,
                          angularDamping=0.0, physicsClientId=self.client)
        phy = self.spec.physics
        if phy.contact_stiffness_n_m > 0.0:
            # Compliant contacts: the surface layer of a block gives a little under load, so a block a
            # tenth of a millimetre taller than its neighbours carries more of the load above, not all of it.
            pb.changeDynamics(body, -1, contactStiffness=phy.contact_stiffness_n_m,
                              contactDamping=phy.contact_damping_n_s_m, physicsClientId=self.client)

    def _box(self, b: int, mass: float) -> int:
        c = self.client
        shape = pb.createCollisionShape(pb.GEOM_BOX, halfExtents=(self.dims[b] / 2.0).tolist(), physicsClientId=c)
        pose = self.start[b]
        body = pb.createMultiBody(mass, shape, basePosition=pose[:3].tolist(), baseOrientation=pose[3:].tolist(),
                                  useMaximalCoordinates=True, physicsClientId=c)
        self._surface(body)
        return body

    def _compound(self, ids: np.ndarray, m: np.ndarray | None) -> tuple[int, np.ndarray]:
        """One rigid body made of the blocks `ids` of masses m (None: a fixed body); returns the body and
        the blocks' poses inside it."""
        c = self.client
        poses = self.start[ids]
        com = poses[:, :3].mean(axis=0) if m is None else (poses[:, :3] * m[:, None]).sum(axis=0) / m.sum()
        local = poses.copy()
        local[:, :3] -= com
        # PyBullet keeps at most 16 shapes per compound: the glued part collides through its lowest 16
        # blocks (the caller passes ids in level order), the ones resting on the dynamic levels; all count
        # for its mass and inertia. The higher ones cannot touch anything before a verdict is certain.
        n = min(len(ids), MAX_SHAPES)
        shape = pb.createCollisionShapeArray(
            [pb.GEOM_BOX] * n, halfExtents=(self.dims[ids[:n]] / 2.0).tolist(),
            collisionFramePositions=local[:n, :3].tolist(), collisionFrameOrientations=local[:n, 3:].tolist(),
            physicsClientId=c)
        total = 0.0 if m is None else float(m.sum())
        body = pb.createMultiBody(total, shape, basePosition=com.tolist(), useMaximalCoordinates=True,
                                  physicsClientId=c)
        self._surface(body)
        if m is None:
            return body, local
        # The inertia of all the blocks about the common centre, all blocks at once (a fixed body needs none).
        rot = np.stack([axes(poses[:, 3:], i) for i in range(3)], axis=-1)          # (M, 3, 3), columns
        l, w, h = self.dims[ids].T
        own = m[:, None] / 12.0 * np.stack([w * w + h * h, l * l + h * h, l * l + w * w], axis=-1)
        d = poses[:, :3] - com
        inertia = (np.einsum("mij,mj,mkj->ik", rot, own, rot)
                   + (m * (d * d).sum(axis=1)).sum() * np.eye(3) - np.einsum("m,mi,mk->ik", m, d, d))
        damping = self.spec.physics.glued_damping
        pb.changeDynamics(body, -1, mass=total, localInertiaDiagonal=np.diag(inertia).tolist(),
                          linearDamping=damping, angularDamping=damping, physicsClientId=c)
        return body, local

    def step(self, n: int) -> None:
        """Run n physics steps. Several steps go to the engine in one call (PyBullet's sub-steps: the
        same n steps of the same time step, so the same bits, without a call per step) when the engine
        would split that call into exactly n steps of exactly our step; otherwise one call a step.
        Callers that step the engine directly (a hand that acts before each step) do so before any
        step(n) of the same world, so they find it set to one step a call."""
        c = self.client
        if n > 1 and _whole_substeps(n, self.spec.physics.time_step_s):
            if self._substeps != n:
                pb.setPhysicsEngineParameter(fixedTimeStep=n * self.spec.physics.time_step_s, numSubSteps=n,
                                             physicsClientId=c)
                self._substeps = n
            pb.stepSimulation(physicsClientId=c)
            return
        if self._substeps:
            pb.setPhysicsEngineParameter(fixedTimeStep=self.spec.physics.time_step_s, numSubSteps=0,
                                         physicsClientId=c)
            self._substeps = 0
        for _ in range(n):
            pb.stepSimulation(physicsClientId=c)

    def poses(self) -> np.ndarray:
        """(N, 7) poses of all blocks; blocks not in this world keep their starting pose."""
        out = self.start.copy()
        c = self.client
        if self.dynamic_bodies:
            got = [pb.getBasePositionAndOrientation(body, physicsClientId=c) for body in self.dynamic_bodies]
            out[self.dynamic_ids] = np.array([p + q for p, q in got])
        if self.glue is not None:
            p, q = pb.getBasePositionAndOrientation(self.glue[0], physicsClientId=c)
            out[self.glued_ids] = compose(np.array(p + q), self.glue[1])
        return out

    def surely_standing(self, ids, drop_m: float, tilt_rad: float) -> bool:
        """True when no block `ids` (separate bodies in this world) and no glued block can have dropped
        `drop_m` or tipped `tilt_rad` since the world was built; False when that is not ruled out (the
        caller then checks the full poses). Bounds only: a block's tilt is at most its up axis's angle
        from the vertical now plus at the start; a glued block's drop and tilt are bounded by
        glue_motion. The block in hand (slide) is not bounded, as it leaves the tower, but a pose of it
        that is not finite (the solver diverged on it alone) also gives False, so the caller's check of the
        full poses sees the divergence at once rather than when the push ends."""
        reach, turn = self.glue_motion()
        if not (reach < drop_m and turn < tilt_rad):       # written so that a diverged (NaN) pose fails
            return False
        if self._held is not None:
            x, y, z = pb.getBasePositionAndOrientation(self._held, physicsClientId=self.client)[0]
            if not (math.isfinite(x) and math.isfinite(y) and math.isfinite(z)):
                return False
        key = tuple(int(b) for b in ids)
        if getattr(self, "_loose_key", None) != key:
            up = 1.0 - 2.0 * (self.start[key, 3] ** 2 + self.start[key, 4] ** 2) if key else np.zeros(0)
            self._loose_key = key
            self._loose = [(self.body[b], float(z), portable.arccos(np.clip(u, -1.0, 1.0)))
                           for b, z, u in zip(key, self.start[list(key), 2], up)]
        c = self.client
        for body, z0, tilt0 in self._loose:
            (_, _, z), (qx, qy, _, _) = pb.getBasePositionAndOrientation(body, physicsClientId=c)
            if not z0 - z < drop_m:                        # (NaN, from a solver that diverged, fails too)
                return False
            lean = 1.0 - 2.0 * (qx * qx + qy * qy)
            if lean != lean or tilt0 + math.acos(max(-1.0, min(1.0, lean))) >= tilt_rad:
                return False
        return True

    def glue_motion(self) -> tuple[float, float]:
        """Bounds on how far the glued part has moved since the world was built, for every block in it:
        (the largest distance any glued block can have gone, in m; the angle the body has turned through,
        in rad, which no glued block's tilt can exceed). A rigid body turned by an angle a moves a point
        at distance r from its centre by at most a * r. (0, 0) when nothing is glued."""
        if self.glue is None:
            return 0.0, 0.0
        p, q = pb.getBasePositionAndOrientation(self.glue[0], physicsClientId=self.client)
        angle = 2.0 * math.acos(min(1.0, abs(q[3])))
        return math.dist(p, self._glue_com) + angle * self._glue_reach, angle

    def poses_of(self, ids) -> np.ndarray:
        c = self.client
        return np.array([sum(pb.getBasePositionAndOrientation(self.body[int(b)], physicsClientId=c), ()) for b in ids])

    def velocities(self) -> tuple[np.ndarray, np.ndarray]:
        """(ids, (M, 6) linear and angular velocity) of every moving block; glued ones move with their body."""
        c = self.client
        rows = [sum(pb.getBaseVelocity(body, physicsClientId=c), ()) for body in self.dynamic_bodies]
        out = np.array(rows).reshape(-1, 6)
        ids = self.dynamic_ids
        if self.glue is not None:
            body = self.glue[0]
            v, w = (np.array(x) for x in pb.getBaseVelocity(body, physicsClientId=c))
            p, _ = pb.getBasePositionAndOrientation(body, physicsClientId=c)
            arms = self.poses()[self.glued_ids, :3] - np.array(p)
            glued = np.column_stack([v + np.cross(w, arms), np.broadcast_to(w, arms.shape)])
            out = np.vstack([out, glued])
            ids = np.concatenate([ids, self.glued_ids])
        return ids.astype(int), out

    def set_velocities(self, ids: np.ndarray, velocity: np.ndarray) -> None:
        c = self.client
        for b, v in zip(ids, velocity):
            if int(b) in self.body:
                pb.resetBaseVelocity(self.body[int(b)], v[:3].tolist(), v[3:].tolist(), physicsClientId=c)

    def remove_block(self, b: int) -> None:
        """Take a block out of the world; poses() then reports its starting pose."""
        body = self.body.pop(int(b))
        pb.removeBody(body, physicsClientId=self.client)
        if body == self._held:
            self._held = None
        keep = self.dynamic_ids != b
        self.dynamic_ids = self.dynamic_ids[keep]
        self.dynamic_bodies = [x for x, k in zip(self.dynamic_bodies, keep) if k]
        self.moving_ids = self.moving_ids[self.moving_ids != b]

    # The hand acts on the pushed block through forces only (sim.tower drives it): contacts alone decide
    # how the block rides up and down and how it tips, so the load above presses it as in a real tower.
    def state_of(self, b: int) -> tuple[tuple, tuple, tuple, tuple]:
        """Position, orientation, linear and angular velocity of block b, as PyBullet gives them (tuples:
        the hand reads them every step)."""
        c, body = self.client, self.body[int(b)]
        p, q = pb.getBasePositionAndOrientation(body, physicsClientId=c)
        v, w = pb.getBaseVelocity(body, physicsClientId=c)
        return p, q, v, w

    def push(self, b: int, at: tuple, force: tuple, torque: tuple) -> None:
        """Apply a force at the block's centre of mass `at` (its position this step) and a torque, for
        the next step only."""
        c, body = self.client, self.body[int(b)]
        pb.applyExternalForce(body, -1, force, at, pb.WORLD_FRAME, physicsClientId=c)
        pb.applyExternalTorque(body, -1, torque, pb.WORLD_FRAME, physicsClientId=c)

    def slide(self, b: int) -> None:
        """The block in hand slides against its neighbours: kinetic friction acts on it from now on,
        while the blocks that hold the tower stay in static contact with each other."""
        pb.changeDynamics(self.body[int(b)], -1, lateralFriction=self.spec.body_kinetic_friction,
                          physicsClientId=self.client)
        self._held = self.body[int(b)]

    def close(self) -> None:
        """Give the client back for the next world (_lease). Its bodies stay until that world empties it
        with resetSimulation (every world starts that way), so closing costs nothing: emptying it here as
        well took 0.3 to 0.6 ms an operation, a few percent of a removal's decision. Closing twice is
        closing once."""
        with _LOCK:  # two threads closing one world give its client back once
            held, self._lease = getattr(self, "_lease", None), None
            self.client = None
            if held is not None and held.pid == os.getpid():  # a parent's client copied by a fork is dropped
                _IDLE.append(held)

    def __del__(self):
        # a world dropped without close() (a live push abandoned by a screen) still gives its client back
        try:
            self.close()
        except Exception:  # the interpreter is shutting down
            pass

    def __enter__(self) -> "World":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

