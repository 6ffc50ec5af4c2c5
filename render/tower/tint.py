"""The risk tint: colour-blind-safe scales for collapse probabilities, and their legend.

Safe blocks keep their own colour (the wood, or the print of a Donkey Kong or Super Mario block): a
block is tinted only when the map found a chance of a fall, and then the more, the stronger. Each scale
is a ColorBrewer sequential ramp whose lightness falls steadily as the risk rises, so it reads the same
under the common colour-vision deficiencies and in grey, and "darker is worse" needs no legend.

Which ramp a tower gets depends on its blocks' colour, so that a tinted block never looks like an
untinted one: the classic tower's pale wood takes YlOrRd (pale yellow through orange and red to dark
red); the red girders of Donkey Kong Jenga and the orange blocks of Super Mario Jenga take BuPu (pale
blue to dark purple), since on them YlOrRd's orange and red came within a few steps of the blocks' own
colour (a block at about 80 % on a Donkey Kong girder was 7.5 CIELAB units from an untinted one for a
deuteranope; BuPu keeps every tinted block at least 42 and 37 units from its block's colour; the
figures are in docs/tower_view.md, "The tint's colours"). The legend prints the numbers, says what they mean, and shows the
tower's own block colour for a safe block.
"""

from __future__ import annotations

import numpy as np
import pygame

from render import palette, text

# ColorBrewer ramps, each sampled at seven even steps from low to high risk.
SCALES = {
    "YlOrRd": np.array([[255, 237, 160], [254, 217, 118], [254, 178, 76], [253, 141, 60], [240, 59, 32],
                        [189, 0, 38], [128, 0, 38]], dtype=float),
    "BuPu": np.array([[224, 236, 244], [191, 211, 230], [158, 188, 218], [140, 150, 198], [140, 107, 177],
                      [136, 65, 157], [110, 1, 107]], dtype=float),
}
DEFAULT_SCALE = "YlOrRd"

MEANING = ("chance that a brisk, fairly", "steady pull topples the tower")
GREYED_WORDS = ("greyed: no figure yet,", "or not to be taken now")
UNTINTED_GREY = 0.8
"""How far blocks without a risk figure fade to grey while the tint is shown. At 0.3 the classic tower's
greyed wood was 9.5 CIELAB units from the untinted wood, and the legend's two swatches looked alike; at 0.6
19, which an accessibility audit still found near-identical beside the wood; at 0.8 it is 25 (Donkey Kong
47, Super Mario 44; 25, 34 and 39 for a deuteranope), and still 31 or more from every tint of each
scale."""
SAFE_SWATCH = (214, 178, 128)  # wood: no fall found
MIN_TINT = {"YlOrRd": 0.85, "BuPu": 0.9}
"""How much of the scale's colour a block at the smallest risk gets (all of it at 100 %). At 0.55 a
classic block at 5 % was a pale tan 14 CIELAB units from the wood (12 for a deuteranope), and an
accessibility audit took the low end of the scale for untinted wood; at 0.85 it is a clear pale yellow,
20 units off (18). BuPu is mixed
over warm blocks, its complement: half and half the two turn grey (like a block with no figure yet), so
a Donkey Kong or Super Mario block takes nearly the scale's own colour, pale blue-white at a few per cent."""


def risk_colour(p, scale: str = DEFAULT_SCALE) -> np.ndarray:
    """Probabilities (any shape, clipped to 0..1) -> RGB colours (..., 3) as floats 0..255 on `scale`."""
    stops = SCALES[scale]
    p = np.clip(np.asarray(p, dtype=float), 0.0, 1.0)
    x = p * (len(stops) - 1)
    i = np.minimum(np.floor(x).astype(int), len(stops) - 2)
    t = (x - i)[..., None]
    return stops[i] * (1 - t) + stops[i + 1] * t


def faded(colours) -> np.ndarray:
    """Block colours (..., 3) faded UNTINTED_GREY of the way to their own grey: no risk figure yet."""
    colours = np.asarray(colours, dtype=float)
    return colours * (1 - UNTINTED_GREY) + colours.mean(axis=-1, keepdims=True) * UNTINTED_GREY


def tinted(wood: np.ndarray, p, scale: str = DEFAULT_SCALE) -> np.ndarray:
    """Block colours (..., 3) under the tint: wood where p is 0, the scale's colour mixed over the wood
    from MIN_TINT[scale] at the smallest risk to all of it at 100 %."""
    p = np.clip(np.asarray(p, dtype=float), 0.0, 1.0)
    low = MIN_TINT[scale]
    share = np.where(p > 0, low + (1 - low) * p, 0.0)[..., None]
    return np.asarray(wood, dtype=float) * (1 - share) + risk_colour(p, scale) * share


LEAST_SIZE = 11
"""The smallest font size of the legend's small words (what the tint means, the ticks, the swatches, the
status). Three sizes under the title's, they were 8 in a 1024x640 window, about 6 px letters that an
accessibility audit could not read."""


