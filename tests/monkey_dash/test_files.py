"""The Monkey Dash data files: a broken board or Power Card file is refused with a message naming the
fault (house rule: data in assets/ is 'validated on load with clear messages naming what is broken')."""

from __future__ import annotations

import json

import pytest

from games.monkey_dash import BOARD, CARDS
from games.monkey_dash.board import BOARD_FILE, BoardFileError, load_board, parse_board
from games.monkey_dash.cards import CARDS_FILE, CardFileError, load_cards, parse_cards

GOOD_BOARD = json.loads(BOARD_FILE.read_text())
GOOD_DECK = json.loads(CARDS_FILE.read_text())


def test_the_shipped_files_load():
    assert parse_board(GOOD_BOARD) == BOARD and parse_cards(GOOD_DECK) == CARDS


@pytest.mark.parametrize("change, message", [
    ({"width": "7"}, "'width' must be a whole number from 3 to 26, got '7'"),
    ({"height": 40}, "'height' must be a whole number from 3 to 26, got 40"),
    ({"width": True}, "'width' must be a whole number"),
    ({"crates": ["z9"]}, "crates: z9 is off the 7x7 board"),
    ({"crates": ["b2", ["c3"]]}, r"crates: \['c3'\] is not a square name"),
    ({"crates": "b2"}, "'crates' must be a non-empty list"),
    ({"crates": []}, "'crates' must be a non-empty list"),
    ({"crates": ["b2", "b2"]}, "'crates' names a square twice"),
    ({"crates": ["a1", "b2"]}, "a crate starts on a1, which is a nest or a loading bay"),
    ({"nests": {"red": "a1"}}, "'nests' must be an object with exactly the keys 'red' and 'blue'"),
    ({"nests": {"red": 11, "blue": "g7"}}, "nests.red: 11 is not a square name"),
    ({"loading_bays": {"red": "a1", "blue": "d1"}}, "four different squares"),
    ({"supervisors": {"red": "d6", "blue": "d1"}}, "the red supervisor must start in the red loading bay"),
    ({"bananas_each": -1}, "'bananas_each' must be a whole number of 0 or more, got -1"),
])
def test_a_broken_board_is_refused_by_name(change, message):
    with pytest.raises(BoardFileError, match=message):
        parse_board({**GOOD_BOARD, **change})


def test_a_board_that_is_not_an_object_or_not_json_or_missing(tmp_path):
    with pytest.raises(BoardFileError, match="must be a JSON object"):
        parse_board([GOOD_BOARD])
    broken = tmp_path / "board.json"
    broken.write_text("[1, 2")
    with pytest.raises(BoardFileError, match="board.json: not valid JSON"):
        load_board(broken)
    with pytest.raises(BoardFileError, match="absent.json: no such file"):
        load_board(tmp_path / "absent.json")


def _deck(**change):
    """The shipped deck with its first card changed (a value None removes the key)."""
    first = {k: v for k, v in {**GOOD_DECK["cards"][0], **change}.items() if v is not None}
    return {"cards": [first] + GOOD_DECK["cards"][1:]}


@pytest.mark.parametrize("deck, message", [
    ([], "must be an object with a list 'cards'"),
    ({"cards": "overtime"}, "must be an object with a list 'cards'"),
    ({"cards": GOOD_DECK["cards"][:3]}, "needs at least 4 cards .two are dealt to each player., got 3"),
    ({"cards": [7] + GOOD_DECK["cards"][1:]}, "card 1 is not an object"),
    (_deck(id="Over Time"), "card 1: 'id' must be a lower-case word like 'tea_break', got 'Over Time'"),
    (_deck(id=["x"]), "card 1: 'id' must be a lower-case word"),
    (_deck(id="forklift"), "card 'forklift' appears twice"),
    (_deck(name=None), "card 'overtime': 'name' must be a non-empty string"),
    (_deck(text="  "), "card 'overtime': 'text' must be a non-empty string"),
    (_deck(interrupt="no"), "card 'overtime': 'interrupt' must be true or false"),
    (_deck(effect="teleport"), "card 'overtime': unknown effect 'teleport'; known: gain_ap"),
    (_deck(effect=["gain_ap"]), r"unknown effect \['gain_ap'\]"),
    (_deck(effect="freeze_monkey"), "effect 'freeze_monkey' hampers or helps the mover, so it must be on an "
                                    "Interrupt"),
    (_deck(interrupt=True), "effect 'gain_ap' hampers or helps the mover, so it must be on an own-turn card"),
    (_deck(amount=0), "effect 'gain_ap' needs a whole 'amount' of 1 or more"),
    (_deck(amount=None), "effect 'gain_ap' needs a whole 'amount' of 1 or more"),
])
def test_a_broken_deck_is_refused_by_name(deck, message):
    with pytest.raises(CardFileError, match=message):
        parse_cards(deck)


def test_a_deck_file_that_is_not_json_or_missing(tmp_path):
    broken = tmp_path / "cards.json"
    broken.write_text("{ not json")
    with pytest.raises(CardFileError, match="cards.json: not valid JSON"):
        load_cards(broken)
    with pytest.raises(CardFileError, match="absent.json: no such file"):
        load_cards(tmp_path / "absent.json")
