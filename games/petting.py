"""The board games as PettingZoo AEC environments: `games.petting.env("donkey_kong")`.

PettingZoo is an optional extra (`pip install -e '.[rl]'`). The environment wraps the project's own
engine and plays the chance outcomes (dice, card draws) itself from a generator seeded by `reset(seed=)`,
so an agent only ever sees its own decisions. As in PettingZoo's classic board games, an observation
is `{"observation": <float32 vector>, "action_mask": <int8 vector>}` and the action space is
`Discrete(n)`: action k is the k-th of the engine's legal actions at that point, in the engine's fixed
order (`env.unwrapped.action_text(k)` names it). The observation shows every hand (both games are
played with every card face up) and says which seat is looking, so one policy can play any seat
(games/observe.py). Rewards come at the end: each agent's return (Donkey Kong: its score; Monkey Dash:
+1 for the winner, -1 for the loser). Only these two games have an environment (a Jenga game has no
fixed-size observation).

    env = games.petting.env("monkey_dash", variant="pure")
    env.reset(seed=3)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else policy(obs)
        env.step(action)

`max_steps=N` cuts a game after N decisions (every agent truncated, every action mask empty, None the only
step); the engine's own turn or round limit is a truncation too (info["turn_limit"]).

`env.unwrapped.engine` is the engine state, so the project's bots can play seats (see the README);
`env.state()` is PettingZoo's global state, which these environments do not have (NotImplementedError).
"""

from __future__ import annotations

import operator

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import registry
from .bots import sample_outcome
from .core import MAX_SEED, ConfigError, GameError, Seat
from .observe import OBSERVATIONS, observation_for
from .words import counted

MAX_ACTIONS = 128
"""Size of the action space, the bound games.spiel.MAX_DECISIONS also uses: the most legal actions seen
at one node were 12 (Donkey Kong) and 34 (Monkey Dash); games/spiel.py says how they were measured."""


