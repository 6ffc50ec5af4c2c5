"""The research audit of 5 Dec (/tmp/audit_research.md), Donkey Kong's part: to_json() hands out copies,
from_json refuses a malformed field at once (MatchFileError naming it), and the per-player-count length
bound. The digests below were computed before to_json changed: the saved form and the digests must not."""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest

from games import registry
from games.bots import sample_outcome
from games.core import MatchFileError
from games.donkey_kong.board import BOARD
from games.donkey_kong.state import MAX_LENGTH, max_length
from games.match import Match, state_digest
from games.selfplay import seats_for

SPEC = registry.get("donkey_kong")


def _step(state, rng) -> None:
    """One random action (one rng draw per choice, as the digests below were made)."""
    if state.is_chance_node():
        state.apply_action(sample_outcome(state.chance_outcomes(), rng))
    else:
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])


def _play(state, rng, stop):
    """Random play until stop(state) or the end."""
    while not state.is_terminal() and not stop(state):
        _step(state, rng)
    return state


def _positions(players=2, variant="rulebook", seed=0, every=7):
    """Every `every`-th position of one seeded random game, and its last."""
    state = SPEC.new_state(SPEC.make_config(players=players, variant=variant))
    rng = np.random.default_rng(seed)
    out, k = [], 0
    while not state.is_terminal():
        if k % every == 0:
            out.append(state.clone())
        _step(state, rng)
        k += 1
    out.append(state)
    return out


# ---- 1. to_json() is a copy -----------------------------------------------------------------------------

def _mutate_every_list(value) -> None:
    if isinstance(value, list):
        for item in value:
            _mutate_every_list(item)
        value.append("edited")
    elif isinstance(value, dict):
        for item in value.values():
            _mutate_every_list(item)


@pytest.mark.parametrize("variant", ["rulebook", "wiki"])
def test_editing_what_to_json_returns_never_changes_the_game(variant):
    for state in _positions(players=3, variant=variant, seed=4, every=5):
        before = state.to_json_text()
        data = state.to_json()
        _mutate_every_list(data)
        data["pawns"][0] = 0
        assert state.to_json_text() == before


def test_a_snapshot_kept_at_every_step_keeps_its_position():
    state = SPEC.new_state(SPEC.make_config(players=2))
    rng = np.random.default_rng(1)
    snaps, texts = [], []
    while not state.is_terminal():
        snaps.append(state.to_json())
        texts.append(state.to_json_text())
        if state.is_chance_node():
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply_action(state.legal_actions()[0])
    assert len(snaps) > 1000
    assert all(json.dumps(d, sort_keys=True, separators=(",", ":")) == t for d, t in zip(snaps, texts))


# Computed with the code as it stood before to_json() returned copies (games/donkey_kong/state.py, 5 Dec);
# all three again on 6 Dec: the rulebook's obstacle die took the article's faces (3 to 6 and two Donkey Kong
# faces), and in the wiki reading the space a Jump adds to a passing obstacle no longer takes a ladder
# (docs/donkey_kong.md), which happens in the wiki game below.
DIGESTS_BEFORE = {
    ("rulebook", 4, 0): ("409d4ecea047123fe5fb033c5a0484eaeb333a0fd5cc1d84fb51cc84deead64d",
                         "3ea5cd20fdb1c30a662a1be3e41e14eb1d198727e867cfb2fbba641448ba55c8"),
    ("wiki", 3, 1): ("1ce7b74ca0a4e44d9bbda3e0ba0d81c42d83ce81111964d0fc3b4341c6bb1787",
                     "62b069568fb7980b7c1a090ce8a0d3f6ea5dc6d5454ff8a758fbcd601d7e29d3"),
    ("rulebook", 2, 2): ("0cb30f27663600a1db6d017caec424a7fd5313b65a287476bb19d7b6c93117e8",
                         "3905af6e2836bb5715971d7dadf1519d22467ed19b42cd661c70cb622e4f0e72"),
}


@pytest.mark.parametrize("variant, players, seed", sorted(DIGESTS_BEFORE))
def test_digests_of_seeded_games_are_those_from_before_the_change(variant, players, seed):
    state = SPEC.new_state(SPEC.make_config(players=players, variant=variant))
    rng = np.random.default_rng(seed)
    every_step = hashlib.sha256()
    while not state.is_terminal():
        every_step.update(state.to_json_text().encode())
        _step(state, rng)
    assert (state_digest(state), every_step.hexdigest()) == DIGESTS_BEFORE[variant, players, seed]


