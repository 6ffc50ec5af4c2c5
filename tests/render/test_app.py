"""The desktop app driven headless (SDL's dummy video driver): launcher, generic game screen, files.

A whole toy game is played through synthetic key and mouse events against a bot to the result
screen; saving, leaving and resuming go through the same events a person would send.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time

import pygame
import pytest

from games import registry
from games.core import CHANCE, Seat
from games.match import Match
from render import palette as P
from render import storage
from render.app import App
from render.launcher import LauncherScreen
from render.screens.base import GameScreen
from render.screens.registry import screen_for
from tests import toy_race


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KONG_TABLETOP_HOME", str(tmp_path / "home"))
    was_registered = "toy_race" in registry.games()  # other test modules register it for good
    registry.register(toy_race.SPEC)
    yield tmp_path / "home"
    if not was_registered:
        registry.unregister("toy_race")


def key(k, mod=0, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def click(pos):
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def toy_match(seed=3, seats=None):
    spec = registry.get("toy_race")
    return Match(spec.make_config(seats or [Seat("Ann"), Seat("Rando", "random")]), seed)


def play_a_move(app):
    """The opening roll, then Ann's first move: the game on screen has been played."""
    app.tick(1.0)
    assert app.screen.play(app.screen.legal[0])


def test_generic_screen_draws_the_turn_banner_and_choices(tmp_path):
    app = App(match=toy_match())
    app.tick(1.0)  # the opening die roll, played at the chance pace
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "toy.png"))
    assert surface.get_size() == (1280, 800)
    screen = app.screen
    assert type(screen) is GameScreen and screen.legal == ["walk 1", "walk 2", "pass"]
    # Ann is seat 1: her vermillion mark sits at the left of the banner.
    banner = screen.rects["banner"]
    assert surface.get_at((16 + 14 - 8, banner.centery))[:3] == P.seat_colour(0)
    # The selected choice has a yellow frame in the choices panel.
    row = screen.actions.rect
    assert surface.get_at((row.x, row.y + 5))[:3] == P.HIGHLIGHT
    colours = {surface.get_at((x, y))[:3] for x in range(0, 1280, 37) for y in range(0, 800, 29)}
    assert len(colours) > 4


def test_a_person_beats_or_loses_to_a_bot_by_keys_then_play_again(home):
    app = App(match=toy_match(seed=11))
    screen = app.screen
    for _ in range(2000):
        if screen.show_result:
            break
        if screen.match.waiting_for_human():
            app.handle(key(pygame.K_1))  # always walk 1
        else:
            app.handle(key(pygame.K_SPACE))  # skip the bot's pause
        app.tick(0.05)
        app.draw()
    else:
        pytest.fail("the game did not reach its result screen")
    for _ in range(20):  # the result waits a moment after the last move
        app.tick(0.1)
    assert screen.show_result and screen.match.is_over()
    # Under "Game over" the banner says who won, not "the game is over" again.
    winners = [screen.seat_name(w) for w in screen.match.state.winners()]
    assert winners and screen.result_words() == " and ".join(winners) + " won"
    human_moves = [s.action for s in screen.match.history if s.by == 0]
    assert human_moves and set(human_moves) == {"walk 1"}
    app.autosaver.flush()
    saved = json.loads(storage.autosave_path().read_text())
    assert len(saved["actions"]) == len(screen.match.history)
    app.draw()
    app.handle(key(pygame.K_p, unicode="p"))  # play again: the same seats, a new match
    assert isinstance(app.screen, GameScreen) and app.screen is not screen
    assert app.screen.match.config == screen.match.config and not app.screen.match.history


