"""What a new player tripped over in the app (issue 15), checked through the app's own events with SDL's
dummy video driver and real files in a temporary data folder: the Donkey Kong choices and warnings, the
Monkey Dash bot turn and result, the help, the saved-matches list, the display options.
"""

from __future__ import annotations

import json
import math
import re

import pygame
import pytest

from games import registry
from games.core import Seat
from games.match import Match, _checksum
from render import palette as P
from render.app import App
from render.screens.donkey_kong import DonkeyKongScreen, space_words


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KONG_TABLETOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def key(k, mod=0, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def person_faces(game, seed, want, seats=None, whole_match=False, variant=None, stand_in="random"):
    """A match where seat 0 (a person) faces a decision `want` accepts (asked of the state, or of the
    match with whole_match); until then the `stand_in` bot plays seat 0 too (the same seeded choices every
    run)."""
    spec = registry.get(game)
    match = Match(spec.make_config(seats or [Seat("Ann"), Seat("Bot", "random")], variant), seed)
    stand_in = spec.bots[stand_in]()
    for _ in range(3000):
        if match.is_over():
            break
        if match.waiting_for_human():
            if want(match if whole_match else match.state):
                return match
            match.bots[0] = stand_in
            match.play(match.bot_action())
            del match.bots[0]
        else:
            match.step() if match.current_player < 0 else match.play(match.bot_action())
    pytest.fail("no such position in this seeded game")


SPACE_ID = re.compile(r"\b(?:G\d+\.\d+|L\d+\.\d+|P\.\d+)\b")


def passes_one_barrel(state, action) -> bool:
    """The walk steps over one barrel on its way (not at its end) and meets nothing else."""
    from games.donkey_kong.board import BOARD
    spaces = [BOARD.index[n] for n in action.split()[1:]]
    return (sum(s in state.barrels for s in spaces[:-1]) == 1 and spaces[-1] not in state.barrels
            and not any(s in state.fireballs for s in spaces))


def passes_a_barrel_without_cards(state):
    if state.contacts or state.face_up(0) or not state.played_cards(0):
        return False
    return any(passes_one_barrel(state, a) for a in state.legal_actions())


def test_a_donkey_kong_move_through_a_barrel_is_flagged_with_its_cost_before_it_is_played(tmp_path):
    """The engine makes a contact on every space the pawn steps on that holds an obstacle, not only the
    last; with no face-up card, a played card goes back to the deck. The choice says so, and the board
    rings the barrel on the selected path."""
    from games.donkey_kong.board import BOARD
    match = None
    for seed in range(40):
        try:
            match = person_faces("donkey_kong", seed, passes_a_barrel_without_cards)
            break
        except pytest.fail.Exception:
            continue
    assert match is not None
    app = App(match=match)
    screen = app.screen
    assert isinstance(screen, DonkeyKongScreen)
    app.draw()
    through = next(a for a in screen.legal if passes_one_barrel(match.state, a))
    label = screen.action_label(through)
    assert "⚠ meets a barrel on girder" in label
    assert "no face-up card, so one of your played cards goes back to the deck" in label
    clear = [a for a in screen.legal if not screen.obstacles_met(a, match.state)]
    assert all("⚠" not in screen.action_label(a) for a in clear)
    screen.actions.selected = screen.legal.index(through)
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "dk-barrel-warning.png"))
    barrel = next(BOARD.index[n] for n in through.split()[1:-1] if BOARD.index[n] in match.state.barrels)
    x, y = screen.space_xy(barrel)
    ring = int(70 * screen.art.scale() * 0.62)

    edge = [surface.get_at((int(x + (ring - 1) * math.cos(t / 8 * math.tau)), int(y + (ring - 1) * math.sin(t / 8 * math.tau))))[:3]
            for t in range(8)]
    assert edge.count(P.WARNING) >= 4  # the orange ring around the barrel on the path
    # Playing it costs what was said: the barrel's contact takes a played card back to the deck.
    played = len(match.state.played_cards(0))
    met = screen.obstacles_met(through, match.state)
    app.handle(key(pygame.K_RETURN))
    assert match.history[-1].action == through
    assert [c[2] for c in match.state.contacts] == [space for _, space in met]  # a contact on each, before any roll
    match.step()  # chance: which played card goes back
    assert len(match.state.played_cards(0)) == played - 1
    app.close()


def test_donkey_kong_words_name_spaces_by_the_labels_drawn_on_the_board(tmp_path):
    """Choices, the banner and the log name spaces as the board shows them (girder numbers at the right
    end, column numbers along the foot), never by the board file's ids."""
    from games.donkey_kong.board import BOARD
    match = person_faces("donkey_kong", 3, lambda s: len(s.legal_actions()) > 2)
    app = App(match=match)
    screen = app.screen
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "dk-labels.png"))
    words = screen.actions.items + screen.log_labels + [screen.decision_text()]
    assert words and not [w for w in words if SPACE_ID.search(w)]
    assert space_words(BOARD, "G2.5") == "girder 2, column 6"
    assert space_words(BOARD, "L11.2") == "ladder at column 6, girder 6 to the Finish platform, upper rung"
    # The labels really are on the board: a girder's number in white right of its last space.
    ends = screen.art.girder_ends()
    (gx, gy), _ = ends[2]
    sq = screen.board_square
    spot = pygame.Rect(sq.x + gx - 8, sq.y + gy - 8, 16, 16)
    assert any(surface.get_at((x, y))[:3] == P.WHITE for x in range(spot.x, spot.right) for y in range(spot.y, spot.bottom))
    app.close()


