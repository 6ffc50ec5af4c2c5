"""The Jenga screen: the three Jenga games played with the mouse or the keyboard on the physics tower.

The board is the simulator's tower drawn in 3D (render.tower). Hovering shows which blocks may be
taken, tinted by sim's risk map (computed in a worker process, refreshed after every move) with the
number on hover. Pressing a block and dragging it along its length pushes it live: the physics runs
at the display rate with the finger following the pointer (render.tower.live_drag), the block goes
as far as the physics lets it, the tower sways, and a gauge shows the finger's force; a press held
still is the touch test. Letting go plays the finger's path as the move (taken if the block is out by
half its length, else put back). A right click (or T) touches a block with the fixed probe. The block then
goes on top in a slot the player clicks. Holes are clicked to place or climb Marios and pegs; every
other choice (characters, targets) is in the list on the right.

The physics of a move runs in a worker thread while the window goes on drawing the tower as it was:
the settle countdown of the rules runs meanwhile and ends as soon as the verdict is in, then the
simulator's own trajectory of the move is played back at real speed. The spinner shows each spin
and stops on the outcome the engine drew; the header and the caption under the wheel tell that outcome
only once the needle has stopped, and the caption only while the spin's turn goes on.

This module holds the screen's state, its hooks of GameScreen, the background work of a move and the
drawing of the tower; its other jobs live beside it: pointer.py (the mouse: live drag, touch, clicks),
keyboard.py (the block picker and the view's keys), risk.py (driving and reading the risk map),
fall.py (the replay of a fall), overlays.py (everything drawn over and beside the tower), help.py
(the shortcuts), holes.py (pieces in holes out of sight, in words).
"""

from __future__ import annotations

import math
import re

import sys

import numpy as np
import pygame

from games.core import CHANCE, GameError, IllegalActionError
from games.jenga import physics, spinners
from games.jenga.layout import ends
from games.jenga.push import PUSHED_MM
from games.jenga.risk_worker import RiskWorker
from games.jenga.super_mario_help import battle_words
from games.match import PendingStep, Step

from ... import palette as P
from ... import text
from ...help import DecisionsScroll
from ...tower.camera import Camera
from ...tower.countdown import SettleCountdown
from ...tower.fall import last_moving_frame
from ...tower.geometry import rotation_matrices
from ...tower.hand_frames import hand_frames
from ...tower.jenga_scene import block_sizes, scene_of, stack_ghosts
from ...tower.live_drag import LiveDrag, touch_feel
from ...tower.playback import Playback
from ...tower.spinner import Spinner
from ...tower.tint import RiskLegend
from ...tower.view import TowerView
from ...widgets import WrappingRows
from ..base import GameScreen
from .help import JengaHelp
from .fall import FALL_HOLD_S, FallReplay
from .risk import RISK_FIRST_PASS, RISK_SAMPLES, RISK_WORKERS, RiskTint
from .pointer import HOLE_WORDS, PointerPlay
from .keyboard import KeyboardPicker
from .overlays import (OUT_OF_LINE_MM, PLACE_NAMES, Overlays, most_out_of_line,  # noqa: F401 (tests read some here)
                       out_of_line_mm, place_offset)
from .holes import (AXES, HIDDEN_NOTE_END, OUT_OF_SIGHT_END, as_seen, direction_side, facing_eye,
                    hidden_hole_words, side_words, sides_of_view)
from .events import effect_source, event_words, lost_words, sentences, stacked_words
from .spin import PersonSpins

PHYSICS_WORDS = ("stack", "probe", "push")
# While the physics thread runs, the window's thread must win back Python's interpreter lock quickly
# after each drawing call that lets it go: a 1 ms switch interval (default 5 ms) gave frames of 7.9 ms
# median / 14 ms p95 instead of 10 / 17 ms (up to 24 / 71 ms on a busier machine), for physics about
# 15 % slower (`benchmarks/bench_tower_view.py --physics`).
SWITCH_INTERVAL_S = 0.001
# The tower is framed a little above the middle of the board (its aim this share of its height lower), so
# that the lines of the last move and of what to do (up to six, at the board's foot) never cover its base.
BASE_LIFT = 0.14
BELOW_TABLE_M = -0.12
"""A block this far (m) below the table's top has gone over its edge: it is not drawn (the floor is not)."""


LET_GO_NOTE = " (you may let go of the button)"
"""Said after "Block L:S came all the way out, so it is taken" while the button is still down; the button
released, the words lose it (button_released: an audit saw it stay up after the release)."""

WENT_BACK = "let go under half out: the block went back in, a touch"
"""The move log's note on a push that did not take its block (went_back_in): its line read like a taken
block's (an audit)."""


def went_back_note(probe: dict | None, off_mm: float | None = None) -> str:
    """The move log's note on a push let go under half out (WENT_BACK), from the state's last touch reading
    just after it: a block the put back could not take home says so. The log read "the block went back in"
    beside an info line and a tooltip saying it stayed 12 mm out of line (an audit). `off_mm`: how far out of
    line with its level the block sits in the position after it (out_of_line_mm), the figure the info line and
    the tooltip give, when known: the log's "stays 8 mm out" (the simulator's own figure, from the block's line
    as built) stood beside their "6 mm out of line with its level" (a help audit)."""
    stuck = probe.get("stuck_mm") if isinstance(probe, dict) else None
    if not stuck and off_mm is not None and off_mm >= OUT_OF_LINE_MM:
        # put back home, but the level it sits in moved with the push: as the info line says it (the log said
        # "the block went back in" beside "it sits 4 mm out of line with its level": a regression audit's reading)
        # (no brackets of its own: the log puts this note in brackets, and it ended "(the tower moved with it))")
        return (f"let go under half out, a touch: the block went back, and sits {off_mm:.0f} mm out of line with its "
                "level, as the tower moved with it")
    if stuck and off_mm is not None:
        stuck = off_mm
    if stuck and stuck >= OUT_OF_LINE_MM:
        return (f"let go under half out, a touch: the hand could not put the block all the way back, so it "
                f"stays {stuck:.0f} mm out")
    return WENT_BACK


def stack_line(label: str, action: str, verdict: dict | None, tower: str) -> str:
    """A stack's move-log line with its place named by the table's axis ("stack the block on top, +y place"),
    which the window then says as seen ("the front place") and rewords when the view turns. The rules' fixed
    "left, middle, right" (the engine's words, and the log's until 6 Dec) named another place than the
    Choices row the player clicked (an audit: "front place" clicked, "right place" logged)."""
    if not action.startswith("stack ") or not isinstance(verdict, dict) or verdict.get("op") != "stack" \
            or not verdict.get("where"):
        return label
    level, slot = (int(v) for v in verdict["where"])
    offset = place_offset(tower, level, slot)
    if offset is None:
        place = "the middle place"
    else:
        axis = 0 if abs(offset[0]) >= abs(offset[1]) else 1
        place = f"{'+' if offset[axis] > 0 else '-'}{'xy'[axis]} place"
    rules = "|".join(PLACE_NAMES)  # the engine's fixed names, as its words of a stack give them
    return re.sub(rf"stack the block on top, ({rules}) place", f"stack the block on top, {place}", label)


def went_back_in(action: str, verdict: dict | None, label: str = "") -> bool:
    """Whether a push (its action, and the state's last_verdict just after it) was let go under half out, so
    its block went back in: a touch, not a block taken. Not for one its line (`label`) already words as a
    touch, a press that never went a few millimetres: "touch block 7:0 ... pressing 2 mm in (let go under
    half out: the block went back in, a touch)" read oddly of a block that never moved (an audit)."""
    return (action.startswith("push ") and isinstance(verdict, dict) and verdict.get("taken") is False
            and not verdict.get("collapsed") and not _TOUCH_LINE.match(label))


_TOUCH_LINE = re.compile(r"(?:[^:]*: )?touch block ")
"""A move-log line of a touch: "touch block ...", after the player's name ("P1: touch block ...")."""
OPERATION_NOTE = re.compile(r", moved \d+\.\d mm(, the tower falls!)?$| spins: | climbs to ")
"""Notes the step's own line says already: every operation on the tower's ("Ann: push 5:1, moved 0.4 mm",
also in the last-move line), a spin's meaning and a climb's hole."""


_HOLE = re.compile(r"\b(\d+):(\d+)([+-][xy])\b")


def bracketed(notes: list[str]) -> str:
    """Notes for a move log line's brackets: joined by "; ", but after one that ends a sentence ("defeats
    Bowser!") by a space ("defeats Bowser!; collects" read oddly), and a hole in the game's notation ("leaps
    over Bowser to 15:1-y") in words: "the -y hole of block 15:1"; an item block stacked as the status line
    words it ("stacked a POW block", the note's "pow block" read otherwise)."""
    out = ""
    for note in notes:
        note = stacked_words(note)
        note = _HOLE.sub(lambda m: f"the {m[3]} hole of block {m[1]}:{m[2]}", note)
        out = note if not out else out + (" " if out[-1] in ".!?" else "; ") + note
    return out


def log_notes(before: list, after: list) -> list[str]:
    """What a step's line in the move log adds in brackets: the game's notes of the step (new_notes), less
    those the line says already (OPERATION_NOTE), but the fall kept as "the tower falls" (an audit read a
    Super Mario push that toppled the tower as "(Careful bot 2 collects 5 coins)" and nothing else)."""
    out = []
    for note in new_notes(before, after):
        if note.endswith(", the tower falls!"):
            out.append("the tower falls")
        elif not OPERATION_NOTE.search(note):
            out.append(note)
    return out


# What a hole action does, as the status line says it ("the hole to climb to").
HOLE_VERBS = {"climb": "climb to", "mario": "put Mario in", "peg": "put your peg in", "drop": "drop the peg in",
              "leap": "leap to"}


