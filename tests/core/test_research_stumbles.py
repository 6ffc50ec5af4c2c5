"""Stumbles an audit found in the research interfaces (games/spiel.py, games/petting.py, games/observe.py).

Each test runs the real OpenSpiel and PettingZoo on the project's engines, and failed before its fix.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the [rl] extra (make test installs it)")

import games.spiel  # noqa: E402,F401  registers the games
from games import petting, registry  # noqa: E402
from games.donkey_kong.cards import CARD_POINTS, COPIES, FINISH_BONUS  # noqa: E402
from games.core import ActionSyntaxError  # noqa: E402


def _chance(state, rng) -> None:
    ids, probs = zip(*state.chance_outcomes())
    state.apply_action(int(rng.choice(ids, p=probs)))


def _to_a_decision(game, seed: int = 1):
    """A state where a player decides, reached by sampling chance (the setup) with a fixed seed."""
    state, rng = game.new_initial_state(), np.random.default_rng(seed)
    while state.is_chance_node():
        _chance(state, rng)
    return state


def _play_out(state, seed: int):
    """Random decisions and sampled chance to the end; yields each state on the way."""
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        yield state
        if state.is_chance_node():
            _chance(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    yield state


# ---- 1. Monkey Dash's Power Cards are face up --------------------------------------------------

def test_monkey_dash_is_perfect_information_and_observes_both_hands():
    """Rules: "Deal two Power Cards, face up, to each player" and "Players always take the top Power
    Card from the draw pile and must place it, face up, on the table". The game was registered as
    imperfect information and a player's observation gave only the size of the opponent's hand."""
    game = pyspiel.load_game("kong_monkey_dash")
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    state = _to_a_decision(game)
    hands = state.engine.hands
    assert len(hands[0]) == len(hands[1]) == 2
    titles = {c.id: c.name for c in state.engine.deck}  # the text names the cards by their titles
    for player in (0, 1):
        text = state.observation_string(player)
        assert all(titles[card] in text for card in hands[0] + hands[1])
    # The tensor: one count per Power Card for each hand, the observer's first.
    from open_spiel.python.observation import make_observation

    obs = make_observation(game)
    ids = sorted(c.id for c in state.engine.deck)
    for player in (0, 1):
        obs.set_from(state, player)
        mine = [ids[i] for i in np.flatnonzero(obs.dict["hand"])]
        theirs = [ids[i] for i in np.flatnonzero(obs.dict["their_hand"])]
        assert (mine, theirs) == (sorted(hands[player]), sorted(hands[1 - player]))


def test_monkey_dash_pettingzoo_agents_see_both_hands_in_their_observation_space():
    env = petting.env("monkey_dash", variant="bananas")
    env.reset(seed=2)
    state = env.unwrapped.engine
    ids = sorted(c.id for c in state.deck)
    for seat, agent in enumerate(env.possible_agents):
        obs = env.observe(agent)
        space = env.observation_space(agent)
        assert space["observation"].shape == obs["observation"].shape and space.contains(obs)
        theirs = env.unwrapped._obs.dict["their_hand"]  # the view into the tensor just written
        assert [ids[i] for i in np.flatnonzero(theirs)] == sorted(state.hands[1 - seat])


@pytest.mark.parametrize("name", ["kong_donkey_kong", "kong_monkey_dash"])
def test_the_information_state_is_the_history_as_for_openspiels_perfect_information_games(name):
    """Monkey Dash refused information_state_string (no perfect recall); Donkey Kong's was the position,
    which forgets how it was reached. A perfect-information game's information state is its history."""
    game = pyspiel.load_game(name)
    assert game.get_type().provides_information_state_string
    state = _to_a_decision(game)
    state.apply_action(state.legal_actions()[-1])
    assert [state.information_state_string(p) for p in (0, 1)] == [state.history_str()] * 2
    from open_spiel.python.observation import make_observation

    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    public.set_from(state, 0)
    assert public.string_from(state, 0) == state.observation_string(0)
    private = make_observation(game, pyspiel.IIGObservationType(public_info=False, perfect_recall=False))
    private.set_from(state, 0)
    assert private.string_from(state, 0) == "" and private.tensor.size == 0


