"""What an audit of bad input found, replayed on real files and the real app (SDL's dummy driver):

- a match file nested 100,000 lists deep in the saves folder stopped the launcher at every start
  (RecursionError in the saved-matches list);
- a NUL or a lone surrogate in a seat name (an edited settings file, match file or autosave) crashed the
  window's text at every start;
- the launcher's list showed files that loading then refused (a seed written as text, an unknown bot, one
  seat), and gave other reasons than loading for others;
- Donkey Kong's and Monkey Dash's check_action raised AttributeError for an action that is not a string;
- a refusal quoted a typed line of any length whole (a million characters in, two million out).
"""

from __future__ import annotations

import copy
import json

import numpy as np
import pygame
import pytest

from games import registry
from games.core import MESSAGE_LIMIT, ActionSyntaxError, ConfigError, GameError, Seat, name_fault
from games.match import Match, MatchFileError, _checksum
from render import storage, text
from render.app import App

from .test_stumbles import home, key  # noqa: F401 (home: the autouse scratch folder for saves)


def signed(data: dict) -> dict:
    """A match file's JSON with its checksum made again (as a hand edit that knows the format would)."""
    data = {k: v for k, v in data.items() if k != "checksum"}
    data["checksum"] = _checksum(data)
    return data


def a_saved_match(game="monkey_dash") -> dict:
    spec = registry.get(game)
    match = Match(spec.make_config([Seat("Ann"), Seat("Bot", list(spec.bots)[0])]), seed=4)
    for _ in range(6):
        if match.is_over():
            break
        match.step() if match.current_player < 0 or match.current_player in match.bots else \
            match.play(match.state.legal_actions()[0])
    return match.to_json()


def test_a_deeply_nested_file_among_the_saves_is_a_row_that_will_not_load(home):
    saves = storage.saves_dir()
    saves.mkdir(parents=True, exist_ok=True)
    (saves / "deep.json").write_text("[" * 100000 + "]" * 100000)
    app = App()
    try:
        app.draw()
        rows = app.screen.saves.items
        assert any(row.startswith("⚠ deep: will not load (it nests lists or objects too deeply") for row in rows), rows
        # Dropped on the window: one sentence, the app goes on.
        app.handle(pygame.event.Event(pygame.DROPFILE, file=str(saves / "deep.json")))
        assert app.screen.message.startswith("Cannot open the dropped file: deep.json: it nests")
    finally:
        app.close()


@pytest.mark.parametrize("name", ["A\x00B", "\ud800", "a\nb", "\u202eevil", "", "   ", "x" * 41])
def test_a_seat_name_that_cannot_be_shown_is_refused_by_the_config(name):
    spec = registry.get("donkey_kong")
    assert name_fault(name)
    with pytest.raises(ConfigError, match="name"):
        spec.make_config([Seat(name), Seat("Bot", "random")])


def test_names_of_every_script_still_do():
    assert not any(name_fault(n) for n in ("Ann", "Zoë", "李小龍", "Player 1", "Careful hard bot 2", "🍌 Kong"))


@pytest.mark.parametrize("name", ["A\x00B", "\ud800"])
def test_a_broken_name_in_the_settings_gives_way_to_a_plain_one_and_the_launcher_starts(home, name):
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text(json.dumps(
        {"game": "donkey_kong", "seats": {"donkey_kong": [{"kind": "human", "name": name}, {"kind": "greedy"}]}}))
    app = App()
    try:
        app.draw()
        assert app.screen.seats[0].name.value == "Player 1"
        app.handle(key(pygame.K_RETURN))  # Start: the game opens with the plain name
        app.draw()
        assert app.screen.match.config.seats[0].name == "Player 1"
    finally:
        app.close()


@pytest.mark.parametrize("name", ["A\x00B", "\ud800"])
def test_a_match_file_with_a_broken_name_is_refused_with_the_reason_and_left_as_it_is(home, name):
    data = a_saved_match()
    data["config"]["seats"][0]["name"] = name
    saves = storage.saves_dir()
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / "named.json"
    path.write_text(json.dumps(signed(data)))
    before = path.read_bytes()
    with pytest.raises(MatchFileError, match="name .* cannot be shown"):
        Match.load(path)
    assert "cannot be shown in a name" in storage.inspect_save(path).problem
    app = App()  # and the launcher lists it as a file that will not load, without crashing
    try:
        app.draw()
        assert any(row.startswith("⚠ named: will not load") for row in app.screen.saves.items)
    finally:
        app.close()
    assert path.read_bytes() == before


def test_text_that_a_font_cannot_take_is_drawn_with_a_replacement_mark():
    pygame.init()
    for words in ("A\x00B", "caf\udce9.json"):  # a NUL; a file name the system could not decode
        assert text.render(words, 14, (255, 255, 255)).get_width() > 0
        assert text.measure(words, 14)[0] > 0


