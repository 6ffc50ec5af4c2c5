"""Where the app keeps its files: the autosave, saved matches and the last launcher settings.

The folder is $KONG_TABLETOP_HOME if set (tests use this), else the platform's own data folder for
the app (platformdirs: $XDG_DATA_HOME/kong-tabletop or ~/.local/share/kong-tabletop on Linux,
~/Library/Application Support/kong-tabletop on macOS, %LOCALAPPDATA%\\kong-tabletop on Windows).
Earlier versions used the Linux rule everywhere: where that folder exists and the platform's does not
yet, its files are copied over on first use (the old folder is left as it was). A broken settings
file or autosave never keeps the app from starting: it is reported in one sentence and set aside
(renamed beside itself, kept for the player). Match files are written atomically by
games.match.Match.save; the temporary files of writes cut short by a crash are cleaned up at the
next start. A window holds an advisory lock on the folder (claim_data_folder), so a second copy of the
app keeps its files in a temporary session folder instead of writing over the first one's autosave.
"""

from __future__ import annotations

import atexit
import json
import os
import re
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

import platformdirs

from assets.reader import AssetError, parse_json, read_json, read_text
from games.match import FORMAT, write_atomic
from games.words import joined, write_fault

APP_DIR_NAME = "kong-tabletop"
SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.json"
SAVES_DIR = "saves"
STALE_AFTER_S = 60.0
"""A temporary file of write_atomic this old is left from a write that a crash cut short (a write takes
milliseconds)."""


class DamagedFileError(ValueError):
    """A settings file or autosave that cannot be used; the message names the file and the fault."""


_FALLBACK: list[Path] = []  # a session folder, when the data folder cannot be used
_FOLDER_NOTES: list[str] = []
_NOT_USED: dict[str, str] = {}  # data folders this session keeps away from -> why (another copy has it...)
_HELD: dict[str, list] = {}  # data folders this process holds the lock of -> [the open lock file, windows]
LOCK_FILE = "in-use.lock"


def data_dir() -> Path:
    """The app's folder, created on first use (with the files of an earlier version's folder).

    A folder that cannot be used (the name is taken by a file, no permission to create it, its saves
    folder blocked by a file, another copy of the app using it) never keeps the app from starting: this
    session then keeps its files in a temporary folder, and folder_notes() says so in one sentence for
    the launcher."""
    path = wanted_dir()
    if str(path) in _NOT_USED:
        return _session_folder(path, _NOT_USED[str(path)])
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return _session_folder(path, _blocked_why(exc))
    if _unwritable(path) or _unwritable(path / SAVES_DIR):
        # A folder that exists but cannot be written (its permissions) was used as it was: Resume offered, no
        # new game allowed, every autosave failing, and the moves since lost on leaving (an audit). The
        # session goes to a temporary folder with copies of its matches, so they resume and load as before.
        folder = _keep_away(path, "no permission to write in it")
        _copy_matches(path, folder)
        return folder
    return path


def _unwritable(folder: Path) -> bool:
    """Whether this process may not make files in `folder`, an existing folder (os.access reads the
    permissions as the system would apply them: the owner may lack them, root never does)."""
    return folder.is_dir() and not os.access(folder, os.W_OK | os.X_OK)


_COPIED: dict[str, tuple[int, int]] = {}  # files copied into the session folder -> (size, mtime_ns) as copied


def _copy_matches(source: Path, folder: Path, autosave: bool = True) -> None:
    """Copy the autosave (unless not `autosave`), the settings and the saved matches of a data folder that
    cannot be used into the session folder, once (files that cannot be read are left), and say so after the
    folder's note."""
    if any(k.startswith(str(folder)) for k in _COPIED) or source == folder:
        return
    pairs = [(source / name, folder / name) for name in ((AUTOSAVE_FILE,) if autosave else ()) + (SETTINGS_FILE,)]
    if (source / SAVES_DIR).is_dir():
        (folder / SAVES_DIR).mkdir(exist_ok=True)
        try:
            pairs += [(f, folder / SAVES_DIR / f.name) for f in (source / SAVES_DIR).iterdir() if f.is_file()]
        except OSError:
            pass
    copied = 0
    for src, dst in pairs:
        try:
            shutil.copy2(src, dst)
        except OSError:
            continue
        stat = dst.stat()
        _COPIED[str(dst)] = (stat.st_size, stat.st_mtime_ns)
        copied += 1
    if copied and _FOLDER_NOTES:
        _FOLDER_NOTES[-1] += (" Its autosave, settings and saved matches were copied there, so they resume and "
                              "load as before." if autosave else
                              " Its saved matches were copied there, so they load as before (its game in "
                              "progress stays with the window using it).")


def _copied_unchanged(path: Path) -> bool:
    """Whether `path` is a copy _copy_matches made that nothing has changed since."""
    try:
        stat = path.stat()
    except OSError:
        return False
    return _COPIED.get(str(path)) == (stat.st_size, stat.st_mtime_ns)


def wanted_dir() -> Path:
    """The data folder asked for: $KONG_TABLETOP_HOME, else the platform's (see the module's docstring)."""
    home = os.environ.get("KONG_TABLETOP_HOME")
    if home:
        return Path(home)
    return adopt_earlier_folder(platform_data_dir(), earlier_data_dir())


def _blocked_why(exc: OSError) -> str:
    if isinstance(exc, (FileExistsError, NotADirectoryError)):
        return "a file has that name"
    return exc.strerror or str(exc)


SESSION_PREFIX = "kong-tabletop-"


def _session_folder(wanted: Path, why: str) -> Path:
    if not _FALLBACK:
        folder = Path(tempfile.mkdtemp(prefix=SESSION_PREFIX))
        _FALLBACK.append(folder)
        _lock_session(folder, wanted)
        atexit.register(leave_session_folder, folder)
        _FOLDER_NOTES.append(f"The data folder {wanted} cannot be used ({why}); this session keeps its "
                             f"saves in {folder}, a temporary folder the app removes when it closes "
                             f"unless a match was saved or left unfinished in it.")
    return _FALLBACK[0]


