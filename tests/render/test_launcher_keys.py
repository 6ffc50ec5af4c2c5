"""A keyboard-only audit of the launcher (6 Dec): what Enter does after the game is changed from Resume, the
arrow keys in the variant list, the delete question's keys, a caret in the text fields, and one visible
focus at all times. Through the real App with SDL's dummy driver and a scratch data folder."""

from __future__ import annotations

import pygame
import pytest

from render.app import App
from render.screens.base import GameScreen

from .test_stumbles import key


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KONG_TABLETOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def press(app, k, mod=0, unicode=""):
    app.handle(key(k, mod, unicode))


def typed(app, words):
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text=words))


def first_name_field(app):
    """The launcher drawn, the focus in the first seat's name; returns that field."""
    app.draw()
    field = app.screen.seats[0].name
    app.screen.focus_on(field)
    return field


def back_from_a_donkey_kong_game():
    """A new app, a Donkey Kong game started from the launcher, a move made, then Esc back to the launcher."""
    app = App()
    launcher = app.screen
    launcher.select_game("donkey_kong")
    app.draw()
    launcher.start()
    game = app.screen
    assert isinstance(game, GameScreen)
    for _ in range(4000):  # bots and dice (Space) until the person's turn, then their first choice
        if game.match.waiting_for_human():
            game.play(next(a for i, a in enumerate(game.legal) if i not in game.faint_rows()))
            break
        press(app, pygame.K_SPACE, unicode=" ")
        app.tick(0.05)
    app.autosaver.flush()
    press(app, pygame.K_ESCAPE)
    return app, game


def test_choosing_another_game_from_resume_moves_the_focus_to_start_so_enter_starts_it():
    """The audit: after Esc from a Donkey Kong game the focus was on "Resume autosave"; Down chose Monkey Dash
    but the focus stayed on Resume, so Enter resumed the Donkey Kong game instead of starting Monkey Dash."""
    app, game = back_from_a_donkey_kong_game()
    try:
        launcher = app.screen
        assert launcher.focused_widget() is launcher.resume_button
        press(app, pygame.K_DOWN)
        assert launcher.game == "monkey_dash"
        assert launcher.focused_widget() is launcher.start_button
        press(app, pygame.K_RETURN)
        assert isinstance(app.screen, GameScreen) and app.screen.match.config.game == "monkey_dash"
        assert app.screen.match.history != game.match.history
    finally:
        app.close()


def test_an_unfinished_autosave_at_start_puts_enter_on_resume():
    """An audit killed the app mid-game, started it again and pressed Enter: the focus was on Start, and a new game
    began (the old one only kept among the saved matches), though back from a game Enter resumes. At the start,
    with an unfinished game autosaved, Enter continues it too, and the line says so."""
    app, game = back_from_a_donkey_kong_game()
    played = list(game.match.history)
    app.close()
    pygame.init()
    app = App()
    try:
        launcher = app.screen
        app.draw()
        assert launcher.focused_widget() is launcher.resume_button
        assert "Enter (Resume autosave) continues it" in launcher.message
        press(app, pygame.K_RETURN)
        assert isinstance(app.screen, GameScreen) and app.screen.match.history == played
    finally:
        app.close()


def test_up_and_down_on_a_variant_move_between_the_variants_of_the_game_chosen():
    """The audit: with the focus on Super Mario Jenga's "whole_steps" variant, Down chose the next game
    (wrapping to Donkey Kong), set its seats anew and left the focus on Donkey Kong's "wiki" variant."""
    app = App()
    try:
        launcher = app.screen
        launcher.select_game("jenga_mario")
        app.draw()
        variants = list(launcher.spec.variants)
        launcher.focus_on(launcher.variant_buttons[variants.index("whole_steps")])
        seats = [(r.kind, r.name.value) for r in launcher.seats]
        press(app, pygame.K_DOWN)
        assert launcher.game == "jenga_mario" and launcher.variant() == "beaten_stacks"
        assert launcher.focused_widget() is launcher.variant_buttons[variants.index("beaten_stacks")]
        press(app, pygame.K_DOWN)
        press(app, pygame.K_DOWN)  # past the last one: the first, still of this game
        assert launcher.game == "jenga_mario" and launcher.variant() == variants[0]
        press(app, pygame.K_UP)
        assert launcher.variant() == variants[-1] and launcher.focused_widget() is launcher.variant_buttons[-1]
        assert [(r.kind, r.name.value) for r in launcher.seats] == seats
    finally:
        app.close()


