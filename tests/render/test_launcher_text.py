"""The launcher's words at every text size and at the largest and smallest windows: every line whole (no
word missing, nothing cut with an ellipsis), inside its own panel, button or field, and clear of the
others. Drawn with SDL's dummy driver from real settings and real saved files; the lines are read on their
way through render.text.draw, which still draws them."""

from __future__ import annotations

import math

import pygame
import pytest

from games import registry
from games.core import Seat
from games.match import Match
from render import storage, text
from render.app import App
from render.launcher import HUMAN
from render.widgets import Button, TextField

LONG_NAME = "Wilhelmina Gross"  # as long as a seat's name may be (16 letters)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KONG_TABLETOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def drawn(lines_drawn):
    """Every line drawn, as (words, rect), in the order drawn (the render tests' lines_drawn)."""
    return lines_drawn


def saved_files() -> None:
    """An autosaved game, two saved matches (one renamed) and a file that will not load."""
    dk = registry.get("donkey_kong")
    match = Match(dk.make_config([Seat("Zoë"), Seat("Random bot", "random")]), 2)
    match.advance()
    match.save(storage.autosave_path())
    match.save(storage.new_save_path("donkey_kong"))
    md = registry.get("monkey_dash")
    other = Match(md.make_config([Seat(LONG_NAME), Seat("Greedy bot", "greedy")]), 3)
    path = storage.new_save_path("monkey_dash")
    other.save(path)
    storage.rename_save(path, "Zoë's game")
    (storage.saves_dir() / "broken.json").write_text('{"format": "kong')


def words_of(words: str) -> list[str]:
    return [w.strip(".,;:") for w in words.split()]  # a sentence's last word may end it with a full stop


def whole(expected: str, lines) -> bool:
    """Whether every word of `expected` was drawn, in order and one after another (wrapped lines are drawn
    in turn)."""
    want, seen = words_of(expected), [w for words, _ in lines for w in words_of(words)]
    return any(seen[i:i + len(want)] == want for i in range(len(seen) - len(want) + 1))


def check_frame(app, lines) -> None:
    launcher = app.screen
    surface = app.draw()
    window = surface.get_rect()
    cols = launcher.cols
    areas = [pygame.Rect(0, 0, window.w, cols[0].top), *cols,  # the title, the three panels, the keys line
             pygame.Rect(0, cols[0].bottom, window.w, window.h - cols[0].bottom)]
    boxes = [w.rect for w in launcher.focusables if launcher._visible(w) and isinstance(w, (Button, TextField))]
    boxes += [row.name.rect for row in launcher.seats if row.kind != HUMAN]  # a bot seat's name, in its place
    for box in boxes:
        assert any(area.contains(box) for area in areas), box
    for words, rect in lines:
        assert "…" not in words, words                                   # nothing cut short
        assert any(area.contains(rect) for area in areas), (words, rect)  # inside its panel
        for box in boxes:                                                 # a label inside its button or field
            if box.collidepoint(rect.center):
                assert box.contains(rect), (words, rect, box)
    for i, (a, ra) in enumerate(lines):                                  # no line over another
        for b, rb in lines[i + 1:]:
            assert not ra.colliderect(rb), (a, ra, b, rb)
    spec, variant = launcher.spec, launcher.variant()
    expected = [spec.variants[variant], "Type a person's name in the field beside it.",
                launcher.saves_heading(), launcher.autosave_note]
    shown, left_out = launcher.bot_lines_drawn
    expected += shown
    if left_out:
        expected.append("(F1) describes every bot.")
    for row, seat in zip(launcher.seats, launcher.config_seats()):
        expected.append(row.name.value if row.kind == HUMAN else seat.name)
    first = launcher.saves.top
    expected += launcher.saves.items[first:first + launcher.saves.visible_rows()]
    for words in expected:
        assert whole(words, lines), (spec.name, variant, words)


