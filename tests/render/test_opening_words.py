"""Opening a saved match replays its moves (a Jenga match's through the physics, seconds of it): the window
says so before that work starts, from the launcher and from a file dropped on a game, so that nobody takes an
unchanged window for a stuck one (an audit waited 12 s on a launcher that showed nothing new). The app with
SDL's dummy video driver, real files, the real Match.load (watched, not replaced)."""

from __future__ import annotations

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
