"""Monkey Dash: the rule points an audit raised (a monkey reaching its bay mid-move, Roller Skates and the
push, who starts, the overlay's how-to-play per variant, the two monkeys' routes). Each test quotes the
rule it checks and drives the engine (or the help) through its public API."""

from __future__ import annotations

import pytest

from games.core import CHANCE
from games.monkey_dash import BOARD, SPEC
from games.monkey_dash.illegal import BlockedError
from tests.monkey_dash.test_rules import BLUE, RED, legal, play, position


def monkey_moves(state):
    return [a for a in legal(state) if a.startswith("monkey")]


# ---- 1. reaching the Loading Bay during a move -------------------------------------------------------

def row_seven(seat=RED, monkeys=("b7", "g7")):
    """Crates along row 7 through red's bay d7, the red monkey (or the given ones) on them."""
    return position("pure", crates=["b7", "c7", "d7", "e7", "f6", "g2"], monkeys=list(monkeys),
                    sups=["d5", "d1"], seat=seat)


def test_a_monkey_move_ends_at_its_own_bay_and_wins_there():
    """'The game is won the moment the Monkey reaches the Loading Bay': a move along a line of crates
    that reaches the mover's own bay stops there, and the game is won at that moment."""
    state = row_seven()
    assert monkey_moves(state) == ["monkey b7-c7", "monkey b7-d7"]  # e7 lies beyond the bay d7
    play(state, "monkey b7-d7")
    assert state.winner == RED and state.is_terminal()


def test_the_step_into_the_own_bay_is_shown_as_the_win_not_as_a_dash_that_earns_a_card():
    """'The game is won the moment the Monkey reaches the Loading Bay': the engine's rows for a renderer mark
    the move into the bay as winning, and the window's words say so (it was labelled a Monkey Dash that
    earns a Power Card, though the game ends there and no card is dealt)."""
    from render.screens.monkey_dash import target_lines

    state = row_seven()
    rows = {m["action"]: m for m in state.moves()}
    assert rows["monkey b7-d7"]["wins"] and rows["monkey b7-d7"]["dash"]
    assert not rows["monkey b7-c7"]["wins"]
    assert target_lines(rows["monkey b7-d7"], state) == ["WIN!", f"{rows['monkey b7-d7']['cost']} AP"]
    assert target_lines(rows["monkey b7-c7"], state)[0] != "WIN!"


def test_a_move_past_the_own_bay_is_refused_with_the_reason():
    """'The game is won the moment the Monkey reaches the Loading Bay': a move cannot carry the monkey
    on past its bay, and the refusal says why; nothing changes."""
    state = row_seven()
    before = state.to_json()
    with pytest.raises(BlockedError, match=r"Loading Bay at d7.*ends at d7"):
        state.apply_action("monkey b7-e7")
    assert state.to_json() == before and state.winner is None


def test_the_other_players_bay_does_not_stop_a_move():
    """'you must be the first to get your Monkey ... into your Loading Bay': only the mover's own bay ends
    a move; the blue monkey runs along row 7 over red's bay d7 and on, and nobody wins."""
    state = row_seven(seat=BLUE, monkeys=("a1", "e7"))
    assert "monkey e7-b7" in monkey_moves(state)
    play(state, "monkey e7-b7")
    assert state.winner is None and state.monkey_squares()[BLUE] == "b7"


def test_a_springboard_leap_onto_the_bay_wins_and_one_over_the_empty_bay_does_not():
    """'get your Monkey, on a Banana Crate, into your Loading Bay': a leap that lands on a crate in the
    bay wins; a leap over the bay, empty floor with no crate to stand on, is allowed and wins nothing."""
    onto = position(crates=["b7", "d7", "e4", "f6", "a6", "g1"], monkeys=["b7", "g7"], sups=["d5", "d1"],
                    hands=(["springboard"], []))
    play(onto, "play springboard")
    assert "leap b7-d7" in legal(onto)
    play(onto, "leap b7-d7")
    assert onto.winner == RED
    over = position(crates=["c7", "e7", "e4", "f6", "a6", "g1"], monkeys=["c7", "g7"], sups=["d5", "d1"],
                    hands=(["springboard"], []))
    play(over, "play springboard")
    assert "leap c7-e7" in legal(over)
    play(over, "leap c7-e7")
    assert over.winner is None and over.monkey_squares()[RED] == "e7"


