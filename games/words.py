"""Small wording helpers for the text players read (prompts, notes, messages)."""

from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """'1 coin', '3 coins', '0 coins': a count with its noun in the number it takes ('more block' gives
    '2 more blocks'). `plural` for a noun that does not take an s."""
    return f"{n} {noun if n == 1 else (plural if plural is not None else noun + 's')}"
