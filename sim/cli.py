"""The `python -m sim` command line: check, riskmap, census, sweep, bench. Bad input: one line on stderr, exit code 2."""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

from assets.reader import AssetError

from . import arguments
from .spec import TOWERS, SimError, load_spec
from .tower import Tower

ADDRESS = re.compile(r"^\s*(\d{1,6})\s*:\s*(\d{1,6})\s*$")
MAX_SEED = 2**63 - 1
MAX_WORKERS = 256


class UsageError(Exception):
    pass


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, with what a command had done by then."""


class _Parser(argparse.ArgumentParser):
    """Options only as written in full: with argparse's abbreviations `census --seed -4` was read as
    --seeds and refused with words about --seeds (an audit)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message):
        raise UsageError(message)


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 24 else f"{text[:20]!r}... ({len(text)} characters)"


def parse_address(text: str) -> tuple[int, int]:
    match = ADDRESS.match(text) if text.isascii() else None
    if not match:
        raise UsageError(f"bad block address {_shown(text)}: write LEVEL:POS, e.g. 8:1 "
                         "(level 0 at the bottom, pos 0..2)")
    return int(match.group(1)), int(match.group(2))


def whole(lo: int, hi: int):
    """An argparse type: a whole number from lo to hi, refused in one line otherwise."""
    def parse(text: str) -> int:
        body = text.strip()
        digits = body[1:] if body[:1] in ("-", "+") else body
        if not digits or not (digits.isascii() and digits.isdigit()):
            raise argparse.ArgumentTypeError(f"expected a whole number, not {_shown(text)}")
        if len(digits) > len(str(hi)) or not lo <= int(body) <= hi:
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi}, not {_shown(text)}")
        return int(body)
    return parse


SWEEP_SAMPLES = 8
"""A sweep's risk maps' pushes per block unless --samples says."""


def _tower_levels() -> str:
    """Each tower's own height, for --levels' help and refusals: 'classic 18, ...'."""
    return ", ".join(f"{t} {load_spec(t).levels}" for t in TOWERS)


def levels_arg(text: str) -> int:
    """An argparse type: --levels, a whole number; its range is the tower's own, checked with the tower
    (_tower). '--levels 0' said 'from 3 to 10000' and '--levels 100' 'between 3 and 18 for classic': two
    ranges for one flag (a research audit)."""
    body = text.strip()
    digits = body[1:] if body[:1] in ("-", "+") else body
    if not digits or not (digits.isascii() and digits.isdigit()) or len(digits) > 6:
        raise argparse.ArgumentTypeError(f"expected a whole number of levels, from 3 up to the tower's own "
                                         f"({_tower_levels()}), not {_shown(text)}")
    return int(body)


def push_speed(text: str) -> float:
    """An argparse type: the risk map's nominal push speed in m/s (sim.riskmap.MAX_NOMINAL_SPEED_M_S at
    most: its perturbed pushes go faster)."""
    from .arguments import MIN_SPEED_M_S
    from .riskmap import MAX_NOMINAL_SPEED_M_S as hi
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a speed in m/s, e.g. 0.1, not {_shown(text)}") from None
    if not MIN_SPEED_M_S <= value <= hi:     # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"expected a speed from {MIN_SPEED_M_S:g} to {hi:g} m/s, not {_shown(text)}")
    return value


def writable_path(text: str) -> str:
    """An argparse type: an output file (bench --json, sweep --out), checked before a minute of work by
    sim.arguments.file_problem, the check --plot makes: its folder must exist, and it must open for writing."""
    problem = arguments.file_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def bench_json_path(text: str) -> str:
    """An argparse type: bench --json's file (writable_path), which may replace an earlier benchmark's
    result but no other file: a mistyped `--json README.md` would otherwise be overwritten after the run."""
    text = writable_path(text)
    path = Path(text)
    if path.exists() and path.stat().st_size:
        try:
            earlier = json.loads(path.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError, OSError):
            earlier = None
        if not (isinstance(earlier, dict) and "oracle_accuracy" in earlier and "total_s" in earlier):
            raise argparse.ArgumentTypeError(f"{arguments.path_shown(text)} exists and is not an earlier result of python -m sim "
                                             "bench; name a new file (it is left as it is)")
    return text


