"""The `python -m games` command line: the launcher, list, selfplay, tournament and play."""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys

from assets.reader import AssetError

from . import registry
from .core import MAX_SEED, ConfigError, GameError, Seat
from .display import has_display
from .match import Match
from .selfplay import check_data
from .words import after_echo, bot_title

PROG = "python -m games"


class _Parser(argparse.ArgumentParser):
    """Bad arguments: one clear line on stderr and exit code 2, never a usage dump or traceback. An option
    is taken only as written in full: argparse's abbreviations read a mistyped --seed as --seeds."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        message = " ".join(message.split())
        sys.stderr.write(f"{self.prog}: error: {message} (see --help)\n")
        sys.exit(2)


class _Counter:
    """A replay's progress on the terminal, rewritten in place ("... move 120 of 516") and its line ended
    after the last move, or by end() before a message when the replay stops short: a long Jenga match
    replays every push through the physics, for seconds in silence."""

    def __init__(self, words: str):
        self.words, self.open = words, False

    def __call__(self, done: int, total: int) -> None:
        if done == total or done % 10 == 0:
            sys.stderr.write(f"\r{self.words} {done} of {total}")
            self.open = done < total
            if not self.open:
                sys.stderr.write("\n")
            sys.stderr.flush()

    def end(self) -> None:
        if self.open:
            sys.stderr.write("\n")
            self.open = False


_SAYS = [PROG]
"""Who an error line names: the command once the arguments name one ("python -m games play"), as argparse's
own lines for that command do, so every error of one command starts alike."""


def _fail(message: str) -> int:
    message = " ".join(message.split())  # one line, whatever a file name or an argument held
    sys.stderr.write(f"{_SAYS[0]}: error: {message}\n")
    return 2


MOST = 1_000_000
"""The largest --games or --players taken (a mistyped huge number would run for ever)."""


def _shown(text: str) -> str:
    """An argument as a message quotes it: long ones cut short so the message stays one readable line."""
    text = text.replace("\n", " ")
    return repr(text) if len(text) <= 24 else f"{text[:20]!r}... ({len(text)} characters)"


def _whole(text: str, what: str, lo: int, hi: int) -> int:
    digits = text.strip()
    sign = digits[:1] in "+-" and digits[:1] != ""
    body = digits[1:] if sign else digits
    if not body or not (body.isascii() and body.isdigit()):
        raise argparse.ArgumentTypeError(f"{what} is a whole number, not {_shown(text)}")
    if len(body) > len(str(hi)) or not lo <= int(digits) <= hi:
        raise argparse.ArgumentTypeError(f"{what} is a whole number from {lo} to {hi}, not {_shown(text)}")
    return int(digits)


def _seed(text: str) -> int:
    if text.strip().startswith("-") and text.strip()[1:].isdigit():
        raise argparse.ArgumentTypeError(f"a seed is 0 or more, not {_shown(text)}")
    return _whole(text, "a seed", 0, MAX_SEED)


def _players(text: str) -> int:
    """--players: a whole number, checked against the game's own range afterwards ("donkey_kong is played by 2 to 4
    players, not 0"): 0 had been refused "from 1 to 1000000", beside that sentence for 1 (a bad-input audit)."""
    try:
        return _whole(text, "it", 0, MOST)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"expected the number of seats, a whole number, not {_shown(text)}") from None


def _positive(text: str) -> int:
    try:
        return _whole(text, "it", 1, MOST)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 to {MOST}, not {_shown(text)}") from None


MOST_WORKERS = 256
"""The most worker processes a tournament starts, as python -m sim's commands take (sim.arguments.MAX_WORKERS):
--workers 100000 was taken, and a pool of one a game would have started a thousand processes on two cores."""


def _workers(text: str) -> int:
    try:
        return _whole(text, "it", 1, MOST_WORKERS)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"expected a whole number of processes from 1 to {MOST_WORKERS}, "
                                         f"not {_shown(text)}") from None


GAME_HELP = "the game (see list): its name or title in any case, or words only it has: mario, classic, monkey"


