"""A new player's audit of Super Mario Jenga in a real window: a refusal that named the player's own peg
before an opponent's, Bowser hanging in mid-air off the tower, item symbols out of sight on stacked
blocks, bot seat names with an underscore, three winners joined by "and ... and", and the log's "pow
block". Real screens and real physics, drawn with SDL's dummy driver."""

from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pygame
import pytest

from games import registry
from games.cli import _seats_from
from games.core import Seat
from games.match import Match
from games.words import bot_title, joined
from render.screens.jenga.screen import bracketed
from render.screens.registry import screen_for
from games.jenga.layout import top_level
from render.tower.camera import Camera
from render.tower.geometry import FACE_CORNERS, TOP_FACE, Boxes
from render.tower.jenga_scene import scene_of as jenga_scene_of
from render.tower.synthetic import stacked_poses
from render.tower.view import TOUCH, TowerScene, TowerView

from .test_tower import SHOTS, against_the_tower

SIZE = (1280, 800)
BG = (24, 27, 34)


@pytest.fixture(scope="module")
def surface():
    pygame.init()
    return pygame.Surface(SIZE)


# ---- 1. an opponent's peg is said before the player's own ---------------------------------------------------

def _pegs_in_one_block(seed: int) -> Match:
    spec = registry.get("jenga_mario")
    match = Match(spec.make_config([Seat("Ann"), Seat("Bob")]), seed=seed)
    for action in ("character toad", "character mario", "peg 1:0+y", "peg 1:0-y"):
        while match.current_player < 0:
            match.step()
        match.play(action)
    while match.current_player < 0:
        match.step()
    return match


@pytest.mark.physics
def test_a_block_with_an_opponents_peg_and_ones_own_says_the_opponents_first():
    """Seen: block 1:0 held the player's peg and an opponent's; its tooltip said "your own peg is in it (climb
    away first)", and after climbing away, that the opponent's peg was in it. "You can't stack a block that an
    opponent's character peg is in": climbing away never frees it, so that is said first."""
    match = _pegs_in_one_block(8)
    state = match.state
    me = state.mover
    other = state.seat_name(1 - me)
    why = state.why_not_removable(1, 0)
    assert why.startswith(f"{other}'s peg is in it"), why
    assert "never taken" in why and "your own peg is in it too" in why
    assert "climb away" not in why
    # the engine's refusal of a push on it says the same
    with pytest.raises(Exception) as refused:
        state.check_action(state.string_to_action("push 1:0 +y path=0/0/0,100/400/0"))
    assert f"{other}'s peg is in it" in str(refused.value)
    # with the opponent's peg gone from the block, the player's own is the reason, and climbing away frees it
    state.pegs[1 - me] = [1, 1, "+y"]
    assert state.why_not_removable(1, 0) == "your own peg is in it (climb away first)"


# ---- 2. Bowser at his layer, against the tower's side ------------------------------------------------------------

def _first_stack_above_bowser(seed: int = 3) -> Match:
    """The new player's game: a person and the careful bot, seed 3, played (the person's turns by a careful
    bot of the test's own) until the first block is stacked above Bowser's layer."""
    spec = registry.get("jenga_mario")
    match = Match(spec.make_config([Seat("Ann"), Seat("Bob", "careful")]), seed)
    helper, rng = spec.bots["careful"](), np.random.default_rng(0)
    for _ in range(200):
        state = match.state
        if state.tower is not None and state.bowser is not None and top_level(state.layout) > state.bowser:
            return match
        assert not match.is_over()
        if match.current_player < 0 or match.current_player in match.bots:
            match.step()
        else:
            match.play(helper.choose(state.clone(), rng))
    pytest.fail("no block was stacked above Bowser in this seeded game")


