"""The Donkey Kong and Monkey Dash boards, rendered headless from fixed-seed states to PNG files.

Each check looks at real pixels: the colour of a pawn, a barrel, a crate or a monkey where the state
puts it, the highlight where a legal move ends. Then a person plays by clicking the board against a
bot: a whole Donkey Kong game to its result screen, and Monkey Dash steps chosen on the grid.
"""

from __future__ import annotations

import pygame
import pytest

from games import registry
from games.core import Seat
from games.match import Match
from render import art
from render import palette as P
from render.app import App
from render.screens.registry import screen_for
from render.screens.donkey_kong import DonkeyKongScreen
from render.screens.monkey_dash import MonkeyDashScreen


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KONG_TABLETOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def click(app, pos):
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def space_key():
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)


def count(surface, rect, colour) -> int:
    """How many pixels inside rect have exactly this colour."""
    rect = rect.clip(surface.get_rect())
    return sum(1 for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)
               if surface.get_at((x, y))[:3] == tuple(colour))


def around(xy, half):
    return pygame.Rect(int(xy[0] - half), int(xy[1] - half), 2 * half, 2 * half)


def human_turn_match(game, seats, seed, want):
    """A match advanced with bots until seat 0 (a person) faces a decision that `want` accepts."""
    spec = registry.get(game)
    match = Match(spec.make_config(seats), seed)
    person = {0: None}
    for _ in range(3000):
        if match.waiting_for_human() and want(match.state):
            return match
        if match.waiting_for_human():  # not the decision we want: let a random bot take it
            match.bots[0] = spec.bots["random"]()
            match.step()
            del match.bots[0]
        else:
            match.step()
    raise AssertionError(f"no {game} position found for the test (seed {seed}) {person}")


# ---- Donkey Kong --------------------------------------------------------------------------
def test_donkey_kong_board_shows_pawns_barrels_and_move_targets(tmp_path):
    match = human_turn_match("donkey_kong", [Seat("Ann"), Seat("Bot", "random"), Seat("Cy", "random")], 5,
                             lambda s: s.legal_actions()[0].startswith("move") and s.turns > 4)
    app = App(match=match)
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "donkey_kong.png"))
    screen = app.screen
    assert isinstance(screen, DonkeyKongScreen) and surface.get_size() == (1280, 800)
    state = match.state
    unit = int(70 * screen.art.scale())
    for seat, space in enumerate(state.pawns):  # every pawn in its colour at its space (above it)
        x, y = screen.space_xy(space)
        assert count(surface, around((x, y - unit * 0.38), unit // 2 + unit // 3), P.seat_colour(seat)) > 30, seat
    barrels = [s for s in state.barrels if s >= 0]
    assert barrels
    for space in barrels:
        assert count(surface, around(screen.space_xy(space), unit // 3), art.BARREL_WOOD) > 20
    ends = {screen.paths()[a][-1] for a in screen.legal}
    for space in ends:  # each legal end space framed in the highlight colour
        r = screen.art.space_rect(space).move(screen.board_square.topleft).inflate(unit // 4, unit // 4)
        assert count(surface, r, P.HIGHLIGHT) > 20
    lonely = [a for a in screen.legal if len(screen.paths_to(screen.paths()[a][-1])) == 1]
    assert lonely, "some end space is reached by exactly one path"
    target = screen.paths()[lonely[0]][-1]
    click(app, screen.space_xy(target))
    assert match.history[-1].action == lonely[0]


def test_donkey_kong_contact_prompts_the_owner_to_click_a_card(tmp_path):
    match = human_turn_match("donkey_kong", [Seat("Ann"), Seat("Bot", "random")], 3,
                             lambda s: s.legal_actions()[0].startswith("play"))
    app = App(match=match)
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "donkey_kong_contact.png"))
    screen = app.screen
    assert "face-up card" in screen.decision_text()
    assert screen.card_rects and {a for _, a in screen.card_rects} == set(screen.legal)
    rect, action = screen.card_rects[0]
    before = len(match.history)
    click(app, rect.center)
    assert match.history[before].action == action


def test_a_person_clicks_through_a_whole_donkey_kong_game_then_resumes_it(home):
    spec = registry.get("donkey_kong")
    app = App(match=Match(spec.make_config([Seat("Ann"), Seat("Bot", "random")]), 21))
    screen = app.screen
    for _ in range(6000):  # each of Ann's turns starts with her roll (Space) and its 0.6 s tumble
        if screen.show_result:
            break
        app.tick(0.05)
        app.draw()
        match = screen.match
        if not match.waiting_for_human() or screen.animating():
            app.handle(space_key())
            continue
        if screen.card_rects:
            click(app, screen.card_rects[0][0].center)
        else:
            end = screen.paths()[screen.legal[0]][-1]
            click(app, screen.space_xy(end))
            if screen.pinned is not None:
                click(app, screen.space_xy(end))
    else:
        pytest.fail("the game never reached the result screen")
    match = screen.match
    assert match.is_over() and any(s.by == 0 for s in match.history)
    for _ in range(20):  # the result's keys wait a moment once it is up (autoplay.RESULT_GUARD_S)
        app.tick(0.05)
    app.draw()
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.draw()
    click(app, app.screen.resume_button.rect.center)
    assert app.screen.match.history == match.history and app.screen.show_result


# ---- Monkey Dash --------------------------------------------------------------------------
def test_monkey_dash_board_shows_crates_monkeys_supervisors(tmp_path):
    match = human_turn_match("monkey_dash", [Seat("Ann"), Seat("Bot", "random")], 4,
                             lambda s: s.phase == "act" and s.turns_done >= 6)
    app = App(match=match)
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "monkey_dash.png"))
    screen = app.screen
    assert isinstance(screen, MonkeyDashScreen)
    state = match.state
    cell = screen.cell
    for sq in state.crate_squares():
        assert count(surface, screen.square_rect(sq), art.CRATE_WOOD) > cell * cell // 20, sq
    for seat, sq in enumerate(state.supervisor_squares()):
        assert count(surface, screen.square_rect(sq), P.seat_colour(seat)) > cell * cell // 15, sq
    for seat, sq in enumerate(state.monkey_squares()):
        assert count(surface, screen.square_rect(sq), art.MONKEY_FUR) > cell * cell // 30, sq


def supervisor_picked():
    """A Monkey Dash app on a person's turn with their supervisor clicked: (app, match, screen, its square)."""
    match = human_turn_match("monkey_dash", [Seat("Ann"), Seat("Bot", "random")], 8,
                             lambda s: s.phase == "act" and any(m["kind"] == "sup" for m in s.moves()))
    app = App(match=match)
    app.draw()
    screen = app.screen
    sup = match.state.supervisor_squares()[0]
    click(app, screen.square_rect(sup).center)
    assert screen.selected == sup
    return app, match, screen, sup


def test_monkey_dash_click_a_piece_then_a_target_plays_that_step(tmp_path):
    app, match, screen, sup = supervisor_picked()
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "monkey_dash_targets.png"))
    steps = [m for m in match.state.moves() if m["from"] == sup]
    for m in steps:  # each reachable square carries a highlight
        r = screen.square_rect(m["to"])
        assert count(surface, r, P.SKY_BLUE) + count(surface, r, P.HIGHLIGHT) > 30, m
    chosen = next(m for m in steps if m["kind"] == "sup")
    ap = match.state.ap
    click(app, screen.square_rect(chosen["to"]).center)
    assert match.history[-1].action == chosen["action"]
    assert match.state.supervisor_squares()[0] == chosen["to"] or match.state.ap != ap


