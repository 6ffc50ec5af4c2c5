"""Play in a terminal with a text board: the fallback when there is no display.

People type their action (or its number in the list); `help` (the actions open now), `rules` (the
game's rules as this table plays them, the variant's own), `undo`, `redo`, `save FILE` and `quit` do
what they say. Bots and dice play by themselves.
"""

from __future__ import annotations

import sys
from typing import Callable, TextIO

from .core import GameError, TERMINAL
from .match import Match


def show_result(match: Match, out: TextIO) -> None:
    state = match.state
    names = [s.name for s in match.config.seats]
    scores = ", ".join(f"{n}: {r:g}" for n, r in zip(names, state.returns()))
    winners = " and ".join(names[w] for w in state.winners()) or "nobody"
    out.write(f"\nGame over. Scores: {scores}. Winner: {winners}.\n")


def watch(match: Match, out: TextIO = sys.stdout, every: int = 1) -> None:
    """Let bots play to the end, printing the board after every `every`-th decision."""
    decisions = 0
    out.write(str(match.state) + "\n")
    while not match.is_over():
        step = match.step()
        if step is None:
            raise GameError("a person must decide; watch() plays bots only")
        if step.by >= 0:
            decisions += 1
            out.write(f"{match.state.seat_name(step.by)}: {match.state.action_to_string(step.action)}\n")
            if decisions % every == 0:
                out.write(str(match.state) + "\n")
    out.write(str(match.state) + "\n")
    show_result(match, out)


def play(match: Match, read: Callable[[str], str] = input, out: TextIO = sys.stdout) -> None:
    """Interactive play: people type, bots and chance move by themselves."""
    shown = None
    while not match.is_over():
        for _ in range(100000):
            step = match.step()
            if step is None:
                break
            if step.by >= 0:
                out.write(f"{match.state.seat_name(step.by)}: {match.state.action_to_string(step.action)}\n")
        if match.is_over():
            break
        state = match.state
        seat = state.current_player()
        if shown != len(match.history):
            out.write("\n" + str(state) + "\n")
            shown = len(match.history)
        legal = state.legal_actions()
        try:
            text = read(f"{state.seat_name(seat)} (type an action, a number, or help)> ").strip()
        except EOFError:
            out.write("\nInput closed; leaving the game.\n")
            return
        if not text:
            continue
        word, _, rest = text.partition(" ")
        try:
            if word in ("quit", "exit"):
                return
            if word in ("help", "?"):
                out.write("\n".join(f"  {i + 1}. {state.action_to_string(a)}" for i, a in enumerate(legal)))
                out.write("\n  undo, redo, save FILE, rules, quit\n")
            elif word == "rules":
                spec = match.spec
                out.write((spec.help_text(match.config.variant) if spec.help_text is not None
                           else spec.summary).rstrip() + "\n")
            elif word == "undo":
                match.undo()
                shown = None
            elif word == "redo":
                match.redo()
                shown = None
            elif word == "save":
                if not rest:
                    out.write("save needs a file name: save my-game.json\n")
                else:
                    match.save(rest.strip())
                    out.write(f"saved to {rest.strip()}\n")
            elif _number(text, len(legal)):
                match.play(legal[int(text) - 1])
            else:
                match.play(state.string_to_action(text))
        except (GameError, OSError) as exc:
            out.write(f"{_short(str(exc), text)}\n")
    if match.state.current_player() == TERMINAL:
        out.write(str(match.state) + "\n")
        show_result(match, out)


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