def mouse(app, pos, click=False):
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    if click:
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_monkey_dash_a_target_the_hovered_piece_shows_is_played_by_a_click(tmp_path):
    """Hovering a piece previews its steps; moving onto one of those targets keeps the preview, and a
    click there plays that step (no earlier click on the piece needed)."""
    match = person_faces("monkey_dash", 8, lambda s: s.phase == "act" and any(m["kind"] == "sup" for m in s.moves()))
    app = App(match=match)
    app.draw()
    screen = app.screen
    sup = match.state.supervisor_squares()[0]
    mouse(app, screen.square_rect(sup).center)
    step = next(m for m in match.state.moves() if m["from"] == sup and m["kind"] == "sup")
    mouse(app, screen.square_rect(step["to"]).center)
    assert screen.selected is None and step in screen.targets()  # still previewed while on the target
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "md-hover-target.png"))
    r = screen.square_rect(step["to"])
    assert sum(1 for x in range(r.x, r.right) for y in range(r.y, r.bottom) if surface.get_at((x, y))[:3] == P.HIGHLIGHT) > 30
    mouse(app, r.center, click=True)
    assert match.history[-1].action == step["action"]
    app.close()


def first_heave_of_the_first_monkey():
    """(seed, steps before it, action): the first step, in seeded games between random bots, where the second
    seat heaves the crate the first seat's monkey stands on."""
    spec = registry.get("monkey_dash")
    for seed in range(80):
        m = Match(spec.make_config([Seat("Ann", "random"), Seat("Bob", "random")]), seed)
        while not m.is_over() and len(m.history) < 1500:
            before = m.state.clone()
            m.step() if m.current_player < 0 else m.play(m.bot_action())
            step = m.history[-1]
            if step.by == 1 and step.action.startswith("heave ") and \
                    before.monkey_squares()[0] != m.state.monkey_squares()[0]:
                return seed, m.history[:-1], step.action
    pytest.fail("no heave of the first monkey in these seeded games")


def test_monkey_dash_the_bots_turn_is_said_of_the_bot_and_its_heave_on_your_monkey_is_animated_and_marked(tmp_path):
    """The first seeded game where the second seat heaves the crate under the first seat's monkey, replayed
    with the first seat a person: the banner speaks of the bot, the monkey slides to its new square, and
    the board marks the step with a numbered arrow and 'moved by' on the monkey."""
    spec = registry.get("monkey_dash")
    seed, history, heave = first_heave_of_the_first_monkey()
    match = Match(spec.make_config([Seat("Ann"), Seat("Bob", "random")]), seed)
    match.replay([s.to_json() for s in history])
    assert match.current_player == 1 and match.bot_action() == heave
    n = len(history)
    _, start, end = heave.split()
    app = App(match=match)
    screen = app.screen
    banner = screen.decision_text()
    assert banner.startswith("Bob has ") and "click your" not in banner
    before = match.state.monkey_squares()[0]
    for _ in range(200):
        app.tick(0.05)
        if len(match.history) > n:
            break
        if screen.bot_thinking():  # the bot thinks on a worker thread: give it real time on a busy machine
            screen._thinking.wait(2.0)
    assert match.history[-1].action == heave
    after = match.state.monkey_squares()[0]
    assert after != before and screen.animating()
    app.tick(0.2)
    x, y = screen.piece_centre("monkey", 0, after)
    (bx, by), (ax, ay) = screen.centre(before), screen.centre(after)
    assert min(bx, ax) < x < max(bx, ax) or min(by, ay) < y < max(by, ay)  # on its way, not jumped
    for _ in range(10):
        app.tick(0.1)
        if not screen.tweens:
            break
    assert screen.displaced == [(after, 0, "Bob")] and screen.recent[-1][1:3] == (start, end)
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "md-heave-marked.png"))
    r = screen.square_rect(after)
    assert sum(1 for px in range(r.x, r.right) for py in range(r.y, r.bottom)
               if surface.get_at((px, py))[:3] == P.WARNING) > 40
    app.close()


def test_the_monkey_dash_result_names_the_winner_in_words_not_plus_or_minus_one(tmp_path):
    spec = registry.get("monkey_dash")
    match = Match(spec.make_config([Seat("Ann", "greedy"), Seat("Bob", "random")]), 3)
    match.advance()
    assert match.is_over() and match.state.winners() == [0]
    app = App(match=match)
    screen = app.screen
    winner = match.state.winners()[0]
    assert screen.result_score(winner) == "won" and screen.result_score(1 - winner) == "lost"
    pygame.image.save(app.draw(), str(tmp_path / "md-result.png"))
    app.close()


