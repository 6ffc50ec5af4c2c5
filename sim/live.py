"""A push played live: one PyBullet world kept across the frames of a drag, and the finger's path.

A live push is the finger's path along one block: time-stamped samples of where the fingertip is,
quantised (time to 1 ms, positions to 0.1 mm), so that the same path always gives the same push:

    FingerPath(((0, 0, 0), (17, 4, 0), (33, 11, -1), ...))   # (t_ms, along in 0.1 mm, across in 0.1 mm)

`along` is how far the finger has moved the block's home point in the push direction (out of the
tower, away from the end it is pushed from); `across` is the finger's sideways offset, horizontal and
square to the push. Between two samples the finger moves in a straight line, one physics step at a time
(the spec's fixed time step), so a sample at t_ms acts at step round(t_ms / 1000 / dt).

`LivePush` holds the world: `feed(sample)` steps the physics from the last sample to this one with the
hand's target on the path and returns what the window draws (poses, the finger's force, how far the
block is out, whether the tower has fallen). `finish()` lets go: a block out by at least half its
length is carried on out and taken (it goes in hand), one less far is taken back home, and the tower
settles as after every operation (sim.tower's run, its collapse rule and rest test); it returns a
`LiveResult` with the verdict, and the tower's state is the new one. `replay(spec, state, ...)` does
exactly the same calls from a stored path, so a replay in another process gives the same verdict and
the same poses bit for bit (tests/sim/test_live.py). The window calls feed() once per frame with the
samples it has, the replay once per sample: the physics between samples is the same either way.

The hand is sim.tower's spring hand (a stiff, critically damped horizontal spring from the finger to
the block's centre, capped at the hand's strength, a second spring keeping the block square, the
weight carried once the block overhangs), with its target on the path instead of a generated push;
a person's own hand supplies the tremor. `straight_path` makes the bots' family of paths: a straight
push at a speed, with a sideways wobble and an uneven pace that grow with unsteadiness and speed
(the same sizes as sim.tower's hand error).

The tower can fall during the drag: the collapse rule is checked every recorded frame (every
steps_per_frame steps, counted from the press), and once it holds feed() ignores further samples and
finish() follows the fall to the floor.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from math import atan2

import numpy as np

from . import arguments, portable
from .motion import axes, displacement_mm
from .spec import BlockError, SimError, TowerSpec
from .tower import YAW_GRIP_N_M, YAW_SPRING, Tower, give_force
from .world import pb
from .verdict import Verdict

QUANTUM_M = 1e-4
"""Finger positions are kept in tenths of a millimetre."""
MAX_SAMPLES = 20000
MAX_DURATION_MS = 180_000
MAX_ACROSS_M = 0.02
"""The finger stays within 20 mm of the block's axis (past that it has slipped off the end)."""
MAX_ALONG_M = 0.2
"""The finger goes at most 200 mm along the block (check_samples' range of `along`)."""
MAX_CLEARANCE_M = 0.05
"""straight_path's clearance past the block's far end: at most 50 mm, as a tower spec's hand has it."""
MAX_RATE_HZ = 1000.0
"""straight_path's and touch_path's sample rates: at most one sample a millisecond is kept anyway."""
FINISH_SPEED_M_S = 0.05
"""How fast the hand carries a block on out, or takes it back home, after the finger's path ends."""
PUT_BACK_MIN_N = 0.5
PUT_BACK_SHARE = 1.25
"""The hand that puts a block back after a let go under half out pushes with at most PUT_BACK_SHARE times
the force the block took on its way out (LivePush.give_force_n), and never less than PUT_BACK_MIN_N: a
careful player slides it back and stops where it binds, rather than shoving the tower along with it
(docs/sim.md, "Putting a block back")."""
PUT_BACK_STOP_M = 0.003
"""The put back stops where it is once any other block has come this far the way the block goes back, beyond
where it was before the push (or beyond where it was at the let go, if that was farther): a careful player
who sees the tower come along stops pushing, and the block stays where it got to. A tower dragged out with a
tight block may come back with it, and one still swaying from the push is not taken for one dragged."""
LINE_M = 0.003
"""A block that starts a push this far or more out of line with the blocks parallel to it (its level's and
those two levels up and down: their median along its length) is out by that much already: how far out it
is, whether letting go takes it, and where a put back takes it, count from the line (LivePush.line_m), so a
block pushed home from the end that sticks out goes home. Nearer, the line is where the push started."""
PACE_SETTLE_STEPS = 6
"""After the finger's pace changes by more than a fifth, its spring answers with a spike of its damping
that lasts a few steps (it is critically damped at 0.6 / step: after six steps 3% of it is left); those steps
say nothing of how tight the block sits and are left out of what the block took (give_force_n). A pointer
that moves every other frame changes pace at every frame, and a loose block read 0.65 N where the gauge
had shown 0.08 N (an audit)."""
SETTLED_MIN_STEPS = 24
"""The fewest settled steps give_force_n reads (a frame's worth at 30 frames a second); with fewer it reads
every outward step."""
LEAD_M = 0.006
"""How far the finger may run ahead of (or behind) the block it holds: a fingertip cannot go through
the wood, so a pointer dragged on past a stuck block leaves the finger pressing on its end (the spring
then pulls at the hand's full strength)."""


