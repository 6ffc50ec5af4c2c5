"""The Jenga screens: the three Jenga games played with the mouse on the physics tower.

The board is the simulator's tower drawn in 3D (render.tower). Hovering shows which blocks may be
taken, tinted by sim's risk map (computed in a worker process, refreshed after every move) with the
number on hover. Pressing a block and dragging it along its length pushes it live: the physics runs
at the display rate with the finger following the pointer (render.tower.live_drag), the block goes
as far as the physics lets it, the tower sways, and a gauge shows the finger's force; a press held
still is the touch test. Letting go plays the finger's path as the move (taken if the block is out by
half its length, else put back). A right click (or T) touches a block with the fixed probe. The block then
goes on top in a slot the player clicks. Holes are clicked to place or climb Marios and pegs; every
other choice (characters, targets) is in the list on the right, which also takes typed pushes.

The physics of a move runs in a worker thread while the window goes on drawing the tower as it was:
the settle countdown of the rules runs meanwhile and ends as soon as the verdict is in, then the
simulator's own trajectory of the move is played back at real speed. The spinner shows each spin
and stops on the outcome the engine drew.
"""

from __future__ import annotations

import sys
from functools import lru_cache

import numpy as np
import pygame

from games.core import CHANCE, GameError, IllegalActionError
from games.jenga import data, physics, spinners
from games.jenga.layout import locate, parse_hole
from games.jenga.push import make_push
from games.match import PendingStep, Step

from .. import palette as P
from .. import text
from ..tower.camera import Camera
from ..tower.countdown import SettleCountdown
from ..tower.fall import tell as tell_fall
from ..tower.geometry import rotation_matrices
from ..tower.live_drag import LiveDrag, touch_feel
from ..tower.jenga_scene import block_sizes, scene_of, stack_ghosts
from ..tower.playback import Playback
from games.jenga.risk_worker import RiskWorker
from ..tower.spinner import Spinner
from ..tower.tint import RiskLegend
from ..tower.view import TowerView
from ..widgets import draw_seat_mark, panel
from .base import GameScreen
from .jenga_holes import HIDDEN_NOTE_END, hidden_hole_words

CLICK_SLOP = 5  # pixels a press may move and still count as a click
MOVED_MM = 0.5  # a touch that leaves a block further than this from where it stood makes the risk map redo
ORBIT_PER_PIXEL = 0.01  # radians of turn per pixel dragged
RISK_MEANS = "collapse risk (the chance that a brisk, fairly steady pull topples the tower)"
RISK_WORKERS = 2  # processes the risk map's pushes are spread over (at a lower priority than the window)
RISK_SAMPLES = 8  # pushes per block at most (sim.riskmap stops early on settled blocks): the map of
# a fresh tower takes about 8 s on one core, its first figures half a second
HOLE_WORDS = ("mario", "peg", "climb", "drop", "leap")
PHYSICS_WORDS = ("stack", "probe", "push")
BLOCK_WORDS = ("push", "extract", "probe")  # played on the tower (mouse or the block picker), never from the list
# While the physics thread runs, the window's thread must win back Python's interpreter lock quickly
# after each drawing call that lets it go: a 1 ms switch interval (default 5 ms) gave frames of 7.9 ms
# median / 14 ms p95 instead of 10 / 17 ms (up to 24 / 71 ms on a busier machine), for physics about
# 15 % slower (`benchmarks/bench_tower_view.py --physics`).
SWITCH_INTERVAL_S = 0.001
FALL_HOLD_S = 1.2  # the last frame of a fall stays this long before the result shows
FALL_SPEED = 0.4  # a fall is replayed at this share of real speed
FALL_LEAD_S = 0.3  # from this long before its first block moved
FULL_FALL_S = 1.0  # a recorded fall shorter than this stopped before the blocks came down


