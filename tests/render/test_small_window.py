"""Small screens. An audit opened the app on an 800x600 screen: the window opened at 1280x800, its top
and left edges off the screen, and could not be made smaller than 1024x640, so the launcher's Start,
Resume and Quit could not be reached with the mouse. A window now opens within the desktop, may be made
as small as render.app.SMALLEST_WINDOW, and one smaller than every layout shows the screen laid out at
the smallest size of its shape, scaled down, with the pointer scaled back to it (render.pointer)."""

from __future__ import annotations

import pygame
import pytest

from render import pointer
from render.app import DEFAULT_SIZE, MIN_SIZE, SMALLEST_WINDOW, App, first_size, layout_size

from .test_board_stumbles import click, point
from .test_stumbles import home, key  # noqa: F401 (home: the autouse scratch folder for saves)


@pytest.mark.parametrize("desktop, opens", [
    (None, DEFAULT_SIZE),                 # no desktop to fit (SDL's dummy driver)
    ((1920, 1080), DEFAULT_SIZE),
    ((1366, 768), (1280, 678)),           # a laptop: the window keeps below the screen's task bar
    ((1024, 600), (984, 510)),            # a netbook
    ((800, 600), (760, 510)),
    ((640, 480), SMALLEST_WINDOW),        # never smaller than the smallest window
])
def test_a_window_opens_within_the_desktop(desktop, opens):
    assert first_size(desktop) == opens


@pytest.mark.parametrize("window", [(1280, 800), (1024, 640), (1400, 700)])
def test_a_window_a_layout_fits_is_drawn_as_it_is(window):
    assert layout_size(window) == window


@pytest.mark.parametrize("window", [(800, 600), (760, 510), (1000, 700), (640, 400)])
def test_a_smaller_window_is_laid_out_at_the_smallest_layout_of_its_shape(window):
    w, h = layout_size(window)
    assert w >= MIN_SIZE[0] and h >= MIN_SIZE[1]
    assert min(w - MIN_SIZE[0], h - MIN_SIZE[1]) <= 1  # the smallest: one side at the layout's least
    assert abs(w / h - window[0] / window[1]) < 0.01  # the window's shape: nothing stretched


def test_the_launcher_in_an_800_by_600_window_starts_a_game_with_the_mouse(home):
    app = App(size=(800, 600))
    try:
        surface = app.draw()
        assert surface.get_size() == (800, 600)
        launcher = app.screen
        laid_out = launcher.start_button.rect
        scale = layout_size((800, 600))[0] / 800
        assert pointer.scaled() and scale > 1
        # Every button of the launcher is on the window, where the scaled picture shows it.
        window = surface.get_rect()
        for widget in launcher.focusables:
            if hasattr(widget, "on_click"):
                r = widget.rect
                shown = pygame.Rect(r.x / scale, r.y / scale, r.w / scale, r.h / scale)
                assert window.contains(shown), (widget, shown)
        # A click where the scaled picture shows Start reaches Start.
        at = (round(laid_out.centerx / scale), round(laid_out.centery / scale))
        point(app, at)
        click(app, at)
        assert app.screen is not launcher and app.screen.match is not None  # the click reached Start
        app.draw()
        assert app.screen.size == layout_size((800, 600))
    finally:
        app.close()
        pointer.set_view(1.0)


def test_a_window_made_larger_again_is_drawn_as_it_is(home):
    app = App(size=(1280, 800))
    try:
        app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=700, h=450, size=(700, 450)))
        assert app.draw().get_size() == (700, 450) and pointer.scaled()
        app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=500, h=300, size=(500, 300)))
        assert app.draw().get_size() == SMALLEST_WINDOW  # held at the smallest window
        app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=700, size=(1100, 700)))
        assert app.draw().get_size() == (1100, 700) and not pointer.scaled()
        assert app.screen.size == (1100, 700)
        assert pointer.to_screen((10, 20)) == (10, 20)
    finally:
        app.close()
        pointer.set_view(1.0)
