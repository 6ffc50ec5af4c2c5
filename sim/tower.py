"""The Jenga tower the games play on: its state as plain data, and the operations that change it.

The tower's state is the pose of every block, where each block is (tower, hand, aside, floor), the
grid of levels and slots, and the tolerance seed. Every operation builds a fresh PyBullet world from that
state (sim.world), runs it until the outcome is certain, and writes the new poses back, so a tower
restored from get_state() behaves bit-identically to the one it came from.
"""

from __future__ import annotations

import math
import time

import numpy as np

from . import arguments, portable, statics
from .layout import block_dims, block_masses, built_poses, seat, slot_xy
from .motion import angle_between, axes, displacement_mm, drop_mm, tilt_deg, turn_deg
from .spec import BlockError, SimError, TowerSpec
from .verdict import Probe, Verdict
from .world import World, on_floor, pb

BlockAddress = tuple[int, int]
STATE_VERSION = 1
HAND, ASIDE, FLOOR = -1, -2, -3
_WHERE = {HAND: "hand", ASIDE: "aside", FLOOR: "floor"}
_WHERE_CODE = {"hand": HAND, "aside": ASIDE, "floor": FLOOR}
YAW_GRIP_N_M = 1.0
"""The largest twist (N m about the vertical) the hand's squaring spring applies. A block that tumbles out
of the fingers (it see-saws over the tower's edge, spinning about the horizontal) makes that explicit
spring-damper unstable: its torque alternates in sign and grows several times a step, and the solver
once diverged to NaN poses (docs/sim.md, "A push the solver cannot finish"). Past this torque the hand
lets the block's twist go for the rest of the push. Ordinary pushes stay far below it: 0.42 N m was the
largest over 384 pushes of fresh towers of every game with the stiff squaring spring of before
YAW_SPRING, and with the calm one the tumbling push that diverged twists it at most 0.008 N m."""
YAW_SPRING = 0.2
"""The hand's squaring spring (the fingers keeping the pushed block square, about the vertical) has its
natural frequency at YAW_SPRING / time step, critically damped. Until 5 Dec it was 0.6 / step, as the
finger's own spring is; but a block held by its neighbours barely turns, and against those contacts a
spring that stiff, applied as an explicit torque once a step, chattered: its torque flipped sign every
step at about 0.1 N m (a 2.7 N couple at the block's ends), the block shook, and the shaking walked a
neighbour out of the tower. A press held still on a block of a fresh tower (the touch) walked a block of
the level above 9 to 30 mm in 3 s (in 10 of 36 blocks of three towers held 2 s, over 1 mm), and brisk
pulls dragged the tower further than they do now. From 0.35 / step up the chatter starts; at 0.2 no block
of the three towers of each game moved more than 0.7 mm in a 2 s hold, as much as an untouched tower
settles (docs/sim.md, "The hand's chatter")."""
FOLLOW_MAX_S = 8.0
"""A followed fall runs at most this long: long enough for blocks to slide off the table and land."""
FOLLOW_REST_MM_S = 5.0
"""A followed fall is over once no block has moved faster than this for 0.2 s."""


