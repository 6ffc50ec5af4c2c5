"""The fall's sentence tells what the replay shows: a top that tipped past the verdict's 15 degrees and
lodged on the tower is said to have tipped over, not to have come off (a play-tester read "the tower
above tipped off it" over a replay whose top leant on the tower to the end). Built on made-up
trajectories, so no physics runs."""

from __future__ import annotations

import numpy as np

from render.tower.fall import DOWN_M, tell

LEVEL_M = 0.015


def _tower(levels: int = 18) -> tuple[list, np.ndarray]:
    layout = [[3 * lv, 3 * lv + 1, 3 * lv + 2] for lv in range(levels)]
    poses = np.zeros((3 * levels, 7))
    for lv in range(levels):
        for s in range(3):
            poses[3 * lv + s, :3] = (0.025 * (s - 1), 0.0, LEVEL_M * lv + LEVEL_M / 2)
    poses[:, 6] = 1.0
    return layout, poses


def _fall(top_levels: list[int], end_z) -> tuple[list, np.ndarray, dict]:
    """Level 15 kept only its +edge (slot 2): 15:0 pulled, 15:1 gone before; the levels above move 40 mm
    sideways and end at height end_z(z) each."""
    layout, start = _tower()
    layout[15][1] = None
    frames = np.repeat(start[None], 30, axis=0)
    ids = [b for lv in top_levels for b in layout[lv]]
    for k in range(30):
        frames[k, ids, 0] += 0.04 * k / 29
        frames[k, ids, 2] = start[ids, 2] + (end_z(start[ids, 2]) - start[ids, 2]) * k / 29
    verdict = {"op": "push", "where": (15, 0), "fallen": [(lv, s) for lv in top_levels for s in range(3)]}
    return layout, frames, verdict


def test_a_top_that_lodged_on_the_tower_tipped_over_and_one_on_the_table_tipped_off():
    layout, frames, verdict = _fall([16, 17], lambda z: z - 0.012)  # dropped 12 mm, still up on the tower
    lodged = tell(frames, layout, verdict, hand=layout[15][0], rate_hz=30.0).sentence
    assert lodged == "Level 15 kept only an edge block, and the tower above tipped over on it."

    layout, frames, verdict = _fall([16, 17], lambda z: np.full_like(z, DOWN_M / 2))  # down on the table
    off = tell(frames, layout, verdict, hand=layout[15][0], rate_hz=30.0).sentence
    assert off == "Level 15 kept only an edge block, and the tower above tipped off it."


def test_a_top_that_went_as_one_is_outlined_where_it_parted_and_the_push_is_called_a_push():
    """A play-tester saw every block of levels 8 to 18 outlined as the "first to move" (a top dragged off as
    one by the pushed block): nothing singled out. Over more than two levels, only the lowest of them is
    outlined, where the tower parted; the sentence still names them all, and says the block was pushed
    ("the block you pulled" stood over a push)."""
    layout, start = _tower()
    frames = np.repeat(start[None], 30, axis=0)
    top = [b for lv in range(9, 18) for b in layout[lv]]
    for k in range(30):
        frames[k, top, 0] += 0.08 * k / 29  # levels 9 to 17 slide off together
        drop = max(0, k - 20) / 9  # then down to the table
        frames[k, top, 2] = start[top, 2] + (DOWN_M / 2 - start[top, 2]) * drop
    verdict = {"op": "push", "where": (8, 1), "fallen": [(lv, s) for lv in range(9, 18) for s in range(3)]}
    story = tell(frames, layout, verdict, hand=layout[8][1], rate_hz=30.0)
    assert story.first_movers == layout[9]
    assert story.sentence == "Levels 9 to 17 slid off with the block you pushed from level 8."
    bot = tell(frames, layout, verdict, hand=layout[8][1], rate_hz=30.0, by_person=False)
    assert bot.sentence == "Levels 9 to 17 slid off with the block that was pushed from level 8."
    # several people at one screen: the one who pushed is named ("you" named nobody: a family's audit)
    kid = tell(frames, layout, verdict, hand=layout[8][1], rate_hz=30.0, pusher="Kid")
    assert kid.sentence == "Levels 9 to 17 slid off with the block Kid pushed from level 8."
    # in each game's own word for a level (an audit: Super Mario Jenga's read "Level" where all else said "layer")
    mario = tell(frames, layout, verdict, hand=layout[8][1], rate_hz=30.0, storey="layer")
    assert mario.sentence == "Layers 9 to 17 slid off with the block you pushed from layer 8."
    dk = tell(frames, layout, verdict, hand=layout[8][1], rate_hz=30.0, storey="girder level")
    assert dk.sentence == "Girder levels 9 to 17 slid off with the block you pushed from girder level 8."
    # movers in two levels are all outlined, as before
    frames2 = np.repeat(start[None], 30, axis=0)
    two = layout[16] + layout[17]
    for k in range(30):
        frames2[k, two, 0] += 0.08 * k / 29
    verdict2 = {"op": "push", "where": (15, 1), "fallen": [(lv, s) for lv in (16, 17) for s in range(3)]}
    assert tell(frames2, layout, verdict2, hand=layout[15][1], rate_hz=30.0).first_movers == sorted(two)


