"""The launcher: choose a game, its variant, the seats (people with names, or bots), a seed; start,
resume the autosave, load a saved match, or quit. It remembers the last settings.

Everything works by mouse and by keyboard: Tab and Shift+Tab move the focus, Enter or Space press
the focused button, Up/Down change the game (or the variant, from a variant's button), typing edits
the focused name or seed field.
"""

from __future__ import annotations

import json
import os
import random
import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from assets.reader import AssetError
from games import registry
from games.core import MAX_SEED, ConfigError, GameError, Seat, name_fault
from games.match import Match, MatchFileError
from games.words import joined, write_fault

from . import palette as P
from . import storage, text
from .help import bot_lines, bot_title, draw_page, game_help
from .screens.host import OpeningStopped
from .widgets import EDIT_KEYS, Button, ListView, TextField, draw_seat_mark, panel, scroll_bar

if TYPE_CHECKING:
    from .app import App

HUMAN = "human"
NAME_LEN = 16  # the most characters a person's name holds
NAME_SPACES = "\u00a0\u2007\u202f"  # no-break spaces typed into a name are taken as plain spaces
NAME_CUT_PAUSE_S = 1.0
"""Typing that comes this long after the last character left out of a name is new typing: it goes into the
name again where it fits. An audit typed 'Bartholomew Fitzgerald' (kept 'Bartholomew'), then ' Fitz': it was
refused, the message counting it with 'Fitzgerald' as what was left out."""
DOUBLE_CLICK_MS = 450
BACK_FROM_GAME_PLAIN = "Your game is autosaved: Resume autosave continues it."
BACK_FROM_GAME = "Your game is autosaved: Enter (Resume autosave) continues it · F1: help and the launcher's keys"
"""The launcher's line back from a game in progress, Resume autosave framed for Enter; once the focus moves on,
the line drops its word on Enter (an audit's Enter then started another game, as the line said otherwise)."""
def gone_words(path: Path) -> str:
    """What the launcher says of a saved match the list showed that is no longer in its folder."""
    return f"{path.name} is no longer among the saved matches (moved or deleted outside the app)."


SAVES_LOOK_S = 1.0
"""How often (seconds) the launcher looks whether other programs changed the saved matches' folder."""
SAVES_HINT = "(double-click; drop files here)"
SAVES_TITLE = f"Saved matches {SAVES_HINT}"
MODIFIER_KEYS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT,
                 pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK, pygame.K_NUMLOCK, pygame.K_MODE)
KEYS_HINT = ("F1: help and rules · Tab: next field · Enter: start (or press the focused button) · Left/Right: a seat's "
             "kind · Up/Down: game (in the variants: variant) · PageUp/PageDown: saved match (then Enter loads it) · "
             "Esc: quit (asks first)")
HELP_KEYS = [
    ("F1 or Esc", "close this help (Up/Down, Space, PageUp/PageDown, Home/End, the wheel and its bar scroll it)"),
    ("Up/Down", "choose the game (on a variant: the variant); F1 then shows that game's rules"),
    ("Tab, Shift+Tab", "move between the fields and buttons; Enter or Space presses the one ringed"),
    ("Left/Right", "on a seat: its kind (a person, or a bot of some strength)"),
    ("Enter", "start the game as set up"),
    ("PageUp/PageDown", "choose a saved match; Enter loads it, F2 renames it, Del deletes it (asking first)"),
    ("Esc", "quit (asking first)"),
]
"""The launcher's keys, at the foot of its help."""


def parse_seed(text: str) -> int:
    """The seed typed in the launcher (blank: a random one); ConfigError unless it is a whole number."""
    text = text.strip()
    if not text:
        return random.SystemRandom().randrange(2**31)
    if not (text.isascii() and text.isdigit()) or len(text) > 19 or int(text) > MAX_SEED:
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise ConfigError(f"The seed must be a whole number from 0 to {MAX_SEED} (or blank for a random one), "
                          f"not {shown!r}.")
    return int(text)


def fit_name(name: str, limit: int = NAME_LEN) -> str:
    """A name cut to `limit` characters where a word ends ('Bartholomew the Magnificent' -> 'Bartholomew the'),
    never inside a word unless the first word alone is longer than the limit."""
    name = name.strip()
    if len(name) <= limit:
        return name
    head = name[:limit + 1]  # one more: a space just after the limit means the cut falls where a word ends
    return head[:head.rfind(" ")].rstrip() if " " in head.strip() else name[:limit]


LARGEST_WINDOW = (16384, 16384)
"""The largest window size taken from the settings file (the desktop then makes it smaller: render.app.first_size)."""


def window_size_ok(value) -> bool:
    """Whether a remembered window size can be used: two whole numbers, [width, height], from the smallest
    window (render.app.SMALLEST_WINDOW) to LARGEST_WINDOW."""
    from .app import SMALLEST_WINDOW

    return (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high
                    for v, low, high in zip(value, SMALLEST_WINDOW, LARGEST_WINDOW)))


def usable_settings(settings: dict, games: dict) -> tuple[dict, list[str]]:
    """(the remembered launcher settings without what cannot be used, what that was: one short phrase each,
    "colours 'nope'"). The launcher takes its defaults for those and says so (an audit found them replaced
    without a word), and what it writes back is the usable part: the unusable values had been written
    back, and the same warning came at every launch (a bad-input audit)."""
    from . import palette, text

    usable = dict(settings)
    faults = []

    def fault(key, value):
        try:  # as the file has it ("null", "true"): "risk tint None" read as Python's (a bad-input audit)
            shown = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError):
            shown = repr(value)
        faults.append(f"{key} {shown if len(shown) <= 30 else shown[:27] + '...'}")

    def known(value, names) -> bool:
        return isinstance(value, str) and value in names

    for key, words, names in (("game", "game", games), ("palette", "colours", palette.PALETTES),
                              ("text_size", "text size", text.SIZES)):
        if key in settings and not known(settings[key], names):
            fault(words, usable.pop(key))
    for key, words in (("sound", "sound"), ("risk_tint", "risk tint")):
        if key in settings and not isinstance(settings[key], bool):
            fault(words, usable.pop(key))
    if "window_size" in settings and not window_size_ok(settings["window_size"]):
        fault("window size", usable.pop("window_size"))
    variants = settings.get("variants", {})
    if not isinstance(variants, dict):
        fault("variants", usable.pop("variants"))
    else:
        usable["variants"] = dict(variants)
        for game, variant in variants.items():
            if known(game, games) and not known(variant, games[game].variants):
                fault(f"{games[game].title} variant", usable["variants"].pop(game))
    seats = settings.get("seats", {})
    if not isinstance(seats, dict):
        fault("seats", usable.pop("seats"))
        return usable, faults
    usable["seats"] = dict(seats)
    for game, rows in seats.items():
        spec = games.get(game) if isinstance(game, str) else None
        if spec is None:
            continue
        kinds = {HUMAN, *spec.bots}
        # a name too long is cut where a word ends, as the seat shows it (_load_seats): not a fault
        ok = isinstance(rows, list) and spec.min_players <= len(rows) <= spec.max_players and all(
            isinstance(r, dict) and known(r.get("kind"), kinds) and isinstance(r.get("name", ""), str)
            and (not r.get("name", "").strip() or not name_fault(fit_name(r["name"]))) for r in rows)
        if not ok:
            faults.append(f"the seats of {spec.title}")
            del usable["seats"][game]
    return usable, faults


SEED_DIGITS = len(str(MAX_SEED))
"""The seed field takes as many digits as the largest seed has (19): it took 10, so a seed the command line, a save
or a result names could not be typed, and a longer one was cut to another deal (a bad-input audit)."""