def test_monkey_dash_esc_lets_go_of_a_picked_piece_before_it_leaves_the_game(tmp_path):
    """Esc with a piece picked on the board left the game for the menu (the shortcut keys saw it first, found
    by an audit): the first Esc lets go of the piece and stays, the next one leaves."""
    app, match, screen, sup = supervisor_picked()
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.handle(esc)
    assert app.screen is screen and screen.selected is None
    app.handle(esc)
    assert app.screen is not screen  # nothing picked: Esc leaves for the menu
    app.close()


def test_every_board_screen_is_registered():
    assert screen_for("donkey_kong") is DonkeyKongScreen
    assert screen_for("monkey_dash") is MonkeyDashScreen


def test_donkey_kong_dice_tumble_and_mario_walks_his_path():
    match = human_turn_match("donkey_kong", [Seat("Ann"), Seat("Bot", "random")], 11,
                             lambda s: s.legal_actions()[0].startswith("move") and s.turns > 2)
    app = App(match=match)
    screen = app.screen
    app.draw()
    action = max(screen.legal, key=lambda a: len(screen.paths()[a]))
    path = screen.paths()[action]
    start = match.state.pawns[0]
    screen.play(action)
    app.tick(0.13)  # a little over one step of the walk
    assert screen.animating()
    mid = screen.pawn_xy(0, match.state.pawns[0])
    first, second = screen.space_xy(path[0]), screen.space_xy(path[1]) if len(path) > 1 else screen.space_xy(path[0])
    assert mid != screen.space_xy(start) or len(path) == 1
    assert min(abs(mid[0] - p[0]) + abs(mid[1] - p[1]) for p in (first, second)) < 70 * screen.art.scale()
    rolls = 0
    for _ in range(400):  # bots and dice play on at their pace until Ann's next decision after a roll
        if match.waiting_for_human():
            if rolls:
                break
            screen.play(screen.legal[0])  # a card to play first, when an obstacle met her pawn
        if screen.chance_waits():
            app.handle(space_key())  # Ann's own roll waits for her press
        rolled = match.state.pending_decision().get("kind") == "roll"
        app.tick(0.1)
        if rolled and match.state.pending_decision().get("kind") != "roll":
            rolls += 1
            assert screen.rolling > 0  # the dice tumble right after a roll
    assert match.waiting_for_human() and rolls >= 1


def test_undo_takes_back_the_persons_last_step_with_the_bot_turn_after_it():
    spec = registry.get("monkey_dash")
    match = Match(spec.make_config([Seat("Ann"), Seat("Bot", "random")], "pure"), 2)  # no cards: no chance
    app = App(match=match)
    screen = app.screen
    for _ in range(200):  # Ann takes the first legal step each time; the bot plays its whole turns
        if match.waiting_for_human() and any(s.by == 0 for s in match.history) and match.history[-1].by == 1:
            break
        if match.waiting_for_human():
            screen.play(next(a for i, a in enumerate(screen.legal) if i not in screen.faint_rows()))
        else:
            app.handle(space_key())
            app.tick(0.05)
    history = list(match.history)
    last_ann = max(i for i, s in enumerate(history) if s.by == 0)
    assert history[-1].by == 1 and last_ann < len(history) - 1
    app.draw()
    undo = next(b for b in screen.buttons if b.label == "Undo")
    assert undo.enabled
    click(app, undo.rect.center)
    assert match.history == history[:last_ann] and match.waiting_for_human()
    assert screen.log_labels and len(screen.log_labels) == len(match.history)
