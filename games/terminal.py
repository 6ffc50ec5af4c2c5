"""Play in a terminal with a text board: the fallback when there is no display.

People type their action (or its number in the list, 1 to the number of actions `help` shows); `help`
(the actions open now), `rules` (the game's rules as this table plays them, the variant's own), `undo`,
`redo`, `save FILE` and `quit` do what they say. Bots and dice play by themselves.

`save FILE` writes a new file, or replaces a Kong Tabletop match file of that name and says so (saving
the same game again as it goes on is the usual case); it never replaces any other file (notes, a
picture, anything that is not a match): it refuses in one line and asks for another name. The file is
written atomically (a temporary file in the same folder, renamed over it), so a crash never leaves
half a save.

A game is never lost by leaving: `quit` with moves not yet saved asks for `save FILE` or a second
`quit`, and when the input ends, Ctrl-C stops the program, the terminal is closed (SIGHUP, or SIGTERM) or
the output goes away (a closed pipe) with moves not saved, the game is kept among the app's saved matches;
so is a game that ends with moves of a person's not saved. The result's last line says why the game ended
as it did (games.outcome, the window's words).
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import sys
import threading
from pathlib import Path
from typing import Callable, TextIO

from assets.reader import AssetError, read_json

from .core import CHANCE, ActionSyntaxError, GameError, IllegalActionError, TERMINAL
from .match import Match, is_match_file, saved_game_and_seed, write_atomic
from .outcome import result_reason
from .words import joined, write_fault


def show_result(match: Match, out: TextIO) -> None:
    state = match.state
    names = [s.name for s in match.config.seats]
    scores = ", ".join(f"{n}: {r:g}" for n, r in zip(names, state.returns()))
    winners = joined([names[w] for w in state.winners()]) or "nobody"
    out.write(f"\nGame over. Scores: {scores}. Winner: {winners}.\n")
    reason = result_reason(match)  # the window's sentence: who toppled the tower, who rescued the Maiden...
    if reason:
        out.write(reason + "\n")


def output_or_stdout(out: TextIO | None) -> TextIO:
    """`out`, or the standard output as it is now (not as it was at import: a test may swap it, and
    games.cli.main puts the null device there when the program was started with its output closed)."""
    return out if out is not None else sys.stdout


def opening_line(match: Match) -> str:
    """The terminal game's first line: the game and its variant, the seed, and how to see the moves. The game is
    named first: "jenga" plays traditional Jenga and "mario" Super Mario Jenga, and the line said only the seed,
    so a short name's game was found out from the moves (a terminal audit)."""
    from . import registry

    spec = registry.get(match.config.game)
    variant = f", variant {match.config.variant}" if len(spec.variants) > 1 else ""
    return f"{spec.title} ({match.config.game}{variant}), seed {match.seed}. Type 'help' for the moves."


def _wording_state(match: Match):
    """A copy of the position a step is decided in, which its words are read from, as the window's log reads them
    (Super Mario's 'target 2' is a steal or a move down by the item's effect waiting, and 'drop' puts the peg of
    the seat first among those moving: worded after the step, a star's last steal read "target 1 (...)", and a
    peg put back was named as the next one's or as "the peg": regression audits)."""
    return match.state.clone()


def watch(match: Match, out: TextIO | None = None, every: int = 1) -> None:
    """Let bots play to the end, printing the board after every `every`-th decision."""
    out = output_or_stdout(out)
    decisions = 0
    out.write(str(match.state) + "\n")
    while not match.is_over():
        before = _wording_state(match)
        step = match.step()
        if step is None:
            raise GameError("a person must decide; watch() plays bots only")
        if step.by >= 0:
            decisions += 1
            out.write(f"{match.state.seat_name(step.by)}: {(before or match.state).action_to_string(step.action)}\n")
            if decisions % every == 0:
                out.write(str(match.state) + "\n")
    out.write(str(match.state) + "\n")
    show_result(match, out)


