"""A rule test for every Monkey Dash Power Card (the project's own deck), and the deck's data checks.

The rulebook: 'Power Cards modify the rules, giving the player unique, single-use abilities.' Each test
quotes the card's text from assets/monkey_dash/power_cards.json.
"""

from __future__ import annotations

import numpy as np
import pytest

from games.bots import sample_outcome
from games.core import CHANCE
from games.monkey_dash.illegal import FrozenError
from games.monkey_dash import CARDS, SPEC
from tests.monkey_dash.test_rules import BLUE, RED, legal, play, position

PATH = ["b2", "c3", "d4", "f6", "e3", "c5"]


def own(card, **kw):
    """A position in red's turn, red holding `card` and no Interrupt in blue's hand."""
    return position(hands=([card], []), **kw)


def test_deck_has_eleven_cards_with_text_and_interrupt_flags():
    """README: 'Design a deck of eleven that fits the game's actions'; Interrupt cards 'are played at the
    start of the opponent's turn'."""
    assert len(CARDS) == 11 and len({c.id for c in CARDS}) == 11
    assert all(c.text and c.name for c in CARDS)
    assert sum(c.interrupt for c in CARDS) == 4


def test_overtime():
    """Overtime: 'You have 1 extra action point this turn.'"""
    state = own("overtime", sups=["d6", "d1"])
    play(state, "play overtime")
    assert state.ap == 5 and state.discard_pile == ["overtime"]
    play(state, "sup S", "sup S", "sup S", "sup N")
    assert state.turn_player == RED
    play(state, "sup N")
    assert state.turn_player == BLUE


def test_banana_bribe():
    """Banana Bribe: 'a Monkey Heave costs 1 AP like any rotation.'"""
    state = own("banana_bribe", sups=["c3", "g2"], crates=["d4", "b2", "f6", "f5", "e6", "a6"],
                monkeys=["d4", "g7"])
    play(state, "play banana_bribe", "heave d4 d3")
    assert state.ap == 3 and state.monkey_squares()[RED] == "d3"


def test_forklift():
    """Forklift: 'This turn pushing a crate costs 1 AP instead of 2.'"""
    state = own("forklift", sups=["c2", "g2"], crates=["c3", "b2", "f6", "f5", "e6", "a6"])
    play(state, "play forklift", "push c3 c4")
    assert state.ap == 3 and state.supervisor_squares()[RED] == "c3"


def test_tailwind():
    """Tailwind: 'Your next monkey move this turn costs no AP.'"""
    state = own("tailwind", crates=["b2", "c3", "d4", "e5", "c2", "a6"], monkeys=["b2", "g7"])
    play(state, "play tailwind", "monkey b2-c3")
    assert state.ap == 4
    play(state, "monkey c3-d4")
    assert state.ap == 3


def test_roller_skates():
    """Roller Skates: 'Your next two supervisor steps this turn cost no AP.'"""
    state = own("roller_skates", sups=["d6", "d1"])
    play(state, "play roller_skates", "sup S", "sup S")
    assert state.ap == 4
    play(state, "sup S")
    assert state.ap == 3


def test_night_shift():
    """Night Shift: 'your supervisor may also step diagonally, 1 AP a step, under the usual limits.'"""
    state = own("night_shift", sups=["d3", "g1"])
    assert "sup NE" not in legal(state)
    play(state, "play night_shift")
    assert [a for a in legal(state) if a.startswith("sup")] == [
        "sup N", "sup NE", "sup SE", "sup S", "sup SW", "sup NW"]  # e3 and c3 hold crates
    play(state, "sup NE")
    assert state.supervisor_squares()[RED] == "e4" and state.ap == 3
    boxed = own("night_shift", sups=["d4", "g1"])  # crates on all four diagonal neighbours
    play(boxed, "play night_shift")
    assert [a for a in legal(boxed) if a.startswith("sup")] == ["sup N", "sup E", "sup S", "sup W"]


def test_springboard():
    """Springboard: 'your monkey, standing on a crate, may also leap over one square without a crate onto a
    free crate two squares away in a straight line, for 1 AP. A leap is not a Monkey Dash.'"""
    state = own("springboard", crates=["b2", "d4", "e5", "f6", "a6", "g1"], monkeys=["b2", "g7"])
    assert not [a for a in legal(state) if a.startswith("leap")]
    play(state, "play springboard")
    assert [a for a in legal(state) if a.startswith("leap")] == ["leap b2-d4"]
    play(state, "leap b2-d4")
    assert state.monkey_squares()[RED] == "d4" and state.ap == 3
    assert state.current_player() == RED  # no card: not a dash
    nest = own("springboard", crates=["c3", "d4", "e5", "f6", "a6", "g1"])
    play(nest, "play springboard")
    assert not [a for a in legal(nest) if a.startswith("leap")]  # not out of the nest


