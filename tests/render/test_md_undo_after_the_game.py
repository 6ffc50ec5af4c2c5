"""Undo after a game of Monkey Dash is over, checked through the app's own events with SDL's dummy video driver,
on the real engine. An audit found Undo enabled on the game-over screen. That is how every game of the
table treats a finished game (GameScreen.undo; Donkey Kong's finishing move is taken back the same way, and
Jenga's but for a fall, which its engine makes final): Ctrl+Z on the result or after View board, and the
bar's Undo under the result, take the last move back and the game goes on. These tests hold Monkey Dash to
that and to a consistent window: no result or 'Game over' over a game going on, an autosave of the game
going on, Redo bringing the result back; and the help now says what Ctrl+Z does after the game.
"""

from __future__ import annotations

import json

import pygame

from games import registry
from games.core import Seat
from games.match import Match
from render import storage

from .test_board_audit4_md import arranged, open_app
from .test_board_stumbles import click
from .test_md_choices import CRATES
from .test_stumbles import home, key  # noqa: F401 (home: the autouse scratch folder for saves)

SPEC = registry.get("monkey_dash")
RED = 0


def won_by_ann():
    """Seed 2 of two greedy bots, replayed with Ann (a person) as red up to her winning Monkey Heave."""
    bots = Match(SPEC.make_config([Seat("A", "greedy"), Seat("B", "greedy")], "standard"), 2)
    bots.advance()
    assert bots.state.winner == RED and bots.history[-1].by == RED
    match = Match(SPEC.make_config([Seat("Ann"), Seat("Bob", "greedy")], "standard"), 2)
    match.replay([{"by": s.by, "action": s.action} for s in bots.history[:-1]])
    return match, bots.history[-1].action


def finish(app, screen, match, winning):
    screen.play(winning)
    for _ in range(20):
        app.tick(0.1)
        app.draw()
    assert match.is_over() and screen.show_result and screen.kept_as is not None


def going_on(app, screen, match, steps):
    """The game goes on after the undo, and nothing on the screen or in the autosave says it is over."""
    for _ in range(10):
        app.tick(0.1)
        app.draw()
    assert len(match.history) == steps - 1 and not match.is_over() and match.waiting_for_human()
    assert not screen.show_result and screen.banner_title() == "Ann's turn"
    assert screen.legal and screen.buttons[6].label == "Skip"
    app.autosaver.flush()
    saved = json.loads(storage.autosave_path().read_text())
    assert len(saved["actions"]) == steps - 1 and saved["outcome"]["over"] is False


def test_undo_on_the_result_takes_the_winning_move_back_and_redo_brings_the_result_again(home, lines_drawn):
    match, winning = won_by_ann()
    app, screen = open_app(match)
    try:
        finish(app, screen, match, winning)
        steps = len(match.history)
        assert screen.buttons[0].enabled and "takes back Ann's move" in screen.undo_button_words()
        lines_drawn.clear()  # the result says Undo still works (it offered only P, V and Esc: an audit)
        app.draw()
        assert "Undo (Ctrl+Z) takes the last move back, and the game goes on." in [w for w, _ in lines_drawn]
        app.handle(key(pygame.K_z, pygame.KMOD_CTRL))
        going_on(app, screen, match, steps)
        app.handle(key(pygame.K_y, pygame.KMOD_CTRL))
        for _ in range(20):
            app.tick(0.1)
            app.draw()
        assert match.is_over() and screen.show_result and match.history[-1].action == winning
    finally:
        app.close()


def test_the_bar_undo_under_the_result_and_ctrl_z_after_view_board_do_the_same(home):
    match, winning = won_by_ann()
    app, screen = open_app(match)
    try:
        finish(app, screen, match, winning)
        steps = len(match.history)
        click(app, screen.buttons[0].rect.center)  # the bar's Undo, under the result
        going_on(app, screen, match, steps)
        screen.play(winning)
        for _ in range(20):
            app.tick(0.1)
            app.draw()
        app.handle(key(pygame.K_v))  # View board, then Ctrl+Z
        assert not screen.show_result and match.is_over()
        app.handle(key(pygame.K_z, pygame.KMOD_CTRL))
        going_on(app, screen, match, steps)
    finally:
        app.close()


def test_the_help_says_how_the_choices_are_ordered_and_what_ctrl_z_does_after_the_game():
    match = arranged(crates=CRATES, sups=("d4", "d1"))
    app, screen = open_app(match)
    try:
        words = " ".join(screen.help_text().split())
        assert "through the turn every row keeps its number" in words
        assert "After the game: P: play again" in words and "Ctrl+Z: take the last move back" in words
    finally:
        app.close()


def test_at_a_hot_seat_the_winning_move_is_taken_back_only_on_a_second_press(home):
    """Two people at one screen: once the game is over nobody is deciding, and either may press. The loser's
    single Ctrl+Z took back the winner's winning move; it now asks first, as a hot seat's undo of another
    person's move does during the game (GameScreen._asks_before_undo)."""
    bots = Match(SPEC.make_config([Seat("A", "greedy"), Seat("B", "greedy")], "standard"), 2)
    bots.advance()
    match = Match(SPEC.make_config([Seat("Ann"), Seat("Bob")], "standard"), 2)
    match.replay([{"by": s.by, "action": s.action} for s in bots.history[:-1]])
    app, screen = open_app(match)
    try:
        finish(app, screen, match, bots.history[-1].action)
        steps = len(match.history)
        app.handle(key(pygame.K_z, pygame.KMOD_CTRL))
        assert match.is_over() and len(match.history) == steps
        assert "Press Undo (Ctrl+Z) again to take it back." in screen.message
        assert "takes back Ann's move" in screen.message
        for _ in range(100):  # ten seconds of talking it over: the request's words are gone, the request stands
            app.tick(0.1)
        assert screen.message_time <= 0
        app.handle(key(pygame.K_z, pygame.KMOD_CTRL))
        assert not match.is_over() and len(match.history) == steps - 1
    finally:
        app.close()
