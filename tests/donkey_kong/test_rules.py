"""Scripted Donkey Kong scenarios, one per rule, each quoting the rule it checks.

Positions are set up directly on a fresh state (pieces placed by space name), then driven through
the public action interface: dice and draws as chance outcomes, moves and cards as decisions.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from games.bots import sample_outcome
from games.core import CHANCE, TERMINAL, IllegalActionError
from games.donkey_kong import SPEC
from games.donkey_kong.board import BOARD
from games.donkey_kong.cards import CARD_INDEX
from games.donkey_kong.state import ROUND_LIMIT

IDX = BOARD.index


def table(variant="rulebook", players=2, pawns=None, barrels=(), fireballs=(), hands=None, played=None,
          turn=0):
    """A state at the start of `turn`'s turn with the given pieces (space names) and cards."""
    st = SPEC.new_state(SPEC.make_config(players=players, variant=variant))
    st.stage, st.turn, st.first, st.deal_left = "roll", turn, 0, 0
    st.pawns = [IDX[s] for s in (pawns or ["G5.0"] * players)]
    st.barrels = [IDX[s] for s in barrels] + [-1] * (12 - len(barrels))
    st.fireballs = [IDX[s] for s in fireballs] + [-1] * (4 - len(fireballs))
    st.hands = [[CARD_INDEX[c] for c in h] for h in (hands or [[]] * players)]
    st.played = [[CARD_INDEX[c] for c in p] for p in (played or [[]] * players)]
    for pile in st.hands + st.played:
        for k in pile:
            st.deck[k] -= 1
    assert st.invariant_violations() == []
    return st


def names(spaces):
    return sorted(BOARD.names[s] for s in spaces if s >= 0)


def roll(st, mario, obstacles):
    st.apply_action(f"roll {mario} {obstacles}")


def turn(st, mario, obstacles, move=None):
    """Roll, then make the given move (or the only/first one)."""
    roll(st, mario, obstacles)
    st.apply_action(move or st.legal_actions()[0])


# ---- set-up, dice and turn order ---------------------------------------------------------------

def test_setup_pieces_and_cards():
    """Rulebook: 'Place 6 of them on the gameboard...one on each space marked with a black dot'; 'each
    player starts out the game with 3 faceup cards'."""
    st = SPEC.new_state(SPEC.make_config(players=3))
    assert st.barrel_spaces() and len(st.barrel_spaces()) == 6 and st.dispenser_count() == 6
    assert st.oil_can_count() == 4 and st.fireball_spaces() == []
    rng = np.random.default_rng(0)
    while st.stage in ("order", "deal"):
        assert st.current_player() == CHANCE
        st.apply_action(sample_outcome(st.chance_outcomes(), rng))
    assert [len(h) for h in st.hands] == [3, 3, 3] and st.deck_count() == 48 - 9
    assert st.current_player() == CHANCE and st.stage == "roll" and st.turn == st.first


def test_highest_roll_starts_and_ties_roll_again():
    """Rulebook: 'Each player rolls the white die. Whoever rolls the highest number plays first'."""
    st = SPEC.new_state(SPEC.make_config(players=3))
    for r in ("roll 5", "roll 6", "roll 6"):
        st.apply_action(r)
    assert st.stage == "order" and st.rollers == [1, 2]  # the tie rolls again
    st.apply_action("roll 2")
    st.apply_action("roll 4")
    assert st.stage == "deal" and st.first == 2


@pytest.mark.parametrize("variant,colour", [("rulebook", "red"), ("wiki", "white")])
def test_dice_are_one_chance_outcome_per_turn(variant, colour):
    """Article: the obstacle die shows 'values 3 to 6, with two "Donkey Kong" faces'; the rulebook names
    only its red die's 'Donkey Kong Rests' face, and the editions differ only in the dice's colour names
    (shared/rules/README.md), so both variants roll the article's faces."""
    from games.donkey_kong.cards import DIE_COLOURS
    st = table(variant)
    outcomes = st.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert {a.split()[1] for a, _ in outcomes} == {"1", "2", "3", "4", "5", "6"}
    assert {a.split()[2] for a, _ in outcomes} == {"3", "4", "5", "6", "DK"}
    dk = sum(p for a, p in outcomes if a.endswith("DK"))
    assert dk == pytest.approx(2 / 6)
    assert DIE_COLOURS[variant]["obstacles"] == colour


