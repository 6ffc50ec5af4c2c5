"""A second QA pass over the board screens, driven through the app's own events with SDL's dummy video
driver: Donkey Kong's help naming the dice of the variant in play, finished and unplayed games filed as
saved matches, a hand of many cards, name fields that replace a made-up name, whole rows of Choices and
the Move log under the pointer, and the smaller wordings.
"""

from __future__ import annotations

import json

import pygame
import pytest

from games import registry
from games.core import Seat
from games.donkey_kong.cards import DIE_COLOURS
from games.match import Match, _checksum
from render import storage, text
from render.app import App
from render.launcher import LauncherScreen

from .test_board_stumbles import click, point
from .test_stumbles import home, key  # noqa: F401 (home: the autouse scratch folder for saves)


def typed(app, words):
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text=words))


def new_match(game, seats, seed, variant=None):
    spec = registry.get(game)
    return Match(spec.make_config(seats, variant or spec.default_variant), seed)


def bots_game(game, seed, steps):
    """A bots-only match played `steps` steps (bots and dice), then seated with people so nothing moves."""
    spec = registry.get(game)
    match = Match(spec.make_config([Seat(f"P{i + 1}", "random") for i in range(4)] if game == "donkey_kong"
                                   else [Seat("Annabelle Fitzgerald", "random"),
                                         Seat("Bartholomew Ellington", "random")]), seed)
    for _ in range(steps):
        if match.is_over() or match.step() is None:
            break
    data = match.to_json()
    for seat in data["config"]["seats"]:
        seat["bot"] = None
    data.pop("checksum")
    data["checksum"] = _checksum(data)
    return Match.from_json(data)


# ---- 1. the help's dice ------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["rulebook", "wiki"])
def test_dk_help_names_the_dice_of_the_variant_in_play(variant):
    """In the wiki variant the help began "the white die is how far Mario walks, the red one how far the
    barrels and fireballs move", while the dice on screen and the rules below said Mario's die is red.
    The rules: 'the red die (1 to 6) moves your pawn; the white die moves the obstacles' (wiki)."""
    app = App(match=new_match("donkey_kong", [Seat("Ann"), Seat("Bot", "random")], 1, variant))
    words = app.screen.help_text()
    mario, obstacles = DIE_COLOURS[variant]["mario"], DIE_COLOURS[variant]["obstacles"]
    assert f"the {mario} die is how far Mario walks, the {obstacles} one how far" in words
    assert f"the {obstacles} die is how far Mario walks" not in words
    app.close()


@pytest.mark.parametrize("game, variant", [("donkey_kong", "wiki"), ("monkey_dash", "bananas")])
def test_the_help_names_the_variant_once(game, variant):
    """Both help screens printed the variant line twice: the overlay's 'Donkey Kong, variant 'wiki': ...'
    and the rules text's own heading 'DONKEY KONG - rules of this table (active variant: wiki)'."""
    app = App(match=new_match(game, [Seat("Ann"), Seat("Bot", "random")], 1, variant))
    words = app.screen.help_text()
    assert words.count(f"variant '{variant}'") == 1 and "active variant" not in words
    app.close()


# ---- 2. one file per finished game, none for a game nobody played ------------------------------------

def test_a_finished_game_is_kept_once_however_the_next_game_starts(home):
    """A finished game was saved twice, byte for byte: once when it ended and again when the next game
    started (after resuming it from the autosave, or in a later session)."""
    app = App(match=new_match("monkey_dash", [Seat("Ann", "greedy"), Seat("Bob", "random")], 3))
    app.screen.match.advance()
    app.handle(key(pygame.K_v, unicode="v"))          # the result: the game is kept
    assert len(storage.saved_matches()) == 1
    app.leave()
    app.screen.resume()                               # the finished game again, from the autosave
    app.play_again(app.screen.match)
    assert len(storage.saved_matches()) == 1
    app.close()
    later = App()                                     # a later session: the autosave is an earlier one's
    later.screen.resume()
    later.screen.match.advance()
    later.leave()
    later.screen.start()
    kept = storage.saved_matches()
    assert len(kept) == 2 and len({p.read_bytes() for p in kept}) == 2
    later.close()