# ---- 2. numpy seeds -----------------------------------------------------------------------------

def _moves(env, steps: int) -> list:
    """The first few (agent, legal count, observation) of a game played by the first legal action."""
    seen = []
    for _ in range(steps):
        obs = env.observe(env.agent_selection)
        seen.append((env.agent_selection, int(obs["action_mask"].sum()), obs["observation"].tolist()))
        env.step(0)
    return seen


def test_pettingzoo_reset_takes_a_numpy_integer_seed_as_the_same_seed():
    """env.reset(seed=np.int64(3)) ended in gymnasium's "Seed must be a python integer"."""
    a, b = petting.env("donkey_kong"), petting.env("donkey_kong")
    a.reset(seed=np.int64(3))
    b.reset(seed=3)
    assert _moves(a, 6) == _moves(b, 6)
    assert a.action_space("player_0").sample() == b.action_space("player_0").sample()


@pytest.mark.parametrize("seed", [True, 3.0, "3", np.float64(3), -1])
def test_pettingzoo_reset_refuses_a_seed_that_is_not_a_whole_number(seed):
    env = petting.env("donkey_kong")
    with pytest.raises((TypeError, ValueError), match=r"^seed must be None or a whole number from 0 to "):
        env.reset(seed=seed)


# ---- 3. action types and the environment's arguments ----------------------------------------

@pytest.mark.parametrize("action", ["1", "  0 ", True, 1.9, np.bool_(True), None])
@pytest.mark.parametrize("wrapped", [False, True])
def test_pettingzoo_action_must_be_an_integer_id(action, wrapped):
    """raw_env took '1', '  0 ', True and 1.9 (as action 1); the wrapped env took True."""
    env = petting.env("monkey_dash") if wrapped else petting.raw_env("monkey_dash")
    env.reset(seed=1)
    before = env.unwrapped.engine.to_json()
    count = len(env.unwrapped.legal())
    with pytest.raises(TypeError) as info:
        env.step(action)
    message = str(info.value)
    assert f"from 0 to {count - 1}" in message and repr(action) in message and "\n" not in message
    assert env.unwrapped.engine.to_json() == before


def test_pettingzoo_takes_numpy_integer_actions_and_names_an_id_out_of_range():
    env = petting.raw_env("monkey_dash")
    env.reset(seed=1)
    count = len(env.legal())
    with pytest.raises(ValueError, match=rf"from 0 to {count - 1} .*; got {count}$"):
        env.step(count)
    turn = env.engine.to_json()
    env.step(np.int64(0))
    assert env.engine.to_json() != turn


def test_pettingzoo_environment_arguments_are_checked_with_one_clear_message():
    with pytest.raises(TypeError, match=r"^players must be 2 for monkey_dash \(an int or numpy integer\), "
                                        r"not str '3'$"):
        petting.env("monkey_dash", players="3")
    with pytest.raises(TypeError, match="players must be a whole number from 2 to 4 for donkey_kong"):
        petting.env("donkey_kong", players=True)
    assert petting.env("donkey_kong", players=np.int32(3)).possible_agents == ["player_0", "player_1", "player_2"]
    with pytest.raises(ValueError, match=r"^'nosuch' is not a game; the PettingZoo environments are: "
                                         r"donkey_kong, monkey_dash$"):
        petting.env("nosuch")
    with pytest.raises(ValueError, match=r"^'jenga_classic' has no PettingZoo environment .*: donkey_kong, "
                                         r"monkey_dash$"):
        petting.env("jenga_classic")
    for steps in (0, -3):
        with pytest.raises(ValueError, match=rf"^max_steps must be None \(no limit\) or a whole number of at "
                                             rf"least 1, not {steps}$"):
            petting.env("monkey_dash", max_steps=steps)
    with pytest.raises(TypeError, match="max_steps must be None"):
        petting.env("monkey_dash", max_steps=2.5)


def test_pettingzoo_max_steps_truncates_after_that_many_decisions():
    env = petting.env("monkey_dash", max_steps=np.int64(3))
    env.reset(seed=4)
    for _ in range(3):
        env.step(0)
    assert all(env.truncations.values()) and env.unwrapped.steps == 3