def test_the_info_line_says_how_far_earlier_pushes_left_the_tower_out_of_true():
    """A play-tester saw levels twisted by the bots' dragged blocks beside "Last stack: 19:1, largest shift
    0.0 mm": the last stack's figure. The line now also says how far the tower's top stands off its base,
    once that is 5 mm or more (a level's centre: its middle block, or the mean of its two edges)."""
    from types import SimpleNamespace

    from render.screens.jenga.overlays import OUT_OF_TRUE_MM, top_off_base_mm

    layout, poses = _tower()
    state = SimpleNamespace(layout=layout, tower={"poses": poses.tolist()})
    assert top_off_base_mm(state) == 0.0
    for lv in range(10, 18):  # the top eight levels dragged 12 mm along x, 5 mm along y
        for b in layout[lv]:
            poses[b, :2] += (0.012, 0.005)
    layout[17][1] = None  # the top level's middle taken: its centre is the mean of its edges
    layout[16][0] = layout[16][1] = None  # one edge only: no centre, the level below it counts
    state = SimpleNamespace(layout=layout, tower={"poses": poses.tolist()})
    assert abs(top_off_base_mm(state) - 13.0) < 1e-6 and 13.0 >= OUT_OF_TRUE_MM
    assert top_off_base_mm(SimpleNamespace(layout=[], tower=None)) is None


def test_a_fall_that_started_elsewhere_still_names_the_level_of_the_block_pushed():
    """An audit read "Levels 9 to 18 came down; it started at level 11." after pushing block 9:2: the sentence
    never named the push, and level 11 puzzled a player whose finger was on level 9."""
    layout, start = _tower()
    frames = np.repeat(start[None], 30, axis=0)
    top = [b for lv in range(11, 18) for b in layout[lv]]
    for k in range(30):  # level 11 and up slide and come down; the pushed block's level 9 keeps two blocks
        frames[k, top, 0] += 0.08 * k / 29
        frames[k, top, 2] = start[top, 2] + (DOWN_M / 2 - start[top, 2]) * max(0, k - 20) / 9
    verdict = {"op": "push", "where": (9, 2), "fallen": [(lv, s) for lv in range(9, 18) for s in range(3)]}
    story = tell(frames, layout, verdict, hand=layout[9][2], rate_hz=30.0)
    assert story.sentence == ("Levels 9 to 17 came down as the block you pushed from level 9 moved; the first "
                              "blocks to move were on level 11.")
    verdict["op"] = "stack"  # a stack names no push
    assert "as the block" not in tell(frames, layout, verdict, hand=None, rate_hz=30.0).sentence