def _keep_away(wanted: Path, why: str) -> Path:
    """Use the session folder instead of `wanted` from now on in this process, saying why."""
    _NOT_USED[str(wanted)] = why
    return _session_folder(wanted, why)


def claim_data_folder() -> Path:
    """Take the data folder for a window's session: an advisory lock (fcntl.flock) on a file in it, so a
    second copy of the app never writes over the first one's autosave. A copy that finds the lock held
    keeps its files in a temporary session folder instead and says why (folder_notes). Where fcntl is
    missing (Windows) there is no lock. Windows of one process share the lock (release_data_folder once
    for each claim). The folder in use is returned."""
    path = data_dir()
    held = _HELD.get(str(path))
    if held is not None:
        held[1] += 1
        return path
    if _FALLBACK and path == _FALLBACK[0]:
        return path
    try:
        import fcntl
    except ImportError:
        return path
    try:
        lock = open(path / LOCK_FILE, "a")
    except OSError:
        return path  # a folder where no file can be made: the autosave says so itself
    try:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        lock.close()
        folder = _keep_away(path, "another Kong Tabletop window is using it")
        # its saved matches, to load here too (an audit found none in a second window); not its autosave, the
        # game the first window has in hand
        _copy_matches(path, folder, autosave=False)
        return folder
    _HELD[str(path)] = [lock, 1]
    return path


def release_data_folder(path: Path) -> None:
    """A window closing gives back its claim; the lock goes with the last window of the process."""
    held = _HELD.get(str(path))
    if held is None:
        return
    held[1] -= 1
    if held[1] <= 0:
        del _HELD[str(path)]
        held[0].close()  # closing the file lets the lock go


def leave_session_folder(folder: Path) -> bool:
    """At the end of a session kept in a temporary folder: the folder is removed if it holds no match (a
    saved one, or an autosave); otherwise it stays, and one line on stderr says where, since the next
    session starts another folder and would never show those matches. True if it was removed."""
    if not folder.is_dir():
        return True
    saves = folder / SAVES_DIR
    new = [p for p in [folder / AUTOSAVE_FILE] + (list(saves.iterdir()) if saves.is_dir() else [])
           if p.exists() and not _copied_unchanged(p)]  # copies of a read-only folder's matches are not new
    kept = bool(new)
    if kept:
        sys.stderr.write(f"Kong Tabletop: this session's matches are in {folder}, a temporary folder; the "
                         f"next start of the app that can use its data folder takes them in among the saved "
                         f"matches (copy them elsewhere if that folder will not be usable).\n")
        return False
    shutil.rmtree(folder, ignore_errors=True)
    return not folder.exists()


_SESSION_LOCKS: list = []  # the open lock file of this process's session folder


WANTED_FILE = "data-folder.txt"  # in a session folder: the data folder it stands in for


def _lock_session(folder: Path, wanted: Path) -> None:
    """Hold a lock in this session's temporary folder while the process lives, and name the data folder it
    stands in for: a later session that holds that folder and finds this one unlocked knows it was left
    behind (rescue_session_folders)."""
    try:
        (folder / WANTED_FILE).write_text(str(wanted), encoding="utf-8")
    except OSError:
        return
    try:
        import fcntl

        lock = open(folder / LOCK_FILE, "a")
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        _SESSION_LOCKS.append(lock)
    except (ImportError, OSError):
        pass


def _left_behind(folder: Path) -> bool:
    """Whether a temporary session folder belongs to no running copy of the app (its lock is free, or it has
    none) and is this user's."""
    try:
        if not folder.is_dir() or folder.is_symlink() or folder.stat().st_uid != os.getuid():
            return False
    except (OSError, AttributeError):
        return False
    try:
        import fcntl
    except ImportError:
        return False
    try:
        with open(folder / LOCK_FILE, "a") as lock:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)  # let go when the file closes
    except OSError:
        return False  # held: a copy of the app is using it now
    return True


