"""A list whose rows are said in other words (the Jenga window's holes as seen, when the view turns) keeps its
row chosen and its scroll: every kind of list the screens draw, with pygame's real fonts (SDL's dummy
driver)."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from render import pointer
from render.widgets import ListView, LogRows, WrappingRows


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.init()
    yield


@pytest.mark.parametrize("kind", [ListView, WrappingRows, LogRows])
def test_reworded_rows_keep_the_row_chosen_and_the_scroll(kind):
    rows = kind()
    rows.rect = pygame.Rect(0, 0, 300, 120)
    rows.set_items([f"push block {i}:1 from the +x end" for i in range(40)])
    rows.scroll_by_page(2)
    top = rows.top
    assert top > 0
    if kind is not LogRows:  # the log has no row chosen
        rows.selected = top + 1
    chosen = rows.selected
    rows.reword([f"push block {i}:1 from the front end" for i in range(40)])
    assert (rows.top, rows.selected) == (top, chosen)
    assert rows.items[0] == "push block 0:1 from the front end"
    # fewer rows than the scroll reached: the list shows its last rows, the row chosen within the list
    rows.reword([f"push block {i}:1 from the back end" for i in range(3)])
    assert rows.top == 0 and 0 <= rows.selected < 3


def _tall_log():
    """A move log whose rows take one line or several, at the window-size audit's proportions."""
    log = LogRows()
    log.rect = pygame.Rect(0, 0, 280, 235)
    log.row_h = 36
    log.fit_to(20, 1.4)
    log.set_items(["1. Chance: blue starts"] + [f"{i}. Chance: draws a card with a long name for Player {i}"
                                                 for i in range(2, 6)]
                  + ["6. Player 1: " + "a step whose words run on over several lines of the log " * 2, "7. pass"])
    return log


def test_the_move_log_scrolled_to_its_end_puts_its_last_row_at_its_foot():
    """A window-size audit, at the largest text: the move log showed its last three of five rows with a band
    as tall as a row empty under them, and in a large window its last one or two. Scrolled to its end, the
    last row sits at the log's foot and the room above the first whole row shows the foot of the row before,
    dimmed; scrolled up, the rows start at the top as before."""
    log = _tall_log()
    log.scroll_to_end()
    last = len(log.items) - 1
    assert log.top > 0 and log.lead() > 0
    assert log.row_rect(last).bottom == log.rect.bottom
    first = log.row_rect(log.top)
    assert first.y == log.rect.y + log.lead()
    assert log.row_at((first.x + 5, first.y + 2)) == log.top and log.row_at((first.x + 5, log.rect.y + 1)) is None
    surface = pygame.Surface((400, 300))
    surface.fill((0, 0, 0))
    log.draw(surface, 20)
    band = pygame.surfarray.array3d(surface.subsurface(pygame.Rect(0, 0, 280, log.lead())))
    assert band.max() > 0  # the row before's foot is drawn in the band
    log._scroll(log.top - 1)
    assert log.lead() == 0 and log.row_rect(log.top).y == log.rect.y


def test_a_notch_of_the_wheel_over_the_move_log_passes_no_row_by(monkeypatch):
    """The same audit: a notch of the wheel scrolled three rows, so a tall row between two others was never
    at the log's top and never shown whole ("entry 2 never appeared"). A notch scrolls rows adding up to
    about three one-line rows, one at least: scrolling up from the end, then down again, every row shows
    whole."""
    log = LogRows()
    log.rect = pygame.Rect(0, 0, 280, 150)
    log.row_h = 36
    log.fit_to(20, 1.4)
    long = "a step whose words run on over several lines of the log " * 2
    log.set_items(["1. Chance: blue starts", f"2. Player 1: {long}", f"3. Player 2: {long}"])
    assert log.height_of(0) + log.height_of(1) > log.rect.h  # the first two rows never show together
    log.scroll_to_end()
    seen = set()
    monkeypatch.setattr(pointer, "pos", lambda: log.rect.center)
    for direction in (1, -1):
        for _ in range(len(log.items) + 2):
            shown = [i for i in range(len(log.items)) if log.row_rect(i) is not None]
            seen.update(shown)
            old = log.top
            log.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=direction, precise_x=0.0,
                                          precise_y=float(direction), flipped=False))
            assert abs(log.top - old) <= 3
    assert seen == set(range(len(log.items)))


def test_a_page_up_in_the_move_log_passes_no_row_by():
    """A regression audit: Shift+PageUp went up by the rows that fitted below the top row, so taller rows above
    were passed over and never shown whole (146 of 200 random logs). A page up brings in the rows above that
    fit with the top row kept at the foot; paging up from the end every row shows whole, and paging down."""
    rng = np.random.default_rng(5)
    words = "Chance Patient bot draws Hammer 400 then Donkey Kong drops a barrel on girder column right up".split()
    for trial in range(20):
        log = LogRows()
        log.rect = pygame.Rect(0, 0, 250, int(rng.choice([120, 180, 245, 300])))
        log.row_h = int(rng.choice([22, 26, 32]))
        log.fit_to(int(rng.choice([14, 18, 22])), 1.0)
        log.set_items([f"{i + 1}. " + " ".join(rng.choice(words, int(rng.choice([2, 4, 8, 14, 20, 30]))))
                       for i in range(int(rng.integers(5, 40)))])
        log.scroll_to_end()
        for pages in (-1, 1):  # up from the end to the head, then down to the end again
            seen = set()
            for _ in range(60):
                seen.update(i for i in range(len(log.items)) if log.row_rect(i) is not None)
                log.scroll_by_page(pages)
            assert seen == set(range(len(log.items))), (trial, pages, sorted(set(range(len(log.items))) - seen))
