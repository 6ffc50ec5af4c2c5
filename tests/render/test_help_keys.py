"""The help overlay: End goes to its foot and Home to its head (End did nothing), and the key that shows how
the table decides unclear points is named at the head of a long help, not only at its foot (a play-tester
never saw it). The real Donkey Kong screen, drawn with SDL's dummy driver."""

from __future__ import annotations

import pygame
import pytest

from games import registry
from games.core import Seat
from games.match import Match
from render import palette as P
from render.app import App
from render.help import DECISIONS_HEADING


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


def test_a_scroll_bar_shows_where_the_page_stands_in_the_whole_help(app):
    """An audit found no sign of how much help was left below the page: a thumb on a thin bar beside the text now
    stands at the top on the first page, at the bottom on the last, and between for a page in the middle."""
    screen = app.screen
    app.handle(key(pygame.K_F1))
    app.draw()
    first = screen.help_thumb
    assert first is not None and first.h > 0
    app.handle(key(pygame.K_PAGEDOWN))
    app.draw()
    middle = screen.help_thumb
    app.handle(key(pygame.K_END))
    app.draw()
    last = screen.help_thumb
    assert first.y < middle.y < last.y
    assert first.x == middle.x == last.x and first.h == last.h
    assert tuple(app.window.get_at(last.center))[:3] == P.TEXT_DIM  # drawn, in the page's dim ink


def test_a_press_on_the_help_scroll_bar_scrolls_it_and_leaves_it_open(app):
    """A regression audit clicked the help's new scroll bar, and the help closed, as a click anywhere closes it.
    A press on the bar, a drag along it and the release scroll the help to that height; a click elsewhere
    still closes it."""
    screen = app.screen
    app.handle(key(pygame.K_F1))
    app.draw()
    track = screen.help_track
    assert track is not None
    low = (track.centerx, track.bottom - 2)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=low, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=low, button=1))
    app.draw()
    total, rows = screen.help_rows
    assert screen.show_help and screen.help_top >= total - rows - 1 > 10  # at the foot
    high, middle = (track.centerx, track.y + 1), (track.centerx, track.centery)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=high, button=1))
    assert screen.show_help and screen.help_top <= 1
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=middle, rel=(0, 0), buttons=(1, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=middle, button=1))
    assert screen.show_help and 0 < screen.help_top < total - rows
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
    assert not screen.show_help


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_helps_foot_reads_whole_at_the_largest_text(tmp_path, monkeypatch, size):
    """An accessibility audit, 1024x640 at the largest text: the help's last line was cut at "the bar beside
    the text scr…". A shorter wording is taken when the long one does not fit, so the keys read whole."""
    from render import text

    monkeypatch.setenv("KONG_TABLETOP_HOME", str(tmp_path / "home"))
    old = text.size_name
    match = Match(registry.get("donkey_kong").make_config(seats=[Seat("Ann"), Seat("Bob", "greedy")]), seed=4)
    app = App(size=size, match=match)
    try:
        text.use_size("largest")
        app.screen.size = (0, 0)  # laid out again at the new text size
        app.handle(key(pygame.K_F1))
        app.draw()
        foot = app.screen.help_foot
        assert "…" not in foot and "Esc, F1 or a click closes" in foot and "scroll" in foot.lower()
    finally:
        text.use_size(old)
        app.close()


def test_an_open_help_is_not_written_again_at_every_frame(app, monkeypatch):
    """A long-session audit: with the help open and nothing moving, the window took 20 % of a core against
    6.5 % without it: every frame (12 a second when idle) made the whole help text again and wrapped it, 10
    to 20 ms. The help is made once, and again only when it can have changed: D (the decisions), a step."""
    screen = app.screen
    made = []
    real = type(screen).help_text
    monkeypatch.setattr(type(screen), "help_text", lambda self: made.append(1) or real(self))
    app.handle(key(pygame.K_F1))
    for _ in range(5):
        app.draw()
    assert screen.show_help and len(made) == 1
    app.handle(key(pygame.K_d, "d"))
    app.draw()
    app.draw()
    assert screen.help_decisions and 2 <= len(made) <= 3  # made again once (the scroll to the decisions asks too)
    assert DECISIONS_HEADING in screen._help_wrapped[1]
