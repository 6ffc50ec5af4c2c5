"""Where the app keeps its files: the platform's data folder (platformdirs), and saves of the folder
earlier versions used carried over, never lost."""

from __future__ import annotations

import json
from pathlib import Path

from render import storage


def _earlier_folder(root: Path) -> Path:
    old = root / "kong-tabletop"
    (old / "saves").mkdir(parents=True)
    (old / "autosave.json").write_text('{"format": "kong-tabletop-match"}')
    (old / "saves" / "donkey_kong-20261130-101500.json").write_text('{"seed": 4}')
    return old


def _files(folder: Path) -> dict:
    return {str(p.relative_to(folder)): p.read_text() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_on_linux_the_folder_follows_xdg_data_home(tmp_path, monkeypatch):
    monkeypatch.delenv("KONG_TABLETOP_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert storage.data_dir() == tmp_path / "xdg" / "kong-tabletop" and storage.data_dir().is_dir()


def test_the_earlier_folder_is_copied_to_the_platforms_and_left_as_it_was(tmp_path, monkeypatch):
    """As on macOS or Windows: the platform's folder is elsewhere than the one earlier versions used."""
    monkeypatch.delenv("KONG_TABLETOP_HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    old = _earlier_folder(tmp_path / "home" / ".local" / "share")
    before = _files(old)
    new = tmp_path / "home" / "Library" / "Application Support" / "kong-tabletop"
    monkeypatch.setattr(storage, "platform_data_dir", lambda: new)
    assert storage.data_dir() == new
    assert _files(new) == before and _files(old) == before
    assert json.loads(storage.autosave_path().read_text()) == {"format": "kong-tabletop-match"}
    (new / "settings.json").write_text("{}")  # once the new folder is in use it is never overwritten
    assert storage.data_dir() == new and (new / "settings.json").exists()


def test_a_copy_that_fails_part_way_keeps_the_earlier_folder_in_use(tmp_path, capsys):
    old = _earlier_folder(tmp_path / "share")
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    assert storage.adopt_earlier_folder(blocked / "kong-tabletop", old) == old
    assert not (blocked / "kong-tabletop").exists() and (old / "autosave.json").exists()
    assert "keeps using" in capsys.readouterr().err


def test_nothing_is_copied_when_there_is_no_earlier_folder_or_the_new_one_exists(tmp_path):
    new = tmp_path / "new"
    assert storage.adopt_earlier_folder(new, tmp_path / "missing") == new and not new.exists()
    old = _earlier_folder(tmp_path / "share")
    new.mkdir()
    assert storage.adopt_earlier_folder(new, old) == new and _files(new) == {}
