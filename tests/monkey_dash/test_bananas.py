"""Better with Bananas: each rule of the variant on a built position, quoting the rulebook."""

from __future__ import annotations

import pytest

from games.core import IllegalActionError
from games.monkey_dash import SPEC
from games.selfplay import run
from tests.monkey_dash.test_rules import BLUE, RED, legal, play, position

FAR = ["a6", "a7", "g1", "g2", "f1"]  # crates out of the way


def kinds(state, word):
    return sorted(a.split()[1] for a in legal(state) if a.startswith(word + " "))


def test_each_player_has_three_bananas_only_in_this_variant():
    """'Setting Up: In addition to the standard setup, each player is given 3 Bananas.'"""
    state = SPEC.new_state(SPEC.make_config(variant="bananas"))
    assert state.banana_store == [3, 3]
    assert SPEC.new_state(SPEC.make_config()).banana_store == [0, 0]


def test_drop_is_free_into_neighbouring_empty_squares():
    """'Monkeys may drop Bananas from a Crate into neighbouring, empty squares, for no cost.' 'Bananas
    can't be thrown into a Loading Bay, Monkey Nest or on a Crate.'"""
    state = position("bananas", crates=["d6", "c6", "e7"] + FAR[:3], monkeys=["d6", "g7"], sups=["e5", "d1"])
    # around d6: c6 and e7 are crates, d7 is a bay, e5 the red supervisor
    assert kinds(state, "drop") == ["c5", "c7", "d5", "e6"]
    play(state, "drop d5")
    assert state.ap == 4 and state.banana_store[RED] == 2 and state.banana_squares() == ["d5"]


def test_throw_one_square_further_costs_one_ap():
    """'... and may throw Bananas one square away for a cost of 1AP.'"""
    state = position("bananas", crates=["d4"] + FAR, monkeys=["d4", "g7"], sups=["d7", "d1"])
    throws = kinds(state, "throw")
    assert "d6" in throws and "b2" in throws and "d2" in throws and "d7" not in throws
    assert len(throws) == 16
    play(state, "throw b2")
    assert state.ap == 3 and state.banana_squares() == ["b2"]


def test_no_banana_from_the_nest():
    """Monkeys 'drop Bananas from a Crate': a monkey still in its nest holds on to them."""
    state = position("bananas")
    assert not kinds(state, "drop") and not kinds(state, "throw")


def test_no_dropping_or_throwing_when_heaved():
    """'Bananas can't be dropped or thrown when the Monkey is Heaved.' Project form: not for the rest of
    the turn in which the monkey was heaved."""
    state = position("bananas", crates=["d4"] + FAR, monkeys=["d4", "g7"], sups=["c3", "d1"],
                     hands=(["banana_bribe"], []))
    play(state, "play banana_bribe", "heave d4 d3")
    assert state.ap == 3 and not kinds(state, "drop") and not kinds(state, "throw")


def test_bananas_block_crates():
    """'Bananas block the movement of Crates.'"""
    state = position("bananas", crates=["d4", "c4"] + FAR[:4], sups=["c3", "d1"], bananas=["d3", "c5"],
                     stores=[1, 3])
    assert "rotate d4 d3" not in legal(state) and "push c4 c5" not in legal(state)
    assert "rotate d4 e3" not in legal(state)  # not in the ring of c3
    assert "rotate c4 b4" in legal(state)


def test_supervisor_picks_up_an_adjacent_banana_for_one_ap():
    """'your Supervisor can pick up a Banana from an adjacent square for 1AP. The Banana is added to your
    store of bananas and may be reused.'"""
    state = position("bananas", sups=["d5", "d1"], bananas=["e6", "d3"], stores=[2, 2])
    assert kinds(state, "pickup") == ["e6"]
    play(state, "pickup e6")
    assert state.ap == 3 and state.banana_store[RED] == 3 and state.banana_squares() == ["d3"]


