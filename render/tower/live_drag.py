"""The live push in the window: the pointer drives the finger of a live physics session.

Pressing on a block that may be taken starts a live push (games.jenga.physics.live_session, a
sim.live.LivePush): the finger sits on the block's end that faces the eye. Every frame the pointer's
offset from the press, projected on the block's axis as drawn and turned into metres at the block's
distance, is where the finger is asked to be; the session clamps it to the block (a finger cannot
go through the wood), quantises it into the path's next sample and steps the physics up to it, so
the block goes as far as the physics lets it and the tower moves as it moves.

- A block pushed all the way out of the tower (`clear`) is taken there and then, the button still down: the
  push ends by itself and the screen plays it. The words under the pointer say so from half its length on.
- A press held still is the touch test: after TOUCH_DELAY_S the finger presses the block in at
  1 cm/s, up to TOUCH_DEPTH_M, and the gauge shows the force it takes. Once the pointer has moved
  past the slop (SLOP_M at the block, at least SLOP_PX) it is a push, and the finger follows it.
- A drag that starts the other way (toward the eye) before the finger has pushed anything moves the
  finger to the far end: the block is pushed toward where the pointer goes. Only a drag within about 45
  degrees of the block's line does (REVERSE_ALONG_SHARE): one well off it pushes nothing.
- The sideways part of the pointer's motion is not passed on: the finger pushes along the block, on the
  line it started on (every sample's `across` is 0). A fingertip on a block's end moves it along; sideways
  it can only rub, with a fraction of the little force a loose block takes, while the hand's spring behind
  the finger is stiff: a mouse wandering a few pixels off the block's line had the finger shove the block
  sideways with newtons. Up to 5 mm across (the window's limit until 6 Dec), that pressed a loose middle
  block against an edge block and turned every level above it 2 to 4.5 degrees (a play-test with the
  mouse); a pointer run right off to the side had swung a block 20 mm and levered the top off before.
- Time is the screen's own clock (the frame times it is updated with), so a scripted drag gives the
  same path every time. When the physics cannot keep up, a frame steps at most MAX_FRAME_S of
  simulated time and the push goes on in slow motion rather than in jumps.

A press and release with nothing pushed (a plain click) plays nothing here: is_click() tells the screen
it was one, and on a hole ringed for a piece the screen plays the hole instead (render.screens.jenga.pointer).

The gauge shows the finger's force of the moment and the largest force of this push so far (peak_n: the
largest it has shown, or what the block has taken as the words after the let go read it, if that is more),
so a block held tight at the start and the easy slide after it read as one push.

By keyboard (`keyboard=True`) there is no pointer: the finger moves out while the push key is held,
faster the longer it is held (KEY_SPEED_M_S: slowly up to a careful pull's pace over KEY_RAMP_S[0], then
faster), and
back while the pull key is held; it stays where it is between.
"""

from __future__ import annotations

import time

import numpy as np
import pygame

from render import palette, text

TOUCH_DELAY_S = 0.25
TOUCH_DEPTH_M = 0.002
TOUCH_SPEED_M_S = 0.01
SLOP_M = 0.003
SLOP_PX = 6.0
MAX_FRAME_S = 0.05
KEY_SPEED_M_S = (0.005, 0.02, 0.08)
"""The keyboard push's speed: from the first value it rises to the second, a careful pull's pace, over
KEY_RAMP_S[0] of holding, then to the third over KEY_RAMP_S[1] more. A single ramp to 8 cm/s in 2 s took a
player who held the key "to push carefully" most of a block's length in 2.5 s and toppled the tower."""
KEY_RAMP_S = (3.0, 2.0)
FULL_STRENGTH = 0.98
BINDS_S = 0.3
"""Once the finger has pushed or pulled with FULL_STRENGTH of the hand's strength (the spec's max_force_n)
for this long, the pointer's words say the block binds (a turn of the finger's way can answer with a spike
of a step or two at full strength: not a bind)."""
NEARLY_OUT = 0.85
TOWER_COMES_MM = 2.0
"""How far (mm) the rest of the tower may move during a push before the gauge and the line under the pointer
say that it is coming with the block: a mouse gives no feel of a tight block, and a feel audit dragged a
tight edge 77 mm at under 1.5 N, the tower's top turning 52 degrees on the middle block below it, with no
word while it happened (a loose block's push moves the rest well under a millimetre)."""
"""The share of its length out from which the words say the block is about to be taken by itself: a push ends
as soon as the block clears the tower (its length and the hand's clearance), whether the button is still down
or not, and a fast drag gets there from here in a few frames."""


