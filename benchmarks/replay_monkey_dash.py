"""Replay chosen games of the Monkey Dash ladder and fingerprint every one of them: a digest of all its
actions (who played what, chance outcomes included), its result, the first bot's search counters and
its CPU seconds per turn. This is how a change meant only to make a bot faster shows that it changes
no choice: the same games, before and after, must give the same fingerprints.

    nice -n 19 .venv/bin/python benchmarks/replay_monkey_dash.py --bots deep,search --variant standard \
        --slowest 6 benchmarks/results/md_deep_search_standard.jsonl --out /tmp/after_standard.jsonl \
        --compare /tmp/before_standard.jsonl

Games are named seed/first_seat (`--games 9045/0 9044/1`) or taken from a ladder file (`--slowest N
FILE`: the N games holding its slowest turns of the first bot). `--compare FILE` checks each game
against an earlier replay (same actions digest and counters); `--against FILE` against the ladder's
own rows (same winner, number of turns and number of the first bot's timed turns, and the actions
digest where the row has one). The exit status is 1 if anything differs.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the ladder script beside this one

from ladder_monkey_dash import moves_digest, played, winner  # noqa: E402

from games import registry  # noqa: E402
from sim.arguments import MAX_SEED, Parser, count_arg, input_file, output_file  # noqa: E402



def replay(bots: list[str], first_seat: int, variant: str, seed: int) -> dict:
    """One game as the ladder plays it (bots[0] in `first_seat`), with its fingerprint."""
    match, cpu = played(bots, first_seat, variant, seed)
    stats = {seat: dict(getattr(bot, "stats", {})) for seat, bot in match.bots.items()}
    return {"bots": bots, "variant": variant, "seed": seed, "first_seat": first_seat,
            "winner": winner(match, first_seat), "turns": match.state.turn_count(), "actions": len(match.history),
            "moves_digest": moves_digest(match),
            "first_bot_stats": stats.get(first_seat, {}),
            "cpu_per_turn": cpu, "cpu_max": max(cpu) if cpu else 0.0,
            "cpu_max_turn": cpu.index(max(cpu)) if cpu else None, "load": round(os.getloadavg()[0], 2)}


def read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def slowest_games(path: Path, n: int) -> list[tuple[int, int]]:
    """The games of a ladder file that hold its n slowest turns of the first bot (n games at most)."""
    turns = sorted(((t, r["seed"], r["first_seat"]) for r in read(path) for t in r["cpu_per_turn"]), reverse=True)
    out: list[tuple[int, int]] = []
    for _, seed, seat in turns:
        if (seed, seat) not in out:
            out.append((seed, seat))
        if len(out) == n:
            break
    return out


def main(argv=None) -> int:
    p = Parser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bots", default="deep,search", help="two bot names, the first timed (default deep,search)")
    p.add_argument("--variant", default="standard", choices=["standard", "bananas", "pure", "bananas_pure"])
    p.add_argument("--games", nargs="*", default=[], metavar="SEED/SEAT", help="games as seed/first_seat")
    p.add_argument("--slowest", nargs=2, metavar=("N", "FILE"), help="the N games of a ladder file with its slowest turns")
    p.add_argument("--out", type=output_file,
                   help="write one JSON line per replayed game here (appended; its folder must exist)")
    p.add_argument("--compare", type=input_file,
                   help="an earlier replay's file: the same games must have the same fingerprints")
    p.add_argument("--against", type=input_file,
                   help="a ladder file: the same games must have the same winner and lengths")
    args = p.parse_args(argv)
    bots = args.bots.split(",")
    spec = registry.get("monkey_dash")
    if len(bots) != 2 or any(b not in spec.bots for b in bots):
        p.error(f"--bots needs two of: {', '.join(spec.bots)}, got {args.bots!r}")
    games: list[tuple[int, int]] = []
    for g in args.games:
        try:
            seed, seat = (int(x) for x in g.split("/"))
        except ValueError:
            p.error(f"a game is seed/first_seat like 9045/0, got {g!r}")
        if seat not in (0, 1):
            p.error(f"first_seat is 0 or 1, got {g!r}")
        if not 0 <= seed <= MAX_SEED:
            p.error(f"a game's seed is from 0 to {MAX_SEED}, got {g!r}")
        games.append((seed, seat))
    try:   # every file read now: one that is not a ladder's or a replay's is named before any game
        if args.slowest:
            try:
                n = count_arg()(args.slowest[0])
                input_file(args.slowest[1])
            except argparse.ArgumentTypeError as exc:
                p.error(f"--slowest N FILE: {exc}")
            games += [g for g in slowest_games(Path(args.slowest[1]), n) if g not in games]
        if not games:
            p.error("no games named: give --games or --slowest")
        earlier = {(r["seed"], r["first_seat"]): r for r in read(Path(args.compare))} if args.compare else {}
        ladder = {(r["seed"], r["first_seat"]): r for r in read(Path(args.against))
                  if r["bots"] == bots and r["variant"] == args.variant} if args.against else {}
    except (ValueError, KeyError, TypeError) as exc:
        p.error(f"a file given is not one JSON object a line of a ladder or replay ({exc})")
    differ = 0
    for seed, seat in games:
        row = replay(bots, seat, args.variant, seed)
        notes = []
        if (seed, seat) in earlier:
            e = earlier[(seed, seat)]
            same = all(e[k] == row[k] for k in ("moves_digest", "winner", "turns", "actions", "first_bot_stats"))
            notes.append(f"replay {'same' if same else 'DIFFERENT'} (cpu max {e['cpu_max']} -> {row['cpu_max']})")
            differ += not same
        if (seed, seat) in ladder:
            lad = ladder[(seed, seat)]
            same = (lad["winner"], lad["turns"], len(lad["cpu_per_turn"])) == (row["winner"], row["turns"], len(row["cpu_per_turn"]))
            same = same and lad.get("moves_digest", row["moves_digest"]) == row["moves_digest"]  # newer rows have it
            notes.append(f"ladder {'same' if same else 'DIFFERENT'} (cpu max {max(lad['cpu_per_turn'])} -> {row['cpu_max']})")
            differ += not same
        print(f"{seed}/{seat} {row['winner']} {row['turns']} turns {row['actions']} actions "
              f"{row['moves_digest'][:12]} cpu max {row['cpu_max']} s; " + "; ".join(notes), flush=True)
        if args.out:
            with open(args.out, "a") as f:
                f.write(json.dumps(row) + "\n")
    if args.compare or args.against:
        print(f"{len(games)} games, {differ} differences")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