def test_after_a_max_steps_cut_every_mask_is_empty_and_none_is_the_only_step():
    """PettingZoo's classic environments: "The action_mask will be all zeros for any agent except the one
    whose turn it is", and a done agent may only step None. A research audit: after max_steps cut the game,
    the seat the engine still had to move was shown a mask with actions that step() then refused."""
    env = petting.env("monkey_dash", max_steps=1)
    env.reset(seed=0)
    env.step(0)
    for agent in env.agent_iter(max_iter=10):
        obs, _, termination, truncation, _ = env.last()
        assert truncation and not termination
        assert not obs["action_mask"].any(), agent
        assert not any(env.observe(a)["action_mask"].any() for a in env.possible_agents)
        env.step(None)
        # once it has stepped None an agent is gone, and its mask stays empty (it came back with PettingZoo's
        # own bookkeeping removed: a regression audit)
        assert not any(env.observe(a)["action_mask"].any() for a in env.possible_agents)
    assert env.agents == []


# ---- 4. declared bounds ---------------------------------------------------------------------------

def test_donkey_kong_max_utility_bounds_every_card_and_the_bonus():
    """Rulebook: the first to reach the Finish "is awarded a 500 point bonus ... All players total up the
    number of points they have on their "played" facedown cards only". The declared 10,000 was below
    the 48 cards' 12,000 plus that bonus."""
    game = pyspiel.load_game("kong_donkey_kong")
    assert game.max_utility() == COPIES * sum(CARD_POINTS) + FINISH_BONUS == 12500
    assert game.min_utility() == 0


@pytest.mark.parametrize("name,params", [("kong_donkey_kong", {"players": 4, "variant": "wiki"}),
                                         ("kong_monkey_dash", {"variant": "bananas"})])
def test_declared_bounds_hold_over_random_games(name, params):
    game = pyspiel.load_game(name, params)
    for seed in range(10):
        length = 0
        for state in _play_out(game.new_initial_state(), seed):
            if state.is_chance_node():
                assert len(state.chance_outcomes()) <= game.max_chance_outcomes()
            elif not state.is_terminal():
                assert len(state.legal_actions()) <= game.num_distinct_actions()
                length += 1
        assert length <= game.max_game_length()
        assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


# ---- 5. information state tensor, the observer's seat, a finished game ------------------------

@pytest.mark.parametrize("name", ["kong_donkey_kong", "kong_monkey_dash"])
def test_no_information_state_tensor_is_declared_and_none_is_given(name):
    """Donkey Kong declared provides_information_state_tensor=False yet gave 548 values."""
    game = pyspiel.load_game(name)
    assert not game.get_type().provides_information_state_tensor
    state = _to_a_decision(game)
    for ask in (lambda: state.information_state_tensor(0), game.information_state_tensor_shape,
                game.information_state_tensor_size):
        with pytest.raises(ValueError, match=rf"^{name} has no information state tensor .* use "
                                             r"observation_tensor\(player\)"):
            ask()
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()


def _offset(game, view: str) -> int:
    """Where a named view of the game's observation starts in the flat tensor (games/observe.py)."""
    from games.observe import observation_for

    obs = observation_for(game.spec, game.config)
    names = [name for name, _ in obs.shapes]
    return sum(obs.dict[name].size for name in names[:names.index(view)])


def test_donkey_kong_observation_says_which_seat_is_looking():
    """The tensors of players 0 and 1 were identical: a policy playing several seats could not tell
    which pawn was its own."""
    game = pyspiel.load_game("kong_donkey_kong", {"players": 3})
    state = _to_a_decision(game)
    tensors = [np.array(state.observation_tensor(p)) for p in range(3)]
    seats = _offset(game, "observer")  # where the observer one-hot (4 seats at most) starts in the tensor
    for p in range(3):
        assert tensors[p][seats:seats + 4].tolist() == [1.0 if s == p else 0.0 for s in range(4)]
        others = [i for i in range(tensors[0].size) if not seats <= i < seats + 4]
        assert np.array_equal(tensors[p][others], tensors[0][others])
        assert state.observation_string(p).endswith(f"observer: 'player {p + 1}', player id {p}")
    env = petting.env("donkey_kong", players=3)
    env.reset(seed=0)
    seen = [env.observe(a)["observation"][seats:seats + 4].tolist() for a in env.possible_agents]
    assert seen == [[1.0 if s == p else 0.0 for s in range(4)] for p in range(3)]


