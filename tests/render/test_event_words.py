"""Words the Jenga screens say after a step (render/screens/jenga/events.py), on the engine's own states
built by hand: a play-tester's Donkey Kong climb went past a level with nothing said, and a Super Mario peg
reached Bowser with nothing said of what that meant."""

from __future__ import annotations

from games.jenga import data
from games.jenga.donkey_kong import SPEC as DK
from games.jenga.super_mario import SPEC as MARIO
from render.screens.jenga.events import event_words
from tests.jenga.test_rules_reread import dk_corner, full_layout, mario_state, section


def _name(seat: int) -> str:
    return ("Ann", "Bob", "Cy")[seat]


def test_a_donkey_kong_climb_past_a_level_says_it_was_a_bonus():
    """"If there is no available girder to stand on ..., you may skip that level and proceed to the level
    above the occupied row. Bonus for you!" The step that skips says so; a climb of one level says nothing."""
    s = dk_corner([(0, 1, "+x"), (5, 0, "+y"), (5, 0, "-y")])
    s.layout[1][2] = None  # no girder to stand on at level 1 on Ann's side
    before = s.clone()
    s.apply_action("climb 2:1+x")
    assert event_words(before, s, [], _name) == ("Ann's Mario climbed past level 1, where no girder was free "
                                                 "for him: a bonus, as the rules say.")
    s = dk_corner([(0, 1, "+x"), (5, 0, "+y"), (5, 0, "-y")])
    before = s.clone()
    s.apply_action("climb 1:2+y")
    assert event_words(before, s, [], _name) == ""


def test_a_peg_that_reaches_bowser_is_told_what_comes_next():
    """A climb that would pass Bowser stops below him, and from the next turn on the player battles him: a
    spin of climb 3 or 4 defeats him (the help's reading of the rulebook). The step that starts the battle
    says so in the status line, not only "must battle Bowser next turn" in the log."""
    s = mario_state(players=2, pegs=[(12, 0, "+y"), (1, 1, "+y")])
    s.spin, s.stacks_left, s.climb_due, s.mover = section(climb=3), 0, 3, 0  # past Bowser's layer 14
    before = s.clone()
    s.apply_action(next(a for a in s.legal_actions() if a.startswith("climb 14:")))  # stops below him
    assert s.battling[0] and not before.battling[0]
    words = event_words(before, s, [], _name)
    assert "Ann reached Bowser: from Ann's next turn on, a spin of climb 3 or 4 beats him" in words


def test_the_header_of_an_items_effect_names_the_item():
    """A play-tester: after stacking the mushroom block the header read "must choose where to climb (climb
    3)", and after the star block the same, though the spin's climb was done. While an item's effects wait,
    the screen names the item block they come from (the game's own note of the stack)."""
    from render.screens.jenga.events import effect_source

    s = mario_state(players=2, pegs=[(3, 0, "+y"), (1, 1, "+y")])
    s.log = ["Ann spins: stack 1, climb 1", "Ann stacked a mushroom block"]
    s.effects = [["climb", 3]]
    assert effect_source(s) == "mushroom block"
    s.log.append("Ann climbs to 6:0+x")
    s.log.append("Ann stacked a star block")
    s.effects = [["climb", 3], ["steal", 1]]
    assert effect_source(s) == "star block"
    s.effects = []
    assert effect_source(s) == ""  # no item's effects waiting: the header as the game words it
