"""The Jenga rulebooks read again (issue 14): Bowser where he was placed, items face down until a block
comes out, the player's own choices of holes, free touches, change for a Five Coin, the text board after
a fall, atomic moves. Most states are built by hand (no physics); the few that need a real tower build
one (a build and an instant take-out are quick)."""

from __future__ import annotations

import numpy as np
import pytest

from games.core import IllegalActionError
from games.jenga import data, spinners
from games.jenga.bots import CarefulBot
from games.jenga.classic import SPEC as CLASSIC
from games.jenga.coins import transfer, value
from games.jenga.common import IllegalHoleError, NotYourMoveError
from games.jenga.donkey_kong import SPEC as DK, fall_to
from games.jenga.super_mario import SPEC as MARIO, deal_items
from games.selfplay import run


def full_layout(levels: int) -> list:
    return [[3 * lv, 3 * lv + 1, 3 * lv + 2] for lv in range(levels)]


def mario_state(players=3, levels=15, pegs=None, characters=None, variant=None):
    """A Super Mario turn in progress on a hand-made layout: Bowser was placed on layer 14 (the top of
    the 15 layers as built); `levels` above 15 are layers stacked over him since."""
    s = MARIO.new_state(MARIO.make_config(players=players, variant=variant))
    s.layout = full_layout(levels)
    s.items = deal_items(0)
    s.bowser = 14
    s.characters = list(characters or data.CHARACTERS[:players])
    s.pegs = [list(h) for h in (pegs or [(1, p, "+y") for p in range(players)])]
    s.phase, s.placing = "act", None
    return s


def section(**want) -> int:
    """The first Super Mario spinner section with these values."""
    return next(i for i, sec in enumerate(data.mario_spinner()["sections"])
                if all(sec[k] == v for k, v in want.items()))


# ---- Bowser stays where he was placed ----------------------------------------------------------------
def test_bowser_stays_on_the_layer_he_was_placed_on_as_the_tower_grows():
    """"Place Bowser at the top of the tower" ... "then stack it above Bowser": Bowser stands on the top
    layer of the tower as built (14 of 15) and stays there while layers are stacked over him."""
    s = MARIO.new_state(MARIO.make_config(players=2))
    s.apply_action("build 3")
    assert s.bowser_level() == 14 == s.top_level()
    s.layout = s.layout + [[45, 46, 47], [48, 49, None]]  # two layers stacked since
    assert s.bowser_level() == 14 and s.top_level() == 16


def test_a_climb_that_reaches_bowser_stops_on_the_layer_directly_below_him_on_a_grown_tower():
    """"If your spin would take your character peg to the same level as Bowser or higher, insert your peg
    into any vacant hole on the layer directly below him instead, and end your turn." With six layers
    stacked above him (top layer 20), a climb of 4 from layer 12 still stops on layer 14: no peg climbs
    past Bowser's place without a battle."""
    s = mario_state(levels=21, pegs=[(12, 0, "+x"), (1, 1, "+y"), (1, 2, "+y")])
    s.climb_due, s.stacks_left = 4, 1
    assert {h[0] for h in s.climb_options(0, 4)} == {14}
    s.apply_action("climb 14:2-x")
    assert s.battling[0] and s.stacks_left == 0 and s.phase == "spin" and s.mover == 1
    # a peg that has not beaten him cannot climb above him by any count, even by exact count
    s.mover, s.phase, s.battling[0] = 0, "act", False
    assert s.climb_plan(0, 3) == (14, True) and s.climb_plan(0, 1) == (14, True)


def test_the_battle_is_fought_from_the_layer_directly_below_bowser_and_the_winner_chooses_the_hole_above():
    """"To defeat Bowser, you must spin "Climb 3" or "Climb 4"; you can't move above Bowser or stack any
    more blocks until you've done this. Once you've spun "Climb 3" or "Climb 4," move to the layer
    directly above Bowser and collect a coin bonus". The layer directly above him is 15, the first one
    stacked; the winner picks the hole."""
    s = mario_state(levels=18, pegs=[(14, 1, "+x"), (1, 1, "+y"), (15, 0, "+y")])
    s.defeated[2] = True
    s.battling[0], s.phase = True, "spin"
    s.apply_action(f"spin {section(climb=3, coins=False)}")
    assert s.phase == "leap" and s.coins()[0] == 5 + 5
    holes = s.legal_actions()
    assert holes == ["leap 15:0-y", "leap 15:1+y", "leap 15:1-y", "leap 15:2+y", "leap 15:2-y"]
    with pytest.raises(IllegalHoleError, match="another piece"):
        s.check_action("leap 15:0+y")
    with pytest.raises(IllegalHoleError, match="directly above Bowser"):
        s.check_action("leap 16:0+x")
    s.apply_action("leap 15:2+y")
    assert s.pegs[0] == [15, 2, "+y"] and s.defeated[0] and s.mover == 1 and s.invariant_violations() == []