def saved_match_files(home):
    from .test_stumbles import launcher_with_saves
    from render import storage
    launcher_with_saves(home)
    return storage


def test_enter_twice_on_delete_keeps_the_saved_match_and_only_y_or_the_delete_button_deletes_it(home, lines_drawn):
    """The audit: Enter on "Delete [Del]" opened a question where "Enter or Y deletes", so two Enter presses
    deleted a saved match. Enter on the question's opening focus (Keep) keeps the file; Y, or the question's
    Delete button (clicked, or pressed after Tab moved the focus to it) deletes it, as its words say."""
    storage = saved_match_files(home)
    app = App()
    try:
        launcher = app.screen
        app.draw()
        names = sorted(p.name for p in storage.saved_matches())
        launcher.focus_on(launcher.delete_button)
        press(app, pygame.K_RETURN)
        assert launcher.deleting is not None
        lines_drawn.clear()
        app.draw()
        words = " ".join(w for w, _ in lines_drawn)
        assert "Enter keeps it. Y deletes it (or Tab to the Delete button, then Enter)." in words
        assert launcher.keep_choice.focused and not launcher.delete_choice.focused
        press(app, pygame.K_RETURN)
        assert launcher.deleting is None and sorted(p.name for p in storage.saved_matches()) == names
        assert launcher.message.startswith("Kept ")
        # Shift+Tab (its Shift first) moves the focus to Delete; Enter then deletes
        press(app, pygame.K_RETURN)
        press(app, pygame.K_LSHIFT, pygame.KMOD_SHIFT)
        press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        assert launcher.deleting is not None and launcher.delete_focus == "delete"
        lines_drawn.clear()
        app.draw()
        assert launcher.delete_choice.focused and not launcher.keep_choice.focused
        assert "Enter deletes it; Esc or N keeps it (Tab goes back to Keep)." in " ".join(w for w, _ in lines_drawn)
        press(app, pygame.K_RETURN)
        assert len(storage.saved_matches()) == len(names) - 1 and launcher.message.startswith("Deleted ")
        # Y deletes at once; a click on the question's Delete button too, a click elsewhere keeps the file
        launcher.focus_on(launcher.delete_button)
        press(app, pygame.K_RETURN)
        press(app, pygame.K_y, unicode="y")
        assert storage.saved_matches() == []
    finally:
        app.close()


def test_a_click_on_the_questions_delete_button_deletes_and_a_click_beside_it_keeps(home):
    storage = saved_match_files(home)
    app = App()
    try:
        launcher = app.screen
        app.draw()
        count = len(storage.saved_matches())
        for pos, left in ((lambda: (5, 5), count), (lambda: launcher.keep_choice.rect.center, count),
                          (lambda: launcher.delete_choice.rect.center, count - 1)):
            press(app, pygame.K_DELETE)
            app.draw()
            app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos()))
            assert launcher.deleting is None and len(storage.saved_matches()) == left
    finally:
        app.close()


def caret_drawn_at(surface, field, x) -> bool:
    """Whether a caret (a line of the text's ink) stands at x in the field, above and below its letters."""
    from render import palette as P
    return all(tuple(surface.get_at((x, y))[:3]) == tuple(P.TEXT) for y in (field.rect.y + 6, field.rect.bottom - 7))


