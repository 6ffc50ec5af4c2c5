"""Monkey Dash speed and strength figures: random-bot games per second, the search bot's time per turn,
and (with --versus N) the search bot's win rate against greedy over N games, seats alternating.

    .venv/bin/python benchmarks/bench_monkey_dash.py                 # speed only, about a minute
    .venv/bin/python benchmarks/bench_monkey_dash.py --versus 40     # plus the 40-game match

Prints one JSON object (also written to --json PATH if given). The machine's load average is
recorded with the figures, since the wall time per turn grows with other work on the machine; the CPU
time per turn (this process only) is recorded beside it.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import registry  # noqa: E402
from games.core import Seat  # noqa: E402
from games.match import Match  # noqa: E402
from games.selfplay import run  # noqa: E402
from sim.arguments import MAX_SEED, Parser, count_arg, output_file, seed_arg  # noqa: E402

GAME = "monkey_dash"


def random_speed(games: int, seed: int) -> dict:
    out = {}
    for variant in ("standard", "bananas", "pure"):
        summary = run(GAME, games=games, seed=seed, variant=variant, progress=False)
        out[variant] = {key: summary[key] for key in ("games", "finished", "errors", "invariant_violations",
                                                      "mean_turns", "mean_actions", "wall_s", "games_per_s")}
    return out


def search_versus_greedy(games: int, seed: int, variant: str) -> dict:
    """Search against greedy, the search bot taking seat 0 in even games and seat 1 in odd ones."""
    spec = registry.get(GAME)
    wins = draws = 0
    turn_seconds: list[float] = []
    turn_cpu: list[float] = []
    slowest = (0.0, None)  # (wall seconds, "game g turn t")
    lengths = []
    for g in range(games):
        seat = g % 2
        names = ["search", "greedy"] if seat == 0 else ["greedy", "search"]
        config = spec.make_config([Seat(f"{n} {i + 1}", n) for i, n in enumerate(names)], variant)
        match = Match(config, seed + g)
        per_turn: dict[int, float] = {}
        cpu_turn: dict[int, float] = {}
        while not match.is_over():
            state = match.state
            # the search bot's own turns only (its Interrupt decisions in greedy's turns are not turns);
            # the turn number is read before the step, whose last action may end the turn
            if state.current_player() == seat and state.turn_player == seat:
                turn = state.turns_done
                started, cpu = time.perf_counter(), time.process_time()
                match.step()
                per_turn[turn] = per_turn.get(turn, 0.0) + time.perf_counter() - started
                cpu_turn[turn] = cpu_turn.get(turn, 0.0) + time.process_time() - cpu
            else:
                match.step()
        turn_seconds.extend(per_turn.values())
        turn_cpu.extend(cpu_turn.values())
        for turn, seconds in per_turn.items():
            if seconds > slowest[0]:
                slowest = (seconds, f"game {g} (seed {seed + g}), turn {turn + 1}")
        lengths.append(match.state.turn_count())
        winners = match.state.winners()
        wins += winners == [seat]
        draws += winners == []
    return {
        "variant": variant, "games": games, "seed": seed, "search_wins": wins, "draws": draws,
        "greedy_wins": games - wins - draws, "win_rate": round(wins / games, 3) if games else None,
        "mean_turns": round(statistics.mean(lengths), 1) if lengths else None,
        "search_turns_timed": len(turn_seconds),
        "search_s_per_turn_mean": round(statistics.mean(turn_seconds), 4) if turn_seconds else None,
        "search_s_per_turn_median": round(statistics.median(turn_seconds), 4) if turn_seconds else None,
        "search_s_per_turn_p95": round(sorted(turn_seconds)[int(0.95 * (len(turn_seconds) - 1))], 4)
        if turn_seconds else None,
        "search_s_per_turn_max": round(max(turn_seconds), 4) if turn_seconds else None,
        "search_slowest_turn": slowest[1],
        # CPU seconds of this process: what the turn costs without the other jobs on the machine
        "search_cpu_s_per_turn_mean": round(statistics.mean(turn_cpu), 4) if turn_cpu else None,
        "search_cpu_s_per_turn_max": round(max(turn_cpu), 4) if turn_cpu else None,
    }


def main(argv=None) -> int:
    p = Parser(description=__doc__.split("\n\n")[0])
    p.add_argument("--random-games", type=count_arg(), default=50, help="random-bot games per variant (default 50)")
    p.add_argument("--timing-games", type=count_arg(), default=6,
                   help="search-vs-greedy games per variant to time the search bot (default 6)")
    p.add_argument("--versus", type=count_arg(0), default=0,
                   help="also play this many search-vs-greedy games (standard; default 0: none)")
    p.add_argument("--seed", type=seed_arg, default=0)
    p.add_argument("--json", type=output_file, help="also write the figures to this file (its folder must exist)")
    args = p.parse_args(argv)
    longest = max(args.random_games, 1000 + args.timing_games, 5000 + args.versus)
    if args.seed + longest - 1 > MAX_SEED:
        p.error(f"--seed {args.seed} runs past the largest seed, {MAX_SEED}, in its games")
    load_before = os.getloadavg()
    started = time.perf_counter()
    result = {"game": GAME, "python": sys.version.split()[0], "cpus": os.cpu_count(),
              "load_average_before": [round(x, 2) for x in load_before],
              "random": random_speed(args.random_games, args.seed),
              "search_timing": {v: search_versus_greedy(args.timing_games, 1000 + args.seed, v)
                                for v in ("standard", "bananas", "pure")}}
    if args.versus:
        result["versus"] = search_versus_greedy(args.versus, 5000 + args.seed, "standard")
    result["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    result["wall_s"] = round(time.perf_counter() - started, 1)
    text = json.dumps(result, indent=1)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