@pytest.mark.parametrize("game", ["donkey_kong", "monkey_dash", "jenga_classic", "jenga_dk", "jenga_mario"])
def test_help_starts_with_how_to_play_beside_a_picture_of_the_board_and_names_no_files_or_sources(game, tmp_path):
    from render.help import mentions_sources
    spec = registry.get(game)
    match = Match(spec.make_config([Seat("Ann"), Seat("Bot", spec.default_bot if hasattr(spec, "default_bot")
                                                  and spec.default_bot else list(spec.bots)[0])]), 5)
    app = App(match=match)
    app.draw()
    app.handle(key(pygame.K_F1))
    screen = app.screen
    words = screen.help_text()
    assert words.startswith("HOW TO PLAY\n• ")
    assert words.index("HOW TO PLAY") < words.index("RULES") < words.index("KEYS")

    def player_part(words):  # the variant's own name and line (Donkey Kong's are named after their sources) aside
        return "\n".join(ln for ln in words.split("\n") if not ln.startswith(f"{spec.title}, variant '"))

    assert mentions_sources(player_part(words)) == [], mentions_sources(words)
    for variant in spec.variants:  # every variant's rules, as a player reads them
        match.config = spec.make_config(match.config.seats, variant)
        assert mentions_sources(player_part(screen.help_text())) == [], variant
    match.config = spec.make_config(match.config.seats, spec.default_variant)
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / f"help-{game}.png"))
    shot = screen._help_shot[1]
    samples = [shot.get_at((x, y))[:3] for x in range(0, shot.get_width(), 5) for y in range(0, shot.get_height(), 5)]
    drawn = [c for c in samples if c != P.BACKGROUND]
    assert shot.get_width() > 100 and len(set(drawn)) >= 3 and len(drawn) > len(samples) // 10  # a picture, not a blank
    # every game's decisions on unclear points open on request (D)
    assert "D shows how this table decides points the printed rules leave open." in words
    app.handle(key(pygame.K_d, unicode="d"))
    decided = screen.help_text()
    assert "HOW THIS TABLE DECIDES UNCLEAR POINTS" in decided
    point = {"jenga_classic": "A fall is final", "jenga_dk": "A fall is final", "jenga_mario": "A fall is final",
             "monkey_dash": "Who starts is always the Start Card's flip", "donkey_kong": "Who starts"}[game]
    assert point in decided and point not in words
    app.close()


def launcher_with_saves(home):
    from render import storage
    good = Match(registry.get("donkey_kong").make_config([Seat("Ann"), Seat("Bot", "random")]), 2)
    for _ in range(30):
        good.step() if good.current_player < 0 else good.play(good.bot_action() if good.current_player in good.bots
                                                                 else good.state.legal_actions()[0])
    good.save(storage.new_save_path("donkey_kong"))
    tampered = storage.saves_dir() / "tampered.json"
    good.save(tampered)
    data = json.loads(tampered.read_text())
    data["seed"] = 99  # valid JSON, the right parts, but not what was saved: the checksum says so
    tampered.write_text(json.dumps(data))
    return good


