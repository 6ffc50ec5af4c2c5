"""The research audit of 5 Dec (/tmp/audit_research.md), the Jenga games' part: from_json refuses a field
of the wrong type, length or range, or fields that disagree, at once with MatchFileError naming the field
(games/jenga/saved.py), and valid positions still round-trip. Every state here has a built tower."""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest

from games import registry
from games.core import MatchFileError, Seat
from games.jenga.layout import ends
from games.match import Match

pytestmark = pytest.mark.physics

N = 2  # players in the fuzzed configs


def _to_first_push(game: str):
    """A game of `game` built from tower 0 and played (first choices, first outcomes) to the mover's first
    push, then one touch made (so 'last_probe' is set)."""
    spec = registry.get(game)
    state = spec.new_state(spec.make_config(players=N))
    state.apply_action("build 0")
    while not (state.current_player() >= 0 and state.may_extract()):
        state.apply_action(state.legal_actions()[0] if state.current_player() >= 0
                           else state.chance_outcomes()[0][0])
    state.apply_action(next(a for a in state.legal_actions() if a.startswith("probe ")))
    return spec, state


@pytest.fixture(scope="module")
def positions():
    out = {}
    for game in ("jenga_classic", "jenga_dk", "jenga_mario"):
        spec, state = _to_first_push(game)
        level, slot = state.extractable()[0]
        tremor = state.clone()
        tremor.apply_action(f"extract {level}:{slot} {ends(level)[0]} speed=0.015 steady=0.95")
        assert tremor.phase == "tremor"
        out[game] = (spec, state, tremor)
    return out


COMMON = {
    "phase": [None, 5, "", "Take", ["take"], "leap!"],
    "tower": ["abc", 5, [], {}, {"version": 1}, True],
    "layout": ["abc", None, [999, 999], 5, [[0, 1]], [[0, 1, 2, 3]], [[0, 0, 1]], [[999, 1, 2]], [[True, 1, 2]],
               [[1.0, 2, 3]], [None], [[0, 1, 2]] * 100],
    "hand": ["abc", 999, -1, 1.0, True, [1]],
    "floor": ["abc", None, 5, [999], [-1], [1, 1], [True]],
    "mover": [None, "0", N, -1, 1.0, True],
    "direction": [0, 2, None, "1", 1.0, True],
    "pending": ["abc", 5, [], {}, {"level": 0}],
    "touches": [-1, None, "1", 1.5, True],
    "last_verdict": ["abc", 5, [], {}, {"op": 1, "collapsed": False, "max_displacement_mm": 0.0, "max_tilt_deg": 0.0},
                     {"op": "stack", "collapsed": "no", "max_displacement_mm": 0.0, "max_tilt_deg": 0.0},
                     {"op": "stack", "collapsed": False, "max_displacement_mm": "0", "max_tilt_deg": 0.0},
                     {"op": "stack", "collapsed": False, "max_displacement_mm": 0.0, "max_tilt_deg": 0.0,
                      "where": "5:1"}],
    "last_probe": ["abc", 5, [], {}, {"where": [0], "end": "+x", "force_n": 0.1},
                   {"where": [0, 1], "end": "up", "force_n": 0.1}, {"where": [0, 1], "end": "+x", "force_n": "a"},
                   {"where": [0, 1], "end": "+x", "force_n": 0.1, "moves": "yes"}],
    "turns": [-1, 241, None, 1.0, True],
    "toppler": ["0", N, -1, 1.0, True],
    "last_stacker": ["0", N, -1, 1.0, True],
    "ended": [5, "fallen", [], True],
    "log": ["abc", None, 5, [1], [None]],
}
HOLES = ["abc", None, 5, [None], [None] * (N + 1), [[0, 1], None], [[0, 1, "+y"], None], [[0, 3, "+x"], None],
         [[-1, 0, "+x"], None], [[999, 0, "+x"], None], [[0.0, 0, "+x"], None]]
SEAT_OR_NULL = ["0", N, -1, 1.0, True]
EXTRA = {
    "jenga_classic": {},
    "jenga_dk": {"marios": HOLES, "placing": SEAT_OR_NULL, "spin": [-1, 12, "1", 1.0, True],
                 "removals_left": [-1, 3, None, 1.0], "climbs_left": [-1, 4, None], "champion": SEAT_OR_NULL},
    "jenga_mario": {
        "items": ["abc", None, 5, ["none"] * 44, ["coin"] * 45, [1] * 45],
        "revealed": [[45], [-1], [1, 1], "abc", None],
        "characters": [[None], ["mario", "wario"], ["mario"] * (N + 1), "abc", [1, None]],
        "pegs": HOLES, "placing": SEAT_OR_NULL,
        "purses": [[[0, 1]], [[0, 1], [0, -1]], [[0, 1], [0]], [[0, 1], [27, 0]], "abc", None],
        "bank": [[26], [-1, 8], [26, 9], "abc", None, [26.0, 8]],
        "spin": [-1, 12, "1"], "stacks_left": [-1, 3, None], "climb_due": [-1, 5, None],
        "effects": [["climb", 1], [["fly", 1]], [["climb", -1]], [["climb", 5]], [["climb"]], "abc", None],
        "moving": [[[N, 1]], [[0, -1]], [[0]], "abc", None],
        "battling": [[False], [False, 0], [False, None], "abc"],
        "defeated": [[False], [False, 0], [False, None], "abc"],
        "defeats": [-1, 241, None], "top_bonus_paid": [0, None, "false"], "bowser": [-1, 45, "1", 1.0]},
}


