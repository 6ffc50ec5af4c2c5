"""Play recorded ladder games again on the code as it is and say whether each ends as recorded.

    .venv/bin/python benchmarks/jenga_ladder_replay.py benchmarks/results/jenga_dk_careful_hard_pro_67aa17e.jsonl \
        [--first 0] [--count 60] [--out FILE.jsonl]

Each row of a ladder file (benchmarks/jenga_ladder.py --out) names its game, bots, seed and variant; the game is
played again with jenga_ladder.one_game and its ending (how it ended, turns, toppler, winners, returns) compared
with the row's. A rules change that a recorded game went through shows here as a game that ends otherwise. One
JSON line a game goes to --out (seed, same, old, new, wall seconds); the last line printed says how many matched.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from jenga_ladder import one_game  # noqa: E402
from sim.arguments import Parser, count_arg, input_file, output_file, whole_arg  # noqa: E402

ENDING = ("ended", "turns", "toppler", "winner_seats", "returns")


def main(argv=None) -> int:
    p = Parser(description=__doc__.split("\n\n")[0])
    p.add_argument("ladder", type=input_file,
                   help="a ladder file of JSON lines (benchmarks/results/GAME_LOWER_HIGHER_COMMIT.jsonl)")
    p.add_argument("--first", type=whole_arg(0, 10**6), default=0, help="the first row to play (0 for the first)")
    p.add_argument("--count", type=count_arg(), default=None, help="how many rows to play (all the rest by default)")
    p.add_argument("--out", type=output_file, default=None, help="a JSON-lines file for one line a game")
    args = p.parse_args(argv)
    try:
        rows = [json.loads(line) for line in Path(args.ladder).read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, ValueError) as exc:
        p.error(f"cannot read {args.ladder}: {exc}")
    rows = rows[args.first:] if args.count is None else rows[args.first:args.first + args.count]
    missing = [k for k in ("game", "bots", "seed", *ENDING) if rows and k not in rows[0]]
    if missing:
        p.error(f"{args.ladder} is not a ladder file: its rows have no {', '.join(missing)}")
    out = open(args.out, "w", encoding="utf-8") if args.out else None
    same = 0
    try:
        for row in rows:
            start = time.time()
            game = one_game(row["game"], row["bots"], row["seed"], row.get("variant"))
            ok = all(game[k] == row[k] for k in ENDING)
            same += ok
            if out is not None:
                out.write(json.dumps({"seed": row["seed"], "same": ok, "old": {k: row[k] for k in ENDING},
                                      "new": {k: game[k] for k in ENDING},
                                      "wall_s": round(time.time() - start, 1)}) + "\n")
                out.flush()
    finally:
        if out is not None:
            out.close()
    print(f"{args.ladder}: {same} of {len(rows)} games end as recorded")
    return 0 if same == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
