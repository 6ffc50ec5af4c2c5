"""The tower view's self-contained pieces on towers laid out by rule (no physics): geometry, camera,
draw order, shaded drawing with real pixel checks, picking, risk tint, pieces, and the widgets."""

from __future__ import annotations

import math
import os
import tempfile
from pathlib import Path

import numpy as np
import pygame
import pytest

from render import palette
from render.tower.camera import Camera
from render.tower.countdown import SettleCountdown
from render.tower.geometry import FACE_CORNERS, TOP_FACE, Boxes, rotation_matrices, yaw_quaternion
from render.tower.order import draw_order
from render.tower.playback import Playback
from render.tower.spinner import Spinner
from render.tower.synthetic import stacked_poses
from render.tower.tint import risk_colour, tinted
from render.tower.view import TOUCH, Figure, TowerScene, TowerView, _covered

W, H = 640, 480
SHOTS = Path(os.environ.get("RENDER_SHOTS", tempfile.gettempdir())) / "tower_shots"
SHOTS.mkdir(parents=True, exist_ok=True)
BG = (24, 27, 34)
WOOD = (214, 178, 128)


@pytest.fixture(scope="module")
def surface():
    pygame.init()
    return pygame.Surface((W, H))


def scene_of(levels=12, missing=(), **extra):
    poses, sizes = stacked_poses(levels, missing=missing)
    colours = np.tile(np.array([WOOD], dtype=float), (len(poses), 1))
    return TowerScene(poses, sizes, colours, **extra)


def camera_for(levels, yaw=-60.0):
    cam = Camera(viewport=(0, 0, W, H), yaw=math.radians(yaw))
    cam.frame_tower(levels * 0.015)
    return cam


def paint(surface, scene, cam, **kw):
    view = TowerView(cam)
    surface.fill(BG)
    view.draw(surface, scene, **kw)
    return view, pygame.surfarray.array3d(surface).transpose(1, 0, 2).astype(int)  # rows, columns, rgb


def not_background(img):
    return np.any(np.abs(img - np.array(BG)) > 12, axis=2)


# ---- geometry and camera ---------------------------------------------------------------------
def test_rotations_are_proper_and_yaw_turns_x_into_y():
    q = np.array([yaw_quaternion(a) for a in (0.0, 0.7, math.pi / 2, 2.0)])
    r = rotation_matrices(q)
    assert np.allclose(r @ np.transpose(r, (0, 2, 1)), np.eye(3), atol=1e-12)
    assert np.allclose(np.linalg.det(r), 1.0)
    assert np.allclose(r[2] @ [1, 0, 0], [0, 1, 0], atol=1e-12)


def test_boxes_corners_span_the_block_sizes():
    poses, sizes = stacked_poses(2)
    boxes = Boxes(poses, sizes)
    extent = boxes.upper - boxes.lower
    assert np.allclose(extent[:3], [0.075, 0.025, 0.015])  # level 0 lies along x
    assert np.allclose(extent[3:], [0.025, 0.075, 0.015])  # level 1 turned a quarter
    with pytest.raises(ValueError, match="poses must be"):
        Boxes(poses[:, :6], sizes)


def test_camera_projects_its_target_to_the_middle_and_turns_by_quarters():
    cam = Camera(viewport=(10, 20, 400, 300))
    (xy,), _ = cam.project(cam.target[None])
    assert np.allclose(xy, [210, 170])
    start = cam.yaw
    cam.quarter_turn(+1)
    for _ in range(100):
        cam.update(1 / 60)
    assert math.isclose((cam.yaw - start) % (2 * math.pi), math.pi / 2, abs_tol=1e-9)
    assert cam.goal_yaw is None
    cam.zoom_by(100)
    assert cam.zoom == 4.0


# ---- draw order --------------------------------------------------------------------------------
def _order(poses, sizes, cam):
    boxes = Boxes(poses, sizes)
    right, up, fwd = cam.basis()
    scr, _ = cam.project(boxes.corners)
    depth = (boxes.centres - cam.eye) @ fwd
    return draw_order(boxes.lower, boxes.upper, depth, cam.eye, scr.min(axis=1), scr.max(axis=1))