def line_offset_m(poses: np.ndarray, slots, level: int, b: int) -> float | None:
    """Where block b's line lies from its centre, along its own long axis (+ toward its +x end), in metres;
    None when no block parallel to it is left beside it or two levels up or down. Its line is its level's:
    the mean of the largest group of that level's blocks (b included) that lie within LINE_M of one another,
    when two or more do. When none do (a level of two blocks that disagree, or three all apart), the median
    of the blocks parallel to it in its level and those two levels up and down. The level's own blocks come
    first: a tower whose upper part was dragged 22 mm moved the median of the wider set, and blocks no
    one had touched read 15 mm out of line (an audit). Plain float arithmetic: every machine, the same bits."""
    mine = axes(poses[b, 3:][None], 0)[0]
    ax, ay = float(mine[0]), float(mine[1])
    bx, by = float(poses[b, 0]), float(poses[b, 1])

    def along_of(level_: int) -> list[float]:
        out = []
        if not 0 <= level_ < len(slots):
            return out
        for other in slots[level_]:
            other = int(other)
            if other < 0 or other == b:
                continue
            axis = axes(poses[other, 3:][None], 0)[0]
            if abs(float(axis[0]) * ax + float(axis[1]) * ay) < 0.9:
                continue                      # not parallel (a tower built otherwise)
            out.append((float(poses[other, 0]) - bx) * ax + (float(poses[other, 1]) - by) * ay)
        return out

    same = along_of(level)
    values = [0.0] + same
    best: list[float] = []
    for v in values:
        group = [w for w in values if abs(w - v) < LINE_M]
        if len(group) > len(best):
            best = group
    if len(best) >= 2:
        return sum(best) / len(best)
    wider = same + along_of(level - 2) + along_of(level + 2)
    if not wider:
        return None
    wider.sort()
    n = len(wider)
    return wider[n // 2] if n % 2 else (wider[n // 2 - 1] + wider[n // 2]) / 2.0


class PathError(SimError):
    """A finger path that is malformed or out of range."""


@dataclass(frozen=True)
class FingerPath:
    """The finger's samples: (t_ms, along, across), times strictly rising, positions in QUANTUM_M."""

    samples: tuple[tuple[int, int, int], ...]

    def __post_init__(self):
        check_samples(self.samples)

    @classmethod
    def from_metres(cls, rows) -> "FingerPath":
        """From (t seconds, along m, across m) rows, quantised; rows that fall in the same millisecond as
        the one before are dropped."""
        try:
            rows = list(rows)
        except TypeError:
            raise PathError(f"a finger path in metres is a list of (t s, along m, across m) rows, "
                            f"got {arguments.shown(rows)}") from None
        out: list[tuple[int, int, int]] = []
        for row in rows:
            s = _quantised_row(row)
            if out and s[0] <= out[-1][0]:
                continue
            out.append(s)
        return cls(tuple(out))

    def to_text(self) -> str:
        return ",".join(f"{t}/{a}/{c}" for t, a, c in self.samples)

    @classmethod
    def from_text(cls, text: str) -> "FingerPath":
        if not isinstance(text, str):
            raise PathError(f"a finger path's text is samples t_ms/along/across joined by commas, "
                            f"got {arguments.shown(text)}")
        rows = []
        for part in text.split(","):
            bits = part.split("/")
            if len(bits) != 3:
                raise PathError(f"a finger path sample is t_ms/along/across (whole numbers), got {part!r}")
            try:
                rows.append(tuple(int(b) for b in bits))
            except ValueError:
                raise PathError(f"a finger path sample is t_ms/along/across (whole numbers), got {part!r}") from None
        return cls(tuple(rows))

    @property
    def duration_s(self) -> float:
        return self.samples[-1][0] / 1000.0

    def along_m(self) -> np.ndarray:
        return np.array([s[1] for s in self.samples], dtype=float) * QUANTUM_M


def quantise(t_s: float, along_m: float, across_m: float) -> tuple[int, int, int]:
    return (int(round(t_s * 1000.0)), int(round(along_m / QUANTUM_M)), int(round(across_m / QUANTUM_M)))


def _quantised_row(row) -> tuple[int, int, int]:
    """quantise() of one (t s, along m, across m) row, or PathError naming the row (a NaN, a string)."""
    try:
        t, a, c = row
        return quantise(t, a, c)
    except (TypeError, ValueError, OverflowError):
        raise PathError(f"a finger path row is three finite numbers (t s, along m, across m), "
                        f"got {arguments.shown(row)}") from None


def _mm(q: int) -> str:
    """A quantised length in mm for a message; a number too long to read is named by its size."""
    return f"{q / 10:.1f} mm" if abs(q) < 10**12 else f"a {len(str(abs(q)))}-digit number of tenths of a mm"


def _ms(t: int) -> str:
    return f"{t} ms" if abs(t) < 10**12 else f"a {len(str(abs(t)))}-digit number of ms"


def check_samples(samples, whole: bool = True) -> None:
    """Raise PathError unless `samples` are a valid path (whole=False: a piece of one, not from 0 ms)."""
    if not isinstance(samples, (tuple, list)):
        raise PathError(f"a finger path's samples are a tuple of (t_ms, along, across), "
                        f"got {arguments.shown(samples)}")
    if not samples:
        raise PathError("a finger path needs at least one sample")
    if len(samples) > MAX_SAMPLES:
        raise PathError(f"a finger path has at most {MAX_SAMPLES} samples, got {len(samples)}")
    prev = -1
    limit = int(round(MAX_ACROSS_M / QUANTUM_M))
    for s in samples:
        if not isinstance(s, (tuple, list)) or len(s) != 3 or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in s):
            raise PathError(f"a finger path sample is three whole numbers (t_ms, along, across), got {s!r}")
        t, a, c = s
        if t <= prev:
            raise PathError(f"finger path times must rise: {_ms(t)} follows {_ms(prev)}")
        if t > MAX_DURATION_MS:
            raise PathError(f"a finger path lasts at most {MAX_DURATION_MS // 1000} s, got {_ms(t)}")
        if abs(c) > limit:
            raise PathError(f"the finger strays {_mm(abs(c))} off the block's axis; at most {limit / 10:.0f} mm")
        if not -1000 <= a <= 2000:
            raise PathError(f"the finger is {_mm(a)} along the block; it stays within -100 to 200 mm")
        prev = t
    if whole and samples[0][0] != 0:
        raise PathError("a finger path starts at 0 ms (the press)")


