"""A regression audit (8 Dec) of the 7 Dec batch: a Super Mario match of bots says what the fall cost wherever it
ended (the terminal and a script said "10 coins (or all they had)"), and a loaded Super Mario match's log says
what the rules dropped in a step, as the live one did, in words that give the size of what was lost."""

from __future__ import annotations

import pytest

from games import registry
from games.core import Seat
from games.match import Match
from games.outcome import result_reason
from render.screens.jenga.events import lost_words
from render.screens.registry import screen_for

pytestmark = pytest.mark.physics  # Super Mario's pushes run the simulator


def _bots_game(seed: int, players: int):
    """A whole Super Mario game of random bots, with what the rules dropped in each step (as the window's
    _after works it out from the positions around the step)."""
    seats = [Seat(name, "random") for name in ("A", "B", "C", "D")[:players]]
    match = Match(registry.get("jenga_mario").make_config(seats), seed)
    lost = {}
    while not match.is_over():
        before = match.state.clone()
        step = match.step()
        words = lost_words(before, match.state, step.action, lambda s: seats[s].name)
        if words:
            lost[len(match.history) - 1] = words
    return match, lost


def test_a_match_of_bots_says_what_the_toppler_paid(tmp_path):
    """Rule: whoever topples the tower pays 10 coins to the bank (all they have when they have fewer). Played in
    the terminal, a bots-only game of seed 11 ended "paid 10 coins (or all they had)"; the window said 9."""
    match, _ = _bots_game(11, 2)
    toppler = match.state.toppler
    paid = match.coins_before_last[toppler] - match.state.coins()[toppler]
    assert 0 < paid < 10  # this game's toppler had fewer than the penalty
    said = result_reason(match)
    assert f"paid {paid} coins, all they had (the penalty is 10)" in said and "(or all they had)" not in said
    path = tmp_path / "m.json"
    match.save(path)
    assert result_reason(Match.load(path)) == said  # loaded, the same words


def test_a_loaded_match_says_what_the_rules_dropped_as_the_live_one_did(tmp_path):
    """Rule: "you can only move a player down if they have a lower hole to go to" (an effect with nobody it may
    hit is lost). Played live, step 12 of seed 11 (three players) read "A's move down (3 layers) is lost: ...";
    loaded, the same line said only the stacked item."""
    match, lost = _bots_game(11, 3)
    assert lost, "this seeded game drops nothing"
    assert any("move down (" in w and "layer" in w for words in lost.values() for w in words), lost
    path = tmp_path / "m.json"
    match.save(path)
    loaded = Match.load(path)
    screen = screen_for("jenga_mario")(loaded)
    for i, words in lost.items():
        for w in words:
            assert w in screen.log_labels[i], (i, w, screen.log_labels[i])
    assert sum("is lost" in row or "are lost" in row for row in screen.log_labels) == sum(map(len, lost.values()))