def small(size: int, less: int) -> int:
    """The font size of a legend line drawn `less` under the title's `size`, never under LEAST_SIZE."""
    return max(LEAST_SIZE, size - less)


class RiskLegend:
    """A vertical colour bar, 0 % at the bottom to 100 % at the top, with its title, ticks and status."""

    def __init__(self):
        self._bar: pygame.Surface | None = None
        self._bar_key = None
        self.backing = pygame.Rect(0, 0, 0, 0)
        """The panel the last draw put behind the legend."""
        self.drawn: dict[str, list[pygame.Rect]] = {}
        """What the last draw put where: "meaning" (the lines under the title) and "ticks" (the tick labels)."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, size: int = 14, status: str = "",
             wood=SAFE_SWATCH, scale: str = DEFAULT_SCALE) -> int:
        """Draw the legend in rect for a tower whose safe blocks have the colour `wood` and whose tint is
        `scale`; returns the y just below the last thing drawn (the status line can reach past rect's
        bottom)."""
        wood = tuple(int(c) for c in wood)
        rect = pygame.Rect(rect)
        # Behind it, a panel of the board's own shade: the table's far edge ran through its words (an audit).
        y = rect.y + int(size * 1.4) + sum(text.measure(line, small(size, 3))[1] for line in MEANING)
        top = y + text.measure("100 %", small(size, 1))[1] // 2 + 3
        # tall enough for its four tick labels with room between them (at the largest text in a small
        # window they stood one on the next); the legend then reaches further down, as its return says
        least = int(text.measure("100 %", small(size, 1))[1] * 5.5)
        bar = pygame.Rect(rect.x, top, max(10, size), max(least, rect.bottom - top - int(size * 4.4) + 6))
        below = bar.bottom + 6 + int(size * 3.7) + (text.measure(status, small(size, 1))[1] + 2 if status else 0)
        self.backing = pygame.Rect(rect.x - 6, rect.y - 4, rect.w + 10, below - rect.y + 8)
        shade = pygame.Surface(self.backing.size, pygame.SRCALPHA)
        shade.fill((*palette.BACKGROUND[:3], 200))
        surface.blit(shade, self.backing.topleft)
        text.draw(surface, "collapse risk", rect.topleft, size, palette.TEXT, bold=True)
        y = rect.y + int(size * 1.4)
        self.drawn = {"meaning": [], "ticks": []}
        for line in MEANING:
            self.drawn["meaning"].append(text.draw(surface, line, (rect.x, y), small(size, 3), palette.TEXT_DIM))
            y = self.drawn["meaning"][-1].bottom
        # The top tick's label is centred on the bar's top edge: the bar starts half a label below the
        # words above it (plus a gap), so the label never touches their descenders at any text size.
        key = (bar.w, bar.h, wood, scale)
        if self._bar is None or self._bar_key != key:
            p = 1.0 - np.arange(bar.h) / max(1, bar.h - 1)
            column = tinted(np.broadcast_to(np.array(wood, dtype=float), (bar.h, 3)), np.maximum(p, 0.01),
                            scale).astype(np.uint8)
            self._bar = pygame.surfarray.make_surface(np.repeat(column[None, :, :], bar.w, axis=0))
            self._bar_key = key
        surface.blit(self._bar, bar.topleft)
        pygame.draw.rect(surface, palette.PANEL_EDGE, bar, 1)
        for q in (0.25, 0.5, 0.75, 1.0):
            yy = bar.bottom - 1 - q * (bar.height - 1)
            pygame.draw.line(surface, palette.TEXT_DIM, (bar.right, yy), (bar.right + 4, yy))
            self.drawn["ticks"].append(text.draw(surface, f"{int(q * 100)} %", (bar.right + 7, yy), small(size, 1),
                                                 palette.TEXT_DIM, anchor="midleft"))
        y = bar.bottom + 6
        own = "wood" if wood == SAFE_SWATCH else "untinted"
        greyed = tuple(int(c) for c in faded(wood))
        # A block gets no figure while its pushes run, and never when the rules leave it out of play (the
        # top level, a block holding a peg): the greyed swatch says both, on two lines.
        for swatch, lines in ((wood, (f"{own}: no fall found",)), (greyed, GREYED_WORDS)):
            pygame.draw.rect(surface, swatch, (rect.x, y + 2, bar.w, size - 4))
            pygame.draw.rect(surface, palette.PANEL_EDGE, (rect.x, y + 2, bar.w, size - 4), 1)
            for words in lines:
                text.draw(surface, words, (bar.right + 7, y + size // 2), small(size, 2), palette.TEXT_DIM,
                          anchor="midleft")
                y += int(size * (1.3 if words is lines[-1] else 1.1))
        if status:
            y = text.draw(surface, status, (rect.x, y + 2), small(size, 1), palette.TEXT_DIM).bottom
        return y
