"""The two peers the collapse decision is compared with, on the same towers and the same removals.

- naive PyBullet: every block a separate dynamic body, the whole tower simulated for a fixed horizon,
  no cut of the world, no early exit; the settings are the cheapest found that still get the oracle
  suite right (see NAIVE_SETTINGS and docs/sim.md), with maximal coordinates as sim uses them.
- MuJoCo: the tower written as MJCF here in code (one free body per block, stiff contacts), stepped for
  the same fixed horizon. MuJoCo clamps a contact's time constant (solref) to at least twice the time
  step (0.002 s asked at a 0.002 s step runs at 0.004 s): the settings ask for 0.004 s at 0.002 s, a
  time constant it keeps (0.002 s at a 0.001 s step was as right on the classic cases, at 1.5x the cost).

Both judge the end of the horizon by the same collapse rule as sim (a block dropped more than 10 mm or
tipped more than 15 degrees), and start from the same poses (sim.layout, the same tolerance seed).
"""

from __future__ import annotations

import time

import numpy as np

from sim import Tower
from sim.motion import drop_mm, tilt_deg
from sim.world import pb

HORIZON_S = 2.0
NAIVE_SETTINGS = {"time_step_s": 1 / 960, "solver_iterations": 20, "erp": 0.5, "friction_anchor": True,
                  "maximal_coordinates": True}
"""The cheapest setting found that gets all 28 classic cases of seed 0 right on the calibrated tower (2 s
horizon; docs/sim.md, "The naive peer on the calibrated tower"): 1/240 s at 10 to 80 iterations, 1/480 s
at 10 to 40 and 1/960 s at 10 each let a low one-edge removal fall; 1/480 s at 80 is right, and dearer."""
MUJOCO_SETTINGS = {"timestep": 0.002, "solref": "0.004 1", "solimp": "0.95 0.99 0.001"}


def mujoco_time_constant(settings: dict) -> float:
    """The contact time constant MuJoCo really uses: solref's, clamped to at least twice the step."""
    return max(float(settings["solref"].split()[0]), 2.0 * settings["timestep"])


def _fallen(spec, before, after) -> np.ndarray:
    rules = spec.verdict
    return (drop_mm(before, after) > rules.fallen_drop_mm) | (tilt_deg(before, after) > rules.fallen_tilt_deg)


def _start(spec, seed, removed):
    """The fresh tower sim builds (sizes, masses and resting poses from the seed) less `removed`."""
    tower = Tower(spec, seed)
    keep = np.ones(spec.num_blocks, dtype=bool)
    for level, pos in removed:
        keep[level * spec.per_level + pos] = False
    return tower.dims[keep], tower.poses()[keep], tower.masses[keep]


def naive_pybullet(spec, seed: int, removed: list[tuple[int, int]], settings: dict = NAIVE_SETTINGS,
                   horizon: float = HORIZON_S) -> dict:
    """Decide one scenario with plain PyBullet; returns collapsed, wall_ms, cpu_ms, max_displacement_mm."""
    t0, c0 = time.perf_counter(), time.process_time()
    dims, poses, masses = _start(spec, seed, removed)
    c = pb.connect(pb.DIRECT)
    try:
        erp = settings["erp"]
        pb.setPhysicsEngineParameter(fixedTimeStep=settings["time_step_s"], numSolverIterations=settings["solver_iterations"],
                                     deterministicOverlappingPairs=1, erp=erp, contactERP=erp, frictionERP=erp,
                                     physicsClientId=c)
        pb.setGravity(0, 0, -9.81, physicsClientId=c)
        maximal = settings.get("maximal_coordinates", False)
        ground = pb.createMultiBody(0, pb.createCollisionShape(pb.GEOM_PLANE, physicsClientId=c),
                                    useMaximalCoordinates=maximal, physicsClientId=c)
        bodies = [ground]
        for d, p, m in zip(dims, poses, masses):
            shape = pb.createCollisionShape(pb.GEOM_BOX, halfExtents=(d / 2).tolist(), physicsClientId=c)
            bodies.append(pb.createMultiBody(float(m), shape, basePosition=p[:3].tolist(),
                                             baseOrientation=p[3:].tolist(), useMaximalCoordinates=maximal,
                                             physicsClientId=c))
        for body in bodies:
            pb.changeDynamics(body, -1, lateralFriction=spec.body_friction, restitution=spec.restitution,
                              frictionAnchor=settings["friction_anchor"], physicsClientId=c)
        for _ in range(int(round(horizon / settings["time_step_s"]))):
            pb.stepSimulation(physicsClientId=c)
        after = np.array([sum(pb.getBasePositionAndOrientation(b, physicsClientId=c), ()) for b in bodies[1:]])
    finally:
        pb.disconnect(physicsClientId=c)
    fallen = _fallen(spec, poses, after)
    return {"collapsed": bool(fallen.any()), "wall_ms": 1000 * (time.perf_counter() - t0),
            "cpu_ms": 1000 * (time.process_time() - c0),
            "max_displacement_mm": float(1000 * np.linalg.norm(after[:, :3] - poses[:, :3], axis=1).max())}


