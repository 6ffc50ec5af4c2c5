"""The careful perfect player's hand (sim.pro_hand) on real PyBullet towers: it pushes only what its touch
says gives, and its careful push of a loose block stands."""

import json
from pathlib import Path

import numpy as np
import pytest

from sim import Tower, load_spec
from sim.pro_hand import ProHand

SAVED = Path(__file__).resolve().parent.parent / "saved"


@pytest.mark.physics
def test_the_hand_refuses_a_block_whose_touch_says_tight_and_pushes_a_loose_one():
    spec = load_spec("classic")
    tower = Tower(spec, 0)
    hand = ProHand(tower)
    # Seed 0, level 6: the edge 6:2 (15.04 mm beside a 14.20 mm middle) carries the level above (the
    # touch needs about 1.4 N and the rest of the tower goes along 0.75 and 1.5 mm), the middle 6:1 is
    # loose (it slides under the gentle touch). Found by feeling both ends of the edges of seed 0's
    # levels with a loose middle: 6:2 is the one whose touch needs over 1 N from both ends.
    assert hand.choose(among=[(6, 2)]) is None
    for side in (-1, 1):
        tight = hand.feel(6, 2, side)
        assert hand.grade(tight) == 2
        assert tight.force_n > 10 * spec.hand.touch_force_n
    pick = hand.choose(among=[(6, 2), (6, 1)])
    assert pick is not None and pick[:2] == (6, 1)
    loose = hand.feel(*pick)
    assert hand.grade(loose) == 0 and loose.force_n <= spec.hand.touch_force_n
    touches = hand.touches
    assert hand.choose(among=[(6, 2), (6, 1)]) == pick and hand.touches == touches   # remembered, not re-touched
    verdict = tower.extract(*pick[:2], side=pick[2], speed=0.02, steadiness=1.0)
    assert not verdict.collapsed
    hand.played(("extract", *pick))
    assert not any(key[0] == tower.block_id(6, 2) for key in hand.memory)               # its level's load changed


@pytest.mark.physics
def test_a_loose_block_over_a_gap_comes_out_without_levering_the_level_above():
    # Seed 3's tall build after 44 operations: level 22 has lost its edge 22:2, level 23 keeps 23:1 and
    # 23:2, and 24:1 lies loose on them. 23:2 is loose (its touch: 0.04 N, the tower still). Pushed towards
    # the missing 22:2, its centre passes the middle's edge after 12.5 mm; the hand used to lift the block
    # only near the tower's side, so it tipped into the gap and its trailing end rolled 24:1 over (9 deg).
    spec = load_spec("classic")
    tower = Tower.from_state(spec, json.loads((SAVED / "classic_seed3_tall_build_after_44_operations.json").read_text()))
    assert not tower.present(22, 2) and tower.present(23, 1) and not tower.present(23, 0)
    b = tower.block_id(23, 2)
    toward_gap = np.array([0.0, 1.0, 0.0])
    assert 0.010 < tower._support_reach(b, toward_gap) < 0.015          # the middle's edge, not the side
    assert tower._support_reach(b, -toward_gap) > 0.035
    verdict = tower.extract(23, 2, side=-1, speed=0.02, steadiness=1.0)
    assert not verdict.collapsed and verdict.max_tilt_deg < 1.0


@pytest.mark.physics
def test_a_bottom_block_slides_out_on_the_table_without_tipping_into_the_tower():
    # Seed 3's tall build after 68 operations (30 levels): the bottom level keeps 0:1 and 0:2, level 1 only
    # its middle, which carries the whole tower. 0:2 gives to the touch from the +1 end (0.7 N, the tower
    # still). Pushed out along the table, it used to be made weightless by the hand once half out; the
    # loaded middle of level 1 pressing on its trailing end then tipped it up into the tower (33 deg), and
    # 1:1 fell. On the table the block is never carried: it slides out and the tower stands.
    spec = load_spec("classic")
    tower = Tower.from_state(spec, json.loads((SAVED / "classic_seed3_tall_build_after_68_operations.json").read_text()))
    assert tower.num_levels == 30 and not tower.present(0, 0) and tower.blocks_in_level(1) == [1]
    verdict = tower.extract(0, 2, side=1, speed=0.02, steadiness=1.0)
    assert not verdict.collapsed and verdict.max_displacement_mm < 2.0


