"""Opening a long match keeps the window alive and can be stopped (App.load_match).

A pro-against-pro classic Jenga match of 516 steps took 20 s of CPU to open: every push is replayed through
the physics. The window had been drawn once with "replaying its moves…" and then stood still, taking no
input, with no way to give up. Now it is drawn again while the moves are replayed, with how many are done,
and Esc (or closing the window) stops the opening with nothing changed. The real app with SDL's dummy driver
and real files; a Donkey Kong match stands in for the long one (the same replay, without the physics's
seconds), and BUSY_EVERY_S is 0 so the window is looked at after every move, whatever the machine's speed.
"""

from __future__ import annotations

import pygame
import pytest

from games import registry
from games.core import Seat
from games.match import Match
from render import app as app_module
from render import storage
from render.app import App
from render.launcher import LauncherScreen
from render.screens.base import GameScreen

from .test_stumbles import home, key  # noqa: F401 (home: the scratch data folder)


@pytest.fixture
def saved(home):
    """A Donkey Kong match of two bots, 40 steps in, saved among the saved matches: (path, its history)."""
    match = Match(registry.get("donkey_kong").make_config(seats=[Seat("Ann", "random"), Seat("Bob", "random")]),
                  seed=5)
    for _ in range(40):
        match.step()
    storage.saves_dir()
    path = storage.new_save_path("donkey_kong")
    match.save(path)
    return path, list(match.history)


@pytest.fixture
def app(home, monkeypatch):
    monkeypatch.setattr(app_module, "BUSY_EVERY_S", 0.0)
    app = App()
    pygame.event.clear()  # only what a test posts
    yield app
    app.close()


def test_the_window_counts_the_moves_while_a_match_opens(app, saved, monkeypatch):
    path, history = saved
    said = []
    real = app.show_busy
    monkeypatch.setattr(app, "show_busy", lambda words: (said.append(words), real(words)))
    app.screen.load(path)
    counts = [w for w in said if " of 40. Esc stops." in w]
    assert said[0] == f"Opening {path.name}: replaying its moves…"
    assert counts[0] == f"Opening {path.name}: replaying its moves, move 1 of 40. Esc stops."
    assert counts[-1].endswith("move 40 of 40. Esc stops.") and len(counts) == 40
    assert isinstance(app.screen, GameScreen) and app.screen.match.history == history


def test_escape_stops_the_opening_and_changes_nothing(app, saved):
    path, _ = saved
    before = path.read_bytes()
    launcher = app.screen
    pygame.event.post(key(pygame.K_ESCAPE))
    launcher.load(path)
    assert app.screen is launcher and isinstance(launcher, LauncherScreen)
    assert launcher.message == f"Stopped opening {path.name}: nothing has changed."
    assert path.read_bytes() == before and not storage.autosave_path().exists()
    assert app.running


def test_closing_the_window_while_a_match_opens_stops_it_and_then_quits(app, saved):
    path, _ = saved
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.open_file(str(path))
    assert isinstance(app.screen, LauncherScreen)
    assert app.screen.message == f"Stopped opening {path.name}: nothing has changed."
    quits = pygame.event.get(pygame.QUIT)
    assert quits  # handed back to the loop, which closes the app as it would have
    app.handle(quits[0])
    assert not app.running


def test_keys_pressed_while_a_match_opens_are_not_played_on_it(app, saved):
    """A person who pressed Enter and 1 while the window seemed stuck must not find a move made for them."""
    path, history = saved
    for k, u in ((pygame.K_RETURN, "\r"), (pygame.K_1, "1"), (pygame.K_SPACE, " ")):
        pygame.event.post(key(k, unicode=u))
    app.screen.load(path)
    assert isinstance(app.screen, GameScreen) and app.screen.match.history == history
    assert not pygame.event.get(pygame.KEYDOWN)