def test_fireballs_highest_first_then_barrels_lowest_first():
    """Rulebook: 'Always move the fireballs on the highest girder first ... Then move the barrels on the
    lowest girder first'. Moved the other way, the trailing piece would land on its twin and go on."""
    st = table(fireballs=["G1.2", "G1.5"], barrels=["G3.9", "G3.6"])
    turn(st, 1, 3, "move G5.1")
    assert names(st.fireballs) == ["G1.5", "G1.8"]
    assert names(st.barrels) == ["G3.3", "G3.6", "G6.1"]


def test_donkey_kong_face_stops_obstacles_and_variants_differ_on_the_release():
    """Rulebook: 'If "Donkey Kong Rests" is tossed on the red die, no obstacles move' (then 'Press
    Donkey Kong's left arm'). Article: 'If the die shows "DONKEY KONG," do not move any barrels, and your
    turn ends.'"""
    for variant, released in (("rulebook", True), ("wiki", False)):
        st = table(variant, barrels=["G3.5"], fireballs=["G1.5"])
        turn(st, 1, "DK", "move G5.1")
        assert names(st.fireballs) == ["G1.5"]
        assert ("G6.1" in names(st.barrels)) is released
        assert "G3.5" in names(st.barrels)
        assert st.turn == 1 and st.stage == "roll"


def test_dispenser_drops_a_barrel_at_the_end_of_the_turn():
    """Rulebook: 'at the end of your turn, after you have moved all the obstacles, press down Donkey
    Kong's left arm and a new barrel will be released'."""
    st = table()
    turn(st, 1, 3, "move G5.1")
    assert names(st.barrels) == ["G6.1"] and st.dispenser_count() == 11


def test_released_barrel_onto_a_resting_barrel_goes_on():
    """Rulebook: 'if a barrel lands on a space occupied by another barrel, it advances to the next open
    space'."""
    st = table()
    turn(st, 1, "DK", "move G5.1")
    turn(st, 1, "DK", "move G5.1")
    assert names(st.barrels) == ["G6.1", "G6.2"]


# ---- pawns ------------------------------------------------------------------------------------------

def test_pawn_moves_the_full_count():
    """Rulebook: 'Pawns always move the full count indicated by the white die.'"""
    for variant in ("rulebook", "wiki"):
        st = table(variant, pawns=["G1.2", "G5.0"])
        roll(st, 5, 3)
        for a in st.legal_actions():
            path = a.split()[1:]
            assert len(path) == 5 and len(set(path)) == 5


def test_rulebook_pawn_keeps_one_direction_article_only_forbids_backtracking():
    """Rulebook: 'A pawn cannot move in two different directions in the same move.' Article: 'You can
    move in any direction but cannot backtrack within the same turn.'"""
    turn_back = "move G1.3 L1.1 L1.2 G2.3 G2.4"  # left, up the ladder, then right
    rule = table("rulebook", pawns=["G1.4", "G5.0"])
    roll(rule, 5, 3)
    wiki = table("wiki", pawns=["G1.4", "G5.0"])
    roll(wiki, 5, 3)
    assert turn_back not in rule.legal_actions()
    assert turn_back in wiki.legal_actions()
    assert "move G1.3 L1.1 L1.2 G2.3 G2.2" in rule.legal_actions()
    for a in rule.legal_actions():
        steps = a.split()[1:]
        assert not ({"G1.5", "G1.3"} <= set(steps))
    with pytest.raises(IllegalActionError):
        rule.apply_action(turn_back)


def test_pawns_do_not_use_the_dotted_lines():
    """Rulebook: pawns change girders only by ladders; obstacles move 'by moving off the edge of girders following
    the broken white lines'."""
    st = table(pawns=["G1.8", "G5.0"])
    roll(st, 3, 3)
    assert not any("G2.9" in a for a in st.legal_actions())


def test_article_pawn_landing_on_a_pawn_goes_to_the_next_free_space():
    """Article: 'If your pawn lands on an occupied space, move to the next available space.'"""
    wiki = table("wiki", pawns=["G5.0", "G5.2"])
    roll(wiki, 2, 3)
    assert "move G5.1 G5.2 G5.3" in wiki.legal_actions()
    assert "move G5.1 G5.2" not in wiki.legal_actions()
    rule = table("rulebook", pawns=["G5.0", "G5.2"])
    roll(rule, 2, 3)
    assert "move G5.1 G5.2" in rule.legal_actions()


def test_red_dot_draws_a_card_only_on_an_exact_stop():
    """Rulebook: 'Every time your pawn lands by exact count on a blue space with a red dot, draw a card'."""
    st = table(pawns=["G1.4", "G5.0"])
    turn(st, 2, 3, "move G1.5 G1.6")
    assert st.current_player() == CHANCE and st.stage == "dot"
    assert {a.split()[0] for a, _ in st.chance_outcomes()} == {"draw"}
    st.apply_action("draw H400")
    assert st.face_up(0) == ["H400"] and st.deck_count() == 47
    passing = table(pawns=["G1.4", "G5.0"])
    turn(passing, 3, 3, "move G1.5 G1.6 G1.7")
    assert passing.face_up(0) == [] and passing.stage == "roll"


