"""Rule findings of an audit of the Donkey Kong table, each checked through the public interface and
quoting the text it follows: the wiki's game ends at the rescue; the wiki's move that ends on another
pawn with nowhere free to go on to; the `patient` bot's judgement of a rescue; the wiki's penalty card
on top of the deck; the tumbling dice of the board screen.
"""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from games.core import TERMINAL, IllegalActionError
from games.donkey_kong import SPEC
from games.donkey_kong.bots import FinishAwareGreedy, rescue_scores
from games.donkey_kong.cards import OBSTACLE_DIE, face_label
from tests.donkey_kong.test_rules import names, roll, table

FINISH_PATH = "move G6.5 L11.1 L11.2 P.1 FINISH"  # from G6.6 with a 5: over G6.5, up ladder 11, home


def patient_move(st):
    return FinishAwareGreedy().choose(st, np.random.default_rng(0))


# ---- 1. the end of the game ----------------------------------------------------------------------

def _rescue_then_a_barrel_for_seat_1(variant):
    """Seat 0 walks onto the Finish; in the rest of the turn a barrel would pass seat 1's pawn."""
    st = table(variant, pawns=["L11.2", "G2.6"], barrels=["G2.4"], played=[["J100"], ["H400"]],
               hands=[["H400"], ["J300"]])
    roll(st, 4, 3)
    st.apply_action("move P.1 FINISH")
    return st


def test_wiki_game_ends_at_once_when_a_pawn_reaches_the_finish():
    """Article: 'The game ends when a player reaches the "500" space and rescues Pauline. This player
    earns a 500-point bonus.' Nothing moves after the rescue, so nobody else can score that turn."""
    st = _rescue_then_a_barrel_for_seat_1("wiki")
    assert st.current_player() == TERMINAL and st.is_terminal()
    assert st.pending_decision()["kind"] == "over" and st.legal_actions() == [] and st.chance_outcomes() == []
    assert names(st.barrels) == ["G2.4"] and st.dispenser_count() == 12 - 1  # no move, no drop
    assert st.face_up(1) == ["J300"]  # the barrel never reached seat 1
    assert st.finisher == 0 and st.scores() == [600, 400] and st.winners() == [0]
    with pytest.raises(IllegalActionError):
        st.apply_action("play J300")


def test_rulebook_rescuer_still_finishes_the_turn_and_can_be_overtaken():
    """Rulebook: 'Whoever reaches the Finish space first finishes out his or her turn moving all the
    obstacles and then is awarded a 500 point bonus.' (kept: the rulebook variant is unchanged)"""
    st = _rescue_then_a_barrel_for_seat_1("rulebook")
    assert st.current_player() == 1 and st.legal_actions() == ["play J300"]
    st.apply_action("play J300")
    assert st.is_terminal() and st.scores() == [600, 700] and st.winners() == [1]


def test_wiki_contacts_met_on_the_way_to_the_finish_are_settled_before_the_end():
    """Article: 'If your pawn jumps over or lands on a fireball or barrel, you must play a card', then
    'The game ends when a player reaches the "500" space': the card comes first, then the end."""
    st = table("wiki", pawns=["G6.6", "G1.2"], barrels=["G6.5", "G2.4"], hands=[["J200"], []])
    roll(st, 5, 4)
    st.apply_action(FINISH_PATH)
    assert st.current_player() == 0 and st.legal_actions() == ["play J200"]
    st.apply_action("play J200")
    assert st.is_terminal() and st.scores() == [700, 0]
    assert names(st.barrels) == ["G2.4", "G6.5"]  # the obstacles never moved after the rescue


def test_help_says_how_each_variant_ends():
    """The help's "End:" paragraph follows each text, and the wiki's decisions say where they differ."""
    for variant, says in (("rulebook", "plays out the rest of that turn"),
                          ("wiki", "the game ends the moment a pawn reaches the Finish")):
        text = " ".join(SPEC.help_text(variant).split())
        end = text[text.index("End:"):text.index("Where the source texts disagree")]
        assert says in end, variant
        decisions = text[text.index("Where the source texts disagree"):]
        assert "The end:" in decisions
    wiki = " ".join(SPEC.help_text("wiki").split())
    decisions = wiki[wiki.index("Where the source texts disagree"):]
    assert "ends right there" in decisions and "nobody else can play a card" in decisions


