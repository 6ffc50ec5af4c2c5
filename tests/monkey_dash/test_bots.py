"""Monkey Dash bots, help text and the renderer-facing queries."""

from __future__ import annotations

import numpy as np
import pytest

from games.monkey_dash import BOARD, SPEC
from games.monkey_dash.bots import GreedyBot, SearchBot, evaluate, race
from games.selfplay import run
from tests.monkey_dash.test_rules import BLUE, RED, legal, play, position

RNG = np.random.default_rng(0)


def test_greedy_takes_an_immediate_win():
    """Winning: 'The game is won the moment the Monkey reaches the Loading Bay.'"""
    state = position("pure", sups=["d6", "d2"], crates=["c7", "b2", "f6", "f5", "e4", "a6"],
                     monkeys=["c7", "g7"])
    assert GreedyBot().choose(state.clone(), RNG) == "heave c7 d7"


def test_search_plans_a_two_step_win():
    """Winning, Method 2: 'Place a crate in the Loading Bay, and move your Monkey on to it.'"""
    state = position("pure", sups=["d6", "d2"], crates=["c7", "c6", "b2", "f6", "f5", "e3"],
                     monkeys=["c6", "g7"])
    bot = SearchBot()
    first = bot.choose(state.clone(), RNG)
    play(state, first)
    play(state, bot.choose(state.clone(), RNG))
    assert state.winners() == [RED]


def test_search_spoils_a_heave_into_the_opponents_bay():
    """The search looks at the reply. Blue's monkey sits on e1 beside blue's bay d1 with blue's
    supervisor on d2, so next turn blue would win by 'a Monkey Heave to lift a Crate, with your Monkey
    on top, into your Loading Bay'. Red must spend its turn spoiling that."""
    state = position("pure", sups=["f2", "d2"], crates=["e1", "b7", "a6", "a5", "a4", "g5"],
                     monkeys=["a1", "e1"])
    threat = state.clone()
    threat._end_turn()
    assert "heave e1 d1" in threat.legal_actions()
    bot = SearchBot()
    while state.turn_player == RED and not state.is_terminal():
        play(state, bot.choose(state.clone(), RNG))
    assert not state.is_terminal() and "heave e1 d1" not in state.legal_actions()


def test_evaluation_prefers_the_monkey_nearer_its_bay():
    near = position("pure", crates=["d6", "c3", "e5", "f6", "c5", "e3"], monkeys=["d6", "g7"])
    far = position("pure", crates=["b2", "c3", "e5", "f6", "c5", "e3"], monkeys=["b2", "g7"])
    assert race(near, RED) < race(far, RED)
    assert evaluate(near, RED) > evaluate(far, RED) and evaluate(near, BLUE) < evaluate(far, BLUE)


def test_search_beats_random_and_greedy_beats_random():
    for bots, winner in ((["search", "random"], 0), (["random", "greedy"], 1)):
        summary = run("monkey_dash", games=1, seed=4, bots=bots, variant="pure", progress=False)
        assert summary["errors"] == 0 and summary["winners"] == [[winner]]


