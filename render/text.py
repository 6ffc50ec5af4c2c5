"""Fonts and text: cached font objects, cached rendered lines, and word wrapping.

Rendering text is the costliest thing a frame does, so every (text, size, colour) line is rendered
once and kept in a bounded cache.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

_fonts: dict[tuple[int, bool, bool], pygame.font.Font] = {}
_lines: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
_CACHE_LIMIT = 3000
_CACHE_BYTES = 16 * 2**20
"""The most pixel memory the drawn lines kept for reuse may hold (a long-session audit saw the window grow
2.5 to 3 MB a board game: up to 3000 lines of 20 to 60 kB each would have been kept, some 100 MB); a frame
draws a few MB of lines at most."""
_lines_bytes = [0]
_blocks: dict[tuple, tuple[int, tuple[str, ...], bool]] = {}  # fit_block's answers (measuring every frame is not free)
_paths: dict[str, str | None] = {}
_sizes: dict[tuple, tuple[int, int]] = {}  # measure's answers: a frame measures the same lines again and again
_SIZES_LIMIT = 20000
# The launcher's text-size option: every screen multiplies its font sizes (and row heights) by SCALE.
SIZES = {"normal": 1.0, "large": 1.2, "largest": 1.4}
SCALE = 1.0
size_name = "normal"


def use_size(name: str) -> str:
    """Set the text size option (an unknown name keeps normal); returns the name in force."""
    global SCALE, size_name
    size_name = name if name in SIZES else "normal"
    SCALE = SIZES[size_name]
    return size_name


def _font_path(kind: str) -> str | None:
    if kind not in _paths:
        names = {"mono": "dejavusansmono,liberationmono,couriernew,monospace",
                 "sans": "dejavusans,liberationsans,arial,helvetica",
                 "bold": "dejavusans,liberationsans,arial,helvetica"}[kind]
        try:
            _paths[kind] = pygame.font.match_font(names, bold=(kind == "bold"))
        except Exception:  # font lookup tools missing: fall back to pygame's bundled font
            _paths[kind] = None
    return _paths[kind]


def font(size: int, bold: bool = False, mono: bool = False) -> pygame.font.Font:
    size = max(6, int(size))
    key = (size, bold, mono)
    if key not in _fonts:
        if not pygame.font.get_init():
            pygame.font.init()
        path = _font_path("mono" if mono else "bold" if bold else "sans")
        try:
            _fonts[key] = pygame.font.Font(path, size)
        except (OSError, pygame.error):
            _fonts[key] = pygame.font.Font(None, size)
    return _fonts[key]


def measure(text: str, size: int, bold: bool = False, mono: bool = False) -> tuple[int, int]:
    """(width, height) in pixels of one line of text, as font(size, bold, mono).size(text) gives it;
    remembered, since panels measure the same lines every frame (wrapping a side panel's paragraphs
    word by word took about a millisecond a frame)."""
    key = (text, max(6, int(size)), bold, mono)
    hit = _sizes.get(key)
    if hit is None:
        if len(_sizes) >= _SIZES_LIMIT:
            _sizes.clear()
        hit = _sizes[key] = font(size, bold, mono).size(shown(text))
    return hit


def shown(words: str) -> str:
    """The words as a font can draw them: a NUL or a lone surrogate (a file name the system could not
    decode, an edited file's text) becomes U+FFFD, which SDL's fonts refuse with an error otherwise."""
    if "\x00" in words:
        words = words.replace("\x00", "\ufffd")
    try:
        words.encode("utf-8")
    except UnicodeEncodeError:
        words = "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in words)
    return words


def render(text: str, size: int, colour, bold: bool = False, mono: bool = False) -> pygame.Surface:
    key = (text, int(size), tuple(colour), bold, mono)
    surf = _lines.get(key)
    if surf is None:
        surf = font(size, bold, mono).render(shown(text), True, colour)
        _lines[key] = surf
        _lines_bytes[0] += _pixel_bytes(surf)
        while len(_lines) > 1 and (len(_lines) > _CACHE_LIMIT or _lines_bytes[0] > _CACHE_BYTES):
            _lines_bytes[0] -= _pixel_bytes(_lines.popitem(last=False)[1])
    else:
        _lines.move_to_end(key)
    return surf


def _pixel_bytes(surf: pygame.Surface) -> int:
    return surf.get_pitch() * surf.get_height()


def draw(surface: pygame.Surface, text: str, pos, size: int, colour, bold: bool = False, mono: bool = False,
         anchor: str = "topleft") -> pygame.Rect:
    """Blit one line with its rect's `anchor` at pos; returns the rect drawn."""
    surf = render(text, size, colour, bold, mono)
    rect = surf.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    surface.blit(surf, rect)
    return rect


def draw_lines(surface: pygame.Surface, lines, pos, size: int, colour, anchor: str = "topleft") -> int:
    """Blit lines one under the other from pos down, each with its rect's `anchor` ("topleft" or "midtop")
    at its place; returns the y under the last."""
    x, y = int(pos[0]), int(pos[1])
    for line in lines:
        draw(surface, line, (x, y), size, colour, anchor=anchor)
        y += line_step(size)
    return y


def fit(text: str, size: int, width: int, bold: bool = False, mono: bool = False) -> str:
    """The text cut with an ellipsis so that it fits in width pixels."""
    if measure(text, size, bold, mono)[0] <= width:
        return text
    while text and measure(text + "…", size, bold, mono)[0] > width:
        text = text[:-1]
    return text + "…"


def wrap(text: str, size: int, width: int, bold: bool = False, mono: bool = False) -> list[str]:
    """Lines of at most width pixels, breaking at spaces; paragraphs kept; blank lines kept."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if not paragraph.strip():
            lines.append("")
            continue
        indent = paragraph[: len(paragraph) - len(paragraph.lstrip())]
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else indent + word
            if measure(trial, size, bold, mono)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = indent + "  " + word if indent else word
        lines.append(line)
    return lines


def line_step(size: int, bold: bool = False) -> int:
    """How far apart lines are drawn: a font line, or a rendered line's height where that is more (small
    sizes render a pixel taller than their line)."""
    f = font(size, bold)
    return max(f.get_linesize(), measure("Ég_|", size, bold)[1])


def block_height(lines: int, size: int, bold: bool = False) -> int:
    """The height of `lines` lines drawn line_step apart (0 for none)."""
    return 0 if lines <= 0 else lines * line_step(size, bold)


def fit_block(words: str, size: int, width: int, height: int, least: float = 0.75,
              bold: bool = False) -> tuple[int, tuple[str, ...], bool]:
    """(size, lines, fits): the words wrapped to width at the largest font size from `size` down to `least`
    of it at which every line fits width and the lines together fit height; whole words, never cut. When
    no size fits, the smallest size's lines and fits False (the caller makes room, or draws them anyway)."""
    key = (words, int(size), int(width), int(height), least, bold)
    hit = _blocks.get(key)
    if hit is not None:
        return hit
    smallest = max(6, int(size * least))
    size = int(size)
    while True:
        lines = tuple(wrap(words, size, width, bold))
        fits = block_height(len(lines), size, bold) <= height and all(measure(line, size, bold)[0] <= width
                                                                       for line in lines)
        if fits or size <= smallest:
            break
        size -= 1
    if len(_blocks) >= _CACHE_LIMIT:
        _blocks.clear()
    _blocks[key] = (size, lines, fits)
    return size, lines, fits


