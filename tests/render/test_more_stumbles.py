"""More stumbles a player met, replayed headless (SDL's dummy driver): a Monkey Dash step the stalemate
rule bars, Super Mario Jenga's items and coins, Bowser's layer, a Donkey Kong Jenga hole out of sight, the
Jenga help's keys and decisions, the wheel's colours and the label under the spinner's needle."""

from __future__ import annotations

import math

import pygame
import pytest

from games import registry
from games.core import Seat
from games.match import Match
from render.app import App
from render.screens.registry import screen_for

from render.screens.jenga.events import event_words
from render.screens.jenga.screen import new_notes

from .test_stumbles import home  # noqa: F401 (home: the autouse scratch folder for saves)
from .test_tower_overlays import mario_tower_grown_past_bowser
from .test_tower_screen import new_screen

# Two people, seed 1: red then blue walk their supervisors and turn crates back and forth until red's
# supervisor on g5 may not step west, the step that would lead back to the position blue undid.
STALE_STEPS = ("start red", "sup S", "sup E", "sup E", "sup N", "sup E", "sup E", "sup N", "sup S", "sup E", "sup W",
               "rotate e5 e6", "sup E", "sup W", "sup E", "sup W", "rotate e4 f4", "rotate f4 g4", "sup E", "sup W",
               "rotate g4 f4", "rotate f4 e4", "sup E", "sup W", "rotate e4 f4", "rotate f4 g4", "sup E")


def click(app, pos):
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


# ---- 1. Monkey Dash: a step the stalemate rule bars -------------------------------------------------
def test_md_a_click_on_a_square_the_stalemate_rule_bars_names_the_rule(tmp_path):
    """Before: red's supervisor on g5 could step west to f5 but for the stalemate rule; the window left the
    step out of Choices, and a click on f5 said "No step starts from f5. Click your supervisor, ...", as if
    the square were out of reach. Rule: "a step is refused when after it the turn could only end in the
    undone position"; the window now names that rule."""
    spec = registry.get("monkey_dash")
    match = Match(spec.make_config([Seat("Player 1"), Seat("Player 2")], "pure"), 1)
    for action in STALE_STEPS:
        if match.current_player < 0:
            assert match.roll() == action
        else:
            match.play(action)
    app = App(match=match)
    app.draw()
    screen = app.screen
    assert match.waiting_for_human() and "sup W" not in match.state.legal_actions()
    assert [m["action"] for m in screen.barred()] == ["sup W"]
    click(app, screen.square_rect("g5").center)
    assert screen.selected == "g5"
    n = len(match.history)
    click(app, screen.square_rect("f5").center)
    assert len(match.history) == n
    assert "stalemate rule" in screen.message.lower() and "f5" in screen.message
    assert "No step starts" not in screen.message
    click(app, screen.square_rect("f5").center)  # without the supervisor chosen first: the same words
    assert "stalemate rule" in screen.message.lower()
    pygame.image.save(app.draw(), str(tmp_path / "md-stalemate.png"))
    app.close()


# ---- 2. Super Mario Jenga: items found and coins taken are said ------------------------------------
def _mario_set_up(seed=3):
    """A two-person Super Mario Jenga screen past the setup: characters chosen, pegs placed."""
    screen = new_screen("jenga_mario", seed=seed)
    match = screen.match
    while match.state.phase in ("character", "peg") or match.current_player < 0:
        if match.current_player < 0:
            match.step()
        else:
            assert screen.play(match.state.legal_actions()[0])
    return screen, match


def test_mario_a_stolen_coin_is_said_in_the_status_line():
    """Before: Luigi's star took coins from Player 1 (5 down to 2) and nothing on screen said so, only a
    cut log line "target 1 (Player 1) (Careful bot 2 steals 1 from Playe…". Rule (Luigi's card): the star
    steals 1 coin from each player; the status line now names who took how many coins from whom."""
    screen, match = _mario_set_up()
    state = match.state
    me = state.mover
    # The star's steal waiting for its target, as after stacking a star block (the stack itself is physics).
    state.phase, state.effects, state.stacks_left, state.climb_due = "act", [["steal", 1]], 0, 0
    other = 1 - me
    before = state.coins()
    assert f"target {other + 1}" in state.legal_actions()
    assert screen.play(f"target {other + 1}")
    after = match.state.coins()
    assert after[other] == before[other] - 1 and after[me] == before[me] + 1
    words = screen.message
    assert screen.message_time > 0
    assert f"{screen.seat_name(me)} takes 1 coin from {screen.seat_name(other)}" in words
    assert f"{before[other]} → {after[other]}" in words
    screen.close()


