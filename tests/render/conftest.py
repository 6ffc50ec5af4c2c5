"""Fixtures of the render tests."""

from __future__ import annotations

import pygame
import pytest

from render import text


@pytest.fixture
def lines_drawn(monkeypatch):
    """Every line render.text.draw draws from here on, as (words, rect), in the order drawn (blank ones
    left out); clear() it before the drawing a test reads."""
    lines: list[tuple[str, pygame.Rect]] = []
    real = text.draw

    def draw(surface, words, pos, size, colour, bold=False, mono=False, anchor="topleft"):
        rect = real(surface, words, pos, size, colour, bold, mono, anchor)
        if words.strip():
            lines.append((words, rect))
        return rect

    monkeypatch.setattr(text, "draw", draw)
    return lines
