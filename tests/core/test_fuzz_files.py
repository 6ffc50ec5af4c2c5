"""Fuzzing the files the app reads at start and loads (issue 17): the autosave, the launcher settings
and match files. A damaged file never keeps the app from starting: it is refused in one sentence, set
aside beside itself with its bytes kept, and the launcher opens. A damaged match file is refused with
MatchFileError, never a crash; stale temporary files of cut-short writes are cleaned at start.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import time

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import registry
from games.core import Seat
from games.match import Match, MatchFileError, _checksum
from render import storage
from render.app import App
from render.launcher import LauncherScreen

EXAMPLES = 40  # per test: the README gives the totals
SLOW = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KONG_TABLETOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


JSON_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=False,
                         allow_infinity=False), st.text(max_size=20))
JSON_VALUES = st.recursive(JSON_SCALARS, lambda kids: st.one_of(st.lists(kids, max_size=4),
                           st.dictionaries(st.text(max_size=8), kids, max_size=4)), max_leaves=12)

DAMAGED_TEXT = st.one_of(
    st.sampled_from(["null", "[]", "[1, 2]", "7", "-3.5", '"a string"', "true", "", " ", "{", "{]", "NaN",
                     '{"seed": ' + "9" * 5001 + "}", '{"format": "kong-tabletop-match", "seed": ' + "9" * 5001 + "}",
                     '{"format": "kong-tabletop-match"}', '{"format": "kong-tabletop-match", "config": 3}',
                     '{"seed": "abc", "game": [], "variants": 7, "seats": "x", "sound": "loud"}']),
    st.integers(40, 100_000).map(_deep),
    JSON_VALUES.map(json.dumps),
    st.binary(max_size=60).map(lambda b: b.decode("latin-1")),
)


def _start_app(which: str, text: str):
    folder = storage.data_dir()
    path = folder / which
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    original = path.read_bytes()
    app = App()
    try:
        assert isinstance(app.screen, LauncherScreen)
        app.draw()
        app.screen.start()  # the launcher's own choices, whatever the settings held
        app.draw()
        return app, path, original
    finally:
        app.close()


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=SLOW)
@given(which=st.sampled_from([storage.AUTOSAVE_FILE, storage.SETTINGS_FILE]), text=DAMAGED_TEXT)
def test_the_app_starts_whatever_the_autosave_or_settings_hold(which, text):
    folder = storage.data_dir()
    for p in folder.iterdir():
        if p.is_file():
            p.unlink()
    app, path, original = _start_app(which, text)
    aside = sorted(folder.glob(f"{which}.damaged*"))
    if aside:  # refused and kept for the player, byte for byte
        assert aside[0].read_bytes() == original
    else:  # kept in place: it was usable (a settings object, or an autosave whose header reads)
        kept = json.loads(original)
        assert isinstance(kept, dict)
        if which == storage.AUTOSAVE_FILE:
            assert kept.get("format") == "kong-tabletop-match"


@pytest.mark.parametrize("which, text, words", [
    (storage.AUTOSAVE_FILE, "null", "Autosave not usable"),
    (storage.AUTOSAVE_FILE, "[1, 2]", "Autosave not usable"),
    (storage.AUTOSAVE_FILE, _deep(5000), "too deeply"),
    (storage.AUTOSAVE_FILE, '{"format": "kong-tabletop-match", "seed": ' + "9" * 5001 + "}", "5001 digits"),
    (storage.AUTOSAVE_FILE, '{"format": "kong-tabletop-match", "config": 3}', "not a Kong Tabletop match file"),
    (storage.SETTINGS_FILE, '"settings"', "Settings ignored"),
    (storage.SETTINGS_FILE, "12", "Settings ignored"),
    (storage.SETTINGS_FILE, _deep(3000), "too deeply"),
])
def test_a_refused_file_is_named_in_one_sentence_on_the_launcher_and_set_aside(which, text, words):
    path = storage.data_dir() / which
    path.write_text(text)
    app = App()
    try:
        message = app.screen.message
        assert words in message and f"kept as {which}.damaged" in message and "\n" not in message
        assert (storage.data_dir() / f"{which}.damaged").read_text() == text
        assert not path.exists()
    finally:
        app.close()


def test_a_seed_typed_as_letters_or_too_large_is_refused_on_start():
    app = App()
    try:
        launcher = app.screen
        for typed in ("abc", "²", "9" * 30):
            launcher.seed.value = typed
            launcher.start()
            assert isinstance(app.screen, LauncherScreen)
            assert launcher.message.startswith("The seed must be a whole number")
        launcher.seed.value = "12"
        launcher.start()
        assert not isinstance(app.screen, LauncherScreen) and app.screen.match.seed == 12
    finally:
        app.close()


def test_stale_temporary_files_are_cleaned_at_start_and_fresh_ones_kept():
    folder = storage.data_dir()
    (folder / storage.AUTOSAVE_FILE).write_text("{}")
    stale = [folder / ".autosave.json.x1.tmp", storage.saves_dir() / ".game.json.x2.tmp"]
    fresh = folder / ".settings.json.x3.tmp"
    for p in stale + [fresh]:
        p.write_text("half a save")
    old = time.time() - 3600
    for p in stale:
        os.utime(p, (old, old))
    App().close()
    assert not any(p.exists() for p in stale)
    assert fresh.exists()  # it may belong to a write going on right now


# ---- match files -------------------------------------------------------------------------------

def _saved_match(game: str) -> dict:
    spec = registry.get(game)
    match = Match(spec.make_config([Seat("Ann", "random"), Seat("Bob", "random")]), seed=5)
    match.advance(limit=12)
    return match.to_json()


GOOD = {game: _saved_match(game) for game in ("donkey_kong", "monkey_dash")}


def _nodes(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _nodes(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _nodes(v, path + (i,))


ODD = st.one_of(st.sampled_from([None, [], {}, "", -1, 2**63, 10**25, 1.5, True, "roll 7", {"by": 0},
                                 [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]), JSON_VALUES)


@pytest.mark.parametrize("game", sorted(GOOD))
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=SLOW)
@given(data=st.data(), resign=st.booleans())
def test_a_damaged_match_file_is_refused_with_one_error(game, data, resign, tmp_path):
    broken = copy.deepcopy(GOOD[game])
    where = data.draw(st.sampled_from([p for p in _nodes(broken) if p and p[0] != "checksum"]))
    parent = broken
    for key in where[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()) and isinstance(parent, dict):
        del parent[where[-1]]
    else:
        parent[where[-1]] = data.draw(ODD)
    if resign:  # an edit the checksum cannot catch: the rules and the replay must
        broken.pop("checksum", None)
        broken["checksum"] = _checksum(broken)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(broken))
    try:
        Match.load(path)
    except MatchFileError as exc:
        assert str(path) in str(exc) and "\n" not in str(exc)


@pytest.mark.parametrize("text", ["null", "[]", "3", _deep(10_000), '{"seed": ' + "9" * 5001 + "}", "{"])
def test_a_match_file_of_the_wrong_shape_is_refused(text, tmp_path):
    path = tmp_path / "match.json"
    path.write_text(text)
    with pytest.raises(MatchFileError):
        Match.load(path)


def test_a_match_file_that_is_a_pipe_is_refused_without_reading(tmp_path):
    fifo = tmp_path / "match.json"
    os.mkfifo(fifo)
    with pytest.raises(MatchFileError, match="not a regular file"):
        Match.load(fifo)  # opening a FIFO to read would wait for a writer for ever


def teardown_module():
    pygame.quit()


@pytest.mark.parametrize("game", ["donkey_kong", "monkey_dash", "jenga_classic", "jenga_dk", "jenga_mario"])
@pytest.mark.parametrize("damage", ["list", "empty", "missing field"])
def test_every_game_refuses_a_malformed_saved_position_with_the_one_match_error(game, damage):
    """One error class for match data: each game's State.from_json raises MatchFileError."""
    spec = registry.get(game)
    config = spec.make_config([Seat(f"P{i}") for i in range(spec.min_players)])
    good = spec.new_state(config).to_json()
    bad = {"list": [1, 2], "empty": {}, "missing field": {k: v for k, v in list(good.items())[1:]}}[damage]
    with pytest.raises(MatchFileError):
        spec.state_from_json(config, bad)


