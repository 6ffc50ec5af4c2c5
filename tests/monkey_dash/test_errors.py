"""Bad input to Monkey Dash: malformed text and illegal steps are refused with a named
IllegalActionError subclass whose message says what was wrong and what is allowed, and nothing changes
(house rule: 'reject illegal actions with a named IllegalActionError subclass ... and NO side
effects')."""

from __future__ import annotations

import pytest

from games.core import ActionSyntaxError, GameOverError, IllegalActionError
from games.monkey_dash.illegal import (BananaRuleError, BlockedError, CardRuleError, FrozenError,
                                       NotEnoughAPError, NotYourTurnError, PassError, StalemateRuleError)
from tests.monkey_dash.test_rules import BLUE, BOARD, _undo_cycle, play, position


def refused(state, action, error, *phrases):
    """Apply `action`, expect exactly `error` with the phrases in its message, and the state unchanged."""
    before = state.to_json_text()
    with pytest.raises(error) as caught:
        state.apply_action(action)
    assert type(caught.value) is error
    message = str(caught.value)
    for phrase in phrases:
        assert phrase in message
    assert "Allowed now:" in message
    assert state.to_json_text() == before
    return message


@pytest.mark.parametrize("text, phrase", [
    ("jump", "unknown word 'jump'"),
    ("", "unknown word ''"),
    (" buy", "single spaces and nothing around it"),
    ("sup  N", "single spaces"),
    ("BUY", "unknown word 'BUY'"),
    ("sup", "a supervisor step names a direction"),
    ("sup north", "got 'north'"),
    ("rotate c3", "'rotate' takes 2 square names"),
    ("push c3 c4 c5", "'push' takes 2 square names"),
    ("monkey b2", "'monkey' takes a from-to pair like b2-d4"),
    ("monkey b2-", "'monkey' takes a from-to pair"),
    ("monkey a1-z9", "z9 is off the 7x7 board"),
    ("drop 44", "'44' is not a square name"),
    ("play joker", "no Power Card is called 'joker'"),
])
def test_malformed_text_is_an_action_syntax_error(text, phrase):
    state = position()
    message = refused(state, text, ActionSyntaxError, phrase)
    assert "actions look like:" in message


def test_illegal_supervisor_steps_say_why():
    """'Your Supervisor moves orthogonally'; 'not into your opponent's Loading Bay'; 'can't move through
    a square occupied by a Banana Crate, a Monkey Nest, or another Supervisor'."""
    state = position("pure", sups=["d2", "c1"], crates=["d3", "a6", "a5", "a4", "g4", "g5"])
    refused(state, "sup NE", BlockedError, "NE needs Night Shift")
    refused(state, "sup S", BlockedError, "d1 is blue's Loading Bay")
    refused(state, "sup N", BlockedError, "d3 holds a crate")
    nest = position("pure", sups=["b1", "d1"])
    refused(nest, "sup W", BlockedError, "a1 is the red Nest")
    refused(nest, "sup S", BlockedError, "would leave the board")


def test_illegal_crate_moves_say_why():
    """'Crates can be pivoted through the eight squares surrounding your Supervisor ... 1AP per square'
    and 'can't pass through other Crates or Supervisors'; a Heave costs 4AP; pushes are orthogonal and
    'Crates can't be pulled'."""
    state = position("pure", sups=["c3", "g2"], crates=["d4", "c4", "b2", "f6", "f5", "e6"],
                     monkeys=["a1", "g7"])
    refused(state, "rotate e6 e5", BlockedError, "not next to your supervisor on c3")
    refused(state, "rotate g1 g2", BlockedError, "there is no crate on g1")
    refused(state, "rotate d4 c4", BlockedError, "c4 holds a crate")
    refused(state, "rotate d4 d2", BlockedError, "one square at a time", "d3")
    refused(state, "heave d4 d3", BlockedError, "that is a plain rotation")
    refused(state, "push c4 c3", BlockedError, "never pulled")
    refused(state, "push d4 e5", BlockedError, "orthogonally next to your supervisor")
    heave = position("pure", sups=["c3", "g2"], crates=["d4", "b2", "f6", "f5", "e6", "a6"],
                     monkeys=["d4", "g7"], first_turn=True)
    refused(heave, "rotate d4 d3", BlockedError, "that crate is a Monkey Heave")
    refused(heave, "heave d4 d3", NotEnoughAPError, "a Monkey Heave costs 4 AP, and this turn has only 3 AP")
    refused(heave, "push d4 e4", BlockedError, "a push needs the crate orthogonally next")


