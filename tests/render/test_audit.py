"""The app's audit gaps, checked headless (SDL's dummy video driver): keyboard play on both boards with
the board following the selected choice, log lines and choices in words (no internal ids, a loaded
game's history too), the launcher's seat editing, damaged save files, Ctrl+S then Ctrl+O end to end,
the help overlay's keys and variant rules, resizing the boards, the palette and the art's origin.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pygame
import pytest

from games import registry
from games.core import Seat
from games.match import Match
from render import palette as P
from render import storage
from render.app import App
from render.launcher import HUMAN, LauncherScreen
from render.screens.base import GameScreen

CARD_ID = re.compile(r"\b[JH][1-4]00\b")  # a Donkey Kong card id such as H300


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KONG_TABLETOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def key(k, mod=0, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def click(app, pos, button=1):
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def new_match(game, seats, seed, variant=None):
    spec = registry.get(game)
    return Match(spec.make_config(seats, variant), seed)


def run_until(app, done, limit=4000):
    """Play bots and dice at full speed (Space), and the person's first choice, until done() holds."""
    for _ in range(limit):
        if done():
            return
        if not app.screen.match.waiting_for_human():
            app.handle(key(pygame.K_SPACE, unicode=" "))
        else:  # the number of the first row that plays something (Monkey Dash keeps rows that play nothing)
            screen = app.screen
            live = [i for i, a in enumerate(screen.legal) if i >= screen.actions.top and i < screen.actions.top + 9
                    and i not in screen.faint_rows()]
            if live:
                app.handle(key(pygame.K_1 + live[0] - screen.actions.top))
            else:
                screen.play(next(a for i, a in enumerate(screen.legal) if i not in screen.faint_rows()))
        app.tick(0.05)
    raise AssertionError("the wanted position never came")


# ---- keyboard play on the boards --------------------------------------------------------
def test_donkey_kong_played_to_the_end_by_keys_alone_with_the_board_following_the_selection():
    app = App(match=new_match("donkey_kong", [Seat("Ann"), Seat("Bot", "random")], 21))
    screen = app.screen
    followed = cards = 0
    for _ in range(4000):
        if screen.show_result:
            break
        app.tick(0.05)
        if screen.hand_guard > 0:
            continue  # the dice still tumble from Ann's own roll (Space): a choosing key now is dropped
        if not screen.match.waiting_for_human():
            app.handle(key(pygame.K_SPACE, unicode=" "))  # Ann rolls, or the bot's pauses are skipped
            continue
        app.handle(key(pygame.K_END))  # the last choice: a different one from the default
        app.draw()
        chosen = screen.legal[screen.actions.selected]
        assert screen.focus_action == chosen
        if chosen.startswith("move "):
            assert screen.shown_path() == screen.paths()[chosen]  # the board draws the selected path
            followed += 1
        else:
            assert chosen.startswith("play ") and set(screen.legal) == {a for _, a in screen.card_rects}
            cards += 1
        before = len(screen.match.history)
        app.handle(key(pygame.K_RETURN))
        assert screen.match.history[before].action == chosen
    else:
        pytest.fail("the game never reached its result screen")
    assert followed > 3 and screen.match.is_over()