@dataclass
class LiveFrame:
    """What the window draws after a feed: every block's pose, the finger, the hand's force."""

    poses: np.ndarray
    force_n: float
    out_m: float
    finger_m: float
    fallen: bool
    sim_s: float


@dataclass
class LiveResult:
    verdict: Verdict
    taken: bool
    state: dict
    frames: np.ndarray | None = field(default=None, repr=False)
    """Poses every steps_per_frame steps from the press to the end of the settle (with record=True)."""
    drag_frames: int = 0
    """How many of `frames` belong to the drag (the rest is the finish and the settle)."""
    peak_force_n: float = 0.0
    median_force_n: float = 0.0
    out_m: float = 0.0
    give_force_n: float = 0.0
    """What the block took to move out, read as a touch is (LivePush.give_force_n), over the drag."""
    stuck_mm: float = 0.0
    """How far from its line a block that went back was left, when the careful put back stopped where it bound
    or could not move it (PUT_BACK_STOP_M, PUT_BACK_SHARE), LINE_M or more; 0 when it went home or was taken."""


class LivePush:
    """One live push on block `level:pos` of a tower, from its `side` end (+1: the end on the block's
    +axis, the push then goes along -axis)."""

    def __init__(self, spec: TowerSpec, tower: Tower | dict, level: int, pos: int, side: int,
                 record: bool = False, lead_m: float | None = LEAD_M):
        self.tower = tower if isinstance(tower, Tower) else Tower.from_state(spec, tower)
        tower = self.tower
        tower._check_standing()
        tower._check_present(level, pos)
        if side not in (1, -1):
            raise BlockError(f"side must be +1 or -1, got {side!r}")
        self.spec = spec
        self.level, self.pos, self.side = int(level), int(pos), int(side)
        self.record = record
        self.lead_m = lead_m
        self.t0 = time.perf_counter()
        self.addresses = tower._addresses()
        self.b = b = int(tower.slots[level, pos])
        self.before = tower.poses()
        self.world = tower._world(level)
        self.world.slide(b)
        phy = spec.physics
        self.dt = phy.time_step_s
        self.spf = phy.steps_per_frame
        self.length = float(tower.dims[b, 0])
        long_axis = axes(self.before[b, 3:][None], 0)[0]
        push = -side * np.array([long_axis[0], long_axis[1], 0.0])
        push /= portable.length(push)
        self.push = push
        self.lateral = np.array([-push[1], push[0], 0.0])
        self.home = self.before[b, :3].copy()
        self._push_xy = (float(push[0]), float(push[1]))
        self._home_xy = (self.home[0], self.home[1])      # numpy scalars, as the hand's arithmetic had them
        self.yaw0 = float(portable.arctan2(long_axis[1], long_axis[0]))
        m = float(tower.masses[b])  # this block's own mass (the blocks differ, as measured)
        self.k = m * (0.6 / self.dt) ** 2
        self.c = 2.0 * np.sqrt(self.k * m)
        inertia = m * (self.length ** 2 + tower.dims[b, 1] ** 2) / 12.0
        self.yaw_k, self.yaw_c = inertia * (YAW_SPRING / self.dt) ** 2, 2.0 * inertia * (YAW_SPRING / self.dt)
        self.cap, self.weight = spec.hand.max_force_n, m * 9.81
        self.gripped = True                   # False once the block tumbled out of the fingers (YAW_GRIP_N_M)
        self.back = False                     # True once the fingers grip the block to bring it back (_grip_back)
        self.home_q = tuple(float(v) for v in self.before[b, 3:])
        rot = [axes(self.before[b, 3:][None], i)[0] for i in range(3)]
        own = (m * (tower.dims[b, 1] ** 2 + tower.dims[b, 2] ** 2) / 12.0,
               m * (self.length ** 2 + tower.dims[b, 2] ** 2) / 12.0, inertia)
        # the block's inertia about the world's axes, its home pose's (it stays near that pose while gripped)
        self.grip_inertia = tuple(float(sum(own[j] * rot[j][i] ** 2 for j in range(3))) for i in range(3))
        self.grip_k, self.grip_c = (YAW_SPRING / self.dt) ** 2, 2.0 * YAW_SPRING / self.dt
        self.travel = self.length + spec.hand.clearance_mm / 1000.0
        self.watched = np.array([i for i in self.world.moving_ids if i != b and tower.level_of[i] >= 0], dtype=int)
        self._before_watched = self.before[self.watched]
        self._up_watched = axes(self._before_watched[:, 3:], 2)
        rules = spec.verdict
        self._loose = [int(i) for i in self.world.dynamic_ids if i != b and tower.level_of[i] >= 0]
        self._drop_bound = (rules.fallen_drop_mm - 1e-3) / 1000.0
        self._tilt_bound = float(np.radians(rules.fallen_tilt_deg - 1e-3))
        self.samples: list[tuple[int, int, int]] = []
        self.step_no = 0          # physics steps done since the press
        self.forces: list[float] = []
        self.pushing: list[float] = []        # the forces of the steps in which the finger moved out
        self.settled: list[float] = []        # those of them not just after a change of pace (PACE_SETTLE_STEPS)
        self.force_n = 0.0
        self.fallen = False
        self.tipped = np.zeros(0, dtype=int)  # the blocks past the collapse rule when the drag saw the tower fall
        self.finished = False
        self.frames = [self.world.poses()] if record else None
        self._out = 0.0
        self._pace = 0.0                      # the finger's pace along the push in the last segment (m/s)
        self.put_back = False                 # the hand put the block back after the let go (_Protocol)
        self.line_m = self._line()

    def _line(self) -> float:
        """Where the block's line is, along the push from where it starts: line_offset_m's figure when it is
        LINE_M or more, else 0.0 (the push counts from where it starts, as it always did)."""
        off = line_offset_m(self.before, self.tower.slots, self.level, self.b)
        if off is None:
            return 0.0
        along = off * (-1.0 if self.side > 0 else 1.0)   # the block's +axis against the push's direction
        return along if abs(along) >= LINE_M else 0.0

    # ---- the finger ------------------------------------------------------------------------------
    def step_of(self, t_ms: int) -> int:
        return int(round(t_ms / 1000.0 / self.dt))

    def out_m(self) -> float:
        """How far the block's centre has moved out along the push, metres."""
        p = self.world.state_of(self.b)[0]
        return float((p[0] - self.home[0]) * self.push[0] + (p[1] - self.home[1]) * self.push[1])

    def clamp(self, along_m: float) -> float:
        """The finger's position given where the pointer asks for it: within lead_m of the block, and
        within the path's range (the window calls this before quantising a sample)."""
        lo, hi = -0.01, self.travel + max(0.0, self.line_m) + 0.01
        if self.lead_m is not None:
            out = self.out_m()
            lo, hi = max(lo, out - self.lead_m), min(hi, out + self.lead_m)
        return float(min(max(along_m, lo), hi))

    def sample_at(self, t_s: float, along_m: float, across_m: float = 0.0) -> tuple[int, int, int] | None:
        """The quantised sample for the pointer at t_s (seconds since the press), or None when it would
        not be later than the last one. The window feeds what this returns."""
        across = float(min(max(across_m, -MAX_ACROSS_M), MAX_ACROSS_M))
        s = quantise(t_s, self.clamp(along_m), across)
        if self.samples and s[0] <= self.samples[-1][0]:
            return None
        return s

    def _hand_step(self, tx: float, ty: float, vx: float, vy: float) -> float:
        force = self._apply_hand(tx, ty, vx, vy)
        pb.stepSimulation(physicsClientId=self.world.client)
        return force

    def _apply_hand(self, tx: float, ty: float, vx: float, vy: float) -> float:
        """Set the hand's force on the block for the next step (finger target tx, ty and its velocity);
        returns the force along the push. Runs once a physics step: it calls the engine directly (what
        World.state_of and World.push do), with the same arithmetic, so the same bits."""
        client, body = self.world.client, self.world.body[self.b]
        pos, quat = pb.getBasePositionAndOrientation(body, physicsClientId=client)
        vel, spin = pb.getBaseVelocity(body, physicsClientId=client)
        fx = self.k * (tx - pos[0]) + self.c * (vx - vel[0])
        fy = self.k * (ty - pos[1]) + self.c * (vy - vel[1])
        norm = (fx * fx + fy * fy) ** 0.5
        if norm > self.cap:
            fx, fy = fx * self.cap / norm, fy * self.cap / norm
        px, py = self._push_xy
        hx, hy = self._home_xy
        moved = (pos[0] - hx) * px + (pos[1] - hy) * py
        if self.back:
            self._grip_back(body, client, pos, quat, vel, spin, fx, fy)
            return abs(fx * px + fy * py)
        qx, qy, qz, qw = quat
        yaw = atan2(2.0 * (qx * qy + qw * qz), 1.0 - 2.0 * (qy * qy + qz * qz))
        half_pi = np.pi / 2.0
        yaw_err = (yaw - self.yaw0 + half_pi) % np.pi - half_pi
        lift = min(1.0, max(0.0, (moved - (self.length / 2.0 - 0.01)) / 0.01)) * self.weight
        pb.applyExternalForce(body, -1, (fx, fy, lift), pos, pb.WORLD_FRAME, physicsClientId=client)
        squaring = float(-self.yaw_k * yaw_err - self.yaw_c * spin[2]) if self.gripped else 0.0
        if squaring > YAW_GRIP_N_M or squaring < -YAW_GRIP_N_M:
            self.gripped, squaring = False, 0.0   # see sim.tower.YAW_GRIP_N_M
        pb.applyExternalTorque(body, -1, (0.0, 0.0, squaring), pb.WORLD_FRAME, physicsClientId=client)
        return abs(fx * px + fy * py)

    def _grip_back(self, body, client, pos, quat, vel, spin, fx: float, fy: float) -> None:
        """The hand bringing the block back in: the fingers grip it, carry its weight and hold it at its home
        height and in its home orientation (all three turns, not only square about the vertical), while the
        finger's spring moves it along (fx, fy). A finger can push a block out by its end, but to draw it back
        a hand must hold it; and a block pushed part of the way out rocks on the uneven heights of the level
        below, so the end still in the tower rises a few tenths of a millimetre. Drawn back by its centre
        alone, that end met the edge of a block above and the contact, square to that block's side face,
        shoved the whole tower above along (a loose middle block pushed out 25 mm and back dragged the
        levels above it 15 to 25 mm; docs/sim.md, "Putting a block back"). Held in its home pose the block
        slides back along the line it came out on, which is where it fitted. The springs are soft (YAW_SPRING
        / step, critically damped), as the squaring spring is, so they do not chatter against the contacts;
        each turn's torque is capped at the grip's YAW_GRIP_N_M. The grip holds while the finger moves back
        or holds still after moving back, and for a put back after a let go that draws the block back; a
        finger that moves out again, or a put back that pushes a block on home, pushes it by its end."""
        k, c = self.grip_k, self.grip_c
        m = self.weight / 9.81
        fz = m * (k * (float(self.home[2]) - pos[2]) - c * vel[2]) + self.weight
        pb.applyExternalForce(body, -1, (fx, fy, fz), pos, pb.WORLD_FRAME, physicsClientId=client)
        # the turn from the block's orientation to its home one: home * conjugate(now), as a small-angle
        # vector (twice the quaternion's vector part, its sign taken so that the turn is the short way)
        hx, hy, hz, hw = self.home_q
        qx, qy, qz, qw = quat
        ex = hw * -qx + hx * qw + hy * -qz - hz * -qy
        ey = hw * -qy - hx * -qz + hy * qw + hz * -qx
        ez = hw * -qz + hx * -qy - hy * -qx + hz * qw
        ew = hw * qw - hx * -qx - hy * -qy - hz * -qz
        sign = 2.0 if ew >= 0.0 else -2.0
        torque = []
        for e, w, inertia in zip((ex, ey, ez), spin, self.grip_inertia):
            t = inertia * (k * sign * e - c * w)
            torque.append(min(YAW_GRIP_N_M, max(-YAW_GRIP_N_M, t)))
        pb.applyExternalTorque(body, -1, tuple(torque), pb.WORLD_FRAME, physicsClientId=client)

    def _run(self, a0: float, c0: float, a1: float, c1: float, n: int) -> None:
        """n steps with the finger moving in a straight line from (a0, c0) to (a1, c1), metres."""
        if n <= 0:
            return
        hx, hy = float(self.home[0]), float(self.home[1])
        px, py = float(self.push[0]), float(self.push[1])
        lx, ly = float(self.lateral[0]), float(self.lateral[1])
        va, vc = (a1 - a0) / (n * self.dt), (c1 - c0) / (n * self.dt)
        vx, vy = px * va + lx * vc, py * va + ly * vc
        if va != 0.0:
            # drawn back in, the fingers grip the block (_grip_back); pushed out again, the finger is on its end
            self.back = va < 0.0
        # a change of pace: its first steps are the spring's answer, not the block's (PACE_SETTLE_STEPS)
        settle = PACE_SETTLE_STEPS if abs(va - self._pace) > 0.2 * max(abs(va), abs(self._pace)) else 0
        self._pace = va
        for i in range(1, n + 1):
            f = i / n
            a, c = a0 + (a1 - a0) * f, c0 + (c1 - c0) * f
            force = self._hand_step(hx + px * a + lx * c, hy + py * a + ly * c, vx, vy)
            self.forces.append(force)
            if va > 0.0:
                self.pushing.append(force)
                if i > settle:
                    self.settled.append(force)
            self.force_n = force
            self.step_no += 1
            if self.step_no % self.spf == 0:
                # Unrecorded (a replay, a bot's push), a frame whose bounds rule a fall out skips the full
                # poses, as sim.tower's run does while the hand pushes: the same frames are judged fallen.
                if not self.record and self.world.surely_standing(self._loose, self._drop_bound, self._tilt_bound):
                    continue
                now = self.world.poses()
                if not np.isfinite(now).all():     # the solver diverged: finish() judges it (sim.tower)
                    self.fallen = True
                    return
                if self.record:
                    self.frames.append(now)
                if len(self.watched):
                    tipped = self.tower._fallen(self._before_watched, now[self.watched], self._up_watched)
                    if tipped.any():
                        self.fallen = True
                        self.tipped = self.watched[tipped]
                        return

    def feed(self, sample: tuple[int, int, int], read: bool = True) -> LiveFrame | None:
        """Step the physics up to this sample with the finger on the path; returns the frame to draw
        (read=False skips reading the poses: the replay does not draw)."""
        if self.finished:
            raise SimError("this live push is finished")
        if not self.fallen:
            try:
                s = tuple(int(v) for v in sample)
            except (TypeError, ValueError, OverflowError):
                raise PathError(f"a finger sample is three whole numbers (t_ms, along, across), not {sample!r}") from None
            if len(s) != 3 or any(v != w for v, w in zip(s, sample)):
                raise PathError(f"a finger sample is three whole numbers (t_ms, along, across), not {sample!r}")
            check_samples(self.samples[-1:] + [s], whole=not self.samples)
            if self.samples:
                t0, a0, c0 = self.samples[-1]
                n = self.step_of(s[0]) - self.step_of(t0)
                self.samples.append(s)
                self._run(a0 * QUANTUM_M, c0 * QUANTUM_M, s[1] * QUANTUM_M, s[2] * QUANTUM_M, n)
            else:
                self.samples.append(s)
        if not read:
            return None
        return self.frame()

    def frame(self) -> LiveFrame:
        last = self.samples[-1] if self.samples else (0, 0, 0)
        return LiveFrame(poses=self.world.poses(), force_n=float(self.force_n), out_m=self.out_m() - self.line_m,
                         finger_m=last[1] * QUANTUM_M, fallen=self.fallen, sim_s=self.step_no * self.dt)

    @property
    def path(self) -> FingerPath:
        return FingerPath(tuple(self.samples))

    def give_force_n(self) -> float:
        """The force the block has taken to move out so far, read as Tower.probe reads a touch: the 90th
        percentile of the second half of the steps in which the finger moved out (0 before it has). Not
        the peak: the finger's spring answers each change of the finger's pace (its start, the steps of a
        quantised path) with a spike of its damping for a step or two, up to 0.15 N more than the block
        takes, which read every gentle touch of a loose block as tight; and not the steps in which the
        finger held still or drew the block back in, which say nothing of how tight it sits. Nor the steps
        just after a change of the finger's pace (PACE_SETTLE_STEPS), unless too few are left (under
        SETTLED_MIN_STEPS: a path whose pace changes every few steps, all of them kept then)."""
        return give_force(self.settled if len(self.settled) >= SETTLED_MIN_STEPS else self.pushing)

    def will_take(self) -> bool:
        """Whether letting go now takes the block: it is out of its line by at least half its length."""
        return self.out_m() - self.line_m >= self.length / 2.0

    # ---- letting go ------------------------------------------------------------------------------
    def finish(self, follow_s: float = 0.0) -> LiveResult:
        """Let go (see the module's text). The Tower given (or built) is updated to the new state;
        follow_s: after a fall, go on that long with every block separate (sim.tower's follow)."""
        if self.finished:
            raise SimError("this live push is finished")
        # checked at the door, as every operation's (a follow of 1e7 s ran on for hours; NaN was ignored)
        arguments.real("follow_s", follow_s, 0.0, arguments.MAX_FOLLOW_S, " s")
        self.finished = True
        tower, spec = self.tower, self.spec
        out = self.out_m() - self.line_m         # out of its line (LINE_M)
        drag_frames = 1 + self.step_no // self.spf  # = len(self.frames) when recording
        drag_forces = list(self.forces)
        give = self.give_force_n()
        taken = self.fallen or out >= self.length / 2.0
        if self.fallen:
            tower._take(self.level, self.pos)
            hand = None
        elif taken:
            tower._take(self.level, self.pos)
            hand = _Protocol(self, self.travel + self.line_m, take=True)   # on out until clear of its line
        else:
            hand = _Protocol(self, self.line_m, take=False)
        tower.focus = self.level
        # A fall the drag saw is the verdict (Tower._settle_run's `fell`): the window stopped the drag and said
        # the tower fell, and a play-tester then saw the game go on with the block in hand once the settle found
        # the top back within the rule. A fall the settle sees itself is judged as before, bit for bit.
        verdict = tower._settle_run(self.world, spec.settle_s, self.t0, self.addresses, self.record,
                                    hand=hand, follow_s=follow_s, fell=self.tipped if len(self.tipped) else None)
        self.world.close()
        frames = None
        if self.record:
            more = verdict.trajectory if verdict.trajectory is not None else np.zeros((0,) + self.before.shape)
            frames = np.concatenate([np.array(self.frames), np.asarray(more)[1:]]) if len(more) else np.array(self.frames)
        drag_forces = [f for f in drag_forces if f == f]  # not the steps of a diverged solver (NaN)
        forces = np.array(drag_forces) if drag_forces else np.zeros(1)
        return LiveResult(verdict=verdict, taken=bool(taken), state=tower.get_state(), frames=frames,
                          drag_frames=drag_frames, peak_force_n=float(forces.max()),
                          median_force_n=float(np.median(forces)), out_m=out,
                          give_force_n=give, stuck_mm=self._stuck_mm(taken))

    def _stuck_mm(self, taken: bool) -> float:
        """After a put back: how far from its line the block was left, in mm, when that is LINE_M or more (the
        careful hand stopped where it bound, or could not move it); 0.0 otherwise, for a block taken or a fall,
        and when the finger had already brought the block back itself (nothing was put back)."""
        if taken or self.fallen or self.tower.collapsed or not self.put_back:
            return 0.0
        p = self.tower.poses()[self.b]
        along = (float(p[0]) - float(self.home[0])) * float(self.push[0]) + (float(p[1]) - float(self.home[1])) * float(self.push[1])
        off = abs(along - self.line_m)
        return off * 1000.0 if off >= LINE_M else 0.0

    def close(self) -> None:
        """Drop the world without a verdict (a drag abandoned, the screen left)."""
        if not self.finished:
            self.finished = True
            self.world.close()


