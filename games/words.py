"""Small wording helpers for the text players read (prompts, notes, messages)."""

from __future__ import annotations

import errno
import os


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """'1 coin', '3 coins', '0 coins': a count with its noun in the number it takes ('more block' gives
    '2 more blocks'). `plural` for a noun that does not take an s."""
    return f"{n} {noun if n == 1 else (plural if plural is not None else noun + 's')}"


def bot_title(name: str) -> str:
    """A bot's name as people read it: 'careful_hard' -> 'Careful hard bot'. Default seat names are made
    from it (the launcher, `--seats`), so a bot reads the same everywhere ("Careful_easy bot 3" in the
    game beside "Careful easy bot" in the launcher: an audit)."""
    return name.replace("_", " ").capitalize() + " bot"


def joined(names: list[str]) -> str:
    """Names in a sentence: 'Ann', 'Ann and Bob', 'Ann, Bob and Cy' (three joined by "and" read
    "Random bot 2 and Careful easy bot 3 and Pro bot 4 won"). For display only, never for a game's notes."""
    names = [str(n) for n in names]
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def write_fault(exc: OSError, where: str | None = None) -> str:
    """What stopped writing a file, in plain words for a player ('the disk is full'), never '[Errno 28] No
    space left on device: ...' with the name of a temporary file. `where` is the file being written (the
    error's own file name when not given). The terminal and the window say a failed save the same way."""
    where = where if where is not None else (exc.filename or "")
    folder = os.path.dirname(os.path.abspath(where)) if where else "the folder"
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "the disk is full (free some space)"
    if exc.errno == errno.EROFS:
        return f"the folder {folder} is on a disk that cannot be written (read-only)"
    if isinstance(exc, FileNotFoundError):
        # /proc exists, yet no file can be made there: "does not exist" named the wrong cause (an audit)
        return (f"files cannot be created in the folder {folder}" if os.path.isdir(folder)
                else f"the folder {folder} does not exist")
    if isinstance(exc, PermissionError):
        return f"there is no permission to write in {folder}"
    if isinstance(exc, IsADirectoryError):
        return "that is a folder; give a file name such as my-game.json"
    if isinstance(exc, NotADirectoryError):
        return f"part of {folder} is a file, not a folder"
    return exc.strerror.lower() if exc.strerror else str(exc)


def after_echo(stream) -> str:
    """What a message on `stream` starts with after Ctrl+C: a new line on a terminal, whose echoed '^C' stands
    where the cursor is ("^Cpython -m games: interrupted" ran on: a terminal audit); nothing elsewhere."""
    try:
        return "\n" if stream.isatty() else ""
    except (AttributeError, ValueError, OSError):
        return ""
