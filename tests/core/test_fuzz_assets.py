"""Fuzzing the asset files (issue 17): every board, deck, spinner, rule file and tower spec, damaged at a
random place, is either refused at load with one AssetError naming the file and the field, or loads
into something that plays.

A damage replaces a value somewhere in the file's JSON tree (with null, a list, a string, a huge or
negative number, a deep nest...), deletes a key or an entry, or duplicates an entry.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assets.reader import AssetError
from games.donkey_kong import board as dk_board
from games.jenga import data as jenga_data
from games.monkey_dash import board as md_board
from games.monkey_dash import cards as md_cards
from sim import spec as tower_spec

ASSETS = Path(__file__).resolve().parents[2] / "assets"
EXAMPLES = int(__import__("os").environ.get("FUZZ_EXAMPLES", 40))  # per asset file: the README gives the total


def _jenga(check):
    return lambda path: getattr(jenga_data, check)(jenga_data._read(path.name, path.parent))


LOADERS = {
    "donkey_kong/board.json": dk_board.load_board,
    "monkey_dash/board.json": md_board.load_board,
    "monkey_dash/power_cards.json": md_cards.load_cards,
    "jenga/play.json": _jenga("check_play"),
    "jenga/dk_spinner.json": _jenga("check_dk_spinner"),
    "jenga/mario_spinner.json": _jenga("check_mario_spinner"),
    "jenga/mario_items.json": _jenga("check_mario_items"),
    "jenga/mario_characters.json": _jenga("check_characters"),
    "jenga/mario_rules.json": _jenga("check_mario_rules"),
    "towers/classic.json": lambda p: tower_spec.load_spec(str(p)),
    "towers/dk.json": lambda p: tower_spec.load_spec(str(p)),
    "towers/mario.json": lambda p: tower_spec.load_spec(str(p)),
}

ODD_VALUES = [None, [], {}, "", "x", -1, 0, 1, 10**25, -(10**25), 1e30, -1e-30, 0.5, 2.5, "3", True, False, ["x"],
              {"a": 1},
              "G1.0", "start", [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]


def _nodes(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _nodes(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _nodes(v, path + (i,))


@st.composite
def damaged(draw, original):
    """(damaged copy, the path of the damage)."""
    data = copy.deepcopy(original)
    nodes = [p for p in _nodes(data) if p]
    path = draw(st.sampled_from(nodes))
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    op = draw(st.sampled_from(["replace", "replace", "replace", "delete", "duplicate", "nudge"]))
    value = parent[last]
    if op == "nudge" and isinstance(value, (int, float)) and not isinstance(value, bool):
        parent[last] = value + 0.5 if isinstance(value, int) else -value * 1000  # a fraction, or far out
    elif op == "delete":
        del parent[last]
    elif op == "duplicate" and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    else:
        parent[last] = draw(st.sampled_from(ODD_VALUES))
    fraction = op == "nudge" and isinstance(value, int) and not isinstance(value, bool)
    return data, path, fraction


# Fields that count things (levels, iterations, coins, turns...): a fraction there is malformed, never
# rounded quietly.
WHOLE_FIELDS = {"levels", "per_level", "solver_iterations", "dynamic_levels_below", "dynamic_levels_above",
                "heavy_load_levels", "heavy_load_iterations", "builds", "tremors", "probes_per_turn", "max_turns",
                "remove", "climb", "stack", "coins_collected", "level", "width", "height", "bananas_each",
                "amount", "ones", "fives", "first_to_top_bonus", "fall_penalty", "fall_bonus", "lowest_peg_layer",
                "bowser_bonus", "mushroom", "star", "pow", "question", "goomba", "none"}


def _original(name):
    return json.loads((ASSETS / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(LOADERS))
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow,
                                                                        HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_damaged_asset_is_refused_with_file_and_field_or_plays(name, data, tmp_path):
    broken, where, fraction = data.draw(damaged(_original(name)))
    path = tmp_path / Path(name).name
    path.write_text(json.dumps(broken), encoding="utf-8")
    try:
        loaded = LOADERS[name](path)
    except AssetError as exc:
        message = str(exc)
        assert path.name in message, message
        assert "\n" not in message
        rest = message.split(path.name, 1)[1]
        assert len(rest.strip(" :")) > 10, f"the message names only the file: {message}"
        return
    counted = [k for k in where if isinstance(k, str)]
    assert not (fraction and counted and counted[-1] in WHOLE_FIELDS and name != "donkey_kong/board.json"
                or fraction and where[-2:-1] == ("bowser_bonus",)), f"a fraction in {where} was accepted"
    PLAYS[name](loaded)


def _dk_plays(board):
    """A loaded Donkey Kong board has what the rules walk on: a Start that reaches the Finish, a barrel
    route from DK to the Oil Can, ladders, and drawing data inside the board's coordinates."""
    assert board.start != board.finish and board.distance_to_finish[board.start] > 0
    assert board.route[0] == board.oil_can and board.route[-1] == board.dk and len(board.route) >= 3
    assert board.ladder_spaces and all(board.ladder_spaces)
    for s in range(board.size):
        x, y = board.xy[s]
        assert 0 <= x <= 1000 and 0 <= y <= 1000
    for name, f in board.data.get("figures", {}).items():
        assert 0 <= f["x"] <= 1000 and 0 <= f["y"] <= 1000


