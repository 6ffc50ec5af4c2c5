"""Fuzzing the actions of all five games: hostile text is refused with IllegalActionError and changes
nothing, typed text is parsed or refused with ActionSyntaxError, never a crash (issue 17).

The hostile actions are the legal ones with their numbers swapped for huge (4,000+ digits), negative,
non-finite, non-ASCII or malformed ones, plus arbitrary text. Each game is fuzzed at a few positions:
its first decision, and (for the games without physics) a position some random moves later.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import registry
from games.bots import sample_outcome
from games.core import CHANCE, IllegalActionError, Seat

GAMES = ["donkey_kong", "monkey_dash", "jenga_classic", "jenga_dk", "jenga_mario"]
EXAMPLES = 60  # per game and test: the README gives the totals


def position(game: str, moves: int, seed: int = 3):
    """A state of `game` at its first decision after `moves` random decisions (chance sampled)."""
    spec = registry.get(game)
    config = spec.make_config([Seat(f"P{i}") for i in range(spec.min_players)])
    state = spec.new_state(config)
    rng = np.random.default_rng(seed)
    made = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            continue
        if made >= moves:
            break
        legal = [a for a in state.legal_actions() if not a.startswith(("extract", "probe", "stack"))]
        if not legal:
            break
        state.apply_action(legal[int(rng.integers(len(legal)))])
        made += 1
    return state


_STATES: dict = {}


def state_of(game: str, moves: int):
    key = (game, moves)
    if key not in _STATES:
        _STATES[key] = position(game, moves)
    return _STATES[key].clone()


HUGE = st.integers(4000, 6000).map(lambda n: "9" * n)
BAD_NUMBER = st.one_of(
    HUGE,
    HUGE.map(lambda s: "-" + s),
    HUGE.map(lambda s: "0." + s),
    HUGE.map(lambda s: s + ".5"),
    st.sampled_from(["-1", "-0", "nan", "inf", "-inf", "1e999", "1e-999", "٣", "²", "0x10", "", " ", "1_000",
                     "00000000000000000000000000000001", "3.", ".", "..", "1.2.3", "+1", "१२"]),
    st.integers(-10**30, 10**30).map(str),
)
NUMBER = re.compile(r"\d+(?:\.\d+)?")


@st.composite
def hostile(draw, legal: list[str]) -> str:
    kind = draw(st.integers(0, 3))
    if kind == 3 or not legal:
        return draw(st.text(max_size=60))
    base = draw(st.sampled_from(legal))
    spots = list(NUMBER.finditer(base))
    if not spots:
        return base + " " + draw(BAD_NUMBER)
    chosen = draw(st.lists(st.sampled_from(range(len(spots))), min_size=1, max_size=len(spots), unique=True))
    out, last = [], 0
    for i, m in enumerate(spots):
        out.append(base[last:m.start()])
        out.append(draw(BAD_NUMBER) if i in chosen else m.group())
        last = m.end()
    out.append(base[last:])
    return "".join(out)


def cases():
    for game in GAMES:
        yield game, 0
        if not game.startswith("jenga"):
            yield game, 12


@pytest.mark.parametrize("game, moves", list(cases()))
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_hostile_actions_are_refused_and_change_nothing(game, moves, data):
    state = state_of(game, moves)
    before = state.to_json_text()
    action = data.draw(hostile(state.legal_actions()))
    try:
        state.check_action(action)
    except IllegalActionError:
        pass
    else:
        return  # a legal action after all: nothing to refuse
    with pytest.raises(IllegalActionError):
        state.apply_action(action)
    assert state.to_json_text() == before


@pytest.mark.parametrize("game, moves", list(cases()))
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_typed_text_is_parsed_or_refused(game, moves, data):
    state = state_of(game, moves)
    before = state.to_json_text()
    text = data.draw(hostile(state.legal_actions()))
    try:
        action = state.string_to_action(text)
    except IllegalActionError as exc:
        assert str(exc)
    else:
        assert isinstance(action, str)
        try:
            state.check_action(action)
        except IllegalActionError:
            pass
    assert state.to_json_text() == before
