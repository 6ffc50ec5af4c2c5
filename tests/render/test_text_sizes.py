"""The play screens at the larger text sizes (the launcher's "Text size": large and largest), at 1280x800, with
SDL's dummy driver: what an audit found cut or covered there.

- The Jenga "Your move" panel stopped mid-sentence and could not scroll; the risk legend beside the tower was
  cut by the board's edge.
- Donkey Kong and Super Mario Jenga's choice rows were cut before their block, so rows read the same.
- The result dialog kept its size: its reason, the winner's mark, names and the saved file were cut, and
  "Back to the menu [Esc]" shrunk to small print.
- Super Mario Jenga's players' words ran over the tower.

Each test reads what the screen drew through render.text.draw (the words and where they went), so a line
cut with "…" or standing outside its place is seen as such.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame
import pytest

from games import registry
from games.core import Seat
from games.jenga.risk_worker import RiskMap
from games.match import Match
from render import text
from render.screens.registry import screen_for

from .test_tower import SHOTS
from .test_tower_screen import run

DT = 1 / 30
SIZE = (1280, 800)
SIZES = ("normal", "large", "largest")


@pytest.fixture(scope="module")
def surface():
    pygame.init()
    return pygame.Surface(SIZE)


@pytest.fixture
def size_name(request):
    """The text size of the test (its parameter), put back to normal after it."""
    text.use_size(request.param)
    yield request.param
    text.use_size("normal")


@pytest.fixture
def drawn(monkeypatch):
    """Every line render.text.draw draws while `drawn.on` is True: (words, rect, size)."""

    class Drawn(list):
        on = False

    lines = Drawn()
    real = text.draw

    def draw(surface, words, pos, size, colour, bold=False, mono=False, anchor="topleft"):
        rect = real(surface, words, pos, size, colour, bold, mono, anchor)
        if lines.on:
            lines.append((words, rect, int(size)))
        return rect

    monkeypatch.setattr(text, "draw", draw)
    return lines


def new_screen(game: str, seed: int = 2, seats=None):
    spec = registry.get(game)
    match = Match(spec.make_config(seats=seats or [Seat("Player 1"), Seat("Careful bot 2", "careful")]), seed=seed)
    screen = screen_for(game)(match)
    screen.show_risk = False  # no risk map is computed (a test shows a made-up one where it needs one)
    return screen


def ready(screen, surface):
    """Step the screen until a person decides, nothing moving."""
    match = screen.match
    assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None and not screen.animating())
    screen.draw(surface)


def words(lines) -> str:
    return " ".join(" ".join(line.split()) for line in lines)


def motion(screen, pos):
    screen.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


# ---- 1. the "Your move" panel and the legend beside the tower -----------------------------------------------------

@pytest.mark.parametrize("size_name", SIZES, indirect=True)
def test_every_line_of_the_your_move_panel_is_drawn_or_scrolled_to(surface, drawn, size_name):
    """At the largest size the panel stopped at "Hold the press still (or right click," and the wheel did
    nothing: the keys and "R shows or hides the tint" were never read. Every line is now drawn whole inside
    the panel, at once or after the wheel (or PageDown, End) scrolls to it."""
    screen = new_screen("jenga_classic")
    try:
        ready(screen, surface)
        steps = screen.take_block_steps()
        assert steps
        panel = screen.rects["choices"]
        size = screen.font_size(14)
        seen: list[str] = []

        def look() -> None:
            del drawn[:]
            drawn.on = True
            screen.draw(surface)
            drawn.on = False
            for line, rect, at in drawn:
                if at == size and panel.colliderect(rect):
                    assert panel.contains(rect), (line, rect, panel)  # whole, not cut by the panel's foot
                    if line not in seen:
                        seen.append(line)

        look()
        motion(screen, panel.center)
        for _ in range(12):  # the wheel, down
            screen.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                                   precise_x=0.0, precise_y=-1.0))
            look()
        pygame.image.save(surface, str(SHOTS / f"your_move_{size_name}.png"))
        shown = words(seen)
        for step in steps:
            assert " ".join(step.split()) in shown, (step, seen)
        if size_name != "normal":  # the keys scroll it too: Home back to its start, End to its last line
            screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="", scancode=0))
            look()
            assert seen[0] in [line for line, _, at in drawn if at == size]
            screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0))
            look()
            assert seen[-1] in [line for line, _, at in drawn if at == size]
    finally:
        screen.close()


@pytest.mark.parametrize("size_name", SIZES, indirect=True)
@pytest.mark.parametrize("game", ["jenga_classic", "jenga_dk"])
def test_the_risk_legend_and_the_spinner_key_read_whole_on_the_board(surface, drawn, size_name, game):
    """The legend's words are drawn unwrapped: at 165 px the larger sizes had "chance that a brisk, fai" cut
    by the board's edge; the spinner's key ran off the board's left edge. Both are whole on the board."""
    screen = new_screen(game)
    try:
        ready(screen, surface)
        blocks = sorted(tuple(b) for b in screen.match.state.legal_blocks())
        screen.risk.latest = RiskMap(screen.position_key(), {b: (0.5, 0.4) for b in blocks})  # a map as data
        screen._risk_key = screen.position_key()
        screen.show_risk = True
        screen.risk_status = lambda shown: "51 mapped; 51 get more pulls…"
        drawn.on = True
        screen.draw(surface)
        drawn.on = False
        board = screen.rects["board"]
        legend = screen._legend_rect(board)
        near = [(line, rect) for line, rect, _ in drawn if rect.colliderect(legend)]
        assert any(line == "collapse risk" for line, _ in near)
        for line, rect in near:
            assert board.contains(rect), (line, rect, board)
        if screen.spinner is not None:
            key = [rect for line, rect, _ in drawn if line == screen._spinner_key()]
            assert key and board.contains(key[0]), (key, board)
        pygame.image.save(surface, str(SHOTS / f"legend_{game}_{size_name}.png"))
    finally:
        screen.close()