@pytest.mark.parametrize("levels", [15, 18])
def test_beaten_stacks_the_spin_that_beats_bowser_still_stacks_its_blocks(levels):
    """Variant beaten_stacks: "you can't move above Bowser or stack any more blocks until you've done this.
    Once you've spun "Climb 3" or "Climb 4," move to the layer directly above Bowser": the bar on stacking
    lasts until he is beaten, so the winning spin's stack is made that turn, after the move above him
    (its climb is that move). With nothing stacked above him yet (15 layers), the peg stays and the stack
    is made; with layer 15 there, the winner leaps first. The standard reading ends the turn instead."""
    stack_1_climb_3 = section(stack=1, climb=3, coins=False)
    s = mario_state(levels=levels, pegs=[(13, 1, "+x"), (1, 1, "+y"), (1, 2, "+y")], variant="beaten_stacks")
    s.battling[0], s.phase = True, "spin"
    s.apply_action(f"spin {stack_1_climb_3}")
    assert s.defeated[0] and not s.battling[0]
    if levels > 15:
        assert s.phase == "leap"
        s.apply_action(s.legal_actions()[0])
    assert s.mover == 0 and s.stacks_left == 1 and s.climb_due == 0  # the turn goes on: a block to take
    assert any(a.startswith(("push ", "extract ")) for a in s.legal_actions())
    standard = mario_state(levels=levels, pegs=[(13, 1, "+x"), (1, 1, "+y"), (1, 2, "+y")])
    standard.battling[0], standard.phase = True, "spin"
    standard.apply_action(f"spin {stack_1_climb_3}")
    if levels > 15:
        standard.apply_action(standard.legal_actions()[0])
    assert standard.mover != 0 and standard.defeated[0]  # the battle was the turn


def test_the_top_layer_bonus_is_paid_on_its_own_not_with_the_bowser_bonus():
    """"If your character peg reaches the highest layer before anyone else's (it doesn't need to be a
    completed layer), collect 10 coins!" is a rule of its own: here a peg that beat Bowser earlier climbs
    by exact count onto the highest layer (17) and collects 10, with no Bowser bonus."""
    s = mario_state(levels=18, pegs=[(15, 0, "+y"), (1, 1, "+y"), (1, 2, "+y")])
    s.defeated[0], s.defeats = True, 1
    s.climb_due, s.stacks_left = 3, 0  # 15 + 3 = 18 is above the top: by exact count, no climb
    assert s.climb_options(0, 3) == []
    s.climb_due = 2
    s.apply_action("climb 17:0+y")
    assert s.coins() == [5 + 10, 5, 5] and s.top_bonus_paid and s.defeats == 1


def test_reaching_the_top_of_a_fresh_tower_pays_ten_and_starts_a_battle_but_no_bowser_bonus():
    """On the 15 layers as built, the layer directly below Bowser is also the highest layer: the first peg
    there collects 10 ("collect 10 coins!") and must still battle him for the bonus."""
    s = mario_state(pegs=[(11, 0, "+y"), (1, 1, "+y"), (1, 2, "+y")])
    s.climb_due, s.stacks_left = 4, 0
    s.apply_action("climb 14:0+x")
    assert s.coins()[0] == 5 + 10 and s.battling[0] and not s.defeated[0] and s.defeats == 0


def test_opponents_cannot_move_a_peg_that_beat_bowser_below_him():
    """"Opponents can't move your peg below Bowser after you've defeated him." Peach's mushroom ("Move a
    player down 3") takes a peg from layer 17 that beat Bowser down to layer 15 at most; one on layer 15
    cannot be moved down at all."""
    s = mario_state(levels=19, pegs=[(3, 0, "+x"), (17, 1, "+y"), (15, 1, "-y")],
                    characters=["peach", "mario", "toad"])
    s.defeated[1] = s.defeated[2] = True
    s.effects = [["move_down", 3]]
    assert s.legal_actions() == ["target 2"]
    s.apply_action("target 2")
    assert {a.split()[1].split(":")[0] for a in s.legal_actions()} == {"15"}
    s.apply_action("drop 15:0+y")
    assert s.pegs[1] == [15, 0, "+y"]