def battle_outcome(before, after) -> bool | None:
    """Super Mario Jenga: whether a spin was a battle with Bowser, from the positions before and after it:
    None when it was not (the spinner's mover was not battling him), else whether it beat him."""
    battling = getattr(before, "battling", None)
    if not battling or not battling[before.mover]:
        return None
    return bool(after.defeated[before.mover])


def spin_words(game: str, section: int, variant: str, battle: bool | None) -> str:
    """A spin in words for the line under the wheel. In a battle with Bowser the spin's stack does not count
    and its climb only says whether he is beaten ("Spun: stack 1, climb 3" under a won battle read as a
    spin of an ordinary turn); its coins and reverse still count."""
    words = spinners.words(game, section, variant)
    if battle is None or not words.startswith("stack "):
        return words
    return battle_words(words, battle, variant)


def loaded_battle(match, at: int, section: int) -> tuple[bool | None, int | None]:
    """(whether it beat Bowser, whose battle it was) of the spin of step `at` of a loaded match, (None, None)
    for no battle, from the words the load gave it in its own position (Match.replayed_words, "the spinner
    stops on section 4: Bob's battle with Bowser: ..."): the position before it is not at hand, and a won
    battle read "Spun: stack 1, climb 3" once loaded (a variants audit)."""
    words = match.replayed_words
    if len(words) != len(match.history) or not 0 <= at < len(words):
        return None, None
    plain = spinners.words(match.spec.name, section, match.config.variant)
    for beaten in (True, False):
        if words[at].endswith(battle_words(plain, beaten, match.config.variant)):
            named = [k for k, seat in enumerate(match.config.seats) if f": {seat.name}'s battle" in words[at]]
            return beaten, (named[0] if len(named) == 1 else None)
    return None, None


def new_notes(before: list, after: list) -> list[str]:
    """The lines a step added to a state's log (which keeps only its last few lines): the shortest tail of
    `after` such that the lines before it are the last lines of `before`."""
    for n in range(len(after) + 1):
        kept = after[: len(after) - n]
        if len(kept) <= len(before) and before[len(before) - len(kept):] == kept:
            return after[len(after) - n:]
    return list(after)


def rule_wait_s(tower_name: str) -> float:
    """The wait after stacking, "Your turn ends 10 seconds after you stack your block" (traditional and
    Donkey Kong rules), "Wait for about 5 seconds" (Super Mario): the tower spec's settle_s, the one
    number the simulator settles the tower for, so the countdown and the verdict agree."""
    from games.jenga.physics import tower_spec

    return tower_spec(tower_name).settle_s


def frame_rate(tower_name: str) -> float:
    """Frames per second of the simulator's recorded trajectories (one frame every steps_per_frame steps),
    so that playback runs at real speed whatever the length of the recording."""
    return physics.frame_rate(tower_name)


OPENING_OFF_FACE = math.radians(30)
"""How far round from face-on the opening view stands to the tower's front face (Camera's yaw -60 degrees against
the -y face's -90): the view that faces the winning Mario's hole stands as far round from his."""


SPIN_READ_S = 1.5
"""How long a spin that ended its player's turn (a lost battle with Bowser) stays on screen, as the needle
left it, before a bot's next step: long enough to read "P2 spun: battle with Bowser: climb 0 ...; Bowser is not
beaten"."""


