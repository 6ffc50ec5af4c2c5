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