def test_saved_matches_rows_say_game_players_turn_and_date_and_a_file_that_will_not_load_is_marked(home, tmp_path):
    from render import storage
    good = launcher_with_saves(home)
    app = App()
    launcher = app.screen
    pygame.image.save(app.draw(), str(tmp_path / "launcher-saves.png"))
    rows = launcher.saves.items
    turn = good.state.turn_count() + 1
    # the date and time it was saved first (rows of one game and seats differ there), then the game
    assert re.match(rf"\d\d \w{{3}} \d{{4}} \d\d:\d\d · Donkey Kong · turn {turn} · Ann, Bot$", rows[0])
    assert rows[1].startswith("⚠ tampered: will not load (the checksum does not match")  # loading's words
    mouse(app, launcher.saves.rect.move(10, launcher.saves.row_h // 2).topleft)  # a long row reads whole below
    assert launcher.hover_note == rows[0]
    launcher.saves.selected = 1
    launcher._load_selected()
    assert type(app.screen).__name__ == "LauncherScreen" and launcher.message.startswith("Cannot load: tampered.json")
    assert storage.inspect_save(storage.saves_dir() / "tampered.json").problem  # and Match.load agrees:
    with pytest.raises(Exception, match="checksum"):
        Match.load(storage.saves_dir() / "tampered.json")
    app.close()


def test_resume_is_not_offered_when_the_autosave_is_damaged(home):
    from render import storage
    storage.data_dir()
    storage.autosave_path().write_text('{"format": "kong-tabletop-match", "version": 1, "gam')
    app = App()
    launcher = app.screen
    app.draw()
    # Not a match file at all: set aside at start (kept for the player) and said on the launcher.
    assert not launcher.resume_button.enabled
    assert launcher.message.startswith("Autosave not usable (not valid JSON")
    assert "kept as autosave.json.damaged" in launcher.message
    assert storage.autosave_path().with_name("autosave.json.damaged").exists()
    launcher.resume()
    assert type(app.screen).__name__ == "LauncherScreen"
    app.close()

    # A match file whose replay fails (its checksum no longer holds) is kept, and named as damaged.
    storage.autosave_path().write_text(json.dumps({"format": "kong-tabletop-match", "version": 1,
                                                   "game": "donkey_kong", "config": {}, "actions": [],
                                                   "checksum": "0" * 64}))
    app = App()
    launcher = app.screen
    app.draw()
    assert not launcher.resume_button.enabled
    assert launcher.autosave_note.startswith("The autosave cannot be resumed: ")
    launcher.resume()
    assert type(app.screen).__name__ == "LauncherScreen"
    app.close()


def test_a_dropped_file_that_is_not_a_match_gets_a_sentence_not_a_codec_error(home, tmp_path):
    picture = tmp_path / "holiday.png"
    pygame.image.save(pygame.Surface((8, 8)), str(picture))
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping: bananas")
    app = App()
    for path, words in ((picture, "holiday.png: not a Kong Tabletop match file."),
                        (notes, "notes.txt: not a saved match (a match file is JSON that begins with '{')."),
                        (tmp_path, "is a folder, not a match file.")):
        app.handle(pygame.event.Event(pygame.DROPFILE, file=str(path)))
        message = app.screen.message
        assert message.startswith("Cannot open the dropped file: ") and message.endswith(words), message
        assert "codec" not in message and "0x" not in message
    app.close()


def test_a_saved_match_can_be_renamed_and_deleted_from_the_launcher(home, tmp_path):
    from render import storage
    launcher_with_saves(home)
    app = App()
    launcher = app.screen
    app.draw()
    launcher.saves.selected = 0
    app.handle(key(pygame.K_F2))
    assert launcher.renaming is not None
    for _ in range(len(launcher.rename_field.value)):
        app.handle(key(pygame.K_BACKSPACE))
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="Ann's first win?"))
    app.handle(key(pygame.K_RETURN))
    assert launcher.renaming is not None and "cannot contain ?" in launcher.message  # a name a file can have
    app.handle(key(pygame.K_BACKSPACE))
    app.handle(key(pygame.K_RETURN))
    names = sorted(p.name for p in storage.saved_matches())
    assert names == ["Ann's first win.json", "tampered.json"] and launcher.message == "Renamed to Ann's first win."
    assert launcher.saves.items[launcher.saves.selected].startswith("Ann's first win: ")
    assert launcher.saves.items[launcher.saves.selected].endswith(" · Ann, Bot")
    assert " · Donkey Kong · " in launcher.saves.items[launcher.saves.selected]
    Match.load(storage.saves_dir() / "Ann's first win.json")  # still loads
    # Delete asks first; any other key keeps the file, Y deletes it (Enter keeps it: test_launcher_keys).
    launcher.saves.selected = 1
    app.handle(key(pygame.K_DELETE))
    pygame.image.save(app.draw(), str(tmp_path / "launcher-delete.png"))
    assert launcher.deleting == storage.saves_dir() / "tampered.json"
    app.handle(key(pygame.K_n, unicode="n"))
    assert (storage.saves_dir() / "tampered.json").exists() and launcher.deleting is None
    app.handle(key(pygame.K_DELETE))
    app.handle(key(pygame.K_y, unicode="y"))
    assert [p.name for p in storage.saved_matches()] == ["Ann's first win.json"]
    assert len(launcher.saves.items) == 1 and launcher.saves_note == ""
    app.close()