REVERSE_ALONG_SHARE = 0.7
"""How much of the first real motion of a drag toward the eye must lie along the block (about 45 degrees off its
line at most) for the finger to go to the block's far end and push it toward the pointer."""


def peak_colour() -> tuple[int, int, int]:
    """The colour of the gauge's mark and words for the largest force: a pale yellow, of the palette as it is
    now, not the yellow of the outlines (the pushed block's outline is drawn in that over the tower)."""
    return palette.mix(palette.HIGHLIGHT, palette.WHITE, 0.4)


def touch_feel(gives: bool, figure=None, past: bool = False) -> str:
    """What a touch felt, in words that agree with the risk map's figure of the block when there is one
    ((p_collapse, push force in N, fresh) from its brisk pulls): a block that gives under a gentle touch
    may still carry the levels above it (the pull drags them along), and a tight one may still come out
    without a fall, so the words say both and never read a risky block as safe or a safe one as risky."""
    give, tight = ("it gave", "it was held tight") if past else ("it gives", "it is held tight")
    if figure is None:
        return give if gives else tight
    p, force, fresh = figure
    # a figure of the map from before a touch moved the tower is marked as the tooltip marks it
    old = "" if fresh else " (figures from before the last touch moved the tower; being redone)"
    # The touch's own reading and the map's figure are two things, and read as two: "touching: 0.05 N, it
    # gives: loose; brisk pulls (0.58 N) found no fall" had two forces for one block, as if they disagreed.
    pulls = f"the risk map's brisk pulls took {force:.2f} N"
    if p <= 0.0:
        return (f"{give} (loose); {pulls} and found no fall{old}" if gives
                else f"{tight}, yet {pulls} and got it out without a fall{old}")
    # The map's figure is its estimate of the chance (sim.riskmap.p_collapse), not always the share of
    # its pulls that fell (four falls in four read 90 %).
    share = f"{p * 100:.0f} % of the time"
    return (f"{give}, but the tower rides on it: {pulls} and toppled the tower {share}{old}" if gives
            else f"{tight}: it carries the tower; {pulls} and toppled the tower {share}{old}")