# ---- obstacles ----------------------------------------------------------------------------------

def test_barrel_slides_down_a_ladder_only_on_an_exact_count():
    """Rulebook: 'A barrel slides down a ladder only if it lands by exact count on a blue space directly
    above a ladder'."""
    st = table(barrels=["G2.4"])
    turn(st, 1, 3, "move G5.1")
    assert "G1.7" in names(st.barrels)
    st = table(barrels=["G2.4"])
    turn(st, 1, 4, "move G5.1")
    assert "G2.8" in names(st.barrels)


def test_barrel_never_slides_past_a_pawn_on_the_ladder():
    """Rulebook: 'if a "Mario" pawn is on a ladder, the barrel cannot slide down...it remains where it
    landed on the upper girder.'"""
    st = table(barrels=["G2.4"], pawns=["G5.0", "L2.1"])
    turn(st, 1, 3, "move G5.1")
    assert "G2.7" in names(st.barrels)


def test_article_barrel_does_not_slide_onto_an_occupied_space():
    """Article: 'A barrel can't take a ladder if the spaces above or below it are already occupied.'"""
    # the rulebook barrel slides onto seat 1's pawn, is jumped and so moves one space on
    for variant, lands in (("wiki", "G2.7"), ("rulebook", "G1.6")):
        st = table(variant, barrels=["G2.4"], pawns=["G5.0", "G1.7"], hands=[[], ["J100"]])
        turn(st, 1, 3, "move G5.1")
        if st.current_player() == 1:  # the rulebook barrel slid onto seat 1's pawn
            st.apply_action("play J100")
        assert lands in names(st.barrels), variant


def test_fireball_slides_up_a_ladder_into_a_pawn():
    """Rulebook: 'a fireball slides up a ladder only if it lands by exact count on the blue space directly
    below a ladder ... "Mario" pawns are not safe from fireballs sliding up ladders.'"""
    st = table(fireballs=["G1.4"], pawns=["G5.0", "L2.2"], hands=[[], ["H300"]])
    roll(st, 1, 3)
    st.apply_action("move G5.1")
    assert st.current_player() == 1 and st.legal_actions() == ["play H300"]
    assert st.pending_decision()["kind"] == "card"
    st.apply_action("play H300")
    assert st.fireball_spaces() == [] and st.oil_can_count() == 4 and st.scores()[1] == 300


def test_two_barrels_never_share_a_space():
    """Rulebook: 'Two or more of the same obstacle cannot be on the same space at the same time.'"""
    st = table(barrels=["G2.9", "G2.4"])  # the leading one moves first and stops at the ladder's foot
    turn(st, 1, 3, "move G5.1")
    assert names(st.barrels) == ["G1.6", "G1.7", "G6.1"]  # the other slid down onto it and went on


def test_fireball_meeting_a_barrel_destroys_it():
    """Rulebook: 'If a fireball comes in contact with a barrel, the barrel is destroyed, removed from the
    board and reinserted into Donkey Kong's arm.'"""
    st = table(fireballs=["G1.3"], barrels=["G1.4"])
    turn(st, 1, 3, "move G5.1")  # the barrel would move after the fireball; it is gone by then
    assert names(st.fireballs) == ["G1.6"]
    assert names(st.barrels) == ["G6.1"] and st.dispenser_count() == 11


def test_barrel_reaching_the_oil_can_becomes_a_fireball_that_moves_on():
    """Rulebook: 'If you move a barrel into the Oil Can space and you still have moves left on the die
    roll, continue your move by releasing a fireball and moving it up the path'."""
    for variant in ("rulebook", "wiki"):
        st = table(variant, barrels=["G1.2"])
        turn(st, 1, 5, "move G5.1")
        assert names(st.fireballs) == ["G1.1"] and st.oil_can_count() == 3
        assert names(st.barrels) == ["G6.1"]


def test_barrel_stopping_on_the_oil_can_differs_by_variant():
    """Rulebook: 'a new fireball is released from the Oil Can space each time a barrel moves into that
    space'. Article: 'If it stops exactly on this space, return it to Donkey Kong's hand.'"""
    rule = table("rulebook", barrels=["G1.2"])
    turn(rule, 1, 3, "move G5.1")
    assert names(rule.fireballs) == ["OIL"] and rule.oil_can_count() == 3
    wiki = table("wiki", barrels=["G1.2"])
    turn(wiki, 1, 3, "move G5.1")
    assert names(wiki.fireballs) == [] and wiki.oil_can_count() == 4