def test_a_knocked_out_peg_that_beat_bowser_stays_above_him():
    """"move their peg down a layer to any vacant hole" and "Opponents can't move your peg below Bowser
    after you've defeated him": knocked out on layer 15, the peg goes back in on layer 15; the coin is
    still taken."""
    s = mario_state(levels=17, pegs=[(4, 0, "+x"), (15, 1, "+y"), (3, 1, "-y")])
    s.defeated[1] = True
    s.knock_outs({"shifted_mm": [[s.layout[15][1], 4.0]]}, s.layout)
    assert {a.split()[1].split(":")[0] for a in s.legal_actions()} == {"15"}
    assert s.coins()[:2] == [6, 4]


def test_the_movers_own_peg_knocked_out_never_goes_below_the_second_layer():
    """"Your character peg can't move down lower than the second layer of the tower": a rules audit knocked the
    mover's own peg out of layer 1 (its block pushed out of the tower) with every other hole of layer 1 taken,
    and the peg went into the bottom layer. It goes to the nearest layer above with a vacant hole."""
    s = mario_state(levels=15, pegs=[(1, 2, "-y"), (1, 1, "+y"), (1, 1, "-y")])
    before = [row[:] for row in s.layout]
    s.layout[1][0] = s.layout[1][2] = None  # 1:0 taken long ago; 1:2, the mover's peg's, pushed out now
    s.knock_outs({"shifted_mm": []}, before)
    assert s.pegs[0][0] == 2, s.pegs[0]
    assert s.invariant_violations() == []


# ---- Items are hidden until a block comes out ---------------------------------------------------------
@pytest.mark.physics
def test_items_lie_face_down_until_their_block_is_taken_out():
    """"Turn the blocks over so that the Jenga logos are faceup, then mix them up" and "Make note of any
    items on the removed block": before a block comes out nobody sees its item (not the tower view, which
    reads visible_items(), nor the text board); taking it out shows it."""
    s = MARIO.new_state(MARIO.make_config(players=2))
    s.apply_action("build 5")
    assert s.visible_items() == {}
    cells = "".join(line.split("[")[1].split("]")[0] for line in str(s).splitlines() if "[" in line)
    assert set(cells) == {"#", " "}, cells  # no item initials on the text board
    s.characters, s.pegs = ["mario", "luigi"], [[1, 0, "+y"], [1, 1, "+y"]]
    s.phase, s.placing, s.stacks_left = "act", None, 1
    block = s.layout[6][0]
    s.take_out(6, 0)
    assert s.visible_items() == {block: s.items[block]}


def test_careful_bots_do_not_choose_blocks_by_items_nobody_has_seen():
    """Bots may not see what players cannot: a careful bot facing two towers that differ only in where the
    unseen items lie picks the same block in both."""
    s = MARIO.new_state(MARIO.make_config(players=2))
    s.apply_action("build 2")
    s.characters, s.pegs = ["mario", "luigi"], [[1, 0, "+y"], [1, 1, "+y"]]
    s.phase, s.placing, s.stacks_left = "act", None, 1
    other = s.clone()
    other.items = list(reversed(other.items))
    values = {s.block_value(b) for b in s.extractable()}
    assert len(values) == 1  # every unseen block is worth the same to a player
    bot = CarefulBot(steadiness=0.7, speed=0.05, candidates=3, samples=0)
    assert bot.pick_block(s, np.random.default_rng(1)) == bot.pick_block(other, np.random.default_rng(1))


# ---- Climb N and steal 1 ------------------------------------------------------------------------------
@pytest.mark.parametrize("character, item, start", [("mario", "star", 12), ("luigi", "pow", 14)])
def test_climb_and_steal_keeps_its_steal_when_the_climb_meets_bowser(character, item, start):
    """Mario: "Star: Climb 3 and steal 1 coin from any player"; Luigi: "POW: Climb 1 and steal 1 coin
    from any player". The climb stops below Bowser and ends the turn, but the steal still happens."""
    s = mario_state(levels=17, pegs=[(start, 0, "+x"), (3, 1, "+y"), (5, 1, "+y")],
                    characters=[character, "peach", "toad"])
    s.stacks_left, s.climb_due = 0, 2
    s.effects = [list(e) for e in data.characters()[character][item]]
    s.apply_action(next(a for a in s.legal_actions() if a.startswith("climb 14:")))
    assert s.battling[0] and s.phase == "act" and s.legal_actions() == ["target 2", "target 3"]
    s.apply_action("target 3")
    assert s.coins() == [6, 5, 4] and s.phase == "spin" and s.mover == 1 and s.climb_due == 0