@pytest.mark.parametrize("window", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("size_name", list(text.SIZES))
def test_every_launcher_text_is_whole_and_inside_its_place_at_every_text_size(drawn, tmp_path, size_name, window):
    """At the largest text in a 1280x800 window the variant's description was cut off at the panel's foot
    (Donkey Kong Jenga's, under its four variant buttons, not drawn at all, the last button hanging out of
    the panel), the saved matches' title lost its end, the keys line and the resume line were cut with an
    ellipsis, a bot seat's name ("Expert b…") and the line naming the bots left out were cut, and Quit
    stood past the panel's edge. Every game, every variant, from the fewest seats to the most (a person
    with a long name and the game's bots in turn), and the questions asked over the launcher."""
    saved_files()
    storage.save_settings({"text_size": size_name})
    app = App(size=window)
    try:
        launcher = app.screen
        assert text.size_name == size_name and launcher.autosave_note and len(launcher.saves.items) == 3
        for game, spec in registry.games().items():
            launcher.select_game(game)
            while len(launcher.seats) > spec.min_players:
                launcher.remove_seat(launcher.seats[-1])
            while True:
                launcher.seats[0].kind = HUMAN
                launcher.seats[0].name.value = LONG_NAME
                for k, row in enumerate(launcher.seats[1:]):
                    row.kind = list(spec.bots)[k % len(spec.bots)]
                launcher._build()
                for variant in spec.variants:
                    launcher.set_variant(variant)
                    drawn.clear()
                    check_frame(app, drawn)
                if len(launcher.seats) == spec.max_players:
                    break
                launcher.add_seat()
        pygame.image.save(app.draw(), str(tmp_path / f"launcher-{size_name}.png"))
        # the saved match under the pointer, whole in the status line
        row = launcher.saves.rect.move(10, launcher.saves.row_h // 2).topleft
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=row, rel=(0, 0), buttons=(0, 0, 0)))
        assert launcher.hover_note
        drawn.clear()
        app.draw()
        assert whole(launcher.hover_note, drawn) and all("…" not in words for words, _ in drawn)
        # the questions asked over the launcher
        launcher.hover_note = ""
        for ask in ("quit", "delete"):
            launcher.confirm_quit = ask == "quit"
            launcher.deleting = storage.saved_matches()[0] if ask == "delete" else None
            drawn.clear()
            surface = app.draw()
            title = "Quit Kong Tabletop?" if ask == "quit" else f"Delete {launcher.deleting.stem}?"
            assert whole(title, drawn) and all("…" not in words for words, _ in drawn)
            assert all(surface.get_rect().contains(rect) for _, rect in drawn)
    finally:
        app.close()
        storage.save_settings({})
        text.use_size("normal")


def _seat_kinds_drawn(monkeypatch, window, size_name):
    """The launcher with Jenga's seats Person, Careful easy, Careful hard and Pro bots, drawn once at a text
    size: (the app, the size each line of words was first drawn at). The caller closes the app."""
    storage.save_settings({"text_size": size_name})
    sizes = {}
    real = text.draw

    def draw(surface, words, pos, size, colour, bold=False, mono=False, anchor="topleft"):
        sizes.setdefault(words, size)
        return real(surface, words, pos, size, colour, bold, mono, anchor)

    app = App(size=window)
    launcher = app.screen
    launcher.select_game("jenga_classic")
    launcher.add_seat()
    launcher.add_seat()
    for row, kind in zip(launcher.seats[1:], ("careful_easy", "careful_hard", "pro")):
        row.kind = kind
    launcher._build()
    with monkeypatch.context() as patched:
        patched.setattr(text, "draw", draw)
        app.draw()
    return app, sizes


