"""The audit's rulebook scenarios: each test quotes the rule it checks.

Rules that do not touch the tower run on hand-set states; the stacking rules run on the real
simulator with fixed seeds (instant removals, a stack, a fraction of a second each).
"""

from __future__ import annotations

import numpy as np
import pytest

from games.jenga import data, physics
from games.jenga.classic import SPEC as CLASSIC
from games.jenga.coins import transfer, value
from games.jenga.donkey_kong import SPEC as DK
from games.jenga.super_mario import SPEC as MARIO, deal_items


def full_layout(levels: int) -> list:
    return [[3 * lv, 3 * lv + 1, 3 * lv + 2] for lv in range(levels)]


def mario_state(players=3, pegs=None, characters=None):
    s = MARIO.new_state(MARIO.make_config(players=players))
    s.layout = full_layout(15)
    s.items = deal_items(0)
    s.characters = list(characters or data.CHARACTERS[:players])
    s.pegs = [list(h) for h in (pegs or [(1, p, "+y") for p in range(players)])]
    s.bowser = 14  # placed on top of the 15 layers as built
    s.phase, s.placing = "act", None
    return s


def built(spec, players=3, seed=1):
    s = spec.new_state(spec.make_config(players=players))
    s.apply_action(f"build {seed}")
    return s


# ---- Super Mario: the character cards, cell by cell ------------------------------------------------
# The rulebook's four cards, in its words; each effect as (what, how many).
RULEBOOK_CARDS = {
    "mario": {"mushroom": "Climb 3", "star": "Climb 3 and steal 1 coin from any player",
              "pow": "Steal 2 coins from any player", "question": "Collect 2 coins", "goomba": "Return 1 coin"},
    "peach": {"mushroom": "Move a player down 3", "star": "Steal 2 coins from any player and collect 2 coins",
              "pow": "Steal 1 coin from any player", "question": "Collect 2 coins", "goomba": "Return 1 coin"},
    "toad": {"mushroom": "Climb 4", "star": "Climb 2 and collect 1 coin",
             "pow": "Steal 2 coins from any player", "question": "Collect 2 coins", "goomba": "Return 1 coin"},
    "luigi": {"mushroom": "Climb 3", "star": "Steal 3 coins from any combo of players",
              "pow": "Climb 1 and steal 1 coin from any player", "question": "Collect 2 coins",
              "goomba": "Return 1 coin"},
}


def rulebook_effects(text: str) -> list:
    """The card text read as [effect, count] pairs, in the words of the data file."""
    out = []
    for part in text.split(" and "):
        words = part.split()
        verb, n = words[0].lower(), int(words[1] if words[0] != "Move" else words[-1])
        if verb == "steal" and "combo" in part:
            verb = "steal_each"
        out.append([{"move": "move_down"}.get(verb, verb), n])
    return out


def test_the_four_character_cards_are_exactly_the_rulebooks():
    """"Each character card lists an action for each special-item symbol": all twenty cells of the four
    cards, read from the rulebook's text, equal the data file."""
    cards = data.characters()
    for char, card in RULEBOOK_CARDS.items():
        for item, text in card.items():
            assert cards[char][item] == rulebook_effects(text), (char, item, text)


@pytest.mark.parametrize("char", list(RULEBOOK_CARDS))
def test_every_item_on_every_card_does_what_the_card_says(char):
    """"Make note of any items on the removed block ... If the tower does not fall, refer to your
    character card and perform any special-item actions from the block you stacked." Each item is
    stacked by seat 1 on a tower of 15 layers (pegs at layers 2, 6, 8; 5 coins each); climbs land
    exactly, steals take coins from opponents, collects come from the pile, returns go to it, and a
    move-down lowers an opponent by 3."""
    for item, text in RULEBOOK_CARDS[char].items():
        s = mario_state(pegs=[(2, 0, "+x"), (6, 1, "+x"), (8, 1, "+x")], characters=[char] + [c for c in data.CHARACTERS if c != char][:2])
        s.items = ["none"] * 45
        s.items[44] = item  # the block "just stacked" is the top layer's last block
        s.stacks_left = 1
        s.after_stack({"block": 44, "shifted_mm": []}, s.layout)
        while s.mover == 0 and s.phase == "act":
            s.apply_action(s.legal_actions()[0])  # first climb hole / first target (seat 2)
        want = {"climb": 0, "collect": 0, "return": 0, "steal": 0, "move_down": 0}
        for what, n in rulebook_effects(text):
            want["steal" if what == "steal_each" else what] += n
        assert s.peg_level(0) == 2 + want["climb"], (item, text)
        gained = want["collect"] - want["return"] + want["steal"]
        assert s.coins()[0] == 5 + gained, (item, text)
        assert sum(s.coins()[1:]) == 10 - want["steal"], (item, text)
        assert s.peg_level(1) == 6 - want["move_down"], (item, text)
        assert s.invariant_violations() == []