# ---- The player chooses -------------------------------------------------------------------------------
def test_the_knocker_chooses_the_vacant_hole_a_knocked_out_peg_drops_to():
    """"You may knock an opponent's character peg out of a hole while you're removing and stacking a
    different block. If you do, move their peg down a layer to any vacant hole and steal 1 coin from
    them!" The knocker is offered every vacant hole of the layer below and picks one."""
    s = mario_state(pegs=[(2, 0, "+x"), (6, 1, "+x"), (5, 2, "+y")])
    s.phase, s.stacks_left = "stack", 1
    s.knock_outs({"shifted_mm": [[s.layout[6][1], 3.5]]}, s.layout)
    assert s.current_player() == 0 and "choose a vacant hole" in s.decision_text()
    assert s.legal_actions() == ["drop 5:0+y", "drop 5:0-y", "drop 5:1+y", "drop 5:1-y", "drop 5:2-y"]
    assert not s.may_extract()
    with pytest.raises(IllegalHoleError, match="another piece"):
        s.check_action("drop 5:2+y")
    with pytest.raises(IllegalHoleError, match="layer 5"):
        s.check_action("drop 4:0+x")
    s.apply_action("drop 5:1-y")
    assert s.pegs[1] == [5, 1, "-y"] and s.coins()[:2] == [6, 4] and s.phase == "stack"
    with pytest.raises(NotYourMoveError, match="no peg is waiting"):
        s.check_action("drop 5:0+y")


# ---- Touching is free ---------------------------------------------------------------------------------
def test_touches_have_no_limit():
    """"You can touch other blocks to find a loose one" sets no limit: after any number of touches, a
    touch is still offered and accepted."""
    s = CLASSIC.new_state(CLASSIC.make_config(players=2))
    s.layout, s.phase, s.touches = full_layout(18), "take", 40
    assert "probe 5:1 +y" in s.legal_actions()
    s.check_action("probe 5:1 +y")
    assert "touches" in CLASSIC.help_text("standard") and "as often as you like" in " ".join(
        CLASSIC.help_text("standard").split())


# ---- Smaller points -----------------------------------------------------------------------------------
def test_a_mario_on_a_bottom_girder_that_is_removed_stays_on_the_bottom_level():
    """"Mario must always be standing on a girder." With no girder lower down, the help says he stays on
    his own level in the nearest free hole, and only when that level has none he goes higher; the code
    does the same."""
    layout = full_layout(18)
    layout[0][0] = None
    assert fall_to(layout, (0, 0, "+x"), []) == (0, 1, "+x")
    taken = [(0, 1, "+x"), (0, 1, "-x"), (0, 2, "+x"), (0, 2, "-x")]
    assert fall_to(layout, (0, 0, "+x"), taken)[0] == 1
    assert "stays on his own level" in " ".join(DK.help_text("standard").split())


def test_collect_two_coins_is_paid_even_when_the_bank_holds_only_five_coins():
    """Question block: "Collect 2 coins from the pile." When the pile holds only Five Coins and the
    collector has no gold coins for change, the collector changes a Five Coin with a player who has five
    gold coins, then takes a Five Coin from the bank and gives 3 gold coins back."""
    s = mario_state(players=3)
    s.bank, s.purses = [0, 4], [[0, 1], [21, 0], [5, 3]]  # 26 gold and 8 Five Coins in all
    assert s.collect(0, 2) == 2
    assert s.coins() == [7, 21, 20] and value(s.bank) == 18 and s.invariant_violations() == []


def test_change_for_a_five_coin_is_made_at_the_bank_first():
    """The bank changes a Five Coin when it can; other players only when it cannot."""
    bank, me, you, other = [5, 0], [0, 1], [0, 0], [10, 0]
    assert transfer(me, you, bank, 2, [me, you, other]) == 2
    assert me == [3, 0] and you == [2, 0] and bank == [0, 1] and other == [10, 0]


def test_after_a_fall_the_text_board_puts_nobody_on_top_of_the_rubble():
    """After the tower falls there is no top: the text board no longer draws Donkey Kong and Pauline or
    Bowser standing on it."""
    dk = DK.new_state(DK.make_config(players=2))
    dk.layout, dk.marios, dk.phase = full_layout(18), [[0, 0, "+x"], [0, 1, "+x"]], "act"
    assert "DK+Pauline" in str(dk)
    dk.phase, dk.ended = "over", "fall"
    assert "DK+Pauline" not in str(dk)
    mario = mario_state(players=2)
    assert "Bowser" in str(mario).split("blocks:")[0]
    mario.phase, mario.ended = "over", "fall"
    assert "Bowser" not in str(mario).split("blocks:")[0]


