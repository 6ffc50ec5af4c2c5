"""The desktop app: one window, the launcher or a game screen in it, at 60 frames per second.

When the screen is quiet (it waits for a person and nothing moves by itself) and no input has come for
IDLE_AFTER seconds, the loop sleeps in pygame's event wait and draws IDLE_FPS frames a second instead:
the board's small ambient animations go on, input wakes the loop at once, and an idle window costs a
fraction of the CPU (benchmarks/bench_idle.py).

App is built to be driven by tests with no display (SDL's dummy driver): handle(event), tick(dt) and
draw() do one piece each and never block; run() is the loop that a person's window uses. App is also
the screens' Host: it writes the autosave after every action, saves matches and plays sounds.
"""

from __future__ import annotations

import gc
import os
import random
import sys
import time
from pathlib import Path

# Present the window's picture the platform's own way (X11 shared memory, GDI) where there is one,
# not through an OpenGL renderer: under a software OpenGL (Xvfb, virtual machines, remote desktops)
# that renderer took 6 to 7 ms of CPU per frame for any update, 40 % of a core at 60 frames a second,
# against 0.1 ms natively (measured under Xvfb). Where the platform has no framebuffer of its own
# (Wayland, macOS) SDL uses the renderer all the same; a person may still set the variable.
os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
# The window's class on X11, which a task bar or dock shows and groups by: SDL's default was the running
# file's name, "__main__.py" (an audit).
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "kong-tabletop")

import pygame  # noqa: E402

from assets.reader import AssetError
from games.display import has_display
from games.match import Match, MatchFileError
from games.words import write_fault

from . import palette, pointer, storage, text
from .launcher import BACK_FROM_GAME, BACK_FROM_GAME_PLAIN, LauncherScreen, window_size_ok
from .screens.base import GameScreen
from .screens.host import Host, OpeningStopped
from .screens.registry import screen_for
from .sound import Sound

FPS = 60
IDLE_FPS = 12
IDLE_AFTER = 1.0
"""Seconds without input (and with a quiet screen) before the app drops to IDLE_FPS."""
BUSY_EVERY_S = 0.1
"""While a match is opened (its moves replayed), how often the window is drawn again and looks at Esc."""
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (1024, 640)  # the smallest size every screen is laid out for (tests/render/test_stumbles.py)
SMALLEST_WINDOW = (640, 400)
"""The smallest window. One smaller than MIN_SIZE (a small screen: 800x600, a netbook's 1024x600) shows
the screen laid out at the smallest layout of the window's shape and scaled down to fit (App.draw), the
pointer scaled back (render.pointer): every button stays on the window, smaller. An audit opened the app
on an 800x600 screen: the 1280x800 window stood off its edges and could not be made smaller than
1024x640, so Start could not be reached."""
DESKTOP_MARGIN = (40, 90)
"""Room left around a first window on the desktop (its frame, a task bar): a 1366x768 laptop screen opens
a 1280x678 window, not one taller than the screen."""


def first_size(desktop, wanted=DEFAULT_SIZE) -> tuple[int, int]:
    """The size a window opens at on a desktop of size `desktop` (None: unknown): `wanted`, made smaller
    where the desktop (less DESKTOP_MARGIN) is, never below SMALLEST_WINDOW."""
    if not desktop or min(desktop) <= 0:
        return tuple(wanted)
    room = (desktop[0] - DESKTOP_MARGIN[0], desktop[1] - DESKTOP_MARGIN[1])
    return tuple(max(low, min(want, free)) for want, free, low in zip(wanted, room, SMALLEST_WINDOW))


def layout_size(window) -> tuple[int, int]:
    """The size the screens are laid out at for a window of size `window`: the window's own when it is at
    least MIN_SIZE, else the smallest size of the window's shape that is (drawn there and scaled down)."""
    w, h = window
    k = max(1.0, MIN_SIZE[0] / max(1, w), MIN_SIZE[1] / max(1, h))
    return (w, h) if k == 1.0 else (max(MIN_SIZE[0], round(w * k)), max(MIN_SIZE[1], round(h * k)))


def desktop_size() -> tuple[int, int] | None:
    """The desktop's size, or None where there is none to fit (SDL's dummy driver, tests)."""
    try:
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return None
        sizes = pygame.display.get_desktop_sizes()
    except (AttributeError, pygame.error):
        return None
    return tuple(sizes[0]) if sizes else None


def tell_minimum_size() -> None:
    """Tell the window manager the window's smallest size, so it never offers a smaller one (it was held
    at its minimum only after a resize, while the window said its minimum was 1 by 1: an audit)."""
    import warnings

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # the display module's window, as pygame-ce has it
            pygame.Window.from_display_module().minimum_size = SMALLEST_WINDOW
    except (AttributeError, pygame.error):
        pass  # an older pygame: the resize handler still holds the size
TITLE = "Kong Tabletop"
FINISHED_LEFT = "That game is over and autosaved: View the finished game shows its result and board."
"""The launcher's line back from a finished game (an unfinished one says Resume autosave continues it)."""
NOT_AUTOSAVED_LEFT = "Your game could not be autosaved: {fault}. The autosave does not hold it as you left it."
"""The launcher's line back from a game whose last autosave failed."""
UNKEPT_LEAVE = ("Not kept on disk: {fault}. {Key} again leaves without it, losing its moves since the last autosave "
                "that worked; or {fix} first, and {key} writes it.")
