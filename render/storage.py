"""Where the app keeps its files: the autosave, saved matches and the last launcher settings.

The folder is $KONG_TABLETOP_HOME if set (tests use this), else the platform's own data folder for
the app (platformdirs: $XDG_DATA_HOME/kong-tabletop or ~/.local/share/kong-tabletop on Linux,
~/Library/Application Support/kong-tabletop on macOS, %LOCALAPPDATA%\\kong-tabletop on Windows).
Earlier versions used the Linux rule everywhere: where that folder exists and the platform's does not
yet, its files are copied over on first use (the old folder is left as it was). A broken settings
file is reported and ignored, never fatal; match files are written atomically by
games.match.Match.save.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import threading
import time
from pathlib import Path

import platformdirs

from games.match import write_atomic

APP_DIR_NAME = "kong-tabletop"
SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.json"
SAVES_DIR = "saves"
PREVIOUS_AUTOSAVE_FILE = "previous-autosave.json"


def data_dir() -> Path:
    """The app's folder, created on first use (with the files of an earlier version's folder)."""
    home = os.environ.get("KONG_TABLETOP_HOME")
    if home:
        path = Path(home)
    else:
        path = adopt_earlier_folder(platform_data_dir(), earlier_data_dir())
    path.mkdir(parents=True, exist_ok=True)
    return path


def platform_data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_DIR_NAME, appauthor=False))


def earlier_data_dir() -> Path:
    """Where versions before platformdirs kept the files, on every platform."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / APP_DIR_NAME


def adopt_earlier_folder(new: Path, old: Path) -> Path:
    """The folder to use: `new`, holding a copy of `old` if only `old` exists so far. If the copy fails
    part way, the partial copy is removed and `old` is used as it is: no save is lost either way."""
    if new == old or new.exists() or not old.is_dir():
        return new
    try:
        shutil.copytree(old, new)
    except OSError as exc:
        shutil.rmtree(new, ignore_errors=True)
        sys.stderr.write(f"Kong Tabletop keeps using {old}: copying it to {new} failed ({exc}).\n")
        return old
    return new


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_FILE


def saves_dir() -> Path:
    path = data_dir() / SAVES_DIR
    path.mkdir(parents=True, exist_ok=True)
    return path


def new_save_path(game: str) -> Path:
    """A fresh file name for a save: the game and the local time, never overwriting another."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = saves_dir() / f"{game}-{stamp}.json"
    n = 2
    while path.exists():
        path = saves_dir() / f"{game}-{stamp}-{n}.json"
        n += 1
    return path


def keep_previous_autosave() -> Path | None:
    """Copy the autosave into the saves folder as previous-autosave.json (replacing the last such copy),
    before another game takes the autosave slot; None if there is no autosave. The copy is written
    atomically; the autosave itself is left as it is."""
    try:
        data = autosave_path().read_bytes()
    except FileNotFoundError:
        return None
    path = saves_dir() / PREVIOUS_AUTOSAVE_FILE
    write_atomic(path, data.decode("utf-8", errors="replace"))
    return path


def saved_matches() -> list[Path]:
    """Saved match files, newest first."""
    stamped = []
    for p in saves_dir().glob("*.json"):
        try:
            if p.is_file():
                stamped.append((p.stat().st_mtime, p))
        except OSError:  # removed meanwhile
            continue
    return [p for _, p in sorted(stamped, key=lambda t: t[0], reverse=True)]


def describe_save(path: Path, titles: dict | None = None) -> tuple[str, str]:
    """(a line for the launcher's list, what is wrong with the file or '') from the file's header only:
    the game's title, the seats, the number of actions and when it was saved. Loading it replays and
    checks it fully; this only tells a damaged file apart before anyone tries."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("format") is None:
            return f"{path.stem} (damaged)", "not a match file"
        game = data["game"]
        title = (titles or {}).get(game, str(game))
        seats = ", ".join(str(s["name"]) for s in data["config"]["seats"])
        when = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
        n = len(data["actions"])
    except FileNotFoundError:
        return f"{path.stem} (gone)", "the file was removed"
    except (OSError, UnicodeDecodeError) as exc:
        return f"{path.stem} (damaged)", f"cannot be read: {exc}"
    except json.JSONDecodeError:
        return f"{path.stem} (damaged)", "not valid JSON"
    except (KeyError, TypeError):
        return f"{path.stem} (damaged)", "parts of a match file are missing"
    return f"{title} · {seats} · {n} action{'s' if n != 1 else ''} · {when}", ""


def load_settings(warn=None) -> dict:
    """The last launcher settings, or {} if there are none or the file is broken (reported via warn)."""
    path = data_dir() / SETTINGS_FILE
    warn = warn or (lambda message: sys.stderr.write(message + "\n"))
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        warn(f"Ignoring the saved launcher settings: {path} cannot be read ({exc}).")
        return {}
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        warn(f"Ignoring the saved launcher settings: {path} is not valid JSON ({exc.msg}, line {exc.lineno}).")
        return {}
    if not isinstance(data, dict):
        warn(f"Ignoring the saved launcher settings: {path} does not hold a JSON object.")
        return {}
    return data


def save_settings(settings: dict) -> None:
    """Write the settings atomically (a temporary file renamed over the old one)."""
    write_atomic(data_dir() / SETTINGS_FILE, json.dumps(settings, indent=1, sort_keys=True))


class AutosaveWriter:
    """Writes the autosave on a background thread so a slow disk never stalls a frame.

    The match is serialised on the caller's thread (Match.to_json, the same content Match.save
    writes), and only the newest pending text is written; flush() waits until it is on disk.
    """

    def __init__(self, path: Path):
        self.path = Path(path)
        self.error = ""
        self._pending: str | None = None
        self._cond = threading.Condition()
        self._busy = False
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def submit(self, match) -> None:
        text = json.dumps(match.to_json(), indent=1)
        with self._cond:
            self._pending = text
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._pending is None:
                    self._cond.wait()
                text, self._pending = self._pending, None
                self._busy = True
            try:
                write_atomic(self.path, text)
                self.error = ""
            except OSError as exc:  # a full disk must not end the game; report it once
                if not self.error:
                    sys.stderr.write(f"Autosave failed: {exc}\n")
                self.error = str(exc)
            with self._cond:
                self._busy = False
                self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until every submitted autosave is written."""
        with self._cond:
            self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)