MACHADO = {  # full-severity colour-vision deficiencies (Machado et al. 2009), linear RGB
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def smallest_gap(colours) -> float:
    def linear(c):
        return [((v / 255 + 0.055) / 1.055) ** 2.4 if v > 10 else v / 255 / 12.92 for v in c]
    worst = 9.0
    for m in MACHADO.values():
        seen = [[sum(m[r][k] * c[k] for k in range(3)) for r in range(3)] for c in map(linear, colours)]
        for i in range(len(seen)):
            for j in range(i + 1, len(seen)):
                worst = min(worst, sum((a - b) ** 2 for a, b in zip(seen[i], seen[j])) ** 0.5)
    return worst


def test_the_launcher_never_shows_a_bot_nobody_chose_in_place_of_one_on_a_seat(home):
    """At the largest text, with three expert bots seated, the launcher described the random bot (nobody's
    choice) and left out the expert (three seats'): the expert's line did not fit, and a shorter line of a
    bot nobody chose took its room (found by an audit). Now the bots on the seats come first, and when one
    of them does not fit, no other bot's line is shown in its place."""
    app = App()
    launcher = app.screen
    try:
        launcher.seats[1].kind = "expert"
        lines = launcher.bot_lines()
        expert = next(line for line in lines if line.lower().startswith("expert"))
        shortest = min(len(line) for line in lines)
        room = max(shortest, len(expert) - 1)  # the expert's line does not fit; the shortest one would
        shown, left_out = launcher.bot_lines_shown(lambda ls: sum(len(x) for x in ls) <= room)
        assert shown == [] and "Expert bot" in left_out
        shown, left_out = launcher.bot_lines_shown(lambda ls: sum(len(x) for x in ls) <= len(expert))
        assert shown == [expert]  # it fits: it is the one shown, whatever else is shorter
    finally:
        app.close()


def contrast(a, b) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""
    def luminance(c):
        lin = [v / 255 / 12.92 if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c[:3]]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("name", sorted(P.PALETTES))
def test_the_warning_colour_reads_on_the_panels_of_every_palette(name):
    """The warning colour is text too (a choice row's warning, the board's notes, the launcher's autosave
    line): it reads at 4.5:1 or more on a panel and 3:1 on a selected row in every palette (the colour-blind
    set's magenta gave 3.2:1 and 1.9:1, found by an audit)."""
    warning = P.PALETTES[name]["WARNING"]
    assert contrast(warning, P.PANEL) >= 4.5 and contrast(warning, P.BACKGROUND) >= 4.5
    assert contrast(warning, P.SELECTED_ROW) >= 3.0
    # on the selected row a lighter shade, at 4.5:1 (the rows' text is small: an accessibility audit)
    assert contrast(P.PALETTES[name]["WARNING_SELECTED"], P.SELECTED_ROW) >= 4.5


@pytest.mark.parametrize("name", sorted(P.PALETTES))
def test_a_selected_row_with_a_warning_is_written_in_the_lighter_warning_ink(name):
    from render.widgets import ListView

    P.use_palette(name)
    try:
        rows = ListView()
        rows.rect = pygame.Rect(0, 0, 300, 120)
        rows.set_items(["⚠ meets a barrel", "⚠ meets a fireball", "a plain row"])
        rows.selected = 0
        surface = pygame.Surface((300, 120))
        surface.fill(P.PANEL)
        rows.draw(surface, 14, warn={0, 1})
        pixels = {tuple(c) for c in pygame.surfarray.array3d(surface).reshape(-1, 3)}
        assert P.PALETTES[name]["WARNING_SELECTED"] in pixels and P.PALETTES[name]["WARNING"] in pixels
    finally:
        P.use_palette("standard")


def test_the_colour_blind_palette_and_larger_text_are_chosen_in_the_launcher_and_remembered(home, tmp_path):
    from render import storage, text
    standard = smallest_gap(P.PALETTES["standard"]["SEAT_COLOURS"])
    strong = smallest_gap(P.PALETTES["colour-blind"]["SEAT_COLOURS"])
    assert strong > 2 * standard  # seats are twice as far apart for the weakest of the four kinds of vision
    app = App()
    launcher = app.screen
    app.draw()
    normal_row = launcher.saves.row_h
    mouse(app, launcher.palette_button.rect.center, click=True)
    assert P.current == "colour-blind" and P.seat_colour(0) == P.PALETTES["colour-blind"]["SEAT_COLOURS"][0]
    mouse(app, launcher.text_button.rect.center, click=True)
    mouse(app, launcher.text_button.rect.center, click=True)
    assert text.size_name == "largest" and launcher.fs(15) > 15
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "launcher-large.png"))
    assert launcher.saves.row_h > normal_row
    r = launcher.seats[0].kind_button.rect  # the first seat's mark in the new colour
    cx = r.x - int(18 * launcher.scale)
    assert P.seat_colour(0) in {surface.get_at((cx + dx, r.centery))[:3] for dx in range(-int(11 * launcher.scale), -2)}
    settings = json.loads((home / "settings.json").read_text())
    assert settings["palette"] == "colour-blind" and settings["text_size"] == "largest"
    app.close()
    P.use_palette("standard")
    text.use_size("normal")
    again = App()  # the next start uses them
    assert P.current == "colour-blind" and text.size_name == "largest"
    again.close()
    storage.save_settings({})
    P.use_palette("standard")
    text.use_size("normal")


@pytest.mark.parametrize("size_name", ["normal", "largest"])
def test_every_screen_keeps_a_usable_layout_at_1024_by_640(home, tmp_path, size_name):
    """At the smallest window the app allows (and with the largest text): nothing of a screen's regions
    leaves the window or overlaps another, the bar's buttons stay inside the bar, the banner's two lines
    do not overlap, and a smaller window shows the screen laid out at least this large, scaled down."""
    from render import storage, text
    from render.app import MIN_SIZE, layout_size
    assert MIN_SIZE == (1024, 640)
    storage.save_settings({"text_size": size_name})
    app = App(size=(1024, 640))
    try:
        launcher = app.screen
        surface = app.draw()
        pygame.image.save(surface, str(tmp_path / f"launcher-{size_name}.png"))
        window = surface.get_rect()
        buttons = [w for w in launcher.focusables if hasattr(w, "on_click")]
        assert all(window.contains(b.rect) for b in buttons)
        for col in launcher.cols:
            assert window.contains(col)
        inside = [b for b in buttons if b.rect.colliderect(launcher.cols[2])]
        assert all(not a.rect.colliderect(b.rect) for i, a in enumerate(inside) for b in inside[i + 1:])
        for game in ("donkey_kong", "monkey_dash", "jenga_classic"):
            spec = registry.get(game)
            app.start_match(Match(spec.make_config([Seat("Ann"), Seat("Bot", list(spec.bots)[0])]), 3))
            app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=500, size=(900, 500)))
            surface = app.draw()
            pygame.image.save(surface, str(tmp_path / f"{game}-{size_name}.png"))
            screen = app.screen
            assert surface.get_size() == (900, 500)  # the window as asked for
            laid_out = pygame.Rect((0, 0), layout_size((900, 500)))
            assert screen.size == laid_out.size and laid_out.w >= 1024 and laid_out.h >= 640
            rects = screen.rects
            for name in ("banner", "board", "side", "bar"):
                assert laid_out.contains(rects[name]), (game, name)
            assert not rects["board"].colliderect(rects["side"])
            assert all(rects["bar"].contains(b.rect) for b in screen.buttons), game
            assert all(not a.rect.colliderect(b.rect) for i, a in enumerate(screen.buttons) for b in screen.buttons[i + 1:])
            assert screen.actions.visible_rows() >= 4 or not screen.show_actions
            big, small = screen.font_size(22), screen.font_size(15)
            assert int(big * 0.45) + int(small * 0.8) >= (big + small) // 2  # the banner's lines clear each other
        assert text.size_name == size_name
    finally:
        app.close()
        storage.save_settings({})
        text.use_size("normal")


