"""Jenga rules that do not touch the tower: data files, coins, holes, the push grammar, climbing,
Bowser, items and scoring. States are built by hand (a layout, pieces, purses); no physics runs."""

from __future__ import annotations

import json

import pytest

from games.core import ActionSyntaxError, IllegalActionError
from games.jenga import data
from games.jenga.classic import SPEC as CLASSIC
from games.jenga.coins import transfer, value
from games.jenga.donkey_kong import SPEC as DK, fall_to
from games.jenga.layout import (ends, free_holes, highest_complete, hole_text, is_real, parse_hole, removable,
                                stack_slots)
from games.jenga.push import PushOutOfRangeError, WrongEndError, make_extract, parse_extract
from games.jenga.super_mario import SPEC as MARIO, deal_items
from games.jenga.super_mario_help import ITEM_NAMES


def full_layout(levels: int) -> list:
    return [[3 * lv, 3 * lv + 1, 3 * lv + 2] for lv in range(levels)]


def dk_state(players=3, levels=18, marios=None, variant="standard"):
    s = DK.new_state(DK.make_config(players=players, variant=variant))
    s.layout = full_layout(levels)
    s.marios = [list(h) for h in (marios or [(0, s_, "+x") for s_ in range(players)])]
    s.phase, s.placing = "act", None
    return s


def mario_state(players=3, levels=15, pegs=None):
    s = MARIO.new_state(MARIO.make_config(players=players))
    s.layout = full_layout(levels)
    s.items = deal_items(0)
    s.characters = list(data.CHARACTERS[:players])
    s.pegs = [list(h) for h in (pegs or [(1, p, "+y") for p in range(players)])]
    s.bowser = 14  # placed on top of the 15 layers as built
    s.phase, s.placing = "act", None
    return s


# ---- data files ---------------------------------------------------------------------------------
def test_assets_load_and_spinners_have_the_documented_shape():
    """DK: "The spinner is divided into four pink sections with three black sections each." """
    sections = data.dk_spinner()
    assert len(sections) == 12 and {s["pink"] for s in sections} == {0, 1, 2, 3}
    assert {s["remove"] for s in sections} <= {0, 1, 2} and {s["climb"] for s in sections} <= {0, 1, 2, 3}
    assert sum(data.mario_items().values()) == 45
    for s in data.mario_spinner()["sections"]:
        assert 0 <= s["stack"] <= 2 and 0 <= s["climb"] <= 4


def test_character_cards_are_the_rulebook_cards():
    """Mario: "Star: Climb 3 and steal 1 coin"; Luigi: "Star: Steal 3 coins from any combo of players";
    Peach: "Mushroom: Move a player down 3"; Toad: "Mushroom: Climb 4"."""
    cards = data.characters()
    assert cards["mario"]["star"] == [["climb", 3], ["steal", 1]]
    assert cards["luigi"]["star"] == [["steal_each", 3]]
    assert cards["luigi"]["pow"] == [["climb", 1], ["steal", 1]]
    assert cards["peach"]["mushroom"] == [["move_down", 3]]
    assert cards["peach"]["star"] == [["steal", 2], ["collect", 2]]
    assert cards["toad"]["star"] == [["climb", 2], ["collect", 1]]
    assert all(c["question"] == [["collect", 2]] and c["goomba"] == [["return", 1]] for c in cards.values())


@pytest.mark.parametrize("broken, message", [
    ({"pink": [{"remove": 1, "climb": [1, 2, 3]}] * 3}, "four pink sections"),
    ({"pink": [{"remove": 3, "climb": [1, 2, 3]}] * 4}, "pink[0].remove"),
    ({"pink": [{"remove": 1, "climb": [1, 2, 7]}] * 4}, "climb[2]"),
])
def test_a_broken_spinner_file_is_named(broken, message):
    with pytest.raises(data.AssetError, match=message.replace("[", r"\[").replace("]", r"\]")):
        data.check_dk_spinner(broken)