class LiveDrag:
    """One live push from press to release (see the module's text)."""

    def __init__(self, open_session, block: int, level: int, slot: int, press, axis_px, length_m: float,
                 near_end: int, t0: float, max_force_n: float, touch_force_n: float):
        """open_session(end_text) -> a LivePush on this block; axis_px: the block's own +x axis on screen in
        pixels per metre; near_end: +1 or -1, the end (along the block's +x) that faces the eye."""
        self.open_session = open_session
        self.block, self.level, self.slot = block, level, slot
        self.press = np.asarray(press, dtype=float)
        a = np.asarray(axis_px, dtype=float)
        self.px_per_m = max(float(np.linalg.norm(a)), 1e-6)
        self.axis_unit = a / self.px_per_m if np.linalg.norm(a) > 0 else np.array([1.0, 0.0])
        self.length = length_m
        self.max_force_n, self.touch_force_n = max_force_n, touch_force_n
        self.dragged = False
        self.pushed = False  # the finger has moved the block in at least once
        self.pointer = self.press.copy()
        self.reach_px = 0.0  # how far (in pixels, |dx| + |dy|) the pointer has gone from the press so far
        self.frame = None
        self.wall_s = 0.0
        self.keyboard = False
        self.risk = None  # the risk map's (p_collapse, push force, fresh) of this block, for the touch's words
        self.key_along = 0.0
        self.key_dir = 0  # +1 push key held, -1 pull key held
        self.key_held_s = 0.0
        self._key_clock = t0
        self._open(near_end, t0)

    def _open(self, side: int, t0: float) -> None:
        axis = "x" if self.level % 2 == 0 else "y"
        self.side = side
        self.end = ("+" if side > 0 else "-") + axis
        self.session = self.open_session(self.end)
        self.t0 = t0
        # the push goes away from the finger's end: along the block's -side axis on screen
        self.push_unit = -side * self.axis_unit
        # the largest force the gauge has shown in this session (one opened at the other end starts again:
        # the move is this session's path only)
        self.peak_n = 0.0
        # simulated time so far, and how long the finger has been at the hand's full strength without a break
        # (BINDS_S): this session's
        self.sim_s, self.full_s = 0.0, 0.0
        self._peak_steps = 0  # the session's outward steps when its reading was last taken into peak_n
        session = self.session
        before = np.asarray(getattr(session, "before", np.zeros((0, 7))), dtype=float)
        level_of = getattr(getattr(session, "tower", None), "level_of", None)
        b = getattr(session, "b", self.block)
        # the blocks of the tower but the pushed one, and where they stood at the press (tower_moved_mm)
        self._others = np.array([i for i in range(len(before)) if i != b and (level_of is None or level_of[i] >= 0)],
                                dtype=int)
        self._others_at = before[self._others, :3] if len(self._others) else np.zeros((0, 3))
        self.tower_moved_mm = 0.0  # how far the block of the rest of the tower that moved most is from where
        # it stood at the press, mm: read from each frame as it comes (_read_frame), once
        self.most_moved_mm = 0.0  # the largest tower_moved_mm of the push (the words after it: "came 10 mm")
        self.frame = self.session.feed((0, 0, 0))
        self._read_frame()

    def _read_frame(self) -> None:
        """What the gauge shows of a new frame: the push's largest force (_read_peak) and the tower's motion."""
        self._read_peak()
        if self.frame is not None and len(self._others):
            moved = np.linalg.norm(np.asarray(self.frame.poses)[self._others, :3] - self._others_at, axis=1)
            self.tower_moved_mm = float(np.max(moved)) * 1000.0
            self.most_moved_mm = max(self.most_moved_mm, self.tower_moved_mm)

    def tower_comes(self) -> bool:
        """Whether the rest of the tower is coming with the block (TOWER_COMES_MM), the tower still up."""
        return not self.fallen and self.tower_moved_mm >= TOWER_COMES_MM

    def comes_line(self) -> str:
        """The gauge's line when the tower comes with the block ('' otherwise)."""
        return f"tower moving: {self.tower_moved_mm:.0f} mm" if self.tower_comes() else ""

    def _comes_words(self) -> str:
        if not self.tower_comes():
            return ""
        stop = ("draw it back under half out and let go to stop" if self.will_take()
                else "let go now, or draw it back, to stop")
        return f"; the tower is coming with the block ({self.tower_moved_mm:.0f} mm): it is held tight, so {stop}"

    @property
    def travel_m(self) -> float:
        return self.session.travel

    def move(self, pos) -> None:
        self.pointer = np.asarray(pos, dtype=float)
        self.reach_px = max(self.reach_px, float(np.abs(self.pointer - self.press).sum()))

    def is_click(self, slop_px: float) -> bool:
        """Whether the press so far is a plain click: the finger has pushed nothing (the touch presses only
        after TOUCH_DELAY_S) and the pointer never went further than slop_px from the press (a pointer that
        went out and came back is a drag that changed its mind, not a click)."""
        return not self.pushed and not self.dragged and self.reach_px <= slop_px

    def hold(self, direction: int) -> None:
        """Keyboard: +1 the push key went down, -1 the pull key, 0 both are up (the finger stays)."""
        self.keyboard = True
        if direction != self.key_dir:
            self.key_held_s = 0.0
        self.key_dir = direction

    @property
    def key_speed_m_s(self) -> float:
        lo, careful, hi = KEY_SPEED_M_S
        first, second = KEY_RAMP_S
        held = self.key_held_s
        if held <= first:
            return lo + (careful - lo) * held / first
        return careful + (hi - careful) * min(1.0, (held - first) / second)

    def _along_m(self) -> float:
        """How far the pointer has moved along the push since the press, metres at the block (only this part
        of its motion moves the finger: see the module's notes)."""
        return float((self.pointer - self.press) @ self.push_unit) / self.px_per_m

    def tick(self, clock: float) -> None:
        """Step the physics up to the screen's clock with the finger where the pointer asks."""
        if self.session.finished or self.frame is not None and self.frame.fallen:
            return
        if self.keyboard:
            dt = max(0.0, clock - self._key_clock)
            if self.key_dir:
                self.key_held_s += dt
                self.key_along += self.key_dir * self.key_speed_m_s * dt
                # the finger's along counts from where the push began; a block that began out of line on this
                # side (sim.live's line_m) has that much further to go before it is clear
                reach = self.travel_m + max(0.0, float(getattr(self.session, "line_m", 0.0)))
                self.key_along = min(max(self.key_along, -0.005), reach + 0.005)
            self.pointer = self.press + self.push_unit * self.key_along * self.px_per_m
        self._key_clock = clock
        along = self._along_m()
        d = float(np.linalg.norm(self.pointer - self.press))
        if not self.dragged and d > max(SLOP_PX, SLOP_M * self.px_per_m):
            if along < 0 and not self.pushed and not self.keyboard and \
                    -along * self.px_per_m >= REVERSE_ALONG_SHARE * d:
                # the first real motion goes toward the eye, along the block: push from the far end instead.
                # Not for one well off the block's line (a feel audit dragged 50 degrees off a block's length,
                # meaning another block, and this one was pulled out toward the eye, the top turned 24 degrees):
                # the finger stays on the near end, where a motion away from the block pushes nothing
                self.session.close()
                self._open(-self.side, clock)
                along = self._along_m()
            self.dragged = True
        t = clock - self.t0
        last = self.session.samples[-1][0] / 1000.0
        if t - last > MAX_FRAME_S:  # the physics is behind: slow motion, not a jump
            self.t0 += t - last - MAX_FRAME_S
            t = last + MAX_FRAME_S
        if not self.dragged:
            ramp = min(TOUCH_DEPTH_M, max(0.0, (t - TOUCH_DELAY_S) * TOUCH_SPEED_M_S))
            along = max(along, ramp)
        sample = self.session.sample_at(t, along, 0.0)
        if sample is None:
            return
        if sample[1] > 0:
            self.pushed = True
        start = time.perf_counter()
        self.frame = self.session.feed(sample)
        self.wall_s += time.perf_counter() - start
        full = self.max_force_n > 0 and self.frame.force_n >= FULL_STRENGTH * self.max_force_n
        self.full_s = self.full_s + (self.frame.sim_s - self.sim_s) if full else 0.0
        self.sim_s = self.frame.sim_s
        self._read_frame()

    def _read_peak(self) -> None:
        """Take the frame's force, the one the bar shows, into peak_n. Not the largest of the physics steps'
        forces: the finger's spring answers each change of pace with a spike of a step or two (sim.live's
        give_force_n), which put "0.43 N at most" beside a loose block that the bar and the touch read at
        0.05 N. Nor ever below what the block has taken so far as the words after the let go read it (sim.live's
        give_force_n, read from every step): the frames' forces alone missed the push's hardest moments between
        them, and a tight block's gauge said "2.40 N at most" where the words said it took 2.65 N (an audit). A
        diverged solver's NaN is left out."""
        force = self.frame.force_n if self.frame is not None else 0.0
        if force == force:
            self.peak_n = max(self.peak_n, force)
        session = self.session
        steps = len(session.pushing) if session is not None else 0
        if steps != self._peak_steps:  # only outward steps change the reading: none while held or drawn back
            self._peak_steps = steps
            reading = session.give_force_n()
            if reading == reading:
                self.peak_n = max(self.peak_n, reading)

    @property
    def fallen(self) -> bool:
        return self.frame is not None and self.frame.fallen

    @property
    def clear(self) -> bool:
        """The block is all the way out (the push ends by itself): out by its own length, when the gauge first
        reads "100 % out". It waited for the hand's clearance too, so a keyboard push let go at "101 % out"
        stood waiting for Enter (a play-test); the take plays the rest of the way."""
        return self.frame is not None and self.frame.out_m >= min(self.travel_m - 0.001, self.length)

    @property
    def share_out(self) -> float:
        return 0.0 if self.frame is None else max(0.0, self.frame.out_m) / self.length

    def will_take(self) -> bool:
        return self.share_out >= 0.5

    @property
    def percent_out(self) -> int:
        """How far out the block is, in whole percent of its length, rounded down: "50 % out" is shown only
        once letting go takes it, and "100 %" only once it is all the way out (rounded to nearest, 49.6 %
        read "50 % out" and still went back)."""
        return int(np.floor(self.share_out * 100.0))

    def path_text(self) -> str:
        return self.session.path.to_text()

    def close(self) -> None:
        self.session.close()

    # ---- the gauge -----------------------------------------------------------------------------
    def gauge_lines(self) -> tuple[str, str, str]:
        """The gauge's words: the force of this moment, the largest of this push (peak_n, the gauge's pale
        yellow mark), and how far the block is out. A block held tight at "1.63 N" that then slides at
        "0.29 N" reads as one push that started tight and ran easy, not as two readings that disagree."""
        force = 0.0 if self.frame is None else self.frame.force_n
        if self.frame is not None and self.frame.out_m < -0.003:
            # pushed home from the end that sticks out: how far is left, not a "0 % out" that never moves
            return f"{force:.2f} N now", f"{self.peak_n:.2f} N at most", f"{-self.frame.out_m * 1000:.0f} mm to go in"
        return f"{force:.2f} N now", f"{self.peak_n:.2f} N at most", f"{self.percent_out} % out"

    def gauge_width(self, size: int, reserve: bool = True) -> int:
        """How wide the gauge is drawn at `size`: the bar and its words as drawn. reserve: with room for the line
        that comes when the tower moves with the block ("tower moving: 12 mm"), so a place chosen for the gauge
        as the push begins still holds it once that line comes (it hopped, or grew over the wheel: audits)."""
        now_words, most_words, out_words = self.gauge_lines()
        comes = self.comes_line() or ("tower moving: 88 mm" if reserve else "")
        words = max(text.measure(now_words, size, bold=True)[0], text.measure(most_words, size - 1)[0],
                    text.measure(out_words, size - 1)[0], text.measure("gentle", size - 2)[0],
                    text.measure(comes, size - 1, bold=True)[0] if comes else 0)
        return max(8, size // 2 + 2) + 8 + words + 6

    def draw_gauge(self, surface: pygame.Surface, at, size: int) -> pygame.Rect:
        """The finger's force as a bar (0 to the hand's strength, a white mark at the gentle-touch force, a
        pale yellow one at the largest force of this push so far), with the forces in newtons and how far the
        block is out beside it; returns the area drawn on. The three lines stand within the bar's height, so
        the gauge is no taller than the bar."""
        force = 0.0 if self.frame is None else self.frame.force_n
        h, w = int(size * 7), max(8, size // 2 + 2)
        x, y = int(at[0]), int(at[1])
        box = pygame.Rect(x, y, w, h)
        # a dark backing under the bar and its words: over the tower's blocks or the table their words were hard
        # to read (a window-size audit)
        now_words, most_words, out_words = self.gauge_lines()
        back = pygame.Rect(x - 3, y - 3, self.gauge_width(size, reserve=False), h + 6)
        backing = pygame.Surface(back.size, pygame.SRCALPHA)
        backing.fill((*palette.BACKGROUND, 200))
        surface.blit(backing, back.topleft)
        pygame.draw.rect(surface, palette.PANEL, box.inflate(6, 6), border_radius=3)
        share = min(1.0, force / self.max_force_n) if self.max_force_n > 0 else 0.0
        fill = box.copy()
        fill.height = int(round(h * share))
        fill.bottom = box.bottom
        colour = palette.BLUISH_GREEN if force <= self.touch_force_n else (
            palette.ORANGE if share < 0.75 else palette.VERMILLION)
        if fill.height > 0:
            pygame.draw.rect(surface, colour, fill)
        pygame.draw.rect(surface, palette.PANEL_EDGE, box, 1)
        mark = box.bottom - int(round(h * self.touch_force_n / self.max_force_n))
        pygame.draw.line(surface, palette.TEXT, (box.x - 3, mark), (box.right + 3, mark), 1)
        most = min(1.0, self.peak_n / self.max_force_n) if self.max_force_n > 0 else 0.0
        peak = box.bottom - int(round(h * most))
        pygame.draw.line(surface, peak_colour(), (box.x - 3, peak), (box.right + 3, peak), 2)
        drawn = [box.inflate(6, 6), back]
        drawn.append(text.draw(surface, now_words, (box.right + 8, box.y), size, palette.TEXT, bold=True))
        drawn.append(text.draw(surface, most_words, (box.right + 8, drawn[-1].bottom + 2), size - 1,
                               peak_colour()))
        drawn.append(text.draw(surface, out_words, (box.right + 8, drawn[-1].bottom + 2), size - 1,
                               palette.TEXT_DIM))
        if self.comes_line():  # said where the eye is during a push, not only in the line under the pointer
            drawn.append(text.draw(surface, self.comes_line(), (box.right + 8, drawn[-1].bottom + 2), size - 1,
                                   palette.VERMILLION, bold=True))
        drawn.append(text.draw(surface, "gentle", (box.right + 8, mark), size - 2, palette.TEXT_DIM,
                               anchor="midleft"))
        return drawn[0].unionall(drawn[1:])

    def words(self) -> str:
        """The line under the pointer: the finger's force and what letting go would do now."""
        if self.frame is None:
            return ""
        force = self.frame.force_n
        if self.fallen:
            return "The tower is falling!"
        if self.keyboard:
            then = "Enter now puts it back"
            if self.will_take():  # all the way out it is taken by itself, as by the pointer
                then = ("it is taken as soon as it clears the tower" if self.share_out >= NEARLY_OUT
                        else "Enter takes it; all the way out, it is taken at once")
            pace = f"pushing at {self.key_speed_m_s * 100:.1f} cm/s" if self.key_dir > 0 else (
                "pulling back" if self.key_dir < 0 else "holding")
            # by keyboard this line stands in for the tooltip: it names both of the gauge's forces
            return (f"{pace}: finger {force:.2f} N now{self._binds()}, {self.peak_n:.2f} N at most; "
                    f"{self.percent_out} % out "
                    f"({then}){self._comes_words()}")
        if not self.dragged:
            if not self.pushed:
                return "touching: hold still and the finger presses the block; drag along it to push it"
            # The block's reading so far, as the touch's verdict will read it (the gauge shows the finger's
            # force of this moment, which drops to nothing once the finger stops pressing).
            reading = self.session.give_force_n()
            feel = touch_feel(reading <= self.touch_force_n, self.risk)
            # named as the reading it is: beside the gauge's "0.28 N now / 0.92 N at most" a bare "0.85 N" read
            # as a third figure of the finger's force (an audit)
            # "took 1.54 N to give, it is held tight" read as loose (an audit): the force it takes to slide
            return (f"touching: the block takes {reading:.2f} N to slide, {feel}; drag along the block to push it, "
                    "let go to put it back")
        return f"finger {force:.2f} N{self._binds()}; {self.percent_out} % out: {self.then_words()}{self._comes_words()}"

    def _binds(self) -> str:
        """Said while the finger's force is at the hand's strength: the gauge stood at "4.00 N now, 4.00 N at
        most" with the block stuck and nothing said why (an audit)."""
        if self.full_s >= BINDS_S:
            return ", the hand's full strength: the block binds here, so ease off or let go"
        return ""

    def then_words(self) -> str:
        """What letting go would do now, by the pointer. A block pushed all the way out is taken there and
        then, the button still down (the push ends by itself: `clear`, and the screen plays it): past half
        its length the words say so, and once it is nearly out they say it is about to be taken. Before, a
        fast drag read "94 % out: let go to take it" and the block was taken the next moment, held."""
        if self.frame is not None and self.frame.out_m < -0.003:
            # a block that started out of line on this side, being pushed home (sim.live's line_m)
            return (f"{-self.frame.out_m * 1000:.0f} mm from its line: let go now and the hand pushes it on home, "
                    "as far as it slides")
        if not self.will_take():
            return ("it is taken once it is out past half its length; let go now and the hand slides it back in, "
                    "stopping where it binds rather than pull the tower along")
        if self.share_out >= NEARLY_OUT:
            return "it is taken as soon as it clears the tower, even if you hold on"
        return "let go to take it (pushed all the way out, it is taken at once)"