def test_monkey_dash_observation_says_which_colour_is_looking():
    game = pyspiel.load_game("kong_monkey_dash")
    state = _to_a_decision(game)
    at = _offset(game, "colour")
    colours = [np.array(state.observation_tensor(p))[at:at + 2].tolist() for p in (0, 1)]
    assert colours == [[1.0, 0.0], [0.0, 1.0]]
    assert state.observation_string(1).endswith("observer: 'player 2' (blue), player id 1")


def test_an_observation_for_a_player_the_game_has_not_is_refused():
    game = pyspiel.load_game("kong_monkey_dash")
    state = _to_a_decision(game)
    from games.observe import observation_for

    obs = observation_for(game.spec, game.config)
    with pytest.raises(ValueError, match=r"^an observation is for a player from 0 to 1, not 2$"):
        obs.fill(state.engine, 2)


@pytest.mark.parametrize("name", ["kong_donkey_kong", "kong_monkey_dash"])
def test_an_action_on_a_finished_game_says_the_game_is_over(name):
    """apply_action(0) on a finished game said "action id 0 is not one of the 0 choices here"."""
    game = pyspiel.load_game(name)
    for state in _play_out(game.new_initial_state(), 5):
        pass
    assert state.is_terminal()
    with pytest.raises(ValueError, match=r"^the game is over \(returns .*\): no action can be applied"):
        state.apply_action(0)


# ---- a research audit of 6 Dec ------------------------------------------------------------------------------

def test_pettingzoo_a_game_cut_short_by_the_turn_limit_is_truncated_not_terminated():
    """A research audit: a random Monkey Dash game that reached the engine's 120-turn limit ended with every
    agent's termination True and truncation False, though selfplay calls such a game "cut short by the game's
    own safety limit ... not ended by its rules". Gymnasium's convention is truncation for a time limit: now
    truncation True, termination False, and info {"turn_limit": True}; a game ended by the rules terminates."""
    seen = {True: 0, False: 0}
    for seed in range(6):
        env = petting.env("monkey_dash")
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            if termination or truncation:
                limited = env.unwrapped.engine.reached_limit()
                assert (termination, truncation) == (not limited, limited)
                assert info == ({"turn_limit": True} if limited else {})
                seen[limited] += 1
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert seen[True] > 0, seen  # random play reaches the limit in most games


def test_a_wrong_player_count_or_an_empty_variant_is_refused_with_what_was_given():
    """The audit: players=-2 was refused as "not 0" (the seats made from it), and variant "" was taken silently
    for the default while the game's string said variant=. Both are refused naming what was given; a variant's
    name is taken in any case, as the command line takes it ("WIKI")."""
    from games.core import ConfigError

    with pytest.raises(ConfigError, match=r"donkey_kong is played by 2 to 4 players, not -2$"):
        pyspiel.load_game("kong_donkey_kong", {"players": -2})
    with pytest.raises(ConfigError, match=r"unknown variant '' for donkey_kong; choose one of: rulebook, wiki"):
        pyspiel.load_game("kong_donkey_kong", {"variant": ""})
    game = pyspiel.load_game("kong_donkey_kong", {"variant": "WIKI"})
    assert game.config.variant == "wiki"
    env = petting.env("donkey_kong", variant="Wiki")
    env.reset(seed=1)
    assert env.unwrapped.engine.config.variant == "wiki"


def test_pettingzoo_observe_of_an_agent_that_is_not_there_names_the_agents():
    env = petting.env("monkey_dash")
    env.reset(seed=1)
    with pytest.raises(ValueError, match=r"^no agent 'player_9' here; the agents are player_0, player_1$"):
        env.observe("player_9")