def test_help_text_for_every_variant_states_each_design_decision():
    """GameSpec.help_text(variant): each variant's rules in the project's words, with every decision the
    rulebook leaves open (README: 'document each choice in the game's help')."""
    standard = SPEC.help_text("standard")
    decisions = [
        "pays 1 action point (AP) for starting, so has only 3 AP",    # the Start Card
        "chosen at random",                                            # who starts
        "may you 'pass', which gives up the AP left",                  # unspendable AP
        "the turn then ends when you choose 'end the turn', or by itself when nothing free is left",  # 0 AP
        # (a help audit: it said a card's help made a first-turn Heave possible, with no monkey on a crate yet)
        "no monkey stands on a crate until its first hop from the nest, so there is nothing to heave in the game's "
        "first turn",
        "two squares: 5 AP",                                           # the monkey is fought once
        "heave the crate your monkey stands on into your bay",        # winning, method 1
        "If a Heave carries the other monkey into its own bay, that player wins",
        "Crates may enter either Loading Bay",
        "never a crate with a monkey on it",                           # pushes
        "never so that your supervisor would enter the other bay",
        "stops on any of them",                                        # monkey moves
        "the crate you start on and at least two more",                # what a Dash is
        "unless you already gained one this turn",                     # one new card a turn
        "you must at once 'discard' one of your choice",               # hand limit
        "as soon as the draw pile is empty the discard pile is shuffled",
        "Interrupt cards are played by the waiting player when the opponent's turn begins",
        "STALEMATE RULE", "If every way to finish the turn is barred, the rule yields",
        "After 120 turns in all", "Crates start on " + ", ".join(BOARD.name_of(c) for c in BOARD.crates), "Loading Bay d7",
        "Tea Break (Interrupt): your opponent has 1 action point fewer",
        "Overtime (your turn): You have 1 extra action point",
        "play or discard and a card's short name",                     # the terminal's typed forms
    ]
    for phrase in decisions:
        assert phrase in standard, phrase
    assert "Tea Break (Interrupt): Interrupt" not in standard  # said once, not twice
    bananas = SPEC.help_text("bananas")
    for phrase in ("SUPER SLIDE", "eight squares around it, free", "one square beyond its neighbours",
                   "heaved this turn can neither drop nor throw", "every further banana in line",
                   "Bananas block crates", "not a crate, supervisor, banana, nest or Loading Bay",
                   "the supervisor steps onto the banana and stops there"):
        assert phrase in bananas and phrase not in standard, phrase
    pure = SPEC.help_text("pure")
    assert "no Power Cards" in pure and "Tea Break" not in pure and "POWER CARDS." not in pure
    assert "there is nothing to heave in the game's first turn" in " ".join(pure.split())
    # what that stands on: both monkeys start in their nests, and no crate starts beside a nest
    assert all(BOARD.distance(c, nest) > 1 for c in BOARD.crates for nest in BOARD.nests)
    with pytest.raises(ValueError):
        SPEC.help_text("no such variant")


def test_moves_group_by_clicked_square_with_costs():
    """The renderer asks what starts from a clicked square and what it costs."""
    state = position("pure", sups=["c3", "g2"], crates=["d4", "b2", "f6", "f5", "e6", "a6"],
                     monkeys=["d4", "g7"])
    from_crate = state.actions_from("d4")  # a crate carrying red's monkey: heaves and monkey moves
    assert {m["action"]: m["cost"] for m in from_crate} == {"heave d4 d3": 4, "heave d4 c4": 4}
    heave = next(m for m in from_crate if m["action"] == "heave d4 d3")
    assert heave == {"action": "heave d4 d3", "kind": "heave", "cost": 4, "from": "d4", "to": "d3",
                     "dash": False, "wins": False, "loses": False}
    sup = state.actions_from("c3")
    assert {m["kind"] for m in sup} == {"sup"} and all(m["cost"] == 1 for m in sup)
    groups = state.actions_by_square()
    assert groups["d4"] == from_crate and groups["c3"] == sup
    assert sum(len(g) for g in groups.values()) == len(state.legal_actions())
    assert state.width == 7 and state.height == 7 and state.nests() == ["a1", "g7"]
    assert state.loading_bays() == ["d7", "d1"] and state.draw_pile_size() == 0


@pytest.mark.parametrize("bot", ["greedy", "search"])
def test_bots_end_the_turn_when_only_a_wasted_card_is_left(bot):
    """With no AP left a turn ends when the player says so ('end turn') while free steps remain: a bot
    answers that decision, and does not throw away a card that can do nothing at 0 AP."""
    state = position(crates=["b2", "c3", "e5", "f6", "c5", "e3"], hands=(["night_shift"], []))
    play(state, "sup S", "sup S", "sup N", "sup N")
    assert legal(state) == ["play night_shift", "end turn"]
    choice = SPEC.bots[bot]().choose(state, np.random.default_rng(3))
    assert choice == "end turn"
    play(state, choice)
    assert state.turn_player == BLUE and state.hands[RED] == ["night_shift"]