def test_fireball_reaching_donkey_kong_returns_to_the_oil_can():
    """Rulebook: 'when a fireball reaches the top blue space directly in front of the ape, it is returned
    to the Oil Can space'."""
    st = table(fireballs=["G6.3"])
    turn(st, 1, 5, "move G5.1")
    assert st.fireball_spaces() == [] and st.oil_can_count() == 4


# ---- contact and cards --------------------------------------------------------------------------

def test_pawn_passing_an_obstacle_must_play_a_card():
    """Rulebook: 'When you move your pawn into a space occupied by an obstacle (you don't have to land on
    the obstacle by exact count).'"""
    st = table(pawns=["G5.0", "G5.0"], barrels=["G5.1"], hands=[["J100", "H400"], []])
    roll(st, 2, "DK")
    st.apply_action("move G5.1 G5.2")
    assert st.current_player() == 0 and st.legal_actions() == ["play J100", "play H400"]
    st.apply_action("play J100")
    assert "G5.1" in st.barrel_spaces() and st.scores()[0] == 100 and st.played_cards(0) == ["J100"]


def test_owner_decides_in_another_players_turn():
    """Rulebook: 'play a faceup card on your turn or an opponent's turn...any time your pawn comes in
    contact with an obstacle'."""
    st = table(pawns=["G5.0", "G2.6"], barrels=["G2.4"], hands=[[], ["H200"]])
    turn(st, 1, 4, "move G5.1")
    assert st.turn == 0 and st.current_player() == 1 and st.turn_owner() == 0
    st.apply_action("play H200")
    assert "G2.8" not in st.barrel_spaces() and st.scores() == [0, 200]


@pytest.mark.parametrize("variant,landing,passing", [("rulebook", "G2.9", "G2.9"), ("wiki", "G2.9", "G1.9")])
def test_jump_effects(variant, landing, passing):
    """Rulebook: 'if the obstacle landed on you by exact count and you "jumped" it, move the obstacle one
    gamespace ahead'. Article: '"Jump" cards: Move one extra space'."""
    st = table(variant, pawns=["G5.0", "G2.8"], barrels=["G2.5"], hands=[[], ["J200"]])
    turn(st, 1, 3, "move G5.1")  # lands exactly on the pawn
    st.apply_action("play J200")
    assert landing in st.barrel_spaces()
    st = table(variant, pawns=["G5.0", "G2.8"], barrels=["G2.5"], hands=[[], ["J200"]])
    turn(st, 1, 4, "move G5.1")  # passes the pawn
    st.apply_action("play J200")
    assert passing in st.barrel_spaces()


@pytest.mark.parametrize("pawn", ["G2.0", "G2.2"])
def test_article_jump_space_takes_no_ladder(pawn):
    """Article: a barrel takes a ladder 'only if they land exactly on the space above a ladder', and '"Jump"
    cards: Move one extra space'. The space a Jump adds is not the die's count, so the barrel stays on the
    ladder's top whether it was passing the pawn (G2.0) or landed on it (G2.2); passing, it slid down L1."""
    st = table("wiki", pawns=["G5.0", pawn], barrels=["G3.0"], hands=[["J100"], ["J100"]])
    turn(st, 1, 3, "move G5.1")  # G3.0 off the girder's end to G2.0, then G2.1 and G2.2
    st.apply_action("play J100")
    assert names(st.barrels) == ["G2.3", "G6.1"]  # and the turn's new barrel on the drop space


def test_hammer_destroys_the_obstacle():
    """Rulebook: 'The obstacle you "hammered" is destroyed and removed from the board...if it is a barrel,
    reinsert it into Donkey Kong's arm'."""
    st = table(pawns=["G5.0", "G5.0"], barrels=["G5.2"], hands=[["H300"], []])
    turn(st, 2, "DK", "move G5.1 G5.2")
    st.apply_action("play H300")
    assert "G5.2" not in st.barrel_spaces() and st.dispenser_count() == 11  # 12 - the new drop


