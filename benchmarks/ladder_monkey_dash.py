"""Monkey Dash bot against bot, seats alternating: each seed is played twice, once with each bot in
seat 0, and the CPU time of every whole turn of the first bot is recorded.

    .venv/bin/python benchmarks/ladder_monkey_dash.py --bots deep,search --seeds 100 --variant pure \
        --out results/md_deep_search_pure.jsonl

One JSON line per game goes to --out as soon as the game ends (a run that is stopped keeps its games,
and a rerun with the same --out skips the games already there); the summary (wins, draws, the first
bot's win rate with its 95% interval, its CPU seconds per turn: median, 95th percentile, max) is
printed at the end, and by `--summary FILE...` for files already written. The CPU time is this
process's (time.process_time), which other jobs on the machine hardly change; the load average is
recorded with it, and (in rows written since 2 Dec 06:30 UTC) a digest of all the game's actions,
which benchmarks/replay_monkey_dash.py compares when it replays the game.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import registry  # noqa: E402
from games.core import Seat  # noqa: E402
from games.match import Match  # noqa: E402
from games.tournament import wilson  # noqa: E402
from sim.arguments import MAX_SEED, Parser, count_arg, input_file, output_file, seed_arg  # noqa: E402

GAME = "monkey_dash"


def played(bots: list[str], first_seat: int, variant: str, seed: int) -> tuple[Match, list[float]]:
    """One game with bots[0] in `first_seat`: the finished match, and the CPU seconds of each of
    bots[0]'s own turns (also used by replay_monkey_dash.py, so a replay plays exactly these games)."""
    spec = registry.get(GAME)
    names = list(bots) if first_seat == 0 else [bots[1], bots[0]]
    config = spec.make_config([Seat(f"{n} {i + 1}", n) for i, n in enumerate(names)], variant)
    match = Match(config, seed)
    per_turn: dict[int, float] = {}
    while not match.is_over():
        state = match.state
        if state.current_player() == first_seat and state.turn_player == first_seat:
            turn, cpu = state.turns_done, time.process_time()
            match.step()
            per_turn[turn] = per_turn.get(turn, 0.0) + time.process_time() - cpu
        else:
            match.step()
    return match, [round(per_turn[t], 4) for t in sorted(per_turn)]


def moves_digest(match: Match) -> str:
    """A fingerprint of every action of the game, in order, with who took it."""
    return hashlib.sha256("\n".join(f"{s.by} {s.action}" for s in match.history).encode()).hexdigest()


def winner(match: Match, first_seat: int) -> str | None:
    winners = match.state.winners()
    return None if not winners else ("first" if winners == [first_seat] else "second")


def play(bots: list[str], first_seat: int, variant: str, seed: int) -> dict:
    """One game with bots[0] in `first_seat`, as a ladder row."""
    match, cpu = played(bots, first_seat, variant, seed)
    return {"bots": bots, "variant": variant, "seed": seed, "first_seat": first_seat,
            "winner": winner(match, first_seat), "turns": match.state.turn_count(), "cpu_per_turn": cpu,
            "load": round(os.getloadavg()[0], 2), "moves_digest": moves_digest(match)}


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))]


def summary(rows: list[dict]) -> dict:
    if not rows:
        return {"games": 0}
    n = len(rows)
    first = sum(r["winner"] == "first" for r in rows)
    second = sum(r["winner"] == "second" for r in rows)
    draws = n - first - second
    score = first + 0.5 * draws
    lo, hi = wilson(score, n)
    cpu = [t for r in rows for t in r["cpu_per_turn"]]
    loads = [r["load"] for r in rows]
    return {"bots": rows[0]["bots"], "variant": rows[0]["variant"], "games": n,
            "seeds": f"{min(r['seed'] for r in rows)}-{max(r['seed'] for r in rows)}",
            "first_wins": first, "second_wins": second, "draws": draws,
            "first_win_rate": round(score / n, 4), "ci95": [round(lo, 3), round(hi, 3)],
            "first_wins_by_seat": [sum(r["winner"] == "first" and r["first_seat"] == s for r in rows) for s in (0, 1)],
            "mean_turns": round(sum(r["turns"] for r in rows) / n, 1),
            "first_turns_timed": len(cpu),
            "first_cpu_s_per_turn": {"median": round(quantile(cpu, 0.5), 3), "p95": round(quantile(cpu, 0.95), 3),
                                     "max": round(max(cpu), 3), "mean": round(sum(cpu) / len(cpu), 3)} if cpu else None,
            "load_average": [min(loads), max(loads)]}


def read(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def main(argv=None) -> int:
    p = Parser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bots", default="deep,search", help="two bot names; the first is timed (default deep,search)")
    p.add_argument("--variant", default="standard", choices=["standard", "bananas", "pure", "bananas_pure"])
    p.add_argument("--seed", type=seed_arg, default=9000, help="first seed (default 9000)")
    p.add_argument("--seeds", type=count_arg(), default=100,
                   help="how many seeds, each played with both seat orders (default 100)")
    p.add_argument("--out", type=output_file,
                   help="append one JSON line per game to this file (and skip games already in it; its folder must exist)")
    p.add_argument("--summary", nargs="+", metavar="FILE", type=input_file, help="only summarise these files")
    args = p.parse_args(argv)
    if args.summary:
        for f in args.summary:
            try:
                figures = summary(read(Path(f)))
            except (ValueError, KeyError, TypeError) as exc:
                p.error(f"--summary: {f} is not a ladder file of one JSON object a line ({exc})")
            print(json.dumps({"file": f, **figures}))
        return 0
    bots = args.bots.split(",")
    spec = registry.get(GAME)
    if len(bots) != 2 or any(b not in spec.bots for b in bots):
        p.error(f"--bots needs two of: {', '.join(spec.bots)}")
    if args.seed + args.seeds - 1 > MAX_SEED:
        p.error(f"--seed {args.seed} with --seeds {args.seeds} runs past the largest seed, {MAX_SEED}")
    out = Path(args.out) if args.out else None
    try:   # a file that is not a ladder's is named now, and left as it is
        rows = read(out) if out else []
        done = {(r["seed"], r["first_seat"]) for r in rows if r["bots"] == bots and r["variant"] == args.variant}
    except (ValueError, KeyError, TypeError) as exc:
        p.error(f"--out: {out} is not a ladder file of one JSON object a line ({exc}); it is left as it is")
    for seed in range(args.seed, args.seed + args.seeds):
        for first_seat in (0, 1):
            if (seed, first_seat) in done:
                continue
            row = play(bots, first_seat, args.variant, seed)
            rows.append(row)
            if out:
                with out.open("a") as f:
                    f.write(json.dumps(row) + "\n")
    print(json.dumps(summary([r for r in rows if r["bots"] == bots and r["variant"] == args.variant]), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