class KongEnv(AECEnv):
    """One of the board games as an AEC environment (chance is resolved inside)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "kong_v0", "is_parallelizable": False}

    def __init__(self, game: str = "donkey_kong", players: int | None = None, variant: str | None = None,
                 render_mode: str | None = None, max_steps: int | None = None):
        super().__init__()
        if isinstance(game, str) and game not in OBSERVATIONS:
            try:  # "Monkey Dash", "md", "Donkey-Kong": as the registry and the command line read a game's name
                game = registry.canonical(game)
            except GameError:
                pass
        if not isinstance(game, str) or game not in OBSERVATIONS:
            known = isinstance(game, str) and game in registry.games()
            why = "has no PettingZoo environment (no fixed-size observation)" if known else "is not a game"
            raise ConfigError(f"{game!r} {why}; the PettingZoo environments are: {', '.join(OBSERVATIONS)}")
        self.spec = registry.get(game)
        low, high = self.spec.min_players, self.spec.max_players
        count = f"{low} for {game}" if low == high else f"a whole number from {low} to {high} for {game}"
        n = low if players is None else _whole(players, "players", count)
        if not low <= n <= high:  # range(-1) made no seats, refused as "not 0" (an audit; spiel.py had it)
            raise ConfigError(f"{self.spec.name} is played by {self.spec.players_span()} players, not {n}")
        if max_steps is not None:
            max_steps = _whole(max_steps, "max_steps", "None (no limit) or a whole number of at least 1", 1)
        self.config = self.spec.make_config([Seat(f"player_{i}") for i in range(n)], variant)
        self.metadata = dict(self.metadata, name=f"kong_{game}_v0")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._obs = observation_for(self.spec, self.config)
        size = self._obs.tensor.shape[0]
        self.observation_spaces = {
            a: spaces.Dict({"observation": spaces.Box(0.0, np.inf, (size,), np.float32),
                            "action_mask": spaces.Box(0, 1, (MAX_ACTIONS,), np.int8)})
            for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(MAX_ACTIONS) for a in self.possible_agents}
        self.engine = None
        self._rng = np.random.default_rng()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ---- the game ------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            seed = _whole(seed, "seed", f"None or a whole number from 0 to {MAX_SEED}", 0)
            if seed > MAX_SEED:  # the project's seeds, everywhere else (an audit passed 2**70)
                raise ValueError(f"seed must be None or a whole number from 0 to {MAX_SEED}, not {seed}")
            self._rng = np.random.default_rng(seed)
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
        self.engine = self.spec.new_state(self.config)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.steps = 0
        self._settle()

    def _settle(self) -> None:
        """Play chance outcomes until a seat must decide or the game is over; then point at that seat."""
        while self.engine.is_chance_node():
            self.engine.apply_action(sample_outcome(self.engine.chance_outcomes(), self._rng))
        if self.engine.is_terminal():
            returns = self.engine.returns()
            # The game's own safety limit (Monkey Dash's turns, Donkey Kong's rounds) cut it short: Gymnasium's
            # truncation, not an ending by the rules (selfplay leaves such games out of its counts; a research
            # audit saw them reported as terminations).
            limited = bool(getattr(self.engine, "reached_limit", lambda: False)())
            for i, agent in enumerate(self.possible_agents):
                self.rewards[agent] = float(returns[i])
                self.terminations[agent] = not limited
                self.truncations[agent] = limited
                self.infos[agent] = {"turn_limit": True} if limited else {}
            self._accumulate_rewards()
            # Every agent is shown the end once, in seat order, then removed by a None step.
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.engine.current_player()]

    def legal(self) -> list[str]:
        """The engine's legal actions (strings) for the agent to move, in the order of the action ids:
        id k is legal()[k] (the action mask has a 1 at each). Empty once the game is over."""
        return self.engine.legal_actions() if self.engine.current_player() >= 0 else []

    def action_index(self, action: str) -> int:
        """The action id of one of the engine's legal actions (a bot's choice, for instance)."""
        legal = self.legal()
        if action not in legal:
            raise ValueError(f"{action!r} is not legal here; legal: {', '.join(legal[:12])}")
        return legal.index(action)

    def action_text(self, action: int) -> str:
        """Action id `action` as a person reads it (the engine's action_to_string), or "no action k" for
        an id that is not legal now."""
        legal = self.legal()
        return self.engine.action_to_string(legal[action]) if 0 <= action < len(legal) else f"no action {action}"

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        legal = self.legal()
        choose = (f"{agent} must choose an action id from 0 to {len(legal) - 1} "
                  f"({counted(len(legal), 'legal action')} here)")
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise TypeError(f"{choose}, an int or numpy integer; got {type(action).__name__} {action!r}")
        if not 0 <= action < len(legal):
            raise ValueError(f"{choose}; got {action}")
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self.engine.apply_action(legal[int(action)])
        self.steps += 1
        self._settle()
        if not self.engine.is_terminal() and self.max_steps is not None and self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
            self.agent_selection = self.agents[0]
        if self.render_mode == "human":
            self.render()

    # ---- what an agent sees ------------------------------------------------------------------
    def observe(self, agent: str) -> dict:
        if agent not in self.possible_agents:
            raise ValueError(f"no agent {agent!r} here; the agents are {', '.join(self.possible_agents)}")
        seat = self.possible_agents.index(agent)
        self._obs.fill(self.engine, seat)
        mask = np.zeros(MAX_ACTIONS, np.int8)
        # an agent whose game is over (by the rules, or cut short by max_steps) may only step None: its mask is
        # all zeros, as PettingZoo's classic environments have it ("all zeros for any agent except the one
        # whose turn it is"); after a max_steps cut the engine still had a seat to move, and its mask offered
        # actions that step() then refused (a research audit)
        # (an agent that has stepped None is gone from `agents` and from those dicts: its mask stays empty)
        done = agent not in self.agents or self.terminations.get(agent, False) or self.truncations.get(agent, False)
        if self.engine.current_player() == seat and not done:
            mask[:len(self.legal())] = 1
        return {"observation": self._obs.tensor.copy(), "action_mask": mask}

    def render(self) -> str | None:
        """The text board: returned in "ansi" mode, printed in "human" mode (which returns None, as
        PettingZoo's render_test expects); with no render_mode, a warning and None, as Gymnasium has it."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called with no render_mode; make the environment with "
                                  "render_mode='ansi' (the text board) or 'human' (printed)")
            return None
        text = str(self.engine)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def state(self):
        """PettingZoo's global state: there is none of fixed size (each agent observes the whole table
        through observe()). The engine's own state, which the project's bots play, is `env.unwrapped.engine`
        (it was `env.unwrapped.state`, which hid this method)."""
        raise NotImplementedError("these environments have no global state array; observe(agent) shows the whole "
                                  "table, and env.unwrapped.engine is the engine's state")

    def close(self) -> None:
        pass


def _whole(value, name: str, allowed: str, least: int | None = None) -> int:
    """An int from an int or a numpy integer (operator.index), at least `least`; anything else, bools
    too, is refused with one message: `name` must be `allowed` (an int or numpy integer), not ..."""
    number = None
    if not isinstance(value, bool):
        try:
            number = operator.index(value)
        except TypeError:
            pass
    if number is None:
        raise TypeError(f"{name} must be {allowed} (an int or numpy integer), not "
                        f"{type(value).__name__} {value!r}")
    if least is not None and number < least:
        raise ValueError(f"{name} must be {allowed}, not {number}")
    return number


def raw_env(game: str = "donkey_kong", **kwargs) -> KongEnv:
    return KongEnv(game, **kwargs)


def env(game: str = "donkey_kong", **kwargs):
    """The environment with PettingZoo's order enforced. An action is checked by the environment itself,
    more strictly than PettingZoo's AssertOutOfBoundsWrapper would (which takes any action in the action
    space, True included, and stops at a bare assert): it must be an int or numpy integer among the
    legal ids, and anything else raises a TypeError or ValueError naming the value and the legal range."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, **kwargs))
