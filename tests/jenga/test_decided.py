"""Each Jenga game's help ends with the table's decisions where its rulebook says nothing or can be read two
ways, and each decision says what the engine and the data really do."""

from __future__ import annotations

import pytest

from games.jenga import data, physics
from games.jenga.classic import SPEC as CLASSIC
from games.jenga.decided import HEADING, decisions
from games.jenga.donkey_kong import SPEC as DK, fall_to
from games.jenga.super_mario import SPEC as MARIO


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("spec", [CLASSIC, DK, MARIO], ids=lambda s: s.name)
def test_every_jenga_help_ends_with_its_decisions_in_the_numbers_of_the_data(spec):
    """The rulebooks: "The last player to stack a block without making the tower fall wins the game!" and
    no word on undo, touches' number or a game that never ends; the ten-second rule ("wait 10 seconds",
    Super Mario's "about 5 seconds") is timed here on the simulated tower."""
    for variant in spec.variants:
        text = spec.help_text(variant)
        assert HEADING in text
        tail = words(text.split(HEADING, 1)[1])
        for line in decisions(spec.name, variant):
            assert words(line) in tail
        assert "A fall is final: undo never takes back" in tail
        assert "Touches have no limit" in tail
        assert f"stops one after {data.play()['max_turns']} turns" in tail
        tower = {"jenga_classic": "classic", "jenga_dk": "dk", "jenga_mario": "mario"}[spec.name]
        assert f"up to {physics.tower_spec(tower).settle_s:g} seconds of its own time" in tail


def test_the_dk_decisions_name_the_spinner_and_climb_the_variant_really_uses():
    """"The pink section determines how many girders to remove (1, 2, or none)." for four pink sections,
    and "place him in the girder above ... either left or right": each variant's help says which reading
    it plays, and the spinner data of that variant repeats the value the help names."""
    for variant in DK.variants:
        tail = words(DK.help_text(variant).split(HEADING, 1)[1])
        pinks = [section["remove"] for section in data.dk_spinner(variant)[::3]]
        repeated = {0: "none", 1: "1"}[max(set(pinks), key=pinks.count)]
        assert f"this variant repeats {repeated} " in tail
        corner = "corner" in variant
        assert ("this variant reads it as the one girder of the next level along Mario's side" in tail) == corner
        assert ("this variant takes any free hole of the level above" in tail) == (not corner)


def test_the_dk_fall_decision_is_where_fall_to_puts_mario():
    """"Remove a girder Mario is standing on and he falls to the girder immediately below on the same side
    of the tower." The help's reading: two levels down on his side; then further down that side; then
    any side lower down; on a bottom girder, his own level."""
    layout = [[3 * lv, 3 * lv + 1, 3 * lv + 2] for lv in range(10)]
    assert fall_to(layout, (6, 0, "+x"), taken=[])[0] == 4           # the girder immediately below, his side
    assert fall_to(layout, (6, 0, "+x"), taken=[(4, 0, "+x"), (4, 0, "-x"), (4, 1, "+x"), (4, 1, "-x"),
                                                (4, 2, "+x"), (4, 2, "-x")])[0] == 2   # level 4 full: on down that side
    low = fall_to(layout, (1, 1, "+y"), taken=[])
    assert low[0] == 0                                               # no girder of his side below: any side
    assert fall_to(layout, (0, 1, "+x"), taken=[])[0] == 0             # a bottom girder: his own level
    assert "falls to the girder immediately below on his side" in words(DK.help_text("standard"))


@pytest.mark.parametrize("variant", MARIO.variants)
def test_super_marios_help_names_the_variant_played_where_it_orders_the_turns_steps(variant):
    """A variants audit: the help of battle_below and beaten_stacks said "(rule variant standard: a climb may
    also come between the two stacks of 'Stack 2 Blocks' ...)" in the middle of their own rules, so a player
    could not tell which variant was in force. The rules: "Steps 2 and 3 can be performed in any order", and
    "if you spun 'Stack 2 Blocks,' stack your second block" (whether a climb may come between is not said):
    every variant but whole_steps lets it, and the help says so of the variant played."""
    text = words(MARIO.help_text(variant))
    others = [v for v in MARIO.variants if v != variant]
    assert not any(f"rule variant {other}:" in text or f"rule variant {other}," in text for other in others), variant
    if variant == "whole_steps":
        assert "rule variant whole_steps: the two stacks of 'Stack 2 Blocks' come together" in text
    else:
        assert f"rule variant {variant}, as in every variant but whole_steps: a climb may also come between" in text


