"""A saves audit (8 Dec), with real files: a new save never writes over a file another process made after its
name was chosen, a file in the way of the saves folder still leaves the autosave to resume, a second window
lists the saved matches, a copy of a read-only folder's match is not "deleted" only to come back, the terminal's
`save "my game.json"` leaves the quotes out of the name, and a few messages read as sentences."""

from __future__ import annotations

import io
import json
import os
import tempfile
import time
from pathlib import Path

import pytest

from games.match import Match, MatchFileError, write_atomic
from render import storage
from render.app import App
from render.launcher import LauncherScreen
from tests.render.test_robust_saves import _new_process, _no_permission, home, monkey_dash, play_moves  # noqa: F401

WHEN = time.mktime((2026, 12, 8, 0, 23, 13, 0, 0, -1))


def _typed(*lines):
    """input() as a person types `lines`, then closes the input."""
    left = iter(lines)

    def read(prompt=""):
        try:
            return next(left)
        except StopIteration:
            raise EOFError from None

    return read


def _temporaries(folder):
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


# ---- a new save and another process saving in the same second (finding 1) -------------------------------
def test_a_fresh_write_never_replaces_a_file_and_leaves_no_temporary(tmp_path):
    there = tmp_path / "taken.json"
    there.write_text("another game")
    with pytest.raises(FileExistsError) as refused:
        write_atomic(there, "mine", fresh=True)
    assert refused.value.filename == str(there)
    assert there.read_text() == "another game" and _temporaries(tmp_path) == []
    write_atomic(tmp_path / "new.json", "mine", fresh=True)
    assert (tmp_path / "new.json").read_text() == "mine" and _temporaries(tmp_path) == []


def test_a_name_another_process_takes_meanwhile_goes_to_the_next_and_nothing_is_written_over():
    """The audit: two terminal games kept in the same second were both told 'kept as
    monkey_dash-20261208-002313.json'; the file held one of them, the other was lost."""
    mine = monkey_dash(seed=22)
    chosen = storage.new_save_path("monkey_dash", WHEN)
    assert chosen.name == "monkey_dash-20261208-002313.json"

    def meanwhile(path):
        if path == chosen:  # another process writes its game under that name just now
            path.write_text(json.dumps({"another": "game"}))
        mine.save(path, fresh=True)

    path = storage.save_new("monkey_dash", meanwhile, WHEN)
    assert path.name == "monkey_dash-20261208-002313-2.json"
    assert json.loads(chosen.read_text()) == {"another": "game"}  # left as the other process wrote it
    assert Match.load(path).seed == 22
    assert _temporaries(storage.saves_dir()) == []


def _another_process_saves_first(monkeypatch) -> list:
    """From now on, the first save written into the saved matches' folder meets another process's file of the
    same name, made after the name was chosen and before the save is written (write_atomic's temporary file
    is made in between); the files it made."""
    real = tempfile.mkstemp
    made = []

    def mkstemp(*args, prefix="", dir=None, **kwargs):
        target = Path(dir) / prefix[1:-1]  # write_atomic's ".NAME."
        if not made and Path(dir) == storage.saves_dir() and not target.exists():
            target.write_text("another process's save")
            made.append(target)
        return real(*args, prefix=prefix, dir=dir, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    return made


def test_ctrl_s_never_writes_over_a_save_another_process_made_meanwhile(monkeypatch):
    app = App(match=monkey_dash(seed=7))
    try:
        play_moves(app, 1)
        made = _another_process_saves_first(monkeypatch)
        path = app.save_match(app.screen.match)
        assert made and path != made[0] and made[0].read_text() == "another process's save"
        assert Match.load(path).seed == 7
    finally:
        app.close()


def test_the_terminal_never_keeps_its_game_over_one_another_process_made_meanwhile(monkeypatch):
    from games.terminal import play

    made = _another_process_saves_first(monkeypatch)
    out = io.StringIO()
    play(monkey_dash(seed=22), read=_typed("1"), out=out)
    kept = out.getvalue().split("your game is kept as ")[1].split(" (continue")[0]
    assert made and Path(kept) != made[0] and made[0].read_text() == "another process's save"
    assert Match.load(kept).seed == 22


# ---- a file in the way of the saves folder (finding 2), a second window (finding 5) -----------------------
def test_a_file_in_the_way_of_the_saves_folder_still_leaves_the_autosave_to_resume(home):  # noqa: F811
    (home / "saves").mkdir(parents=True)
    first = App(match=monkey_dash(seed=9))
    play_moves(first, 2)
    first.autosaver.flush()
    first.close()
    storage._HELD.clear()
    autosave = (home / "autosave.json").read_bytes()
    (home / "saves").rmdir()
    (home / "saves").write_text("not a folder")
    app = App()
    try:
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        storage.saves_dir()
        assert storage.data_dir() != home
        assert launcher.autosave_ok  # it was greyed out, the game said nowhere
        launcher.resume()
        assert app.screen.match.seed == 9
    finally:
        app.close()
    assert (home / "autosave.json").read_bytes() == autosave and (home / "saves").read_text() == "not a folder"


# ---- deleting a copy of a read-only folder's match (finding 3) ----------------------------------------
def test_a_copy_of_a_read_only_folders_match_is_not_deleted_only_to_come_back(home, monkeypatch):  # noqa: F811
    (home / "saves").mkdir(parents=True)
    first = App(match=monkey_dash())
    play_moves(first, 1)
    kept = first.save_match(first.screen.match)
    first.close()
    storage._HELD.clear()
    _no_permission(monkeypatch, {str(home): os.W_OK, str(home / "saves"): os.W_OK})
    app = App()
    try:
        launcher = app.screen
        copy = storage.saves_dir() / kept.name
        assert copy.is_file() and copy.parent != kept.parent
        launcher.saves.selected = launcher.save_files.index(copy)
        launcher.ask_delete()
        assert launcher.deleting is None  # not asked: it cannot be done
        assert launcher.message == (f"{kept.stem} cannot be deleted: it is this session's copy of {kept}, and that "
                                    "folder cannot be written, so it would be listed again at the next start.")
        assert copy.is_file() and kept.is_file()
        # a save made in this session is its own, and goes
        play = storage.save_new("monkey_dash", lambda p: monkey_dash(seed=3).save(p, fresh=True))
        assert storage.undeletable(play) is None
    finally:
        app.close()


# ---- the terminal's save FILE (finding 4) ------------------------------------------------------------
@pytest.mark.parametrize("typed", ['"my game.json"', "'my game.json'", "  my game.json  "])
def test_the_terminal_saves_under_the_name_without_its_quotes(tmp_path, typed):
    from games.terminal import play

    match = monkey_dash()
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        play(match, read=_typed("1", f"save {typed}", "quit"), out=out)
    finally:
        os.chdir(cwd)
    assert (tmp_path / "my game.json").is_file(), out.getvalue()
    assert "saved to my game.json" in out.getvalue()
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".json" or "'" in p.name or '"' in p.name] == \
        ["my game.json"]