class Tower:
    """A tower of blocks for one game, built from `spec` with per-block tolerances drawn from `seed`."""

    def __init__(self, spec: TowerSpec, seed: int = 0, _build: bool = True):
        if not isinstance(spec, TowerSpec):
            raise SimError(f"a Tower is built from a TowerSpec (load_spec('classic'), 'dk' or 'mario'), not {spec!r}")
        arguments.check_seed(seed)
        self.spec = spec
        self.seed = int(seed)
        self.dims = block_dims(spec, self.seed)
        self.masses = block_masses(spec, self.seed)              # kg per block id
        # from_state passes _build=False: it replaces the poses at once, so seating a fresh tower (about
        # 2 ms, a few percent of a risk-map push) would be wasted.
        self._poses = built_poses(spec, self.dims, self.masses) if _build else np.zeros((spec.num_blocks, 7))
        # The last frame recorded by the run under way (a settle, a fall followed), for a window that shows the
        # run while it goes on another thread; only read, never part of the tower's state or its physics.
        self.latest_frame: np.ndarray | None = None
        n = spec.num_blocks
        per = spec.per_level
        self.slots = np.arange(n).reshape(spec.levels, per)       # block id per (level, pos), -1 empty
        self.level_of = np.repeat(np.arange(spec.levels), per)    # level, or HAND / ASIDE / FLOOR
        self.hand: int | None = None
        self.collapsed = False
        self.focus: int | None = None                             # level of the last change

    # ---- reading the tower -------------------------------------------------------------------------
    @property
    def num_levels(self) -> int:
        filled = np.flatnonzero((self.slots >= 0).any(axis=1))
        return int(filled[-1]) + 1 if len(filled) else 0

    @property
    def top_level_complete(self) -> bool:
        top = self.num_levels - 1
        return top >= 0 and bool((self.slots[top] >= 0).all())

    def present(self, level: int, pos: int) -> bool:
        return 0 <= level < self.slots.shape[0] and 0 <= pos < self.spec.per_level and self.slots[level, pos] >= 0

    def blocks_in_level(self, level: int) -> list[int]:
        if not 0 <= level < self.slots.shape[0]:
            return []
        return [int(p) for p in np.flatnonzero(self.slots[level] >= 0)]

    def removable(self, below_level: int | None = None) -> list[BlockAddress]:
        """Blocks that may be taken: present, below `below_level` (default: the highest complete level)."""
        if below_level is not None:
            arguments.whole("below_level", below_level, 0, 10**6)
        if below_level is None:
            top = self.num_levels - 1
            below_level = top if self.top_level_complete else top - 1
        levels, pos = np.nonzero(self.slots[: max(0, below_level)] >= 0)
        return [(int(l), int(p)) for l, p in zip(levels, pos)]

    def block_id(self, level: int, pos: int) -> int:
        self._check_present(level, pos)
        return int(self.slots[level, pos])

    def address(self, block_id: int) -> BlockAddress | None:
        arguments.check_block_id(block_id, self.spec.num_blocks)
        if self.level_of[block_id] < 0:
            return None
        level = int(self.level_of[block_id])
        return level, int(np.flatnonzero(self.slots[level] == block_id)[0])

    def where(self, block_id: int) -> str:
        """Where a block is: "tower", "hand" (pushed out and held), "aside" or "floor" (fallen)."""
        arguments.check_block_id(block_id, self.spec.num_blocks)
        code = int(self.level_of[block_id])
        return "tower" if code >= 0 else _WHERE[code]

    def poses(self) -> np.ndarray:
        """Every block's pose, an (N, 7) array by block id: position x, y, z in metres, then the
        orientation quaternion x, y, z, w. A copy: changing it changes nothing in the tower."""
        return self._poses.copy()

    def block_size(self, block_id: int) -> tuple[float, float, float]:
        arguments.check_block_id(block_id, self.spec.num_blocks)
        l, w, h = self.dims[block_id]
        return float(l), float(w), float(h)

    def static_margins(self, remove: list[BlockAddress] | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Static stability margin (mm) and weakest level, per candidate removal (or of the tower as is)."""
        arguments.check_removals(remove, self.num_levels, self.spec.per_level)
        present, xy, widths, masses = self._statics_arrays()
        rem = None if remove is None else np.array(remove, dtype=int).reshape(-1, 2)
        return statics.margins(present, xy, widths, masses, rem)

    def _statics_arrays(self):
        n_levels = self.num_levels
        ids = self.slots[:n_levels]
        present = ids >= 0
        safe = np.where(present, ids, 0)
        xy = np.where(present[..., None], self._poses[safe, :2], 0.0)
        widths = np.where(present, self.dims[safe, 1], 0.0)
        masses = np.where(present, self.masses[safe], 0.0)
        return present, xy, widths, masses

    # ---- checks ------------------------------------------------------------------------------------
    def _check_standing(self) -> None:
        if self.collapsed:
            raise BlockError("the tower has fallen; no more moves can be made on it")

    def _check_present(self, level: int, pos: int) -> None:
        if not isinstance(level, (int, np.integer)) or not isinstance(pos, (int, np.integer)):
            raise BlockError(f"a block is addressed by two integers LEVEL:POS, got {level!r}:{pos!r}")
        if not 0 <= pos < self.spec.per_level:
            raise BlockError(f"position {pos} does not exist: positions are 0 to {self.spec.per_level - 1}")
        if not 0 <= level < self.num_levels:
            raise BlockError(f"level {level} does not exist: the tower has levels 0 to {self.num_levels - 1}")
        if self.slots[level, pos] < 0:
            raise BlockError(f"block {level}:{pos} is already gone")

    # ---- operations --------------------------------------------------------------------------------
    def _take(self, level: int, pos: int) -> int:
        b = int(self.slots[level, pos])
        if self.hand is not None:
            self.level_of[self.hand] = ASIDE
        self.slots[level, pos] = -1
        self.level_of[b] = HAND
        self.hand = b
        self.focus = int(level)
        return b

    def remove(self, level: int, pos: int, record: bool = False, follow_s: float = 0.0) -> Verdict:
        """Delete a block at once (analysis), then settle; the block goes in hand.

        Every operation takes record=True (the verdict's trajectory: poses at the spec's frame rate, for
        animation) and follow_s: after a collapse is certain, go on simulating the fall for that long with
        every block separate (for the animation and the final resting places; the verdict is the same)."""
        arguments.check_remove(level, pos, record, follow_s)
        self._check_standing()
        self._check_present(level, pos)
        t0 = time.perf_counter()
        addresses = self._addresses()
        self._take(level, pos)
        self._lower_onto_supports(level)
        with self._world(level) as world:
            return self._settle_run(world, self.spec.settle_s, t0, addresses, record, follow_s=follow_s)

    def _lower_onto_supports(self, level: int) -> None:
        """After a deletion, set the levels above the gap down on the blocks that are left (layout.seat),
        as a hand that takes a block out lets the load down; the run then decides whether the tower stands
        in that configuration.

        A deletion with the load left where it was drops everything above by the height difference
        between the deleted block and the next support (0.3 to 0.8 mm with the measured heights and the
        middle bow): a free fall onto the edge of a lower block that a statics question does not contain.
        With the top glued into one rigid body, that impact alone rolled a lowered middle block over
        (seed 0, random game 1 of the oracle suite: taking 6:2 of a 27-level tower, statics margin 7.7 mm;
        docs/sim.md). Levels below `level` keep their poses."""
        seated = seat(self.spec, self.dims, self.slots, self._poses, self.masses)
        above = self.slots[level:]
        ids = above[above >= 0]
        self._poses[ids] = seated[ids]

    def settle(self, seconds: float | None = None, full: bool = False, record: bool = False,
               follow_s: float = 0.0) -> Verdict:
        """Let the tower stand for `seconds` (default: the spec's settle time) or until it is at rest.

        The world is cut around the last changed level (the top for a fresh tower); full=True simulates
        every block separately instead (slower; the benchmark uses it to measure drift). A full world gets
        the solver iterations a glued load of the same height would (iterations_per_glued_level a level,
        up to max_iterations): at the spec's 10, a stack of 27 separate levels that statics and the cut
        world both stand sank and fell within 2 s (a simulator audit, on the pro pattern's towers).
        """
        arguments.check_settle(seconds, full, record, follow_s, self.spec.settle_s)
        self._check_standing()
        t0 = time.perf_counter()
        focus = None if full else (self.focus if self.focus is not None else self.num_levels - 1)
        with self._world(focus, self.num_levels if full else None) as world:
            return self._settle_run(world, self.spec.settle_s if seconds is None else seconds, t0,
                                    self._addresses(), record, early_exit=seconds is None, follow_s=follow_s)

    def stack(self, slot: int, record: bool = False, follow_s: float = 0.0) -> Verdict:
        """Put the block in hand on top, in `slot` of the open top level (or of a new level)."""
        arguments.check_stack(slot, self.spec.per_level, record, follow_s)
        self._check_standing()
        if self.hand is None:
            raise BlockError("there is no block in hand to stack")
        if not isinstance(slot, (int, np.integer)) or not 0 <= slot < self.spec.per_level:
            raise BlockError(f"slot {slot!r} does not exist: slots are 0 to {self.spec.per_level - 1}")
        top = self.num_levels - 1
        level = top + 1 if self.top_level_complete else top
        if level < self.slots.shape[0] and self.slots[level, slot] >= 0:
            taken = ", ".join(str(p) for p in self.blocks_in_level(level))
            raise BlockError(f"slot {slot} of level {level} is taken (taken: {taken})")
        t0 = time.perf_counter()
        if level >= self.slots.shape[0]:
            self.slots = np.vstack([self.slots, np.full((1, self.spec.per_level), -1)])
        b = self.hand
        below = self.slots[level - 1]
        below = below[below >= 0]
        # The level below may have been nudged and turned by earlier moves: place the block in that
        # level's own frame (its mean turn and centre), so it lands square on it and beside its neighbours.
        nominal = np.array([slot_xy(self.spec, level - 1, int(p)) for p in np.flatnonzero(self.slots[level - 1] >= 0)])
        heading = axes(self._poses[below, 3:], 0)
        turn = portable.arctan2(heading[:, 1], heading[:, 0]) - (0.0 if (level - 1) % 2 == 0 else np.pi / 2)
        turn = float(np.mean((turn + np.pi / 2) % np.pi - np.pi / 2))
        c, s = portable.cos(turn), portable.sin(turn)
        rot = np.array([[c, -s], [s, c]])
        centre = (self._poses[below, :2] - portable.matmul(nominal, rot.T)).mean(axis=0)
        tops = self._poses[below, 2] + self.dims[below, 2] / 2.0
        pose = np.zeros(7)
        pose[:2] = centre + portable.matmul(rot, slot_xy(self.spec, level, slot))
        pose[2] = tops.max() + self.dims[b, 2] / 2.0 + 1e-4
        yaw = turn + (0.0 if level % 2 == 0 else np.pi / 2)
        pose[3:] = [0.0, 0.0, portable.sin(yaw / 2), portable.cos(yaw / 2)]
        self._poses[b] = pose
        self.slots[level, slot] = b
        self.level_of[b] = level
        self.hand = None
        # Set down at rest on the level below, in that level's frame (layout.seat): the level may be
        # tilted onto two supports, and a block put down flat beside tilted neighbours would overlap them.
        self._poses[b] = seat(self.spec, self.dims, self.slots[:level + 1], self._poses, self.masses)[b]
        addresses = self._addresses()
        # The new block loads every level below; the world is cut around the level it rests on, or around
        # the weakest level when the statics say the added load leaves that one near tipping.
        margin, weakest = self.static_margins()
        focus = max(0, int(weakest[0])) if margin[0] < self.spec.verdict.near_critical_margin_mm else level - 1
        self.focus = focus
        with self._world(focus) as world:
            return self._settle_run(world, self.spec.settle_s, t0, addresses, record, follow_s=follow_s)

    def extract(self, level: int, pos: int, side: int = +1, speed: float = 0.02, steadiness: float = 1.0,
                tremor: int = 0, angle_deg: float = 0.0, record: bool = False, follow_s: float = 0.0,
                reseat: bool = True) -> Verdict:
        """Play a block out: a finger at its `side` end (+1: the end on the block's +axis) pushes it along
        its long axis at `speed` m/s until it is clear of the tower, then the tower settles.

        steadiness, 0 to 1, scales the hand's tremor down (1: no tremor; 0: the whole of it); tremor seeds the
        tremor's shape;
        angle_deg turns the push off the long axis in the horizontal plane.
        reseat=False leaves the stored poses of a tower that stood as the solver ended them, without
        re-seating it (Tower._reseat): for a caller that only reads the verdict and throws the tower
        away (sim.riskmap's pushes); the verdict is the same, and the re-seat costs about 4 ms.
        Arguments out of range (sim.arguments) raise BlockError before any physics runs.
        """
        arguments.check_extract(level, pos, side, speed, steadiness, tremor, angle_deg, record, follow_s)
        if not isinstance(reseat, bool):
            raise BlockError(f"reseat must be True or False, got {reseat!r}")
        self._check_standing()
        self._check_present(level, pos)
        if side not in (1, -1):
            raise BlockError(f"side must be +1 or -1, got {side!r}")
        if not 0.001 <= speed <= 1.0:
            raise BlockError(f"push speed must be between 0.001 and 1 m/s, got {speed!r}")
        if not 0.0 <= steadiness <= 1.0:
            raise BlockError(f"steadiness must be between 0 and 1, got {steadiness!r}")
        t0 = time.perf_counter()
        addresses = self._addresses()
        b = int(self.slots[level, pos])
        held: list[int] = [0]
        with self._world(level) as world:
            self._take(level, pos)
            hand_path = self._hand_path(world, b, side, speed, steadiness, tremor, angle_deg, held=held)
            return self._settle_run(world, self.spec.settle_s, t0, addresses, record, hand=hand_path,
                                    follow_s=follow_s, reseat=reseat, held=held)

    def probe(self, level: int, pos: int, side: int = +1, speed: float = 0.01) -> Probe:
        """Touch to test: push the block 2 mm at `speed` (1 cm/s) and report the force it took (moves: no
        more than the spec's gentle touch force) and how far the rest of the tower went along.

        The tower's state is not changed: the game decides whether a touch counts as a move.
        """
        arguments.check_probe(level, pos, side, speed)
        self._check_standing()
        self._check_present(level, pos)
        if side not in (1, -1):
            raise BlockError(f"side must be +1 or -1, got {side!r}")
        t0 = time.perf_counter()
        b = int(self.slots[level, pos])
        with self._world(level) as world:
            others = world.moving_ids[world.moving_ids != b]
            forces = []
            hand = self._hand_path(world, b, side, speed, 1.0, 0, 0.0, travel=0.002, take=False)
            while next(hand) is not None:
                world.step(1)
                forces.append(next(hand))
            after = world.poses()
        # The tower untouched over the same time: contacts settle by some hundredths of a millimetre per
        # level in the first steps of any world, which is not the touch's doing (docs/sim.md, calibration).
        with self._world(level) as world:
            world.step(len(forces))
            still = world.poses()
        # The peak of the push once it is under way (the 90th percentile of the second half, robust to one
        # step's spike): what it took to make the block give. A median let a block that drags the load
        # above along read as light as a free one (docs/sim.md, calibration).
        force = give_force(forces)
        tower_motion = float(displacement_mm(still[others], after[others]).max()) if len(others) else 0.0
        return Probe(force_n=force, tower_motion_mm=tower_motion, moves=force <= self.spec.hand.touch_force_n,
                     block_motion_mm=float(displacement_mm(self._poses[b], after[b])),
                     wall_ms=1000.0 * (time.perf_counter() - t0))

    # ---- the run shared by every operation ---------------------------------------------------------
    def _world(self, focus: int | None, load_levels: int | None = None) -> World:
        return World(self.spec, self.dims, self._poses, self.level_of, focus, self.masses, load_levels)

    def _addresses(self) -> dict[int, BlockAddress]:
        levels, pos = np.nonzero(self.slots >= 0)
        return {int(self.slots[l, p]): (int(l), int(p)) for l, p in zip(levels, pos)}

    def _hand_path(self, world: World, b: int, side: int, speed: float, steadiness: float, tremor: int,
                   angle_deg: float, travel: float | None = None, take: bool = True, held: list | None = None):
        """The hand as a generator: before each step it applies its force to the block and yields 1; after
        the step it yields the force it pushed with along the push; it yields None once the block is out.
        `held` (a one-item list), when given, keeps the number of steps from the start until the hand began
        to carry the block (Verdict.give_force_n reads the forces of those steps).

        The finger is a stiff, critically damped spring (horizontal only) pulling the block's centre
        towards a target that moves along the push at `speed`, with tremor across it, capped at the
        hand's strength. A second spring keeps the block square (yaw only). Once the block sticks out
        so far that it would tip over the edge, the hand also carries its weight, as fingers holding
        the protruding end do. Vertical motion and tipping are left to the contacts.
        """
        spec, phy = self.spec, self.spec.physics
        dt = phy.time_step_s
        length = self.dims[b, 0]
        long_axis = axes(self._poses[b, 3:][None], 0)[0]
        rng = np.random.default_rng([int(tremor), 0x74726D])
        freqs = rng.uniform(*spec.hand.tremor_hz, size=3)
        phases = rng.uniform(0.0, 2 * np.pi, size=3)
        # The hand's error grows with unsteadiness and, as motor noise does, with the speed of the
        # movement (spec.hand.tremor_ref_speed_m_s: the speed at which the tremor has its nominal size).
        ref = spec.hand.tremor_ref_speed_m_s
        shake = (1.0 - steadiness) * (speed / ref if ref else 1.0)
        amp = spec.hand.tremor_mm / 1000.0 * shake / np.sqrt(3.0)
        twist = np.radians(spec.hand.twist_deg) * shake
        aim = spec.hand.aim_deg * shake * float(np.clip(rng.normal(), -2.0, 2.0))
        turn = np.radians(angle_deg + aim)
        c, s = portable.cos(turn), portable.sin(turn)
        push = -side * np.array([c * long_axis[0] - s * long_axis[1], s * long_axis[0] + c * long_axis[1], 0.0])
        push /= portable.length(push)
        lateral = np.array([-push[1], push[0], 0.0])
        if travel is None:
            travel = length + spec.hand.clearance_mm / 1000.0
        ramp = min(0.1, travel / speed / 2.0)
        m = float(self.masses[b])
        stiffness = m * (0.6 / dt) ** 2                 # natural frequency 0.6 / dt: stable, and stiff
        damping = 2.0 * np.sqrt(stiffness * m)
        yaw_inertia = m * (length ** 2 + self.dims[b, 1] ** 2) / 12.0
        yaw_k, yaw_c = yaw_inertia * (YAW_SPRING / dt) ** 2, 2.0 * yaw_inertia * (YAW_SPRING / dt)
        start = self._poses[b, :3].copy()
        yaw0 = portable.arctan2(long_axis[1], long_axis[0])
        limit = int(np.ceil((travel / speed + ramp + 2.0) / dt))
        world.slide(b)
        px, py = float(push[0]), float(push[1])
        lx, ly = float(lateral[0]), float(lateral[1])
        sx, sy = float(start[0]), float(start[1])
        cap, weight = spec.hand.max_force_n, m * 9.81
        # The hand starts carrying the block 10 mm before its centre passes the far edge of what it rests
        # on: the tower's side for a full level below, but the middle's edge when the block under the far
        # end is gone (there the block would tip into the gap and lever up the level above; docs/sim.md).
        # A block of the bottom level slides on the table all the way out and is never carried: made
        # weightless there, a heavy level pressing on its trailing end tipped it up into the tower.
        reach = self._support_reach(b, push)
        half_in = (reach if reach < length / 2.0 - 0.005 else length / 2.0) - 0.01
        if not np.isfinite(reach):
            weight = 0.0
        # The finger's target, its speed and the twist of the hand at every step, computed at once.
        t = np.arange(limit) * dt
        along = np.where(t < ramp, speed * t * t / (2 * ramp), speed * (t - ramp / 2.0))
        fade = np.minimum(1.0, t / ramp)
        waves = portable.sin(2 * np.pi * freqs * t[:, None] + phases)
        wob = (amp * waves[:, :2]).sum(axis=1) * fade
        target_x = (sx + px * along + lx * wob).tolist()
        target_y = (sy + py * along + ly * wob).tolist()
        pace_x = (px * speed * fade).tolist()
        pace_y = (py * speed * fade).tolist()
        twirl = (twist * waves[:, 2] * fade).tolist()
        half_pi = np.pi / 2.0
        # The loop runs once a physics step: the engine's calls are bound here once (World.state_of and
        # World.push, inlined), and the numbers are Python floats, which compute the same bits as numpy's
        # scalars did. The yaw's arctangent is the C library's (math.atan2, as sim.portable gives): numpy's
        # differs from it in the last bit for a few inputs in a hundred on a processor with AVX-512 (its
        # vector code), and a push must replay bit for bit on every machine.
        stiffness, damping, yaw_k, yaw_c = float(stiffness), float(damping), float(yaw_k), float(yaw_c)
        yaw0, half_in, weight, cap = float(yaw0), float(half_in), float(weight), float(cap)
        arctan2, pi = math.atan2, np.pi
        client, body = world.client, world.body[int(b)]
        get_pose, get_speed = pb.getBasePositionAndOrientation, pb.getBaseVelocity
        apply_force, apply_torque, frame = pb.applyExternalForce, pb.applyExternalTorque, pb.WORLD_FRAME
        gripped, grip = True, YAW_GRIP_N_M
        for i in range(limit):
            pos, quat = get_pose(body, physicsClientId=client)
            vel, spin = get_speed(body, physicsClientId=client)
            fx = stiffness * (target_x[i] - pos[0]) + damping * (pace_x[i] - vel[0])
            fy = stiffness * (target_y[i] - pos[1]) + damping * (pace_y[i] - vel[1])
            norm = (fx * fx + fy * fy) ** 0.5
            if norm > cap:
                fx, fy = fx * cap / norm, fy * cap / norm
            moved = (pos[0] - sx) * px + (pos[1] - sy) * py
            qx, qy, qz, qw = quat
            yaw = arctan2(2.0 * (qx * qy + qw * qz), 1.0 - 2.0 * (qy * qy + qz * qz))
            yaw_err = (yaw - yaw0 - twirl[i] + half_pi) % pi - half_pi         # the block is symmetric
            lift = min(1.0, max(0.0, (moved - half_in) / 0.01)) * weight
            if held is not None and moved < half_in:
                held[0] = i + 1
            apply_force(body, -1, (fx, fy, lift), pos, frame, physicsClientId=client)
            squaring = float(-yaw_k * yaw_err - yaw_c * spin[2]) if gripped else 0.0
            if squaring > grip or squaring < -grip:
                gripped, squaring = False, 0.0    # a block tumbling out of the fingers: they let its twist go
            apply_torque(body, -1, (0.0, 0.0, squaring), frame, physicsClientId=client)
            yield 1
            yield abs(fx * px + fy * py)
            if moved >= travel:
                break
        if take:
            world.remove_block(b)
        yield None

    def _support_reach(self, b: int, push: np.ndarray) -> float:
        """How far (m) along the unit vector `push` the blocks under block b reach from its centre: the far
        edge of its support (infinite on the table)."""
        level = int(self.level_of[b]) if self.level_of[b] >= 0 else int(self.focus)
        if level <= 0:
            return float("inf")
        below = self.slots[level - 1][self.slots[level - 1] >= 0]
        if not len(below):
            return float("inf")
        offset = portable.matmul(self._poses[below, :2] - self._poses[b, :2], push[:2])
        reach = (np.abs(portable.matmul(axes(self._poses[below, 3:], 0)[:, :2], push[:2])) * self.dims[below, 0]
                 + np.abs(portable.matmul(axes(self._poses[below, 3:], 1)[:, :2], push[:2])) * self.dims[below, 1]) / 2.0
        return float((offset + reach).max())

    def _settle_run(self, world: World, seconds: float, t0: float, addresses: dict[int, BlockAddress],
                    record: bool, hand=None, early_exit: bool = True, follow_s: float = 0.0,
                    reseat: bool = True, held: list | None = None, fell=None) -> Verdict:
        """`fell`: ids of blocks already seen past the collapse rule (a live push's drag saw the tower fall,
        sim.live): the run is a fall whatever the settle finds. A settle that finds every block back within the
        rule is followed as a fall (follow_s), and if nothing is past the rule even then, those blocks are the
        fallen ones; a fall the settle sees itself is judged as before, bit for bit."""
        spec, rules, phy = self.spec, self.spec.verdict, self.spec.physics
        before = self._poses.copy()
        watched = np.array([i for i in world.moving_ids if self.level_of[i] >= 0], dtype=int)
        before_watched = before[watched]
        up_watched = axes(before_watched[:, 3:], 2)
        # Every frame's collapse check first bounds every block's drop and tilt from the bodies' own poses
        # (World.surely_standing: a few microseconds); the exact rule runs only when those bounds do not
        # rule a fall out (1 um and 0.001 degrees of margin for rounding), so the same frames are judged
        # fallen as by the exact rule alone. While the hand pushes (and no frames are recorded) the full
        # poses (the glued blocks composed one by one, the dearest Python of a push) are not even built
        # for a frame the bounds clear; a settle frame builds them anyway, for the rest test.
        loose = [int(i) for i in world.dynamic_ids if self.level_of[i] >= 0]
        quick = hand is not None and not record
        drop_bound = (rules.fallen_drop_mm - 1e-3) / 1000.0
        tilt_bound = float(np.radians(rules.fallen_tilt_deg - 1e-3))
        margin = float(self.static_margins()[0][0]) if self.num_levels else float("inf")
        window = rules.near_critical_window_s if margin < rules.near_critical_margin_mm else rules.rest_window_s
        spf = phy.steps_per_frame
        frame_dt = spf * phy.time_step_s
        n_frames = int(np.ceil(seconds / frame_dt))
        prev = world.poses()
        frames = [prev] if record else None
        self.latest_frame = None
        recent: list[np.ndarray] = []
        outcome = "time"
        forces: list[float] = []
        pushing = hand is not None
        frame = 0
        sim_t = 0.0
        step, client, dt = pb.stepSimulation, world.client, phy.time_step_s
        while True:
            if pushing:
                for _ in range(spf):
                    if next(hand) is None:
                        pushing = False
                        break
                    step(physicsClientId=client)
                    sim_t += dt
                    forces.append(next(hand))
                # standing: the bounds' answer for this frame, None until they are asked.
                standing = world.surely_standing(loose, drop_bound, tilt_bound) if quick and pushing else None
                if standing:
                    continue
                now = world.poses()
            else:
                if frame >= n_frames:
                    break
                world.step(spf)
                sim_t += frame_dt
                frame += 1
                now = world.poses()
                standing = None
            if not np.isfinite(now).all():
                # The solver diverged (seen once in thousands of pushes, a 38-level tower: a block's pose
                # went NaN mid-push). What the tower does is then unknown; it is judged a collapse
                # ("diverged"), the blocks that went NaN counted fallen and kept at their last good pose,
                # so no NaN ever reaches a verdict or a stored tower.
                outcome = "diverged"
                lost = ~np.isfinite(now).all(axis=1)
                now = np.where(lost[:, None], prev if np.isfinite(prev).all() else before, now)
                break
            if record:
                frames.append(now)
                self.latest_frame = now
            if len(watched):
                # The same bounds as while pushing rule most frames out before the exact rule runs (asked
                # once a frame: a pushing frame that got here has had its answer, False).
                if standing is None:
                    standing = world.surely_standing(loose, drop_bound, tilt_bound)
                if not standing and self._fallen(before_watched, now[watched], up_watched).any():
                    outcome = "fallen"
                    break
                if early_exit and not pushing:
                    recent.append(now[watched])
                    if self._at_rest(recent, window, frame_dt) and frame * frame_dt >= rules.min_settle_s - 1e-9:
                        outcome = "at rest"
                        break
                    if self._rocking(recent, frame_dt):
                        outcome = "rocking"
                        break
            prev = now
        if pushing:
            hand.close()
        inside = np.flatnonzero(self.level_of >= 0)
        if fell is not None and outcome not in ("fallen", "diverged"):
            if not self._fallen(before[inside], now[inside]).any():
                # the drag saw the fall and the settle found every block back within the rule: a fall still,
                # followed as any fall is (the blocks play on, each separate, to where they come to rest). A
                # settle that ends with blocks past the rule is judged as it always was, bit for bit.
                outcome = "fallen"
        if outcome == "fallen" and follow_s > 0.0:
            now, more, followed = self._follow(world, now, follow_s, record)
            sim_t += followed
            if record:
                frames.extend(more)
        final = now
        disp_all = np.full(spec.num_blocks, np.nan)
        tilt_all = np.full(spec.num_blocks, np.nan)
        disp_all[inside] = displacement_mm(before[inside], final[inside])
        tilt_all[inside] = tilt_deg(before[inside], final[inside])
        fallen_ids = inside[self._fallen(before[inside], final[inside])]
        if fell is not None and not len(fallen_ids):
            # Only when the settle and its follow end with no block past the rule do the blocks the drag saw
            # count as the fallen ones: a fall the settle sees too is the same bits as before this rule.
            fallen_ids = np.intersect1d(np.asarray(fell, dtype=int), inside).astype(int)
        if outcome == "diverged":
            fallen_ids = np.union1d(fallen_ids, inside[lost[inside]]).astype(int)
        collapsed = bool(len(fallen_ids)) or outcome == "diverged"
        # The largest shift reported is that of the blocks still standing: a fallen block's way to the
        # table or the floor is told by `fallen` and `on_floor`, not in millimetres.
        standing = np.setdiff1d(inside, fallen_ids)
        floor_ids = fallen_ids[on_floor(final[fallen_ids])]
        moved = np.flatnonzero(self.level_of >= 0)
        keep = collapsed or not reseat
        self._poses[moved] = final[moved] if keep else self._reseat(before, final, hand is not None)[moved]
        if self.hand is not None:
            self._poses[self.hand] = final[self.hand]
        if collapsed:
            self.collapsed = True
            for b in fallen_ids:
                self.level_of[b] = FLOOR
                l, p = addresses[int(b)]
                self.slots[l, p] = -1
        return Verdict(
            collapsed=collapsed,
            fallen=[addresses[int(b)] for b in fallen_ids],
            displacement_mm=disp_all,
            tilt_deg=tilt_all,
            max_displacement_mm=float(disp_all[standing].max()) if len(standing) else 0.0,
            max_tilt_deg=float(tilt_all[standing].max()) if len(standing) else 0.0,
            on_floor=[addresses[int(b)] for b in floor_ids],
            sim_s=sim_t,
            wall_ms=1000.0 * (time.perf_counter() - t0),
            outcome=outcome,
            push_force_n=_median_force(forces),
            give_force_n=give_force(forces[: held[0]]) if held else 0.0,
            static_margin_mm=margin,
            trajectory=np.array(frames) if record else None,
        )

    def _follow(self, world: World, now: np.ndarray, seconds: float, record: bool):
        """Play a collapse on with every block separate, for the fall's animation and the final list of
        fallen blocks: a new world starts from the poses and velocities at the verdict, runs `seconds`,
        and then on until every block lies still on the table or the floor (at most FOLLOW_MAX_S in all).
        Returns the final poses, the frames (when recording) and the simulated time."""
        ids, velocity = world.velocities()
        keep = self.level_of[ids] >= 0
        ids, velocity = ids[keep], velocity[keep]
        phy = self.spec.physics
        frame_dt = phy.steps_per_frame * phy.time_step_s
        frames = []
        inside = np.flatnonzero(self.level_of >= 0)
        with World(self.spec, self.dims, now, self.level_of, None, self.masses) as loose:
            loose.set_velocities(ids, velocity)
            prev = loose.poses()
            still = 0
            n = 0
            least, most = int(np.ceil(seconds * phy.frame_hz)), int(np.ceil(max(seconds, FOLLOW_MAX_S) * phy.frame_hz))
            while n < most:
                loose.step(phy.steps_per_frame)
                n += 1
                cur = loose.poses()
                if record:
                    frames.append(cur)
                    self.latest_frame = cur
                fast = displacement_mm(prev[inside], cur[inside]).max() / frame_dt
                still = still + 1 if fast < FOLLOW_REST_MM_S else 0
                prev = cur
                if n >= least and still * frame_dt >= 0.2:
                    break
            return prev, frames, n * frame_dt

    def _reseat(self, before: np.ndarray, after: np.ndarray, pushed: bool) -> np.ndarray:
        """The poses a standing tower is stored in: the solver's creep taken out, real motion kept.

        A tower of rigid blocks that stood an operation rests level on level as it was built (each level
        a slab on the top faces of the one below, sim.layout.seat); what the solver leaves in it
        beyond that (a lean of a few tenths of a degree from compliant contacts, a sway frozen mid-swing,
        a sag) is creep, and kept, it adds up over a game until the tower falls where statics says it
        stands. So, level by level from the bottom:

        - in a removal or a stack (nothing pushed: only the solver moved the blocks), every level goes
          back to where it was in the plane before the operation; after a push, so does every level none
          of whose blocks moved more than `reseat_mm` sideways or turned more than `reseat_deg` flat;
        - a level that a push did move (a tight block dragged it) keeps its new place and heading;
        - every level is then seated at rest on the one below (sim.layout.seat), as a fresh tower is built.

        A block that tipped past `reseat_deg` is real (caught leaning on the level below): from its level
        up the tower keeps the solver's poses untouched."""
        phy = self.spec.physics
        src = after.copy()
        top = self.slots.shape[0]
        present = self.slots >= 0
        seated = self.slots[present]
        tipped = tilt_deg(before[seated], after[seated]) > phy.reseat_deg     # every block at once, elementwise
        starts = np.concatenate([[0], np.cumsum(present.sum(axis=1))])
        for level in range(self.slots.shape[0]):
            first, last = starts[level], starts[level + 1]
            ids = seated[first:last]
            if not len(ids):
                continue
            if tipped[first:last].any():
                top = level
                break
            if not pushed:
                src[ids] = before[ids]
                continue
            shift = 1000.0 * np.linalg.norm(after[ids, :2] - before[ids, :2], axis=1)
            if shift.max() <= phy.reseat_mm and turn_deg(before[ids], after[ids]).max() <= phy.reseat_deg:
                src[ids] = before[ids]
        out = seat(self.spec, self.dims, self.slots[:top], src, self.masses)
        out[self.slots[top:][self.slots[top:] >= 0]] = after[self.slots[top:][self.slots[top:] >= 0]]
        return out

    def _fallen(self, before: np.ndarray, after: np.ndarray, before_up: np.ndarray | None = None) -> np.ndarray:
        """The collapse rule (see sim.verdict): which blocks slid, dropped or turned past the thresholds.
        `before_up`, the up axes of `before` (motion.axes(before[:, 3:], 2)), spares a run that checks
        every frame against the same poses working them out again: the figures are the same."""
        rules = self.spec.verdict
        up = axes(before[..., 3:], 2) if before_up is None else before_up
        tilt = angle_between(up, axes(after[..., 3:], 2))
        return (drop_mm(before, after) > rules.fallen_drop_mm) | (tilt > rules.fallen_tilt_deg)

    def _at_rest(self, recent: list[np.ndarray], window: float, frame_dt: float) -> bool:
        """At rest: over the last `window` seconds no block moved faster than the rest speed (or spun
        faster than the rest spin) from one frame to the next, and the mean pose of the second half of
        the window is within the same speed of the first half's.

        The frame-to-frame test is what keeps a swaying tower from counting as still: a heavy top on
        compliant contacts rocks with periods of 0.3 to 0.7 s, and two half-window means taken around a
        turning point of that sway agree while the tower is still moving (73% of towers judged at rest
        by the half-window test alone moved more than 0.5 mm when left 2 s longer). The half-window
        test keeps catching a slow, steady trend that no single frame shows."""
        rules = self.spec.verdict
        k = max(3, int(round(window / frame_dt)) + 1)
        if len(recent) < k:
            return False
        del recent[:-max(k, self._rock_frames(frame_dt))]
        frames = np.array(recent[-k:])
        steps = displacement_mm(frames[:-1], frames[1:]).max() / frame_dt
        if steps >= rules.rest_speed_mm_s:
            return False
        spins = turn_deg(frames[:-1], frames[1:]).max() / frame_dt
        if spins >= rules.rest_spin_deg_s:
            return False
        half = k // 2
        first, second = frames[:half].mean(axis=0), frames[k - half:].mean(axis=0)
        span = (k - half) * frame_dt
        first[:, 3:] /= np.linalg.norm(first[:, 3:], axis=1, keepdims=True)
        second[:, 3:] /= np.linalg.norm(second[:, 3:], axis=1, keepdims=True)
        speed = displacement_mm(first, second).max() / span
        spin = turn_deg(first, second).max() / span
        return speed < rules.rest_speed_mm_s and spin < rules.rest_spin_deg_s

    def _rock_frames(self, frame_dt: float) -> int:
        return max(4, int(round(self.spec.verdict.rock_window_s / frame_dt)) + 1)

    def _rocking(self, recent: list[np.ndarray], frame_dt: float) -> bool:
        """A standing tower caught in a small rocking that does not die out: over the last
        `rock_window_s` no block strayed more than `rock_mm` from its mean place or turned more than
        `rock_deg`, the rocking did not grow from the first half of the window to the second, and the
        mean poses of the two halves agree within the rest speed (no trend).

        Rigid contacts and a heavy glued top on a level that rests on two supports can rock like that
        (seen: a 19-level tower after an edge of level 1 was deleted, the top swinging +-0.5 mm with a
        period of 0.28 s, never slowing for the 10 s of the settle). The frame-to-frame test of _at_rest
        never passes then, and before this test such a run went on to the end of the settle time (10 s,
        about 0.6 s of CPU: the slowest 1% of the oracle's decisions) to the same verdict: it stands.
        Compliant contacts under a heavy top on middle blocks swing wider (seed 7, a middle-only run of
        levels 2 to 5: +-1.5 mm at about 4 Hz, turning up to 0.6 degrees), hence limits of 2 mm and 1
        degree (docs/sim.md, "The slowest decisions, and ours against the peers again")."""
        rules = self.spec.verdict
        k = self._rock_frames(frame_dt)
        if len(recent) < k:
            return False
        frames = np.array(recent[-k:])
        mean = frames.mean(axis=0)
        mean[:, 3:] /= np.linalg.norm(mean[:, 3:], axis=1, keepdims=True)
        stray = displacement_mm(frames, mean[None])                     # (k, blocks)
        if stray.max() >= rules.rock_mm or turn_deg(frames, mean[None]).max() >= rules.rock_deg:
            return False
        half = k // 2
        if stray[k - half:].max() > 1.25 * stray[:half].max() + 0.05:
            return False
        first, second = frames[:half].mean(axis=0), frames[k - half:].mean(axis=0)
        return displacement_mm(first, second).max() / ((k - half) * frame_dt) < rules.rest_speed_mm_s

    # ---- state as plain data -----------------------------------------------------------------------
    def get_state(self) -> dict:
        """The tower as plain JSON-able data: a state version, the spec's name (under the older key
        "variant"), the tolerance seed, every block's pose (as poses()), where each block is (as where()),
        the grid of block ids by level and slot (-1 for a gap), the block in hand, whether the tower has
        collapsed, and the level last operated on. from_state() of it gives a tower that behaves
        bit-identically to this one; the Jenga games keep it as their game state."""
        return {
            "version": STATE_VERSION,
            "variant": self.spec.name,  # the tower's spec name; the key is older than the name (saves keep it)
            "seed": self.seed,
            "poses": self._poses.tolist(),
            "where": [self.where(b) for b in range(self.spec.num_blocks)],
            "slots": self.slots.tolist(),
            "hand": self.hand,
            "collapsed": self.collapsed,
            "focus": self.focus,
        }

    @classmethod
    def from_state(cls, spec: TowerSpec, state: dict) -> "Tower":
        """The tower get_state() described, for the same spec. No PyBullet world is built (each operation
        builds its own). A state of another version or spec, or a malformed one (poses that are not
        N x 7 finite numbers, a grid naming a block twice, a hand or a place that disagrees), raises
        SimError saying what is wrong."""
        if not isinstance(state, dict):
            raise SimError(f"malformed tower state: a dict (from get_state) is needed, not {type(state).__name__}")
        try:
            if state.get("version") != STATE_VERSION:
                raise SimError(f"tower state version {state.get('version')!r} is not {STATE_VERSION}")
            if state["variant"] != spec.name:
                raise SimError(f"tower state is for the {state['variant']!r} tower, not {spec.name!r}")
            tower = cls(spec, int(state["seed"]), _build=False)
            poses = np.array(state["poses"], dtype=float)
            slots = np.array(state["slots"], dtype=int).reshape(-1, spec.per_level)
            where = list(state["where"])
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            if isinstance(exc, SimError):
                raise
            raise SimError(f"malformed tower state: {exc}") from None
        n = spec.num_blocks
        if poses.shape != (n, 7) or len(where) != n or not np.isfinite(poses).all():
            raise SimError(f"malformed tower state: poses must be {n} x 7 finite numbers and 'where' {n} long")
        level_of = np.full(n, ASIDE)
        for b, w in enumerate(where):
            if w != "tower":
                if not isinstance(w, str) or w not in _WHERE_CODE:  # a list or dict is not a place (nor hashable)
                    raise SimError(f"malformed tower state: block {b} is in unknown place {w!r}")
                level_of[b] = _WHERE_CODE[w]
        levels, pos = np.nonzero(slots >= 0)
        ids = slots[levels, pos]
        if (ids >= n).any() or len(set(ids.tolist())) != len(ids):
            raise SimError("malformed tower state: 'slots' names a block twice or a block that does not exist")
        level_of[ids] = levels
        if sorted(np.flatnonzero(level_of >= 0).tolist()) != sorted(i for i, w in enumerate(where) if w == "tower"):
            raise SimError("malformed tower state: 'slots' and 'where' disagree")
        # The block in hand is the one 'where' says is in hand (None when none is); collapsed a bool; focus
        # the level last operated on, or None. Anything else would be taken as it came and break a later
        # stack (a block in two slots, an index error) instead of being refused here.
        in_hand = [b for b, w in enumerate(where) if w == "hand"]
        hand = state.get("hand")
        whole = isinstance(hand, (int, np.integer)) and not isinstance(hand, bool)
        expected = in_hand[0] if len(in_hand) == 1 else None
        if len(in_hand) > 1 or not (hand is None if expected is None else whole and int(hand) == expected):
            raise SimError(f"malformed tower state: 'hand' is {hand!r} but 'where' has "
                           f"{'no block' if not in_hand else 'block(s) ' + str(in_hand)} in hand")
        collapsed, focus = state.get("collapsed", False), state.get("focus")
        if not isinstance(collapsed, (bool, np.bool_)):
            raise SimError(f"malformed tower state: 'collapsed' is {collapsed!r}, not true or false")
        if focus is not None and (isinstance(focus, bool) or not isinstance(focus, (int, np.integer))
                                  or not 0 <= int(focus) < len(slots) + 1):
            raise SimError(f"malformed tower state: 'focus' is {focus!r}, not a level of the tower or null")
        tower._poses = poses
        tower.slots = slots
        tower.level_of = level_of
        tower.hand = None if hand is None else int(hand)
        tower.collapsed = bool(collapsed)
        tower.focus = None if focus is None else int(focus)
        return tower


def give_force(forces: list) -> float:
    """What a block took to move, read from the hand's forces step by step as a touch is read: the 90th
    percentile of the second half of the steps (the first half holds the start, where the finger's spring
    answers the change of pace with a spike of its damping); NaN steps (a diverged solver) left out, and
    0.0 for no steps. Tower.probe reads a touch so, sim.live a live push's outward steps, and a push's
    Verdict.give_force_n the steps before the hand began to carry the block."""
    half = [f for f in forces[len(forces) // 2:] if f == f]
    return float(np.percentile(half, 90.0)) if half else 0.0


def _median_force(forces: list) -> float:
    """The median of a push's forces, step by step; the steps after a diverged solver (NaN) left out."""
    finite = [f for f in forces if f == f]
    return float(np.median(finite)) if finite else 0.0