def _dragged(riding_mm: float) -> tuple[list, np.ndarray, dict]:
    """3:0 pushed out; levels 4 to 17 go along it and tip, the higher the further: level 4 has moved
    `riding_mm` when level 17 passes 5 mm. Then all of them come down to the table."""
    layout, start = _tower()
    frames = np.repeat(start[None], 40, axis=0)
    above = [b for lv in range(4, 18) for b in layout[lv]]
    for k in range(40):
        t = k / 10  # level 17 passes 5 mm at frame 10
        for b in above:
            lv = b // 3
            share = riding_mm / 5.0 + (1 - riding_mm / 5.0) * (lv - 4) / 13  # 4: riding_mm, 17: 5 mm at t = 1
            frames[k, b, 1] = start[b, 1] - 0.005 * share * t * 1.0001
        if k > 30:
            frames[k, above, 2] = DOWN_M / 2
    verdict = {"op": "push", "where": (3, 0), "fallen": [(lv, s) for lv in range(4, 18) for s in range(3)]}
    return layout, frames, verdict


def test_levels_riding_on_the_pushed_block_slid_off_with_it_though_the_top_moved_first():
    """An audit pushed seed 3's 3:0 out and watched the whole tower above slide with it before it fell; the
    sentence said "the first blocks to move were on level 17" (the top, turning as it was dragged, passed 5 mm
    first). When the level on the pushed block has moved half that (DRAGGED_MM) by then, it rode on the block:
    the levels slid off with it, and that level is outlined, where the tower parted. A level 4 that stood still
    while the top went keeps the old words."""
    layout, frames, verdict = _dragged(riding_mm=3.5)
    story = tell(frames, layout, verdict, hand=layout[3][0], rate_hz=30.0)
    assert story.sentence == "Levels 4 to 17 slid off with the block you pushed from level 3."
    assert story.first_movers == layout[4]

    layout, frames, verdict = _dragged(riding_mm=0.5)
    story = tell(frames, layout, verdict, hand=layout[3][0], rate_hz=30.0)
    assert story.sentence.startswith("Levels 4 to 17 came down as the block you pushed from level 3 moved; "
                                     "the first blocks to move were on level ")
    assert 4 not in {b // 3 for b in story.first_movers}


def test_levels_under_the_pushed_block_that_came_down_too_are_said():
    """A regression audit: "Levels 17 to 19 slid off with the block that was pushed from level 16." over a fall
    of 42 blocks, the whole tower on the table, read as three levels lost. The levels under the pushed one that
    came down are said too; a fall of the top alone is said as before."""
    layout, start = _tower(20)
    frames = np.repeat(start[None], 40, axis=0)
    top = [b for lv in range(17, 20) for b in layout[lv]]
    low = [b for lv in range(0, 16) for b in layout[lv]]
    for k in range(40):
        frames[k, top, 0] += 0.08 * k / 39  # the top slides off on the pushed block first
        frames[k, top, 2] = start[top, 2] + (DOWN_M / 2 - start[top, 2]) * max(0, k - 20) / 19
        late = max(0, k - 25) / 14  # then the tower under it comes down
        frames[k, low, 1] += 0.1 * late
        frames[k, low, 2] = start[low, 2] + (DOWN_M / 2 - start[low, 2]) * late
    fallen = [(lv, s) for lv in list(range(0, 16)) + [17, 18, 19] for s in range(3)]
    verdict = {"op": "push", "where": (16, 1), "fallen": fallen}
    said = tell(frames, layout, verdict, hand=layout[16][1], rate_hz=40.0, by_person=False).sentence
    assert said == ("Levels 17 to 19 slid off with the block that was pushed from level 16; levels 0 to 15 came "
                    "down too.")
    verdict["fallen"] = [(lv, s) for lv in (17, 18, 19) for s in range(3)]
    said = tell(frames, layout, verdict, hand=layout[16][1], rate_hz=40.0, by_person=False).sentence
    assert said == "Levels 17 to 19 slid off with the block that was pushed from level 16."


def test_levels_are_said_as_they_are_two_and_gaps_included():
    """A regression audit read "levels 2 to 3 came down too"; a set with a gap was said as one range."""
    from render.tower.fall import _levels_text

    assert _levels_text([4]) == "level 4"
    assert _levels_text([3, 2]) == "levels 2 and 3"
    assert _levels_text(list(range(5, 21))) == "levels 5 to 20"
    assert _levels_text([0, 1, 2, 5], "layer") == "layers 0 to 2 and 5"
