"""The observation tensors of games/observe.py hold the whole state that decides what happens next.

Both games are of perfect information, so two states a player cannot tell apart by their observation
must offer the same choices: the same player to act and the same legal actions (for a chance node, the
same possible outcomes; only the order of a draw pile is hidden, and a draw is a chance outcome). The
games are played at random through the engine's own interface (spec.new_state, apply_action, chance
outcomes drawn by games.bots.sample_outcome, as the project's drivers draw them), and every state met
is observed by every seat.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from games import registry
from games.bots import sample_outcome
from games.core import Seat
from games.observe import observation_for

# (game, variant, players): every variant of both games, Donkey Kong with two and four players
CONFIGS = [("monkey_dash", "standard", 2), ("monkey_dash", "bananas", 2), ("monkey_dash", "pure", 2),
           ("donkey_kong", "rulebook", 2), ("donkey_kong", "rulebook", 4),
           ("donkey_kong", "wiki", 2), ("donkey_kong", "wiki", 4)]

GAMES_EACH = 12  # seeded random games per config
STEPS_EACH = 400  # actions (decisions and chance outcomes) per game at most, to keep the test quick

# The views each observation had before it showed the whole state: they stay first, in this order.
OLD_VIEWS = {"donkey_kong": ["pawns", "barrels", "fireballs", "hands", "mario_die", "turn", "scores", "observer"],
             "monkey_dash": ["board", "ap", "turn", "store", "hand", "their_hand", "pile", "colour"]}
NEW_VIEWS = {"donkey_kong": ["stage", "obstacle_die", "obstacle_at", "queue", "moving", "motion", "motion_path",
                             "path_left", "contacts", "played", "bonus", "deck", "deck_top", "deal_left", "first",
                             "finisher", "rollers", "rolls", "roll_offs", "turns"],
             "monkey_dash": ["phase", "ap_count", "effects", "gained", "heaved", "discard", "slid", "deal_queue",
                             "banned", "turns", "winner"]}


def _config(game: str, variant: str, players: int):
    spec = registry.get(game)
    return spec, spec.make_config([Seat(f"player {i + 1}") for i in range(players)], variant)


def _what_comes_next(state) -> tuple:
    """Who acts, their sorted legal actions and the sorted names of the chance outcomes."""
    return (state.current_player(), tuple(sorted(state.legal_actions())),
            tuple(sorted(a for a, _ in state.chance_outcomes())))


def _random_games(spec, config, seeds):
    """Every state of seeded random games (random legal decisions, chance drawn by its probabilities)."""
    for seed in seeds:
        rng = np.random.default_rng(seed)
        state = spec.new_state(config)
        for _ in range(STEPS_EACH):
            yield state
            if state.is_terminal():
                break
            if state.is_chance_node():
                action = sample_outcome(state.chance_outcomes(), rng)
            else:
                legal = state.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            state.apply_action(action)


@pytest.mark.parametrize("game,variant,players", CONFIGS)
def test_states_alike_to_an_observer_offer_the_same_choices(game, variant, players):
    spec, config = _config(game, variant, players)
    obs = observation_for(spec, config)
    seen: dict[tuple[bytes, int], tuple] = {}
    states = 0
    for state in _random_games(spec, config, range(GAMES_EACH)):
        states += 1
        nxt = _what_comes_next(state)
        for observer in range(players):
            obs.fill(state, observer)
            key = (obs.tensor.tobytes(), observer)
            first = seen.setdefault(key, nxt)
            assert first == nxt, (
                f"{game} ({variant}, {players} players): player {observer} sees the same observation in "
                f"two states with different choices:\n  {first}\n  {nxt}\nstate now:\n{state}")
    assert states > GAMES_EACH * 20  # the games did run


@pytest.mark.parametrize("game,variant,players", CONFIGS)
def test_views_keep_their_declared_shapes_and_the_tensor_is_finite_and_the_same_on_a_clone(game, variant, players):
    spec, config = _config(game, variant, players)
    obs = observation_for(spec, config)
    names = list(obs.dict)
    assert names == OLD_VIEWS[game] + NEW_VIEWS[game]
    # the views tile the flat tensor in the declared order, each with its declared shape
    assert [n for n, _ in obs.shapes] == names
    at = 0
    for name, shape in obs.shapes:
        view = obs.dict[name]
        assert view.shape == tuple(shape) and view.dtype == np.float32
        assert np.shares_memory(view, obs.tensor)
        assert view.__array_interface__["data"][0] == obs.tensor[at:].__array_interface__["data"][0]
        at += view.size
    assert at == obs.tensor.size
    twin_obs = observation_for(spec, config)
    for i, state in enumerate(_random_games(spec, config, range(100, 103))):
        if i % 7:
            continue
        saved = json.dumps(state.to_json(), sort_keys=True)
        twin = state.clone()
        for observer in range(players):
            obs.fill(state, observer)
            assert np.all(np.isfinite(obs.tensor)) and obs.tensor.min() >= 0.0  # PettingZoo's Box(0, inf)
            for name in NEW_VIEWS[game]:  # small values: one-hots, flags, scaled numbers, a few counts
                assert np.all(np.isfinite(obs.dict[name])) and obs.dict[name].max() <= 8.0
            twin_obs.fill(twin, observer)
            assert np.array_equal(obs.tensor, twin_obs.tensor)
        assert json.dumps(state.to_json(), sort_keys=True) == saved  # observing changes nothing