def test_home_end_left_right_and_delete_move_a_caret_drawn_in_the_name_and_seed_fields():
    """The audit: the name and seed fields took only typing and Backspace; Home, End, Left, Right and Delete
    did nothing (after Left Left, typing "X" into "Kid" gave "KidX"), and no caret showed where typing went."""
    from render import text
    app = App()
    try:
        launcher = app.screen
        launcher.select_game("donkey_kong")
        app.draw()
        field = launcher.seats[0].name
        launcher.focus_on(field)
        typed(app, "Kid")  # "Player 1" is selected on the way in: typing replaces it
        press(app, pygame.K_LEFT)
        press(app, pygame.K_LEFT)
        typed(app, "X")
        assert field.value == "KXid" and field.caret == 2
        surface = app.draw()
        size = launcher.fs(16)  # the fields' text size
        assert caret_drawn_at(surface, field, field.rect.x + 8 + text.measure("KX", size)[0])
        assert not caret_drawn_at(surface, field, field.rect.x + 8 + text.measure("KXid", size)[0])
        press(app, pygame.K_HOME)
        typed(app, "A")
        press(app, pygame.K_END)
        typed(app, "Z")
        assert field.value == "AKXidZ"
        press(app, pygame.K_HOME)
        press(app, pygame.K_DELETE)
        press(app, pygame.K_RIGHT)
        press(app, pygame.K_DELETE)
        press(app, pygame.K_BACKSPACE)
        assert field.value == "idZ" and field.caret == 0
        press(app, pygame.K_END)
        surface = app.draw()
        assert caret_drawn_at(surface, field, field.rect.x + 8 + text.measure("idZ", size)[0])
        # the seed too; and Delete in a field deletes a character, never asks to delete a saved match
        launcher.focus_on(launcher.seed)
        typed(app, "1234")
        press(app, pygame.K_LEFT)
        press(app, pygame.K_LEFT)
        press(app, pygame.K_DELETE)
        typed(app, "9")
        assert launcher.seed.value == "1294" and launcher.deleting is None
    finally:
        app.close()


def test_typing_inside_a_full_name_is_refused_with_a_word_and_does_not_cut_the_name():
    app = App()
    try:
        launcher = app.screen
        field = first_name_field(app)
        typed(app, "Wilhelmina Gross")  # sixteen characters: full
        press(app, pygame.K_HOME)
        typed(app, "Dr ")
        assert field.value == "Wilhelmina Gross" and field.caret == 0
        assert launcher.message == ("A name holds at most 16 characters: 'Dr ' was not taken (Backspace or Delete "
                                    "makes room).")
    finally:
        app.close()


def test_names_typed_for_one_game_come_back_with_it_after_up_and_down():
    """The audit saw a typed name "Kid" become "Player 1" when Down switched the game: the seats (and their
    names) are kept per game in the settings on purpose (a game's table of two is not another's of four), so
    the name is that game's and comes back with it."""
    app = App()
    try:
        launcher = app.screen
        launcher.select_game("donkey_kong")
        app.draw()
        launcher.focus_on(launcher.seats[0].name)
        typed(app, "Kid")
        launcher.focus_on(launcher.start_button)
        press(app, pygame.K_DOWN)
        assert launcher.game == "monkey_dash"
        press(app, pygame.K_UP)
        assert launcher.game == "donkey_kong" and launcher.seats[0].name.value == "Kid"
    finally:
        app.close()


def ringed(app) -> list:
    """The launcher's controls drawn with the focus ring (a button's just outside it, a field's on its edge),
    and the saved matches' list when a row of it is framed in the focus colour, as a frame drawn now shows."""
    from render import palette as P
    from render.widgets import FOCUS_GAP, Button
    surface = app.draw()
    launcher = app.screen
    ring = tuple(P.HIGHLIGHT)

    def at(x, y):
        return tuple(surface.get_at((x, y))[:3]) == ring

    shown = [w for w in launcher.focusables if launcher._visible(w) and w.rect.w and not (
        launcher.renaming is not None and w in (launcher.load_button, launcher.rename_button, launcher.delete_button))]
    found = [w for w in shown if isinstance(w, Button) and at(w.rect.centerx, w.rect.y - FOCUS_GAP)
             and at(w.rect.centerx, w.rect.bottom + FOCUS_GAP - 1)]
    found += [w for w in shown if not isinstance(w, Button) and at(w.rect.centerx, w.rect.y + 1)]
    if launcher.renaming is not None and at(launcher.rename_field.rect.centerx, launcher.rename_field.rect.y + 1):
        found.append(launcher.rename_field)
    saves = launcher.saves
    for k in range(saves.visible_rows()):
        if at(saves.rect.centerx, saves.rect.y + k * saves.row_h):
            found.append(saves)
    return found


