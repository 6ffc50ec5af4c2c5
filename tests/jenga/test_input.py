"""Bad input and broken states in the three Jenga games.

Every rejected action raises a named IllegalActionError subclass whose message says what is allowed,
and leaves the state exactly as it was; invariant_violations() notices every broken conservation
law. States are built on the real tower (a build is a fraction of a second) and set up by hand.
"""

from __future__ import annotations

import json
import re

import pytest

from games.core import ActionSyntaxError, IllegalActionError
from games.jenga.classic import SPEC as CLASSIC
from games.jenga.common import (IllegalHoleError, IllegalSlotError, NotRemovableError,
                                NotYourMoveError)
from games.jenga.donkey_kong import SPEC as DK
from games.jenga.push import PushOutOfRangeError, WrongEndError
from games.jenga.super_mario import SPEC as MARIO
from games.jenga.super_mario_refusals import CharacterTakenError, IllegalTargetError


def built(spec, players=3, seed=1):
    s = spec.new_state(spec.make_config(players=players))
    s.apply_action(f"build {seed}")
    return s


def classic_take():
    return built(CLASSIC)


def classic_stack():
    """Seat 2 holds a block and the top level 18 has its middle slot filled already."""
    s = built(CLASSIC)
    s.take_out(3, 0)
    s.apply_action("stack 1")
    s.take_out(5, 0)
    assert s.phase == "stack" and s.layout[18] == [None, 9, None]
    return s


def dk_placing():
    s = built(DK)
    s.apply_action("mario 0:0+x")
    return s


def dk_acting():
    s = built(DK)
    for hole in ("0:0+x", "0:1+x", "0:2+x"):
        s.apply_action(f"mario {hole}")
    s.apply_action("spin 3")  # pink 2, black 1: remove 2 girders, climb 0
    s.climbs_left = 0
    return s


def mario_choosing():
    s = built(MARIO)
    s.apply_action("character toad")
    return s


def mario_acting():
    s = built(MARIO)
    for c in ("mario", "peach", "luigi"):
        s.apply_action(f"character {c}")
    for hole in ("1:0+y", "1:1+y", "1:2+y"):
        s.apply_action(f"peg {hole}")
    s.apply_action("spin 0")  # stack 1, climb 1
    s.pegs[1] = [5, 1, "+y"]
    return s


def mario_aiming():
    s = mario_acting()
    s.defeated[2] = True
    s.pegs[2] = [13, 0, "+y"]
    s.purses[1], s.bank[1] = [0, 0], s.bank[1] + 1
    s.effects = [["move_down", 3]]
    return s