def test_item_counts_must_fill_the_tower():
    counts = json.loads((data.ASSETS / "mario_items.json").read_text())
    counts["items"]["star"] += 1
    with pytest.raises(data.AssetError, match="add up to 46"):
        data.check_mario_items(counts)


# ---- coins ----------------------------------------------------------------------------------------
def test_coin_bank_pays_exactly_with_change():
    """"Each player takes 1 Five Coin"; paying 2 from a Five Coin takes change."""
    bank, me, you = [20, 6], [0, 1], [3, 0]
    assert transfer(me, you, bank, 2) == 2
    assert me == [3, 0] and you == [0, 1]
    assert value(bank) + value(me) + value(you) == 20 + 30 + 5 + 3


def test_change_comes_from_the_bank_when_the_receiver_has_none():
    bank, me, you = [10, 0], [0, 1], [0, 0]
    assert transfer(me, you, bank, 1) == 1
    assert me == [4, 0] and you == [1, 0] and bank == [5, 1]


def test_short_bank_pays_what_it_can_and_a_poor_player_pays_what_they_have():
    bank, me = [1, 0], [0, 0]
    assert transfer(bank, me, bank, 2) == 1 and me == [1, 0] and bank == [0, 0]
    poor, bank = [3, 0], [0, 0]
    assert transfer(poor, bank, bank, 10) == 3 and poor == [0, 0]


# ---- layout and holes -----------------------------------------------------------------------------
def test_traditional_removal_and_stacking_slots():
    """"Remove a block from anywhere BELOW the highest completed story" and "always complete a 3-block
    level before starting a higher one"."""
    lay = full_layout(4)
    assert highest_complete(lay) == 3 and {lv for lv, _ in removable(lay)} == {0, 1, 2}
    lay.append([None, 12, None])
    assert highest_complete(lay) == 3 and stack_slots(lay) == [0, 2]
    assert {lv for lv, _ in removable(lay)} == {0, 1, 2}
    lay[4] = [12, 13, 14]
    assert stack_slots(lay) == [0, 1, 2] and {lv for lv, _ in removable(lay)} == {0, 1, 2, 3}


def test_holes_are_block_ends_on_alternating_sides():
    lay = full_layout(3)
    assert ends(0) == ("+x", "-x") and ends(1) == ("+y", "-y")
    assert is_real(lay, (1, 2, "-y")) and not is_real(lay, (1, 2, "+x"))
    lay[1][2] = None
    assert not is_real(lay, (1, 2, "-y"))
    assert len(free_holes(lay, 1, [(1, 0, "+y")])) == 3


# ---- the push grammar -----------------------------------------------------------------------------
def test_push_text_round_trips_and_rejects_bad_pushes():
    text = make_extract(5, 1, "+y", 0.0204, 0.904)
    assert text == "extract 5:1 +y speed=0.020 steady=0.90"
    assert parse_extract(text).extract_text() == text
    with pytest.raises(ActionSyntaxError, match="canonical"):
        parse_extract("extract 5:1 +y speed=0.02 steady=0.9")
    with pytest.raises(PushOutOfRangeError):
        parse_extract("extract 5:1 +y speed=0.900 steady=0.90")
    with pytest.raises(WrongEndError):
        parse_extract("extract 5:1 +x speed=0.020 steady=0.90")


def test_check_action_accepts_any_push_in_range_and_names_what_is_wrong():
    s = CLASSIC.new_state(CLASSIC.make_config(players=2))
    s.layout, s.phase = full_layout(18), "take"
    s.check_action("extract 3:1 -y speed=0.037 steady=0.41")  # not in the representative list
    assert "extract 3:1 -y speed=0.037 steady=0.41" not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="may not be taken"):
        s.check_action("extract 17:1 +y speed=0.020 steady=0.90")
    assert s.string_to_action("extract 3:1 -y 0.02 0.9") == "extract 3:1 -y speed=0.020 steady=0.90"