def test_the_help_says_a_move_stops_at_the_own_bay():
    """The help states the decision: reaching the bay during a move wins, so no move carries past it."""
    for variant in SPEC.variants:
        assert "no move carries your monkey past it" in SPEC.help_text(variant), variant


# ---- 2. Roller Skates and the push ----------------------------------------------------------------------

def test_roller_skates_leave_a_push_at_full_price_and_the_help_says_so():
    """'Pushing costs 2AP: 1AP to move the Crate, and 1AP to move your Supervisor'; Roller Skates makes
    the next two supervisor steps free. The table's decision: a push is its own action, so it costs its
    2 AP and does not use up the free steps, and the help says so."""
    state = position(sups=["b3", "d1"], crates=["c3", "a6", "b6", "e2", "f2", "g2"],
                     hands=(["roller_skates"], []))
    play(state, "play roller_skates")
    costs = {m["action"]: m["cost"] for m in state.moves() if m["kind"] in ("push", "sup")}
    assert costs["push c3 d3"] == 2 and costs["sup N"] == 0
    play(state, "push c3 d3")
    assert state.ap == 2 and state.effects["free_steps"] == 2
    text = SPEC.help_text("standard")
    card = next(line for line in text.split("\n") if line.startswith("- Roller Skates"))
    assert "push" in card and "2 AP" in card
    decisions = text.split("this table decides:", 1)[1]
    assert "Roller Skates" in decisions


# ---- 3. who starts ----------------------------------------------------------------------------------------

def test_the_start_player_is_drawn_at_random_and_the_help_promises_no_choice():
    """'Method 2: Flip the Start Card to randomly determine the Start Player.' The app always draws the
    start player at random (a chance outcome nobody chooses), and the help says that, offering no choice."""
    for variant in SPEC.variants:
        state = SPEC.new_state(SPEC.make_config(variant=variant))
        assert state.current_player() == CHANCE
        assert state.chance_outcomes() == [("start red", 0.5), ("start blue", 0.5)]
        decisions = SPEC.help_text(variant).split("this table decides:", 1)[1]
        who = next(line for line in decisions.split("\n") if "Who starts" in line)
        assert "at random" in who and "left to the people" not in who and "nobody chooses" in who


# ---- 4. the overlay's how-to-play per variant ---------------------------------------------------------------

def test_how_to_play_names_only_what_the_variant_has():
    """'Pure Strategy ... simply play without using the Power Cards': its how-to-play says nothing of
    cards; the full game's offers them, and Better with Bananas' names the bananas too."""
    from render.help import how_to_play

    lines = {v: " ".join(how_to_play("monkey_dash", v)) for v in SPEC.variants}
    assert "card" not in lines["pure"].lower() and "banana" not in lines["pure"].lower()
    assert "Power Cards" in lines["standard"] and "banana" not in lines["standard"].lower()
    assert "Power Cards" in lines["bananas"] and "banana" in lines["bananas"].lower()
    assert " ".join(how_to_play("monkey_dash")) == lines[SPEC.default_variant]
    for v, words in lines.items():
        assert "action points" in words and "Loading Bay" in words, v


# ---- 5. the two monkeys' routes ------------------------------------------------------------------------------

def test_routes_that_keep_apart_exist_and_the_help_does_not_say_they_cross():
    """'Race to be the first player to move your Monkey, on a Banana Crate, into your Loading Bay': each
    monkey can get home in one turn along a route the other's route never touches (the half-turn image),
    so the help must not say the routes cross."""
    red_route = ["b2", "c3", "c4", "c5", "c6", "d7"]
    blue_route = [BOARD.name_of(BOARD.half_turn(BOARD.square(s))) for s in red_route]
    assert blue_route == ["f6", "e5", "e4", "e3", "e2", "d1"] and not set(red_route) & set(blue_route)
    red = position("pure", crates=red_route, sups=["a4", "g4"])
    play(red, "monkey a1-b2", "monkey b2-c3", "monkey c3-c6", "monkey c6-d7")
    assert red.winner == RED
    blue = position("pure", crates=blue_route, sups=["a4", "g4"], seat=BLUE)
    play(blue, "monkey g7-f6", "monkey f6-e5", "monkey e5-e2", "monkey e2-d1")
    assert blue.winner == BLUE
    for variant in SPEC.variants:
        assert "cross in the middle" not in SPEC.help_text(variant), variant
