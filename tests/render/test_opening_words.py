"""Opening a saved match replays its moves (a Jenga match's through the physics, seconds of it): the window
says so before that work starts, from the launcher and from a file dropped on a game, so that nobody takes an
unchanged window for a stuck one (an audit waited 12 s on a launcher that showed nothing new). A tower opened
again is seen as it was left. The app with SDL's dummy video driver, real files, the real Match.load (watched,
not replaced)."""

from __future__ import annotations

import pytest

from games.core import Seat
from games.match import Match
from render.app import App
from render.screens.base import GameScreen

from .test_audit import new_match, run_until
from .test_stumbles import home  # noqa: F401 (home: the autouse scratch folder for saves)


def test_the_window_says_it_is_opening_a_match_before_the_replay_starts(monkeypatch):
    app = App(match=new_match("donkey_kong", [Seat("Ann"), Seat("Bot", "greedy")], 4))
    screen = app.screen
    run_until(app, lambda: len(screen.match.history) > 20 and screen.match.waiting_for_human())
    path = app.save_match(screen.match)
    real_load = Match.load
    seen = []

    def watched(p, *args, **kwargs):  # what the window showed as the replay began
        seen.append((type(app.screen).__name__, app.screen.message))
        return real_load(p, *args, **kwargs)

    monkeypatch.setattr(Match, "load", staticmethod(watched))
    app.show_launcher()
    app.screen.load(path)
    assert isinstance(app.screen, GameScreen)
    assert seen == [("LauncherScreen", f"Opening {path.name}: replaying its moves…")]
    # a file dropped on the game: the game's status line says it
    assert app.open_file(str(path))
    assert seen[-1][1] == f"Opening {path.name}: replaying its moves…" and len(seen) == 2
    assert app.screen.message.startswith(f"Opened {path.name}.")
    app.close()


@pytest.mark.physics
def test_a_tower_opened_again_is_seen_as_it_was_left_so_its_log_reads_the_same(tmp_path):
    """An audit saved a Jenga match with the view turned, loaded it, and read its move log reworded ("the back
    place" became "the left place"): a loaded match started from the opening view, and the log names holes
    and ends as seen. The app keeps the view of each match it showed (its game and seed) while it runs."""
    import math

    from games import registry
    from games.jenga import push as P

    match = Match(registry.get("jenga_classic").make_config([Seat("Ann"), Seat("Bob")]), 7)
    match.advance()
    match.play(P.straight_push("classic", 10, 1, "+x", 0.02, 1.0, 7))
    match.play("stack 0")
    first = tmp_path / "first.json"
    match.save(first)
    match = Match.load(first)  # opened from a file, as a person opens one: its stack's line names the place as seen
    app = App(match=match)
    screen = app.screen
    screen.show_risk = False
    app.tick(0.05)
    app.draw()
    opening = list(screen.log.items)
    screen.camera.orbit(math.pi / 2)  # a quarter turn: the ends and places are named anew
    screen.player_turned_view()
    app.tick(0.05)
    app.draw()
    turned = list(screen.log.items)
    assert turned != opening
    path = app.save_match(match)
    app.show_launcher()
    app.screen.load(path)
    again = app.screen
    again.show_risk = False
    app.tick(0.05)
    app.draw()
    assert again is not screen and again.match is not match
    assert abs(again.camera.yaw - screen.camera.yaw) < 1e-9
    assert list(again.log.items) == turned
    app.close()


@pytest.mark.physics
def test_the_view_kept_for_a_match_is_the_players_not_the_fall_replays(tmp_path):
    """An audit reopened an earlier save of a game whose tower had fallen, and saw it from the low side view
    the fall's replay had turned to. The view kept is the one the player watched from (the replay keeps it as
    _words_view while it turns the camera), and a quarter turn under way is kept at its end."""
    import math

    from games import registry

    match = Match(registry.get("jenga_classic").make_config([Seat("Ann"), Seat("Bob")]), 7)
    match.advance()
    path = tmp_path / "m.json"
    match.save(path)
    app = App(match=Match.load(path))
    screen = app.screen
    screen.show_risk = False
    app.tick(0.05)
    app.draw()
    cam = screen.camera
    cam.yaw, cam.goal_yaw, cam.pitch = 1.0, None, 0.3
    app.tick(0.05)
    watched = (cam.eye.copy(), cam.target.copy())
    screen._words_view = watched  # as the fall's replay does before it turns the camera
    cam.yaw, cam.pitch = 2.5, 0.1  # the replay's side
    app.show_launcher()
    assert app._views[("jenga_classic", 7)] == pytest.approx((1.0, 0.3))
    app.screen.load(path)
    assert app.screen.camera.yaw == pytest.approx(1.0) and app.screen.camera.pitch == pytest.approx(0.3)
    app.screen.camera.quarter_turn(+1)  # ] pressed, the turn not yet done when the match is left
    app.show_launcher()
    assert app._views[("jenga_classic", 7)][0] == pytest.approx((1.0 + math.pi / 2) % (2 * math.pi))
    app.close()