@pytest.mark.physics
def test_bowser_stands_against_the_tower_at_his_layer_after_a_stack_above_him(surface):
    """Seen: after the first block was stacked above him, Bowser jumped off the tower to hang in mid-air at
    its upper right, with a pointer to his layer. (Drawn faint inside the tower instead, his sprite covered
    the top layers and their item symbols.) "Stack it above Bowser": he keeps his layer, so he stands at its
    side: his feet level with his layer's top where it meets the tower's outline on screen, his sprite
    against that outline (touching it), over none of the blocks above, with no line; from the usual side
    and with the view turned a quarter."""
    match = _first_stack_above_bowser()
    state = match.state
    screen = screen_for("jenga_mario")(match)
    screen.show_risk = False
    try:
        his = [b for b in state.layout[state.bowser] if b is not None]
        above = [b for level in state.layout[state.bowser + 1:] for b in level if b is not None]
        assert above
        for k, turn in enumerate((0.0, math.pi / 2)):
            screen.camera.yaw, screen.camera.goal_yaw = screen.camera.yaw + turn, None
            screen.draw(surface)
            view = screen.view
            (rect,) = [r for kind, r in view.figure_rects if kind == "bowser"]  # drawn solid, once
            # his layer's top corners on screen, worked out here from the scene the screen drew
            scene = jenga_scene_of(state)
            tops = Boxes(scene.poses, scene.sizes).corners[his][:, FACE_CORNERS[TOP_FACE]].reshape(-1, 3)
            tops_xy, _ = screen.camera.project(tops)
            side = 1 if rect.centerx > tops_xy[:, 0].mean() else -1
            outer = tops_xy[np.argmax(tops_xy[:, 0] * side)]
            over, touches, feet = against_the_tower(view, rect)
            assert abs(feet - outer[1]) <= 4, (turn, feet, outer)  # feet at his layer's top, as seen
            assert touches, turn  # against the tower: no gap
            assert over <= TOUCH + 1, (turn, over)  # and not over the blocks stacked above him
            # nowhere over the top layers: the middle of every block above his layer is in sight
            for b in above:
                assert not rect.collidepoint(view.screen_rects[b].center), (turn, b)
            # his words under him, over no block
            (_, _, _, words), = view.beside
            assert words is not None and words.top >= rect.bottom - 1
            standing = [b for b, where in enumerate(state.tower["where"]) if where == "tower"]
            assert [b for b in standing if view.screen_rects[b].colliderect(words)] == [], turn
            pygame.image.save(surface, str(SHOTS / f"bowser_beside_the_tower_{k}.png"))
    finally:
        screen.close()


# ---- 3. item symbols on the faces that show -------------------------------------------------------------------

def test_an_item_block_stacked_in_the_middle_of_the_top_shows_its_symbol_on_its_top():
    """Seen: a mushroom block stacked on the top had no symbol in sight (the symbol was drawn on its long sides
    only, and a middle block's sides lie against its neighbours; an edge block's outer side faced away). The
    item's symbol is on the block's broad faces (a block is turned over to see it) as on its sides: on top it
    shows from above."""
    levels = 15
    surface = pygame.Surface(SIZE)
    cam = Camera(viewport=(0, 0, *SIZE), yaw=math.radians(-60))
    cam.frame_tower(levels * 0.015)
    poses, sizes = stacked_poses(levels)
    middle = 3 * (levels - 1) + 1
    colours = np.tile([[204.0, 120.0, 60.0]], (len(poses), 1))
    view = TowerView(cam)

    def image(symbols):
        surface.fill(BG)
        view.draw(surface, TowerScene(poses, sizes, colours, symbols=symbols), floor=False)
        return pygame.surfarray.array3d(surface).astype(int)

    plain = image({})
    marked = image({middle: "mushroom"})
    faces = {f for b, f, symbol, _ in view.symbols_drawn if b == middle}
    assert 4 in faces  # the top
    changed = np.any(np.abs(marked - plain) > 30, axis=2)
    top = next(rect for b, f, _, rect in view.symbols_drawn if b == middle and f == 4)
    assert changed[top.left:top.right, top.top:top.bottom].sum() > 30
    assert changed.sum() == changed[top.left:top.right, top.top:top.bottom].sum() or \
        any(f in (2, 3) for b, f, _, _ in view.symbols_drawn)
    # turned half way round the symbol shows on the top still (it read only on a side the eye faced)
    cam.orbit(math.pi)
    image({middle: "mushroom"})
    assert 4 in {f for b, f, _, _ in view.symbols_drawn if b == middle}


