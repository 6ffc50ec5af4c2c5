"""A classic Jenga audit (a table of two to four, the window and the terminal): after the fall the blocks still
standing kept the tint of the last position's risk map, though nothing may be taken any more; the help said a
short typed push gets a hand tremor drawn by the seed, where it is always the same push."""

from __future__ import annotations

import pygame
import pytest

from games import registry
from games.core import Seat
from games.jenga.classic import help_text
from games.match import Match
from render.screens.registry import screen_for


@pytest.fixture(autouse=True)
def _display():
    pygame.display.init()


@pytest.mark.physics
def test_no_risk_tint_once_the_tower_has_fallen():
    """"The game ends when the tower falls": with nothing left to take, the last position's risk map no longer
    tints the blocks still standing (bots only, so the map is shown on their turns)."""
    from games.jenga.risk_worker import RiskMap

    spec = registry.get("jenga_classic")
    match = Match(spec.make_config(seats=[Seat(n, "random") for n in ("A", "B")]), seed=2)
    steps = 0
    while not match.is_over():
        match.step()
        steps += 1
    assert match.state.ended == "fall"
    match = Match(spec.make_config(seats=[Seat(n, "random") for n in ("A", "B")]), seed=2)
    for _ in range(steps - 1):
        match.step()
    screen = screen_for("jenga_classic")(match)
    try:
        state = match.state
        blocks = [tuple(b) for b in state.extractable()]
        screen.show_risk = True
        screen._risk_key = screen.position_key()
        screen.risk.latest = RiskMap(screen._risk_key, {b: (0.5, 0.3) for b in blocks}, total=len(blocks))
        screen.step_tint()
        assert screen._risk_array(state, len(state.tower["poses"])) is not None
        match.step()  # the last step: the tower falls
        assert match.is_over()
        screen.step_tint()
        state = match.state
        assert screen._risk_array(state, len(state.tower["poses"])) is None
    finally:
        screen.close()


def test_the_help_says_a_short_typed_push_is_always_the_same_push():
    """The help: a typed 'extract' gets one of the equally likely hand tremors, drawn by the seed; 'push 5:1'
    typed short is one push of the move list, whose tremor is fixed (it said the short form's was drawn too)."""
    from games.jenga.common import ends
    from games.jenga.push import short_move

    words = " ".join(help_text("standard").split())
    assert "'push 5:1' is the first push style of the move list from the block's + end: its tremor is fixed" in words
    match = Match(registry.get("jenga_classic").make_config(seats=[Seat("A"), Seat("B")]), seed=3)
    while not match.waiting_for_human():
        match.step()
    first = short_move("push 5:1", match.state.TOWER)
    assert first == short_move(f"push 5:1 {ends(5)[0]} steady", match.state.TOWER)
    assert first in match.state.legal_actions()  # one of the listed pushes: no chance step follows it


@pytest.mark.physics
def test_r_turns_the_risk_tint_off_for_later_games_too(tmp_path, monkeypatch):
    """An audit: the tint came on in every game between people, though nobody at a real table knows the risk;
    R hid it for one game only. R's choice is kept in the settings: later Jenga games, and the next run of the
    app, open as the table left it, and the help says what the colours are and how to turn them off."""
    import json

    from render.app import App

    home = tmp_path / "home"
    monkeypatch.setenv("KONG_TABLETOP_HOME", str(home))
    spec = registry.get("jenga_classic")
    app = App(match=Match(spec.make_config(seats=[Seat("Ann"), Seat("Bob")]), seed=4))
    try:
        app.draw()
        assert app.screen.show_risk
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0))
        assert not app.screen.show_risk and "later games open without it" in app.screen.message
        assert json.loads((home / "settings.json").read_text())["risk_tint"] is False
        help_words = " ".join(app.screen.help_text().split())
        assert "Nobody at a real table knows this; a table that plays by feel turns it off with R" in help_words
        app.start_match(Match(spec.make_config(seats=[Seat("Ann"), Seat("Bob")]), seed=5))
        assert not app.screen.show_risk
    finally:
        app.close()
    pygame.init()
    app = App(match=Match(registry.get("jenga_dk").make_config(seats=[Seat("Ann"), Seat("Bob")]), seed=5))
    try:
        assert not app.screen.show_risk  # the next run of the app too
        app.show_launcher()
        app.draw()
        assert "could not be used" not in app.screen.message
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
        assert json.loads((home / "settings.json").read_text())["risk_tint"] is False
    finally:
        app.close()
    pygame.init()
    settings = json.loads((home / "settings.json").read_text())
    for value, said in (("off", 'risk tint "off"'), (None, "risk tint null")):  # as the file has it (an audit)
        settings["risk_tint"] = value
        (home / "settings.json").write_text(json.dumps(settings))
        app = App()
        try:
            assert said in app.screen.message, app.screen.message
        finally:
            app.close()
        pygame.init()
    pygame.init()