def test_tea_break():
    """Tea Break: 'Interrupt: your opponent has 1 action point fewer this turn (never fewer than 1).'"""
    state = position(hands=(["tea_break"], []), seat=BLUE)
    play(state, "play tea_break")
    assert state.current_player() == BLUE and state.ap == 3
    first = position(hands=(["tea_break"], []), seat=BLUE, first_turn=True)
    play(first, "play tea_break")
    assert first.ap == 2
    low = position(hands=(["tea_break"], []), seat=BLUE)
    low.ap = 1
    play(low, "play tea_break")
    assert low.ap == 1


def test_nap_time():
    """Nap Time: 'Interrupt: your opponent's monkey may not move this turn.'"""
    state = position(hands=(["nap_time"], []), seat=BLUE, crates=PATH)
    assert any(a.startswith("monkey") for a in legal(play(state.clone(), "no interrupt")))
    play(state, "play nap_time")
    assert not [a for a in legal(state) if a.startswith(("monkey", "leap"))]


def test_safety_inspection():
    """Safety Inspection: 'Interrupt: your opponent may not rotate, heave or push crates this turn.'"""
    state = position(hands=(["safety_inspection"], []), seat=BLUE, sups=["d7", "f5"], crates=PATH)
    assert any(a.startswith(("rotate", "push")) for a in legal(play(state.clone(), "no interrupt")))
    play(state, "play safety_inspection")
    assert not [a for a in legal(state) if a.startswith(("rotate", "heave", "push"))]
    assert [a for a in legal(state) if a.startswith("sup")]


def test_wet_floor():
    """Wet Floor: 'Interrupt: your opponent's supervisor may not step or push this turn (it may still
    rotate crates and pick up bananas).'"""
    state = position(hands=(["wet_floor"], []), seat=BLUE, sups=["d7", "d4"])
    play(state, "play wet_floor")
    moves = legal(state)
    assert not [a for a in moves if a.startswith(("sup", "push"))]
    assert "rotate e3 d3" in moves


def test_all_freezes_leave_only_buying_or_passing():
    """With monkey, crates and supervisor all frozen, nothing spends AP but 'buy'; at 3 AP the player
    must pass ('Only if nothing that costs AP is possible ... may you pass')."""
    state = position(hands=(["nap_time", "safety_inspection", "wet_floor"], []), seat=BLUE, crates=PATH)
    play(state, "play nap_time", "play safety_inspection", "play wet_floor")
    assert legal(state) == ["buy"]
    stuck = position(hands=(["nap_time", "safety_inspection", "wet_floor"], []), seat=BLUE, crates=PATH,
                     first_turn=True)
    play(stuck, "play nap_time", "play safety_inspection", "play wet_floor")
    assert legal(stuck) == ["pass"]
    play(stuck, "pass")
    assert stuck.turn_player == RED


def _force_into_hand(state, card: str, seat: int) -> None:
    """Move `card` from wherever it is into `seat`'s hand, keeping the deck whole and hands at three."""
    for pile in (state.draw_pile, state.discard_pile, state.hands[0], state.hands[1]):
        if card in pile:
            pile.remove(card)
    hand = state.hands[seat]
    if len(hand) == 3:
        state.discard_pile.append(hand.pop(0))
    hand.append(card)
    if not state.draw_pile:
        state.draw_pile, state.discard_pile = state.discard_pile, []


@pytest.mark.parametrize("card", [c.id for c in CARDS])
def test_no_card_breaks_an_invariant(card):
    """README: 'test that none of them breaks a rule invariant'. A whole random game per variant in which
    the card is put into the hand that may play it at the start of every turn; the invariants are
    checked after every action, and the card must really be played."""
    interrupt = next(c for c in CARDS if c.id == card).interrupt
    played = 0
    for variant in ("standard", "bananas"):
        rng = np.random.default_rng([sum(map(ord, card)), len(variant)])
        state = SPEC.new_state(SPEC.make_config(variant=variant))
        turn = -1
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            else:
                if state.turns_done != turn and state.phase in ("interrupt", "act"):
                    turn = state.turns_done
                    _force_into_hand(state, card, 1 - state.turn_player if interrupt else state.turn_player)
                    state._begin_turn(state.turn_player)  # the turn begins again with the card held
                moves = legal(state)
                action = moves[int(rng.integers(len(moves)))]
                played += action == f"play {card}"
                state.apply_action(action)
            assert state.invariant_violations() == []
    assert played >= 5


