"""Super Mario Jenga: what the rules drop without a note (a climb with no hole by exact count, a steal with
nobody to steal from) is said in the window's words (render/screens/jenga/events.py lost_words)."""

from __future__ import annotations

from render.screens.jenga.events import lost_words
from tests.jenga.test_rulebook import full_layout, mario_state


def _name(seat: int) -> str:
    return ["Ann", "Bob", "Cy"][seat]


def test_a_spins_climb_with_no_layer_by_exact_count_passes_the_turn_and_is_said_lost():
    """"You can only climb if there are enough layers above you to do so by exact count": a peg that beat
    Bowser on layer 15 of a 16-layer tower spins "stack 0, climb 4" (section 7): nothing can be done and the
    turn passes. An audit saw that in the log as the spin's line alone; the words now say the climb is lost."""
    s = mario_state(players=2, pegs=[(15, 0, "+y"), (1, 1, "+y")], characters=["luigi", "mario"])
    layout = full_layout(15)
    layout[3], layout[4] = [None, 10, None], [None, 13, 14]
    s.layout = layout + [[9, 11, 12]]  # three blocks stacked above Bowser
    s.defeated = [True, False]
    s.phase, s.spin = "spin", None
    before = s.clone()
    s.apply_action("spin 6")
    assert s.mover == 1 and s.peg_level(0) == 15
    said = lost_words(before, s, "spin 6", _name)
    assert said == ["Ann could not climb 4 layers up (no free hole of theirs at that height by exact count), so "
                    "that climb is lost"]
    # a climb that can be made is not lost: from layer 13, climb 2 stops on Bowser's layer 14 (a hole to choose)
    s2 = mario_state(players=2, pegs=[(13, 0, "+y"), (1, 1, "+y")], characters=["luigi", "mario"])
    s2.phase, s2.spin = "spin", None
    before2 = s2.clone()
    s2.apply_action("spin 8")  # stack 0, collect 2, climb 2
    assert lost_words(before2, s2, "spin 8", _name) == []


def test_a_steal_with_nobody_left_to_steal_from_is_said_lost():
    """Luigi's star: "Steal 3 coins from any combo of players", three single steals; the help: "An effect with
    nobody it may hit is lost". With the only other player holding 2 coins, the second steal empties them and
    the third is dropped as the turn ends: said, where an audit saw it vanish."""
    s = mario_state(players=2, characters=["luigi", "mario"])
    s.purses[1] = [2, 0]
    s.items = ["star"] * 45
    s.stacks_left = 1
    s.after_stack({"block": 44, "shifted_mm": []}, s.layout)
    assert [tuple(e) for e in s.effects] == [("steal", 1)] * 3
    before = s.clone()
    s.apply_action("target 2")
    assert lost_words(before, s, "target 2", _name) == []  # one steal done, one waiting
    before = s.clone()
    s.apply_action("target 2")
    assert s.coins()[1] == 0 and s.mover == 1
    assert lost_words(before, s, "target 2", _name) == ["Ann's steal (1 coin) is lost: no other player has a coin"]


def test_an_item_stacked_whose_steal_finds_nobody_is_said_lost_in_the_stack_step():
    """Peach's POW ("Steal 1 coin from any player") stacked when nobody else has a coin: the steal is dropped in
    the stack's own step, and the words name it from the block stacked."""
    s = mario_state(players=2, characters=["peach", "mario"])
    s.purses[1] = [0, 0]
    s.items = ["pow"] * 45
    s.stacks_left, s.hand = 1, 44
    s.phase = "stack"  # a block in hand: the phase a stack is played from (a regression audit: "act" here hid it)
    before = s.clone()
    s.hand = None
    s.after_stack({"block": 44, "shifted_mm": []}, s.layout)
    assert s.effects == [] and s.mover == 1
    assert lost_words(before, s, "stack 14:2", _name) == ["Ann's steal (1 coin) is lost: no other player has a coin"]


def test_a_climb_that_stays_on_bowsers_layer_to_battle_him_is_not_said_lost():
    """A regression audit: a peg on Bowser's own layer (14) spun a climb that would pass him; the climb "stays in"
    a hole of that layer and the battle starts next turn. The peg's layer did not change, and the words said
    "could not climb 4 layers up ... so that climb is lost" beside "must battle Bowser next turn"."""
    s = mario_state(players=2, pegs=[(14, 0, "+y"), (1, 1, "+y")], characters=["luigi", "mario"])
    s.phase, s.spin = "spin", None
    s.apply_action("spin 6")  # stack 0, climb 4
    assert s.mover == 0 and s.legal_actions()
    before = s.clone()
    action = s.legal_actions()[0]
    s.apply_action(action)
    assert s.battling[0] and s.peg_level(0) == 14 and s.mover == 1
    assert lost_words(before, s, action, _name) == []


def test_a_climb_made_does_not_hide_another_lost_in_the_same_step():
    """A regression audit (battle_below, seed 6, step 63): an item's climb was made and the spin's climb of 4,
    with no layer that high, was dropped as the turn ended; the words looked only at whether the peg moved, and
    said nothing. Here a peg that beat Bowser stands on layer 15 of 17, with its item's climb 1 and the spin's
    climb 4 waiting: the climb to 16 is made and the 4 is said lost."""
    s = mario_state(players=2, pegs=[(15, 0, "+y"), (1, 1, "+y")], characters=["luigi", "mario"])
    layout = full_layout(15)
    layout[3], layout[4], layout[5] = [None, 10, None], [None, 13, None], [None, 16, None]
    s.layout = layout + [[9, 11, 12], [14, 15, 17]]  # six blocks stacked above Bowser
    s.defeated = [True, False]
    s.climb_due, s.effects = 4, [["climb", 1]]
    before = s.clone()
    action = next(a for a in s.legal_actions() if a.startswith("climb 16:"))
    s.apply_action(action)
    assert s.peg_level(0) == 16 and s.mover == 1
    assert lost_words(before, s, action, _name) == [
        "Ann could not climb 4 layers up (no free hole of theirs at that height by exact count), so that climb is lost"]