@pytest.mark.physics
def test_the_hand_stacks_thick_middles_so_both_edges_of_a_stacked_level_come_out_loose():
    # Nine blocks taken from seed 0's lower levels (each deleted: the order is the test's) and stacked by
    # the hand into levels 18 to 20. For level 19 it holds 14.82, 14.76 and 14.71 mm blocks in that
    # order: the first is thicker than the blocks taken so far on average (14.80 mm), so it goes in the
    # middle, and the thinner two at the edges. The level above then rests on 19's middle alone: both
    # edges slide under the gentle touch with the rest of the tower still, and the middle carries it.
    # The hand that stacks only by statics margin puts the 14.82 mm block at an edge, and that edge
    # then carries: from neither end is it loose as the census calls it (it takes more than the gentle
    # touch force, 0.18 and 0.14 N), and from one end it drags the tower along (1.3 mm; 0.45 mm from the
    # other, since sim.portable's products moved the tower's last bits).
    from sim.census import STILL_MM

    spec = load_spec("classic")
    plan = [(4, 0), (1, 2), (5, 0), (0, 2), (3, 2), (6, 0), (7, 0), (8, 0), (9, 0)]
    felt = {}
    for thick_middle in (True, False):
        tower = Tower(spec, 0)
        hand = ProHand(tower, thick_middle=thick_middle)
        for level, pos in plan:
            assert not tower.remove(level, pos).collapsed
            hand.played(("remove", level, pos))
            slot = hand.stack_slot()
            assert not tower.stack(slot).collapsed
            hand.played(("stack", slot))
        thickness = tower.dims[tower.slots[19], 2]
        felt[thick_middle] = {pos: [tower.probe(19, pos, side=side) for side in (-1, 1)] for pos in (0, 1, 2)}
        if thick_middle:
            assert thickness[1] > thickness[0] and thickness[1] > thickness[2]
            assert abs(np.mean(hand.taken[:3]) * 1000 - 14.80) < 0.01
        else:
            assert thickness[0] > thickness[1]
    gentle = spec.hand.touch_force_n
    for pos in (0, 2):
        for touch in felt[True][pos]:
            assert touch.force_n <= gentle and touch.tower_motion_mm < STILL_MM and touch.block_motion_mm > 1.9
    for touch in felt[True][1]:       # the middle carries: more than the gentle touch, and the tower goes along
        assert touch.force_n > gentle and touch.tower_motion_mm > 3 * STILL_MM
    thick_edge = felt[False][0]                                                      # the thick edge carries
    assert not any(touch.force_n <= gentle and touch.tower_motion_mm < STILL_MM for touch in thick_edge)
    assert max(touch.tower_motion_mm for touch in thick_edge) > STILL_MM


@pytest.mark.physics
def test_the_hand_takes_a_loose_middle_not_an_edge_beside_it():
    # Seed 0's tall build after 96 operations by the hand without the middle check (ProHand(tower,
    # middle_check=False), the hand as it is otherwise; found by building seeds 0 to 2 so and trying, at
    # each push of an edge beside a loose middle, that push and the middle's). Level 32 holds 14.19, 14.23
    # and 14.70 mm blocks: level 33 rests on the two edges, leaning from the thick 32:2 to 32:0, and clears
    # the middle, which is loose (0.04 N, the tower still); 32:0, though thinner than the middle, still
    # slides under the gentle touch from its +1 end (0.09 N, the tower moving 0.25 mm). That hand pushed it
    # (a loose edge before a loose middle) and the tower fell: level 33 was left on 32:2 over a middle
    # 0.2 mm under the line between the edges. The hand now takes the loose middle of such a level, never
    # the edge beside it. (Since the hand's squaring spring stopped chattering, sim.tower.YAW_SPRING, that
    # push of 32:0 stands from either end: the check stays as a rule of the level's statics.)
    spec = load_spec("classic")
    state = json.loads((SAVED / "classic_seed0_tall_build_without_middle_check_after_96_operations.json").read_text())
    level = [(32, 0), (32, 1), (32, 2)]
    tower = Tower.from_state(spec, state)
    assert tower.num_levels == 34 and tower.top_level_complete
    thickness = tower.dims[tower.slots[32], 2] * 1000
    assert thickness[0] < thickness[1] < thickness[2] and (thickness[0] + thickness[2]) / 2 - thickness[1] > 0.2
    old = ProHand(tower, middle_check=False)
    assert old.choose(among=level)[:2] == (32, 0) and old.grade(old.last) == 0
    hand = ProHand(tower)
    pick = hand.choose(among=level)
    assert pick is not None and pick[:2] == (32, 1) and hand.grade(hand.last) == 0
    assert hand._middle_loose(32) and hand.choose(among=[(32, 0), (32, 2)]) is None
    tower = Tower.from_state(spec, state)
    verdict = tower.extract(*pick[:2], side=pick[2], speed=0.02, steadiness=1.0)
    assert not verdict.collapsed and verdict.max_displacement_mm < 1.0