"""The game's status line at the first Esc, Menu or Load (Ctrl+O, the key named) while its autosave fails: the
second leaves."""
LEAVE_AGAIN_S = 15.0
"""How long after that the second Esc leaves without asking again (moves made meanwhile included): as long as the
words are shown (a regression audit: they had gone after 15 s, and an Esc 18 s on left without a word)."""
REPEATING_KEYS = frozenset({
    pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
    pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_PLUS, pygame.K_MINUS, pygame.K_EQUALS,
    pygame.K_KP_PLUS, pygame.K_KP_MINUS, pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET})
"""The keys that repeat while held (moving, scrolling, zooming, deleting), REPEAT_DELAY_S after the press
and every REPEAT_EVERY_S after, at most once a frame; every other key acts once a press. The app repeats
them itself (App.key_repeats) instead of pygame: pygame repeats a held key from a timer thread, so when a
frame stalls (a redo replays a Jenga push's physics for a second) a burst of repeats waits in the queue
before the release (measured under Xvfb: one Ctrl+Y, then 22 more), and one Ctrl+Y redid, then said
"Nothing to redo." (a Ctrl+Z so would undo moves nobody asked to undo)."""
MOUSE_EVENTS = frozenset({pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP})
REPEAT_DELAY_S = 0.35
REPEAT_EVERY_S = 0.04