# ---- Donkey Kong ----------------------------------------------------------------------------------
def test_dk_climbing_one_girder_moves_to_the_level_above_on_another_side():
    """"To place him in the girder above, you'll have to move him to another side of the tower"."""
    s = dk_state(marios=[(0, 0, "+x"), (0, 1, "+x"), (0, 2, "+x")])
    s.climbs_left = 1
    targets = s.climb_targets()
    assert targets and all(h[0] == 1 and h[2] in ("+y", "-y") for h in targets)
    s.apply_action(f"climb 1:0+y")
    assert s.marios[0] == [1, 0, "+y"]


def test_dk_a_fully_occupied_level_is_skipped():
    """"If there is no available girder to stand on ... you may skip that level and proceed to the level
    above the occupied row. Bonus for you!" """
    s = dk_state(players=3, marios=[(0, 0, "+x"), (1, 1, "+y"), (1, 1, "-y")])
    s.layout[1] = [None, 4, None]  # level 1 has one girder, both its holes taken
    s.climbs_left = 1
    assert {h[0] for h in s.climb_targets()} == {2}
    # the climb's row (and so the move log) says the bonus: said only after it, in the status line, a family
    # did not know why a climb of one went up two levels (a rules audit)
    for hole in s.climb_targets():
        row = s.action_to_string(f"climb {hole_text(hole)}")
        assert row.endswith("(past level 1, where no girder is free for this Mario: a bonus)"), row
    s.marios[0] = [1, 0, "+x"]  # an ordinary climb says nothing of the kind
    s.layout[1] = [3, 4, 5]
    assert all("bonus" not in s.action_to_string(f"climb {hole_text(h)}") for h in s.climb_targets())


def test_dk_removing_a_girder_drops_mario_below_on_the_same_side():
    """"Remove a girder Mario is standing on and he falls to the girder immediately below on the same
    side of the tower." """
    lay = full_layout(8)
    lay[6][1] = None
    assert fall_to(lay, (6, 1, "-x"), []) == (4, 1, "-x")
    assert fall_to(lay, (6, 1, "-x"), [(4, 1, "-x")]) in [(4, 0, "-x"), (4, 2, "-x")]


def test_dk_reaching_the_top_wins_and_a_fall_is_won_by_the_highest_other_mario():
    """"The Mario that reaches the top ... or is closest to the top when the tower falls wins the game.
    The player that makes the tower fall loses the game." """
    s = dk_state(players=3, levels=6, marios=[(4, 0, "+x"), (3, 0, "+y"), (1, 0, "+y")])
    s.climbs_left = 1
    s.apply_action("climb 5:0+y")
    assert s.is_terminal() and s.winners() == [0] and s.returns()[0] == 1.0
    s = dk_state(players=3, levels=6, marios=[(4, 0, "+x"), (3, 0, "+y"), (1, 0, "+y")])
    s.phase, s.toppler, s.ended = "over", 0, "fall"
    assert s.winners() == [1] and s.returns() == [-1.0, 1.0, 0.0]


def test_dk_spinner_sets_removals_and_climbs_and_dk_stands_on_top():
    """"The pink section determines how many girders to remove ... The black section determines how many
    girders your Mario will climb." """
    s = dk_state()
    s.phase = "spin"
    k = next(i for i, sec in enumerate(data.dk_spinner()) if sec["remove"] == 2 and sec["climb"] == 3)
    s.apply_action(f"spin {k}")
    assert (s.removals_left, s.climbs_left) == (2, 3)
    assert any(a.startswith(("extract", "push")) for a in s.legal_actions())
    assert any(a.startswith("climb") for a in s.legal_actions())
    assert s.dk_level() == 17


# ---- Super Mario ----------------------------------------------------------------------------------
def test_mario_never_take_a_block_with_a_peg_in_it():
    """"You can't stack a block that an opponent's character peg is in." """
    s = mario_state(pegs=[(1, 0, "+y"), (3, 2, "-y"), (1, 1, "+y")])
    s.stacks_left = 1
    takeable = s.extractable()
    assert (3, 2) not in takeable and (1, 0) not in takeable and (1, 2) in takeable