def test_monkey_dash_keys_select_a_step_and_the_board_shows_its_target_then_enter_plays_it():
    app = App(match=new_match("monkey_dash", [Seat("Ann"), Seat("Bot", "greedy")], 6))
    screen = app.screen
    run_until(app, lambda: screen.match.waiting_for_human() and screen.match.state.phase == "act")
    app.draw()
    steps = {m["action"]: m for m in screen.moves() if m["to"] is not None}
    index = next(i for i, a in enumerate(screen.legal) if a in steps and i > 0)
    for _ in range(index):
        app.handle(key(pygame.K_DOWN))
    surface = app.draw()
    action = screen.legal[index]
    assert screen.focus_action == action and screen.targets() == [steps[action]]
    inner = screen.square_rect(steps[action]["to"]).inflate(-screen.cell // 6, -screen.cell // 6)
    edge = sum(1 for x in range(inner.x, inner.right) if surface.get_at((x, inner.y + 1))[:3] == P.HIGHLIGHT)
    assert edge > inner.w // 2  # the selected step's target square is framed in the highlight colour
    app.handle(key(pygame.K_RETURN))
    assert screen.match.history[-1].action == action


def test_help_overlay_says_how_to_play_by_keys_and_gives_the_active_variants_rules():
    texts = {}
    for variant in ("rulebook", "wiki"):
        app = App(match=new_match("donkey_kong", [Seat("Ann"), Seat("Bot", "random")], 1, variant))
        app.handle(key(pygame.K_F1))
        assert app.screen.show_help
        app.draw()
        texts[variant] = app.screen.help_text()
    for words in ("Every action is a row of the Choices list", "Up/Down", "Enter", "1 to 9", "Ctrl+S / Ctrl+O",
                  "Ctrl+Z / Ctrl+Y", "Space", "Click a highlighted space"):
        assert words in texts["rulebook"], words
    assert "variant 'wiki'" in texts["wiki"] and texts["wiki"] != texts["rulebook"]


# ---- words, never internal ids ------------------------------------------------------------
def test_donkey_kong_log_and_choices_name_cards_and_dice_in_words():
    match = new_match("donkey_kong", [Seat("Ann", "greedy"), Seat("Bob", "random"), Seat("Cy", "random")], 8)
    app = App(match=match)
    screen = app.screen
    run_until(app, lambda: match.is_over())
    labels = screen.log_labels
    assert len(labels) == len(match.history)
    assert not [line for line in labels if CARD_ID.search(line)]
    assert any(" gets Hammer " in line or " gets Jump " in line for line in labels)
    assert any(line.startswith("Chance: dice: Mario") for line in labels)
    assert any(re.match(r"Chance: .+ rolls \d to start$", line) for line in labels)


def test_a_loaded_game_logs_its_earlier_steps_like_live_ones(home):
    for game, seats, seed in (("donkey_kong", [Seat("Ann"), Seat("Bot", "greedy")], 4),
                              ("monkey_dash", [Seat("Ann"), Seat("Bot", "greedy")], 4)):
        app = App(match=new_match(game, seats, seed))
        screen = app.screen
        run_until(app, lambda: len(screen.match.history) > 40 and screen.match.waiting_for_human())
        live = list(screen.log_labels)
        path = app.save_match(screen.match)
        app.show_launcher()
        app.screen.load(path)
        assert isinstance(app.screen, GameScreen) and app.screen is not screen
        assert app.screen.log_labels == live, game


def test_monkey_dash_cards_read_by_their_titles_in_log_choices_and_effects():
    match = new_match("monkey_dash", [Seat("Ann", "greedy"), Seat("Bob", "random")], 3)
    app = App(match=match)
    screen = app.screen
    ids = {c["id"] for c in json.loads(Path("assets/monkey_dash/power_cards.json").read_text())["cards"]}
    seen = []
    for _ in range(3000):
        if match.is_over() or len(match.history) > 300:
            break
        app.handle(key(pygame.K_SPACE, unicode=" "))
        app.tick(0.05)
        seen += [screen.action_label(a) for a in match.state.legal_actions()]
    words = " ".join(screen.log_labels + seen)
    assert "play " in words or "draws " in words
    assert not [i for i in ids if re.search(rf"\b{i}\b", words)]
    match.state.effects = {**match.state.effects, "free_monkey": 1, "crates_frozen": True}
    assert screen.effects_text() == "In play: Tailwind (free monkey move), Safety Inspection (crates stay)"


# ---- the launcher -----------------------------------------------------------------------
def test_launcher_seats_take_typed_names_and_chosen_bots(home):
    app = App()
    launcher = app.screen
    launcher.select_game("donkey_kong")
    app.draw()
    first = launcher.seats[0]
    click(app, first.name.rect.center)
    for _ in range(10):
        app.handle(key(pygame.K_BACKSPACE))
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="Zoë"))
    second = launcher.seats[1]
    bots = list(registry.get("donkey_kong").bots)
    second.kind = bots[0]
    launcher._build()
    app.draw()
    click(app, second.kind_button.rect.center)  # the next bot
    assert second.kind == bots[1]
    click(app, second.kind_button.rect.center, button=3)  # a right click goes back
    assert second.kind == bots[0]
    click(app, second.kind_button.rect.center, button=3)  # back past the first bot: a person, named
    assert second.kind == HUMAN and second.name.value == "Player 2"
    app.handle(key(pygame.K_RIGHT))  # the focused seat kind steps forward by key too
    assert second.kind == bots[0]
    app.draw()
    click(app, launcher.variant_buttons[1].rect.center)
    app.handle(key(pygame.K_RETURN))  # Enter on a chosen option starts the game
    match = app.screen.match
    assert [(s.name, s.bot) for s in match.config.seats] == [("Zoë", None), (f"{bots[0].capitalize()} bot", bots[0])]
    assert match.config.variant == list(registry.get("donkey_kong").variants)[1]


