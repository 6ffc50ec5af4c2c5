"""The Jenga bot ladder: two-player games between two levels, seats alternating; who topples the tower.

    .venv/bin/python benchmarks/jenga_ladder.py --game jenga_classic --pair careful_easy,careful \
        --games 60 [--seed 0] [--variant V] [--out rows.jsonl [--resume]] [--json]

Game i uses seed S+i and seats the pair in order on even i and swapped on odd i, so each level
starts half the games. With two players exactly one toppled the tower in every game that ended in a
fall; the figure is the share of falls the lower level (the first of --pair) caused. Each game's row
(seed, seating, toppler, turns, the tower's height when it fell, CPU seconds) is printed as it ends
and appended to --out, so a long run that is stopped keeps its games; with --resume the games
already in --out are taken from it and not played again. The last line (or, with --json,
the only stdout line) sums them up. `--rows FILE ...` sums up saved rows of the pair instead of
playing (rows of other pairs in the files are skipped).
"""

from __future__ import annotations

import json
import math
import os
import sys
import time

from games import registry
from games.core import TERMINAL, ConfigError
from games.jenga.layout import highest_complete
from games.match import Match
from games.selfplay import seats_for
from sim.arguments import MAX_SEED, Parser, count_arg, input_file, output_file, seed_arg

JENGA = [name for name in registry.names() if name.startswith("jenga")]


def one_game(game: str, bots: list[str], seed: int, variant: str | None = None) -> dict:
    """One two-bot game; who toppled, how long it lasted and how tall the tower stood."""
    spec = registry.get(game)
    match = Match(spec.make_config(seats_for(spec, bots), variant), seed)
    cpu = time.process_time()
    levels = complete = 0
    seat_turns = [0] * len(bots)  # turns each seat began (the toppling one included)
    counted = None  # the state's turn count when the turn being played was counted
    while match.state.current_player() != TERMINAL:
        state = match.state
        if state.layout and state.phase != "over":  # the tower before the step (a fall leaves rubble)
            levels = state.top_level() + 1
            complete = highest_complete(state.layout) + 1
        # A turn is begun by its owner whether or not they get a decision in it: in Super Mario a player
        # battling Bowser only spins, and a spin short of "Climb 3" ends their turn (end_turn sets the
        # next turn's owner as it counts the turn, so each value of `turns` is one turn of one owner).
        owner = state.turn_owner()
        if owner is not None and state.turns != counted:
            seat_turns[owner] += 1
            counted = state.turns
        match.step()
    s = match.state
    toppler = s.toppler
    return {"seed": seed, "bots": bots, "ended": s.ended, "turns": s.turns,
            "toppler": None if toppler is None else bots[toppler],
            "winner_seats": s.winners(), "returns": s.returns(),
            "levels": levels, "complete_levels": complete, "seat_turns": seat_turns,
            "cpu_s": round(time.process_time() - cpu, 2)}


def play_games(game: str, seating, games: int, seed: int, variant: str | None = None,
               out: str | None = None, resume: bool = False, quiet: bool = False) -> list[dict]:
    """Games seed, seed+1, ...: game i seats `seating(i)` (a list of bot names). Each row is printed
    as it ends (unless quiet) and appended to `out`; with `resume`, a game whose row (same game,
    variant, seed and seating) is already in `out` is not played again but its saved row is used."""
    saved = {}
    if out:
        # A file that is there must be rows of games, resumed or appended to: an audit appended rows to a
        # notes file, and a resume from a file of other JSON stopped on a traceback.
        for r in game_rows(out, missing_ok=True, what="--out", fix="give another --out"):
            if resume:
                saved[(r["game"], r.get("variant"), r["seed"], tuple(r["bots"]))] = r
    rows = []
    for i in range(games):
        bots = list(seating(i))
        key = (game, variant, seed + i, tuple(bots))
        if key in saved:
            rows.append(saved[key])
            continue
        row = one_game(game, bots, seed + i, variant)
        row["game"] = game
        row["variant"] = variant
        rows.append(row)
        if out:
            with open(out, "a") as f:
                f.write(json.dumps(row) + "\n")
        if not quiet:
            print(json.dumps(row), flush=True)
    return rows