def test_an_items_climb_is_done_besides_the_spinners_climb():
    """"Note: Even if the required action is, for example, "Climb 2," you would still perform Step 3 as
    well!" Toad's star (climb 2) then the spin's climb 1."""
    s = mario_state(pegs=[(2, 0, "+x"), (6, 1, "+x"), (8, 1, "+x")], characters=["toad", "mario", "peach"])
    s.items = ["star"] * 45
    s.stacks_left, s.climb_due = 1, 1
    s.after_stack({"block": 44, "shifted_mm": []}, s.layout)
    s.apply_action("climb 4:0+x")  # the star's climb 2
    assert s.phase == "act" and s.climb_due == 1 and s.coins()[0] == 6
    s.apply_action("climb 5:0+y")  # the spinner's climb 1
    assert s.peg_level(0) == 5 and s.mover == 1


# ---- Super Mario: the coin bank and the end ------------------------------------------------------
def test_the_bank_holds_26_gold_coins_and_8_five_coins_and_each_player_starts_with_a_five():
    """"34 cardboard coins (26 Gold Coins, 8 Five Coins)" and "Each player takes 1 Five Coin (worth 5
    coins). Place the rest of the Five Coins and the Gold Coins in a pile next to the tower." """
    for players in (2, 3, 4):
        s = MARIO.new_state(MARIO.make_config(players=players))
        assert s.purses == [[0, 1]] * players and s.bank == [26, 8 - players]


def test_coins_stay_34_pieces_through_any_payments():
    """The issue: "coins conserved between bank and players", with change and a bank that runs short."""
    rng = np.random.default_rng(6)
    bank, purses = [26, 4], [[0, 1] for _ in range(4)]
    for _ in range(400):
        a, b = rng.integers(-1, 4, size=2)
        src = bank if a < 0 else purses[a]
        dst = bank if b < 0 else purses[b]
        if src is dst:
            continue
        before = value(src) + value(dst)
        moved = transfer(src, dst, bank, int(rng.integers(0, 12)))
        assert 0 <= moved and value(src) + value(dst) == before
        assert [sum(p[i] for p in purses) + bank[i] for i in (0, 1)] == [26, 8]
        assert all(c >= 0 for p in purses + [bank] for c in p)


def test_the_fall_bonus_goes_to_the_second_highest_when_the_highest_toppled():
    """"The player with the highest character receives 5 coins. But if that player made the tower fall,
    the second-highest character collects 5 coins instead." """
    s = mario_state(pegs=[(9, 0, "+y"), (5, 1, "+y"), (3, 1, "-y")])
    s.purses, s.bank = [[3, 2], [0, 1], [0, 1]], [26 - 3, 8 - 4]
    s.toppler, s.phase, s.ended = 0, "over", "fall"
    s.on_fall(s.layout)
    assert s.coins() == [3, 10, 5] and s.winners() == [1] and s.invariant_violations() == []


def test_the_fall_bonus_is_shared_by_players_tied_highest_and_most_coins_ties_share_the_win():
    """"The player with the highest character receives 5 coins" (two at the same height: each collects
    5), then "All players then add up their coins. The player with the most coins wins!" (a tie for the
    most: both win)."""
    s = mario_state(players=4, pegs=[(2, 0, "+x"), (7, 1, "+y"), (7, 0, "+y"), (5, 1, "+y")])
    s.toppler, s.phase, s.ended = 0, "over", "fall"
    s.on_fall(s.layout)
    assert s.coins() == [0, 10, 10, 5] and s.winners() == [1, 2]
    assert s.returns() == [0.0, 10.0, 10.0, 5.0] and s.invariant_violations() == []


def test_the_toppler_who_holds_fewer_than_ten_returns_all_they_have():
    """"If the tower falls, you must return 10 coins to the pile": a player with 7 returns 7."""
    s = mario_state(pegs=[(2, 0, "+x"), (7, 1, "+y"), (5, 0, "+y")])
    s.purses, s.bank = [[2, 1], [0, 1], [0, 1]], [24, 5]
    s.toppler, s.phase, s.ended = 0, "over", "fall"
    s.on_fall(s.layout)
    assert s.coins() == [0, 10, 5] and s.winners() == [1] and s.invariant_violations() == []


def test_a_knocked_out_peg_on_the_second_layer_stays_there():
    """"move their peg down a layer to any vacant hole" and "Your character peg can't move down lower
    than the second layer of the tower": a knocked-out peg on layer 1 goes to a vacant hole of layer 1,
    and still loses a coin."""
    s = mario_state(pegs=[(4, 0, "+x"), (1, 1, "+y"), (3, 1, "-y")])
    block = s.layout[1][1]
    s.knock_outs({"shifted_mm": [[block, 4.0]]}, s.layout)
    assert s.peg_level(1) == 1 and s.coins()[:2] == [6, 4]
    assert s.invariant_violations() == []


# ---- Donkey Kong ------------------------------------------------------------------------------------
def test_dk_spinner_is_four_pink_sections_of_three_black_and_every_value_is_reachable():
    """"The pink section determines how many girders to remove (1, 2, or none)." and "The spinner icons
    show the number of girders Mario climbs up: 0, 1, 2 or 3." """
    sections = data.dk_spinner()
    assert [s["pink"] for s in sections] == [p for p in range(4) for _ in range(3)]
    assert all(len({s["remove"] for s in sections if s["pink"] == p}) == 1 for p in range(4))
    assert {s["remove"] for s in sections} == {0, 1, 2}
    assert {s["climb"] for s in sections} == {0, 1, 2, 3}
    outcomes = DK.new_state(DK.make_config(players=2))
    outcomes.phase = "spin"
    assert [p for _, p in outcomes.chance_outcomes()] == [1 / 12] * 12


