"""Colours of the app: the Okabe-Ito colour-blind-safe set, seat colours paired with shapes.

Nothing is told apart by colour alone: every seat also has a shape and its number, and every
highlight also has an outline or a label. Red and green are never the only difference.
"""

from __future__ import annotations

# Okabe & Ito (2008), "Color Universal Design": distinguishable under the common colour-vision deficiencies.
BLACK = (0, 0, 0)
ORANGE = (230, 159, 0)
SKY_BLUE = (86, 180, 233)
BLUISH_GREEN = (0, 158, 115)
YELLOW = (240, 228, 66)
BLUE = (0, 114, 178)
VERMILLION = (213, 94, 0)
REDDISH_PURPLE = (204, 121, 167)
WHITE = (255, 255, 255)

# The interface around the boards.
BACKGROUND = (24, 27, 34)
PANEL = (37, 41, 52)
PANEL_EDGE = (62, 68, 84)
TEXT = (236, 236, 236)
TEXT_DIM = (156, 162, 176)
ACCENT = SKY_BLUE
HIGHLIGHT = YELLOW
WARNING = ORANGE
SELECTED_ROW = (58, 76, 104)
HOVER_ROW = (50, 58, 74)
DISABLED = (92, 96, 108)
SHADE = (0, 0, 0, 170)

# One colour and one shape per seat, in seat order.
SEAT_COLOURS = (VERMILLION, SKY_BLUE, YELLOW, REDDISH_PURPLE)
SEAT_SHAPES = ("circle", "square", "triangle", "diamond")
SEAT_COLOUR_NAMES = ("vermillion", "sky blue", "yellow", "purple")


def seat_colour(seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_shape(seat: int) -> str:
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def luminance(colour: tuple[int, ...]) -> float:
    """The relative luminance of an sRGB colour (WCAG 2: 0 for black, 1 for white)."""
    def linear(c: int) -> float:
        c = c / 255.0
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = colour[:3]
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(colour: tuple[int, ...]) -> tuple[int, int, int]:
    """Black or white, whichever has the higher contrast on `colour` (a weighted sum of the raw values with a cut
    at 140 put white on seat 1's red-orange at 3.0:1 where black reads at 6.9:1, and on the spinner's bluish
    green at 3.4:1 against 6.1:1: an accessibility audit)."""
    return BLACK if contrast(colour, BLACK) >= contrast(colour, WHITE) else WHITE


def mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, int, int]:
    """The colour a fraction t of the way from a to b."""
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a[:3], b[:3]))  # type: ignore[return-value]


# ---- the launcher's colour option ----------------------------------------------------------
# "standard" is the Okabe-Ito set above. "colour-blind" is for players who still find two seats alike:
# seat colours picked so that the smallest difference between any two, under simulated full protanopia,
# deuteranopia and tritanopia (Machado et al. 2009) as well as normal vision, is about twice the standard
# set's as a distance in linear RGB (tests/render/test_stumbles.py measures both). Measured perceptually
# (CIELAB) the two sets are closer than that: an audit found the weakest pair 22 (white and yellow under
# tritanopia) against the standard set's 21 (sky blue and purple under protanopia), so the shapes and
# numbers stay what tells seats apart. And a warning colour further from the highlight: a
# light pink that reads at 6:1 on the panels and 3.6:1 on a selected row (the magenta before it, 3.2:1 and
# 1.9:1, was hard to read, and under tritanopia looked almost like seat 1's red-orange: CIELAB distance 9,
# now 33; an audit measured both).
# The warning ink on a selected row (SELECTED_ROW) is a lighter shade of each set's: 5.7:1 and 5.0:1 there,
# where the plain ones read at 3.9:1 and 3.6:1 (an accessibility audit asked 4.5:1 at the rows' size).
PALETTES = {
    "standard": {"SEAT_COLOURS": (VERMILLION, SKY_BLUE, YELLOW, REDDISH_PURPLE),
                 "SEAT_COLOUR_NAMES": ("vermillion", "sky blue", "yellow", "purple"),
                 "WARNING": ORANGE, "WARNING_SELECTED": (255, 200, 90), "HIGHLIGHT": YELLOW},
    "colour-blind": {"SEAT_COLOURS": ((254, 97, 0), (100, 143, 255), WHITE, YELLOW),
                     "SEAT_COLOUR_NAMES": ("red-orange", "blue", "white", "yellow"),
                     "WARNING": (255, 120, 200), "WARNING_SELECTED": (255, 170, 225), "HIGHLIGHT": YELLOW},
}
WARNING_SELECTED = PALETTES["standard"]["WARNING_SELECTED"]
PALETTE_TITLES = {"standard": "Okabe-Ito", "colour-blind": "colour-blind strong"}
current = "standard"


def use_palette(name: str) -> str:
    """Switch the app's colours (an unknown name keeps the standard set); returns the name in force."""
    global current
    name = name if name in PALETTES else "standard"
    globals().update(PALETTES[name])
    current = name
    return name
