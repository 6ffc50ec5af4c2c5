"""The simulator benchmark: oracle accuracy, drift, decision latency, peers side by side, risk map, memory.

Run it as `python -m sim bench [--quick] [--json PATH] [--plot PATH]` (or `python benchmarks/sim_bench.py`).
Wall-clock figures depend on the machine's load; the JSON records the load average at the start and end.

- Oracle suite: removals whose outcome follows from statics (the load's centre of mass against the
  support region left in the level), the four classic cases at many heights and on several tolerance
  seeds: take the middle, one edge, or both edges (stands); take an edge and the middle (falls). The
  expected outcome is checked against sim.statics before the physics runs.
- Drift: an untouched 18-level tower, 10 simulated seconds, with the world cut as a decision cuts it
  (at several levels), and with every block a separate dynamic body (full).
- Latency: the wall time of every decision of the oracle suite.
- Peers: naive PyBullet and MuJoCo (benchmarks/sim_peers.py) on the same scenarios, same collapse rule.
- Risk map: every removable block of a fresh tower, 8 samples each, over the cores. Peak memory.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import sim_peers  # noqa: E402
from sim import Tower, load_spec, risk_map  # noqa: E402
from sim.arguments import picture_metadata  # noqa: E402
from sim.statics import margins  # noqa: E402


class Progress:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal: redirected to a log, its
    carriage returns filled the file with kilobytes of bars."""

    def __init__(self, total: int):
        self.total, self.done, self.t0 = total, 0, time.perf_counter()
        self.shown = sys.stderr.isatty()

    def step(self, label: str, n: int = 1) -> None:
        self.done += n
        if not self.shown:
            return
        width = 30
        filled = int(width * self.done / self.total)
        elapsed = time.perf_counter() - self.t0
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} {elapsed:5.0f}s {label:<32}")
        sys.stderr.flush()

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\n")


def oracle_scenarios(levels: list[int], seeds: list[int]) -> list[dict]:
    """The classic cases at each level; the edge taken alternates sides with the level's parity."""
    out = []
    for seed in seeds:
        for level in levels:
            edge, other = (0, 2) if level % 2 == 0 else (2, 0)
            for name, removed, falls in [
                ("middle", [(level, 1)], False),
                ("one edge", [(level, edge)], False),
                ("both edges", [(level, edge), (level, other)], False),
                ("edge and middle", [(level, edge), (level, 1)], True),
            ]:
                out.append({"seed": seed, "level": level, "case": name, "removed": removed, "falls": falls})
    return out


def static_expectation(spec, scenario: dict) -> bool:
    """What statics says: does the load's centre of mass leave the support region?"""
    tower = Tower(spec, scenario["seed"])
    present, xy, widths, masses = tower._statics_arrays()
    for level, pos in scenario["removed"][:-1]:
        present[level, pos] = False
    margin, _ = margins(present, xy, widths, masses, np.array([scenario["removed"][-1]]))
    return bool(margin[0] < 0)


def run_ours(spec, scenario: dict) -> dict:
    c0 = time.process_time()
    tower = Tower(spec, scenario["seed"])
    decisions, collapsed_at = [], None
    for i, (level, pos) in enumerate(scenario["removed"]):
        verdict = tower.remove(level, pos)
        decisions.append(verdict.wall_ms)
        if verdict.collapsed:
            collapsed_at = i
            break
    collapsed = collapsed_at is not None
    right = collapsed == scenario["falls"] and (not collapsed or collapsed_at == len(scenario["removed"]) - 1)
    return {"collapsed": collapsed, "right": right, "decisions_ms": decisions, "wall_ms": sum(decisions),
            "cpu_ms": 1000.0 * (time.process_time() - c0),
            "sim_s": verdict.sim_s, "max_displacement_mm": verdict.max_displacement_mm}