@pytest.mark.physics
def test_dk_pauline_and_donkey_kong_move_up_when_a_girder_opens_a_new_level():
    """"Donkey Kong and Pauline must always be placed on top of the tower": on the real tower, the first
    girder stacked on a complete top opens level 18 and they stand there."""
    s = built(DK)
    for hole in ("0:0+x", "0:1+x", "0:2+x"):
        s.apply_action(f"mario {hole}")
    s.apply_action("spin 0")  # remove 1, climb 1
    assert s.dk_level() == 17 and "DK+Pauline" in str(s).splitlines()[1]
    s.take_out(5, 0)
    s.apply_action("stack 2")
    assert s.dk_level() == 18 and "DK+Pauline" in str(s).splitlines()[1]


# ---- traditional: stacking on the real tower --------------------------------------------------------
def long_axis(quat_xyzw) -> np.ndarray:
    """The direction of a block's long (local x) axis in the world, for a quaternion x, y, z, w."""
    x, y, z, w = quat_xyzw
    return np.array([1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)])


@pytest.mark.physics
def test_a_block_is_stacked_at_right_angles_and_a_level_of_three_is_finished_first():
    """"Then stack the block on top of the tower at right angles to the blocks just below it." and
    "While stacking, always complete a 3-block level before starting a higher one." On the real tower:
    the new level 18 lies across level 17; its second block can go only in an open slot of level 18,
    and only when level 18 is full does a block start level 19 (across level 18)."""
    s = built(CLASSIC)
    s.take_out(3, 0)
    s.apply_action("stack 1")
    poses = s.tower_poses()
    new, below = s.layout[18][1], s.layout[17][1]
    assert abs(float(np.dot(long_axis(poses[new][3:]), long_axis(poses[below][3:])))) < 0.05
    assert poses[new][2] > poses[below][2]
    for slot, take in ((0, (3, 2)), (2, (5, 0))):
        s.take_out(*take)
        assert s.legal_actions() == [f"stack {x}" for x in range(3) if s.layout[18][x] is None]
        s.apply_action(f"stack {slot}")
    assert None not in s.layout[18]
    assert {level for level, _ in s.extractable()} == set(range(18))  # below the new complete level 18
    s.take_out(5, 2)
    s.apply_action("stack 0")
    poses = s.tower_poses()
    assert abs(float(np.dot(long_axis(poses[s.layout[19][0]][3:]), long_axis(poses[s.layout[18][1]][3:])))) < 0.05
    assert {lv for lv, _ in s.extractable()} == set(range(18))  # level 19 is open: still below 18
    assert s.invariant_violations() == []


@pytest.mark.physics
def test_the_ten_second_rule_and_the_five_seconds_of_super_mario():
    """Traditional: "Your turn ends 10 seconds after you stack your block - or as soon as the next player
    touches one." Super Mario: "stack it above Bowser ... Wait for about 5 seconds." After a stack the
    simulator settles the tower for up to that long (a fall then is the stacker's), and the turn
    passes at once to the next player."""
    assert physics.tower_spec("classic").settle_s == 10.0
    assert physics.tower_spec("dk").settle_s == 10.0
    assert physics.tower_spec("mario").settle_s == 5.0
    s = built(CLASSIC)
    s.take_out(3, 0)
    s.apply_action("stack 1")
    assert s.current_player() == 1 and s.phase == "take" and s.last_stacker == 0
    assert s.last_verdict["op"] == "stack" and not s.last_verdict["collapsed"]
    assert s.last_verdict["sim_s"] <= 10.0
    assert "up to 10 seconds" in " ".join(CLASSIC.help_text("standard").split())


@pytest.mark.physics
def test_dk_a_girder_pushed_out_from_under_mario_drops_him_on_the_same_side():
    """"Remove a girder Mario is standing on and he falls to the girder immediately below on the same
    side of the tower." Here the girder is pushed out by the simulator (a steady push and a tremor
    seed), the way a player takes it; the first of a few side girders whose push leaves the tower
    standing is used."""
    s = built(DK)
    for hole in ("0:0+x", "0:1+x", "0:2+x"):
        s.apply_action(f"mario {hole}")
    s.apply_action("spin 0")  # remove 1, climb 1
    for level in (6, 8, 4, 10):
        trial = s.clone()
        trial.marios[1] = [level, 0, "-x"]
        trial.apply_action(f"extract {level}:0 +x speed=0.040 steady=0.90")
        trial.apply_action("tremor 3")
        if not trial.last_verdict["collapsed"]:
            break
    else:
        pytest.fail("every scripted side girder push toppled the tower")
    assert trial.phase == "stack" and trial.layout[level][0] is None
    assert trial.marios[1] == [level - 2, 0, "-x"]
    assert trial.invariant_violations() == []