def rescue_session_folders(home: Path, warn=None, where: Path | None = None, settings_too: bool = False) -> list[Path]:
    """Matches left in temporary session folders by earlier sessions (a second copy of the app, or a data folder
    that could not be used, whose session was then killed, or closed with only a line on stderr to say where
    they were) are copied among the saved matches of the data folder this session holds, and the folder is
    removed: a reliability audit found such a game nowhere the launcher looks. An autosave becomes a saved
    match (unless nothing was played in it); a saved match already kept here (the same checksum) is not copied
    again. Only folders that stood in for `home`, the data folder this session holds, are looked at.
    `warn(sentence)` says what was found; the files made are returned. `where`: the folder to look in (the
    system's temporary folder). The matches go to this session's own folder: the data folder, or a session folder
    standing in for a data folder that stays read-only, whose earlier sessions' matches and (settings_too) latest
    settings then come along from one session to the next (a launcher audit: each session of a read-only folder
    began a new temporary folder, the last session's saves, autosave and text size nowhere to be seen)."""
    where = Path(tempfile.gettempdir()) if where is None else where
    made: list[Path] = []
    try:  # the autosave here: a session folder's copy of it (a folder that could not be written) is no news
        here = read_json(home / AUTOSAVE_FILE).get("checksum") if (home / AUTOSAVE_FILE).is_file() else None
    except (AssetError, OSError):
        here = None
    try:
        folders = sorted(p for p in where.glob(SESSION_PREFIX + "*") if p not in _FALLBACK)
    except OSError:
        return made
    folders = [f for f in folders if _stood_for(f) == str(home) and _left_behind(f)]
    # a session standing in for a read-only folder goes on from the last one: the newest autosave left becomes
    # this session's own (Resume continues it) while this session's is only the read-only folder's copy (a
    # regression audit: Resume offered the game from before the last session, that one only a saved row)
    mine = data_dir() / AUTOSAVE_FILE
    resume_from = None
    if settings_too and (not mine.is_file() or _copied_unchanged(mine)):
        left = [(f / AUTOSAVE_FILE).stat().st_mtime_ns for f in folders if (f / AUTOSAVE_FILE).is_file()]
        newest = max(left, default=None)
        resume_from = next((f / AUTOSAVE_FILE for f in folders if (f / AUTOSAVE_FILE).is_file()
                            and (f / AUTOSAVE_FILE).stat().st_mtime_ns == newest), None)
    resumed = False
    for folder in folders:
        if settings_too:
            _take_newer_settings(folder / SETTINGS_FILE)
        found = [folder / AUTOSAVE_FILE] if (folder / AUTOSAVE_FILE).is_file() else []
        if (folder / SAVES_DIR).is_dir():
            found += sorted(p for p in (folder / SAVES_DIR).glob("*.json") if p.is_file())
        failed = False
        for path in found:
            try:
                text = read_text(path)  # read once: parsed here, written as it is below
                data = parse_json(text)
                st = path.stat()
                game = data.get("game") if isinstance(data, dict) else None
                autosave = path.name == AUTOSAVE_FILE
                # the step being worked out when that session was killed (a Jenga push let go): it goes with
                # the copy and is played again when the copy is opened (a regression audit lost it here)
                step = _pending_note(path, data)
                if path == resume_from and isinstance(game, str) and (has_play(data) or step is not None):
                    # the read-only folder's own game, whose copy the autosave held, stays within reach as a saved
                    # match (a regression audit: from the second session on it was nowhere, skipped below as the
                    # read-only folder's autosave that this session's autosave no longer is)
                    _keep_aside(mine)
                    here = None
                    write_atomic(mine, text)
                    if step is not None:
                        write_atomic(pending_path(mine), step)
                    try:
                        os.utime(mine, ns=(st.st_atime_ns, st.st_mtime_ns))
                    except OSError:
                        pass
                    resumed = True
                    continue
                # a match a person saved is kept even before anyone moved; an autosave only with play in it
                if (not isinstance(game, str) or (autosave and not has_play(data) and step is None)
                        or (data.get("checksum") == here and step is None)
                        or (kept_copy(data.get("checksum")) is not None and step is None)):
                    continue
                target = saves_dir() / path.name
                if autosave or (target.exists() and not goes_on_from(data, target)):
                    # named, as set aside, by when it was played
                    target = save_new(game, lambda p: write_atomic(p, text, fresh=True), st.st_mtime)
                else:
                    # (a saved match that goes on from the one of its name here takes its place: a named save
                    # updated with Ctrl+S in a read-only folder's session came back under a name the app made,
                    # beside the name at its old turn: a regression audit)
                    write_atomic(target, text)
                if step is not None:
                    write_atomic(pending_path(target), step)
                try:  # the list shows a file's time: when the game was played, not when it was taken in
                    os.utime(target, ns=(st.st_atime_ns, st.st_mtime_ns))
                except OSError:
                    pass
                made.append(target)
            except (AssetError, OSError, ValueError):
                failed = True
        if not failed:
            shutil.rmtree(folder, ignore_errors=True)
    if resumed and warn is not None:
        warn("The last session's game, kept in a temporary folder, is the autosave again: Resume continues it.")
    if made and warn is not None:
        # one sentence for every folder (several left behind had made a line cut short at the largest text)
        names = ", ".join(p.name for p in made[:3]) + (f" and {len(made) - 3} more" if len(made) > 3 else "")
        warn(f"Matches that earlier sessions left in temporary folders are now among your saved matches: {names}"
             + (" (a move that was being worked out is played again when its match is opened)."
                if any(pending_path(p).exists() for p in made) else "."))
    return made


def goes_on_from(data: dict, target: Path) -> bool:
    """Whether the match `data` (a file's JSON, or Match.to_json()) is the match in `target` played further (or as
    far): the same game, config and seed, and `target`'s actions the first of its own."""
    try:
        kept = parse_json(read_text(target))
    except (AssetError, OSError, ValueError):
        return False
    return _played_on(data, kept)


def _played_on(data, kept) -> bool:
    """Whether the match `data` is the match `kept` (both a file's JSON) played further, or as far."""
    return (isinstance(data, dict) and isinstance(kept, dict)
            and all(kept.get(k) == data.get(k) for k in ("game", "config", "seed"))
            and isinstance(kept.get("actions"), list) and isinstance(data.get("actions"), list)
            and data["actions"][:len(kept["actions"])] == kept["actions"])


def further_in_saves(autosave: Path) -> Path | None:
    """The saved match, written after `autosave` was, that holds the autosave's game played further (the game
    was kept there when its autosave could not be written as it was left, App._autosave_again), or None. Only
    files newer than the autosave are read. The newest such file wins."""
    try:
        since = autosave.stat().st_mtime
    except OSError:
        return None
    newer = []
    for p in saved_matches():
        try:
            when = p.stat().st_mtime
        except OSError:  # removed meanwhile
            continue
        if when >= since:
            newer.append((when, p))
    if not newer:
        return None  # the usual case, read at every launcher build: the autosave itself is not read
    try:
        held = parse_json(read_text(autosave))
        moves = len(held["actions"])
    except (AssetError, OSError, ValueError, KeyError, TypeError):
        return None
    found = []
    for when, p in newer:
        try:
            data = parse_json(read_text(p))
        except (AssetError, OSError, ValueError):
            continue
        if _played_on(data, held) and len(data["actions"]) > moves:
            found.append((when, p))
    return max(found)[1] if found else None