@pytest.mark.parametrize("game", ["jenga_classic", "jenga_dk", "jenga_mario"])
def test_each_field_of_a_wrong_type_or_out_of_range_is_refused_naming_it(positions, game):
    spec, state, _ = positions[game]
    good = json.loads(state.to_json_text())
    table = {**COMMON, **EXTRA[game]}
    assert set(table) == set(good) == set(type(state).FIELDS)
    for key, bad_values in table.items():
        for bad in bad_values:
            data = copy.deepcopy(good)
            data[key] = bad
            with pytest.raises(MatchFileError) as caught:
                spec.state_from_json(state.config, data)
            assert f"'{key}'" in str(caught.value), (game, key, bad, str(caught.value))
            assert "\n" not in str(caught.value)


def test_the_audits_values_for_the_layout_are_refused_at_load(positions):
    spec, state, _ = positions["jenga_classic"]
    for bad in ("abc", None, [999, 999], 5):
        with pytest.raises(MatchFileError, match="'layout'"):
            spec.state_from_json(state.config, {**state.to_json(), "layout": bad})


def _other_tower(game):
    return {"jenga_classic": "dk", "jenga_dk": "mario", "jenga_mario": "classic"}[game]


@pytest.mark.parametrize("game", ["jenga_classic", "jenga_dk", "jenga_mario"])
def test_fields_that_disagree_are_refused(positions, game):
    spec, state, tremor = positions[game]
    good = json.loads(state.to_json_text())
    swapped = copy.deepcopy(good["layout"])
    swapped[0][0], swapped[1][0] = swapped[1][0], swapped[0][0]
    cases = [
        ({"tower": None}, "'tower'"),
        ({"tower": {**good["tower"], "variant": _other_tower(game)}}, "'tower'"),
        ({"layout": swapped}, "'layout'"),
        ({"layout": good["layout"][:-1]}, "'layout'"),
        ({"hand": good["layout"][0][0]}, "'hand'"),
        ({"phase": "build"}, "'tower'"),
        ({"phase": "tremor"}, "'pending'"),
        ({"pending": json.loads(tremor.to_json_text())["pending"]}, "'pending'"),
        ({"pending": {**tremor.to_json()["pending"], "speed": 5.0}}, "'pending'"),
        ({"pending": {**tremor.to_json()["pending"], "level": len(good["layout"])}}, "'pending'"),
    ]
    if game == "jenga_dk":
        cases += [({"marios": [None] * N}, "'marios'"), ({"spin": None}, "'spin'")]
    if game == "jenga_mario":
        cases += [({"bank": [0, 0]}, "'bank' and 'purses'"), ({"items": []}, "'items'"),
                  ({"characters": [None] * N}, "'characters'"), ({"spin": None}, "'spin'")]
    for change, words in cases:
        data = {**copy.deepcopy(good), **change}
        with pytest.raises(MatchFileError) as caught:
            spec.state_from_json(state.config, data)
        assert words in str(caught.value), (game, change, str(caught.value))


@pytest.mark.parametrize("game", ["jenga_classic", "jenga_dk", "jenga_mario"])
def test_the_positions_fuzzed_and_a_waiting_push_round_trip(positions, game):
    spec, state, tremor = positions[game]
    for s in (state, tremor):
        for data in (s.to_json(), json.loads(s.to_json_text())):
            back = spec.state_from_json(s.config, data)
            assert back == s and str(back) == str(s) and back.legal_actions() == s.legal_actions()


@pytest.mark.parametrize("game, seed", [("jenga_classic", 2), ("jenga_dk", 2), ("jenga_mario", 3)])
def test_every_position_of_a_bot_game_round_trips(game, seed):
    """Careful bots, with a typed 'extract' now and then (the tremor phase), to the fall or 60 steps."""
    spec = registry.get(game)
    config = spec.make_config([Seat(f"bot {i}", "careful") for i in range(3)])
    match = Match(config, seed)
    rng = np.random.default_rng(seed)
    phases = set()
    for _ in range(60):
        state = match.state
        for data in (state.to_json(), json.loads(state.to_json_text())):
            assert spec.state_from_json(config, data).to_json_text() == state.to_json_text()
        if state.is_terminal():
            break
        phases.add(state.phase)
        if state.current_player() >= 0 and state.may_extract() and rng.random() < 0.1:
            level, slot = state.extractable()[0]
            match.play(f"extract {level}:{slot} {ends(level)[0]} speed=0.015 steady=0.95")
        else:
            match.step()
    assert {"build", "stack"} <= phases
