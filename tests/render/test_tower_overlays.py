"""What the tower view draws besides the blocks must leave the blocks readable: Super Mario's Bowser never
stands over the layers stacked above his, and no tooltip stays up over a tower a bot is changing. Real
matches on the simulator, drawn with SDL's dummy driver."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from games import registry
from games.core import Seat
from games.jenga.layout import top_level
from games.match import Match
from render.screens.registry import screen_for
from render.tower.view import TOUCH

from .test_tower import SHOTS, against_the_tower
from .test_tower_screen import DT, end_point, run, send

SIZE = (1280, 800)


@pytest.fixture(scope="module")
def surface():
    pygame.init()
    return pygame.Surface(SIZE)


def mario_tower_grown_past_bowser(seed: int = 1) -> Match:
    """A Super Mario game of two random bots played until a whole layer and more stand above Bowser's."""
    spec = registry.get("jenga_mario")
    match = Match(spec.make_config([Seat("Ann", "random"), Seat("Bob", "random")]), seed)
    for _ in range(200):
        state = match.state
        if state.tower is not None and state.bowser is not None and top_level(state.layout) >= state.bowser + 2:
            return match
        assert not match.is_over()
        match.step() if match.current_player < 0 else match.play(match.bot_action())
    pytest.fail("the tower never grew two layers past Bowser's in this seeded game")


@pytest.mark.physics
def test_bowser_never_covers_the_layers_stacked_above_him(surface):
    """"Stack it above Bowser": once blocks stand on layers above his, his sprite is drawn beside the tower
    at his layer's height, and from every side the camera turns to, it covers no block (it stood in front
    of the tower there, over the new layers): his side lies against the tower's outline, his feet on his
    layer's top where it meets that outline (hung beside the tower with a gap, he read as in mid-air)."""
    match = mario_tower_grown_past_bowser()
    state = match.state
    screen = screen_for("jenga_mario")(match)
    screen.show_risk = False
    try:
        standing = [b for b, where in enumerate(state.tower["where"]) if where == "tower"]
        above = [b for level in state.layout[state.bowser + 1:] for b in level if b is not None]
        assert len(above) >= 4  # a whole layer and more over his
        for k, yaw in enumerate([None, 0.0, 1.2, 2.5, -2.0, math.pi]):
            if yaw is not None:
                screen.camera.yaw, screen.camera.goal_yaw = yaw, None
            screen.draw(surface)
            pygame.image.save(surface, str(SHOTS / f"bowser_beside_{k}.png"))
            view = screen.view
            sprites = [rect for kind, rect in view.figure_rects if kind == "bowser"]
            assert len(sprites) == 1, yaw
            bowser = sprites[0]
            assert screen.rects["board"].contains(bowser), yaw  # in the picture
            assert set(above) <= set(view.screen_rects)  # the stacked layers were drawn
            over, touches, feet = against_the_tower(view, bowser)
            assert over <= TOUCH + 1 and touches, (yaw, over, touches)  # against the blocks, over none
            # at his layer's height: his feet level with his layer's top corner, below the top of the tower
            (_, _, corner, _), = view.beside
            his = [view.screen_rects[b] for b in state.layout[state.bowser] if b is not None]
            top = min(view.screen_rects[b].top for b in above)
            assert any(r.inflate(2, 2).collidepoint(corner) for r in his), yaw
            assert top < bowser.bottom and abs(feet - corner[1]) <= 2, yaw
    finally:
        screen.close()


