"""A long-session and bad-input audit (7 Dec): finished games held in memory until the app closed; a saved match
re-encoded by an editor listed as "not a Kong Tabletop match file"; a version written as text refused in words
that read as no fault; undo in a game of bots only said no move had been made beside 75 moves; a saved match
deleted outside the app stayed listed, Rename and Load then failing in other words. Checked on real files with
the app under SDL's dummy video driver."""

from __future__ import annotations

import gc
import json
import os
import weakref

import pygame
import pytest

from games import registry
from games.core import Seat
from games.match import Match, MatchFileError, _checksum
from render import storage
from render.app import App
from render.launcher import SAVES_LOOK_S, LauncherScreen

from .test_stumbles import home, key  # noqa: F401 (home: the autouse scratch folder for saves)


def finished(game="monkey_dash", seed=3, seats=("Ann", "Bob")) -> Match:
    spec = registry.get(game)
    match = Match(spec.make_config([Seat(n, spec.default_bot if game != "monkey_dash" else "greedy")
                                    for n in seats]), seed)
    while not match.is_over():
        match.step()
    return match


def test_the_finished_games_of_a_long_session_are_let_go_once_saved(home):  # noqa: F811
    """Each finished game is kept among the saved matches when the next one starts; the app then holds it no
    longer (it held every one, about 0.2 MB each, until it closed)."""
    app = App()
    try:
        gone = []
        for seed in (3, 4, 5):
            match = finished(seed=seed)
            app.start_match(match)
            app.screen.keep_finished()
            gone.append(weakref.ref(match))
            del match
        app.start_match(finished(seed=6))
        gc.collect()
        assert [ref() is None for ref in gone] == [True, True, True]
        assert len(storage.saved_matches()) >= 3  # their files stand
    finally:
        app.close()
        pygame.init()


def _saved(home, name="ann.json", change=None) -> os.PathLike:
    match = finished(seed=3)
    folder = storage.saves_dir()
    path = folder / name
    match.save(path)
    if change is not None:
        data = json.loads(path.read_text())
        change(data)
        data["checksum"] = _checksum({k: v for k, v in data.items() if k != "checksum"})
        path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_match_file_in_another_text_encoding_is_said_to_be_so(home):  # noqa: F811
    path = _saved(home)
    data = json.loads(path.read_text())
    data["config"]["seats"][0]["name"] = "Änn"
    path.write_bytes(json.dumps(data, ensure_ascii=False).encode("latin-1"))
    info = storage.inspect_save(path)
    assert info.problem == "a match file written in another text encoding, not UTF-8 as saved: it will not load"


@pytest.mark.parametrize("written", ["1", 1.0])
def test_a_version_written_otherwise_is_refused_in_words_that_say_so(home, written):  # noqa: F811
    path = _saved(home, change=lambda d: d.update(version=written))
    with pytest.raises(MatchFileError) as caught:
        Match.load(path)
    said = str(caught.value)
    assert f"its 'version' is written {json.dumps(written)}, where the whole number 1 belongs" in said
    assert "reads version 1" not in said
    assert "where the whole number 1 belongs" in storage.inspect_save(path).problem


def test_undo_in_a_game_of_bots_only_says_why_nothing_is_undone(home):  # noqa: F811
    match = finished(seed=3)
    app = App(match=match)
    try:
        app.draw()
        app.handle(key(pygame.K_z, pygame.KMOD_CTRL))
        assert app.screen.message == "Nothing to undo: bots play every seat, and undo takes back a person's moves."
    finally:
        app.close()
        pygame.init()


def test_a_saved_match_removed_outside_the_app_leaves_the_list(home):  # noqa: F811
    """Deleted in a file manager: within a second the launcher's list no longer shows it, the row chosen staying
    on its own file; one removed just before Rename or Load is said to be gone in its name, not a whole path."""
    first, second, third = (_saved(home, n) for n in ("first.json", "second.json", "third.json"))
    app = App()
    launcher = app.screen
    try:
        assert isinstance(launcher, LauncherScreen)
        app.tick(0.05)
        assert set(launcher.save_files) >= {first, second, third}
        launcher.saves.selected = launcher.save_files.index(third)
        first.unlink()
        app.tick(SAVES_LOOK_S + 0.05)
        assert first not in launcher.save_files and launcher.save_files[launcher.saves.selected] == third
        _saved(home, "fourth.json")  # one put there by another program shows too
        app.tick(SAVES_LOOK_S + 0.05)
        assert storage.saves_dir() / "fourth.json" in launcher.save_files
        assert launcher.save_files[launcher.saves.selected] == third
        third.unlink()  # gone between two looks
        launcher.start_rename()
        launcher.rename_field.value = "renamed"
        launcher.finish_rename()
        assert launcher.message == "third.json is no longer among the saved matches (moved or deleted outside the app)."
        assert third not in launcher.save_files
        launcher.saves.selected = launcher.save_files.index(second)
        second.unlink()
        launcher.load(second)
        assert launcher.message == "second.json is no longer among the saved matches (moved or deleted outside the app)."
        assert second not in launcher.save_files and isinstance(app.screen, LauncherScreen)
    finally:
        app.close()
        pygame.init()


@pytest.mark.physics
def test_super_mario_says_what_a_fall_pays_once_the_tower_has_come_down():
    """"If you make the tower fall, you must pay 10 coins ...; the player with the highest character collects 5
    coins." An ends audit (random bots, seed 2, three players): while the fall still played, under a banner
    saying who wins is said once the tower has come down, the seats already counted the coins, the status line
    said them and the move log's row too, so the winner (most coins) was known. They come once it is down."""
    from render.screens.registry import screen_for

    from .test_tower_screen import run

    pygame.display.init()
    surface = pygame.Surface((1280, 800))
    match = Match(registry.get("jenga_mario").make_config([Seat(f"R{i}", "random") for i in range(3)]), 2)
    screen = screen_for("jenga_mario")(match)
    screen.show_risk = False
    seen = []
    try:
        def watched():
            if match.is_over() and screen.playback is not None and not screen.show_result:
                before = [line for line in screen.piece_lines()]
                seen.append((before, screen.message if screen.message_time > 0 else "", list(screen.log.items)))
            return match.is_over() and screen.show_result
        assert run(screen, surface, watched, frames=6000)
        assert seen, "the fall was not played"
        state = match.state
        after = screen.piece_lines()
        steps = len(match.history)
        for lines, message, log in seen:
            assert lines != after  # the coins from before the fall
            assert "coins (" not in message
            assert not log or not log[-1].startswith(f"{steps}. ")
        assert any("coins (" in words for words in (screen.message,)), screen.message
        assert screen.log.items[-1].startswith(f"{steps}. ")
        assert [f"{c} coin" in line for c, line in zip(state.coins(), after)] == [True] * 3
    finally:
        screen.close()
