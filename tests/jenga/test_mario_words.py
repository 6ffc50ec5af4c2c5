"""Super Mario Jenga's words for items stacked and Bowser beaten, built for every item and every
character's name as the player's: the status line read "Player 1 stacked the question block block."
and "Player 1 defeats Bowser!; Player 1 gets 5 coins (8 → 13)."

The words read the layout and the pieces only, so no PyBullet world is built."""

from __future__ import annotations

import re

import pytest

from games import registry
from games.core import Seat
from games.jenga import data, physics
from render.screens.jenga.events import event_words
from render.screens.jenga.screen import new_notes

DOUBLED = re.compile(r"\b(\w+) \1\b", re.IGNORECASE)  # "block block"
STRAY_SEMICOLON = re.compile(r"[.!?];")  # "Bowser!;"
NAMES = [card["name"] for card in data.characters().values()]  # Mario, Peach, Toad, Luigi


def _playing(mover: str, other: str):
    """A two-player game past its setup, `mover` to move: characters chosen, pegs in, the tower as built
    written by hand (block ids counted from the bottom)."""
    spec = registry.get("jenga_mario")
    state = spec.new_state(spec.make_config(seats=[Seat(mover), Seat(other)]))
    levels = physics.tower_spec(state.TOWER).levels
    state.layout = [[3 * lv, 3 * lv + 1, 3 * lv + 2] for lv in range(levels)]
    state.after_build(1)
    while state.phase in ("character", "peg"):
        state.apply_action(state.legal_actions()[0])
    assert state.mover == 0
    return state


def _assert_reads_well(words: str) -> None:
    assert words, "nothing was said"
    assert not DOUBLED.search(words), words
    assert not STRAY_SEMICOLON.search(words), words
    assert words[-1] in ".!", words


@pytest.mark.parametrize("name", NAMES)
def test_every_item_block_stacked_is_said_once(name):
    for item in data.SPECIAL_ITEMS:
        state = _playing(name, "Player 2")
        before = state.clone()
        state.after_stack({"block": state.items.index(item), "shifted_mm": []}, [list(r) for r in state.layout])
        notes = new_notes(before.log, state.log)
        assert any(" stacked a" in line for line in notes), notes
        assert not any(DOUBLED.search(line) for line in notes), notes
        words = event_words(before, state, notes, state.seat_name)
        _assert_reads_well(words)
        assert f"{name} stacked the " in words


@pytest.mark.parametrize("name", NAMES)
def test_bowser_beaten_then_coins_paid_reads_as_two_sentences(name):
    state = _playing(name, "Player 2")
    before = state.clone()
    state.defeat_bowser(state.mover)
    notes = new_notes(before.log, state.log)
    words = event_words(before, state, notes, state.seat_name)
    _assert_reads_well(words)
    assert words.startswith(f"{name} defeats Bowser! {name} gets "), words


def test_every_item_stacked_with_bowser_beaten_and_a_peg_sent_down():
    """Every kind of clause together, in both orders: only "; " between clauses that do not end a
    sentence, one full stop at the end."""
    for item in data.SPECIAL_ITEMS:
        state = _playing("Toad", "Luigi")
        before = state.clone()
        state.after_stack({"block": state.items.index(item), "shifted_mm": []}, [list(r) for r in state.layout])
        state.defeat_bowser(0)
        notes = new_notes(before.log, state.log) + ["Luigi's peg must go down 3"]
        for order in (notes, notes[::-1]):
            _assert_reads_well(event_words(before, state, order, state.seat_name))


def test_coins_paid_to_the_pile_and_collected_from_it_are_not_said_as_a_steal():
    """Rules: the toppler "returns 10 coins to the pile" and the highest peg "collects 5 coins from the pile".
    A family's audit read "Player 2 takes 5 coins from Player 3" after a fall (a gain and a loss of 5 were
    paired as a steal). Only a step whose notes hold a steal pairs them."""
    from render.screens.jenga.events import coin_words

    name = lambda p: f"Player {p + 1}"  # noqa: E731
    paid = coin_words([0, 6, 5, 2], [0, 11, 0, 2], name, stolen=False)
    assert paid == ["Player 2 gets 5 coins (6 → 11)", "Player 3 loses 5 coins (5 → 0)"]
    stolen = coin_words([0, 6, 5, 2], [0, 11, 0, 2], name, stolen=True)
    assert stolen == ["Player 2 takes 5 coins from Player 3 (Player 3 5 → 0, Player 2 6 → 11)"]