def test_super_slide_one_extra_square_for_free():
    """'A Supervisor who steps on a Banana will slide and continue moving, an extra square in the same
    direction, for no extra cost.' 'Super Sliding on a Banana causes it to disintegrate.'"""
    state = position("bananas", sups=["d6", "d1"], bananas=["d4"], stores=[2, 3])
    play(state, "sup S")
    assert state.supervisor_squares()[RED] == "d5"
    play(state, "sup S")
    assert state.supervisor_squares()[RED] == "d3" and state.ap == 2
    assert state.banana_squares() == [] and state.bananas_slid == 1
    assert state.invariant_violations() == []


def test_super_slide_chains_over_a_line_of_bananas():
    """'Tip: You can create a line of Bananas to Super Slide over more than one square.'"""
    state = position("bananas", sups=["a5", "d1"], bananas=["b5", "c5", "d5"], stores=[0, 3],
                     crates=["c3", "e3", "b2", "f6", "a6", "g1"])
    moves = state.moves()
    east = next(m for m in moves if m["action"] == "sup E")
    assert east["to"] == "e5" and east["cost"] == 1
    play(state, "sup E")
    assert state.supervisor_squares()[RED] == "e5" and state.bananas_slid == 3


@pytest.mark.parametrize("blocker", ["crate", "supervisor", "edge"])
def test_a_blocked_super_slide_stops_on_the_banana(blocker):
    """'A Supervisor can't Super Slide into a Crate, the opponent's Supervisor, or off the edge of the
    board!' The text forbids the slide, not the step: the supervisor steps onto the banana, does not
    slide, and the banana (not slid over) stays under it."""
    crates = ["c3", "e3", "b2", "f6", "a6", "g1"]
    sups = ["d6", "d1"]
    banana = "d5"
    if blocker == "crate":
        crates[0] = "d4"
    elif blocker == "supervisor":
        sups = ["d6", "d4"]
    else:
        sups, banana = ["b4", "d1"], "a4"
    state = position("bananas", crates=crates, sups=sups, bananas=[banana], stores=[2, 3])
    step = "sup W" if blocker == "edge" else "sup S"
    move = next(m for m in state.moves() if m["action"] == step)
    assert move["to"] == banana and move["cost"] == 1
    play(state, step)
    assert state.supervisor_squares()[RED] == banana
    assert state.banana_squares() == [banana] and state.bananas_slid == 0 and state.ap == 3
    assert state.invariant_violations() == []
    # the banana under a supervisor is not picked up from beside it, and blocks crates as before
    other = "sup W" if blocker != "edge" else "sup E"
    play(state, other)
    assert f"pickup {banana}" in legal(state)  # now it lies free beside the supervisor


def test_a_slide_that_is_blocked_after_two_bananas_stops_on_the_second():
    """'You can create a line of Bananas to Super Slide over more than one square' and 'Super Sliding on
    a Banana causes it to disintegrate': the first banana is slid over and gone, the slide off the
    second is blocked by a crate, so the supervisor stops on the second, which stays."""
    crates = ["d3", "e3", "b2", "f6", "a6", "g1"]
    state = position("bananas", crates=crates, sups=["d6", "g4"], bananas=["d5", "d4"], stores=[1, 3])
    play(state, "sup S")
    assert state.supervisor_squares()[RED] == "d4"
    assert state.banana_squares() == ["d4"] and state.bananas_slid == 1
    assert state.invariant_violations() == []


def test_bananas_are_conserved_in_selfplay():
    """Issue invariant: 'the bananas: conserved, checked after every action and counted by selfplay'."""
    summary = run("monkey_dash", games=2, seed=11, variant="bananas", progress=False)
    assert summary["finished"] == 2 and summary["errors"] == 0 and summary["invariant_violations"] == 0


def test_drop_a_banana_in_blues_turn_too():
    """Both players have bananas: blue drops from its crate in its own turn."""
    state = position("bananas", crates=["f6"] + FAR, monkeys=["a1", "f6"], sups=["d7", "d1"], seat=BLUE)
    assert "drop e6" in legal(state) and "drop g7" not in legal(state)  # g7 is blue's nest