def mujoco_available() -> bool:
    try:
        import mujoco  # noqa: F401
    except ImportError:
        return False
    return True


def tower_mjcf(spec, dims: np.ndarray, poses: np.ndarray, settings: dict = MUJOCO_SETTINGS,
               masses: np.ndarray | None = None) -> str:
    """The tower as an MJCF document: a floor and one free box body per block (MuJoCo takes the larger
    of two geoms' friction, so the spec's pair coefficient is given as it is)."""
    bodies = []
    masses = np.full(len(dims), spec.mass_kg) if masses is None else masses
    for i, (d, p) in enumerate(zip(dims, poses)):
        x, y, z, qx, qy, qz, qw = p
        bodies.append(
            f'<body name="b{i}" pos="{x:.9g} {y:.9g} {z:.9g}" quat="{qw:.9g} {qx:.9g} {qy:.9g} {qz:.9g}">'
            f'<freejoint/><geom type="box" size="{d[0] / 2:.9g} {d[1] / 2:.9g} {d[2] / 2:.9g}" mass="{masses[i]:.6g}"/>'
            f'</body>')
    return f"""<mujoco model="jenga">
  <option timestep="{settings['timestep']}" gravity="0 0 -9.81" cone="elliptic"/>
  <default><geom friction="{spec.friction} 0.005 0.0001" solref="{settings['solref']}" solimp="{settings['solimp']}" condim="3"/></default>
  <worldbody><geom type="plane" size="1 1 0.1"/>{''.join(bodies)}</worldbody>
</mujoco>"""


def mujoco_peer(spec, seed: int, removed: list[tuple[int, int]], settings: dict = MUJOCO_SETTINGS,
                horizon: float = HORIZON_S) -> dict:
    """Decide one scenario with MuJoCo; returns collapsed, wall_ms, cpu_ms, max_displacement_mm."""
    import mujoco
    t0, c0 = time.perf_counter(), time.process_time()
    dims, poses, masses = _start(spec, seed, removed)
    model = mujoco.MjModel.from_xml_string(tower_mjcf(spec, dims, poses, settings, masses))
    data = mujoco.MjData(model)
    mujoco.mj_step(model, data, nstep=int(round(horizon / model.opt.timestep)))
    qpos = data.qpos.reshape(-1, 7)
    after = np.column_stack([qpos[:, :3], qpos[:, 4:7], qpos[:, 3:4]])     # wxyz -> xyzw
    fallen = _fallen(spec, poses, after)
    return {"collapsed": bool(fallen.any()), "wall_ms": 1000 * (time.perf_counter() - t0),
            "cpu_ms": 1000 * (time.process_time() - c0),
            "max_displacement_mm": float(1000 * np.linalg.norm(after[:, :3] - poses[:, :3], axis=1).max())}


def main(argv=None) -> int:
    """Decide one scenario with the peers: a fresh tower less the blocks named, one JSON object a peer."""
    import argparse
    import json

    from assets.reader import AssetError
    from sim import SimError, load_spec
    from sim.arguments import Parser, seed_arg
    from sim.cli import UsageError, parse_address

    def block(text: str) -> tuple[int, int]:
        try:
            return parse_address(text)
        except UsageError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    p = Parser(description=__doc__.split("\n\n")[0],
               epilog="benchmarks/sim_bench.py runs the peers on the oracle's scenarios; this runs one scenario.")
    p.add_argument("--tower", default="classic", help="a tower (classic, dk, mario) or a spec file (default classic)")
    p.add_argument("--seed", type=seed_arg, default=0, help="tolerance seed (default 0)")
    p.add_argument("--remove", type=block, action="append", default=[], metavar="L:P",
                   help="a block taken out before the horizon, LEVEL:POS; repeat for more (default: none)")
    p.add_argument("--peer", choices=("naive", "mujoco", "both"), default="both",
                   help="which peer decides (default both; MuJoCo only when it is installed)")
    a = p.parse_args(argv)
    try:
        spec = load_spec(a.tower)
    except (SimError, AssetError) as exc:
        p.error(f"--tower: {exc}")
    for level, pos in a.remove:
        if not (0 <= level < spec.levels and 0 <= pos < spec.per_level):
            p.error(f"--remove {level}:{pos}: the {a.tower} tower has levels 0 to {spec.levels - 1} and "
                    f"positions 0 to {spec.per_level - 1}")
    if len(set(a.remove)) != len(a.remove):
        p.error("--remove: a block is given twice")
    if a.peer == "mujoco" and not mujoco_available():
        p.error("--peer mujoco: MuJoCo is not installed (pip install -e '.[bench]' adds it)")
    out = {}
    if a.peer in ("naive", "both"):
        out["naive_pybullet"] = naive_pybullet(spec, a.seed, a.remove)
    if a.peer in ("mujoco", "both") and mujoco_available():
        out["mujoco"] = mujoco_peer(spec, a.seed, a.remove)
    print(json.dumps({"tower": a.tower, "seed": a.seed, "removed": [f"{l}:{q}" for l, q in a.remove], **out}))
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main())
