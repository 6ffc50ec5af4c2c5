"""The few widgets the app needs: buttons, a scrolling list and a one-line text field.

Each widget keeps its own rect (set by the screen's layout every frame) and answers events with
what happened; none of them knows about games.
"""

from __future__ import annotations

import math

from typing import Callable

import pygame

from . import palette as P
from . import text
from . import pointer

FOCUS_GAP = 3
"""How far (px) the keyboard focus's ring stands outside a button: the pointer's ring is on its edge."""


MILD_SHRINK = 0.9
"""How far a button's words may shrink before shorter words are tried (Button.shown_label)."""


def fitting_size(words: str, size: int, width: int, least: float = 0.75) -> int:
    """The font size, down to `least` of `size`, at which words fit in width (a label is shrunk a little
    before it is cut: large text in a small window keeps whole words)."""
    smallest = max(8, int(size * least))
    while size > smallest and text.measure(words, size)[0] > width:
        size -= 1
    return size


def fit_keeping(words: str, size: int, width: int, mark: str = "⚠") -> str:
    """The words cut to width like text.fit, except that a warning mark in them stays in view: when the
    cut would lose it, the words before the mark are cut instead and the mark ends the line."""
    cut = text.fit(words, size, width)
    if mark not in words or mark in cut:
        return cut
    head = words.partition(mark)[0].rstrip()
    tail = f" {mark}"
    return text.fit(head, size, width - text.measure(tail, size)[0]) + tail