# ---- 2. the wiki's move ending on another pawn -------------------------------------------------------

def test_wiki_move_ending_on_a_pawn_with_no_free_space_beyond_stops_on_it():
    """Article: 'If your pawn lands on an occupied space, move to the next available space.' This
    table (help): with no free space reachable beyond without backtracking, the pawn stops on the other
    pawn. G1.0 is the end of the bottom girder, so a 2 from G1.2 to the left ends there."""
    st = table("wiki", pawns=["G1.2", "G1.0"])
    roll(st, 2, "DK")
    assert "move G1.1 G1.0" in st.legal_actions()
    assert ("move G1.1 G1.0", ["G1.1", "G1.0"]) in st.move_choices()
    st.apply_action("move G1.1 G1.0")
    assert st.pawn_spaces() == ["G1.0", "G1.0"]


def test_wiki_move_ending_on_a_pawn_still_goes_on_when_it_can_and_the_refusal_says_so():
    """Article: 'If your pawn lands on an occupied space, move to the next available space.' A refused
    stop on a pawn names the moves that go on; a path refused for another reason is not told it goes on."""
    st = table("wiki", pawns=["G5.0", "G5.2"])
    roll(st, 2, 3)
    assert "move G5.1 G5.2" not in st.legal_actions() and "move G5.1 G5.2 G5.3" in st.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        st.apply_action("move G5.1 G5.2")
    assert "another pawn stands on G5.2" in str(err.value) and "move G5.1 G5.2 G5.3" in str(err.value)
    dead_end = table("wiki", pawns=["G1.2", "G1.0"])
    roll(dead_end, 3, 3)  # three spaces can be walked to the right: the stop two to the left is too short
    assert "move G1.1 G1.0" not in dead_end.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        dead_end.apply_action("move G1.1 G1.0")
    assert "goes on" not in str(err.value) and "exactly 3 spaces" in str(err.value)


# ---- 3. the patient bot ------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["rulebook", "wiki"])
def test_patient_counts_the_penalty_of_an_obstacle_it_cannot_cover(variant):
    """Rulebook: 'On your turn, if your pawn comes in contact with an obstacle and you don't have any
    faceup cards, randomly pick one of your facedown cards and return it' (article: 'Randomly choose one
    of your already played cards'). With no face-up card, the barrel on the way may cost the H400:
    500 + 0 against 700 loses, so `patient` does not rescue; with the J300 kept, 500 + 300 wins."""
    losing = table(variant, pawns=["G6.6", "G1.2"], barrels=["G6.5"], played=[["H400"], ["H400", "J300"]])
    roll(losing, 5, "DK")
    assert FINISH_PATH in losing.legal_actions()
    assert rescue_scores(losing, FINISH_PATH) == [500, 700]
    assert patient_move(losing) != FINISH_PATH
    winning = table(variant, pawns=["G6.6", "G1.2"], barrels=["G6.5"], played=[["H400", "J300"], ["H400"]])
    roll(winning, 5, "DK")
    assert rescue_scores(winning, FINISH_PATH) == [800, 400]
    assert patient_move(winning) == FINISH_PATH
    covered = table(variant, pawns=["G6.6", "G1.2"], barrels=["G6.5"], played=[["H400"], ["H400", "J300"]],
                    hands=[["J100"], []])
    roll(covered, 5, "DK")
    assert patient_move(covered) == FINISH_PATH  # 400 + 100 + 500 against 700