def test_a_saved_match_records_the_same_state_digest_as_before(tmp_path):
    config = SPEC.make_config(seats_for(SPEC, ["random", "expert", "random"]), "rulebook")
    match = Match(config, 7)
    match.advance(150)
    match.save(tmp_path / "m.json")
    saved = json.loads((tmp_path / "m.json").read_text())
    assert saved["state_digest"] == "4a32cafc6fa141050e371e54884c8bc8f6e76c69523d3ced5b27af0779b0ff5f"  # 6 Dec: the die, 64 playouts
    assert Match.load(tmp_path / "m.json").state == match.state


# ---- 2. from_json refuses a malformed field at once ------------------------------------------------------

WRONG_TYPES = {  # by the kind of the field's value (an empty list is valid for several lists: lengths below)
    int: ["abc", None, 2.5, True, {}, [], [1]],
    str: [None, 5, True, [], {}],
    list: ["abc", None, 5, 2.5, True, {}, [None], ["a", "b"], [2.0, 1.0]],
    "mover": ["abc", 5, True, {}, [], [None]],  # null or a list
}
ALSO_VALID = {"events": [["a", "b"]]}  # texts are what the events are
OIL = BOARD.oil_can
N = 2  # the fuzzed config's players
OUT_OF_RANGE = {
    "stage": ["ordr", "OVER", ""],
    "rollers": [[0, 0], [2], [-1], [0, 1, 2], [True]],
    "rolls": [[0], [7], [1, 2, 3], [True]],
    "roll_offs": [21, 10**30, 1.0, False],
    "first": [2, 99, 0.0],
    "deal_left": [7, 1.0],
    "turn": [2, 99],
    "turns": [2001, 1.0],
    "mario_roll": [7, -2],
    "obstacle_roll": [-2, 7],
    "pawns": [[0], [0, 0, 0], [999, 999], [-1, 0], [OIL, 0], [BOARD.size, 0], [True, 0], [0, 1.0]],
    "barrels": [[-1] * 11, [-1] * 13, [-2] + [-1] * 11, [BOARD.size] + [-1] * 11],
    "fireballs": [[-1] * 3, [-1] * 5, [BOARD.size, -1, -1, -1], [-2, -1, -1, -1]],
    "deck": [[8] * 5, [8] * 7, [9, 8, 8, 8, 8, 8], [-1, 8, 8, 8, 8, 8]],
    "deck_top": [[6], [-1], [0] * 49],
    "hands": [[[]], [[], [], []], [[6], []], [[-1], []], ["ab", []], [[0.0], []]],
    "played": [[[]], [[], [], []], [[6], []], [[-1], []], [[True], []]],
    "bonus": [[0], [0, 0, 0], [501, 0], [-1, 0]],
    "finisher": [-2, 2],
    "path_left": [[BOARD.size], [-1], "a", [0] * (BOARD.size + 1)],
    "queue": [[16], [0, 0], [-1]],
    "mover": [[0, 0, False, False], [16, 0, False, False, []], [0, -1, False, False, []], [0, 999, False, False, []],
              [0, 0, 0, False, []], [0, 0, False, 1, []], [0, 0, False, False, [BOARD.size]],
              [0, 0, False, False, [1, 2, 3, 4]], [0, 0, False, False, None]],
    "contacts": [[[2, 0, 0]], [[0, 16, 0]], [[0, 0, BOARD.size]], [[0, 0]], [0], [[0, 0, 0]] * 33],
    "events": [["a"] * 7, [1], "abc"],
}


def _fresh_data(players=N, seed=3):
    state = SPEC.new_state(SPEC.make_config(players=players))
    _play(state, np.random.default_rng(seed), stop=lambda s: s.stage == "move")
    return state.config, state.to_json()