def test_no_face_up_card_in_your_own_turn_returns_a_played_card():
    """Rulebook: 'On your turn ... randomly pick one of your facedown cards and return it facedown to the
    main deck of cards'."""
    st = table(pawns=["G5.0", "G5.0"], barrels=["G5.1"], played=[["J300", "H200"], []])
    roll(st, 1, "DK")
    st.apply_action("move G5.1")
    assert st.current_player() == CHANCE and st.pending_decision()["kind"] == "lose"
    assert sorted(a for a, _ in st.chance_outcomes()) == ["lose H200", "lose J300"]
    st.apply_action("lose J300")
    assert st.played_cards(0) == ["H200"] and st.deck[CARD_INDEX["J300"]] == 8


@pytest.mark.parametrize("variant", ["wiki", "rulebook"])
def test_the_penalty_card_goes_where_each_text_puts_it(variant):
    """Wiki: 'Randomly choose one of your already played cards without looking at it and place it face
    down on the deck': on top, so it is the next card drawn (here the reward drawn in the same turn).
    Rulebook: 'return it facedown to the main deck of cards': mixed in, any kind may come next."""
    st = table(variant, pawns=["G5.0", "G2.6"], barrels=["G5.1", "G2.4"], played=[["J300"], []])
    turn(st, 1, 3, "move G5.1")
    assert st.pending_decision()["kind"] == "lose"
    st.apply_action("lose J300")
    # the barrel from G2.4 then hits blue, who holds no cards: red draws a card as the reward
    assert st.pending_decision()["kind"] == "draw" and st.deck_count() == 48
    if variant == "wiki":
        assert st.chance_outcomes() == [("draw J300", 1.0)]
        with pytest.raises(IllegalActionError):
            st.apply_action("draw H400")  # not the card on top
        twin = SPEC.state_from_json(st.config, json.loads(json.dumps(st.to_json())))
        assert twin.chance_outcomes() == [("draw J300", 1.0)]  # the order survives a save
    else:
        assert len(st.chance_outcomes()) == 6
    st.apply_action("draw J300")
    assert st.face_up(0) == ["J300"] and st.deck_top == [] and st.invariant_violations() == []


def test_no_face_up_card_in_another_turn_is_a_theft():
    """Rulebook: 'On an opponent's turn ... your opponent must "steal" a facedown card from you ... and
    places it faceup in his or her playing area.'"""
    st = table(pawns=["G5.0", "G2.6"], barrels=["G2.4"], played=[[], ["H400"]])
    turn(st, 1, 3, "move G5.1")
    assert st.chance_outcomes() == [("steal H400", 1.0)]
    st.apply_action("steal H400")
    assert st.face_up(0) == ["H400"] and st.played_cards(1) == []


def test_no_cards_at_all():
    """Rulebook: 'on your turn, if you have neither faceup or facedown cards ... your pawn is not affected
    in any way. On an opponent's turn ... your opponent receives a reward...he or she draws a card'."""
    own = table(pawns=["G5.0", "G5.0"], barrels=["G5.1"])
    turn(own, 1, "DK", "move G5.1")
    assert own.stage == "roll" and own.turn == 1 and own.deck_count() == 48
    other = table(pawns=["G5.0", "G2.6"], barrels=["G2.4"])
    turn(other, 1, 3, "move G5.1")
    assert other.pending_decision()["kind"] == "draw"
    other.apply_action("draw J100")
    assert other.face_up(0) == ["J100"] and other.deck_count() == 47


# ---- the end --------------------------------------------------------------------------------------

def test_finish_completes_the_turn_then_scores_500_and_ends():
    """Rulebook: 'Whoever reaches the Finish space first finishes out his or her turn moving all the
    obstacles and then is awarded a 500 point bonus. The game is now over!'"""
    st = table(pawns=["L11.2", "G2.6"], barrels=["G2.3"], played=[["J100"], []], hands=[["H400"], ["J300"]])
    roll(st, 4, 3)
    assert "move P.1 FINISH" in st.legal_actions()
    st.apply_action("move P.1 FINISH")
    assert st.current_player() == 1  # the obstacles still move and hit seat 1
    st.apply_action("play J300")
    assert st.is_terminal() and st.legal_actions() == []
    assert st.scores() == [600, 300]  # face-up cards score nothing
    assert st.winners() == [0]
    with pytest.raises(IllegalActionError):
        st.apply_action("roll 1 3")


def test_tied_totals_share_the_win():
    """Rulebook: 'The player with the most points wins the game.' (a tie is shared: our decision)"""
    st = table(pawns=["L11.2", "G5.0"], played=[["J100"], ["H200", "H400"]])
    turn(st, 4, "DK", "move P.1 FINISH")
    assert st.scores() == [600, 600] and st.winners() == [0, 1]