def grown_oracle_sample(spec, seeds: list[int], limit: int) -> list[dict]:
    """Removal-only scenarios of the grown oracle (benchmarks/sim_oracle.py: cross runs, mixes, single
    edges), `limit` of them spread evenly over the list: the peers cannot stack, so the stacking
    families are left to ours alone. Each one's statics label is that of its last removal."""
    import sim_oracle
    pool = [s for s in sim_oracle.scenarios(spec, seeds, ["cross", "mixed", "single edge"])
            if all(op[0] == "remove" for op in s["ops"])]
    if limit <= 0 or not pool:
        return []
    step = max(1, len(pool) // limit)
    return pool[::step][:limit]


def peers_on_grown_oracle(spec, sample: list[dict], have_mujoco: bool, progress=None, rounds: int = 1) -> dict:
    """Ours (every removal in turn, sim_oracle.run_scenario) and both peers (the final set of removals
    at once, one fixed horizon) on the sample: accuracy against statics and time per scenario.

    Each scenario is timed `rounds` times, the three engines one after another each round, and its time
    is the median of its rounds: one pass gave ratios from 9.2x to 10.4x on the same code (a scenario's
    time moves by a tenth with what ran just before it). The verdicts do not change from round to round
    (a round that disagrees with the first stops the benchmark); the ratio of each round is reported too."""
    import sim_oracle
    engines = ["ours", "naive"] + (["mujoco"] if have_mujoco else [])
    times = {e: [[] for _ in sample] for e in engines}          # per scenario: (wall_ms, cpu_ms) per round
    right: dict = {e: [None] * len(sample) for e in engines}

    def record(engine: str, i: int, ok: bool, wall_ms: float, cpu_ms: float) -> None:
        if right[engine][i] is None:
            right[engine][i] = ok
        elif right[engine][i] != ok:
            raise SystemExit(f"{engine} gave another verdict on {sample[i]['name']} in a later round")
        times[engine][i].append((wall_ms, cpu_ms))

    for _ in range(rounds):
        for i, s in enumerate(sample):
            removed = [(op[1], op[2]) for op in s["ops"]]
            falls = s["falls_at"] is not None
            t0, c0 = time.perf_counter(), time.process_time()
            r = sim_oracle.run_scenario(spec, s, "remove")
            record("ours", i, r["right"], 1000.0 * (time.perf_counter() - t0), 1000.0 * (time.process_time() - c0))
            n = sim_peers.naive_pybullet(spec, s["seed"], removed)
            record("naive", i, n["collapsed"] == falls, n["wall_ms"], n["cpu_ms"])
            if have_mujoco:
                m = sim_peers.mujoco_peer(spec, s["seed"], removed)
                record("mujoco", i, m["collapsed"] == falls, m["wall_ms"], m["cpu_ms"])
            if progress:
                progress.step(f"grown oracle {s['name']}")
    summary = {"scenarios": len(sample), "rounds": rounds, "names": [f"seed {s['seed']} {s['name']}" for s in sample]}
    keys = {"ours": "ours", "naive": "naive_pybullet", "mujoco": "mujoco"}
    for engine in engines:
        key = keys[engine]
        if not sample:
            continue
        summary[f"{key}_accuracy"] = float(np.mean(right[engine]))
        summary[f"{key}_ms_median"] = float(np.median([np.median([w for w, _ in t]) for t in times[engine]]))
        summary[f"{key}_cpu_ms_median"] = float(np.median([np.median([c for _, c in t]) for t in times[engine]]))
        summary[f"{key}_cpu_ms_median_rounds"] = [float(np.median([t[k][1] for t in times[engine]])) for k in range(rounds)]
    for key in ("naive_pybullet", "mujoco"):
        if f"{key}_ms_median" in summary and summary.get("ours_ms_median"):
            summary[f"{key}_speedup"] = summary[f"{key}_ms_median"] / summary["ours_ms_median"]
            summary[f"{key}_cpu_speedup"] = summary[f"{key}_cpu_ms_median"] / summary["ours_cpu_ms_median"]
            summary[f"{key}_cpu_speedup_rounds"] = [a / b for a, b in zip(summary[f"{key}_cpu_ms_median_rounds"],
                                                                         summary["ours_cpu_ms_median_rounds"])]
    return summary


def drift(spec, seconds: float, focus_levels: list[int], full: bool) -> dict:
    out = {}
    for level in focus_levels:
        tower = Tower(spec, 0)
        tower.focus = level
        verdict = tower.settle(seconds)
        out[f"cut_at_{level}"] = verdict.max_displacement_mm
    if full:
        tower = Tower(spec, 0)
        t0 = time.perf_counter()
        verdict = tower.settle(seconds, full=True)
        out["full"] = verdict.max_displacement_mm
        out["full_wall_s"] = time.perf_counter() - t0
    return out


def peak_mem_mb() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, children) / 1024.0