@pytest.mark.parametrize("spec", [CLASSIC, DK, MARIO], ids=lambda s: s.name)
def test_to_json_hands_out_a_copy(spec):
    """Plain-data state: editing what to_json() returned never changes the game."""
    s = spec.new_state(spec.make_config(players=2))
    s.layout = full_layout(15)
    before = s.to_json()
    got = s.to_json()
    got["layout"][0][0] = None
    got["log"].append("edited")
    assert s.to_json() == before and s.layout[0][0] == 0


def test_the_spinner_is_worded_in_one_place():
    """The rules' spin text and the renderer's words come from games/jenga/spinners.py."""
    dk = DK.new_state(DK.make_config(players=2, variant="few_pulls"))
    for k in range(12):
        assert dk.spin_text(k) == spinners.words("jenga_dk", k, "few_pulls")
    assert [s["remove"] for s in data.dk_spinner("few_pulls")[::3]] == [1, 2, 0, 0]
    assert spinners.label("jenga_mario", section(coins=True, reverse=False, climb=0), "standard").endswith("$")


# ---- Atomic moves -------------------------------------------------------------------------------------
def test_a_push_the_simulator_fails_on_leaves_the_state_as_it_was():
    """Issue 18: when the physics raises during a push, the move changes nothing (today the state was left
    in phase "tremor" with no push pending). The simulator is made to fail for real: the tower it is
    handed has lost its block poses."""
    s = CLASSIC.new_state(CLASSIC.make_config(players=2))
    s.apply_action("build 1")
    s.apply_action("extract 5:0 +y speed=0.020 steady=0.90")
    del s.tower["poses"]
    before = s.to_json()
    with pytest.raises(Exception) as failure:
        s.apply_action("tremor 3")
    assert not isinstance(failure.value, IllegalActionError)
    assert s.to_json() == before and s.phase == "tremor" and s.pending is not None


@pytest.mark.physics
def test_selfplay_reports_the_toppler_apart_from_the_last_place():
    """In Super Mario the last place is the poorest seat, not the one that toppled the tower: selfplay
    counts each separately."""
    summary = run("jenga_mario", games=1, seed=0, players=2, bots=["random"], progress=False)
    assert len(summary["toppled_by_seat"]) == 2 and len(summary["last_by_seat"]) == 2
    assert sum(summary["toppled_by_seat"]) == (1 if summary["finished"] else 0)


# ---- Donkey Kong: the readings that make the top reachable -------------------------------------------
def dk_corner(marios, variant="corner_climb"):
    s = DK.new_state(DK.make_config(players=len(marios), variant=variant))
    s.layout, s.marios, s.phase, s.placing, s.climbs_left = full_layout(18), [list(h) for h in marios], "act", None, 1
    return s


def test_corner_climb_goes_to_the_girder_above_along_marios_side_at_either_end():
    """"To place him in the girder above, you'll have to move him to another side of the tower, either left
    or right." From the +x side of level 0, the girder above is the one of level 1 that lies along the +x
    side (slot 2), and he stands at its left or right end."""
    s = dk_corner([(0, 1, "+x"), (0, 0, "-x")])
    assert s.climb_targets() == [(1, 2, "+y"), (1, 2, "-y")]
    s.mover = 1
    assert s.climb_targets() == [(1, 0, "+y"), (1, 0, "-y")]


def test_a_corner_climb_to_another_girder_of_the_level_above_says_which_girder_it_must_be():
    """"To place him in the girder above, you'll have to move him to another side of the tower, either left
    or right." A climb into a free hole of level 1 that is not on the girder along Mario's side was refused
    as if level 1 had no free hole ("the first level above with a free hole (level 1)")."""
    from games.core import IllegalActionError
    s = dk_corner([(0, 0, "+x"), (0, 1, "-x")], "corner_few_pulls")
    with pytest.raises(IllegalActionError) as refused:
        s.apply_action("climb 1:0+y")
    assert "the girder above along Mario's side of the tower, block 1:2 (level 1)" in str(refused.value)
    assert "climb 1:2+y, climb 1:2-y" in str(refused.value) and s.marios[0] == [0, 0, "+x"]