def test_mario_an_item_found_and_a_goomba_paid_are_put_in_words():
    """Before: a block with a star came out and a Goomba cost a coin with nothing said but the log's cut
    line. Rule: "refer to your character card and perform any special-item actions from the block you
    stacked"; the words name the item found and the coins paid back."""
    screen, match = _mario_set_up()
    before = match.state.clone()
    state = match.state.clone()
    block = next(b for b, item in enumerate(state.items) if item == "star")
    state.revealed = list(state.revealed) + [block]
    name = screen.seat_name
    assert f"{name(state.mover)} found a star" in event_words(before, state, [], name)
    goomba = before.clone()
    goomba.effects = [["return", 1]]
    goomba.settle()
    notes = new_notes(before.log, goomba.log)
    words = event_words(before, goomba, notes, name)
    paid = before.coins()[before.mover]
    assert f"{name(before.mover)} loses 1 coin ({paid} → {paid - 1})" in words
    screen.close()


# ---- 3. Super Mario Jenga: Bowser tied to his layer ---------------------------------------------------
@pytest.mark.physics
def test_bowser_beside_the_tower_stands_at_his_layer_with_his_words(tmp_path):
    """Before: once blocks stood above his layer, Bowser floated in mid-air beside the tower with nothing
    tying him to it (then a line from his foot to the layer, which a new player read as a pointer from
    mid-air). Rule: Bowser stays on the top layer of the tower as built and blocks are stacked above him;
    now he stands at his layer's outer corner on screen, against the tower, and "Bowser: layer N" is
    written under him, over no block."""
    match = mario_tower_grown_past_bowser()
    state = match.state
    screen = screen_for("jenga_mario")(match)
    screen.show_risk = False
    pygame.init()
    surface = pygame.Surface((1280, 800))
    try:
        standing = [b for b, where in enumerate(state.tower["where"]) if where == "tower"]
        for yaw in (None, 1.2, math.pi):
            if yaw is not None:
                screen.camera.yaw, screen.camera.goal_yaw = yaw, None
            screen.draw(surface)
            view = screen.view
            (kind, drawn, corner, label), = view.beside
            bowser = next(rect for k, rect in view.figure_rects if k == "bowser")
            his = [view.screen_rects[b] for b in state.layout[state.bowser] if b is not None]
            assert kind == "bowser" and drawn == bowser and bowser.inflate(4, 4).collidepoint(corner)
            assert any(r.inflate(2, 2).collidepoint(corner) for r in his), yaw  # at his layer's side
            assert label is not None and label.top >= bowser.bottom - 1
            assert [b for b in standing if view.screen_rects[b].colliderect(label)] == [], yaw
        pygame.image.save(surface, str(tmp_path / "bowser-layer.png"))
    finally:
        screen.close()


# ---- 4. Donkey Kong Jenga: the one hole to climb to, out of sight --------------------------------------
def _key(screen, key):
    screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def test_dk_a_climb_only_to_a_hole_out_of_sight_says_where_it_is_and_which_key_turns_the_view():
    """Before: the only climb left went to a hole on the back of the tower; no ring could be seen and
    nothing said to turn the view (seed 3, two people, "take out 2, climb 2"). Now the status line says
    where the hole is and that [ or ] turns the view, and stops once its ring is in sight."""
    spec = registry.get("jenga_dk")
    match = Match(spec.make_config(seats=[Seat("P1"), Seat("P2")]), seed=3)
    while match.current_player < 0:
        match.step()
    match.play("mario 0:0+x")
    match.play("mario 0:0-x")
    while match.current_player < 0:
        match.step()
    state = match.state
    assert state.mover == 0 and state.climbs_left > 0
    # Player 2's Mario in one of the two holes Player 1 may climb to leaves only the other: 1:2+y.
    state.marios[1] = [1, 2, "-y"]
    assert [a for a in state.legal_actions() if a.startswith("climb")] == ["climb 1:2+y"]
    pygame.init()
    surface = pygame.Surface((1280, 800))
    screen = screen_for("jenga_dk")(match)
    screen.show_risk = False
    try:
        seen = []
        for _ in range(4):  # a quarter turn at a time, all round the tower
            for _ in range(60):
                screen.update(1 / 30)
                screen.draw(surface)
            block = state.layout[1][2]
            facing = screen._end_facing_eye(block) == 1
            marked, _ = screen._marked_holes(state)
            assert (block, 1) in marked
            said = screen.message if screen.message_time > 0 else ""
            seen.append(facing)
            if facing:
                assert "[ or ] turns the view" not in said
            else:
                assert said.startswith("The hole to climb to is on the ")
                assert said.endswith(": [ or ] turns the view.")
                assert "side of the tower" in said or "back of the tower" in said
            _key(screen, pygame.K_RIGHT)
        assert True in seen and False in seen
    finally:
        screen.close()