def test_mario_climb_stops_below_bowser_and_ends_the_turn():
    """"If your spin would take your character peg to the same level as Bowser or higher, insert your peg
    into any vacant hole on the layer directly below him instead, and end your turn." Bowser stands on
    layer 14, the top of the tower as built: the layer directly below him is that layer."""
    s = mario_state(pegs=[(12, 0, "+x"), (1, 1, "+y"), (1, 2, "+y")])
    s.climb_due, s.stacks_left = 4, 1
    options = s.climb_options(0, 4)
    assert options and {h[0] for h in options} == {14}
    # the row says what the climb costs (an audit: a new player gave up a stack without knowing)
    assert s.action_to_string("climb 14:0+x").endswith(
        "(up to Bowser: this ends your turn; your stack left is skipped; you battle him next turn)")
    s.apply_action("climb 14:0+x")
    assert s.battling[0] and s.phase == "spin" and s.mover == 1


@pytest.mark.parametrize("variant", ["standard", "battle_below"])
def test_mario_a_climb_ending_exactly_below_bowser_battles_only_in_battle_below(variant):
    """"If your spin would take your character peg to the same level as Bowser or higher, insert your peg
    into any vacant hole on the layer directly below him instead, and end your turn. Then, on your next turn,
    you'll battle Bowser!" The rules say nothing of a climb that ends exactly on that layer (14 here). In
    standard it is an ordinary climb: the turn goes on (the stack is still to make) and no battle is due. In
    the named variant battle_below it stops there as a climb past him would: the turn ends, the stack is
    skipped, and the battle is next turn. Either way the climb's row says what it does."""
    s = MARIO.new_state(MARIO.make_config(players=3, variant=variant))
    base = mario_state(pegs=[(11, 0, "+x"), (1, 1, "+y"), (1, 2, "+y")])
    for field in ("layout", "items", "characters", "pegs", "bowser", "phase", "placing"):
        setattr(s, field, getattr(base, field))
    s.climb_due, s.stacks_left = 3, 1
    assert {h[0] for h in s.climb_options(0, 3)} == {14}
    row = s.action_to_string("climb 14:0+x")
    s.apply_action("climb 14:0+x")
    if variant == "standard":
        assert not s.battling[0] and s.mover == 0 and s.stacks_left == 1 and s.phase == "act"
        assert "Bowser" not in row
    else:
        assert s.battling[0] and s.phase == "spin" and s.mover == 1
        assert row.endswith("(up to Bowser: this ends your turn; your stack left is skipped; you battle him next turn)")


def test_mario_battle_needs_climb_3_or_4_and_pays_the_bonus_in_order():
    """"To defeat Bowser, you must spin "Climb 3" or "Climb 4" ... move to the layer directly above Bowser
    and collect a coin bonus ... First player: collect 5 coins". Two layers have been stacked above him
    (15 and 16): the winner chooses a hole of layer 15, and is not on the highest layer (16)."""
    s = mario_state(pegs=[(14, 0, "+x"), (1, 1, "+y"), (1, 2, "+y")])
    s.layout = s.layout + [[45, 46, 47], [48, None, None]]
    s.battling[0], s.phase = True, "spin"
    weak = next(i for i, sec in enumerate(data.mario_spinner()["sections"]) if sec["climb"] == 1 and not sec["coins"]
                and not sec["reverse"])
    s.apply_action(f"spin {weak}")
    assert s.battling[0] and s.pegs[0][0] == 14 and s.coins()[0] == 5
    s.mover, s.phase = 0, "spin"
    strong = next(i for i, sec in enumerate(data.mario_spinner()["sections"]) if sec["climb"] == 4 and not sec["coins"])
    s.apply_action(f"spin {strong}")
    assert s.defeated[0] and not s.battling[0] and s.phase == "leap" and s.coins()[0] == 5 + 5
    assert s.legal_actions() == [f"leap 15:{k}{e}" for k in range(3) for e in ("+y", "-y")]
    s.apply_action("leap 15:2-y")
    assert s.pegs[0] == [15, 2, "-y"] and s.coins()[0] == 5 + 5 and s.phase == "spin" and s.mover == 1
    assert not s.top_bonus_paid and s.invariant_violations() == []


