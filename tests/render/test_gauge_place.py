"""The live push's gauge stands where it leaves the tower in sight: a push dragged across the front of
the tower (the pointer over the blocks) had the gauge drawn over the very blocks the player watched.
The real Jenga screen and the real physics, with SDL's dummy driver."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from .test_live_push import _frames, _grab
from .test_tower_screen import SIZE, new_screen, run, send


@pytest.fixture(scope="module")
def surface():
    pygame.init()
    return pygame.Surface(SIZE)


def _blocks_under(screen, box: pygame.Rect) -> int:
    """Pixels of `box` that lie in the screen rect of a block drawn in the last frame."""
    return sum(box.clip(r).w * box.clip(r).h for r in screen.view.screen_rects.values())


def _ready_to_push(match, screen) -> bool:
    """Whether a person may push now; before that (Donkey Kong Jenga's Marios placed and climbed), the
    person's first choice is played."""
    if not match.waiting_for_human() or screen.job is not None:
        return False
    if match.state.may_extract():
        return True
    match.play(match.state.legal_actions()[0])
    return False


@pytest.mark.physics
@pytest.mark.parametrize("game,seed", [("jenga_classic", 7), ("jenga_dk", 2)])
def test_the_gauge_of_a_push_dragged_across_the_tower_does_not_cover_the_blocks(surface, game, seed):
    screen = new_screen(game, seed=seed)
    match = screen.match
    try:
        assert run(screen, surface, lambda: _ready_to_push(match, screen))
        level, slot, block, start, px_per_m = _grab(screen)
        send(screen, pygame.MOUSEMOTION, tuple(start))
        send(screen, pygame.MOUSEBUTTONDOWN, tuple(start))
        covered, over_tower = [], 0
        for k in range(1, 31):  # the finger pushes the block 30 mm into the tower: the pointer crosses its face
            pos = start - px_per_m * 0.03 * k / 30
            _frames(screen, surface, 1, pos)
            if screen.live is None:
                break
            tower = list(screen.view.screen_rects.values())
            over_tower += any(r.collidepoint(*pos) for r in tower)
            covered.append(_blocks_under(screen, screen.gauge_rect))
        assert over_tower >= 10  # the pointer was over the blocks for most of the push
        assert covered and max(covered) == 0, covered
        send(screen, pygame.MOUSEBUTTONUP, tuple(start))
    finally:
        screen.close()


@pytest.mark.physics
@pytest.mark.parametrize("seed,stacking", [(11, False), (11, True), (4, True)])
def test_the_gauge_by_the_top_of_super_marios_tower_stands_clear_of_bowser_and_the_seats_lines(surface, seed,
                                                                                              stacking):
    """A play-tester, Super Mario Jenga: every push near the top had the gauge drawn over Bowser's shell, its
    top touching "Bowser: layer 14". The gauge now keeps clear of the figure on top and of the seats' lines
    as it keeps clear of the blocks and the legend: here with the pointer where the gauge's first place,
    up and to its right, is Bowser himself."""
    from games.jenga.push import straight_push

    screen = new_screen("jenga_mario", seed=seed)
    match = screen.match
    try:
        assert run(screen, surface, lambda: _ready_to_push(match, screen))
        if stacking:  # a block in hand: Bowser stands beside the top, "Bowser: layer 14" under him
            level, slot = min(match.state.legal_blocks(), key=lambda b: (b[1] != 1, abs(b[0] - 8)))
            match.play(straight_push("mario", level, slot, "+x" if level % 2 == 0 else "+y", 0.02, 1.0, 0))
            assert run(screen, surface, lambda: screen.job is None and not screen.animating())
            assert match.state.phase == "stack"
        screen.draw(surface)
        shown = [r for kind, r in screen.view.figure_rects if kind == "bowser"]
        shown += [r for kind, r, _, label in screen.view.beside if kind == "bowser" for r in (r, label) if r]
        bowser = shown[0].unionall(shown[1:])
        s, size = screen.scale, screen.font_size(14)
        anchor = (bowser.x - int(28 * s), bowser.y + int(130 * s))  # the first place's corner on Bowser
        x, y = screen._gauge_place(anchor, screen.rects["board"], size)
        box = pygame.Rect(x, y, int(110 * s), int(size * 8))
        assert not box.colliderect(bowser), (box, bowser)
        assert not any(box.colliderect(r) for r in screen.piece_rects), (box, screen.piece_rects)
    finally:
        screen.close()


@pytest.mark.physics
def test_at_the_largest_text_the_gauge_keeps_clear_of_the_legend(surface):
    """A keyboard audit (traditional Jenga, seed 7, the largest text): pushing 13:2 by keyboard, the gauge's
    "0.33 N now" ran over the legend's title: its place was reckoned for a gauge as wide as at the normal
    size. It is reckoned as wide as its words are drawn."""
    from render import text

    text.use_size("largest")
    screen = new_screen("jenga_classic", seed=7)
    screen.show_risk = True
    match = screen.match
    try:
        assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
        screen.picked = (13, 2)
        screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p"))
        live = screen.live
        assert live is not None and live.keyboard
        screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w"))
        checked = 0
        for _ in range(200):
            _frames(screen, surface, 1)
            if screen.live is None or live.share_out > 0.4:
                break
            board = screen.rects["board"]
            legend = screen._legend_rect(board)
            legend.height = max(0, screen.legend_bottom - legend.y)
            if screen.gauge_rect is not None and legend.height:
                assert not screen.gauge_rect.colliderect(legend), (screen.gauge_rect, legend)
                checked += 1
        assert checked >= 10
        # at the board's edge the place is kept inside the board for the gauge as drawn (wider at this text
        # size than the normal size's 110 px, for which it was reckoned)
        drawn = screen.gauge_rect
        s, size = screen.scale, screen.font_size(14)
        assert drawn.w > int(110 * s)
        x, y = screen._gauge_place((board.right - 2, board.bottom - 2), board, size)
        assert board.contains(pygame.Rect(x, y, drawn.w, drawn.h)), ((x, y), drawn, board)
        screen.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_w, mod=0, unicode="w"))
    finally:
        screen.close()
        text.use_size("normal")