def test_round_limit_ends_the_game():
    """Our rule: after the round limit without a rescue the game ends with no bonus."""
    st = table()
    st.turns = ROUND_LIMIT * 2 - 1
    st.turn = 1
    turn(st, 1, "DK", "move G5.1")
    assert st.current_player() == TERMINAL and st.winners() == [0, 1] and st.scores() == [0, 0]


def test_clone_is_a_deep_copy():
    st = table(pawns=["G1.2", "G3.4"], barrels=["G2.4"], hands=[["J100"], []])
    roll(st, 3, 4)
    twin = st.clone()
    twin.apply_action(twin.legal_actions()[0])
    twin.hands[0].append(5)
    assert st.stage == "move" and st.hands[0] == [0] and st.pawn_spaces() == ["G1.2", "G3.4"]
    assert twin != st and st.clone() == st


# ---- what the renderer reads; help ------------------------------------------------------------------

def test_renderer_view_and_text_board():
    st = table(pawns=["G1.2", "G3.4"], barrels=["G2.4"], fireballs=["G1.5"], hands=[["J100"], []])
    roll(st, 3, 4)
    assert st.dice_shown() == (3, "4")
    assert st.pawn_spaces() == ["G1.2", "G3.4"] and st.barrel_spaces() == ["G2.4"]
    assert st.pending_decision()["seat"] == 0 and st.pending_decision()["kind"] == "move"
    choices = st.move_choices()
    assert [a for a, _ in choices] == st.legal_actions()
    assert ("move G1.3 L1.1 L1.2", ["G1.3", "L1.1", "L1.2"]) in choices
    text = str(st)
    assert "OIL" in text and "500" in text and "DK" in text and "MAIDEN" in text
    assert "J100" in text and "white die (Mario) 3" in text and "moves Mario 3" in text


def test_help_text_names_the_variant_and_its_differences():
    rule, wiki = SPEC.help_text("rulebook"), SPEC.help_text("wiki")
    assert "active variant: rulebook" in rule and "active variant: wiki" in wiki
    assert "backtrack" in wiki and "two different directions" in rule
    assert "white die (1 to 6) moves your pawn" in rule and "red die (1 to 6) moves your pawn" in wiki
    with pytest.raises(ValueError):
        SPEC.help_text("house")


@pytest.mark.parametrize("variant", ["rulebook", "wiki"])
def test_help_lists_the_decisions_where_the_texts_are_silent_or_disagree(variant):
    """README: 'Implement both readings as named rule variants ... and say in the help which variant is
    active'; every choice the texts leave open is stated for the player."""
    text = SPEC.help_text(variant)
    decisions = text[text.index("Where the source texts disagree or say nothing"):]
    assert f"({variant} reading)" in decisions
    for topic in ("Dice:", "Who starts:", "Direction:", "The Donkey Kong face:", "Ladders:", "Jump:",
                  "penalty", "empty deck", f"{ROUND_LIMIT} full rounds", "share the win", "red dot"):
        assert topic in decisions, topic
    assert ('"move one extra space"' in decisions) is (variant == "wiki")
    assert ('"Donkey Kong Rests"' in decisions) is (variant == "rulebook")
    assert all(len(line) <= 100 for line in text.splitlines())
    # the board paragraph is read from the board file, so another board needs no edit of the help
    flat = " ".join(text.split())
    assert f"{sum(BOARD.red_dot)} red dots" in flat and f"{BOARD.names[BOARD.start]} is the Start" in flat


@pytest.mark.parametrize("variant,players", [("rulebook", 4), ("wiki", 2), ("wiki", 4)])
def test_invariants_hold_after_every_action(variant, players):
    """12 barrels, 4 fireballs, 48 cards, no two obstacles of one kind on a space, pawns on spaces."""
    rng = np.random.default_rng(players)
    for game in range(2):
        st = SPEC.new_state(SPEC.make_config(players=players, variant=variant))
        while not st.is_terminal():
            if st.current_player() == CHANCE:
                st.apply_action(sample_outcome(st.chance_outcomes(), rng))
            else:
                legal = st.legal_actions()
                st.apply_action(legal[int(rng.integers(len(legal)))])
            assert st.invariant_violations() == []


# ---- audit additions: special cases of the texts ----------------------------------------------------

def test_barrel_rolling_into_a_fireball_is_destroyed():
    """Article: 'If a barrel crosses or lands on a fireball, the barrel is destroyed and placed back in
    Donkey Kong's hand.' (the rulebook: a fireball 'in contact with a barrel' destroys it)."""
    for variant in ("rulebook", "wiki"):
        st = table(variant, fireballs=["G1.1"], barrels=["G1.6"])
        turn(st, 1, 3, "move G5.1")  # the fireball stops on G1.4; the barrel then rolls into it
        assert names(st.fireballs) == ["G1.4"], variant
        assert names(st.barrels) == ["G6.1"] and st.dispenser_count() == 11, variant