def test_no_throw_into_a_nest_a_bay_or_onto_a_crate():
    """'Bananas can't be thrown into a Loading Bay, Monkey Nest or on a Crate.'"""
    state = position("bananas", crates=["b3", "c5", "b5", "d2", "g1", "g2"], monkeys=["b3", "g7"],
                     sups=["e6", "c7"])
    throws = kinds(state, "throw")
    assert "a1" not in throws and "d1" not in throws and "b5" not in throws  # nest, bay, crate
    assert "d3" in throws and "c1" in throws
    drops = kinds(state, "drop")
    assert "c4" in drops and "a2" in drops


def test_a_picked_up_banana_can_be_used_again():
    """'The Banana is added to your store of bananas and may be reused.'"""
    state = position("bananas", crates=["d4"] + FAR, monkeys=["d4", "g7"], sups=["d6", "d1"], stores=[0, 3],
                     bananas=["c5", "e2", "f3"])
    assert not kinds(state, "drop")
    play(state, "pickup c5")
    assert state.banana_store[RED] == 1 and "c5" in kinds(state, "drop")
    play(state, "drop c5")
    assert sorted(state.banana_squares()) == ["c5", "e2", "f3"] and state.banana_store[RED] == 0


def test_a_napping_monkey_still_drops_bananas():
    """Nap Time (the project's card): 'your opponent's monkey may not move this turn (in Better with
    Bananas it may still drop and throw bananas).'"""
    state = position("bananas", crates=["d4"] + FAR, monkeys=["a1", "d4"], sups=["d7", "d1"], seat=BLUE,
                     hands=(["nap_time"], []))
    play(state, "play nap_time")
    assert not [a for a in legal(state) if a.startswith("monkey")]
    assert "drop c3" in legal(state) and "throw b2" in legal(state)


def test_a_free_drop_after_the_fourth_ap():
    """'Monkeys may drop Bananas from a Crate into neighbouring, empty squares, for no cost': after the
    fourth AP is spent the monkey may still drop; the turn ends when the player says so ('end turn')
    or when nothing free is left (the last banana dropped)."""
    state = position("bananas", crates=["b2", "c3", "e5", "f6", "c5", "e3"], bananas=["g4"], stores=[2, 3])
    play(state, "monkey a1-b2", "sup S", "sup S", "sup N")
    assert state.ap == 0 and state.turn_player == RED
    assert "drop a2" in legal(state) and legal(state)[-1] == "end turn"
    play(state, "drop a2")
    assert state.turn_player == RED and state.banana_squares() == ["a2", "g4"]
    ended = play(state.clone(), "end turn")
    assert ended.turn_player == BLUE and ended.banana_store[RED] == 1
    play(state, "drop b1")  # the last banana: nothing free is left
    assert state.turn_player == BLUE and state.banana_store[RED] == 0


def test_without_cards_a_free_drop_keeps_the_turn_open_and_the_help_says_so():
    """A rules audit: in bananas_pure the help said "The turn ends as soon as its last AP is spent." and its typed
    forms had no 'end turn', while at 0 AP the turn waited, a drop ('Monkeys may drop Bananas from a Crate into
    neighbouring, empty squares, for no cost.') still allowed. The help says what the engine does."""
    state = position("bananas_pure", crates=["d6", "c6", "e7"] + FAR[:3], monkeys=["d6", "g7"], sups=["e5", "d1"])
    play(state, "sup N", "sup S", "sup N", "sup S")  # the four AP spent, the monkey on a crate by empty squares
    assert state.ap == 0 and state.turn_player == RED
    assert "end turn" in legal(state) and kinds(state, "drop")
    text = " ".join(SPEC.help_text("bananas_pure").split())
    assert "The turn ends as soon as its last AP is spent." not in text
    assert "Once the last AP is spent, free steps (dropping a banana) are still allowed" in text
    assert "end turn" in text.split("TYPED IN THE TERMINAL", 1)[1]