def test_a_damaged_save_file_gets_one_clear_note_and_loading_it_never_crashes(home):
    good = new_match("donkey_kong", [Seat("Ann"), Seat("Bot", "random")], 2)
    good.advance()
    good.save(storage.new_save_path("donkey_kong"))
    (storage.saves_dir() / "broken.json").write_text('{"format": "kong')
    (storage.saves_dir() / "odd.json").write_text('[1, 2]')
    app = App()
    launcher = app.screen
    app.draw()
    assert len(launcher.saves.items) == 3
    assert launcher.saves_note.startswith("2 saved files cannot be loaded:")
    assert "broken.json (not valid JSON" in launcher.saves_note and "odd.json" in launcher.saves_note
    damaged = [i for i, label in enumerate(launcher.saves.items) if label.startswith("⚠ ") and "will not load" in label]
    fine = [i for i, label in enumerate(launcher.saves.items) if " · Donkey Kong · " in label and label.endswith(" · Ann, Bot")]
    assert len(damaged) == 2 and len(fine) == 1
    launcher.saves.selected = damaged[0]
    click(app, launcher.load_button.rect.center)
    assert isinstance(app.screen, LauncherScreen) and launcher.message.startswith("Cannot load:")
    app.draw()
    launcher.saves.selected = fine[0]
    click(app, launcher.load_button.rect.center)
    assert isinstance(app.screen, GameScreen) and app.screen.match.history == good.history


def test_ctrl_s_then_ctrl_o_opens_the_launcher_where_the_save_loads_by_keys(home):
    app = App(match=new_match("monkey_dash", [Seat("Ann"), Seat("Bot", "random")], 5))
    screen = app.screen
    run_until(app, lambda: screen.match.waiting_for_human() and len(screen.match.history) > 8)
    app.handle(key(pygame.K_s, pygame.KMOD_CTRL))
    assert screen.message.startswith("Saved to ")
    history = list(screen.match.history)
    app.handle(key(pygame.K_o, pygame.KMOD_CTRL))
    launcher = app.screen
    assert isinstance(launcher, LauncherScreen) and " · Monkey Dash · " in launcher.saves.items[0] \
        and launcher.saves.items[0].endswith(" · Ann, Bot")
    app.draw()
    launcher._set_focus(launcher.focusables.index(launcher.load_button))
    app.handle(key(pygame.K_RETURN))
    assert isinstance(app.screen, GameScreen) and app.screen.match.history == history