def test_the_dk_win_at_the_top_with_girders_still_owed_is_the_decision_the_help_names():
    """"Removing girders and climbing the tower must be accomplished in the player's turn" and "The Mario that
    reaches the top ... wins the game": a rules audit saw a bot spin "take out 2 girders, climb 3", climb to the
    top first and win with both removals never made, which the help did not list. It does now, and the engine
    does what it says."""
    from .test_rules import dk_state

    for variant in DK.variants:
        assert "wins at once, with girders the spin asked still not removed" in words(DK.help_text(variant))
    s = dk_state(players=2, levels=6, marios=[(4, 0, "+x"), (1, 0, "+y")])
    s.climbs_left, s.removals_left = 1, 2
    s.apply_action("climb 5:0+y")
    assert s.is_terminal() and s.winners() == [0] and s.removals_left == 2


def test_the_classic_help_says_how_blocks_are_named_in_the_window_too():
    """The window's tooltip and log name blocks "9:0", and the help explained level:slot only for typed moves, so a
    player at the window did not learn that levels count from 0 at the bottom (a terminal audit's note)."""
    text = words(CLASSIC.help_text("standard"))
    assert "Blocks are named level:slot everywhere (the pointer's words, the move log, typed moves): level 0 is the " \
           "bottom level, and slot 1 the middle of its three" in text


def test_the_dk_help_says_the_variant_played_once_and_lists_the_others():
    """A rules audit: the help said the variant in force in its "Rule variant: ..." line and again in the list of
    variants just after it (the window's heading a third time). It is said once; the list holds the others."""
    from games.jenga.donkey_kong import VARIANTS

    for variant in DK.variants:
        text = words(DK.help_text(variant))
        assert text.count(words(VARIANTS[variant])) == 1, variant
        listed = text.split("The other variants: ", 1)[1].split(" The default is ", 1)[0]
        for other in DK.variants:
            assert (f"{other}: {words(VARIANTS[other])}" in listed) == (other != variant), (variant, other)


def test_the_mario_help_hands_out_the_coins_when_the_game_does():
    """A help audit: the help had each player take a Five Coin after choosing a character and placing a peg, and
    the window showed "Player 1 (no character yet): no peg yet, 5 coins" before anyone chose. The game hands the
    coins out as the table is set ("Each player starts with one Five Coin"), and the help says so."""
    from games.core import Seat

    state = MARIO.new_state(MARIO.make_config([Seat("A"), Seat("B")]))
    assert all(c == 5 for c in state.coins()) and state.characters == [None, None]
    text = words(MARIO.help_text("standard"))
    assert "Each player starts with one Five Coin from the bank" in text
    assert text.index("Each player starts with one Five Coin") < text.index("chooses a character card")


def test_super_marios_help_names_its_own_wait_its_player_count_and_bowser_as_a_marker():
    """An audit: Super Mario's help called its wait "The ten-second rule ('about 5 seconds')", a name from
    traditional Jenga ("Wait for about 5 seconds" is all the Super Mario rulebook says); it never said how many
    play (the rulebook gives no count: "4 character pegs", "4 character cards") nor that Bowser has no body in
    the simulation."""
    for variant in MARIO.variants:
        text = words(MARIO.help_text(variant))
        assert "ten-second" not in text
        assert "The rulebook's wait of 'about 5 seconds' is timed on the simulated tower" in text
        assert "Two to four players" in text and "four character pegs" in text
        assert "He is a marker, not a body in the simulation" in text
    assert "The ten-second rule is timed on the simulated tower" in words(CLASSIC.help_text("standard"))


def test_donkey_kong_jengas_help_says_who_may_play_and_that_a_skip_is_taken():
    """A rules audit: Donkey Kong Jenga's help gave no player count (the rulebook gives none; its box holds "4
    Mario pieces") and read the rulebook's "you may skip that level and proceed to the level above the occupied
    row" as a skip always made, without saying the "may" was decided."""
    for variant in DK.variants:
        text = words(DK.help_text(variant))
        assert "Two to four players" in text and "four Mario pieces" in text
        assert "he 'may skip that level'" in text and "is always skipped" in text


def test_every_games_help_refuses_a_variant_it_does_not_have_in_the_same_clear_way():
    """A research audit: SPEC.help_text('nope') raised "unknown Donkey Kong variant 'nope'; choose rulebook or
    wiki" in two games, a bare KeyError in Donkey Kong Jenga, and gave the standard rules without a word in
    traditional and Super Mario Jenga. Every game now raises ValueError naming its variants."""
    import pytest

    from games import registry

    for name in ("donkey_kong", "monkey_dash", "jenga_classic", "jenga_dk", "jenga_mario"):
        spec = registry.get(name)
        with pytest.raises(ValueError) as refused:
            spec.help_text("nope")
        said = str(refused.value)
        assert "variant 'nope'" in said and all(v in said for v in spec.variants), (name, said)
        for variant in spec.variants:
            assert spec.help_text(variant)