def test_at_launch_and_back_from_a_finished_game_start_is_ringed_and_enter_starts():
    """The audit: at launch no control was ringed until Tab, and back from a finished game nothing was
    ringed, while Enter started a game. Start has the focus, ringed (a new launcher is what a finished game
    goes back to: App.leave shows it with FINISHED_LEFT's line)."""
    from render.app import FINISHED_LEFT
    app = App()
    try:
        assert ringed(app) == [app.screen.start_button]
        app.show_launcher(FINISHED_LEFT)
        assert ringed(app) == [app.screen.start_button]
        press(app, pygame.K_RETURN)
        assert isinstance(app.screen, GameScreen)
    finally:
        app.close()


def test_removing_a_seat_leaves_the_focus_on_a_control_that_is_shown_and_ringed():
    """The audit removed seat 3 with its focused Remove button (Enter): the focus went to a Remove button that
    could no longer be pressed (two seats are the least), which draws no ring, and no control was ringed."""
    app = App()
    try:
        launcher = app.screen
        launcher.select_game("donkey_kong")
        launcher.add_seat()
        app.draw()
        assert len(launcher.seats) == 3
        launcher.focus_on(launcher.seats[2].remove_button)
        press(app, pygame.K_RETURN)
        assert len(launcher.seats) == 2
        focused = launcher.focused_widget()
        assert ringed(app) == [focused] and launcher._usable(focused)
    finally:
        app.close()


def test_esc_in_a_name_field_moves_the_ring_to_start_and_enter_does_what_it_says():
    """The audit: Esc in the name field took the focus out of it with no control ringed, and the next Enter
    started a new game. Esc now leaves the field for Start, ringed; Enter starts; a second Esc asks to quit."""
    app = App()
    try:
        launcher = app.screen
        app.draw()
        launcher.focus_on(launcher.seats[0].name)
        assert ringed(app) == [launcher.seats[0].name]
        press(app, pygame.K_ESCAPE)
        assert not launcher.confirm_quit and ringed(app) == [launcher.start_button]
        press(app, pygame.K_ESCAPE)
        assert launcher.confirm_quit
        press(app, pygame.K_n, unicode="n")
        press(app, pygame.K_RETURN)
        assert isinstance(app.screen, GameScreen)
    finally:
        app.close()


def test_after_a_rename_only_the_focused_button_is_ringed_not_the_saved_row_too(home):
    """The audit: after renaming a saved match, both its row (framed in the focus colour) and "Delete [Del]"
    were ringed. One ring only, while the new name is typed (the name field) and after it (the button); the
    row the buttons act on is marked with a bar at its left edge instead."""
    from render import palette as P
    saved_match_files(home)
    app = App()
    try:
        launcher = app.screen
        app.draw()
        launcher.focus_on(launcher.delete_button)
        press(app, pygame.K_F2)
        assert launcher.renaming is not None and ringed(app) == [launcher.rename_field]
        typed(app, "Ann wins")
        press(app, pygame.K_RETURN)
        assert launcher.message == "Renamed to Ann wins."
        assert ringed(app) == [launcher.delete_button]
        surface = app.draw()
        row = launcher.saves.rect.move(0, (launcher.saves.selected - launcher.saves.top) * launcher.saves.row_h)
        assert tuple(surface.get_at((row.x + 2, row.y + launcher.saves.row_h // 2))[:3]) == tuple(P.HIGHLIGHT)
    finally:
        app.close()


def test_deleting_the_last_saved_match_leaves_a_ring_on_a_control_that_can_be_pressed(home):
    storage = saved_match_files(home)
    app = App()
    try:
        launcher = app.screen
        app.draw()
        launcher.focus_on(launcher.delete_button)
        for _ in storage.saved_matches():
            press(app, pygame.K_RETURN)
            press(app, pygame.K_y, unicode="y")
        assert storage.saved_matches() == [] and not launcher.delete_button.enabled
        focused = launcher.focused_widget()
        assert ringed(app) == [focused] and launcher._usable(focused)
    finally:
        app.close()


def test_a_click_on_a_disabled_button_leaves_the_ring_where_it_was():
    """A click on "Resume autosave" with no autosave gave the focus to a button that cannot be pressed and
    draws no ring: no control was ringed (found while checking the audit's "exactly one visible focus")."""
    app = App()
    try:
        launcher = app.screen
        app.draw()
        assert not launcher.resume_button.enabled
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=launcher.resume_button.rect.center))
        assert ringed(app) == [launcher.start_button]
    finally:
        app.close()


def test_the_pointer_on_a_button_is_not_drawn_as_a_second_focus(monkeypatch):
    """A regression audit rested the pointer on 'whole_steps' and pressed Down: the focus moved to the next
    variant, and 'whole_steps' kept a yellow ring just like it, two controls that looked focused. The button
    under the pointer is edged in the text's colour; only the focus is ringed in yellow, outside its button."""
    from render import palette as P
    from render import pointer
    from render.widgets import FOCUS_GAP

    app = App()
    try:
        launcher = app.screen
        launcher.select_game("jenga_mario")
        app.draw()
        under, focused = launcher.variant_buttons[0], launcher.variant_buttons[1]
        launcher.focus_on(focused)
        monkeypatch.setattr(pointer, "pos", lambda: under.rect.center)  # the pointer resting on 'under'
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=under.rect.center, rel=(1, 1), buttons=(0, 0, 0)))
        surface = app.draw()
        assert under.pointed_at() and not under.focused and focused.focused
        assert tuple(surface.get_at((under.rect.centerx, under.rect.y))[:3]) == tuple(P.TEXT)
        assert tuple(surface.get_at((focused.rect.centerx, focused.rect.y - FOCUS_GAP))[:3]) == tuple(P.HIGHLIGHT)
        assert tuple(surface.get_at((under.rect.centerx, under.rect.y - FOCUS_GAP))[:3]) != tuple(P.HIGHLIGHT)
    finally:
        app.close()