def picture_path(text: str) -> str:
    """An argparse type: --plot's picture file (sim.arguments.picture_problem, as python -m games has it)."""
    problem = arguments.picture_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def _tower(args) -> Tower:
    spec = load_spec(args.tower)
    if args.levels is not None and not 3 <= args.levels <= spec.levels:
        raise UsageError(f"--levels must be between 3 and {spec.levels} for {args.tower}, got {args.levels}")
    if args.levels is not None and args.levels != spec.levels:
        from dataclasses import replace
        spec = replace(spec, levels=args.levels)
    return Tower(spec, seed=args.seed)


def cmd_check(args) -> int:
    removals = [parse_address(a) for a in args.remove]
    tower = _tower(args)
    # Every block must be one the tower has, checked before any physics: a bad one after a collapse was
    # never reached, and the command exited 0 (whether a block is still there is the run's own check).
    for level, pos in removals:
        tower.block_id(level, pos)       # BlockError, in the tower's own words, for a block it does not have
    total_sim, total_wall, collapsed_at, last = 0.0, 0.0, None, None
    max_disp, max_tilt = 0.0, 0.0
    for i, (level, pos) in enumerate(removals):
        if args.mode == "remove":
            verdict = tower.remove(level, pos, follow_s=args.follow)
        else:
            verdict = tower.extract(level, pos, follow_s=args.follow)
        last = verdict
        total_sim += verdict.sim_s
        total_wall += verdict.wall_ms
        max_disp = max(max_disp, verdict.max_displacement_mm)
        max_tilt = max(max_tilt, verdict.max_tilt_deg)
        if verdict.collapsed:
            collapsed_at = i
            break
    # levels, the last run's outcome and the blocks on the floor as well (a simulator audit: a 10-level run
    # read like an 18-level one, and what the Verdict says of how the run ended was left out)
    result = {
        "tower": args.tower, "seed": args.seed, "levels": tower.spec.levels, "mode": args.mode,
        "removals": [f"{l}:{p}" for l, p in removals],
        "collapsed": collapsed_at is not None, "collapsed_at": collapsed_at,
        "outcome": last.outcome if last else None,
        "fallen": [f"{l}:{p}" for l, p in (last.fallen if last else [])],
        "on_floor": [f"{l}:{p}" for l, p in (last.on_floor if last else [])],
        "max_displacement_mm": round(max_disp, 4), "max_tilt_deg": round(max_tilt, 4),
        "sim_s": round(total_sim, 6), "wall_ms": round(total_wall, 3),
    }
    if args.json:
        print(json.dumps(result))
    else:
        # People count removals from 1 (collapsed_at, in --json, is the index into removals). The figures
        # are the blocks' left standing (Verdict.max_displacement_mm): the fallen ones are named instead.
        moved = f"moved at most {max_disp:.2f} mm and tilted at most {max_tilt:.2f} deg"
        if collapsed_at is None:
            state = f"stands; its blocks {moved}"
        else:
            level, pos = removals[collapsed_at]
            if args.follow:
                state = (f"FELL at removal {collapsed_at + 1} of {len(removals)} ({level}:{pos}); after following "
                         f"the fall for {args.follow:g} s, fallen: {', '.join(result['fallen'])}; the other blocks "
                         f"{moved}")
            else:
                state = (f"FELL at removal {collapsed_at + 1} of {len(removals)} ({level}:{pos}); fallen: "
                         f"{', '.join(result['fallen'])} (past the fall limit when the fall was called; the run "
                         f"stops there: --follow S goes on with the fall); the other blocks {moved}, some perhaps "
                         f"still coming down")
        print(f"{args.tower} tower (seed {args.seed}): {state}; {total_sim:.2f} s simulated in {total_wall:.0f} ms")
    return 0