def mario_match_at(n_steps, seats):
    spec = registry.get("jenga_mario")
    match = Match(spec.make_config(seats), 2)
    bots = Match(spec.make_config([Seat("Ann", "random"), Seat("Bob", "random")]), 2)
    for _ in range(n_steps):
        bots.step() if bots.current_player < 0 else bots.play(bots.bot_action())
    match.replay([s.to_json() for s in bots.history])
    return match


def test_super_mario_setup_names_the_player_who_must_act_in_the_header(tmp_path):
    """Seeded setup (seed 2): the tower is built, Ann chooses a character, then Bob must choose his: the
    banner names Bob, with Bob's seat mark, not Ann's coming turn."""
    match = mario_match_at(2, [Seat("Ann", "random"), Seat("Bob")])
    assert match.state.phase == "character" and match.current_player == 1 and match.state.turn_owner() == 0
    app = App(match=match)
    screen = app.screen
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "mario-setup.png"))
    assert screen.banner_seat() == 1 and screen.decision_text().startswith("Bob must choose a character")
    banner = screen.rects["banner"]
    mark = (int(16 * screen.scale) + int(14 * screen.scale) - int(8 * screen.scale), banner.centery)
    assert surface.get_at(mark)[:3] == P.seat_colour(1)
    app.close()


def test_a_super_mario_peg_in_a_hole_out_of_sight_is_said_with_its_side(tmp_path):
    """Ann's peg (seed 2) goes into the '+y' end of a second-layer block. Seen from the -y side that hole is
    at the back and the screen says so; seen from +y nothing needs saying; seen from the side, the side it
    names is the one the camera projects it to."""
    import numpy as np
    match = mario_match_at(3, [Seat("Ann", "random"), Seat("Bob")])
    app = App(match=match)
    screen = app.screen
    app.draw()
    cam = screen.camera

    def place_from(yaw):
        m = mario_match_at(3, [Seat("Ann", "random"), Seat("Bob")])
        screen.match = m
        cam.yaw, cam.goal_yaw = yaw, None
        before = m.state.clone()
        m.play(m.bot_action())
        screen.message = ""
        screen.on_step(m.history[-1], before)
        return m.state.pegs[0], screen.message

    hole, _ = place_from(0.0)
    out = {"+x": 0.0, "+y": math.pi / 2, "-x": math.pi, "-y": -math.pi / 2}[hole[2]]  # the way the hole opens
    hole, said = place_from(out + math.pi)  # the eye on the other side of the tower
    assert f"Ann's peg went into a hole on the back of the tower (layer {hole[0]}, block {hole[0]}:{hole[1]})" in said
    assert "(drawn faintly through the tower). [ or ] turns the view" in said
    hole, said = place_from(out)  # the eye on the side the hole opens to: in sight, nothing to say
    assert said == ""
    # A note of a piece out of sight goes once a piece moves on into a hole in sight (three climbs in a
    # row left "went into a hole on the back ... (layer 7" up while that Mario stood on level 9).
    m = mario_match_at(3, [Seat("Ann", "random"), Seat("Bob")])
    screen.match = m
    cam.yaw, cam.goal_yaw = out, None
    screen.say("Bob's peg went into a hole on the back of the tower (layer 1, slot 0) (drawn faintly through the "
               "tower). [ or ] turns the view.", 8.0)
    before = m.state.clone()
    m.play(m.bot_action())
    screen.on_step(m.history[-1], before)
    assert screen.message_time <= 0
    hole, said = place_from(out + math.pi / 2)  # the eye a quarter round: the hole is to one side
    side = "right" if "right side" in said else "left" if "left side" in said else None
    assert side is not None
    level, slot, _ = hole
    block = screen.match.state.layout[level][slot]
    app.draw()
    pose = screen._scene.poses[block]
    half = screen._scene.sizes[block, 0] / 2
    axis = {"+x": (1, 0, 0), "+y": (0, 1, 0), "-x": (-1, 0, 0), "-y": (0, -1, 0)}[hole[2]]
    (hx, _), (cx, _) = cam.project(np.array([pose[:3] + np.array(axis) * half, cam.target]))[0]
    assert (hx > cx) == (side == "right")
    app.close()


def test_a_finished_game_left_before_its_result_showed_is_kept_when_the_next_game_starts(home):
    from render import storage
    spec = registry.get("monkey_dash")
    app = App(match=Match(spec.make_config([Seat("Ann", "greedy"), Seat("Bob", "random")]), 3))
    app.screen.match.advance()
    finished = app.screen.match
    app.leave()  # Esc at once: the result never showed
    app.screen.start()
    kept = storage.saved_matches()
    assert len(kept) == 1 and Match.load(kept[0]).history == finished.history
    app.close()


