"""The play screens: base.GameScreen for any game, and each board game's own screen."""
