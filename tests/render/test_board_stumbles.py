"""What a QA pass tripped over on the two board screens, checked through the app's own events with SDL's
dummy video driver: Monkey Dash's click on a highlighted square, the opponent's arrows after an undo, the
pointer's preview after a keyboard step, the words for declining an Interrupt; Donkey Kong's ⚠ in a long
row of Choices, the banner when a pawn meets an obstacle in another player's turn, and the help's rules
wrapped once to the panel.
"""

from __future__ import annotations

import pygame
import pytest

from games import registry
from games.core import Seat
from games.match import Match
from render import art
from render import palette as P
from render import text
from render.app import App
from render.help import split_rules
from render.screens.donkey_kong import DonkeyKongScreen
from render.screens.monkey_dash import MonkeyDashScreen

from .test_stumbles import home, key  # noqa: F401 (home: the autouse scratch folder for saves)
from .test_stumbles import person_faces as faces


def point(app, pos):
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def click(app, pos):
    point(app, pos)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def person_faces(game, seed, want, seats):
    """test_stumbles.person_faces, with `want` asked of the whole match."""
    return faces(game, seed, want, seats, whole_match=True)


def first_decision(game, seed, seats):
    return person_faces(game, seed, lambda match: True, seats)


def until_a_person_decides(app, screen, match):
    """Frames until the bot's turn is over and seat 0 decides again (the bot thinks on a worker thread)."""
    for _ in range(400):
        if match.waiting_for_human() and not screen.animating():
            return
        app.tick(0.1)
        if screen.bot_thinking():
            screen._thinking.wait(2.0)
    pytest.fail("the bot's turn did not end")


# ---- Monkey Dash ---------------------------------------------------------------------------------------

def ends_on(screen, sq: str) -> list[dict]:
    """The legal steps of a piece that end on a square."""
    return [m for m in screen.moves() if m["to"] == sq and m["from"] is not None]


def md_app(seed=5):
    match = first_decision("monkey_dash", seed, [Seat("Ann"), Seat("Bob", "greedy")])
    app = App(match=match)
    app.draw()
    assert isinstance(app.screen, MonkeyDashScreen) and match.state.phase == "act"
    return app, app.screen, match


def test_md_a_click_on_the_one_step_that_ends_on_a_square_plays_it_and_several_are_named(tmp_path):
    """The highlighted 'step 1 AP' square plays its step when clicked, without clicking the supervisor
    first; a square several steps reach says which pieces to choose from, in one message."""
    app, screen, match = md_app()
    step = next(m for m in screen.moves() if m["kind"] == "sup")
    assert [m["action"] for m in ends_on(screen, step["to"])] == [step["action"]]
    n = len(match.history)
    click(app, screen.square_rect(step["to"]).center)
    assert len(match.history) == n + 1 and match.history[-1].action == step["action"]
    assert match.state.supervisor_squares()[0] == step["to"]
    # Walk the supervisor next to the crates: then a square is reached both by a step and by a rotation.
    screen.play(next(m["action"] for m in screen.moves() if m["kind"] == "sup" and m["to"] == "e6"))
    shared = next(sq for sq in {m["to"] for m in screen.moves() if m["to"]} if len(ends_on(screen, sq)) > 1)
    ends = ends_on(screen, shared)
    n = len(match.history)
    click(app, screen.square_rect(shared).center)
    assert len(match.history) == n  # nothing is played on a guess
    assert screen.message.startswith(f"{len(ends)} steps end on {shared}: click ")
    assert screen.message.endswith(" first.") and " or " in screen.message
    for m in ends:  # each piece by its name: the crate by its square
        assert (f"crate {m['from']}" if m["kind"] in ("rotate", "push") else "your supervisor") in screen.message
    pygame.image.save(app.draw(), str(tmp_path / "md-several-steps.png"))
    click(app, screen.square_rect(ends[0]["from"]).center)  # the piece first, then its target
    click(app, screen.square_rect(shared).center)
    assert match.history[-1].action in {m["action"] for m in ends} and len(match.history) == n + 1
    app.close()


