"""A Monkey Dash audit (8 Dec): a greyed row of Choices says why whether its steps were chosen by number or with the
finder ("/"), refusals name the player and the card as the window does, and the first log line names the player
who starts."""

from __future__ import annotations

from games import registry
from games.core import Seat
from games.match import Match
from render.app import App

from .test_stumbles import home  # noqa: F401 (home: the autouse scratch folder for saves)


def _stalemate_turn() -> Match:
    """Red to move from the position blue's last turn made by undoing red's turn before it exactly (rotate e5 to
    e6, e6 to e7, the supervisor west then east): the stalemate rule bars red's ending where blue undid it."""
    spec = registry.get("monkey_dash")
    match = next(m for m in (Match(spec.make_config([Seat("Red"), Seat("Blue")], "pure"), s) for s in range(50))
                 if m.step() and m.history[0].action == "start red")

    def turn(*actions):
        for action in actions:
            while match.state.current_player() >= 0 and match.state.phase == "interrupt":
                match.play("no interrupt")
            match.play(action)
        if match.state.phase == "act" and match.state.ap <= 0 and "end turn" in match.state.legal_actions():
            match.play("end turn")

    for actions in (("sup S", "sup W", "sup E"), ("sup E", "sup E", "sup N", "sup N"), ("sup W", "sup E", "sup W", "sup E"),
                    ("rotate e4 e3", "sup N", "sup N", "sup N"), ("rotate e5 e6", "rotate e6 e7", "sup W", "sup E"),
                    ("rotate e7 e6", "rotate e6 e5", "sup S", "sup N")):
        turn(*actions)
    while match.state.phase == "interrupt":
        match.play("no interrupt")
    return match


def _greyed_after(steps, finder: bool) -> dict:
    app = App(match=_stalemate_turn())
    try:
        screen = app.screen
        app.draw()
        for action in steps:
            if finder:  # typed into the finder ("/rotate crate e5 to e6"), the row then played
                screen.filtering, screen.filter = True, screen.action_label(action).split(" ")[0]
                screen._refresh_actions(force=True)
            screen.play(action)
            app.draw()
        return dict(screen._gone)
    finally:
        app.close()


def test_a_greyed_rows_reason_is_the_same_whether_its_steps_were_found_or_numbered():
    """Rule (the stalemate rule): a player may not end their turn in the position the opponent's turn undid. The
    audit: chosen by number, the barred row read "supervisor east: the stalemate r..."; chosen with the finder,
    "supervisor east: not possible now"."""
    steps = ("rotate e5 e6", "rotate e6 e7", "sup W")
    numbered, found = _greyed_after(steps, False), _greyed_after(steps, True)
    assert any("stalemate" in why for why in numbered.values()), numbered
    assert found == numbered


def test_the_first_log_line_and_a_card_refusal_name_the_player_and_the_card():
    """The audit: the log began "1. Chance: red starts", every later line naming the player ("Player 1: ..."); a
    refusal said "red does not hold overtime" beside rows that say "Player 1" and "Overtime"."""
    match = _stalemate_turn()
    app = App(match=match)
    try:
        screen = app.screen
        assert screen.log_labels[0] == "Chance: Red (red) starts"
        why = screen._refusal("play overtime")
        assert "Red (red) does not hold Overtime" in why, why
    finally:
        app.close()

