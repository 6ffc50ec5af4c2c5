"""Which screen plays which game: a game's own screen if it exists and imports, else the generic one."""

from __future__ import annotations

import importlib
import sys
from typing import Callable

from .base import GameScreen

# game name (or prefix ending in '_*') -> "module:Class", imported only when needed.
_SCREENS = {
    "donkey_kong": "render.screens.donkey_kong:DonkeyKongScreen",
    "monkey_dash": "render.screens.monkey_dash:MonkeyDashScreen",
    "jenga_*": "render.screens.jenga:JengaScreen",
}


def screen_for(game_name: str) -> Callable[..., GameScreen]:
    """The screen class for a game: its own if one exists and imports, else the generic GameScreen."""
    target = _SCREENS.get(game_name)
    if target is None:
        target = next((t for key, t in _SCREENS.items() if key.endswith("*") and game_name.startswith(key[:-1])),
                      None)
    if target is None:
        return GameScreen
    module_name, _, class_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            return GameScreen  # that screen is not written yet
        sys.stderr.write(f"The {game_name} screen cannot be loaded ({exc}); using the generic screen.\n")
        return GameScreen
    except ImportError as exc:
        sys.stderr.write(f"The {game_name} screen cannot be loaded ({exc}); using the generic screen.\n")
        return GameScreen
    return getattr(module, class_name, GameScreen)