def cmd_riskmap(args) -> int:
    from .riskmap import risk_map
    removed = [parse_address(a) for a in args.removed]
    if args.samples < 1:
        raise UsageError(f"--samples must be at least 1, got {args.samples}")
    tower = _tower(args)
    for level, pos in removed:
        verdict = tower.remove(level, pos)
        if verdict.collapsed:
            raise SimError(f"the tower falls when {level}:{pos} is removed; no risk map for a fallen tower")
    blocks = [parse_address(a) for a in args.block] or None
    for k, (level, pos) in enumerate(blocks or ()):
        tower.block_id(level, pos)          # a block that does not exist or is gone: its own message
        if (level, pos) in blocks[:k]:      # mapped once, while "asked" listed it twice (a research audit)
            raise UsageError(f"bad --block: {level}:{pos} is given twice (each block is mapped once)")
    # Any block the tower has is mapped, as risk_map maps it: how likely a push is to topple the tower is
    # a question of physics. Whether the rules let a player take the block (not from the top complete
    # level or above it) is the game's business, so the row only says so (in_play).
    in_play = set(tower.removable())
    rows = risk_map(tower.spec, tower, samples=args.samples, seed=args.seed, workers=args.workers,
                    speed=args.speed, blocks=blocks, prune=not args.every_push, progress=_counter("blocks"))
    _counted()
    rows = [dict(row, in_play=(row["level"], row["pos"]) in in_play) for row in rows]
    if args.json:
        # One object, as check --json gives: the tower and the pushes that made the rows, then the rows.
        print(json.dumps({"tower": args.tower, "seed": args.seed, "levels": tower.spec.levels,
                          "removed": [f"{level}:{pos}" for level, pos in removed], "samples": args.samples,
                          "speed_m_s": args.speed, "every_push": args.every_push,
                          "asked": None if blocks is None else [f"{level}:{pos}" for level, pos in blocks],
                          "blocks": rows}))
    else:
        # the force a push took while the tower held the block (give_force_n: read as a touch is read)
        print(f"{'block':>6}  {'p_collapse':>10}  {'took N':>7}  {'standing moved mm':>17}  {'samples':>7}")
        for row in rows:
            print(f"{row['level']:>3}:{row['pos']:<2}  {row['p_collapse']:>10.2f}  {row['give_force_n']:>7.3f}  "
                  f"{row['displacement_mm']:>17.2f}  {row['samples_run']:>7}"
                  + ("" if row["in_play"] else "  out of play by the rules"))
    return 0


def _counter(what: str):
    """A progress callback that counts "k/n WHAT, S s" on stderr when it is a terminal (a simulator audit: a
    census of many seeds ran for minutes without a word); None otherwise, so a pipe or a file gets nothing."""
    if not sys.stderr.isatty():
        return None
    start = time.perf_counter()

    def progress(done: int, total: int) -> None:
        sys.stderr.write(f"\r{done}/{total} {what}, {time.perf_counter() - start:.0f} s ")
        sys.stderr.flush()

    return progress


def _counted() -> None:
    """End the counter's line (on a terminal), so the output starts on a line of its own."""
    if sys.stderr.isatty():
        sys.stderr.write("\r\033[K")
        sys.stderr.flush()


CENSUS_SEEDS = 1000
"""The most towers one census touches (a sweep takes more, one JSON line each)."""


def _tower_word(text: str) -> str:
    """--tower in any case and with stray spaces: 'Classic' and ' DK' name the towers classic and dk. A word
    that names no tower is left as typed, for the refusal to quote."""
    word = text.strip().lower()
    return word if word in TOWERS else text


def parse_seeds(text: str, most: int = CENSUS_SEEDS) -> list[int]:
    """census --seeds, read as sweep --seeds is (sim.sweep.parse_seeds: A-B, one seed or a comma list, no
    seed twice), at most `most` of them; a bad one raises UsageError (benchmarks/ catch it too)."""
    from .sweep import SweepError
    from .sweep import parse_seeds as seeds_of

    try:
        return seeds_of(text, most)
    except SweepError as exc:
        raise UsageError(str(exc)) from None


def cmd_census(args) -> int:
    from .census import census, format_table
    seeds = parse_seeds(args.seeds)
    summary, rows = census(load_spec(args.tower), seeds, workers=args.workers or 2, progress=_counter("towers"))
    _counted()
    if args.json:
        print(json.dumps({**summary, "rows": rows}))
    else:
        print(format_table(summary))
    return 0


def cmd_bench(args) -> int:
    import os
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "benchmarks"))
    try:
        import sim_bench
    except ImportError as exc:
        raise SimError(f"the benchmark needs benchmarks/sim_bench.py from the source checkout ({exc})") from None
    try:
        return sim_bench.run(quick=args.quick, json_path=args.json, plot_path=args.plot)
    except OSError as exc:
        raise SimError(f"the results could not be written: {exc}") from None