def test_the_autosave_write_keeps_the_old_file_when_it_fails_midway(home, monkeypatch):
    import os

    path = storage.autosave_path()
    storage.write_atomic(path, "old")

    def broken_replace(src, dst):
        raise OSError("disk gone")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        storage.write_atomic(path, "new")
    assert path.read_text() == "old" and [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_the_autosave_writer_leaves_no_thread_behind_once_written(home):
    """Each window's App had a writer thread that waited for ever; a test session piled up hundreds."""
    import threading

    matches = [new_match("monkey_dash", [Seat("Ann"), Seat("Bot", "random")], seed) for seed in (1, 2, 3)]
    home.mkdir(parents=True, exist_ok=True)
    writers = [storage.AutosaveWriter(home / f"auto{i}.json") for i in range(3)]
    for writer, match in zip(writers, matches):
        for _ in range(3):  # only the newest pending text need be written
            writer.submit(match)
    for writer in writers:
        writer.flush()
    for i, match in enumerate(matches):
        assert json.loads((home / f"auto{i}.json").read_text()) == json.loads(json.dumps(match.to_json()))
    for thread in threading.enumerate():
        if thread.name == "autosave":
            thread.join(10)  # flush returns as the thread finds nothing left; it then ends at once
    assert [t for t in threading.enumerate() if t.name == "autosave"] == []
    writers[0].submit(matches[1])  # and a later submit starts a writer again
    writers[0].flush()
    assert json.loads((home / "auto0.json").read_text()) == json.loads(json.dumps(matches[1].to_json()))


# ---- window, palette, art ---------------------------------------------------------------
@pytest.mark.parametrize("game", ["donkey_kong", "monkey_dash"])
def test_the_boards_scale_with_the_window_and_keep_inside_it(game):
    app = App(match=new_match(game, [Seat("Ann"), Seat("Bot", "random")], 3))
    sizes = {}
    for w, h in ((800, 560), (1280, 800), (1920, 1200)):
        app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
        app.draw()
        screen = app.screen
        board = screen.board_square if game == "donkey_kong" else screen.grid
        info = screen.info_rect
        assert screen.rects["board"].contains(board) and screen.rects["board"].contains(info), (w, h)
        assert not board.colliderect(info) and not screen.rects["board"].colliderect(screen.rects["side"])
        sizes[w] = board.w
    assert sizes[800] < sizes[1280] < sizes[1920]


def test_seat_colours_stay_apart_for_colour_blind_eyes():
    """Machado et al. (2009) full-severity protanopia, deuteranopia and tritanopia matrices, in linear RGB."""
    sims = {
        "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
        "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
        "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
    }

    def linear(c):
        return [((v / 255 + 0.055) / 1.055) ** 2.4 if v > 10 else v / 255 / 12.92 for v in c]

    colours = [linear(c) for c in P.SEAT_COLOURS]
    for name, m in sims.items():
        seen = [[sum(m[r][k] * c[k] for k in range(3)) for r in range(3)] for c in colours]
        for i in range(len(seen)):
            for j in range(i + 1, len(seen)):
                gap = sum((a - b) ** 2 for a, b in zip(seen[i], seen[j])) ** 0.5
                assert gap > 0.1, (name, i, j)
    assert len(set(P.SEAT_SHAPES)) == len(P.SEAT_SHAPES)  # and a shape per seat besides


def test_the_art_is_drawn_in_code_not_loaded_from_image_files():
    sources = "\n".join(p.read_text() for p in Path("render").rglob("*.py"))
    assert "pygame.image.load" not in sources and "image.load(" not in sources


# ---- more of the bullets ------------------------------------------------------------
def test_the_launcher_asks_before_esc_quits_and_remembers_the_choices(home, tmp_path):
    """Esc also backs out of a game, so Esc in the launcher asks first: another key stays, a second Esc quits."""
    app = App()
    launcher = app.screen
    launcher.select_game("monkey_dash")
    app.handle(key(pygame.K_ESCAPE))
    assert app.running and launcher.confirm_quit
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "launcher-quit.png"))
    box = launcher.question_rect
    assert box.center == (surface.get_width() // 2, surface.get_height() // 2)  # in the middle of the window
    assert surface.get_at((box.centerx, box.y + 1))[:3] == P.HIGHLIGHT  # framed in yellow
    app.handle(key(pygame.K_DOWN))  # any other key: stay (the key only answers the question)
    assert app.running and not launcher.confirm_quit and launcher.game == "monkey_dash"
    app.handle(key(pygame.K_ESCAPE))
    app.handle(key(pygame.K_ESCAPE))
    assert not app.running
    assert json.loads((home / "settings.json").read_text())["game"] == "monkey_dash"


def test_the_play_command_loads_a_saved_file_into_the_window(home, monkeypatch):
    """`python -m games play --load FILE` opens that match in the window."""
    from games import cli
    import render.app

    match = new_match("donkey_kong", [Seat("Ann"), Seat("Bot", "random")], 6)
    match.advance()
    path = home / "match.json"
    home.mkdir(parents=True, exist_ok=True)
    match.save(path)
    opened = []
    monkeypatch.setattr(cli, "has_display", lambda: True)
    monkeypatch.setattr(render.app.App, "tick", lambda self, dt: (opened.append(self.screen), self.quit()))
    assert cli.main(["play", "--load", str(path)]) == 0
    assert opened and opened[0].match.history == match.history and opened[0].log_labels[0].startswith("Chance: ")


def test_bots_wait_a_watchable_pause_and_space_skips_it():
    app = App(match=new_match("donkey_kong", [Seat("A", "random"), Seat("B", "random")], 2))
    screen = app.screen
    app.tick(0.05)
    assert len(screen.match.history) == 0  # the first roll waits for its pause
    app.handle(key(pygame.K_SPACE, unicode=" "))
    for _ in range(5):
        app.tick(0.05)
    assert len(screen.match.history) > 5 and not screen.animating()


def test_hovering_a_legal_end_space_marks_its_row_in_the_choices():
    app = App(match=new_match("donkey_kong", [Seat("Ann"), Seat("Bot", "random")], 3))
    screen = app.screen
    run_until(app, lambda: screen.match.waiting_for_human() and screen.paths())
    app.draw()
    action = screen.legal[-1]
    end = screen.paths()[action][-1]
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=screen.space_xy(end), rel=(0, 0), buttons=(0, 0, 0)))
    surface = app.draw()
    assert action in screen.board_hover and screen.focus_action in screen.paths_to(end)
    y = screen.actions.row_rect(screen.legal.index(action)).centery
    assert surface.get_at((screen.actions.rect.x + 2, y))[:3] == P.HIGHLIGHT  # the bar at the row's left edge