def drawable(ch: str) -> bool:
    """Whether a printable character is drawn by the fonts as itself, both plain and bold, and not as the
    fonts' empty box (an emoji or a CJK character in DejaVu Sans): a hot-seat audit named a seat "🍌 Ana"
    and read "▯ Ana" everywhere the name stood. Found by drawing the character beside a code point no font
    has, since pygame's fonts give the box's metrics for a missing glyph."""
    hit = _drawable.get(ch)
    if hit is None:
        hit = ch.isprintable()
        if hit and not ch.isspace():
            for bold in (False, True):
                face = font(20, bold)
                try:
                    glyph = pygame.image.tobytes(face.render(shown(ch), True, (0, 0, 0)), "RGBA")
                except pygame.error:  # "Text has zero width": U+FE0F after an emoji (a regression audit's crash)
                    hit = False
                    break
                if glyph == pygame.image.tobytes(face.render(_NO_GLYPH, True, (0, 0, 0)), "RGBA"):
                    hit = False
        _drawable[ch] = hit
    return hit


_NO_GLYPH = "\U0010FFFD"  # a private-use code point of the last plane: drawn as a font's missing-glyph box
_drawable: dict[str, bool] = {}


def reset() -> None:
    """Forget every font and rendered line (call before pygame.quit(): fonts die with it)."""
    _fonts.clear()
    _lines.clear()
    _lines_bytes[0] = 0
    _blocks.clear()


def reflow(text: str) -> str:
    """Join hard-wrapped lines into paragraphs, keeping blank lines, list items, indented lines and the lines
    a colon opens (a line after a colon that goes on in lower case only continues its sentence)."""
    out: list[str] = []
    for line in text.split("\n"):
        stripped = line.strip()
        starts_item = stripped[:1] in ("-", "*", "•") or (stripped[:1].isdigit() and stripped[1:3].strip()[:1] in (".", ")"))
        # After a colon a line of its own starts a list, unless it goes on in lower case: the sentence was
        # only wrapped there ("Rule variant:" / "corner_few_pulls (...)", "(pink 1:" / "remove 1, ...").
        after_colon = out[-1].rstrip().endswith(":") and not stripped[:1].islower() if out else False
        if (out and out[-1].strip() and stripped and not starts_item and not line[:1].isspace()
                and not after_colon and not out[-1].isupper()):
            out[-1] = out[-1].rstrip() + " " + stripped
        else:
            out.append(line)
    return "\n".join(out)