@lru_cache(maxsize=256)
def _wrapped(line: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """text.wrap, remembered: the same few lines are drawn every frame and measuring them is not free."""
    return tuple(text.wrap(line, size, width, bold=bold))


@lru_cache(maxsize=256)
def _width(line: str, size: int) -> int:
    return text.font(size).size(line)[0]


def risk_words(figure: tuple[float, float, bool]) -> str:
    """A block's figure of the risk map in words: the chance and the force its pulls took (the same pushes)."""
    p, force, fresh = figure
    words = f"{p * 100:.0f} % {RISK_MEANS}; its pulls took about {force:.2f} N"
    return words if fresh else words + " (from before the last touch moved the tower; being redone)"


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


class JengaScreen(GameScreen):
    side_width = 330

    def __init__(self, match, host=None):
        self.camera = Camera()
        self.view = TowerView(self.camera)
        self.legend = RiskLegend()
        self.risk = RiskWorker(samples=RISK_SAMPLES, seed=match.seed, workers=RISK_WORKERS)
        self.show_risk = True
        self.countdown = SettleCountdown()
        self.playback: Playback | None = None
        self.spinner = self._make_spinner(match.spec.name, match.config.variant)
        self.live: LiveDrag | None = None  # the live push under way
        self.live_hold: np.ndarray | None = None  # the last live frame, shown until the move's playback
        self.live_stats: list[tuple[float, float]] = []  # (simulated s, wall s) of each finished live push
        self.picked: tuple[int, int] | None = None  # the block the arrow keys picked
        self.press: tuple[int, int] | None = None
        self.orbiting: tuple[int, int] | None = None
        self.mouse = (-1, -1)
        self.hover_block: int | None = None
        self.hover_ghost: int | None = None
        self.ghost_slots: list[int] = []
        self.clock = 0.0
        self.job: PendingStep | None = None  # the step being computed on a worker thread (games.match's driver)
        self._framed_levels = -1
        self._risk_key = None
        self._risk_before: object = None  # the map shown before a touch moved the tower (same blocks)
        self.touched: tuple[int, int] | None = None  # the block the last touch that moved the tower touched
        self.tower_moves = 0  # touches that moved the tower (part of the position's key: the map is redone)
        self.probe_note = ""
        self._scene = None
        self.held: tuple[int, float] | None = None  # (block, metres out) of a push waiting for the simulator
        self.failed_at = -1  # history length at which an automatic step failed
        self.sim_error: str | None = None  # the message of the last step the simulator could not play
        self.hold_left = 0.0  # seconds the last frame of a fall is still held
        self._holes_of: list | None = None  # the list of choices self._holes was parsed from
        self._holes: list[tuple[str, int, int, int]] = []
        self.fall_note = ""  # what the collapse animation shows
        self.fall_story = None  # render.tower.fall.FallStory of the last fall
        self._camera_goal: tuple | None = None  # (target, fov height, distance) the view eases toward
        self._switch = sys.getswitchinterval()
        super().__init__(match, host)

    def keyboard_line(self) -> str:
        return ("By keyboard: the arrow keys pick a block (Shift and the arrows when the list has other "
                "choices), P or Enter starts a push, W held pushes (faster the longer it is held), S pulls "
                "back, Enter lets go; every other action is a row of the Choices list.")

    # ---- the spinner of each game -------------------------------------------------------------
    @staticmethod
    def _make_spinner(game: str, variant: str = "standard") -> Spinner | None:
        if game not in spinners.GAMES:
            return None
        n = range(len(spinners.sections(game, variant)))  # the wording lives in games/jenga/spinners.py
        return Spinner([spinners.label(game, k, variant) for k in n], groups=[spinners.group(game, k, variant) for k in n])

    def spinner_said(self) -> str:
        """The outcome the spinner came to rest on, in words ("" while it spins or before any spin)."""
        sp = self.spinner
        if sp is None or sp.spinning or sp.result is None:
            return ""
        return "Spun: " + spinners.words(self.spec.name, sp.result, self.match.config.variant)

    def _spinner_key(self) -> str:
        return spinners.key(self.spec.name)

    # ---- hooks of GameScreen ---------------------------------------------------------------------
    def extra_shortcuts(self) -> list[tuple[str, str]]:
        return [("Press a highlighted block and drag", "push it live along its length: stop, push on, pull "
                                                       "back; let go past half its length to take it"),
                ("Hold the press still on a block", "touch it: the gauge shows the force it takes"),
                ("Right click or T on a block", "touch it to test how tight it is"),
                ("Click a glowing slot on top", "stack the block in hand there"),
                ("Click a block's end", "put or move your Mario or peg into that hole (when allowed)"),
                ("Arrow keys (Shift+arrows when the list has choices)",
                 "pick a block that may be taken (Up/Down a level, Left/Right across it) and see its risk"),
                ("P or Enter on a picked block", "push it by keyboard: hold W to push (the longer, the faster), "
                                                 "S to pull back, Enter to let go"),
                ("Drag the background, [ and ]", "turn around the tower (quarter turns; also Left/Right "
                                                 "when no block may be picked)"),
                ("Mouse wheel, + and -", "zoom"),
                ("R", "show or hide the collapse-risk tint")]

    def decision_text(self) -> str:
        try:
            return self.match.state.decision_text()
        except GameError:
            return super().decision_text()

    def animating(self) -> bool:
        return (self.job is not None or (self.spinner is not None and self.spinner.spinning)
                or self.countdown.active or self.playback is not None)

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
        if self.countdown.verdict is not None:
            self.countdown.finish()

    def on_step(self, step: Step, before) -> None:
        state = self.match.state
        word, _, rest = step.action.partition(" ")
        if word == "spin" and self.spinner is not None:
            self.spinner.spin_to(int(rest))
        if word in ("tremor", "stack", "push"):
            frames = state.last_trajectory()
            if frames is not None and len(frames) > 1:
                rate = frame_rate(state.TOWER)
                self.playback = Playback(frames, rate_hz=rate)
                fell = bool((state.last_verdict or {}).get("collapsed"))
                self.hold_left = FALL_HOLD_S if fell else 0.0
                if fell:
                    self._frame_fall(state, frames)
                    self._tell_fall(step, before, state, frames, rate)
                if word == "tremor" and self.held is not None:
                    self.playback.t = self._resume_time(frames, rate)
                if word == "push" and self.live_hold is not None and not fell:
                    # the drag was seen live: the playback goes on from where the finger let go
                    drag = int((state.last_verdict or {}).get("drag_frames", 0))
                    self.playback.t = min(max(0, drag - 1) / rate, self.playback.duration)
        if word != "extract":
            self.held = None
        self.live_hold = None
        if word == "stack":
            if not self.countdown.active:
                self.countdown.start(rule_wait_s(self.match.state.TOWER))
            verdict = state.last_verdict or {}
            self.countdown.decide(bool(verdict.get("collapsed")), verdict.get("sim_s"))
        self.say_hidden_holes(before)
        if word in ("probe", "push") and state.last_probe and self._touch_moved_tower(before, state):
            self.tower_moves += 1  # the map of the tower before the touch is stale: it is redone
            self.touched = tuple(state.last_probe["where"])
        if word in ("probe", "push") and state.last_probe and not (state.last_verdict or {}).get("taken", True):
            p = state.last_probe
            level, slot = p["where"]
            feel = touch_feel(bool(p.get("moves")), self._risk_figure(level, slot), past=True)
            self.probe_note = (f"Touched {level}:{slot} from {p['end']}: up to {p['force_n']:.2f} N, the rest "
                               f"of the tower moved {p['tower_motion_mm']:.1f} mm; {feel}; it went back in.")
        elif word == "probe" and state.last_probe:
            p = state.last_probe
            level, slot = p["where"]
            feel = touch_feel(bool(p.get("moves")), self._risk_figure(level, slot))
            self.probe_note = (f"Touched {level}:{slot} from {p['end']}: {p['force_n']:.2f} N, "
                               f"the tower moved {p['tower_motion_mm']:.1f} mm; {feel}.")

    def _tell_fall(self, step, before, state, frames: np.ndarray, rate: float) -> None:
        """A fall is replayed in slow motion from just before its first block moved, turned to the side
        that shows it best, its first movers outlined, and one sentence says why it fell."""
        verdict = state.last_verdict or {}
        hand = verdict.get("block") if verdict.get("op") in ("push", "extract", "remove") else None
        layout = getattr(before, "layout", None) or state.layout
        story = tell_fall(frames, layout, verdict, hand, rate, self.camera.yaw,
                          by_person=step.by not in self.match.bots)
        self.fall_story = story
        self.playback.speed = FALL_SPEED
        self.playback.t = min(max(0.0, story.start_s - FALL_LEAD_S), self.playback.duration)
        if story.best_yaw is not None:
            yaw = self.camera.yaw
            self.camera.goal_yaw = yaw + ((story.best_yaw - yaw + np.pi) % (2 * np.pi) - np.pi)
        self.fall_note = (f"The fall is replayed at {FALL_SPEED:g} x speed from the side that shows it best; "
                          f"the first blocks to move are outlined in orange-red.")
        if self.playback.duration < FULL_FALL_S:
            self.fall_note += " The simulator stopped following the fall early."

    # ---- Super Mario and Donkey Kong Jenga: pieces in holes out of sight, whose setup it is (issue 15) ----
    def say_hidden_holes(self, before) -> None:
        """A peg or Mario that went into a hole on a side the view does not show is said in the status line."""
        words = hidden_hole_words(before, self.match.state, self.camera.eye, self.camera.target, self.seat_name)
        if words:
            if self.message_time > 0 and self.message.endswith(HIDDEN_NOTE_END):  # two pieces in a row: keep both
                words = self.message[: -len(HIDDEN_NOTE_END)] + "; " + words
            self.say(words, 8.0)

    def banner_seat(self) -> int | None:
        """During Super Mario's setup each player in turn chooses a character and places a peg: the banner
        names that player, not the first player's coming turn."""
        state = self.match.state
        if getattr(state, "placing", None) is not None and getattr(state, "phase", "") in ("character", "peg"):
            return state.placing
        return super().banner_seat()

    def _frame_fall(self, state, frames: np.ndarray) -> None:
        """Widen the view, smoothly, to hold every block of a fall from its start to where it ends on
        the floor (the blocks spread about as far as the tower was tall); no other framing follows."""
        shown = np.array([w != "aside" for w in state.tower["where"]], dtype=bool)
        if not shown.any():
            return
        frames = np.asarray(frames, dtype=float)
        first, last = frames[0, shown, :3], frames[-1, shown, :3]
        tall = max(float(first[:, 2].max()), 0.15)
        centre = (first[:, :2].mean(axis=0) + last[:, :2].mean(axis=0)) / 2
        # Most blocks, not the one that slid furthest, and never more than 2.5 times the tower's height.
        reach = float(np.percentile(np.linalg.norm(last[:, :2] - centre, axis=1), 90))
        size = min(max(tall, 2.2 * reach), 2.5 * tall) + 0.04
        aim = np.array([centre[0], centre[1], min(tall * 0.5, size * 0.3)])  # low: the blocks end on the floor
        self._camera_goal = (aim, max(0.2, size * 1.3), max(0.6, size * 3.0))
        self._framed_levels = len(state.layout)  # the fallen tower keeps this framing

    def _ease_camera(self, dt: float) -> None:
        goal = self._camera_goal
        if goal is None:
            return
        cam = self.camera
        k = min(1.0, dt * 3.0)
        cam.target = cam.target + (goal[0] - cam.target) * k
        cam.fov_height += (goal[1] - cam.fov_height) * k
        cam.distance += (goal[2] - cam.distance) * k
        if np.linalg.norm(goal[0] - cam.target) < 1e-4 and abs(goal[1] - cam.fov_height) < 1e-4:
            self._camera_goal = None

    def _resume_time(self, frames: np.ndarray, rate: float) -> float:
        """Where the simulator's push has brought the block as far out as the person's drag did: the
        playback starts there, so the block does not jump back into the tower first."""
        block, out = self.held
        if not 0 <= block < frames.shape[1]:
            return 0.0
        travel = np.linalg.norm(frames[:, block, :3] - frames[0, block, :3], axis=1)
        reached = np.flatnonzero(travel >= min(abs(out), float(travel.max())) - 1e-4)
        return float(reached[0]) / rate

    # ---- background work ---------------------------------------------------------------------------
    def play(self, action: str) -> bool:
        if self.job is not None:
            self.say("Wait: the simulator is still working on the last move.")
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

    def auto_step(self) -> None:
        if self.failed_at == len(self.match.history):
            return  # the last automatic step failed: do not retry it every frame (undo or load moves on)
        if self.job is None and not self.match.is_over() and not self.match.waiting_for_human():
            self._start(None)

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
            return
        self.sim_error = None
        self.step_played(step, job.before, quiet=self.skipping)
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

    def position_key(self) -> tuple:
        """Names the tower's position, so a risk map is matched to the tower it was computed for."""
        state = self.match.state
        return (str(state.layout), state.hand, len(state.floor), self.tower_moves)

    @staticmethod
    def _touch_moved_tower(before, state) -> bool:
        """Whether a touch left any block of the tower more than MOVED_MM from where it stood."""
        if before is None or getattr(before, "tower", None) is None or state.tower is None:
            return False
        a = np.asarray(before.tower["poses"], dtype=float)[:, :3]
        b = np.asarray(state.tower["poses"], dtype=float)[:, :3]
        return a.shape == b.shape and float(np.max(np.linalg.norm(b - a, axis=1), initial=0.0)) * 1000 > MOVED_MM

    def _risk_figure(self, level: int, slot: int) -> tuple[float, float, bool] | None:
        """(p_collapse, the map's push force in N, fresh) of a block on screen, or None. A figure of the map
        from before a touch moved the tower stands (fresh False) until the redone map has the block."""
        key = self._risk_key
        for risk_map, fresh in ((self.risk.latest, True), (self._risk_before, False)):
            if risk_map is None or risk_map.get(level, slot) is None:
                continue
            if risk_map.key == key or (not fresh and key is not None and risk_map.key[:3] == key[:3]):
                p, force = risk_map.get(level, slot)
                return p, force, fresh
        return None

    def _refresh_risk(self) -> None:
        state = self.match.state
        if state.tower is None or not self.show_risk:
            return
        self.risk.start()  # loads the simulator while the players look at the tower (no-op once running)
        key = self.position_key()
        if key != self._risk_key:
            old = self.risk.latest
            same_blocks = old is not None and self._risk_key is not None and old.key[:3] == key[:3]
            if same_blocks and old.key == self._risk_key:
                self._risk_before = old  # a touch moved the tower: its old figures stand until redone
            elif not same_blocks:
                self._risk_before = None
        self._risk_key = key
        seats = self.match.config.num_players
        watching = len(self.match.bots) >= seats  # bots only: the tint is shown on their turns
        if state.current_player() >= 0 and state.may_extract() and (watching or self.match.waiting_for_human()):
            # The blocks that may be taken, from the top down (the ones a player looks at first). On a
            # bot's turn the map is not computed: it would only slow the bot's own physics down.
            blocks = sorted((tuple(b) for b in state.legal_blocks()), key=lambda b: (-b[0], b[1]))
            if self.touched in blocks:  # the touched block's figure changed most: it is redone first
                blocks.remove(self.touched)
                blocks.insert(0, self.touched)
            self.risk.request(key, state.TOWER, state.tower, blocks=blocks)
        elif self.risk.busy:
            self.risk.cancel()  # no block may be taken here: the map of the last position is of no use

    def update(self, dt: float) -> None:
        self.clock += dt
        self.camera.update(dt)
        self._ease_camera(dt)
        if self.spinner is not None:
            self.spinner.update(dt)
        self.countdown.update(dt)
        if self.playback is not None:
            self.playback.update(dt)
            if self.playback.done and self.job is None:
                self.hold_left -= dt  # a fall's last frame is held a moment before the result
                if self.hold_left <= 0:
                    self.playback = None
        if self.live is not None:
            self.live.tick(self.clock)
            if self.live.fallen or self.live.clear:
                self._let_go()  # the tower fell during the drag, or the block is all the way out
        self.risk.poll()
        self._poll_job()
        if self.job is not None:
            if self.message_time > 0:
                self.message_time -= dt
            return
        super().update(dt)
        if self.job is None:
            self._refresh_risk()

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

    # ---- what is under the pointer -----------------------------------------------------------------
    def _block_at(self, block: int | None) -> tuple[int, int] | None:
        if block is None:
            return None
        return locate(self.match.state.layout, block)

    def _legal_blocks(self) -> set[tuple[int, int]]:
        state = self.match.state
        if self.job is not None or not self.match.waiting_for_human() or state.tower is None:
            return set()
        return {tuple(b) for b in state.legal_blocks()}

    def _legal_holes(self) -> list[tuple[str, int, int, int]]:
        """(action, level, slot, end sign) of every legal hole action, parsed once per list of choices."""
        if self._holes_of is not self.legal:
            out = []
            for a in self.legal:
                word, _, rest = a.partition(" ")
                hole = parse_hole(rest) if word in HOLE_WORDS else None
                if hole is not None:
                    out.append((a, int(hole[0]), int(hole[1]), 1 if hole[2].startswith("+") else -1))
            self._holes_of, self._holes = self.legal, out
        return self._holes

    def _hole_actions(self, block: int) -> list[tuple[str, int]]:
        """(action, end sign) of every legal hole action on this block."""
        where = self._block_at(block)
        return [(a, sign) for a, level, slot, sign in self._legal_holes() if (level, slot) == where]

    def _axis(self, block: int) -> np.ndarray:
        """The block's own long axis in the world, as drawn last."""
        return rotation_matrices(self._scene.poses[block][None, 3:])[0][:, 0]

    def _nearest_end(self, block: int, pos) -> int:
        """+1 or -1: the end of the block (along its own x) nearer the pointer on screen."""
        scene = self._scene
        q = scene.poses[block]
        axis = self._axis(block)
        half = scene.sizes[block, 0] / 2
        ends, _ = self.camera.project(np.array([q[:3] + axis * half, q[:3] - axis * half]))
        d = np.linalg.norm(ends - np.asarray(pos, dtype=float), axis=1)
        return 1 if d[0] <= d[1] else -1

    def _end_facing_eye(self, block: int) -> int:
        q = self._scene.poses[block]
        axis = self._axis(block)
        return 1 if float((self.camera.eye - q[:3]) @ axis) >= 0 else -1

    def _update_hover(self, pos) -> None:
        self.mouse = pos
        board = self.rects.get("board")
        inside = board is not None and board.collidepoint(pos)
        inside = inside and self._scene is not None
        self.hover_block = self.view.pick(pos) if inside else None
        self.hover_ghost = self.view.pick_ghost(pos) if inside else None
        hover: list[str] = []
        if self.hover_ghost is not None and self.hover_ghost < len(self.ghost_slots):
            hover = [f"stack {self.ghost_slots[self.hover_ghost]}"]
        elif self.hover_block is not None:
            holes = self._hole_actions(self.hover_block)
            if holes:
                end = self._nearest_end(self.hover_block, pos)
                near = [a for a, e in holes if e == end] or [holes[0][0]]
                hover = near[:1]
            where = self._block_at(self.hover_block)
            if where in self._legal_blocks():
                prefixes = (f"extract {where[0]}:{where[1]} ", f"push {where[0]}:{where[1]} ")
                hover += [a for a in self.legal if a.startswith(prefixes)]
        self.board_hover = [a for a in hover if a in self.legal]

    # ---- events ------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.job is None:
            if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                    and not self.show_help and self.retry()):
                return
            if event.type in (pygame.KEYDOWN, pygame.KEYUP) and self._picker_key(event):
                return
            super().handle_event(event)
            return
        # While the simulator works the match must not change: only the view and skipping answer.
        board = self.rects.get("board")
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_SPACE:
                self.finish_animations()
            elif not self._board_key(event):
                self.say("Wait a moment: the simulator is deciding the last move.")
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEWHEEL) and board is not None:
            self.board_event(event, board)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and board is not None:
            if event.type == pygame.MOUSEBUTTONUP or board.collidepoint(event.pos):
                self.board_event(event, board)

    def board_event(self, event: pygame.event.Event, rect: pygame.Rect) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._board_key(event)
        if event.type == pygame.MOUSEWHEEL:
            if rect.collidepoint(self.mouse):
                self.camera.zoom_by(1.1 ** event.y)
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event, rect)
        if event.type == pygame.MOUSEBUTTONDOWN and rect.collidepoint(event.pos):
            self._update_hover(event.pos)
            if event.button == 1:
                self._press(event.pos)
                return True
            if event.button == 3:
                self._touch(self.hover_block)
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        return False

    # ---- Jenga by keyboard: pick a block with the arrows, push it with held keys ---------------------
    def _refresh_actions(self, force: bool = False) -> None:
        """The list holds every choice except those played on the tower (pushes and touches): they are
        hundreds of rows, and a stray click or Enter there must never push a block."""
        super()._refresh_actions(force)
        if any(a.partition(" ")[0] in BLOCK_WORDS for a in self.legal):
            self.legal = [a for a in self.legal if a.partition(" ")[0] not in BLOCK_WORDS]
            self.actions.set_items([self.action_label(a) for a in self.legal])

    def _picker_key(self, event) -> bool:
        """Arrows pick a block that may be taken (Up/Down a level, Left/Right across it); P or Enter
        starts a push on it by keyboard: W held pushes (faster the longer it is held), S held pulls back,
        Enter lets go (taken past half its length, else put back). True if the key was used."""
        if self.show_help or self.show_result or self.filtering:
            return False
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
            return False
        key = event.key
        live = self.live
        if live is not None and live.keyboard:
            if event.type == pygame.KEYUP:
                if key in (pygame.K_w, pygame.K_s):
                    live.hold(0)
                    return True
                return False
            if key == pygame.K_w:
                live.hold(+1)
            elif key == pygame.K_s:
                live.hold(-1)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_p):
                self._let_go()
            else:
                return False
            return True
        if event.type != pygame.KEYDOWN or live is not None:
            return False
        legal = sorted(self._legal_blocks())
        if self.picked not in legal:
            self.picked = None
        if not legal:
            return False
        # the arrows pick blocks when the list has nothing to choose; with choices in it (holes, cards),
        # Shift and the arrows do, and the plain arrows move in the list
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT) and (shift or not self.legal):
            self.picked = self._pick_next(legal, key)
            self.say(self.picked_text(), 6.0)
            return True
        if key in (pygame.K_p, pygame.K_RETURN, pygame.K_KP_ENTER) and self.picked is not None:
            self._start_keyboard_push()
            return True
        return False

    def _pick_next(self, legal: list[tuple[int, int]], key) -> tuple[int, int]:
        if self.picked is None:
            top = max(lv for lv, _ in legal)
            return min(b for b in legal if b[0] == top)
        level, slot = self.picked
        levels = sorted({lv for lv, _ in legal})
        if key in (pygame.K_UP, pygame.K_DOWN):
            i = levels.index(level) + (1 if key == pygame.K_UP else -1)
            level = levels[min(max(i, 0), len(levels) - 1)]
            row = [s for lv, s in legal if lv == level]
            return level, min(row, key=lambda s: (abs(s - slot), s))
        row = [s for lv, s in legal if lv == level]
        i = row.index(slot) + (1 if key == pygame.K_RIGHT else -1)
        return level, row[i % len(row)]

    def picked_text(self) -> str:
        """The picked block in words: its risk and the keys that push it."""
        if self.picked is None:
            return ""
        level, slot = self.picked
        words = f"Picked block {level}:{slot}"
        figure = self._risk_figure(level, slot)
        if figure is not None:
            words += ": " + risk_words(figure)
        elif self.show_risk and self.risk.busy:
            words += ": its risk is still being computed"
        return words + ". P or Enter starts the push: hold W to push (faster the longer), S pulls back, Enter lets go."

    def _start_keyboard_push(self) -> None:
        state = self.match.state
        level, slot = self.picked
        b = state.layout[level][slot]
        if self._scene is None or b is None:
            return
        q = self._scene.poses[b]
        axis = self._axis(b)
        near = self._end_facing_eye(b)
        end_point, _ = self.camera.project(np.array([q[:3] + axis * near * self._scene.sizes[b, 0] / 2]))
        self._start_live(b, (level, slot), tuple(end_point[0]))
        if self.live is not None:
            self.live.hold(0)

    def _board_key(self, event) -> bool:
        if self.filtering or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
            return False  # letters typed into the choice finder, or shortcuts of the app
        key = event.key
        if key in (pygame.K_LEFT, pygame.K_LEFTBRACKET):
            self.camera.quarter_turn(-1)
        elif key in (pygame.K_RIGHT, pygame.K_RIGHTBRACKET):
            self.camera.quarter_turn(+1)
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom_by(1.15)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom_by(1 / 1.15)
        elif key == pygame.K_r:
            self.show_risk = not self.show_risk
            self.say("Risk tint on." if self.show_risk else "Risk tint off.")
        elif key == pygame.K_t:
            self._touch(self.hover_block)
        else:
            return False
        return True

    def _motion(self, event, rect) -> bool:
        if self.live is not None:
            self.live.move(event.pos)
            self.mouse = event.pos
            return True
        if self.orbiting is not None:
            dx = event.pos[0] - self.orbiting[0]
            dy = event.pos[1] - self.orbiting[1]
            self.camera.orbit(-dx * ORBIT_PER_PIXEL, dy * ORBIT_PER_PIXEL * 0.5)
            self.orbiting = event.pos
            self.mouse = event.pos
            return True
        self._update_hover(event.pos)
        return rect.collidepoint(event.pos)

    def _press(self, pos) -> None:
        self.press = pos
        if self.job is not None:
            self.orbiting = pos
            return
        if self.hover_ghost is not None:
            return  # a click on a slot: played on release
        where = self._block_at(self.hover_block)
        if where is not None and where in self._legal_blocks():
            self._start_live(self.hover_block, where, pos)
            return
        self.orbiting = pos

    def _start_live(self, b: int, where: tuple[int, int], pos) -> None:
        """Press on a block that may be taken: a live push starts, the finger on the end facing the eye."""
        state = self.match.state
        q = self._scene.poses[b]
        axis = self._axis(b)
        ends, _ = self.camera.project(np.array([q[:3], q[:3] + axis * 0.01]))
        hand = physics.tower_spec(state.TOWER).hand
        tower, name = state.tower, state.TOWER

        def open_session(end: str):
            return physics.live_session(name, tower, where[0], where[1], end, record=True)

        try:
            self.live = LiveDrag(open_session, b, where[0], where[1], pos, tuple((ends[1] - ends[0]) / 0.01),
                                 float(self._scene.sizes[b, 0]), self._end_facing_eye(b), self.clock,
                                 hand.max_force_n, hand.touch_force_n)
            self.live.risk = self._risk_figure(where[0], where[1])
        except Exception as exc:  # the window must survive a tower the simulator refuses
            self.live = None
            self.sim_error = (f"The simulator failed on the push of block {where[0]}:{where[1]} "
                              f"({type(exc).__name__}: {exc}). The game is as it was: save it (Ctrl+S), "
                              f"undo (Ctrl+Z), or try the move again or choose another.")
            self.say("The simulator failed: see the message on the board.", 30.0)
            self.host.sound.play("error")

    def _let_go(self) -> None:
        """The finger lets go: the path so far is the move (nothing is played if nothing was pushed)."""
        live, self.live = self.live, None
        if live is None:
            return
        if not live.pushed and not live.fallen:
            live.close()
            self.say("Hold the press on a block to touch it, or drag it along its length to push it.")
            return
        self.live_stats.append((live.sim_s, live.wall_s))
        action = make_push(live.level, live.slot, live.end, live.path_text())
        poses = live.frame.poses.copy()
        physics.adopt(live.session)
        if self.play(action):
            self.live_hold = poses
        else:
            physics.adopt(None)

    def _release(self, pos) -> bool:
        press, self.press = self.press, None
        if press is None:
            return False
        if self.job is not None:
            self.orbiting = None
            return True
        clicked = abs(pos[0] - press[0]) + abs(pos[1] - press[1]) <= CLICK_SLOP
        self.orbiting = None
        if self.live is not None:
            self.live.move(pos)
            self._let_go()
            return True
        if clicked:
            if self.hover_ghost is not None and self.hover_ghost < len(self.ghost_slots):
                self.play(f"stack {self.ghost_slots[self.hover_ghost]}")
                return True
            holes = [a for a in self.board_hover if a.partition(" ")[0] in HOLE_WORDS]
            if holes:
                self.play(holes[0])
                return True
        return True

    def _touch(self, block: int | None) -> None:
        where = self._block_at(block)
        if where is None:
            return
        level, slot = where
        axis = "x" if level % 2 == 0 else "y"
        end = ("+" if self._end_facing_eye(block) > 0 else "-") + axis
        action = f"probe {level}:{slot} {end}"
        legal = self.match.state.legal_actions() if self.match.waiting_for_human() else []
        if action in legal:
            self.play(action)
        elif any(a.startswith("probe ") for a in legal):
            self.say(f"Block {level}:{slot} may not be touched now.")
        else:
            self.say("No touch is allowed now (none left this turn, or not your move).")

    # ---- drawing ----------------------------------------------------------------------------------
    def _poses_now(self, state) -> np.ndarray:
        if self.playback is not None:
            return self.playback.poses()
        if self.live is not None and self.live.frame is not None:
            return self.live.frame.poses
        if self.live_hold is not None:
            return self.live_hold
        poses = np.array(state.tower["poses"], dtype=float)
        moved = self.held
        if moved is not None and 0 <= moved[0] < len(poses) and state.tower["where"][moved[0]] == "tower":
            block, out = moved
            axis = rotation_matrices(poses[block][None, 3:])[0][:, 0]
            length = block_sizes(state.TOWER, state.tower)[block, 0]
            poses[block, :3] += axis * float(np.clip(out, -length, length))
        return poses

    def _risk_array(self, state, n: int) -> np.ndarray | None:
        if not self.show_risk or self.playback is not None:
            return None
        legal = self._legal_blocks()
        maps = [m for m in (self._risk_before, self.risk.latest) if m is not None and self._risk_key is not None
                and (m.key == self._risk_key or (m is self._risk_before and m.key[:3] == self._risk_key[:3]))]
        if not maps:
            return None
        risk = np.full(n, np.nan)
        for risk_map in maps:  # the fresh map's figures over the ones from before a touch
            for (level, slot), (p, _) in risk_map.by_block.items():
                if (level, slot) in legal or not legal:
                    if 0 <= level < len(state.layout) and state.layout[level][slot] is not None:
                        risk[state.layout[level][slot]] = p
        return risk

    def draw_board(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        state = self.match.state
        if state.tower is None:
            text.draw(surface, "The tower is being built…", rect.center, self.font_size(20), P.TEXT_DIM,
                      anchor="center")
            self._scene = None
            return
        self.camera.viewport = (rect.x, rect.y, rect.w, rect.h)
        poses = self._poses_now(state)
        scene = scene_of(state, poses)
        if self.playback is not None:  # the moving block is in the frames: draw it until they end
            scene.hidden = np.array([w == "aside" for w in state.tower["where"]], dtype=bool)
        self._scene = scene
        levels = len(state.layout)
        if levels != self._framed_levels and self.playback is None:  # no zoom jump in the middle of a fall
            self._camera_goal = None
            tower = ~scene.hidden
            height = float(np.max(poses[tower, 2] + scene.sizes[tower, 2] / 2)) if tower.any() else 0.3
            self.camera.frame_tower(max(height, 0.15) + 0.06)
            self._framed_levels = levels
        ghosts = ghost_sizes = None
        self.ghost_slots = []
        if (self.job is None and self.playback is None and state.phase == "stack" and state.hand is not None
                and self.match.waiting_for_human()):
            self.ghost_slots, ghosts, ghost_sizes = stack_ghosts(state, scene.sizes, scene.poses)
        hover = self.hover_block
        if hover is not None and self._block_at(hover) not in self._legal_blocks() and not self._hole_actions(hover):
            hover = None
        selected = self.live.block if self.live is not None else None
        if selected is None and self.picked is not None and self.picked in self._legal_blocks():
            selected = state.layout[self.picked[0]][self.picked[1]]
        risk = self._risk_array(state, len(poses))
        hand_colour = tuple(int(c) for c in scene.colours[state.hand]) if state.hand is not None else None
        marked, hover_hole = self._marked_holes(state)
        movers = self.fall_story.first_movers if (self.fall_story is not None and self.playback is not None
                                                  and self.match.is_over()) else ()
        self.view.draw(surface, scene, risk=risk, hover=hover, selected=selected, ghosts=ghosts,
                       ghost_sizes=ghost_sizes, ghost_hover=self.hover_ghost, ghost_fill=hand_colour,
                       marked_holes=marked, hover_hole=hover_hole, outlined=movers)
        if self.live is None and self.orbiting is None and rect.collidepoint(self.mouse):
            self._update_hover(self.mouse)  # the tower or the choices may have changed under a still pointer
        self._draw_overlays(surface, rect, state, risk)

    def _marked_holes(self, state) -> tuple[list[tuple[int, int]], tuple[int, int] | None]:
        """(block, end) of every hole a piece may go into now, and the one a click would take."""
        if self.job is not None or self.playback is not None or not self.match.waiting_for_human():
            return [], None
        marked, hovered = [], None
        for a, level, slot, sign in self._legal_holes():
            if 0 <= level < len(state.layout) and state.layout[level][slot] is not None:
                where = (int(state.layout[level][slot]), sign)
                marked.append(where)
                if self.board_hover and self.board_hover[0] == a:
                    hovered = where
        return marked, hovered

    def _draw_overlays(self, surface, rect, state, risk) -> None:
        s = self.scale
        size = self.font_size(14)
        if self.show_risk and not self.match.is_over():
            legend = pygame.Rect(rect.right - int(175 * s), rect.y + int(60 * s), int(165 * s), int(250 * s))
            self.legend.draw(surface, legend, size, self.risk_status(risk is not None))
        if self.spinner is not None:
            radius = int(min(rect.w, rect.h) * 0.12)
            centre = (rect.x + radius + int(24 * s), rect.y + radius + int(40 * s))
            self.spinner.draw(surface, centre, radius, "Spinner")
            r = text.draw(surface, self._spinner_key(), (centre[0], centre[1] + radius + 6), self.font_size(12),
                          P.TEXT_DIM, anchor="midtop")
            said = self.spinner_said()
            y = r.bottom + 4
            for line in _wrapped(said, self.font_size(14), 2 * radius + int(40 * s), True) if said else []:
                y = text.draw(surface, line, (centre[0], y), self.font_size(14), P.TEXT, bold=True,
                              anchor="midtop").bottom
        if self.countdown.active:
            r = int(46 * s)
            self.countdown.draw(surface, (rect.right - r - int(150 * s), rect.y + r + int(16 * s)), r)
        self._draw_pieces(surface, rect, state)
        if self.live is not None:
            anchor = self.mouse
            if self.live.keyboard and self._scene is not None:  # no pointer: the gauge stands by the block
                (p,), _ = self.camera.project(self._scene.poses[self.live.block][None, :3])
                anchor = (int(p[0]) + int(60 * s), int(p[1]))
            at = (min(anchor[0] + int(28 * s), rect.right - int(110 * s)), max(rect.y + 8, anchor[1] - int(130 * s)))
            self.live.draw_gauge(surface, at, size)
        lines = [(part, colour) for line, colour in self._info_lines(state, risk)
                 for part in _wrapped(line, size, rect.w - int(24 * s))]
        y = rect.bottom - int(8 * s)
        if lines:  # a dark backing so the words read over blocks lying on the floor
            height = len(lines) * (text.font(size).get_linesize() + 2) + int(8 * s)
            width = max(_width(line, size) for line, _ in lines) + int(16 * s)
            backing = pygame.Surface((min(width, rect.w - int(8 * s)), height), pygame.SRCALPHA)
            backing.fill((*P.BACKGROUND, 200))
            surface.blit(backing, (rect.x + int(4 * s), y - height + int(4 * s)))
        for line, colour in reversed(lines):
            r = text.draw(surface, text.fit(line, size, rect.w - int(24 * s)), (rect.x + int(12 * s), y), size,
                          colour, anchor="bottomleft")
            y = r.top - 2
        self._draw_tooltip(surface, rect, state)

    def risk_status(self, shown: bool) -> str:
        """The line under the risk legend: how far the map of this position has got."""
        latest = self.risk.latest
        if self.risk.error:
            return "unavailable"
        if shown and not latest.complete:
            return f"{len(latest.by_block)} of {latest.total} blocks…"
        if shown:
            n = self.risk.samples
            return "1 push each" if n == 1 else f"up to {n} pushes each"
        if self.risk.busy:
            return "computing…"
        return "no push now"

    def piece_lines(self) -> list[str]:
        """Each seat's piece and score in words (Donkey Kong: Mario's girder; Super Mario: peg and coins)."""
        state = self.match.state
        out = []
        for seat in range(self.match.config.num_players):
            name = state.seat_name(seat)
            if hasattr(state, "marios"):
                level = state.mario_level(seat)
                out.append(f"{name}: Mario {'not placed' if level < 0 else f'on girder level {level}'}")
            elif hasattr(state, "pegs"):
                who = (state.characters[seat] or "no character").title()
                level = state.peg_level(seat)
                where = "no peg yet" if level < 0 else f"layer {level}"
                extra = ", battling Bowser" if state.battling[seat] else (", beat Bowser" if state.defeated[seat] else "")
                out.append(f"{name} ({who}): {where}, {state.coins()[seat]} coins{extra}")
        return out

    def _draw_pieces(self, surface, rect, state) -> None:
        lines = self.piece_lines() if state.tower is not None else []
        if not lines:
            return
        s = self.scale
        size = self.font_size(14)
        step = int(size * 1.6)
        y = rect.y + int(300 * s)
        x = rect.right - int(12 * s)
        for seat, line in enumerate(lines):
            r = text.draw(surface, line, (x, y), size, P.TEXT, anchor="topright")
            draw_seat_mark(surface, seat, (r.left - int(14 * s), r.centery), int(9 * s))
            y += step

    def _info_lines(self, state, risk) -> list[tuple[str, tuple]]:
        lines = []
        if self.sim_error:
            lines.append((self.sim_error, P.WARNING))
        v = state.last_verdict
        if v and v["collapsed"] and self.fall_story is not None:
            lines.append((f"The tower fell. {self.fall_story.sentence}", P.WARNING))
        elif v:
            where = f" {v['where'][0]}:{v['where'][1]}" if v.get("where") else ""
            fell = ": the tower FELL" if v["collapsed"] else ""
            lines.append((f"Last move: {v['op']}{where}, largest shift {v['max_displacement_mm']:.1f} mm, "
                          f"tilt {v['max_tilt_deg']:.1f}°{fell}", P.WARNING if v["collapsed"] else P.TEXT))
        if self.probe_note:
            lines.append((self.probe_note, P.TEXT))
        if self.fall_note and v and v["collapsed"]:
            lines.append((self.fall_note, P.TEXT))
        if self.job is not None:
            lines.append(("The simulator is working…", P.ACCENT))
        elif self.match.waiting_for_human():
            if state.phase == "stack":
                lines.append(("Click a glowing slot on top to stack your block.", P.HIGHLIGHT))
            else:
                if self.picked is not None and self.picked in self._legal_blocks() and self.live is None:
                    lines.append((self.picked_text(), P.HIGHLIGHT))
                elif self.live is not None and self.live.keyboard:
                    lines.append((self.live.words(), P.HIGHLIGHT))
                if self._legal_blocks():
                    n = getattr(state, "touches", 0)
                    touches = f" ({n} touch{'es' if n != 1 else ''} so far, as many as you like)"
                    lines.append(("Press a block and drag it along its length to push it (live); hold the press "
                                  "still to touch it" + touches + ".", P.HIGHLIGHT))
                if self._legal_holes():
                    lines.append(("Click a hole ringed in yellow to put your piece in it.", P.HIGHLIGHT))
        return lines

    def tooltip_text(self) -> str:
        """What the tooltip at the pointer says now ("" for none)."""
        state = self.match.state
        if self.live is not None:
            return "" if self.live.keyboard else self.live.words()  # by keyboard the line below says it
        if self.hover_ghost is not None and self.hover_ghost < len(self.ghost_slots):
            return f"stack in slot {self.ghost_slots[self.hover_ghost]}"
        where = self._block_at(self.hover_block)
        if where is None:
            return ""
        level, slot = where
        words = f"block {level}:{slot}"
        legal = self._legal_blocks()
        if where in legal:
            words += " may be taken"
            figure = self._risk_figure(level, slot)
            if figure is not None:
                words += "; " + risk_words(figure)
            elif self.show_risk and self.risk.busy:
                words += "; its risk is still being computed"
        elif legal:
            words += " may not be taken now"
        holes = [a for a in self.board_hover if a.partition(" ")[0] in HOLE_WORDS]
        if holes:
            words += f"; click: {holes[0]}"
        seen = state.visible_items() if hasattr(state, "visible_items") else {}  # face down until taken out
        if seen.get(self.hover_block, "none") not in ("", "none"):
            words += f"; item: {seen[self.hover_block]}"
        return words

    def take_block_steps(self) -> list[str]:
        """What the side panel says instead of an empty list while a block must be taken ([] otherwise):
        the pushes and touches are played on the tower, never from the list."""
        if (self.legal or self.filtering or self.job is not None or not self.match.waiting_for_human()
                or not self._legal_blocks()):
            return []
        return ["Take a block from the tower:",
                "Press a highlighted block and drag it along its length: the push runs live, the gauge shows "
                "the force your finger needs.",
                "Let go once it is out by half its length to take it; let go sooner and it goes back in.",
                "Hold the press still (or right click, or T) to touch a block and feel how tight it is.",
                "By keyboard: the arrow keys pick a block, P starts the push, hold W to push and S to pull "
                "back, Enter lets go.",
                "R shows or hides the collapse-risk tint; F1 has the rules."]

    def _draw_side(self, surface: pygame.Surface) -> None:
        super()._draw_side(surface)
        steps = self.take_block_steps()
        rect = self.rects.get("choices")
        if not steps or not self.show_actions or rect is None:
            return
        inner = panel(surface, rect, "Your move", self.font_size(15))
        size = self.font_size(14)
        y = inner.y
        for k, step in enumerate(steps):
            for line in _wrapped(step, size, inner.w, k == 0):
                if y + text.font(size).get_linesize() > inner.bottom:
                    return
                y = text.draw(surface, line, (inner.x, y), size, P.TEXT if k == 0 else P.TEXT_DIM,
                              bold=k == 0).bottom
            y += int(size * 0.5)

    def _overlay_panel(self, surface: pygame.Surface, w_frac: float, h_frac: float) -> pygame.Rect:
        """The result of a game that ended in a fall stands at the right, over the side column, and the
        board is not shaded: the fallen tower stays in view (help and other panels are centred)."""
        state = self.match.state
        if not (self.show_result and getattr(state, "ended", None) == "fall"):
            return super()._overlay_panel(surface, w_frac, h_frac)
        w, h = surface.get_size()
        rect = pygame.Rect(0, 0, int(w * 0.44), int(h * h_frac))
        rect.midright = (w - int(8 * self.scale), h // 2)
        pygame.draw.rect(surface, P.PANEL, rect, border_radius=10)
        pygame.draw.rect(surface, P.ACCENT, rect, width=2, border_radius=10)
        return rect

    def _draw_tooltip(self, surface, rect, state) -> None:
        words = self.tooltip_text()
        if not words:
            return
        size = self.font_size(14)
        img = text.render(words, size, P.TEXT)
        box = img.get_rect(topleft=(self.mouse[0] + 16, self.mouse[1] + 12)).inflate(12, 8)
        box.clamp_ip(rect)
        pygame.draw.rect(surface, P.PANEL, box, border_radius=4)
        pygame.draw.rect(surface, P.PANEL_EDGE, box, 1, border_radius=4)
        surface.blit(img, img.get_rect(center=box.center))