# ---- 5. and 6. The Jenga help's keys; D in the help ---------------------------------------------------
@pytest.mark.parametrize("game", ["jenga_classic", "jenga_dk", "jenga_mario"])
def test_the_jenga_help_lists_only_the_keys_jenga_uses(game):
    """Before: the KEYS of a Jenga game began with every game's list ("Up/Down ... select a choice: the
    board shows it (a path, a target, a card framed)", "Space: skip the bots' and dice's pauses") and then
    said "Arrow keys ... pick a block": two meanings for one key, and dice a Jenga game has none of."""
    screen = new_screen(game, seed=1)
    try:
        lines = screen.help_text().split("\n")
        keys = lines[lines.index("KEYS") + 1:lines.index("", lines.index("KEYS"))]
        words = "\n".join(keys)
        for other in ("a path", "a target", "a card framed", "dice"):
            assert other not in words, other
        up_down = [k for k in keys if k.strip().startswith("Up/Down, PageUp")]
        assert len(up_down) == 1 and "pick a block" in up_down[0]  # the list's keys say when the arrows pick
        assert any(k.strip().startswith("Arrow keys") for k in keys)
        assert ("spinner" in words) == (game != "jenga_classic")
    finally:
        screen.close()


def _help_shows_decisions(screen, surface):
    screen.show_help = True
    screen.draw(surface)
    assert screen.help_top == 0
    first = pygame.image.tostring(surface, "RGB")
    screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d", scancode=0))
    screen.draw(surface)
    row = screen.decisions_row(surface.get_size())
    assert row is not None and row > 20  # far below the first page
    # the heading on the page shown: at its top, or lower when the help ends within a page of it
    assert screen.help_top > 0 and 0 <= row - screen.help_top < 20
    assert pygame.image.tostring(surface, "RGB") != first


def test_d_in_the_help_scrolls_to_the_decisions():
    """Before: D in the help added the table's decisions at the very foot of a long help, out of sight:
    nothing on screen changed. Now the help scrolls to their heading (the Jenga games, Monkey Dash and,
    since it was noticed there too, the Donkey Kong board game)."""
    pygame.init()
    surface = pygame.Surface((1280, 800))
    screen = new_screen("jenga_dk", seed=1)
    try:
        _help_shows_decisions(screen, surface)
    finally:
        screen.close()
    for game, variant in (("monkey_dash", "pure"), ("donkey_kong", "rulebook")):
        spec = registry.get(game)
        app = App(match=Match(spec.make_config([Seat("Ann"), Seat("Bob")], variant), 1))
        try:
            _help_shows_decisions(app.screen, app.draw())
        finally:
            app.close()


# ---- 7. Donkey Kong Jenga's wheel colours in the help --------------------------------------------------
def test_dk_help_names_the_wheel_sections_by_the_colours_drawn():
    """Before: the help called the four large sections "pink 1" to "pink 4" while the wheel draws them in
    four colours. Rule: "The spinner is divided into four pink sections with three black sections each";
    the help keeps that sentence's sense and names each section as the wheel draws it."""
    screen = new_screen("jenga_dk", seed=1)
    try:
        words = screen.help_text()
        spinner = screen.spinner
        names = spinner.group_colours()
        assert sorted(names.values()) == ["blue", "green", "orange", "pink"]
        for g, name in names.items():
            k = spinner.groups.index(g)
            remove = spinner.labels[k].split("/")[0]
            assert f"{name}: remove {remove}, climb " in words
        assert "pink 1:" not in words and "pink 4:" not in words
    finally:
        screen.close()


# ---- 8. The label under the spinner's needle ----------------------------------------------------------
@pytest.mark.parametrize("game", ["jenga_dk", "jenga_mario"])
def test_the_section_the_needle_stops_on_keeps_its_label_readable(game):
    """Before: the needle came to rest over the middle of the chosen section and hid its label ("0/2$",
    "2/2"). Now that label is drawn again over the needle: the pixels of its plate are the same wherever
    the needle points."""
    from render.screens.jenga.screen import JengaScreen

    pygame.init()
    spinner = JengaScreen._make_spinner(game)
    pictures = []
    for k in range(len(spinner.labels)):
        spinner.spin_to(k)
        spinner.finish()
        assert spinner.result == k
        shots = []
        for angle in (spinner.angle, spinner.angle + math.pi):  # on the label, then pointing away from it
            spinner.angle = angle
            surface = pygame.Surface((300, 300))
            spinner.draw(surface, (150, 160), 100)
            rect = spinner.label_rect
            assert rect is not None and surface.get_rect().contains(rect)
            inside = rect.inflate(-4, -4)  # not the plate's round corners
            shots.append(pygame.image.tostring(surface.subsurface(inside), "RGB"))
        assert shots[0] == shots[1], spinner.labels[k]
        pictures.append(shots[0])
    assert len(set(pictures)) > 1


def test_the_move_log_brackets_read_as_sentences_with_holes_in_words():
    """A Super Mario Jenga audit read "(Player 1 defeats Bowser!; Player 1 collects 5 coins)" and "Player 1
    leaps over Bowser to 15:1-y" in the move log. The game's notes stay as saves have them; the log's
    brackets join them as sentences and say a hole as the rows do."""
    from render.screens.jenga.screen import bracketed

    assert bracketed(["Ann defeats Bowser!", "Ann collects 5 coins"]) == "Ann defeats Bowser! Ann collects 5 coins"
    assert bracketed(["Ann leaps over Bowser to 15:1-y", "Bob steals 1 from Ann"]) == \
        "Ann leaps over Bowser to the -y hole of block 15:1; Bob steals 1 from Ann"