def settle_memory() -> None:
    """Collect what the last screen left, then freeze every object alive (gc.freeze): a screen's frames
    allocate thousands of small lists, and every so often Python's collector then walks all the objects
    the program holds (the game, its history, the tower, the fonts). Such a full collection cost 10 to 12
    ms inside one frame of a live push (a frame takes about 10), enough to put the slowest frames past 16
    ms; frozen objects are not walked again, so it costs almost nothing. Called when a screen starts.

    Then the memory the last screen freed goes back to the system where the C library can (glibc's
    malloc_trim): freed by the native libraries (the physics, SDL) and kept by glibc, it made the app grow by
    about 7 MB a finished Jenga game (a long-session audit). Headless, classic Jenga of two random bots with
    Play again, the window drawn: 153 MB after the first game and 221 MB after the tenth, against 153 and 208
    MB with this (the resident size after each game, its own freed memory still held); not drawn: 210 against
    169 MB after the eighth."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


_TRIM: list = []  # glibc's malloc_trim, once looked up (None where there is none)


def _malloc_trim():
    if not _TRIM:
        try:
            import ctypes

            _TRIM.append(ctypes.CDLL("libc.so.6").malloc_trim)
        except (OSError, AttributeError, ImportError):  # not glibc (macOS, Windows, musl)
            _TRIM.append(None)
    return _TRIM[0]


class App(Host):
    """The window, the current screen, and the services screens use."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, match: Match | None = None,
                 opened: Path | None = None):
        pygame.display.init()
        driver = pygame.display.get_driver()
        if has_display() and driver in ("offscreen", "dummy"):
            # A display was named (DISPLAY or WAYLAND_DISPLAY) but none answered, and SDL went on with a
            # driver that shows nothing: the app ran unseen until killed (a README audit, a stale DISPLAY).
            pygame.display.quit()
            where = os.environ.get("WAYLAND_DISPLAY") or os.environ.get("DISPLAY") or "?"
            raise pygame.error(f"no display answered at {where}, and SDL's {driver} driver shows nothing")
        pygame.font.init()
        pygame.display.set_caption(TITLE)
        self._canvas: pygame.Surface | None = None  # where a screen is drawn when the window is smaller than it
        pygame.key.set_repeat(0)  # no repeats from pygame's timer: see REPEATING_KEYS
        self._held: dict[int, tuple[dict, float]] = {}  # a held repeating key: (its press, when it next repeats)
        self._focus_press: int | None = None  # the button whose press only focused the window (its release goes too)
        pygame.key.start_text_input()
        # A damaged settings file or autosave is set aside with a sentence on the launcher, never fatal;
        # temporary files left by writes a crash cut short are removed.
        notes: list[str] = []
        self.folder = storage.claim_data_folder()  # a second copy of the app keeps its files elsewhere
        storage.clean_stale_temporaries()
        if self.folder == storage.wanted_dir():  # a session that holds the data folder takes in what others left
            storage.rescue_session_folders(self.folder, warn=notes.append)
        else:  # a data folder that stays read-only: the earlier sessions' folders come along into this one
            storage.rescue_session_folders(storage.wanted_dir(), warn=notes.append, settings_too=True)
        settings = storage.load_settings(warn=notes.append)
        if tuple(size) == DEFAULT_SIZE:
            # no size asked for: the size the window had when the app last closed after a person resized it (an
            # audit: every launch opened at 1280x800 again), else the default, as far as the desktop holds it. A
            # remembered size that cannot be used is said by the launcher, with the other settings' faults.
            kept = settings.get("window_size")
            size = first_size(desktop_size(), tuple(kept) if window_size_ok(kept) else DEFAULT_SIZE)
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._resized = False  # a person resized the window: its size is remembered when the app closes
        tell_minimum_size()
        storage.check_autosave(warn=notes.append)
        notes[:0] = storage.folder_notes()
        self.sound = Sound(enabled=bool(settings.get("sound", True)))
        self._risk_tint = settings.get("risk_tint", True) is not False  # R's last choice, kept for later games
        palette.use_palette(settings.get("palette") if isinstance(settings.get("palette"), str) else "standard")
        text.use_size(settings.get("text_size") if isinstance(settings.get("text_size"), str) else "normal")
        self.running = True
        self.autosaver = storage.AutosaveWriter(storage.autosave_path())
        self.screen: GameScreen | LauncherScreen
        self._slot: Match | None = None  # the game this session autosaved last (None: an earlier session's)
        self._finished: dict[int, tuple[Match, Path]] = {}  # finished games kept as saved matches
        self._views: dict[tuple[str, int], tuple[float, float]] = {}  # (game, seed) -> a tower's (yaw, pitch) left
        self._named: Path | None = None  # the saved match with the player's own name the game came from (save_slot)
        self.seed_text = ""  # the launcher's seed field as last started from, kept while the app runs
        if match is None:
            self.screen = LauncherScreen(self, " ".join(notes))
            launcher = self.screen
            further = launcher.autosave_further
            if further is not None and further in launcher.save_files and launcher.load_button.enabled:
                # the game goes on in a saved match (kept there when its autosave failed): Enter loads that one,
                # not the autosave's earlier point of it
                launcher.saves.selected = launcher.save_files.index(further)
                launcher.focus_on(launcher.load_button)
            elif launcher.resume_button.enabled and not launcher.autosave_over:
                # an unfinished game in the autosave: Enter continues it, as back from a game (after a crash an
                # audit's Enter, on Start, began a new game; the old one only kept among the saved matches)
                launcher.focus_on(launcher.resume_button)
                if not launcher.message:
                    launcher.message = BACK_FROM_GAME
        else:
            pending = storage.pending_step(match, opened) if opened is not None else None
            if self.start_match(match, opened=opened) is None:  # refused: the launcher says why, after the notes
                self.screen.message = " ".join(notes + [self.screen.message])
            else:
                if notes:
                    self.screen.say(" ".join(notes), 8.0)
                if pending is not None:
                    self.play_pending(opened, pending)

    # ---- the loop ---------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.DROPFILE:
            self.open_file(event.file)
            return
        if event.type == pygame.VIDEORESIZE:
            w, h = max(SMALLEST_WINDOW[0], event.w), max(SMALLEST_WINDOW[1], event.h)
            if (w, h) != self.window.get_size():
                self.window = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            self._resized = True
            self._fit_view()
        if pointer.scaled() and hasattr(event, "pos") and event.type in MOUSE_EVENTS:
            event = pygame.event.Event(event.type, {**event.dict, "pos": pointer.to_screen(event.pos)})
        self.screen.handle_event(event)

    def tick(self, dt: float) -> None:
        self.screen.update(dt)
        self.tell_autosave_failure()

    def tell_autosave_failure(self) -> None:
        """Say in the game's status bar, once for each new failure, that the autosave could not be written (it
        was said only on stderr, and the game looked kept when it was not: an audit filled the disk)."""
        if not isinstance(self.screen, GameScreen):
            return
        fault = self.autosaver.new_failure()
        if fault:
            # the advice that fits the fault: "free space" stood beside "autosave.json is a folder, not a file" (a
            # regression audit)
            fix = "free space" if "disk is full" in fault else "set that right"
            self.screen.say(f"Autosave failed: {fault}. This game is not kept on disk until a save works: {fix} "
                            f"(each move autosaves again) or press Ctrl+S to save it.", 12.0)

    def show_busy(self, words: str) -> None:
        """Say `words` on the screen now and show it, before work that holds the window (opening a match
        replays its moves, a Jenga match's through the physics: an audit watched an unchanged launcher for
        12 s and took it for stuck)."""
        if isinstance(self.screen, LauncherScreen):
            self.screen.message = words
        else:
            self.screen.say(words, 30.0)
        self.draw()
        if pygame.display.get_surface() is not None:
            pygame.display.flip()

    def tell(self, message: str) -> None:
        """One sentence for the person: the launcher's message line, or the game's status bar for 8 s."""
        if isinstance(self.screen, LauncherScreen):
            self.screen.message = message
        else:
            self.screen.say(message, 8.0)

    def load_match(self, path, words: str) -> Match:
        """Match.load with the window kept alive: a long Jenga match replays every push through the physics
        (a pro game of 516 steps took 20 s of CPU), and the window, drawn once before, stood still and took no
        input meanwhile, with no way to give up. Now `words` are said with the count of moves replayed, the
        window is drawn again every BUSY_EVERY_S, and Esc (or closing the window) stops: OpeningStopped, and
        nothing has changed. Other keys and clicks made meanwhile are dropped, not played on the match."""
        drawn = [time.monotonic()]

        def progress(done: int, total: int) -> None:
            if time.monotonic() - drawn[0] < BUSY_EVERY_S:  # the wall clock paces the drawing only
                return
            for event in pygame.event.get((pygame.KEYDOWN, pygame.QUIT, pygame.MOUSEBUTTONDOWN)):
                if event.type == pygame.QUIT:
                    pygame.event.post(event)  # the loop quits once the opening has stopped
                    raise OpeningStopped
                if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                    raise OpeningStopped
            self.show_busy(f"{words}, move {done} of {total}. Esc stops.")
            drawn[0] = time.monotonic()

        self.show_busy(f"{words}…")
        return Match.load(path, progress=progress)

    def draw(self) -> pygame.Surface:
        self.window = pygame.display.get_surface() or self.window
        size = layout_size(self.window.get_size())
        pointer.set_dragging(getattr(self.screen, "dragging", lambda: False)())
        if size == self.window.get_size():
            self._canvas = None
            pointer.set_view(1.0)
            self.screen.draw(self.window)
            return self.window
        # A window smaller than every layout: the screen drawn at its smallest layout, scaled down to fit.
        if self._canvas is None or self._canvas.get_size() != size:
            self._canvas = pygame.Surface(size, 0, self.window)
        self._fit_view(size)
        self.screen.draw(self._canvas)
        pygame.transform.smoothscale(self._canvas, self.window.get_size(), self.window)
        return self.window

    def _fit_view(self, size: tuple[int, int] | None = None) -> None:
        """Tell render.pointer how the window shows the screen (scaled when it is smaller than a layout);
        `size`: the layout size of the window, when the caller has it."""
        window = self.window.get_size()
        size = layout_size(window) if size is None else size
        pointer.set_view(size[0] / window[0] if size != window else 1.0)

    def quiet(self) -> bool:
        """True when the current screen has nothing moving by itself (see the module's docstring)."""
        quiet = getattr(self.screen, "quiet", None)
        return bool(quiet()) if quiet is not None else False

    def next_events(self, clock: pygame.time.Clock, idle_for: float,
                    wait=pygame.event.wait) -> tuple[list, float]:
        """The events of the next frame and the seconds since the last one: at the full frame rate, or,
        when idle, after sleeping until input arrives or an idle frame is due. `clock` is anything with
        pygame Clock's tick(); `wait(ms)` sleeps for the first event (a test passes its own clock and
        wait, so it reads what the loop asked for instead of timing it)."""
        if idle_for >= IDLE_AFTER and self.quiet():
            first = wait(int(1000 / IDLE_FPS))
            events = ([] if first.type == pygame.NOEVENT else [first]) + pygame.event.get()
            return events, clock.tick() / 1000.0
        dt = clock.tick(FPS) / 1000.0
        return pygame.event.get(), dt

    def key_repeats(self, events: list, now: float) -> list:
        """The repeats due at `now` (seconds) of the REPEATING_KEYS held down, given this frame's events:
        a held key repeats REPEAT_DELAY_S after its press, then every REPEAT_EVERY_S, at most once a frame
        (a stalled frame gives one repeat, not a burst); its release, or the window losing the focus, ends it."""
        for event in events:
            if event.type == pygame.KEYDOWN and event.key in REPEATING_KEYS:
                self._held[event.key] = (dict(event.dict), now + REPEAT_DELAY_S)
            elif event.type == pygame.KEYUP:
                self._held.pop(event.key, None)
            elif event.type == pygame.WINDOWFOCUSLOST:
                self._held.clear()
        due = []
        for key, (press, at) in list(self._held.items()):
            if now >= at:
                due.append(pygame.event.Event(pygame.KEYDOWN, press))
                self._held[key] = (press, max(at + REPEAT_EVERY_S, now))
        return due

    def focusing_clicks_dropped(self, events: list) -> list:
        """The frame's events less the click that brought the window to the front: a button pressed in the
        same frame as the window gained the focus (and its release, whenever it comes) only focuses the window.
        A hot-seat audit's click to focus the window played the card under the pointer (Monkey Dash's cards
        play at a click). Other input, and every click once the window has the focus, goes through."""
        kept = []
        focusing = False
        for event in events:
            if event.type == pygame.WINDOWFOCUSGAINED:
                focusing = True
            elif event.type == pygame.MOUSEBUTTONDOWN and focusing:
                self._focus_press = event.button  # its release is dropped too
                focusing = False
                continue
            elif event.type == pygame.MOUSEBUTTONUP and event.button == self._focus_press:
                self._focus_press = None
                continue
            kept.append(event)
        return kept

    def run(self) -> int:
        clock = pygame.time.Clock()
        idle_for = 0.0
        try:
            while self.running:
                events, dt = self.next_events(clock, idle_for)
                events = self.focusing_clicks_dropped(events)
                events += self.key_repeats(events, time.monotonic())
                idle_for = 0.0 if events else idle_for + dt
                for event in events:
                    self.handle(event)
                    if not self.running:
                        break
                if not self.running:
                    break
                self.tick(min(dt, 0.1))
                self.draw()
                pygame.display.flip()
        finally:
            self.close()
        return 0

    def close(self) -> None:
        """Finish the pending autosave, remember the launcher settings, close the window."""
        self.autosaver.flush()
        if isinstance(self.screen, LauncherScreen):
            self.screen._remember()
        if self._resized:
            self._keep_setting("window_size", list(self.window.get_size()))
        self.close_screen()
        storage.release_data_folder(self.folder)
        pointer.set_view(1.0)  # the next window (a test's next App) starts unscaled
        text.reset()
        figures = sys.modules.get("render.tower.figures")  # its own font cache must not outlive pygame.quit
        if figures is not None and isinstance(getattr(figures, "_fonts", None), dict):
            figures._fonts.clear()
        pygame.quit()

    def quit(self) -> None:
        self._screen_lets_go("Closing the window", force=True)  # a push in the hand is the move, as let go
        if self._unkept_stops_leaving(getattr(self.screen, "match", None), "closing the window"):
            return  # not kept anywhere: said on the game's status line, and a second close closes
        self.running = False

    def _autosave_again(self) -> bool:
        """Before the game on screen is left: when its last autosave failed, write it once more now (space freed
        since is used: a full-disk audit closed the window after freeing space and lost 11 moves, the autosave
        tried again only at the next move); when that still fails, keep it among the saved matches, where it may
        be written (a folder in autosave.json's place left saves/ writable, and a regression audit lost the game
        to Ctrl+O, then to closing the window). True when the game is kept on disk after all (or nothing failed)."""
        match = getattr(self.screen, "match", None)
        if not isinstance(match, Match) or not self.autosaver.error:
            return True
        if match is self._slot:
            self.autosave(match)
            self.autosaver.flush()
        if not self.autosaver.error or self.saved_as(match) is not None:
            return True
        data = match.to_json()
        if not storage.has_play(data):
            return True  # nothing played to keep
        # into the saved match it came from, when it holds an earlier point of this game (a regression audit left,
        # resumed that save and left again three times: four files of one game), else a new one
        came = getattr(self, "_opened_from", None)
        same = came is not None and came.parent == storage.saves_dir() and storage.goes_on_from(data, came)
        try:
            path = came if same else self.save_match(match, new_file=True)
            if same:
                match.save(path)
        except OSError:
            return False
        sys.stderr.write(f"The autosave could not be written ({self.autosaver.error}): the game is kept among the "
                         f"saved matches as {path}.\n")
        return True

    def _screen_lets_go(self, what: str, force: bool = False) -> bool:
        """The game on screen finishes a move in the hand before it is left (GameScreen.ready_to_leave): a
        Jenga push under way, or one let go and still worked out by the simulator, had been thrown away by
        the menu (the Menu button mid-push, or Esc just after letting go), a free and unrecorded try of
        the block (a regression audit)."""
        ready = getattr(self.screen, "ready_to_leave", None)
        return ready is None or ready(what, force)

    # ---- switching screens --------------------------------------------------------------
    def start_match(self, match: Match, keep_previous: bool = True, opened: Path | None = None) -> str | None:
        """Show `match` and make it the autosaved game; the note on the game kept before it ("" if none).
        Unless keep_previous is False (resuming the autosave itself), a played game in the autosave slot is
        first copied to the saved matches under its own name (storage.keep_previous_autosave), so starting or
        loading another game never loses one; a game with nothing played, or already among the saved
        matches, is not copied. If that copy cannot be written (a full disk, a folder that cannot be
        written), the match is not started, as its autosave would write over that game: the screen shown
        says why in one line, and None is returned (an audit lost a game so). `opened`: the file the match
        was read from; the autosave kept as that very file is the match being opened, and not said."""
        try:
            note = self._keep_previous_autosave(match, opened) if keep_previous else ""
        except NotKept as exc:
            self.refuse(str(exc))
            return None
        self.close_screen()
        self.screen = screen_for(match.config.game)(match, self)
        if opened is None or not _same_file(Path(opened), storage.autosave_path()):
            # a file of the player's own name this game came from; resuming the autosave keeps it (save_slot)
            self._named = Path(opened) if opened is not None and storage.is_named_save(Path(opened)) else None
            # the saved match it was opened from: a game kept there when its autosave failed goes on in it
            self._opened_from = Path(opened) if opened is not None else None
        view = self._views.get((match.config.game, match.seed))
        camera = getattr(self.screen, "camera", None)
        if view is not None and camera is not None:
            # the same match opened again (saved and loaded, resumed from the menu): seen as it was left, so its
            # move log, which names holes and ends as seen, reads as it did (an audit saw it reworded on load)
            camera.yaw, camera.pitch = view
        pygame.display.set_caption(f"{TITLE}: {match.spec.title}")
        if opened is None or not _same_file(Path(opened), storage.autosave_path()) \
                or storage.read_checksum(Path(opened)) != match.to_json()["checksum"]:
            # the autosave resumed as it is is not written again: its time, "saved 13:42" on the launcher, was
            # moved to the moment it was opened, and an older copy beside it then read as new (a reliability audit)
            self.autosave(match)
        self._slot = match
        # the finished games kept before it can no longer be undone and finished again: their files stand, and the
        # games themselves are let go (a long-session audit saw every one held until the app closed, 0.2 MB each)
        self._finished = {k: v for k, v in self._finished.items() if v[0] is match}
        if note:
            self.screen.say(note, 8.0)
        settle_memory()
        return note

    def play_pending(self, opened: Path, pending: tuple[int, str] | None, resuming: bool = False) -> None:
        """The match on screen was opened from `opened`, and `pending` (storage.pending_step, read before the
        match was started: its autosave's writer drops the note of a step it has not seen taken) names a step
        that was still being worked out when the app stopped, beside that file (beside the autosave, or beside a
        match taken in from a temporary folder a killed session left: storage.rescue_session_folders): it is
        played again. A saved match's note is then spent (the autosave keeps the game from there); the
        autosave's goes with its next write. However the file is opened: from the list, dropped on the window,
        or `play --load` (a regression audit found only the list's way played it)."""
        if pending is None or not isinstance(getattr(self.screen, "match", None), Match):
            return
        self.screen.play_pending(*pending)
        if not resuming and Path(opened) != storage.autosave_path():
            storage.pending_path(Path(opened)).unlink(missing_ok=True)

    def _keep_previous_autosave(self, match: Match, opened: Path | None = None) -> str:
        """Copy the game in the autosave slot to the saved matches before `match` takes the slot; the note
        that says where ("" if nothing needed keeping). NotKept, with the sentence, if it could not be."""
        slot = self._slot
        if slot is not None and slot is not match and slot.is_over() and id(slot) not in self._finished:
            try:  # left before its result was shown: keep it all the same
                self.keep_finished(slot)
            except OSError as exc:
                raise NotKept(f"The new game was not started: your finished game ({slot.spec.title}) could not be "
                              f"copied to the saved matches because {write_fault(exc)}. It is still there: "
                              f"View the finished game shows it.") from None
        if slot is match or (slot is not None and slot.is_over()):
            return ""
        self.autosaver.flush()
        try:
            kept = storage.keep_previous_autosave()
        except OSError as exc:
            raise NotKept(f"The new game was not started: your unfinished game ({self._autosave_words()}) could "
                          f"not be copied to the saved matches because {write_fault(exc)}. It is still there: "
                          f"Resume autosave continues it.") from None
        if not kept or (opened is not None and _same_file(kept, opened)):
            # the autosave is the very file being opened (saved with Ctrl+S, then opened from the launcher): an
            # audit read "Your unfinished game before this one ... is kept ... as" the file it had just opened
            return ""
        # Which game, in words: "the previous autosaved game" meant nothing to a player starting another game
        # (an audit: a new Monkey Dash game opened speaking of a Donkey Kong autosave).
        info = storage.inspect_save(kept)
        if info.over and not info.problem:
            # an autosave of a game that had ended (the app closed on its result): it is not "unfinished"
            return f"Your finished game before this one ({info.title}) is kept in the saved matches as {kept.name}."
        if info.problem or not info.title:
            # not "(donkey_kong-...) is kept ... as donkey_kong-....json", the file's name twice (a saves audit)
            return (f"Your autosaved game before this one is kept in the saved matches as {kept.name} "
                    f"(it will not load: {info.problem or 'it cannot be read'}).")
        what = self._game_words(info, kept.stem)
        return f"Your unfinished game before this one ({what}) is kept in the saved matches as {kept.name}."

    @staticmethod
    def _game_words(info, otherwise: str) -> str:
        """A saved game in a few words, 'Monkey Dash, turn 7' (storage.inspect_save's info), or `otherwise`
        when the file will not load."""
        return f"{info.title}, turn {info.turn}" if info.title and info.turn and not info.problem else otherwise

    @classmethod
    def _autosave_words(cls) -> str:
        """The autosaved game in a few words (or "the autosave" when it will not load)."""
        return cls._game_words(storage.inspect_save(storage.autosave_path()), "the autosave")

    def refuse(self, message: str) -> None:
        """Say why something asked for was not done, on the screen shown (the launcher if there is none yet)."""
        screen = getattr(self, "screen", None)
        if screen is None:
            self.screen = LauncherScreen(self, message)
        elif isinstance(screen, LauncherScreen):
            screen.message = message
        else:
            screen.say(message, 12.0)
        self.sound.play("error")

    def show_launcher(self, message: str = "") -> None:
        self.autosaver.flush()  # the launcher's Resume reads the autosave
        match = getattr(self.screen, "match", None)
        self.close_screen()
        self.screen = LauncherScreen(self, message)
        if match is not None and match.config.game in self.screen.games:
            # Back from a game, the launcher shows that game (a match resumed, loaded or opened from the
            # command line may be of another game than the launcher last had chosen), its seats as kept.
            self.screen.select_game(match.config.game)
            if match.config.variant in self.screen.spec.variants:
                self.screen.set_variant(match.config.variant)
        pygame.display.set_caption(TITLE)
        settle_memory()

    def close_screen(self) -> None:
        """Let the screen being left stop its helpers (a screen may define close(), e.g. a worker process).
        The view of a tower is remembered for its match (the game and its seed) while the app runs."""
        screen = getattr(self, "screen", None)
        view, match = getattr(screen, "player_view", None), getattr(screen, "match", None)
        if callable(view) and isinstance(match, Match):
            self._views[(match.config.game, match.seed)] = view()
        close = getattr(screen, "close", None)
        if callable(close):
            close()

    # ---- Host: what screens ask of the app --------------------------------------------
    def autosave(self, match: Match) -> None:
        self.autosaver.submit(match)

    def note_pending(self, match: Match, by: int, action: str) -> None:
        if match is self._slot:  # the autosaved game (a game not autosaved has nothing to resume)
            self.autosaver.note_pending(match, by, action)

    def pending_done(self) -> None:
        self.autosaver.pending_done()

    def save_match(self, match: Match, new_file: bool = False) -> Path:
        """Save `match` (Ctrl+S): into the named save it came from (save_slot), else, or with new_file, a new file."""
        path = None if new_file else self.save_slot(match)
        if path is None:
            return storage.save_new(match.config.game, lambda p: match.save(p, fresh=True))
        match.save(path)
        return path

    def renamed(self, old: Path, new: Path) -> None:
        """A saved match was renamed (the launcher's F2): the game that came from it saves into it under its new
        name (a regression audit: renamed while its game was open, Ctrl+S made a new file beside it)."""
        if self._named is not None and _same_file(self._named, Path(old)):
            self._named = Path(new)
        elif (storage.is_named_save(Path(new)) and isinstance(self._slot, Match)
              and storage.goes_on_from(self._slot.to_json(), Path(new))):
            # a file named now that holds an earlier point of the game on hand is its save too; an unrelated one is
            # not (a regression audit: renaming another match first left the game's own rename unfollowed)
            self._named = Path(new)

    def save_slot(self, match: Match) -> Path | None:
        """The saved match with a name of the player's own ("Evening game") that this game was opened from (or
        resumed from the autosave since), if it still holds an earlier point of this very game: Ctrl+S updates
        it. A launcher audit loaded its named game, played on and saved, and the save became a new file beside
        the name, which stayed at the old turn. A file with a name the app made stays as it is (a new file, as
        before), and so does a named file whose game went another way since (a move taken back and another
        played: its own line of play is kept)."""
        path = self._named
        if path is None or not isinstance(match, Match):
            return None
        return path if storage.goes_on_from(match.to_json(), path) else None

    def temporary_folder(self) -> Path | None:
        folder = storage.data_dir()
        return folder if folder != storage.wanted_dir() else None

    def unkept(self, match: Match) -> bool:
        return bool(self.autosaver.error) and match is self._slot and self.saved_as(match) is None

    def saved_as(self, match: Match) -> Path | None:
        """The saved match that holds this game as it is now (no move since it was saved), if there is one."""
        return storage.kept_copy(match.to_json()["checksum"])

    def leave(self) -> None:
        if not self._screen_lets_go("The menu"):
            return
        match = getattr(self.screen, "match", None)
        if self._unkept_stops_leaving(match, "Esc"):
            return
        if self.autosaver.error:  # the autosave holds an older game, or an earlier point of this one
            self.autosaver.new_failure()  # said here: not again on the next game's screen
            saved = self.saved_as(match) if isinstance(match, Match) else None
            kept = f" It is saved as {saved.name} among the saved matches." if saved is not None else ""
            self.show_launcher(NOT_AUTOSAVED_LEFT.format(fault=self.autosaver.error) + kept)
        elif isinstance(match, Match) and match.is_over():  # nothing to continue: only its result to see again
            self.show_launcher(FINISHED_LEFT)
        else:
            self.show_launcher(BACK_FROM_GAME_PLAIN)
            launcher = self.screen
            if launcher.resume_button.enabled:  # Enter does what the line says (an audit's Enter started a new game)
                launcher.focus_on(launcher.resume_button)
                if launcher.message == BACK_FROM_GAME_PLAIN:  # not over a warning the launcher had to give
                    # said, with where the launcher's keys are: this line stands where they were listed, and a
                    # person by keyboard had to try Enter to learn whether it started a new game (an audit)
                    launcher.message = BACK_FROM_GAME

    def _unkept_stops_leaving(self, match, key: str) -> bool:
        """Before the game on screen is left for the launcher (Esc, Menu, Load): True, with the game's status line
        saying so, when its autosave failed and writing it again fails too (the first asking); the second,
        while those words are still shown, lets it go (a full-disk audit lost 11 moves to one Esc)."""
        self.autosaver.flush()
        if not isinstance(match, Match) or self._autosave_again():
            self._leave_asked = None
            return False
        # "again" while the words are up, whatever the bots played meanwhile (a regression audit pressed Menu
        # four times, each bot's move asking anew); not once a move of a person or other words replaced them (an
        # Esc 1.5 s after a person's move left without a word: a regression audit), nor from Load (Ctrl+O went
        # to the launcher at once, with no word and no second try: the same audit)
        screen = self.screen
        asked = getattr(self, "_leave_asked", None)
        # and by the key the words name: Ctrl+O after Esc's words left at once, the launcher saying nothing of the
        # game (a regression audit)
        if (asked and asked[0] == id(match) and time.monotonic() - asked[1] < LEAVE_AGAIN_S and asked[3] == key
                and getattr(screen, "message", None) == asked[2] and getattr(screen, "message_time", 0) > 0):
            self._leave_asked = None
            return False
        self.autosaver.new_failure()  # said here
        fault = self.autosaver.error
        fix = "free some space" if "disk is full" in fault else "set that right"
        words = UNKEPT_LEAVE.format(fault=fault, fix=fix, key=key, Key=key[:1].upper() + key[1:])
        self._leave_asked = (id(match), time.monotonic(), words, key)
        screen.say(words, LEAVE_AGAIN_S)
        return True

    def open_load(self) -> None:
        if not self._screen_lets_go("Load"):
            return
        match = getattr(self.screen, "match", None)
        if self._unkept_stops_leaving(match, "Ctrl+O"):
            return
        left = ""
        if isinstance(match, Match) and self.autosaver.error:  # what became of the game left, first
            self.autosaver.new_failure()  # said here
            saved = self.saved_as(match)
            left = (f"Your game could not be autosaved; it is saved as {saved.name} among the saved matches. "
                    if saved is not None else "Your game could not be autosaved, and was left without it. ")
        self.show_launcher(f"{left}Choose a saved match on the right (PageUp/PageDown), then Load (Enter), or "
                           "drop a saved file on the window.")
        launcher = self.screen
        if launcher.load_button.enabled:  # Enter loads, as the words say (it started a new game: an audit)
            launcher.focus_on(launcher.load_button)

    def open_file(self, path: str) -> bool:
        """Open a match file dropped on the window (from anywhere, not only the saves folder). A game in
        progress on screen is kept as a saved match first (the autosave slot then holds the opened one);
        a file that cannot be loaded changes nothing and says why."""
        if not self._screen_lets_go(f"Opening {Path(path).name}"):
            return False
        try:
            problem = _drop_problem(Path(path))
            if problem:
                raise MatchFileError(problem)
            match = self.load_match(path, f"Opening {Path(path).name}: replaying its moves")
        except OpeningStopped:
            self.tell(f"Stopped opening {Path(path).name}: nothing has changed.")
            return False
        except (MatchFileError, AssetError) as exc:
            self.tell(f"Cannot open the dropped file: {str(exc).rstrip('.')}.")
            return False
        kept = ""
        current = getattr(self.screen, "match", None)
        if (isinstance(current, Match) and not current.is_over() and storage.has_play(current.to_json())
                and self.saved_as(current) is None):  # (saved already, no move since: not a second copy)
            # The autosave slot is about to hold the opened match: keep the game on screen as a save.
            try:  # a new file: never into the file being opened (a regression audit: the named save it came from)
                kept = f" Your game in progress was saved as {self.save_match(current, new_file=True).name}."
            except OSError as exc:
                self.screen.say(f"Cannot open the dropped file: your game in progress could not be saved, because "
                                f"{write_fault(exc)}.", 8.0)
                return False
        self.autosaver.flush()
        pending = storage.pending_step(match, Path(path))
        note = self.start_match(match, keep_previous=not kept, opened=Path(path))
        if note is None:
            return False
        self.screen.say(f"Opened {Path(path).name}.{kept or (' ' + note if note else '')}", 8.0)
        self.play_pending(Path(path), pending)
        return True

    def keep_finished(self, match: Match) -> Path:
        """Save a finished game among the saved matches (once per match: a game undone and finished again
        rewrites the same file), so the next game taking the autosave slot loses nothing."""
        path = self._finished.get(id(match))
        if path is None or path[0] is not match:
            # A finished game opened from the saves, or kept by an earlier session, is there already.
            already = storage.kept_copy(match.to_json()["checksum"])
            if already is not None:
                self._finished[id(match)] = (match, already)
                return already
            written = storage.save_new(match.config.game, lambda p: match.save(p, fresh=True))
            self._finished[id(match)] = (match, written)  # only once it is written: a failed keep is tried again
            return written
        match.save(path[1])
        return path[1]

    def play_again(self, match: Match) -> None:
        if match.is_over() and id(match) not in self._finished:
            try:
                self.keep_finished(match)
            except OSError as exc:
                self.refuse(f"No new game: this one could not be kept among the saved matches because "
                            f"{write_fault(exc)}. It is still in the autosave.")
                return
        seed = random.SystemRandom().randrange(2**31)
        note = self.start_match(Match(match.config, seed))
        if note is None:
            return
        # A new seed, said: a player who chose a seed may expect the same game again (an audit); the same
        # game is the saved match of the last one, or the launcher's seed field.
        self.screen.say(f"A new game with a new seed ({seed}); the last one was seed {match.seed}.{' ' + note if note else ''}", 8.0)

    def toggle_sound(self) -> bool:
        on = self.sound.toggle()
        self._keep_setting("sound", on)
        return on

    def risk_tint(self) -> bool:
        return self._risk_tint

    def keep_risk_tint(self, on: bool) -> None:
        """A table playing by feel turns the tint off once; every later Jenga game opened the tint again (an
        audit: nobody at a real table knows the risk)."""
        self._risk_tint = bool(on)
        self._keep_setting("risk_tint", self._risk_tint)

    @staticmethod
    def _keep_setting(key: str, value) -> None:
        settings = storage.load_settings(warn=lambda m: None)
        settings[key] = value
        try:
            storage.save_settings(settings)
        except OSError:
            pass