def test_the_quit_question_has_stay_and_quit_buttons_so_the_mouse_alone_can_answer_it():
    """"Quit Kong Tabletop?" (asked by Esc) took its yes from the keyboard only, and every click stayed:
    the box showed no button to click. It now has Stay and Quit buttons, as the delete question has Keep
    and Delete: a click on Stay or beside the box stays, a click on Quit quits; the keys are as before
    (Shift alone answers nothing)."""
    app = App()
    try:
        launcher = app.screen
        for pos in (lambda: (5, 5), lambda: launcher.stay_choice.rect.center):
            press(app, pygame.K_ESCAPE)
            assert launcher.confirm_quit
            app.draw()
            assert app.screen is launcher and launcher.stay_choice.rect.w and launcher.quit_choice.rect.w
            app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos()))
            assert app.running and not launcher.confirm_quit
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_TAB)  # the focus to Stay (Tab closed the question: a regression audit)
        assert launcher.confirm_quit and launcher.quit_focus == "stay"
        app.draw()
        assert launcher.stay_choice.focused and not launcher.quit_choice.focused
        press(app, pygame.K_RETURN)  # Enter presses Stay
        assert app.running and not launcher.confirm_quit
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_LSHIFT)
        assert app.running and launcher.confirm_quit and launcher.quit_focus == "quit"
        app.draw()
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=launcher.quit_choice.rect.center))
        assert not app.running
    finally:
        app.close()


def test_a_name_of_spaces_only_is_remembered_blank_and_the_next_launch_has_no_word_about_it(home):
    """A hot-seat audit: a person's name cleared and three spaces typed read "Player 3" in the game, but the
    launcher remembered the spaces, and its next screen said the remembered seats could not be used."""
    app = App()
    try:
        launcher = app.screen
        launcher.select_game("jenga_mario")
        app.draw()
        field = launcher.seats[0].name
        launcher.focus_on(field)
        field.select_all()
        typed(app, "   ")
        assert field.value == "   "
        launcher.start()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.match.config.seats[0].name == "Player 1"
    finally:
        app.close()
    import json
    assert json.loads((home / "settings.json").read_text())["seats"]["jenga_mario"][0]["name"] == ""
    again = App()
    try:
        again.screen.select_game("jenga_mario")
        again.draw()
        assert "could not be used" not in (again.screen.message or "")
        assert not (home / "settings.json.before").exists()
        assert again.screen.seats[0].name.value == "Player 1"
    finally:
        again.close()