# ---- 2. choice rows ------------------------------------------------------------------------------------------------

def mario_pegs(screen, surface) -> None:
    """Super Mario Jenga up to the person's first peg (the characters chosen first)."""
    ready(screen, surface)
    state = screen.match.state
    while not any(a.startswith("peg ") for a in screen.legal):
        assert screen.legal and screen.play(screen.legal[0])
        ready(screen, surface)
        assert not state.is_terminal()


@pytest.mark.parametrize("size_name", SIZES, indirect=True)
@pytest.mark.parametrize("game", ["jenga_dk", "jenga_mario", "monkey_dash"])
def test_every_choice_row_is_drawn_whole_so_no_two_read_the_same(surface, drawn, size_name, game):
    """Cut to one line at a large text size, the rows "stand Mario in the +x hole of block 0:0" and "... 0:1"
    read "stand Mario in the +x hole …" both: a row too long for one line now wraps onto two, so every row
    shows its whole words (and so its block). Monkey Dash's rows lost their cost the same way ("supervisor
    east to e7 (…")."""
    if game == "monkey_dash":
        screen = screen_for(game)(Match(registry.get(game).make_config(
            seats=[Seat("Player 1"), Seat("Greedy bot 2", "greedy")]), seed=4))
    else:
        screen = new_screen(game)
    try:
        if game == "jenga_mario":
            mario_pegs(screen, surface)
        elif game == "monkey_dash":  # a board screen: no physics job to wait for
            for _ in range(600):
                if screen.match.waiting_for_human() and not screen.animating():
                    if len(screen.legal) >= 4:
                        break
                    screen.play(screen.legal[-1])  # an interrupt offered first: "no interrupt"
                screen.update(DT)
                screen.draw(surface)
            assert screen.match.waiting_for_human() and len(screen.legal) >= 4
        else:
            ready(screen, surface)
        rows = screen.actions
        labels = list(rows.items)
        assert len(labels) >= 4 and len(set(labels)) == len(labels)
        read = []
        for i in range(len(labels)):
            rows.selected = i
            rows.reveal()
            del drawn[:]
            drawn.on = True
            screen.draw(surface)
            drawn.on = False
            k = i - rows.top
            row = rows.row_rect(i)
            parts = [line for line, rect, _ in drawn if row.contains(rect)]
            assert parts, (i, row)
            shown = words(parts)
            if k < 9:
                assert shown.startswith(f"{k + 1}. ")
                shown = shown[len(f"{k + 1}. "):]
            read.append(shown)
            if i == 0:
                pygame.image.save(surface, str(SHOTS / f"choices_{game}_{size_name}.png"))
        assert read == labels  # each row whole, so no two read the same
        assert len(set(read)) == len(read)
    finally:
        getattr(screen, "close", lambda: None)()