def test_clicking_a_choice_plays_it_and_undo_takes_back_the_bots_reply_too():
    app = App(match=toy_match(seed=5))
    screen = app.screen
    app.tick(1.0)
    app.draw()
    assert screen.match.waiting_for_human()
    rect = screen.actions.rect
    second = (rect.x + 20, rect.y + screen.actions.row_h + screen.actions.row_h // 2)
    for e in click(second):
        app.handle(e)
    assert screen.match.history[-1].action == "walk 2"
    # the bot's decision follows the next chance roll, so undo cannot pass the die: it takes back Ann's move only
    app.handle(key(pygame.K_z, pygame.KMOD_CTRL))
    assert screen.match.history[-1].by == CHANCE and screen.match.waiting_for_human()
    app.handle(key(pygame.K_y, pygame.KMOD_CTRL))
    assert screen.match.history[-1].action == "walk 2"


def test_save_leave_and_resume_from_the_launcher(home):
    app = App(match=toy_match(seed=7))
    app.tick(1.0)
    app.handle(key(pygame.K_2))
    history = list(app.screen.match.history)
    app.handle(key(pygame.K_s, pygame.KMOD_CTRL))
    files = storage.saved_matches()
    assert len(files) == 1 and Match.load(files[0]).history == history
    app.handle(key(pygame.K_ESCAPE))
    assert isinstance(app.screen, LauncherScreen)
    app.draw()
    for e in click(app.screen.resume_button.rect.center):
        app.handle(e)
    assert isinstance(app.screen, GameScreen) and app.screen.match.history == history


def test_launcher_starts_a_configured_game_and_remembers_it(home):
    app = App()
    launcher = app.screen
    app.draw()
    assert launcher.game == "toy_race" or "toy_race" in launcher.names
    launcher.select_game("toy_race")
    app.draw()
    for e in click(launcher.add_button.rect.center):
        app.handle(e)
    assert len(launcher.seats) == 3
    for e in click(launcher.seed.rect.center):
        app.handle(e)
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="42"))
    app.handle(key(pygame.K_RETURN))
    assert isinstance(app.screen, GameScreen)
    match = app.screen.match
    assert match.seed == 42 and match.config.num_players == 3 and match.config.seats[0].is_human
    settings = json.loads((home / "settings.json").read_text())
    assert settings["game"] == "toy_race" and len(settings["seats"]["toy_race"]) == 3


def _typed_into_the_seed(typed: str):
    """A new app's launcher on the toy game, `typed` typed into the seed field after a click on it."""
    app = App()
    launcher = app.screen
    launcher.select_game("toy_race")
    app.draw()
    for e in click(launcher.seed.rect.center):
        app.handle(e)
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text=typed))
    return app, launcher


def test_the_seed_field_takes_every_seed_a_game_can_have(home):
    """A bad-input audit: the field took 10 digits, so seed 1234567890123456789 (the command line's, a save's) dealt
    game 1234567890, and 99999999999999999999 started seed 9999999999 with its note unseen. The largest seed's 19
    digits are taken and deal that game; a number above the largest seed is refused in words."""
    from games.core import MAX_SEED

    app, launcher = _typed_into_the_seed(str(MAX_SEED))
    app.handle(key(pygame.K_RETURN))
    assert isinstance(app.screen, GameScreen) and app.screen.match.seed == MAX_SEED
    app.close()
    app, launcher = _typed_into_the_seed("9" * 20)
    assert launcher.seed.value == "9" * 19
    app.handle(key(pygame.K_RETURN))
    assert app.screen is launcher and f"from 0 to {MAX_SEED}" in launcher.message, launcher.message
    app.close()


def test_a_typed_seed_is_kept_while_the_app_runs_but_not_in_the_settings_file(home):
    """An audit typed seed 12 once and every later launch of the app dealt the same game, the field still
    showing 12. Back at the launcher in the same run the seed is still there (to play that deal again); a
    new run of the app starts with the field blank, a random seed, and an older file's seed is ignored."""
    app, launcher = _typed_into_the_seed("12")
    app.handle(key(pygame.K_RETURN))
    assert isinstance(app.screen, GameScreen) and app.screen.match.seed == 12
    app.show_launcher()
    assert app.screen.seed.value == "12"
    app.close()
    settings = json.loads((home / "settings.json").read_text())
    assert "seed" not in settings and settings["game"] == "toy_race"
    settings["seed"] = "77"  # as versions before this one wrote it
    (home / "settings.json").write_text(json.dumps(settings))
    app = App()
    try:
        app.draw()
        assert app.screen.seed.value == "" and app.screen.game == "toy_race"
        assert "could not be used" not in app.screen.message
    finally:
        app.close()


def test_a_broken_settings_file_is_reported_and_ignored(home):
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text("{ this is not json")
    app = App()
    assert isinstance(app.screen, LauncherScreen)
    assert "Settings ignored" in app.screen.message and "settings.json.damaged" in app.screen.message
    app.draw()


def test_screen_registry_falls_back_to_the_generic_screen():
    assert screen_for("toy_race") is GameScreen
    assert issubclass(screen_for("jenga_classic"), GameScreen)


def test_the_run_loop_ends_on_quit_and_leaves_the_autosave_on_disk(home):
    app = App(match=toy_match(seed=9))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run() == 0
    assert Match.load(storage.autosave_path()).seed == 9


def test_the_play_command_opens_the_window_with_the_given_seats(home, monkeypatch):
    """`python -m games play GAME --seats human,BOT --seed S` reaches render.app.run_match."""
    from games import cli
    import render.app

    monkeypatch.setattr(cli, "has_display", lambda: True)
    monkeypatch.setattr(render.app.App, "tick", lambda self, dt: self.quit())  # one frame, then leave
    assert cli.main(["play", "toy_race", "--seats", "human,random", "--seed", "12", "--variant", "exact"]) == 0
    match = Match.load(storage.autosave_path())
    assert match.seed == 12 and match.config.variant == "exact"
    assert [s.bot for s in match.config.seats] == [None, "random"]


