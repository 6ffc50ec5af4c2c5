"""An audit of how the Jenga games end (7 Dec): the sentence of a shared win after a fall."""

from __future__ import annotations

import pytest


@pytest.mark.physics
def test_a_shared_win_after_a_fall_gives_each_winner_their_own_mario():
    """"The Mario that ... is closest to the top when the tower falls wins the game." Two Marios tied for the
    highest after a fall (random bots, seed 3, four players) read "of the others, R1 and R2's Mario climbed
    highest" (an audit); each name has its own possessive, and the Marios are two."""
    from games import registry
    from games.core import Seat
    from games.match import Match
    from games.outcome import result_reason

    match = Match(registry.get("jenga_dk").make_config([Seat(f"R{i}", "random") for i in range(4)]), 3)
    while not match.is_over():
        match.step()
    assert match.state.ended == "fall" and match.state.winners() == [1, 2]
    said = result_reason(match)
    assert "of the others, R1's and R2's Marios climbed highest" in said, said


@pytest.mark.physics
@pytest.mark.parametrize("game, why", [("jenga_classic", "everybody shares the win"),
                                       ("jenga_dk", "the highest Mario wins"),
                                       ("jenga_mario", "the most coins win")])
def test_the_turn_limit_says_who_it_makes_the_winner(game, why):
    """A rules audit: a Donkey Kong Jenga game stopped at the turn limit said only "The game reached its limit of
    turns with the tower standing.", not why its winner won; each help says it ("After 240 turns the highest
    Mario wins"; classic: everybody shares the win; Super Mario: the most coins win)."""
    from games import registry
    from games.core import Seat
    from games.match import Match
    from games.outcome import result_reason

    match = Match(registry.get(game).make_config([Seat("Ann"), Seat("Bob")]), 2)
    for _ in range(12):  # the set-up (pieces placed) and a spin, so every seat has its piece
        if match.current_player < 0:
            match.step()
        elif getattr(match.state, "phase", "") in ("character", "peg", "place"):
            match.play(match.state.legal_actions()[0])
        else:
            break
    state = match.state
    state.ended, state.phase = "limit", "over"  # the limit reached here (a whole game would take minutes)
    if game == "jenga_dk":
        state.marios[1] = [3, 0, "+x"]
    if game == "jenga_mario":
        state.collect(0, 2)
    assert match.is_over()
    said = result_reason(match)
    assert said == f"The game reached its limit of turns with the tower standing: {why}.", said
    assert len(state.winners()) == (2 if game == "jenga_classic" else 1)