# ---- 3. the result dialog ------------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def finished(game: str, seed: int, players: int) -> Match:
    """A match bots played to its end, replayed with a person in the first seat (played once for all the
    text sizes: the screens only read it)."""
    spec = registry.get(game)
    seats = [Seat(f"Random bot {i + 1}", "random") for i in range(players)]
    bots = Match(spec.make_config(seats=seats), seed=seed)
    bots.advance()
    assert bots.is_over() and bots.state.winners()
    match = Match(spec.make_config(seats=[Seat("Alexandra Konstantinova")] + seats[1:]), seed=seed)
    match.replay([{"by": s.by, "action": s.action} for s in bots.history])
    assert match.is_over()
    return match


def check_result(screen, surface, drawn, name: str) -> None:
    """The result dialog's every line whole and inside it: the reason, each seat's name and mark, the saved
    file's name, and the buttons' labels with their keys at the buttons' own size."""
    screen.kept_as = Path("saves") / f"{screen.match.config.game}-20261205-134248.json"
    screen.show_result = True
    panels = []
    for method in ("_overlay_panel", "_result_panel"):  # the dialog's rect, as drawn
        real = getattr(screen, method, None)
        if real is not None:
            def wrapped(*args, real=real):
                rect = real(*args)
                panels.append(rect)
                return rect
            setattr(screen, method, wrapped)
    real_result = screen._draw_result

    def draw_result(surface):  # only the dialog's own lines
        drawn.on = True
        real_result(surface)
        drawn.on = False

    screen._draw_result = draw_result
    del drawn[:]
    screen.draw(surface)
    pygame.image.save(surface, str(SHOTS / f"result_{name}.png"))
    dialog = panels[-1]
    assert surface.get_rect().contains(dialog)
    inside = [(line, rect, size) for line, rect, size in drawn if rect.colliderect(dialog)]
    for line, rect, _ in inside:
        assert not line.endswith("…"), line
        assert dialog.contains(rect), (line, rect, dialog)
    said = words(line for line, _, _ in inside)
    reason = screen.result_reason()
    assert " ".join(reason.split()) in said, (reason, said)
    for seat in screen.match.config.seats:
        assert seat.name in said, seat.name
    assert "★ winner" in said
    assert f"{screen.match.config.game}-20261205-134248." in said
    labels = {line: size for line, _, size in inside}
    for b in screen.result_buttons:
        label = f"{b.label}  [{b.hint}]"
        assert labels.get(label) == screen.font_size(15), (label, labels)
        assert dialog.contains(b.rect)
    assert all(not a.rect.colliderect(b.rect) for i, a in enumerate(screen.result_buttons)
               for b in screen.result_buttons[i + 1:])


@pytest.mark.physics
@pytest.mark.parametrize("size_name", SIZES, indirect=True)
def test_the_result_of_a_fall_grows_to_hold_its_words(surface, drawn, size_name):
    """Donkey Kong Jenga's result beside the fallen tower, four seats: at the largest size it was cut to
    "…of the others, Random bot 2's", "★…" and a shrunk "Back to the menu [Esc]"."""
    match = finished("jenga_dk", 2, 4)
    screen = screen_for("jenga_dk")(match)
    screen.show_risk = False
    try:
        assert match.state.ended == "fall" and screen.result_reason()
        for _ in range(3):
            screen.update(DT)
            screen.draw(surface)
        check_result(screen, surface, drawn, f"jenga_dk_{size_name}")
        # the help opened over that result has the centred panel of the help, not the result's narrow place
        panels = []
        real = screen._overlay_panel
        screen._overlay_panel = lambda *args: panels.append(real(*args)) or panels[-1]
        screen.show_help = True
        screen.draw(surface)
        assert panels and panels[-1].center == surface.get_rect().center
        assert panels[-1].w == int(surface.get_width() * 0.86)
    finally:
        screen.close()


@pytest.mark.parametrize("size_name", SIZES, indirect=True)
def test_the_centred_result_grows_to_hold_its_words(surface, drawn, size_name):
    """The board games' result (centred over the shaded screen), a long name in it: whole at every size."""
    screen = screen_for("donkey_kong")(finished("donkey_kong", 2, 4))
    screen.draw(surface)
    check_result(screen, surface, drawn, f"donkey_kong_{size_name}")


# ---- 4. Super Mario Jenga's players beside the tower ----------------------------------------------------------------