def test_an_impossible_outcome_of_the_right_kind_is_not_told_that_chance_moves():
    """The audit: "build 99" at the build node was told "it is chance's move now ..., not a player's", words
    for a player's action; it was a chance outcome that cannot come. Told so now, with the possible ones."""
    from games.core import ChanceTurnError

    spec = registry.get("jenga_classic")
    state = spec.new_state(spec.make_config(players=2))  # the tower's build is chance's (no physics runs here)
    with pytest.raises(ChanceTurnError) as wrong_kind:
        state.apply_action("stack 0")  # a player's action
    assert "it is chance's move now" in str(wrong_kind.value)
    with pytest.raises(ChanceTurnError) as same_kind:
        state.apply_action("build 99")
    assert str(same_kind.value).startswith("'build 99' is not a possible chance outcome here; possible: build 0, ")


# ---- a research audit of 7 Dec ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [-1, -7, 1, 5])
def test_pettingzoo_a_wrong_player_count_is_refused_with_the_number_given(players):
    """players=-1 made no seats and was refused as "not 0" (spiel.py had been mended, petting.py not)."""
    from games.core import ConfigError

    with pytest.raises(ConfigError, match=rf"^donkey_kong is played by 2 to 4 players, not {players}$"):
        petting.env("donkey_kong", players=players)


def test_openspiel_a_wrong_action_id_names_the_legal_ids():
    """apply_action(500) said "action id 500 is not one of the 1 choices here", no range and a wrong plural;
    PettingZoo's own refusal names the range."""
    game = pyspiel.load_game("kong_monkey_dash")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    n = len(state.legal_actions())
    assert n > 1
    before = state.serialize()
    ids = "the legal ids are 0 or 1" if n == 2 else f"the legal ids are 0 to {n - 1}"
    with pytest.raises(ValueError, match=rf"^action id 500 is not legal here: {ids} \({n} choices here\)$"):
        state.apply_action(500)
    assert state.serialize() == before


def test_a_jenga_refusal_names_the_forms_not_300_cut_finger_paths():
    """A research audit: 'nonsense' applied to a fresh classic tower was refused with 587 characters of finger
    paths cut mid-path ('push 0:0 +x path=0/0/0,33/1/0,67/3/0,100/...'), naming 'extract' as a form although
    none was listed, and 'push 5:1' (the short form the typing hint gives) was refused without saying that
    string_to_action reads it. No physics runs: the tower's build is chance's and is not applied here."""
    spec = registry.get("jenga_classic")
    state = spec.new_state(spec.make_config(players=2))
    state.apply_action(state.chance_outcomes()[0][0])  # the build (the statics of a fresh tower, no push)
    assert state.current_player() == 0 and state.may_extract()
    with pytest.raises(ActionSyntaxError) as applied:
        state.apply_action("nonsense")
    said = str(applied.value)
    assert "path=0/0/0," not in said and len(said) < 500
    assert "'push LEVEL:SLOT END path=t/along/across,...' (a finger's path) and 'probe LEVEL:SLOT END'" in said
    assert "a straight push 'extract LEVEL:SLOT END speed=S steady=D' is taken too" in said  # though never listed
    assert f"{len(state.legal_actions())} actions" in said and "string_to_action()" in said
    with pytest.raises(ActionSyntaxError) as typed:
        state.string_to_action("nonsense")
    assert "path=" not in str(typed.value) and re.search(r"'push (\d+):(\d+)'", str(typed.value))
    # its example is a block that may be taken now, its end on the block's own axis
    level, slot = (int(v) for v in re.search(r"'push (\d+):(\d+)'", str(typed.value)).groups())
    assert (level, slot) in state.extractable()
    assert f"'touch {level}:{slot} -{'x' if level % 2 == 0 else 'y'}'" in str(typed.value)
    with pytest.raises(ActionSyntaxError, match=r"string_to_action\(\) reads short forms such as 'push 5:1'"):
        state.apply_action("push 5:1")
    # typed (the terminal reads through string_to_action), a malformed path is told without the function's name
    with pytest.raises(ActionSyntaxError) as typed_path:
        state.string_to_action("push 5:1 path=0/0/0,500/400/0")
    assert "is not a push" in str(typed_path.value) and "string_to_action" not in str(typed_path.value)
    assert state.string_to_action("push 5:1").startswith("push 5:1 +y path=")
