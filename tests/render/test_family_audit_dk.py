"""A Donkey Kong family audit (3 or 4 at one screen, the mouse): Enter played the framed row of Choices while
the board drew another path, the one to the space under the pointer or the one pinned there; a click on the
dice while the last move was still drawn was dropped where Space rolls. Checked through the app's own events
with SDL's dummy video driver on the real engine."""

from __future__ import annotations

import pygame

from games.core import Seat
from render.app import App

from .test_board_stumbles import click, point
from .test_boards import human_turn_match
from .test_stumbles import home, key  # noqa: F401 (home: the autouse scratch folder for saves)

PEOPLE = [Seat("Ann"), Seat("Bot", "random"), Seat("Cy", "random")]


def _moves_with_a_shared_end(state) -> bool:
    """A turn of several moves, with a space two of them end on and a row other than the first to point at."""
    moves = [a for a in state.legal_actions() if a.startswith("move ")]
    ends = [a.split()[-1] for a in moves]
    return len(moves) >= 3 and len(set(ends)) < len(ends) and ends[0] != ends[-1]


def _screen(seed=4):
    match = human_turn_match("donkey_kong", PEOPLE, seed, _moves_with_a_shared_end)
    app = App(match=match)
    app.draw()
    return app, app.screen, match


def test_a_path_under_the_pointer_is_drawn_and_a_click_plays_it_but_enter_plays_the_chosen_row():
    """A family audit had Enter play the chosen row while the board drew the path to the space under the pointer;
    Enter then played the pointed path, and a regression audit swept the pointer over a space whose path cost a
    card, then left the board: Enter played that costly move, nobody choosing it. A path under the pointer is
    drawn, and the status line says a click plays it; Enter plays the chosen row."""
    app, screen, match = _screen()
    chosen = screen.actions.selected
    first = screen.legal[max(0, chosen)]
    other = next(a for a in screen.legal if a != first and len(screen.paths_to(screen.paths()[a][-1])) == 1
                 and screen.paths()[a][-1] != screen.paths()[first][-1])
    point(app, screen.space_xy(screen.paths()[other][-1]))
    app.draw()
    assert screen.shown_path() == screen.paths()[other]  # the board draws the path to the space pointed at
    assert screen.actions.selected == chosen  # the chosen row stays
    assert "(a click plays it)" in " ".join(screen.status_lines)
    point(app, (5, 5))  # the pointer leaves the board
    n = len(match.history)
    app.handle(key(pygame.K_RETURN))
    if chosen >= 0:
        assert match.history[n].action == first
    else:
        assert len(match.history) == n  # no row chosen: Enter asks for one


def test_enter_plays_the_pinned_path_the_wheel_shows():
    app, screen, match = _screen()
    end = next(screen.paths()[a][-1] for a in screen.legal if len(screen.paths_to(screen.paths()[a][-1])) > 1)
    ways = screen.paths_to(end)
    click(app, screen.space_xy(end))  # a first click on a space several paths lead to pins it
    assert screen.pinned == end and not match.history[-1].action.startswith("move")
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.draw()
    shown = ways[1 % len(ways)]
    assert screen.shown_path() == screen.paths()[shown]
    n = len(match.history)
    app.handle(key(pygame.K_RETURN))
    assert match.history[n].action == shown


def test_a_row_chosen_by_key_takes_over_from_the_pointer():
    """With the pointer resting on a space, an arrow then Enter plays the row the arrow chose, and the board draws
    it."""
    app, screen, match = _screen()
    last = screen.legal[-1]
    point(app, screen.space_xy(screen.paths()[last][-1]))
    before = screen.actions.selected
    up = before > 0  # Up from a lower row, else Down
    app.handle(key(pygame.K_UP if up else pygame.K_DOWN))
    app.draw()
    chosen = screen.legal[screen.actions.selected]
    assert screen.actions.selected == before + (-1 if up else 1) and screen.shown_path() == screen.paths()[chosen]
    n = len(match.history)
    app.handle(key(pygame.K_RETURN))
    assert match.history[n].action == chosen