def test_corner_climb_skips_a_level_whose_girder_is_missing_or_fully_occupied():
    """"If there is no available girder to stand on (or there are other Mario pieces fully occupying the
    girder your Mario is moving to), you may skip that level and proceed to the level above the occupied
    row. Bonus for you!" """
    s = dk_corner([(0, 1, "+x"), (5, 0, "+y"), (5, 0, "-y")])
    s.layout[1][2] = None  # no girder to stand on
    assert s.climb_targets() == [(2, 0, "+x"), (2, 1, "+x"), (2, 2, "+x")]
    s = dk_corner([(0, 1, "+x"), (1, 2, "+y"), (1, 2, "-y")])  # both holes of the girder taken
    assert s.climb_targets() == [(2, 0, "+x"), (2, 1, "+x"), (2, 2, "+x")]
    s.apply_action("climb 2:1+x")
    assert s.marios[0] == [2, 1, "+x"]


def test_few_pulls_reads_the_repeated_pink_value_as_none():
    """"The pink section determines how many girders to remove (1, 2, or none)": four pink sections, three
    values, one repeated. few_pulls repeats none; the black sections stay as in the standard spinner."""
    standard, few = data.dk_spinner("standard"), data.dk_spinner("few_pulls")
    assert [s["remove"] for s in few[::3]] == [1, 2, 0, 0] and [s["remove"] for s in standard[::3]] == [1, 2, 1, 0]
    assert [s["climb"] for s in few] == [s["climb"] for s in standard]
    assert data.dk_spinner("corner_few_pulls") == few and data.dk_spinner("corner_climb") == standard
    help_text = " ".join(DK.help_text("corner_few_pulls").split())
    assert "Rule variant: corner_few_pulls" in help_text and "The default is" in help_text


# ---- Super Mario: stacking and climbing in either order (a rules audit, 5 Dec) -----------------------------
def _stack_on_top(s, slot: int = 0) -> None:
    """Take block 5:0 out and stack it on top without the physics (the rules' side of a push and a stack)."""
    from games.jenga.layout import stack_level
    s.hand, s.layout[5][0] = s.layout[5][0], None
    level = stack_level(s.layout)
    if level >= len(s.layout):
        s.layout.append([None, None, None])
    block, s.hand = s.hand, None
    s.layout[level][slot] = block
    s.after_stack({"block": block, "shifted_mm": [], "where": [level, slot]}, s.layout)


def test_a_climb_that_needs_the_stack_first_waits_for_it():
    """"Steps 2 and 3 can be performed in any order" and "you can only climb if there are enough layers above
    you to do so by exact count": a peg that beat Bowser stands on the top layer (15) and spins stack 1, climb
    1; climbing first is impossible, but stacking first opens layer 16, so the climb waits for the stack
    (it was dropped at the spin)."""
    s = mario_state(levels=16, pegs=[(15, 0, "+y"), (1, 1, "+y"), (1, 2, "+y")])
    s.defeated[0], s.defeats, s.top_bonus_paid = True, 1, True
    s.items = ["none"] * 60
    s.phase = "spin"
    s.apply_action(f"spin {section(stack=1, climb=1, coins=False, reverse=False)}")
    assert (s.stacks_left, s.climb_due, s.mover) == (1, 1, 0)
    assert not any(a.startswith("climb") for a in s.legal_actions())
    _stack_on_top(s)
    assert s.mover == 0 and s.climb_due == 1 and s.legal_actions() == ["climb 16:0+x", "climb 16:0-x"]
    s.apply_action("climb 16:0+x")
    assert s.peg_level(0) == 16 and s.mover == 1


def test_a_stack_that_needs_the_climb_first_waits_for_it():
    """"Steps 2 and 3 can be performed in any order" and "either choose a different block to stack or move
    your peg up before stacking": when the only block below the top holds the mover's own peg, the stack
    waits for the climb that frees it (it was dropped at the spin)."""
    s = mario_state(players=3, levels=15, pegs=[(1, 0, "+y"), (1, 1, "+y"), (1, 2, "+y")])
    s.items = ["none"] * 60
    s.layout[0] = [None, None, None]
    for level in range(3, 15):
        s.layout[level] = [None, 3 * level + 1, None]
    assert s.extractable() == []
    s.phase = "spin"
    s.apply_action(f"spin {section(stack=1, climb=1, coins=False, reverse=False)}")
    assert (s.stacks_left, s.climb_due) == (1, 1)
    s.apply_action("climb 2:0+x")
    assert s.mover == 0 and s.stacks_left == 1 and s.extractable() == [(1, 0)]
    assert any(a.startswith("push 1:0") or a.startswith("extract 1:0") for a in s.legal_actions())