@pytest.mark.parametrize("size_name", SIZES, indirect=True)
def test_the_super_mario_players_words_stay_clear_of_the_tower(surface, size_name):
    """Four seats' lines ("Careful bot 2 (no character yet): no peg yet, 5 coins") ran over the tower at the
    largest size: they wrap in the room between the tower and the board's edge, the seat's mark before them
    too (at 1920x1080 the marks covered the tower's right face: a window-size audit)."""
    seats = [Seat("Player 1")] + [Seat(f"Careful bot {i}", "careful") for i in (2, 3, 4)]
    screen = new_screen("jenga_mario", seats=seats)
    try:
        ready(screen, surface)
        for window in (surface, pygame.Surface((1920, 1080))):
            _players_clear_of_the_tower(screen, window, size_name)
    finally:
        screen.close()


def _players_clear_of_the_tower(screen, surface, size_name):
    screen.draw(surface)
    where = screen.match.state.tower["where"]
    blocks = [r for b, r in screen.view.screen_rects.items() if where[b] == "tower"]
    assert blocks
    board = screen.rects["board"]
    assert len(screen.piece_rects) == 4
    for r in screen.piece_rects:
        assert board.contains(r)
        assert not any(r.colliderect(block) for block in blocks), (surface.get_size(), r, blocks[0].unionall(blocks[1:]))
    for a, b in zip(screen.piece_rects, screen.piece_rects[1:]):
        assert a.bottom <= b.top
    pygame.image.save(surface, str(SHOTS / f"mario_players_{size_name}_{surface.get_width()}.png"))


@pytest.mark.parametrize("size_name", SIZES, indirect=True)
def test_the_monkey_dash_prompt_in_the_banner_is_never_cut(surface, drawn, size_name):
    """At the largest text the banner's prompt read "Player 1: 4 action points left: click your supervisor,
    a crate beside it, your monkey, or a ca…": a shorter wording that fits whole is drawn instead."""
    match = Match(registry.get("monkey_dash").make_config(seats=[Seat("Player 1"), Seat("Bot", "greedy")]), seed=4)
    screen = screen_for("monkey_dash")(match)
    for _ in range(600):
        if match.waiting_for_human() and not screen.animating():
            if match.state.phase == "act":
                break
            screen.play(screen.legal[-1])  # an interrupt offered first: "no interrupt"
        screen.update(DT)
        screen.draw(surface)
    assert match.state.phase == "act" and match.waiting_for_human()
    del drawn[:]
    drawn.on = True
    screen.draw(surface)
    drawn.on = False
    prompt = [line for line, _, _ in drawn if line.startswith("Player 1: ")]
    assert prompt and ("AP left" in prompt[0] or "action points left" in prompt[0])
    assert not prompt[0].endswith("…"), prompt


@pytest.mark.parametrize("size_name", SIZES, indirect=True)
@pytest.mark.parametrize("bot", ["Random bot 2", "A bot with a long name"])
def test_the_monkey_dash_hands_say_each_players_card_count_whole(surface, drawn, size_name, bot):
    """At the largest text the second player's title read "Random bot 2 (blue): 1 car", cut by the info
    panel's edge: the line was measured in the regular face and drawn in bold. Each player's title is now
    drawn inside the panel, and says how many cards that player holds (the colour word goes first when
    the line is too long; the seat's mark beside it still shows the colour)."""
    match = Match(registry.get("monkey_dash").make_config(seats=[Seat("Player 1"), Seat(bot, "random")]), seed=3)
    screen = screen_for("monkey_dash")(match)
    for _ in range(600):
        if match.waiting_for_human() and not screen.animating() and match.state.phase == "act":
            break
        if match.waiting_for_human() and not screen.animating():
            screen.play(screen.legal[-1])
        screen.update(DT)
        screen.draw(surface)
    assert match.state.phase == "act"
    del drawn[:]
    drawn.on = True
    screen.draw(surface)
    drawn.on = False
    for seat, name in enumerate(("Player 1", bot)):
        n = len(match.state.hands[seat])
        count = f": {n} card{'s' if n != 1 else ''}"
        titles = [(line, rect) for line, rect, _ in drawn if line.endswith(count) and line[:4] == name[:4]]
        assert len(titles) == 1, (name, [line for line, _, _ in drawn])
        line, rect = titles[0]
        assert screen.info_rect.contains(rect), (line, rect, screen.info_rect)
        # and the first card's box below it leaves its letters whole (at the largest size it cut them: an audit)
        boxes = [box for box, _ in screen.card_rects] + [box for box, _ in screen.inert_boxes]
        below = [box for box in boxes if box.top >= rect.top]
        assert not any(box.colliderect(rect) for box in below), (line, rect, below[:2])


