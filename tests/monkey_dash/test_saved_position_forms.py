"""A saved Monkey Dash position is checked field by field on loading (MonkeyDashState.from_json): a research
audit's fuzzed saves loaded with a start player of -1, a deal queue of 'x' or an 'undone' of 'x' and then
failed on the next move with IndexError, TypeError or ValueError. Every single-field change of real positions
is now either refused with MatchFileError or plays on; positions played at random load back unchanged."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from games import registry
from games.bots import sample_outcome
from games.core import GameError, MatchFileError

SPEC = registry.get("monkey_dash")
VALUES = [None, -1, 0, 1, 2, 5, 99, 1.5, True, "x", [], {}, [0], [-1]]


def _play(state, rng, moves):
    for _ in range(moves):
        if state.is_terminal():
            return
        state.apply_action(sample_outcome(state.chance_outcomes(), rng) if state.is_chance_node()
                           else state.legal_actions()[int(rng.integers(len(state.legal_actions())))])


def _leaves(d, path=()):
    yield path
    if isinstance(d, dict):
        for k, v in d.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            yield from _leaves(v, path + (i,))


@pytest.mark.parametrize("variant", ["standard", "bananas", "pure"])
def test_positions_played_at_random_load_back_as_they_were(variant):
    config = SPEC.make_config(players=2, variant=variant)
    for seed in range(20):
        rng = np.random.default_rng(seed)
        state = SPEC.new_state(config)
        while not state.is_terminal():
            saved = state.to_json()
            assert SPEC.state_from_json(config, saved).to_json() == saved
            _play(state, rng, 1)


@pytest.mark.parametrize("moves", [3, 20, 60])
def test_every_single_field_change_is_refused_by_name_or_plays_on(moves):
    config = SPEC.make_config(players=2)
    state = SPEC.new_state(config)
    _play(state, np.random.default_rng(0), moves)
    saved = state.to_json()
    refused = 0
    for path in list(_leaves(saved))[1:]:
        for value in VALUES:
            changed = copy.deepcopy(saved)
            node = changed
            for step in path[:-1]:
                node = node[step]
            if node[path[-1]] == value:
                continue
            node[path[-1]] = copy.deepcopy(value)
            try:
                loaded = SPEC.state_from_json(config, changed)
            except MatchFileError:
                refused += 1
                continue
            try:
                for _ in range(6):  # it plays on: its text board, then six moves (a GameError is a refusal too)
                    str(loaded)
                    _play(loaded, np.random.default_rng(1), 1)
            except GameError:
                pass
    assert refused > 0


def test_a_wrong_field_is_named():
    config = SPEC.make_config(players=2)
    saved = SPEC.new_state(config).to_json()
    for field, value, words in (("start_player", -1, "'start_player' must be null or a seat (0 or 1), not -1"),
                                ("deal_queue", "x", "'deal_queue' must be a list of seats (0 or 1), not 'x'"),
                                ("undone", "x", "'undone' must be a list of [seat, start key, end key], not 'x'")):
        changed = dict(saved, **{field: value})
        with pytest.raises(MatchFileError) as refused:
            SPEC.state_from_json(config, changed)
        assert str(refused.value) == f"a saved Monkey Dash position's {words}"
    missing = {k: v for k, v in saved.items() if k != "banned"}
    with pytest.raises(MatchFileError, match="field 'banned' is missing"):
        SPEC.state_from_json(config, missing)