def _spun_stack_2(variant: str):
    """Three players on a 15-layer tower, pegs on layer 1, the first having spun stack 2, climb 1."""
    s = MARIO.new_state(MARIO.make_config(players=3, variant=variant))
    s.layout = full_layout(15)
    s.items, s.bowser = ["none"] * 60, 14
    s.characters = list(data.CHARACTERS[:3])
    s.pegs = [[1, 0, "+y"], [1, 1, "+y"], [1, 2, "+y"]]
    s.phase, s.placing = "spin", None
    s.apply_action(f"spin {section(stack=2, climb=1)}")
    return s


def test_the_two_stacks_of_stack_2_blocks_and_the_climb_in_each_variant():
    """"Then, if you spun 'Stack 2 Blocks,' stack your second block" within step 2, and "Steps 2 and 3 can be
    performed in any order": the standard variant lets the climb come between the two stacks, whole_steps
    keeps them together; neither climbs with a block in hand (taking it out and stacking it is one step)."""
    for variant, between in (("standard", True), ("whole_steps", False)):
        s = _spun_stack_2(variant)
        assert any(a.startswith("climb") for a in s.legal_actions())     # before both: either variant
        s.hand, s.layout[5][0] = s.layout[5][0], None
        assert not any(a.startswith("climb") for a in s.decisions())     # a block in hand: stack it first
        s.layout[5][0], s.hand = s.hand, None
        _stack_on_top(s)
        assert s.stacks_left == 1 and any(a.startswith("climb") for a in s.legal_actions()) == between, variant
        # what the banner says the player must do: in whole_steps the climb after the second stack (it read
        # "must stack 1 more block and climb 1 layer" with no climb to choose: a variants audit)
        said = s.phase_text()
        assert said.endswith("must stack 1 more block and climb 1 layer" if between
                             else "must stack 1 more block, then climb 1 layer"), said
    assert "whole_steps" in MARIO.variants and "the climb before or after both" in " ".join(
        MARIO.help_text("whole_steps").split())


# ---- refusals of a climb that must wait, and whole_steps' dead end (a rules audit, 6 Dec) --------------------
def test_a_climb_between_whole_steps_stacks_is_refused_for_that_reason_not_listed_as_allowed():
    """whole_steps: "the two stacks of 'Stack 2 Blocks' come together, the climb before or after both". A
    climb typed between the two stacks was refused with "a climb of 1 goes exactly to layer 2; allowed now:"
    and the very climb among the holes listed. It is refused for what it is: the second stack comes first."""
    s = _spun_stack_2("whole_steps")
    _stack_on_top(s)
    hole = "climb " + "{}:{}{}".format(*s.climb_options(0, 1)[0])
    with pytest.raises(NotYourMoveError) as refused:
        s.check_action(hole)
    said = str(refused.value)
    assert "whole_steps" in said and "after the second stack" in said and "allowed now" not in said
    s.layout[5][0] = 50  # a block again where _stack_on_top takes one from
    _stack_on_top(s, slot=1)
    assert s.stacks_left == 0
    s.check_action(hole)  # both stacks made: the climb is the turn's last step


def test_whole_steps_with_no_second_stack_to_make_leaves_the_climb_not_a_turn_without_actions():
    """"Steps 2 and 3 can be performed in any order", and whole_steps keeps the two stacks together. When the
    second stack cannot be made (no block may be taken) but the climb can, the turn had no legal action
    left: the climb waited behind a stack that nothing could open. The stacks are over, the climb is made."""
    s = mario_state(players=2, levels=15, pegs=[(1, 0, "+y"), (1, 1, "+y")], variant="whole_steps")
    s.layout = [[0, 1, 2]] + [[3 * i, 3 * i + 1, None] for i in range(1, 15)]  # no level may give a block
    s.spin, s.stacks_left, s.climb_due, s.mover = section(stack=2, climb=1), 1, 1, 0
    assert s.extractable() == [] and s.climb_options(0, 1)
    s.settle()
    assert s.current_player() == 0 and s.stacks_left == 0
    assert s.legal_actions() and all(a.startswith("climb") for a in s.legal_actions())