def test_the_hand_starts_a_level_in_the_middle_only_with_a_block_thicker_than_most_taken_lately():
    # The odds of a thickest middle (ProHand._thick_by_odds): a level's first block goes in the middle when
    # it is thicker than 69% of the last 12 blocks taken, not when it is merely as thick as their mean;
    # with one edge in place, a thicker block goes in the middle only when it is thicker than half of them.
    # The blocks taken longer ago (here thicker) do not count.
    spec = load_spec("classic")
    hand = ProHand(Tower(spec, 0))
    hand.taken = [0.0150] * 20 + [0.0142 + 0.0001 * i for i in range(12)]   # lately 14.20 .. 15.30 mm
    assert not hand._thick(0.01475, [])        # the mean of the last 12: rank 6 of 12, an edge
    assert not hand._thick(0.01495, [])        # rank 7 of 12 (0.58): an edge
    assert hand._thick(0.01505, [])            # rank 9 of 12 (0.75, above 0.69): the middle
    assert not hand._thick(0.01440, [0.01430]) # thicker than the edge but than 2 of 12 only: an edge
    assert hand._thick(0.01480, [0.01430])     # thicker than the edge and than 7 of 12: the middle
    assert not hand._thick(0.01480, [0.01490]) # thinner than the edge: an edge
    hand.slot_odds = False                     # the hand before: the mean of all 32 taken, 14.91 mm
    assert hand._thick(0.01495, []) and hand._thick(0.01440, [0.01430])


@pytest.mark.physics
def test_a_hand_that_knows_only_what_it_held_counts_an_unheld_block_as_suiting_the_top():
    # ProHand(held_only=True): `_fits` judges a block by its thickness only once the hand has held it.
    # Seed 0: 4:0 (15.18 mm) is taken and stacked as level 18's middle; the two original blocks thicker
    # than it then do not suit the top (an edge must be thinner than the middle) for the hand that reads
    # every thickness, while the hand that knows only what it held cannot tell them from the others.
    spec = load_spec("classic")
    tower = Tower(spec, 0)
    hand, blind = ProHand(tower), ProHand(tower, held_only=True)
    assert not tower.remove(4, 0).collapsed
    for h in (hand, blind):
        h.played(("remove", 4, 0))
    held = tower.hand
    assert not tower.stack(1).collapsed and tower.block_id(18, 1) == held
    for h in (hand, blind):
        h.played(("stack", 1))
    middle = tower.dims[held, 2]
    thicker = [b for b in tower.slots[:17].ravel() if b >= 0 and tower.dims[b, 2] > middle]
    assert thicker
    assert not any(hand._fits(int(b)) for b in thicker)
    assert all(blind._fits(int(b)) for b in thicker)
    assert not hand._fits(held) and not blind._fits(held)          # a block it held is judged by both


def test_the_hand_never_pushes_a_block_it_knows_carries_the_level_above():
    # ProHand._known_carrier, on seed 0's tall build after 65 operations. A stacked level's blocks were all
    # held, so the hand knows which one is thickest: 27:1 (14.71 mm beside 14.54 and 14.58) carries level
    # 28, and the hand never pushes it, whatever its touch says (found with held_only: seed 0 fell at its
    # 89th operation pushing 29:0, 14.78 mm beside a 14.56 mm middle, which gave at 0.33 N with the tower
    # moving 0.033 mm). 26:0 is thicker than 26:2 by 0.04 mm only, under CARRIES_MM: not known to carry.
    # An original level's blocks were never held: nothing is known of them.
    spec = load_spec("classic")
    tower = Tower.from_state(spec, json.loads((SAVED / "classic_seed0_tall_build_after_65_operations.json").read_text()))
    hand = ProHand(tower)
    assert not hand._known_carrier(27, 1)                       # not held yet
    hand.held = {int(b) for b in tower.slots[18:].ravel() if b >= 0}
    assert hand._known_carrier(27, 1)
    assert not hand._known_carrier(27, 0) and not hand._known_carrier(27, 2)
    assert not hand._known_carrier(26, 0) and not hand._known_carrier(22, 1)
    assert not any(hand._known_carrier(level, pos) for level in range(18) for pos in range(3)
                   if tower.present(level, pos))


def test_a_guessing_hand_judges_a_block_it_never_held_by_the_blocks_it_took_that_felt_the_same():
    # ProHand(held_only=True, guess=True): a never-held block is as thick as the never-held blocks it took
    # whose touch said the same (edge or middle, loose or gives). Seed 0's build after 65 operations: the
    # top, level 28, holds edges of 14.19 and 14.59 mm and wants a middle thicker than both. Loose edges
    # taken so far were 14.70 to 14.80 mm (they suit it), loose middles 14.20 to 14.30 (they do not).
    spec = load_spec("classic")
    tower = Tower.from_state(spec, json.loads((SAVED / "classic_seed0_tall_build_after_65_operations.json").read_text()))
    unheld = int(tower.slots[3, 0])
    blind = ProHand(tower, held_only=True)
    guessing = ProHand(tower, held_only=True, guess=True)
    guessing.learned = [((False, 0), h) for h in (0.01470, 0.01475, 0.01480)] + \
                       [((True, 0), h) for h in (0.01420, 0.01425, 0.01430)]
    assert blind._fits(unheld, (False, 0)) and blind._fits(unheld, (True, 0))
    assert guessing._fits(unheld, (False, 0))
    assert not guessing._fits(unheld, (True, 0))
    assert guessing._fits(unheld, (False, 1))                   # none felt so yet: judged by all six, half of them suit
