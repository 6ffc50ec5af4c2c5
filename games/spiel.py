"""The board games as OpenSpiel games: `import games.spiel`, then `pyspiel.load_game("kong_donkey_kong")`.

OpenSpiel is an optional extra (`pip install -e '.[rl]'`); nothing else in the project imports it.
Each registered game wraps the project's own engine, so the rules are exactly the ones the app plays:

    kong_donkey_kong   parameters players (2 to 4, default 2), variant ("rulebook" or "wiki")
    kong_monkey_dash   parameters variant ("standard", "bananas" or "pure"); always 2 players

Actions. The engine's actions are strings (a Donkey Kong move is its whole path), and which ones exist
depends on the dice, so there is no fixed list of every action. An OpenSpiel action id is therefore the
position of the action in the state's legal list (for a chance node, in its outcome list), both in the
engine's fixed order: id k means "the k-th legal action here", and `action_to_string` names it. The
number of ids is a bound checked at every node (a node with more choices raises, naming the bound).

Observations are float tensors read from the engine's plain-data state (games/observe.py); Donkey Kong is played with every card face up, so it is a perfect-information
game, while in Monkey Dash a player sees only how many Power Cards the opponent holds.

Serialisation is OpenSpiel's default for Python games (the action history), and every state also
holds the engine's state, so `clone()` is a copy of plain data.
"""

from __future__ import annotations

import pyspiel

from . import registry
from .core import CHANCE, TERMINAL, Seat
from .observe import observation_for

MAX_DECISIONS = 128
"""Action ids per node. Measured maxima over random games: 10 (Donkey Kong), 28 (Monkey Dash)."""
MAX_OUTCOMES = 64
"""Chance outcome ids per node. Measured maxima: 36 (Donkey Kong's card draws), 11 (Monkey Dash)."""


def _seats(n: int) -> tuple[Seat, ...]:
    return tuple(Seat(f"player {i + 1}") for i in range(n))


class _KongState(pyspiel.State):
    """An OpenSpiel state around one engine state."""

    def __init__(self, game: "_KongGame", engine=None):
        super().__init__(game)
        self._game = game
        self.engine = engine if engine is not None else game.spec.new_state(game.config)

    # ---- who acts and what they may do -----------------------------------------------------
    def current_player(self) -> int:
        p = self.engine.current_player()
        if p == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        if p == CHANCE:
            return pyspiel.PlayerId.CHANCE
        return p

    def _choices(self) -> list[str]:
        if self.engine.is_chance_node():
            choices = [o for o, _ in self.engine.chance_outcomes()]
            bound = MAX_OUTCOMES
        else:
            choices = self.engine.legal_actions()
            bound = MAX_DECISIONS
        if len(choices) > bound:
            raise ValueError(f"{len(choices)} choices at one node, more than the {bound} action ids")
        return choices

    def _legal_actions(self, player: int) -> list[int]:
        if self.engine.is_terminal() or player != self.engine.current_player():
            return []
        return list(range(len(self.engine.legal_actions())))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.engine.chance_outcomes()
        if len(outcomes) > MAX_OUTCOMES:
            raise ValueError(f"{len(outcomes)} chance outcomes, more than the {MAX_OUTCOMES} ids")
        total = sum(p for _, p in outcomes)
        return [(i, p / total) for i, (_, p) in enumerate(outcomes)]

    def _apply_action(self, action: int) -> None:
        choices = self._choices()
        if not 0 <= action < len(choices):
            raise ValueError(f"action id {action} is not one of the {len(choices)} choices here")
        self.engine.apply_action(choices[action])

    def _action_to_string(self, player: int, action: int) -> str:
        choices = self._choices()
        if 0 <= action < len(choices):
            return self.engine.action_to_string(choices[action])
        return f"action {action} (not available here)"

    # ---- outcome -------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.engine.is_terminal()

    def returns(self) -> list[float]:
        if not self.engine.is_terminal():
            return [0.0] * self._game.num_players()
        return self._game.utilities(self.engine)

    def __str__(self) -> str:
        return str(self.engine)


class _KongGame(pyspiel.Game):
    """Shared by both games: the engine spec, a config from the parameters, and the observer."""

    GAME = ""
    GAME_TYPE: pyspiel.GameType

    def __init__(self, params=None):
        params = dict(params or {})
        self.spec = registry.get(self.GAME)
        defaults = self.GAME_TYPE.parameter_specification
        players = int(params.get("players", defaults.get("players", self.spec.min_players)))
        variant = str(params.get("variant", defaults["variant"]))
        self.config = self.spec.make_config(_seats(players), variant)
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_DECISIONS,
            max_chance_outcomes=MAX_OUTCOMES,
            num_players=players,
            min_utility=self.MIN_UTILITY,
            max_utility=self.MAX_UTILITY,
            utility_sum=self.UTILITY_SUM,
            max_game_length=self.spec.max_length,
        )
        super().__init__(self.GAME_TYPE, info, params)

    def new_initial_state(self) -> _KongState:
        return _KongState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The one observer the game has: a player's own view of the position. An observation it cannot
        give is refused rather than answered with that one: Monkey Dash's hands are private, so a public
        view or all players' would leak or invent cards, and it keeps no history, so a perfect-recall
        information state (CFR, ISMCTS) would silently forget what was played. Donkey Kong is a game of
        perfect information: every view is the position (its information state string is that position)."""
        if params:
            raise ValueError(f"{self.GAME_TYPE.short_name} observers take no parameters, got {params!r}")
        if iig_obs_type is not None and not self.PERFECT_INFORMATION:
            if iig_obs_type.perfect_recall:
                raise ValueError(f"{self.GAME_TYPE.short_name} has no perfect-recall information state: its "
                                 f"observer sees the position only")
            if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
                raise ValueError(f"{self.GAME_TYPE.short_name} observes for one player, with that player's "
                                 f"private cards and the public board (private_info=SINGLE_PLAYER)")
        return _Observer(self)

    def utilities(self, engine) -> list[float]:
        return [float(r) for r in engine.returns()]


class _Observer:
    """OpenSpiel's observer protocol over the project's observation buffers (games/observe.py)."""

    def __init__(self, game):
        self.obs = observation_for(game.spec, game.config)
        self.tensor, self.dict = self.obs.tensor, self.obs.dict

    def set_from(self, state: _KongState, player: int) -> None:
        self.obs.fill(state.engine, player)

    def string_from(self, state: _KongState, player: int) -> str:
        return self.obs.text(state.engine, player)


class DonkeyKongGame(_KongGame):
    GAME = "donkey_kong"
    PERFECT_INFORMATION = True
    MIN_UTILITY = 0.0
    MAX_UTILITY = 10000.0
    UTILITY_SUM = None
    GAME_TYPE = pyspiel.GameType(
        short_name="kong_donkey_kong",
        long_name="Donkey Kong board game (Milton Bradley, 1982), Kong Tabletop's engine",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": 2, "variant": "rulebook"},
    )


class MonkeyDashGame(_KongGame):
    GAME = "monkey_dash"
    PERFECT_INFORMATION = False
    MIN_UTILITY = -1.0
    MAX_UTILITY = 1.0
    UTILITY_SUM = 0.0
    GAME_TYPE = pyspiel.GameType(
        short_name="kong_monkey_dash",
        long_name="Monkey Dash, Kong Tabletop's engine",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"variant": "standard"},
    )


pyspiel.register_game(DonkeyKongGame.GAME_TYPE, DonkeyKongGame)
pyspiel.register_game(MonkeyDashGame.GAME_TYPE, MonkeyDashGame)
