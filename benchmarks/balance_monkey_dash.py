"""Monkey Dash balance: how often the start player wins between two equal bots.

    .venv/bin/python benchmarks/balance_monkey_dash.py --games 100 --variants standard,pure

Plays `--games` games per variant between two copies of the same bot (the search bot by default),
seeds seed, seed+1, ...; the start player is the Start Card flip (a chance outcome), so it is red in
about half the games. Prints one JSON object: per variant and in all, the games, the start player's
wins, the other player's wins and the draws. `--board PATH` measures another layout file without
installing it (the board the engine loads is replaced for this process only).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import registry  # noqa: E402
from assets.reader import AssetError  # noqa: E402
from games.core import Seat  # noqa: E402
from games.match import Match  # noqa: E402
from games.monkey_dash.board import load_board  # noqa: E402
from games.monkey_dash.state import MonkeyDashState  # noqa: E402
from sim.arguments import MAX_SEED, Parser, count_arg, input_file, output_file, seed_arg  # noqa: E402

GAME = "monkey_dash"


def start_player_record(variant: str, games: int, seed: int, bot: str, progress: bool = False) -> dict:
    spec = registry.get(GAME)
    starts = others = draws = 0
    turns = []
    for g in range(games):
        config = spec.make_config([Seat(f"{bot} {i + 1}", bot) for i in range(2)], variant)
        match = Match(config, seed + g)
        while not match.is_over():
            match.step()
        state = match.state
        turns.append(state.turn_count())
        if state.winner is None:
            draws += 1
        elif state.winner == state.start_player:
            starts += 1
        else:
            others += 1
        if progress:  # one line a game, so that a long run can be followed (and read if cut short)
            print(f"{variant} seed {seed + g}: start {state.start_player} winner {state.winner} "
                  f"turns {state.turn_count()} (start player {starts} of {g + 1})", file=sys.stderr, flush=True)
    return {"games": games, "seed": seed, "start_player_wins": starts, "other_wins": others, "draws": draws,
            "start_player_rate": round(starts / games, 3) if games else None,
            "mean_turns": round(sum(turns) / games, 1) if games else None}


def main(argv=None) -> int:
    p = Parser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=count_arg(), default=100, help="games per variant (default 100)")
    p.add_argument("--variants", default="standard,pure", help="comma-separated variants (default standard,pure)")
    p.add_argument("--bot", default="search", help="the bot in both seats (default search)")
    p.add_argument("--seed", type=seed_arg, default=7000)
    p.add_argument("--board", type=input_file,
                   help="a board file to measure instead of assets/monkey_dash/board.json")
    p.add_argument("--json", type=output_file, help="also write the figures to this file (its folder must exist)")
    p.add_argument("--progress", action="store_true", help="a line per game on stderr")
    args = p.parse_args(argv)
    spec = registry.get(GAME)
    variants = args.variants.split(",")
    for variant in variants:   # an unknown one is named now, not after the others' games
        if variant not in spec.variants:
            p.error(f"--variants: unknown variant {variant!r}; choose from {', '.join(spec.variants)}")
    if len(set(variants)) != len(variants):
        p.error(f"--variants: a variant is given twice in {args.variants!r}")
    if args.bot not in spec.bots:
        p.error(f"--bot: unknown bot {args.bot!r}; choose from {', '.join(spec.bots)}")
    if args.seed + args.games - 1 > MAX_SEED:
        p.error(f"--seed {args.seed} with --games {args.games} runs past the largest seed, {MAX_SEED}")
    if args.board:
        try:
            MonkeyDashState.board = load_board(args.board)
        except (AssetError, OSError, ValueError) as exc:
            p.error(f"--board {args.board}: {exc}")
    started = time.perf_counter()
    result = {"game": GAME, "bot": args.bot, "board": MonkeyDashState.board.name,
              "load_average_before": [round(x, 2) for x in os.getloadavg()], "variants": {}}
    total = {"games": 0, "start_player_wins": 0, "other_wins": 0, "draws": 0}
    for variant in variants:
        record = start_player_record(variant, args.games, args.seed, args.bot, args.progress)
        result["variants"][variant] = record
        for key in total:
            total[key] += record[key]
    total["start_player_rate"] = round(total["start_player_wins"] / total["games"], 3) if total["games"] else None
    result["all"] = total
    result["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    result["wall_s"] = round(time.perf_counter() - started, 1)
    text = json.dumps(result, indent=1)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