@pytest.mark.parametrize("window", [(1280, 800), (1024, 640)])
def test_the_donkey_kong_boards_words_grow_with_the_text_size_and_keep_apart(surface, window):
    """The board's own words (girder and column numbers, START, FINISH, the fireballs waiting in the oil
    can, the barrels in Donkey Kong's arm, the deck) stayed at one size whatever the launcher's text size;
    START covered column 3's number and "4 waiting" ran over column 1's. At the larger sizes they are now
    drawn larger, each inside the board, and no two of them overlap."""
    heights = {}
    for size_name in SIZES:
        text.use_size(size_name)
        try:
            match = Match(registry.get("donkey_kong").make_config(seats=[Seat("A"), Seat("B", "random")]), seed=3)
            screen = screen_for("donkey_kong")(match)
            board = pygame.Surface(window)
            screen.draw(board)
            sq = screen.board_square
            words = {name: rect.move(sq.topleft) for name, rect in screen.art.labels.items()}
            words.update(screen.label_rects)
            assert {"START", "FINISH", "column 3", "girder 1", "waiting", "arm", "deck"} <= set(words)
            for name, rect in words.items():
                assert sq.contains(rect), (size_name, name, rect, sq)
            names = sorted(words)
            for i, a in enumerate(names):
                for b in names[i + 1:]:
                    assert not words[a].colliderect(words[b]), (size_name, a, words[a], b, words[b])
            heights[size_name] = (words["column 3"].h, words["waiting"].h, words["START"].h)
        finally:
            text.use_size("normal")
    for k in range(3):
        assert heights["normal"][k] < heights["large"][k] < heights["largest"][k], heights


def to_player_1(screen) -> None:
    """Frames of a Donkey Kong screen until Player 1 decides (rolling Player 1's dice when they are due)."""
    for _ in range(400):
        if screen.match.waiting_for_human() and not screen.animating():
            return
        screen.press_chance()
        screen.update(DT)


@pytest.mark.parametrize("size_name", SIZES, indirect=True)
def test_the_donkey_kong_choices_are_never_cut(surface, size_name):
    """Seen at the largest text: the row "right 1, up 2 → ladder at column 4 (girders 1–2), ..." was cut on its
    two lines. A row takes a third line when it needs one; over the first decisions of several seeded games
    no row of Choices is cut."""
    seen = 0
    for seed in range(6):
        match = Match(registry.get("donkey_kong").make_config(seats=[Seat("Player 1"), Seat("Bot", "random")]),
                      seed=seed)
        screen = screen_for("donkey_kong")(match)
        to_player_1(screen)
        screen.draw(surface)
        rows = screen.actions
        for top in range(0, max(1, len(rows.items)), max(1, rows.visible_rows())):
            rows.top = top
            screen.draw(surface)
            assert not rows.cut_rows, (seed, [rows.items[i] for i in rows.cut_rows])
            seen += len(rows.items[top:top + rows.visible_rows()])
    assert seen >= 6


@pytest.mark.parametrize("size_name", SIZES, indirect=True)
def test_the_donkey_kong_players_names_stand_clear_of_their_cards(surface, drawn, size_name):
    """Seen at the largest text: the foot of "Player 1" and "Patient bot" was hidden under their face-up
    cards, which started a fixed distance below the box's top. The cards now start under the name's line."""
    match = Match(registry.get("donkey_kong").make_config(seats=[Seat("Player 1"), Seat("Patient bot", "patient")]),
                  seed=3)
    screen = screen_for("donkey_kong")(match)
    to_player_1(screen)
    del drawn[:]
    drawn.on = True
    screen.draw(surface)
    drawn.on = False
    for seat, name in enumerate(("Player 1", "Patient bot")):
        (title,) = [rect for words, rect, _ in drawn if words == name]
        cards = [r for s, r in screen.hand_rects if s == seat]
        assert cards and all(title.bottom <= card.top for card in cards), (name, title, cards)


