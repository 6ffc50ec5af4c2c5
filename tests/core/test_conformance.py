"""One suite for every registered game (and the engine's toy race): random playouts from fixed seeds.

Each game may declare CONFORMANCE = {"games": n, "max_actions": m} on its module-level SPEC's state
class to keep slow (physics) games short; a truncated playout still checks every property below.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from games import registry
from games.core import (CHANCE, TERMINAL, ActionSyntaxError, ChanceTurnError, GameConfig, GameOverError,
                        IllegalActionError)
from games.match import Match
from games.selfplay import run
from tests import toy_race

registry.register(toy_race.SPEC)
SPECS = registry.games()
NAMES = sorted(SPECS)


def _limits(spec):
    probe = spec.new_state(spec.make_config())
    conf = getattr(probe, "CONFORMANCE", {})
    return conf.get("games", 3), conf.get("max_actions", None)


PHYSICS_GAMES = {n for n in NAMES if _limits(SPECS[n])[1] is not None}  # the Jenga games: short playouts
GAMES = [pytest.param(n, marks=pytest.mark.physics) if n in PHYSICS_GAMES else n for n in NAMES]


def test_every_game_of_the_tabletop_is_registered():
    """A registry that lost a game would shrink this suite without a word: the five games are named here."""
    assert {"donkey_kong", "monkey_dash", "jenga_classic", "jenga_dk", "jenga_mario"} <= set(NAMES)
    assert PHYSICS_GAMES == {"jenga_classic", "jenga_dk", "jenga_mario"}


def _illegal_tries(match):
    """Actions that must be refused here: junk, other types, near misses of a legal action (cut, padded,
    upper case, extended) and actions of the other kind of step (a decision at a chance node, a chance
    outcome at a decision) taken from the match's own history."""
    state = match.state
    player = state.current_player()
    allowed = state.legal_actions() if player >= 0 else [o for o, _ in state.chance_outcomes()]
    tries = ["", " ", "no such action ~", "\n", None, 7, 1.5, b"pass", ["pass"]]
    for action in allowed[:2]:
        tries += [action[:-1], action + " ", " " + action, action.upper(), action + " again", action + "0"]
    other = [s.action for s in match.history if (s.by == CHANCE) == (player >= 0)]
    tries += other[-3:]
    return [t for t in tries if not (isinstance(t, str) and t in allowed)]


def _playout(spec, seed, players, max_actions=None):
    """Random playout; yields the match after every action."""
    match = Match(spec.make_config(players=players), seed)
    yield match
    while not match.is_over() and (max_actions is None or len(match.history) < max_actions):
        assert match.state.current_player() == CHANCE or match.state.legal_actions(), \
            "a seat must decide but has no legal action"
        match.step()
        yield match
        assert len(match.history) <= match.state.max_length(), "game longer than its declared maximum"


@pytest.mark.parametrize("name", GAMES)
def test_random_playouts_keep_every_property(name):
    spec = SPECS[name]
    games, max_actions = _limits(spec)
    rng = np.random.default_rng(12345)
    for g in range(games):
        players = spec.min_players + g % (spec.max_players - spec.min_players + 1)
        for match in _playout(spec, seed=100 + g, players=players, max_actions=max_actions):
            state = match.state
            assert state.invariant_violations() == []
            if rng.random() < 0.15 or state.is_terminal():
                twin = state.clone()
                assert twin == state
                back = spec.state_from_json(state.config, json.loads(json.dumps(state.to_json())))
                assert back == state
                assert back.legal_actions() == state.legal_actions()
                assert back.current_player() == state.current_player()
                assert str(back) == str(state) and str(state).strip()
                # Every illegal action is refused and leaves everything as it was.
                before = state.to_json_text()
                for action in _illegal_tries(match):
                    with pytest.raises(IllegalActionError):
                        state.apply_action(action)
                    assert state.to_json_text() == before, f"{action!r} was refused but changed the state"
            if state.current_player() >= 0 and rng.random() < 0.1:
                for action in state.legal_actions()[:5]:
                    assert state.string_to_action(state.action_to_string(action)) == action
        if match.is_over():
            assert match.state.current_player() == TERMINAL
            assert match.state.legal_actions() == []
            assert len(match.state.returns()) == players
            assert all(0 <= w < players for w in match.state.winners())


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_digest(name):
    spec = SPECS[name]
    games, max_actions = _limits(spec)
    if max_actions is not None:  # physics games: a short playout, twice, instead of whole games
        def digest(seed):
            *_, match = _playout(spec, seed=seed, players=spec.min_players, max_actions=max_actions)
            return match.state.to_json_text()

        assert digest(7) == digest(7)
        assert digest(8) != digest(7)
        return
    a = run(name, games=2, seed=7, progress=False)
    b = run(name, games=2, seed=7, progress=False)
    assert a["digest"] == b["digest"] and a["errors"] == 0 and a["invariant_violations"] == 0
    c = run(name, games=2, seed=8, progress=False)
    assert c["digest"] != a["digest"]


@pytest.mark.parametrize("name", GAMES)
def test_saved_match_replays_to_same_state(name, tmp_path):
    spec = SPECS[name]
    _, max_actions = _limits(spec)
    *_, match = _playout(spec, seed=3, players=spec.min_players, max_actions=max_actions or 400)
    path = tmp_path / "m.json"
    match.save(path)
    loaded = Match.load(path)
    assert loaded.state == match.state
    assert loaded.history == match.history
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.parametrize("name", NAMES)  # the first chance step of a Jenga game is the build: no physics
def test_rejected_action_at_chance_and_terminal(name):
    spec = SPECS[name]
    match = Match(spec.make_config(), 1)
    for _ in range(200):
        if match.state.current_player() == CHANCE:
            before = match.state.to_json()
            with pytest.raises(ChanceTurnError, match="it is chance's move now"):   # named, and says why
                match.play("anything")
            with pytest.raises(ActionSyntaxError, match="an action is a string"):
                match.state.apply_action(None)
            assert match.state.to_json() == before
            break
        if match.step() is None:
            break
    assert match.state.current_player() == CHANCE
    if name in PHYSICS_GAMES:
        return  # a finished Jenga game needs the tower to fall: the physics tests play one
    match.advance()
    last = match.history[-1].action
    with pytest.raises(GameOverError):
        match.state.apply_action(last)
    with pytest.raises(GameOverError):
        match.state.apply_action("anything")


# ---- property-based: any sequence of choices, in every game without physics -------------------------
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

BOARD_GAMES = [n for n in NAMES if _limits(SPECS[n])[1] is None]


@pytest.mark.parametrize("name", BOARD_GAMES)
def test_any_choice_sequence_keeps_invariants_and_round_trips(name):
    spec = SPECS[name]

    @settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, 10**6), max_size=80),
           players=st.integers(spec.min_players, spec.max_players))
    def check(seed, picks, players):
        match = Match(spec.make_config(players=players), seed)
        for pick in picks:
            if match.is_over():
                break
            if match.current_player == CHANCE:
                match.roll()
                continue
            legal = match.state.legal_actions()
            match.play(legal[pick % len(legal)])
            assert match.state.invariant_violations() == []
        back = spec.state_from_json(match.config, json.loads(json.dumps(match.state.to_json())))
        assert back == match.state and back.legal_actions() == match.state.legal_actions()
        replay = Match.from_json(json.loads(json.dumps(match.to_json())))
        assert replay.state == match.state

    check()