def run(quick: bool = False, json_path: str | None = None, plot_path: str | None = None) -> int:
    spec = load_spec("classic")
    load_start = os.getloadavg()
    t_start = time.perf_counter()
    if quick:
        levels, seeds = [2, 8, 14], [0, 1]
        peer_filter = lambda s: s["seed"] == 0 and s["level"] == 8           # noqa: E731
        drift_s, drift_levels, drift_full = 10.0, [1, 8], False
        risk_levels, risk_samples = 8, 8
        grown_seeds, grown_limit, grown_rounds = [0], 2, 1
    else:
        levels, seeds = [1, 3, 5, 8, 11, 14, 16], [0, 1, 2]
        peer_filter = lambda s: s["seed"] == 0                               # noqa: E731
        drift_s, drift_levels, drift_full = 10.0, [1, 5, 8, 12, 16], True
        risk_levels, risk_samples = spec.levels, 8
        grown_seeds, grown_limit, grown_rounds = [0, 1, 2, 3], 12, 3
    grown = grown_oracle_sample(spec, grown_seeds, grown_limit)
    scenarios = oracle_scenarios(levels, seeds)
    peer_scenarios = [s for s in scenarios if peer_filter(s)]
    have_mujoco = sim_peers.mujoco_available()
    progress = Progress(len(scenarios) + len(peer_scenarios) * (2 if have_mujoco else 1) + 2 + len(grown) * grown_rounds)

    for s in scenarios:
        s["static_falls"] = static_expectation(spec, s)
        if s["static_falls"] != s["falls"]:
            raise SystemExit(f"oracle scenario {s} disagrees with statics; fix the suite")
    ours = []
    for s in scenarios:
        ours.append(run_ours(spec, s))
        progress.step(f"ours L{s['level']} {s['case']}")
    decisions = np.array([d for r in ours for d in r["decisions_ms"]])
    naive, mj = [], []
    for s in peer_scenarios:
        naive.append(sim_peers.naive_pybullet(spec, s["seed"], s["removed"]))
        progress.step(f"naive L{s['level']} {s['case']}")
        if have_mujoco:
            mj.append(sim_peers.mujoco_peer(spec, s["seed"], s["removed"]))
            progress.step(f"mujoco L{s['level']} {s['case']}")
    grown_result = peers_on_grown_oracle(spec, grown, have_mujoco, progress, grown_rounds)
    d = drift(spec, drift_s, drift_levels, drift_full)
    progress.step("drift")

    risk_spec = spec if risk_levels == spec.levels else _shorter(spec, risk_levels)
    t0 = time.perf_counter()
    rows = risk_map(risk_spec, Tower(risk_spec, 0), samples=risk_samples, seed=0, workers=os.cpu_count())
    riskmap_s = time.perf_counter() - t0
    progress.step("risk map")
    progress.close()

    ours_peer = [r for r, s in zip(ours, scenarios) if peer_filter(s)]
    ours_ms = float(np.median([r["wall_ms"] for r in ours_peer]))
    ours_cpu = float(np.median([r["cpu_ms"] for r in ours_peer]))
    cpu_of = lambda rs: float(np.median([r["cpu_ms"] for r in rs]))  # noqa: E731
    acc = lambda rs, ss: float(np.mean([r["collapsed"] == s["falls"] for r, s in zip(rs, ss)]))  # noqa: E731
    result = {
        "quick": quick,
        "load_average_start": [round(x, 2) for x in load_start],
        "load_average_end": [round(x, 2) for x in os.getloadavg()],
        "cores": os.cpu_count(),
        "oracle_scenarios": len(scenarios),
        "oracle_seeds": seeds,
        "oracle_levels": levels,
        "oracle_accuracy": float(np.mean([r["right"] for r in ours])),
        "oracle_wrong": [f"seed {s['seed']} level {s['level']} {s['case']}" for r, s in zip(ours, scenarios) if not r["right"]],
        "drift_mm": max(v for k, v in d.items() if k.startswith("cut_at")),
        "drift_detail_mm": {k: round(v, 4) for k, v in d.items()},
        "drift_seconds": drift_s,
        "decisions": int(len(decisions)),
        "decision_ms_median": float(np.median(decisions)),
        "decision_ms_p95": float(np.percentile(decisions, 95)),
        "decision_ms_max": float(decisions.max()),
        "peer_scenarios": len(peer_scenarios),
        "peer_horizon_s": sim_peers.HORIZON_S,
        "ours_scenario_ms_median": ours_ms,
        "ours_scenario_cpu_ms_median": ours_cpu,
        "ours_accuracy_on_peer_scenarios": acc(ours_peer, peer_scenarios),
        "naive_pybullet_settings": {k: (round(v, 6) if isinstance(v, float) else v) for k, v in sim_peers.NAIVE_SETTINGS.items()},
        "naive_pybullet_accuracy": acc(naive, peer_scenarios),
        "naive_pybullet_wrong": [f"seed {s['seed']} level {s['level']} {s['case']}" for r, s in zip(naive, peer_scenarios)
                                 if r["collapsed"] != s["falls"]],
        "naive_pybullet_ms_median": float(np.median([r["wall_ms"] for r in naive])),
        "naive_pybullet_speedup": float(np.median([r["wall_ms"] for r in naive]) / ours_ms),
        "naive_pybullet_cpu_ms_median": cpu_of(naive),
        "naive_pybullet_cpu_speedup": cpu_of(naive) / ours_cpu,
        "mujoco_settings": sim_peers.MUJOCO_SETTINGS if have_mujoco else None,
        "mujoco_accuracy": acc(mj, peer_scenarios) if have_mujoco else None,
        "mujoco_wrong": [f"seed {s['seed']} level {s['level']} {s['case']}" for r, s in zip(mj, peer_scenarios)
                         if r["collapsed"] != s["falls"]],
        "mujoco_ms_median": float(np.median([r["wall_ms"] for r in mj])) if have_mujoco else None,
        "mujoco_speedup": float(np.median([r["wall_ms"] for r in mj]) / ours_ms) if have_mujoco else None,
        "mujoco_cpu_ms_median": cpu_of(mj) if have_mujoco else None,
        "mujoco_cpu_speedup": cpu_of(mj) / ours_cpu if have_mujoco else None,
        "mujoco_time_constant_s": sim_peers.mujoco_time_constant(sim_peers.MUJOCO_SETTINGS) if have_mujoco else None,
        "grown_oracle_peers": grown_result,
        "riskmap_levels": risk_levels,
        "riskmap_blocks": len(rows),
        "riskmap_samples": risk_samples,
        "riskmap_sims_run": int(sum(r["samples_run"] for r in rows)),
        "riskmap_s": riskmap_s,
        "peak_mem_mb": peak_mem_mb(),
        "total_s": time.perf_counter() - t_start,
    }
    if not have_mujoco:
        result["mujoco_note"] = "MuJoCo is not installed: pip install -e '.[bench]' (or make bench) adds it"
    _report(result)
    if json_path:
        target = Path(json_path)
        target.parent.mkdir(parents=True, exist_ok=True)
        part = target.with_name(target.name + ".part")  # written whole, then put in place: never half a file
        part.write_text(json.dumps(result, indent=2) + "\n")
        part.replace(target)
    if plot_path:
        _plot(plot_path, decisions, ours_peer, naive, mj)
    return 0