def test_the_terminal_refuses_a_pair_of_empty_quotes_as_a_name(tmp_path):
    from games.terminal import play

    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        play(monkey_dash(), read=_typed("1", "save ''", "quit", "quit"), out=out)
    finally:
        os.chdir(cwd)
    assert "save needs a file name" in out.getvalue()
    assert not (tmp_path / "''").exists()


# ---- words (finding 8) ---------------------------------------------------------------------------------
def test_a_match_from_a_newer_version_says_so(tmp_path):
    path = tmp_path / "future.json"
    monkey_dash().save(path)
    data = json.loads(path.read_text())
    data["version"] += 1
    from games.match import _checksum

    data["checksum"] = _checksum({k: v for k, v in data.items() if k != "checksum"})
    path.write_text(json.dumps(data))
    with pytest.raises(MatchFileError, match=r"a newer Kong Tabletop saved it: open it there"):
        Match.load(path)


def test_a_string_holding_a_line_break_is_said_in_words():
    from assets.reader import parse_json

    with pytest.raises(ValueError) as refused:
        parse_json('{"game": "monkey\ndash"}')
    assert str(refused.value) == ("not valid JSON (line 1, column 17: a string holds a line break or another "
                                  "control character)")


def test_a_second_window_lists_the_saved_matches_but_leaves_the_first_windows_game_to_it(home):  # noqa: F811
    import subprocess
    import sys

    from tests.render.test_robust_saves import HOLDER, ROOT

    (home / "saves").mkdir(parents=True)
    earlier = App(match=monkey_dash(seed=4))
    play_moves(earlier, 1)
    kept = earlier.save_match(earlier.screen.match)
    earlier.close()
    storage._HELD.clear()
    first = subprocess.Popen([sys.executable, "-c", HOLDER.format(root=str(ROOT))], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, env={**os.environ, "KONG_TABLETOP_HOME": str(home)})
    try:
        assert first.stdout.readline().strip() == "ready"
        second = App()
        try:
            assert storage.data_dir() != home
            # it listed none ("none in this window's temporary folder"): an audit with 58 saves
            assert [p.name for p in storage.saved_matches()] == [kept.name]
            assert not storage.autosave_path().exists()  # the first window's game stays the first window's
            assert "Its saved matches were copied there" in " ".join(storage.folder_notes())
        finally:
            second.close()
    finally:
        first.stdin.close()
        first.wait(60)
    assert first.returncode == 0


def test_the_saved_matches_heading_counts_them(home):  # noqa: F811
    """The audit scrolled 58 saved matches, about six rows at a time, with no count anywhere."""
    app = App()
    try:
        assert app.screen.saves_heading() == "Saved matches (double-click; drop files here)"
        for seed in (1, 2, 3):
            storage.save_new("monkey_dash", lambda p, s=seed: monkey_dash(seed=s).save(p, fresh=True))
        app.screen._refresh_saves()
        app.draw()
        assert app.screen.saves_heading() == "3 saved matches (double-click; drop files here)"
        assert " ".join(app.screen.saves_title[1]) == "3 saved matches (double-click; drop files here)"
    finally:
        app.close()
