"""The spinners of the two Jenga games in words: the one place that says what a section means.

The rules (spin notes, the move list, the help) and the renderer (the labels on the wheel, the line
under it) all read their wording from here, so the spinner is described the same way everywhere.
"""

from __future__ import annotations

from . import data

GAMES = ("jenga_dk", "jenga_mario")


def sections(game: str, variant: str = "standard") -> list[dict]:
    """The spinner's sections in order (DK: pink, remove, climb; Mario: stack, coins, climb, reverse)."""
    if game == "jenga_dk":
        return data.dk_spinner(variant)
    if game == "jenga_mario":
        return data.mario_spinner()["sections"]
    return []


def words(game: str, section: int, variant: str = "standard") -> str:
    """What the section says, in a few words: 'take out 1 girder, climb 2'."""
    sec = sections(game, variant)[section]
    if game == "jenga_dk":
        girders = "girder" if sec["remove"] == 1 else "girders"
        return f"take out {sec['remove']} {girders}, climb {sec['climb']}"
    parts = [f"stack {sec['stack']}", f"climb {sec['climb']}"]
    if sec["coins"]:
        parts.append(f"collect {data.mario_spinner()['coins_collected']} coins")
    if sec["reverse"]:
        parts.append("then play reverses")
    return ", ".join(parts)


def label(game: str, section: int, variant: str = "standard") -> str:
    """The short label printed on the wheel: '1/2' (DK: out/climb; Mario: stack/climb, $ coins, R reverse)."""
    sec = sections(game, variant)[section]
    if game == "jenga_dk":
        return f"{sec['remove']}/{sec['climb']}"
    return f"{sec['stack']}/{sec['climb']}" + ("$" if sec["coins"] else "") + ("R" if sec["reverse"] else "")


def group(game: str, section: int, variant: str = "standard") -> int:
    """The colour group of a section on the wheel (DK: its pink section; Mario: blocks to stack)."""
    sec = sections(game, variant)[section]
    return sec["pink"] if game == "jenga_dk" else sec["stack"]


def key(game: str) -> str:
    """The legend under the wheel that explains the labels."""
    return "girders out / girders climbed" if game == "jenga_dk" else "stack / climb, $ coins, R reverse"


def summary(game: str, variant: str = "standard") -> str:
    """The whole spinner in one line, for the help: DK by pink section, Mario section by section."""
    secs = sections(game, variant)
    if game == "jenga_dk":
        return "; ".join(f"pink {i + 1}: remove {secs[3 * i]['remove']}, climb "
                         + "/".join(str(s["climb"]) for s in secs if s["pink"] == i) for i in range(4))
    return "; ".join(words(game, k, variant) for k in range(len(secs)))
