"""What the Jenga screen draws over and beside the tower: the risk legend, the spinner, the settle
countdown, the live push's gauge, the lines of the last move and of what to do, the tooltip, each
seat's piece, the side panel's steps while a block must be taken, and the result of a fall beside
the fallen tower."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pygame

from games.jenga import data, physics
from games.jenga.layout import ends
from games.jenga.push import OUT_OF_LINE_MM, TOUCH_REACH_MM  # noqa: F401 (screen.py reads it here)
from games.jenga.super_mario_help import card_text
from games.words import counted

from ... import palette as P
from ... import text
from ...tower.jenga_scene import tower_look
from ...widgets import draw_seat_mark, panel
from .holes import direction_side, hole_side
from .pointer import HOLE_WORDS

PLACE_NAMES = ("left", "middle", "right")  # the rules' names of the three places on top (games.jenga.common)
VERDICT_OF = {"stack": ("stack",), "push": ("push", "touch"), "tremor": ("extract",)}
"""The simulator's verdicts (their "op") each action word leaves behind: the verdict is of the last move only
when the last step was one of these."""
WORDS_COVERED = 10**7
"""What the push gauge's placement adds to a place that covers any of the board's words and marks (the wheel, the
legend, the seats' lines, the figure on top): more than any cover of blocks, so such a place is taken only when
every place covers some."""


@lru_cache(maxsize=256)
def _wrapped(line: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """text.wrap, remembered: the same few lines are drawn every frame and measuring them is not free."""
    return tuple(text.wrap(line, size, width, bold=bold))


@lru_cache(maxsize=256)
def _width(line: str, size: int) -> int:
    return text.font(size).size(line)[0]


@lru_cache(maxsize=16)
def legend_width(size: int) -> int:
    """How wide render.tower.tint.RiskLegend draws its words at font size `size`, its status's longest words
    included: its title, the two lines of what the tint means, the ticks and the swatches' words beside the
    bar, and the status under it."""
    from ...tower.tint import GREYED_WORDS, MEANING, small

    beside = max(10, size) + 7  # the bar's width and the gap to the words beside it
    widths = [text.measure("collapse risk", size, bold=True)[0]]
    widths += [text.measure(line, small(size, 3))[0] for line in MEANING]
    widths += [beside + text.measure("100 %", small(size, 1))[0]]
    widths += [beside + text.measure(line, small(size, 2))[0] for line in ("untinted: no fall found",) + GREYED_WORDS]
    statuses = ("51 mapped; 51 get more pulls…", "51 of 51 blocks mapped…", "from up to 8 pulls a block",
                "no block to take now")
    widths += [text.measure(line, small(size, 1))[0] for line in statuses]
    return max(widths)


def out_of_line_mm(state, level: int, slot: int) -> float | None:
    """How far the block at level:slot sits from its level's line, in mm (the state's out_of_line_mm)."""
    return state.out_of_line_mm(level, slot)


def most_out_of_line(state) -> tuple[int, int, float] | None:
    """(level, slot, mm) of the block sitting furthest out of line with its level's other blocks (None for
    a tower with no level of two blocks or more)."""
    best = None
    for level, row in enumerate(state.layout):
        for slot, block in enumerate(row):
            off = out_of_line_mm(state, level, slot) if block is not None else None
            if off is not None and (best is None or off > best[2]):
                best = (level, slot, off)
    return best


def place_offset(tower: str, level: int, slot: int) -> np.ndarray | None:
    """Where place `slot` of `level` lies from the level's middle place in the ground plane (x, y in metres),
    None for the middle one: the way the window names a place by (place_seen, and a stack's log line)."""
    offset = physics.slot_pose(tower, level, slot)[:2] - physics.slot_pose(tower, level, 1)[:2]
    return None if float(np.hypot(offset[0], offset[1])) < 1e-6 else offset


OUT_OF_TRUE_MM = 5.0
"""How far a standing tower's top may stand off the centre of its base before the info line says so (an
untouched tower stands within a millimetre or two: the blocks' tolerances)."""


TURNED_DEG = 5.0
"""How far (degrees, about the upright) a standing level may have turned from the bottom one before the info
line says so: a tight block dragged out can swivel every level above it (an audit saw levels 9 to 17 turned
62 degrees, the line saying only the shift)."""


def top_turned_deg(state) -> float | None:
    """How far (degrees, about the upright) the standing level turned farthest stands turned from the bottom
    level: what dragged blocks have swivelled the tower. A level's turn is the mean of its blocks' turns from
    the way they lie as built (along x or y). None without a tower or two levels with blocks."""
    tower, layout = getattr(state, "tower", None), getattr(state, "layout", None)
    if not tower or not layout:
        return None
    pairs = [(b, level) for level, row in enumerate(layout) for b in row if b is not None]
    levels = sorted({level for _, level in pairs})
    if len(levels) < 2:
        return None
    blocks, level_of = (np.array(v) for v in zip(*pairs))
    q = np.asarray(tower["poses"], dtype=float)[blocks, 3:]
    yaw = np.degrees(np.arctan2(2.0 * (q[:, 3] * q[:, 2] + q[:, 0] * q[:, 1]), 1.0 - 2.0 * (q[:, 1] ** 2 + q[:, 2] ** 2)))
    built = np.array([0.0 if ends(level)[0].endswith("x") else 90.0 for level in range(max(levels) + 1)])
    turn = (yaw - built[level_of] + 90.0) % 180.0 - 90.0
    mean = np.bincount(level_of, weights=turn)[levels] / np.bincount(level_of)[levels]
    return float(np.abs(mean[1:] - mean[0]).max())


def _level_centre(poses: np.ndarray, row) -> np.ndarray | None:
    """The centre of a level across the tower (x, y in metres): its middle block's, else the mean of its two
    edge blocks'; None for a level of one edge block (that block lies off the centre by design)."""
    if len(row) > 1 and row[1] is not None:
        return poses[row[1], :2]
    if len(row) > 2 and row[0] is not None and row[2] is not None:
        return (poses[row[0], :2] + poses[row[2], :2]) / 2.0
    return None


def top_off_base_mm(state) -> float | None:
    """How far (mm, across the table) the highest level with a centre stands from the lowest: what the
    pushes of the game have left the tower out of true. None without a tower or two such levels."""
    tower, layout = getattr(state, "tower", None), getattr(state, "layout", None)
    if not tower or not layout:
        return None
    poses = np.asarray(tower["poses"], dtype=float)
    centres = [c for c in (_level_centre(poses, row) for row in layout) if c is not None]
    if len(centres) < 2:
        return None
    return float(np.hypot(*(centres[-1] - centres[0])) * 1000.0)


READABLE_WHEEL_PX = 86
"""The smallest spinner radius (px, at the normal text size); a wheel whose labels would be under
READABLE_LABEL_PX there is drawn larger (Spinner.smallest_radius: Super Mario's twelve sections, each label
inside its own section, take 94 px)."""
READABLE_LABEL_PX = 12

BLOCKS_COVERED = 2
"""What a pixel of the tower's blocks under the live push's gauge counts for, against a pixel of its way from beside
the block being pushed (Overlays._gauge_place)."""


class Overlays:
    """Drawing over and beside the tower (a part of JengaScreen)."""

    def _draw_overlays(self, surface, rect, state, risk) -> None:
        s = self.scale
        size = self.font_size(14)
        legend_bottom = rect.y
        self.overlay_rects = []  # the words and marks drawn over the board this frame, which the tooltip avoids
        if self.show_risk and not self.match.is_over():
            legend_bottom = self.legend.draw(surface, self._legend_rect(rect), size, self.risk_status(risk is not None),
                                             *tower_look(state.TOWER))
        self.legend_bottom = legend_bottom
        if self.show_risk and not self.match.is_over():
            legend = self._legend_rect(rect)
            self.overlay_rects.append(pygame.Rect(legend.x, legend.y, legend.w, max(0, legend_bottom - legend.y)))
        if self.spinner is not None:
            # a larger wheel at a larger text size: its labels' size is bounded by the room on the wheel (an
            # accessibility audit read "1/3$" in 6 px letters at the largest text in a small window)
            # and never so small that the labels of a wheel of twelve, bounded by the room between neighbours, fall
            # under 12 px (they read 10 px at 1024x640, whatever the text size: a window-size audit)
            least = self.spinner.smallest_radius(READABLE_LABEL_PX, READABLE_WHEEL_PX)
            radius = max(int(min(rect.w, rect.h) * 0.12 * text.SCALE ** 0.5), int(least * text.SCALE ** 0.5))
            centre = (rect.x + radius + int(24 * s), rect.y + radius + int(40 * s))
            waits = self.chance_waits()
            if waits:  # the wheel waits for the person's hand: ringed, and its title says so
                pygame.draw.circle(surface, P.HIGHLIGHT, centre, radius + int(6 * s), max(2, int(3 * s)))
            self.spinner.draw(surface, centre, radius, "Click to spin" if waits else "Spinner", waiting=waits)
            self.spinner_rect = pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius).inflate(8, 8)
            key, key_size = self._spinner_key(), self.font_size(12)
            # under the wheel, moved right as far as its words need to stay on the board (at the largest text
            # size "girders out / girders climbed" ran off the board's left edge)
            key_x = max(centre[0], rect.x + int(4 * s) + (_width(key, key_size) + 1) // 2)
            r = text.draw(surface, key, (key_x, centre[1] + radius + 6), key_size, P.TEXT_DIM, anchor="midtop")
            said = self.spinner_said()
            y = r.bottom + 4
            self.overlay_rects += [self.spinner_rect, r]
            for line in _wrapped(said, self.font_size(14), 2 * radius + int(40 * s), True) if said else []:
                drawn = text.draw(surface, line, (centre[0], y), self.font_size(14), P.TEXT, bold=True,
                                  anchor="midtop")
                self.overlay_rects.append(drawn)
                y = drawn.bottom
        self.countdown_rect = None
        if self.countdown.active:  # left of the legend, never over its title
            r = int(46 * s)
            centre = (self._legend_rect(rect).left - r - int(24 * s), rect.y + r + int(16 * s))
            self.countdown.draw(surface, centre, r)
            self.countdown_rect = pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r).inflate(12, 12)  # its disc
        self._draw_pieces(surface, rect, state, legend_bottom)
        self.gauge_rect = None
        if self.live is not None:
            anchor = self.mouse
            if self.live.keyboard and self._scene is not None:  # no pointer: the gauge stands by the block
                (p,), _ = self.camera.project(self._scene.poses[self.live.block][None, :3])
                anchor = (int(p[0]) + int(60 * s), int(p[1]))
            self.gauge_rect = self.live.draw_gauge(surface, self._gauge_place(anchor, rect, size), size)
        info = self._info_lines(state, risk)
        wide = rect.w - int(24 * s)
        lines = [(part, colour) for line, colour in info for line in (self.seen(line),)
                 for part in _wrapped(line, size, wide)]
        tower = self.tower_box(state)
        if lines and tower is not None and tower.left - rect.x - int(24 * s) >= rect.w * 0.3:
            # beside the tower's foot where the words fit there in the lower part of the board: six lines of a
            # last move across the whole board hid the tower's base and a Mario (a window-size audit)
            room = tower.left - rect.x - int(24 * s)
            narrow = [(part, colour) for line, colour in info for line in (self.seen(line),)
                      for part in _wrapped(line, size, room)]
            if len(narrow) * (text.font(size).get_linesize() + 2) <= rect.h * 0.4:
                lines = narrow
        y = rect.bottom - int(8 * s)
        self.info_rect = None
        if lines:  # a dark backing so the words read over blocks lying on the floor
            height = len(lines) * (text.font(size).get_linesize() + 2) + int(8 * s)
            width = max(_width(line, size) for line, _ in lines) + int(16 * s)
            backing = pygame.Surface((min(width, rect.w - int(8 * s)), height), pygame.SRCALPHA)
            backing.fill((*P.BACKGROUND, 200))
            self.info_rect = surface.blit(backing, (rect.x + int(4 * s), y - height + int(4 * s)))
        for line, colour in reversed(lines):
            r = text.draw(surface, text.fit(line, size, rect.w - int(24 * s)), (rect.x + int(12 * s), y), size,
                          colour, anchor="bottomleft")
            y = r.top - 2
        self._draw_tooltip(surface, rect, state)

    def _gauge_place(self, anchor, rect, size: int) -> tuple[int, int]:
        """Where the live push's gauge goes: up and to the right of the pointer (or of the block, by
        keyboard) where that leaves the tower in sight, else up and to its left, else beside the tower's
        outline at that height on the side with more room; the first of these that covers the least of the
        blocks, the legend, the figure on top and the seats' lines, kept inside the board. A push dragged across
        the front of the tower had its gauge over the very blocks the player watched."""
        s = self.scale
        w, h = int(110 * s), int(size * 8)
        live = getattr(self, "live", None)
        if live is not None:
            # as wide as its words are drawn (the bar, then the lines at its right): at the largest text the
            # gauge's "0.33 N now" ran over the legend's title, the width reckoned for the normal size (a
            # keyboard audit)
            w = max(w, live.gauge_width(size))
        lo_x, hi_x = rect.x + 8, rect.right - w - 8
        lo_y, hi_y = rect.y + 8, rect.bottom - h - 8
        x, y = int(anchor[0]), int(anchor[1]) - int(130 * s)
        blocks = list(self.view.screen_rects.values())
        places = [(x + int(28 * s), y), (x - int(28 * s) - w, y)]
        if blocks:
            tower = blocks[0].unionall(blocks[1:])
            places += [(tower.right + int(16 * s), y), (tower.left - int(16 * s) - w, y)]
        # under the pointer, and at the board's foot: where above it the wheel or the legend stands
        for y_at in (int(anchor[1]) + int(40 * s), hi_y):
            places += [(x + int(28 * s), y_at), (x - int(28 * s) - w, y_at)]
            if blocks:
                places += [(tower.right + int(16 * s), y_at), (tower.left - int(16 * s) - w, y_at)]
        if blocks:
            # in the gap between the tower and the legend, as close to the tower as the legend lets it: beside the
            # tower at 16 px it touched the legend, the wheel's words stood at the other side, and the gauge went
            # over the tower's face, where a player watches it move (a keyboard audit, Super Mario's 13:0)
            gap_x = self._legend_rect(rect).left - 8 - w
            if gap_x >= tower.right + 2:
                places += [(gap_x, y), (gap_x, int(anchor[1]) + int(40 * s))]
        # the legend, the figure on top and the seats' lines too: over Super Mario's tower the gauge stood on
        # Bowser and touched "Bowser: layer 14" (a play-tester); and the spinner with its words, the countdown and
        # the last move's lines (a window-size audit read the gauge over Donkey Kong Jenga's wheel)
        figures = self._top_figure_rects()
        figures += [r for _, sprite, _, label in getattr(self.view, "beside", []) for r in (sprite, label) if r]
        avoid = [self._legend_rect(rect), *figures, *getattr(self, "piece_rects", []),
                 *getattr(self, "overlay_rects", []),
                 *[r for r in (getattr(self, "countdown_rect", None), getattr(self, "info_rect", None)) if r]]

        def drawn_box(at) -> pygame.Rect:
            """The gauge at `at`, kept inside the board, as drawn: its dark backing reaches 3 px past the bar and
            words (LiveDrag.draw_gauge)."""
            return pygame.Rect(min(max(at[0], lo_x), hi_x), min(max(at[1], lo_y), hi_y), w, h).inflate(6, 6)

        def covered(at) -> int:
            box = drawn_box(at)
            # the words and marks over the board count three times a block's face: the gauge on a block hides a
            # part of the tower, on the wheel or the legend it hides what they say; and a place that covers any of
            # them comes after every place that does not (at the largest text the gauge stood on the wheel and its
            # "Spun: ..." for a whole push, the board's foot free; a strip let pass as a sliver was half a line of
            # that text: regression audits)
            words = sum(box.clip(r).w * box.clip(r).h for r in avoid)
            # a block covered counts twice a pixel of the way to the board's foot (far): at 1600x1000 the gauge
            # of 13:0's push stood on the tower's face, the gap to the legend too narrow for it, where the foot
            # of the board was clear (a regression audit)
            return (BLOCKS_COVERED * sum(box.clip(r).w * box.clip(r).h for r in blocks) + 3 * words
                    + (WORDS_COVERED if words > 0 else 0))

        def far(at) -> int:
            """A place far above or below the pointer counts as covering a strip of the gauge's width: the gauge
            is read beside the block being pushed, and at the board's foot only when nearer is all taken."""
            box_y = min(max(at[1], lo_y), hi_y)
            return w * max(0, abs(box_y + h // 2 - int(anchor[1])) - int(160 * s)) // 2

        scores = [covered(at) + far(at) for at in places]
        chosen = min(range(len(places)), key=scores.__getitem__)  # the first of equals: the pointer's right if clear
        held = getattr(self, "_gauge_choice", None)
        if held is not None and held[0] is live and held[1] < len(places):
            # the place chosen as the push began is kept through it (the gauge hopped from beside the wheel onto
            # its words and then onto Pauline within three frames: a regression audit), unless it would come over
            # the pointer or the block being pushed
            box = drawn_box(places[held[1]])
            pushed = self.view.screen_rects.get(live.block) if live is not None else None
            hand = pygame.Rect(int(anchor[0]) - 12, int(anchor[1]) - 12, 24, 24)
            on_words = scores[held[1]] >= WORDS_COVERED > scores[chosen]
            if not box.colliderect(hand) and (pushed is None or not box.colliderect(pushed)) and not on_words:
                # (the held place rides with the pointer's height: one that has come onto the wheel's words gives
                # way to a clear one, as one over the pointer does: a regression audit)
                chosen = held[1]
        self._gauge_choice = (live, chosen)
        best = places[chosen]
        return min(max(best[0], lo_x), hi_x), min(max(best[1], lo_y), hi_y)

    def _top_figure_rects(self) -> list[pygame.Rect]:
        """Where the figure on top (Donkey Kong and Pauline, or Bowser) was drawn in the last frame."""
        return [r for kind, r in getattr(self.view, "figure_rects", []) if kind in ("dk_pauline", "bowser")]

    def _legend_rect(self, rect) -> pygame.Rect:
        """Where the risk legend stands: at the board's right, as wide as its words at this text size (its
        words are drawn unwrapped: at 165 px the larger sizes had "chance that a brisk, fai" cut by the board's
        edge). Its status line may run into the margin at its right, as it always could."""
        s = self.scale
        width = max(int(165 * s), legend_width(self.font_size(14)) - int(10 * s))
        return pygame.Rect(rect.right - int(10 * s) - width, rect.y + int(60 * s), width, int(250 * s))

    def piece_lines(self) -> list[str]:
        """Each seat's piece and score in words (Donkey Kong: Mario's girder; Super Mario: peg and coins).
        While a spin's needle turns, or a fall plays, the coins are those from before it (told_at_stop)."""
        state = self.match.state
        if self.told_at_stop is not None and (self.spin_untold() or self.fall_untold()):
            state = self.told_at_stop[0]
        out = []
        for seat in range(self.match.config.num_players):
            name = state.seat_name(seat)
            if hasattr(state, "marios"):
                level = state.mario_level(seat)
                out.append(f"{name}: Mario {'not placed' if level < 0 else f'on girder level {level}'}")
            elif hasattr(state, "pegs"):
                who = state.characters[seat].title() if state.characters[seat] else "no character yet"
                level = state.peg_level(seat)
                where = "no peg yet" if level < 0 else f"layer {level}"
                extra = ", battling Bowser" if state.battling[seat] else (", beat Bowser" if state.defeated[seat] else "")
                out.append(f"{name} ({who}): {where}, {counted(state.coins()[seat], 'coin')}{extra}")
        return out

    def order_line(self) -> str | None:
        """At three or four seats, once a spin's "R" has turned the direction of play, the order the turns now
        go in, from the seat whose turn it is ("Turns go backwards now: P2, P1, P3"); None otherwise. Nothing on
        the screen showed which way play went after a reverse (a Super Mario audit)."""
        state = self.match.state
        if self.told_at_stop is not None and (self.spin_untold() or self.fall_untold()):
            state = self.told_at_stop[0]
        n = self.match.config.num_players
        if n < 3 or getattr(state, "direction", 1) != -1 or not hasattr(state, "pegs") or self.match.is_over():
            return None  # (not after the game: it was still said over the result: a regression audit)
        first = getattr(state, "mover", 0)
        return "Turns go backwards now: " + ", ".join(state.seat_name((first - k) % n) for k in range(n))

    def tower_box(self, state) -> pygame.Rect | None:
        """The screen box of the blocks standing in the tower as the view last drew them (None: none)."""
        where = (getattr(state, "tower", None) or {}).get("where", ())
        rects = [r for b, r in self.view.screen_rects.items() if b < len(where) and where[b] == "tower"]
        return rects[0].unionall(rects[1:]) if rects else None

    def _draw_pieces(self, surface, rect, state, below: int) -> None:
        """Each seat's piece in words at the right of the view, under the risk legend (`below`: the y
        under the last line the legend drew), clear of the tower: a line too long for the room between the
        tower and the board's edge wraps (at the largest text size Super Mario's lines, "Careful bot 2 (no
        character yet): no peg yet, 5 coins", ran over the tower)."""
        lines = self.piece_lines() if state.tower is not None else []
        self.piece_rects = []  # where each seat's words went (tests; the tooltip keeps clear of them)
        if not lines:
            return
        s = self.scale
        size = self.font_size(14)
        step, line_h = int(size * 1.6), text.line_step(size)
        y = max(rect.y + int(300 * s), below + int(10 * s))
        x = rect.right - int(12 * s)
        room = x - rect.x - int(40 * s)
        mark = int(9 * s * text.SCALE)  # the seat's mark, as the words beside it grow with the text size
        tower = self.tower_box(state)
        if tower is not None and tower.right < x:
            # the words and the seat's mark before them clear the tower (16 px left for the mark let it cover
            # the tower's right face at 1920x1080 and the largest text: a window-size audit)
            room = min(room, x - tower.right - 2 * mark - int(12 * s))
        room = max(room, int(120 * s))
        for seat, line in enumerate(lines):
            parts = [line] if _width(line, size) <= room else list(_wrapped(line, size, room))
            left = x - max(_width(part, size) for part in parts)
            # a dark backing, as under the last move's lines: after a fall the words ran over the rubble and
            # Bowser, white on yellow (a window-size audit)
            back = pygame.Rect(left - 2 * mark - int(10 * s), y - int(3 * s),
                               x - left + 2 * mark + int(14 * s), len(parts) * line_h + int(6 * s))
            backing = pygame.Surface(back.size, pygame.SRCALPHA)
            backing.fill((*P.BACKGROUND, 200))
            surface.blit(backing, back.topleft)
            drawn = [text.draw(surface, part, (left if len(parts) > 1 else x, y + k * line_h), size, P.TEXT,
                               anchor="topleft" if len(parts) > 1 else "topright")
                     for k, part in enumerate(parts)]
            centre = (drawn[0].left - mark - int(5 * s), drawn[0].centery)
            draw_seat_mark(surface, seat, centre, mark)
            badge = pygame.Rect(centre[0] - mark, centre[1] - mark, 2 * mark, 2 * mark)
            self.piece_rects.append(badge.unionall(drawn))  # the mark and the words
            y += (len(parts) - 1) * line_h + step
        order = self.order_line()
        if order is not None:  # under the seats, with no seat's mark
            parts = [order] if _width(order, size) <= room else list(_wrapped(order, size, room))
            left = x - max(_width(part, size) for part in parts)
            back = pygame.Rect(left - int(4 * s), y - int(3 * s), x - left + int(8 * s),
                               len(parts) * line_h + int(6 * s))
            backing = pygame.Surface(back.size, pygame.SRCALPHA)
            backing.fill((*P.BACKGROUND, 200))
            surface.blit(backing, back.topleft)
            drawn = [text.draw(surface, part, (x, y + k * line_h), size, P.ACCENT, anchor="topright")
                     for k, part in enumerate(parts)]
            self.piece_rects.append(drawn[0].unionall(drawn[1:]))

    def _info_lines(self, state, risk) -> list[tuple[str, tuple]]:
        lines = []
        if self.sim_error:
            lines.append((self.sim_error, P.WARNING))
        # While the simulator works out a move, the lines of the move before it are not shown: "Last move:"
        # still named the touch before the push whose fall was being judged (an audit).
        v = state.last_verdict if self.job is None else None
        story = self.fall_story
        if v and v["collapsed"] and story is None and self.playback is None and self.match.is_over():
            story = self.opened_fall_story()  # a game opened already fallen: told from the rubble
        if v and v["collapsed"] and story is not None:
            lines.append((f"The tower fell. {story.sentence}", P.WARNING))
        elif v:
            lines.append((self.verdict_line(v), P.WARNING if v["collapsed"] else P.TEXT))
        if self.probe_note and self.probe_note_at == self.note_key() and self.job is None:
            # A touch's words belong to the position it made: a move after it, or an undo, leaves them behind.
            lines.append((self.probe_note, P.TEXT))
        if self.fall_note and v and v["collapsed"]:
            lines.append((self.fall_note, P.TEXT))
        if self.job is not None and self.pushed is not None and self.pushed[3]:
            lines.append(("The tower fell: the simulator follows every block to the table or the floor, then "
                          "the fall plays again, slowed…", P.ACCENT))
        elif self.job is not None:
            lines.append(("The simulator is working…", P.ACCENT))
        elif self.match.waiting_for_human():
            if state.phase == "stack":
                # what the list holds: places on top, holes, or both (a push that knocked out a Super Mario peg
                # asks first for a hole for it: the line said to stack on top while the list held only holes, and
                # those out of view: a keyboard audit)
                if any(a.startswith("stack") for a in self.legal) or not self._legal_holes():
                    lines.append(("Click a glowing place on top to stack your block (or Up/Down picks one in the "
                                  "list, then Enter).", P.HIGHLIGHT))
                if self._legal_holes():
                    lines.append(("Click a hole ringed in yellow to put the piece in it (or pick its row of "
                                  "Choices).", P.HIGHLIGHT))
            else:
                if self.picked is not None and self.picked in self._legal_blocks() and self.live is None:
                    lines.append((self.picked_text(), P.HIGHLIGHT))
                elif self.live is not None and self.live.keyboard:
                    lines.append((self.live.words(), P.HIGHLIGHT))
                # with a block picked (or pushed) by keyboard its own line says the keys, and the mouse's line
                # under it ran the box to six lines over the tower's foot (a play-test)
                if self._legal_blocks() and self.picked is None and self.live is None:
                    n = getattr(state, "touches", 0)
                    touches = f" ({n} touch{'es' if n != 1 else ''} so far, as many as you like)"
                    # the keys too: with rows in the list (climbs, holes) the plain arrows move in it and turn
                    # the view, and nothing on the screen said Shift+arrows pick a block (an audit)
                    block = self.block_word()  # the game's own word: Donkey Kong Jenga's banner says girders
                    keys = f" By keyboard: {'Shift+arrows' if self.legal else 'the arrow keys'} pick a {block}, P pushes it."
                    lines.append((f"Press a {block} and drag it along its length to push it (live); hold the press "
                                  "still to touch it" + touches + "." + keys, P.HIGHLIGHT))
                if self._legal_holes():
                    lines.append(("Click a hole ringed in yellow to put your piece in it (or pick its row of "
                                  "Choices).", P.HIGHLIGHT))
        return lines

    def place_words(self, slot: int) -> str:
        """The tooltip of a place on top: where it is as the player sees it now (place_seen), the name the
        Choices list gives it too."""
        return f"stack the block here (the {self.place_seen(slot)} place)"

    def place_seen(self, slot: int) -> str:
        """'front', 'back', 'left', 'right' or 'middle': where a place on top lies across its level as the view
        shows it, named as the window names holes and block ends (holes.direction_side, a quarter of the turn
        each). The rules' names (left, middle, right: PLACE_NAMES) are fixed to the table, and from the
        opening view the three places of a new even level lie one behind the other: "left place" put the
        block at the front (an audit). The Choices rows and the header use these words too."""
        from games.jenga.layout import stack_level

        state = self.match.state
        offset = place_offset(state.TOWER, stack_level(state.layout), slot)
        return "middle" if offset is None else direction_side(offset, *self.words_view())

    def verdict_line(self, v: dict) -> str:
        """The tower's last operation and what it did. It is named by its kind ("Last stack: 18:1"), not as
        the last move: touches, spins and choices come after it, and "Last move: stack 18:1" under a touch
        named a move that was not the last. A tower that earlier pushes left out of true says so too: a
        play-tester saw levels twisted by dragged blocks beside "largest shift 0.0 mm", the last stack's."""
        history = self.match.history
        where = f" {v['where'][0]}:{v['where'][1]}" if v.get("where") else ""
        last = history[-1].action.partition(" ")[0] if history else ""
        op = v["op"]
        head = f"Last move: {op}{where}" if op in VERDICT_OF.get(last, ()) else f"Last {op}:{where}"
        if op == "touch" and last == "push" and self._reach_mm(history[-1].action) >= TOUCH_REACH_MM:
            # a push let go under half out: a touch by the rules, but "Last move: touch 3:0" over "Pushed 3:0
            # ... let go" read as another move (an audit)
            head = f"Last move: push{where}, let go under half out"
        if v["collapsed"]:
            # the shift and tilt of a fall are of the moment it was called (a loaded game read "largest shift
            # 4.3 mm, tilt 0.4°: the tower FELL" beside the rubble); the fall's own sentence says what came down
            return f"{head}: the tower FELL"
        if v.get("tower_motion_mm") is not None:
            # A push's largest shift is of any block, the pushed one included: "largest shift 11.9 mm" stood
            # beside "the rest of the tower moved 8.1 mm" for a block left 12 mm out (an audit). Said as the rest.
            line = f"{head}, the rest of the tower moved {v['tower_motion_mm']:.1f} mm"
        else:
            line = f"{head}, largest shift {v['max_displacement_mm']:.1f} mm"
        # whose tilt: "tilt 0.2°" beside "moved 0.2 mm" read as the tower leaning (a feel audit); it is the most
        # any one block tilted, the touched or pushed one among them
        line += f", blocks tilted up to {v['max_tilt_deg']:.1f}°"
        off, turned = self._out_of_true()
        said = []
        if off is not None and off >= OUT_OF_TRUE_MM:
            said.append(f"stands {off:.0f} mm off its base")
        if turned is not None and turned >= TURNED_DEG:
            said.append(f"has turned {turned:.0f}° on {'it' if said else 'its base'}")
        if said:
            line += "; the tower's top " + " and ".join(said)
        return line

    def _out_of_true(self) -> tuple[float | None, float | None]:
        """(top_off_base_mm, top_turned_deg) of the position on screen, worked out once a position: the info
        line is drawn every frame."""
        key = self.note_key()
        memo = getattr(self, "_true_memo", None)
        if memo is None or memo[0] != key:
            state = self.match.state
            memo = self._true_memo = (key, (top_off_base_mm(state), top_turned_deg(state)))
        return memo[1]

    def _reach_mm(self, action: str) -> float:
        """How far a push's finger went in (physics.path_reach_mm), read once per action: verdict_line is drawn
        every frame, and a path holds up to thousands of samples."""
        memo = getattr(self, "_reach_memo", None)
        if memo is None or memo[0] is not action:
            memo = self._reach_memo = (action, physics.path_reach_mm(action.split("path=", 1)[1]))
        return memo[1]

    def piece_behind_words(self) -> str:
        """Words for a piece drawn faintly through the tower under the pointer ("" for none): whose it is and
        the hole it really stands in, so the faint figure is not read as standing in the block in front."""
        state = self.match.state
        pos = getattr(self, "mouse", None)
        if pos is None:
            return ""
        for kind, label, rect, _ in self.view.behind:
            if not rect.collidepoint(pos) or not label.isdigit():
                continue
            seat = int(label) - 1
            holes = getattr(state, "marios", None) or getattr(state, "pegs", None) or []
            if not 0 <= seat < len(holes) or holes[seat] is None:
                continue
            level, slot, end = holes[seat]
            storey = "layer" if kind == "peg" else "girder level"
            piece = "peg" if kind == "peg" else "Mario"
            # its hole named as the window names holes ("the -x hole" was the terminal's word: a rules audit)
            return (f"{self.seat_name(seat)}'s {piece} stands behind the tower, in the {hole_side(end, *self.words_view())} "
                    f"hole of block {level}:{slot} ({storey} {level}; [ or ] turns the view)")
        return ""

    def fall_preview(self, level: int, slot: int) -> str:
        """Donkey Kong Jenga: the Marios standing in a block and where each would land were it taken now, in
        words ('' for none): the rules' "Remove a girder Mario is standing on and he falls to the girder
        immediately below", told before the push (a rules audit found it said only after the girder was gone)."""
        falls = getattr(self.match.state, "falls_if_taken", None)
        if falls is None:
            return ""
        said = []
        for seat, (lv, sl, end) in falls(level, slot):
            side = hole_side(end, *self.words_view())
            said.append(f"{self.seat_name(seat)}'s Mario stands in it and would fall to the {side} hole of block "
                        f"{lv}:{sl} (girder level {lv})")
        return "; ".join(said)

    def card_words(self) -> str:
        """Super Mario: with the pointer on a seat's words at the right ("Bob (Luigi): layer 3, 5 coins"), that
        player's character card, what each item block does for them ('' elsewhere). The rulebook has players
        "refer to this card when you remove blocks", and the cards showed only while they were chosen and in the
        help (a rules audit)."""
        state = self.match.state
        characters = getattr(state, "characters", None)
        if not characters:
            return ""
        for seat, box in enumerate(getattr(self, "piece_rects", [])[: len(characters)]):
            if box.collidepoint(self.mouse) and characters[seat]:
                card = data.characters()[characters[seat]]
                return f"{state.seat_name(seat)} plays {card['name']}'s card: {card_text(characters[seat])}"
        return ""

    def tooltip_text(self) -> str:
        """What the tooltip at the pointer says now ("" for none)."""
        state = self.match.state
        if self.live is not None:
            return "" if self.live.keyboard else self.live.words()  # by keyboard the line below says it
        card = self.card_words()
        if card:
            return card
        if self.match.is_over():
            return ""  # nothing may be taken or placed any more: no tooltip over the fallen blocks
        if not self.tower_settled():
            return ""  # the tower is changing under the pointer: words about it would be of the position before
        if self.hover_ghost is not None and self.hover_ghost < len(self.ghost_slots):
            return self.place_words(self.ghost_slots[self.hover_ghost])
        behind = self.piece_behind_words()
        where = self._block_at(self.hover_block)
        if where is None:
            return behind
        level, slot = where
        words = (behind + "; under it, " if behind else "") + f"block {level}:{slot}"
        off = out_of_line_mm(state, level, slot)
        if off is not None and off >= OUT_OF_LINE_MM:
            # a block left partly out sticks out at one end, often on the side out of view: which one, as the
            # view shows it (the help says to push it home from there; "at one end" left it to be found)
            out = physics.sticking_out(state.tower, level, state.layout[level][slot])
            end = direction_side(out[1], *self.words_view()) if out is not None and any(out[1]) else None
            words += f" (it sits {off:.0f} mm out of line, sticking out at its {end} end)" if end else \
                f" (it sits {off:.0f} mm out of line, sticking out at one end)"
        legal = self._legal_blocks()
        if where in legal:
            words += " may be taken"
            risk = self.risk_words_of(level, slot)
            if risk:
                words += "; " + risk
            elif self.show_risk and self.risk.busy:
                words += "; its risk is still being computed"
            fall = self.fall_preview(level, slot)
            if fall:
                words += "; " + fall
        elif legal:
            why = getattr(state, "why_not_removable", None)
            words += f" may not be taken now: {why(level, slot)}" if why is not None else " may not be taken now"
        holes = [a for a in self.board_hover if a.partition(" ")[0] in HOLE_WORDS]
        if holes:
            words += f"; click: {self.action_label(holes[0])}"  # in words: the rules' "mario 0:1-x" is no sentence
        elif getattr(self, "hover_hole_hidden", False):
            # a hole of this block may be used, but not the one in view (taken, or none faces the eye): a click
            # here plays no hole, and the words say where the one that may be used is
            words += "; the hole you may use in this block faces away ([ or ] turns the view)"
        seen = state.visible_items() if hasattr(state, "visible_items") else {}  # face down until taken out
        if seen.get(self.hover_block, "none") not in ("", "none"):
            words += f"; item: {seen[self.hover_block]}"
        return words

    def tower_settled(self) -> bool:
        """Whether the tower on screen is the position the tooltip can speak of: no step being worked out
        in the background, and a person to move (or only bots at the table, watched between their moves).
        While a bot moves, the block under a still pointer is being touched, pushed or stacked, and what a
        tooltip said of it a moment ago is of the position before."""
        watching = len(self.match.bots) >= self.match.config.num_players
        # a person's spin awaited too: nothing changes until they spin (a rules audit pointed at a Mario drawn
        # through the tower before the first spin, and no words came)
        spin_awaited = getattr(self, "chance_waits", None) is not None and self.chance_waits()
        return self.job is None and (watching or self.match.waiting_for_human() or spin_awaited)

    def take_block_steps(self) -> list[str]:
        """What the side panel says instead of an empty list while a block must be taken ([] otherwise):
        the pushes and touches are played on the tower, never from the list."""
        if self.chance_waits():
            return []  # the Choices panel asks for the spin, with a Spin button (by_hand.draw_chance_button)
        spinning = self.spinner is not None and self.spinner.spinning and self.match.waiting_for_human()
        # a move handed to the simulator: the panel says so (it stood empty, "Choices (0)", while the bar said the
        # block came out and the tower fell: a keyboard audit)
        working = self.job is not None and self.match.waiting_for_human() and not self.filtering
        if not spinning and not working and (self.legal or self.filtering or not self.match.waiting_for_human()
                                             or not self._legal_blocks()):
            return []
        if working:
            steps = ["The simulator is working out the move:", "what it did shows on the tower and in the move log "
                     "when it is done, and the next step here."]
        elif spinning:  # whatever the turn asks, the panel says so (it stood empty, "Choices (0)": an audit)
            # The spin is drawn already; "Take a block" stood here while the needle still turned (an audit).
            steps = ["The spinner is turning:", "When the needle stops, it says what this turn asks: how many "
                     "blocks to take and stack, how far to climb. The steps to take a block follow then."]
        else:
            steps = self._take_steps()
        if self.block_word() == "girder":
            # its rules call the blocks girders, as its banner does ("must remove 2 girders"), where the panel
            # said "Take a block from the tower" (a variants audit)
            steps = [step.replace("blocks", "girders").replace("block", "girder") for step in steps]
        return steps

    def block_word(self) -> str:
        """The game's own word for a block: Donkey Kong Jenga's rules call them girders."""
        return "girder" if self.match.config.game == "jenga_dk" else "block"

    @staticmethod
    def _take_steps() -> list[str]:
        return ["Take a block from the tower:",
                "Press a block that may be taken (it lights up under the pointer) near the end you push from, and "
                "drag it along its length into the "
                "tower: the push runs live, the gauge shows "
                "the force your finger needs.",
                "Let go once it is out by half its length to take it; let go sooner and the hand slides it back in "
                "(where it binds it stops, and the block stays partly out). "
                "Pushed all the way out, it is taken at once, even with the button still down.",
                "Hold the press still (or right click, or T) to touch a block and feel how tight it is.",
                "By keyboard: the arrow keys pick a block, P starts the push, hold W to push and S to pull "
                "back, Enter or P lets go.",
                "R shows or hides the collapse-risk tint; F1 has the rules."]

    def _step_lines(self, width: int, size: int) -> list[tuple[str, bool, int]]:
        """The side panel's steps wrapped to width: (line, bold, y of its top from the panel's first line),
        spaced as the panel has always drawn them (half a line between steps)."""
        out, y = [], 0
        for k, step in enumerate(self.take_block_steps()):
            for line in _wrapped(step, size, width, k == 0):
                out.append((line, k == 0, y))
                y += text.measure(line, size, bold=k == 0)[1]
            y += int(size * 0.5)
        return out

    def _draw_side(self, surface: pygame.Surface) -> None:
        """While a block must be taken, the Choices panel says how ("Your move"). At a large text size its
        words are more than the panel holds: it then scrolls by whole lines (the wheel over it, PageUp and
        PageDown, Home and End), with a scroll bar and a line saying more is below. Before, it stopped in
        mid-sentence ("Hold the press still (or right click,") and the keys and the tint were never read."""
        super()._draw_side(surface)
        self.steps_view = None
        steps = self.take_block_steps()
        rect = self.rects.get("choices")
        if not steps or not self.show_actions or rect is None:
            self.steps_top = self.steps_last_top = self.steps_more = 0
            self.steps_shown = ()
            return
        inner = panel(surface, rect, "Your move", self.font_size(15))
        self.steps_view = inner
        size = self.font_size(14)
        lines = self._step_lines(inner.w, size)
        if lines[-1][2] + text.measure(lines[-1][0], size)[1] <= inner.h:
            self.steps_top = self.steps_last_top = self.steps_more = 0
            for line, bold, y in lines:
                text.draw(surface, line, (inner.x, inner.y + y), size, P.TEXT if bold else P.TEXT_DIM, bold=bold)
            self.steps_shown = tuple(line for line, _, _ in lines)
            return
        # Too many lines: whole lines from steps_top on, beside a scroll bar, over a line that says more follows.
        bar_w = max(4, int(5 * self.scale))
        lines = self._step_lines(inner.w - bar_w - int(6 * self.scale), size)
        hint_size = self.font_size(12)
        room = inner.h - text.line_step(hint_size)

        def fitting(top: int) -> int:  # how many lines from `top` on fit the room
            n = 0
            while (top + n < len(lines)
                   and lines[top + n][2] - lines[top][2] + text.measure(lines[top + n][0], size)[1] <= room):
                n += 1
            return max(1, n)

        last_top = next(t for t in range(len(lines)) if t + fitting(t) >= len(lines))
        if self.steps_key != tuple(steps):  # other steps: from their start again
            self.steps_key, self.steps_top = tuple(steps), 0
        self.steps_top = max(0, min(self.steps_top, last_top))
        self.steps_last_top = last_top
        n = fitting(self.steps_top)
        shown = lines[self.steps_top:self.steps_top + n]
        y0 = shown[0][2]
        for line, bold, y in shown:
            text.draw(surface, line, (inner.x, inner.y + y - y0), size, P.TEXT if bold else P.TEXT_DIM, bold=bold)
        self.steps_shown = tuple(line for line, _, _ in shown)
        self.steps_more = len(lines) - self.steps_top - n
        hint = "More below: the wheel or PageDown" if self.steps_more else "More above: the wheel or PageUp"
        text.draw(surface, text.fit(hint, hint_size, inner.w - bar_w - 4), (inner.x, inner.bottom), hint_size,
                  P.ACCENT, anchor="bottomleft")
        track = pygame.Rect(inner.right - bar_w, inner.y, bar_w, inner.h)
        pygame.draw.rect(surface, P.PANEL_EDGE, track)
        h = max(12, track.h * n // len(lines))
        y = track.y + (track.h - h) * self.steps_top // max(1, last_top)
        pygame.draw.rect(surface, P.TEXT_DIM, (track.x, y, bar_w, h))

    def scroll_steps(self, lines: int) -> bool:
        """Scroll the "Your move" panel by whole lines; False when it has nothing to scroll."""
        if self.steps_view is None or not self.steps_last_top or not self.take_block_steps():
            return False
        self.steps_top = max(0, min(self.steps_top + lines, self.steps_last_top))
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        """The wheel over the "Your move" panel scrolls it when it holds more than it shows."""
        if (event.type == pygame.MOUSEWHEEL and not (self.show_help or self.show_result)
                and self.steps_view is not None and self.steps_view.collidepoint(self.mouse)
                and self.scroll_steps(-3 * event.y)):
            return
        super().handle_event(event)

    def _list_key(self, key: int) -> None:
        """PageUp and PageDown, Home and End scroll the "Your move" panel while it shows (the list is empty
        then, and the arrows pick blocks)."""
        if not self.legal and key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END):
            page = max(1, len(self.steps_shown) - 1)
            if self.scroll_steps({pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                                  pygame.K_HOME: -10**6, pygame.K_END: 10**6}[key]):
                return
        super()._list_key(key)

    def result_score(self, seat: int) -> str:
        """After a fall the toppler is the one who lost ("The player that makes the tower fall loses the
        game"); in Donkey Kong Jenga the others' Marios' heights decide, so their rows say them (every seat but
        the winner read "lost", the toppler no different: a rules audit). Super Mario counts coins, as ever."""
        state = self.match.state
        if callable(getattr(state, "coins", None)) or getattr(state, "ended", None) != "fall":
            return super().result_score(seat)
        if seat == getattr(state, "toppler", None):
            return "toppled: lost"
        marios = getattr(state, "marios", None)
        if marios and seat < len(marios) and marios[seat] is not None:  # as the pieces' lines say it
            level = f"Mario on girder level {marios[seat][0]}"
            return f"won: {level}" if seat in state.winners() else level
        return super().result_score(seat)

    def _fall_result(self) -> bool:
        """Whether the result on screen is of a game that ended in a fall (it then stands beside the tower)."""
        return self.show_result and getattr(self.match.state, "ended", None) == "fall"

    def result_width(self, window: tuple[int, int]) -> int:
        """The result of a fall starts narrower (44 % of the window), to leave the fallen tower in view."""
        return int(window[0] * 0.44) if self._fall_result() else super().result_width(window)

    def _result_panel(self, surface: pygame.Surface, w: int, h: int) -> pygame.Rect:
        """The result of a game that ended in a fall stands beside the fallen tower, and the board is not
        shaded: the fall stays in view (help and other panels are centred)."""
        if not self._fall_result():
            return super()._result_panel(surface, w, h)
        rect = self.result_place(surface.get_size(), w, h)
        rect.clamp_ip(surface.get_rect())  # a dialog grown for large text stays inside the window
        pygame.draw.rect(surface, P.PANEL, rect, border_radius=10)
        pygame.draw.rect(surface, P.ACCENT, rect, width=2, border_radius=10)
        return rect

    def _overlay_panel(self, surface: pygame.Surface, w_frac: float, h_frac: float) -> pygame.Rect:
        """The panel of the result of a fall at its first size, beside the tower (_result_panel); the help,
        even over that result, has the centred panel."""
        if not self._fall_result() or self.show_help:
            return super()._overlay_panel(surface, w_frac, h_frac)
        w, h = surface.get_size()
        return self._result_panel(surface, int(w * 0.44), int(h * h_frac))

    def result_place(self, size: tuple[int, int], w: int, h: int) -> pygame.Rect:
        """Where the w x h result of a fall stands: of the places at the right (over the side column) and
        the left of the window, at mid height, the top or the bottom, the one that covers the least of the
        blocks as the view last drew them (the fallen ones and what still stands: TowerView.screen_rects),
        the right at mid height first among equals. Never the lower left, where the fall's sentence is."""
        width, height = size
        m = int(8 * self.scale)
        board = self.rects.get("board") or pygame.Rect(0, 0, width, height)
        xs = (width - m - w, board.left + m)
        ys = (height // 2 - h // 2, board.top + m, board.bottom - m - h)
        places = [pygame.Rect(x, y, w, h) for x, y in ((xs[0], ys[0]), (xs[0], ys[1]), (xs[0], ys[2]),
                                                        (xs[1], ys[1]), (xs[1], ys[0]))]
        blocks = list(self.view.screen_rects.values())

        def covered(place: pygame.Rect) -> int:
            return sum(c.w * c.h for c in (place.clip(r) for r in blocks))

        return min(places, key=covered)  # min keeps the first of equals

    def _draw_tooltip(self, surface, rect, state) -> None:
        words = self.seen(self.tooltip_text())
        self.tooltip_rect = None
        if not words:
            return
        size = self.font_size(14)
        lines = _wrapped(words, size, max(160, min(rect.w - 40, int(460 * self.scale))))  # no run over the legend
        step = text.font(size).get_linesize()
        width = max(_width(line, size) for line in lines)
        box = pygame.Rect(0, 0, width, step * len(lines)).inflate(12, 8)
        # Below right of the pointer, else where it covers least of the words and marks drawn over the board
        # (the risk legend, each seat's piece line, the spinner and what it said, the countdown, the gauge, the
        # lines at the foot, the figure on top): it covered "greyed: ...", "Player 1: Mario on girder level 5"
        # and "Spun: take out 1 girder, climb 2" (an audit), and then Donkey Kong and Pauline (a later one).
        # every figure, the seats' pegs and Marios too (the tooltip of 6:0 hid Luigi's peg beside it: a keyboard audit)
        figures = [r for _, r in getattr(self.view, "figure_rects", [])]
        figures += [r for _, _, r, _ in getattr(self.view, "behind", [])]  # and those drawn faintly through the tower
        # the risk legend too, while it is shown (the tooltip stood over "untinted: no fall found": a regression audit)
        legend = self._legend_rect(rect) if getattr(self, "show_risk", False) else None
        avoid = [r for r in [*getattr(self, "overlay_rects", []), *getattr(self, "piece_rects", []),
                             self.countdown_rect, self.gauge_rect, self.info_rect, legend, *figures] if r is not None]
        mx, my = self.mouse
        places = []
        for x, y in ((mx + 16, my + 12), (mx - 8 - box.w, my + 12), (mx + 16, my - 12 - box.h),
                     (mx - 8 - box.w, my - 12 - box.h), (mx - box.w // 2, my + 24), (mx - box.w // 2, my - 24 - box.h)):
            place = box.copy()
            place.topleft = (x, y)
            place.clamp_ip(rect)
            places.append(place)

        tower = self.tower_box(state)

        def covered(place: pygame.Rect) -> int:
            # the words first; then as little of the standing tower as may be (it is what the pointer is on)
            words = sum(c.w * c.h for c in (place.clip(r) for r in avoid))
            blocks = place.clip(tower) if tower is not None else pygame.Rect(0, 0, 0, 0)
            return 4 * words + blocks.w * blocks.h

        box = min(places, key=covered)  # min keeps the first of equals: below right when that is clear
        pygame.draw.rect(surface, P.PANEL, box, border_radius=4)
        pygame.draw.rect(surface, P.PANEL_EDGE, box, 1, border_radius=4)
        self.tooltip_rect = box
        for k, line in enumerate(lines):
            text.draw(surface, line, (box.x + 6, box.y + 4 + k * step), size, P.TEXT)
