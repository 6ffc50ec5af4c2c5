"""Round-robin bot tournaments: win rates with confidence intervals and Elo-style ratings.

Every pair of bots plays `games` two-player games (in Jenga and Donkey Kong too, which seat more),
seats alternating: game k of a pair puts the first bot in seat 0 when k is even. Game k of pair p
uses seed `seed + p * games + k`, so each game is fixed by the arguments alone and can run anywhere:
in this process, in a local process pool (the default), or on Ray (a local instance, or a cluster
named by `address` or RAY_ADDRESS). Results are gathered in schedule order, so the summary, and
its `digest` of every game's actions, are the same bit for bit whichever executor ran them.

Ratings are a Bradley-Terry fit (Hunter's MM iterations, a fixed count, a draw counted as half a win
each way), on the Elo scale: 400 log10 of the strength, with the mean of the ratings at 1500. A game
that ended in an error (a bot's or the game's fault) has no result: it is counted and reported, but
neither rated nor scored.
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
import time
from itertools import combinations
from typing import Callable, Sequence

from . import registry
from .core import ConfigError, Seat, TERMINAL, as_seed, quoted
from .match import Match
from .selfplay import bot_names, check_data, check_seeds
from sim.executor import run_jobs

MM_ITERATIONS = 500


def schedule(game: str, bots: Sequence[str], games: int, seed: int, variant: str | None) -> list[dict]:
    """Every game of the round robin, in a fixed order; each a plain dict a worker can play alone."""
    spec = registry.get(game)
    bots = bot_names(spec, bots)  # any case: Greedy is greedy
    if len(bots) < 2:
        raise ConfigError("a tournament needs at least two bots")
    if len(set(bots)) != len(bots):
        raise ConfigError(f"each bot may enter once; got {', '.join(bots)}")
    for b in bots:
        if b not in spec.bots:
            raise ConfigError(f"unknown bot {quoted(b)} for {game}; choose one of: {', '.join(spec.bots)}")
    if spec.min_players > 2 or spec.max_players < 2:
        raise ConfigError(f"{game} is not played by two players, so its bots cannot meet in pairs")
    variant = variant or spec.default_variant
    spec.make_config([Seat("a", bots[0]), Seat("b", bots[1])], variant)  # checks the variant
    seed = check_seeds(seed, games * len(bots) * (len(bots) - 1) // 2)
    check_data(game, variant)
    jobs = []
    for p, (i, j) in enumerate(combinations(range(len(bots)), 2)):
        for k in range(games):
            seats = (i, j) if k % 2 == 0 else (j, i)
            jobs.append({"game": game, "variant": variant, "entrants": list(seats),
                         "bots": [bots[s] for s in seats], "seed": seed + p * games + k})
    return jobs


def play_job(job: dict) -> dict:
    """Play one scheduled game to the end; a bot's or game's error is reported, not raised."""
    spec = registry.get(job["game"])
    config = spec.make_config([Seat(f"{b} {n + 1}", b) for n, b in enumerate(job["bots"])], job["variant"])
    match = Match(config, job["seed"])
    error = None
    limit = match.state.max_length()
    try:
        while match.state.current_player() != TERMINAL:
            if len(match.history) >= limit:
                raise RuntimeError(f"the game did not end within its {limit} actions")
            match.step()
    except Exception as exc:  # count it and go on: one broken game must not end the tournament
        error = f"{type(exc).__name__}: {exc}"
    actions = "\n".join(f"{s.by} {s.action}" for s in match.history)
    done = match.state.is_terminal()
    limit_hit = getattr(match.state, "reached_limit", None)  # the game's own safety limit ended it, not its rules
    return {"winners": match.state.winners() if done else [], "error": error,
            "reached_limit": bool(done and callable(limit_hit) and limit_hit()),
            "actions": len(match.history), "digest": hashlib.sha256(actions.encode()).hexdigest()}


def execute(jobs: list[dict], executor: str = "process", workers: int | None = None,
            address: str | None = None, progress: Callable[[int], None] | None = None) -> list[dict]:
    """Play the jobs on the chosen executor (sim.executor); results in the jobs' order."""
    out: list = [None] * len(jobs)
    done = [0]

    def keep(n: int, result: dict) -> None:
        out[n] = result
        done[0] += 1
        if progress:
            progress(done[0])

    run_jobs(play_job, jobs, executor, workers, address, keep)
    return out