@pytest.mark.physics
def test_a_finished_jenga_match_says_so_in_the_launcher_without_running_its_physics(home):
    """The launcher does not replay a Jenga match (that would run the tower's physics for every row), so
    the row is read from the outcome the file keeps under its checksum: a match that ended in a fall
    reads "finished" and who won, like a finished board game's row; one still going reads its turn."""
    from render import storage

    spec = registry.get("jenga_classic")
    match = Match(spec.make_config([Seat("Ann", "random"), Seat("Bo", "random")]), 1)
    while not match.is_over():
        match.step()
    assert match.state.ended == "fall"
    match.save(storage.new_save_path("jenga_classic"))
    going = Match(spec.make_config([Seat("Cy"), Seat("Di")]), 1)
    going.step()  # the tower is built (a chance outcome)
    going.save(storage.saves_dir() / "going.json")
    rows = {info.seats: info for info in map(storage.inspect_save, storage.saved_matches())}
    winner = ["Ann", "Bo"][match.state.winners()[0]]
    assert rows["Ann, Bo"].over and rows["Ann, Bo"].label.endswith(f" · Jenga · finished, {winner} won · Ann, Bo")
    assert not rows["Cy, Di"].over and rows["Cy, Di"].label.endswith(" · Jenga · turn 1 · Cy, Di")

    from tests import conftest

    assert conftest._worlds_built  # (the count sees the worlds the match above built)
    conftest._worlds_built.clear()
    storage._inspected.clear()
    assert [storage.inspect_save(p).over for p in storage.saved_matches()].count(True) == 1
    assert not conftest._worlds_built  # the rows were read without building a tower's world


@pytest.mark.physics
def test_a_jenga_row_reads_the_turn_the_game_is_at_once_a_turn_is_over(home):
    """A Jenga row counted its turn from the changes of the player acting, so after Ann's removal and stack,
    with Bo to play turn 2, it still read 'turn 1' (the game screen said turn 2). The file now keeps the
    turn in its outcome; a file from before that, whose outcome has no turn, still loads and is counted."""
    from render import storage

    spec = registry.get("jenga_classic")
    match = Match(spec.make_config([Seat("Ann", "random"), Seat("Bo", "random")]), 1)
    while match.state.turn_count() < 1:
        match.step()
    assert not match.is_over() and match.state.mover == 1
    path = storage.saves_dir() / "after_one.json"
    match.save(path)
    assert storage.inspect_save(path).label.endswith(" · Jenga · turn 2 · Ann, Bo")
    data = json.loads(path.read_text())
    del data["outcome"]["turn"]  # as a file saved before 7 Dec keeps it, under its own checksum
    body = {k: v for k, v in data.items() if k != "checksum"}
    data["checksum"] = _checksum(body)
    older = storage.saves_dir() / "older.json"
    older.write_text(json.dumps(data))
    assert Match.load(older).history == match.history
    assert storage.inspect_save(older).turn == 1  # counted from the seats, as before


@pytest.mark.parametrize("game, seats", [("jenga_classic", 2), ("jenga_classic", 4), ("jenga_mario", 2),
                                         ("donkey_kong", 2), ("monkey_dash", 2)])
def test_the_launcher_never_cuts_a_bot_description_short_and_keeps_the_seated_bots(game, seats):
    """At 1280x800 the notes of all five Jenga bots do not fit under four seats; they used to be cut off
    mid-sentence at the panel's edge (the pro bot's, the default opponent, lost its end). Now only whole
    notes are drawn, the bots on the seats first, and a dim line names the ones left out and where every
    bot is described (the help, F1)."""
    app = App()
    launcher = app.screen
    launcher.select_game(game)
    while len(launcher.seats) < seats:
        launcher.add_seat()
    app.draw()
    shown, left_out = launcher.bot_lines_drawn
    every = launcher.bot_lines()
    assert set(shown) | {line for line in every if line.split(":")[0] in left_out} == set(every)
    assert not set(shown) & {line for line in every if line.split(":")[0] in left_out}
    assert shown == [line for line in every if line in shown]            # weakest first, as the buttons cycle
    seated = {row.kind for row in launcher.seats if row.kind != "human"}
    spec = registry.get(game)
    for bot in seated:
        assert any(line.startswith(f"{bot.replace('_', ' ').capitalize()} bot:") for line in shown), bot
    if left_out:
        assert launcher.more_bots_note(left_out).endswith("The help (F1) describes every bot.")
    assert len(shown) + len(left_out) == len(spec.bots)
    app.close()


def test_the_help_describes_every_bot_of_the_game_in_its_own_words():
    """The launcher may not have room for every bot's note; the help (F1) lists them all, weakest first,
    and each Jenga game is told only its own bots' ways (no Donkey Kong girders in Super Mario's help)."""
    notes = {}
    for game in ("jenga_classic", "jenga_dk", "jenga_mario"):
        spec = registry.get(game)
        match = Match(spec.make_config([Seat("Ann"), Seat("Bot", "pro")]), 5)
        app = App(match=match)
        words = app.screen.help_text()
        section = words[words.index("THE BOTS"):words.index("KEYS")]
        titles = [ln.split(":")[0] for ln in section.split("\n") if ln.startswith("• ")]
        assert titles == ["• Random bot", "• Careful easy bot", "• Careful bot", "• Careful hard bot", "• Pro bot"]
        notes[game] = section
        app.close()
    assert "girders" in notes["jenga_dk"] and "girders" not in notes["jenga_mario"] + notes["jenga_classic"]
    assert "full level" in notes["jenga_mario"] and "full level" not in notes["jenga_dk"] + notes["jenga_classic"]
    assert "plays lighter" in notes["jenga_mario"] and "plays lighter" not in notes["jenga_classic"]