def run_launcher() -> int:
    """Open the launcher window; returns the exit code."""
    try:
        app = App()
    except pygame.error as exc:
        sys.stderr.write(f"Cannot open a window ({exc}); try `python -m games play GAME --terminal`.\n")
        return 1
    return app.run()


def run_match(match: Match, opened: str | os.PathLike | None = None) -> int:
    """Open a window playing this match directly (`opened`: the file it was loaded from); without a usable
    display, play it in the terminal."""
    try:
        app = App(match=match, opened=Path(opened) if opened is not None else None)
    except pygame.error as exc:
        from games.terminal import opening_line, play

        sys.stderr.write(f"Cannot open a window ({exc}); playing in the terminal instead.\n")
        print(opening_line(match))  # as the terminal game always starts (an audit)
        play(match, loaded=opened)
        return 0
    return app.run()


class NotKept(Exception):
    """The game in the autosave slot could not be kept before another took the slot; the sentence to show."""


def _drop_problem(path: Path) -> str:
    """Why a dropped file cannot be opened ("" if it may be): a folder, nothing there, or what the saved
    matches list finds in it (through games.match's reading, which refuses a pipe or a device unread:
    a named pipe dropped on the window was said to be "no such file", an audit)."""
    if path.is_dir():
        return f"{path.name} is a folder, not a match file"
    if not path.exists():
        return f"{path.name}: no such file"
    info = storage.inspect_save(path)
    return f"{path.name}: {info.problem}" if info.problem else ""


def _same_file(a: Path, b: Path) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False
