"""Monkey Dash as text: the board drawn in characters for the terminal, the logs and the generic screen."""

from __future__ import annotations

from .actions import TURN_LIMIT
from .board import COLOURS


PHASE_WORDS = {"act": "", "interrupt": ", the other player may play an Interrupt card first",
               "discard": ", a card to discard (the hand is over its limit)"}
"""What the turn is at, in words, after its AP (nothing to add while the player acts)."""
EFFECT_WORDS = {
    "cheap_heave": "a Monkey Heave costs 1 AP", "cheap_push": "a push costs 1 AP",
    "free_monkey": "the next {n} monkey move(s) cost no AP", "free_steps": "the next {n} supervisor step(s) cost no AP",
    "diagonal": "the supervisor may step diagonally", "leap": "the monkey may leap one square without a crate",
    "monkey_frozen": "the monkey may not move", "crates_frozen": "no rotating, heaving or pushing crates",
    "supervisor_frozen": "the supervisor may not step or push",
}
"""Each per-turn effect of a Power Card (cards.EFFECT_FLAGS' keys) in words; {n} is how many uses are left."""


def render(state) -> str:
    """The board as text, top row first, with the turn, the hands and the bananas below."""
    b = state.board
    lines = []
    for row in range(b.height - 1, -1, -1):
        cells = []
        for col in range(b.width):
            s = row * b.width + col
            cells.append(_cell(state, s))
        lines.append(f"{row + 1:2d} " + "".join(cells))
    lines.append("   " + "".join(f" {chr(ord('a') + c)} " for c in range(b.width)))
    lines.append("   [ ] crate, [R]/[B] monkey on a crate, (r)/(b) nest, (R)/(B) monkey in its nest, "
                 "<R>/<B> supervisor, r/b loading bay, ) banana"
                 + (", <R)/<B) supervisor on a banana" if state.bananas_on else ""))
    if state.phase == "over":
        lines.append("Game over: " + (f"{COLOURS[state.winner]} wins" if state.winner is not None
                                      else f"a draw after {TURN_LIMIT} turns"))
    elif state.phase != "setup":
        who = COLOURS[state.turn_player]
        lines.append(f"Turn {state.turns_done + 1}: {who} ({state.seat_name(state.turn_player)}), "
                     f"{state.ap} AP left" + PHASE_WORDS.get(state.phase, f", phase {state.phase}"))
        active = [EFFECT_WORDS.get(k, k).format(n=v) for k, v in state.effects.items() if v]
        if active:  # in words, not the table's keys ("free_monkey": a terminal audit)
            lines.append("Effects this turn: " + "; ".join(active))
    else:
        lines.append("Setting up")
    if state.cards_on:
        titles = {c.id: c.name for c in state.deck}  # the cards' own titles, as the window shows them
        for seat in (0, 1):
            lines.append(f"{COLOURS[seat]} hand: {', '.join(titles.get(c, c) for c in state.hands[seat]) or '(none)'}")
        lines.append(f"draw pile {len(state.draw_pile)}, discard pile {len(state.discard_pile)}")
    if state.bananas_on:
        lines.append(f"bananas in hand: red {state.banana_store[0]}, blue {state.banana_store[1]}; "
                     f"slid away {state.bananas_slid}")
    return "\n".join(lines)

def _cell(state, s: int) -> str:
    b = state.board
    for seat in (0, 1):
        if s == b.nests[seat]:
            letter = COLOURS[seat][0]
            return f"({letter.upper() if state.monkeys[seat] == s else letter})"
    if s in state.crates:
        inside = " "
        for seat in (0, 1):
            if state.monkeys[seat] == s:
                inside = COLOURS[seat][0].upper()
        return f"[{inside}]"
    for seat in (0, 1):
        if state.supervisors[seat] == s:  # on a banana it cannot slide on: the banana stays, under it (an audit)
            return f"<{COLOURS[seat][0].upper()}{')' if s in state.bananas else '>'}"
    if s in state.bananas:
        return " ) "
    for seat in (0, 1):
        if s == b.bays[seat]:
            return f" {COLOURS[seat][0]} "
    return " . "