def test_mario_blocked_climb_keeps_the_peg_in_place():
    """"If your opponents' character pegs are in the only holes you could climb to, don't move your
    character peg." """
    s = mario_state(players=3, pegs=[(1, 0, "+y"), (3, 1, "+y"), (3, 1, "-y")])
    s.layout[3] = [None, 10, None]
    assert s.climb_options(0, 2) == []
    s.climb_due, s.stacks_left = 2, 0
    s.settle()
    assert s.pegs[0] == [1, 0, "+y"] and s.phase == "spin"


def test_mario_items_follow_the_character_card_with_targets():
    """Luigi: "Star: Steal 3 coins from any combo of players"; Peach: "Mushroom: Move a player down 3";
    "Your character peg can't move down lower than the second layer of the tower." """
    s = mario_state(pegs=[(2, 0, "+x"), (6, 1, "+x"), (3, 1, "-y")])
    s.characters = ["luigi", "peach", "toad"]
    s.effects = [["steal", 1]] * 3
    assert s.legal_actions() == ["target 2", "target 3"]
    for _ in range(3):
        s.apply_action("target 2")
    assert s.coins() == [8, 2, 5] and s.phase == "spin"  # nothing left to do: the turn passed on
    s.mover, s.phase, s.effects = 1, "act", [["move_down", 3]]
    assert s.legal_actions() == ["target 1", "target 3"]
    s.apply_action("target 3")
    # 3 - 3 = 0 is below the second layer: it stops on layer 1, in the hole the mover chooses
    assert s.legal_actions() == [f"drop 1:{k}{e}" for k in range(3) for e in ("+y", "-y")]
    s.apply_action("drop 1:2-y")
    assert s.pegs[2] == [1, 2, "-y"]
    assert s.invariant_violations() == []


def test_mario_reverse_turns_the_direction_of_play():
    """The spinner says "If play continues in the opposite direction after your turn." """
    s = mario_state(players=3)
    s.phase, s.mover = "spin", 1
    rev = next(i for i, sec in enumerate(data.mario_spinner()["sections"]) if sec["reverse"] and sec["climb"] == 1)
    s.apply_action(f"spin {rev}")
    s.stacks_left = 0
    s.apply_action(next(a for a in s.legal_actions() if a.startswith("climb")))
    assert s.direction == -1 and s.mover == 0 and s.phase == "spin"


def test_mario_the_fall_penalty_and_bonus():
    """"The player who caused the tower to fall must return 10 coins to the pile. The player with the
    highest character receives 5 coins. But if that player made the tower fall, the second-highest
    character collects 5 coins instead." """
    s = mario_state(pegs=[(9, 0, "+y"), (5, 1, "+y"), (3, 1, "-y")])
    s.purses = [[7, 2], [0, 1], [0, 1]]
    s.bank = [26 - 7, 8 - 4]
    s.toppler, s.phase = 0, "over"
    s.on_fall(s.layout)
    assert s.coins() == [7, 10, 5] and s.winners() == [1]
    assert s.invariant_violations() == []


def test_help_texts_state_the_designed_components_from_the_data():
    """The issue: "the exact sections are yours to choose and document" and the item distribution
    "in a distribution you choose and document"."""
    def words(text):
        return " ".join(text.split())
    dk_help = words(DK.help_text("standard"))
    for i, sec in enumerate(data.dk_spinner()[::3]):
        assert f"pink {i + 1}: remove {sec['remove']}" in dk_help
    mario_help = words(MARIO.help_text("standard"))
    for item, n in data.mario_items().items():
        assert f"{n} {ITEM_NAMES[item]}" in mario_help
    assert "26 gold coins worth 1 and 8 Five Coins worth 5" in mario_help and "5, 4, 3 or 1" in mario_help
    assert "drops more than" in words(CLASSIC.help_text("standard"))


def test_dk_marios_start_in_the_end_holes_of_the_bottom_girders():
    """"Choose your Mario and place him in a hole at the end of a girder of one of the three bottom
    girders." """
    s = DK.new_state(DK.make_config(players=4))
    s.layout, s.phase, s.placing = full_layout(18), "place", 0
    assert len(s.legal_actions()) == 6 and all(a.startswith("mario 0:") for a in s.legal_actions())
    for seat in range(4):
        s.apply_action(s.legal_actions()[0])
    assert s.phase == "spin" and len({tuple(h) for h in s.marios}) == 4