def test_a_click_on_the_dice_while_the_bots_move_is_drawn_rolls_as_space_does():
    """The family audit clicked the dice as a bot's barrels still moved, the person's roll next: nothing happened
    and nothing was queued, five times in two games; Space there finishes the drawing and rolls."""
    from games.core import CHANCE
    from games.match import Match
    from games import registry

    match = Match(registry.get("donkey_kong").make_config(seats=[Seat("Robo", "random"), Seat("Ann")]), seed=7)
    app = App(match=match)
    screen = app.screen
    for _ in range(6000):
        if screen.chance_waits() and match.state.stage == "order":
            screen.press_chance()  # Ann's roll for who plays first
        if match.current_player == CHANCE and match.state.stage == "roll" and match.state.turn_owner() == 1:
            if screen.animating() and match.history[-1].by == 0:
                break  # Robo's move is still being drawn, Ann's roll next
            screen.press_chance()
        if screen._thinking is not None:
            screen._thinking.wait(30.0)
        if match.waiting_for_human() and screen.hand_guard <= 0:
            screen.play(screen.legal[0])
        screen.update(1 / 30)
        app.draw()
    assert screen.animating() and not screen.chance_waits()
    n = len(match.history)
    die = screen.dice_rects[0].center
    click(app, die)
    for _ in range(3):
        screen.update(1 / 30)
    assert len(match.history) == n + 1 and match.history[n].by == CHANCE and screen.rolling > 0  # the dice tumble
    assert match.history[n].action.startswith("roll")


def test_the_cost_box_leaves_the_boards_counts_readable():
    """The family audit: the cost box of a warned path ("⚠ At worst: play 2 face-up cards") sat over the Oil
    Can's "4 waiting", the figure that says how many fireballs may come. Over the warned rows of the people's
    turns of a few games, the box never covers a count (the Oil Can's, DK's arm's, the deck's)."""
    from games import registry
    from games.match import Match

    spec = registry.get("donkey_kong")
    checked = near_the_can = 0
    for seed in (11, 3, 5):
        match = Match(spec.make_config([Seat("Ann"), Seat("G", "greedy"), Seat("P", "patient")], "rulebook"), seed)
        app = App(match=match)
        try:
            screen = app.screen
            for _ in range(400):
                if match.is_over() or checked >= 60:
                    break
                if match.waiting_for_human():
                    app.draw()
                    for i, row in enumerate(screen.actions.items):
                        if "⚠" not in row:
                            continue
                        screen.actions.selected = i
                        app.draw()
                        if screen._hazard_box is None:
                            continue
                        box = screen._hazard_box[0]
                        checked += 1
                        end = screen.paths()[screen.legal[i]][-1]
                        name = screen.board.names[end]
                        near_the_can += name.startswith("G1.") and int(name.split(".")[1]) <= 3
                        for name, label in screen.label_rects.items():
                            assert not box.colliderect(label), (seed, row, name)
                    match.play(screen.legal[0])
                else:
                    match.step()
                screen._refresh_actions(force=True)
        finally:
            app.close()
    assert checked >= 20 and near_the_can >= 2, (checked, near_the_can)


def test_each_person_rolls_the_white_die_for_who_plays_first():
    """'Each player rolls the white die. Whoever rolls the highest number plays first.' The family audit: the
    roll-off ran by itself before anyone could click, while a turn's dice wait for the person's click. A
    person's roll for the first turn now waits for their hand (Space, Enter or a click on the dice); a bot's
    comes by itself; the outcome is the seed's, whenever it is rolled."""
    from games import registry
    from games.core import CHANCE
    from games.match import Match

    seats = [Seat("Ann"), Seat("G", "greedy"), Seat("Bob")]
    match = Match(registry.get("donkey_kong").make_config(seats, "rulebook"), 5)
    app = App(match=match)
    screen = app.screen
    for _ in range(60):
        app.tick(0.05)
    assert match.history == [] and screen.chance_waits()
    assert screen.chance_prompt() == ("Ann, roll the white die for who plays first (the highest starts): click it, "
                                      "or press Space or Enter.")
    app.draw()
    click(app, screen.dice_rects[0].center)
    for _ in range(200):
        app.tick(0.05)
        if len(match.history) == 2 and screen.chance_waits():
            break
    assert [s.by for s in match.history] == [CHANCE, CHANCE]  # Ann's roll, then the bot's by itself
    assert screen.chance_waits() and screen.hand_owner() == "Bob"
    app.handle(key(pygame.K_SPACE, unicode=" "))
    for _ in range(200):
        if match.state.stage != "order":
            break
        if screen.chance_waits():
            app.handle(key(pygame.K_RETURN))
        app.tick(0.05)
    alone = Match(registry.get("donkey_kong").make_config(seats, "rulebook"), 5)
    while alone.state.stage == "order":
        alone.step()
    rolled = [s.action for s in match.history if s.action.startswith("roll ")]
    assert rolled == [s.action for s in alone.history if s.action.startswith("roll ")]
    assert match.state.first == alone.state.first


