"""The project's own art, drawn from shapes: dice, cards, barrels, fireballs, the ape, the maiden,
the Oil Can, monkeys, crates, supervisors and bananas. No image files, nothing from the publishers.

Every function draws at a centre and a size in pixels, so the boards can scale freely.
"""

from __future__ import annotations

import math

import pygame

from . import palette as P
from . import text

BARREL_WOOD = (176, 112, 48)
BARREL_HOOP = (60, 38, 20)
APE_FUR = (122, 72, 36)
APE_FACE = (222, 178, 128)
FLAME_OUTER = P.ORANGE
FLAME_INNER = P.YELLOW
CRATE_WOOD = (196, 150, 88)
CRATE_EDGE = (104, 70, 34)
BANANA = P.YELLOW
MONKEY_FUR = (139, 90, 43)

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die(surface: pygame.Surface, centre, size: int, face, colour=P.WHITE, pip=P.BLACK, angle: float = 0.0,
        label: str = "") -> None:
    """A die showing face (1-6 as pips, anything else as text such as 'DK'), optionally turned."""
    s = max(8, int(size))
    tile = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.rect(tile, colour, (0, 0, s, s), border_radius=s // 6)
    pygame.draw.rect(tile, P.BLACK, (0, 0, s, s), width=max(1, s // 18), border_radius=s // 6)
    if isinstance(face, int) and face in PIPS:
        r = max(2, s // 10)
        for dx, dy in PIPS[face]:
            pygame.draw.circle(tile, pip, (s // 2 + dx * s * 0.27, s // 2 + dy * s * 0.27), r)
    else:
        text.draw(tile, str(face), (s // 2, s // 2), int(s * 0.42), pip, bold=True, anchor="center")
    if angle:
        tile = pygame.transform.rotate(tile, angle)
    surface.blit(tile, tile.get_rect(center=(int(centre[0]), int(centre[1]))))
    if label:
        text.draw(surface, label, (centre[0], centre[1] + s * 0.75), max(9, s // 4), P.TEXT, anchor="midtop")


def barrel(surface: pygame.Surface, centre, size: float, roll: float = 0.0) -> None:
    """A wooden barrel seen from the side: a rounded body, two dark hoops, a turning stave mark."""
    w, h = max(6, int(size)), max(5, int(size * 0.8))
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (int(centre[0]), int(centre[1]))
    pygame.draw.ellipse(surface, BARREL_WOOD, rect)
    pygame.draw.ellipse(surface, BARREL_HOOP, rect, max(1, w // 12))
    for fx in (0.3, 0.7):
        x = rect.x + int(w * fx)
        pygame.draw.line(surface, BARREL_HOOP, (x, rect.y + 2), (x, rect.bottom - 3), max(1, w // 10))
    mark = rect.centerx + int(math.sin(roll) * w * 0.15)
    pygame.draw.line(surface, (226, 170, 100), (mark, rect.y + h // 4), (mark, rect.bottom - h // 4), max(1, w // 14))


def fireball(surface: pygame.Surface, centre, size: float, phase: float = 0.0) -> None:
    """A flame: a teardrop pointing up with a bright core and two eyes (a different outline from a barrel)."""
    cx, cy = centre
    r = max(4, size * 0.42)
    flick = math.sin(phase * 9) * r * 0.15
    tip = (cx + flick, cy - r * 1.9)
    pts = [tip]
    for k in range(0, 13):
        a = math.pi * (k / 12)
        pts.append((cx + math.cos(a) * r, cy + math.sin(a) * r * 0.9))
    pts.append(tip)
    pygame.draw.polygon(surface, FLAME_OUTER, pts)
    pygame.draw.polygon(surface, P.BLACK, pts, max(1, int(r / 6)))
    inner = [(cx + flick * 0.5, cy - r * 1.1)] + [(cx + math.cos(math.pi * k / 8) * r * 0.5,
                                                    cy + math.sin(math.pi * k / 8) * r * 0.45) for k in range(9)]
    pygame.draw.polygon(surface, FLAME_INNER, inner)
    for ex in (-0.3, 0.3):
        pygame.draw.circle(surface, P.BLACK, (int(cx + ex * r), int(cy - r * 0.1)), max(1, int(r / 6)))


def ape(surface: pygame.Surface, centre, size: float, arm_up: bool = True) -> None:
    """Donkey Kong drawn from ellipses: body, head, face, chest, arms (one raised to the barrel chute)."""
    cx, cy = int(centre[0]), int(centre[1])
    s = size
    body = pygame.Rect(0, 0, int(s * 0.9), int(s * 0.8))
    body.center = (cx, cy + int(s * 0.15))
    pygame.draw.ellipse(surface, APE_FUR, body)
    chest = body.inflate(-int(s * 0.45), -int(s * 0.35)).move(0, int(s * 0.05))
    pygame.draw.ellipse(surface, APE_FACE, chest)
    head = pygame.Rect(0, 0, int(s * 0.5), int(s * 0.45))
    head.center = (cx, cy - int(s * 0.3))
    pygame.draw.ellipse(surface, APE_FUR, head)
    face = head.inflate(-int(s * 0.16), -int(s * 0.14)).move(0, int(s * 0.04))
    pygame.draw.ellipse(surface, APE_FACE, face)
    for ex in (-0.08, 0.08):
        pygame.draw.circle(surface, P.BLACK, (cx + int(ex * s), cy - int(s * 0.32)), max(1, int(s * 0.03)))
    pygame.draw.arc(surface, P.BLACK, face.inflate(-int(s * 0.12), -int(s * 0.12)).move(0, int(s * 0.05)),
                    math.pi * 1.15, math.pi * 1.85, max(1, int(s * 0.02)))
    left = pygame.Rect(0, 0, int(s * 0.22), int(s * 0.5))
    right = left.copy()
    left.center = (body.x + int(s * 0.02), cy + int(s * 0.2))
    right.center = (body.right - int(s * 0.02), cy - int(s * 0.2) if arm_up else cy + int(s * 0.2))
    pygame.draw.ellipse(surface, APE_FUR, left)
    pygame.draw.ellipse(surface, APE_FUR, right)
    pygame.draw.ellipse(surface, P.BLACK, body, max(1, int(s * 0.02)))


def maiden(surface: pygame.Surface, centre, size: float) -> None:
    """The Fair Maiden: a dress (a trapezoid), a head, hair, and a speech label."""
    cx, cy = int(centre[0]), int(centre[1])
    s = size
    dress = [(cx - s * 0.12, cy - s * 0.15), (cx + s * 0.12, cy - s * 0.15), (cx + s * 0.3, cy + s * 0.45),
             (cx - s * 0.3, cy + s * 0.45)]
    pygame.draw.polygon(surface, P.REDDISH_PURPLE, dress)
    pygame.draw.polygon(surface, P.BLACK, dress, max(1, int(s * 0.03)))
    pygame.draw.circle(surface, (240, 200, 160), (cx, cy - int(s * 0.28)), int(s * 0.14))
    pygame.draw.arc(surface, P.ORANGE, pygame.Rect(cx - s * 0.17, cy - s * 0.45, s * 0.34, s * 0.3), 0, math.pi,
                    max(2, int(s * 0.08)))
    text.draw(surface, "HELP!", (cx + int(s * 0.3), cy - int(s * 0.55)), max(9, int(s * 0.22 * text.SCALE)), P.WHITE, bold=True,
              anchor="midleft")


def oil_can(surface: pygame.Surface, centre, size: float, lit: bool = True, phase: float = 0.0,
            width: float | None = None) -> pygame.Rect:
    """A blue drum marked OIL, `size` tall and 0.8 of that wide (or `width`), flames on top when fireballs wait
    inside; returns the drum's rect."""
    cx, cy = int(centre[0]), int(centre[1])
    w, h = int(size * 0.8 if width is None else width), int(size)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (cx, cy)
    if lit:
        for k, dx in enumerate((-0.25, 0.0, 0.25)):
            fireball(surface, (cx + dx * w, rect.y - size * 0.05), size * (0.35 + 0.08 * (k == 1)), phase + k)
    pygame.draw.rect(surface, P.BLUE, rect, border_radius=max(2, w // 8))
    pygame.draw.rect(surface, P.WHITE, rect, width=max(1, w // 16), border_radius=max(2, w // 8))
    for fy in (0.18, 0.82):
        y = rect.y + int(h * fy)
        pygame.draw.line(surface, P.WHITE, (rect.x, y), (rect.right - 1, y), max(1, h // 20))
    text.draw(surface, "OIL", rect.center, max(8, int(w * 0.38)), P.WHITE, bold=True, anchor="center")
    return rect


def card(surface: pygame.Surface, rect: pygame.Rect, title: str, value: str, hammer: bool, face_up: bool = True,
         highlight: bool = False) -> None:
    """A playing card: Hammer cards show a hammer, Jump cards an arc; the points in large print."""
    fill = (248, 244, 232) if face_up else (70, 80, 110)
    pygame.draw.rect(surface, fill, rect, border_radius=max(2, rect.w // 8))
    edge = P.HIGHLIGHT if highlight else P.BLACK
    pygame.draw.rect(surface, edge, rect, width=3 if highlight else 1, border_radius=max(2, rect.w // 8))
    if not face_up:
        pygame.draw.rect(surface, (110, 120, 150), rect.inflate(-rect.w // 4, -rect.h // 4), width=2,
                         border_radius=3)
        return
    ink = P.BLUE if hammer else P.VERMILLION
    icon = pygame.Rect(0, 0, int(rect.w * 0.6), int(rect.h * 0.26))
    icon.center = (rect.centerx, int(rect.y + rect.h * 0.46))
    line = max(2, rect.w // 12)
    if hammer:  # a mallet: a head across the top, a handle down the middle
        pygame.draw.rect(surface, ink, (icon.x, icon.y, icon.w, max(3, icon.h // 2)))
        pygame.draw.line(surface, ink, (icon.centerx, icon.y), (icon.centerx, icon.bottom + line), line)
    else:  # a jump: an arc over a small barrel
        pygame.draw.arc(surface, ink, pygame.Rect(icon.x, icon.y, icon.w, icon.h * 2), 0, math.pi, line)
        pygame.draw.circle(surface, BARREL_WOOD, (icon.centerx, icon.bottom), max(2, icon.h // 3))
    size = max(6, rect.w // 4)  # as large as the card's width lets it (rect.w // 5 read as 3 px letters)
    while size > 6 and text.font(size, bold=True).size(title)[0] > rect.w - 4:  # small cards: smaller print
        size -= 1
    if text.font(size, bold=True).size(title)[0] > rect.w - 4:
        title = title[:1]  # 'H' or 'J' when even the smallest print is too wide
    text.draw(surface, title, (rect.centerx, rect.y + 3), size, P.BLACK, bold=True, anchor="midtop")
    size = max(6, int(rect.w * 0.36))
    while size > 6 and text.font(size, bold=True).size(value)[0] > rect.w - 4:
        size -= 1
    text.draw(surface, value, (rect.centerx, rect.bottom - 3), size, P.BLACK, bold=True, anchor="midbottom")


def crate(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A banana crate from above: planks and a cross brace."""
    r = rect.inflate(-rect.w // 7, -rect.h // 7)
    pygame.draw.rect(surface, CRATE_WOOD, r, border_radius=max(2, r.w // 12))
    pygame.draw.rect(surface, CRATE_EDGE, r, width=max(2, r.w // 14), border_radius=max(2, r.w // 12))
    pygame.draw.line(surface, CRATE_EDGE, r.topleft, r.bottomright, max(1, r.w // 16))
    pygame.draw.line(surface, CRATE_EDGE, r.topright, r.bottomleft, max(1, r.w // 16))


def monkey(surface: pygame.Surface, centre, size: float, colour) -> None:
    """A monkey's head from above: ears, face, and a collar in its player's colour."""
    cx, cy = int(centre[0]), int(centre[1])
    r = max(4, int(size * 0.32))
    for ex in (-1, 1):
        pygame.draw.circle(surface, MONKEY_FUR, (cx + ex * int(r * 0.95), cy - int(r * 0.2)), int(r * 0.42))
        pygame.draw.circle(surface, APE_FACE, (cx + ex * int(r * 0.95), cy - int(r * 0.2)), int(r * 0.22))
    pygame.draw.circle(surface, colour, (cx, cy + int(r * 0.1)), int(r * 1.3))
    pygame.draw.circle(surface, P.BLACK, (cx, cy + int(r * 0.1)), int(r * 1.3), max(1, r // 8))
    pygame.draw.circle(surface, MONKEY_FUR, (cx, cy), r)
    pygame.draw.ellipse(surface, APE_FACE, pygame.Rect(cx - r * 0.6, cy - r * 0.35, r * 1.2, r * 1.0))
    for ex in (-0.28, 0.28):
        pygame.draw.circle(surface, P.BLACK, (int(cx + ex * r), int(cy - r * 0.05)), max(1, r // 7))


def supervisor(surface: pygame.Surface, centre, size: float, colour, shape: str) -> None:
    """A supervisor from above: a hard hat in the player's colour and shape, with a brim."""
    cx, cy = int(centre[0]), int(centre[1])
    r = max(4, int(size * 0.36))
    pygame.draw.circle(surface, (60, 60, 64), (cx, cy), int(r * 1.15))
    if shape == "square":
        rect = pygame.Rect(0, 0, int(r * 1.7), int(r * 1.7))
        rect.center = (cx, cy)
        pygame.draw.rect(surface, colour, rect, border_radius=max(2, r // 4))
        pygame.draw.rect(surface, P.BLACK, rect, width=max(1, r // 6), border_radius=max(2, r // 4))
    else:
        pygame.draw.circle(surface, colour, (cx, cy), r)
        pygame.draw.circle(surface, P.BLACK, (cx, cy), r, max(1, r // 6))
    pygame.draw.line(surface, P.BLACK, (cx, cy - r + 3), (cx, cy + r - 3), max(1, r // 6))


def banana(surface: pygame.Surface, centre, size: float) -> None:
    """A banana: a thick yellow crescent with a dark stem."""
    cx, cy = int(centre[0]), int(centre[1])
    r = max(4, int(size * 0.35))
    rect = pygame.Rect(cx - r, cy - r, 2 * r, 2 * r)
    pygame.draw.arc(surface, BANANA, rect, math.pi * 1.1, math.pi * 1.9, max(3, r // 2))
    pygame.draw.arc(surface, P.BLACK, rect.inflate(r // 2, r // 2), math.pi * 1.1, math.pi * 1.9, 1)
    pygame.draw.circle(surface, BARREL_HOOP, (cx - int(r * 0.8), cy + int(r * 0.55)), max(2, r // 5))


def arrow(surface: pygame.Surface, start, end, colour, width: int = 4) -> None:
    """A straight arrow from start to end with a triangular head."""
    sx, sy = start
    ex, ey = end
    ang = math.atan2(ey - sy, ex - sx)
    head = max(8, width * 3)
    base = (ex - math.cos(ang) * head, ey - math.sin(ang) * head)
    pygame.draw.line(surface, colour, (sx, sy), base, width)
    left = (base[0] + math.cos(ang + math.pi / 2) * head * 0.6, base[1] + math.sin(ang + math.pi / 2) * head * 0.6)
    right = (base[0] + math.cos(ang - math.pi / 2) * head * 0.6, base[1] + math.sin(ang - math.pi / 2) * head * 0.6)
    pygame.draw.polygon(surface, colour, [(ex, ey), left, right])


def dashed_line(surface: pygame.Surface, colour, start, end, width: int = 2, dash: int = 8) -> None:
    sx, sy = start
    ex, ey = end
    length = math.hypot(ex - sx, ey - sy)
    if length < 1:
        return
    n = max(1, int(length // dash))
    for k in range(0, n, 2):
        a, b = k / n, min(1.0, (k + 1) / n)
        pygame.draw.line(surface, colour, (sx + (ex - sx) * a, sy + (ey - sy) * a),
                         (sx + (ex - sx) * b, sy + (ey - sy) * b), width)