def test_md_undo_takes_the_opponents_numbered_arrows_off_the_board(tmp_path):
    """The orange numbered arrows show the opponent's last steps; Ctrl+Z undoes the person's step and the
    bot's turn after it, and the arrows of the steps undone go with them."""
    app, screen, match = md_app()
    while match.waiting_for_human() and match.state.turn_player == 0:
        moves = [m for m in screen.moves() if m["kind"] in ("sup", "rotate", "push", "monkey", "end turn", "pass")]
        screen.play(moves[0]["action"])
    until_a_person_decides(app, screen, match)
    arrows = [r for r in screen.recent if r[1] and r[2] and r[1] != r[2]]
    assert arrows, "the bot's turn left no arrow to check"
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "md-arrows.png"))
    badge = screen.square_rect(arrows[0][1]).topleft
    assert surface.get_at((badge[0] + 8, badge[1] + 8))[:3] == P.WARNING  # the number's orange badge
    # the bot's moves taken back with the person's are named, on Undo and after it (the tooltip named only the
    # person's move, and "Undone." stood beside a log six of the bot's moves shorter: an audit)
    last = max(k for k, s in enumerate(match.history) if s.by >= 0 and s.by not in match.bots)
    after = len(match.history) - last - 1
    assert after >= 1 and all(s.by == 1 for s in match.history[last + 1:])
    bob = match.state.seat_name(1)
    assert screen.undo_button_words().endswith(f" and {bob}'s {after} move{'s' if after > 1 else ''} after it")
    app.handle(key(pygame.K_z, pygame.KMOD_CTRL))
    assert screen.message == f"Undone, with {bob}'s {after} move{'s' if after > 1 else ''} after it."
    assert match.state.turn_player == 0 and len(match.history) == last
    screen.redo()  # and again: the bot's moves played again are named too
    assert screen.message == f"Redone, with {bob}'s {after} move{'s' if after > 1 else ''} after it."
    assert len(match.history) == last + 1 + after
    screen.undo()
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "md-after-undo.png"))
    assert screen.displaced == []
    grid = screen.grid
    assert not any(surface.get_at((x, y))[:3] == P.WARNING
                   for x in range(grid.x, grid.right, 2) for y in range(grid.y, grid.bottom, 2))
    app.close()


def test_md_a_keyboard_step_leaves_no_stale_preview_under_a_resting_pointer():
    """With the pointer resting on the supervisor, Enter plays the selected step; what the board then
    previews is what the pointer is over now, as if the mouse had just moved there, not the steps of the
    square the supervisor left."""
    app, screen, match = md_app()
    start = match.state.supervisor_squares()[0]
    pos = screen.square_rect(start).center
    point(app, pos)
    assert screen.preview_from == start and len(screen.board_hover) > 1
    app.handle(key(pygame.K_RETURN, unicode="\r"))
    assert match.state.supervisor_squares()[0] != start
    after_step = list(screen.board_hover)
    app.draw()
    shown = screen.focus_action
    point(app, pos)  # the same spot, read afresh
    app.draw()
    assert after_step == screen.board_hover and shown == screen.focus_action
    back = [m["action"] for m in screen.moves() if m["to"] == start]
    assert after_step == back  # the only step to the square under the pointer: the supervisor's way back
    app.close()


def test_md_declining_an_interrupt_does_not_read_as_holding_none():
    """'no interrupt' is offered only to a player who holds an Interrupt card: the choice and the log say
    the player declines, while the action saved in the match stays 'no interrupt'."""
    match = person_faces("monkey_dash", 5, lambda m: m.state.phase == "interrupt", [Seat("Ann"), Seat("Bob", "greedy")])
    app = App(match=match)
    screen = app.screen
    app.draw()
    assert any(match.state.card(c).interrupt for c in match.state.hands[0])
    label = screen.action_label("no interrupt")
    assert label == "decline to interrupt" and "no Interrupt card" not in " ".join(screen.actions.items)
    screen.play("no interrupt")
    assert match.history[-1].action == "no interrupt" and screen.log_labels[-1] == "Ann: decline to interrupt"
    assert not any("no Interrupt card" in line for line in screen.log_labels)  # the bot's declines too
    app.close()


# ---- Donkey Kong ---------------------------------------------------------------------------------------

def warned_rows(screen) -> list[str]:
    """The Choices rows as the list numbers them, those that meet an obstacle (marked ⚠)."""
    return [f"{k + 1}. {label}" for k, label in enumerate(screen.actions.items) if "⚠" in label]


def a_row_is_warned(match) -> bool:
    """Whether a row of the Choices list meets an obstacle (marked ⚠)."""
    app = App(match=match)
    screen = app.screen
    app.draw()
    warned = bool(warned_rows(screen))
    app.close()
    return warned


