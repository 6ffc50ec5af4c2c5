"""benchmarks/jenga_ladder.py: each level's topples per 100 of its own turns, in every Jenga game."""

from __future__ import annotations

import pytest

from tests import benchmark_script


def _ladder():
    return benchmark_script.load("jenga_ladder")


def test_rows_count_each_seats_own_turns_and_old_rows_keep_the_seat_order_reading():
    ladder = _ladder()
    rows = [
        # Super Mario: the seats did not alternate (seat 1 began 4 turns, seat 0 only 2), seat 1 toppled
        {"game": "jenga_mario", "bots": ["careful", "careful_hard"], "turns": 6, "toppler": "careful_hard",
         "seat_turns": [2, 4]},
        # a traditional row saved before seat_turns was kept: 5 turns completed, the 6th (seat 1's) toppled
        {"game": "jenga_classic", "bots": ["careful_hard", "careful"], "turns": 5, "toppler": "careful"},
        # an old Donkey Kong row says nothing of whose turns they were: left out
        {"game": "jenga_dk", "bots": ["careful", "careful_hard"], "turns": 9, "toppler": "careful"},
    ]
    rates = ladder.per_turn_rates(rows, ["careful", "careful_hard"])
    assert rates["careful"] == {"turns": 2 + 3, "topples": 1, "per_100": 20.0}
    assert rates["careful_hard"] == {"turns": 4 + 3, "topples": 1, "per_100": round(100 / 7, 1)}


@pytest.mark.physics
def test_a_super_mario_game_counts_the_turns_each_seat_began():
    """Super Mario Jenga's turns do not go round the seats in order, so the row counts them as played: every
    turn begun once, the toppling one included, and the summary's rate is no longer empty for it."""
    ladder = _ladder()
    row = dict(ladder.one_game("jenga_mario", ["careful_easy", "random"], 3), game="jenga_mario")
    assert row["toppler"] is not None and len(row["seat_turns"]) == 2
    assert sum(row["seat_turns"]) in (row["turns"], row["turns"] + 1) and min(row["seat_turns"]) >= 1
    rates = ladder.per_turn_rates([row], ["careful_easy", "random"])
    assert [rates[b]["turns"] for b in row["bots"]] == row["seat_turns"]
    assert rates[row["toppler"]]["per_100"] > 0