def test_a_data_folder_taken_by_a_file_never_keeps_the_app_from_starting(tmp_path, monkeypatch):
    """KONG_TABLETOP_HOME naming a file (or a folder that cannot be made): the app starts, says in one
    sentence where this session keeps its saves, and the file of that name is left as it was."""
    taken = tmp_path / "not-a-folder"
    taken.write_text("a note of the player's")
    monkeypatch.setenv("KONG_TABLETOP_HOME", str(taken))
    monkeypatch.setattr(storage, "_FALLBACK", [])
    monkeypatch.setattr(storage, "_FOLDER_NOTES", [])
    app = App()
    try:
        assert type(app.screen).__name__ == "LauncherScreen"
        message = app.screen.message
        assert message.startswith(f"The data folder {taken} cannot be used (a file has that name)")
        assert storage.data_dir().is_dir() and storage.data_dir() != taken
        storage.save_settings({"sound": False})
        assert (storage.data_dir() / "settings.json").exists()
    finally:
        app.close()
    assert taken.read_text() == "a note of the player's"


def test_a_session_folder_is_removed_at_exit_unless_it_holds_a_match(tmp_path, monkeypatch, capsys):
    """An audit found about 160 temporary session folders left in /tmp, though the launcher said the folder
    'is not kept after the session'. At exit the folder goes when it holds no match; one holding a saved
    match or an autosave stays (the next session makes another folder and would never list them), and a
    line on stderr says where it is."""
    empty = tmp_path / "kong-tabletop-empty"
    (empty / "saves").mkdir(parents=True)
    (empty / "settings.json").write_text("{}")
    assert storage.leave_session_folder(empty) and not empty.exists()
    assert capsys.readouterr().err == ""
    for kept_file in ("saves/donkey_kong-20261206-101500.json", "autosave.json"):
        folder = tmp_path / "kong-tabletop-kept"
        (folder / "saves").mkdir(parents=True)
        (folder / kept_file).write_text('{"a": "match"}')
        assert not storage.leave_session_folder(folder)
        assert (folder / kept_file).read_text() == '{"a": "match"}'
        assert f"this session's matches are in {folder}, a temporary folder" in capsys.readouterr().err
        shutil.rmtree(folder)


@pytest.mark.parametrize("text", ['{"game": "monkey_dash", "seats": ["Ann", "Bo', '{"a": [1, 2', '{"a": tr'])
def test_json_cut_short_is_said_to_be_cut_short_even_inside_a_string(text):
    """A file cut off inside a string read 'Unterminated string starting at' with no word of the cut (json
    places that fault where the string starts); it now says the file looks cut short, as for any other cut."""
    from assets.reader import parse_json
    with pytest.raises(ValueError) as refused:
        parse_json(text)
    said = str(refused.value)
    assert said.startswith("not valid JSON, it looks cut short (line 1, column ")
    assert "starting at)" not in said