@pytest.mark.parametrize("key", sorted(OUT_OF_RANGE))
def test_each_field_of_a_wrong_type_or_out_of_range_is_refused_naming_it(key):
    config, good = _fresh_data()
    assert set(OUT_OF_RANGE) == set(good)
    kind = "mover" if key == "mover" else type(good[key])
    for bad in WRONG_TYPES[kind] + OUT_OF_RANGE[key]:
        if bad in ALSO_VALID.get(key, []):
            continue
        data = json.loads(json.dumps(good))
        data[key] = bad
        with pytest.raises(MatchFileError) as caught:
            SPEC.state_from_json(config, data)
        assert f"'{key}'" in str(caught.value), (key, bad, str(caught.value))
        assert "\n" not in str(caught.value)


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(stage="order", rollers=[0, 1], rolls=[3, 4]), "'rolls'"),
    (lambda d: d.update(rolls=[1, 2, 3], rollers=[0, 1]), "'rolls'"),
    (lambda d: d["hands"][0].append(0), "'deck', 'hands' and 'played'"),
    (lambda d: d.update(deck=[0, 8, 8, 8, 8, 8]), "'deck', 'hands' and 'played'"),
    (lambda d: d.update(deck_top=[k for k in range(6) for _ in range(9)][:48]), "'deck_top'"),
])
def test_fields_that_disagree_are_refused(change, words):
    config, good = _fresh_data()
    data = json.loads(json.dumps(good))
    change(data)
    with pytest.raises(MatchFileError) as caught:
        SPEC.state_from_json(config, data)
    assert words in str(caught.value)


def test_the_audits_values_are_refused_at_load():
    config, good = _fresh_data()
    for bad in ("abc", None, [999, 999], 5):
        with pytest.raises(MatchFileError, match="'pawns'"):
            SPEC.state_from_json(config, {**good, "pawns": bad})


@pytest.mark.parametrize("players, variant, seed", [(2, "rulebook", 0), (3, "wiki", 1), (4, "wiki", 2),
                                                    (4, "rulebook", 3)])
def test_valid_positions_still_round_trip(players, variant, seed):
    for state in _positions(players, variant, seed, every=3):
        for data in (state.to_json(), json.loads(state.to_json_text())):
            back = SPEC.state_from_json(state.config, data)
            assert back == state and back.to_json_text() == state.to_json_text()
            assert back.legal_actions() == state.legal_actions() and str(back) == str(state)


def test_a_position_saved_before_the_deck_kept_a_top_still_loads():
    config, good = _fresh_data()
    del good["deck_top"]
    assert SPEC.state_from_json(config, good).deck_top == []


def test_loading_leaves_the_data_given_unchanged():
    config, good = _fresh_data()
    text = json.dumps(good, sort_keys=True)
    state = SPEC.state_from_json(config, good)
    state.apply_action(state.legal_actions()[0])
    assert json.dumps(good, sort_keys=True) == text


# ---- 5. the length bound -------------------------------------------------------------------------------

def test_the_length_bound_is_per_player_count_and_the_spec_keeps_the_largest():
    assert [max_length(n) for n in (2, 3, 4)] == sorted(max_length(n) for n in (2, 3, 4))
    assert max_length(4) == MAX_LENGTH == SPEC.max_length == 34_900_092
    for n in (2, 3, 4):
        assert SPEC.new_state(SPEC.make_config(players=n)).max_length() == max_length(n)


def test_a_saved_position_whose_moving_obstacle_is_off_the_board_is_refused():
    """A research audit fuzzed a saved position: 'mover' naming a fireball still in the Oil Can loaded, and
    the next chance outcome never returned (the obstacle had no space to move from). It is refused with the
    named error; the same position with its mover as played loads and plays on."""
    spec = registry.get("donkey_kong")
    config = spec.make_config(players=3)
    rng = np.random.default_rng(0)
    s = spec.new_state(config)
    for _ in range(5000):
        d = s.to_json()
        if d["mover"] is not None and -1 in d["fireballs"] and s.is_chance_node():
            break
        s.apply_action(sample_outcome(s.chance_outcomes(), rng) if s.is_chance_node() else s.legal_actions()[0])
    else:
        pytest.fail("no position with an obstacle in motion and a fireball in the Oil Can")
    played = spec.state_from_json(config, d)
    played.apply_action(played.chance_outcomes()[0][0])  # as played: it goes on
    d["mover"][0] = d["fireballs"].index(-1)
    with pytest.raises(MatchFileError, match=r"'mover' .* moves fireball \d, which is not on the board"):
        spec.state_from_json(config, d)