def _keep_aside(autosave: Path) -> None:
    """Keep the game in `autosave` among the saved matches before the autosave is written over, if it has play
    in it and is not kept already."""
    try:
        text = read_text(autosave)
        data = parse_json(text)
    except (AssetError, OSError, ValueError):
        return
    if not isinstance(data, dict) or not isinstance(data.get("game"), str) or not has_play(data):
        return
    if kept_copy(data.get("checksum")) is not None:
        return
    save_new(data["game"], lambda p: write_atomic(p, text, fresh=True), autosave.stat().st_mtime)


def _stood_for(folder: Path) -> str | None:
    """The data folder a session folder stood in for (its data-folder.txt), or None."""
    try:
        return (folder / WANTED_FILE).read_text(encoding="utf-8")
    except (OSError, ValueError):
        return None


def _take_newer_settings(path: Path) -> None:
    """An earlier session folder's settings, when newer than this session's: they become this session's."""
    mine = data_dir() / SETTINGS_FILE
    try:
        if not path.is_file() or (mine.is_file() and mine.stat().st_mtime_ns >= path.stat().st_mtime_ns):
            return
        shutil.copy2(path, mine)
    except OSError:
        pass


def _pending_note(path: Path, data) -> str | None:
    """The text of the note beside a left-behind autosave naming the step that was being worked out when its
    session stopped, if it was taken in the very position the autosave holds (else None)."""
    note = pending_path(path)
    if path.name != AUTOSAVE_FILE or not note.is_file() or not isinstance(data, dict):
        return None
    try:
        text = read_text(note)
        body = parse_json(text)
    except (AssetError, OSError, ValueError):
        return None
    ok = (isinstance(body, dict) and body.get("format") == PENDING_FORMAT and isinstance(body.get("by"), int)
          and isinstance(body.get("action"), str) and body.get("after") == data.get("checksum"))
    return text if ok else None


def stood_in_for() -> tuple[str, str] | None:
    """(the data folder, why it is not used) while this session keeps its files in a temporary folder instead;
    None while it uses the data folder itself."""
    if not _FALLBACK or not _NOT_USED:
        return None
    wanted, why = next(iter(_NOT_USED.items()))
    return wanted, why


def folder_notes() -> list[str]:
    """Sentences about a data folder that could not be used (empty when all is well)."""
    return list(_FOLDER_NOTES)


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
    """The saved matches' folder, created on first use. A file (or a link leading nowhere) in the way of it
    sends this session to a temporary folder, naming what is in the way (it stopped the launcher and `play`
    with "cannot use .../saves: File exists": an audit)."""
    path = data_dir() / SAVES_DIR
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        if _FALLBACK and path.parent == _FALLBACK[0]:
            raise
        what = ("a link that leads to no folder" if path.is_symlink() else "a file, not a folder") \
            if isinstance(exc, (FileExistsError, NotADirectoryError)) else None
        why = (f"{path} is {what}: move or rename it to keep saves there" if what
               else f"its saves folder cannot be made: {exc.strerror or exc}")
        folder = _keep_away(path.parent, why)
        _copy_matches(path.parent, folder)  # its autosave and settings (a saves audit: Resume was greyed out)
        path = folder / SAVES_DIR
        path.mkdir(parents=True, exist_ok=True)
    return path


def new_save_path(game: str, when: float | None = None) -> Path:
    """A file name for a save that no file has now: the game and the local time (or the time `when`). To
    write one, use save_new, which keeps it new against another process saving at the same moment."""
    return next(_save_names(game, when))


