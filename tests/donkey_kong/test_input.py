"""Bad input to the Donkey Kong engine: every refusal is a named error that says what is wrong, and the
state is exactly as it was."""

from __future__ import annotations

import pytest

from games.core import ActionSyntaxError, GameOverError, IllegalActionError
from tests.donkey_kong.test_rules import roll, table, turn


def refused(st, action, error, *fragments):
    before = st.to_json()
    with pytest.raises(error) as info:
        st.apply_action(action)
    assert st.to_json() == before, "a refused action changed the state"
    for text in fragments:
        assert text in str(info.value), str(info.value)
    return str(info.value)


@pytest.mark.parametrize("action,fragments", [
    ("", ["not a Donkey Kong action", "move G1.3"]),
    ("mvoe G1.5", ["not a Donkey Kong action"]),
    ("move", ["needs Mario's path"]),
    ("move G9.9", ["'G9.9' is not a space of the board"]),
    ("move  G1.5", ["single spaces"]),
    ("play X", ["names no card", "H400"]),
    ("roll 7 3", ["is not a roll"]),
    ("roll 1 x", ["is not a roll"]),
])
def test_malformed_text_is_a_syntax_error(action, fragments):
    st = table(pawns=["G1.4", "G5.0"])
    refused(st, action, ActionSyntaxError, *fragments)


def test_well_formed_action_at_the_wrong_moment():
    st = table(pawns=["G1.4", "G5.0"], hands=[["J100"], []])
    refused(st, "move G1.5", IllegalActionError, "does not fit now", "rolls both dice", "'roll ...'")
    refused(st, "play J100", IllegalActionError, "does not fit now")
    refused(st, "roll 1", IllegalActionError, "not a possible outcome", "roll 1 DK")
    for variant in ("rulebook", "wiki"):  # the article's obstacle die, used by both, has no 2
        refused(table(variant), "roll 3 2", IllegalActionError, "not a possible outcome")
    roll(st, 3, 3)
    refused(st, "roll 1 3", IllegalActionError, "'move ...' action is due")


def test_illegal_pawn_moves_say_which_rule_they_break():
    """Rulebook: 'Pawns always move the full count' and 'A pawn cannot move in two different directions in
    the same move'; article: 'cannot backtrack within the same turn'."""
    st = table(pawns=["G1.4", "G5.0"])
    roll(st, 3, 3)
    refused(st, "move G1.5 G1.6", IllegalActionError, "exactly 3 spaces", "white die")
    refused(st, "move G1.5 G1.7 G1.8", IllegalActionError, "cannot step from G1.5 to G1.7")
    refused(st, "move G1.5 G1.4 G1.3", IllegalActionError, "both right and left")
    refused(st, "move G1.9 G2.9 G2.8", IllegalActionError, "cannot step from G1.4 to G1.9")
    wiki = table("wiki", pawns=["G1.4", "G1.7"])
    roll(wiki, 3, 3)
    refused(wiki, "move G1.5 G1.4 G1.3", IllegalActionError, "backtracking")
    refused(wiki, "move G1.5 G1.6 G1.7", IllegalActionError, "another pawn stands on G1.7")


def test_playing_a_card_you_do_not_hold():
    st = table(pawns=["G5.0", "G2.6"], barrels=["G2.4"], hands=[[], ["H200"]])
    turn(st, 1, 4, "move G5.1")
    refused(st, "play H400", IllegalActionError, "no face-up Hammer 400", "face up: H200")
    refused(st, "move G5.2", IllegalActionError, "'play ...' action is due")
    refused(st, "steal H200", IllegalActionError, "'play ...' action is due")


def test_a_finished_game_refuses_everything():
    st = table(pawns=["L11.2", "G5.0"])
    turn(st, 4, "DK", "move P.1 FINISH")
    assert st.is_terminal()
    refused(st, "roll 1 3", GameOverError, "over")
    refused(st, "nonsense", IllegalActionError)