def test_the_jenga_help_draws_a_tower_in_the_games_own_colour():
    """The help's picture of a Jenga game is a drawn tower (the 3-D view may still be building), in the
    game's block colour: Donkey Kong's red girders and Super Mario's orange blocks were drawn as pale wood."""
    from render.tower.jenga_scene import BLOCK_COLOUR

    for game, tower in (("jenga_classic", "classic"), ("jenga_dk", "dk"), ("jenga_mario", "mario")):
        spec = registry.get(game)
        app = App(match=Match(spec.make_config([Seat("Ann"), Seat("Bot", "pro")]), 5))
        picture = app.screen.help_picture((300, 400))
        pixels = {picture.get_at((x, y))[:3] for x in range(0, 300, 3) for y in range(0, 400, 3)}
        assert tuple(BLOCK_COLOUR[tower]) in pixels, game
        others = [c for t, c in BLOCK_COLOUR.items() if t != tower]
        assert not any(tuple(c) in pixels for c in others), game
        app.handle(key(pygame.K_F1))
        app.draw()
        app.close()


def test_monkey_dash_the_moved_by_tag_names_the_bot_whole_and_no_number_covers_it(tmp_path):
    """The noticed list: the 'moved by ...' tag was cut at two squares' width, and an arrow's number could sit
    over it. A bot with a long name heaves the crate under Ann's monkey: its tag reads whole and the step's
    number is placed clear of it."""
    spec = registry.get("monkey_dash")
    seed, history, heave = first_heave_of_the_first_monkey()
    match = Match(spec.make_config([Seat("Ann"), Seat("Careful easy bot 2", "random")]), seed)
    match.replay([s.to_json() for s in history])
    app = App(match=match)
    screen = app.screen
    n = len(history)
    for _ in range(200):
        app.tick(0.05)
        if len(match.history) > n and not screen.tweens:
            break
        if screen.bot_thinking():
            screen._thinking.wait(2.0)
    assert match.history[n].action == heave
    pygame.image.save(app.draw(), str(tmp_path / "md-moved-by.png"))
    (square, words, box), = screen.recent_tags
    assert words == "moved by Careful easy bot 2"
    assert screen.recent_badges and all(not badge.colliderect(box) for _, badge in screen.recent_badges)
    assert screen.rects["board"].contains(box)
    app.close()


def test_page_down_in_the_help_turns_a_page_and_the_footer_names_the_keys(tmp_path):
    """A keyboard audit: PageDown moved about 10 lines of a 28-line page. It now turns a page less two lines
    (and the footer names PageUp/PageDown and Home/End beside Up/Down and the wheel)."""
    spec = registry.get("donkey_kong")
    app = App(match=Match(spec.make_config([Seat("Ann"), Seat("Bot", "greedy")]), 5))
    screen = app.screen
    app.draw()
    app.handle(key(pygame.K_F1))
    app.draw()
    page = screen.help_page
    assert page > 10
    app.handle(key(pygame.K_PAGEDOWN))
    assert screen.help_top == page
    app.handle(key(pygame.K_PAGEUP))
    assert screen.help_top == 0
    app.close()


@pytest.mark.physics
def test_a_jenga_file_that_fails_to_load_is_marked_in_the_list_after_the_attempt(home):
    """A save audit: the list reads a Jenga file without replaying its physics, so a move refused only on
    replay leaves its row looking whole ("finished, Ann won"), and it stayed so after Load had said it cannot
    load. The attempt marks the row with loading's reason until the file changes."""
    from games.match import _checksum
    from render import storage

    match = Match(registry.get("jenga_classic").make_config([Seat("Ann", "careful"), Seat("Bob", "careful")]), 7)
    while not any(s.action.startswith("stack") for s in match.history):
        match.step()
    taken = next(i for i, s in enumerate(match.history) if s.action.startswith("push"))
    body = match.to_json()
    # the push that took the block, played again in the stack phase: well formed, refused only on replay
    body["actions"] = body["actions"][: taken + 1] + [body["actions"][taken]]
    body.pop("checksum")
    body["checksum"] = _checksum(body)
    path = storage.saves_dir() / "pushed-twice.json"
    path.write_text(json.dumps(body))
    app = App()
    try:
        launcher = app.screen
        row = next(i for i, info in enumerate(launcher.save_infos) if info.path == path)
        assert not launcher.saves.items[row].startswith("⚠")
        launcher.load(path)
        assert launcher.message.startswith("Cannot load:") and f"action {taken + 2} is not legal" in launcher.message  # counted from 1
        row = next(i for i, info in enumerate(launcher.save_infos) if info.path == path)
        assert launcher.saves.items[row].startswith(f"⚠ pushed-twice: will not load (action {taken + 2} is not legal")
    finally:
        app.close()
