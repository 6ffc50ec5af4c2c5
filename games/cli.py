"""The `python -m games` command line: the launcher, list, selfplay, tournament and play."""

from __future__ import annotations

import argparse
import json
import sys

from . import registry
from .core import GameError, Seat
from .display import has_display
from .match import Match

PROG = "python -m games"


class _Parser(argparse.ArgumentParser):
    """Bad arguments: one clear line on stderr and exit code 2, never a usage dump or traceback."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: error: {message} (see --help)\n")
        sys.exit(2)


def _fail(message: str) -> int:
    sys.stderr.write(f"{PROG}: error: {message}\n")
    return 2


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"a seed is 0 or more, not {value}")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog=PROG, description="Kong Tabletop: with no command, opens the desktop launcher.")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    sub.add_parser("list", help="one line per playable game")

    sp = sub.add_parser("selfplay", help="play bot games and print a summary")
    sp.add_argument("game")
    sp.add_argument("--players", type=_positive, help="number of seats (default: the game's fewest)")
    sp.add_argument("--games", type=_positive, default=10, help="how many games (default 10)")
    sp.add_argument("--seed", type=_seed, default=0, help="seed of the first game; game i uses seed+i")
    sp.add_argument("--variant", help="rule variant (default: the game's default)")
    group = sp.add_mutually_exclusive_group()
    group.add_argument("--bot", help="the bot for every seat (default: random)")
    group.add_argument("--bots", help="one bot name per seat, comma separated")
    sp.add_argument("--json", action="store_true", help="print exactly one JSON object on stdout")
    sp.add_argument("--no-invariants", action="store_true", help="skip the invariant checks (faster)")

    tp = sub.add_parser("tournament", help="a round robin of bots: win rates, intervals and ratings")
    tp.add_argument("game")
    tp.add_argument("--bots", required=True, help="two or more bot names, comma separated")
    tp.add_argument("--games", type=_positive, default=20, help="games per pair of bots (default 20)")
    tp.add_argument("--seed", type=_seed, default=0, help="seed of the first game (default 0)")
    tp.add_argument("--variant", help="rule variant (default: the game's default)")
    tp.add_argument("--executor", choices=("process", "ray", "serial"), default="process",
                    help="where the games run: a local process pool (default), Ray, or this process")
    tp.add_argument("--workers", type=_positive, help="processes (or Ray CPUs) to use (default: all cores)")
    tp.add_argument("--address", help="a Ray cluster's address (default: RAY_ADDRESS, else a local Ray)")
    tp.add_argument("--json", action="store_true", help="print exactly one JSON object on stdout")
    tp.add_argument("--plot", metavar="PNG", help="write a picture of the ratings to this file")

    pl = sub.add_parser("play", help="start a game directly (in a window, or in the terminal without one)")
    pl.add_argument("game", nargs="?")
    pl.add_argument("--seats", help="one per seat, comma separated: 'human' or a bot name (default human,random)")
    pl.add_argument("--variant")
    pl.add_argument("--seed", type=_seed)
    pl.add_argument("--load", metavar="FILE", help="a saved match to continue")
    pl.add_argument("--terminal", action="store_true", help="play with a text board even if a window could open")
    return p


def cmd_list() -> int:
    for name, spec in registry.games().items():
        print(f"{name:14s} {spec.title}: {spec.summary}")
    return 0


def cmd_selfplay(args) -> int:
    from .selfplay import run, summary_text

    try:
        spec = registry.get(args.game)
        bots = None
        if args.bots:
            bots = [b.strip() for b in args.bots.split(",")]
            if args.players is not None and args.players != len(bots):
                return _fail(f"--players {args.players} but --bots names {len(bots)} bots")
        elif args.bot:
            bots = [args.bot] * (args.players or spec.min_players)
        summary = run(args.game, games=args.games, seed=args.seed, players=args.players, variant=args.variant,
                      bots=bots, check_invariants=not args.no_invariants)
    except GameError as exc:
        return _fail(str(exc))
    if args.json:
        print(json.dumps(summary))
    else:
        print(summary_text(summary))
    return 0


def cmd_tournament(args) -> int:
    from sim.executor import ExecutorError

    from . import tournament

    bots = [b.strip() for b in args.bots.split(",")]
    if any(not b for b in bots):
        return _fail(f"--bots has an empty name in {args.bots!r}")
    if args.plot:
        import importlib.util

        problem = _unwritable(args.plot)
        if problem:
            return _fail(f"--plot {args.plot}: {problem}")
        if importlib.util.find_spec("matplotlib") is None:
            return _fail("--plot needs matplotlib: pip install -e '.[bench]'")
    try:
        summary = tournament.run(args.game, bots, games=args.games, seed=args.seed, variant=args.variant,
                                 executor=args.executor, workers=args.workers, address=args.address)
        if args.plot:
            tournament.plot(summary, args.plot)
    except (GameError, ExecutorError) as exc:
        return _fail(str(exc))
    print(tournament.to_json(summary) if args.json else tournament.summary_text(summary))
    return 0


def _unwritable(path: str) -> str | None:
    """Why a file cannot be written at `path` (None when it can), checked before any work is done."""
    import os

    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return f"the folder {folder} does not exist"
    if os.path.isdir(path):
        return "that is a folder"
    if not os.access(folder, os.W_OK):
        return f"the folder {folder} cannot be written"
    return None


def _seats_from(text: str | None, spec) -> list[Seat]:
    names = [s.strip() for s in (text or f"human,{spec.default_bot}").split(",")]
    seats, people = [], 0
    for i, n in enumerate(names):
        if n == "human":
            people += 1
            seats.append(Seat(f"Player {people}"))
        else:
            seats.append(Seat(f"{n.capitalize()} bot {i + 1}", n))
    return seats


def cmd_play(args) -> int:
    import random

    try:
        if args.load:
            match = Match.load(args.load)
        else:
            if not args.game:
                return _fail("name a game to play (see: python -m games list), or give --load FILE")
            spec = registry.get(args.game)
            config = spec.make_config(_seats_from(args.seats, spec), args.variant)
            seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
            match = Match(config, seed)
    except GameError as exc:
        return _fail(str(exc))
    if not args.terminal and has_display():
        try:
            from render.app import run_match
        except ModuleNotFoundError:
            pass
        else:
            return run_match(match)
    from .terminal import play

    print(f"Seed {match.seed}. Type 'help' for the moves.")
    play(match)
    return 0


def cmd_launcher() -> int:
    if has_display():
        try:
            from render.app import run_launcher
        except ModuleNotFoundError:
            print("The desktop app is not built yet; showing a bots-only game in the terminal.")
        else:
            return run_launcher()
    else:
        print("No display found: showing a short bots-only game in the terminal instead of the window.")
    return demo()


def demo(out=sys.stdout) -> int:
    """A short bots-only game with a text board."""
    from .terminal import watch

    table = registry.games()
    if not table:
        print("No game is built yet.", file=out)
        return 0
    name = "donkey_kong" if "donkey_kong" in table else next(iter(table))
    spec = table[name]
    bots = list(spec.bots)
    strong = bots[-1]
    config = spec.make_config([Seat(f"{b.capitalize()} bot", b) for b in (strong, bots[0])][: spec.max_players])
    watch(Match(config, seed=1), out=out, every=10)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command is None:
            return cmd_launcher()
        if args.command == "list":
            return cmd_list()
        if args.command == "selfplay":
            return cmd_selfplay(args)
        if args.command == "play":
            return cmd_play(args)
        if args.command == "tournament":
            return cmd_tournament(args)
    except KeyboardInterrupt:
        return 130
    return _fail(f"unknown command {args.command!r}")
