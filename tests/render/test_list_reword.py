"""A list whose rows are said in other words (the Jenga window's holes as seen, when the view turns) keeps its
row chosen and its scroll: every kind of list the screens draw, with pygame's real fonts (SDL's dummy
driver)."""

from __future__ import annotations

import pygame
import pytest

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