CASES = [
    # traditional Jenga and the push grammar
    (classic_take, "extract 5:1", ActionSyntaxError, "write e.g."),
    (classic_take, "extract 5:1 +y speed=0.02 steady=0.9", ActionSyntaxError, "canonical form"),
    (classic_take, "extract 5:1 +y speed=0.500 steady=0.90", PushOutOfRangeError, "outside 0.005 to 0.100"),
    (classic_take, "extract 5:1 +y speed=0.020 steady=1.50", PushOutOfRangeError, "outside 0.00 to 1.00"),
    (classic_take, "extract 5:1 +x speed=0.020 steady=0.90", WrongEndError, "ends on +y and -y"),
    (classic_take, "extract 17:1 +y speed=0.020 steady=0.90", NotRemovableError,
     "below the highest complete level (17)"),
    (classic_take, "extract 17:0 +y speed=0.020 steady=0.90", NotRemovableError, "blocks that may: 0:0"),
    (classic_take, "extract 30:0 +x speed=0.020 steady=0.90", NotRemovableError, "no block at 30:0"),
    (classic_take, "extract 4:7 +x speed=0.020 steady=0.90", NotRemovableError, "no block at 4:7"),
    (classic_take, "extract 5:1 6:1 +y speed=0.020 steady=0.90", ActionSyntaxError, "not a whole extract"),  # one hand
    # a push written otherwise than the game writes one (a robustness audit: full-width digits were taken)
    (classic_take, "push ０:０ +x path=0/0/0,500/330/0", ActionSyntaxError, "is not a push"),
    (classic_take, "push 0:0 +x path=0/0/0,500/３３０/0", IllegalActionError, "canonical"),
    (classic_take, "stack 1", NotYourMoveError, "must take a block"),
    (classic_take, "jump 3", ActionSyntaxError, "begin with extract, probe, stack"),
    (classic_take, "", ActionSyntaxError, "legal now"),
    (classic_take, "probe 5:1", ActionSyntaxError, "probe 5:1 +y"),
    (classic_take, "probe 5:1 +x", WrongEndError, "ends on +y and -y"),
    (classic_take, "probe 17:0 +y", NotRemovableError, "may not be touched"),
    (classic_stack, "stack 1", IllegalSlotError, "stack 0, stack 2"),
    (classic_stack, "stack 3", IllegalSlotError, "open slot of level 18"),
    (classic_stack, "extract 5:1 +y speed=0.020 steady=0.90", NotYourMoveError, "must stack"),
    # Donkey Kong
    (dk_placing, "mario 1:0+y", IllegalHoleError, "three bottom girders"),
    (dk_placing, "mario 0:0+y", IllegalHoleError, "ends on +x and -x"),
    (dk_placing, "mario 0:0+x", IllegalHoleError, "another piece"),
    (dk_placing, "mario bottom", ActionSyntaxError, "mario 0:1+x"),
    (dk_placing, "climb 1:0+y", NotYourMoveError, "no climb"),
    (dk_acting, "climb 1:0+y", NotYourMoveError, "remove 2 girders"),  # none removed yet: not "2 more"
    (dk_acting, "mario 0:1-x", NotYourMoveError, "placed already"),
    (lambda: _climbs(dk_acting(), 1), "climb 3:0+y", IllegalHoleError, "(level 1)"),
    (lambda: _climbs(dk_acting(), 1), "climb 1:0+x", IllegalHoleError, "ends on +y and -y"),
    # Super Mario
    (mario_choosing, "character toad", CharacterTakenError, "another player has that card"),
    (mario_choosing, "character bowser", CharacterTakenError, "character mario"),
    (mario_choosing, "peg 1:0+y", NotYourMoveError, "once every player has a character"),
    (mario_acting, "extract 5:1 +y speed=0.020 steady=0.90", NotRemovableError,
     "an opponent's peg is never taken"),
    (mario_acting, "extract 1:0 +y speed=0.020 steady=0.90", NotRemovableError, "your own peg"),
    (mario_acting, "climb 4:0+x", IllegalHoleError, "exactly to layer 2"),
    (mario_acting, "peg 1:0-y", NotYourMoveError, "placed already"),
    (mario_acting, "target 2", NotYourMoveError, "no item is aimed"),
    (mario_aiming, "target 1", IllegalTargetError, "yourself"),
    (mario_aiming, "target 3", IllegalTargetError, "beaten Bowser"),
    (mario_aiming, "target 7", IllegalTargetError, "numbered 1 to 3"),
    (mario_aiming, "target two", IllegalTargetError, "choose target 2"),
    (mario_aiming, "extract 5:0 +y speed=0.020 steady=0.90", NotYourMoveError, "choose a player"),
    (mario_acting, "spin 0", NotYourMoveError, "chance's move, not a player's"),   # the spinner spins by itself
    (classic_take, "build 3", NotYourMoveError, "chance's move, not a player's"),
]


def _climbs(s, n):
    s.climbs_left = n
    return s


@pytest.mark.parametrize("make, action, error, says",
                         [pytest.param(*c, marks=pytest.mark.physics) if c[0] is classic_stack else c for c in CASES],
                         ids=[f"{m.__name__}:{a or 'empty'}" for m, a, _, _ in CASES])
def test_bad_input_raises_a_named_error_that_says_what_is_allowed_and_changes_nothing(make, action, error, says):
    """House rule: "rules as functions that reject illegal actions with a named IllegalActionError
    subclass (message says what was wrong and what is allowed) and NO side effects"."""
    s = make()
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(error) as caught:
        s.apply_action(action)
    assert isinstance(caught.value, IllegalActionError) and type(caught.value) is not IllegalActionError
    assert says in str(caught.value)
    assert json.dumps(s.to_json(), sort_keys=True) == before
    assert s.invariant_violations() == []


def test_the_steal_target_a_player_without_coins_is_refused():
    """Mario's POW: "Steal 2 coins from any player": a player with no coins cannot be robbed."""
    s = mario_aiming()
    s.effects = [["steal", 2]]
    with pytest.raises(IllegalTargetError, match="has no coins; choose target 3"):
        s.apply_action("target 2")


# ---- invariants ------------------------------------------------------------------------------------
def broken(make, damage):
    s = make()
    assert s.invariant_violations() == []
    damage(s)
    return s.invariant_violations()


def _lose_block(s):
    s.layout[4][1] = None


def _twice(s):
    s.layout[4][1] = s.layout[4][0]


def _hand_mismatch(s):
    s.hand = 7


def test_blocks_are_conserved_between_tower_hand_and_floor():
    """The issue: "54 or 45 blocks conserved between tower, hand and floor"."""
    assert any("not 54" in v for v in broken(classic_take, _lose_block))
    assert any("twice" in v for v in broken(classic_take, _twice))
    assert any("hand" in v for v in broken(classic_take, _hand_mismatch))
    assert any("not 45" in v for v in broken(mario_acting, _lose_block))


