"""Where the pointer is, in the screens' own coordinates.

A window smaller than the smallest layout (render.app.MIN_SIZE) shows the screens drawn at a larger
size and scaled down to fit it (App.draw): the pointer's place on the window is then scaled back to
the screen's own before any screen sees it. Screens ask for the pointer here, never from pygame.mouse,
so they agree with the events they are given. In a window of a layout's size this is pygame's own.
"""

from __future__ import annotations

import pygame

_scale = 1.0  # screen pixels per window pixel
_offset = (0, 0)  # where the screen's picture starts in the window
_dragging = False  # a press on the board is being dragged: nothing else lights up under the pointer


def set_view(scale: float, offset=(0, 0)) -> None:
    """The window shows the screen's picture at 1 / scale from `offset` (scale 1: drawn as it is)."""
    global _scale, _offset
    _scale, _offset = float(scale), (int(offset[0]), int(offset[1]))


def scaled() -> bool:
    return _scale != 1.0 or _offset != (0, 0)


def to_screen(pos) -> tuple[int, int]:
    """A place on the window, in the screen's coordinates."""
    if not scaled():
        return int(pos[0]), int(pos[1])
    return int(round((pos[0] - _offset[0]) * _scale)), int(round((pos[1] - _offset[1]) * _scale))


def pos() -> tuple[int, int]:
    """The pointer's place, in the screen's coordinates."""
    return to_screen(pygame.mouse.get_pos())


def set_dragging(on: bool) -> None:
    """Whether the pointer is dragging something on the board (a Jenga block pushed live): buttons and rows it
    passes over are then not lit and say nothing (a feel audit, the push held over Undo: Undo lit up and the
    status line said what it would take back, though letting go there undoes nothing)."""
    global _dragging
    _dragging = bool(on)


def dragging() -> bool:
    return _dragging


def hover_pos() -> tuple[int, int]:
    """Where the pointer is for lighting what is under it: nowhere while it drags something on the board."""
    return (-(10 ** 6), -(10 ** 6)) if _dragging else pos()