def test_a_game_nobody_played_is_not_filed_and_a_played_one_is(home):
    """Starting any game filed the previous autosave as a saved match even when nobody had played it
    (turn 1, only the opening dice rolled), so the list filled with empty games."""
    app = App(match=new_match("donkey_kong", [Seat("Ann"), Seat("Bot", "random")], 4))
    app.tick(1.0)
    app.leave()
    app.screen.start()
    assert storage.saved_matches() == []
    for _ in range(2000):                             # now Ann plays a move, once the bot's (a worker thread) is in
        if app.screen.match.waiting_for_human():
            break
        thinking = app.screen._thinking
        if thinking is not None:
            thinking.wait(30.0)
        if app.screen.chance_waits():
            app.handle(key(pygame.K_SPACE))  # Ann rolls the dice
        app.tick(0.1)
    assert app.screen.match.waiting_for_human() and app.screen.legal
    assert app.screen.play(app.screen.legal[0])
    app.leave()
    app.screen.start()
    kept = storage.saved_matches()
    assert len(kept) == 1 and Match.load(kept[0]).history[-1].by in (0, 1)
    app.close()


# ---- 3. many face-up cards ---------------------------------------------------------------------

@pytest.mark.parametrize("size, text_size", [((1280, 800), "normal"), ((1024, 640), "largest")])
def test_dk_many_face_up_cards_stay_readable_and_every_player_is_shown(size, text_size, tmp_path):
    """With 12 face-up cards, a player's 6th card was drawn under the face-down played-card stack (the 7th
    at the largest text size), and a box that would run past the panel's foot hid that player and every
    one after."""
    match = bots_game("donkey_kong", 0, 613)
    state = match.state
    hands = [len(state.face_up(i)) for i in range(4)]
    assert max(hands) >= 10 and sum(1 for p in range(4) if state.played_cards(p)) >= 2
    text.use_size(text_size)
    try:
        app = App(size=size, match=match)
        screen = app.screen
        surface = app.draw()
        pygame.image.save(surface, str(tmp_path / f"dk-cards-{text_size}.png"))
        assert len(screen.player_boxes) == 4
        for a, b in zip(screen.player_boxes, screen.player_boxes[1:]):
            assert a.bottom <= b.y
        assert len(screen.hand_rects) == sum(hands)
        for seat, card in screen.hand_rects:
            box = screen.player_boxes[seat]
            assert box.contains(card) and screen.info_rect.contains(card)
            assert not any(card.colliderect(back) for _, back in screen.stack_rects), (seat, card)
            assert not any(card.colliderect(other) for s, other in screen.hand_rects if other is not card)
        app.close()
    finally:
        text.use_size("normal")


# ---- 4. name fields ----------------------------------------------------------------------------

def test_a_click_on_a_made_up_name_selects_it_and_ctrl_a_selects_any(home):
    """Clicking "Player 1" and typing gave "Player 1Alice"; Ctrl+A did nothing; a name longer than the
    field's 16 characters was cut without a word."""
    app = App()
    launcher = app.screen
    app.draw()
    field = launcher.seats[0].name
    assert field.value == "Player 1"
    click(app, field.rect.center)
    typed(app, "Alice")
    assert field.value == "Alice"
    app.handle(key(pygame.K_a, pygame.KMOD_CTRL))
    typed(app, "Bo")
    assert field.value == "Bo"
    app.handle(key(pygame.K_a, pygame.KMOD_CTRL))
    app.handle(key(pygame.K_BACKSPACE))
    assert field.value == ""
    typed(app, "Maximilian Alexander")  # cut where a word ends, not inside one (test_board_audit4_md)
    assert field.value == "Maximilian" and "at most 16 characters" in launcher.message
    app.close()


