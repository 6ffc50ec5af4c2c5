"""A play-tester's stumbles, replayed headless (SDL's dummy driver) on real screens at 1280x800: a move
log row's tip that stayed up over the tower turn after turn once the pointer had left the row, and
status messages cut mid-word ("… fairly st…", "… Left/Right turns th…", "Saved to ….json in the
saved matches (…") with no way to read the rest."""

from __future__ import annotations

import pygame
import pytest

from games import registry
from games.core import Seat
from games.match import Match
from render import text
from render.app import App
from render.screens.registry import screen_for

from .test_board_stumbles2 import new_match
from .test_stumbles import home, key  # noqa: F401 (home: the autouse scratch folder for saves)
from .test_tower_screen import send

SIZE = (1280, 800)


@pytest.fixture(scope="module")
def surface():
    pygame.init()
    return pygame.Surface(SIZE)


def mario_placing_pegs():
    """A Super Mario Jenga screen for two people, the second about to put their peg in: no block has
    been moved, so no PyBullet world is built."""
    spec = registry.get("jenga_mario")
    match = Match(spec.make_config(seats=[Seat("Player 1"), Seat("Player 2")]), seed=3)
    screen = screen_for("jenga_mario")(match)
    screen.show_risk = False
    while not (match.state.phase == "peg" and match.state.placing == 1):
        if match.current_player < 0:
            match.step()
        else:
            assert screen.play(match.state.legal_actions()[0])
    return screen, match


def row_centre(view, i):
    rect = view.row_rect(i) if hasattr(view, "row_rect") else None
    if rect is not None:
        return view.rect.x + 40, rect.centery
    return view.rect.x + 40, view.rect.y + (i - view.top) * view.row_h + view.row_h // 2


@pytest.fixture
def one_line_log(monkeypatch):
    """Log rows wrap onto up to LogRows.MOST_LINES lines and only a row longer still is cut and has a tip:
    at one line, the rows these tests need (cut, with a tip) are the spinner's ordinary ones."""
    from render.widgets import LogRows
    monkeypatch.setattr(LogRows, "MOST_LINES", 1)
    monkeypatch.setattr(LogRows, "ROOMY", False)  # not as many lines as the log's height holds


# ---- a move log row's tip goes with the pointer -------------------------------------------------

def test_a_log_rows_tip_goes_when_the_pointer_leaves_for_the_tower(surface, one_line_log):
    """Before: "17. Chance: the spinner stops on section 5: stack 2, climb 2" stayed in its tip box over
    the later rows from one turn to the next: the tower took the pointer's moves over it, so the log
    never heard that the pointer had left its row."""
    screen, _ = mario_placing_pegs()
    try:
        screen.draw(surface)
        assert screen.log.cut_rows, "no log row is cut at 1280x800"
        i = min(screen.log.cut_rows)
        send(screen, pygame.MOUSEMOTION, row_centre(screen.log, i))
        screen.draw(surface)
        assert screen.row_tip == screen.log.items[i]
        send(screen, pygame.MOUSEMOTION, screen.rects["board"].center)  # onto the tower
        screen.draw(surface)
        assert screen.log.hover is None and screen.row_tip == ""
        send(screen, pygame.MOUSEMOTION, row_centre(screen.log, i))  # back: the tip again
        screen.draw(surface)
        assert screen.row_tip == screen.log.items[i]
    finally:
        screen.close()


def test_a_log_rows_tip_goes_when_the_rows_change_under_a_still_pointer(surface, one_line_log):
    """A step adds a row to the log (and may scroll it): the row under the still pointer is not the one
    the tip spoke of, so the tip goes until the pointer moves again."""
    screen, match = mario_placing_pegs()
    try:
        screen.draw(surface)
        i = min(screen.log.cut_rows)
        send(screen, pygame.MOUSEMOTION, row_centre(screen.log, i))
        screen.draw(surface)
        assert screen.row_tip == screen.log.items[i]
        rows = len(screen.log.items)
        assert screen.play(match.state.legal_actions()[0])  # the second peg goes in: a new log row
        screen.draw(surface)
        assert len(screen.log.items) == rows + 1
        assert screen.log.hover is None and screen.row_tip == ""
    finally:
        screen.close()


# ---- status messages read whole ------------------------------------------------------------------

LONG_MESSAGES = [
    "Picked block 17:1: 90 % collapse risk (the chance that a brisk, fairly steady pull topples the tower); "
    "its pulls took about 0.26 N. P or Enter starts the push: hold W to push (faster the longer), S pulls "
    "back, Enter lets go.",
    "The hole to climb to is on the left side of the tower: [ or ] turns the view.",
    "Player 1 stacked the question block; Player 1 gets 2 coins (2 → 4). Player 2's peg went into a hole "
    "on the back of the tower (layer 7). [ or ] turns the view.",
]


@pytest.mark.parametrize("message", LONG_MESSAGES)
def test_a_long_status_message_is_drawn_whole_at_1280x800(surface, message):
    """Before: the status line was one line cut with "…" ("fairly st…", "turns th…"). Now every word is
    drawn, wrapped onto more lines and a little smaller when needed, inside the bar left of its buttons."""
    screen, _ = mario_placing_pegs()
    try:
        screen.say(message, 10.0)
        screen.draw(surface)
        lines, size = getattr(screen, "status_lines", ()), getattr(screen, "status_size", 0)  # as drawn
        assert " ".join(lines).split() == message.split()  # every word, none cut
        bar = screen.rects["bar"]
        room = screen.buttons[0].rect.x - int(12 * screen.scale) - (bar.x + int(16 * screen.scale))
        assert all(text.measure(line, size)[0] <= room for line in lines), lines
        assert text.block_height(len(lines), size) <= bar.h
        assert size >= 0.7 * screen.font_size(14)  # shrunk a little, still readable
    finally:
        screen.close()


def test_the_save_message_fits_on_one_line_at_full_size(home):
    """Before: "Saved to jenga_classic-20261205-090524.json in the saved matches (…": cut. The message
    now names the file and the key that lists it, in one line at the bar's size."""
    app = App(size=SIZE, match=new_match("jenga_classic", [Seat("Player 1"), Seat("Bot", "random")], 5))
    try:
        app.handle(key(pygame.K_s, pygame.KMOD_CTRL))
        screen = app.screen
        assert screen.message.startswith("Saved to jenga_classic-") and screen.message.endswith(" (Ctrl+O lists it).")
        app.draw()
        assert getattr(screen, "status_lines", ()) == (screen.message,)
        assert screen.status_size == screen.font_size(14)
    finally:
        app.close()