class _Protocol:
    """sim.tower's hand protocol (yield 1, apply before the step; yield the force after; None at the
    end) for the hand that finishes a live push: the finger goes from its last sample to `goal` at
    FINISH_SPEED_M_S, holds 0.1 s, then lets go."""

    def __init__(self, live: LivePush, goal: float, take: bool):
        self.live, self.goal, self.take = live, goal, take
        last = live.samples[-1] if live.samples else (0, 0, 0)
        self.a0, self.c0 = last[1] * QUANTUM_M, last[2] * QUANTUM_M
        self.moving = max(1, int(np.ceil(abs(goal - self.a0) / FINISH_SPEED_M_S / live.dt)))
        self.n = self.moving + int(round(0.1 / live.dt))
        self.v = (goal - self.a0) / (self.moving * live.dt)
        self.watch = None                     # a put back's bound on how far each other block may come its way
        self.stop = None                      # (along, across) where a put back stopped (PUT_BACK_STOP_M)
        if not take and goal != self.a0:
            # The put back, whichever way it goes: drawn back to its line (the fingers grip it) or, for a
            # block that started out of line and was pushed part of the way home, pushed on home (the
            # finger on its end). Either way a careful player's hand (PUT_BACK_*).
            live.back = goal < self.a0        # see LivePush._grip_back
            live.put_back = True
            live.cap = min(live.cap, max(PUT_BACK_MIN_N, PUT_BACK_SHARE * live.give_force_n()))
            if len(live.watched):
                self.home = live._before_watched[:, :3]
                way = -1.0 if goal < self.a0 else 1.0      # the way the block goes, along the push
                self.toward = (way * float(live.push[0]), way * float(live.push[1]), way * float(live.push[2]))
                self.watch = np.maximum(self._ahead(), 0.0) + PUT_BACK_STOP_M
        self.i = 0
        self.phase = 0
        self.last_force = 0.0

    def _ahead(self) -> np.ndarray:
        """How far each other block has come the way the block goes, from where it was before the push (m);
        written out by component (no BLAS product: sim.portable), as it decides the step the put back stops."""
        d = self.live.world.poses()[self.live.watched, :3] - self.home
        tx, ty, tz = self.toward
        return d[:, 0] * tx + d[:, 1] * ty + d[:, 2] * tz

    def __iter__(self):
        return self

    def __next__(self):
        live = self.live
        if self.phase == 1:
            self.phase = 0
            return self.last_force
        if self.i >= self.n:
            if self.take and live.b in live.world.body:
                live.world.remove_block(live.b)
            return None
        if self.watch is not None and self.stop is None and 0 < self.i < self.moving and self.i % live.spf == 0:
            if (self._ahead() > self.watch).any():
                # the tower comes along: stop here, hold, let go (the block stays where it got to)
                self.stop = (live.out_m(), self.c0 * (1.0 - self.i / self.moving))
                self.n = self.i + int(round(0.1 / live.dt))
        self.i += 1
        if self.stop is not None:
            (a, c), vel = self.stop, 0.0
        else:
            f = min(1.0, self.i / self.moving)
            a = self.a0 + (self.goal - self.a0) * f
            c = self.c0 * (1.0 - f)
            vel = self.v if self.i <= self.moving else 0.0
        px, py = float(live.push[0]), float(live.push[1])
        lx, ly = float(live.lateral[0]), float(live.lateral[1])
        tx = float(live.home[0]) + px * a + lx * c
        ty = float(live.home[1]) + py * a + ly * c
        self.last_force = live._apply_hand(tx, ty, px * vel, py * vel)
        self.phase = 1
        return 1

    def close(self) -> None:
        pass