def test_the_rename_field_starts_with_the_old_name_selected(home):
    """F2 put the old name in the field and typing went after it."""
    new_match("donkey_kong", [Seat("Ann"), Seat("Bot", "random")], 2).save(storage.new_save_path("donkey_kong"))
    app = App()
    launcher = app.screen
    app.draw()
    launcher.saves.selected = 0
    app.handle(key(pygame.K_F2))
    typed(app, "Final")
    assert launcher.rename_field.value == "Final"
    app.handle(key(pygame.K_RETURN))
    assert [p.name for p in storage.saved_matches()] == ["Final.json"]
    app.close()


# ---- 5. the heading (see also test_board_stumbles: the banner in another player's turn) --------------

def test_the_heading_names_the_turn_and_who_decides_when_a_card_is_owed_in_another_turn():
    """offturn.json: Ann must play a card during Ben's turn; the heading said "Ann's turn" while Ben's
    box was highlighted as the turn's."""
    from .test_stumbles import person_faces

    match = person_faces("donkey_kong", 0, lambda s: bool(s.contacts) and s.turn_owner() == 1,
                         [Seat("Ann"), Seat("Ben", "random")])
    app = App(match=match)
    app.draw()
    assert app.screen.banner_title() == "Ben's turn (bot): Ann must decide now"
    app.close()


# ---- 6. whole rows under the pointer -----------------------------------------------------------

@pytest.mark.parametrize("game", ["donkey_kong", "monkey_dash"])
def test_every_row_of_the_log_reads_whole_without_the_pointer(game, tmp_path):
    """Long rows of the Move log were cut with '…': the rest showed only in a tip under the pointer, so
    a keyboard player could not read it at all. Each row now wraps onto the lines its own words need, a
    row of one line keeping its height, and every word of every row shown is drawn in the log."""
    match = bots_game(game, 2, 60)
    app = App(size=(1024, 640), match=match)
    screen = app.screen
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / f"{game}-log.png"))
    log = screen.log
    shown = [i for i in range(log.top, len(log.items)) if log.row_rect(i) is not None]
    assert shown and shown[-1] == len(log.items) - 1          # the newest row is in view
    assert not log.cut_rows
    size = screen.font_size(14)
    heights = set()
    for i in shown:
        lines = log.lines_of(i)
        assert " ".join(lines).split() == log.items[i].split()  # every word of the row, none cut
        assert all(text.measure(line, size)[0] <= log.rect.w - 14 for line in lines)
        rect = log.row_rect(i)
        assert log.rect.contains(rect) and text.block_height(len(lines), size) <= rect.h
        heights.add((len(lines), rect.h))
    assert any(n > 1 for n, _ in heights), "no row of this log is long enough to wrap"
    assert {h for n, h in heights if n == 1} <= {log.row_h}
    # Scrolled up a page and back to the end by the keys, and with the wheel's rows.
    app.handle(key(pygame.K_PAGEUP, pygame.KMOD_SHIFT))
    assert log.top < shown[0]
    app.handle(key(pygame.K_PAGEDOWN, pygame.KMOD_SHIFT))
    app.handle(key(pygame.K_PAGEDOWN, pygame.KMOD_SHIFT))
    assert log.row_rect(len(log.items) - 1) is not None
    app.close()


def test_a_log_row_longer_than_its_lines_is_cut_and_reads_whole_under_the_pointer(tmp_path):
    """A row longer than the log's most lines (as many as the log's height holds: LogRows.most_lines) is cut
    at the end of its last line, and its tip under the pointer gives it whole."""
    match = bots_game("monkey_dash", 2, 10)
    app = App(size=(1024, 640), match=match)
    screen = app.screen
    app.draw()
    long_row = " ".join(["a very long entry of the log"] * 60)
    screen.log.set_items(screen.log.items + [long_row], keep=False)
    screen.log.scroll_to_end()
    app.draw()
    i = len(screen.log.items) - 1
    assert i in screen.log.cut_rows and len(screen.log.lines_of(i)) == screen.log.most_lines()
    assert screen.log.most_lines() >= screen.log.MOST_LINES
    point(app, (screen.log.rect.x + 20, screen.log.row_rect(i).centery))
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "log-tip.png"))
    assert screen.row_tip == long_row
    assert surface.get_rect().contains(screen.row_tip_rect)
    point(app, (5, 5))                                                 # off the list: no box
    app.draw()
    assert screen.row_tip == ""
    app.close()


