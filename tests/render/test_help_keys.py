"""The help overlay: End goes to its foot and Home to its head (End did nothing), and the key that shows how
the table decides unclear points is named at the head of a long help, not only at its foot (a play-tester
never saw it). The real Donkey Kong screen, drawn with SDL's dummy driver."""

from __future__ import annotations

import pygame
import pytest

from games import registry
from games.core import Seat
from games.match import Match
from render.app import App


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("KONG_TABLETOP_HOME", str(tmp_path / "home"))
    match = Match(registry.get("donkey_kong").make_config(seats=[Seat("Ann"), Seat("Bob", "greedy")]), seed=4)
    app = App(match=match)
    yield app
    app.close()


def key(k, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode)


def test_end_and_home_move_to_the_foot_and_the_head_of_the_help(app):
    screen = app.screen
    app.handle(key(pygame.K_F1))
    app.draw()
    assert screen.show_help and screen.help_top == 0
    app.handle(key(pygame.K_END))
    app.draw()
    foot = screen.help_top
    assert foot > 10  # the help is long: its last page
    app.handle(key(pygame.K_DOWN))
    app.draw()
    assert screen.help_top == foot  # nothing below the foot
    app.handle(key(pygame.K_HOME))
    app.draw()
    assert screen.help_top == 0


def test_the_head_of_the_help_names_the_key_for_the_tables_decisions(app):
    words = app.screen.help_text()
    head = words.split("RULES", 1)[0]
    assert "D shows how this table decides points the printed rules leave open or disagree on." in head