def test_illegal_pushes_say_why():
    """'It is not possible to push more than one Crate at a time'; the project's push limits."""
    state = position("pure", sups=["c3", "g2"], crates=["c4", "c5", "d3", "f6", "f5", "e6"],
                     monkeys=["d3", "g7"])
    refused(state, "push c4 c5", BlockedError, "c5 holds a crate", "one crate at a time")
    refused(state, "push d3 e3", BlockedError, "only a Monkey Heave moves that crate")
    bay = position("pure", sups=["c1", "g2"], crates=["d1", "b2", "f6", "f5", "e6", "a6"])
    refused(bay, "push d1 e1", BlockedError, "your supervisor would follow into d1, blue's Loading Bay")


def test_illegal_monkey_moves_say_why():
    """'will not move on the warehouse floor, only on Banana Crates'; 'in a straight line'; the first
    move is a jump 'onto a Banana Crate in a neighbouring square'; 'can't move onto a Crate occupied by
    another Monkey'; 'You can't move your opponent's Monkey.'"""
    state = position("pure", crates=["b2", "c3", "d4", "e5", "c2", "a6"], monkeys=["a1", "e5"],
                     sups=["d7", "d1"])
    refused(state, "monkey a1-c3", BlockedError, "a hop from the Nest onto a crate right next to it")
    refused(state, "monkey e5-d4", BlockedError, "your monkey is on a1, not e5")
    on = position("pure", crates=["b2", "c3", "d4", "e5", "c2", "a6"], monkeys=["b2", "e5"],
                  sups=["d7", "d1"])
    refused(on, "monkey b2-e5", BlockedError, "the blue monkey is on e5")
    refused(on, "monkey b2-b3", BlockedError, "monkeys move only onto crates, and b3 has none")
    refused(on, "monkey b2-a6", BlockedError, "not a straight line")
    gap = position("pure", crates=["b2", "d4", "e5", "c2", "a6", "g1"], monkeys=["b2", "g7"],
                   sups=["d7", "d1"])
    refused(gap, "monkey b2-d4", BlockedError, "the line from b2 to d4 is broken")
    refused(gap, "leap b2-d4", CardRuleError, "needs Springboard")


def test_card_actions_at_the_wrong_moment_say_why():
    """'Interrupt cards ... must be played at the start of their turn. All other cards are played during
    your own turn.' 'A Player may gain only one new Power Card per turn.'"""
    window = position(hands=(["overtime", "tea_break"], ["forklift"]), seat=BLUE)
    # the players and the cards as the window names them (a Monkey Dash audit read "red does not hold overtime")
    refused(window, "sup N", NotYourTurnError, "random 2's turn has not begun", "random 1 (red) first plays an Interrupt")
    refused(window, "play overtime", CardRuleError, "Overtime is not an Interrupt")
    refused(window, "play nap_time", CardRuleError, "random 1 (red) does not hold Nap Time")
    own = position(hands=(["overtime", "tea_break"], []))
    refused(own, "play tea_break", CardRuleError, "Tea Break is an Interrupt")
    refused(own, "no interrupt", NotYourTurnError, "there is no Interrupt window now")
    refused(own, "discard overtime", CardRuleError, "only when a fourth one arrives")
    play(own, "play overtime", "buy", "draw forklift")
    refused(own, "buy", CardRuleError, "already gained a Power Card this turn")
    full = position(hands=(["overtime", "forklift", "tailwind"], []))
    play(full, "buy", "draw nap_time")
    refused(full, "sup S", NotYourTurnError, "must first discard one")
    refused(full, "discard wet_floor", CardRuleError, "random 1 (red) does not hold Wet Floor")
    refused(position("pure"), "buy", CardRuleError, "no Power Cards in the 'pure' variant")
    refused(position(first_turn=True), "buy", NotEnoughAPError, "buying a card costs 4 AP")


def test_frozen_steps_name_the_interrupt():
    """Nap Time, Safety Inspection and Wet Floor refuse what they forbid, by name."""
    state = position(hands=(["nap_time", "safety_inspection", "wet_floor"], []), seat=BLUE,
                     crates=["b2", "c3", "d4", "f6", "e3", "c5"], sups=["d7", "d2"])
    play(state, "play nap_time", "play safety_inspection", "play wet_floor")
    refused(state, "monkey g7-f6", FrozenError, "Nap Time")
    refused(state, "rotate e3 e2", FrozenError, "Safety Inspection")
    refused(state, "sup W", FrozenError, "Wet Floor")