def wilson(k: int, n: int, z: float = 1.96) -> list[float] | None:
    """The 95% Wilson score interval of a share k of n."""
    if n == 0:
        return None
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(centre - half, 3), round(centre + half, 3)]


def wins_of(rows: list[dict], bot: str) -> float:
    """Games `bot` won (a win shared by both seats counts half)."""
    total = 0.0
    for r in rows:
        seats = r.get("winner_seats") or []
        mine = [s for s in seats if r["bots"][s] == bot]
        if mine:
            total += 1.0 / len(seats) if len(set(r["bots"][s] for s in seats)) > 1 else 1.0
    return total


def summary(rows: list[dict], low: str, high: str) -> dict:
    falls = [r for r in rows if r["toppler"] is not None]
    by_low = sum(r["toppler"] == low for r in falls)
    share = by_low / len(falls) if falls else None
    # the one-sided chance of a share this far from even if the two levels toppled equally often
    p = None
    if falls:
        n, k = len(falls), by_low
        p = sum(math.comb(n, j) for j in range(k, n + 1)) / 2 ** n
    rates = per_turn_rates(rows, [low, high])
    turns = sum(r["turns"] for r in rows)
    decided = [r for r in rows if "winner_seats" in r]
    wins = {b: wins_of(decided, b) for b in (low, high)}
    return {"pair": [low, high], "games": len(rows), "falls": len(falls),
            "ended": {e: sum(r["ended"] == e for r in rows) for e in sorted({r["ended"] for r in rows})},
            "topples_per_100_turns": rates,
            "toppled_by": {low: by_low, high: len(falls) - by_low},
            "lower_topples_share": None if share is None else round(share, 3),
            "lower_topples_share_95": wilson(by_low, len(falls)),
            "p_if_even": None if p is None else float(f"{p:.2g}"),
            "won_by": wins, "games_with_winners": len(decided),
            "higher_wins_share": round(wins[high] / len(decided), 3) if decided else None,
            "higher_wins_share_95": wilson(round(wins[high]), len(decided)) if decided else None,
            "mean_turns": round(turns / len(rows), 2) if rows else None,
            "cpu_s_per_game": round(sum(r["cpu_s"] for r in rows) / len(rows), 2) if rows else None,
            "cpu_s_per_turn": round(sum(r["cpu_s"] for r in rows) / turns, 3) if turns else None}


def per_turn_rates(rows: list[dict], bots: list[str]) -> dict:
    """Each bot's topples per 100 of its own turns (the toppling turn counted). A row counts each seat's
    turns in `seat_turns` (Super Mario's turn order is not the seats' order); rows saved before it was
    kept are counted as traditional Jenga plays, in seat order (seat 0 the even turns, seat 1 the odd
    ones, `turns` those completed before the fall), and the other games' old rows not at all."""
    played = {b: 0 for b in bots}
    toppled = {b: 0 for b in bots}
    for r in rows:
        if "seat_turns" in r:
            by_seat = r["seat_turns"]
        elif r["game"] == "jenga_classic" and len(r["bots"]) == 2:
            last = r["turns"] if r["toppler"] is not None else r["turns"] - 1  # the last turn begun
            by_seat = [sum(1 for t in range(last + 1) if t % 2 == seat) for seat in range(2)]
        else:
            continue
        for seat, bot in enumerate(r["bots"]):
            played[bot] += by_seat[seat]
        if r["toppler"] is not None:
            toppled[r["toppler"]] += 1
    return {b: {"turns": played[b], "topples": toppled[b],
                "per_100": round(100 * toppled[b] / played[b], 1) if played[b] else None} for b in bots}


ROW_KEYS = ("game", "seed", "bots")
_PROG = os.path.basename(sys.argv[0]) or "jenga_ladder.py"


