"""The Jenga pro bot: the order it touches blocks in, and that it touches before it pulls.

"You can touch other blocks to find a loose one" (Jenga: Donkey Kong Collector's Edition, the
traditional rules): the pro does exactly that, and takes blocks edge first so that the middle blocks
carry the tower, the cross pattern strong players build.
"""

import numpy as np
import pytest

from games import registry
from games.core import Seat
from games.jenga.pro import ProBot, ranking, shape_class
from games.match import Match


def _match(seed=0):
    spec = registry.get("jenga_classic")
    match = Match(spec.make_config([Seat("a", "pro"), Seat("b", "pro")]), seed)
    while match.state.is_chance_node():
        match.step()
    return match


def test_shape_classes_follow_the_pro_pattern():
    assert shape_class([1, 2, 3], 0) == 0 and shape_class([1, 2, 3], 2) == 0   # an edge of a full level
    assert shape_class([None, 2, 3], 2) == 1                                    # the last edge: a middle stays
    assert shape_class([1, 2, 3], 1) == 2                                       # a middle: two edges stay
    assert shape_class([1, 2, None], 1) is None                                 # a lone edge would be left
    assert shape_class([None, 2, None], 1) is None                              # nothing would be left


@pytest.mark.physics
def test_ranking_starts_in_the_middle_of_the_tower_middle_blocks_first_and_keeps_off_the_top():
    state = _match().state
    order = ranking(state)
    assert set(order) == set(state.extractable())
    top = max(lv for lv, _ in state.extractable())
    # The fresh tower: its middle levels first, each level's middle block before its edges.
    first_level = order[0][0]
    assert abs(first_level - (top + 1) / 2) <= 1 and order[0][1] == 1
    assert [slot for level, slot in order if level == first_level] == [1, 0, 2]
    # The two levels under the top come last.
    assert all(level >= top - 1 for level, _ in order[-6:])


@pytest.mark.physics
def test_pro_touches_the_ranked_blocks_then_pulls_a_loose_one_slowly():
    match = _match(1)
    bot = ProBot()
    rng = np.random.default_rng(0)
    first = bot.choose(match.state, rng)
    assert first.startswith("probe ")
    touched = []
    while True:
        action = bot.choose(match.state, rng)
        if not action.startswith("probe "):
            break
        match.play(action)
        touched.append(tuple(match.state.last_probe["where"]))
    assert touched == ranking(match.state)[: len(touched)]
    # A slow push: the finger goes the block's length and a little more at 2 cm/s, so in about 4 s.
    assert action.startswith("push ")
    seconds = int(action.split("path=")[1].split(",")[-1].split("/")[0]) / 1000
    assert 3.0 < seconds < 5.0
    level, slot = (int(x) for x in action.split()[1].split(":"))
    if match.state.last_probe and match.state.last_probe["moves"]:
        assert (level, slot) == touched[-1]


def _touch_then_pull(bot, state, rng):
    """Play the bot's touches on `state`; return the blocks touched, whether each gave, and its push."""
    touched = []
    action = bot.choose(state, rng)
    while action.startswith("probe "):
        state.apply_action(action)
        touched.append((tuple(state.last_probe["where"]), bool(state.last_probe["moves"])))
        action = bot.choose(state, rng)
    return touched, action


@pytest.mark.physics
def test_the_careful_levels_touch_none_three_and_six_blocks_and_pull_the_first_that_gives():
    """Issue 16: levels a person recognises, "a beginner pushes fast and anywhere; a careful player
    touches first". The easy bot pushes at once; careful touches at most three blocks, careful_hard at
    most six, in the order its eye ranks them, and stops at the first that gives and pulls it."""
    from games.jenga.bots import touch_order
    from games.jenga.push import parse_push

    spec = registry.get("jenga_classic")
    state = _match(3).state
    order = touch_order(state)
    touched, action = _touch_then_pull(spec.bots["careful_easy"](), state.clone(), np.random.default_rng(0))
    assert touched == [] and action.startswith("push ")
    for name, budget in (("careful", 3), ("careful_hard", 6)):
        touched, action = _touch_then_pull(spec.bots[name](), state.clone(), np.random.default_rng(0))
        assert 1 <= len(touched) <= budget
        assert [b for b, _ in touched] == order[: len(touched)]
        gave = [b for b, moves in touched if moves]
        push = parse_push(action)
        if gave:  # only the last touch gave (it stopped there), and that is the block it pulls
            assert gave == [touched[-1][0]] and (push.level, push.slot) == gave[0]
        else:     # nothing gave: all its touches were used, and it pulls another block
            assert len(touched) == budget and (push.level, push.slot) not in order[:budget]