def test_dk_a_choice_that_meets_an_obstacle_shows_its_warning_first(tmp_path):
    """A row that met a barrel read 'path → end ⚠ meets ...', and where the row was too short for it the end
    was cut, the ⚠ the help tells players to look for with it. A row now starts with its warning, and takes
    two lines, so the cut end is never the warning."""
    match = person_faces("donkey_kong", 0, a_row_is_warned, [Seat("Ann"), Seat("Bot", "random")])
    app = App(match=match)
    screen = app.screen
    assert isinstance(screen, DonkeyKongScreen)
    pygame.image.save(app.draw(), str(tmp_path / "dk-warning-first.png"))
    rows = warned_rows(screen)
    assert rows
    for row in rows:
        assert row.split(". ", 1)[1].startswith("⚠"), row
    app.close()


def test_dk_the_banner_names_the_player_who_must_play_a_card_in_another_players_turn(tmp_path):
    """A barrel meets Player 1's pawn in the bot's turn. The heading read "Player 1's turn" while the bot's
    box was the one highlighted as the turn's; now it says both: it is the bot's turn and Player 1 must
    decide now, with the bot's seat mark first and Player 1's after the heading."""
    match = person_faces("donkey_kong", 0, lambda m: bool(m.state.contacts) and m.state.turn_owner() == 1,
                         [Seat("Player 1"), Seat("Greedy bot", "greedy")])
    app = App(match=match)
    screen = app.screen
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "dk-banner.png"))
    assert match.state.current_player() == 0 and screen.banner_seat() == 1 == match.state.turn_owner()
    assert screen.banner_title() == "Greedy bot's turn (bot): Player 1 must decide now"
    words = screen.decision_text()
    assert words.startswith("Player 1 meets a ") and "during" not in words
    s = screen.scale
    mark = (int(16 * s) + int(14 * s) - int(9 * s), screen.rects["banner"].centery)  # left of its number
    assert surface.get_at(mark)[:3] == P.seat_colour(1)  # the turn's owner, whose box is highlighted
    app.close()


def test_dk_help_rules_are_wrapped_once_to_the_panel_not_broken_where_the_text_was_typed():
    """The rules are typed with hard line breaks; the help joins each paragraph and list item into one line,
    which the overlay then wraps to its width. List items stay lines of their own."""
    spec = registry.get("donkey_kong")
    for variant in spec.variants:
        rules, decisions = split_rules(spec.help_text(variant))
        for line in (rules + "\n" + decisions).split("\n"):
            indent = len(line) - len(line.lstrip())
            assert indent <= 1, line  # no hard-wrapped continuation ('    ladders; the white ...')
        steps = [ln for ln in rules.split("\n") if ln[:4] in (" 1. ", " 2. ", " 3. ", " 4. ", " 5. ")]
        assert len(steps) == 5
        assert "ladders; the white dotted lines are for obstacles only" in steps[1]
        assert "draw a card face up." in steps[1]
    app = App(match=Match(spec.make_config([Seat("Ann"), Seat("Bot", "greedy")]), 5))
    words = app.screen.help_text()
    step_two = next(ln for ln in words.split("\n") if ln.startswith(" 2. Move your pawn"))
    assert "pawns change girders only by ladders;" in step_two and "left and right," in step_two
    app.close()


def test_the_super_mario_character_lines_stay_apart_with_their_wrapped_ends_joined():
    """The same joining keeps intentional lines: each character card of Super Mario Jenga is its own line,
    and the end of a card's line that was typed on the next line joins it."""
    spec = registry.get("jenga_mario")
    rules, _ = split_rules(spec.help_text("standard"))
    cards = [ln.strip().split(":")[0] for ln in rules.split("\n") if ln.startswith("  ")]
    assert cards == ["Mario", "Peach", "Toad", "Luigi"]
    assert all(ln.rstrip().endswith("goomba: return 1") for ln in rules.split("\n") if ln.startswith("  "))


def test_a_line_after_a_colon_that_goes_on_in_lower_case_is_joined_to_its_sentence():
    """The help texts are wrapped at 100 columns; where the wrap fell just after a colon, the panel kept the
    break ("Rule variant:" / "corner_few_pulls ...", "(pink 1:" / "remove 1 ..."). A line after a colon
    that goes on in lower case continues its sentence; a capitalised line or a list item after a colon
    starts a list and stays on its own."""
    from render.text import reflow

    assert reflow("of three). Rule variant:\ncorner_few_pulls (corner_climb and few_pulls).") == \
        "of three). Rule variant: corner_few_pulls (corner_climb and few_pulls)."
    assert reflow("The characters:\nMario: steal 2") == "The characters:\nMario: steal 2"
    assert reflow("In this order:\n- first\n- second") == "In this order:\n- first\n- second"