def test_a_climb_typed_with_a_block_in_hand_is_told_it_comes_after_the_stack():
    """Taking a block out and stacking it is one step, so the spin's climb waits for the stack. Typed with a
    block in hand, the climb was refused with "has no climb to make now", and the status line asked for it
    once the block was stacked. Both games now say it comes after the stack."""
    dk = dk_corner([(0, 1, "+x"), (0, 0, "-x")])
    dk.hand, dk.layout[5][0], dk.phase = dk.layout[5][0], None, "stack"
    with pytest.raises(NotYourMoveError, match="climbs once the block in hand is stacked"):
        dk.check_action("climb 1:2+y")
    s = mario_state(players=2, pegs=[(1, 0, "+y"), (1, 1, "+y")])
    s.spin, s.stacks_left, s.climb_due, s.mover = section(stack=1, climb=1), 1, 1, 0
    s.hand, s.layout[5][0], s.phase = s.layout[5][0], None, "stack"
    with pytest.raises(NotYourMoveError, match="climbs once the block in hand is stacked"):
        s.check_action("climb 2:0+x")
    s.stacks_left, s.climb_due = 1, 0  # no climb due: the old words stand
    with pytest.raises(NotYourMoveError, match="has no climb to make now"):
        s.check_action("climb 2:0+x")


def test_an_item_with_nobody_to_hit_is_lost_as_the_help_says():
    """The rulebook is silent on a steal with no opponent holding a coin (or a mushroom with every opponent
    already as low as they may go); the engine drops such an effect, and the help now says so."""
    s = mario_state(players=2, pegs=[(1, 0, "+y"), (1, 1, "+y")])
    s.mover = 0
    s.purses[1] = [0, 0]
    s.effects = [["steal", 1], ["move_down", 3]]  # seat 2's peg is on its lowest layer already
    s.settle()
    assert s.effects == [] and s.purses[1] == [0, 0]
    said = " ".join(MARIO.help_text("standard").split())
    assert "An effect with nobody it may hit is lost (the rulebook does not say)" in said


@pytest.mark.physics
def test_a_peg_below_bowser_whose_climb_would_pass_him_is_told_to_stay():
    """"If your spin would take your character peg to the same level as Bowser or higher, insert your peg into
    any vacant hole on the layer directly below him instead, and end your turn." A variants audit (seed 5,
    beaten_stacks, a standard turn): Ann's peg already on that layer spun climb 2; the banner read "Ann must
    climb 2 layers" and the first row "climb to the right hole of block 14:0", the hole she stood in. The
    banner says she stays below Bowser, and her own hole's row that she stays in it."""
    from pathlib import Path

    from games.match import Match

    match = Match.load(Path(__file__).parent.parent / "saved" / "mario_beaten_stacks_seed5_below_bowser_spun_climb_2.json")
    state = match.state
    me = state.mover
    assert state.climb_due == 2 and state.climb_plan(me, 2) == (state.peg_level(me), True)
    assert state.phase_text().endswith(f"must stay in layer {state.peg_level(me)}, under Bowser (a climb of 2 would "
                                       "pass him)"), state.phase_text()
    own = "climb {}:{}{}".format(*state.pegs[me])
    assert own in state.legal_actions()
    assert state.action_to_string(own).startswith(f"stay in the {state.pegs[me][2]} hole of block ")
    others = [a for a in state.legal_actions() if a.startswith("climb ") and a != own]
    assert others and all(state.action_to_string(a).startswith("climb to the ") for a in others)


def test_the_prompt_and_the_choices_of_a_steal_or_a_move_down_say_what_they_do():
    """A rules audit: Peach's mushroom asked "must choose a player (move_down 3)", with rows "target 1 (careful
    1)", and Luigi's star said "(steal 1)" for each of its three steals. Rules: "Mushroom: Move a player down 3";
    "Star: Steal 3 coins from any combo of players" (Luigi, three single steals here). The prompt and the rows say
    it in words, the steals left counted, and "up to": a peg goes no lower than its floor."""
    s = mario_state(players=3)
    name = s.seat_name(1)
    s.effects = [["move_down", 3]]
    assert s.phase_text().endswith("must choose a player to move down (up to 3 layers)")
    assert s.action_to_string("target 2") == f"move {name}'s peg down (up to 3 layers)"
    s.effects = [["steal", 1], ["steal", 1], ["steal", 1]]
    assert s.phase_text().endswith("must choose a player to steal 1 coin from (3 steals left)")
    assert s.action_to_string("target 2") == f"steal 1 coin from {name}"
    s.effects = [["steal", 2]]
    assert s.phase_text().endswith("must choose a player to steal 2 coins from")
    assert "move_down" not in s.phase_text() and "target" not in s.action_to_string("target 2")
