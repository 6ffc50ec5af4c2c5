"""The Power Card deck: card data from assets/monkey_dash/power_cards.json and the effects it may use.

A card is data (id, name, text, whether it is an Interrupt) plus one effect from EFFECTS. Every effect
changes the rules for the rest of the turn in which the card is played, so the engine keeps them in a
small per-turn table (the state's `effects`, reset to actions.NO_EFFECTS when a turn begins). Own cards
are played by the mover in their turn; Interrupt cards by the waiting player when the mover's turn
begins, and they always hamper the mover.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from assets.reader import read_json

from .board import ASSETS, BoardFileError

CARDS_FILE = ASSETS / "power_cards.json"
DEALT = 4
"""Cards dealt at the start (two to each player): a deck must hold at least this many."""

# effect name -> (takes an amount, is meant for an Interrupt card)
EFFECTS = {
    "gain_ap": (True, False),               # + amount AP this turn
    "cheap_heave": (False, False),          # a Monkey Heave costs 1 AP
    "cheap_push": (False, False),           # a push costs 1 AP
    "free_monkey_moves": (True, False),     # the next `amount` monkey moves cost 0 AP
    "free_supervisor_steps": (True, False),  # the next `amount` supervisor steps cost 0 AP
    "diagonal_supervisor": (False, False),  # the supervisor may step diagonally
    "monkey_leap": (False, False),          # the monkey may leap one crate-less square
    "lose_ap": (True, True),                # the mover has `amount` AP fewer (never below 1)
    "freeze_monkey": (False, True),         # the mover's monkey may not move
    "freeze_crates": (False, True),         # the mover may not rotate, heave or push
    "freeze_supervisor": (False, True),     # the mover's supervisor may not step or push
}


# effect name -> (its key in the state's per-turn effects table, whether that key counts uses);
# gain_ap and lose_ap change the AP at once and keep no key
EFFECT_FLAGS = {
    "cheap_heave": ("cheap_heave", False),
    "cheap_push": ("cheap_push", False),
    "free_monkey_moves": ("free_monkey", True),
    "free_supervisor_steps": ("free_steps", True),
    "diagonal_supervisor": ("diagonal", False),
    "monkey_leap": ("leap", False),
    "freeze_monkey": ("monkey_frozen", False),
    "freeze_crates": ("crates_frozen", False),
    "freeze_supervisor": ("supervisor_frozen", False),
}


CardFileError = BoardFileError
"""A Power Card file that is missing, not JSON, or names an unknown effect (the one asset error)."""


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    text: str
    interrupt: bool
    effect: str
    amount: int = 0


def parse_cards(data, source: str = "power cards") -> tuple[Card, ...]:
    """Check the deck description and build the cards in file order."""
    def fail(msg: str) -> CardFileError:
        return CardFileError(f"{source}: {msg}")

    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise fail("must be an object with a list 'cards'")
    if len(data["cards"]) < DEALT:
        raise fail(f"needs at least {DEALT} cards (two are dealt to each player), got {len(data['cards'])}")
    cards, seen = [], set()
    for i, raw in enumerate(data["cards"]):
        where = f"card {i + 1}"
        if not isinstance(raw, dict):
            raise fail(f"{where} is not an object")
        cid = raw.get("id")
        if not isinstance(cid, str) or not cid or not cid.replace("_", "").isalnum() or cid != cid.lower():
            raise fail(f"{where}: 'id' must be a lower-case word like 'tea_break', got {cid!r}")
        where = f"card {cid!r}"
        if cid in seen:
            raise fail(f"{where} appears twice")
        seen.add(cid)
        for key in ("name", "text"):
            if not isinstance(raw.get(key), str) or not raw[key].strip():
                raise fail(f"{where}: '{key}' must be a non-empty string")
        if not isinstance(raw.get("interrupt"), bool):
            raise fail(f"{where}: 'interrupt' must be true or false")
        effect = raw.get("effect")
        if not isinstance(effect, str) or effect not in EFFECTS:
            raise fail(f"{where}: unknown effect {effect!r}; known: {', '.join(EFFECTS)}")
        counted, for_interrupt = EFFECTS[effect]
        if for_interrupt != raw["interrupt"]:
            kind = "an Interrupt" if for_interrupt else "an own-turn card"
            raise fail(f"{where}: effect {effect!r} hampers or helps the mover, so it must be on {kind}")
        amount = raw.get("amount", 0)
        if counted and (not isinstance(amount, int) or isinstance(amount, bool) or amount < 1):
            raise fail(f"{where}: effect {effect!r} needs a whole 'amount' of 1 or more")
        cards.append(Card(cid, raw["name"], raw["text"], raw["interrupt"], effect, amount if counted else 0))
    return tuple(cards)


def load_cards(path: Path | str = CARDS_FILE) -> tuple[Card, ...]:
    path = Path(path)
    return parse_cards(read_json(path, CardFileError), str(path))