def replay(spec: TowerSpec, state: dict | Tower, level: int, pos: int, side: int, path: FingerPath,
           record: bool = False, follow_s: float = 0.0) -> LiveResult:
    """Play a stored finger path exactly as the live push played it, and let go at its end."""
    if not isinstance(path, FingerPath):
        raise PathError(f"path must be a FingerPath (FingerPath.from_text reads a stored one), not "
                        f"{type(path).__name__} {arguments.shown(path)}")
    live = LivePush(spec, state, level, pos, side, record=record, lead_m=None)
    for s in path.samples:
        live.feed(s, read=False)
    return live.finish(follow_s=follow_s)


def straight_path(length_m: float, speed: float, steadiness: float, seed: int, clearance_m: float = 0.002,
                  rate_hz: float = 60.0, tremor_mm: float = 3.0, ref_speed: float = 0.03,
                  tremor_hz: tuple[float, float] = (4.0, 9.0)) -> FingerPath:
    """A straight push at `speed` m/s out past the block's far end, sampled at rate_hz: the bots' family
    of paths. The hand's error, as in sim.tower, grows with unsteadiness and speed: shake = (1 -
    steadiness) x speed / ref_speed; the finger wobbles sideways by tremor_mm x shake (two sines) and
    its pace wavers by up to 30 % x shake (one sine), all drawn from `seed`. Each argument is checked
    first (PathError names it and the value): the speed and steadiness have Tower.extract's ranges,
    the hand's sizes those of a tower spec's hand, and the block's length and the clearance together
    stay within the 200 mm a path may run along the block."""
    _check_straight(length_m, speed, steadiness, seed, clearance_m, rate_hz, tremor_mm, ref_speed, tremor_hz)
    rng = np.random.default_rng([int(seed), 0x70617468])
    freqs = rng.uniform(*tremor_hz, size=3)
    phases = rng.uniform(0.0, 2 * np.pi, size=3)
    shake = (1.0 - steadiness) * (speed / ref_speed if ref_speed else 1.0)
    amp = tremor_mm / 1000.0 * shake / np.sqrt(2.0)
    travel = length_m + clearance_m
    ramp = 0.1
    duration = travel / speed + ramp / 2.0
    t = np.arange(0.0, duration + 1.0 / rate_hz, 1.0 / rate_hz)
    along = np.where(t < ramp, speed * t * t / (2 * ramp), speed * (t - ramp / 2.0))
    pace = 0.3 * min(shake, 1.0) * speed / (2 * np.pi * freqs[2]) * portable.sin(2 * np.pi * freqs[2] * t + phases[2])
    along = np.minimum(along + pace * np.minimum(1.0, t / ramp), travel)
    across = amp * (portable.sin(2 * np.pi * freqs[0] * t + phases[0]) + portable.sin(2 * np.pi * freqs[1] * t + phases[1]))
    across = np.clip(across * np.minimum(1.0, t / ramp), -MAX_ACROSS_M, MAX_ACROSS_M)
    rows = list(zip(t, along, across))
    rows[-1] = (rows[-1][0], travel, 0.0)
    return FingerPath.from_metres(rows)