def test_people_who_give_the_same_name_are_numbered_as_two_bots_of_a_kind_are():
    """A hot-seat audit: two people both named Zoë read "Zoë toppled the tower; Zoë ... wins"."""
    app = App()
    try:
        launcher = app.screen
        launcher.select_game("jenga_classic")
        app.draw()
        while len(launcher.seats) < 4:
            launcher.add_seat()
        names = ["Zoë", "Zoë", "", "Bartholomew Gros"]
        for row, name in zip(launcher.seats, names):
            row.kind = "human"
            row.name.value = name
        launcher.seats[3].kind = "careful"
        seats = launcher.config_seats()
        assert [s.name for s in seats] == ["Zoë 1", "Zoë 2", "Player 3", "Careful bot"]
        launcher.seats[3].kind = "human"
        launcher.seats[2].name.value = "Bartholomew Gros"  # sixteen characters: the number fits by a cut
        seats = launcher.config_seats()
        assert [s.name for s in seats][2:] == ["Bartholomew Gr 1", "Bartholomew Gr 2"]
        # a number never makes a name that is taken, a person never takes a bot's name, and one name in two
        # Unicode forms is one name (a regression audit)
        for row, name in zip(launcher.seats, ["Zoë 1", "Zoë", "Zoe\u0308", "Careful bot"]):
            row.name.value = name
        assert [s.name for s in launcher.config_seats()] == ["Zoë 1", "Zoë 2", "Zoë 3", "Careful bot"]
        launcher.seats[3].kind = "careful"
        launcher.seats[2].name.value = "careful BOT"
        assert [s.name for s in launcher.config_seats()] == ["Zoë 1", "Zoë", "careful BOT 1", "Careful bot"]
        # a seat left blank is never numbered against a typed name: it takes a 'Player N' nobody holds (an
        # audit: 'Player 2' typed in seat 1 beside a blank seat 2 read 'Player 2 1' and 'Player 2 2')
        for row, name in zip(launcher.seats, ["Player 2", "", "player 1", "Careful bot"]):
            row.name.value = name
        assert [s.name for s in launcher.config_seats()] == ["Player 2", "Player 3", "player 1", "Careful bot"]
        for row, name in zip(launcher.seats, ["Zoë 1", "Zoë", "careful BOT", "Careful bot"]):
            row.name.value = name
        launcher.start()
        assert isinstance(app.screen, GameScreen)
        names = [s.name for s in app.screen.match.config.seats]
        assert names == ["Zoë 1", "Zoë", "careful BOT 1", "Careful bot"]
    finally:
        app.close()


def test_a_character_the_font_cannot_draw_is_not_taken_into_a_name_and_that_is_said():
    """A hot-seat audit named a seat "🍌 Ana": it stood as an empty box and "Ana" everywhere the name was shown."""
    app = App()
    try:
        launcher = app.screen
        field = first_name_field(app)
        field.select_all()
        typed(app, "🍌 Ana")
        assert field.value == " Ana"
        app.draw()
        # named by its code point: drawn, the note showed the very box it was about (a regression audit)
        assert launcher.message == ("U+1F34C cannot be drawn by the game's font (an emoji, a sign or a script it "
                                    "lacks) and was not taken.")
        field.select_all()
        typed(app, "Zoë ∑")  # drawn by the font: taken whole
        assert field.value == "Zoë ∑"
        # an emoji picker's heart is U+2764 and U+FE0F, which has no width at all: drawing it alone crashed
        field.select_all()
        typed(app, "Ana\u2764\ufe0f")
        assert field.value.startswith("Ana") and "\ufe0f" not in field.value
        app.draw()
        assert "U+FE0F" in launcher.message
        # a no-break space is a space; two refused characters are named in the plural (a regression audit)
        field.select_all()
        typed(app, "José\u00a0M")
        assert field.value == "José M"
        field.select_all()
        typed(app, "Ana\U0001F923\u200d")
        app.draw()
        assert field.value == "Ana"
        assert launcher.message == ("U+1F923 and U+200D cannot be drawn by the game's font (an emoji, a sign or a "
                                    "script it lacks) and were not taken.")
        typed(app, "n")  # typed on and taken: the note about the refused characters goes
        assert field.value == "Anan" and launcher.message == ""
    finally:
        app.close()


