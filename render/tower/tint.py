"""The risk tint: a colour-blind-safe scale for collapse probabilities, and its legend.

Safe blocks keep their wood: a block is tinted only when the map found a chance of a fall, and then
the more, the stronger. The scale runs from pale yellow through orange and red to dark red (the
ColorBrewer YlOrRd ramp): its lightness falls steadily as the risk rises, so it reads the same
under the common colour-vision deficiencies and in grey, and "darker and redder is worse" needs no
legend. The legend still prints the numbers, says what they mean, and shows the wood of a safe block.
"""

from __future__ import annotations

import numpy as np
import pygame

from render import palette, text

# YlOrRd (ColorBrewer) sampled at seven even steps from low to high risk.
_STOPS = np.array([
    [255, 237, 160], [254, 217, 118], [254, 178, 76], [253, 141, 60], [240, 59, 32], [189, 0, 38],
    [128, 0, 38],
], dtype=float)

MEANING = ("chance that a brisk, fairly", "steady pull topples the tower")
UNMAPPED_SWATCH = (170, 150, 125)  # a greyed block (no figure yet), for the legend
SAFE_SWATCH = (214, 178, 128)  # wood: no fall found
MIN_TINT = 0.55  # how much of the scale's colour a block at the smallest risk gets (1 at 100 %)


def risk_colour(p) -> np.ndarray:
    """Probabilities (any shape, clipped to 0..1) -> RGB colours (..., 3) as floats 0..255."""
    p = np.clip(np.asarray(p, dtype=float), 0.0, 1.0)
    x = p * (len(_STOPS) - 1)
    i = np.minimum(np.floor(x).astype(int), len(_STOPS) - 2)
    t = (x - i)[..., None]
    return _STOPS[i] * (1 - t) + _STOPS[i + 1] * t


def tinted(wood: np.ndarray, p) -> np.ndarray:
    """Block colours (..., 3) under the tint: wood where p is 0, the scale's colour mixed over the wood
    from MIN_TINT at the smallest risk to all of it at 100 %."""
    p = np.clip(np.asarray(p, dtype=float), 0.0, 1.0)
    share = np.where(p > 0, MIN_TINT + (1 - MIN_TINT) * p, 0.0)[..., None]
    return np.asarray(wood, dtype=float) * (1 - share) + risk_colour(p) * share


class RiskLegend:
    """A vertical colour bar, 0 % at the bottom to 100 % at the top, with its title, ticks and status."""

    def __init__(self):
        self._bar: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, size: int = 14, status: str = "") -> int:
        """Draw the legend in rect; returns the y just below the last thing drawn (the status line can
        reach past rect's bottom)."""
        rect = pygame.Rect(rect)
        text.draw(surface, "collapse risk", rect.topleft, size, palette.TEXT, bold=True)
        y = rect.y + int(size * 1.4)
        for line in MEANING:
            y = text.draw(surface, line, (rect.x, y), size - 3, palette.TEXT_DIM).bottom
        bar = pygame.Rect(rect.x, y + 6, max(10, size), rect.bottom - y - int(size * 4.4))
        if self._bar is None or self._bar.get_size() != (bar.w, bar.h):
            wood = np.array(SAFE_SWATCH, dtype=float)
            p = 1.0 - np.arange(bar.h) / max(1, bar.h - 1)
            column = tinted(np.broadcast_to(wood, (bar.h, 3)), np.maximum(p, 0.01)).astype(np.uint8)
            self._bar = pygame.surfarray.make_surface(np.repeat(column[None, :, :], bar.w, axis=0))
        surface.blit(self._bar, bar.topleft)
        pygame.draw.rect(surface, palette.PANEL_EDGE, bar, 1)
        for q in (0.25, 0.5, 0.75, 1.0):
            yy = bar.bottom - 1 - q * (bar.height - 1)
            pygame.draw.line(surface, palette.TEXT_DIM, (bar.right, yy), (bar.right + 4, yy))
            text.draw(surface, f"{int(q * 100)} %", (bar.right + 7, yy), size - 1, palette.TEXT_DIM, anchor="midleft")
        y = bar.bottom + 6
        for swatch, words in ((SAFE_SWATCH, "wood: no fall found"), (UNMAPPED_SWATCH, "greyed: no figure yet")):
            pygame.draw.rect(surface, swatch, (rect.x, y + 2, bar.w, size - 4))
            pygame.draw.rect(surface, palette.PANEL_EDGE, (rect.x, y + 2, bar.w, size - 4), 1)
            text.draw(surface, words, (bar.right + 7, y + size // 2), size - 2, palette.TEXT_DIM, anchor="midleft")
            y += int(size * 1.3)
        if status:
            y = text.draw(surface, status, (rect.x, y + 2), size - 1, palette.TEXT_DIM).bottom
        return y