def test_fireball_sliding_onto_a_fireball_goes_on_to_the_next_space():
    """Rulebook: 'if a fireball lands on the same space occupied by another fireball, it advances to the
    next open space.'"""
    st = table(fireballs=["G2.6", "G1.0"])  # the higher one moves first and stops on G2.3
    turn(st, 1, 3, "move G5.1")  # the lower one lands on L1's foot, climbs to G2.3 and goes on
    assert names(st.fireballs) == ["G2.2", "G2.3"]


def test_a_fireball_does_not_climb_the_ladder_up_to_the_finish():
    """Rulebook: 'a fireball slides up a ladder only if it lands by exact count on the blue space directly below a
    ladder', and 'The fireballs always move up from the Oil Can space to the top blue space in front of Donkey
    Kong (their final destination)'. The ladder up to the Finish leads off that path: a fireball that ends its count
    at its foot stays there, and a pawn on it is not hit (the project's reading, which the help says: a rules audit
    found the help promising the climb)."""
    from games.donkey_kong.help import help_text

    st = table(fireballs=["G6.8"], pawns=["G5.0", "L11.1"], hands=[[], ["J100"]])
    turn(st, 1, 3, "move G5.1")
    assert names(st.fireballs) == ["G6.5"] and st.contacts == [] and st.stage == "roll"
    words = " ".join(help_text("rulebook").split())
    assert "Obstacles never take the ladder up to the Finish" in words


def test_released_barrel_hits_a_pawn_on_the_drop_space():
    """Rulebook: 'press down Donkey Kong's left arm and a new barrel will be released. The barrel remains on
    the top left blue space'; a card is due 'When an obstacle moves into a space that your pawn occupies'."""
    st = table(pawns=["G5.0", "G6.1"], hands=[[], ["H200"]])
    turn(st, 1, "DK", "move G5.1")
    assert st.current_player() == 1 and st.pending_decision()["kind"] == "card"
    st.apply_action("play H200")
    assert st.barrel_spaces() == [] and st.dispenser_count() == 12 and st.scores() == [0, 200]
    assert st.turn == 1 and st.stage == "roll"


def test_empty_dispenser_releases_nothing():
    """Rulebook: '12 plastic barrels' in all; those not on the board wait in Donkey Kong's arm, so with all
    twelve out pressing the arm releases nothing."""
    twelve = ["G2.4", "G3.2", "G3.8", "G4.5", "G5.6", "G6.4", "G2.0", "G3.0", "G4.0", "G4.9", "G3.9", "G2.9"]
    st = table(barrels=twelve)
    turn(st, 1, "DK", "move G5.1")
    assert sorted(st.barrel_spaces()) == sorted(twelve) and st.dispenser_count() == 0
    assert st.invariant_violations() == []


def test_one_card_per_obstacle_and_the_penalty_can_take_the_card_just_played():
    """Rulebook: 'play one faceup card per obstacle your pawn comes in contact with. If you move into an
    obstacle ... and you don't have any faceup cards to play, you are penalized'."""
    st = table(pawns=["G5.0", "G1.0"], barrels=["G5.1", "G5.2"], hands=[["J200"], []])
    roll(st, 2, "DK")
    st.apply_action("move G5.1 G5.2")
    st.apply_action("play J200")  # the first barrel
    assert st.current_player() == CHANCE and st.chance_outcomes() == [("lose J200", 1.0)]
    st.apply_action("lose J200")  # the second barrel: the only played card goes back to the deck
    assert st.scores()[0] == 0 and st.deck_count() == 48 and st.barrel_spaces()[:2] == ["G5.1", "G5.2"]


def test_fireball_reaching_donkey_kong_does_not_hit_a_pawn_standing_there():
    """Rulebook: 'when a fireball reaches the top blue space directly in front of the ape, it is returned
    to the Oil Can space' (our reading: at once, before it could touch a pawn there)."""
    st = table(pawns=["G5.0", "G6.0"], fireballs=["G6.3"], hands=[[], ["H200"]])
    turn(st, 1, 3, "move G5.1")  # passes G6.2 and G6.1, then reaches Donkey Kong's space
    assert st.fireball_spaces() == [] and st.oil_can_count() == 4
    assert st.face_up(1) == ["H200"] and st.turn == 1