def test_one_persons_double_press_rolls_only_their_own_die_for_who_plays_first():
    """A regression audit (three people, seed 5): Player 2 pressed Space twice 120 ms apart and the log read "Player 2
    rolls 4 to start", "Player 3 rolls 4 to start": Player 3 never rolled. The roll tumbles and then stays on the
    die a moment; a press meanwhile finishes the drawing and rolls nothing for the next person; a tie is said."""
    from games import registry
    from games.core import CHANCE
    from games.match import Match
    from games.words import joined

    seats = [Seat("Ann"), Seat("Bob"), Seat("Cy")]
    match = Match(registry.get("donkey_kong").make_config(seats, "rulebook"), 5)
    app = App(match=match)
    screen = app.screen
    app.tick(0.05)
    assert screen.chance_waits() and screen.hand_owner() == "Ann"
    app.handle(key(pygame.K_SPACE, unicode=" "))
    app.tick(0.05)
    assert len(match.history) == 1 and screen.rolling > 0
    app.draw()
    app.handle(key(pygame.K_SPACE, unicode=" "))  # Ann again, 50 ms later
    app.tick(0.05)
    assert len(match.history) == 1  # Bob's die is his own to roll
    for _ in range(60):
        app.tick(0.05)
    assert screen.chance_waits() and screen.hand_owner() == "Bob"
    app.handle(key(pygame.K_SPACE, unicode=" "))
    for _ in range(3):
        app.tick(0.05)
    app.draw()
    assert screen.roll_off_show > 0 and screen.roll_off_last[1] == 1  # Bob's roll, shown on the die
    for _ in range(60):
        app.tick(0.05)
    app.handle(key(pygame.K_SPACE, unicode=" "))  # Cy
    for _ in range(60):
        app.tick(0.05)
    state = match.state
    if state.stage == "order":  # a tie: the tied roll again, and the prompt says why
        assert screen.chance_prompt().startswith(f"{joined([screen.seat_name(s) for s in state.rollers])} tied for "
                                                 "the highest roll: ")
    assert [s.by for s in match.history[:3]] == [CHANCE] * 3


def test_the_roll_for_who_plays_first_tumbles_the_mario_die_alone(monkeypatch):
    """A regression audit: the red obstacle die tumbled too ("DK" showing) while the roll for who plays first is the
    white die's alone."""
    from games import registry
    from games.match import Match
    from render.screens import donkey_kong as donkey_kong_screen

    match = Match(registry.get("donkey_kong").make_config([Seat("Ann"), Seat("G", "greedy")], "rulebook"), 3)
    app = App(match=match)
    screen = app.screen
    app.tick(0.05)
    assert screen.chance_waits() and match.state.stage == "order"
    app.handle(key(pygame.K_SPACE, unicode=" "))
    app.tick(0.05)
    faces, angles = [], []
    real = donkey_kong_screen.art.die
    monkeypatch.setattr(donkey_kong_screen.art, "die", lambda surf, at, size, face, fill, ink, angle=0: (
        faces.append(face), angles.append(angle), real(surf, at, size, face, fill, ink, angle)))
    for _ in range(4):  # tumbling
        assert screen.rolling > 0
        app.draw()
        app.tick(0.05)
    obstacles = faces[1::2]
    assert obstacles and set(obstacles) == {"-"}, obstacles
    assert set(angles[1::2]) == {0} and any(angles[0::2])  # the Mario die thrown, the other still
    app.close()


