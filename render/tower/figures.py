"""The pieces and symbols around the tower, drawn from simple shapes: item symbols, Marios, pegs,
Donkey Kong with Pauline, and Bowser.

Each is painted once onto a transparent sprite at a fixed resolution and then scaled to its size on
screen, which depends on the zoom and on how far the piece is from the eye. Every piece that stands
for a seat carries the seat's number too, so no one has to tell seats apart by colour alone.
"""

from __future__ import annotations

import math

import pygame

from render import palette

BASE = 128  # pixels of a sprite's longer side when painted

# Physical sizes in metres (width, height) of each piece, for scaling on screen.
FIGURE_SIZE = {
    "mario": (0.022, 0.036),
    "peg": (0.020, 0.030),
    "dk_pauline": (0.070, 0.055),
    "bowser": (0.055, 0.050),
}

ITEM_SYMBOLS = ("mushroom", "star", "pow", "question", "goomba")

# The Super Mario character pegs: cap colour, trim colour and letter.
CHARACTERS = {
    "mario": ((214, 40, 40), (255, 255, 255), "M"),
    "luigi": ((46, 160, 67), (255, 255, 255), "L"),
    "peach": ((240, 128, 180), (250, 210, 60), "P"),
    "toad": ((250, 250, 250), (220, 40, 40), "T"),
}

SKIN = (250, 200, 150)
OVERALLS = (40, 70, 200)
BROWN = (110, 60, 25)
DARK = (30, 22, 18)

_fonts: dict[int, pygame.font.Font] = {}


def _font(size: int) -> pygame.font.Font:
    if size not in _fonts:
        _fonts[size] = pygame.font.Font(None, size)
    return _fonts[size]


def _text(surface: pygame.Surface, text: str, centre, size: int, colour) -> None:
    img = _font(size).render(text, True, colour)
    surface.blit(img, img.get_rect(center=(int(centre[0]), int(centre[1]))))


def _star_points(cx, cy, outer, inner, n=5, turn=-math.pi / 2):
    pts = []
    for k in range(2 * n):
        r = outer if k % 2 == 0 else inner
        a = turn + k * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


# ---- item symbols (square sprites) ------------------------------------------------------
def _mushroom(s: pygame.Surface) -> None:
    w = s.get_width()
    pygame.draw.rect(s, (245, 225, 185), (w * 0.32, w * 0.48, w * 0.36, w * 0.40), border_radius=int(w * 0.08))
    pygame.draw.ellipse(s, (210, 30, 30), (w * 0.08, w * 0.10, w * 0.84, w * 0.56))
    pygame.draw.rect(s, (0, 0, 0, 0), (0, w * 0.50, w, w * 0.06))  # flat underside of the cap
    for cx, cy, r in ((0.5, 0.26, 0.11), (0.22, 0.38, 0.08), (0.78, 0.38, 0.08)):
        pygame.draw.circle(s, (255, 255, 255), (w * cx, w * cy), w * r)
    for cx in (0.43, 0.57):
        pygame.draw.ellipse(s, DARK, (w * cx - w * 0.03, w * 0.60, w * 0.06, w * 0.12))


