"""Kong Tabletop's rules engines, bots and command line. Nothing here imports pygame."""

from .core import CHANCE, TERMINAL, ConfigError, GameConfig, GameError, GameSpec, IllegalActionError, Seat, State
from .match import Match, MatchFileError

__all__ = ["CHANCE", "TERMINAL", "ConfigError", "GameConfig", "GameError", "GameSpec", "IllegalActionError",
           "Match", "MatchFileError", "Seat", "State"]