def test_blocks_above_are_painted_after_blocks_below_when_seen_from_above():
    poses, sizes = stacked_poses(6)
    cam = camera_for(6)
    order = _order(poses, sizes, cam)
    rank = {b: i for i, b in enumerate(order)}
    for b in range(3, len(poses)):
        for a in range(3 * (b // 3 - 1), 3 * (b // 3)):  # every block of the level below
            assert rank[a] < rank[b], (a, b)


def test_seen_from_below_the_order_reverses():
    poses, sizes = stacked_poses(2)
    cam = camera_for(2)
    cam.target = np.array([0.0, 0.0, -0.05])
    cam.pitch = math.radians(-8)  # the eye below the tower's bottom
    assert cam.eye[2] < 0
    rank = {b: i for i, b in enumerate(_order(poses, sizes, cam))}
    assert all(rank[b] < rank[a] for a in range(3) for b in range(3, 6))


# ---- pictures ------------------------------------------------------------------------------------
def test_fresh_tower_silhouette_stands_in_the_middle(surface):
    levels = 12
    cam = camera_for(levels)
    _, img = paint(surface, scene_of(levels), cam, floor=False)
    mask = not_background(img)
    rows, cols = np.nonzero(mask)
    # The tower is a tall narrow shape around the middle column; the corners stay empty.
    assert abs(cols.mean() - W / 2) < 25
    assert (rows.max() - rows.min()) > 1.5 * (cols.max() - cols.min())
    assert not mask[:20, :20].any() and not mask[-20:, -20:].any()
    # The tower fills its bounding box, so the silhouette spans exactly the box's projection.
    box = np.array([[x, y, z] for x in (-0.0375, 0.0375) for y in (-0.0375, 0.0375) for z in (0, levels * 0.015)])
    corners, _ = cam.project(box)
    assert abs(rows.min() - corners[:, 1].min()) < 3 and abs(rows.max() - corners[:, 1].max()) < 3
    assert abs(cols.min() - corners[:, 0].min()) < 3 and abs(cols.max() - corners[:, 0].max()) < 3
    # Wood colours shaded by face: the two sides in view differ in brightness.
    wood = img[mask]
    assert np.all(wood[:, 0] >= wood[:, 2])  # warm colours only, no stray blue
    z = 4.5 * 0.015
    (front, side), _ = cam.project(np.array([[0.0, -0.0375, z], [0.0375, 0.0, z]]))
    front_rgb, side_rgb = img[int(front[1]), int(front[0])], img[int(side[1]), int(side[0])]
    assert abs(int(front_rgb.sum()) - int(side_rgb.sum())) > 40


def test_rotated_view_differs_and_a_quarter_turn_of_a_square_tower_keeps_its_outline(surface):
    levels = 8
    _, a = paint(surface, scene_of(levels), camera_for(levels, yaw=-60), floor=False)
    _, b = paint(surface, scene_of(levels), camera_for(levels, yaw=-15), floor=False)
    ma, mb = not_background(a), not_background(b)
    assert np.mean(ma != mb) > 0.005
    assert np.abs(a - b).sum() > 0


def test_removed_blocks_open_gaps_and_picking_finds_what_is_in_front(surface):
    levels = 10
    cam = camera_for(levels, yaw=-90)  # looking straight at the -y side
    view, full = paint(surface, scene_of(levels), cam, floor=False)
    # Level 4 lies along x; its slot 0 is the block nearest the eye on that side.
    front = 4 * 3 + 0
    (centre,), _ = cam.project(np.array([[0.0, -0.025, 4.5 * 0.015]]))
    assert view.pick(centre) == front
    scene = scene_of(levels, missing=[(4, 0)])
    view2, gap = paint(surface, scene, cam, floor=False)
    # Through the gap the eye meets blocks deeper inside, drawn darker; picking finds one of them
    # (the top of level 3 or the middle block of level 4; ids above 11 shift by one in the list).
    assert view2.pick(centre) in {9, 10, 11, 12}
    x, y = int(centre[0]), int(centre[1])
    assert gap[y, x].sum() < 0.8 * full[y, x].sum()
    assert np.array_equal(full[:y - 60], gap[:y - 60])  # the picture above the gap is unchanged
    assert view.pick((5, 5)) is None


def test_risk_tint_shows_ramp_colours_and_fades_the_rest(surface):
    levels = 8
    cam = camera_for(levels, yaw=-90)
    scene = scene_of(levels)
    risk = np.full(len(scene.poses), np.nan)
    low, high = 2 * 3, 4 * 3  # the front blocks of levels 2 and 4
    risk[low], risk[high] = 0.0, 1.0
    _, img = paint(surface, scene, cam, risk=risk, floor=False)

    def colour_at(level):
        (p,), _ = cam.project(np.array([[0.0, -0.0376, (level + 0.5) * 0.015]]))
        return img[int(p[1]), int(p[0])]

    safe, risky, faded = colour_at(2), colour_at(4), colour_at(6)
    assert safe[0] > safe[1] > safe[2]  # 0 %: wood, shaded by the light
    assert risky[0] > 2 * risky[1] and risky[0] > 2 * risky[2]  # 100 %: dark red
    assert risky.sum() < 0.7 * safe.sum()  # darker as the risk rises
    assert abs(int(faded[0]) - int(faded[2])) < abs(int(safe[0]) - int(safe[2]))  # no figure: a little grey
    ramp = risk_colour(np.linspace(0, 1, 9))
    assert np.all(np.diff(ramp @ [0.2126, 0.7152, 0.0722]) < 0)  # lightness falls steadily with the risk
    assert np.allclose(tinted(np.array(WOOD, dtype=float), 0.0), WOOD)  # a safe block keeps its wood


def test_hover_outline_and_pieces_are_drawn(surface):
    levels = 8
    cam = camera_for(levels, yaw=-90)
    scene = scene_of(levels, holes=True, symbols={0: "mushroom"},
                     figures=[Figure("dk_pauline"), Figure("mario", 3 * 3, -1, label="1")])
    _, img = paint(surface, scene, cam, hover=6, floor=False)
    assert np.any(np.all(img == palette.HIGHLIGHT, axis=2))  # the hover outline
    (top,), _ = cam.project(np.array([[0.0, 0.0, levels * 0.015]]))
    above = img[int(top[1]) - 60:int(top[1]) - 5, int(top[0]) - 40:int(top[0]) + 40]
    assert not_background(above).mean() > 0.2  # Donkey Kong and Pauline stand on top
    (hole,), _ = cam.project(np.array([[0.0, -0.0376, 1.5 * 0.015]]))  # an end of a level-1 block
    assert img[int(hole[1]), int(hole[0])].sum() < 120  # dark: a hole
    (mush,), _ = cam.project(np.array([[0.0, -0.0376, 0.5 * 0.015]]))
    x, y = int(mush[0]), int(mush[1])
    patch = img[y - 3:y + 3, x - 3:x + 3]
    assert np.any((patch[..., 0] > 180) & (patch[..., 1] < 90))  # the mushroom's red cap


def test_the_chosen_block_is_outlined_in_its_colour_over_a_dark_line(surface):
    """An accessibility audit: the block chosen with the arrow keys had only a thin sky-blue line, 1.4:1
    against the wood. Its outline (and the pointer's) is a light line over a dark one, in the block's
    outline on screen."""
    from render.tower.view import HALO

    levels = 8
    cam = camera_for(levels, yaw=-90)
    scene = scene_of(levels)
    view, img = paint(surface, scene, cam, selected=10, floor=False)
    box = view.screen_rects[10]
    inside = img[box.top:box.bottom, box.left:box.right]
    assert np.all(inside == palette.ACCENT, axis=2).sum() > 2 * (box.w + box.h)  # a line 3 pixels wide
    assert np.all(inside == HALO, axis=2).sum() > box.w + box.h  # the dark line beside it
    _, plain = paint(surface, scene, cam, floor=False)
    assert not np.any(np.all(plain == HALO, axis=2))  # nothing chosen, no dark line


def test_the_kept_picture_is_the_tower_painted_afresh_and_is_painted_again_on_any_change(surface):
    """With a backdrop the view keeps its picture: a frame in which nothing it is drawn from changed
    copies it (no painting); a change of hover, tint, camera or poses paints anew; every frame shows
    exactly the pixels a fresh paint gives, and picking agrees with it."""
    levels = 8
    cam = camera_for(levels, yaw=-90)
    scene = scene_of(levels, holes=True, symbols={0: "mushroom"})
    risk = np.full(len(scene.poses), np.nan)
    kept = TowerView(cam)

    def frame(**kw):
        surface.fill((200, 0, 200))  # whatever was on the surface before: the picture covers the viewport
        kept.draw(surface, scene, backdrop=BG, **kw)
        return pygame.surfarray.array3d(surface).transpose(1, 0, 2).astype(int)

    fresh_view, fresh = paint(surface, scene, cam, risk=risk)
    assert np.array_equal(frame(risk=risk), fresh) and kept.paints == 1
    assert np.array_equal(frame(risk=risk), fresh) and kept.paints == 1  # nothing changed: copied
    assert kept.pick((W // 2, H // 2)) == fresh_view.pick((W // 2, H // 2)) is not None
    changes = [dict(risk=risk, hover=6)]
    risk2 = risk.copy()
    risk2[6] = 0.4  # a figure arrives
    changes.append(dict(risk=risk2, hover=6))
    for kw in changes:
        _, want = paint(surface, scene, cam, **kw)
        before = kept.paints
        assert np.array_equal(frame(**kw), want) and kept.paints == before + 1
    for k in range(3):  # the camera turns frame after frame (painted straight onto the surface)
        cam.yaw += 0.2
        _, want = paint(surface, scene, cam, risk=risk2, hover=6)
        assert np.array_equal(frame(risk=risk2, hover=6), want) and kept.paints == 4 + k
    scene.poses = scene.poses.copy()
    scene.poses[6, 0] += 0.01  # a block moves
    _, want = paint(surface, scene, cam, risk=risk2, hover=6)
    assert np.array_equal(frame(risk=risk2, hover=6), want) and kept.paints == 7
    # It holds still again: kept once more (one paint), then copied.
    assert np.array_equal(frame(risk=risk2, hover=6), want) and kept.paints == 8
    assert np.array_equal(frame(risk=risk2, hover=6), want) and kept.paints == 8
    assert kept.pick((W // 2, H // 2)) is not None


def test_the_view_draws_the_simulators_table_and_a_floor_under_every_block(surface):
    """The table the simulator's towers stand on is 1.2 x 0.8 m, its top at z = 0 with the tower at its
    centre, the floor 0.75 m below (sim/world.py): the view draws that table top, not a round mat, and
    a floor reaching past every block, so a block that slid off the table is drawn lying on the floor."""
    from games.jenga import physics
    from render.tower.view import GROUND, TABLE_TOP
    from sim.world import TABLE_M, TABLE_TOP_M

    table = physics.table()
    assert (table["length"], table["width"], -table["floor_z"], table["thickness"]) == (*TABLE_M, TABLE_TOP_M)
    scene = scene_of(4, table=table)
    scene.poses[0, :3] = (1.5, 0.9, table["floor_z"] + 0.0075)  # slid far across the floor
    cam = Camera(viewport=(0, 0, W, H), yaw=math.radians(-60), pitch=math.radians(40), zoom=0.2)
    cam.frame_tower(0.3)
    everything = np.ones(len(scene.poses), dtype=bool)
    bare = TowerScene(scene.poses, scene.sizes, scene.colours, hidden=everything, table=table)
    _, ground = paint(surface, bare, cam)  # the table and the floor alone
    _, img = paint(surface, scene, cam)
    pygame.image.save(surface, str(SHOTS / "table_and_floor.png"))

    def at(picture, xyz):
        (p,), _ = cam.project(np.array([xyz], dtype=float))
        assert 0 <= p[0] < W and 0 <= p[1] < H, "the point is out of the picture"
        return tuple(picture[int(p[1]), int(p[0])])

    half_l, half_w = table["length"] / 2, table["width"] / 2
    for sx, sy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):  # the corners of the table top are where sim has them
        assert at(ground, (sx * (half_l - 0.03), sy * (half_w - 0.03), 0.0)) == TABLE_TOP
    assert at(ground, (half_l + 0.05, 0.0, 0.0)) != TABLE_TOP  # past its end: no table
    assert at(ground, (0.0, half_w + 0.05, 0.0)) != TABLE_TOP
    x, y, z = scene.poses[0, :3]
    assert at(img, (x, y, z)) not in (GROUND, BG, TABLE_TOP)  # the block far out on the floor is drawn
    for dx, dy in ((0.08, 0.0), (-0.08, 0.0), (0.0, 0.08), (0.0, -0.08)):
        assert at(img, (x + dx, y + dy, table["floor_z"])) == GROUND  # lying on the floor, all round it
    assert np.all(np.any(img != BG, axis=2)[int(H * 0.75):])  # below the table: floor, no empty room


# ---- widgets -----------------------------------------------------------------------------------------
def test_a_spinner_asking_for_a_new_spin_no_longer_lights_the_last_one(surface):
    """A family audit: while the next person was asked to spin, the wheel still lit the last spin's section and
    named it over a white needle, which a child read as already spun. Waiting, the section is drawn in its own
    colour, unnamed, and the needle is grey."""
    spinner = Spinner(["0", "1", "2", "3", "0", "1"], groups=[0, 0, 1, 1, 2, 2])
    spinner.spin_to(1)
    while spinner.spinning:
        spinner.update(1 / 60)
    centre = (W // 2, H // 2)
    inside_1 = (int(W // 2 + 135 * math.sin(math.pi / 2)), int(H // 2 - 135 * math.cos(math.pi / 2)))  # past its label
    needle = (int(W // 2 + 60 * math.sin(spinner.angle)), int(H // 2 - 60 * math.cos(spinner.angle)))
    surface.fill(BG)
    spinner.draw(surface, centre, 150)
    assert spinner.label_rect is not None and tuple(surface.get_at(inside_1))[:3] != palette.SKY_BLUE  # lit
    assert tuple(surface.get_at(needle))[:3] == palette.WHITE
    surface.fill(BG)
    spinner.draw(surface, centre, 150, "Click to spin", waiting=True)
    assert spinner.label_rect is None and tuple(surface.get_at(inside_1))[:3] == palette.SKY_BLUE  # its own colour
    assert tuple(surface.get_at(needle))[:3] == palette.TEXT_DIM


def test_spinner_stops_on_the_outcome_it_is_given(surface):
    spinner = Spinner(["0", "1", "2", "3", "0", "1"], groups=[0, 0, 1, 1, 2, 2])
    for target in (4, 1, 1, 5):
        spinner.spin_to(target)
        frames = 0
        while spinner.spinning:
            spinner.update(1 / 60)
            frames += 1
        assert spinner.result == target and spinner.section_at_arrow() == target
        assert frames > 60  # it really spins for a while
    with pytest.raises(ValueError):
        spinner.spin_to(6)
    surface.fill(BG)
    spinner.draw(surface, (W // 2, H // 2), 150)
    inside_0 = (int(W // 2 + 80 * math.sin(math.pi / 6)), int(H // 2 - 80 * math.cos(math.pi / 6)))
    assert tuple(surface.get_at(inside_0))[:3] == palette.SKY_BLUE  # section 0 in its group's colour
    inside_5 = (int(W // 2 - 100 * math.sin(math.pi / 12)), int(H // 2 - 100 * math.cos(math.pi / 12)))
    assert tuple(surface.get_at(inside_5))[:3] == palette.mix(palette.BLUISH_GREEN, palette.WHITE, 0.45)  # lit
    pygame.image.save(surface, str(SHOTS / "spinner.png"))


def test_countdown_runs_and_ends_early_on_the_verdict():
    c = SettleCountdown()
    c.start(10)
    for _ in range(30):
        c.update(0.1)
    assert math.isclose(c.left, 7.0, abs_tol=1e-9) and not c.done
    assert c.reason() == ""
    c.decide(fell=False, decided_s=0.8, linger=0.5)
    assert c.reason() == "at rest by 0.8 s"  # why the wait ended early
    for _ in range(6):
        c.update(0.1)
    assert c.done and c.verdict == "stands" and c.left > 6


def test_playback_interpolates_at_real_speed():
    frames = np.zeros((31, 1, 7))
    frames[:, 0, 0] = np.linspace(0, 1, 31)
    frames[:, 0, 6] = 1.0
    play = Playback(frames, rate_hz=30)
    assert math.isclose(play.duration, 1.0)
    play.update(0.25)
    assert math.isclose(play.poses()[0, 0], 0.25, abs_tol=1e-9)
    play.update(5.0)
    assert play.done and math.isclose(play.poses()[0, 0], 1.0)


def _green_shell(patch):
    return np.any((patch[..., 1] > 110) & (patch[..., 0] < 80) & (patch[..., 2] < 90))


def against_the_tower(view: TowerView, rect: pygame.Rect, polys: np.ndarray | None = None):
    """How Bowser's sprite drawn at rect meets the faces drawn on screen (polys; the blocks' by default):
    (the most of his opaque pixels over a face on any one row, whether he touches one: moved two pixels
    toward the tower some would be over it), and his lowest opaque row (his feet) on screen."""
    polys = view._pick_polys if polys is None else polys
    sprite = view.sprites.figure("bowser", rect.size)
    xs, ys = np.nonzero(pygame.surfarray.array_alpha(sprite) > 60)
    pts = np.stack([xs + rect.left + 0.5, ys + rect.top + 0.5], axis=1)
    over = _covered(polys, pts)
    per_row = np.bincount(ys[over], minlength=rect.h) if over.any() else np.zeros(1, int)
    centre = polys.reshape(-1, 2)[:, 0].mean()
    toward = 1.0 if centre > rect.centerx else -1.0
    touches = bool(_covered(polys, pts + np.array([2.0 * toward, 0.0])).any())
    return int(per_row.max()), touches, rect.top + int(ys.max())


def test_bowser_stands_at_his_layer_once_blocks_are_stacked_above_him(surface):
    """Super Mario: "Place Bowser at the top of the tower" as built, then "stack it above Bowser": he keeps
    his layer (the rules engine's bowser_level), so with three layers stacked over him he is drawn at that
    layer's height, beside the tower on the side facing the eye, and not on the new top. He reads as standing
    on his layer at the tower's side (beside the whole tower with a gap, at his layer's middle, he hung in
    mid-air): his feet level with the top of layer 14 at its outer corner on screen, his side against the
    blocks there, over none of them."""
    levels, his = 17, 14
    cam = camera_for(levels, yaw=-90)
    on_his_layer = his * 3 + 1  # the middle block of layer 14 (stacked_poses numbers level by level)
    scene = scene_of(levels, holes=True, figures=[Figure("bowser", on_his_layer)])
    view, img = paint(surface, scene, cam, floor=False)
    (fig, centre, w, h), = view._place_figures(scene, Boxes(scene.poses, scene.sizes), np.ones(len(scene.poses), bool))
    (_, rect), = view.figure_rects
    (kind, drawn, corner, _), = view.beside
    assert kind == "bowser" and drawn == rect
    # the corner is the top of layer 14 at its outermost point on screen, on his side of the tower
    tops = Boxes(scene.poses, scene.sizes).corners[his * 3:his * 3 + 3][:, FACE_CORNERS[TOP_FACE]].reshape(-1, 3)
    assert np.allclose(tops[:, 2], (his + 1) * 0.015)
    tops_xy, _ = cam.project(tops)
    side = 1 if rect.centerx > tops_xy[:, 0].mean() else -1
    assert corner[0] * side == pytest.approx((tops_xy[:, 0] * side).max())
    over, touches, feet = against_the_tower(view, rect)
    assert abs(feet - corner[1]) <= 2  # his feet on layer 14's top face, as seen
    assert touches and over <= TOUCH + 1  # against the blocks above his layer, over none of them
    (p,), _ = cam.project(centre[None])
    assert _green_shell(img[int(p[1]) - 20:int(p[1]) + 20, int(p[0]) - 30:int(p[0]) + 30])
    (top,), _ = cam.project(np.array([[0.0, 0.0, levels * 0.015 + h / 2]]))
    assert not _green_shell(img[int(top[1]) - 15:int(top[1]) + 15, int(top[0]) - 30:int(top[0]) + 30])
    pygame.image.save(surface, str(SHOTS / "bowser_at_his_layer.png"))

    # On the tower as built nothing is above his layer: he stands on top, as before.
    scene = scene_of(his + 1, holes=True, figures=[Figure("bowser", on_his_layer)])
    (fig, centre, w, h), = view._place_figures(scene, Boxes(scene.poses, scene.sizes), np.ones(len(scene.poses), bool))
    assert centre[2] == pytest.approx((his + 1) * 0.015 + h / 2) and np.linalg.norm(centre[:2]) < 0.01


def test_the_mario_scene_gives_bowser_a_block_of_his_layer():
    """scene_of reads Bowser's layer from the rules engine (bowser_level) and hands the view one of its blocks."""
    from games import registry
    from games.core import Seat
    from games.match import Match
    from render.tower.jenga_scene import scene_of as jenga_scene_of

    match = Match(registry.get("jenga_mario").make_config(seats=[Seat("A"), Seat("B")]), seed=4)
    while match.state.tower is None:
        match.step()
    state = match.state
    state.bowser = 9  # as if the tower had grown above him (rendering reads only)
    bowser, = [f for f in jenga_scene_of(state).figures if f.kind == "bowser"]
    assert bowser.block in state.layout[9]


def _lab(rgb):
    """sRGB (..., 3) 0..255 -> CIELAB (D65)."""
    c = np.asarray(rgb, dtype=float) / 255
    c = np.where(c > 0.04045, ((c + 0.055) / 1.055) ** 2.4, c / 12.92)
    xyz = c @ np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]).T
    f = xyz / np.array([0.9505, 1.0, 1.089])
    f = np.where(f > 0.008856, np.cbrt(f), 7.787 * f + 16 / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], -1)


def _deuteranope(rgb):
    """What a deuteranope sees (Machado et al. 2009, severity 1), sRGB 0..255."""
    c = np.asarray(rgb, dtype=float) / 255
    lin = np.where(c > 0.04045, ((c + 0.055) / 1.055) ** 2.4, c / 12.92)
    m = np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]])
    out = np.clip(lin @ m.T, 0, 1)
    return 255 * np.where(out > 0.0031308, 1.055 * out ** (1 / 2.4) - 0.055, 12.92 * out)


@pytest.mark.parametrize("tower", ["classic", "dk", "mario"])
def test_every_tinted_block_stands_apart_from_an_untinted_one_of_its_tower(tower):
    """On Donkey Kong's red girders the yellow-to-red scale put a 75 % block 24 CIELAB units from a plain
    girder (10 for a deuteranope) and a 50 % Super Mario block 15: risk that looks like no risk. Each
    tower's scale keeps every tinted block, 5 % to 100 %, clear of its own block colour for normal and
    deuteranope eyes (at least 17 units; 25 from 50 % up, where a fall is as likely as not; an
    accessibility audit took the classic tower's 14 at 5 % for plain wood), and darker as the risk rises."""
    from render.tower.jenga_scene import BLOCK_COLOUR, RISK_SCALE

    base = np.array(BLOCK_COLOUR[tower], dtype=float)
    p = np.linspace(0.05, 1.0, 20)
    cols = tinted(np.broadcast_to(base, (len(p), 3)), p, RISK_SCALE[tower])
    for seen, plain in ((_lab(cols), _lab(base)), (_lab(_deuteranope(cols)), _lab(_deuteranope(base)))):
        apart = np.linalg.norm(seen - plain, axis=1)
        assert apart.min() > 17 and apart[p >= 0.5].min() > 25, (tower, apart.round(1))
    assert np.all(np.diff(_lab(cols)[:, 0]) < 0)                      # lightness falls as the risk rises
    assert np.allclose(tinted(base, 0.0, RISK_SCALE[tower]), base)     # a safe block keeps its colour


def test_the_figure_on_top_steps_aside_from_the_places_and_neither_crosses_the_other(surface):
    """Seen in Donkey Kong Jenga with a block in hand: the outlines of the three places on top, drawn over
    everything, crossed Donkey Kong and Pauline from head to foot; drawn again over the outlines, the figure
    then hid the middle place (a mouse-only audit had to use the list to stack). While places are shown the
    figure stands aside: listed once, its picture clear of every place, nothing drawn over it. "When removing
    and stacking girders, you must also remove and replace Donkey Kong and Pauline": they stand on the table
    beside the tower's foot (beside the top, they stood in the air)."""
    levels = 12
    cam = camera_for(levels, yaw=-60)
    cam.zoom_by(0.7)  # the whole figure in the picture
    scene = scene_of(levels, figures=[Figure("dk_pauline")])
    ghosts, sizes = stacked_poses(levels + 1)
    ghosts, sizes = ghosts[-3:], sizes[-3:]
    view, img = paint(surface, scene, cam, floor=False, ghosts=ghosts, ghost_sizes=sizes)
    (kind, rect), = view.figure_rects
    assert kind == "dk_pauline"
    sprite = view.sprites.figure("dk_pauline", rect.size)
    alpha = pygame.surfarray.array_alpha(sprite).T  # rows, columns
    colours = pygame.surfarray.array3d(sprite).transpose(1, 0, 2).astype(int)
    solid = alpha == alpha.max()  # the sprite's opaque inside (smoothscale leaves it at 253)
    shown = img[rect.top:rect.bottom, rect.left:rect.right]
    # nothing drawn over him: his opaque pixels are his own (within the 253 of 255 alpha's blending)
    assert solid.sum() > 500 and np.abs(shown[solid] - colours[solid]).max() <= 4
    outline = np.all(img == palette.ACCENT, axis=2)
    assert outline.sum() > 200  # the places' outlines are there
    places = view._ghost_polys.reshape(-1, 2)
    assert len(places) and not any(rect.collidepoint(float(x), float(y)) for x, y in places)
    tower = pygame.Rect(view.screen_rects[0]).unionall([pygame.Rect(r) for r in view.screen_rects.values()])
    assert not rect.colliderect(tower)  # clear of every block, beside the tower
    assert rect.bottom > tower.centery  # down at the foot, on the table, not up by the top
    # and with no block in hand he stands on the top again, over the middle of the places he left
    view2, _ = paint(surface, scene, cam, floor=False)
    (_, on_top), = view2.figure_rects
    xs = places[:, 0]
    assert xs.min() < on_top.centerx < xs.max() and not (xs.min() < rect.centerx < xs.max())


def test_bowser_stepping_aside_for_a_stack_stays_tied_to_his_layer(surface):
    """An audit (Super Mario Jenga): while a block was in hand Bowser stepped aside from the places on top
    and hung beside the tower with his line and "Bowser: layer 14" gone, nothing saying where his layer
    was. He steps aside at his layer's height, standing at its corner against the places above it, his words
    under him."""
    levels = 12
    cam = camera_for(levels, yaw=-60)
    cam.zoom_by(0.7)
    top_block = 3 * (levels - 1)  # a block of the top layer: Bowser's, as built
    scene = scene_of(levels, figures=[Figure("bowser", block=top_block, label="Bowser: layer 11")])
    ghosts, sizes = stacked_poses(levels + 1)
    view, _ = paint(surface, scene, cam, floor=False, ghosts=ghosts[-3:], ghost_sizes=sizes[-3:])
    (kind, drawn, corner, label), = view.beside
    (_, rect), = view.figure_rects
    assert kind == "bowser" and drawn == rect and label is not None
    his = [view.screen_rects[b] for b in range(top_block, top_block + 3)]
    assert any(r.inflate(2, 2).collidepoint(corner) for r in his)  # he stands at his layer's corner
    over, touches, feet = against_the_tower(view, rect)
    assert over <= TOUCH + 1 and abs(feet - corner[1]) <= 2
    places_over, places_touch, _ = against_the_tower(view, rect, view._ghost_polys)
    assert places_over <= TOUCH + 1  # clear of the places on top, beside which he stands
    assert touches or places_touch
    assert [b for b, r in view.screen_rects.items() if r.colliderect(label)] == []  # his words over no block


def test_a_figure_beside_the_tower_keeps_its_side_while_it_fits_there(surface):
    """Seen by an audit: Bowser's label jumped from one side of the tower to the other mid-push, the side
    being chosen afresh every frame by which had more room. The side chosen stays while the figure fits on
    it; only when it no longer fits does it go over."""
    levels = 12
    cam = camera_for(levels, yaw=-60)
    cam.zoom_by(0.7)
    scene = scene_of(levels, figures=[Figure("bowser")])
    ghosts, sizes = stacked_poses(levels + 1)
    ghosts, sizes = ghosts[-3:], sizes[-3:]
    view = TowerView(cam)

    def side() -> int:
        surface.fill(BG)
        view.draw(surface, scene, floor=False, ghosts=ghosts, ghost_sizes=sizes)
        (_, rect), = view.figure_rects
        tower = pygame.Rect(view.screen_rects[0]).unionall([pygame.Rect(r) for r in view.screen_rects.values()])
        return 1 if rect.centerx > tower.centerx else -1

    first = side()
    right = cam.basis()[0]
    middle = cam.target.copy()
    # The view slid so that the other side has a little more room: the figure stays where it was.
    cam.target = middle - right * 0.02 * first
    assert side() == first
    # Slid so far that it no longer fits there: it goes over to the other side.
    cam.target = middle - right * 0.15 * first
    assert side() == -first


@pytest.mark.parametrize("radius", [30, 40, 60])
def test_the_countdowns_words_stay_inside_its_ring(surface, radius, lines_drawn):
    """Seen by an audit: the "Stands" badge's "at rest by 0.2 s" ran past both sides of its ring ("t rest by
    0.2 s"). Every line the badge draws is inside the ring's circle."""
    drawn = lines_drawn
    c = SettleCountdown()
    c.start(10)
    c.decide(fell=False, decided_s=0.2, linger=5.0)
    centre = (200, 200)
    c.draw(surface, centre, radius)
    assert [w for w, _ in drawn][0] == "Stands" and " ".join(w for w, _ in drawn[1:]) == "at rest by 0.2 s"
    for words, rect in drawn:
        for corner in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright):
            # the glyphs' box may touch the ring's stroke, never leave it
            assert math.dist(corner, centre) <= radius + 3, (words, rect, radius)


def test_a_mario_whose_girder_tipped_over_stands_on_it_not_in_the_air():
    """A rules audit of Donkey Kong Jenga: in a fall, a girder that tipped over and still counted in the tower
    had its Mario drawn where its end's top would be in the girder's own frame, hanging in the air beside
    the rubble, during the replay and after it. A Mario on a girder leaning more than about 32 degrees
    stands on top of it, near his end; on an upright girder he stands on its end as before."""
    levels = 6
    scene = scene_of(levels, holes=True, figures=[Figure("mario", 4 * 3 + 0, 1, palette.seat_colour(0), "1")])
    view = TowerView(camera_for(levels))
    b = 4 * 3
    (_, upright, _, h), = view._place_figures(scene, Boxes(scene.poses, scene.sizes), np.ones(len(scene.poses), bool))
    boxes = Boxes(scene.poses, scene.sizes)
    assert upright[2] > boxes.upper[b, 2] - 0.001  # standing on the girder's end
    # the girder tipped on its side about its own length (a quarter turn)
    q = np.array([math.sin(math.pi / 4), 0.0, 0.0, math.cos(math.pi / 4)])  # (x, y, z, w): about the x axis
    poses = scene.poses.copy()
    poses[b, 3:] = q
    scene.poses = poses
    boxes = Boxes(poses, scene.sizes)
    assert float(boxes.rotations[b][2, 2]) < 0.1
    (_, centre, _, h), = view._place_figures(scene, boxes, np.ones(len(poses), bool))
    assert centre[2] == pytest.approx(boxes.upper[b, 2] + h / 2 - 0.002)  # on its top, not beside it in the air
    assert np.linalg.norm(centre[:2] - boxes.centres[b, :2]) <= boxes.half[b, 0] + 1e-9