def remembered_seed(value) -> str:
    """The seed field's text kept from earlier in this run of the app: digits only, else blank."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    return value if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= SEED_DIGITS else ""


class LauncherButton(Button):
    """A launcher button that shows the pointer over it only once the pointer has moved on the launcher.
    Back from a game the pointer rests where it was (on the game's board, often over a game's button here),
    and its ring read as the keyboard's focus on a game other than the one chosen (widgets.Button drew the
    pointer's ring and the focus ring alike until 5 Dec; the focus now has its own ring outside the button).
    `still()` says whether the pointer has not moved yet."""

    def __init__(self, label: str, on_click, hint: str = "", enabled: bool = True, still=lambda: False,
                 short: str = ""):
        super().__init__(label, on_click, hint, enabled, short)
        self.still = still

    def pointed_at(self) -> bool:
        return not self.still() and super().pointed_at()


class SeatRow:
    """One seat of the table being set up: a kind (a person or a bot's name) and, for a person, a name."""

    def __init__(self, kind: str, name: str):
        self.kind = kind
        self.name = TextField(name, "name", max_len=NAME_LEN, allowed=text.drawable,  # (see type_name)
                              refused="{chars} cannot be drawn by the game's font (an emoji, a sign or a script "
                                      "it lacks) and was not taken.")
        self.kind_button: Button | None = None
        self.remove_button: Button | None = None


class LauncherScreen:
    """The first screen of the app."""

    def __init__(self, app: "App", message: str = ""):
        self.app = app
        self.games = registry.games()
        self.names = list(self.games)
        self.message = message
        for name, exc in registry.broken().items():  # the games a damaged asset keeps out of the list
            self._warn(f"{name} cannot be played: {exc}")
        self.settings, faults = usable_settings(storage.load_settings(warn=self._warn), self.games)
        if faults:
            kept = storage.keep_settings_copy()
            self._warn(f"Some remembered settings could not be used, so the defaults stand in for them: "
                       f"{'; '.join(faults)}" + (f" (the file as it was is kept as {kept.name})." if kept else "."))
            try:  # said once: what is written back is what can be used
                storage.save_settings(self.settings)
            except OSError:
                pass  # the launcher's own writes say why, when it remembers its choices
        remembered = self.settings.get("game")
        self.game = remembered if isinstance(remembered, str) and remembered in self.games else (
            self.names[0] if self.names else None)
        self.variants: dict[str, str] = dict(self.settings.get("variants", {})) if isinstance(
            self.settings.get("variants"), dict) else {}
        # A typed seed is kept while the app runs (to play that deal again), not in the settings file: an
        # audit found a seed typed once dealing every later game the same way, launch after launch.
        self.seed = TextField(remembered_seed(getattr(app, "seed_text", "")), "random", max_len=SEED_DIGITS,
                              allowed=lambda ch: ch in "0123456789",
                              refused="The seed is a whole number, digits only: '{chars}' was not taken.")
        self.seats: list[SeatRow] = []
        self.saves = ListView()
        self.save_files = []
        self.saves_note = ""  # one line about saved files that cannot be loaded
        self.focus = -1
        self.confirm_quit = False  # "Quit Kong Tabletop?" is being asked
        # the saved matches' folder and its last change as last looked at (_saves_changed_outside)
        self._saves_folder: Path | None = None
        self._saves_stamp: int | None = None
        self._saves_look = 0.0
        self.help_open = False  # the chosen game's help and rules are shown over the launcher (F1)
        self.help_top = 0  # the help's first line shown
        self.help_rows = 10  # the help's lines shown at once, as last drawn (PageUp/PageDown's step)
        self.help_track: pygame.Rect | None = None  # the help's scroll bar, as last drawn (None: all of it shows)
        self.help_total = (0, 1)  # the help's lines in all, and those shown, as last drawn
        self.help_dragging = False  # a press on the scroll bar is held
        self._help_wrapped: tuple | None = None  # ((game, variant, size, width), the help's wrapped lines)
        self.quit_focus = "quit"  # the question's button Enter presses: "quit" (at first) or "stay"
        self.question_rect = pygame.Rect(0, 0, 0, 0)  # the box of the question last drawn over the launcher
        self.hover_note = ""  # the whole row of the saved match under the pointer
        self.renaming = None  # the saved match whose new name is being typed
        self.deleting = None  # the saved match "Delete ...?" asks about
        self.delete_focus = "keep"  # the question's button Enter presses: "keep" (at first) or "delete"
        self.keep_choice = Button("Keep", lambda: None, "Esc")
        self.delete_choice = Button("Delete", lambda: None, "Y")
        # the quit question's buttons (Esc asks it): every click stayed before, with no button to click
        self.stay_choice = Button("Stay", lambda: None, "N")
        self.quit_choice = Button("Quit", lambda: None, "Esc")
        self.rename_field = TextField("", "new name", max_len=40)
        self.save_infos = []
        self.autosave_ok = False
        self._last_row: int | None = None  # the last row clicked in the saves list, and when
        self._last_click_at = -10**6
        self.size = (0, 0)
        self.scale = 1.0
        self.pointer_still = True  # the pointer has not moved since the launcher opened (LauncherButton)
        self._name_cut: list | None = None  # [the name field, the text that did not fit] while one is typed
        self.clock = 0.0  # seconds the launcher has run (update)
        self._name_cut_at = 0.0  # when a character was last left out of a name
        leaving = getattr(getattr(app, "screen", None), "match", None)
        adopted = isinstance(leaving, Match) and self._adopt(leaving)
        self._load_seats()
        self._refresh_saves()
        self._build()
        if adopted:
            self._remember()

    def _warn(self, message: str) -> None:
        self.message = message

    def _adopt(self, match: Match) -> bool:
        """Take the setup of the game the app is leaving (the screen before this one) as the launcher's: its
        game, variant and seats, remembered together, so the launcher never shows that game's variant with
        the seats of an older one (a game from the command line, a loaded or resumed one, Play again). False
        when its game or a seat's bot is not one this launcher offers (the remembered setup then stays)."""
        config = match.config
        spec = self.games.get(config.game)
        if spec is None:
            return False
        rows = []
        for i, seat in enumerate(config.seats):
            kind = seat.bot or HUMAN
            if kind != HUMAN and kind not in spec.bots:
                return False
            rows.append({"kind": kind, "name": fit_name(seat.name) if kind == HUMAN else ""})
        self.game = config.game
        if config.variant in spec.variants:
            self.variants[self.game] = config.variant
        seats = self.settings.get("seats") if isinstance(self.settings.get("seats"), dict) else {}
        seats[self.game] = rows
        self.settings["seats"] = seats
        return True

    # ---- the choices ------------------------------------------------------------------
    @property
    def spec(self):
        return self.games.get(self.game) if self.game else None

    def variant(self) -> str:
        spec = self.spec
        v = self.variants.get(self.game)
        return v if isinstance(v, str) and v in spec.variants else spec.default_variant

    def bot_lines(self) -> list[str]:
        """One line per bot of the chosen game, weakest first as the seat buttons cycle them: its name as
        people read it and how it plays (the game's bot_notes)."""
        return [] if self.spec is None else bot_lines(self.spec)

    def bot_lines_shown(self, fits) -> tuple[list[str], list[str]]:
        """(the bot lines to draw, weakest first, and the titles of the bots left out) when only some fit:
        whole lines only, never one cut short; the bots on the seats come first, then the rest weakest
        first. `fits(lines)` says whether those lines fit the space with the note that names the others."""
        spec = self.spec
        if spec is None:
            return [], []
        lines, bots = self.bot_lines(), list(spec.bots)
        seated = [row.kind for row in self.seats if row.kind != HUMAN]
        ranked = sorted(range(len(lines)), key=lambda k: (bots[k] not in seated, k))
        chosen: list[int] = []
        for k in ranked:
            if bots[k] not in seated and any(bots[j] in seated and j not in chosen for j in ranked):
                break  # a bot on a seat did not fit: no bot nobody chose takes its room (an audit saw it)
            if fits([lines[j] for j in sorted(chosen + [k])]):
                chosen.append(k)
            elif bots[k] not in seated:
                break
        left_out = [bot_title(b) for k, b in enumerate(bots) if k not in chosen]
        return [lines[k] for k in sorted(chosen)], left_out

    @staticmethod
    def more_bots_note(left_out: list[str], short: bool = False) -> str:
        """The line under the bots' notes when some did not fit the column (short: when even the line naming
        them has no room)."""
        if short:
            return "More bots than fit here: the help (F1) describes every bot."
        return f"Not shown for lack of room: {', '.join(left_out)}. The help (F1) describes every bot."

    def _kinds(self) -> list[str]:
        return [HUMAN] + list(self.spec.bots)

    def _load_seats(self) -> None:
        """Seats from the settings if they suit the chosen game, else a person against a bot of middle
        strength (the game's bots are listed weakest first): an audit found a first game set against the
        strongest bot, which a new player meets before knowing the rules."""
        spec = self.spec
        self.seats = []
        if spec is None:
            return
        saved = self.settings.get("seats", {})
        saved = saved.get(self.game) if isinstance(saved, dict) else None
        kinds = self._kinds()
        if isinstance(saved, list) and spec.min_players <= len(saved) <= spec.max_players:
            for i, s in enumerate(saved):
                if isinstance(s, dict) and isinstance(s.get("kind"), str) and s["kind"] in kinds \
                        and isinstance(s.get("name", ""), str):
                    # A remembered name that cannot be shown (a NUL, a lone surrogate, a newline: an edited
                    # settings file) gives way to the seat's plain name; it crashed the launcher's text.
                    name = fit_name(s.get("name") or "")
                    self.seats.append(SeatRow(s["kind"], name if name and not name_fault(name) else f"Player {i + 1}"))
        if len(self.seats) < spec.min_players:
            bots = list(spec.bots)
            middle = bots[len(bots) // 2] if bots else HUMAN
            self.seats = [SeatRow(HUMAN, "Player 1")] + [SeatRow(middle, "") for _ in range(
                max(1, spec.min_players - 1))]
            self.seats = self.seats[: max(spec.min_players, 2) if spec.max_players >= 2 else 1]

    def select_game(self, name: str) -> None:
        if name == self.game:
            return
        self._remember()
        self.game = name
        self._load_seats()
        self._build()
        self._setup_changed()

    def set_variant(self, variant: str) -> None:
        self.variants[self.game] = variant
        self._build()
        self._setup_changed()

    def _setup_changed(self) -> None:
        """The game, its variant or its seats changed: a focus on Resume or Load selected goes to Start, so
        Enter starts what is set up. Back from a Donkey Kong game (the focus on Resume), an audit chose Monkey
        Dash with Down, pressed Enter, and the Donkey Kong game came back."""
        if self.focused_widget() in (self.resume_button, self.load_button) and self.start_button.enabled:
            self.focus_on(self.start_button)

    def cycle_kind(self, row: SeatRow, step: int = 1) -> None:
        """The next kind for a seat (step -1: the previous one): a person, then each bot of the game."""
        kinds = self._kinds()
        row.kind = kinds[(kinds.index(row.kind) + step) % len(kinds)] if row.kind in kinds else kinds[0]
        if row.kind == HUMAN and not row.name.value.strip():
            row.name.value = f"Player {self.seats.index(row) + 1}"
        self._build()
        self._setup_changed()

    def add_seat(self) -> None:
        """A seat of the kind the table has last: a person where every seat so far is a person (a family adding
        Grandma got the strongest bot and had to cycle through every bot kind: an audit), else the kind of the
        last bot seat (the strongest bot when the table has none yet)."""
        if len(self.seats) < self.spec.max_players:
            bots = list(self.spec.bots)
            kinds = [r.kind for r in self.seats]
            seated = [k for k in kinds if k != HUMAN]
            kind = HUMAN if kinds and not seated else seated[-1] if seated else (bots[-1] if bots else HUMAN)
            self.seats.append(SeatRow(kind, f"Player {len(self.seats) + 1}"))
            self._build()
            self._setup_changed()

    def remove_seat(self, row: SeatRow) -> None:
        if len(self.seats) > self.spec.min_players:
            self.seats.remove(row)
            self._build()
            self._setup_changed()

    def config_seats(self) -> list[Seat]:
        """The table's seats. People who gave the same name are numbered in seat order ("Zoë 1", "Zoë 2"), as
        two bots of a kind are: a hot-seat audit read "Zoë toppled the tower; Zoë ... wins"."""
        names: list[str | None] = []
        count: dict[str, int] = {}
        for row in self.seats:  # the bots' names first: a person never takes one
            if row.kind == HUMAN:
                names.append(None)
                continue
            count[row.kind] = count.get(row.kind, 0) + 1
            same = sum(1 for r in self.seats if r.kind == row.kind)
            names.append(bot_title(row.kind) + (f" {count[row.kind]}" if same > 1 else ""))
        people = {i: unicodedata.normalize("NFC", row.name.value.strip())
                  for i, row in enumerate(self.seats) if row.kind == HUMAN}
        # a seat left blank is 'Player N' for its place, or the first 'Player N' nobody typed or holds (an
        # audit: 'Player 2' typed in seat 1 beside a blank seat 2 read 'Player 2 1' and 'Player 2 2')
        held = {n.casefold() for n in people.values() if n} | {n.casefold() for n in names if n is not None}
        for i in [i for i, n in people.items() if not n]:
            name = f"Player {i + 1}"
            k = 1
            while name.casefold() in held:
                name, k = f"Player {k}", k + 1
            people[i] = name
            held.add(name.casefold())
        # a name shared, with another person or a bot, is numbered, and the number skips any name taken (a
        # regression audit: "Zoë 1", "Zoë", "Zoë" gave two "Zoë 1"; a person named "Careful bot" beside one)
        taken = {n.casefold() for n in names if n is not None}
        for i, name in people.items():
            shared = name.casefold() in taken or sum(1 for n in people.values() if n.casefold() == name.casefold()) > 1
            if shared:
                k = 1
                while True:
                    number = f" {k}"
                    candidate = name[:NAME_LEN - len(number)].rstrip() + number
                    others = {n.casefold() for j, n in people.items() if j != i}
                    if candidate.casefold() not in taken and candidate.casefold() not in others:
                        break
                    k += 1
                name = candidate
            taken.add(name.casefold())
            names[i] = name
        return [Seat(name, None if row.kind == HUMAN else row.kind) for name, row in zip(names, self.seats)]

    def _remember(self) -> None:
        if self.game is None:
            return
        self.settings["game"] = self.game
        self.settings["variants"] = dict(self.variants)
        seats = self.settings.get("seats") if isinstance(self.settings.get("seats"), dict) else {}
        # a name of spaces only is kept blank, as the seat reads it (its plain name): kept as typed, the next
        # launch found it blank and said the remembered seats could not be used (a hot-seat audit)
        seats[self.game] = [{"kind": r.kind, "name": r.name.value.strip()} for r in self.seats]
        self.settings["seats"] = seats
        self.settings.pop("seed", None)  # from versions that kept it in the file
        self.app.seed_text = self.seed.value
        self.settings["sound"] = not self.app.sound.muted
        self.settings["risk_tint"] = self.app.risk_tint()
        try:
            storage.save_settings(self.settings)
        except OSError as exc:  # said after the line already shown (why the autosave failed comes first)
            note = f"The launcher's choices could not be remembered, because {write_fault(exc)}."
            self.message = f"{self.message} {note}" if self.message and note not in self.message else note

    # ---- starting ---------------------------------------------------------------------
    def start(self) -> None:
        if self.spec is None:
            self.message = "No game is built yet."
            return
        try:
            config = self.spec.make_config(self.config_seats(), self.variant())
            seed = parse_seed(self.seed.value)
            match = Match(config, seed)
        except (GameError, AssetError) as exc:
            self.message = str(exc)
            return
        self._remember()
        self.app.start_match(match)

    def resume(self) -> None:
        path = storage.autosave_path()
        if not path.exists():
            self.message = "There is no autosaved game yet."
            return
        if not self.autosave_ok:
            self.message = self.autosave_note
            return
        self.load(path, resuming=True)

    def load(self, path, resuming: bool = False) -> None:
        try:
            match = self.app.load_match(path, "Resuming the autosaved game: replaying its moves" if resuming
                                        else f"Opening {Path(path).name}: replaying its moves")
        except OpeningStopped:
            self.message = ("Stopped resuming the autosaved game: it is kept as it was." if resuming else
                            f"Stopped opening {Path(path).name}: nothing has changed.")
            return
        except (MatchFileError, AssetError) as exc:
            if not Path(path).exists() and Path(path) != storage.autosave_path() and self._gone(Path(path)):
                return
            self.message = f"Cannot load: {exc}"
            if isinstance(exc, MatchFileError):
                storage.note_unloadable(path, str(exc))  # its row says so from now on, until the file changes
            # the file changed since the launcher read it (an audit cut the autosave short): its line and the
            # saved list are read again, so they no longer describe the match it held
            self._refresh_saves()
            self._build()
            return
        self._remember()
        pending = storage.pending_step(match, path)  # a step still being worked out when the app stopped
        if self.app.start_match(match, keep_previous=not resuming, opened=Path(path)) is not None:
            self.app.play_pending(Path(path), pending, resuming)

    def autosave_summary(self) -> str:
        """One line about the autosaved game, from storage.inspect_save without opening it ('' if there is
        none); a damaged autosave is said to be so, and Resume is then not offered."""
        path = storage.autosave_path()
        self.autosave_over = False
        self.autosave_further = None
        if not path.exists():
            self.autosave_ok = False
            return ""
        info = storage.inspect_save(path, {n: s.title for n, s in self.games.items()})
        self.autosave_ok = not info.problem
        self.autosave_over = bool(info.over) and self.autosave_ok
        if info.problem:
            return f"The autosave cannot be resumed: {info.problem}."
        line = f"{info.title}: {info.seats}; {'finished' if info.over else f'turn {info.turn}'}, saved {info.when}"
        if getattr(getattr(self.app, "autosaver", None), "error", ""):
            # the last game's autosave failed: this is an older game, or an earlier point of that one
            return f"Your last game could not be autosaved; the autosave is an earlier one: {line}"
        further = storage.further_in_saves(path) if not info.over else None
        if further is not None:
            # a game kept among the saved matches when its autosave failed, in an earlier session: the autosave
            # holds an earlier point of it, and Enter on Resume had taken the player back to it
            self.autosave_further = further
            return (f"This game goes on further in the saved match {further.stem}, kept there when its autosave "
                    f"failed: Load continues it. The older autosave: {line}")
        return line

    def resume_words(self) -> str:
        """The Resume button's label: a finished autosave is viewed (its result and board), not resumed."""
        return "View the finished game" if self.autosave_over else "Resume autosave"

    def _refresh_saves(self, keep_place: bool = False) -> None:
        """The saved matches, loadable ones first (newest first), then those that will not load, marked.
        keep_place: the row chosen and the scroll stay where they were (after a delete: the list jumped back to
        its top and chose the first row, so the next Del aimed at another, wanted match: a launcher audit)."""
        titles = {name: spec.title for name, spec in self.games.items()}
        infos = [storage.inspect_save(p, titles) for p in storage.saved_matches()]
        infos = [i for i in infos if not i.problem] + [i for i in infos if i.problem]
        self.save_infos = infos
        self.save_files = [i.path for i in infos]
        labels = [i.label for i in infos]
        # two matches of one game, turn and minute read alike (a game kept as the next began, beside its own
        # Ctrl+S save): such rows also name their file, the one thing that tells them apart
        twice = {label for label in labels if labels.count(label) > 1}
        labels = [f"{label} · {i.path.stem}" if label in twice else label for label, i in zip(labels, infos)]
        if keep_place:
            self.saves.reword(labels)
        else:
            self.saves.set_items(labels, keep=False)
        damaged = [f"{i.path.name} ({i.problem})" for i in infos if i.problem]
        self.saves_note = ""
        if damaged:
            self.saves_note = (f"{len(damaged)} saved file{'s' if len(damaged) != 1 else ''} cannot be loaded: "
                               + "; ".join(damaged))

    def _gone(self, path: Path) -> bool:
        """Whether a saved match the list shows is no longer there (moved or deleted outside the app): then said,
        and the list read again. Rename said "No such file or directory" and Load a whole path, and the row
        stayed (a reliability audit)."""
        if path.exists():
            return False
        self.message = gone_words(path)
        self._refresh_saves(keep_place=True)
        self.saves.selected = -1  # no other match chosen in its place (Enter on Load opened the next one: an audit)
        self._build()
        return True

    def _saves_changed_outside(self) -> None:
        """Files put in or taken out of the saved matches' folder by other programs show in the list within
        a second or two, the row chosen staying on its file where it still is (the list was read only when the
        launcher opened)."""
        try:
            if self._saves_folder is None:
                self._saves_folder = storage.saves_dir()  # the folder the list is read from, found once
            # the folder's own change and each file's: a file copied in slowly was read half-written, and only the
            # folder's stamp was watched (a regression audit)
            with os.scandir(self._saves_folder) as entries:
                stats = [(e.name, e.stat()) for e in entries if e.name.endswith(".json")]
            stamp = hash(tuple(sorted((name, st.st_mtime_ns, st.st_size) for name, st in stats)))
        except OSError:
            return
        if self._saves_stamp is None:
            self._saves_stamp = stamp
            return
        if stamp == self._saves_stamp or self.renaming is not None or self.deleting is not None:
            return
        self._saves_stamp = stamp
        chosen = self.selected_save()
        self._refresh_saves(keep_place=True)  # the list's scroll stays: a person reading older rows is not moved
        if chosen is not None and chosen.path in self.save_files:
            self.saves.selected = self.save_files.index(chosen.path)
        elif chosen is not None:
            # the match chosen is gone: no other is chosen in its place (Enter on Load opened one nobody chose)
            self.saves.selected = -1
            self.message = gone_words(chosen.path)
        self._build()

    def selected_save(self):
        if self.save_files and 0 <= self.saves.selected < len(self.save_files):
            return self.save_infos[self.saves.selected]
        return None

    def saves_heading(self) -> str:
        """The saved matches' heading, with how many there are (a saves audit scrolled 58 rows, six at a time,
        with no count anywhere)."""
        n = len(self.save_files)
        if not n:
            return SAVES_TITLE
        return f"{n} saved match{'' if n == 1 else 'es'} {SAVES_HINT}"

    # ---- renaming and deleting saved matches -------------------------------------------
    def start_rename(self) -> None:
        info = self.selected_save()
        if info is None:
            self.message = "Select a saved match first."
            return
        self.renaming = info.path
        self.rename_field.value = info.path.stem
        self.rename_field.select_all()  # typing replaces the old name; Backspace clears it
        self.message = f"Type a new name for {info.path.stem}, then Enter (Esc keeps the old one)."

    def finish_rename(self) -> None:
        path, self.renaming = self.renaming, None
        try:
            new = storage.rename_save(path, self.rename_field.value)
        except ValueError as exc:
            self.message = str(exc)
            self.renaming = path  # let them fix the name
            return
        except OSError as exc:
            if not self._gone(path):
                self.message = f"Could not rename {path.name}: {exc.strerror or exc}"
            return
        self.message = f"Renamed to {new.stem}."
        self.app.renamed(path, new)  # a game that came from it saves into it under its new name
        self._refresh_saves()
        if new in self.save_files:
            self.saves.selected = self.save_files.index(new)
            self.saves.reveal()
        self._build()

    def ask_delete(self) -> None:
        info = self.selected_save()
        if info is None:
            self.message = "Select a saved match first."
            return
        why = storage.undeletable(info.path)
        if why:
            self.message = f"{info.path.stem} cannot be deleted: {why}."
            return
        self.deleting = info.path
        self.delete_focus = "keep"

    def delete_words(self) -> str:
        """The keys of 'Delete this saved match?', as they stand with the button that has the focus."""
        if self.delete_focus == "delete":
            return "Enter deletes it; Esc or N keeps it (Tab goes back to Keep)."
        return "Enter keeps it. Y deletes it (or Tab to the Delete button, then Enter)."

    def _delete_event(self, event: pygame.event.Event) -> None:
        """While 'Delete this saved match?' is asked: Y, or the Delete button (clicked, or pressed once Tab
        has moved the focus to it) deletes; Enter on the opening focus (Keep), any other key or a click
        elsewhere keeps it. Enter deleted at once before, so Enter twice on "Delete [Del]" deleted a saved
        match (a keyboard audit)."""
        if event.type == pygame.KEYDOWN and event.key in MODIFIER_KEYS:
            return  # the Shift of Shift+Tab, say: not an answer
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT):
            self.delete_focus = "delete" if self.delete_focus == "keep" else "keep"
            return
        if event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            return
        if event.type == pygame.KEYDOWN:
            chosen = event.key == pygame.K_y or (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
                                                 and self.delete_focus == "delete")
        else:
            chosen = event.button == 1 and self.delete_choice.rect.collidepoint(event.pos)
        path, self.deleting = self.deleting, None
        if chosen:
            if self._gone(path):  # moved away while the question was up: nothing is deleted in its name
                return
            try:
                storage.delete_save(path)
            except OSError as exc:
                if not self._gone(path):
                    self.message = f"Could not delete {path.name}: {exc.strerror or exc}"
                return
            self.message = f"Deleted {path.stem}."
            self._refresh_saves(keep_place=True)
            self._build()
        else:
            self.message = f"Kept {path.stem}."

    # ---- widgets ----------------------------------------------------------------------
    def _focus_role(self, role) -> int:
        """The index of the focusable with this role now (self.roles: ("game", i), ("variant", i),
        ("seat", row, part) or a single control's name), or of the nearest one like it (a variant or a seat
        that this game does not have: its last one); -1 when there is none."""
        roles = self.roles
        if role in roles:
            return roles.index(role)
        if isinstance(role, tuple):
            kin = [k for k, r in enumerate(roles) if isinstance(r, tuple) and r[0] == role[0]]
            if kin:
                return kin[-1]
        return -1

    def _build(self) -> None:
        """(Re)create the buttons for the current choices; their rects are set by layout(). The keyboard's
        focus stays on the same control (it was kept by position in the list, so another game's variants or
        seats moved it onto another control: an audit saw Down move it into the seed field)."""
        roles = getattr(self, "roles", [])
        role = roles[self.focus] if 0 <= self.focus < len(roles) else None
        self.game_buttons = [self._button(self.games[n].title, lambda n=n: self.select_game(n)) for n in self.names]
        for b, n in zip(self.game_buttons, self.names):
            b.selected = n == self.game
        spec = self.spec
        self.variant_buttons = []
        if spec is not None:
            for v in spec.variants:
                b = self._button(v, lambda v=v: self.set_variant(v))
                b.selected = v == self.variant()
                self.variant_buttons.append(b)
            for row in self.seats:
                label = "Person" if row.kind == HUMAN else bot_title(row.kind)
                # where "Careful easy bot" fits only shrunk (the largest text), the button says "Careful easy",
                # at the size of its neighbours' words, beside the seat's name that says "... bot" (a
                # regression audit saw the two-word bots drawn smaller than "Person" above them)
                short = label.removesuffix(" bot") if label.count(" ") > 1 else ""
                row.kind_button = self._button(label, lambda row=row: self.cycle_kind(row), short=short)
                row.remove_button = self._button("Remove", lambda row=row: self.remove_seat(row),
                                           enabled=len(self.seats) > spec.min_players)
            self.add_button = self._button("Add a seat", self.add_seat, enabled=len(self.seats) < spec.max_players)
        else:
            self.add_button = self._button("Add a seat", self.add_seat, enabled=False)
        self.autosave_note = self.autosave_summary()
        self.start_button = self._button("Start", self.start, "Enter", enabled=spec is not None)
        # a finished game is not continued: opening it shows its result and final board
        self.resume_button = self._button(self.resume_words(), self.resume, enabled=self.autosave_ok)
        self.load_button = self._button("Load selected", self._load_selected, enabled=bool(self.save_files),
                                        short="Load")
        self.rename_button = self._button("Rename", self.start_rename, "F2", enabled=bool(self.save_files))
        self.delete_button = self._button("Delete", self.ask_delete, "Del", enabled=bool(self.save_files))
        self.quit_button = self._button("Quit", self.app.quit, "Esc")
        self.palette_button = self._button(f"Colours: {P.PALETTE_TITLES[P.current]}", self.next_palette)
        self.text_button = self._button(f"Text size: {text.size_name}", self.next_text_size)
        # Every focusable with its role, a form of it that outlives a rebuild (the focus is kept by role).
        focusable = ([(("game", i), b) for i, b in enumerate(self.game_buttons)]
                     + [(("variant", i), b) for i, b in enumerate(self.variant_buttons)]
                     + [(("seat", i, k), w) for i, r in enumerate(self.seats)
                        for k, w in enumerate((r.kind_button, r.name, r.remove_button))]
                     + [("add", self.add_button), ("seed", self.seed), ("start", self.start_button),
                        ("resume", self.resume_button), ("load", self.load_button), ("rename", self.rename_button),
                        ("delete", self.delete_button), ("quit", self.quit_button),
                        ("palette", self.palette_button), ("text", self.text_button)])
        self.roles = [role for role, _ in focusable]
        self.focusables = [w for _, w in focusable]
        self.focus = self._focus_role(role) if role is not None else min(self.focus, len(self.focusables) - 1)
        self._set_focus(self._nearest_usable(self.focus))
        size, self.size = self.size, (0, 0)
        if size != (0, 0):
            self.layout(size)  # at once, so a second click in the same frame finds the new buttons

    def _button(self, label: str, on_click, hint: str = "", enabled: bool = True, short: str = "") -> LauncherButton:
        return LauncherButton(label, on_click, hint, enabled, still=lambda: self.pointer_still, short=short)

    def _load_selected(self) -> None:
        info = self.selected_save()
        if info is None:
            return
        if info.problem:
            self.message = f"Cannot load: {info.path.name} will not load ({info.problem})."
            return
        self.load(info.path)

    def _focus_on_load(self) -> None:
        """A saved match chosen in the list (PageUp/PageDown, a click) takes the keyboard's focus to "Load
        selected", so Enter loads it, as after Ctrl+O: Enter started a new game with a save highlighted (an
        audit)."""
        if self.save_files and self.load_button.enabled:
            self.focus_on(self.load_button)

    def focused_widget(self):
        return self.focusables[self.focus] if 0 <= self.focus < len(self.focusables) else None

    def focus_on(self, widget) -> None:
        """Give the keyboard's focus to this widget (one of the focusables)."""
        self._set_focus(self.focusables.index(widget))

    def _set_focus(self, index: int) -> None:
        was = self.focus
        self.focus = index
        if index != was:
            self._name_cut = None
        for i, w in enumerate(self.focusables):
            w.focused = i == index
            if isinstance(w, TextField) and i != index:
                w.all_selected = False
        w = self.focusables[index] if 0 <= index < len(self.focusables) else None
        if index != was and isinstance(w, TextField) and any(r.name is w for r in self.seats) \
                and re.fullmatch(r"Player \d+", w.value):
            # a name the table made up: the player types theirs in its place ("Player 1Alice" before)
            w.select_all()

    def _usable(self, w) -> bool:
        """Whether the focus may rest on w: it is shown, and enabled (a disabled button draws no ring)."""
        return self._visible(w) and getattr(w, "enabled", True)

    def _nearest_usable(self, index: int) -> int:
        """The focusable the focus goes to for `index`: itself when usable; else the nearest usable one before
        it, then after it; with no focus yet, Start (Enter starts, as the keys line says). An audit found no
        control ringed at launch and back from a finished game, and the focus gone with the seat removed."""
        n = len(self.focusables)
        if 0 <= index < n and self._usable(self.focusables[index]):
            return index
        if not 0 <= index < n:
            index = self.focusables.index(self.start_button)
            if self._usable(self.start_button):
                return index
        for k in [*range(index - 1, -1, -1), *range(index + 1, n)]:
            if self._usable(self.focusables[k]):
                return k
        return -1

    def _visible(self, w) -> bool:
        return not isinstance(w, TextField) or w is self.seed or any(
            r.name is w and r.kind == HUMAN for r in self.seats)

    # ---- events -----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            self.pointer_still = False
        if self.help_open:
            self._help_event(event)
            return
        if self.confirm_quit:
            self._confirm_event(event)
            return
        if self.deleting is not None:
            self._delete_event(event)
            return
        if self.renaming is not None:
            self._rename_event(event)
            return
        if event.type == pygame.KEYDOWN:
            if self._key(event):
                return
        if event.type == pygame.TEXTINPUT:
            w = self.focusables[self.focus] if 0 <= self.focus < len(self.focusables) else None
            if isinstance(w, TextField) and any(r.name is w for r in self.seats):
                self.type_name(w, event.text)
            elif isinstance(w, TextField):
                w.handle(event)
            if isinstance(w, TextField) and w.note:
                self.message = self._field_note = w.note
            elif isinstance(w, TextField) and self.message and self.message == getattr(self, "_field_note", None):
                # typed on and taken: a note about characters no longer in the field goes (an audit saw it stay)
                self.message = self._field_note = ""
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:  # right click: the previous seat kind
            for row in self.seats:
                if row.kind_button.rect.collidepoint(event.pos):
                    self.cycle_kind(row, -1)
                    return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, w in enumerate(self.focusables):
                if self._visible(w) and w.rect.collidepoint(event.pos):
                    if self._usable(w):  # a disabled button takes no focus: it draws no ring
                        self._set_focus(i)
                    if isinstance(w, Button):
                        w.handle(event)
                    return
        row = self.saves.handle(event)
        if event.type == pygame.MOUSEMOTION:
            hovered = self.saves.hover
            self.hover_note = self.saves.items[hovered] if hovered is not None and hovered < len(self.saves.items) else ""
        elif event.type == pygame.MOUSEBUTTONUP:
            self.hover_note = ""  # what the click does is said in the status line
        if row is not None:  # a second click on the same row soon after the first loads it
            self._focus_on_load()
            now = pygame.time.get_ticks()
            if row == self._last_row and now - self._last_click_at < DOUBLE_CLICK_MS:
                self._load_selected()
                return
            self._last_row, self._last_click_at = row, now

    def type_name(self, field: TextField, typed: str) -> None:
        """Typing into a person's name. A name holds NAME_LEN characters; the first character that does not
        fit cuts the name where its last whole word ends, not inside a word, and what did not fit is
        said: "kept 'Bartholomew the', left out 'Magnificent'" (before, the field took the first 16
        characters and said only that the rest was not taken). Backspace edits the name again."""
        if field.all_selected:
            field.value, field.all_selected = "", False
            self._name_cut = None
        if self._name_cut is not None and self.clock - self._name_cut_at > NAME_CUT_PAUSE_S:
            self._name_cut = None  # typed after a pause: not the rest of the long name (NAME_CUT_PAUSE_S)
        cut = self._name_cut if self._name_cut is not None and self._name_cut[0] is field else None
        field.note = ""
        refused = ""  # typed inside a full name (the caret moved back): not taken
        # a no-break or narrow space (Option+Space, a French keyboard's space before ':') is a space in a name
        typed = "".join(" " if ch in NAME_SPACES else ch for ch in typed)
        turned_away = "".join(ch for ch in typed if not field.allowed(ch))
        for ch in typed:
            if not field.allowed(ch):
                continue
            if cut is None and len(field.value) < field.max_len:
                field.insert(ch)
            elif cut is None and field.caret < len(field.value):
                refused += ch
            elif cut is None:  # the first character that does not fit, at the end of the name
                value = field.value
                at_boundary = ch == " " or value.endswith(" ") or " " not in value.strip()
                keep = len(value) if at_boundary else value.rstrip().rfind(" ")
                cut = [field, value[keep:].lstrip() + ch]
                field.value = value[:keep].rstrip()
            else:
                cut[1] += ch
        if cut is not None:
            self._name_cut, self._name_cut_at = cut, self.clock
            field.note = (f"A name holds at most {field.max_len} characters: kept '{field.value}', "
                          f"left out '{cut[1].strip()}' (Backspace edits the name).")
        elif refused:
            field.note = (f"A name holds at most {field.max_len} characters: '{refused[:20]}' was not taken "
                          "(Backspace or Delete makes room).")
        elif turned_away:  # an emoji had gone in and stood as an empty box wherever the name was shown
            # named by code point: drawn, it showed the very box the words were about (a regression audit)
            codes = [f"U+{ord(c):04X}" for c in dict.fromkeys(turned_away)]
            named = joined(codes) if len(codes) <= 4 else f"{', '.join(codes[:4])} and {len(codes) - 4} more"
            note = field.refused.format(chars=named)
            field.note = note.replace(" and was not taken", " and were not taken") if len(codes) > 1 else note

    def _rename_event(self, event: pygame.event.Event) -> None:
        self.rename_field.focused = True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.finish_rename()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.renaming = None
            self.message = "The name is kept."
        else:
            self.rename_field.handle(event)
            if self.rename_field.note:
                self.message = self.rename_field.note

    # ---- display options (remembered in the settings) ------------------------------------
    def next_palette(self) -> None:
        names = list(P.PALETTES)
        self._set_display(palette=names[(names.index(P.current) + 1) % len(names)])

    def next_text_size(self) -> None:
        names = list(text.SIZES)
        self._set_display(text_size=names[(names.index(text.size_name) + 1) % len(names)])

    def _set_display(self, **choice) -> None:
        """Apply a colour or text-size choice at once and remember it for the next start."""
        if "palette" in choice:
            self.settings["palette"] = P.use_palette(choice["palette"])
        if "text_size" in choice:
            self.settings["text_size"] = text.use_size(choice["text_size"])
        self._remember()
        focus, size = self.focus, self.size
        self._build()
        self.size = (0, 0)  # everything is laid out again for the new sizes, at once for the next click
        if size != (0, 0):
            self.layout(size)
        self._set_focus(focus)

    def ask_quit(self) -> None:
        """Esc also backs out of a game, so a second Esc in a row could close the app by mistake: ask first."""
        self.confirm_quit = True
        self.quit_focus = "quit"

    def quit_words(self) -> str:
        """The keys of 'Quit Kong Tabletop?', as they stand with the button that has the focus."""
        if self.quit_focus == "stay":
            return "Enter stays; Esc quits (Tab goes back to Quit)."
        return "Enter or Esc quits; any other key, or Stay, keeps the launcher open (Tab: Stay)."

    def _confirm_event(self, event: pygame.event.Event) -> None:
        """While 'Quit Kong Tabletop?' is asked: Esc, Enter, Q or Y quits, and so does a click on its Quit
        button; any other key, the Stay button or a click elsewhere stays. (Every click stayed before, and the box
        had no button to click.)"""
        if event.type == pygame.KEYDOWN:
            if event.key in MODIFIER_KEYS:
                return  # the Shift of a shifted key, say: not an answer
            if event.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT):
                # the focus between the two buttons, as in the delete question (Tab closed the question)
                self.quit_focus = "stay" if self.quit_focus == "quit" else "quit"
                return
            self.confirm_quit = False
            enter = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            if event.key in (pygame.K_ESCAPE, pygame.K_q, pygame.K_y) or (enter and self.quit_focus == "quit"):
                self._remember()
                self.app.quit()
        elif event.type == pygame.MOUSEBUTTONUP:
            self.confirm_quit = False
            if event.button == 1 and self.quit_choice.rect.collidepoint(event.pos):
                self._remember()
                self.app.quit()

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        focused = self.focused_widget()
        if key == pygame.K_F1:
            self.open_help()
        elif key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            # from no focus, Tab goes to the first control and Shift+Tab to the last (it skipped the last)
            i = self.focus if self.focus >= 0 else (0 if step < 0 else -1)
            for _ in range(len(self.focusables)):
                i = (i + step) % len(self.focusables)
                w = self.focusables[i]
                if self._visible(w) and getattr(w, "enabled", True):
                    break
            self._set_focus(i)
        elif key == pygame.K_ESCAPE:
            if focused is not None and self.focus >= 0 and isinstance(focused, TextField):
                # out of the field to Start, ringed, what Enter did from the field (the focus went nowhere, and
                # Enter started a game with no control ringed: an audit)
                self._set_focus(self._nearest_usable(-1))
            else:
                self.ask_quit()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            # On the game or variant already chosen Enter starts; on another one it chooses that one (it
            # started the chosen game, not the focused one).
            option = (focused in self.game_buttons or focused in self.variant_buttons) and focused.selected
            if isinstance(focused, Button) and focused.enabled and not option:
                focused.on_click()
            else:
                self.start()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and any(focused is r.kind_button for r in self.seats):
            row = next(r for r in self.seats if focused is r.kind_button)
            self.cycle_kind(row, -1 if key == pygame.K_LEFT else 1)
        elif key == pygame.K_SPACE and isinstance(focused, Button):
            if focused.enabled:
                focused.on_click()
        elif isinstance(focused, TextField) and (key in EDIT_KEYS or (
                key == pygame.K_a and event.mod & pygame.KMOD_CTRL)):
            focused.handle(event)  # Backspace, Delete, the caret's keys, or Ctrl+A: select the whole text
            self._name_cut = None  # the name is being edited again: what did not fit is forgotten
        elif key in (pygame.K_UP, pygame.K_DOWN) and focused in self.variant_buttons:
            # the variants of the game chosen, the focus along with the choice (Down on Super Mario Jenga's
            # last variant chose the next game, wrapping to Donkey Kong, and left the focus on 'wiki': an audit)
            k = (self.variant_buttons.index(focused) + (1 if key == pygame.K_DOWN else -1)) % len(self.variant_buttons)
            self.set_variant(list(self.spec.variants)[k])
            self._set_focus(self._focus_role(("variant", k)))
        elif key in (pygame.K_UP, pygame.K_DOWN) and self.names and not isinstance(focused, TextField):
            i = (self.names.index(self.game) + (1 if key == pygame.K_DOWN else -1)) % len(self.names)
            on_a_game = focused in self.game_buttons
            self.select_game(self.names[i])
            if on_a_game:  # the focus goes along with the choice
                self._set_focus(self._focus_role(("game", i)))
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.saves.move(-1 if key == pygame.K_PAGEUP else 1)
            self._focus_on_load()
        elif key == pygame.K_F2:
            self.start_rename()
        elif key == pygame.K_DELETE and not isinstance(focused, TextField):
            self.ask_delete()
        else:
            return False
        return True

    # ---- the help (F1): the chosen game's how to play, rules and bots, and the launcher's keys ----------------
    def open_help(self) -> None:
        """Show the chosen game's help over the launcher. F1 did nothing here, though the launcher's words sent
        people to "the help in a game (F1)": someone wanting the rules before choosing a game or a variant, or
        every bot's note, had to start a game first (a launcher audit)."""
        if self.spec is None:
            self.message = "No game is built yet: there is no help to show."
            return
        self.help_open, self.help_top = True, 0

    def help_text(self) -> str:
        lines, _ = game_help(self.spec, self.variant())
        lines += ["", "THE LAUNCHER'S KEYS"] + [f"• {k}: {what}" for k, what in HELP_KEYS]
        lines += ["", "In a game, F1 shows this help again with that game's keys, and D there how the table decides "
                      "points the printed rules leave open."]
        return "\n".join(lines)

    def help_lines(self, size: int, width: int) -> list[str]:
        """The help wrapped to `width`, made again only when the game, variant or size changes."""
        key = (self.game, self.variant(), size, width)
        if self._help_wrapped is None or self._help_wrapped[0] != key:
            self._help_wrapped = (key, text.wrap(self.help_text(), size, width))
        return self._help_wrapped[1]

    def _help_event(self, event: pygame.event.Event) -> None:
        """Keys scroll or close the help; the wheel scrolls it; a click closes it."""
        if event.type == pygame.KEYDOWN:
            page = max(1, self.help_rows - 1)
            # Space pages on: it also comes as text, which would have gone into the field with the focus once the
            # help had closed (a regression audit: the name became " ")
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                    pygame.K_SPACE: page, pygame.K_HOME: -10**6, pygame.K_END: 10**6}.get(event.key)
            if step is not None:
                self.help_top = max(0, self.help_top + step)
            elif event.key in (pygame.K_F1, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.help_open = False
        elif event.type == pygame.MOUSEWHEEL:
            self.help_top = max(0, self.help_top - event.y * 3)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) and self._help_bar(event):
            pass
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.help_open = False

    def _help_bar(self, event: pygame.event.Event) -> bool:
        """A press on the help's scroll bar, and a drag from it, scroll the help to that height: a click there
        closed it (a regression audit; the game's help takes it so). True if the event was the bar's."""
        track = self.help_track
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and track is not None \
                and track.collidepoint(event.pos):
            self.help_dragging = True
        elif not self.help_dragging:
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            self.help_dragging = False
        total, rows = self.help_total
        share = min(1.0, max(0.0, (event.pos[1] - track.y) / max(1, track.h)))
        self.help_top = max(0, int(round(share * max(0, total - rows))))
        return True

    def _draw_help(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.scale
        rect = pygame.Rect(0, 0, int(w * 0.86), int(h * 0.88))
        rect.center = (w // 2, h // 2)
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, P.PANEL, rect, border_radius=8)
        pygame.draw.rect(surface, P.PANEL_EDGE, rect, width=2, border_radius=8)
        inner = rect.inflate(-int(40 * s), -int(36 * s))
        title = self.fs(24)
        text.draw(surface, text.fit(f"Help: {self.spec.title}", title, inner.w), inner.topleft, title, P.HIGHLIGHT,
                  bold=True)
        size, small = self.fs(16), self.fs(14)
        foot = text.line_step(small)
        body = pygame.Rect(inner.x, inner.y + text.line_step(title) + int(8 * s), inner.w - 10,
                           inner.h - text.line_step(title) - int(8 * s) - foot - int(8 * s))
        lines = self.help_lines(size, body.w)
        self.help_top, rows = draw_page(surface, lines, body, size, self.help_top)
        self.help_rows = rows
        area = body.inflate(10, 0)
        thumb = scroll_bar(surface, area, self.help_top, rows, len(lines))
        # where a press scrolls (the bar, a little wider than drawn, to be easy to hit)
        self.help_track = None if thumb is None else pygame.Rect(area.right - 14, area.y, 14, area.h)
        self.help_total = (len(lines), rows)
        words = "Esc, F1 or a click closes the help · Up/Down, Space, PageUp/PageDown, Home/End or the wheel scroll it"
        text.draw(surface, text.fit(words, small, inner.w), (inner.x, inner.bottom - foot), small, P.TEXT_DIM)

    def update(self, dt: float) -> None:
        self.clock += dt
        self._saves_look -= dt
        if self._saves_look <= 0:
            self._saves_look = SAVES_LOOK_S
            self._saves_changed_outside()

    def quiet(self) -> bool:
        """Nothing moves by itself here (a text field's caret blinks slowly enough for the idle rate)."""
        return True

    # ---- drawing ----------------------------------------------------------------------
    def fs(self, base: int) -> int:
        return max(9, int(round(base * self.scale * text.SCALE)))

    def variant_words(self) -> str:
        """The chosen game in a sentence and its variant's description, under the variant buttons."""
        spec = self.spec
        if spec is None:
            return ""
        summary = spec.summary[:1].upper() + spec.summary[1:]
        variant = self.variant()
        words = spec.variants[variant]
        named = f"Variant '{variant}'"
        if variant == spec.default_variant:
            # which variant the game starts with, said for every game beside its name (only Donkey Kong's own
            # words said it, and a new player met Donkey Kong Jenga's last button chosen with nothing to say why:
            # an audit; said at the end of the words, it read as if "Stack 2 Blocks" were the default)
            named += " (the default)"
        return f"{summary}. {named}: {words}."

    def seats_words(self) -> str:
        """How the seats work, under the seat rows."""
        spec = self.spec
        if spec is None:
            return ""
        span = (f"{spec.min_players} seats" if spec.min_players == spec.max_players
                else f"{spec.min_players} to {spec.max_players} seats")
        return (f"{span}. Click a seat's kind (or Left/Right when it has the focus) to switch between a person "
                f"and the bots ({', '.join(bot_title(b).lower() for b in spec.bots)}); a right click goes back. "
                "Type a person's name in the field beside it.")

    def layout(self, size) -> None:
        """Place every widget and fit every text to its place. With large text a column's buttons get lower
        (and a long row of options goes two to a row) before a text would be cut; a text that still needs
        room is set a little smaller, whole words always."""
        if size == self.size:
            return
        self.size = size
        w, h = size
        s = self.scale = max(0.6, min(w / 1280, h / 800, 2.0))
        pad = int(20 * s)
        self.subtitle_y = int(18 * s) + int(self.fs(36) * 1.2)
        top = max(int(90 * s), self.subtitle_y + int(self.fs(16) * 1.6))
        col_w = (w - 4 * pad) // 3
        self.cols = [pygame.Rect(pad + i * (col_w + pad), top, col_w, h - top - int(60 * s)) for i in range(3)]
        self.footer = pygame.Rect(pad, self.cols[0].bottom + int(4 * s), w - 2 * pad,
                                  h - self.cols[0].bottom - int(8 * s))
        bh, gap = int(38 * s * text.SCALE), int(8 * s)
        compact = min(bh, max(int(38 * s), int(self.fs(16) * 1.7)))  # still a comfortable target
        disp_w = min(int(250 * s * text.SCALE), (w - 4 * pad) // 4)
        self.text_button.rect = pygame.Rect(w - pad - disp_w, int(22 * s), disp_w, bh)
        self.palette_button.rect = pygame.Rect(self.text_button.rect.x - gap - disp_w, int(22 * s), disp_w, bh)
        # One button height for the whole launcher: the usual one, or a lower one when a column's words (or
        # three rows of saved matches) would not fit under its buttons at the usual height.
        for height in (bh, compact):
            if all([self._layout_games(height, gap), self._layout_seats(height, gap), self._layout_start(height, gap)]):
                return
        self._layout_games(compact, gap, tight=True)
        self._layout_seats(compact, gap, tight=True)

    @staticmethod
    def _grid(buttons: list[Button], c: pygame.Rect, y: int, height: int, gap: int, per_row: int) -> int:
        """Buttons per_row to a row across c from y down; returns the y under the last row and its gap."""
        w = (c.w - gap * (per_row - 1)) // per_row
        for k, b in enumerate(buttons):
            row, col = divmod(k, per_row)
            b.rect = pygame.Rect(c.x + col * (w + gap), y + row * (height + gap), w, height)
        return y + -(-len(buttons) // per_row) * (height + gap)

    def _layout_games(self, height: int, gap: int, tight: bool = False) -> bool:
        """The first column: the games, "Rule variant", the variants, and the chosen variant's words; whether
        the words fit whole under them. Tight (no room even with lower buttons): the variants go two to a
        row, then the games too, and only then are the words set a little smaller (the largest text and
        Donkey Kong Jenga's four variants left no room for them at all)."""
        s = self.scale
        col = self.cols[0]
        c = col.inflate(-int(24 * s), 0)
        room = col.bottom - int(6 * s)
        words = self.variant_words()
        arrangements = ((1, 1), (1, 2), (2, 2)) if tight else ((1, 1),)
        for least, (games_across, variants_across) in ((least, a) for least in (1.0, 0.8) for a in arrangements):
            y = self._grid(self.game_buttons, c, c.y + self.fs(18) * 3 // 2 + int(16 * s), height, gap, games_across)
            self.variant_y = y + int(14 * s)
            y = self._grid(self.variant_buttons, c, self.variant_y + self.fs(15) * 3 // 2 + int(6 * s), height, gap,
                           variants_across)
            self.variant_text_y = y + int(6 * s)
            self.variant_text = text.fit_block(words, self.fs(14), c.w, room - self.variant_text_y, least=least)
            if self.variant_text[2] or not tight:
                break
        return self.variant_text[2]

    def _layout_seats(self, height: int, gap: int, tight: bool = False) -> bool:
        """The second column: a row per seat, Add a seat, how the seats work, then the bots' notes (as many
        as fit whole, drawn by draw()); whether the words fit with room for the line about the bots left
        out. Tight: the rows stand closer, then the words are set a little smaller."""
        s = self.scale
        col = self.cols[1]
        c = col.inflate(-int(24 * s), 0)
        room = col.bottom - int(6 * s)
        # The seat marks grow with the text size, a little (an accessibility audit), their column with them;
        # Remove takes a little of the kind button's width ("Careful bot" fits in it at the largest text), so
        # its word can grow too. The name field keeps its room: taking it for Remove had shrunk the names
        # below the normal size's at the largest text (a regression audit).
        self.mark_r = int(12 * s * text.SCALE ** 0.5)
        mark = self.mark_w = max(int(34 * s), 2 * self.mark_r + int(8 * s))
        # the kind button as wide as its longest word needs at full size, up to 0.36 of the row as it always
        # was ("Careful easy bot" takes all of that, and Remove its 0.18); with shorter words ("Careful bot",
        # "Person") Remove has the rest of the two's 0.54, so its word can grow with the text
        longest = max([text.measure(row.kind_button.label, self.fs(16))[0] for row in self.seats
                       if row.kind_button is not None] or [0])
        kind_w = int(min(c.w * 0.36, max(c.w * 0.30, longest + 12)))
        remove_w = int(c.w * 0.54) - kind_w
        # a person's name that does not fit whole at the text's size takes Remove's room, which then says only
        # '✕' (at the largest text in a 1024x640 window 'Bartholomew Gros' was drawn on two lines smaller than
        # the normal size's names)
        names = [row.name.value for row in self.seats if row.kind == HUMAN and row.name.value]
        widest = max([text.measure(n, self.fs(16))[0] for n in names] or [0])
        narrow = widest + 16 > c.w - mark - kind_w - remove_w - 2 * gap
        if narrow:
            remove_w = min(remove_w, max(height, text.measure("✕", self.fs(14))[0] + 16))
        for row in self.seats:
            row.remove_button.short = "✕" if narrow else ""
        size = self.fs(14)
        bots_line = (text.block_height(len(text.wrap(self.more_bots_note([], short=True), size, c.w)), size)
                     + int(10 * s) if self.spec is not None and self.spec.bots else 0)
        for least in (1.0, 0.8) if tight else (1.0,):
            y = c.y + self.fs(18) * 3 // 2 + int(16 * s)
            for row in self.seats:
                row.kind_button.rect = pygame.Rect(c.x + mark, y, kind_w, height)
                row.name.rect = pygame.Rect(c.x + mark + kind_w + gap, y, c.w - mark - kind_w - remove_w - 2 * gap,
                                            height)
                row.remove_button.rect = pygame.Rect(c.right - remove_w, y, remove_w, height)
                y += height + (int(6 * s) if tight else int(14 * s))
            self.add_button.rect = pygame.Rect(c.x + mark, y, kind_w, height)
            self.seats_text_y = self.add_button.rect.bottom + int(16 * s)
            self.seats_text = text.fit_block(self.seats_words(), size, c.w, room - self.seats_text_y - bots_line,
                                             least=least)
            if self.seats_text[2]:
                break
        return self.seats_text[2]

    def _layout_start(self, height: int, gap: int) -> bool:
        """The third column: the seed, Start, Resume with its line, the saved matches (two lines a row) with
        the line on those that will not load, their buttons and Quit; whether the list shows three rows."""
        s = self.scale
        col = self.cols[2]
        c = col.inflate(-int(24 * s), 0)
        room = col.bottom - int(6 * s)
        label, small = self.fs(15), self.fs(13)
        self.seed_label_y = c.y + self.fs(18) * 3 // 2 + int(16 * s)
        self.saves.row_h = text.block_height(2, self.fs(14)) + int(8 * s)
        self.resume_text = text.fit_block(self.autosave_note, small, c.w, text.block_height(3, small), least=0.8)
        self.saves_title = text.fit_block(self.saves_heading(), label, c.w, text.block_height(2, label, True), 0.8,
                                          True)
        self.saves_note_text = (small, (), True)
        if self.saves_note:
            self.saves_note_text = text.fit_block(self.saves_note, small, c.w, text.block_height(2, small), least=0.8)
            if not self.saves_note_text[2]:  # each row says why; the line only counts them
                self.saves_note_text = text.fit_block(self.saves_note_short(), small, c.w, text.block_height(2, small),
                                                      least=0.8)
        note_h = text.block_height(len(self.saves_note_text[1]), self.saves_note_text[0]) + gap if self.saves_note else 0
        self.seed.rect = pygame.Rect(c.x, self.seed_label_y + label * 3 // 2, c.w, height)
        self.start_button.rect = pygame.Rect(c.x, self.seed.rect.bottom + int(16 * s), c.w, int(height * 1.3))
        y = self.start_button.rect.bottom + gap * 2
        self.resume_button.rect = pygame.Rect(c.x, y, c.w, height)
        self.resume_note_y = y + height + int(4 * s)
        lines = max(1, len(self.resume_text[1]))
        self.saves_title_y = self.resume_note_y + text.block_height(lines, self.resume_text[0]) + int(12 * s)
        y = self.saves_title_y + text.block_height(len(self.saves_title[1]), self.saves_title[0], True) + int(6 * s)
        list_h = room - y - note_h - 2 * (gap + height)
        self.saves.rect = pygame.Rect(c.x, y, c.w, max(self.saves.row_h, list_h))
        y = self.saves.rect.bottom + gap
        self.saves_note_y = y
        y += note_h
        third = (c.w - 2 * gap) // 3
        self.load_button.rect = pygame.Rect(c.x, y, c.w - 2 * third - 2 * gap, height)
        self.rename_button.rect = pygame.Rect(self.load_button.rect.right + gap, y, third, height)
        self.delete_button.rect = pygame.Rect(self.rename_button.rect.right + gap, y, third, height)
        self.rename_field.rect = pygame.Rect(c.x, y, c.w, height)
        self.quit_button.rect = pygame.Rect(c.x, y + height + gap, c.w, height)
        return list_h >= 3 * self.saves.row_h

    def saves_note_short(self) -> str:
        """The line under the saved matches when the one naming every file that will not load has no room."""
        n = sum(1 for info in self.save_infos if info.problem)
        return f"{n} saved file{'s' if n != 1 else ''} cannot be loaded: point at a ⚠ row to read why."

    @staticmethod
    def _draw_lines(surface: pygame.Surface, fitted, x: int, y: int, colour, bold: bool = False,
                    centre: int | None = None) -> int:
        """Draw text.fit_block's (size, lines, fits) from y down (or centred on x when centre is a width);
        returns the y under the last line."""
        size, lines, _ = fitted
        step = text.line_step(size, bold)
        for k, line in enumerate(lines):
            at = (x + centre // 2, y + k * step) if centre is not None else (x, y + k * step)
            text.draw(surface, line, at, size, colour, bold=bold, anchor="midtop" if centre is not None else "topleft")
        return y + text.block_height(len(lines), size, bold)

    def _draw_in(self, surface: pygame.Surface, words: str, rect: pygame.Rect, size: int, colour,
                 least: float = 0.75, line_least: float = 0.85) -> None:
        """Words in a box, left-aligned and centred up and down: down to line_least of the size on one line,
        else on more lines (as large as they fit), rather than cut."""
        fitted = text.fit_block(words, size, rect.w, text.block_height(1, size), least=max(least, line_least))
        if not fitted[2]:
            fitted = text.fit_block(words, size, rect.w, rect.h, least=least)
        if not fitted[2]:  # a message too long for its place even so: the lines that fit, the last one cut
            at, lines, _ = fitted
            keep = max(1, rect.h // text.line_step(at))
            fitted = (at, lines[:keep - 1] + (text.fit(" ".join(lines[keep - 1:]), at, rect.w),), False)
        height = text.block_height(len(fitted[1]), fitted[0])
        self._draw_lines(surface, fitted, rect.x, rect.centery - height // 2, colour)

    def draw(self, surface: pygame.Surface) -> None:
        """The launcher, one control ringed: while a question is asked or a saved match renamed, the question
        or the name field alone has the focus, and the control under it is drawn without its ring."""
        ringed = self.focused_widget()
        asked = self.renaming is not None or self.deleting is not None or self.confirm_quit
        if asked and ringed is not None:
            ringed.focused = False
        try:
            self._draw(surface)
        finally:
            if asked and ringed is not None:
                ringed.focused = True

    def _draw(self, surface: pygame.Surface) -> None:
        typed = tuple(row.name.value for row in self.seats if row.kind == HUMAN)
        if typed != getattr(self, "_laid_out_names", typed):
            self.size = None  # a name typed longer or shorter may want Remove's room (_layout_seats)
        self._laid_out_names = typed
        self.layout(surface.get_size())
        s = self.scale
        surface.fill(P.BACKGROUND)
        text.draw(surface, "Kong Tabletop", (int(20 * s), int(18 * s)), self.fs(36), P.HIGHLIGHT, bold=True)
        text.draw(surface, "Set up a game, or continue one.", (int(22 * s), self.subtitle_y), self.fs(16), P.TEXT_DIM)
        self.palette_button.draw(surface, self.fs(14))
        self.text_button.draw(surface, self.fs(14))
        titles = ["Game and variant", "Seats", "Start"]
        for rect, title in zip(self.cols, titles):
            panel(surface, rect, title, self.fs(18))
        size = self.fs(16)
        for b in self.game_buttons + self.variant_buttons:
            b.draw(surface, size)
        spec = self.spec
        if spec is None:
            text.draw(surface, "No game is built yet.", self.cols[0].move(20, 50).topleft, size, P.TEXT)
        else:
            c = self.cols[0].inflate(-int(24 * s), 0)
            text.draw(surface, "Rule variant", (c.x, self.variant_y), self.fs(15), P.TEXT_DIM, bold=True)
            self._draw_lines(surface, self.variant_text, c.x, self.variant_text_y, P.TEXT)
            names = self.config_seats()
            for i, row in enumerate(self.seats):
                r = row.kind_button.rect
                draw_seat_mark(surface, i, (r.x - self.mark_w // 2 - 1, r.centery), self.mark_r)
                row.kind_button.draw(surface, size)
                if row.kind == HUMAN:
                    row.name.draw(surface, size)
                else:
                    self._draw_in(surface, names[i].name, row.name.rect.inflate(-12, 0), size, P.TEXT_DIM, least=0.6,
                                 line_least=0.7)  # a bot's name on one line where it can be
                row.remove_button.draw(surface, self.fs(14))
            self.add_button.draw(surface, size)
            self._draw_bots(surface)
        text.draw(surface, "Seed (blank for a random one)", (self.seed.rect.x, self.seed_label_y), self.fs(15),
                  P.TEXT_DIM, bold=True)
        self.seed.draw(surface, size)
        self.start_button.draw(surface, self.fs(19))
        self.resume_button.draw(surface, size)
        if self.autosave_note:
            self._draw_lines(surface, self.resume_text, self.resume_button.rect.x, self.resume_note_y, P.TEXT_DIM)
        self._draw_lines(surface, self.saves_title, self.saves.rect.x, self.saves_title_y, P.TEXT_DIM, bold=True)
        pygame.draw.rect(surface, P.BACKGROUND, self.saves.rect)
        if self.save_files:
            # The row that Load, Rename and Delete act on is marked with a bar while one of them has the focus, not
            # framed: its frame in the focus colour read as a second focus ring beside the button's (an audit).
            on_saves = self.focused_widget() in (self.load_button, self.rename_button, self.delete_button)
            marked = {self.saves.selected} if on_saves and self.renaming is None else set()
            self.saves.draw(surface, self.fs(14), warn={i for i, info in enumerate(self.save_infos) if info.problem},
                            lines=2, framed=False, marked=marked)
        else:
            elsewhere = storage.stood_in_for()
            # a second window keeps its files in a temporary folder: "none yet" read as if the data folder's matches
            # were gone (a reliability audit)
            words = (f"none in this window's temporary folder; the data folder {elsewhere[0]}, where any saved "
                     f"matches of yours stay, is not used ({elsewhere[1]})" if elsewhere
                     else "none yet (Ctrl+S in a game saves one)")
            y = self.saves.rect.y + 4
            for line in text.wrap(words, self.fs(14), self.saves.rect.w - 16):
                if y + text.line_step(self.fs(14)) > self.saves.rect.bottom:
                    break
                text.draw(surface, line, (self.saves.rect.x + 8, y), self.fs(14), P.TEXT_DIM)
                y += text.line_step(self.fs(14))
        if self.saves_note:
            self._draw_lines(surface, self.saves_note_text, self.saves.rect.x, self.saves_note_y, P.WARNING)
        if self.renaming is not None:
            self.rename_field.focused = True
            self.rename_field.draw(surface, size)
        else:
            # one size for the three (Load's had been larger than Rename's and Delete's); a key hint goes
            # before the words shrink (Button.shown_label)
            trio = (self.load_button, self.rename_button, self.delete_button)
            common = Button.row_size(trio, size)
            for button in trio:
                button.draw(surface, common, same_size=True)
        self.quit_button.draw(surface, size)
        if self.hover_note:  # the saved match under the pointer, whole (a row shows two lines of it)
            self._draw_in(surface, self.hover_note, self.footer, self.fs(15), P.TEXT)
        else:
            said = self.message
            if said == BACK_FROM_GAME and self.focused_widget() is not self.resume_button:
                said = f"{BACK_FROM_GAME_PLAIN[:-1]} · F1: help and the launcher's keys"
            self._draw_in(surface, said or KEYS_HINT, self.footer, self.fs(15), P.WARNING if said else P.TEXT_DIM)
        if self.confirm_quit:
            self.quit_choice.focused = self.quit_focus == "quit"  # what Enter does
            self.stay_choice.focused = self.quit_focus == "stay"
            self._draw_confirm(surface, "Quit Kong Tabletop?", self.quit_words(), (self.stay_choice, self.quit_choice))
        if self.deleting is not None:
            self.keep_choice.focused = self.delete_focus == "keep"
            self.delete_choice.focused = self.delete_focus == "delete"
            self._draw_confirm(surface, f"Delete {self.deleting.stem}?", self.delete_words(),
                               (self.keep_choice, self.delete_choice))
        if self.help_open:
            self._draw_help(surface)

    def _draw_bots(self, surface: pygame.Surface) -> None:
        """How the seats work, then each bot's note, whole ones only: the seated bots first, then the rest
        weakest first as long as they fit; a line names those left out (or, with no room for it, says the
        help describes every bot)."""
        s = self.scale
        c = self.cols[1].inflate(-int(24 * s), 0)
        y = self._draw_lines(surface, self.seats_text, c.x, self.seats_text_y, P.TEXT_DIM) + int(10 * s)
        size = self.seats_text[0]
        step, gap, bottom = text.line_step(size), int(4 * s), self.cols[1].bottom - int(6 * s)
        every = self.bot_lines()
        rows_of = {e: text.wrap(e, size, c.w) for e in every}

        def height(entries: list[str], note: list[str]) -> int:
            return text.block_height(sum(len(rows_of[e]) for e in entries) + len(note), size) + gap * len(entries)

        def note_for(entries: list[str]) -> list[str]:
            others = [e.split(":")[0] for e in every if e not in entries]
            if not others:
                return []
            note = text.wrap(self.more_bots_note(others), size, c.w)
            return note if y + height(entries, note) <= bottom else text.wrap(self.more_bots_note(others, True), size, c.w)

        shown, left_out = self.bot_lines_shown(lambda entries: y + height(entries, note_for(entries)) <= bottom)
        self.bot_lines_drawn = (shown, left_out)
        for entry in shown:
            for line in rows_of[entry]:
                text.draw(surface, line, (c.x, y), size, P.TEXT)
                y += step
            y += gap
        for line in note_for(shown):
            text.draw(surface, line, (c.x, y), size, P.TEXT_DIM)
            y += step

    def _draw_confirm(self, surface: pygame.Surface, title: str, line: str, buttons: tuple[Button, ...] = ()) -> None:
        """A question in a box over the launcher, with its buttons (if any) in a row under the words."""
        s = self.scale
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill(P.SHADE)
        surface.blit(shade, (0, 0))
        size, gap = self.fs(16), int(16 * s)
        button_w = max([text.measure(f"{b.label}  [{b.hint}]", size)[0] + int(32 * s) for b in buttons], default=0)
        button_h = int(38 * s * text.SCALE) if buttons else 0
        w = max(text.font(self.fs(24), bold=True).size(title)[0], text.font(size).size(line)[0],
                len(buttons) * (button_w + gap)) + int(60 * s)
        box = pygame.Rect(0, 0, min(w, surface.get_width() - 20), int(130 * s))
        inner = box.w - int(40 * s)
        button_w = min(button_w, (inner - gap) // 2)
        heading = text.fit_block(title, self.fs(24), inner, text.block_height(1, self.fs(24), True), 0.7, True)
        words = text.fit_block(line, size, inner, text.block_height(2, size), least=0.8)
        box.h = max(box.h, text.block_height(len(heading[1]), heading[0], True)
                    + text.block_height(len(words[1]), words[0]) + int(60 * s) + (button_h + gap if buttons else 0))
        box.center = (surface.get_width() // 2, surface.get_height() // 2)
        self.question_rect = box
        pygame.draw.rect(surface, P.PANEL, box, border_radius=10)
        pygame.draw.rect(surface, P.HIGHLIGHT, box, width=2, border_radius=10)
        y = self._draw_lines(surface, heading, box.x, box.y + int(22 * s), P.HIGHLIGHT, bold=True, centre=box.w)
        y = self._draw_lines(surface, words, box.x, y + int(18 * s), P.TEXT, centre=box.w)
        x = box.centerx - (len(buttons) * button_w + (len(buttons) - 1) * gap) // 2
        for k, button in enumerate(buttons):
            button.rect = pygame.Rect(x + k * (button_w + gap), y + gap, button_w, button_h)
            button.draw(surface, size)