def test_after_a_delete_the_saved_matches_list_keeps_its_place(home):
    """A launcher audit: scrolled to the foot of a long list, a match deleted (Del, Y): the list jumped back to
    its top with the first row chosen, so the next Del aimed at another, wanted match. The row chosen stays at
    its place (the one after the deleted one) and the list where it was scrolled."""
    from render import storage

    from .test_stumbles import launcher_with_saves
    good = launcher_with_saves(home)
    for k in range(18):
        good.save(storage.saves_dir() / f"game {k:02d}.json")
    app = App()
    try:
        launcher = app.screen
        app.draw()
        saves = launcher.saves
        n = len(saves.items)
        assert n >= 20 and saves.visible_rows() < n
        launcher.focus_on(launcher.delete_button)
        saves.selected = n - 3
        saves.reveal()
        top = saves.top
        assert top > 0
        doomed = launcher.save_files[n - 3]
        following = launcher.save_files[n - 2]
        press(app, pygame.K_RETURN)
        press(app, pygame.K_y, unicode="y")
        assert not doomed.exists() and launcher.message.startswith("Deleted ")
        app.draw()
        assert launcher.save_files[saves.selected] == following and saves.top == top
    finally:
        app.close()


def test_f1_in_the_launcher_shows_the_chosen_games_help_and_rules(home, lines_drawn):
    """A launcher audit: F1 did nothing in the launcher, whose words sent people to "the help in a game (F1)";
    the rules of a game or a variant, or every bot's note, could be read only after starting a game. F1 shows
    the chosen game's help (its variant's rules, its bots, the launcher's keys) over the launcher; it scrolls,
    and Esc, F1 or a click closes it without quitting or starting anything."""
    from render.launcher import LauncherScreen

    app = App()
    try:
        launcher = app.screen
        launcher.select_game("jenga_dk")
        app.draw()
        press(app, pygame.K_F1)
        assert launcher.help_open
        lines_drawn.clear()
        app.draw()
        words = " ".join(w for w, _ in lines_drawn)
        assert "Help: Donkey Kong Jenga" in words and "HOW TO PLAY" in words
        heads = {w for w, _ in lines_drawn if w.startswith(("HOW TO PLAY", "RULES", "THE BOTS"))}
        from render.help import is_heading
        assert heads and all(is_heading(w) for w in heads)
        assert is_heading("THE BOTS (the seats' opponents, weakest first)") and not is_heading("DK (Donkey Kong rests) and")
        assert not is_heading("AP.")  # a wrapped line of one short word in capitals (a regression audit)
        assert "variant 'corner_few_pulls': climb to the girder above along Mario's side" in words
        help_text = launcher.help_text()
        assert "THE BOTS" in help_text and "THE LAUNCHER'S KEYS" in help_text
        from render.help import bot_title
        notes = launcher.spec.bot_notes
        assert notes
        for bot in notes:  # every bot's note, which the seats column may not have room for
            assert f"{bot_title(bot)}: {notes[bot]}" in help_text, bot
        press(app, pygame.K_PAGEDOWN)
        assert launcher.help_top > 0
        press(app, pygame.K_ESCAPE)  # closes the help, asks nothing
        assert not launcher.help_open and not launcher.confirm_quit and isinstance(app.screen, LauncherScreen)
        press(app, pygame.K_F1)
        app.draw()
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(5, 5)))
        assert not launcher.help_open and isinstance(app.screen, LauncherScreen)
        # Space pages on and never reaches the field with the focus (a regression audit: closing the help with it
        # typed " " as the first person's name); a press on the scroll bar scrolls, it does not close the help
        name = launcher.seats[0].name
        launcher.focus_on(name)
        before = name.value
        press(app, pygame.K_F1)
        app.draw()
        press(app, pygame.K_SPACE, unicode=" ")
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=" "))
        assert launcher.help_open and launcher.help_top > 0 and name.value == before
        bar = launcher.help_track
        assert bar is not None
        foot = (bar.centerx, bar.bottom - 2)
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=foot))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=foot))
        total, rows = launcher.help_total
        assert launcher.help_open and launcher.help_top >= total - rows - 1
        press(app, pygame.K_F1)
        assert not launcher.help_open and name.value == before
        press(app, pygame.K_RETURN)  # the launcher's keys work again: Enter starts the game
        assert isinstance(app.screen, GameScreen)
    finally:
        app.close()
