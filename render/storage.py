"""Where the app keeps its files: the autosave, saved matches and the last launcher settings.

The folder is $KONG_TABLETOP_HOME if set (tests use this), else $XDG_DATA_HOME/kong-tabletop, else
~/.local/share/kong-tabletop. A broken settings file is reported and ignored, never fatal; match
files are written atomically by games.match.Match.save.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

APP_DIR_NAME = "kong-tabletop"
SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.json"
SAVES_DIR = "saves"


def data_dir() -> Path:
    """The app's folder, created on first use."""
    home = os.environ.get("KONG_TABLETOP_HOME")
    if home:
        path = Path(home)
    else:
        base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
        path = Path(base) / APP_DIR_NAME
    path.mkdir(parents=True, exist_ok=True)
    return path


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


def saved_matches() -> list[Path]:
    """Saved match files, newest first."""
    files = [p for p in saves_dir().glob("*.json") if p.is_file()]
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


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
    path = data_dir() / SETTINGS_FILE
    fd, tmp = tempfile.mkstemp(prefix=".settings.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(settings, f, indent=1, sort_keys=True)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