def test_the_next_persons_card_question_does_not_open_on_the_card_the_last_person_played():
    """A keyboard audit (two people and a bot, seed 7): Bo played Hammer 400 with Down, Down, Enter; the barrel
    then rolled onto Ann, whose question "play a card" opened framed on her own Hammer 400, the same words as
    Bo's row, so one Enter spent her best card. Another person's question starts with no row chosen."""
    import random

    from games import registry
    from games.match import Match

    spec = registry.get("donkey_kong")
    match = Match(spec.make_config([Seat("Ann"), Seat("Bo"), Seat("Bot", "random")]), 7)
    rng = random.Random(7)
    while not (len(match.history) == 23 and match.waiting_for_human()):
        if match.waiting_for_human():
            match.play(rng.choice(match.state.legal_actions()))
        else:
            match.step()
    assert "play H400" in match.state.legal_actions()
    bo = match.current_player
    app = App(match=match)
    app.draw()
    screen = app.screen
    while screen.legal[screen.actions.selected] != "play H400":
        app.handle(key(pygame.K_DOWN))
    app.handle(key(pygame.K_RETURN))
    app.draw()
    screen.finish_animations()
    while not match.waiting_for_human():
        match.step()
    app.draw()
    assert match.history[23].action == "play H400" and match.current_player != bo
    assert screen.legal == ["play J100", "play J200", "play H400"]
    assert screen.actions.selected == -1  # Ann's question with no row chosen (a hand-off), not on Bo's Hammer 400


def _two_people_and_a_bot_at(home, size: str) -> App:
    """The app at text size `size` (as settings.json gives it at start), on seed 7 of Ann, Bo and a patient bot."""
    import json

    from games import registry
    from games.match import Match

    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text(json.dumps({"text_size": size}))
    return App(match=Match(registry.get("donkey_kong").make_config([Seat("Ann"), Seat("Bo"), Seat("Bot", "patient")]),
                           7))


def test_the_roll_buttons_words_stay_inside_it_at_every_text_size(home, lines_drawn):  # noqa: F811
    """An audit's screenshot at the largest text: "Roll the white die  [Space]" ran over both edges of its
    button in the Choices panel. The words fit inside it, with their key where there is room for it."""
    from render import text

    for size, with_key in (("normal", True), ("largest", False)):
        app = _two_people_and_a_bot_at(home, size)
        try:
            app.tick(0.05)
            lines_drawn.clear()
            app.draw()
            (words, drawn), = [(w, r) for w, r in lines_drawn if w.startswith("Roll the white die")]
            button = app.screen.chance_button
            assert button.contains(drawn.inflate(8, 0)), (size, drawn, button)
            assert words.endswith("[Space]") == with_key
        finally:
            app.close()
            text.use_size("normal")
            pygame.init()


def test_when_the_bar_has_no_room_for_its_keys_the_status_line_names_them(home):  # noqa: F811
    """A keyboard audit at the largest text: the bar read "Undo Redo Save Load Help Sound Skip Menu" with no key
    anywhere on screen (at the normal size "Undo [Ctrl+Z] ... Menu [Esc]"). The status line then names the bar's
    main keys; at the normal size the buttons carry them and the line is as before."""
    from render import text

    for size, named in (("normal", False), ("largest", True)):
        app = _two_people_and_a_bot_at(home, size)
        try:
            app.tick(0.05)
            app.draw()
            line = " ".join(app.screen.status_lines)
            assert ("Ctrl+Z: undo" in line and "Ctrl+S: save" in line and "Esc: menu" in line) == named, line
            assert "white die: roll" in line
            assert any("[Ctrl+Z]" in b.fitted(app.screen.font_size(13), True)[0] for b in app.screen.buttons) \
                or named
        finally:
            app.close()
            text.use_size("normal")
            pygame.init()