def test_md_against_a_bot_only_its_last_turns_arrows_are_drawn(tmp_path):
    """An audit against a bot: the numbered arrows ran 1 to 21 by the third turn and 1 to 35 later, every step of
    the bot's since the start, over its monkey and a crate one move from its win. Against a bot only the bot's
    steps are marked, so the mark before was always its own and nothing started them afresh; the turn a step
    belongs to now does. After each of three bot turns the marks are that turn's steps, numbered from 1."""
    app, screen, match = md_app(seed=12)
    for _ in range(3):
        while match.waiting_for_human() and match.state.turn_player == 0:
            moves = [m for m in screen.moves() if m["kind"] in ("sup", "rotate", "push", "monkey", "end turn", "pass")]
            screen.play(moves[0]["action"])
        until_a_person_decides(app, screen, match)
        marks = screen.shown_marks()
        assert marks, "the bot's turn left no mark to check"
        # the steps on the board numbered from 1 (a card's play, a buy or the turn's end have no arrow and no number
        # of their own: a keyboard audit looked for the arrow 1 a card had taken)
        numbered = [r[0] for r in marks if r[1] is not None and r[2] is not None]
        assert numbered == list(range(1, len(numbered) + 1)) and all(r[4] == 1 for r in marks)
        annes_last = max(i for i, s in enumerate(match.history) if s.by == 0)
        assert all(r[5] > annes_last for r in marks), ([r[5] for r in marks], annes_last)  # this turn's only
        if match.is_over():
            break
    app.close()


def test_md_the_heading_names_the_player_whose_turn_it_is_while_a_card_is_drawn():
    """An audit saw "Chance has 0 action points left this turn." in a bot's turn: after a Monkey Dash earns a
    card the player to act is chance, and the heading named the player to act. It names the turn's owner."""
    from games.core import CHANCE

    for seed in range(40):
        match = Match(registry.get("monkey_dash").make_config(seats=[Seat("Ann", "greedy"), Seat("Bob", "greedy")]),
                      seed=seed)
        while not match.is_over() and not (match.current_player == CHANCE and match.state.phase == "act"):
            match.step()
        if not match.is_over():
            break
    else:
        pytest.fail("no card drawn in a turn in 40 games")
    screen = MonkeyDashScreen(match)
    owner = screen.seat_name(match.state.turn_player)
    words = screen.decision_text()
    assert words.startswith(f"{owner} has ") and words.endswith(" this turn.") and "Chance" not in words, words


def test_md_a_banana_under_a_targets_words_is_drawn_again_in_its_corner():
    """An audit dropped a banana beside its supervisor and, once the supervisor was chosen, lost it under the
    square's words ("step 1 AP", "pick up 1 AP"). A banana on a square with words is drawn again, small, in
    the square's bottom right corner, clear of the words."""

    def banana_beside_the_supervisor(state) -> bool:
        bananas = set(state.banana_squares())
        return state.phase == "act" and any(m["to"] in bananas and m["from"] == state.supervisor_squares()[0]
                                            for m in state.moves())

    match = faces("monkey_dash", 4, banana_beside_the_supervisor, variant="bananas",
                  seats=[Seat("Ann"), Seat("Bob", "random")])
    app = App(match=match)
    screen = app.screen
    app.draw()
    sup = match.state.supervisor_squares()[0]
    click(app, screen.square_rect(sup).center)
    surface = app.draw()
    assert screen.selected == sup
    covered = {m["to"] for m in screen.targets()} & set(match.state.banana_squares())
    assert covered and set(screen.banana_corners) == covered
    for sq, (x, y) in screen.banana_corners.items():
        square = screen.square_rect(sq)
        assert square.collidepoint(x, y) and x > square.centerx and y > square.centery
        assert any(tuple(surface.get_at((int(x) + dx, int(y) + dy)))[:3] == art.BANANA
                   for dx in range(-6, 7) for dy in range(-6, 7))
    app.close()


def test_md_a_winning_step_says_it_wins_in_its_row_as_on_the_board():
    """An audit: the board marked a Monkey Heave into the heaver's own Loading Bay "WIN! 4 AP", while its row
    of Choices said only "Monkey Heave: crate e7 to d7 (4 AP)". Seed 0 of two greedy bots reaches a winning
    heave: its words say it wins, and no other row's do."""
    match = Match(registry.get("monkey_dash").make_config(seats=[Seat("Ann", "greedy"), Seat("Bob", "greedy")]),
                  seed=0)
    while not any(m["wins"] and m["kind"] == "heave" for m in match.state.moves()):
        assert not match.is_over(), "no winning heave in this seeded game"
        match.step()
    screen = MonkeyDashScreen(match)
    position = match.state.clone()  # worded as the move log words a bot's step, from the position it was in
    for m in position.moves():
        words = screen.describe(m["action"], position)
        assert ("and wins" in words) == m["wins"], (m, words)
    heave = next(m for m in position.moves() if m["wins"] and m["kind"] == "heave")
    assert screen.describe(heave["action"], position) == f"Monkey Heave: crate {heave['from']} to {heave['to']}, " \
                                                         f"and wins ({heave['cost']} AP)"


