"""The risk tint: a colour-blind-safe ramp for collapse probabilities, and its legend.

The ramp follows viridis (dark purple through teal and green to yellow): its lightness rises
steadily, so it reads the same under the common colour-vision deficiencies and in grey. The legend
prints the numbers beside the colours, so no reading depends on telling hues apart.
"""

from __future__ import annotations

import numpy as np
import pygame

from render import palette

# Viridis sampled at nine even steps (0, 1/8, ..., 1).
_STOPS = np.array([
    [68, 1, 84], [71, 44, 122], [59, 81, 139], [44, 113, 142], [33, 144, 141],
    [39, 173, 129], [92, 200, 99], [170, 220, 50], [253, 231, 37],
], dtype=float)


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
    """A vertical colour bar, 0 % at the bottom to 100 % at the top, with its title and ticks."""

    def __init__(self, rect: pygame.Rect, font: pygame.font.Font):
        self.rect = pygame.Rect(rect)
        self.font = font

    def draw(self, surface: pygame.Surface, status: str = "") -> None:
        bar = pygame.Rect(self.rect.x, self.rect.y + 22, 18, self.rect.height - 44)
        title = self.font.render("collapse risk", True, palette.TEXT)
        surface.blit(title, (self.rect.x, self.rect.y))
        for row in range(bar.height):
            p = 1.0 - row / max(1, bar.height - 1)
            pygame.draw.line(surface, risk_colour_rgb(p), (bar.x, bar.y + row), (bar.right - 1, bar.y + row))
        pygame.draw.rect(surface, palette.PANEL_EDGE, bar, 1)
        for p in (0.0, 0.25, 0.5, 0.75, 1.0):
            y = bar.bottom - 1 - p * (bar.height - 1)
            pygame.draw.line(surface, palette.TEXT_DIM, (bar.right, y), (bar.right + 4, y))
            label = self.font.render(f"{int(p * 100)} %", True, palette.TEXT_DIM)
            surface.blit(label, (bar.right + 7, y - label.get_height() // 2))
        if status:
            text = self.font.render(status, True, palette.TEXT_DIM)
            surface.blit(text, (self.rect.x, bar.bottom + 6))