def _md_playout(**parts):
    """A Monkey Dash game on the loaded board or deck: 150 random actions (chance sampled) never raise
    and keep the invariants."""
    import numpy as np

    from games.bots import sample_outcome
    from games.core import CHANCE, Seat
    from games.monkey_dash import SPEC, MonkeyDashState

    if "deck" in parts:
        parts.update(_cards={c.id: c for c in parts["deck"]}, _deck_order={c.id: i for i, c in enumerate(parts["deck"])})
    state = type("FuzzedMonkeyDash", (MonkeyDashState,), parts)(SPEC.make_config([Seat("A"), Seat("B")]))
    rng = np.random.default_rng(0)
    for _ in range(150):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
        assert not state.invariant_violations()


def _md_board_plays(board):
    assert board.width >= 3 and board.height >= 3 and len(set(board.nests + board.bays)) == 4
    _md_playout(board=board)


def _md_cards_plays(cards):
    assert len(cards) >= md_cards.DEALT and len({c.id for c in cards}) == len(cards)
    _md_playout(deck=cards)


def _any(loaded):
    assert loaded is not None


def _tower_plays(spec):
    from sim import Tower
    tower = Tower(spec, seed=0)
    assert len(tower.removable()) > 0


PLAYS = {name: _any for name in LOADERS}
PLAYS.update({"donkey_kong/board.json": _dk_plays, "monkey_dash/board.json": _md_board_plays,
              "monkey_dash/power_cards.json": _md_cards_plays, "towers/classic.json": _tower_plays,
              "towers/dk.json": _tower_plays, "towers/mario.json": _tower_plays})


@pytest.mark.parametrize("text, problem", [
    ("null", "a JSON object at the top"), ("[1, 2]", "a JSON object at the top"), ("7", "a JSON object at the top"),
    ('"board"', "a JSON object at the top"), ("[" * 5000 + "]" * 5000, "too deeply"),
    ('{"a": ' + "9" * 5001 + "}", "5001 digits"), ('{"a": NaN}', "NaN"), ("{", "not valid JSON"),
])
@pytest.mark.parametrize("name", sorted(LOADERS))
def test_an_asset_of_the_wrong_shape_is_refused_in_one_sentence(name, text, problem, tmp_path):
    path = tmp_path / Path(name).name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(AssetError) as err:
        LOADERS[name](path)
    assert path.name in str(err.value) and problem in str(err.value)
