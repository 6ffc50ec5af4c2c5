"""What a mouse-only audit of the board games found in the bar shared by every game screen (SDL's dummy
driver, the app's own events):

- after "View board" on the result, nothing but the V key brought the result back;
- at a hot seat the second player's Undo silently took back the first player's finished turn;
- nothing said what Undo would take back, or why it was greyed.
"""

from __future__ import annotations

import pygame

from games import registry
from games.core import Seat
from games.match import Match
from render.app import App

from .test_board_stumbles import click, point
from .test_board_stumbles2 import bots_game
from .test_stumbles import home, key  # noqa: F401 (home: the autouse scratch folder for saves)


def finished(game="monkey_dash", seed=3):
    """A match played to its end by bots, with seat 0 a person's (so the result is shown)."""
    spec = registry.get(game)
    match = Match(spec.make_config([Seat("Ann"), Seat("Bot", "random")]), seed)
    bots = Match(spec.make_config([Seat("Ann", "random"), Seat("Bot", "random")]), seed)
    while not bots.is_over():
        bots.step() if bots.current_player < 0 else bots.play(bots.bot_action())
    match.replay([s.to_json() for s in bots.history])
    return match


def button(screen, label):
    return next(b for b in screen.buttons if b.label == label)


def test_after_view_board_a_click_on_result_brings_the_result_back(home):
    app = App(match=finished())
    screen = app.screen
    try:
        app.draw()
        assert screen.show_result
        view = next(b for b in screen.result_buttons if b.label == "View board")
        click(app, view.rect.center)
        app.draw()
        assert not screen.show_result
        result = button(screen, "Result")  # the bar's Skip button, once the game is over
        assert result.enabled and result.hint == "V"
        click(app, result.rect.center)
        app.draw()
        assert screen.show_result
    finally:
        app.close()


def hot_seat_after_first_turn():
    """Monkey Dash for two people at one screen, the first person's turn played to its end: the second
    person decides."""
    spec = registry.get("monkey_dash")
    match = Match(spec.make_config([Seat("Ann"), Seat("Ben")]), 5)
    first = None
    while True:
        if match.current_player < 0:
            match.step()
            continue
        if first is None:
            first = match.current_player
        if match.current_player != first:
            return match, first
        legal = match.state.legal_actions()
        match.play(next((a for a in legal if a in ("end turn", "pass")), legal[0]))


def test_at_a_hot_seat_undo_asks_before_taking_back_the_other_persons_move(home):
    match, first = hot_seat_after_first_turn()
    app = App(match=match)
    screen = app.screen
    try:
        app.draw()
        steps = len(match.history)
        now = match.current_player
        assert now != first
        undo = button(screen, "Undo")
        click(app, undo.rect.center)
        assert len(match.history) == steps  # nothing taken back on the first press
        assert screen.message.startswith(f"Undo takes back {match.config.seats[first].name}'s move")
        assert "again" in screen.message
        click(app, undo.rect.center)  # the second press takes it back
        assert len(match.history) < steps and match.current_player == first
        # At one's own move, no question: the person deciding takes back their own step at once. A step
        # that keeps the turn (the engine on a copy says which):
        # Play on (chance by itself) until the person deciding has a step that keeps their turn; they play
        # it, and their Undo takes it back at once.
        def keeps_turn(action):
            copy = match.state.clone()
            copy.apply_action(action)
            return copy.current_player() == match.current_player

        for _ in range(20):
            while match.current_player < 0:
                match.step()
            step = next((a for a in match.state.legal_actions() if keeps_turn(a)), None)
            if step is not None:
                break
            screen.play(match.state.legal_actions()[-1])
        now = match.current_player
        screen.play(step)
        app.draw()
        assert match.current_player == now
        before = len(match.history)
        app.handle(key(pygame.K_z, pygame.KMOD_CTRL))
        assert len(match.history) == before - 1 and screen.message == "Undone."
    finally:
        app.close()


def test_against_a_bot_undo_takes_back_at_once(home):
    spec = registry.get("monkey_dash")
    match = Match(spec.make_config([Seat("Ann"), Seat("Bot", "random")]), 5)
    while not (match.waiting_for_human() and match.state.phase == "act"):
        if match.waiting_for_human():
            match.play(match.state.legal_actions()[-1])
        else:
            match.step()
    match.play(match.state.legal_actions()[0])  # Ann's step
    app = App(match=match)
    screen = app.screen
    try:
        app.draw()
        before = len(match.history)
        click(app, button(screen, "Undo").rect.center)
        assert len(match.history) < before and screen.message == "Undone."
    finally:
        app.close()