def test_an_item_symbol_on_a_face_is_never_mirrored(surface):
    """A symbol laid on a face keeps its handedness from either side of the tower (the '?' must not read
    backwards): the sprite's x runs left to right on screen wherever its face is seen from."""
    view = TowerView(Camera(viewport=(0, 0, *SIZE)))
    square = [(100.0, 100.0), (60.0, 100.0), (60.0, 140.0), (100.0, 140.0)]  # seen from behind: x runs leftward
    surface.fill(BG)
    view._draw_symbol(surface, square, "question", 7, 2)
    (_, _, _, rect), = view.symbols_drawn
    mirror = pygame.Surface(SIZE)
    mirror.fill(BG)
    upright = TowerView(Camera(viewport=(0, 0, *SIZE)))
    upright._draw_symbol(mirror, [(60.0, 100.0), (100.0, 100.0), (100.0, 140.0), (60.0, 140.0)], "question", 7, 2)
    a = pygame.surfarray.array3d(surface)[rect.left:rect.right, rect.top:rect.bottom]
    b = pygame.surfarray.array3d(mirror)[rect.left:rect.right, rect.top:rect.bottom]
    assert np.array_equal(a, b)


# ---- 4. seat names from a bot's title ---------------------------------------------------------------------------

def test_default_seat_names_use_the_bots_title_words():
    """Seen: "Careful_easy bot 3" in the game while the launcher said "Careful easy bot"."""
    spec = registry.get("jenga_mario")
    names = [s.name for s in _seats_from("human,careful_easy,careful_hard,pro", spec)]
    assert names == ["Player 1", "Careful easy bot 2", "Careful hard bot 3", "Pro bot 4"]
    assert bot_title("careful_easy") == "Careful easy bot"


def test_the_terminal_game_names_the_bots_in_words(tmp_path):
    """`python -m games play jenga_mario --seats human,careful_easy --terminal` names the seat as the
    launcher does. The process is given no input: it prints the table and stops at the person's prompt."""
    out = subprocess.run([sys.executable, "-m", "games", "play", "jenga_mario", "--seats", "human,careful_easy",
                          "--terminal", "--seed", "3"], input="quit\n", capture_output=True, text=True, timeout=300,
                         env={"KONG_TABLETOP_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
                              "PATH": "/usr/bin:/bin"}, cwd=str(__import__("pathlib").Path(__file__).parents[2]))
    said = out.stdout + out.stderr
    assert "Careful easy bot 2" in said, said[-2000:]
    assert "Careful_easy" not in said


def test_a_saved_match_keeps_the_names_it_was_saved_with(tmp_path):
    """Only new default names change: a match saved with "Careful_easy bot 2" loads with that name (the
    names and the notes are under the file's digest)."""
    spec = registry.get("jenga_classic")
    match = Match(spec.make_config([Seat("Ann"), Seat("Careful_easy bot 2", "careful_easy")]), seed=1)
    match.step()
    match.save(tmp_path / "m.json")
    loaded = Match.load(tmp_path / "m.json")
    assert [s.name for s in loaded.config.seats] == ["Ann", "Careful_easy bot 2"]


# ---- 5. three winners ---------------------------------------------------------------------------------------------

def test_three_winners_read_as_a_list():
    """Seen: "Random bot 2 and Careful_easy bot 3 and Pro bot 4 won"."""
    assert joined(["Random bot 2", "Careful easy bot 3", "Pro bot 4"]) == "Random bot 2, Careful easy bot 3 and Pro bot 4"
    assert joined(["Ann", "Bob"]) == "Ann and Bob" and joined(["Ann"]) == "Ann" and joined([]) == ""