def _shorter(spec, levels: int):
    from dataclasses import replace
    return replace(spec, levels=levels)


def _report(r: dict) -> None:
    print(f"oracle accuracy      {r['oracle_accuracy'] * 100:.0f}% of {r['oracle_scenarios']} scenarios "
          f"(seeds {r['oracle_seeds']}, levels {r['oracle_levels']})")
    detail = ", ".join(f"{k.replace('_', ' ')}: {v:.3f} mm" for k, v in r["drift_detail_mm"].items())
    print(f"drift (10 s)         {r['drift_mm']:.3f} mm worst over cut levels ({detail})")
    print(f"decision latency     median {r['decision_ms_median']:.0f} ms, p95 {r['decision_ms_p95']:.0f} ms "
          f"over {r['decisions']} decisions")
    # The wall times and accuracies of the three on one line each, then their CPU: the MuJoCo line stood under
    # "CPU per scenario", indented as one of its figures, though it was a wall time (an audit).
    print(f"peers ({r['peer_scenarios']} scenarios, {r['peer_horizon_s']} s horizon), wall time a scenario:")
    print(f"  ours               {r['ours_scenario_ms_median']:.0f} ms ({r['ours_accuracy_on_peer_scenarios'] * 100:.0f}% right)")
    print(f"  naive PyBullet     {r['naive_pybullet_ms_median']:.0f} ms ({r['naive_pybullet_accuracy'] * 100:.0f}% right, "
          f"{r['naive_pybullet_speedup']:.1f}x slower)")
    if r["mujoco_speedup"] is not None:
        print(f"  MuJoCo             {r['mujoco_ms_median']:.0f} ms ({r['mujoco_accuracy'] * 100:.0f}% right, "
              f"{r['mujoco_speedup']:.1f}x slower)")
    else:
        print(f"  MuJoCo             {r['mujoco_note']}")
    print(f"  CPU a scenario     ours {r['ours_scenario_cpu_ms_median']:.0f} ms, naive PyBullet "
          f"{r['naive_pybullet_cpu_ms_median']:.0f} ms ({r['naive_pybullet_cpu_speedup']:.1f}x)"
          + (f", MuJoCo {r['mujoco_cpu_ms_median']:.0f} ms ({r['mujoco_cpu_speedup']:.1f}x)" if r["mujoco_cpu_speedup"] else ""))
    g = r.get("grown_oracle_peers") or {}
    if g.get("scenarios"):
        line = (f"grown oracle peers   {g['scenarios']} removal scenarios, {g.get('rounds', 1)} rounds: "
                f"ours {g['ours_accuracy'] * 100:.0f}% in {g['ours_ms_median']:.0f} ms")
        line += (f", naive PyBullet {g['naive_pybullet_accuracy'] * 100:.0f}% ({g['naive_pybullet_speedup']:.1f}x slower; "
                 f"CPU {g['naive_pybullet_cpu_speedup']:.1f}x)")
        if "mujoco_accuracy" in g:
            line += f", MuJoCo {g['mujoco_accuracy'] * 100:.0f}% ({g['mujoco_speedup']:.1f}x slower; CPU {g['mujoco_cpu_speedup']:.1f}x)"
        print(line)
        if g.get("rounds", 1) > 1:
            print("                     CPU ratio of each round: plain PyBullet "
                  + ", ".join(f"{x:.1f}x" for x in g["naive_pybullet_cpu_speedup_rounds"])
                  + ("; MuJoCo " + ", ".join(f"{x:.1f}x" for x in g["mujoco_cpu_speedup_rounds"])
                     if "mujoco_cpu_speedup_rounds" in g else ""))
    print(f"risk map             {r['riskmap_blocks']} blocks x {r['riskmap_samples']} samples "
          f"({r['riskmap_sims_run']} extractions run) in {r['riskmap_s']:.1f} s on {r['cores']} cores")
    print(f"peak memory          {r['peak_mem_mb']:.0f} MB; load average {r['load_average_start']} -> {r['load_average_end']}")