def test_patient_in_the_wiki_knows_nobody_scores_after_the_rescue():
    """Article: 'The game ends when a player reaches the "500" space and rescues Pauline.' An opponent's
    face-up card cannot be played after the rescue, so 300 + 500 against 400 wins; under the rulebook
    the opponent may still be hit and play its H400 that turn, so `patient` waits there."""
    for variant, takes in (("wiki", True), ("rulebook", False)):
        st = table(variant, pawns=["L11.2", "G1.2"], played=[["J300"], ["H400"]], hands=[[], ["H400"]])
        roll(st, 2, 4)
        assert (patient_move(st) == "move P.1 FINISH") is takes, variant


def test_patient_under_the_rulebook_counts_what_opponents_score_in_the_rest_of_the_turn():
    """Rulebook: 'Whoever reaches the Finish space first finishes out his or her turn moving all the
    obstacles' and 'if a moving obstacle hits your pawn, you must react by playing one of your faceup
    cards': here two barrels pass seat 1 after the rescue and it plays both J300s, 700 + 600 against
    700 + 500, so `patient` does not rescue (one face-up card's allowance would have said 1000)."""
    st = table("rulebook", pawns=["L11.2", "G2.6"], barrels=["G2.4", "G2.3"], played=[["H400", "J300"],
               ["H400", "H300"]], hands=[[], ["J300", "J300"]])
    roll(st, 2, 3)
    assert rescue_scores(st, "move P.1 FINISH") == [1200, 1300]
    assert patient_move(st) != "move P.1 FINISH"


# ---- 4. the wiki's penalty card ----------------------------------------------------------------------

def test_wiki_penalty_card_is_named_and_the_next_draw_is_known_as_the_help_says():
    """Article: 'Randomly choose one of your already played cards without looking at it and place it
    face down on the deck.' The pick is a chance outcome naming the card, so the next draw is certain;
    the help's decisions say so."""
    st = table("wiki", pawns=["G5.0", "G1.4"], barrels=["G5.1"], played=[["H300", "J100"], []])
    roll(st, 2, "DK")
    st.apply_action(st.legal_actions()[0])
    assert sorted(o for o, _ in st.chance_outcomes()) == ["lose H300", "lose J100"]
    st.apply_action("lose H300")
    assert st.played_cards(0) == ["J100"]
    roll(st, 2, "DK")  # seat 1 stops on a red dot (G1.6)
    st.apply_action("move G1.5 G1.6")
    assert st.chance_outcomes() == [("draw H300", 1.0)]
    decisions = " ".join(SPEC.help_text("wiki").split())
    decisions = decisions[decisions.index("Where the source texts disagree"):]
    assert "so all players know which card lies on top and the next draw is no surprise" in decisions


# ---- 5. the tumbling dice on the board screen --------------------------------------------------------

@pytest.mark.parametrize("variant", ["rulebook", "wiki"])
def test_rolling_dice_show_only_faces_of_the_variants_dice(variant, tmp_path, monkeypatch):
    """Article: '1 white die (values 3 to 6, with two "Donkey Kong" faces)'; the rulebook's red die has a
    "Donkey Kong Rests" face (the table gives it 2 to 6 besides). While the dice tumble, the obstacle die
    shows only faces its variant's die has, and all of them."""
    monkeypatch.setenv("KONG_TABLETOP_HOME", str(tmp_path / "home"))
    from games import registry
    from games.core import Seat
    from games.match import Match
    from render import art
    from render.app import App

    spec = registry.get("donkey_kong")
    app = App(match=Match(spec.make_config([Seat("Ann"), Seat("Bot", "random")], variant), 3))
    screen = app.screen
    drawn = []
    monkeypatch.setattr(art, "die", lambda surface, centre, size, face, *a, **k: drawn.append(face))
    surface = pygame.Surface((300, 900))
    for tick in range(60):
        screen.rolling, screen.clock = 0.5, tick / 20
        screen.draw_info(surface, pygame.Rect(0, 0, 300, 900))
    obstacle_faces = {str(f) for f in drawn[1::2]}
    assert obstacle_faces == {face_label(f) for f in OBSTACLE_DIE[variant]}
    assert {str(f) for f in drawn[0::2]} == {"1", "2", "3", "4", "5", "6"}