def edits():
    """Hand edits (checksum made again) that loading refuses: (what, edit)."""
    def seat_count(d):
        d["config"]["seats"] = d["config"]["seats"][:1]

    def set_(key, value):
        return lambda d: d.__setitem__(key, value)

    def config(key, value):
        return lambda d: d["config"].__setitem__(key, value)

    def bot(d):
        d["config"]["seats"][1]["bot"] = "nobody"

    def step(field, value):
        return lambda d: d["actions"][1].__setitem__(field, value)

    return [("seed as text", set_("seed", "12")), ("negative seed", set_("seed", -5)),
            ("seed as float", set_("seed", 3.0)), ("digest missing", lambda d: d.pop("state_digest")),
            ("unknown bot", bot), ("unknown variant", config("variant", "nope")), ("one seat", seat_count),
            ("by true", step("by", True)), ("by a seat it lacks", step("by", 7))]


@pytest.mark.parametrize("game", ["donkey_kong", "monkey_dash",
                                  pytest.param("jenga_classic", marks=pytest.mark.physics)])
@pytest.mark.parametrize("what, edit", edits(), ids=[w for w, _ in edits()])
def test_the_launchers_list_refuses_what_loading_refuses_with_loadings_words(home, game, what, edit):
    data = copy.deepcopy(a_saved_match(game))
    edit(data)
    saves = storage.saves_dir()
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / "edited.json"
    path.write_text(json.dumps(signed(data)))
    with pytest.raises(MatchFileError) as refused:
        Match.load(path)
    problem = storage.inspect_save(path).problem
    assert problem, what
    said = str(refused.value).removeprefix(f"{path}: ")
    assert " ".join(said.split())[:60] == problem[:60], (said, problem)


@pytest.mark.parametrize("game", ["donkey_kong", "monkey_dash"])
def test_check_action_refuses_what_is_not_a_string_with_the_games_error(game):
    spec = registry.get(game)
    state = spec.new_state(spec.make_config(players=2))
    while state.current_player() < 0:
        state.apply_action(state.chance_outcomes()[0][0])
    before = state.clone()
    for action in (None, 5, 3.5, True, ["x"], {}, np.int64(0), b"bytes"):
        with pytest.raises(ActionSyntaxError, match="an action is a string"):
            state.check_action(action)
    assert state.to_json() == before.to_json()


@pytest.mark.parametrize("game", ["donkey_kong", "monkey_dash",
                                  pytest.param("jenga_classic", marks=pytest.mark.physics)])
def test_a_refusal_of_a_huge_typed_line_stays_short(game):
    spec = registry.get(game)
    match = Match(spec.make_config([Seat("A"), Seat("B")]), 1)
    while match.current_player < 0:
        match.step()
    for action in ("play " + "q" * 3000, "sup N " + "w" * 3000, "x" * 1_000_000):
        with pytest.raises(GameError) as refused:
            match.play(action)
        assert len(str(refused.value)) <= MESSAGE_LIMIT, str(refused.value)[:200]
        assert "characters" in str(refused.value)  # it says how long the quoted line was


def test_terminal_play_says_when_its_data_folder_cannot_be_used(tmp_path):
    """Before: with KONG_TABLETOP_HOME naming a file, a terminal game left at the end of its input said only
    "your game is kept as /tmp/kong-tabletop-.../saves/...json", not that the folder asked for could not be
    used or that this one is not kept after the session."""
    import os
    import re
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    taken = tmp_path / "a file"
    taken.write_text("not a folder")
    env = {**os.environ, "KONG_TABLETOP_HOME": str(taken)}
    run = subprocess.run([sys.executable, "-m", "games", "play", "monkey_dash", "--seats", "human,greedy",
                          "--seed", "4", "--terminal"], input="1\n1\n", capture_output=True, text=True,
                         env=env, timeout=120)
    said = run.stdout + run.stderr
    assert "your game is kept as" in said
    assert f"The data folder {taken} cannot be used (a file has that name)" in said
    assert "a temporary folder the app removes when it closes unless a match was saved or left unfinished" in said
    folders = set(re.findall(r"(/\S*kong-tabletop-[^/\s,]+)", said))
    assert len(folders) == 1, folders
    folder = folders.pop()
    # the game left unfinished keeps the folder at exit, and the last line says where it is
    assert f"this session's matches are in {folder}, a temporary folder" in said
    assert list(Path(folder, "saves").iterdir())
    shutil.rmtree(folder, ignore_errors=True)


def test_remembered_settings_that_cannot_be_used_are_named_and_the_file_is_kept(home):
    """Before: a settings file with {"seed": -5}, an unknown palette or seven seats was replaced by the
    defaults without a word, and the next save wrote over the file. The launcher now names what it could
    not use and keeps the file as it was beside it."""
    home.mkdir(parents=True, exist_ok=True)
    settings = {"game": "donkey_kong", "seed": -5, "palette": "nope", "text_size": "huge",
                "variants": {"jenga_dk": "zzz"},
                "seats": {"jenga_dk": [{"kind": "human", "name": f"P{i}"} for i in range(7)]}}
    (home / "settings.json").write_text(json.dumps(settings))
    app = App()
    try:
        app.draw()
        said = app.screen.message
        assert said.startswith("Some remembered settings could not be used"), said
        assert "seed" not in said  # a seed in the file is ignored: the app no longer keeps one there
        for words in ('colours "nope"', 'text size "huge"', 'Donkey Kong Jenga variant "zzz"',
                      "the seats of Donkey Kong Jenga", "settings.json.before"):
            assert words in said, (words, said)
        assert json.loads((home / "settings.json.before").read_text()) == settings
    finally:
        app.close()