def test_mario_items_are_placed_by_the_seed_and_pegs_start_on_the_second_layer():
    """"Randomly place three blocks per layer" and "Insert your peg anywhere in the second layer"."""
    a, b = deal_items(3), deal_items(4)
    assert a == deal_items(3) and a != b
    assert {k: a.count(k) for k in set(a)} == data.mario_items()
    s = MARIO.new_state(MARIO.make_config(players=2))
    s.layout, s.items, s.phase, s.placing = full_layout(15), a, "character", 0
    s.apply_action("character toad")
    assert "character toad" not in s.legal_actions()
    s.apply_action("character peach")
    assert all(act.startswith("peg 1:") for act in s.legal_actions())


def test_mario_bowser_bonus_goes_5_4_3_1_in_order_of_defeat():
    """"First player (to defeat Bowser): collect 5 coins / Second player: collect 4 coins" """
    s = mario_state(pegs=[(14, 0, "+x"), (14, 1, "+x"), (1, 2, "+y")])
    s.defeats = 1  # someone beat Bowser already
    s.battling[1], s.phase, s.mover = True, "spin", 1
    strong = next(i for i, sec in enumerate(data.mario_spinner()["sections"]) if sec["climb"] == 4 and not sec["coins"])
    s.top_bonus_paid = True
    s.apply_action(f"spin {strong}")
    assert s.defeated[1] and s.coins()[1] == 5 + 4 and s.defeats == 2


def test_mario_opponents_cannot_move_a_peg_that_beat_bowser():
    """"Opponents can't move your peg below Bowser after you've defeated him." """
    s = mario_state(pegs=[(2, 0, "+x"), (14, 1, "+x"), (6, 1, "-y")])
    s.characters = ["peach", "mario", "toad"]
    s.defeated[1] = True
    s.effects = [["move_down", 3]]
    assert s.legal_actions() == ["target 3"]