def _plot(path: str, decisions, ours, naive, mj) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4))
    a.hist(decisions, bins=30, color="#4a7")
    a.axvline(np.median(decisions), color="k", linestyle="--", label=f"median {np.median(decisions):.0f} ms")
    a.axvline(np.percentile(decisions, 95), color="r", linestyle=":", label=f"p95 {np.percentile(decisions, 95):.0f} ms")
    a.set_xlabel("one decision, wall ms")
    a.set_ylabel("decisions")
    a.set_title("sim: decision latency (oracle suite)")
    a.legend()
    names, times = ["sim (ours)", "naive PyBullet"], [[r["wall_ms"] for r in ours], [r["wall_ms"] for r in naive]]
    if mj:
        names.append("MuJoCo")
        times.append([r["wall_ms"] for r in mj])
    b.boxplot(times, tick_labels=names)
    b.set_yscale("log")
    b.set_ylabel("wall ms per scenario (log)")
    b.set_title("same scenarios, side by side")
    fig.tight_layout()
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100, metadata=picture_metadata(path))  # marked ours: a later --plot may replace it


if __name__ == "__main__":
    # the checks python -m sim bench makes, before any work: one line and exit code 2 for a bad one
    from sim.arguments import Parser, output_file, picture_file
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smaller run, about 25 s on 2 cores")
    parser.add_argument("--json", default=None, type=output_file,
                        help="write the results as JSON here (its folder must exist)")
    parser.add_argument("--plot", default=None, type=picture_file, help="write a picture here (.png, .svg or .pdf)")
    a = parser.parse_args()
    sys.exit(run(a.quick, a.json, a.plot))