def test_monkey_dash_a_clicked_crate_shows_its_rotation_targets_with_their_cost():
    app = App(match=new_match("monkey_dash", [Seat("Ann"), Seat("Bot", "greedy")], 8))
    screen = app.screen
    run_until(app, lambda: screen.match.waiting_for_human() and any(m["kind"] == "rotate" for m in screen.moves()))
    app.draw()
    crate = next(m["from"] for m in screen.moves() if m["kind"] == "rotate")
    click(app, screen.square_rect(crate).center)
    surface = app.draw()
    assert screen.selected == crate and {m["kind"] for m in screen.targets()} <= {"rotate", "heave", "push"}
    for m in screen.targets():
        assert screen.describe(m["action"], screen.match.state).endswith(f"({m['cost']} AP)")
        r = screen.square_rect(m["to"])
        assert sum(1 for x in range(r.x, r.right) for y in range(r.y, r.bottom, 3)
                   if surface.get_at((x, y))[:3] in (P.SKY_BLUE, P.HIGHLIGHT)) > 30, m


def test_monkey_dash_action_points_show_as_four_pips_filled_for_what_is_left():
    app = App(match=new_match("monkey_dash", [Seat("Ann"), Seat("Bot", "greedy")], 6))
    screen = app.screen
    seen = set()
    for _ in range(3000):
        state = screen.match.state
        if screen.match.waiting_for_human() and state.phase == "act" and state.ap not in seen:
            surface = app.draw()
            filled = [c for c in screen.pip_centres if surface.get_at(c)[:3] == P.HIGHLIGHT]
            assert len(screen.pip_centres) == max(4, state.ap) and len(filled) == state.ap
            seen.add(state.ap)
        if len(seen) >= 3 or screen.match.is_over():
            break
        app.handle(key(pygame.K_1) if screen.match.waiting_for_human() else key(pygame.K_SPACE, unicode=" "))
        app.tick(0.05)
    assert len(seen) >= 3