# ---- typing a push or a touch in the terminal ---------------------------------------------------------
def test_a_push_or_a_touch_can_be_typed_short_as_the_move_list_offers_it():
    """Before: 'push 5:1' was refused with a list of finger paths nobody could type back, so a person at
    the terminal had to pick a number out of about 300 moves. Now the short forms name the move the list
    offers (the first push style from the block's + end unless an end or a style is typed), and a typed
    push that names none says how to type one."""
    s = CLASSIC.new_state(CLASSIC.make_config(players=2))
    s.layout, s.phase = full_layout(18), "take"
    legal = s.legal_actions()
    styles = [st["name"] for st in data.play()["push_styles"]]
    assert styles == ["steady", "quick"]

    steady = s.string_to_action("push 5:1")
    assert steady in legal and steady.startswith("push 5:1 +y path=")
    assert s.action_to_string(steady) == "push block 5:1 from the +y end by hand, the finger going 77 mm in 5.2 s"
    assert s.string_to_action("  PUSH 5:1   +y  steady ") == steady
    quick = s.string_to_action("push 5:1 -y quick")
    assert quick in legal and quick.startswith("push 5:1 -y path=") and quick != steady.replace("+y", "-y")
    assert s.string_to_action("push 4:0") in legal and s.string_to_action("push 4:0").startswith("push 4:0 +x ")
    assert s.string_to_action("touch 5:1") == "probe 5:1 +y" and s.string_to_action("probe 5:1 -y") == "probe 5:1 -y"

    with pytest.raises(ActionSyntaxError, match="'sideways' is not a push style: the styles are 'steady', 'quick'"):
        s.string_to_action("push 5:1 sideways")
    with pytest.raises(ActionSyntaxError, match="a touch takes no push style"):
        s.string_to_action("touch 5:1 quick")
    with pytest.raises(WrongEndError, match="has its ends on \\+y and -y, not \\+x"):
        s.check_action(s.string_to_action("push 5:1 +x"))
    with pytest.raises(ActionSyntaxError) as exc:
        s.string_to_action("push five")
    middle = "%d:%d" % s.extractable()[len(s.extractable()) // 2]  # the example: a block that may be taken now
    assert f"'push {middle}'" in str(exc.value) and "path=" not in str(exc.value)
    assert s.typing_hint().startswith(f"type a push or a touch short: 'push {middle}'")

    s.phase = "stack"  # nothing to push now: no hint, and the short form names no move
    assert s.typing_hint() == ""
    with pytest.raises(ActionSyntaxError):
        s.string_to_action("push 5:1")


def test_mario_a_spin_in_a_battle_is_worded_as_the_battle_in_the_log():
    """"To defeat Bowser, you must spin "Climb 3" or "Climb 4"; you can't move above Bowser or stack any more
    blocks until you've done this." An audit: a battle's spin read "the spinner stops on section 2: stack 1,
    climb 2" in the log, naming neither the battle nor the player, and its stack does not count. It now
    reads as the battle: whose, the climb, and whether Bowser is beaten."""
    s = mario_state(pegs=[(14, 0, "+x"), (1, 1, "+y"), (1, 2, "+y")])
    s.battling[0], s.phase, s.mover = True, "spin", 0
    sections = data.mario_spinner()["sections"]
    weak = next(i for i, sec in enumerate(sections) if sec["climb"] == 2 and sec["stack"] == 1)
    strong = next(i for i, sec in enumerate(sections) if sec["climb"] >= 3)
    name = s.seat_name(0)
    assert s.action_to_string(f"spin {weak}").startswith(
        f"the spinner stops on section {weak + 1}: {name}'s battle with Bowser: climb 2")
    assert s.action_to_string(f"spin {weak}").endswith("; Bowser is not beaten")
    assert s.action_to_string(f"spin {strong}").endswith("; Bowser is beaten")
    s.apply_action(f"spin {weak}")
    assert f"{name} spins: stack 1, climb 2" in " ".join(s.log)  # the game's note stays as saves have it
    s.battling[0] = False
    s.mover, s.phase = 1, "spin"
    # in beaten_stacks the spin that beats him still stacks: its stack is said
    b = MARIO.new_state(MARIO.make_config(players=3, variant="beaten_stacks"))
    for field in ("layout", "items", "characters", "pegs", "bowser"):
        setattr(b, field, getattr(s, field))
    b.battling = [True] + [False] * (len(s.pegs) - 1)
    b.phase, b.mover = "spin", 0
    stack = sections[strong]["stack"]
    assert b.action_to_string(f"spin {strong}").startswith(
        f"the spinner stops on section {strong + 1}: {name}'s battle with Bowser: stack {stack}, climb")
    plain = s.action_to_string(f"spin {weak}")  # a player who is not battling: the section as it reads
    assert plain.startswith(f"the spinner stops on section {weak + 1}: stack 1, climb 2") and "Bowser" not in plain


def test_dk_a_mario_falling_from_the_first_girder_level_lands_on_his_own_side():
    """DK: "Remove a girder Mario is standing on and he falls to the girder immediately below on the same side
    of the tower." From level 1 no girder two levels down lies along his side; he lands in the nearest hole of
    the bottom level as seen from above. A rules audit saw him land at the tower's far corner: a slot number
    names another place on a level that runs the other way."""
    s = dk_state(players=3, marios=[(1, 0, "+y"), (5, 1, "+y"), (6, 2, "-x")])
    assert s.falls_if_taken(1, 0) == [(0, [0, 2, "-x"])]  # block 1:0 lies along -x; its +y hole is by 0:2-x
    assert s.falls_if_taken(2, 0) == []  # nobody stands in it
    s.layout[1][0] = None
    s.drop_stranded()
    assert s.marios[0] == [0, 2, "-x"]
    lay = full_layout(18)
    lay[1][1] = None
    assert fall_to(lay, (1, 1, "+y"), []) in [(0, 2, "+x"), (0, 2, "-x")]  # along the +y side, not the middle