# ---- statistics --------------------------------------------------------------------------------

def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default); (0, 1) with no games."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry(score: list[list[float]], played: list[list[int]]) -> list[float]:
    """Elo-scale ratings from score[i][j] (i's points against j) and games played[i][j].

    A tiny prior (half a draw against every other entrant) keeps an unbeaten bot finite."""
    n = len(score)
    w = [[score[i][j] + (0.25 if i != j else 0.0) for j in range(n)] for i in range(n)]
    g = [[played[i][j] + (0.5 if i != j else 0.0) for j in range(n)] for i in range(n)]
    strength = [1.0] * n
    for _ in range(MM_ITERATIONS):
        new = []
        for i in range(n):
            total = sum(w[i][j] for j in range(n) if j != i)
            denom = sum(g[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i)
            new.append(total / denom if denom > 0 else strength[i])
        mean_log = sum(math.log(s) for s in new) / n
        strength = [s / math.exp(mean_log) for s in new]
    return [round(1500 + 400 * math.log10(s), 1) for s in strength]


def summarise(game: str, variant: str, bots: Sequence[str], games: int, seed: int, jobs: list[dict],
              results: list[dict]) -> dict:
    n = len(bots)
    score = [[0.0] * n for _ in range(n)]
    played = [[0] * n for _ in range(n)]
    failed = [[0] * n for _ in range(n)]
    for job, res in zip(jobs, results):
        a, b = job["entrants"]
        if res["error"] is not None:  # no result, not a draw
            failed[a][b] += 1
            failed[b][a] += 1
            continue
        played[a][b] += 1
        played[b][a] += 1
        winners = [job["entrants"][s] for s in res["winners"]]
        if not winners:
            score[a][b] += 0.5
            score[b][a] += 0.5
        else:
            for e in winners:
                other = b if e == a else a
                score[e][other] += 1.0 / len(winners)
    ratings = bradley_terry(score, played)
    pairs = []
    for i, j in combinations(range(n), 2):
        lo, hi = wilson(score[i][j], played[i][j])
        pairs.append({"bots": [bots[i], bots[j]], "games": played[i][j], "errors": failed[i][j],
                      "score": [score[i][j], score[j][i]],
                      "win_rate": round(score[i][j] / played[i][j], 4) if played[i][j] else None,
                      "ci95": [round(lo, 4), round(hi, 4)]})
    table = []
    for i in range(n):
        total = sum(played[i])
        points = sum(score[i])
        lo, hi = wilson(points, total)
        table.append({"bot": bots[i], "games": total, "points": points,
                      "win_rate": round(points / total, 4) if total else None,
                      "ci95": [round(lo, 4), round(hi, 4)], "rating": ratings[i]})
    digest = hashlib.sha256("".join(r["digest"] for r in results).encode()).hexdigest()
    return {"game": game, "variant": variant, "bots": list(bots), "games_per_pair": games, "seed": seed,
            "games": len(jobs), "errors": sum(r["error"] is not None for r in results),
            # scored as the game scores them (a draw, or the points), and counted here (a research audit: nothing
            # said how many games the turn or round limit ended, where selfplay leaves them out)
            "reached_limit": sum(bool(r.get("reached_limit")) for r in results),
            "error_messages": sorted({r["error"] for r in results if r["error"]})[:10],
            "standings": sorted(table, key=lambda r: (-r["rating"], r["bot"])), "pairs": pairs,
            "digest": digest}


def run(game: str, bots: Sequence[str], games: int = 10, seed: int = 0, variant: str | None = None,
        executor: str = "process", workers: int | None = None, address: str | None = None,
        progress: bool | None = None) -> dict:
    """Schedule, play and summarise a round robin (what `python -m games tournament --json` prints)."""
    bots = bot_names(registry.get(game), bots)  # the summary names them as the game does
    seed = as_seed(seed)
    jobs = schedule(game, bots, games, seed, variant)
    if progress is None:
        progress = sys.stderr.isatty()
    start = time.perf_counter()
    report = (lambda done: _bar(done, len(jobs), time.perf_counter() - start)) if progress else None
    results = execute(jobs, executor, workers, address, report)
    if progress:
        sys.stderr.write("\n")
    return summarise(game, jobs[0]["variant"], bots, games, seed, jobs, results)


def _bar(done: int, total: int, elapsed: float) -> None:
    width = 30
    filled = int(width * done / total)
    eta = elapsed / done * (total - done) if done else 0.0
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, "
                     f"{elapsed:.1f}s, eta {eta:.0f}s ")
    sys.stderr.flush()


