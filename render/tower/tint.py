"""The risk tint: a colour-blind-safe ramp for collapse probabilities, and its legend.

The ramp follows viridis (dark purple through teal and green to yellow): its lightness rises
steadily, so it reads the same under the common colour-vision deficiencies and in grey. The legend
prints the numbers beside the colours, so no reading depends on telling hues apart.
"""

from __future__ import annotations

import numpy as np
import pygame

from render import palette, text

# Viridis sampled at nine even steps (0, 1/8, ..., 1).
_STOPS = np.array([
    [68, 1, 84], [71, 44, 122], [59, 81, 139], [44, 113, 142], [33, 144, 141],
    [39, 173, 129], [92, 200, 99], [170, 220, 50], [253, 231, 37],
], dtype=float)


UNMAPPED_SWATCH = (150, 140, 128)  # what a greyed block looks like, for the legend


def risk_colour(p) -> np.ndarray:
    """Probabilities (any shape, clipped to 0..1) -> RGB colours (..., 3) as floats 0..255."""
    p = np.clip(np.asarray(p, dtype=float), 0.0, 1.0)
    x = p * (len(_STOPS) - 1)
    i = np.minimum(np.floor(x).astype(int), len(_STOPS) - 2)
    t = (x - i)[..., None]
    return _STOPS[i] * (1 - t) + _STOPS[i + 1] * t


def risk_colour_rgb(p: float) -> tuple[int, int, int]:
    c = risk_colour(p)
    return int(round(c[0])), int(round(c[1])), int(round(c[2]))


class RiskLegend:
    """A vertical colour bar, 0 % at the bottom to 100 % at the top, with its title, ticks and status."""

    def __init__(self):
        self._bar: pygame.Surface | None = None

    def _bar_image(self, w: int, h: int) -> pygame.Surface:
        if self._bar is None or self._bar.get_size() != (w, h):
            p = 1.0 - np.arange(h) / max(1, h - 1)
            column = risk_colour(p).astype(np.uint8)  # (h, 3), top row 100 %
            self._bar = pygame.surfarray.make_surface(np.repeat(column[None, :, :], w, axis=0))
        return self._bar

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, size: int = 14, status: str = "") -> None:
        rect = pygame.Rect(rect)
        text.draw(surface, "collapse risk", rect.topleft, size, palette.TEXT)
        bar = pygame.Rect(rect.x, rect.y + int(size * 1.6), max(10, size), rect.height - int(size * 3.4))
        surface.blit(self._bar_image(bar.w, bar.h), bar.topleft)
        pygame.draw.rect(surface, palette.PANEL_EDGE, bar, 1)
        for p in (0.0, 0.25, 0.5, 0.75, 1.0):
            y = bar.bottom - 1 - p * (bar.height - 1)
            pygame.draw.line(surface, palette.TEXT_DIM, (bar.right, y), (bar.right + 4, y))
            text.draw(surface, f"{int(p * 100)} %", (bar.right + 7, y), size - 1, palette.TEXT_DIM, anchor="midleft")
        if status:
            text.draw(surface, status, (rect.x, bar.bottom + 6), size - 1, palette.TEXT_DIM)
        # Blocks without a figure (not mapped yet, or not to be taken now) are drawn greyed.
        y = bar.bottom + 6 + int(size * 1.4)
        pygame.draw.rect(surface, UNMAPPED_SWATCH, (rect.x, y + 2, bar.w, size - 4))
        pygame.draw.rect(surface, palette.PANEL_EDGE, (rect.x, y + 2, bar.w, size - 4), 1)
        text.draw(surface, "grey: no figure", (bar.right + 7, y + size // 2), size - 1, palette.TEXT_DIM,
                  anchor="midleft")