def cmd_sweep(args) -> int:
    from . import sweep
    from .executor import ExecutorError

    if args.samples is not None and args.task != "riskmap":
        # it was taken and ignored (a research audit)
        raise UsageError(f"--samples sets the risk map's pushes per block; --task {args.task} touches every block "
                         f"once, so leave --samples out")
    if args.samples is None:
        args.samples = SWEEP_SAMPLES
    if args.samples < 1:
        raise UsageError(f"--samples must be at least 1, got {args.samples}")
    if args.workers is not None and args.workers < 1:
        raise UsageError(f"--workers must be at least 1, got {args.workers}")
    if args.address is not None and args.executor != "ray":
        raise UsageError(f"--address names a Ray cluster, so it needs --executor ray "
                         f"(got --executor {args.executor})")
    if args.workers is not None and args.executor == "serial":
        raise UsageError("--workers sets the processes of --executor process or the CPUs of --executor ray; "
                         "--executor serial runs every tower in this one process")
    towers = args.tower or ["classic"]
    written = [0]
    try:
        jobs = sweep.grid(args.task, towers, sweep.parse_seeds(args.seeds),
                          [sweep.parse_setting(t) for t in args.set], args.samples)
        start = time.perf_counter()

        def progress(done: int, total: int) -> None:
            written[0] = done
            if sys.stderr.isatty():
                sys.stderr.write(f"\r{done}/{total} towers, {time.perf_counter() - start:.0f} s ")
                sys.stderr.flush()

        counts = sweep.sweep(jobs, args.out, executor=args.executor, workers=args.workers,
                             address=args.address, progress=progress)
    except ExecutorError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot write {args.out}: {exc.strerror or exc}") from None
    except KeyboardInterrupt:
        raise Interrupted(f"interrupted: {written[0]} tower{'' if written[0] == 1 else 's'} written to {args.out} this run; run the same "
                          "command again to go on") from None
    if sys.stderr.isatty():
        sys.stderr.write("\n")
    print(sweep.summary(counts))
    return 0


