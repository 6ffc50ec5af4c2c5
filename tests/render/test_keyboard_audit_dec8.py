"""A keyboard-only audit (8 Dec): a status line too long for the bar keeps its last sentence of keys whole (the
Super Mario note on pegs in hidden holes lost "[ or ] turns the view."), and the Donkey Kong board's pointed
path is the chosen row of Choices (tests/render/test_family_audit_dk.py)."""

from __future__ import annotations

import pygame

from games.core import Seat

from .test_mouse_audit_dk import opened
from .test_stumbles import home, person_faces  # noqa: F401 (home: the autouse scratch folder for saves)

NOTE = ("Player 2's peg went into a hole on the back of the tower (layer 3, block 3:1), shown at that block's front "
        "end; Careful bot's peg went into a hole on the left side of the tower (layer 5, block 5:0), shown at that "
        "block's right end (drawn faintly through the tower). [ or ] turns the view.")


def test_a_status_line_cut_to_its_bar_keeps_the_keys_it_ends_with():
    match = person_faces("donkey_kong", 3, lambda state: state.current_player() == 0,
                         seats=[Seat("Ann"), Seat("Bot", "random")])
    app, screen = opened(match)
    try:
        surface = pygame.Surface((1280, 800))
        for width in (420, 600, 900):
            area = pygame.Rect(10, 770, width, 24)  # two lines of the bar's smallest size
            _, lines = screen._draw_status(surface, NOTE, area, (255, 255, 255))
            assert lines[-1].endswith("[ or ] turns the view."), (width, lines)
            if width == 420:
                assert "…" in " ".join(lines)  # cut, before the keys
        # a line that fits is drawn as it is
        _, lines = screen._draw_status(surface, "Short. [ or ] turns the view.", pygame.Rect(0, 0, 900, 36), (0, 0, 0))
        assert lines == ("Short. [ or ] turns the view.",)
    finally:
        app.close()


def test_a_new_list_never_opens_on_a_row_that_costs_a_card():
    """The audit: after a roll the first row, "⚠ barrel: left 4 → girder 2, column 2 · costs a face-up card", stood
    chosen, so Space and then Enter paid a card nobody chose. A list opens on its first row without a cost."""
    for seed in range(60):
        match = person_faces("donkey_kong", seed, lambda state: state.current_player() == 0
                             and any(a.startswith("move ") for a in state.legal_actions()),
                             seats=[Seat("Ann"), Seat("Bot", "random")])
        app, screen = opened(match)
        try:
            rows = screen.actions.items
            if not rows or not rows[0].startswith("⚠"):
                continue
            chosen = screen.actions.selected
            free = [i for i, row in enumerate(rows) if not row.startswith("⚠")]
            assert chosen == (free[0] if free else -1), (rows, chosen)
            return
        finally:
            app.close()
    raise AssertionError("no opening list led by a row that costs a card in these seeds")


def test_the_results_keys_go_with_the_result():
    """The audit: Enter on the result said "P: play again · V: view the board · Esc: back to the menu ..."; V
    then showed the board with that line still up, where P only says the game is over."""
    from games import registry
    from games.match import Match
    from render.app import App
    from tests.conftest import played_out

    from .test_stumbles import key

    match = played_out(Match(registry.get("monkey_dash").make_config([Seat("Ann"), Seat("Bot", "random")]), 3), 0)
    app = App(match=match)
    try:
        screen = app.screen
        screen.show_result, screen.result_guard = True, 0.0
        app.handle(key(pygame.K_RETURN))
        assert screen.message.startswith("P: play again · V: view the board") and screen.message_time > 0
        app.handle(key(pygame.K_v))
        assert not screen.show_result and screen.message_time <= 0
    finally:
        app.close()


def test_the_spinners_labels_stay_inside_their_sections():
    """The audit, enlarged: Super Mario's "1/3$" and "1/0$" ran over the lines between sections. Each label of the
    twelve-section wheel, at the size the wheel draws it, lies inside its own section, at the smallest radius the
    window gives the wheel and above."""
    import math

    from render import text
    from render.screens.jenga.overlays import READABLE_LABEL_PX, READABLE_WHEEL_PX
    from render.screens.jenga.screen import JengaScreen
    from render.tower.spinner import LABEL_AT

    spinner = JengaScreen._make_spinner("jenga_mario")
    labels = spinner.labels
    assert len(labels) == 12 and "1/3$" in labels
    w = spinner.section_angle
    least = spinner.smallest_radius(READABLE_LABEL_PX, READABLE_WHEEL_PX)  # the wheel's radius at the least
    for radius in (least, 110, 140):
        size = spinner.label_size(radius)
        assert size >= 12
        for i, label in enumerate(labels):
            mid = (i + 0.5) * w
            cx, cy = radius * LABEL_AT * math.sin(mid), -radius * LABEL_AT * math.cos(mid)
            lw, lh = text.measure(label, size, bold=True)
            for dx in (-lw / 2, lw / 2):
                for dy in (-lh / 2, lh / 2):
                    x, y = cx + dx, cy + dy
                    angle = math.atan2(x, -y) % (2 * math.pi)  # clockwise from straight up, as the wheel turns
                    assert i * w < angle < (i + 1) * w and math.hypot(x, y) < radius, (radius, label, size)