def play(match: Match, read: Callable[[str], str] = input, out: TextIO | None = None,
         loaded: str | os.PathLike | None = None) -> None:
    """Interactive play: people type, bots and chance move by themselves. `loaded`: the file the match was
    loaded from (a game the terminal kept goes on in it)."""
    out = output_or_stdout(out)
    shown = None
    saved_at = list(match.history)  # the history a save holds (a loaded match is its file)
    # keeps the game as it goes among the saved matches: a hard kill loses nothing
    keeper = _Keeper(match, Path(loaded) if loaded is not None else None)
    previous = _signals_leave()
    try:
        warned = False  # `quit` said the moves are not saved; a second `quit` leaves all the same
        confirm_replace = None  # `save FILE` said FILE holds another match; the same again replaces it
        warned_step = None  # (history length, action) of the action whose warning was said (state.warning)

        def confirmed(action: str) -> bool:
            """An action with a warning (state.warning: a Monkey Dash Heave that wins the game for the other
            player) is played when typed a second time; the first time its warning is said."""
            nonlocal warned_step
            words = match.state.warning(action)
            if not words or warned_step == (len(match.history), action):
                return True
            warned_step = (len(match.history), action)
            out.write(f"{words[0].upper()}{words[1:]}: type it again to play it anyway.\n")
            return False

        def played(action: str) -> None:
            """A person's action played, and what it felt like when the game says (a Jenga touch)."""
            match.play(action)
            _say_reading(match, action, out)

        while not match.is_over():
            for _ in range(100000):
                # a spinner's result is the turn's orders, worded in the position it is spun in: the board's few
                # log lines had let a bot's spin scroll away, and nobody could tell why it took two blocks (a
                # terminal audit)
                before = match.state.clone() if getattr(match.state, "phase", "") == "spin" else _wording_state(match)
                step = match.step()
                if step is None:
                    break
                if before is not None and step.action.startswith("spin "):
                    out.write(f"Chance: {before.action_to_string(step.action)}\n")
                elif before is not None and step.by == CHANCE:
                    rolled = _dice_line(before, match.state)
                    if rolled:
                        out.write(f"Chance: {rolled}\n")
                if step.by >= 0:
                    said = (before or match.state).action_to_string(step.action)
                    out.write(f"{match.state.seat_name(step.by)}: {said}\n")
                    _say_reading(match, step.action, out)
            if match.is_over():
                break
            if _unsaved(match, saved_at):
                keeper.keep(match, out)
            else:
                keeper.forget()  # back to what was saved (undo): a copy of moves undone is not a game to keep
            state = match.state
            seat = state.current_player()
            if shown != len(match.history):
                out.write("\n" + str(state) + "\n")
                shown = len(match.history)
            legal = state.legal_actions()
            try:
                text = read(f"{state.seat_name(seat)} (type an action, a number, or help)> ").strip()
            except (EOFError, RuntimeError):  # RuntimeError: input() with no stdin at all ("lost sys.stdin")
                if _unsaved(match, saved_at):
                    said = _keep(match, path=keeper.path)
                else:
                    said = "leaving the game."
                    keeper.forget()  # a copy of moves since undone: nothing to keep
                saved_at = list(match.history)  # kept once: an output that then fails (below) keeps nothing again
                out.write("\nInput closed; " + said + "\n")
                return
            if not text:
                continue
            word, _, rest = text.partition(" ")
            if word not in ("quit", "exit"):
                warned = False
            if word != "save":
                confirm_replace = None
            try:
                if word in ("quit", "exit"):
                    if _unsaved(match, saved_at) and not warned:
                        warned = True
                        out.write("Your moves since the last save are not saved: type 'save FILE' to keep the game, "
                                  f"or '{word}' again to leave without it.\n")
                        continue
                    if _unsaved(match, saved_at) and keeper.path is not None:
                        # said, not done in silence (a terminal audit: the kept copy vanished without a word)
                        loaded = keeper.origin is not None and keeper.path == keeper.origin[0]
                        out.write("Left without saving, as asked: " + (f"{keeper.path.name} is put back as it was "
                                  "loaded.\n" if loaded else "the copy kept as the game went is removed.\n"))
                    keeper.forget()  # left without it, as asked: the copy kept as the game went goes too
                    return
                if word in ("help", "?"):
                    warnings = [state.warning(a) for a in legal]
                    hint = state.typing_hint()
                    if hint:  # first: under a Jenga tower's 300 numbered pushes it scrolled away (a terminal audit)
                        out.write(f"  {hint[:1].upper()}{hint[1:]}; or a number of the {len(legal)} below.\n")
                    out.write("\n".join(f"  {i + 1}. {state.action_to_string(a)}" + (f" (⚠ {w})" if w else "")
                                        for i, (a, w) in enumerate(zip(legal, warnings))))
                    if hint:
                        out.write(f"\n  Or {hint}.")
                    out.write("\n  undo, redo, save FILE, rules, quit\n"
                              "  (save FILE writes a new file or replaces a saved match, one of another game or seed only when\n"
                              "  asked twice; it never replaces another file)\n")
                elif word == "rules":
                    spec = match.spec
                    out.write((spec.help_text(match.config.variant) if spec.help_text is not None
                               else spec.summary).rstrip() + "\n")
                elif word == "undo":
                    depth = _undo_depth(match)
                    if depth is None:
                        out.write(_undo_refusal(match) + "\n")
                        continue
                    for _ in range(depth):  # a person's last decision, with the bots' replies after it
                        match.undo()
                    shown = None
                elif word == "redo":
                    match.redo()
                    shown = None
                elif word == "save":
                    rest = _unquoted(rest)
                    if not rest:
                        out.write("save needs a file name: save my-game.json\n")
                    else:
                        where = os.path.expanduser(rest)  # '~/x.json' is the home's (a terminal audit)
                        refusal = _not_replaced(where) if "\0" not in where else (
                            "Cannot save to that name: it holds a NUL character (Ctrl+@ or Ctrl+Space types one); "
                            "give another name.")
                        if refusal:
                            out.write(refusal + "\n")
                            continue
                        other = _another_match(where, match)
                        if other and confirm_replace != where:
                            # an audit's terminal save replaced a Donkey Kong match with a Monkey Dash one
                            # at once: a match of another game or seed is replaced only when asked twice
                            confirm_replace = where
                            out.write(f"{where} holds another match ({other}): type 'save {where}' again to "
                                      f"replace it, or give another name, such as {_free_name(where)}.\n")
                            continue
                        confirm_replace = None
                        replacing = os.path.isfile(where)
                        try:
                            match.save(where)
                        except OSError as exc:
                            out.write(f"Cannot save to {where}: {write_fault(exc, where)}.\n")
                            continue
                        saved_at = list(match.history)
                        keeper.forget(saved_to=where)  # the game is in the file named: no second copy kept
                        out.write(f"saved to {where}" + (" (it replaced the match saved there before)" if replacing
                                                          else "") + "\n")
                elif _number(text, len(legal)):
                    if confirmed(legal[int(text) - 1]):
                        played(legal[int(text) - 1])
                elif text.isascii() and text.isdigit():
                    try:  # a game whose actions are numbers takes them as typed
                        action = state.string_to_action(text)
                    except GameError:
                        number = repr(text) if len(text) <= 12 else f"'{text[:8]}...' ({len(text)} digits)"
                        choices = ("the only action now is number 1" if len(legal) == 1
                                   else f"the actions are numbered 1 to {len(legal)}")
                        out.write(f"{number} names no action available now: {choices} (type help to list them).\n")
                        continue
                    if confirmed(action):
                        played(action)
                else:
                    try:
                        action = state.string_to_action(text)
                    except ActionSyntaxError as exc:
                        raise _named_refusal(state, text) or exc
                    if confirmed(action):
                        played(action)
            except (GameError, OSError) as exc:
                out.write(f"{_short(str(exc), text)}\n")
        if match.state.current_player() == TERMINAL:
            out.write(str(match.state) + "\n")
            show_result(match, out)
    except KeyboardInterrupt:
        # Ctrl-C is how many leave a terminal program: the moves made are kept as at the end of the input
        # (an audit: they were lost, though leaving never loses a game), and the command says it stopped.
        # Closing the terminal (SIGHUP) or a kill (SIGTERM) comes here too (_signals_leave), and so does
        # the output going away (a pipe closed, a lost terminal: OSError), where nothing can be said.
        if _unsaved(match, saved_at):
            _say_if_possible(out, "\nInterrupted; " + _keep(match, path=keeper.path) + "\n")
        raise
    except OSError:
        if _unsaved(match, saved_at):
            said = _keep(match, path=keeper.path)
            _say_if_possible(sys.stderr, f"The output was lost; {said}\n")
        raise
    finally:
        _signals_leave(previous)
    if match.is_over() and _decided_since(match, saved_at):
        # a finished game cannot be saved from here any more (the program ends with it): it is kept, as
        # the window keeps one, among the saved matches (an audit: "save FILE" after the end was never read)
        said = _keep(match, finished=True, path=keeper.path)
        out.write(said[:1].upper() + said[1:] + "\n")


