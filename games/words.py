"""Small wording helpers for the text players read (prompts, notes, messages)."""

from __future__ import annotations


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
