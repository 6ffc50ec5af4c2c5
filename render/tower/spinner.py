"""The spinner: a wheel of labelled sections whose arrow spins and comes to rest on a given outcome.

The engine draws the outcome as a chance action; the spinner only shows it. spin_to(index) turns the
arrow a few full turns and eases it out to stop inside that section, so the animation always ends
where the rules say. Sections are told apart by their printed labels, not by colour alone.
"""

from __future__ import annotations

import math

import pygame

from render import palette, text

SPIN_SECONDS = 2.4
FULL_TURNS = 3
REST_RAD = 0.02
"""The spin ends (its result shows) once the arrow is this close to where it stops: about a pixel and a half at
the tip of the wheel drawn at 1280x800. The ease-out's last tenth of the time turns it less than that, so the
arrow looked at rest for a few frames (many more when frames are slow) while the outcome was not yet said."""
# The words for the wheel's colours (palette names: a theme may change their values, not what they are).
COLOUR_WORDS = (("SKY_BLUE", "blue"), ("ORANGE", "orange"), ("BLUISH_GREEN", "green"), ("REDDISH_PURPLE", "pink"))


def colour_name(colour) -> str:
    """A wheel colour in a word, as the palette now has it."""
    for attr, word in COLOUR_WORDS:
        if tuple(getattr(palette, attr)) == tuple(colour):
            return word
    return "rgb({}, {}, {})".format(*colour)


LABEL_AT = 0.74
"""Where a section's label is drawn, as a share of the radius: out where the section is widest that a label
still stays inside the wheel."""