def summary_text(s: dict) -> str:
    lines = [f"{s['game']} ({s['variant']}): round robin of {', '.join(s['bots'])}, "
             f"{s['games_per_pair']} game{'' if s['games_per_pair'] == 1 else 's'} a pair, seed {s['seed']}",
             f"{'bot':16s} {'rating':>7s} {'win rate':>9s}  95% interval   games"]
    for r in s["standings"]:
        lines.append(f"{r['bot']:16s} {r['rating']:7.1f} {_rate(r['win_rate']):>9s}  "
                     f"{r['ci95'][0]:.3f} to {r['ci95'][1]:.3f}  {r['games']:5d}")
    for p in s["pairs"]:
        a, b = p["bots"]
        failed = f"; {p['errors']} ended in an error, not counted" if p.get("errors") else ""
        lines.append(f"{a} against {b}: {p['score'][0]:g} to {p['score'][1]:g} "
                     f"({_rate(p['win_rate'])}, 95% {p['ci95'][0]:.3f} to {p['ci95'][1]:.3f}){failed}")
    unrated = " (not rated or scored)" if s["errors"] else ""
    if s.get("reached_limit"):
        n = s["reached_limit"]
        lines.append(f"{n} game{'' if n == 1 else 's'} ended at the game's turn or round limit, scored as the game "
                     "scores them")
    lines.append(f"errors {s['errors']}{unrated}, digest {s['digest'][:16]}")
    lines += [f"error: {m}" for m in s["error_messages"]]
    return "\n".join(lines)


def _rate(rate: float | None) -> str:
    return "n/a" if rate is None else f"{rate:.3f}"


def plot(s: dict, path: str) -> None:
    """A picture (PNG, SVG or PDF) of the ratings, as bars, and of each bot's win rate with its 95% interval."""
    try:
        import matplotlib
        from sim.arguments import picture_metadata
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ModuleNotFoundError:
        raise ConfigError("--plot needs matplotlib: pip install -e '.[bench]'") from None
    rows = s["standings"]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 0.6 * len(rows) + 2))
    names = [r["bot"] for r in rows][::-1]
    ratings = [r["rating"] for r in rows][::-1]
    ax1.barh(names, [r - 1500 for r in ratings], left=1500, color="#4477aa")
    for y, r in enumerate(ratings):
        ax1.annotate(f"{r:.0f}", (r, y), xytext=(4 if r >= 1500 else -4, 0), textcoords="offset points",
                     ha="left" if r >= 1500 else "right", va="center")
    span = max(abs(r - 1500) for r in ratings) * 1.25 + 50
    ax1.set_xlim(1500 - span, 1500 + span)
    ax1.axvline(1500, color="grey", lw=0.8)
    ax1.set_xlabel("rating (Bradley-Terry, Elo scale; mean 1500)")
    rates = [r["win_rate"] if r["win_rate"] is not None else 0.5 for r in rows][::-1]  # no game: the whole span
    lo = [rate - r["ci95"][0] for rate, r in zip(rates, rows[::-1])]
    hi = [r["ci95"][1] - rate for rate, r in zip(rates, rows[::-1])]
    ax2.errorbar(rates, names, xerr=[lo, hi], fmt="o", color="#ee6677", capsize=4)
    ax2.set_xlim(-0.02, 1.02)
    ax2.axvline(0.5, color="grey", lw=0.8)
    ax2.set_xlabel("win rate over all games, with 95% interval")
    fig.suptitle(f"{s['game']} ({s['variant']}): {s['games_per_pair']} game{'' if s['games_per_pair'] == 1 else 's'} "
                 f"a pair, seed {s['seed']}")
    fig.tight_layout()
    fig.savefig(path, dpi=100, metadata=picture_metadata(path))  # marked ours: a later --plot may replace it
    plt.close(fig)


def to_json(s: dict) -> str:
    return json.dumps(s, sort_keys=True)