def test_a_resized_window_scales_the_screen():
    app = App(match=toy_match())
    app.draw()
    small = app.screen.rects["board"].copy()
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1200, size=(1920, 1200)))
    surface = app.draw()
    assert surface.get_size() == (1920, 1200)
    assert app.screen.scale == pytest.approx(1.5)
    assert app.screen.rects["board"].w > small.w * 1.4


def test_sound_cues_are_synthesised_tones_and_m_mutes_them():
    from render.sound import CUES, RATE, Sound, tone

    samples = tone(CUES["win"])
    assert samples.dtype.name == "int16"
    assert len(samples) == sum(int(RATE * s) for _, s in CUES["win"])
    assert samples.max() > 3000 and samples.min() < -3000  # audible, not silence
    app = App(match=toy_match())
    app.sound = Sound(enabled=True)
    app.sound.play("move")  # no audio device under the dummy driver: silent, never an error
    app.handle(key(pygame.K_m, unicode="m"))
    assert app.sound.muted and "Sound off" in app.screen.message


def test_typing_after_slash_finds_a_choice_and_enter_plays_it():
    app = App(match=toy_match(seed=5))
    app.tick(1.0)
    screen = app.screen
    app.handle(key(pygame.K_SLASH, unicode="/"))
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="pa"))
    assert screen.legal == ["pass"]
    app.handle(key(pygame.K_RETURN))
    assert screen.match.history[-1].action == "pass"


def test_help_overlay_shows_the_active_variant():
    app = App(match=toy_match())
    app.handle(key(pygame.K_F1))
    assert app.screen.show_help and "variant 'standard'" in app.screen.help_text()
    app.draw()
    app.handle(key(pygame.K_ESCAPE))
    assert not app.screen.show_help and isinstance(app.screen, GameScreen)