def test_unusable_settings_are_said_once_and_what_is_written_back_can_be_used(home):
    """A bad-input audit: the values named as unusable were written back as they were, so the same warning
    came at every launch. The first launch says it and keeps the file as it was; what it writes is the usable
    part, and the next launch says nothing. A name too long for a seat is cut where a word ends, as the seat
    shows it, and is no fault (it was named as "the seats of ... replaced by defaults" while kept)."""
    home.mkdir(parents=True, exist_ok=True)
    long_name = "Bartholomew the Magnificent of Somewhere"
    settings = {"game": "donkey_kong", "palette": "neon", "text_size": "enormous", "variants": {"donkey_kong": 3},
                "seats": {"donkey_kong": [{"kind": "human", "name": long_name}, {"kind": "greedy", "name": ""}]}}
    (home / "settings.json").write_text(json.dumps(settings))
    app = App()
    try:
        said = app.screen.message
        assert said.startswith("Some remembered settings could not be used") and "seats" not in said, said
        assert 'colours "neon"' in said and 'text size "enormous"' in said and "Donkey Kong variant 3" in said
        assert app.screen.seats[0].name.value == "Bartholomew the"
        written = json.loads((home / "settings.json").read_text())
        assert "palette" not in written and "text_size" not in written and written["variants"] == {}
        assert json.loads((home / "settings.json.before").read_text()) == settings
    finally:
        app.close()
    app = App()
    try:
        assert "could not be used" not in app.screen.message, app.screen.message
    finally:
        app.close()


def test_settings_that_can_be_used_say_nothing(home):
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text(json.dumps({"game": "monkey_dash", "seed": "12", "palette": "colour-blind",
                                                    "text_size": "large", "sound": False}))
    app = App()
    try:
        app.draw()
        assert "could not be used" not in app.screen.message
        assert not (home / "settings.json.before").exists()
    finally:
        app.close()
        from render import palette
        palette.use_palette("standard")
        text.use_size("normal")


def test_a_long_refusal_keeps_its_reason_past_a_name_with_an_apostrophe():
    """Found by a review: quotations were paired from the left, so the apostrophe of "Bob's" opened one, the
    long quoted action was not cut, and cutting the whole to its length dropped the reason at its end."""
    from games.core import short_message

    message = f"Bob's move {'x' * 900!r} is not legal: it is Ann's turn, and only Ann may move now"
    cut = short_message(message)
    assert len(cut) <= MESSAGE_LIMIT and cut.endswith("only Ann may move now") and "(900 characters)" in cut


def test_screens_read_the_pointer_through_render_pointer():
    """Found by a review: the Donkey Kong screen lit the card under pygame's own pointer, which in a window
    smaller than every layout is not where the screen's picture shows it. Screens and the tower view read
    the pointer through render.pointer (or the events they are given), never from pygame.mouse."""
    from pathlib import Path

    for path in list(Path("render/screens").rglob("*.py")) + list(Path("render/tower").rglob("*.py")) + \
            [Path("render/widgets.py"), Path("render/launcher.py")]:
        assert "pygame.mouse.get_pos" not in path.read_text(), path


def test_the_window_opens_at_the_size_a_person_left_it_and_a_bad_size_is_said(home):
    """A window-size audit: a player who enlarged the window to 1600x1000 found it at 1280x800 at every launch,
    while the text size and the risk tint came back. The size a person resized to is kept when the app closes
    and the next window opens at it (as far as the desktop holds it); a window nobody resized keeps no size; a
    size in the file that cannot be used is named with the other settings and the default stands in."""
    app = App()
    try:
        assert app.window.get_size() == (1280, 800)
    finally:
        app.close()
    assert "window_size" not in json.loads((home / "settings.json").read_text())
    app = App()
    try:
        app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=1000, size=(1600, 1000)))
    finally:
        app.close()
    assert json.loads((home / "settings.json").read_text())["window_size"] == [1600, 1000]
    app = App()
    try:
        assert app.window.get_size() == (1600, 1000)
    finally:
        app.close()
    for bad in ([100, 50], "big", [1600.5, 1000], [1600, 1000, 3], [True, 900]):
        settings = json.loads((home / "settings.json").read_text())
        settings["window_size"] = bad
        (home / "settings.json").write_text(json.dumps(settings))
        app = App()
        try:
            assert app.window.get_size() == (1280, 800), bad
            said = app.screen.message
            assert said.startswith("Some remembered settings could not be used") and "window size" in said, said
        finally:
            app.close()
        assert "window_size" not in json.loads((home / "settings.json").read_text())