def _save_names(game: str, when: float | None):
    """The names a save of `game` made at `when` may take, in order, skipping those taken now."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    n = 1
    while True:
        path = saves_dir() / (f"{game}-{stamp}.json" if n == 1 else f"{game}-{stamp}-{n}.json")
        if not os.path.lexists(path):
            yield path
        n += 1


def save_new(game: str, write, when: float | None = None) -> Path:
    """Write a new save of `game` under the first free name (new_save_path's) and return it: `write(path)`
    writes it as a new file only (Match.save or write_atomic with fresh=True), so a name another process
    took meanwhile goes to the next one instead of being written over (a saves audit: two games saved in the
    same second by a terminal and another terminal, or the window, shared a file, and one was lost)."""
    for path in _save_names(game, when):
        try:
            write(path)
        except FileExistsError:
            continue
        return path
    raise AssertionError("unreachable")  # _save_names never ends


def read_checksum(path: Path) -> str | None:
    """The checksum a match file holds (None: none can be read)."""
    try:
        data = read_json(path)
    except (AssetError, OSError):
        return None
    return data.get("checksum") if isinstance(data, dict) else None


def has_play(data) -> bool:
    """Whether a match (its file's JSON) holds play worth keeping: a decision by a person, or, at a table of
    bots only, by a bot. The opening dice and the cards dealt by themselves are not play: a game started
    and left at once is not kept. A file that cannot be read so far counts as played (it is kept)."""
    try:
        seats = data["config"]["seats"]
        people = {i for i, seat in enumerate(seats) if seat.get("bot") is None}
        deciders = {a["by"] for a in data["actions"] if isinstance(a.get("by"), int) and a["by"] >= 0}
    except (KeyError, TypeError, AttributeError):
        return True
    return bool(deciders & people) if people else bool(deciders)


_checksums: dict[tuple, object] = {}  # (path, mtime_ns, size) -> the checksum a saved match holds, if it holds


def kept_copy(checksum) -> Path | None:
    """The saved match that holds this very game, whatever its name (the same checksum: the same game,
    settings, seed and moves), or None. Only a file whose checksum holds for what it holds counts: a copy
    edited afterwards (its checksum field kept) is not that game, and was named as the game "kept" while
    the list marked it as one that will not load (an audit)."""
    from games.match import _checksum

    if not isinstance(checksum, str):
        return None
    for p in saved_matches():
        try:
            st = p.stat()
            key = (str(p), st.st_mtime_ns, st.st_size)
            if key not in _checksums:
                data = json.loads(p.read_bytes().decode("utf-8"))
                held = data.get("checksum") if isinstance(data, dict) else None
                whole = isinstance(held, str) and held == _checksum({k: v for k, v in data.items() if k != "checksum"})
                _checksums[key] = held if whole else None
        except (OSError, ValueError, RecursionError):
            continue
        if _checksums[key] == checksum:
            return p
    return None


def keep_previous_autosave() -> Path | None:
    """Copy the autosave into the saves folder before another game takes the autosave slot; None if there
    is no autosave, or nothing was played in it (has_play). A game already among the saved matches (a
    finished game is kept when it ends) is not copied again: its file is returned. Each game set aside gets its own file, named as a Ctrl+S save is, by its game and the
    time it was last played (GAME-YYYYmmdd-HHMMSS.json, -2, -3... if taken), so a second game set aside
    never replaces the first; the same autosave set aside twice is kept once. The copy is written
    atomically and keeps the autosave's time (the saved matches list shows a file's time: the copy's says
    when that game was last played, not when it was set aside); the autosave itself is left as it is."""
    source = autosave_path()
    if source.is_dir():
        # a folder where autosave.json goes holds no game to keep: Start and Load were refused with the save
        # dialog's "that is a folder; give a file name such as my-game.json" (a regression audit); the new
        # game's own autosave then says the folder is in the way
        return None
    try:
        data = source.read_bytes()
        st = source.stat()
    except FileNotFoundError:
        return None
    text = data.decode("utf-8", errors="replace")
    try:
        body = json.loads(text)
    except (ValueError, RecursionError):
        body = None
    if isinstance(body, dict):
        if not has_play(body):
            return None
        already = kept_copy(body.get("checksum"))
        if already is not None:
            return already
        further = further_in_saves(source)
        if further is not None:
            # an earlier point of a game kept further on among the saved matches (when its autosave failed): that
            # file is the game; a copy of the older point stood beside it as another unfinished game (a regression
            # audit loaded the further one and found both in the list)
            return further
    game = _game_named_in(text)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(st.st_mtime))
    path = saves_dir() / f"{game}-{stamp}.json"
    n = 2
    while path.exists():
        try:
            if path.read_bytes() == data:
                return path                 # this very game was set aside before
        except OSError:
            pass
        path = saves_dir() / f"{game}-{stamp}-{n}.json"
        n += 1
    write_atomic(path, text)
    try:
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    except OSError:
        pass            # the copy is kept all the same; only its time is the copy's
    return path


def _game_named_in(text: str) -> str:
    """The game a match file's text names (its "game" field), for a file name; "autosave" when it names
    none that can stand in a file name (the file is kept all the same: the launcher says why it will
    not load)."""
    try:
        game = json.loads(text).get("game")
    except (ValueError, AttributeError, RecursionError):
        return "autosave"
    return game if isinstance(game, str) and re.fullmatch(r"\w{1,40}", game, re.ASCII) else "autosave"


def set_aside(path: Path) -> Path | None:
    """Rename a damaged file beside itself as NAME.damaged (NAME.damaged-2, ... if taken), so nothing is
    lost and it no longer stands in the way; the new path, or None if it could not be renamed."""
    path = Path(path)
    target = path.with_name(f"{path.name}.damaged")
    n = 2
    while target.exists():
        target = path.with_name(f"{path.name}.damaged-{n}")
        n += 1
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


def _aside_note(path: Path) -> str:
    unreadable = path.exists() and not os.access(path, os.R_OK)  # its permissions, not its contents
    moved = set_aside(path)
    if not moved:
        return "it could not be set aside"
    if unreadable:
        # the file may be whole: it is set aside all the same, or the next write would replace it unread, and
        # the sentence says how to have it back (an audit found it read as damaged)
        return f"kept as {moved.name}: it may be whole; give it read permission and rename it {path.name} to use it"
    return f"kept as {moved.name}"


def check_autosave(warn=None) -> bool:
    """At start-up: set the autosave aside, with one sentence via warn, if it is not a match file at all
    (not JSON, the wrong kind of JSON, too deeply nested...). Only the file's header is read here; a
    file that passes is fully checked when it is resumed. True if the autosave (if any) was kept."""
    path = autosave_path()
    warn = warn or (lambda message: sys.stderr.write(message + "\n"))
    if not path.exists() and not path.is_symlink():
        return True
    try:
        data = read_json(path, DamagedFileError)
        if data.get("format") != FORMAT or not isinstance(data.get("config"), dict) \
                or not isinstance(data.get("actions"), list):
            raise DamagedFileError(f"{path}: not a Kong Tabletop match file")
    except DamagedFileError as exc:
        warn(f"Autosave not usable ({_short(exc, path)}); {_aside_note(path)}.")
        return False
    return True


def clean_stale_temporaries(now: float | None = None) -> list[Path]:
    """Remove the temporary files (.NAME.*.tmp) that writes cut short by a crash left in the app's
    folder and the saves folder; the file each would have replaced is untouched. Returns those removed."""
    now = time.time() if now is None else now
    removed = []
    for folder in (data_dir(), saves_dir()):
        for p in folder.glob(".*.tmp"):
            try:
                if p.is_file() and not p.is_symlink() and now - p.stat().st_mtime > STALE_AFTER_S:
                    p.unlink()
                    removed.append(p)
            except OSError:  # gone meanwhile, or not ours to remove
                continue
    return removed


def _short(exc: Exception, path: Path) -> str:
    """The fault, without the path (the sentence names the file) or the details in brackets, cut to a
    length that fits the launcher's status line."""
    text = str(exc).removeprefix(f"{path}: ").split(" (", 1)[0]
    if len(text) <= 72:
        return text
    cut = text[:69].rsplit(" ", 1)[0]  # at a word's end ("an earlier v...." read as a typo: an audit)
    return cut.rstrip(",;:") + "…"


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


# ---- the saved matches as the launcher lists them ----------------------------------------------
_inspected: dict[tuple, "SaveInfo"] = {}  # (path, mtime_ns, size) -> what inspect_save found
# The names the app gives (previous-autosave: the one copy earlier versions kept of a game set aside).
AUTO_NAME = re.compile(r"^(\w+-\d{8}-\d{6}(-\d+)?|previous-autosave|autosave)$")


class SaveInfo:
    """What the launcher says about a match file before anyone opens it: a row of words, or the reason it
    will not load (problem non-empty)."""

    def __init__(self, path: Path, problem: str = "", game: str = "", title: str = "", seats: str = "",
                 turn: int | None = None, when: str = "", over: bool = False, winners: str = ""):
        self.path, self.problem, self.game, self.title, self.seats = path, problem, game, title, seats
        self.turn, self.when, self.over, self.winners = turn, when, over, winners

    @property
    def label(self) -> str:
        if self.problem:
            return f"⚠ {self.path.stem}: will not load ({self.problem})"
        turn = f"turn {self.turn}" if self.turn is not None else "turn ?"
        state = f"finished, {self.winners}" if self.over and self.winners else ("finished" if self.over else turn)
        named = "" if AUTO_NAME.match(self.path.stem) else f"{self.path.stem}: "  # a name the player gave it
        # The time first, then the game and how far it went: rows of the same game between the same seats
        # differ there (two saved in one minute differ by their turn), and a long row is cut at its end in
        # the launcher's list, where the seats (up to four names) go.
        return f"{named}{self.when} · {self.title} · {state} · {self.seats}"


def inspect_save(path, titles: dict | None = None) -> SaveInfo:
    """Check a match file as far as can be done quickly, without opening it in a game, with the checks and
    the words of loading it (games.match): read and parsed as loading reads it, then everything loading
    checks before the replay (format, version, checksum, seed, config, bots, the form of the moves). A
    board game's moves are then replayed as loading replays them (instant for Donkey Kong and Monkey
    Dash), so a row the list shows whole is one that loads. A Jenga file is not replayed (that would run
    the physics): its turn is counted from the changes of the player acting, and a move the physics
    refuses is found only on loading. The answer is kept until the file changes."""
    from games import registry
    from games.core import GameError
    from games.match import FORMAT, Match, MatchFileError, _read

    path = Path(path)
    try:
        st = path.stat()
    except FileNotFoundError:
        return SaveInfo(path, "the file was removed")
    except OSError as exc:
        return SaveInfo(path, f"it cannot be read: {exc.strerror or exc}")
    key = (str(path), st.st_mtime_ns, st.st_size)
    if key in _inspected:
        return _inspected[key]
    when = time.strftime("%d %b %Y %H:%M", time.localtime(st.st_mtime))
    info = SaveInfo(path, when=when)
    try:
        data = _read(path)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise MatchFileError("not a Kong Tabletop match file")
        match = Match.unplayed(data)
        config = match.config
        spec = registry.games()[config.game]
        info.game = config.game
        info.title = (titles or {}).get(config.game, spec.title)
        variant = getattr(config, "variant", None)
        if variant and variant != getattr(spec, "default_variant", None):
            # the rules it is played by (every row of a game's variants read alike, and the launcher's variant
            # choice, which is for a new game, stood beside it lit on another: a variants audit)
            info.title += f" · {variant}"  # as the window's header says it (brackets nested in other sentences)
        info.seats = ", ".join(seat.name for seat in config.seats)
        if config.game.startswith("jenga"):
            match.check_steps(data["actions"])
            _jenga_turn(info, config, data["actions"], data.get("outcome"))
        else:
            match = Match.from_json(data)
            counted = getattr(match.state, "turn_count", None)
            if callable(counted):
                info.turn = counted() + (0 if match.is_over() else 1)
            else:
                seats = [step.by for step in match.history if step.by >= 0]
                info.turn = 1 + sum(1 for a, b in zip(seats, seats[1:]) if a != b)
            if match.is_over():
                _finished(info, config, match.state.winners())
    except MatchFileError as exc:
        info.problem = _reason(str(exc), path)
    except (GameError, RecursionError, MemoryError) as exc:  # what loading would meet, said the same way
        info.problem = _reason(str(exc) or type(exc).__name__, path)
    except AssetError as exc:
        # its game cannot be played here, a data file of it damaged (registry.broken): the row says so, and the
        # launcher and the other games go on (a tower file damaged stopped the app at its start: an audit)
        info.problem = _reason(f"its game cannot be played: {exc}", path)
    _inspected[key] = info
    return info


def note_unloadable(path, message: str) -> None:
    """A file that failed to load (the physics refused a Jenga move, which inspect_save does not replay) is
    listed as one that will not load, with the reason, until the file changes: the list had gone on showing
    it as a whole game, "finished, Ann won" (a save audit)."""
    path = Path(path)
    try:
        st = path.stat()
    except OSError:
        return
    key = (str(path), st.st_mtime_ns, st.st_size)
    info = _inspected.get(key) or SaveInfo(path)
    info.problem = _reason(message, path)
    _inspected[key] = info


def _match_in_another_encoding(path: Path) -> bool:
    """Whether a file that is not UTF-8 text names the match format near its start (a match file an editor
    wrote back in Latin-1, say), rather than being a picture or a document."""
    from games.match import FORMAT

    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return False
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in head[:4]:  # UTF-16 (Notepad's "Unicode")
        codec = "utf-16" if head.startswith((b"\xff\xfe", b"\xfe\xff")) else (
            "utf-16-le" if head[1:2] == b"\x00" else "utf-16-be")
        head = head[: len(head) // 2 * 2].decode(codec, errors="replace").encode("utf-8", errors="replace")
    else:
        try:
            head[:-4].decode("utf-8")  # UTF-8 (a character cut at the end of the 4,096 bytes aside): its own fault
            return False
        except UnicodeDecodeError:
            pass  # Latin-1 and the like
    return head.lstrip().startswith(b"{") and f'"{FORMAT}"'.encode() in head


def _reason(message: str, path: Path) -> str:
    """A loading refusal as a row's reason: without the file's name (the row names it), on one line."""
    for prefix in (f"{path}: ", f"{path.name}: "):
        while message.startswith(prefix):
            message = message[len(prefix):]
    if message.endswith("the file is not UTF-8 text") or message.startswith("not valid JSON"):
        if _match_in_another_encoding(path):
            # an editor wrote a match file back in another encoding: it read as "not a Kong Tabletop match file"
            # (a reliability audit)
            return "a match file written in another text encoding, not UTF-8 as saved: it will not load"
        if message.endswith("the file is not UTF-8 text"):
            return "not a Kong Tabletop match file"  # a picture or a document dropped on the window
    if message.startswith("not valid JSON"):
        return "not valid JSON: cut short or edited"  # the line and column are of no use to a player
    message = " ".join(message.split())
    return message if len(message) <= 200 else message[:197] + "..."


def _jenga_turn(info: SaveInfo, config, actions: list, outcome=None) -> None:
    """The turn of a Jenga file as its outcome keeps it (or, in a file from before 7 Dec, counted from the changes
    of the player acting), and whether it is finished from the outcome it keeps (under its checksum; a file
    saved before outcomes were kept does not say)."""
    if isinstance(outcome, dict) and isinstance(outcome.get("turn"), int) and outcome["turn"] >= 1:
        info.turn = outcome["turn"]  # kept since 7 Dec: the changes of seat are one behind once a turn ends
    else:
        seats = [a["by"] for a in actions if a["by"] >= 0]
        info.turn = 1 + sum(1 for a, b in zip(seats, seats[1:]) if a != b)
    if isinstance(outcome, dict) and outcome.get("over") is True and isinstance(outcome.get("winners"), list):
        won = [w for w in outcome["winners"] if isinstance(w, int) and 0 <= w < len(config.seats)]
        _finished(info, config, won)


def _finished(info: SaveInfo, config, won: list[int]) -> None:
    """Mark the row of a finished game, with who won."""
    names = [s.name for s in config.seats]
    info.over = True
    info.winners = joined([names[w] for w in won]) + " won" if won else "a draw"


def rename_save(path, new_name: str) -> Path:
    """Give a saved match another file name (in the saves folder, '.json' kept); raises ValueError with
    a sentence when the name is unusable or taken."""
    path = Path(path)
    name = new_name.strip()
    if name.lower().endswith(".json"):
        name = name[:-5].strip()
    if not name:
        raise ValueError("A saved match needs a name.")
    bad = sorted({ch for ch in name if ch in '/\\:*?"<>|' or not ch.isprintable()})
    if bad or name.startswith("."):
        raise ValueError(f"A name cannot contain {' '.join(bad) if bad else 'a leading dot'}.")
    target = path.with_name(name + ".json")
    if target == path:
        return path
    if target.exists():
        raise ValueError(f"There is already a saved match called {name}.")
    os.rename(path, target)
    if pending_path(path).is_file():  # the note of a step to play again goes with its match
        try:
            os.replace(pending_path(path), pending_path(target))
        except OSError:
            pass
    return target


def is_named_save(path: Path) -> bool:
    """Whether `path` is a saved match in the saves folder with a name a player gave it ("Evening game"), not one
    the app made (AUTO_NAME)."""
    try:
        return path.parent.resolve() == saves_dir().resolve() and not AUTO_NAME.match(path.stem)
    except OSError:
        return False


def undeletable(path) -> str | None:
    """Why the saved match `path` cannot be deleted, or None: a session kept in a temporary folder works on
    copies of the data folder's matches, and one whose original is in a folder that cannot be written would be
    back at the next start (a saves audit: "Deleted", and the row came back)."""
    path = Path(path)
    if not (_FALLBACK and path.parent == _FALLBACK[0] / SAVES_DIR):
        return None
    original = wanted_dir() / SAVES_DIR / path.name
    if original.is_file() and _unwritable(original.parent):
        return (f"it is this session's copy of {original}, and that folder cannot be written, so it would be "
                "listed again at the next start")
    return None


def delete_save(path) -> None:
    """Remove a saved match file (the launcher asks first), and the note of a step beside it if it has one."""
    Path(path).unlink(missing_ok=True)
    pending_path(Path(path)).unlink(missing_ok=True)


def load_settings(warn=None) -> dict:
    """The last launcher settings, or {} if there are none. A broken file (unreadable, not JSON, not a
    JSON object) is reported via warn in one sentence and set aside (renamed beside itself)."""
    path = data_dir() / SETTINGS_FILE
    warn = warn or (lambda message: sys.stderr.write(message + "\n"))
    if not path.exists() and not path.is_symlink():
        if _FALLBACK and path.parent == _FALLBACK[0]:
            # a session kept in a temporary folder starts from the data folder's settings, only read (a second
            # copy of the app opened at the normal text size where the player had chosen the largest: an audit)
            try:
                settings = read_json(wanted_dir() / SETTINGS_FILE, DamagedFileError)
                return settings if isinstance(settings, dict) else {}
            except (DamagedFileError, OSError):
                return {}
        return {}
    try:
        return read_json(path, DamagedFileError)
    except DamagedFileError as exc:
        warn(f"Settings ignored ({_short(exc, path)}); {_aside_note(path)}.")
        return {}


def keep_settings_copy() -> Path | None:
    """Copy the settings file beside itself as settings.json.before (over an older copy), before the
    launcher writes its defaults over values it could not use; the copy's path, or None if none was made."""
    path = data_dir() / SETTINGS_FILE
    copy = path.with_name(SETTINGS_FILE + ".before")
    try:
        shutil.copyfile(path, copy)
    except OSError:
        return None
    return copy


def save_settings(settings: dict) -> None:
    """Write the settings atomically (a temporary file renamed over the old one)."""
    write_atomic(data_dir() / SETTINGS_FILE, json.dumps(settings, indent=1, sort_keys=True))


PENDING_FORMAT = "kong-tabletop-pending-step"


def pending_path(autosave: Path | None = None) -> Path:
    """The file beside the autosave that names a person's step still being worked out (see note_pending)."""
    autosave = autosave_path() if autosave is None else Path(autosave)
    return autosave.with_name(autosave.name + ".pending")


def pending_step(match, autosave: Path | None = None) -> tuple[int, str] | None:
    """(seat, action) of a person's step that was still being worked out when the app stopped (a Jenga push
    let go: the simulator takes a second or so), when the autosave `match` was read from holds the very
    position it was taken in; None otherwise (none, another position, a damaged file)."""
    try:
        data = read_json(pending_path(autosave)) if pending_path(autosave).is_file() else None
    except (AssetError, OSError):
        return None
    if not isinstance(data, dict) or data.get("format") != PENDING_FORMAT:
        return None
    by, action = data.get("by"), data.get("action")
    if not isinstance(by, int) or isinstance(by, bool) or not isinstance(action, str):
        return None
    return (by, action) if data.get("after") == match.to_json()["checksum"] else None


class AutosaveWriter:
    """Writes the autosave on a background thread so a slow disk never stalls a frame.

    The match is serialised on the caller's thread (Match.to_json, the same content Match.save
    writes), and only the newest pending text is written; flush() waits until it is on disk. The
    thread lives only while there is something to write: it starts with a submit and ends once
    nothing is pending (a writer waiting for ever, one for every window opened, was left behind before).

    A person's step that takes time to work out (a Jenga push let go) is named beside the autosave while it
    is (note_pending), so an app killed meanwhile loses no move: Resume plays it again (pending_step). A
    reliability audit killed the app in the second after a push that toppled the tower had been let go and
    got the standing tower back. The note goes once the autosave holds another position.
    """

    def __init__(self, path: Path):
        self.path = Path(path)
        self.pending_path = pending_path(self.path)
        self.error = ""  # what stopped the last write, in words (write_fault); "" once a write succeeds
        self._failures = 0  # writes that failed after one that succeeded (or after the first)
        self._told = 0  # of those, how many new_failure() has handed on
        self._pending: str | None = None
        self._checksum = ""  # the pending text's match checksum
        self._step_done = True  # the step named beside the autosave (note_pending) was committed or refused
        self._cond = threading.Condition()
        self._busy = False  # a thread is writing or about to look for the next text

    def note_pending(self, match, by: int, action: str) -> None:
        """Name a person's `action` (seat `by`), taken in `match`'s position and still being worked out."""
        body = {"format": PENDING_FORMAT, "after": match.to_json()["checksum"], "by": by, "action": action}
        with self._cond:
            self._step_done = False
            try:
                write_atomic(self.pending_path, json.dumps(body))
            except OSError:
                pass  # insurance only: a folder that cannot be written has the autosave's own word

    def pending_done(self) -> None:
        """The step named by note_pending was committed (or refused): its note goes with the next autosave
        written, whatever position that holds. A regression audit undid a push in the frame after it was
        worked out; the writer, which writes only the newest position, wrote the undone one, the very position
        the note was taken in, so the note stayed and Resume played the undone push again."""
        with self._cond:
            self._step_done = True
            if self._pending is None and not self._busy and self.pending_path.exists():
                self._drop_pending("")  # nothing left to write: the autosave holds the step's position or later

    def _drop_pending(self, checksum: str) -> None:
        """After the newest autosave is written: the note of a pending step goes unless it was taken in the
        position just written and its step is still being worked out (called with the lock held)."""
        if not self.pending_path.exists():
            return
        try:
            data = read_json(self.pending_path)
        except (AssetError, OSError):
            data = None
        if self._step_done or not isinstance(data, dict) or data.get("after") != checksum:
            try:
                self.pending_path.unlink()
            except OSError:
                pass

    def submit(self, match) -> None:
        body = match.to_json()
        text = json.dumps(body, indent=1)
        with self._cond:
            self._pending = text
            self._checksum = body["checksum"]
            if not self._busy:
                self._busy = True
                threading.Thread(target=self._run, name="autosave", daemon=True).start()

    def _run(self) -> None:
        while True:
            with self._cond:
                if self._pending is None:
                    self._busy = False
                    self._cond.notify_all()
                    return
                text, self._pending = self._pending, None
                checksum = self._checksum
            try:
                write_atomic(self.path, text)
                self.error = ""
                with self._cond:
                    if self._pending is None:  # the newest position is on disk
                        self._drop_pending(checksum)
            except OSError as exc:  # a full disk must not end the game; report it once
                with self._cond:
                    if not self.error:
                        self._failures += 1
                        sys.stderr.write(f"Autosave failed: {exc}\n")
                    # a folder standing where the autosave goes is said as such: write_fault's "give a file name such
                    # as my-game.json" is the save dialog's advice (a regression audit)
                    self.error = (f"{self.path} is a folder, not a file (move it away)"
                                  if isinstance(exc, IsADirectoryError) else write_fault(exc, str(self.path)))

    def new_failure(self) -> str:
        """What stopped the autosave, in words, once for each new failure (a run of failed writes is one,
        until a write succeeds again); "" when there is nothing new to tell."""
        with self._cond:
            if self._told == self._failures or not self.error:
                return ""
            self._told = self._failures
            return self.error

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until every submitted autosave is written."""
        with self._cond:
            self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)