def test_a_saved_match_is_listed_in_the_launcher_and_loads_on_a_double_click(home):
    match = toy_match(seed=4)
    match.advance()
    storage.saves_dir()
    match.save(storage.new_save_path("toy_race"))
    app = App()
    launcher = app.screen
    app.draw()
    assert launcher.saves.items and re.match(r"\d\d \w{3} \d{4} \d\d:\d\d · Toy race · turn 1 · Ann, Rando$", launcher.saves.items[0])
    row = launcher.saves.rect.move(10, launcher.saves.row_h // 2).topleft
    for e in click(row) + click(row):
        app.handle(e)
    assert isinstance(app.screen, GameScreen) and app.screen.match.history == match.history


def test_settings_of_the_wrong_shape_fall_back_to_defaults(home):
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text(json.dumps({
        "game": ["toy_race"], "variants": {"toy_race": [1]}, "seats": {"toy_race": [{"kind": 5}, "x"]},
        "seed": {"a": 1}, "sound": "loud"}))
    app = App()
    launcher = app.screen
    app.draw()
    launcher.select_game("toy_race")
    assert launcher.variant() == "standard" and len(launcher.seats) == 2 and launcher.seed.value == ""
    app.handle(key(pygame.K_RETURN))
    assert isinstance(app.screen, GameScreen)


class _Clock:
    """A controlled clock for the app's loop: tick() says 16 ms passed and remembers the rate asked for."""

    def __init__(self):
        self.rates = []

    def tick(self, framerate=0):
        self.rates.append(framerate)
        return 16


def test_a_quiet_screen_lets_the_loop_sleep_until_input_or_the_next_idle_frame():
    """The idle rate: with a person to move and nothing animating, the loop waits for input (or the
    next idle frame) instead of drawing 60 frames a second; any input is handled at once. The clock and
    the wait are the test's own, so it reads what the loop asks for instead of timing a sleep; the
    events still come from pygame's real queue."""
    from render import app as app_module

    app = App(match=toy_match(seats=[Seat("Ann"), Seat("Rando", "random")]))
    assert not app.quiet()                      # the opening roll is still to be played
    for _ in range(120):
        app.tick(1 / 60)
        if app.quiet():
            break
    assert app.screen.match.waiting_for_human() and app.quiet()
    asked = []

    def wait(ms):  # what pygame.event.wait(ms) returns, without sleeping: the first event or NOEVENT
        asked.append(ms)
        return pygame.event.poll()

    clock = _Clock()
    pygame.event.clear()
    events, dt = app.next_events(clock, idle_for=app_module.IDLE_AFTER, wait=wait)
    assert events == [] and asked == [int(1000 / app_module.IDLE_FPS)]  # it sleeps up to one idle frame
    assert clock.rates == [0] and dt == 0.016          # an idle frame is not held to the full rate
    pygame.event.post(key(pygame.K_DOWN))
    events, _ = app.next_events(clock, idle_for=app_module.IDLE_AFTER, wait=wait)
    assert [e.type for e in events] == [pygame.KEYDOWN]    # input ends the sleep: wait returns it at once
    asked.clear()
    events, _ = app.next_events(clock, idle_for=0.0, wait=wait)    # recent input: the full rate, no waiting
    assert events == [] and asked == [] and clock.rates[-1] == app_module.FPS
    pygame.event.post(key(pygame.K_DOWN))
    app.tick(1 / 60)
    app.screen.skipping = True  # something moves: never idle, whatever the time since input
    events, _ = app.next_events(clock, idle_for=app_module.IDLE_AFTER * 10, wait=wait)
    assert asked == [] and [e.type for e in events] == [pygame.KEYDOWN]
    app.close()


def test_the_launcher_is_quiet_and_a_bots_only_match_never_is():
    app = App()
    assert app.quiet()
    app.start_match(toy_match(seats=[Seat("Rando", "random"), Seat("Rando 2", "random")]))
    for _ in range(30):
        app.tick(1 / 60)
        assert not app.quiet()
    app.close()


def test_a_match_file_dropped_on_the_window_opens_and_the_game_on_screen_is_kept(home, tmp_path):
    elsewhere = tmp_path / "from a friend.json"
    toy_match(seed=21).save(elsewhere)
    app = App(match=toy_match(seed=5))
    play_a_move(app)                             # the game is under way
    assert app.screen.match.history
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": ', encoding="utf-8")
    app.handle(pygame.event.Event(pygame.DROPFILE, file=str(broken)))
    assert app.screen.match.seed == 5 and "Cannot open the dropped file" in app.screen.message
    assert storage.saved_matches() == []         # nothing saved, nothing changed
    app.handle(pygame.event.Event(pygame.DROPFILE, file=str(elsewhere)))
    assert app.screen.match.seed == 21
    saves = storage.saved_matches()
    assert len(saves) == 1 and Match.load(saves[0]).seed == 5     # the game that was on screen
    assert saves[0].name in app.screen.message
    app.close()


def test_a_file_dropped_on_the_launcher_opens_or_says_why_not(home, tmp_path):
    app = App()
    app.handle(pygame.event.Event(pygame.DROPFILE, file=str(tmp_path / "missing.json")))
    assert isinstance(app.screen, LauncherScreen) and "no such file" in app.screen.message
    good = tmp_path / "game.json"
    toy_match(seed=8).save(good)
    app.handle(pygame.event.Event(pygame.DROPFILE, file=str(good)))
    assert type(app.screen) is GameScreen and app.screen.match.seed == 8
    app.close()


def test_starting_another_game_keeps_the_unfinished_autosaved_one(home):
    """One autosave slot, but no lost work: a new game does not overwrite an unfinished one without
    first keeping it in the saved matches, under its own name (the game and when it was last played);
    a second game set aside does not replace the first; resuming the autosave keeps nothing."""
    app = App(match=toy_match(seed=31))
    play_a_move(app)
    assert app.screen.match.history and not app.screen.match.is_over()
    app.leave()
    app.screen.resume()                                      # the same game again: nothing to keep
    assert app.screen.match.seed == 31 and storage.saved_matches() == []
    app.leave()
    app.autosaver.flush()
    played = storage.autosave_path().stat().st_mtime_ns - 3_600 * 10**9    # as if last played an hour ago
    os.utime(storage.autosave_path(), ns=(played, played))
    app.start_match(toy_match(seed=32))
    kept = storage.saved_matches()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(played / 1e9))
    assert [p.name for p in kept] == [f"toy_race-{stamp}.json"]
    assert Match.load(kept[0]).seed == 31 and kept[0].stem in app.screen.message
    # The list shows when that game was last played, not when it was set aside.
    assert kept[0].stat().st_mtime_ns == played
    app.autosaver.flush()
    assert Match.load(storage.autosave_path()).seed == 32
    # Seed 32, played a little and set aside in turn, is kept beside seed 31, not in its place.
    play_a_move(app)
    app.autosaver.flush()
    os.utime(storage.autosave_path(), ns=(played, played))   # even when both were last played at one time
    app.start_match(toy_match(seed=34))
    kept = storage.saved_matches()
    assert sorted(Match.load(p).seed for p in kept) == [31, 32]
    assert sorted(p.name for p in kept) == [f"toy_race-{stamp}-2.json", f"toy_race-{stamp}.json"]
    # The same autosave set aside twice (a crash between keeping it and replacing it) is kept once.
    play_a_move(app)
    app.autosaver.flush()
    assert storage.keep_previous_autosave() == storage.keep_previous_autosave()
    assert len(storage.saved_matches()) == 3
    app.close()