def test_coins_are_conserved_between_bank_and_players():
    """"34 cardboard coins (26 Gold Coins, 8 Five Coins)": the issue's "coins conserved between bank and
    players"."""
    def mint(s):
        s.purses[0][0] += 1

    def overdraw(s):
        s.purses[0][1] -= 1
        s.bank[1] += 1
        s.purses[0][0] -= 1
        s.bank[0] += 1
    assert any("not conserved" in v for v in broken(mario_acting, mint))
    assert any("negative" in v for v in broken(mario_acting, overdraw))


def test_pegs_and_marios_stand_only_in_real_holes():
    """"Marios stand in the end holes of girders" / "Insert your peg anywhere in the second layer" and
    "Your character peg can't move down lower than the second layer of the tower"."""
    def wrong_side(s):
        s.marios[1] = [3, 1, "+x"]

    def shared(s):
        s.marios[1] = list(s.marios[0])

    def no_block(s):
        s.layout[5][2] = None
        s.pegs[1] = [5, 2, "+y"]

    def too_low(s):
        s.pegs[2] = [0, 1, "+x"]
    assert any("not a real hole" in v for v in broken(dk_acting, wrong_side))
    assert any("share a hole" in v for v in broken(dk_acting, shared))
    assert any("not a real hole" in v for v in broken(mario_acting, no_block))
    assert any("below the lowest layer" in v for v in broken(mario_acting, too_low))


@pytest.mark.physics
@pytest.mark.parametrize("typed, slot", [("stack left", 0), ("Stack  RIGHT", 2), ("right", 2), ("left place", 0)])
def test_a_place_on_top_is_typed_as_the_prompt_names_it(typed, slot):
    """A terminal audit: the prompt said "must stack the block in hand on top (open places: left, middle,
    right)" and 'stack middle' was refused (only 'stack 1' was taken). The places are typed by the names the
    prompt gives them; one taken already is refused as before."""
    s = classic_stack()
    assert "open places: left, right" in s.decision_text()
    assert s.string_to_action(typed) == f"stack {slot}"
    # a place taken, and a place typed with no block in hand, said in the prompt's words (a regression audit:
    # "'stack 1': ... stack 0, stack 2", and a list of 300 finger paths)
    for taken in ("stack middle", "stack 1"):  # the slot's number too (a regression audit)
        with pytest.raises(IllegalActionError, match="the middle place on top is not open; open places: left, right"):
            s.string_to_action(taken)
    with pytest.raises(IllegalActionError, match="there is no block in hand to stack now"):
        classic_take().string_to_action(typed)
    # a place that is not one: the prompt's words too, not slot numbers (a second regression audit)
    for wrong in ("stack 3", "stack 9", "stack -1", "stack 1.0", "stack top", "stack"):
        with pytest.raises(IllegalActionError, match=r"names no place on top: open places: left, right \(type e\.g\. "
                                                     r"'stack left'; the places are left, middle and right, or 0, 1, "
                                                     r"2\)$"):
            s.string_to_action(wrong)
        # with no block in hand the remedy, not only the task (a second regression audit)
        taking = classic_take()
        with pytest.raises(IllegalActionError, match=r"there is no block in hand to stack now: take one out first "
                                                     r"\(e\.g\. 'push (\d+):(\d+)'\), then stack it; \S+ 1 must take "
                                                     r"a block") as told:
            taking.string_to_action(wrong)
        # the example is a block that may be taken now (a third regression audit: 'push 5:1' once 5:1 was gone)
        level, slot = re.search(r"'push (\d+):(\d+)'", str(told.value)).groups()
        assert (int(level), int(slot)) in taking.extractable()
    # any other words with a block in hand: the places, not "available: stack 0, stack 2"
    for other in ("probe 5:1", "nonsense", "push 4:1"):
        with pytest.raises(IllegalActionError) as told:
            s.string_to_action(other)
        assert "the block in hand goes on top; open places: left, right" in str(told.value)
        assert "stack 0" not in str(told.value)


@pytest.mark.physics
@pytest.mark.parametrize("probe, said", [
    ({"force_n": 0.04, "tower_motion_mm": 0.0, "moves": True}, "it gives, a loose block"),
    ({"force_n": 0.04, "tower_motion_mm": 0.8, "moves": True}, "it slides lightly, but the tower moved with it"),
    ({"force_n": 0.0, "tower_motion_mm": 0.9, "moves": False}, "it did not give under the gentle touch"),
    ({"force_n": 1.65, "tower_motion_mm": 2.4, "moves": True}, "it is held (a loose block slides at about"),
])
def test_a_touchs_reading_says_why_a_block_is_not_loose(probe, said):
    """A regression audit: the terminal's reading said "0.04 N, the rest of the tower moved 0.8 mm: it is held (a
    loose block slides at about 0.04 N ...)", contradicting its own figures: the block was light but moved the
    tower. The words follow what decided it: the force, the tower's motion, or no give at all."""
    s = classic_take()
    s.last_probe = {"where": [5, 1], "end": "+y", **probe}
    assert said in s.step_reading("probe 5:1 +y")
    assert s.step_reading("probe 6:1 +x") == ""  # not this block's touch
