"""The Jenga screens (traditional, Donkey Kong and Super Mario Jenga), one package, one file per job:

- screen.py: JengaScreen itself, its state, the hooks of GameScreen, a move's physics in the background,
  the tower drawn;
- pointer.py: the mouse (the live drag, the touch, clicks on slots and holes, turning the view);
- keyboard.py: Jenga by keyboard (the block picker, the held push keys) and the view's keys;
- risk.py: which risk map the tint shows, when it is asked for, and its figures in words;
- fall.py: a fall replayed slowly from its best side and framed to the floor;
- overlays.py: the legend, spinner, countdown, gauge, lines, tooltip, pieces, side panel (its scrolling
  "Your move" steps) and result;
- help.py: the tower's shortcuts in the help panel;
- holes.py: pieces that went into holes out of sight, in words.
"""

from .fall import FALL_SPEED
from .risk import MOVED_MM
from .screen import JengaScreen

__all__ = ["FALL_SPEED", "MOVED_MM", "JengaScreen"]