def test_monkey_dash_a_monkey_dash_is_drawn_in_the_highlight_and_named():
    spec = registry.get("monkey_dash")
    for seed in range(1, 6):  # the first game (by seed) in which a dash is open to Ann before it ends
        match = Match(spec.make_config([Seat("Ann"), Seat("Bot", "greedy")]), seed)
        match.bots[0] = spec.bots["greedy"]()  # Ann plays like the greedy bot until a dash is open to her
        while not match.is_over():
            if match.current_player == 0 and any(m.get("dash") for m in match.state.moves()):
                break
            match.step()
        if not match.is_over():
            break
    del match.bots[0]
    dash = next(m for m in match.state.moves() if m.get("dash"))
    app = App(match=match)
    screen = app.screen
    app.draw()
    screen.actions.selected = next(i for i, a in enumerate(screen.legal) if a != dash["action"])  # not in focus
    click(app, screen.square_rect(dash["from"]).center)
    surface = app.draw()
    assert screen.selected == dash["from"] and dash in screen.targets() and screen.focus_action != dash["action"]
    assert "MONKEY DASH" in screen.describe(dash["action"], match.state)
    inner = screen.square_rect(dash["to"]).inflate(-screen.cell // 6, -screen.cell // 6)
    edge = sum(1 for x in range(inner.x, inner.right) if surface.get_at((x, inner.y + 1))[:3] == P.HIGHLIGHT)
    assert edge > inner.w // 2  # the dash's target is framed in the highlight colour, not the plain sky blue
    click(app, screen.square_rect(dash["to"]).center)
    assert match.history[-1].action == dash["action"]


def test_a_blank_seed_starts_a_random_one_and_stays_blank(home):
    app = App()
    app.screen.select_game("monkey_dash")
    app.screen.seed.value = ""
    seeds = []
    for _ in range(2):
        app.show_launcher()
        app.screen.seed.value = ""
        app.handle(key(pygame.K_RETURN))
        seeds.append(app.screen.match.seed)
    assert seeds[0] != seeds[1]  # two draws from 2**31 seeds
    assert "seed" not in json.loads((home / "settings.json").read_text())


def test_the_third_seats_triangle_points_down_unlike_the_warning_sign():
    """A board-game audit read Player 3's yellow triangle, pointing up with its number on it, as the warning
    sign the choices and the status bar put before a risky move. It points down: wide at the top, a point at
    the bottom."""
    from render import palette
    from render.widgets import draw_seat_mark

    pygame.init()
    surface = pygame.Surface((60, 60))
    surface.fill((0, 0, 0))
    assert palette.seat_shape(2) == "triangle"
    draw_seat_mark(surface, 2, (30, 30), 20, label=False)
    yellow = np.all(pygame.surfarray.array3d(surface) == palette.seat_colour(2), axis=2)
    rows = yellow.sum(axis=0)  # yellow pixels per row (array3d is indexed x, y)
    filled = np.flatnonzero(rows)
    top, bottom = rows[filled[0] + 3], rows[filled[-1] - 3]
    assert top > 3 * bottom, (top, bottom)