def test_a_finished_game_is_kept_as_its_own_save_when_the_next_one_starts(home):
    app = App(match=toy_match(seed=33, seats=[Seat("Rando", "random"), Seat("Rando 2", "random")]))
    app.screen.match.advance()
    assert app.screen.match.is_over()
    app.play_again(app.screen.match)
    kept = storage.saved_matches()
    assert len(kept) == 1 and kept[0].name.startswith("toy_race-") and Match.load(kept[0]).is_over()
    # the new game's seed is said, beside the last one's (an audit expected the same seed again)
    assert app.screen.message == f"A new game with a new seed ({app.screen.match.seed}); the last one was seed 33."
    app.close()


def test_the_launcher_says_how_each_bot_of_the_chosen_game_plays():
    """Players choose an opponent's strength from the seat buttons; the seats column says what each bot
    does, weakest first (the order the buttons cycle), from the game's bot_notes."""
    for name, spec in registry.games().items():
        if name != "toy_race":
            assert set(spec.bot_notes) == set(spec.bots), name
    app = App()
    app.screen.select_game("jenga_classic")
    lines = app.screen.bot_lines()
    assert [line.split(":")[0] for line in lines] == ["Random bot", "Careful easy bot", "Careful bot",
                                                      "Careful hard bot", "Pro bot"]
    assert "touches up to six blocks" in lines[-2] and "thinking a move ahead" in lines[-1]
    assert lines[-1].endswith("; the strongest, beats careful hard 3 games in 4.")
    # each bot's strength against the one below it, as the board games' notes say (a bots audit: the Jenga notes
    # had none); the figures are the ladder's (README)
    assert lines[1].endswith("; beats random about 3 games in 4.") and lines[3].endswith("; beats careful 5 games in 6.")
    app.screen.select_game("toy_race")                  # a game without notes lists its bots by name only
    assert app.screen.bot_lines() == ["Random bot"]
    app.close()


def test_the_slash_opens_the_search_without_typing_itself_and_a_move_clears_it():
    """The "/" key also arrives as text: it opens the search but is not searched for; after a move the
    next decision shows all its choices again."""
    app = App(match=toy_match(seed=5))
    app.tick(1.0)
    screen = app.screen
    app.handle(key(pygame.K_SLASH, unicode="/"))
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="/"))
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="walk"))
    assert screen.filter == "walk" and screen.legal == ["walk 1", "walk 2"]
    app.handle(key(pygame.K_RETURN))
    assert screen.match.history[-1].action == "walk 1"
    assert not screen.filtering and screen.filter == ""
    for _ in range(80):  # the bot and the die play; Ann decides again
        app.tick(0.1)
        if screen.match.waiting_for_human():
            break
        if screen.bot_thinking():  # it thinks on a worker thread: real time on a busy machine
            screen._thinking.wait(2.0)
    assert screen.match.waiting_for_human() and screen.legal == screen.match.state.legal_actions()
    assert "pass" in screen.legal and len(screen.actions.items) == len(screen.legal) > 1


def test_the_result_offers_play_again_and_the_menu_and_keeps_the_finished_game(home, tmp_path):
    """Enter played the last moves, so on the result it starts nothing by itself; P plays again, Esc goes
    back to the menu, and the finished game stays among the saved matches."""
    app = App(match=toy_match(seed=33, seats=[Seat("Rando", "random"), Seat("Rando 2", "random")]))
    screen = app.screen
    screen.match.advance()
    for _ in range(10):
        app.tick(0.1)
    assert screen.show_result
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "result.png"))
    labels = [b.label for b in screen.result_buttons]
    assert labels == ["Play again", "View board", "Back to the menu"]
    assert all(surface.get_rect().contains(b.rect) for b in screen.result_buttons)
    kept = storage.saved_matches()
    assert len(kept) == 1 and screen.kept_as == kept[0]
    assert Match.load(kept[0]).history == screen.match.history
    for _ in range(10):  # the result's keys wait a moment once it is up (autoplay.RESULT_GUARD_S)
        app.tick(0.1)
    app.handle(key(pygame.K_RETURN))
    assert app.screen is screen and "P: play again" in screen.message
    app.handle(key(pygame.K_TAB))
    app.handle(key(pygame.K_TAB))
    app.handle(key(pygame.K_TAB))
    assert screen.result_buttons[screen.result_focus].label == "Back to the menu"
    app.handle(key(pygame.K_LEFT))
    app.handle(key(pygame.K_LEFT))
    app.handle(key(pygame.K_RETURN))  # Enter on the focused Play again
    assert app.screen is not screen and app.screen.match.config == screen.match.config
    assert [p.name for p in storage.saved_matches()] == [kept[0].name]  # kept once, not as previous-autosave
    second = app.screen
    second.match.advance()
    for _ in range(20):  # the result, and the moment its keys wait
        app.tick(0.1)
    app.handle(key(pygame.K_ESCAPE))
    assert isinstance(app.screen, LauncherScreen) and len(storage.saved_matches()) == 2
    app.close()