def test_nap_time_also_forbids_heaving_the_frozen_monkey():
    """Nap Time: 'Interrupt: your opponent's monkey may not move this turn' - neither by its own move nor
    on a crate its supervisor heaves, not even into its own bay (the very win the card is played
    against). The other monkey may still be heaved."""
    # blue's monkey on d2 beside blue's bay d1; blue's supervisor on c1 could heave d2 into d1 and win
    crates = ["d2", "b2", "e5", "a6", "a7", "g1"]
    state = position("standard", crates=crates, monkeys=["b2", "d2"], sups=["d7", "c1"],
                     hands=(["nap_time"], []), seat=BLUE)
    free = play(state.clone(), "no interrupt")
    assert "heave d2 d1" in legal(free)
    play(free, "heave d2 d1")
    assert free.winner == BLUE
    play(state, "play nap_time")
    assert not [a for a in legal(state) if a.startswith(("heave d2", "monkey", "leap"))]
    with pytest.raises(FrozenError, match="Nap Time was played against this turn.*not even on a heaved crate"):
        state.apply_action("heave d2 d1")
    assert state.monkey_squares()[BLUE] == "d2" and state.winner is None
    # the red monkey on b2 is not asleep for blue: blue may still heave it
    assert "heave b2 b1" in legal(state)
    play(state, "heave b2 b1")
    assert state.monkey_squares() == ["b1", "d2"]


def test_the_text_board_says_the_turns_effects_and_phase_in_words():
    """A terminal audit: after 'play tailwind' the board read "Effects this turn: free_monkey" and "..., 0 AP
    left, phase act", the table's own keys, and the legend named (r)/(b) but not the (R)/(B) of a monkey
    still in its nest. Tailwind: "Your next monkey move this turn costs no AP." Each effect is said in words,
    the phase only when it is not the player's own acting, and the legend names both."""
    from games.core import Seat
    from games.match import Match
    from games.monkey_dash import SPEC
    from games.monkey_dash.cards import EFFECT_FLAGS
    from games.monkey_dash.text_board import EFFECT_WORDS, render

    assert set(EFFECT_WORDS) == {key for key, _ in EFFECT_FLAGS.values()}
    match = Match(SPEC.make_config([Seat("Ann"), Seat("Bob", "greedy")]), 3)
    match.advance()
    state = match.state
    state.effects["free_monkey"] = 1
    board = render(state)
    assert "Effects this turn: the next 1 monkey move(s) cost no AP" in board and "free_monkey" not in board
    assert "phase act" not in board and "(R)/(B) monkey in its nest" in board


def test_roller_skates_never_lets_the_turn_pass_with_its_ap_unspent():
    """A rules audit (seed 15): red, 3 AP, its monkey in the nest and no crate by its supervisor, played Roller
    Skates, and 'pass' came into the list: the turn went to blue with 3 AP unspent. Rules: "Each turn you must
    spend exactly four action points (4AP)", and Roller Skates: 'Your next two supervisor steps this turn cost no
    AP.' After the free steps a step costs AP again, so the AP can be spent and the turn may not pass."""
    state = own("roller_skates", crates=["c3", "d4", "e5", "f2", "b5", "e2"], first_turn=True)
    before = legal(state)
    assert state.ap == 3 and "pass" not in before
    assert not any(a.startswith(("monkey", "push", "rotate", "heave", "buy")) for a in before), before
    play(state, "play roller_skates")
    assert "pass" not in legal(state) and "end turn" not in legal(state)
    with pytest.raises(Exception, match="'pass' is allowed only when nothing that costs AP can be done"):
        state.apply_action("pass")
    play(state, "sup S", "sup N")  # the two free steps
    assert state.ap == 3 and "pass" not in legal(state)
    play(state, "sup S", "sup N", "sup S")
    assert state.turn_player == BLUE  # its AP spent, the turn is over


def test_a_card_bought_this_turn_may_be_played_this_turn_as_the_help_says():
    """'Power Cards can be bought on your turn for 4AP' and 'Players always take the top Power Card from the
    draw pile and must place it, face up, on the table': nothing makes a new card wait for a later turn. An
    audit found the engine lets it be played at once and the help did not say so; the help's decisions now do."""
    state = position(sups=["d6", "d1"])
    state.ap = 5
    play(state, "buy")
    assert state.current_player() == CHANCE
    drawn = [o for o, _ in state.chance_outcomes() if o.endswith("overtime")]
    play(state, drawn[0])
    assert "play overtime" in legal(state)
    play(state, "play overtime")
    assert state.ap == 2 and state.discard_pile == ["overtime"]
    for variant in ("standard", "bananas"):
        assert "may be played in the same turn" in " ".join(SPEC.help_text(variant).split())
    assert "may be played in the same turn" not in " ".join(SPEC.help_text("pure").split())
