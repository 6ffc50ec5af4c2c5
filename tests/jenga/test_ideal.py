"""Idealised Jenga solved over the rules layer: perfect blocks, perfect hands (issue 16's oracle).

The rule the search walks: "Carefully remove a block from anywhere BELOW the highest completed story"
and "always complete a 3-block level before starting a higher one" (Jenga: Donkey Kong Collector's
Edition, the traditional rules). With exact blocks the only shapes that fail are a lone edge block and
an empty level (Zwick, "Jenga", SODA 2002), and the first player wins from n full levels exactly when
n = 2, or n is 1 or 2 mod 3 with n >= 4.
"""

from games.jenga import ideal
from games.jenga.layout import removable, stack_slots


def test_only_a_lone_edge_or_nothing_falls():
    assert ideal.falls((0,)) and ideal.falls((2,)) and ideal.falls(())
    assert not any(ideal.falls(s) for s in [(1,), (0, 2), (0, 1), (1, 2), (0, 1, 2)])


def test_search_on_real_layouts_matches_zwick_up_to_nine_levels():
    got = {n: ideal.first_player_wins(n) for n in range(1, 10)}
    assert got == {n: ideal.zwick_first_player_wins(n) for n in range(1, 10)}
    assert got[2] and not got[3] and got[4] and not got[9]


def test_counts_model_matches_zwick_to_forty_levels():
    # The counts model is the layout search with level shapes merged; 18 levels is a second-player win.
    assert [ideal.counts_first_player_wins(n) for n in range(1, 41)] == \
        [ideal.zwick_first_player_wins(n) for n in range(1, 41)]
    assert not ideal.counts_first_player_wins(18)


def test_counts_model_agrees_with_the_layout_search_from_mid_game_positions():
    layout = ideal.fresh_layout(7)
    for _ in range(5):  # play the solver's own moves and compare both models at every step
        move = ideal.best_move(layout)
        layout = ideal.play(layout, move)
        shapes, above = ideal.key(layout)
        full = sum(1 for s in shapes if s == (0, 1, 2))
        pair = sum(1 for s in shapes if s == (0, 1))
        assert ideal.wins(layout) == ideal.counts_win(full, pair, above)


def test_moves_use_the_rules_layer_lists():
    layout = ideal.fresh_layout(3)
    moves = ideal.safe_moves(layout)
    # Only levels 0 and 1 are below the highest completed story (2); each block, three open slots.
    assert {m[0] for m in moves} == set(removable(layout)) == {(lv, s) for lv in (0, 1) for s in range(3)}
    assert {m[1] for m in moves} == set(stack_slots(layout + [[None] * 3])) == {0, 1, 2}
    after = ideal.play(layout, ((0, 1), 2))
    assert after[0] == [0, None, 2] and after[3] == [None, None, 1]
    # With the middle gone, an edge of level 0 would leave a lone edge: not a safe move.
    assert ((0, 0), 0) not in ideal.safe_moves(after)


def test_best_move_wins_from_a_winning_start():
    layout = ideal.fresh_layout(4)
    assert ideal.wins(layout)
    assert not ideal.wins(ideal.play(layout, ideal.best_move(layout)))