def test_banana_errors_say_why():
    """Bananas: dropped 'into neighbouring, empty squares', never 'into a Loading Bay, Monkey Nest or on
    a Crate', not 'when the Monkey is Heaved', and only in the Better with Bananas variant."""
    refused(position(), "drop c4", BananaRuleError, "only in the 'bananas' and 'bananas_pure' variants")
    nest = position("bananas")
    refused(nest, "drop b1", BananaRuleError, "from a crate, not from its Nest")
    state = position("bananas", crates=["d6", "c6", "a6", "a7", "g1", "g2"], monkeys=["d6", "g7"],
                     sups=["e5", "d1"], stores=[1, 3], bananas=["b4", "f3"])
    refused(state, "drop d7", BananaRuleError, "d7 is a Loading Bay")
    refused(state, "drop c6", BananaRuleError, "c6 holds a crate")
    refused(state, "drop d4", BananaRuleError, "dropped next to your monkey on d6")
    refused(state, "pickup e4", BananaRuleError, "there is no banana on e4")
    play(state, "drop d5")
    refused(state, "throw d4", BananaRuleError, "no bananas left")


def test_pass_and_the_stalemate_rule_say_why():
    """'Each turn you must spend exactly four action points'; the stalemate rule refuses, by name, the
    step that would end the turn in the undone position."""
    refused(position("pure"), "pass", PassError, "nothing that costs AP")
    state, _ = _undo_cycle()
    play(state, "rotate d5 d4", "rotate d4 d3", "sup W")
    refused(state, "sup E", StalemateRuleError, "stalemate rule")


def test_a_finished_game_refuses_everything():
    """'The game is won the moment the Monkey reaches the Loading Bay.'"""
    state = position("pure", sups=["d6", "d2"], crates=["c7", "b2", "f6", "f5", "e4", "a6"],
                     monkeys=["c7", "g7"])
    play(state, "heave c7 d7")
    with pytest.raises(GameOverError):
        state.apply_action("sup S")
    assert issubclass(GameOverError, IllegalActionError)


def test_typed_text_is_forgiven_spacing_and_case_but_refused_with_the_reason():
    """The terminal parses typed text with string_to_action: 'Sup  s' is 'sup S'; a typed step that
    breaks a rule gets the same named error and reason as apply_action."""
    state = position("pure", sups=["d2", "c1"], crates=["d3", "a6", "a5", "a4", "g4", "g5"])
    assert state.string_to_action("  Sup   w ") == "sup W"
    assert state.string_to_action("Rotate D3  e3") == "rotate d3 e3"
    with pytest.raises(BlockedError, match="d1 is blue's Loading Bay"):
        state.string_to_action("sup s")
    with pytest.raises(ActionSyntaxError, match="unknown word 'hop'"):
        state.string_to_action("hop a1")


def test_refusals_name_cards_from_the_deck_file():
    """Issue 18: card names live in one place, the Power Card file; a refusal that names the card in
    force reads the name from the deck, so a renamed card is named as the file says."""
    import dataclasses

    state = position(hands=(["nap_time"], []), seat=BLUE)
    play(state, "play nap_time")
    with pytest.raises(IllegalActionError, match="^Nap Time was played against this turn"):
        state.apply_action("monkey g7-f6")
    state.deck = tuple(dataclasses.replace(c, name="Siesta") if c.id == "nap_time" else c for c in state.deck)
    with pytest.raises(IllegalActionError, match="^Siesta was played against this turn"):
        state.apply_action("monkey g7-f6")
    assert state.effects_in_force() == [("monkey_frozen", "Siesta")]


def test_bananas_and_pure_strategy_together_have_bananas_and_no_cards():
    """Rulebook: Better with Bananas is played "In addition to the standard setup, each player is given 3
    Bananas", and Pure Strategy means to "simply play without using the Power Cards". It does not say whether
    the two go together; 'bananas_pure' plays both (a rules audit found no way to have bananas without luck)."""
    state = position("bananas_pure", crates=["d6", "c6", "a6", "a7", "g1", "g2"], monkeys=["d6", "g7"],
                     sups=["e5", "d1"])
    assert state.bananas_on and not state.cards_on and state.hands == [[], []]
    assert state.banana_store == [3, 3]
    play(state, "drop d5")
    assert state.bananas == [BOARD.square("d5")]
    refused(state, "buy", CardRuleError, "no Power Cards in the 'bananas_pure' variant")
    refused(position(), "drop c4", BananaRuleError, "only in the 'bananas' and 'bananas_pure' variants")