def game_rows(path: str, missing_ok: bool = False, what: str = "--rows", fix: str = "",
              keys: tuple = ROW_KEYS) -> list[dict]:
    """The game rows a file holds, one JSON object a line, each with `keys`; anything else (another file,
    a row cut short by a stopped run) exits with one line naming the file and the line, the file left as
    it is. A missing file is no rows when missing_ok. (benchmarks/dk_ladder.py reads its --log so too.)"""
    rows = []
    try:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                except ValueError as exc:
                    row, why = None, f"not JSON: {exc}"
                else:
                    why = "not a game's row" if not isinstance(row, dict) or any(k not in row for k in keys) \
                        or not isinstance(row.get("bots", []), list) else ""
                if why:
                    print(f"{_PROG}: error: {what}: {path} is not a file of game rows (line {number}: {why}); it is "
                          f"left as it is" + (f": {fix}" if fix else ""), file=sys.stderr)
                    sys.exit(2)
                rows.append(row)
    except FileNotFoundError:
        if missing_ok:
            return []
        print(f"{_PROG}: error: {what}: cannot read rows from {path}: there is no such file", file=sys.stderr)
        sys.exit(2)
    except UnicodeDecodeError as exc:
        print(f"{_PROG}: error: {what}: {path} is not a file of game rows (not text: {exc}); it is left as it is"
              + (f": {fix}" if fix else ""), file=sys.stderr)
        sys.exit(2)
    except OSError as exc:
        print(f"{_PROG}: error: {what}: cannot read rows from {path}: {exc}", file=sys.stderr)
        sys.exit(2)
    return rows


def read_rows(paths: list[str]) -> list[dict]:
    """Saved game rows, one JSON object a line; a file that is missing or not such lines is named."""
    rows = []
    for path in paths:
        rows += game_rows(path)
    return rows


def main(argv=None) -> None:
    ap = Parser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="jenga_classic", choices=JENGA)
    ap.add_argument("--pair", required=True, help="LOWER,HIGHER: two bot names")
    ap.add_argument("--games", type=count_arg(), default=60, help="games (default 60)")
    ap.add_argument("--seed", type=seed_arg, default=0, help="the first game's seed (default 0)")
    ap.add_argument("--variant", default=None, help="a variant of --game (default: the game's own)")
    ap.add_argument("--out", default=None, type=output_file,
                    help="append each game's row to this JSON-lines file (its folder must exist)")
    ap.add_argument("--json", action="store_true", help="stdout is one JSON object: the summary")
    ap.add_argument("--resume", action="store_true",
                    help="with --out: games already in that file are not played again")
    ap.add_argument("--rows", nargs="+", default=None, type=input_file,
                    help="sum up these saved JSON-lines files instead")
    args = ap.parse_args(argv)
    pair = args.pair.split(",")
    spec = registry.get(args.game)
    if len(pair) != 2 or any(b not in spec.bots for b in pair):
        ap.error(f"--pair needs two of {', '.join(spec.bots)}, got {args.pair!r}")
    if args.variant is not None and args.variant not in spec.variants:
        ap.error(f"--variant: unknown variant {args.variant!r} for {args.game}; choose from {', '.join(spec.variants)}")
    try:
        spec.make_config(seats_for(spec, pair), args.variant)
    except ConfigError as exc:
        ap.error(str(exc))
    if args.resume and not args.out:
        ap.error("--resume needs --out, the file of the games already played")
    if args.seed + args.games - 1 > MAX_SEED:
        ap.error(f"--seed {args.seed} with --games {args.games} runs past the largest seed, {MAX_SEED}")
    if args.rows:
        rows = [r for r in read_rows(args.rows) if sorted(r["bots"]) == sorted(pair) and r["game"] == args.game
                and r.get("variant") == args.variant]
        out = summary(rows, pair[0], pair[1])
        out.update(game=args.game, seeds=sorted(r["seed"] for r in rows))
        print(json.dumps(out))
        return
    start = time.perf_counter()
    rows = play_games(args.game, lambda i: pair if i % 2 == 0 else pair[::-1], args.games, args.seed,
                      args.variant, args.out, args.resume, args.json)
    out = summary(rows, pair[0], pair[1])
    out.update(game=args.game, variant=args.variant, seed=args.seed, wall_s=round(time.perf_counter() - start, 1))
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