# ---- 7. smaller wordings -----------------------------------------------------------------------

def test_one_space_is_singular():
    """The banner read "Player 2 moves Mario 1 spaces." and a refusal "Mario moves exactly 1 spaces"; the
    engine now counts one space in the singular."""
    from games.donkey_kong.refusals import _spaces

    assert _spaces(1) == "1 space" and _spaces(3) == "3 spaces"
    match = new_match("donkey_kong", [Seat("Ann"), Seat("Ben")], 0)
    seen = set()
    for _ in range(3000):
        state = match.state
        if state.stage == "move" and not state.contacts:
            seen.add(state.mario_roll)
            text = state.pending_decision()["text"]
            assert text.endswith(f"moves Mario {_spaces(state.mario_roll)}"), text
        if len(seen) >= 2 and 1 in seen or match.is_over():
            break
        if state.current_player() < 0:
            match.step()
        else:
            match.play(state.legal_actions()[0])
    assert 1 in seen  # a roll of one was seen and said in the singular

def test_the_save_message_names_the_file_not_a_cut_path(home):
    """Ctrl+S said "Saved to /tmp/.../donkey_kong-20261205-05304…", cut before the file's name."""
    app = App(match=new_match("donkey_kong", [Seat("Ann"), Seat("Bot", "random")], 4))
    app.handle(key(pygame.K_s, pygame.KMOD_CTRL))
    name = storage.saved_matches()[0].name
    assert name in app.screen.message and "/" not in app.screen.message
    app.close()


def test_undo_at_the_start_of_monkey_dash_speaks_of_no_dice():
    """Monkey Dash has no dice, yet undo at the start said "moves before the last dice roll or card draw
    are final"."""
    app = App(match=new_match("monkey_dash", [Seat("Ann"), Seat("Bot", "random")], 0))
    for _ in range(100):  # the start card is flipped and the hands dealt, at a watchable pace
        if app.screen.match.waiting_for_human():
            break
        app.tick(0.1)
    assert app.screen.match.waiting_for_human()
    app.handle(key(pygame.K_z, pygame.KMOD_CTRL))
    assert app.screen.message == "Nothing to undo yet: no move has been made."
    app.close()


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (700, 1100), (1280, 800)])
def test_dk_a_players_name_stops_short_of_their_score_at_the_largest_text(size, home):
    """A window-size audit at the largest text in a 4:3 window: the box of "Strong bot 2" read "Strong bot
    20 pts", then "Strong bo2200 pts" once the bot had 200 points: the name was given a fixed room beside
    the score and measured in plain type while drawn in bold. The name, cut if need be, ends before the
    score in every box."""
    names = ["Strong bot 2", "Bartholomew E.", "Annabelle F.", "Player 4"]
    match = Match(registry.get("donkey_kong").make_config([Seat(name, "random") for name in names]), 0)
    for _ in range(613):  # drawn between steps, as the window shows a bots' game
        if match.is_over() or match.step() is None:
            break
    assert max(match.state.scores()) >= 1000
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text('{"text_size": "largest"}', encoding="utf-8")  # the app reads it at start
    try:
        app = App(size=size, match=match)
        assert text.size_name == "largest"
        app.draw()
        heads = app.screen.player_heads
        assert len(heads) == 4
        for named, score in heads:
            assert named.right <= score.x, (named, score)
        app.close()
    finally:
        text.use_size("normal")