class Button:
    """A labelled rectangle that calls on_click when clicked (or activated from the keyboard)."""

    def __init__(self, label: str, on_click: Callable[[], None], hint: str = "", enabled: bool = True,
                 short: str = ""):
        self.label = label
        self.short = short  # fewer words, shown when the label would have to shrink much to fit
        self.on_click = on_click
        self.hint = hint  # the keyboard shortcut shown after the label
        self.enabled = enabled
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.focused = False
        self.selected = False  # drawn as chosen (for option buttons)

    def handle(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.enabled
                and self.rect.collidepoint(event.pos)):
            self.on_click()
            return True
        return False

    def pointed_at(self) -> bool:
        """Whether the pointer is over the button (it is drawn lit, with a ring)."""
        return self.rect.collidepoint(pointer.hover_pos())

    def draw(self, surface: pygame.Surface, size: int, same_size: bool = False) -> None:
        hovered = self.enabled and self.pointed_at()
        if not self.enabled:
            fill, ink = P.PANEL, P.DISABLED
        elif self.selected:
            fill, ink = P.ACCENT, P.ink_on(P.ACCENT)
        else:
            fill, ink = (P.HOVER_ROW if hovered else P.SELECTED_ROW), P.TEXT
        radius = max(3, self.rect.h // 5)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        # The pointer lights the button and rings its edge in the text's colour; the keyboard focus is a ring
        # of its own in the focus colour, a little outside the button, so a person sees where Enter goes apart
        # from where the pointer rests (a pointer resting on one button and the focus on another showed two
        # yellow rings that read as two focuses: audits).
        lit = hovered and self.enabled
        pygame.draw.rect(surface, P.TEXT if lit else P.PANEL_EDGE, self.rect, width=2 if lit else 1,
                         border_radius=radius)
        if self.focused and self.enabled:
            if not lit:
                # the button's own edge in the background's colour widens the dark gap inside the ring: on a
                # chosen (sky-blue) button the yellow ring had only a pixel between them and read faint (an
                # accessibility audit)
                pygame.draw.rect(surface, P.BACKGROUND, self.rect, width=1, border_radius=radius)
            pygame.draw.rect(surface, P.HIGHLIGHT, self.rect.inflate(2 * FOCUS_GAP, 2 * FOCUS_GAP), width=2,
                             border_radius=radius + FOCUS_GAP)
        label, size = self.fitted(size, same_size)
        label = text.fit(label, size, self.rect.w - 8)
        text.draw(surface, label, self.rect.center, size, ink, anchor="center")

    def _choices(self) -> list[str]:
        """The button's words, longest first: the label with its key hint, the label, the short label."""
        choices = [f"{self.label}  [{self.hint}]"] if self.hint else []
        return choices + [self.label] + ([self.short] if self.short else [])

    def shown_label(self, size: int) -> str:
        """The words on the button at this size: the label with its key hint, else the label alone, else the
        short label, whichever first fits shrunk no more than a little (MILD_SHRINK, rounded up to a whole
        size). The hint and then the long words go before the letters shrink: at the largest text, "Delete
        [Del]" had been drawn smaller than the normal size's words (an accessibility audit)."""
        room = self.rect.w - 8
        least = math.ceil(size * MILD_SHRINK)
        choices = self._choices()
        return next((words for words in choices if text.measure(words, least)[0] <= room), choices[-1])

    def fitted(self, size: int, same_size: bool = False) -> tuple[str, int]:
        """The words drawn and their size. same_size: a row of buttons drawn at one size (the size given,
        the smallest of theirs: Button.row_size) takes the longest words that fit at it whole."""
        room = self.rect.w - 8
        if same_size:
            words = next((w for w in self._choices() if text.measure(w, size)[0] <= room), None)
            if words is not None:
                return words, size
        words = self.shown_label(size)
        return words, fitting_size(words, size, room)

    @staticmethod
    def row_size(buttons, size: int) -> int:
        """The one size a row of buttons is drawn at so their words match: the smallest each would take."""
        return min([b.fitted(size)[1] for b in buttons] or [size])


def scroll_bar(surface: pygame.Surface, area: pygame.Rect, top: int, shown: int, total: int) -> pygame.Rect | None:
    """A thin scroll bar along the right edge of `area` when only `shown` of `total` rows fit, its thumb where
    rows top to top + shown stand in the whole; the thumb's rect, or None when everything fits."""
    if total <= shown:
        return None
    track = pygame.Rect(area.right - 5, area.y, 4, area.h)
    pygame.draw.rect(surface, P.PANEL_EDGE, track)
    h = max(12, track.h * shown // total)
    y = track.y + (track.h - h) * top // max(1, total - shown)
    thumb = pygame.Rect(track.x, y, 4, h)
    pygame.draw.rect(surface, P.TEXT_DIM, thumb)
    return thumb


class ListView:
    """A scrolling list of text rows; one row selected; rows can be marked as highlighted."""

    def __init__(self):
        self.items: list[str] = []
        self.selected = 0
        self.top = 0  # first visible row
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 24
        self.hover: int | None = None  # the row under the pointer, None when it is on no row
        self.cut_rows: set[int] = set()  # rows the last draw could not show whole (a tip shows them)

    def fit_to(self, size: int, scale: float) -> None:
        """The screen's list font size and scale, at every layout: a plain list keeps its rows as they are
        (WrappingRows refits them)."""
        self.set_items(self.items)

    def set_items(self, items: list[str], keep: bool = True) -> None:
        old = self.items[self.selected] if keep and 0 <= self.selected < len(self.items) else None
        same = list(items) == self.items
        if not same:
            self.hover = None  # another row may stand where the pointer was: its tip must not stay up
        self.items = list(items)
        # no row chosen (-1, a question asked with none chosen) stays so through a refit of the same rows
        unchosen = keep and self.selected < 0 and self.items and same
        self.selected = self.items.index(old) if old in self.items else (-1 if unchosen else 0)
        self._scroll(min(self.top, self._last_top()))
        self.reveal()

    def visible_rows(self) -> int:
        return max(1, self.rect.h // max(1, self.row_h))

    def _last_top(self) -> int:
        """The top row that shows the list's last rows: as far down as it may scroll."""
        return max(0, len(self.items) - self.visible_rows())

    def reword(self, items: list[str]) -> None:
        """The same rows in other words (a turned view names the holes anew): the row chosen and the scroll
        stay where they were."""
        selected, top = self.selected, self.top
        self.set_items(items, keep=False)
        self.selected = min(selected, max(0, len(self.items) - 1))
        self._scroll(min(top, self._last_top()))

    def _scroll(self, top: int) -> None:
        """Show the rows from `top` on. A scroll moves other rows under a still pointer, so the hovered row
        is forgotten until the pointer moves again (a log row's tip stayed up over rows that came after)."""
        if top != self.top:
            self.hover = None
        self.top = top

    def reveal(self, index: int | None = None) -> None:
        i = max(0, self.selected if index is None else index)  # no row chosen (-1): the list from its top
        rows = self.visible_rows()
        top = self.top
        if i < top:
            top = i
        elif i >= top + rows:
            top = i - rows + 1
        self._scroll(max(0, min(top, max(0, len(self.items) - rows))))

    def scroll_by_page(self, pages: int) -> None:
        """Scroll `pages` pages down (up when negative), the selection left where it is."""
        rows = self.visible_rows()
        self._scroll(max(0, min(self.top + pages * max(1, rows - 1), max(0, len(self.items) - rows))))

    def scroll_to_end(self) -> None:
        self._scroll(max(0, len(self.items) - self.visible_rows()))

    def pointer_moved(self, pos) -> None:
        """The pointer moved to `pos`, maybe onto something else that took the move (the board): a row it
        has left is hovered no more, so its tip goes."""
        if self.hover is not None and self.row_at(pos) != self.hover:
            self.hover = None

    def move(self, delta: int) -> None:
        if self.items:
            self.selected = max(0, min(len(self.items) - 1, self.selected + delta))
            self.reveal()

    def row_at(self, pos) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        i = self.top + (pos[1] - self.rect.y) // max(1, self.row_h)
        return i if 0 <= i < len(self.items) else None

    def handle(self, event: pygame.event.Event) -> int | None:
        """A row index when a row was clicked; scrolls on the wheel; tracks the hovered row."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.row_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pointer.pos()):
                self._scroll(max(0, min(self.top - event.y * 3, max(0, len(self.items) - self.visible_rows()))))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            i = self.row_at(event.pos)
            if i is not None:
                self.selected = i
                return i
        return None

    def draw(self, surface: pygame.Surface, size: int, marked: set[int] = frozenset(),
             numbered: bool = False, dim: bool = False, show_selection: bool = True,
             warn: set[int] = frozenset(), lines: int = 1, faint: set[int] = frozenset(),
             framed: bool = True) -> None:
        """Draw the visible rows; `marked` rows get a bar at the left edge, `warn` rows orange ink. A row too
        long for the list wraps onto up to `lines` lines (row_h must hold them), and one longer still is cut
        at the end of its last line, keeping its ⚠ in view (fit_keeping). The selected row is shaded, and
        framed in the focus colour unless `framed` is False (RowsOfHeights.draw)."""
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        rows = self.visible_rows()
        self.cut_rows = set()
        room = text.block_height(lines, size)  # the height of a row's lines at the size given
        if lines > 1:
            # one size for the rows in view: each had shrunk to fit on its own, so the saved matches' rows were
            # drawn at different sizes (an accessibility audit); a row longer still is cut, as before
            width = self.rect.w - 14 - (6 if len(self.items) > rows else 0)
            # (a row too long even at the smallest size is cut at the others' size, not a cause to shrink them)
            in_view = range(self.top, min(len(self.items), self.top + rows))
            fitted = [text.fit_block(self._label(i, k, numbered), size, width, room, least=0.8)
                      for k, i in enumerate(in_view)]
            size = min([at for at, _, fits in fitted if fits] or [size])
        for k in range(rows):
            i = self.top + k
            if i >= len(self.items):
                break
            row = pygame.Rect(self.rect.x, self.rect.y + k * self.row_h, self.rect.w, self.row_h)
            if show_selection and i == self.selected:
                pygame.draw.rect(surface, P.SELECTED_ROW, row)
                pygame.draw.rect(surface, P.HIGHLIGHT if framed else P.PANEL_EDGE, row, width=2 if framed else 1)
            elif i == self.hover:
                pygame.draw.rect(surface, P.HOVER_ROW, row)
            if i in marked:  # a bar at the left edge, not colour alone
                pygame.draw.rect(surface, P.HIGHLIGHT, (row.x, row.y + 2, 5, row.h - 4))
            label = self._label(i, k, numbered)
            ink = self._row_ink(i, warn, faint, dim, show_selection)
            if lines > 1:
                width = row.w - 14 - (6 if len(self.items) > rows else 0)  # clear of the scroll bar
                at, parts, fits = text.fit_block(label, size, width, room, least=1.0)
                if not fits:  # longer still: cut at the end of the last line
                    self.cut_rows.add(i)
                    wrapped = text.wrap(label, size, width)
                    at, parts = size, wrapped[:lines - 1] + [fit_keeping(" ".join(wrapped[lines - 1:]), size, width)]
                step = text.line_step(at)
                y = row.centery - text.block_height(len(parts), at) // 2
                for k, part in enumerate(parts):
                    text.draw(surface, part, (row.x + 10, y + k * step), at, ink)
                continue
            shown = fit_keeping(label, size, row.w - 14)
            if shown != label:
                self.cut_rows.add(i)
            text.draw(surface, shown, (row.x + 10, row.centery), size, ink, anchor="midleft")
        scroll_bar(surface, self.rect, self.top, rows, len(self.items))
        surface.set_clip(clip)

    def _label(self, i: int, k: int, numbered: bool) -> str:
        """Row i's words, the k-th row in view, with its number when the rows are numbered (1 to 9)."""
        return f"{k + 1}. {self.items[i]}" if numbered and k < 9 else self.items[i]

    def _row_ink(self, i: int, warn, faint, dim: bool, show_selection: bool):
        """The ink of row i: the warning ink (a lighter shade on the selected row, where the plain one read at
        under 4.5:1), dim, or plain."""
        if i in warn:
            return P.WARNING_SELECTED if show_selection and i == self.selected else P.WARNING
        return P.TEXT_DIM if dim or i in faint else P.TEXT


class RowsOfHeights(ListView):
    """A list whose rows each have their own height (height_of): what shows from `top` on, scrolling by whole
    rows, where a row is and which row is under the pointer, and a row's words wrapped onto its lines. The
    move log and the Choices lists that wrap."""

    MOST_LINES = 1
    ROOMY = False
    ENDS_AT_FOOT = False
    """Scrolled to its end, the list's last row sits at its foot, the room above it showing the foot of
    the row before (lead): the move log, whose tall rows left a band of up to a row empty under the last
    one (a window-size audit saw three of five rows at the largest text)."""
    WHEEL_LINES = 3
    """How far a notch of the wheel scrolls: rows adding up to this many one-line rows, one at least (three
    rows a notch passed over a tall row between two others, never shown: a window-size audit)."""

    def __init__(self):
        super().__init__()
        self.size = 14  # the font size the list is drawn in
        self._lines: dict[str, tuple[str, ...]] = {}
        self._lines_key = None

    def _width(self) -> int:
        return self.rect.w - 20  # clear of the scroll bar, which may come or go

    def wrapped(self, label: str) -> tuple[str, ...]:
        """The label's lines at the list's size and width: MOST_LINES at most, the last one cut (keeping its
        ⚠); kept until the size or the width changes."""
        most = self.most_lines()
        key = (self.size, self._width(), most)
        if key != self._lines_key:
            self._lines, self._lines_key = {}, key
        hit = self._lines.get(label)
        if hit is None:
            width = max(20, self._width())
            lines = text.wrap(label, self.size, width) or [""]
            if len(lines) > most:
                lines = lines[:most - 1] + [fit_keeping(" ".join(lines[most - 1:]), self.size, width)]
            hit = self._lines[label] = tuple(lines)
        return hit

    def most_lines(self) -> int:
        """The most lines a row takes: MOST_LINES, or for a list with ROOMY rows as many as its height holds
        (at least MOST_LINES): a Donkey Kong log row that says what the obstacles did ran past six lines and
        was cut (a keyboard audit)."""
        if not self.ROOMY or self.rect.h <= 0:
            return self.MOST_LINES
        return max(self.MOST_LINES, (self.rect.h - self.row_h // 3) // max(1, text.line_step(self.size)))

    def height_of(self, i: int) -> int:
        return self.row_h

    def lead(self) -> int:
        """How far down the first whole row is drawn: the room left under the last row when the list is
        scrolled to its end (ENDS_AT_FOOT), else 0."""
        if not self.ENDS_AT_FOOT or self.top <= 0 or self.top != self._last_top():
            return 0
        used = sum(self.height_of(i) for i in range(self.top, len(self.items)))
        return max(0, self.rect.h - used)

    def _wheel_rows(self, up: bool) -> int:
        """How many rows a notch of the wheel scrolls from `top`, up or down (WHEEL_LINES), never past a row
        it would leave unseen: up, the rows it brings in all show whole; down, it passes only rows that
        showed."""
        rows = range(self.top - 1, -1, -1) if up else range(self.top, len(self.items))
        most = len(self.items) if up else self._fitting_from(self.top)
        used, n = 0, 0
        for i in rows:
            h = self.height_of(i)
            if n and (used >= self.WHEEL_LINES * self.row_h or n >= most or (up and used + h > self.rect.h)):
                break
            used, n = used + h, n + 1
        return max(1, n)

    def _fitting_from(self, top: int) -> int:
        """How many rows from `top` on the list shows whole (one at least)."""
        used, n = 0, 0
        for i in range(top, len(self.items)):
            used += self.height_of(i)
            if used > self.rect.h and n:
                break
            n += 1
        return max(1, n)

    def _last_top(self) -> int:
        """The top row that shows the list's last rows whole: as far down as it may scroll."""
        used, top = 0, len(self.items)
        while top > 0:
            used += self.height_of(top - 1)
            if used > self.rect.h and top < len(self.items):
                break
            top -= 1
        return top

    def visible_rows(self) -> int:
        """The rows the list shows from `top` on, counting the room below its last row in one-line rows (what
        the list holds, as a plain list's count does)."""
        used, n, i = 0, 0, self.top
        while n < 10_000:
            h = self.height_of(i) if i < len(self.items) else self.row_h
            if used + h > self.rect.h and n:
                break
            used, n, i = used + h, n + 1, i + 1
        return max(1, n)

    def reveal(self, index: int | None = None) -> None:
        i = max(0, self.selected if index is None else index)  # no row chosen (-1): the list from its top
        if i < self.top:
            self._scroll(i)
        else:
            while self.top < i and i >= self.top + self._fitting_from(self.top):
                self._scroll(self.top + 1)

    def scroll_by_page(self, pages: int) -> None:
        """A page down keeps the last row shown at the top; a page up brings in as many rows above as fit with
        the top row kept at the foot (it went up by the rows that fitted below: taller rows above were passed
        over, never shown whole: a regression audit)."""
        for _ in range(abs(pages)):
            if pages > 0:
                top = self.top + max(1, self._fitting_from(self.top) - 1)
            else:
                top, used = self.top, self.height_of(self.top) if self.top < len(self.items) else 0
                while top > 0 and used + self.height_of(top - 1) <= self.rect.h:
                    top, used = top - 1, used + self.height_of(top - 1)
                top = min(top, self.top - 1)
            top = max(0, min(top, self._last_top()))
            if top == self.top:
                break  # at the end of the log either way
            self._scroll(top)

    def scroll_to_end(self) -> None:
        self._scroll(self._last_top())

    def row_rect(self, i: int) -> pygame.Rect | None:
        """Where row i is drawn (None when it is scrolled out of the list)."""
        if i < self.top:
            return None
        y = self.rect.y + self.lead()
        for k in range(self.top, i):
            y += self.height_of(k)
        h = self.height_of(i)
        return pygame.Rect(self.rect.x, y, self.rect.w, h) if y + h <= self.rect.bottom or i == self.top else None

    def row_at(self, pos) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        y = self.rect.y + self.lead()
        for i in range(self.top, len(self.items)):
            h = self.height_of(i)
            if y <= pos[1] < y + h:
                return i
            y += h
            if y > self.rect.bottom:
                break
        return None

    def handle(self, event: pygame.event.Event) -> int | None:
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pointer.pos()):
                for _ in range(abs(int(event.y))):  # notch by notch, each from where the last one left the list
                    rows = self._wheel_rows(event.y > 0)
                    self._scroll(max(0, min(self.top + (-rows if event.y > 0 else rows), self._last_top())))
            return None
        return super().handle(event)

    def row_lines(self, i: int, shown: int, numbered: bool) -> tuple[str, ...]:
        """The lines row i is drawn on, as the shown-th row in view (numbered 1 to 9 when asked)."""
        return self.wrapped(self.items[i])

    def draw(self, surface: pygame.Surface, size: int, marked=frozenset(), numbered: bool = False,
             dim: bool = False, show_selection: bool = True, warn=frozenset(), lines: int = 1,
             faint=frozenset(), framed: bool = True) -> None:
        """The rows from `top` that fit, each on its own lines; `marked` rows get a bar at the left edge,
        `warn` rows the warning ink and `faint` ones the dim ink (a row that plays nothing now); the selected
        row shaded (show_selection) and framed in the focus colour unless `framed` is False (a list whose
        selection the keyboard's focus is not on: the launcher's saved matches, whose frame read as the
        focus ring while no control had the focus: an audit), the hovered one lit."""
        if int(size) != self.size:
            self.size = int(size)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        self.cut_rows = set()
        y, shown = self.rect.y + self.lead(), 0
        if y > self.rect.y:  # the foot of the row before, in the room over the last rows (ENDS_AT_FOOT)
            above = self.top - 1
            parts = self.row_lines(above, -1, False)
            step = text.line_step(self.size)
            h = self.height_of(above)
            first = y - h + h // 2 - text.block_height(len(parts), self.size) // 2
            for k, part in enumerate(parts):
                if first + k * step >= self.rect.y:  # whole lines only (a sliced one read as a speck of text)
                    text.draw(surface, part, (self.rect.x + 10, first + k * step), self.size, P.TEXT_DIM)
        for i in range(self.top, len(self.items)):
            h = self.height_of(i)
            if y + h > self.rect.bottom and shown:
                break
            row = pygame.Rect(self.rect.x, y, self.rect.w, h)
            if show_selection and i == self.selected:
                pygame.draw.rect(surface, P.SELECTED_ROW, row)
                pygame.draw.rect(surface, P.HIGHLIGHT if framed else P.PANEL_EDGE, row, width=2 if framed else 1)
            elif i == self.hover:
                pygame.draw.rect(surface, P.HOVER_ROW, row)
            if i in marked:  # a bar at the left edge, not colour alone
                pygame.draw.rect(surface, P.HIGHLIGHT, (row.x, row.y + 2, 5, row.h - 4))
            parts = self.row_lines(i, shown, numbered)
            if parts[-1].endswith("…"):
                self.cut_rows.add(i)
            ink = self._row_ink(i, warn, faint, dim, show_selection)
            step = text.line_step(self.size)
            top = row.centery - text.block_height(len(parts), self.size) // 2
            for k, part in enumerate(parts):
                text.draw(surface, part, (row.x + 10, top + k * step), self.size, ink)
            y += h
            shown += 1
        self._draw_scroll_bar(surface, shown)
        surface.set_clip(clip)

    def _draw_scroll_bar(self, surface: pygame.Surface, shown: int) -> None:
        if self.top > 0 or self.top + shown < len(self.items):  # where the rows shown stand
            track = pygame.Rect(self.rect.right - 5, self.rect.y, 4, self.rect.h)
            pygame.draw.rect(surface, P.PANEL_EDGE, track)
            n = max(1, len(self.items))
            bar_h = max(12, track.h * shown // n)
            bar_y = track.y + (track.h - bar_h) * self.top // max(1, n - shown)
            pygame.draw.rect(surface, P.TEXT_DIM, (track.x, bar_y, 4, bar_h))


class WrappingRows(RowsOfHeights):
    """A Choices list whose rows wrap, each onto the lines its own words need (five at most, the last cut
    keeping its ⚠), so that what tells rows apart at their ends (a hole's block, a step's cost) is read whole
    at any text size. Rows of one line keep the one-line height: before, every row took the lines of the
    longest, and a list of fourteen choices showed five with gaps between them (an audit)."""

    MOST_LINES = 5  # (3 cut Super Mario's character cards, each row now naming the card's five cells: an audit)
    LEAST_LINES = 1  # the height a row takes at least, in lines (Donkey Kong's moves: two)

    def __init__(self):
        super().__init__()
        self.size = 15  # the font size the screen draws the list in (on_layout)
        self.one_h = 24
        self.pad = 6
        # Rows drawn on one line, cut (the pointer on one reads it whole): rows kept as placeholders that play
        # nothing now (Monkey Dash), which wrapped onto two or three lines each and pushed the rows that play
        # something out of view (an audit).
        self.compact: set[int] = set()
        # Rows numbered by their place in the list (1 to 9), not in the view, so a scroll changes no number
        # (the screen's digit keys count the same way: absolute_numbers)
        self.absolute_numbers = False

    def fit_to(self, size: int, scale: float) -> None:
        """The screen's list font size and scale: the one-line row height and padding, and the rows refitted."""
        self.size, self.one_h, self.pad = size, int(26 * scale * text.SCALE), int(6 * scale)
        self.row_h = self.one_h
        self.set_items(self.items)

    def lines_of(self, i: int, prefix: str = "9. ") -> tuple[str, ...]:
        """Row i's lines at the list's size and width, after its number (the widest, "9. ", when measuring)."""
        if i in self.compact:
            return (fit_keeping(prefix + self.items[i], self.size, self._width()),)
        return self.wrapped(prefix + self.items[i])

    def height_of(self, i: int) -> int:
        n = max(len(self.lines_of(i)), self.LEAST_LINES)
        return self.one_h if n == 1 else text.block_height(n, self.size) + self.pad

    def row_lines(self, i: int, shown: int, numbered: bool) -> tuple[str, ...]:
        number = i if self.absolute_numbers else shown
        return self.lines_of(i, f"{number + 1}. " if numbered and number < 9 else "")


class LogRows(RowsOfHeights):
    """The move log: each row wraps onto as many lines as its own words need (six at most), so a row is
    read whole without the pointer on it (a keyboard player could not read a cut row at all; at the largest
    text a Super Mario push with its item's words ran past four lines, cut: a keyboard audit); rows of one
    line keep the list's row height. Scrolling goes by whole rows, and the end of the log stays in view
    as rows of several heights come and go."""

    MOST_LINES = 6
    ROOMY = True  # a row takes as many lines as the log's height holds (RowsOfHeights.most_lines)
    ENDS_AT_FOOT = True

    def __init__(self):
        super().__init__()
        self.size = 14  # the font size the screen draws the log in (draw's size; fit_to)

    def fit_to(self, size: int, scale: float) -> None:
        self.size = int(size)
        self.set_items(self.items, keep=False)

    def lines_of(self, i: int) -> tuple[str, ...]:
        """Row i's lines at the log's size and width (the most lines a row may take; its last line cut)."""
        return self.wrapped(self.items[i])

    def height_of(self, i: int) -> int:
        n = len(self.lines_of(i))
        return self.row_h if n == 1 else max(self.row_h, text.block_height(n, self.size) + self.row_h // 3)

    def set_items(self, items, keep: bool = True) -> None:
        if list(items) != self.items:
            self.hover = None
        self.items = list(items)
        self.selected = 0
        self._scroll(min(self.top, self._last_top()))

    def row_lines(self, i: int, shown: int, numbered: bool) -> tuple[str, ...]:
        return self.lines_of(i)


def draw_tip(surface: pygame.Surface, words: str, row: pygame.Rect, size: int, width: int) -> pygame.Rect:
    """A box with the whole of `words`, wrapped to `width`, just under `row` (above it when there is no
    room below), kept inside the window; returns the box."""
    lines = text.wrap(words, size, width - 16) or [words]
    step = text.line_step(size)
    box = pygame.Rect(0, 0, min(width, max(text.measure(line, size)[0] for line in lines) + 16),
                      step * len(lines) + 10)
    box.topright = (row.right, row.bottom + 2)
    if box.bottom > surface.get_height() - 2:
        box.bottom = row.y - 2
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, P.PANEL, box, border_radius=4)
    pygame.draw.rect(surface, P.HIGHLIGHT, box, width=1, border_radius=4)
    for k, line in enumerate(lines):
        text.draw(surface, line, (box.x + 8, box.y + 5 + k * step), size, P.TEXT)
    return box


EDIT_KEYS = (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END)
"""The keys a focused TextField takes besides typing and Ctrl+A."""


class TextField:
    """One line of editable text; typing goes in at the caret while it has the focus.

    The caret is moved with Left, Right, Home and End; Backspace deletes the character before it and Delete
    the one after it (a keyboard audit found only typing and Backspace, at the end: after Left Left, typing
    "X" into "Kid" gave "KidX"). Setting `value` from outside puts the caret at its end.

    The whole text can be selected (Ctrl+A, or select_all() when a click lands on a name the table made
    up such as "Player 1"): typing then replaces it and Backspace clears it. A character refused because
    the field is full, or one the field does not take (`allowed`), is said in `note` (the screen shows it)
    instead of being dropped silently."""

    def __init__(self, value: str = "", placeholder: str = "", max_len: int = 24,
                 allowed: Callable[[str], bool] | None = None,
                 refused: str = "'{chars}' cannot be typed here and was not taken."):
        self.value = value  # the caret at its end (the setter)
        self.refused = refused  # the note for characters `allowed` turns away ({chars}: those typed)
        self.placeholder = placeholder
        self.max_len = max_len
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.focused = False
        self.all_selected = False
        self.note = ""  # why the last typing was not all taken ("" when it was)

    @property
    def value(self) -> str:
        return self._value

    @value.setter
    def value(self, value: str) -> None:
        self._value = value
        self.caret = len(value)

    def select_all(self) -> None:
        self.all_selected = bool(self.value)

    def insert(self, chars: str) -> None:
        """Put chars in at the caret, the caret after them (no check of length or of the characters)."""
        at = self.caret
        self._value = self._value[:at] + chars + self._value[at:]
        self.caret = at + len(chars)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.rect.collidepoint(event.pos)
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            if self.all_selected:
                self.value, self.all_selected = "", False
            self.note = ""
            turned_away = "".join(ch for ch in event.text if not self.allowed(ch))
            for ch in event.text:
                if not self.allowed(ch):
                    continue
                if len(self.value) >= self.max_len:
                    self.note = f"At most {self.max_len} characters: the rest was not taken."
                    break
                self.insert(ch)
            if turned_away and not self.note:  # '12abc' kept 12 without a word (an audit)
                self.note = self.refused.format(chars=turned_away[:20])
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
            self.select_all()
            return True
        if event.type == pygame.KEYDOWN and event.key in EDIT_KEYS:
            self.edit(event.key)
            return True
        return False

    def edit(self, key: int) -> None:
        """Backspace or Delete (the whole text when it is selected), or the caret moved: Left and Right by a
        character, Home and End to the ends (a selection is let go, the caret at its start or its end)."""
        value, at, selected = self._value, self.caret, self.all_selected
        self.all_selected = False
        self.note = ""
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE) and selected:
            self.value = ""
        elif key == pygame.K_BACKSPACE and at > 0:
            self._value, self.caret = value[:at - 1] + value[at:], at - 1
        elif key == pygame.K_DELETE:
            self._value = value[:at] + value[at + 1:]
        elif key == pygame.K_HOME or (key == pygame.K_LEFT and selected):
            self.caret = 0
        elif key == pygame.K_END or (key == pygame.K_RIGHT and selected):
            self.caret = len(value)
        elif key == pygame.K_LEFT:
            self.caret = max(0, at - 1)
        elif key == pygame.K_RIGHT:
            self.caret = min(len(value), at + 1)

    def draw(self, surface: pygame.Surface, size: int) -> None:
        pygame.draw.rect(surface, P.BACKGROUND, self.rect, border_radius=4)
        edge = P.HIGHLIGHT if self.focused else P.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, width=2 if self.focused else 1, border_radius=4)
        shown = self.value or self.placeholder
        ink = P.TEXT if self.value else P.TEXT_DIM
        base, size = size, fitting_size(shown, size, self.rect.w - 16)
        fitted = None
        if text.measure(shown, size)[0] > self.rect.w - 16:
            # a long name in a narrow field (large text, a small window): smaller still, or on two lines,
            # rather than a name cut short
            fitted = text.fit_block(shown, base, self.rect.w - 16, self.rect.h - 4, least=0.6)
        if fitted is not None and fitted[2]:
            at, lines, _ = fitted
            y = self.rect.centery - text.block_height(len(lines), at) // 2
            rows = []  # each line's place: (its rect, where it starts in the value)
            start = 0
            for k, line in enumerate(lines):
                r = text.draw(surface, line, (self.rect.x + 8, y + k * text.line_step(at)), at, ink)
                start = max(start, self.value.find(line, start))
                rows.append((r, start, line))
                start += len(line)
            # the caret on the line it stands in (at the end of a line where the value wraps)
            r, start, line = next((row for row in rows if row[1] + len(row[2]) >= self.caret), rows[-1])
            caret = (r, at, line[:max(0, self.caret - start)])
        else:
            fitted_line = text.fit(shown, size, self.rect.w - 16)
            if self.all_selected and self.focused:  # the selection, as text editors show it
                w, h = text.measure(fitted_line, size)
                pygame.draw.rect(surface, P.SELECTED_ROW, (self.rect.x + 6, self.rect.centery - h // 2 - 1, w + 4, h + 2))
            r = text.draw(surface, fitted_line, (self.rect.x + 8, self.rect.centery), size, ink, anchor="midleft")
            caret = (r, size, self.value[:self.caret] if fitted_line == self.value else fitted_line)
        if self.focused:
            # A steady caret where typing goes in: it blinked, so a person (or a screenshot) between blinks saw
            # no caret at all, and the launcher is redrawn only now and then while nothing moves.
            # It stands in the gap between two letters, a pixel wide at the usual sizes, clear of both (two
            # pixels a pixel to the right hid an "i").
            r, at, before = caret
            x = min(r.x + text.measure(before, at)[0], r.right) if self.value else self.rect.x + 8
            w = max(1, at // 14)
            pygame.draw.rect(surface, P.TEXT, (x - w // 2, self.rect.y + 5, w, self.rect.h - 10))


def draw_seat_mark(surface: pygame.Surface, seat: int, centre, radius: int, label: bool = True) -> None:
    """A seat's token: its colour in its own shape, outlined, with the seat number on it."""
    colour = P.seat_colour(seat)
    cx, cy = int(centre[0]), int(centre[1])
    r = max(3, int(radius))
    shape = P.seat_shape(seat)
    if shape == "circle":
        pygame.draw.circle(surface, colour, (cx, cy), r)
        pygame.draw.circle(surface, P.BLACK, (cx, cy), r, 2)
    elif shape == "square":
        rect = pygame.Rect(0, 0, int(r * 1.8), int(r * 1.8))
        rect.center = (cx, cy)
        pygame.draw.rect(surface, colour, rect)
        pygame.draw.rect(surface, P.BLACK, rect, 2)
    elif shape == "triangle":
        # pointing down: a yellow triangle pointing up is the warning sign (a board-game audit read Player 3's
        # token as "danger" beside the warned choices)
        pts = [(cx, cy + r), (cx + r, cy - int(r * 0.8)), (cx - r, cy - int(r * 0.8))]
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, P.BLACK, pts, 2)
    else:
        pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, P.BLACK, pts, 2)
    if label and r >= 7:
        text.draw(surface, str(seat + 1), (cx, cy - (r // 5 if shape == "triangle" else 0)), int(r * 1.1),
                  P.ink_on(colour), bold=True, anchor="center")


def panel(surface: pygame.Surface, rect: pygame.Rect, title: str = "", size: int = 16) -> pygame.Rect:
    """A framed panel with an optional title; returns the inner rect below the title."""
    pygame.draw.rect(surface, P.PANEL, rect, border_radius=6)
    pygame.draw.rect(surface, P.PANEL_EDGE, rect, width=1, border_radius=6)
    inner = rect.inflate(-12, -12)
    if title:
        text.draw(surface, text.fit(title, size, inner.w, bold=True), inner.topleft, size, P.TEXT_DIM, bold=True)
        inner = pygame.Rect(inner.x, inner.y + int(size * 1.5), inner.w, inner.h - int(size * 1.5))
    return inner
