"""The board games as OpenSpiel games: `import games.spiel`, then `pyspiel.load_game("kong_donkey_kong")`.

OpenSpiel is an optional extra (`pip install -e '.[rl]'`); nothing else in the project imports it.
Each registered game wraps the project's own engine, so the rules are exactly the ones the app plays:

    kong_donkey_kong   parameters players (2 to 4, default 2), variant ("rulebook" or "wiki")
    kong_monkey_dash   parameters variant ("standard", "bananas", "pure" or "bananas_pure"); always 2 players

Actions. The engine's actions are strings (a Donkey Kong move is its whole path), and which ones exist
depends on the dice, so there is no fixed list of every action. An OpenSpiel action id is therefore the
position of the action in the state's legal list (for a chance node, in its outcome list), both in the
engine's fixed order: id k means "the k-th legal action here", and `action_to_string` names it. The
number of ids is a bound checked at every node (a node with more choices raises, naming the bound).

Information. Both are games of perfect information: Donkey Kong is played with every card face up, and
so is Monkey Dash ("Deal two Power Cards, face up, to each player"; a card gained is placed "face up,
on the table"). What nobody knows is the order of a draw pile, and OpenSpiel models a draw as a chance
node, so no player ever holds a secret. So is a Donkey Kong penalty's card, "returned" from a face-down
played pile: a chance outcome that names the card (`lose H300`), public as it is on the table once
turned over; in the wiki variant it goes on top of the deck, where the `deck_top` view shows it, so the
next draw is then known to every player alike. As in OpenSpiel's own perfect-information games, then:
  - the observation (tensor and string, games/observe.py) shows every hand, as the table does, and
    says who is looking (Donkey Kong: an `observer` one-hot; Monkey Dash: written from the observer's
    side, with a `colour` one-hot), so one network can play any seat;
  - the information state string is the history of action ids (perfect recall; the ids are positions
    in the legal lists, so the history names every action), and there is no information state tensor:
    `information_state_tensor` raises, and a tool that wants a tensor (rl_environment, for one) takes
    the observation tensor, as the game type says;
  - an observer of public information alone is the observation, and one of private information alone
    is empty: nobody has any.

Serialisation is OpenSpiel's default for Python games: `serialize()` writes the action history and then a
base64 pickle of the state's attributes (the engine's state among them), and `deserialize_state` unpickles
that pickle as it is, without replaying the history against it. So a string is trusted as code is: only
deserialise strings you made, as with any pickle (a string edited by hand can give a state whose history()
disagrees with its engine). `clone()` is a copy of plain data.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from . import registry
from .core import CHANCE, TERMINAL, ConfigError, Seat
from .words import counted
from .donkey_kong.cards import CARD_POINTS, COPIES, FINISH_BONUS
from .observe import observation_for

MAX_DECISIONS = 128
"""Action ids per node. The rules give no small bound, so this one leaves room. The most legal actions
seen at one node: 12 for Donkey Kong (wiki variant, 3 or 4 random players; the rulebook variant: 8) and
34 for Monkey Dash (bananas variant, greedy against greedy; standard 15, pure 13). Measured by counting
len(legal_actions()) at every decision of games played by games.match.Match: for each variant and
player count (Donkey Kong 2 to 4), 300 games of random players and 40 of bots (Donkey Kong: strong,
Monkey Dash: greedy). A smaller sample (15 random games and 4 of bots each) saw 11 and 32."""
MAX_OUTCOMES = 64
"""Chance outcome ids per node. Measured the same way: 30 for Donkey Kong (a roll of its two dice, in both
variants; the docstring said 36 until a research audit counted them), 11 for Monkey Dash (a draw from the full
pile of eleven Power Cards)."""

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
        if self.engine.is_terminal():
            raise ValueError(f"the game is over (returns {self.returns()}): no action can be applied "
                             f"(got action id {action})")
        choices = self._choices()
        if not 0 <= action < len(choices):
            ids = {1: "the legal id is 0", 2: "the legal ids are 0 or 1"}.get(len(choices),
                                                                               f"the legal ids are 0 to {len(choices) - 1}")
            raise ValueError(f"action id {action} is not legal here: {ids} ({counted(len(choices), 'choice')} here)")
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

    def information_state_tensor(self, player=None):
        raise ValueError(_NO_INFOSTATE_TENSOR.format(self._game.GAME_TYPE.short_name))

    def __str__(self) -> str:
        return str(self.engine)


_NO_INFOSTATE_TENSOR = ("{} has no information state tensor (a perfect-information game: its information "
                        "state is the history, information_state_string); use observation_tensor(player), "
                        "which shows every card")


class _KongGame(pyspiel.Game):
    """Shared by both games: the engine spec, a config from the parameters, and the observer."""

    GAME = ""
    GAME_TYPE: pyspiel.GameType

    def __init__(self, params=None):
        params = dict(params or {})
        self.spec = registry.get(self.GAME)
        defaults = self.GAME_TYPE.parameter_specification
        players = int(params.get("players", defaults.get("players", self.spec.min_players)))
        if not self.spec.min_players <= players <= self.spec.max_players:  # _seats(-2) made none: "not 0"
            raise ConfigError(f"{self.spec.name} is played by {self.spec.players_span()} players, not {players}")
        variant = str(params.get("variant", defaults["variant"]))
        self.config = self.spec.make_config(_seats(players), variant)
        # The engine's own bound for this config: Donkey Kong's depends on the player count (its round
        # limit counts rounds of every seat's turn, and a space holds at most that many pawns), so a
        # 2-player game declares 8,746,046 where the spec's bound, for 4 players, is 34,900,092. It is
        # a strict bound from the rules, far above the lengths played; see max_game_length().
        self._max_length = self.spec.new_state(self.config).max_length()
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_DECISIONS,
            max_chance_outcomes=MAX_OUTCOMES,
            num_players=players,
            min_utility=self.MIN_UTILITY,
            max_utility=self.MAX_UTILITY,
            utility_sum=self.UTILITY_SUM,
            max_game_length=self._max_length,
        )
        super().__init__(self.GAME_TYPE, info, params)

    def max_game_length(self) -> int:
        """The most actions (decisions and chance outcomes) a game can take: the engine's state's
        max_length() for this config, a strict bound derived from the rules as implemented.

        Donkey Kong (games/donkey_kong/state.py max_length): 8,746,046 for 2 players, 19,647,069 for 3
        and 34,900,092 for 4. The rules end a game only at the rescue; the engine adds a round limit (1000
        rounds, a safety net no bot game has come near), and a single turn has no small bound: every contact
        between an obstacle and a pawn is an action (a card played, or one lost, taken or drawn by chance),
        and cards change hands within a turn rather than run out (a theft or a reward puts one in the turn's
        player's hand). So the bound is the round limit times the worst turn an obstacle's path allows: strict,
        but thousands of times the games actually played (a 4-player random game takes about 800
        actions; the longest bot game seen lasted about 610 rounds). A tool that sizes buffers from it
        should use a practical cap of its own. Monkey Dash: 4,805 (its 120-turn limit, at which the game
        is a draw, times 40 actions a turn, plus the setup)."""
        return self._max_length

    def new_initial_state(self) -> _KongState:
        return _KongState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """An observer of the kind asked for, as OpenSpiel's perfect-information games give them: the
        observation (the default, and public information alone, since nothing is private), the history
        (a perfect-recall information state), or nothing (private information alone: nobody has any)."""
        if params:
            raise ValueError(f"{self.GAME_TYPE.short_name} observers take no parameters, got {params!r}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return _HistoryObserver(self.GAME_TYPE.short_name)
        if iig_obs_type is not None and not iig_obs_type.public_info:
            return _NothingPrivate()
        return _Observer(self)

    def information_state_tensor_shape(self):
        raise ValueError(_NO_INFOSTATE_TENSOR.format(self.GAME_TYPE.short_name))

    def information_state_tensor_size(self):
        raise ValueError(_NO_INFOSTATE_TENSOR.format(self.GAME_TYPE.short_name))

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


class _HistoryObserver:
    """The information state of a perfect-information game: the history (perfect recall), no tensor."""

    def __init__(self, short_name: str):
        self.short_name = short_name
        self.tensor, self.dict = None, {}

    def set_from(self, state: _KongState, player: int) -> None:
        raise ValueError(_NO_INFOSTATE_TENSOR.format(self.short_name))

    def string_from(self, state: _KongState, player: int) -> str:
        return state.history_str()


class _NothingPrivate:
    """Private information alone, in a game where nobody holds any: an empty tensor and string."""

    def __init__(self):
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict = {}

    def set_from(self, state: _KongState, player: int) -> None:
        pass

    def string_from(self, state: _KongState, player: int) -> str:
        return ""


# A player's score is the points of the cards in their played pile plus the Finish bonus. Every card
# stays in the game (deck, hands and played piles hold the 48 between them) and the bonus is given
# once, to the one player who finishes, so a score is at most every card's points plus the bonus:
# 8 x (100 + 200 + 300 + 200 + 300 + 400) + 500 = 12,500.
_DK_MAX_SCORE = COPIES * sum(CARD_POINTS) + FINISH_BONUS


class DonkeyKongGame(_KongGame):
    GAME = "donkey_kong"
    MIN_UTILITY = 0.0
    MAX_UTILITY = float(_DK_MAX_SCORE)
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
    MIN_UTILITY = -1.0
    MAX_UTILITY = 1.0
    UTILITY_SUM = 0.0
    GAME_TYPE = pyspiel.GameType(
        short_name="kong_monkey_dash",
        long_name="Monkey Dash, Kong Tabletop's engine",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"variant": "standard"},
    )


pyspiel.register_game(DonkeyKongGame.GAME_TYPE, DonkeyKongGame)
pyspiel.register_game(MonkeyDashGame.GAME_TYPE, MonkeyDashGame)