def _name(text: str) -> str:
    """A game, variant, bot or file name: never blank (a blank one would silently mean the default)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a name, not an empty string")
    return text


def _picture(text: str) -> str:
    """--plot's picture file, checked before any game is played (sim.arguments.picture_problem, the check
    python -m sim bench makes too; imported here, so the other commands never load the simulator)."""
    from sim.arguments import picture_problem

    problem = picture_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog=PROG, description="Kong Tabletop: with no command, opens the desktop launcher.")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    sub.add_parser("list", help="one line per playable game, with its variants and bots",
                   description="One line per game: its name (what play, selfplay and tournament take), title and "
                               "summary, its rule variants (the default first) and its bots. A game whose data "
                               "files are damaged is listed as not playable, with the reason, and the exit "
                               "status is then 2.")

    sp = sub.add_parser(
        "selfplay", help="play bot games and print a summary",
        epilog="The summary: games played, finished (and how many the game's own turn limit cut short), errors "
               "(a bot's or the game's fault) and invariant violations; 'mean turns completed', the turns a game "
               "lasted, every seat's turns counted, averaged over the games; games/s, games a second of wall "
               "time, and the seconds in all; 'wins by seat', how many games each seat won (a shared win counts "
               "for each winner); 'last by seat', how many it finished last (the lowest return when not all are "
               "equal: in Jenga mostly the player who toppled the tower, in Super Mario Jenga the fewest coins); in "
               "Jenga 'toppled the tower, by seat'; and "
               "'digest', a hash of every game's final state, the same whenever the same games are played again. "
               "Exit code 1 when every game ended in an error (2: bad arguments).")
    sp.add_argument("game", type=_name, help=GAME_HELP)
    sp.add_argument("--players", type=_players, help="number of seats (default: the game's fewest)")
    sp.add_argument("--games", type=_positive, default=10, help="how many games (default 10)")
    sp.add_argument("--seed", type=_seed, default=0, help="seed of the first game; game i uses seed+i")
    sp.add_argument("--variant", type=_name, help="rule variant (default: the game's default)")
    group = sp.add_mutually_exclusive_group()
    group.add_argument("--bot", type=_name, help="the bot for every seat (default: random)")
    group.add_argument("--bots", type=_name, help="one bot name per seat, comma separated")
    sp.add_argument("--json", action="store_true", help="print exactly one JSON object on stdout")
    sp.add_argument("--no-invariants", action="store_true", help="skip the invariant checks (faster)")

    tp = sub.add_parser(
        "tournament", help="a round robin of bots: win rates, intervals and ratings",
        epilog="The table: each bot's rating, on the Elo scale (a Bradley-Terry fit of every game, the ratings' "
               "mean at 1500; 400 points apart, the stronger wins 10 games in 11); its win rate, the share of its "
               "games it won (a draw or a shared win counts half); the 95% interval of that rate (Wilson's); and "
               "its games. Then every pair's score, the first bot's points to the second's (a draw or a shared win "
               "half a point each), with its rate and interval; "
               "errors, games that ended in a bot's or the game's fault (counted, neither rated nor scored); and "
               "'digest', a hash of every game's actions, the same whichever executor ran them. Exit code 1 when "
               "every game ended in an error (nothing is then plotted; 2: bad arguments).")
    tp.add_argument("game", type=_name, help=GAME_HELP)
    tp.add_argument("--bots", required=True, help="two or more bot names, comma separated")
    tp.add_argument("--games", type=_positive, default=20, help="games per pair of bots (default 20)")
    tp.add_argument("--seed", type=_seed, default=0, help="seed of the first game (default 0)")
    tp.add_argument("--variant", type=_name, help="rule variant (default: the game's default)")
    tp.add_argument("--executor", choices=("process", "ray", "serial"), default="process",
                    help="where the games run: a local process pool (default), Ray, or this process")
    tp.add_argument("--workers", type=_workers,
                    help=f"processes (or Ray CPUs) to use, at most {MOST_WORKERS} (default: all cores)")
    tp.add_argument("--address", type=_name,
                    help="a Ray cluster's address, with --executor ray (default: RAY_ADDRESS, else a local Ray)")
    tp.add_argument("--json", action="store_true", help="print exactly one JSON object on stdout")
    tp.add_argument("--plot", metavar="PNG", type=_picture,
                    help="write a picture of the ratings to this file (.png, .svg or .pdf)")

    pl = sub.add_parser("play", help="start a game directly (in a window, or in the terminal without one)")
    pl.add_argument("game", nargs="?", type=_name,
                    help=f"the game: {', '.join(registry.names())} (`{PROG} list` shows each one's variants "
                         f"and bots), or its title, in any case, or words only it has (mario, classic, monkey); "
                         f"not needed with --load")
    pl.add_argument("--seats", type=_name,
                    help="one per seat, comma separated: 'human' or a bot name, in any case (default human,random)")
    pl.add_argument("--variant", type=_name, help="rule variant (default: the game's default; see list)")
    pl.add_argument("--seed", type=_seed,
                    help=f"0 to {MAX_SEED}: the same seed and moves give the same dice, cards and bot choices "
                         "(default: a random one, printed at the start)")
    pl.add_argument("--load", metavar="FILE", type=_name, help="a saved match to continue")
    pl.add_argument("--terminal", action="store_true", help="play with a text board even if a window could open")
    return p


def cmd_list() -> int:
    """One line per game: its name, title and summary, then its variants (the default first) and bots."""
    for name, spec in registry.games().items():
        variants = [spec.default_variant] + [v for v in spec.variants if v != spec.default_variant]
        print(f"{name:14s} {spec.title}: {spec.summary} [variants: {variants[0]} (default)"
              f"{''.join(', ' + v for v in variants[1:])}; bots: {', '.join(spec.bots)}]")
    for name, exc in registry.broken().items():
        print(f"{name:14s} cannot be played: {exc}")
    return 2 if registry.broken() else 0


def cmd_selfplay(args) -> int:
    from .selfplay import run, summary_text

    try:
        spec = registry.get(args.game)
        bots = None
        if args.bots:
            bots = [b.strip() for b in args.bots.split(",")]
            if args.players is not None and args.players != len(bots):
                return _fail(f"--players {args.players} but --bots names {len(bots)} bots")
            if args.players is None and not spec.min_players <= len(bots) <= spec.max_players:
                span = spec.players_span()
                named = f"{len(bots)} bot{'s' if len(bots) != 1 else ''}"
                # the example repeats the bot named, or the game's first bot when that one is not a bot of it
                example = bots[0] if bots[0] in spec.bots else next(iter(spec.bots))
                return _fail(f"--bots names {named}, one a seat, and {args.game} is played by {span} players: "
                             f"name {span} bots (e.g. --bots {','.join([example] * spec.min_players)})")
        elif args.bot is not None:
            bots = [args.bot] * (args.players or spec.min_players)
        summary = run(args.game, games=args.games, seed=args.seed, players=args.players, variant=args.variant,
                      bots=bots, check_invariants=not args.no_invariants)
    except (GameError, AssetError) as exc:
        return _fail(str(exc))
    if args.json:
        print(json.dumps(summary))
    else:
        print(summary_text(summary))
    return _none_played(summary)


def _none_played(summary: dict) -> int:
    """1 when every game ended in an error (nothing was played to report: a script read exit 0 and a summary of
    errors as success, a reliability audit), else 0; the summary says which games failed either way."""
    if summary["games"] and summary["errors"] >= summary["games"]:
        said = "; ".join(summary.get("error_messages", [])[:3])
        print(" ".join(f"{_SAYS[0]}: error: every game ended in an error{': ' + said if said else ''}".split()),
              file=sys.stderr)
        return 1
    return 0


def cmd_tournament(args) -> int:
    from sim.executor import ExecutorError

    from . import tournament

    if args.address is not None and args.executor != "ray":   # else it would be silently unused
        return _fail(f"--address names a Ray cluster, so it needs --executor ray (got --executor {args.executor})")
    if args.workers is not None and args.executor == "serial":   # as sim sweep refuses it (a research audit)
        return _fail("--workers sets the processes of --executor process or the CPUs of --executor ray; "
                     "--executor serial plays every game in this one process")
    bots = [b.strip() for b in args.bots.split(",")]
    if any(not b for b in bots):
        return _fail(f"--bots has an empty name in {args.bots!r}")
    pairs = len(bots) * (len(bots) - 1) // 2
    if pairs * args.games > MOST:   # every game is scheduled before the first starts: 4 GB for ten million
        return _fail(f"{pairs} pairings of {args.games} games is {pairs * args.games} games; a tournament "
                     f"plays at most {MOST} (fewer --games, or fewer bots)")
    if args.plot:
        import importlib.util

        if importlib.util.find_spec("matplotlib") is None:
            return _fail("--plot needs matplotlib: pip install -e '.[bench]'")
    try:
        summary = tournament.run(args.game, bots, games=args.games, seed=args.seed, variant=args.variant,
                                 executor=args.executor, workers=args.workers, address=args.address)
    except (GameError, ExecutorError) as exc:
        return _fail(str(exc))
    print(tournament.to_json(summary) if args.json else tournament.summary_text(summary))
    code = _none_played(summary)
    if code:
        return code  # nothing was played: no picture of ratings that no game made
    if args.plot:
        sys.stdout.flush()  # the results are out before the picture is tried
        try:
            tournament.plot(summary, args.plot)
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            from sim.arguments import path_shown

            return _fail(f"the results are above, but the plot could not be written to {path_shown(args.plot)}: "
                         f"{reason}")
    return code


def _seats_from(text: str | None, spec) -> list[Seat]:
    names = [s.strip() for s in (text or f"human,{spec.default_bot}").split(",")]
    seats = []
    for i, n in enumerate(names):
        bot = spec.bot_named(n)  # any case: RANDOM is random
        if n.lower() == "human":
            # Named by the seat, as a bot is: a person in seat 2 is "Player 2", the number on their badge
            # (counted among the people, a person after a bot was "Player 1" wearing a 2).
            seats.append(Seat(f"Player {i + 1}"))
        elif bot is None:
            raise ConfigError(f"unknown seat {_shown(n)} for {spec.name}; each seat is 'human' or a bot: "
                              f"{', '.join(spec.bots)}")
        else:
            seats.append(Seat(f"{bot_title(bot)} {i + 1}", bot))
    return seats


def _load_clash(args, game: str) -> str | None:
    """--load continues a saved match as it was: the arguments of a new game would be silently ignored."""
    given = [what for what, value in (("--seats", args.seats), ("--seed", args.seed), ("--variant", args.variant))
             if value is not None]
    if args.game is not None and args.game != game:
        given.insert(0, f"the game name {_shown(args.game)} (the file holds a {game} match)")
    if not given:
        return None
    return (f"--load continues a saved match with its own game, seats, seed and variant, so it cannot be "
            f"combined with {' or '.join(given)}")


def cmd_play(args) -> int:
    import random

    try:
        if args.load:
            counter = _Counter(f"Opening {args.load}: replaying move") if sys.stderr.isatty() else None
            try:
                match = Match.load(args.load, progress=counter)
            finally:
                if counter is not None:
                    counter.end()
            problem = _load_clash(args, match.config.game)
            if problem:
                return _fail(problem)
        else:
            if not args.game:
                return _fail("name a game to play (see: python -m games list), or give --load FILE")
            spec = registry.get(args.game)
            config = spec.make_config(_seats_from(args.seats, spec), args.variant)
            seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
            match = Match(config, seed)
        check_data(match.config.game, match.config.variant)
    except (GameError, AssetError) as exc:
        return _fail(str(exc))
    instead = ""
    if not args.terminal and has_display():
        try:
            from render.app import run_match
        except ModuleNotFoundError:
            instead = "The window needs pygame, which is not installed: playing in the terminal instead. "
        else:
            return run_match(match, opened=args.load)
    elif not args.terminal:
        # said, as the launcher says it (a terminal audit: the text game came with no word why)
        instead = "No display found: playing in the terminal instead of the window. "
    from .terminal import play

    from .terminal import opening_line

    print(f"{instead}{opening_line(match)}")
    play(match, loaded=args.load)
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
        print("No display found: showing a bots-only game in the terminal instead of the window.")
    return demo()


def demo(out=None) -> int:
    """A whole bots-only game with a text board (no display to open the window on)."""
    from .terminal import output_or_stdout, watch

    out = output_or_stdout(out)

    table = registry.games()
    if not table:
        print("No game is built yet.", file=out)
        return 0
    name = "donkey_kong" if "donkey_kong" in table else next(iter(table))
    spec = table[name]
    bots = list(spec.bots)
    strong = bots[-1]
    config = spec.make_config([Seat(bot_title(b), b) for b in (strong, bots[0])][: spec.max_players])
    watch(Match(config, seed=1), out=out, every=10)
    return 0


COMMANDS = {None: lambda args: cmd_launcher(), "list": lambda args: cmd_list(), "selfplay": cmd_selfplay,
            "play": cmd_play, "tournament": cmd_tournament}


def main(argv: list[str] | None = None) -> int:
    if sys.stdout is None:
        # started with its output closed (`>&-`): the null device stands in, so the output written and
        # input()'s prompts go nowhere instead of failing (input() refused every move: a regression audit)
        sys.stdout = open(os.devnull, "w")
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    _SAYS[0] = f"{PROG} {args.command}" if args.command in COMMANDS and args.command else PROG
    words = list(sys.argv[1:] if argv is None else argv)
    if extra and args.command in words and any(e in words[:words.index(args.command)] for e in extra):
        _SAYS[0] = PROG  # an option before the command is the program's, not the command's (a regression audit)
    if extra:  # argparse's own words, from the command's parser rather than the program's (a regression audit)
        return _fail(f"unrecognized arguments: {' '.join(extra)} (see --help)")
    if args.command not in COMMANDS:
        return _fail(f"unknown command {args.command!r}")
    if getattr(args, "game", None) is not None:
        try:  # "Mario", "jenga-dk" or "Donkey Kong Jenga" name one game: every command then reads its own name
            args.game = registry.canonical(args.game)
            if getattr(args, "variant", None):  # any case, and - for _, as game and bot names are read
                known = {v.lower().replace("-", "_"): v for v in registry.get(args.game).variants}
                args.variant = known.get(args.variant.lower().replace("-", "_"), args.variant)
        except (GameError, AssetError) as exc:  # a damaged asset is met here first (an audit: a traceback)
            return _fail(str(exc))
    try:
        code = COMMANDS[args.command](args)
        sys.stdout.flush()
        return code
    except KeyboardInterrupt as exc:
        from .terminal import Hangup

        hangup = isinstance(exc, Hangup)  # the terminal closed (SIGHUP) or a kill (SIGTERM): the game was kept
        try:
            sys.stderr.write(f"{after_echo(sys.stderr)}{PROG}: {'stopped by ' + str(exc) if hangup else 'interrupted'}\n")
        except (OSError, ValueError, AttributeError):  # no terminal left to say it on
            pass
        return 128 + (int(getattr(signal, str(exc), signal.SIGTERM)) if hangup else signal.SIGINT)
    except AssetError as exc:  # a damaged data file under assets/, met when a game is first loaded
        return _fail(str(exc))
    except BrokenPipeError:  # the reader went away (`... | head`): nothing more to say, and no one to say it to
        _quiet_stdout()
        return 141
    except OSError as exc:  # the output could not be written: a full disk, a lost terminal
        if exc.filename is not None:
            return _fail(f"cannot use {exc.filename}: {exc.strerror or exc}")
        _quiet_stdout()
        return _fail(f"cannot write the output ({exc.strerror or exc})")


def _quiet_stdout() -> None:
    """Point stdout at the null device, so Python's own flush at exit has nowhere to fail."""
    import os

    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a file here (a test's capture)
        pass