def test_the_window_is_presented_natively_unless_the_person_chose_otherwise():
    """render.app asks SDL to present the window through the platform's own framebuffer (X11 shared
    memory, GDI) rather than an OpenGL renderer, which under a software OpenGL took 6 to 7 ms of CPU
    per frame (docs/tower_view.md); a value the person set is kept."""
    import os
    import subprocess
    import sys

    probe = "import os, render.app; print(os.environ['SDL_FRAMEBUFFER_ACCELERATION'])"
    env = {k: v for k, v in os.environ.items() if k != "SDL_FRAMEBUFFER_ACCELERATION"}
    env["SDL_VIDEODRIVER"] = "dummy"
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split()[-1] == "0"
    env["SDL_FRAMEBUFFER_ACCELERATION"] = "opengl"
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split()[-1] == "opengl"


def test_importing_the_app_prints_nothing_so_json_output_stays_json():
    """pygame greets on import unless told not to; render/ tells it, so `--json` output stays one object."""
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env["SDL_VIDEODRIVER"] = "dummy"
    done = subprocess.run([sys.executable, "-c", "import render.app"], capture_output=True, text=True, env=env,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""


def test_held_keys_repeat_only_for_moving_and_never_in_a_burst():
    """pygame repeats a held key from a timer thread: after a stalled frame a burst of repeats arrived
    before the release (under Xvfb: one Ctrl+Y, the frame blocked 1.2 s, then 22 more Ctrl+Y), so one
    Ctrl+Y redid and then said "Nothing to redo.". The app repeats keys itself: only the keys that move,
    scroll or zoom, at most once a frame, and an action key (F1, Ctrl+Y, Enter) acts once a press."""
    from render.app import REPEAT_DELAY_S, REPEAT_EVERY_S

    app = App()
    up = pygame.event.Event(pygame.KEYUP, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
    assert app.key_repeats([key(pygame.K_DOWN), key(pygame.K_y, pygame.KMOD_CTRL), key(pygame.K_F1)], 10.0) == []
    assert app.key_repeats([], 10.0 + REPEAT_DELAY_S / 2) == []
    due = app.key_repeats([], 10.0 + REPEAT_DELAY_S)
    assert [(e.type, e.key) for e in due] == [(pygame.KEYDOWN, pygame.K_DOWN)]       # Down only
    assert app.key_repeats([], 10.0 + REPEAT_DELAY_S + REPEAT_EVERY_S / 2) == []
    assert len(app.key_repeats([], 10.0 + REPEAT_DELAY_S + REPEAT_EVERY_S)) == 1
    assert len(app.key_repeats([], 25.0)) == 1                                        # a stalled frame: one
    assert app.key_repeats([up], 25.5) == []                                          # released: no more
    assert app.key_repeats([], 30.0) == []
    app.close()


def test_back_from_a_game_the_launcher_shows_that_game_and_variant(home):
    """A match opened from the command line (or resumed, or loaded) may be of another game than the
    launcher last had chosen: back in the launcher, the game just played is the one selected."""
    spec = registry.get("monkey_dash")
    app = App(match=Match(spec.make_config(players=2, variant="pure"), 4))
    app.leave()
    assert isinstance(app.screen, LauncherScreen)
    assert app.screen.game == "monkey_dash" and app.screen.variant() == "pure"
    app.close()


def test_a_result_called_up_before_it_showed_by_itself_keeps_the_game_too(home):
    """Enter or V on a finished game shows the result at once; the game is kept among the saved matches
    then as well (the result said nothing of it, as the 3-seat Super Mario game found)."""
    app = App(match=toy_match(seed=33, seats=[Seat("Rando", "random"), Seat("Rando 2", "random")]))
    screen = app.screen
    screen.match.advance()
    assert screen.match.is_over() and not screen.show_result
    app.handle(key(pygame.K_v, unicode="v"))
    assert screen.show_result and screen.kept_as is not None
    assert storage.saved_matches() == [screen.kept_as]
    app.close()


def test_a_screen_starts_with_the_last_screens_garbage_collected_and_the_rest_frozen():
    """A full collection walks every object the program holds; in a frame of a live push it cost 10 to 12
    ms (render.app.settle_memory). Starting a screen collects what the last one left and freezes the rest,
    so the collections during its frames walk only what it made since."""
    import gc
    import weakref

    class Left:
        pass

    app = App()
    try:
        left = Left()
        left.me = left  # a cycle: only the collector frees it
        gone = weakref.ref(left)
        del left
        app.start_match(toy_match())
        assert gone() is None  # collected, not frozen for good
        match = app.screen.match
        assert gc.get_freeze_count() > 0
        assert not any(o is match for o in gc.get_objects(generation=2))  # frozen: no collection walks it
        app.show_launcher()
        assert gc.get_freeze_count() > 0
    finally:
        app.close()
        gc.unfreeze()


def test_letters_typed_into_the_seed_are_said_not_dropped_silently(home):
    """An audit typed '12abc' into the seed field: it kept 12 without a word."""
    app, launcher = _typed_into_the_seed("12abc")
    assert launcher.seed.value == "12"
    assert launcher.message == "The seed is a whole number, digits only: 'abc' was not taken."
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="3"))
    assert launcher.seed.value == "123" and launcher.seed.note == ""
    app.close()