@pytest.mark.parametrize("size_name", SIZES, indirect=True)
def test_the_donkey_kong_boards_counts_are_written_large_enough_to_read(surface, size_name):
    """Seen in the accessibility audit: "4 waiting" by the oil can, "6 in DK's arm" and "deck 48" were a fifth
    of a girder space, 9 px at 1280x800. They are now at least 12 px times the text size, and stay on the board."""
    match = Match(registry.get("donkey_kong").make_config(seats=[Seat("Player 1"), Seat("Patient bot", "patient")]),
                  seed=3)
    screen = screen_for("donkey_kong")(match)
    screen.draw(surface)
    state = match.state
    counts = {"waiting": f"{state.oil_can_count()} waiting", "arm": f"{state.dispenser_count()} in DK's arm",
              "deck": f"deck {state.deck_count()}"}
    for name, words in counts.items():
        spot = screen.label_rects[name]
        assert spot.h >= text.measure(words, int(12 * text.SCALE))[1], (name, words, spot)
        assert screen.board_square.contains(spot), (name, spot, screen.board_square)


@pytest.mark.parametrize("size_name", ["largest"], indirect=True)
def test_a_long_jenga_log_row_reads_whole_at_the_largest_text(surface, size_name):
    """A keyboard audit at the largest text: Super Mario Jenga's log rows of a push let go, and of a push that took
    an item block, ran past four lines and were cut ("takes out a block with …"), and without a pointer there
    was no way to read them. The log's rows take up to six lines now."""
    screen = new_screen("jenga_mario", seed=7)
    try:
        rows = ["Player 1: push block 11:1 from the front end by hand, the finger going 30 mm and back to 8 mm in "
                "18.6 s (let go under half out: the block went back in, a touch)",
                "Player 1: push block 11:1 from the front end by hand, the finger going 77 mm in 4.6 s (Player 1 "
                "takes out a block with a star: stack it, and the coins on the spinner are theirs)"]
        screen.draw(surface)
        screen.log.set_items(screen.log.items + rows, keep=False)
        screen.log.scroll_to_end()
        screen.draw(surface)
        n = len(screen.log.items)
        assert not {n - 2, n - 1} & screen.log.cut_rows
        assert len(screen.log.lines_of(n - 1)) > 4  # it did need more than the four lines of before
    finally:
        screen.close()


def test_super_marios_peg_question_fits_the_banner_at_the_largest_text(tmp_path, monkeypatch):
    """A window-size audit at the largest text, 1280x800: the banner read "Player 1 must put their peg in a
    hole of layer 1 (the second layer: the bottom one is l…". A Jenga decision too long for the banner drops
    its closing words in brackets rather than being cut in the middle of them."""
    from render.app import App

    home = tmp_path / "home"
    monkeypatch.setenv("KONG_TABLETOP_HOME", str(home))
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text('{"text_size": "largest"}', encoding="utf-8")  # the app reads it at start
    match = Match(registry.get("jenga_mario").make_config([Seat("Player 1", None), Seat("Player 2", None)]), seed=4)
    while match.state.phase != "peg":  # the dice of the build, then each person's character
        if match.step() is None:
            match.play(match.state.legal_actions()[0])
    app = App(size=(1280, 800), match=match)
    try:
        app.screen.show_risk = False
        app.draw()
        said = app.screen.banner_said
        assert "must put their peg in a hole of layer 1" in said and not said.endswith("…"), said
    finally:
        app.close()
        text.use_size("normal")


def test_the_drawn_lines_kept_for_reuse_hold_a_bounded_memory(monkeypatch):
    """A long-session audit: the window grew 2.5 to 3 MB a board game, with no levelling off over 11 games:
    every line drawn was kept for reuse, up to 3000 of them, whatever their size. The lines kept hold at most
    text._CACHE_BYTES of pixels; the newest are kept, and a line drawn again is the same surface."""
    pygame.init()
    monkeypatch.setattr(text, "_CACHE_BYTES", 2 * 2**20)
    text.reset()
    try:
        for k in range(400):
            text.render(f"line {k}: the barrel rolls down the girder to the oil drum and burns", 30, (255, 255, 255))
        kept = sum(s.get_pitch() * s.get_height() for s in text._lines.values())
        assert kept == text._lines_bytes[0] <= text._CACHE_BYTES
        assert 5 < len(text._lines) < 400  # the oldest went, not all of them
        newest = "line 399: the barrel rolls down the girder to the oil drum and burns"
        assert text.render(newest, 30, (255, 255, 255)) is text.render(newest, 30, (255, 255, 255))
    finally:
        text.reset()