def test_md_enter_pressed_as_the_bots_turn_ends_does_not_play_the_persons_first_row():
    """A keyboard audit pressed Enter every half second while a bot played, as if to hurry it: once the
    person's turn began, each press played the first row, a whole turn of supervisor steps nobody chose and
    then "end the turn". For a moment after the other seat's steps (MonkeyDashScreen.turn_guard_s, frames
    of the screen's own clock) Enter, a number or a click on the board plays nothing and says why; then Enter
    plays the chosen row as ever."""
    app, screen, match = md_app()
    while match.waiting_for_human() and match.state.turn_player == 0:
        moves = [m for m in screen.moves() if m["kind"] in ("sup", "rotate", "push", "monkey", "end turn", "pass")]
        screen.play(moves[0]["action"])
    for _ in range(400):  # the bot's turn, frame by frame, until the person decides again
        if match.waiting_for_human():
            break
        app.tick(0.05)
        if screen.bot_thinking():
            screen._thinking.wait(2.0)
    assert match.waiting_for_human() and match.state.turn_player == 0
    steps = len(match.history)
    for k in (pygame.K_RETURN, pygame.K_1):
        app.handle(key(k, unicode="\r" if k == pygame.K_RETURN else "1"))
        assert len(match.history) == steps
    assert screen.message == ("Ann's turn now: look at the board first, then choose: a row's number, or Up/Down then "
                              "Enter, or a click.")
    for _ in range(int(screen.turn_guard_s / 0.05) + 2):
        app.tick(0.05)
    app.draw()
    chosen = screen.legal[screen.actions.selected]
    app.handle(key(pygame.K_RETURN, unicode="\r"))
    assert len(match.history) == steps + 1 and match.history[-1].action == chosen
    app.close()


def test_md_the_click_that_brings_the_window_to_the_front_plays_no_card():
    """A hot-seat audit clicked on the window to give it the focus, and the click played the card under the
    pointer (Monkey Dash's cards and the draw pile play at a click). A button pressed in the frame the window
    gains the focus, and its release, are dropped (App.focusing_clicks_dropped); the next click plays."""
    app, screen, match = md_app()
    app.draw()
    clickable = [(rect, action) for rect, action in screen.card_rects if action in screen.legal]
    assert clickable, "no card or pile to click in this position"
    rect, action = clickable[0]
    steps = len(match.history)
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)
    frames = [[pygame.event.Event(pygame.WINDOWFOCUSGAINED), down], [up]]
    for events in frames:
        kept = app.focusing_clicks_dropped(events)
        assert all(e.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) for e in kept)
        for event in kept:
            app.handle(event)
    assert len(match.history) == steps
    for event in app.focusing_clicks_dropped([down, up]):  # the window has the focus now: the click plays
        app.handle(event)
    assert len(match.history) == steps + 1 and match.history[-1].action == action
    app.close()


def test_the_help_keeps_facts_for_play_that_share_a_parenthesis_with_a_file_path_or_say_your_own():
    """Only the path or the remark about sources leaves the help a player reads, not the facts beside it:
    the Super Mario help named how many blocks carry each item in a parenthesis that ended with the data
    file's path, and the window dropped the whole parenthesis; "(... climbing may free a block of your
    own)" was taken for a remark about "our own" design and dropped too."""
    import json
    from pathlib import Path

    from games.jenga.super_mario_help import ITEM_NAMES
    from render.help import clean

    items = json.loads((Path(__file__).parents[2] / "assets/jenga/mario_items.json").read_text())["items"]
    spec = registry.get("jenga_mario")
    for variant in spec.variants:
        rules, _ = split_rules(spec.help_text(variant))
        one_line = " ".join(rules.split())
        for item, count in items.items():
            if item != "none":
                assert f"{count} {ITEM_NAMES[item]}" in one_line, (variant, item)
        assert "assets/" not in one_line and ".json" not in one_line
        assert "climbing may free a block of your own)" in one_line, variant
    # the remarks about sources still go, and whole words only are taken for them
    assert clean("Ladders go up (our own layout, not the printed one).") == "Ladders go up."
    assert clean("Spin again (your own spinner, not a resource of the bank).") == \
        "Spin again (your own spinner, not a resource of the bank)."