COMMAND_NAMES = ("check", "riskmap", "census", "bench", "sweep")
"""The commands of `python -m sim` (build_parser's, in its order): an error names the one it is about."""


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m sim", description="The PyBullet Jenga tower: collapse checks, risk maps, touch censuses, "
                                                             "sweeps over many towers, benchmark.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def tower_args(p, seed_help="tolerance seed (default 0)"):
        # --variant is the flag's older name, still accepted (a tower is not a rule variant).
        p.add_argument("--tower", "--variant", dest="tower", type=_tower_word, choices=TOWERS, default="classic",
                       help="which game's tower (default classic)")
        p.add_argument("--levels", type=levels_arg, default=None,
                       help="build only this many levels, from 3 up to the tower's own (default: the tower's own: "
                            f"{_tower_levels()})")
        p.add_argument("--seed", type=whole(0, MAX_SEED), default=0, help=seed_help)
        p.add_argument("--json", action="store_true", help="print one JSON object instead of text")

    check = sub.add_parser("check", help="apply removals in order; stop at the first collapse",
                           description="Apply removals in order and stop at the first collapse. With --json, "
                                       "one object: tower, seed, levels, mode, removals, collapsed, collapsed_at "
                                       "(the index into removals, from 0; null if the tower stands), outcome (how "
                                       "the last run ended: fallen, at rest, rocking or time), fallen and on_floor "
                                       "(blocks as L:P; on_floor only after --follow), max_displacement_mm and "
                                       "max_tilt_deg (of the blocks left standing), sim_s (simulated seconds) and "
                                       "wall_ms.")
    tower_args(check)
    check.add_argument("--mode", choices=("remove", "extract"), default="remove",
                       help="remove: delete the block at once; extract: push it out from its + end at 0.02 m/s "
                            "with a steady hand, the careful pull of Tower.extract's defaults (default remove)")
    check.add_argument("--remove", action="append", required=True, metavar="L:P",
                       help="a block to take, LEVEL:POS (level 0 at the bottom, pos 0..2); repeat for more")
    check.add_argument("--follow", type=arguments.real_arg(0.0, arguments.MAX_FOLLOW_S, " s"), default=0.0,
                       metavar="S", help="after a fall is called, go on simulating it for S seconds, so that "
                                         "'fallen' lists every block that came down (default 0: stop at the call)")
    check.set_defaults(run=cmd_check)

    from .riskmap import FASTEST, MAX_NOMINAL_SPEED_M_S
    risk = sub.add_parser("riskmap", help="collapse probability of extracting each removable block",
                          description="Monte Carlo risk map over perturbed pushes, spread over worker processes. "
                                      "Each row: p_collapse, the chance that a push topples the tower; took "
                                      "N, the force the block took while the tower held it; standing moved mm, "
                                      "the mean over the pushes of the farthest any block left standing moved "
                                      "(how near they came to a fall; the fallen blocks are not counted, and in a "
                                      "push that toppled the tower the blocks still coming down when the fall "
                                      "was called count as standing); samples, the pushes run. A block whose "
                                      "first four pushes all toppled the tower is not pushed more and reads 0.90, "
                                      "the test's estimate after four falls in four (not nine falls in ten); with "
                                      "--every-push, or --samples 4 or fewer, every figure is the share that fell. "
                                      "--json prints one object: tower, seed, levels, removed, samples, speed_m_s, "
                                      "every_push, asked (the --block list, null for every block), and blocks, a list of rows (level, pos, p_collapse, give_force_n, "
                                      "push_force_n, displacement_mm, samples_run and in_play; "
                                      "sim.risk_map's rows with in_play added).")
    tower_args(risk, seed_help="the tower's tolerance seed, and the seed of the pushes' perturbations (default 0)")
    risk.add_argument("--samples", type=whole(1, 1000), default=8, help="perturbed pushes per block (default 8)")
    risk.add_argument("--removed", action="append", default=[], metavar="L:P", help="blocks already taken out")
    risk.add_argument("--block", action="append", default=[], metavar="L:P",
                      help="map only this block; repeat for more (default: every removable block). Any block "
                           "the tower has is mapped; one the rules leave out of play (on the top complete "
                           "level or above it) is marked so (in_play false in --json)")
    risk.add_argument("--speed", type=push_speed, default=0.1,
                      help=f"the nominal push speed, from {arguments.MIN_SPEED_M_S:g} to "
                           f"{MAX_NOMINAL_SPEED_M_S:g} m/s (default 0.1, a brisk push; perturbed pushes vary it by "
                           f"-20%% to +{(FASTEST - 1) * 100:.0f}%%, up to the {arguments.MAX_SPEED_M_S:g} m/s a push "
                           "may go)")
    risk.add_argument("--every-push", action="store_true",
                      help="run all --samples pushes of every block (default: stop a block's pushes once they "
                           "settle its figure, docs/sim.md)")
    risk.add_argument("--workers", type=whole(1, 256), default=None,
                      help="worker processes, 1 to 256 (default: one per core)")
    risk.set_defaults(run=cmd_riskmap)

    cen = sub.add_parser("census", help="touch every block of fresh towers; loose-block shares beside real towers",
                         description="Touch every removable block of fresh towers (Tower.probe) and print which "
                                     "blocks of each level are loose, beside the 188 labelled levels of real towers.",
                         epilog="The table: the share of levels in each configuration of loose blocks (a block is "
                                "loose when it gives under the gentle touch, at most the tower's touch_force_n, "
                                "while the rest of the tower moves under 0.5 mm), ours beside the real towers'; "
                                "the loose blocks per level; and the median touch force, in newtons, of the loose "
                                "blocks and of the load-bearing ones of the lower half of the tower, with their "
                                "ratio (real towers: under 0.2 N against several N).")
    cen.add_argument("--tower", "--variant", dest="tower", type=_tower_word, choices=TOWERS, default="classic",
                     help="which tower (default classic; --variant is the older name)")
    cen.add_argument("--seeds", default="0-9", metavar="SEEDS",
                     help=f"tolerance seeds: A-B, one seed, or a comma list, e.g. 0-9,20 (as sweep takes them; "
                          f"each once, at most {CENSUS_SEEDS}; default 0-9)")
    cen.add_argument("--workers", type=whole(1, MAX_WORKERS), default=None,
                     help=f"worker processes, 1 to {MAX_WORKERS} (default 2)")
    cen.add_argument("--json", action="store_true", help="print one JSON object (figures and per-block rows)")
    cen.set_defaults(run=cmd_census)

    bench = sub.add_parser("bench", help="the simulator benchmark (oracle, drift, latency, peers)",
                           description="Run the benchmark in benchmarks/sim_bench.py.")
    bench.add_argument("--quick", action="store_true", help="a smaller run: 11 to 26 s on 2 cores on the machines measured (docs/sim.md)")
    bench.add_argument("--json", metavar="PATH", type=bench_json_path, default=None,
                       help="write the results as JSON here (the folder must exist)")
    bench.add_argument("--plot", metavar="PATH", type=picture_path, default=None,
                       help="write a picture of the latencies and peers here (.png, .svg or .pdf)")
    bench.set_defaults(run=cmd_bench)
    sw = sub.add_parser("sweep", help="risk maps or censuses over many towers, one JSON line each, resumable",
                        description="Run risk maps or touch censuses over many towers and seeds; each tower is "
                                    "one JSON line in --out, and a rerun skips the towers already there.")
    sw.add_argument("--task", choices=("riskmap", "census"), default="riskmap",
                    help="what to run per tower (default riskmap)")
    sw.add_argument("--tower", "--variant", dest="tower", action="append", type=_tower_word, choices=TOWERS,
                    help="a game's tower; repeat for more (default classic)")
    sw.add_argument("--seeds", default="0-9", help="tolerance seeds: A-B, one seed, or a comma list, e.g. 0-9,20; each once (default 0-9)")
    sw.add_argument("--samples", type=whole(1, 1000), default=None,
                    help=f"pushes per block for --task riskmap (default {SWEEP_SAMPLES}; not for census)")
    sw.add_argument("--set", action="append", default=[], metavar="FIELD=V1,V2",
                    help="a grid axis: a dotted field of the tower spec and its values, e.g. "
                         "tolerance_mm.height_sd=0.1,0.17; repeat for more axes")
    sw.add_argument("--out", required=True, metavar="FILE.jsonl", type=writable_path,
                    help="the output file, in a folder that exists (appended to; a rerun skips the towers "
                         "already in it)")
    sw.add_argument("--executor", choices=("process", "ray", "serial"), default="process",
                    help="a local process pool (default), Ray, or this process")
    sw.add_argument("--workers", type=whole(1, 256), default=None, help="processes or Ray CPUs (default: one per core)")
    sw.add_argument("--address", type=_address, default=None,
                    help="a Ray cluster's address, with --executor ray (default RAY_ADDRESS, else local)")
    sw.set_defaults(run=cmd_sweep)
    return parser