class Hangup(KeyboardInterrupt):
    """The terminal was closed (SIGHUP) or the program asked to stop (SIGTERM) during a game."""


def _hang_up(signum, frame):
    raise Hangup(signal.Signals(signum).name)


def _signals_leave(previous: dict | None = None) -> dict:
    """While a game is played, SIGHUP and SIGTERM leave it as Ctrl-C does (the game is kept): closing the
    terminal window killed the program with the moves made lost (a bad-input audit). With `previous`, the
    handlers there are put back. Only the main thread may set handlers; elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    if previous is not None:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        return {}
    kept = {}
    for name in ("SIGHUP", "SIGTERM"):
        signum = getattr(signal, name, None)
        if signum is not None:
            kept[signum] = signal.signal(signum, _hang_up)
    return kept


def _dice_line(before, state) -> str:
    """The dice a chance step rolled, in words ("Ann's dice: Mario 6, obstacles 3"), or "": a game of bots in the
    terminal printed their moves and never the dice they were moved by (a bots audit could not tell why a bot
    went back or moved one space)."""
    shown = getattr(state, "dice_shown", None)
    pending = getattr(before, "pending_decision", None)
    if not callable(shown) or shown() is None or not callable(pending) or pending().get("kind") != "roll":
        return ""
    from .donkey_kong.help import dice_words

    return f"{before.seat_name(before.turn_owner())}'s {dice_words(*shown(), state.config.variant)}"


def _say_reading(match: Match, action: str, out: TextIO) -> None:
    """What the step just played felt like, when the game says (a Jenga touch: loose or held)."""
    reading = getattr(match.state, "step_reading", None)
    said = reading(action) if callable(reading) else ""
    if said:
        out.write(said + "\n")


def _say_if_possible(out: TextIO, words: str) -> None:
    """Write to an output that may be gone (a closed terminal or pipe): then nothing is said."""
    try:
        out.write(words)
        out.flush()
    except (OSError, ValueError):
        pass


def _named_refusal(state, text: str) -> IllegalActionError | None:
    """Why the rules refuse `text` when it is written as an action of the game, though not one allowed now
    ("'character mario': another player has that card"), or None when it names no action at all. The
    terminal said only that the text "names no action available now", so the reasons the engine gives (the
    window never offers such an action) never reached a player who typed one (a rules audit)."""
    try:
        state.check_action(text.strip())
    except ActionSyntaxError:
        return None
    except IllegalActionError as exc:
        return exc
    return None


def _unsaved(match: Match, saved_at: list) -> bool:
    """Whether someone made a decision since the last save in a game still going (dice and bots alone are
    replayed from the seed and the decisions; a finished game is kept when it ends: play)."""
    return not match.is_over() and _decided_since(match, saved_at)


def _decided_since(match: Match, saved_at: list) -> bool:
    """Whether the history holds a person's decision the last save (its steps, `saved_at`) does not: after the
    steps the two share. A move made in place of one undone after a save is one (a regression audit: counted
    from the save's length, it was neither kept nor warned about)."""
    people = _people(match)
    shared = 0
    for mine, kept in zip(match.history, saved_at):
        if (mine.by, mine.action) != (kept.by, kept.action):
            break
        shared += 1
    return any(step.by in people for step in match.history[shared:])


def _not_replaced(where: str) -> str | None:
    """Why `save` must not write to `where`: a file is there that is not a Kong Tabletop match (the
    sentence to show), or None. A match file there is replaced, and a folder or a missing folder is for
    the save itself to report."""
    if not os.path.lexists(where) or os.path.isdir(where):
        return None
    if not os.path.isfile(where):  # a link that leads nowhere, a pipe, a device: not "a file" (an audit)
        what = "a link that leads to no file" if os.path.islink(where) else "not a regular file"
        return f"Not saved: {where} is {what}; give another name, such as {_free_name(where)}."
    if is_match_file(where):
        return None
    return (f"Not saved: {where} is a file but not a Kong Tabletop match, and save replaces only a match "
            f"file; give another name, such as {_free_name(where)}.")


def _another_match(where: str, match: Match) -> str | None:
    """The match file at `where`, if it holds a match of another game or another seed than `match`, in a
    few words ("Donkey Kong, seed 4"); None for a file of this match (saved earlier), or none there."""
    saved = saved_game_and_seed(where)
    if saved is None:
        return None
    game, seed = saved
    if game == match.config.game and seed == match.seed:
        return None
    from . import registry

    try:
        title = registry.get(game).title if isinstance(game, str) else "an unknown game"
    except GameError:
        title = str(game)[:40]
    return f"{title}, seed {seed}" if isinstance(seed, int) else title


def _free_name(where: str) -> str:
    """A file name beside `where` that is not taken: my-game.json in its folder, else my-game-2.json, ..."""
    folder = os.path.dirname(where)
    n = 1
    while True:
        name = os.path.join(folder, "my-game.json" if n == 1 else f"my-game-{n}.json")
        if not os.path.lexists(name):
            return name
        n += 1


class _Keeper:
    """The game kept as it goes: after each person's decision (and the bots' and chance's replies to it) the
    match is written, atomically, to one file among the app's saved matches, chosen at the first. Leaving
    keeps the game in that same file; a kill that leaves no time for that (kill -9, a power cut) finds it
    there as of the last decision (a reliability audit: the terminal wrote nothing until it was left, and a
    hard kill lost every move). A write that fails is said once; the game goes on."""

    def __init__(self, match: Match | None = None, loaded: Path | None = None):
        self.path: Path | None = None
        self.failed = False
        self.kept: tuple | None = None  # the history the file holds (its length and last step)
        # a game the terminal kept earlier, loaded to go on with, goes on in its own file (an audit found a new
        # copy among the saved matches each time such a game was continued), which leaving without keeping
        # the moves puts back as it was
        self.origin: tuple[Path, str] | None = None
        self.changed = False  # the loaded game's own file holds moves since it was loaded
        if match is not None and loaded is not None and _kept_here(loaded):
            try:
                self.origin = (loaded, loaded.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                self.origin = None
            else:
                self.path, self.kept = loaded, self._held(match)

    @staticmethod
    def _held(match: Match) -> tuple:
        return (len(match.history), id(match.history[-1]) if match.history else None)

    def keep(self, match: Match, out: TextIO) -> None:
        held = self._held(match)
        if self.failed or (self.path is not None and held == self.kept):
            return
        try:
            if self.path is None:  # a new file, never one another process took at the same moment (a saves audit)
                self.path = _keep_new(match)
            else:
                match.save(self.path)
            self.kept = held
            self.changed = True
            _note_kept(self.path, match.to_json()["checksum"])
        except (OSError, GameError) as exc:
            self.failed = True
            fault = write_fault(exc, str(self.path) if self.path else None) if isinstance(exc, OSError) else str(exc)
            out.write(f"Your moves cannot be kept as you play ({fault}): type 'save FILE' to keep the game.\n")

    def forget(self, saved_to: str | os.PathLike | None = None) -> None:
        """The game is saved elsewhere (saved_to), or left without keeping it: the copy kept as it went is taken
        away; a loaded game's own file is put back as it was loaded, unless the game was just saved into it."""
        if self.path is None:
            return
        if self.origin is not None and self.path == self.origin[0]:
            if saved_to is not None and Path(saved_to).resolve() == self.path.resolve():
                self.origin = (self.path, self.path.read_text(encoding="utf-8"))  # saved into it: as it is now
                _note_kept(self.path, _file_checksum(self.path))
            elif self.changed:
                try:
                    write_atomic(self.path, self.origin[1])
                    _note_kept(self.path, _file_checksum(self.path))
                except OSError:
                    pass
            self.kept, self.changed = None, False
            return
        try:
            os.unlink(self.path)
        except OSError:
            pass
        _note_kept(self.path, None)
        self.path = self.kept = None


KEPT_LEDGER = "terminal-kept.json"
"""In the app's data folder: the files the terminal kept its games in as they went, each with the checksum it
wrote last. Only such a file, unchanged since, is gone on with in place when loaded again: the window's Ctrl+S
names its saves the same way, and a continuation had overwritten one (a regression audit)."""


def _ledger_path() -> Path | None:
    try:
        from render.storage import data_dir  # files only: no pygame

        return data_dir() / KEPT_LEDGER
    except (ImportError, OSError):
        return None


def _ledger() -> dict:
    path = _ledger_path()
    try:
        files = read_json(path).get("files") if path is not None and path.is_file() else None
    except (AssetError, OSError):  # a damaged ledger is no ledger: a kept game is then gone on with in a new file
        files = None
    return {k: v for k, v in files.items() if isinstance(k, str) and isinstance(v, str)} \
        if isinstance(files, dict) else {}


def _note_kept(path: Path, checksum: str | None) -> None:
    """Write down (checksum) or strike out (None) a file the terminal keeps a game in; files gone are struck."""
    ledger_path = _ledger_path()
    if ledger_path is None:
        return
    files = {k: v for k, v in _ledger().items() if os.path.exists(k)}
    key = str(path.resolve())
    if checksum is None:
        files.pop(key, None)
    else:
        files[key] = checksum
    try:
        write_atomic(ledger_path, json.dumps({"files": files}, indent=1, sort_keys=True))
    except OSError:
        pass


def _file_checksum(path: Path) -> str | None:
    try:
        data = read_json(path)
    except (AssetError, OSError):
        return None
    checksum = data.get("checksum")
    return checksum if isinstance(checksum, str) else None


def _kept_here(path: Path) -> bool:
    """Whether a file is one the terminal kept a game in as it went, unchanged since (not a save of the
    window's, nor one a person named)."""
    try:
        recorded = _ledger().get(str(path.resolve()))
    except OSError:
        return False
    return recorded is not None and recorded == _file_checksum(path)


def _unquoted(text: str) -> str:
    """A file name as typed after 'save': its spaces around it and one pair of quotes around it, as a shell
    would take them, left off ('save "my game.json"' wrote a file whose name held the quotes: a saves audit)."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1].strip()
    return text


def _keep_new(match: Match) -> Path:
    """Save `match` as a new file among the app's saved matches for this game (else in the current folder),
    never over a file that is there or that another process writes meanwhile; the path written."""
    try:
        from render.storage import save_new  # the app's own folder (no pygame: files only)
    except ImportError:  # a fresh name in the current folder
        for n in itertools.count(1):
            path = Path(f"{match.config.game}-unsaved{'' if n == 1 else f'-{n}'}.json").resolve()
            if os.path.lexists(path):
                continue
            try:
                match.save(path, fresh=True)
            except FileExistsError:
                continue
            return path
    return save_new(match.config.game, lambda p: match.save(p, fresh=True))


def _keep(match: Match, finished: bool = False, path: Path | None = None) -> str:
    """Save a game left with moves not saved (or a `finished` one) among the app's saved matches (the
    launcher lists them), in `path` when the game was kept there as it went; the sentence that says where,
    or why it could not be."""
    try:
        if path is None:
            path = _keep_new(match)
        else:
            match.save(path)
    except OSError as exc:
        return (f"your {'finished ' if finished else ''}game could not be kept "
                f"({write_fault(exc, str(path) if path else None)}).")
    _note_kept(Path(path), match.to_json()["checksum"])  # the terminal's own: loaded again, it goes on in it
    if finished:
        kept = f"your finished game is kept as {path} (open it with: python -m games play --load \"{path}\")."
    else:
        kept = f"your game is kept as {path} (continue it with: python -m games play --load \"{path}\")."
    try:  # the app's data folder could not be used: say so, and that this one is not kept (an audit)
        from render.storage import folder_notes

        notes = " ".join(folder_notes())
    except ImportError:
        notes = ""
    return f"{kept} {notes}" if notes else kept


def _people(match: Match) -> set[int]:
    return {i for i, seat in enumerate(match.config.seats) if seat.is_human}


def _undo_depth(match: Match) -> int | None:
    """How many steps `undo` takes back (a person's last decision and the bot decisions after it), or None
    when there is none, or it is behind a chance outcome and so final."""
    people = _people(match)
    for k, step in enumerate(reversed(match.history)):
        if step.by < 0:
            return None
        if step.by in people:
            return k + 1 if match.can_undo() else None
    return None


def _undo_refusal(match: Match) -> str:
    """Why nothing can be undone, in the game's own situation (a game without dice is not told of dice)."""
    barrier = match.state.undo_barrier()
    if barrier is not None:
        return f"Nothing to undo: {barrier}"
    if not any(step.by in _people(match) for step in match.history):
        return "Nothing to undo yet: no move has been made."
    return "Nothing to undo: moves before the last chance outcome (a roll, a draw, a flip) are final."


def _number(text: str, count: int) -> bool:
    """Whether `text` is the number of one of `count` listed actions. Only ASCII digits count: '²' and
    the other digits str.isdigit() accepts are not numbers int() reads."""
    return text.isascii() and text.isdigit() and len(text) <= len(str(count)) and 1 <= int(text) <= count


def _short(message: str, text: str) -> str:
    """The message with a very long input quoted short, so a pasted screenful comes back as one line."""
    quoted = repr(text)
    if len(quoted) <= 60:
        return message
    return message.replace(quoted, f"{text[:20]!r}... ({len(text)} characters)")