@pytest.mark.parametrize("window", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("size_name", ["normal", "large"])
def test_the_longest_bot_names_keep_their_size_in_the_seat_buttons(monkeypatch, window, size_name):
    """A regression audit: giving Remove more room had made the seat-kind buttons narrower than the words they
    held, so "Careful easy bot" and "Careful hard bot" were drawn smaller than before at every text size. The
    kind button is as wide as its longest word needs, up to its old width; those words are drawn at least as
    large as that width let them be."""
    app, sizes = _seat_kinds_drawn(monkeypatch, window, size_name)
    try:
        launcher = app.screen
        from render.widgets import fitting_size

        full = launcher.fs(16)
        old_w = int(launcher.cols[1].inflate(-int(24 * launcher.scale), 0).w * 0.36)  # the kind button as it was
        for row in launcher.seats[1:3]:  # Careful easy bot, Careful hard bot (or their short words, at full size)
            words = row.kind_button.shown_label(full)
            assert sizes.get(words, 0) >= fitting_size(row.kind_button.label, full, old_w - 8), (words, sizes, full)
    finally:
        app.close()
        storage.save_settings({})
        text.use_size("normal")


@pytest.mark.parametrize("window", [(1280, 800), (1024, 640), (1920, 1080)])
def test_at_the_largest_text_the_bot_kinds_are_drawn_as_large_as_person(monkeypatch, window):
    """A regression audit: at the largest text "Careful easy bot" was still drawn smaller than "Person" in the
    button above it (the kind button stops at 0.36 of the row). Where the whole name fits only shrunk, the
    button says "Careful easy" (the seat's name beside it says "Careful easy bot"), at Person's size."""
    app, sizes = _seat_kinds_drawn(monkeypatch, window, "largest")
    try:
        launcher = app.screen
        from render.widgets import MILD_SHRINK

        person = sizes["Person"]  # at full size: shrunk no more than a little, as every button's words may be
        for row in launcher.seats[1:]:
            words = row.kind_button.shown_label(launcher.fs(16))
            assert words in (row.kind_button.label, row.kind_button.label.removesuffix(" bot")), words
            assert sizes[words] >= math.ceil(person * MILD_SHRINK), (words, sizes[words], person)
    finally:
        app.close()
        storage.save_settings({})
        text.use_size("normal")


def _small_controls(monkeypatch, window, size_name) -> tuple[dict, list]:
    """The size each of the launcher's small buttons' words are drawn at, and the seat marks' radii, at one
    text size (saved matches on the list, so Load, Rename and Delete are drawn)."""
    import render.launcher as launcher_module

    storage.save_settings({"text_size": size_name})
    sizes, marks = {}, []
    real_draw, real_mark = text.draw, launcher_module.draw_seat_mark

    def draw(surface, words, pos, size, colour, bold=False, mono=False, anchor="topleft"):
        sizes.setdefault(words, size)
        return real_draw(surface, words, pos, size, colour, bold, mono, anchor)

    def mark(surface, seat, centre, radius):
        marks.append(radius)
        return real_mark(surface, seat, centre, radius)

    with monkeypatch.context() as patched:
        patched.setattr(text, "draw", draw)
        patched.setattr(launcher_module, "draw_seat_mark", mark)
        app = App(size=window)
        try:
            app.screen.select_game("jenga_classic")
            app.screen.add_seat()
            app.draw()
            return sizes, marks
        finally:
            app.close()
            storage.save_settings({})
            text.use_size("normal")


@pytest.mark.parametrize("window", [(1280, 800), (1024, 640)])
def test_the_small_buttons_and_seat_marks_grow_with_the_text(monkeypatch, window):
    """An accessibility audit: at the largest text the launcher's Remove buttons, the seat marks and the
    saved matches' Rename and Delete were drawn no larger than at the normal size (Remove and Delete
    smaller: shrunk to fit their narrow buttons). At the largest size each is drawn larger than at the
    normal one; where a key hint has no room it goes before the words shrink."""
    saved_files()
    normal, normal_marks = _small_controls(monkeypatch, window, "normal")
    largest, largest_marks = _small_controls(monkeypatch, window, "largest")
    assert min(largest_marks) > max(normal_marks)
    assert largest["Remove"] > normal["Remove"]
    # and not at the names' cost (a regression audit: widening Remove had shrunk them below the normal size's)
    bot_name = next(w for w in normal if w.startswith("Careful bot ") and w[-1].isdigit())
    for name in ("Player 1", bot_name):
        assert largest.get(name, 0) > normal[name], (name, largest.get(name), normal[name])
    for words in ("Load", "Rename", "Delete"):
        big = {w: s for w, s in largest.items() if w.startswith(words)}
        small = {w: s for w, s in normal.items() if w.startswith(words)}
        assert big and small and min(big.values()) > max(small.values()), (words, big, small)


def test_the_saved_matches_rows_are_drawn_at_one_size(monkeypatch):
    """An accessibility audit: each saved-match row shrank on its own to fit its two lines, so a long name drew
    its row smaller than the others. The rows in view share one size: the largest at which all of them fit."""
    saved_files()
    path = storage.new_save_path("donkey_kong")
    Match(registry.get("donkey_kong").make_config([Seat("Ann"), Seat("Bob", "random")]), 5).save(path)
    storage.rename_save(path, "A very long name for a saved match of Donkey Kong that we played")
    storage.save_settings({"text_size": "largest"})
    app = App(size=(1024, 640))
    try:
        launcher = app.screen
        assert len(launcher.saves.items) == 4
        drawn = []
        real = text.draw

        def draw(surface, words, pos, size, colour, bold=False, mono=False, anchor="topleft"):
            rect = real(surface, words, pos, size, colour, bold, mono, anchor)
            if launcher.saves.rect.contains(rect) and words.strip():
                drawn.append((words, size))
            return rect

        with monkeypatch.context() as patched:
            patched.setattr(text, "draw", draw)
            app.draw()
        shown = launcher.saves.visible_rows()
        assert shown >= 2 and len(drawn) >= shown
        assert len({size for _, size in drawn}) == 1, drawn
    finally:
        app.close()
        storage.save_settings({})
        text.use_size("normal")


def test_the_chosen_variant_says_when_it_is_the_games_default():
    """A new player's audit: Donkey Kong Jenga opened with its last variant button chosen
    (corner_few_pulls) and nothing said why; only Donkey Kong's own description said "(default)". Every
    game's default variant now says so under the buttons, once, and the others do not."""
    app = App(size=(1280, 800))
    try:
        launcher = app.screen
        for name in registry.names():
            spec = registry.get(name)
            launcher.select_game(name)
            for variant in spec.variants:
                launcher.set_variant(variant)
                words = launcher.variant_words()
                assert words.count("default") == (variant == spec.default_variant), (name, variant, words)
    finally:
        app.close()


@pytest.mark.parametrize("window, size_name", [((1024, 640), "largest"), ((1280, 800), "largest"),
                                                ((1024, 640), "normal")])
def test_a_long_name_is_drawn_whole_at_the_text_size_and_remove_gives_it_room(monkeypatch, window, size_name):
    """An audit at the largest text in a 1024x640 window: 'Bartholomew Gros' stood on two lines smaller than
    the normal size's names, Remove keeping its room beside it. A name that does not fit whole at the text's
    size takes Remove's room (the button then says '✕'), as soon as it is typed; a short name leaves Remove
    its word."""
    storage.save_settings({"text_size": size_name})
    drawn = {}
    real_draw = text.draw

    def draw(surface, words, pos, size, colour, bold=False, mono=False, anchor="topleft"):
        drawn[words] = size
        return real_draw(surface, words, pos, size, colour, bold, mono, anchor)

    app = App(size=window)
    try:
        launcher = app.screen
        launcher.select_game("jenga_classic")
        row = launcher.seats[0]
        row.kind, row.name.value = HUMAN, "Ann"
        launcher._build()
        app.draw()
        assert row.remove_button.shown_label(launcher.fs(14)) == "Remove"
        row.name.value = LONG_NAME  # typed: the next frame lays the row out again
        with monkeypatch.context() as patched:
            patched.setattr(text, "draw", draw)
            app.draw()
        size = launcher.fs(16)
        # whole, on one line, shrunk no more than a field's text may be (it had been cut in two lines)
        assert drawn.get(LONG_NAME, 0) >= size * 0.75, (drawn.get(LONG_NAME), size)
        assert row.name.rect.right < row.remove_button.rect.x <= row.remove_button.rect.right <= launcher.cols[1].right
        narrowed = row.remove_button.shown_label(launcher.fs(14)) == "✕"
        assert narrowed or text.measure(LONG_NAME, size)[0] + 16 <= row.name.rect.w  # narrowed only for the name
        assert narrowed or window != (1024, 640)
        row.name.value = "Ann"
        app.draw()
        assert row.remove_button.shown_label(launcher.fs(14)) != "✕"  # room enough again: Remove has its word
    finally:
        app.close()
        storage.save_settings({})
        text.use_size("normal")