def test_the_pointer_on_undo_says_what_it_takes_back_or_why_it_takes_nothing(home):
    match, first = hot_seat_after_first_turn()
    app = App(match=match)
    screen = app.screen
    try:
        app.draw()
        point(app, button(screen, "Undo").rect.center)
        app.draw()
        words = " ".join(screen.status_lines)
        assert words.startswith(f"Undo takes back {match.config.seats[first].name}'s move: ")
    finally:
        app.close()
    dk = registry.get("donkey_kong")
    match = Match(dk.make_config([Seat("Ann"), Seat("Bot", "random")]), 4)
    while not match.waiting_for_human():
        match.step()
    app = App(match=match)
    screen = app.screen
    try:
        app.draw()
        app.tick(0.1)
        screen.message_time = 0  # the message of the game opening has been read
        point(app, button(screen, "Undo").rect.center)
        app.draw()
        words = " ".join(screen.status_lines)
        assert words.startswith("Undo") and ("dice roll" in words or "no move" in words), words
    finally:
        app.close()


def _played_a_move() -> Match:
    """A Donkey Kong match against a bot in which Ann has made her first move (something worth keeping)."""
    first = Match(registry.get("donkey_kong").make_config([Seat("Ann"), Seat("Bot", "random")]), 4)
    while not first.waiting_for_human():
        first.step()
    first.play(first.state.legal_actions()[0])
    return first


def test_a_new_game_names_the_unfinished_game_it_kept(home):
    """Before: a new Monkey Dash game opened saying "The previous autosaved game is kept in the saved
    matches (donkey_kong-....json)", which a new player could not place. It now names the game and its turn."""
    app = App(match=_played_a_move())
    try:
        app.draw()
        md = registry.get("monkey_dash")
        note = app.start_match(Match(md.make_config([Seat("Ann"), Seat("Bot", "random")]), 4))
        assert note.startswith("Your unfinished game before this one (Donkey Kong, turn ") and \
            "is kept in the saved matches as donkey_kong-" in note, note
    finally:
        app.close()


def test_a_damaged_copy_that_kept_the_checksum_is_not_named_as_the_game_kept(home):
    """An audit (5 Dec, sixth session): a copy of a saved game with one move edited and its checksum field
    left as it was (the list marks it "will not load") was named as where the unfinished game "is kept",
    and no copy of the game was written. The game set aside now gets its own file."""
    import json

    from render import storage

    app = App(match=_played_a_move())
    try:
        app.draw()
        app.autosaver.flush()
        body = json.loads(storage.autosave_path().read_text())
        body["seed"] = 5  # edited; the checksum field kept as it was
        (storage.saves_dir() / "zz_corrupt_action.json").write_text(json.dumps(body))
        assert storage.inspect_save(storage.saves_dir() / "zz_corrupt_action.json").problem
        md = registry.get("monkey_dash")
        note = app.start_match(Match(md.make_config([Seat("Ann"), Seat("Bot", "random")]), 4))
        assert "zz_corrupt_action" not in note and "is kept in the saved matches as donkey_kong-" in note, note
        kept = storage.saves_dir() / note.rsplit(" as ", 1)[1].rstrip(".")
        assert not storage.inspect_save(kept).problem and json.loads(kept.read_text())["seed"] == 4
    finally:
        app.close()


def test_a_finished_game_set_aside_is_called_finished_not_unfinished(home):
    """An audit: after a game had ended and the window was opened again, starting another game said "Your
    unfinished game before this one ... is kept", of a file whose game was over."""
    from render import storage

    done = finished("donkey_kong")
    done.save(storage.autosave_path())  # the autosave the last window left: a game that ended
    app = App()
    try:
        md = registry.get("monkey_dash")
        note = app.start_match(Match(md.make_config([Seat("Ann"), Seat("Bot", "random")]), 4))
        assert note.startswith("Your finished game before this one (Donkey Kong) is kept in the saved matches as "
                               "donkey_kong-"), note
    finally:
        app.close()


def test_the_result_has_no_empty_band_above_its_buttons(home, lines_drawn):
    """Before: a two-player result kept the dialog's old fixed height, leaving a band of about 130 px with
    nothing in it between the last line and the buttons. The dialog is now as tall as its words."""
    app = App(match=finished("donkey_kong"))
    screen = app.screen
    lines = lines_drawn
    try:
        app.draw()
        assert screen.show_result
        lines.clear()
        app.draw()
        top = min(b.rect.top for b in screen.result_buttons)
        title = next(i for i, (words, _) in enumerate(lines) if words.endswith("wins!"))
        above = [r.bottom for _, r in lines[title:] if r.bottom <= top]  # the dialog's own lines
        assert len(above) >= 3 and top - max(above) < 40 * screen.scale, (top, max(above))
    finally:
        app.close()


def test_under_view_board_the_choices_panel_says_how_to_go_on(home, lines_drawn):
    """Seen by an audit: under View board an empty Choices panel stood beside the final board. Its title now
    says who won and its lines how to get back to the result (and Play again) or to the menu."""
    app = App(match=finished("monkey_dash"))
    screen = app.screen
    try:
        app.draw()
        view = next(b for b in screen.result_buttons if b.label == "View board")
        click(app, view.rect.center)
        lines_drawn.clear()
        app.draw()
        said = " ".join(words for words, _ in lines_drawn)
        assert f"Game over: {screen.result_words()}" in said
        assert "the bar's Result button, V or Enter" in said
        app.handle(key(pygame.K_RETURN))
        assert screen.show_result
    finally:
        app.close()
