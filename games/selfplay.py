"""Bot-against-bot matches for measurement: win rates, speed, invariants and a replay digest."""

from __future__ import annotations

import hashlib
import sys
import time
from typing import Sequence

from . import registry
from .core import MAX_SEED, ConfigError, GameSpec, Seat, TERMINAL, as_seed, quoted
from .match import Match, state_digest

LAZY_DATA = {
    "jenga_dk": ("dk_spinner",),
    "jenga_mario": ("mario_spinner", "mario_items", "characters", "mario_rules"),
}
"""The games/jenga/data.py loaders of the data files a game reads only mid-game (a spinner at the first
spin, the item tiles at the first pull), by game."""


def check_data(game: str, variant: str | None = None) -> None:
    """Read the data files `game` would read only mid-game, so a damaged one is refused before the first
    game (an AssetError naming the file and the fault), not met in every game as a game error."""
    loaders = LAZY_DATA.get(game, ())
    if not loaders:
        return
    from .jenga import data

    for name in loaders:
        if name == "dk_spinner":
            data.dk_spinner(variant or "standard")  # the variant's spinner: they differ in the pink sections
        else:
            getattr(data, name)()


def check_seeds(seed: int, count: int) -> int:
    """Games take the seeds seed, seed+1, ..., seed+count-1: all of them must be seeds. Returns the seed as a
    plain int (a numpy integer is taken as its value, and never wraps round at 2**63)."""
    seed = as_seed(seed)
    last = seed + int(count) - 1
    if last > MAX_SEED:
        raise ConfigError(f"seed {seed} and {count} games: the last game's seed would be {last}, above the "
                          f"largest seed, {MAX_SEED}")
    return seed


def seats_for(spec: GameSpec, bots: Sequence[str]) -> list[Seat]:
    return [Seat(f"{b} {i + 1}", b) for i, b in enumerate(bots)]


def bot_names(spec: GameSpec, bots: Sequence[str]) -> list[str]:
    """The bots as the game spells them: a name in any case ('Greedy') is the game's bot of that name; an
    unknown one is kept as given, for make_config to refuse with the list of bots."""
    if isinstance(bots, (str, bytes)):
        raise ConfigError(f"bots is a list of bot names, e.g. ['random', 'greedy'], not the text {quoted(bots)}")
    return [spec.bot_named(b) or b for b in bots]


def play_one(spec: GameSpec, bots: Sequence[str], variant: str, seed: int,
             check_invariants: bool = True) -> dict:
    """One bots-only game; returns its outcome and counters (never raises for a game's own fault)."""
    config = spec.make_config(seats_for(spec, bots), variant)
    match = Match(config, seed)
    violations: list[str] = []
    error = None
    limit = match.state.max_length()
    try:
        while match.state.current_player() != TERMINAL:
            if len(match.history) >= limit:
                raise RuntimeError(f"the game did not end within its declared maximum of {limit} actions")
            match.step()
            if check_invariants:
                broken = match.state.invariant_violations()
                if broken:
                    violations.extend(f"after action {len(match.history)}: {b}" for b in broken)
    except Exception as exc:  # a bug in a game or a bot: count it, keep going
        error = f"{type(exc).__name__}: {exc}"
    state = match.state
    turns = getattr(state, "turn_count", None)
    # a game cut short by the game's own safety limit (rounds or turns), not ended by its rules
    limit_hit = getattr(state, "reached_limit", None)
    return {
        "finished": state.is_terminal(),
        "reached_limit": bool(state.is_terminal() and callable(limit_hit) and limit_hit()),
        "error": error,
        "violations": violations,
        "actions": len(match.history),
        "turns": turns() if callable(turns) else sum(1 for s in match.history if s.by >= 0),
        "winners": state.winners() if state.is_terminal() else [],
        "toppler": getattr(state, "toppler", None),  # the Jenga games: the seat that toppled the tower
        "returns": state.returns() if state.is_terminal() else [],
        "digest": state_digest(state),
    }