@pytest.mark.physics
def test_no_tooltip_stays_up_while_a_bot_moves_the_tower_under_a_still_pointer(surface):
    """A tooltip names the block under the pointer, whether it may be taken and its risk. The pointer then
    rests there while Ann plays a push and a stack (as the keys and the list play them) and the careful bot
    touches that very block, pushes it out and stacks it on top: all that time the tower changes under
    the pointer, and no tooltip is drawn (it stayed up, "block 9:0", through the bot's move). Once Ann is
    to move again the pointer is over the gap the bot left, and nothing is said of a block gone."""
    spec = registry.get("jenga_classic")
    match = Match(spec.make_config([Seat("Ann"), Seat("Careful", "careful")]), seed=3)
    screen = screen_for("jenga_classic")(match)
    screen.show_risk = False
    try:
        assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
        state = match.state
        point, _ = end_point(screen, state.layout[9][0])
        send(screen, pygame.MOUSEMOTION, tuple(point))
        screen.draw(surface)
        assert screen.tooltip_text().startswith("block 9:0 may be taken") and screen.tooltip_rect is not None

        level, slot = min(state.legal_blocks(), key=lambda b: (abs(b[0] - 8), b[1] != 1, b))  # a safe one: 8:1
        push = next(a for a in state.legal_actions() if a.startswith(f"push {level}:{slot} "))
        assert screen.play(push)  # Ann's push, as the keys play it; the pointer stays where it was
        before = len(match.history)
        moving_frames = hidden_over_blocks = 0
        for _ in range(3000):
            if screen.job is not None:
                screen.job.thread.join()
            screen.update(DT)
            screen.draw(surface)
            if match.waiting_for_human() and match.state.phase == "stack" and screen.job is None:
                assert screen.play(screen.legal[0])  # Ann stacks from the list
                continue
            settled = match.waiting_for_human() and screen.job is None
            if settled and screen.playback is None and len(match.history) > before + 2:
                break
            if not settled:  # a step being worked out, or the bot to move
                moving_frames += 1
                hidden_over_blocks += screen.hover_block is not None
                assert screen.tooltip_text() == "" and screen.tooltip_rect is None, match.history[-1].action
        bot_steps = [s.action.split()[0] for s in match.history[before:] if s.by == 1]
        assert bot_steps == ["probe", "push", "stack"]  # the bot touched 9:0, pushed it out and stacked it
        assert moving_frames > 20 and hidden_over_blocks > 0  # a block stood under the pointer meanwhile

        # Block 9:0 is gone from under the pointer: nothing is there to speak of, so no tooltip.
        screen.draw(surface)
        pygame.image.save(surface, str(SHOTS / "tooltip_after_the_bot.png"))
        assert match.state.layout[9][0] is None and screen.view.pick(screen.mouse) is None
        assert screen.hover_block is None and screen.tooltip_text() == "" and screen.tooltip_rect is None
        # and the tooltip of a block there now speaks of the new position
        point, _ = end_point(screen, match.state.layout[10][0])
        send(screen, pygame.MOUSEMOTION, tuple(point))
        screen.draw(surface)
        assert screen.tooltip_text().startswith("block 10:0 may be taken") and screen.tooltip_rect is not None
    finally:
        screen.close()


@pytest.mark.physics
def test_dk_taking_a_girder_a_mario_stands_in_says_where_he_would_fall_before_the_push(surface):
    """DK: "Remove a girder Mario is standing on and he falls to the girder immediately below on the same side
    of the tower." A rules audit picked a girder with the other player's Mario in it: the line said only its
    risk, and the fall was told after the push. The picked block's line and the tooltip say it first."""
    from .test_tower_screen import new_screen, run

    screen = new_screen("jenga_dk", seed=3)
    match = screen.match
    try:
        assert run(screen, surface, lambda: match.state.tower is not None and match.waiting_for_human())
        state = match.state  # the Marios put in by hand: P1's at the foot, P2's in girder 2:2
        state.marios, state.phase, state.placing = [[0, 0, "+x"], [2, 2, "+x"]], "act", None
        screen.picked = (2, 2)
        falls = state.falls_if_taken(2, 2)
        assert falls == [(1, [0, 2, "+x"])]
        words = screen.picked_text()
        assert "P2's Mario stands in it and would fall to the" in words and "hole of block 0:2 (girder level 0)" in words
        screen.picked = (2, 1)
        assert "would fall" not in screen.picked_text()
    finally:
        screen.close()