class Spinner:
    def __init__(self, labels: list[str], colours: list[tuple[int, int, int]] | None = None,
                 groups: list[int] | None = None):
        if not labels:
            raise ValueError("a spinner needs at least one section")
        self.labels = list(labels)
        self.groups = list(groups) if groups is not None else list(range(len(labels)))
        base = colours or [palette.SKY_BLUE, palette.ORANGE, palette.BLUISH_GREEN, palette.REDDISH_PURPLE]
        self.colours = [base[g % len(base)] for g in self.groups]
        self.angle = 0.0  # the arrow, radians clockwise from straight up
        self._start = 0.0
        self._goal = 0.0
        self._t = 0.0
        self._duration = 0.0
        self.result: int | None = None  # the section the arrow rests on once a spin ends
        self.label_rect: pygame.Rect | None = None  # where that section's label was drawn over the arrow

    def group_colours(self) -> dict[int, str]:
        """Each group of sections (Donkey Kong's large sections) and the colour it is drawn in, in a word."""
        return {g: colour_name(c) for g, c in zip(self.groups, self.colours)}

    @property
    def section_angle(self) -> float:
        return 2 * math.pi / len(self.labels)

    @property
    def spinning(self) -> bool:
        return self._t < self._duration

    def spin_to(self, index: int, seconds: float = SPIN_SECONDS) -> None:
        """Spin and stop on section `index`."""
        if not 0 <= index < len(self.labels):
            raise ValueError(f"the spinner has sections 0 to {len(self.labels) - 1}, not {index}")
        w = self.section_angle
        # Rest a little off the middle of the section, the same way for the same section.
        inside = (index + 0.5 + 0.3 * math.sin(index * 2.399)) * w
        now = self.angle % (2 * math.pi)
        ahead = (inside - now) % (2 * math.pi)
        self._start = self.angle
        self._goal = self.angle + FULL_TURNS * 2 * math.pi + ahead
        self._t = 0.0
        self._duration = max(1e-6, seconds)
        self.result = None
        self._pending = index

    def finish(self) -> None:
        """Jump to the end of the spin."""
        if self.spinning:
            self.update(self._duration)

    def update(self, dt: float) -> None:
        if not self.spinning:
            return
        self._t = min(self._duration, self._t + dt)
        u = self._t / self._duration
        ease = 1 - (1 - u) ** 3
        self.angle = self._start + (self._goal - self._start) * ease
        if self._goal - self.angle < REST_RAD:
            self._t = self._duration  # what is left of the turn cannot be seen: the spin is over
        if not self.spinning:
            self.angle = self._goal % (2 * math.pi)
            self.result = self._pending

    def section_at_arrow(self) -> int:
        return int((self.angle % (2 * math.pi)) // self.section_angle) % len(self.labels)

    def _label_over_arrow(self, surface: pygame.Surface, centre, radius: int, font_size: int) -> pygame.Rect:
        """The label of the section the arrow rests on, drawn again over the arrow on a plate of the
        section's colour: the arrow runs through the middle of the section and hid it ("2/2" under it)."""
        i = self.result
        cx, cy = centre
        mid = (i + 0.5) * self.section_angle
        colour = palette.mix(self.colours[i], palette.WHITE, 0.45)
        words = text.render(self.labels[i], font_size, palette.ink_on(colour), bold=True)
        plate = words.get_rect(center=(cx + radius * LABEL_AT * math.sin(mid), cy - radius * LABEL_AT * math.cos(mid)))
        plate = plate.inflate(6, 2)
        pygame.draw.rect(surface, colour, plate, border_radius=3)
        pygame.draw.rect(surface, palette.HIGHLIGHT, plate, width=1, border_radius=3)
        surface.blit(words, words.get_rect(center=plate.center))
        return plate

    def label_size(self, radius: int) -> int:
        """The labels' font size: a sixth of the radius, and no larger than lets the widest label fit inside
        its section where it is drawn (centred at LABEL_AT of the radius), clear of the lines between sections
        by a few pixels at its inner corners. The floor of 10 px alone let a twelve-section wheel, made small by
        the largest text size, run "1/3$" into "1/1" (an audit); sized to the distance between neighbours'
        centres, "1/3$" still ran over the lines on either side (a keyboard audit)."""
        key = (radius, tuple(self.labels))
        cached = getattr(self, "_label_size", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        size = max(10, int(radius * 0.16))
        slope = min(10.0, math.tan(self.section_angle / 2))  # the section's half-width per unit of radius

        def room(size: int) -> float:  # the section's width at the label's inner edge, less a margin
            return 2.0 * (radius * LABEL_AT - text.line_step(size) / 2) * slope - 4

        while size > 6 and max(text.measure(label, size, bold=True)[0] for label in self.labels) > room(size):
            size -= 1
        self._label_size = (key, size)
        return size

    def smallest_radius(self, label_px: int, least: int) -> int:
        """The smallest radius, `least` or more, at which the labels are drawn at `label_px` or larger (label_size);
        worked out once for the wheel."""
        found = getattr(self, "_smallest", {})
        if (label_px, least) not in found:
            radius = least
            while self.label_size(radius) < label_px and radius < 4 * least:
                radius += 1
            self._smallest = {**found, (label_px, least): radius}
        return self._smallest[(label_px, least)]

    def draw(self, surface: pygame.Surface, centre, radius: int, title: str = "Spinner", waiting: bool = False) -> None:
        """The wheel, its needle and, once it has stopped, the section it gave lit and named. waiting: a new spin is
        asked for, and the last one's section is no longer lit and its needle is grey (a family audit: the wheel
        still pointed at the last player's "2/1", lit, while it asked for the next spin, which a child read as
        already spun)."""
        cx, cy = centre
        result = None if waiting else self.result
        w = self.section_angle
        font_size = self.label_size(radius)
        for i, label in enumerate(self.labels):
            a0, a1 = i * w, (i + 1) * w
            steps = max(3, int(24 * w / math.pi))
            pts = [(cx, cy)] + [(cx + radius * math.sin(a0 + (a1 - a0) * k / steps),
                                 cy - radius * math.cos(a0 + (a1 - a0) * k / steps)) for k in range(steps + 1)]
            colour = self.colours[i]
            if result == i:
                colour = palette.mix(colour, palette.WHITE, 0.45)
            pygame.draw.polygon(surface, colour, pts)
            pygame.draw.polygon(surface, palette.BACKGROUND, pts, 2)
            mid = (a0 + a1) / 2
            lx, ly = cx + radius * LABEL_AT * math.sin(mid), cy - radius * LABEL_AT * math.cos(mid)
            text.draw(surface, label, (lx, ly), font_size, palette.ink_on(colour), bold=True, anchor="center")
        if result is not None:
            i = result
            a0, a1 = i * w, (i + 1) * w
            arc = [(cx + (radius + 4) * math.sin(a0 + (a1 - a0) * k / 12),
                    cy - (radius + 4) * math.cos(a0 + (a1 - a0) * k / 12)) for k in range(13)]
            pygame.draw.lines(surface, palette.HIGHLIGHT, False, arc, 4)
        pygame.draw.circle(surface, palette.PANEL_EDGE, (int(cx), int(cy)), radius, 2)
        # The arrow.
        tip = (cx + radius * 0.92 * math.sin(self.angle), cy - radius * 0.92 * math.cos(self.angle))
        tail = (cx - radius * 0.3 * math.sin(self.angle), cy + radius * 0.3 * math.cos(self.angle))
        side = (math.cos(self.angle), math.sin(self.angle))
        base_w = radius * 0.08
        needle = palette.TEXT_DIM if waiting else palette.WHITE
        pygame.draw.polygon(surface, needle, [tip, (tail[0] + side[0] * base_w, tail[1] + side[1] * base_w),
                                              (tail[0] - side[0] * base_w, tail[1] - side[1] * base_w)])
        pygame.draw.polygon(surface, palette.BLACK, [tip, (tail[0] + side[0] * base_w, tail[1] + side[1] * base_w),
                                                     (tail[0] - side[0] * base_w, tail[1] - side[1] * base_w)], 2)
        pygame.draw.circle(surface, palette.BLACK, (int(cx), int(cy)), max(3, radius // 10))
        self.label_rect = None if result is None else self._label_over_arrow(surface, centre, radius, font_size)
        text.draw(surface, title, (cx, cy - radius - 8), max(10, int(radius * 0.17)), palette.TEXT, anchor="midbottom")