def run(game: str, games: int = 10, seed: int = 0, players: int | None = None, variant: str | None = None,
        bots: Sequence[str] | None = None, progress: bool | None = None, check_invariants: bool = True) -> dict:
    """Play `games` games with seeds seed, seed+1, ...; the summary selfplay --json prints."""
    spec = registry.get(game)
    if bots is None:
        bots = [spec.default_bot] * (players if players is not None else spec.min_players)
    elif players is not None and len(bots) == 1:
        bots = list(bots) * players
    bots = bot_names(spec, bots)
    spec.make_config(seats_for(spec, bots), variant)  # checks names and counts before any game runs
    variant = variant or spec.default_variant
    seed = check_seeds(seed, games)
    check_data(game, variant)
    if progress is None:
        progress = sys.stderr.isatty()
    start = time.perf_counter()
    results = []
    for i in range(games):
        results.append(play_one(spec, bots, variant, seed + i, check_invariants))
        if progress:
            _bar(i + 1, games, time.perf_counter() - start)
    if progress:
        sys.stderr.write("\n")
    wall = time.perf_counter() - start
    digest = hashlib.sha256("".join(r["digest"] for r in results).encode()).hexdigest()
    wins = [0] * len(bots)
    last = [0] * len(bots)
    toppled = [0] * len(bots)
    limit_wins = [0] * len(bots)
    for r in results:
        if r["reached_limit"]:  # reported on their own: the rules did not end these games
            for w in r["winners"]:
                limit_wins[w] += 1
            continue
        for w in r["winners"]:
            wins[w] += 1
        for seat in last_places(r["returns"]):
            last[seat] += 1
        if r.get("toppler") is not None:
            toppled[r["toppler"]] += 1
    return {
        "game": game,
        "variant": variant,
        "bots": list(bots),
        "games": games,
        "seed": seed,
        "finished": sum(r["finished"] for r in results),
        "errors": sum(r["error"] is not None for r in results),
        "error_messages": sorted({r["error"] for r in results if r["error"]})[:10],
        "invariant_violations": sum(len(r["violations"]) for r in results),
        "violation_examples": [v for r in results for v in r["violations"]][:10],
        "mean_turns": sum(r["turns"] for r in results) / games if games else 0.0,
        "mean_actions": sum(r["actions"] for r in results) / games if games else 0.0,
        "wall_s": round(wall, 4),
        "games_per_s": round(games / wall, 3) if wall > 0 else None,
        "wins_by_seat": wins,
        "last_by_seat": last,  # the seats with the lowest return (not always who toppled a tower)
        "toppled_by_seat": toppled,  # the Jenga games: how often each seat toppled the tower
        "reached_limit": sum(r["reached_limit"] for r in results),
        "reached_limit_seeds": [seed + i for i, r in enumerate(results) if r["reached_limit"]],
        "wins_by_seat_at_limit": limit_wins,
        "winners": [r["winners"] for r in results],
        "digest": digest,
    }


def last_places(returns: Sequence[float]) -> list[int]:
    """The seats that finished last: those with the lowest return, when not every seat has the same
    (in Jenga the player who toppled the tower, in a two-player game the loser)."""
    if not returns or min(returns) == max(returns):
        return []
    low = min(returns)
    return [seat for seat, value in enumerate(returns) if value == low]


def _bar(done: int, total: int, elapsed: float) -> None:
    width = 30
    filled = int(width * done / total)
    eta = elapsed / done * (total - done)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, {elapsed:.1f}s, eta {eta:.0f}s ")
    sys.stderr.flush()


def summary_text(s: dict) -> str:
    lines = [
        f"{s['game']} ({s['variant']}), bots {', '.join(s['bots'])}, seed {s['seed']}",
        f"games {s['games']}, finished {s['finished']}"
        + (f" ({s['reached_limit']} of them cut short by the game's limit)" if s["reached_limit"] else "")
        + f", errors {s['errors']}, "
        f"invariant violations {s['invariant_violations']}",
        f"mean turns completed {s['mean_turns']:.1f}, {s['games_per_s']} games/s ({s['wall_s']:.2f} s)",
        "wins by seat: " + ", ".join(f"{b} {i + 1}: {w}" for i, (b, w) in enumerate(zip(s["bots"], s["wins_by_seat"]))),
        "last by seat: " + ", ".join(f"{b} {i + 1}: {n}" for i, (b, n) in enumerate(zip(s["bots"], s["last_by_seat"]))),
    ]
    if any(s["toppled_by_seat"]):
        lines.append("toppled the tower, by seat: " + ", ".join(
            f"{b} {i + 1}: {n}" for i, (b, n) in enumerate(zip(s["bots"], s["toppled_by_seat"]))))
    if s["reached_limit"]:
        seeds = s["reached_limit_seeds"]
        shown = ", ".join(map(str, seeds[:10])) + (", ..." if len(seeds) > 10 else "")
        lines.append(f"cut short by the game's limit, not counted above: {s['reached_limit']} (seeds {shown}); "
                     "their wins by seat: " + ", ".join(map(str, s["wins_by_seat_at_limit"])))
    lines += [
        f"digest {s['digest'][:16]}",
    ]
    lines += [f"error: {m}" for m in s["error_messages"]]
    lines += [f"violation: {v}" for v in s["violation_examples"]]
    return "\n".join(lines)