def _a_toy_game_with_a_move():
    """A new app, the toy game started from its launcher (Enter), and the person's first move made."""
    app = App()
    app.screen.select_game("toy_race")
    app.draw()
    app.handle(key(pygame.K_RETURN))
    game = app.screen
    assert isinstance(game, GameScreen)
    for _ in range(50):
        if game.match.waiting_for_human():
            break
        app.tick(0.1)
    game.play(game.match.state.legal_actions()[0])
    return app, game


def test_back_from_a_game_enter_resumes_it_and_the_saved_rows_frame_is_not_a_focus_ring(home):
    """A keyboard-only audit: back from a game (Esc), no control had the focus while the first saved match's
    row wore the yellow frame of the focus ring; Esc, Down, Enter then started a new game. Now Resume has the
    focus (Enter resumes, as the line says), the row's frame is never the focus colour (a later audit, 6 Dec,
    saw it beside the ring of Delete as two focus rings: while the focus is on Load, Rename or Delete the row
    they act on has a bar at its left edge instead), and Shift+Tab from no focus goes to the last control (it
    skipped it)."""
    from render import palette as P
    app, game = _a_toy_game_with_a_move()
    game.save()
    app.leave()
    launcher = app.screen
    assert launcher.focused_widget() is launcher.resume_button
    surface = app.draw()
    row = launcher.saves.rect.copy()
    row.h = launcher.saves.row_h
    edge = [surface.get_at((row.x + row.w // 2, row.y))[:3], surface.get_at((row.x, row.y + row.h // 2))[:3]]
    assert tuple(P.HIGHLIGHT) not in edge
    launcher.focus_on(launcher.load_button)
    surface = app.draw()
    assert surface.get_at((row.x + row.w // 2, row.y))[:3] != tuple(P.HIGHLIGHT)
    assert surface.get_at((row.x + 2, row.centery))[:3] == tuple(P.HIGHLIGHT)
    launcher._set_focus(-1)
    app.handle(key(pygame.K_TAB, pygame.KMOD_SHIFT))
    shown = [w for w in launcher.focusables if launcher._visible(w) and getattr(w, "enabled", True)]
    assert launcher.focused_widget() is shown[-1]
    launcher.focus_on(launcher.resume_button)
    app.handle(key(pygame.K_RETURN))
    assert isinstance(app.screen, GameScreen) and len(app.screen.match.history) == len(game.match.history)
    app.close()


def test_add_a_seat_gives_a_person_at_a_table_of_people_and_else_the_last_bots_kind(home):
    """A family's audit: with every seat a person, 'Add a seat' added the strongest bot, and a person took a
    cycle through every bot kind. The new seat is of the kind the table has last."""
    from render.launcher import HUMAN
    app = App()
    launcher = app.screen
    launcher.select_game("donkey_kong")
    for row in launcher.seats:
        row.kind = HUMAN
    launcher._build()
    launcher.add_seat()
    assert launcher.seats[-1].kind == HUMAN
    launcher.seats[1].kind = "greedy"
    launcher._build()
    launcher.add_seat()
    assert [r.kind for r in launcher.seats] == [HUMAN, "greedy", HUMAN, "greedy"]
    app.close()


def test_saved_matches_that_read_alike_also_name_their_files(home):
    """A smoke test: two saved rows read "06 Dec 2026 12:17 · Jenga · turn 3 · Player 1, Careful bot" (a game
    kept as the next began, beside its own Ctrl+S save), though they hold different positions. Rows that
    read alike also name their file."""
    import shutil

    from render import storage
    app, game = _a_toy_game_with_a_move()
    game.save()
    first = storage.saved_matches()[0]
    twin = first.with_name(first.stem + "-2.json")  # named as a second save of that second is
    shutil.copy(first, twin)  # the same game, turn and minute
    app.leave()
    rows = app.screen.saves.items
    assert len(rows) == 2 and rows[0] != rows[1], rows
    assert sorted(row.rsplit(" · ", 1)[1] for row in rows) == sorted([first.stem, twin.stem])
    app.close()


@pytest.mark.parametrize("game, variant", [("jenga_mario", "beaten_stacks"), ("jenga_dk", "few_pulls"),
                                           ("monkey_dash", None)])
def test_a_saved_match_row_names_the_rule_variant_it_is_played_by(game, variant):
    """A variants audit: every saved Super Mario Jenga row read alike ("... · Super Mario Jenga · turn 20 ·
    Ann, Bob, Bot 3") whatever its variant, beside the launcher's variant choice (for a new game) lit on
    another. A row of a match played by a variant other than its game's default names it; a default one
    does not."""
    spec = registry.get(game)
    match = Match(spec.make_config([Seat("Ann", None), Seat("Bob", None)], variant=variant), seed=5)
    path = storage.saves_dir() / "kept.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    match.save(path)
    label = storage.inspect_save(path).label
    assert f"· {spec.title}" in label, label
    if variant is None:
        assert f"· {spec.title} · turn" in label, label
    else:
        assert f"· {spec.title} · {variant} · turn" in label, label


def test_a_key_pressed_as_the_result_comes_up_does_not_start_a_new_game(home):
    """A keyboard audit: in Jenga P is the push key; a player pressed it as the bot's fall ended, the result
    came up in that moment, and P played again at once: a new game, the result never seen. For a moment after
    the result comes up its keys (P, V, Esc, Enter) do nothing; then P plays again as ever."""
    app = App(match=toy_match(seed=11, seats=[Seat("Ann", "random"), Seat("Rando", "random")]))
    screen = app.screen
    for _ in range(4000):
        if screen.show_result:
            break
        app.tick(0.05)
    assert screen.show_result and screen.match.is_over()
    app.handle(key(pygame.K_p, unicode="p"))  # at once: meant for the game
    assert app.screen is screen and screen.show_result
    for _ in range(20):
        app.tick(0.05)
    app.handle(key(pygame.K_p, unicode="p"))
    assert app.screen is not screen and not app.screen.match.history
    # a key that opens the result itself, before it came up (P pressed again and again as the Jenga push key
    # through a fall's replay): the next P waits too (a regression audit: it played again, the result unseen)
    second = app.screen
    second.match.advance()
    assert second.match.is_over() and not second.show_result
    app.handle(key(pygame.K_p, unicode="p"))  # P on the board opens nothing, and says how
    assert not second.show_result and "V or Enter shows the result" in second.message
    app.handle(key(pygame.K_v, unicode="v"))
    assert second.show_result
    # P pressed again and again at 0.3 s, each within the guard of the one before: the guard holds on
    # (a second regression audit: the third P, 1.1 s after the result opened, played again unseen)
    for _ in range(6):
        for _ in range(6):
            app.tick(0.05)
        app.handle(key(pygame.K_p, unicode="p"))
        assert app.screen is second and second.show_result
    for _ in range(20):
        app.tick(0.05)
    app.handle(key(pygame.K_p, unicode="p"))  # after a pause: plays again
    assert app.screen is not second


def test_the_bars_result_button_keeps_the_game_and_guards_its_keys(home):
    """A regression audit: the bar's Result button, clicked before the result came up by itself (during a
    fall's replay), showed it without keeping the finished game among the saved matches and without the key
    guard that V and Enter give."""
    app = App(match=toy_match(seed=11, seats=[Seat("Ann", "random"), Seat("Rando", "random")]))
    screen = app.screen
    screen.match.advance()
    assert screen.match.is_over() and not screen.show_result and screen.kept_as is None
    app.handle(key(pygame.K_p, unicode="p"))  # P on the board says how to open the result...
    assert "V or Enter shows the result" in screen.message and screen.message_time > 0
    screen.skip_or_result()  # the bar's button, "Result" once the game is over
    assert screen.show_result and screen.kept_as is not None and screen.kept_as.exists()
    assert screen.message_time == 0  # ...a line that goes once the result is up (a regression audit)
    app.handle(key(pygame.K_p, unicode="p"))
    assert app.screen is screen and screen.show_result