class JengaScreen(JengaHelp, DecisionsScroll, Overlays, KeyboardPicker, PointerPlay, PersonSpins, RiskTint, FallReplay,
                  GameScreen):
    side_width = 330
    choice_rows = WrappingRows  # a hole's row ends with its block: cut at a large text size, rows read the same
    question_guard_s = 0.6  # a new kind of question (the climb after a stack): Enter waits this long (by_hand.py)
    turn_guard_s = 0.6  # a person's turn, or their spin, after another person's: choices wait this long
    turn_guard_after_bots = False  # a bot's turn is slow to watch: the person's own turn is not held up after it
    turn_guard_keys_only = True  # a click on the tower is aimed (and a press starts a push): only keys wait

    def __init__(self, match, host=None):
        self.camera = Camera()
        self.view = TowerView(self.camera)
        self.legend = RiskLegend()
        self.legend_bottom = 0  # the y under the legend's last line, last frame (the pieces' words go below it)
        self.piece_rects: list[pygame.Rect] = []  # where each seat's piece in words went, last frame
        self._step_lost: list[str] = []  # what the rules dropped in the step being told (_after, then on_step)
        self.risk = RiskWorker(samples=RISK_SAMPLES, seed=match.seed, workers=RISK_WORKERS, first_pass=RISK_FIRST_PASS)
        self.show_risk = True
        self.countdown = SettleCountdown()
        self.spin_linger = 0.0  # seconds a spin that ended its player's turn is still held (SPIN_READ_S)
        self.playback: Playback | None = None
        self.playing_push = None  # (steps, seat, (level, slot), block) of the push whose playback starts (on_step)
        self.spinner = self._make_spinner(match.spec.name, match.config.variant)
        # (steps in the match just after the spin, section, battle, seat) of the last spin: what the spinner's
        # caption says, while it applies (spinner_said); battle: None, or whether it beat Bowser (Super Mario)
        self.spun: tuple[int, int, bool | None, int | None] | None = None
        spins = [(k, s.action) for k, s in enumerate(match.history) if s.by == CHANCE and s.action.startswith("spin ")]
        if self.spinner is not None and spins:  # a resumed or loaded game shows its last spin, as live play left it
            at, action = spins[-1]
            self.spinner.spin_to(int(action.split()[1]), seconds=1e-6)
            self.spinner.finish()
            section = int(action.split()[1])
            # whose spin it was: the mover's while its turn goes on; a spin whose turn it ended (a battle lost)
            # is no longer the mover's, and who made it is not at hand
            battle, battler = loaded_battle(match, at, section)
            seat = match.state.mover if getattr(match.state, "spin", None) is not None else battler
            self.spun = (at + 1, section, battle, seat)
        self.live: LiveDrag | None = None  # the live push under way
        self.hand_lies: tuple[int, int] | None = None  # (moves played, block): the block in hand lay in a fall
        self.fall_paid: tuple[int, int] | None = None  # (moves played, coins): what the toppler paid (Super Mario)
        self.live_hold: np.ndarray | None = None  # the last live frame, shown until the move's playback
        self.live_follow = None  # the Tower following a fall the drag saw: its latest frame is shown meanwhile
        self.live_stats: list[tuple[float, float]] = []  # (simulated s, wall s) of each finished live push
        self.picked: tuple[int, int] | None = None  # the block the arrow keys picked
        self.place_unchosen = False  # a block is in hand and no place on top is chosen yet (Enter waits for one)
        self.button_held = False  # the left button is down (PointerPlay.handle_event)
        self.release_owed = False  # a resize cut a press off with the button down: its release is the press's
        self.out_while_held: int | None = None  # the history's length when a keyboard push ended by itself, the
        # block all the way out: the next key, once that take is played, may be the Enter meant to let go of it
        self.press: tuple[int, int] | None = None
        self.orbiting: tuple[int, int] | None = None
        self.mouse = (-1, -1)
        self.hover_block: int | None = None
        self._hovered: tuple | None = None  # what the hover was last found from (pointer.PointerPlay._hover_inputs)
        self.hover_ghost: int | None = None
        self.hover_hole_hidden = False  # the block under the pointer has a hole to go into, out of sight only
        self.tooltip_rect: pygame.Rect | None = None  # where the tooltip was drawn last frame (None: none)
        # The "Your move" panel's words (overlays.Overlays._draw_side): where they were drawn last frame (None:
        # not shown), the first line shown when they scroll, the last such line, the lines shown and how many
        # more are below them.
        self.steps_view: pygame.Rect | None = None
        self.steps_top = self.steps_last_top = self.steps_more = 0
        self.steps_shown: tuple[str, ...] = ()
        self.steps_key: tuple[str, ...] = ()  # the steps the panel was scrolled in (other steps start at the top)
        self.info_rect: pygame.Rect | None = None  # the backing of the lines at the board's foot, last frame
        self.countdown_rect: pygame.Rect | None = None  # the settle countdown's badge, last frame
        self.ghost_slots: list[int] = []
        self.clock = 0.0
        self.job: PendingStep | None = None  # the step being computed on a worker thread (games.match's driver)
        self._framed_levels = -1
        self._top_shown = -1  # the history's length when the view last slid up to show the places on top
        self._opened_framed = -1  # the history's length when a game opened fallen was framed (_frame_opened_fall)
        self._lift_before_top: float | None = None  # where the view was before it slid up for a stack
        self._risk_key = None
        self._risk_before: object = None  # the map shown before a touch moved the tower (same blocks)
        # (screen clock, what it belongs to, figures by block) of the tint drawn (risk.RiskTint.step_tint)
        self._tint_shown: tuple | None = None
        self._tint_source: tuple | None = None  # the maps and switches it was worked out from
        self.touched: tuple[int, int] | None = None  # the block the last touch that moved the tower touched
        # (its place in the match's history, the step itself, a number of its own) of each touch that moved
        # the tower: the newest one still in the match is part of the position's key (risk.position_key)
        self.tower_moves: list[tuple[int, object, int]] = []
        self._moves_made = 0
        # the last touch's own reading, plain data (on_step); probe_note puts it in words when drawn
        self.touch_read: dict | None = None
        self.probe_note_at: tuple = ()  # note_key() when the note was made: it is shown for that position only
        self.gauge_rect: pygame.Rect | None = None  # where the live push's gauge was drawn last frame (None: none)
        self._scene = None
        self.held: tuple[int, float] | None = None  # (block, metres out) of a push waiting for the simulator
        # (seat, level, slot, fell) of a live push let go whose move is still worked out (fell: the tower fell
        # under the finger): the header says so meanwhile, not the turn's prompt from before the push
        self.pushed: tuple[str, int, int, bool] | None = None
        self.failed_at = -1  # history length at which an automatic step failed
        self.sim_error: str | None = None  # the message of the last step the simulator could not play
        self.hold_left = 0.0  # seconds the last frame of a fall is still held
        self._holes_of: list | None = None  # the list of choices self._holes was parsed from
        self._holes: list[tuple[str, int, int, int]] = []
        self.fall_note = ""  # what the collapse animation shows
        self.fall_story = None  # render.tower.fall.FallStory of the last fall
        # (moves played, layout) of the tower as it stood when it fell: the rules keep only the levels left
        # standing, and the Marios (Donkey Kong Jenga) or pegs above them had no block to be drawn on, in the
        # replay or after it, while the pieces' lines still named their levels. They ride their blocks down.
        self.fall_layout: tuple[int, list] | None = None
        self._camera_goal: tuple | None = None  # (target, fov height, distance) the view eases toward
        self._switch = sys.getswitchinterval()
        self._sides: tuple[str, ...] = ()  # the side each axis's end faces, as the lists last said them
        self._hidden_note = None  # (events, [(before, after)]) of the note of pieces gone out of sight, while up
        self.told_at_stop = None  # (the position before a spin, its events' words) while its needle turns
        # (eye, target) the words are held to while the game turns the view itself (a fall's replay turns to
        # the side that shows it best): the log then kept saying the moves as the player had watched them,
        # not renamed them under the replay (an audit: "pushed from the left" for the end that faced them).
        # None: the words follow the view; a turn the player makes lets them go.
        self._words_view: tuple | None = None
        super().__init__(match, host)
        self.show_risk = self.host.risk_tint()  # as the table left it (R), not on again in every game
        if match.history:  # a match opened just after a touch shows its reading, as live play left it
            self._read_touch(match.history[-1], match.state)

    # ---- the spinner of each game -------------------------------------------------------------
    @staticmethod
    def _make_spinner(game: str, variant: str = "standard") -> Spinner | None:
        if game not in spinners.GAMES:
            return None
        n = range(len(spinners.sections(game, variant)))  # the wording lives in games/jenga/spinners.py
        return Spinner([spinners.label(game, k, variant) for k in n], groups=[spinners.group(game, k, variant) for k in n])

    def spinner_said(self) -> str:
        """The spin of the current turn in words, under the wheel: "" while the needle turns (the outcome is
        not told before it stops), before any spin, and once the spin no longer applies: its turn is over and
        another step came after it (the wheel keeps resting on it, but the caption spoke of the last turn).
        A spin that ends its turn by itself (a battle with Bowser lost, nothing left to do) is said until
        the next step."""
        sp, spun = self.spinner, self.spun
        if sp is None or spun is None or sp.spinning:
            return ""
        at, section, battle, seat = spun
        if len(self.match.history) != at and getattr(self.match.state, "spin", None) is None:
            return ""  # the turn of that spin is over (the rules clear a turn's spin when the next one starts)
        due = getattr(self.match.state, "phase", "") == "spin"
        if due and len(self.match.history) != at:
            return ""  # the next spin is due and steps came since: the last one was another turn's
        words = spin_words(self.spec.name, section, self.match.config.variant, battle)
        if due:
            # the spin that ended the last turn by itself, under the next player's "spin": said as theirs (it read
            # "Spun: stack 2, climb 1" under "Ann, spin the spinner", Bob's lost battle: a variants audit)
            return f"{self.seat_name(seat)} spun: {words}" if seat is not None else f"Last spin: {words}"
        return "Spun: " + words

    def _spinner_key(self) -> str:
        return spinners.key(self.spec.name)

    # ---- holes and ends in the words of the view (holes.as_seen) --------------------------------------
    def seen(self, words: str) -> str:
        """`words` with the game's axis names of holes and ends ("the +y hole of block 1:0", "3:1+x") put as
        the view shows them now ("the back hole of block 1:0"): everything the window says goes through it,
        while the game's own notes and actions keep the axes (saved matches and typed commands use them)."""
        if not words or ("+" not in words and "-" not in words):  # no axis in them: most lines, every frame
            return words
        return as_seen(words, *self.words_view())

    def _stack_line(self, label: str, action: str, verdict) -> str:
        return stack_line(label, action, verdict, self.match.state.TOWER)

    def words_view(self) -> tuple:
        """(eye, target) the window names holes, ends and places from: the camera's, unless the game turned
        the view itself (_words_view)."""
        return self._words_view if self._words_view is not None else (self.camera.eye, self.camera.target)

    def button_released(self) -> None:
        """The left button let go: "... so it is taken (you may let go of the button)" says no more than it
        was taken."""
        note = getattr(self, "_taken_note", None)
        if note and self.message == note and self.message_time > 0 and note.endswith(LET_GO_NOTE + "."):
            self.message = self._taken_note = note[: -len(LET_GO_NOTE) - 1] + "."

    def player_view(self) -> tuple[float, float]:
        """(yaw, pitch) of the view the player chose: the one they watched the game from while a fall's
        replay has turned the camera (_words_view), else the camera's own, at the end of a turn under way.
        The app keeps it for the match's next opening (an audit opened an earlier save of a fallen game in the
        replay's low side view)."""
        if self._words_view is not None:
            eye, target = self._words_view
            d = np.asarray(eye, dtype=float) - np.asarray(target, dtype=float)
            return float(math.atan2(d[1], d[0]) % (2 * math.pi)), float(math.atan2(d[2], math.hypot(d[0], d[1])))
        cam = self.camera
        yaw = cam.yaw if cam.goal_yaw is None else cam.goal_yaw
        return float(yaw % (2 * math.pi)), float(cam.pitch)

    def player_turned_view(self) -> None:
        """The player turned the view (keys or a drag): the words follow it again."""
        self._words_view = None

    def action_label(self, action: str) -> str:
        word, _, rest = action.partition(" ")
        if word == "stack" and rest.isdigit() and int(rest) < 3:  # the places on top, as seen (place_seen)
            return f"stack the block on top, {self.place_seen(int(rest))} place"
        return self.seen(super().action_label(action))

    def reword_for_view(self) -> None:
        """The view turned so that the ends of the blocks face other ways: the rows of the Choices list and of
        the move log say their holes and ends anew, each list kept where it was (its row chosen, its scroll)."""
        self._sides = sides_of_view(*self.words_view())
        for rows, items in ((self.actions, [self.action_label(a) for a in self.legal]),
                            (self.log, [self.seen(f"{i + 1}. {label}") for i, label in enumerate(self.log_labels)])):
            if rows is self.actions and self.spin_untold():
                continue  # no choices are shown while the needle turns
            if rows is self.log and len(rows.items) != len(items):
                items = [self.seen(row) for row in rows.items]  # a row left out (the spin's, until it stops)
            rows.reword(items)

    # ---- hooks of GameScreen ---------------------------------------------------------------------
    def log_title(self, width: int, size: int) -> str:
        """The heading says that the log's holes and ends are the view's (reword_for_view): turned, the lines
        say them anew, which three audits took for the log changing by itself. Without room, the plain one."""
        plain = super().log_title(width, size)
        n, rows = len(self.log_labels), self.log.items
        if n and rows and not rows[-1].startswith(f"{n}. "):
            # the last row held back (a spin's while its needle turns, a fall's coins while it plays): counted
            # when it comes ("Move log (30)" over 29 rows gave away that a row was held: a regression audit)
            plain = f"Move log ({n - 1})"
        # while the game holds the words to the view the player had (a fall's replay, a win's turn), the heading
        # says so: "sides as seen now" over "the back hole" of a Mario shown in front misled (a regression audit)
        # the longer words where the panel has room for them (at 1280x800 it never had for "sides as you last
        # turned the view": the heading stood plain over "the back hole" of a Mario in front, a regression audit)
        told = [f"{plain}: sides as seen now"] if self._words_view is None else \
            [f"{plain}: sides as you last turned the view", f"{plain}: sides as seen before"]
        return next((words for words in told if text.font(size, bold=True).size(words)[0] <= width), plain)

    def decision_text(self) -> str:
        words = self._decision_text()
        if getattr(self.match.state, "phase", "") == "stack" and "(open places: " in words:
            from games.jenga.layout import stack_slots

            places = ", ".join(self.place_seen(k) for k in stack_slots(self.match.state.layout))
            words = re.sub(r"\(open places: [a-z, ]+\)", f"(open places: {places})", words)
        return self.seen(words)

    def result_reason(self) -> str:
        return self.seen(super().result_reason())

    def _draw_status(self, surface, words: str, area, ink):
        return super()._draw_status(surface, self.seen(words), area, ink)

    def _decision_text(self) -> str:
        if self.pushed is not None and self.job is not None:
            seat, level, slot, fell = self.pushed
            if fell:
                return f"{seat} pushed block {level}:{slot} and the tower fell."
            return f"{seat} pushed block {level}:{slot}; the simulator is judging the push…"
        if self.spinner is not None and self.spinner.spinning and self.spun is not None:
            # The rules have applied the spin already and their prompt says its outcome ("must climb 2
            # layers"): told while the needle still turns, it gave the spin away. It is said once it stops.
            return f"{self.seat_name(self.spun[3])} spins: the needle is still turning…"
        if self.spin_linger > 0 and self.spun is not None and self.spun[3] is not None:
            # what was spun, while it is held to be read: "the spinner is spinning" stood over a wheel at rest
            # (a regression audit)
            owner = self.match.state.turn_owner()
            after = f"; {self.seat_name(owner)}'s turn next" if owner is not None and owner >= 0 else ""
            return f"{self.spinner_said()}{after}"
        if self.chance_waits():
            return self.chance_prompt()
        try:
            words = self.match.state.decision_text()
        except GameError:
            return super().decision_text()
        item = effect_source(self.match.state)
        return f"The {item}: {words}" if item else words

    def _push_shown(self):
        """(steps, seat, (level, slot), block) of the push whose playback is being shown, else None."""
        push = getattr(self, "playing_push", None)
        if push is None or self.playback is None or push[0] != len(self.match.history):
            return None
        return push

    def playing_words(self, short: bool = False) -> str | None:
        """While a push plays: who pushes which block, not the stack that comes after it (a feel audit saw
        "must stack the block in hand on top" while a bot's block still slid out behind the tower); while the
        tower falls: that the result follows (the banner had named the winner as the fall began)."""
        if self.match.is_over() and self.playback is not None and not self.show_result \
                and getattr(self.match.state, "ended", "") == "fall":
            if self.playback.done:  # its last picture held a moment before the result (the fall of a few blocks
                # leaves most of the tower standing: "the tower has come down" over it read wrong, an audit)
                return "The fall is over." if short else "the fall is over; who wins follows (V: now)"
            return "The tower is falling…" if short else \
                "the tower is falling; who wins is said once it has come down (V: now)"
        push = self._push_shown()
        if push is not None and not self.match.is_over():
            _, seat, (level, slot), _ = push
            return f"{self.seat_name(seat)} pushes block {level}:{slot}…"
        return None

    def short_decision_text(self) -> str | None:
        """The decision without its closing words in brackets, for a banner too narrow for it: "Player 1 must
        put their peg in a hole of layer 1 (the second layer: the bottom one is l…" was cut at the largest
        text (a window-size audit)."""
        words = self.decision_text()
        if words.endswith(")") and " (" in words:
            return words[:words.rindex(" (")]
        return None

    def animating(self) -> bool:
        return (self.job is not None or (self.spinner is not None and self.spinner.spinning)
                or self.countdown.active or self.playback is not None or self.spin_linger > 0)

    def quiet(self) -> bool:
        """Also still: the camera (no turn or reframing under way) and no push being dragged. A risk map
        filling in does not keep the full frame rate: the app's idle frames (12 a second) show its blocks
        arriving well enough, and the cores the window leaves go to the map (bench_risk_fill.py)."""
        return (super().quiet() and self.camera.goal_yaw is None and self._camera_goal is None
                and self.live is None)

    def finish_animations(self) -> None:
        self.held = None
        if self.spinner is not None:
            self.spinner.finish()
        if self.playback is not None:
            self.playback.finish()
        self.hold_left = 0.0
        self.spin_linger = 0.0
        if self.countdown.verdict is not None:
            self.countdown.finish()

    def _history_labels(self) -> list[str]:
        """A loaded match's move list words each step as a step played here is worded (_after), with what the
        game noted while the load replayed it (Match.replayed_logs): before, a loaded Super Mario match
        lost "(Careful bot steals 1 from Player 1)" and the stacked items from its lines (an audit)."""
        labels = super()._history_labels()
        logs = self.match.replayed_logs
        if len(logs) != len(labels) + 1:  # not (or no longer) the match as loaded: the plain words
            return labels
        out = []
        verdicts = getattr(self.match, "replayed_verdicts", [])
        probes = getattr(self.match, "replayed_probes", [])
        states = getattr(self.match, "replayed_states", [])
        if len(states) != len(logs):
            states = []
        for i, (label, before, after) in enumerate(zip(labels, logs, logs[1:])):
            verdict = verdicts[i + 1] if i + 1 < len(verdicts) else None
            went_back = went_back_in(self.match.history[i].action, verdict, label)
            label = self._stack_line(label, self.match.history[i].action, verdict)
            probe = probes[i + 1] if i + 1 < len(probes) else None
            notes = ([went_back_note(probe, probe.get("off_mm") if probe else None)] if went_back else []) \
                + log_notes(before, after)
            if states:  # what the rules dropped, as _after says it (a loaded match's line left it out: an audit)
                notes += lost_words(states[i], states[i + 1], self.match.history[i].action, self.seat_name)
            out.append(f"{label} ({bracketed(notes)})" if notes else label)
        return out

    def _after(self, step: Step, before, label: str, quiet: bool = False) -> None:
        """The move log's line of a step also says what the step did beyond its action (an item block's
        effect, a Mario falling with the girder under him, coins stolen or collected), from the lines the
        game noted while it was applied."""
        notes = log_notes(getattr(before, "log", []), getattr(self.match.state, "log", []))
        # what the rules dropped in this step, for this line and for the status line on_step says (worked out once)
        self._step_lost = lost_words(before, self.match.state, step.action, self.seat_name)
        notes += self._step_lost
        label = self._stack_line(label, step.action, getattr(self.match.state, "last_verdict", None))
        if went_back_in(step.action, getattr(self.match.state, "last_verdict", None), label):
            off = getattr(self.match.state, "probe_off_mm", None)
            notes.insert(0, went_back_note(getattr(self.match.state, "last_probe", None), off() if off else None))
        if notes:
            label = f"{label} ({bracketed(notes)})"
        super()._after(step, before, label, quiet)
        if self.match.is_over() and self.message == getattr(self, "_taken_note", None):
            # "... came all the way out, you may let go" stayed up under the fall and the result (an audit)
            self.message_time = 0.0

    def on_step(self, step: Step, before) -> None:
        state = self.match.state
        word, _, rest = step.action.partition(" ")
        if word == "spin" and self.spinner is not None:
            self.spinner.spin_to(int(rest))
            self.spun = (len(self.match.history), int(rest), battle_outcome(before, state), before.mover)
        if word in ("tremor", "stack", "push"):
            frames = state.last_trajectory()
            if frames is not None and len(frames) > 1:
                if word == "push" and step.by >= 0:
                    # the push being shown: the banner says so and its block is outlined while it plays (a bot's
                    # push slid out behind the tower under "must stack the block in hand on top": a feel audit)
                    level, _, slot = rest.split(" ", 1)[0].partition(":")
                    try:
                        where = (int(level), int(slot))
                        block = state.hand if state.hand is not None else before.layout[where[0]][where[1]]
                    except (ValueError, IndexError):
                        where, block = None, None
                    self.playing_push = (len(self.match.history), step.by, where, block) if where else None
                rate = frame_rate(state.TOWER)
                # the block in hand: held where the hand left it once taken out of the simulation (it was
                # drawn back in its slot), and still drawn after a fall it lay in (render.tower.hand_frames)
                frames, lies = hand_frames(frames, state.hand)
                self.hand_lies = (len(self.match.history), state.hand) if lies else None
                self.playback = Playback(frames, rate_hz=rate)
                fell = bool((state.last_verdict or {}).get("collapsed"))
                self.hold_left = FALL_HOLD_S if fell else 0.0
                toppler = getattr(state, "toppler", None)
                if fell and toppler is not None and hasattr(state, "coins") and hasattr(before, "coins"):
                    # what the toppler paid, for the result's words (Super Mario: the penalty, or all they had)
                    self.fall_paid = (len(self.match.history), before.coins()[toppler] - state.coins()[toppler])
                if fell:
                    self.fall_layout = (len(self.match.history), [list(row) for row in before.layout])
                    self._frame_fall(state, frames)
                    self._tell_fall(step, before, state, frames, rate)
                    self.playback.end_at(last_moving_frame(frames, rate))  # not the rest that follows, slowed
                if word == "tremor" and self.held is not None:
                    self.playback.t = self._resume_time(frames, rate)
                if word == "push" and self.live_hold is not None and not fell:
                    # the drag was seen live: the playback goes on from where the finger let go
                    drag = int((state.last_verdict or {}).get("drag_frames", 0))
                    self.playback.t = min(max(0, drag - 1) / rate, self.playback.duration)
        if word != "extract":
            self.held = None
        self.live_hold = self.live_follow = None
        if word == "stack" and self._lift_before_top is not None:
            # the view goes back down to where the person was working before it slid up for the stack, unless
            # they moved it since: zoomed in on Donkey Kong Jenga's low girders, the climb asked after the stack
            # had its holes and both Marios out of view (a keyboard audit)
            if self.camera.lift == 0.5:
                self.camera.slide_to(self._lift_before_top)
            self._lift_before_top = None
        if word == "stack":
            if not self.countdown.active:
                self.countdown.start(rule_wait_s(self.match.state.TOWER))
            verdict = state.last_verdict or {}
            self.countdown.decide(bool(verdict.get("collapsed")), verdict.get("sim_s"))
        notes = new_notes(getattr(before, "log", []), getattr(state, "log", []))
        said = event_words(before, state, notes, self.seat_name)
        lost, self._step_lost = self._step_lost, []  # (_after, which calls on_step, worked them out)
        if lost:  # a climb or an effect the rules dropped, said after what the step did
            said = sentences(([said.rstrip(".")] if said else []) + lost)
        self.told_at_stop = None
        if word == "spin" and self.spin_untold():
            # the coins a spin collects are said, and counted beside the seat, once the needle stops (a
            # play-tester read "Careful bot 2 gets 2 coins" while the needle still turned)
            self.told_at_stop = (before, said)
        elif self.fall_untold() and hasattr(state, "coins"):
            # Super Mario: what the fall costs and pays is said, and counted beside the seats, once the tower has
            # come down, as the banner promises of who wins (an audit read the coins, and so the winner, mid-fall)
            self.told_at_stop = (before, said)
        else:
            self.say_hidden_holes(before, said)
        if word in ("probe", "push") and state.last_probe and self._touch_moved_tower(before, state):
            self.tower_moved(step)
            self.touched = tuple(state.last_probe["where"])
        self._read_touch(step, state)
        if getattr(state, "ended", "") == "top" and getattr(before, "ended", "") != "top":
            self._face_the_champion(state)

    def _face_the_champion(self, state) -> None:
        """Donkey Kong Jenga won at the top: the view turns to the side of the hole the winning Mario stands in,
        as a fall's replay turns to the side that shows it (an audit saw him hidden behind Pauline, the other
        Mario in plain view at the top's corner, so the wrong one seemed to have saved her). The words keep the
        view the player had, as they do through a fall's replay."""
        self._opened_framed = len(self.match.history)  # turned once: not again as the game is drawn on
        champion = getattr(state, "champion", None)
        marios = getattr(state, "marios", None)
        if champion is None or not marios or marios[champion] is None:
            return
        direction = AXES.get(marios[champion][2])
        if direction is None:
            return
        if self._words_view is None:
            self._words_view = (np.array(self.camera.eye, dtype=float), np.array(self.camera.target, dtype=float))
        # facing the hole, a little from its right, as the opening view stands to the front face
        best = math.atan2(direction[1], direction[0]) + OPENING_OFF_FACE
        yaw = self.camera.yaw
        self.camera.goal_yaw = yaw + ((best - yaw + math.pi) % (2 * math.pi) - math.pi)

    def _read_touch(self, step, state) -> None:
        """Keep the reading of a touch, or of a push that went back, that `step` (the match's last) was, for
        the words under the tower (probe_note) and the touched block's outline. Called as the step plays, and
        when a match is opened: a game saved and loaded, or resumed, just after a touch had lost its reading
        (the state keeps last_probe; the screen had read it only as the step played: a save audit)."""
        word = step.action.partition(" ")[0]
        went_back = word in ("probe", "push") and not (state.last_verdict or {}).get("taken", True)
        if state.last_probe and (went_back or word == "probe"):
            # Only the touch's own reading is kept: the risk map's part of the words is read when they are
            # drawn (probe_note), from the map of the touch's position once it arrives.
            p = state.last_probe
            live = getattr(self, "live_reading", None)
            live = live if word == "push" and live is not None and live[0] == step.action else None
            reach = None
            if word == "push":  # how far the finger went in, from the move's own path
                reach = physics.path_reach_mm(step.action.split("path=", 1)[1]) if "path=" in step.action else None
            self.touch_read = {"where": tuple(p["where"]), "end": p["end"], "force_n": float(p["force_n"]),
                               "reach_mm": reach,
                               "motion_mm": float(p["tower_motion_mm"]), "gives": bool(p.get("moves")),
                               "went_back": went_back, "stuck_mm": float(p.get("stuck_mm", 0.0)),
                               # what the gauge showed of this push, when it was pushed live here (its largest
                               # force, and how far the tower came with the block): the replay's own peak is not
                               # the gauge's (a regression audit: "2.23 N at most, as the gauge showed" over 0.08 N)
                               "peak_n": live[1] if live else None, "came_mm": live[2] if live else None,
                               "off_mm": out_of_line_mm(state, *p["where"]) if went_back else None,
                               "most_off": most_out_of_line(state) if went_back else None}
            self.probe_note_at = self.note_key()

    def _hold_over_the_top(self, state, scene) -> None:
        """A block taken by a bot, or by the person at another seat, waits to be stacked held over the top of the
        tower where it will most likely go (the middle place, else the nearest one), a block's height and a
        half up: it vanished for the bot's pause before it came down on top (an audit). The person deciding
        sees the places on top instead (stack_ghosts)."""
        if (self.playback is not None or state.phase != "stack" or state.hand is None or self.match.is_over()
                or self.match.waiting_for_human()):
            return
        slots, places, _ = stack_ghosts(state, scene.sizes, scene.poses)
        if not slots:
            return
        k = min(range(len(slots)), key=lambda i: (abs(slots[i] - 1), slots[i]))
        pose = places[k].copy()
        pose[2] += 1.5 * scene.sizes[state.hand, 2]
        scene.poses = np.array(scene.poses, dtype=float, copy=True)
        scene.poses[state.hand] = pose
        scene.hidden = np.array(scene.hidden, dtype=bool, copy=True)
        scene.hidden[state.hand] = False

    def _touched_block(self, state) -> int | None:
        """The block the touch whose words are up tested (probe_note), outlined on the tower while they are: a
        bot's touches showed only as lines of the log, nothing on the tower (an audit). None while a block is in
        the hand or a move plays, or once the touch is not the last move."""
        t = self.touch_read
        if (t is None or self.probe_note_at != self.note_key() or self.live is not None or self.playback is not None
                or self.match.is_over()):
            return None
        level, slot = t["where"]
        return state.layout[level][slot] if level < len(state.layout) else None

    def tower_moved(self, step=None) -> None:
        """A touch (`step`, by default the match's last) moved the tower: the map of the tower before it is
        stale and is redone (its key comes back, and with it the map, once the touch is undone:
        risk.position_key)."""
        history = self.match.history
        step = history[-1] if step is None and history else step
        where = next((i for i in range(len(history) - 1, -1, -1) if history[i] is step), len(history) - 1)
        self._moves_made += 1
        self.tower_moves.append((where, step, self._moves_made))

    @property
    def probe_note(self) -> str:
        """The last touch in words: its own reading (force, how far the tower moved, whether the block gave)
        and the risk map's figure of the block as the screen has it now. Made when drawn, not when the touch
        was played: a touch that moves the tower has the map redone, and words made at the touch kept the
        old map's "topple it 25 % of the time" beside a tooltip that, once the new map came, read "0 %"."""
        t = self.touch_read
        if t is None:
            return ""
        level, slot = t["where"]
        feel = touch_feel(t["gives"], self._risk_figure(level, slot), past=t["went_back"])
        if t["went_back"]:
            off = t.get("off_mm")
            if off is None or off < OUT_OF_LINE_MM:
                back = "it went back in"
            elif t.get("stuck_mm") and t["motion_mm"] >= OUT_OF_LINE_MM:
                # the push itself dragged the tower; the put back then stopped rather than drag it further
                back = (f"the push dragged the tower along with it, and the hand could not put the block back "
                        f"without pulling the tower further, so it stays {off:.0f} mm out of line with its level")
            elif t.get("stuck_mm"):
                # the put back stopped where the block bound rather than pull the tower along (sim.live), or could
                # not move it past where its end caught under the level above at the careful force: "could not
                # put it back without pulling the tower along" over a tower that moved 0.1 mm made no sense (an
                # audit). A push from the end that sticks out takes it home (docs/sim.md, "Putting a block back").
                back = (f"it caught on the way back in, and the hand, pushing no harder than it took coming out, "
                        f"stopped rather than force it or pull the tower along, so it stays {off:.0f} mm out of line "
                        "with its level (a careful push from the end that sticks out can set it home, though it may "
                        "move the tower a little)")
            else:
                back = f"it sits {off:.0f} mm out of line with its level (the tower moved with it)"
            most = t.get("most_off")
            if most is not None and most[2] >= OUT_OF_LINE_MM and tuple(most[:2]) != (level, slot):
                # the push dragged another block out of line (the one above it, riding on it): said too
                back += f"; block {most[0]}:{most[1]} sits {most[2]:.0f} mm out of line with its level"
            reach = t.get("reach_mm")
            if reach is not None and reach >= PUSHED_MM and not t["gives"]:
                # A push let go before half the block's length, not a touch: the force under way at a push's
                # pace is no touch test's, and "it was held tight" read over a loose block pushed 38 % out
                # and let go (an audit). Said as the push it was, with no verdict on how tight it is.
                return (f"Pushed {level}:{slot} from {t['end']}, the finger {reach:.0f} mm in, and let go before "
                        f"half its length: it took {t['force_n']:.2f} N under way{self._peak_words(t)}, the rest of "
                        f"the tower moved {t['motion_mm']:.1f} mm{self._came_words(t)}; {back}.")
            return (f"Touched {level}:{slot} from {t['end']}: it took {t['force_n']:.2f} N{self._peak_words(t)}, the "
                    f"rest of the tower moved {t['motion_mm']:.1f} mm{self._came_words(t)}; {feel}; {back}.")
        return (f"Felt {level}:{slot} from {t['end']}: {t['force_n']:.2f} N, the tower moved "
                f"{t['motion_mm']:.1f} mm under the press; {feel}; all put back as it stood.")

    @staticmethod
    def _peak_words(t: dict) -> str:
        """The finger's largest force beside what the block took under way, when the two differ by a few
        hundredths: the gauge read "3.18 N at most" and the words after it "it took 2.30 N under way", and a
        player could not tell which was the block's force (an audit)."""
        peak = t.get("peak_n")
        if peak is None or peak - t["force_n"] < 0.03:
            return ""
        return f" (the finger {peak:.2f} N at most, as the gauge showed)"

    @staticmethod
    def _came_words(t: dict) -> str:
        """How far the tower came with the block during the push, beside where it ended, when that was more: the
        gauge said "tower moving: 10 mm" and the words after it "the rest of the tower moved 0.3 mm", and a player
        could not tell which was so (a keyboard audit): both were, one during the push and one at its end."""
        came = t.get("came_mm")
        if came is None or came < OUT_OF_LINE_MM or came - t["motion_mm"] < 1.0:
            return ""
        return f" in the end (it came {came:.0f} mm with the block during the push)"

    def note_key(self) -> tuple:
        """The point of the match words about a move are tied to: the number of steps and the last one. The
        length alone was not enough: a touch undone and a push played in its place left the same length,
        and the touch's words stayed up under the push. (Not the risk map's position_key, which changes
        only when the tower does.)"""
        history = self.match.history
        return (len(history), history[-1].action if history else "")

    # ---- Super Mario and Donkey Kong Jenga: pieces in holes out of sight, whose setup it is (issue 15) ----
    def say_hidden_holes(self, before, events: str = "") -> None:
        """A peg or Mario that went into a hole on a side the view does not show is said in the status line,
        after the step's `events` (an item found, coins taken: events.py) if it had any."""
        state = self.match.state
        words = hidden_hole_words(before, state, self.camera.eye, self.camera.target, self.seat_name)
        noted = self.message_time > 0 and self.message.endswith(HIDDEN_NOTE_END)
        if words:
            # the note keeps the position as it is now: the match's state object goes on changing, and the
            # note worded again each frame then said every piece placed since (a family's audit read four
            # players' pegs, some twice, in one cut line)
            state = state.clone()
        if events:
            self.say(f"{events} {words}" if words else events, 10.0)
            self._hidden_note = (events, [(before, state)]) if words else None
        elif words:
            if noted and self._hidden_note is not None:  # two pieces in a row: keep both
                words = self.message[: -len(HIDDEN_NOTE_END)] + "; " + words
                self._hidden_note[1].append((before, state))
            else:
                self._hidden_note = ("", [(before, state)])
            self.say(words, 8.0)
        elif noted and any(getattr(before, k, None) != getattr(state, k, None) for k in ("marios", "pegs")):
            # a piece moved on since the note, into a hole in view: the note is stale (three climbs in a row
            # left "went into a hole on the back of the tower (layer 7..." up while that Mario stood on 9)
            self.message_time = 0.0
            self._hidden_note = None

    def reword_hidden_note(self, drawn_behind: set | None = None) -> None:
        """The view turned while the note of a piece gone into a hole out of sight is up: it names the side
        the hole is on now, and a piece that has come into sight is no longer said (the note kept saying "on
        the back of the tower" after the turn its own hint asked for brought the hole to the front). With
        `drawn_behind` (the seats whose piece the last frame drew through the tower), a piece drawn solid is
        not said either."""
        note = self._hidden_note
        if note is None or self.message_time <= 0 or not self.message.endswith(HIDDEN_NOTE_END):
            self._hidden_note = None
            return
        events, pairs = note
        eye, target = self.camera.eye, self.camera.target
        said = [hidden_hole_words(before, after, eye, target, self.seat_name, drawn_behind)
                for before, after in pairs]
        words = "; ".join(w[: -len(HIDDEN_NOTE_END)] for w in said if w)
        if words:
            self.message = f"{events} {words}{HIDDEN_NOTE_END}" if events else words + HIDDEN_NOTE_END
        elif events:
            self.message, self._hidden_note = events, None
        else:
            self.message_time, self._hidden_note = 0.0, None

    def _spinning_seat(self) -> int | None:
        """The seat whose spin the needle still shows turning, or whose spin is held to be read (spin_linger); None:
        no such spin."""
        if self.spun is not None and self.spun[3] is not None and (self.spin_untold() or self.spin_linger > 0):
            return int(self.spun[3])
        return None

    def banner_player(self) -> int:
        # while the needle turns the spin's outcome is kept (spin_untold), the turn it ended too: a lost battle with
        # Bowser ends the turn, and the banner named the next player over "P2 spins: the needle is still turning"
        # (a rules audit)
        seat = self._spinning_seat()
        return seat if seat is not None else super().banner_player()

    def last_actor(self, default):
        """A spin is a chance step, but a person's spin by hand was theirs: a lost battle with Bowser is a turn of
        that spin alone, and the next person's spin then counted Ann's as "the last seat to act was Bea" and had no
        hot-seat guard, so Ann's Space spun Bea's spinner (a regression audit)."""
        history = self.match.history
        if history and history[-1].by == CHANCE and history[-1].action.startswith("spin ") \
                and self.spun is not None and self.spun[3] is not None and self.spun[0] == len(history):
            return int(self.spun[3])
        return super().last_actor(default)

    def waited_for(self) -> str:
        seat = self._spinning_seat()
        return f"{self.seat_name(seat)}'s spin" if seat is not None and self.spin_untold() else super().waited_for()

    def banner_seat(self) -> int | None:
        """During the setup each player in turn chooses a character and places a peg (Super Mario) or stands
        a Mario in a bottom girder (Donkey Kong): the banner names that player, not the first player's coming
        turn (it read "Player 1's turn" over "Player 2 must decide now")."""
        seat = self._spinning_seat()
        if seat is not None:
            return seat
        state = self.match.state
        if getattr(state, "placing", None) is not None and getattr(state, "phase", "") in ("character", "peg", "place"):
            return state.placing
        return super().banner_seat()

    def _play_selected(self) -> None:
        """Enter while the pointer holds a block: the push is finished first, whether or not a row stands chosen
        (with none chosen, after a hand-off, Enter said to choose a row, under the held block: a regression run)."""
        if self.live is not None and not self.live.keyboard:
            self.say("Finish the push first: releasing the button lets go of the block, then choose.", 4.0)
            self.host.sound.play("error")
            return
        super()._play_selected()

    # ---- background work ---------------------------------------------------------------------------
    def play(self, action: str) -> bool:
        if self.job is not None:
            self.say("Wait: the simulator is still working on the last move.")
            return False
        if self.live is not None:
            # a row (Enter, a number, a click in the list) played under a held block: the climb went on while
            # the finger still held the block half out, and that push was then lost (an audit, 6 Dec)
            how = "Enter or P" if self.live.keyboard else "releasing the button"
            self.say(f"Finish the push first: {how} lets go of the block, then choose.", 4.0)
            self.host.sound.play("error")
            return False
        word = action.partition(" ")[0]
        match = self.match
        if word not in PHYSICS_WORDS or not match.waiting_for_human() or match.is_over():
            return super().play(action)
        try:
            match.state.check_action(action)
        except IllegalActionError as exc:
            self.say(str(exc))
            self.host.sound.play("error")
            return False
        if word == "stack":
            self.countdown.start(rule_wait_s(self.match.state.TOWER))
        self._start(action)
        return True

    def undo(self) -> None:
        if not self._busy_for("undo"):
            super().undo()
            self._reread_touch()
            self._view_after_undo()

    def redo(self) -> None:
        if not self._busy_for("redo"):
            super().redo()
            self._reread_touch()
            self._view_after_undo()

    def _view_after_undo(self) -> None:
        """After an undo or a redo the view goes back down from the top if it slid up for a stack (unless the
        person moved it since), and the next stack asked slides it up again: a regression audit undid a
        stack's push, pushed again zoomed in, and the places on top stayed out of view (the slide had been
        counted as done at that length of the history), and an undo out of the stack phase had left the view
        at the top, away from the blocks being worked on."""
        if self._lift_before_top is not None:
            if self.camera.lift == 0.5:
                self.camera.slide_to(self._lift_before_top)
            self._lift_before_top = None
        self._top_shown = -1

    def _reread_touch(self) -> None:
        """Undo or redo back to a position a touch made: its reading is shown again, as when the match is
        opened there (an undo to a touch showed nothing: a regression audit)."""
        if self.match.history:
            self._read_touch(self.match.history[-1], self.match.state)

    def _busy_for(self, what: str) -> bool:
        """Undo and redo wait for a block in the hand, and say so (True): Ctrl+Z mid-push had taken back the
        move before while the hand still held a block of the tower as it was, and the push let go then ran
        on that old tower. (While the simulator works out a step, every key but the view's waits anyway.)"""
        if self.live is None:
            return False
        how = "Enter or P" if self.live.keyboard else "releasing the button"
        self.say(f"Finish the push first: {how} lets go of the block, then {what}.", 4.0)
        self.host.sound.play("error")
        return True

    def auto_step(self) -> bool | None:
        if self.failed_at == len(self.match.history):
            return  # the last automatic step failed: do not retry it every frame (undo or load moves on)
        if self.hand_due():
            # a person's spin: skipping the bots' moves stops here, at their hand, also while the last move is
            # still drawn (a keyboard audit: one Space during the stack's countdown played the person's own spin
            # as chance, chance_waits being False while anything animates)
            self.end_skip()
            return False
        if self.job is None and not self.match.is_over() and not self.match.waiting_for_human():
            self._start(None)

    def bot_thinking(self) -> bool:
        """A bot's step worked out in the background: its choice and the simulator's run of it (the banner went
        on offering "(Space: skip ahead)" through a pro's 12 s of touches and never said it was thinking: a
        bots audit)."""
        job = self.job
        return super().bot_thinking() or (job is not None and not job.done and job.by in self.match.bots)

    def _start(self, action: str | None) -> None:
        """Run the next step (a person's action, or the bot's or chance's step due) on a worker thread
        with the match's driver (Match.prepare / commit): the match does not change until the step is
        committed, so the window goes on drawing it as it was."""
        try:
            job = self.match.prepare(action)
        except GameError as exc:
            self.say(str(exc))
            return
        job.state.record_trajectories = True  # the collapse animation needs the frames
        if action is not None and job.by >= 0 and job.by not in self.match.bots:
            # a push let go takes the simulator a second or so: its name is kept beside the autosave meanwhile
            self.host.note_pending(self.match, job.by, action)
        self._switch = sys.getswitchinterval()
        sys.setswitchinterval(min(self._switch, SWITCH_INTERVAL_S))
        self.job = job.start()

    def _poll_job(self) -> None:
        job = self.job
        if job is None:
            return
        if job.action is not None and job.action.startswith("stack") and not self.countdown.active:
            self.countdown.start(rule_wait_s(self.match.state.TOWER))
        if not job.done:
            return
        self.job = None
        self.pushed = None
        sys.setswitchinterval(self._switch)
        step = None
        try:
            step = self.match.commit(job)
        except Exception as exc:  # shown on the board; the window must survive a failed step
            job.error = exc
        if job.error is not None:
            self.countdown.finish()
            self.held = None
            self.playback = None
            automatic = job.action is None or job.by == CHANCE or job.by in self.match.bots
            if automatic:
                self.failed_at = len(self.match.history)
            if isinstance(job.error, GameError):  # the rules refused the move: their own words
                self.say(str(job.error), 30.0)
            else:
                self.sim_error = self._failure_text(job, automatic)
                self.say("The simulator failed: see the message on the board.", 30.0)
            self.host.sound.play("error")
            self._refresh_actions(force=True)
            self.host.pending_done()  # a step refused: Resume must not play it again
            return
        self.sim_error = None
        self.step_played(step, job.before, quiet=self.skipping)  # (autosaved there)
        self.host.pending_done()  # its name beside the autosave goes once that autosave is written
        self.host.sound.play("dice" if job.by == CHANCE else "move")

    @staticmethod
    def _failure_text(job: PendingStep, automatic: bool) -> str:
        """One message for a step the simulator could not play: what failed, that nothing was lost,
        and what the player can do next."""
        what = f"'{job.action}'" if job.action else ("the next chance step" if job.by == CHANCE else "the bot's move")
        reason = f"{type(job.error).__name__}: {job.error}"
        again = "press Enter to try again" if automatic else "try the move again or choose another"
        return (f"The simulator failed on {what} ({reason}). The game is as it was before that step: "
                f"save it (Ctrl+S), undo (Ctrl+Z), or {again}.")

    def retry(self) -> bool:
        """Try again an automatic step that failed (Enter after the failure message)."""
        if self.failed_at != len(self.match.history):
            return False
        self.failed_at = -1
        self.sim_error = None
        self.say("Trying the step again…")
        return True

    def fall_untold(self) -> bool:
        """Whether the fall that ended the game is still being played, its result not yet shown."""
        return (self.match.is_over() and self.playback is not None and not self.show_result
                and getattr(self.match.state, "ended", "") == "fall")

    def spin_untold(self) -> bool:
        """Whether the spinner's needle still turns on the spin the match has just drawn: its outcome is
        then kept from every part of the screen (header, caption, move log, choices, rings), as a real
        spinner's is until it stops."""
        sp, history = self.spinner, self.match.history
        return (sp is not None and sp.spinning and bool(history) and history[-1].by == CHANCE
                and history[-1].action.startswith("spin "))

    def _refresh_actions(self, force: bool = False) -> None:
        """The lists as GameScreen makes them, but while the needle turns the choices are none yet (they say
        what the spin gave) and the move log leaves out the spin's own row until the needle stops; in Super
        Mario Jenga the row of the fall that ended the game, with its coins, comes once the fall has played."""
        fresh = force or self._legal_at != len(self.match.history)
        super()._refresh_actions(force)
        if self.spin_untold():
            self.legal = []
            self.actions.set_items([])
            self._rows_decider = None  # the list the spin opens is a first list (base: no row chosen at a hand-off)
            rows = self.log.items
            if rows and rows[-1].startswith(f"{len(self.log_labels)}. "):  # the spin's row, not yet left out
                self.log.set_items(rows[:-1], keep=False)
                self.log.scroll_to_end()
        elif self.fall_untold() and hasattr(self.match.state, "coins"):
            rows = self.log.items  # the fall's row says the coins it paid: it comes once the tower is down
            if rows and rows[-1].startswith(f"{len(self.log_labels)}. "):
                self.log.set_items(rows[:-1], keep=False)
                self.log.scroll_to_end()
        if fresh:  # the lists were made anew: their holes as seen (a turn of the view rewords them itself)
            self.log.set_items([self.seen(row) for row in self.log.items], keep=False)
            self.log.scroll_to_end()
            self._sides = sides_of_view(*self.words_view())
            self._choose_a_hole_in_view()

    def _choose_a_hole_in_view(self) -> None:
        """When every choice is a hole (placing a peg or a Mario, a climb) and the row chosen is one on a side
        of the tower out of view, choose the first one in view instead: the first row of the list was a back
        hole nobody could see (an audit). Only the row chosen moves; the list keeps its order."""
        holes = {h[0]: h for h in self._legal_holes()}
        selected = self.actions.selected
        if not holes or len(holes) != len(self.legal) or not 0 <= selected < len(self.legal):
            return

        def in_view(action: str) -> bool:
            _, level, _, sign = holes[action]
            end = ends(level)[0 if sign > 0 else 1]  # ('+x', '-x') or ('+y', '-y')
            return facing_eye(end, self.camera.eye, self.camera.target) > 0

        if in_view(self.legal[selected]):
            return
        first = next((i for i, a in enumerate(self.legal) if in_view(a)), None)
        if first is not None:
            self.actions.selected = first
            self.actions.reveal()

    def update(self, dt: float) -> None:
        self.clock += dt
        note = getattr(self, "_taken_note", None)
        if note and self.message == note and self.button_held and self.message_time > 0:
            # "... so it is taken (you may let go of the button)" stays up while the button is held: it timed
            # out under a held button, and the shorter words for the release were never seen (an audit)
            self.message_time = max(self.message_time, 1.0)
        self.camera.update(dt)
        self._ease_camera(dt)
        if sides_of_view(*self.words_view()) != self._sides:
            self.reword_for_view()
            self.reword_hidden_note()
        if self.spinner is not None:
            untold = self.spin_untold()
            self.spinner.update(dt)
            if untold and not self.spin_untold():
                self._refresh_actions(force=True)  # the needle stopped: the choices and the log row appear
                owner = self.match.state.turn_owner()
                if self.spun is not None and self.spun[3] is not None and owner is not None and owner >= 0 \
                        and owner != self.spun[3] and not self.match.config.seats[owner].is_human:
                    # (a bot's turn next only: a person next spins by hand and sees it; a 1.5 s wait there read
                    # "the spinner is spinning" over a wheel at rest: a regression audit)
                    # the spin ended its player's turn (a lost battle with Bowser): what it spun is held a moment
                    # before the next player's steps (a bot's spin wrote over it within 0.6 s: a rules audit)
                    self.spin_linger = SPIN_READ_S
                if self.told_at_stop is not None:
                    before, events = self.told_at_stop
                    self.told_at_stop = None
                    self.say_hidden_holes(before, events)
        self.spin_linger = max(0.0, self.spin_linger - dt)
        self.countdown.update(dt)
        if self.playback is not None:
            self.playback.update(dt)
            if self.playback.done and self.job is None:
                self.hold_left -= dt  # a fall's last frame is held a moment before the result
                if self.hold_left <= 0:
                    self.playback = None
        if self.told_at_stop is not None and not self.spin_untold() and not self.fall_untold():
            before, events = self.told_at_stop  # a fall's coins (a spin's are said as its needle stops, above)
            self.told_at_stop = None
            self._refresh_actions(force=True)  # the fall's row comes into the move log
            self.say_hidden_holes(before, events)
        if self.live is not None:
            self.live.risk = self._risk_figure(self.live.level, self.live.slot)  # a map may arrive mid-press
            self.live.tick(self.clock)
            self.tick_refusal()
            if self.live.fallen or self.live.clear:
                live = self.live
                self._let_go()  # the tower fell during the drag, or the block is all the way out
                if live.clear and not live.fallen and self.job is not None:
                    # taken with the button (or W) still down: said, so the move that starts is not a surprise
                    hand = "" if live.keyboard else LET_GO_NOTE
                    self.out_while_held = len(self.match.history) if live.keyboard else None
                    self.say(f"Block {live.level}:{live.slot} came all the way out, so it is taken{hand}.", 6.0,
                             through_step=True)
                    self._taken_note = self.message
        self.risk.poll()
        self._poll_job()
        if self.job is not None:
            if self.message_time > 0:
                self.message_time -= dt
            return
        super().update(dt)
        if self.job is None:
            self._refresh_risk()
        self.step_tint()
        self.say_holes_out_of_sight()

    def say_holes_out_of_sight(self) -> None:
        """When every hole the person's piece may go into faces away from the view, no ring can be seen: the
        status line says where they are and which keys turn the view, until one comes into sight (or
        another message is up)."""
        ours = self.message_time > 0 and self.message.endswith(OUT_OF_SIGHT_END)
        state, scene = self.match.state, self._scene
        holes = (self._legal_holes() if scene is not None and self.playback is None and self.live is None
                 and self.match.waiting_for_human() else [])
        sides, words = [], set()
        for action, level, slot, sign in holes:
            block = state.layout[level][slot] if 0 <= level < len(state.layout) else None
            if block is None or block >= len(scene.poses):
                continue
            if self._hole_in_view(block, sign):
                sides = []  # one in sight: its ring shows it (and a click on its block plays it)
                break
            sides.append(direction_side(self._axis(block) * sign, self.camera.eye, self.camera.target))
            words.add(action.partition(" ")[0])
        if not sides:
            if ours:
                self.message_time = 0.0
            return
        if self.message_time > 0 and not ours:
            return  # another message first; this one comes back when it is gone
        where = " and ".join(side_words(side) for side in dict.fromkeys(sides))
        to = HOLE_VERBS.get(words.pop(), "go into") if len(words) == 1 else "go into"
        holes_are = f"hole to {to} is" if len(sides) == 1 else f"{len(sides)} holes to {to} are"
        self.say(f"The {holes_are} on {where}{OUT_OF_SIGHT_END}", 1.0)

    def close(self) -> None:
        """Stop the risk worker process (the app calls this when the screen is left, if it can)."""
        if self.live is not None:
            self.live.close()
            self.live = None
        self.risk.close()

    def __del__(self):
        try:
            self.risk.close()
        except Exception:
            pass

    # ---- drawing ----------------------------------------------------------------------------------
    def _poses_now(self, state) -> np.ndarray:
        if self.playback is not None:
            return self.playback.poses()
        if self.live is not None and self.live.frame is not None:
            return self.live.frame.poses
        if self.live_hold is not None:
            follow = self.live_follow
            latest = None if follow is None or self.job is None else follow.latest_frame
            if latest is not None and latest.shape == self.live_hold.shape:
                return latest
            return self.live_hold
        poses = np.array(state.tower["poses"], dtype=float)
        moved = self.held
        if moved is not None and 0 <= moved[0] < len(poses) and state.tower["where"][moved[0]] == "tower":
            block, out = moved
            axis = rotation_matrices(poses[block][None, 3:])[0][:, 0]
            length = block_sizes(state.TOWER, state.tower)[block, 0]
            poses[block, :3] += axis * float(np.clip(out, -length, length))
        return poses

    def _frame_opened_fall(self, state) -> None:
        """A game opened already fallen (loaded, resumed) is framed as the fall left the view live: wide, the
        rubble on the table and the figures in view (_frame_fall, from the tower before the last move to the
        rubble). It had been framed as a standing tower the rubble's height: a close-up of a few blocks, the
        figures out of the picture (a save audit). Once a position."""
        n = len(self.match.history)
        if (self.playback is None and self._opened_framed != n and self.match.is_over()
                and getattr(state, "ended", None) == "top" and self._words_view is None):
            # a win at the top opened (loaded, viewed again): facing the winner's hole at once, as live play turned
            # to it (it opened in the view from before, the winner behind Pauline: a regression audit)
            self._face_the_champion(state)
            if self.camera.goal_yaw is not None:
                self.camera.yaw, self.camera.goal_yaw = self.camera.goal_yaw % (2 * np.pi), None
            return
        if (self.playback is not None or self.fall_story is not None or self._opened_framed == n
                or not self.match.is_over() or getattr(state, "ended", None) != "fall"):
            return
        self._opened_framed = n
        after = np.asarray(state.tower["poses"], dtype=float)
        before = self.match.previous_state()
        if before is not None and getattr(before, "tower", None):
            self._frame_fall(state, np.stack([np.asarray(before.tower["poses"], dtype=float), after]))
        else:
            # a match of bots only keeps no position before the fall: the rubble alone, framed for a tower of
            # its levels (it opened as the same close-up: a regression audit)
            height = float(np.max(self._scene.sizes[:, 2])) * len(state.layout)
            self._frame_fall(state, np.stack([after, after]), tall=height)
        self.settle_camera()
        story = self.opened_fall_story()
        if story is not None and story.best_yaw is not None:  # from the side that shows it best, as live
            # the words keep the view the game opened in, as live play keeps the player's (_tell_fall)
            self._words_view = (np.array(self.camera.eye, dtype=float), np.array(self.camera.target, dtype=float))
            self.camera.yaw = float(story.best_yaw) % (2 * np.pi)

    def _layout_fallen_from(self) -> list | None:
        """The layout the tower stood in before the fall that ended the game (fall_layout), where the pieces'
        holes are read; None while no fall has ended it. A game opened already fallen has it from the
        position before its last step (Match.previous_state): its Marios lay nowhere, their lines naming
        levels that no longer stood."""
        n = len(self.match.history)
        if self.fall_layout is not None and self.fall_layout[0] == n:
            return self.fall_layout[1]
        state = self.match.state
        if not (self.match.is_over() and getattr(state, "ended", None) == "fall"):
            return None
        before = self.match.previous_state()
        if before is None or getattr(before, "layout", None) is None:
            return None
        self.fall_layout = (n, [list(row) for row in before.layout])
        return self.fall_layout[1]

    def draw_board(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        state = self.match.state
        if state.tower is None:
            if self.sim_error:  # the build failed: its message where the tower would stand (the status line
                # pointed to "the message on the board", and the board said the tower was being built: an audit)
                size = self.font_size(16)
                lines = text.wrap(self.sim_error, size, int(rect.w * 0.8))
                top = rect.centery - len(lines) * text.line_step(size) // 2
                text.draw_lines(surface, lines, (rect.centerx, top), size, P.WARNING, anchor="midtop")
            else:
                text.draw(surface, "The tower is being built…", rect.center, self.font_size(20), P.TEXT_DIM,
                          anchor="center")
            self._scene = None
            return
        self.camera.viewport = (rect.x, rect.y, rect.w, rect.h)
        poses = self._poses_now(state)
        fallen_from = self._layout_fallen_from()
        scene = scene_of(state, poses, fallen_from)
        if fallen_from is not None and self.playback is None:
            standing = {b for row in state.layout for b in row if b is not None}
            for fig in scene.figures:
                if fig.kind == "mario" and fig.block not in standing:
                    fig.fell = True  # on his girder where it came to rest (a loaded game drew him in the air)
        bowser_level = getattr(state, "bowser_level", None)
        for fig in scene.figures:
            if fig.kind == "bowser" and bowser_level is not None:  # his words, under him when he stands beside his layer
                fig.label = f"Bowser: layer {bowser_level()}"
        if self.playback is not None:  # the moving block is in the frames: draw it until they end
            scene.hidden = np.array([w == "aside" for w in state.tower["where"]], dtype=bool)
        elif self.hand_lies is not None and self.hand_lies[0] == len(self.match.history):
            scene.hidden = scene.hidden.copy()
            scene.hidden[self.hand_lies[1]] = False  # it fell with the tower: it lies where the fall left it
        below = np.asarray(poses, dtype=float)[:, 2] < BELOW_TABLE_M
        if below.any():
            # gone over the table's edge, on its way to the floor or lying there: out of the picture, as the fall's
            # words say (the floor is not drawn, and a block lying on it behind the table stood in the dark
            # above the table's far edge: a feel audit)
            scene.hidden = np.asarray(scene.hidden, dtype=bool) | below
        self._scene = scene
        levels = len(state.layout)
        self._frame_opened_fall(state)
        if levels != self._framed_levels and self.playback is None:  # no zoom jump in the middle of a fall
            self._camera_goal = None
            tower = ~scene.hidden
            height = float(np.max(poses[tower, 2] + scene.sizes[tower, 2] / 2)) if tower.any() else 0.3
            framed = max(height, 0.15) + 0.06
            self.camera.frame_tower(framed, base_z=-BASE_LIFT * framed)
            self._framed_levels = levels
        self._hold_over_the_top(state, scene)
        ghosts = ghost_sizes = None
        self.ghost_slots = []
        if (self.job is None and self.playback is None and state.phase == "stack" and state.hand is not None
                and self.match.waiting_for_human()):
            self.ghost_slots, ghosts, ghost_sizes = stack_ghosts(state, scene.sizes, scene.poses)
            if (self.ghost_slots and self._top_shown != len(self.match.history) and self.legal
                    and all(a.startswith("stack") for a in self.legal)):
                # (only when where to stack is the question: a push that knocked out a Super Mario peg asks first
                # for a hole for it, lower down, and the view had slid away from those holes: a keyboard audit)
                # zoomed in on a block low down, the places on top were out of view, and a click at the top
                # picked the block there, with no word (an audit): once a stack is asked, the view slides up
                self._top_shown = len(self.match.history)
                self.settle_camera()
                self._lift_before_top = self.camera.look_at_top()
        hover = self.hover_block
        if (hover is not None and self._block_at(hover) not in self._legal_blocks()
                and not any(a.partition(" ")[0] in HOLE_WORDS for a in self.board_hover)):
            hover = None  # outlined only when a click or a drag on it does something (a hole out of sight: no)
        selected = self.live.block if self.live is not None else None
        if selected is None and self.picked is not None and self.picked in self._legal_blocks():
            selected = state.layout[self.picked[0]][self.picked[1]]
        risk = self._risk_array(state, len(poses))
        hand_colour = tuple(int(c) for c in scene.colours[state.hand]) if state.hand is not None else None
        marked, hover_hole = self._marked_holes(state)
        movers = self.fall_story.first_movers if (self.fall_story is not None and self.playback is not None
                                                  and self.match.is_over()) else ()
        touched = self._touched_block(state)
        if touched is not None:
            movers = (*movers, (touched, "touched"))
        shown_push = self._push_shown()
        if shown_push is not None and shown_push[3] is not None and not self.match.is_over():
            movers = (*movers, (shown_push[3], "touched"))
        # the legend, the wheel and its words are drawn over the board after the tower (as the last frame drew
        # them): a figure's words beside the tower keep off them
        self.view.keep_clear = [r.inflate(8, 8) for r in getattr(self, "overlay_rects", [])]
        self.view.draw(surface, scene, risk=risk, hover=hover, selected=selected, ghosts=ghosts,
                       ghost_sizes=ghost_sizes, ghost_hover=self._ghost_shown(), ghost_fill=hand_colour,
                       marked_holes=marked, hover_hole=hover_hole, outlined=movers, backdrop=P.BACKGROUND)
        if self._hidden_note is not None:  # the note says "drawn faintly": only of pieces this frame drew so
            self.reword_hidden_note({int(label) - 1 for kind, label, _, _ in self.view.behind
                                     if kind in ("peg", "mario") and label.isdigit()})
        if (self.live is None and self.orbiting is None and rect.collidepoint(self.mouse)
                and self._hovered != self._hover_inputs(self.mouse)):
            self._update_hover(self.mouse)  # the tower or the choices may have changed under a still pointer
        self._draw_overlays(surface, rect, state, risk)

    def _ghost_shown(self) -> int | None:
        """The place on top drawn filled: the one under the pointer, else the one of the row of the list under
        the pointer or chosen (so the place a row of the list names, "front place" and so on, is seen on the tower)."""
        if self.hover_ghost is not None:
            return self.hover_ghost
        word, _, slot = (self.focus_action or "").partition(" ")
        if word == "stack" and slot.isdigit() and int(slot) in self.ghost_slots:
            return self.ghost_slots.index(int(slot))
        return None

    def _marked_holes(self, state) -> tuple[list[tuple[int, int]], tuple[int, int] | None]:
        """(block, end) of every hole a piece may go into now, and the one drawn lit: the one a click would
        take, else the one of the row of the list under the pointer or chosen (a keyboard player moving
        through "stand Mario in the +x hole of block 0:1" rows saw nothing on the tower change: an audit)."""
        if self.job is not None or self.playback is not None or not self.match.waiting_for_human():
            return [], None
        marked, hovered, listed = [], None, None
        for a, level, slot, sign in self._legal_holes():
            if 0 <= level < len(state.layout) and state.layout[level][slot] is not None:
                where = (int(state.layout[level][slot]), sign)
                marked.append(where)
                if self.board_hover and self.board_hover[0] == a:
                    hovered = where
                if a == self.focus_action:
                    listed = where
        return marked, hovered if hovered is not None or self.board_hover else listed