def _star(s: pygame.Surface) -> None:
    w = s.get_width()
    pts = _star_points(w / 2, w * 0.54, w * 0.48, w * 0.22)
    pygame.draw.polygon(s, (250, 210, 30), pts)
    pygame.draw.polygon(s, (170, 110, 0), pts, max(1, w // 24))
    for cx in (0.43, 0.57):
        pygame.draw.ellipse(s, DARK, (w * cx - w * 0.03, w * 0.42, w * 0.06, w * 0.14))


def _pow(s: pygame.Surface) -> None:
    w = s.get_width()
    pygame.draw.rect(s, (40, 90, 220), (w * 0.06, w * 0.14, w * 0.88, w * 0.72), border_radius=int(w * 0.1))
    pygame.draw.rect(s, (200, 220, 255), (w * 0.06, w * 0.14, w * 0.88, w * 0.72), max(1, w // 24),
                     border_radius=int(w * 0.1))
    _text(s, "POW", (w / 2, w / 2), int(w * 0.42), (255, 255, 255))


def _question(s: pygame.Surface) -> None:
    w = s.get_width()
    pygame.draw.rect(s, (240, 170, 20), (w * 0.08, w * 0.08, w * 0.84, w * 0.84), border_radius=int(w * 0.08))
    pygame.draw.rect(s, (150, 80, 10), (w * 0.08, w * 0.08, w * 0.84, w * 0.84), max(1, w // 24),
                     border_radius=int(w * 0.08))
    for cx, cy in ((0.18, 0.18), (0.82, 0.18), (0.18, 0.82), (0.82, 0.82)):
        pygame.draw.circle(s, (150, 80, 10), (w * cx, w * cy), w * 0.04)
    _text(s, "?", (w / 2, w * 0.53), int(w * 0.8), (255, 255, 255))


def _goomba(s: pygame.Surface) -> None:
    w = s.get_width()
    for cx in (0.3, 0.7):
        pygame.draw.ellipse(s, DARK, (w * cx - w * 0.16, w * 0.78, w * 0.32, w * 0.16))
    pygame.draw.rect(s, (240, 215, 170), (w * 0.32, w * 0.56, w * 0.36, w * 0.26))
    pygame.draw.ellipse(s, (150, 80, 30), (w * 0.06, w * 0.08, w * 0.88, w * 0.62))
    for cx in (0.38, 0.62):
        pygame.draw.ellipse(s, (255, 255, 255), (w * cx - w * 0.07, w * 0.30, w * 0.14, w * 0.2))
        pygame.draw.ellipse(s, DARK, (w * cx - w * 0.035, w * 0.36, w * 0.07, w * 0.12))
    pygame.draw.line(s, DARK, (w * 0.26, w * 0.26), (w * 0.44, w * 0.32), max(1, w // 18))
    pygame.draw.line(s, DARK, (w * 0.74, w * 0.26), (w * 0.56, w * 0.32), max(1, w // 18))


_ITEM_PAINTERS = {"mushroom": _mushroom, "star": _star, "pow": _pow, "question": _question, "goomba": _goomba}


# ---- figures ----------------------------------------------------------------------------
def _mario(s: pygame.Surface, colour, label: str) -> None:
    """A Mario piece of Jenga Donkey Kong: cap and shirt in the seat's colour, its number on the chest."""
    w, h = s.get_size()
    pygame.draw.rect(s, BROWN, (w * 0.18, h * 0.9, w * 0.28, h * 0.1), border_radius=int(w * 0.06))
    pygame.draw.rect(s, BROWN, (w * 0.54, h * 0.9, w * 0.28, h * 0.1), border_radius=int(w * 0.06))
    pygame.draw.rect(s, OVERALLS, (w * 0.2, h * 0.56, w * 0.6, h * 0.36), border_radius=int(w * 0.08))
    pygame.draw.rect(s, colour, (w * 0.12, h * 0.42, w * 0.76, h * 0.2), border_radius=int(w * 0.1))
    pygame.draw.circle(s, SKIN, (w * 0.5, h * 0.3), w * 0.27)
    pygame.draw.ellipse(s, DARK, (w * 0.3, h * 0.33, w * 0.4, h * 0.07))
    pygame.draw.ellipse(s, colour, (w * 0.2, h * 0.03, w * 0.6, h * 0.2))
    pygame.draw.rect(s, colour, (w * 0.2, h * 0.14, w * 0.7, h * 0.06))
    pygame.draw.circle(s, (255, 255, 255), (w * 0.5, h * 0.72), w * 0.17)
    _text(s, label, (w * 0.5, h * 0.73), int(w * 0.34), DARK)


def _peg(s: pygame.Surface, character: str, label: str) -> None:
    """A Super Mario character peg: the character's head on a peg, with the seat number on it."""
    cap, trim, letter = CHARACTERS.get(character, CHARACTERS["mario"])
    w, h = s.get_size()
    pygame.draw.rect(s, (150, 150, 160), (w * 0.42, h * 0.72, w * 0.16, h * 0.28))
    pygame.draw.circle(s, SKIN, (w * 0.5, h * 0.5), w * 0.34)
    if character == "toad":
        pygame.draw.ellipse(s, cap, (w * 0.02, h * 0.02, w * 0.96, h * 0.44))
        for cx in (0.25, 0.5, 0.75):
            pygame.draw.circle(s, trim, (w * cx, h * 0.2), w * 0.09)
    elif character == "peach":
        pygame.draw.ellipse(s, (250, 215, 80), (w * 0.1, h * 0.16, w * 0.8, h * 0.3))
        pygame.draw.polygon(s, trim, [(w * 0.3, h * 0.2), (w * 0.35, h * 0.02), (w * 0.5, h * 0.14),
                                      (w * 0.65, h * 0.02), (w * 0.7, h * 0.2)])
    else:
        pygame.draw.ellipse(s, cap, (w * 0.12, h * 0.08, w * 0.76, h * 0.34))
        pygame.draw.circle(s, trim, (w * 0.5, h * 0.22), w * 0.1)
        _text(s, letter, (w * 0.5, h * 0.23), int(w * 0.22), cap)
    pygame.draw.circle(s, (255, 255, 255), (w * 0.5, h * 0.62), w * 0.15)
    _text(s, label, (w * 0.5, h * 0.63), int(w * 0.3), DARK)


def _dk_pauline(s: pygame.Surface) -> None:
    w, h = s.get_size()
    fur, face = (120, 62, 22), (222, 170, 120)
    # Donkey Kong: a broad body, arms down to the girder, a pale face and a red tie.
    pygame.draw.ellipse(s, fur, (w * 0.02, h * 0.28, w * 0.62, h * 0.68))
    pygame.draw.ellipse(s, fur, (w * 0.0, h * 0.5, w * 0.16, h * 0.48))
    pygame.draw.ellipse(s, fur, (w * 0.5, h * 0.5, w * 0.16, h * 0.48))
    pygame.draw.circle(s, fur, (w * 0.33, h * 0.26), w * 0.17)
    pygame.draw.ellipse(s, face, (w * 0.2, h * 0.22, w * 0.26, h * 0.22))
    for cx in (0.28, 0.38):
        pygame.draw.circle(s, DARK, (w * cx, h * 0.26), w * 0.02)
    pygame.draw.ellipse(s, face, (w * 0.2, h * 0.52, w * 0.26, h * 0.3))
    pygame.draw.polygon(s, (210, 30, 30), [(w * 0.28, h * 0.44), (w * 0.38, h * 0.44), (w * 0.36, h * 0.62),
                                          (w * 0.33, h * 0.66), (w * 0.3, h * 0.62)])
    # Pauline beside him: a pink dress, brown hair, arms up calling for help.
    pygame.draw.polygon(s, (235, 90, 150), [(w * 0.84, h * 0.42), (w * 0.72, h * 0.96), (w * 0.97, h * 0.96)])
    pygame.draw.circle(s, SKIN, (w * 0.84, h * 0.34), w * 0.07)
    pygame.draw.ellipse(s, (110, 50, 20), (w * 0.76, h * 0.22, w * 0.16, h * 0.12))
    pygame.draw.line(s, SKIN, (w * 0.8, h * 0.48), (w * 0.72, h * 0.3), max(1, w // 40))
    pygame.draw.line(s, SKIN, (w * 0.88, h * 0.48), (w * 0.96, h * 0.3), max(1, w // 40))


def _bowser(s: pygame.Surface) -> None:
    w, h = s.get_size()
    shell, spikes, body, hair = (40, 140, 60), (245, 245, 235), (235, 200, 90), (220, 70, 30)
    pygame.draw.ellipse(s, body, (w * 0.18, h * 0.5, w * 0.5, h * 0.48))
    pygame.draw.ellipse(s, shell, (w * 0.42, h * 0.36, w * 0.56, h * 0.6))
    pygame.draw.ellipse(s, spikes, (w * 0.42, h * 0.36, w * 0.56, h * 0.6), max(1, w // 30))
    for cx, cy in ((0.58, 0.42), (0.8, 0.44), (0.9, 0.62), (0.7, 0.6)):
        pygame.draw.polygon(s, spikes, [(w * cx - w * 0.05, h * cy + h * 0.04), (w * cx, h * cy - h * 0.08),
                                        (w * cx + w * 0.05, h * cy + h * 0.04)])
    pygame.draw.ellipse(s, body, (w * 0.04, h * 0.14, w * 0.42, h * 0.4))
    pygame.draw.ellipse(s, hair, (w * 0.22, h * 0.06, w * 0.3, h * 0.16))
    for cx in (0.12, 0.38):
        pygame.draw.polygon(s, spikes, [(w * cx, h * 0.2), (w * (cx - 0.04), h * 0.02), (w * (cx + 0.06), h * 0.16)])
    pygame.draw.circle(s, (255, 255, 255), (w * 0.22, h * 0.3), w * 0.05)
    pygame.draw.circle(s, DARK, (w * 0.21, h * 0.31), w * 0.025)
    pygame.draw.polygon(s, (255, 255, 255), [(w * 0.06, h * 0.42), (w * 0.3, h * 0.42), (w * 0.18, h * 0.5)])


class SpriteBook:
    """Paints each sprite once and keeps scaled copies for the sizes recently drawn."""

    def __init__(self, limit: int = 400):
        self._base: dict[tuple, pygame.Surface] = {}
        self._scaled: dict[tuple, pygame.Surface] = {}
        self._limit = limit

    def item(self, symbol: str, size: tuple[int, int]) -> pygame.Surface | None:
        if symbol not in _ITEM_PAINTERS:
            return None
        return self._get(("item", symbol), (BASE, BASE), lambda s: _ITEM_PAINTERS[symbol](s), size)

    def figure(self, kind: str, size: tuple[int, int], colour=palette.VERMILLION, label: str = "",
               character: str = "mario") -> pygame.Surface:
        fw, fh = FIGURE_SIZE[kind]
        base = (int(BASE * fw / max(fw, fh)), int(BASE * fh / max(fw, fh)))
        if kind == "mario":
            paint = lambda s: _mario(s, colour, label)  # noqa: E731
        elif kind == "peg":
            paint = lambda s: _peg(s, character, label)  # noqa: E731
        elif kind == "dk_pauline":
            paint = _dk_pauline
        else:
            paint = _bowser
        return self._get(("figure", kind, tuple(colour), label, character), base, paint, size)

    def _get(self, key, base_size, paint, size) -> pygame.Surface:
        size = (max(1, int(size[0])), max(1, int(size[1])))
        scaled_key = key + size
        hit = self._scaled.get(scaled_key)
        if hit is not None:
            return hit
        base = self._base.get(key)
        if base is None:
            base = pygame.Surface(base_size, pygame.SRCALPHA)
            paint(base)
            self._base[key] = base
        if len(self._scaled) >= self._limit:
            self._scaled.clear()
        out = pygame.transform.smoothscale(base, size)
        self._scaled[scaled_key] = out
        return out