def test_the_result_headline_joins_three_winners_with_commas(monkeypatch):
    spec = registry.get("donkey_kong")
    seats = [Seat("Ann"), Seat("Random bot 2", "random"), Seat("Random bot 3", "random")]
    screen = screen_for("donkey_kong")(Match(spec.make_config(seats), seed=1))
    monkeypatch.setattr(type(screen.match.state), "winners", lambda self: [0, 1, 2])
    assert screen.result_words() == "Ann, Random bot 2 and Random bot 3 won"


# ---- 6. the log's POW block -----------------------------------------------------------------------------------------

def test_the_move_log_words_a_stacked_pow_block_as_the_status_line_does():
    """The game's note stays "Ann stacked a pow block" (saved matches carry a digest over the notes); the move
    log, which words the notes for the window, says "POW block" as the status line does."""
    assert bracketed(["Ann stacked a pow block"]) == "Ann stacked a POW block"
    assert bracketed(["Ann stacked a question block", "Ann collects 2"]) == \
        "Ann stacked a question block; Ann collects 2"
    assert bracketed(["Ann stacked a star block"]) == "Ann stacked a star block"


@pytest.mark.parametrize("radius", [40, 50, 60, 84, 110])
def test_the_spinners_labels_never_run_into_each_other(radius):
    """A keyboard audit at the largest text size: on the twelve-section Super Mario wheel, made small, "1/3$"
    and "1/1" ran together; the labels' size had a floor of 10 px whatever the wheel's size. The labels of
    neighbouring sections, drawn where the wheel draws them, do not overlap at any size."""
    import math

    from render import text
    from render.screens.jenga.screen import JengaScreen

    pygame.init()
    for game, variant in (("jenga_mario", "standard"), ("jenga_dk", "corner_few_pulls")):
        wheel = JengaScreen._make_spinner(game, variant)
        labels = wheel.labels
        size = wheel.label_size(radius)
        w = wheel.section_angle
        rects = []
        for i, label in enumerate(labels):
            mid = (i + 0.5) * w
            words = text.render(label, size, (255, 255, 255), bold=True)
            box = words.get_rect(center=(round(radius * 0.66 * math.sin(mid)), round(-radius * 0.66 * math.cos(mid))))
            ink = words.get_bounding_rect()  # the letters themselves, not the line's height around them
            rects.append(ink.move(box.topleft))
        for i, box in enumerate(rects):
            assert not box.colliderect(rects[(i + 1) % len(rects)]), (radius, labels[i], labels[(i + 1) % len(labels)])


def test_the_twelve_section_wheel_is_larger_so_its_labels_read_in_a_small_window(tmp_path, monkeypatch):
    """A window-size audit at 1024x640: Super Mario's spinner labels ("1/3$", "0/2$") were 10 px, bounded by
    the room between twelve neighbours on a wheel the size of Donkey Kong Jenga's eight-section one. The wheel
    with more sections is drawn larger, so its labels are at least 12 px there (and still never touch)."""
    from render.app import App

    monkeypatch.setenv("KONG_TABLETOP_HOME", str(tmp_path / "home"))
    sizes = {}
    for game, variant in (("jenga_mario", "standard"), ("jenga_dk", "corner_few_pulls")):
        match = Match(registry.get(game).make_config([Seat("Ann"), Seat("Bob", "careful")], variant), 4)
        while match.state.phase in ("build", "character", "peg", "mario"):  # to the first spin (Ann's pieces placed)
            match.play(match.state.legal_actions()[0]) if match.waiting_for_human() else match.step()
        app = App(size=(1024, 640), match=match)
        try:
            app.draw()
            radius = app.screen.spinner_rect.w // 2 - 4
            sizes[game] = (radius, app.screen.spinner.label_size(radius))
        finally:
            app.close()
    assert all(label >= 12 for _, label in sizes.values()), sizes