def test_contact_is_settled_before_the_red_dot_draw():
    """Rulebook: 'Move your "Mario" pawn ... Then play your faceup cards' and 'Every time your pawn lands by
    exact count on a blue space with a red dot, draw a card' (our order: the contact first, so the new card
    cannot pay for the obstacle on the dot)."""
    st = table(pawns=["G1.4", "G5.0"], barrels=["G1.6"], played=[["J300"], []])
    roll(st, 2, "DK")
    st.apply_action("move G1.5 G1.6")
    assert st.pending_decision()["kind"] == "lose"
    st.apply_action("lose J300")
    assert st.stage == "dot" and st.pending_decision()["kind"] == "dot"
    st.apply_action("draw H300")
    assert st.face_up(0) == ["H300"] and st.scores()[0] == 0


def test_article_pawn_landing_on_an_obstacle_stops_and_plays():
    """Article: 'If your pawn jumps over or lands on a fireball or barrel, you must play a card' (only
    other pawns send it on to 'the next available space')."""
    st = table("wiki", pawns=["G5.0", "G1.0"], barrels=["G5.2"], hands=[["H400"], []])
    roll(st, 2, "DK")
    assert st.legal_actions() == ["move G5.1 G5.2"]
    st.apply_action("move G5.1 G5.2")
    assert st.current_player() == 0
    st.apply_action("play H400")
    assert st.pawn_spaces()[0] == "G5.2" and st.scores()[0] == 400


@pytest.mark.parametrize("variant", ["rulebook", "wiki"])
def test_theft_and_reward_in_both_readings(variant):
    """Article: 'Your opponent takes any one of your already played cards without looking at it and places
    it face up in front of them. However, if you have no cards left at all, your opponent takes the first
    card from the deck'."""
    thief = table(variant, pawns=["G5.0", "G2.6"], barrels=["G2.4"], played=[["J100"], ["H300", "J200"]])
    turn(thief, 1, 3, "move G5.1")
    assert sorted(a for a, _ in thief.chance_outcomes()) == ["steal H300", "steal J200"]
    thief.apply_action("steal H300")
    assert thief.face_up(0) == ["H300"] and thief.played_cards(1) == ["J200"] and thief.scores() == [100, 200]
    reward = table(variant, pawns=["G5.0", "G2.6"], barrels=["G2.4"])
    turn(reward, 1, 3, "move G5.1")
    assert {a.split()[0] for a, _ in reward.chance_outcomes()} == {"draw"}


def test_the_finisher_need_not_win():
    """Article: 'The winner is not necessarily the player who rescues Pauline but the one with the highest
    total score.'"""
    st = table(pawns=["L11.2", "G5.0"], played=[["J100"], ["H400", "H400"]])
    turn(st, 4, "DK", "move P.1 FINISH")
    assert st.is_terminal() and st.finisher == 0
    assert st.scores() == [600, 800] and st.winners() == [1]


def test_a_barrel_meeting_a_fireball_on_a_pawns_space_is_gone_before_it_touches_the_pawn():
    """"If a fireball comes in contact with a barrel, the barrel is destroyed" and "When an obstacle moves
    into a space that your pawn occupies" you play a card: the texts give no order when both meet on one
    space. This table (help, decisions): a barrel moving or dropped into a space where a fireball stands
    is destroyed at once, so the pawn there is not touched by it; the help says so."""
    st = table("rulebook", pawns=["G5.0", "G6.1"], fireballs=["G6.1"], hands=[[], ["J100"]])
    turn(st, 1, "DK", "move G5.1")                           # Donkey Kong rests and drops a barrel on G6.1
    assert names(st.barrels) == [] and names(st.fireballs) == ["G6.1"]
    assert st.face_up(1) == ["J100"] and st.stage == "roll"   # no contact: the card is still in hand
    control = table("rulebook", pawns=["G5.0", "G6.1"], hands=[[], ["J100"]])
    turn(control, 1, "DK", "move G5.1")
    assert control.current_player() == 1 and control.legal_actions() == ["play J100"]  # no fireball: it meets the pawn
    help_text = " ".join(SPEC.help_text("rulebook").split())
    assert "where a fireball stands is destroyed at once, before it can touch a pawn there" in help_text


def test_a_pawn_home_on_the_finish_is_not_drawn_as_points_on_the_text_board():
    """The text board's Finish cell reads 500 (the bonus); a pawn there shows as its seat and stars, not
    as '100' or '200', which read like points."""
    for seat, pawns in ((1, ["FINISH", "G5.0"]), (2, ["G5.0", "FINISH"])):
        board = str(table("rulebook", 2, pawns))
        assert f"{seat}**" in board and f"{seat}00" not in board
    assert "500" in str(table("rulebook", 2, ["G5.0", "G5.0"]))