def _address(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a Ray cluster's address HOST:PORT, not an empty string")
    return text


def _quiet_stdout() -> None:
    """Point stdout at the null device, so Python's own flush at exit has nowhere to fail."""
    import os
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a file here (a test's capture)
        pass


BLOCK_OPTIONS = ("--remove", "--removed", "--block")


def _joined_blocks(argv: list[str]) -> list[str]:
    """'--remove -1:0' as '--remove=-1:0': argparse takes a value that starts with '-' for an option and
    said only 'expected one argument'; joined, the block's own check says what is wrong with it."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        if argv[i] in BLOCK_OPTIONS and i + 1 < len(argv) and argv[i + 1].startswith("-") and ":" in argv[i + 1]:
            out.append(f"{argv[i]}={argv[i + 1]}")
            i += 2
        else:
            out.append(argv[i])
            i += 1
    return out


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # who speaks: the command the arguments name, as argparse's own lines for that command do
    says = f"python -m sim {argv[0]}" if argv and argv[0] in COMMAND_NAMES else "python -m sim"
    try:
        args = build_parser().parse_args(_joined_blocks(argv))
        code = args.run(args)
        if sys.stdout is not None:  # None when started with stdout closed (`>&-`)
            sys.stdout.flush()
        return code
    except (UsageError, SimError, AssetError) as exc:
        print(f"{says}: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:
        fresh = "\n" if sys.stderr.isatty() else ""  # off the line the terminal's echoed '^C' stands on
        print(f"{fresh}{says}: {exc if isinstance(exc, Interrupted) else 'interrupted'}", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (`... | head`): nothing more to say, and no one to say it to
        _quiet_stdout()
        return 141
    except OSError as exc:  # the output could not be written: a full disk, a lost terminal
        if exc.filename is not None:
            print(f"{says}: error: cannot use {exc.filename}: {exc.strerror or exc}", file=sys.stderr)
            return 2
        _quiet_stdout()
        print(f"{says}: error: cannot write the output ({exc.strerror or exc})", file=sys.stderr)
        return 2