def _check_straight(length_m, speed, steadiness, seed, clearance_m, rate_hz, tremor_mm, ref_speed,
                    tremor_hz) -> None:
    """straight_path's arguments, each refused with a PathError naming it and the value given."""
    real = arguments.real
    real("length_m", length_m, 0.0, MAX_ALONG_M, " m", error=PathError)
    real("speed", speed, arguments.MIN_SPEED_M_S, arguments.MAX_SPEED_M_S, " m/s", error=PathError)
    real("steadiness", steadiness, 0.0, 1.0, error=PathError)
    arguments.whole("seed", seed, 0, arguments.MAX_SEED, error=PathError)
    real("clearance_m", clearance_m, 0.0, MAX_CLEARANCE_M, " m", error=PathError)
    real("rate_hz", rate_hz, 1.0, MAX_RATE_HZ, " Hz", error=PathError)
    real("tremor_mm", tremor_mm, 0.0, MAX_ACROSS_M * 1000.0, " mm", error=PathError)
    real("ref_speed", ref_speed, 0.0, 1.0, " m/s", error=PathError)
    try:
        low, high = tremor_hz
    except (TypeError, ValueError):
        raise PathError(f"tremor_hz is two numbers (lowest, highest), got {arguments.shown(tremor_hz)}") from None
    real("tremor_hz's lowest", low, 0.1, 100.0, " Hz", error=PathError)
    real("tremor_hz's highest", high, low, 100.0, " Hz", error=PathError)
    if length_m + clearance_m > MAX_ALONG_M:
        raise PathError(f"length_m {length_m:g} and clearance_m {clearance_m:g} take the finger "
                        f"{(length_m + clearance_m) * 1000:g} mm along the block; a path stays within "
                        f"{MAX_ALONG_M * 1000:g} mm")


def touch_path(seconds: float = 0.4, depth_m: float = 0.002, rate_hz: float = 60.0) -> FingerPath:
    """A touch: the finger presses the block's end in by `depth_m` at 1 cm/s and holds (the bots' and
    the keyboard's touch test; the window's touch is the person's own press). PathError names an
    argument out of range: a touch lasts at most as long as a path, and presses no deeper than 200 mm."""
    arguments.real("seconds", seconds, 0.0, MAX_DURATION_MS / 1000.0, " s", error=PathError)
    arguments.real("depth_m", depth_m, 0.0, MAX_ALONG_M, " m", error=PathError)
    arguments.real("rate_hz", rate_hz, 1.0, MAX_RATE_HZ, " Hz", error=PathError)
    rows = []
    for t in np.arange(0.0, seconds + 1e-9, 1.0 / rate_hz):
        rows.append((t, min(depth_m, 0.01 * t), 0.0))
    return FingerPath.from_metres(rows)
