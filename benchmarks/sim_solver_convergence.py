"""Does a push's verdict hold when the solver is given more iterations? Brisk map pushes low in the tower.

The glued load above a push's level is solved in `iterations_per_glued_level` x (glued levels) solver
iterations a step (at most `max_iterations`; sim/world.py). This runs the first `--pushes` pushes of the
risk map (sim.riskmap's own pushes, in its order) on every block of levels `--levels` of fresh towers,
once per setting, and prints how many fell at each setting and how many verdicts changed between
neighbouring settings: a converged solver gives the same falls at every setting past some point.

    python benchmarks/sim_solver_convergence.py [--seeds 0-2] [--levels 0-7] [--pushes 3]
        [--settings 3:150,5:150,9:300,18:300] [--workers 2] [--json]

A setting is PER_LEVEL:MAX[:HZ[:HEAVY[:BASE]]]: iterations per glued level, the most iterations a
step, and optionally the physics steps a second, the iterations of a world whose glued load is heavy
(physics.heavy_load_iterations) and of any other world (physics.solver_iterations); what is left out
is the tower's own. The project's physics is 2:150:720:20:10 since 4 Dec (5:150:480:40:20 before;
assets/towers/classic.json and sim/spec.py). Each setting's verdicts are also compared with the last setting's, push by push
(`differ_from_last`): put the most converged setting last.
"""

from __future__ import annotations

import json
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assets.reader import AssetError  # noqa: E402
from sim import SimError, Tower, load_spec  # noqa: E402
from sim.arguments import Parser, count_arg, seeds_arg, workers_arg  # noqa: E402
from sim.cli import UsageError, parse_seeds  # noqa: E402
from sim.riskmap import push_order, push_outcome, push_samples  # noqa: E402


def _settings(text: str, spec) -> list[tuple[int, int, int, int, int]]:
    """(per level, max, steps a second, heavy, base) for each setting; a part left out is the tower's own."""
    phy = spec.physics
    own = (phy.iterations_per_glued_level, phy.max_iterations, round(1.0 / phy.time_step_s),
           phy.heavy_load_iterations, phy.solver_iterations)
    out = []
    for part in text.split(","):
        fields = [int(f) for f in part.split(":")]
        if not 1 <= len(fields) <= 5 or min(fields) < 1:
            raise ValueError(part)
        out.append(tuple(fields) + own[len(fields):])
    return out


def _physics(spec, setting):
    per, top, hz, heavy, base = setting
    return spec.with_physics(iterations_per_glued_level=per, max_iterations=top, time_step_s=1.0 / hz,
                             heavy_load_iterations=heavy, solver_iterations=base)


def _run(job):
    variant, seed, state, level, pos, k, push, *setting = job
    spec = _physics(load_spec(variant), setting)
    t0 = time.process_time()
    v = push_outcome(spec, state, level, pos, push)
    return (seed, level, pos, k, *setting), bool(v.collapsed), time.process_time() - t0


def main(argv=None) -> int:
    p = Parser(description=__doc__.split("\n\n")[0])
    p.add_argument("--variant", default="classic", help="a tower (classic, dk, mario) or a spec file")
    p.add_argument("--seeds", default="0-2", type=seeds_arg(1000),
                   help="tolerance seeds: A-B, one seed or a comma list, each once (default 0-2)")
    p.add_argument("--levels", default="0-7")
    p.add_argument("--pushes", type=count_arg(1, 8), default=3, help="the first N pushes of each block's map (1 to 8)")
    p.add_argument("--settings", default="3:150,5:150,9:300,18:300")
    p.add_argument("--workers", type=workers_arg, default=2)
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    seeds = a.seeds
    try:
        spec = load_spec(a.variant)
    except (SimError, AssetError) as exc:
        p.error(f"--variant: {exc}")
    try:
        settings = _settings(a.settings, spec)
    except ValueError as e:
        p.error(f"bad --settings {a.settings!r}: write PER:MAX[:HZ[:HEAVY[:BASE]]],... with whole numbers of "
                f"at least 1 (e.g. 5:150,9:300 or 3:150:720:30:15) ({e})")
    try:
        levels = parse_seeds(a.levels)
    except UsageError:
        p.error(f"bad --levels {a.levels!r}: write A-B (e.g. 0-7) or one level")
    jobs = []
    for seed in seeds:
        tower = Tower(spec, seed)
        state = tower.get_state()
        for level, pos in tower.removable():
            if level in levels:
                for k, push in enumerate(push_order(push_samples(0, level, pos, 8, 0.1))[: a.pushes]):
                    jobs += [(a.variant, seed, state, level, pos, k, push, *s) for s in settings]
    with multiprocessing.get_context("fork").Pool(a.workers) as pool:
        results = pool.map(_run, jobs, chunksize=2)
    fell = {key: f for key, f, _ in results}
    cpu = {}
    for key, _, c in results:
        cpu[key[4:]] = cpu.get(key[4:], 0.0) + c
    pushes = sorted({key[:4] for key in fell})
    rows = []
    for i, s in enumerate(settings):
        row = {"iterations_per_glued_level": s[0], "max_iterations": s[1], "steps_per_s": s[2],
               "heavy_load_iterations": s[3], "solver_iterations": s[4], "pushes": len(pushes),
               "falls": sum(fell[q + s] for q in pushes), "cpu_s": round(cpu[s], 1),
               "differ_from_last": sum(fell[q + s] != fell[q + settings[-1]] for q in pushes)}
        if i:
            prev = settings[i - 1]
            row["stood_then_fell"] = sum(not fell[q + prev] and fell[q + s] for q in pushes)
            row["fell_then_stood"] = sum(fell[q + prev] and not fell[q + s] for q in pushes)
            row["changed"] = [list(q) for q in pushes if fell[q + prev] != fell[q + s]]
        rows.append(row)
    out = {"variant": a.variant, "seeds": seeds, "levels": levels, "pushes_per_block": a.pushes, "settings": rows}
    if a.json:
        print(json.dumps(out, indent=1))
    else:
        for r in rows:
            change = (f"; from the setting before: {r['stood_then_fell']} stood then fell, {r['fell_then_stood']} fell "
                      f"then stood" if "changed" in r else "")
            print(f"{r['steps_per_s']} steps a second, {r['iterations_per_glued_level']} per glued level (at most "
                  f"{r['max_iterations']}; heavy {r['heavy_load_iterations']}, base {r['solver_iterations']}): "
                  f"{r['falls']} of {r['pushes']} pushes fell, {r['cpu_s']} s CPU, {r['differ_from_last']} verdicts "
                  f"differ from the last setting's{change}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
