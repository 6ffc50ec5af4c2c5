"""The tower drawn as shaded boxes in perspective, with its pieces, and picking of the block under the mouse.

TowerView only reads a TowerScene (poses, sizes, colours, symbols, pieces) and never steps the physics.
One frame projects the eight corners of every block at once with numpy, culls the faces turned away,
shades the rest by Lambert's law under a light fixed to the camera, orders the blocks and pieces back to
front (render.tower.order) and paints them, on the simulator's table and floor when the scene has them.
The faces it painted are kept so that pick() can say which block is under a point without drawing
again; given a backdrop it also keeps the picture, and copies it while nothing it is drawn from changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pygame

from render import palette, text

from .camera import Camera
from .figures import FIGURE_SIZE, SpriteBook
from .geometry import END_FACES, FACE_CORNERS, SIDE_FACES, TOP_FACE, Boxes
from .order import draw_order
from .tint import DEFAULT_SCALE, faded, tinted

AMBIENT = 0.42
FLOOR = (44, 49, 60)
FLOOR_EDGE = (70, 76, 92)
TABLE_TOP = (50, 56, 69)  # the simulator's table: its top face, a little lighter than the room behind it
TABLE_EDGE = (82, 89, 107)
GROUND = (36, 40, 50)  # the floor below the table
GROUND_EDGE = (56, 61, 75)
GROUND_MIN_HALF = 1.0  # metres: the floor is drawn at least this far each way from the table's centre
GROUND_MARGIN = 0.3  # and this far beyond the furthest block, so a block that slid away lies on it
NEAR = 0.02  # metres: parts of the table and floor nearer the eye than this are cut off (as blocks are)
TILTED_COS = 0.85  # a girder whose up leans more than about 32 degrees is no longer stood on at its end
EDGE_DARKEN = 0.55
HOLE = (28, 20, 14)
HOLE_RADIUS = 0.0045  # metres
HOLE_POLY = np.stack([np.cos(np.linspace(0, 2 * np.pi, 14, endpoint=False)),
                      np.sin(np.linspace(0, 2 * np.pi, 14, endpoint=False))], axis=1)
OCCLUSION = 0.5  # how much darker a face deep inside the tower is
OCCLUSION_DEPTH = 0.03  # metres in from the outside at which the darkening is full
LEADER = (235, 200, 120)  # the words naming the layer a figure beside the tower stands at
TOP_PIECES = ("dk_pauline", "bowser")  # the figures on the tower's top
SEAT_PIECES = ("mario", "peg")  # the pieces that stand for a seat (drawn through the tower when it hides them)
BEHIND_SHARE = 0.5  # a piece in a hole facing away is drawn through the tower when the tower hides this much of it
BEHIND_ALPHA = 90  # how opaque (of 255) such a piece's sprite is drawn over the blocks hiding it
BEHIND_DASH = 4  # its outline's dashes and gaps, in outline pixels
BEHIND_LINE = (245, 245, 245)  # its outline
HALO = (20, 22, 28)  # the dark line under the outline of the block chosen or under the pointer
SYMBOL_FACES = (*SIDE_FACES, TOP_FACE, TOP_FACE + 1)  # an item's symbol: on the long faces (not the ends: the holes)
TOUCH = 1  # pixels a figure standing against the tower's outline may reach over it (no gap shows)
SQUARE_COS = float(np.cos(np.radians(12)))  # faces turned further than this from a world axis get none


@dataclass
class Figure:
    """A piece to draw: a Mario or a peg in the hole at one end of a block, or a figure on the top.

    kind: "mario", "peg", "dk_pauline" or "bowser". block and end (+1 or -1, the block's own x) place
    a Mario or a peg; the top figures stand on the highest blocks, or, given a block, on that block's
    layer (Bowser keeps his layer while blocks are stacked above him: he then stands beside the tower,
    feet level with his layer's top where it meets the tower's outline on screen, his side against that
    outline and his label under him, clear of every block). offset moves a piece sideways (metres) when
    several share a hole.
    """

    kind: str
    block: int | None = None
    end: int = 1
    colour: tuple[int, int, int] = palette.VERMILLION
    label: str = ""
    character: str = "mario"
    offset: float = 0.0
    fell: bool = False
    """A top figure whose tower fell: he stands on `block` (a block of the fallen top), riding it down in
    the fall's replay and standing on it where it came to rest, not on the stub left standing. A Mario
    whose girder fell with the tower (once the replay is over): he stands on that girder where it lies,
    near his end, rather than beside its end, where he hung in the air."""


@dataclass
class TowerScene:
    """What the view draws: everything is read, nothing is changed."""

    poses: np.ndarray  # (N, 7) xyz + quaternion xyzw, metres
    sizes: np.ndarray  # (N, 3) length, width, height of each block
    colours: np.ndarray  # (N, 3) base colour of each block, 0..255
    hidden: np.ndarray | None = None  # (N,) True for blocks not drawn (in hand)
    symbols: dict[int, str] = field(default_factory=dict)  # block id -> item symbol on its long faces (sides, top, bottom)
    holes: bool = False  # holes in both ends of every block
    figures: list[Figure] = field(default_factory=list)
    loose: np.ndarray | None = None  # (N,) True for blocks off the tower (on the floor)
    table: dict | None = None  # the simulator's table and floor (games.jenga.physics.table()); None: a round mat
    risk_scale: str = DEFAULT_SCALE  # the tint's colour scale (render.tower.tint.SCALES), chosen for the blocks' colour


class TowerView:
    """Draws a TowerScene through a Camera and answers which block is under a point."""

    def __init__(self, camera: Camera | None = None):
        self.camera = camera or Camera()
        self.sprites = SpriteBook()
        self._pick_polys = np.zeros((0, 4, 2))
        self._pick_owner = np.zeros(0, dtype=int)
        self._ghost_polys = np.zeros((0, 4, 2))
        self._ghost_owner = np.zeros(0, dtype=int)
        self.last_order: list[int] = []  # block ids in the order drawn (tests and debugging)
        self.screen_rects: dict[int, pygame.Rect] = {}  # block id -> bounding rect on screen
        self.ring_holes: list[tuple[tuple[int, int], list]] = []  # ((block, end), outline) of each ring drawn
        self.figure_rects: list[tuple[str, pygame.Rect]] = []  # (kind, rect) of each piece's sprite drawn
        # (kind, sprite's rect, the corner of his layer he stands at, label's rect or None) of each figure
        # standing beside the tower at its layer (Bowser under the layers stacked above his)
        self.beside: list[tuple[str, pygame.Rect, tuple[float, float], pygame.Rect | None]] = []
        self.keep_clear: list[pygame.Rect] = []  # what the screen draws over the board: a figure's words keep off it
        self._beside: list = []
        # (kind, label, rect, (block, end)) of each piece in a hole facing away, drawn through the tower
        self.behind: list[tuple[str, str, pygame.Rect, tuple]] = []
        # (block, face, symbol, rect) of each item symbol drawn in the last picture
        self.symbols_drawn: list[tuple[int, int, str, pygame.Rect]] = []
        self._symbol_cache: dict[tuple, tuple] = {}
        self._picture: pygame.Surface | None = None  # the last picture painted with a backdrop
        self._picture_key: tuple | None = None  # everything that picture was painted from
        self.paints = 0  # pictures painted (a picture shown again from the cache is not counted)
        self._last_key: tuple | None = None  # what the last frame was drawn from
        self._table: Boxes | None = None  # the table top's box, built once
        self._table_key: tuple | None = None
        self._missed = False  # whether the last frame had to be painted

    # ---- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, scene: TowerScene, risk: np.ndarray | None = None,
             hover: int | None = None, selected: int | None = None, floor: bool = True,
             ghosts: np.ndarray | None = None, ghost_sizes: np.ndarray | None = None,
             ghost_hover: int | None = None, ghost_fill=None, marked_holes=(), hover_hole=None,
             outlined=(), backdrop=None) -> None:
        """Paint the tower. risk: (N,) collapse probabilities, nan where unknown; when given, blocks are
        tinted by it (wood where 0: see render.tower.tint) and the others fade a little to grey. hover and selected get outlines. ghosts: (G, 7) poses
        of places a block may go (outlined over everything; ghost_hover filled with ghost_fill).
        marked_holes: (block, end +1/-1) of holes a piece may go into now, ringed where they show;
        hover_hole, one of them, is filled. outlined: blocks outlined in vermillion (a fall's first movers), or, given
        as (block, "touched"), in white over a dark line (the block the last touch tested).

        backdrop: the colour behind the tower. Given it, the view paints the camera's viewport into a
        picture of its own on that colour and copies it to the surface; while nothing it is drawn from
        changes (the scene, the camera, the tint, the marks), the next frames copy the same picture
        without painting it again (a still tower under a moving pointer costs a copy a frame, not a
        projection and a thousand polygons). While the picture changes frame after frame (a live push,
        a fall, a turn) it is painted straight onto the surface, and kept again once it holds still.
        Picking answers from the faces of the last picture painted, which is the one shown."""
        if backdrop is None:
            self._picture_key = None
            self._paint(surface, scene, risk, hover, selected, floor, ghosts, ghost_sizes, ghost_hover,
                        ghost_fill, marked_holes, hover_hole, outlined)
            return
        area = pygame.Rect(self.camera.viewport).clip(surface.get_rect())
        key = self._key(surface, scene, risk, hover, selected, floor, ghosts, ghost_sizes, ghost_hover,
                        ghost_fill, marked_holes, hover_hole, outlined, backdrop)
        last, self._last_key = self._last_key, key
        if key != self._picture_key and key != last and self._missed:
            # Changing frame after frame (a push, a fall, a turn): paint straight onto the surface, as
            # keeping a picture that the next frame replaces would only cost a copy.
            clip = surface.get_clip()
            surface.set_clip(area.clip(clip))
            surface.fill(backdrop, area)
            self._paint(surface, scene, risk, hover, selected, floor, ghosts, ghost_sizes, ghost_hover,
                        ghost_fill, marked_holes, hover_hole, outlined)
            surface.set_clip(clip)
            self._picture_key = None  # the picture kept is not the one picking now answers for
            return
        self._missed = key != self._picture_key
        picture = self._picture
        if picture is None or picture.get_size() != surface.get_size() or picture.get_bitsize() != surface.get_bitsize():
            picture = self._picture = pygame.Surface(surface.get_size(), 0, surface)
            self._picture_key = None
        if key != self._picture_key:
            picture.set_clip(area)
            picture.fill(backdrop, area)
            self._paint(picture, scene, risk, hover, selected, floor, ghosts, ghost_sizes, ghost_hover,
                        ghost_fill, marked_holes, hover_hole, outlined)
            picture.set_clip(None)
            self._picture_key = key
        surface.blit(picture, area.topleft, area)

    def _key(self, surface, scene, risk, hover, selected, floor, ghosts, ghost_sizes, ghost_hover, ghost_fill,
             marked_holes, hover_hole, outlined, backdrop) -> tuple:
        """Everything a picture is painted from, in a form that compares by value."""
        cam = self.camera

        def raw(a):
            return None if a is None else (np.asarray(a).shape, np.ascontiguousarray(a).tobytes())

        return (surface.get_size(), tuple(backdrop), None if scene.table is None else tuple(sorted(scene.table.items())), palette.HIGHLIGHT, palette.ACCENT, palette.VERMILLION, cam.yaw, cam.pitch, cam.distance, cam.zoom,
                tuple(np.asarray(cam.target, dtype=float).tolist()), tuple(cam.viewport), cam.fov_height,
                raw(scene.poses), raw(scene.sizes), raw(scene.colours), raw(scene.hidden), raw(scene.loose),
                tuple(sorted(scene.symbols.items())), scene.holes, tuple(repr(f) for f in scene.figures),
                raw(risk), hover, selected, floor, raw(ghosts), raw(ghost_sizes), ghost_hover,
                None if ghost_fill is None else tuple(ghost_fill), tuple(marked_holes), hover_hole,
                tuple(outlined))

    def _paint(self, surface, scene, risk, hover, selected, floor, ghosts, ghost_sizes, ghost_hover, ghost_fill,
               marked_holes, hover_hole, outlined) -> None:
        self.paints += 1
        cam = self.camera
        n = len(scene.poses)
        shown = np.ones(n, dtype=bool) if scene.hidden is None else ~np.asarray(scene.hidden, dtype=bool)
        boxes = Boxes(scene.poses, scene.sizes)
        eye = cam.eye
        right, up, forward = cam.basis()
        screen, depth = cam.project(boxes.corners, (right, up, forward))  # (N, 8, 2), (N, 8)
        centre_depth = (boxes.centres - eye) @ forward
        shown &= centre_depth > 0.02

        # Which faces look at the eye, and how bright each is.
        to_eye = eye[None, None, :] - boxes.face_centres
        facing = np.einsum("nfk,nfk->nf", boxes.normals, to_eye) > 0
        light = 0.75 * -forward + 0.55 * up - 0.55 * right
        light /= np.linalg.norm(light)
        lambert = np.clip(boxes.normals @ light, 0.0, 1.0)
        shade = (AMBIENT + (1 - AMBIENT) * lambert) * self._occlusion(boxes, shown if scene.loose is None else shown & ~np.asarray(scene.loose, bool))
        base = np.asarray(scene.colours, dtype=float)
        if risk is not None:
            risk = np.asarray(risk, dtype=float)
            known = ~np.isnan(risk)
            base = np.where(known[:, None], tinted(base, np.nan_to_num(risk), scene.risk_scale), faded(base))  # safe: wood
        if hover is not None and 0 <= hover < n:
            base = base.copy()
            base[hover] = base[hover] * 0.75 + 255 * 0.25
        face_rgb = np.clip(base[:, None, :] * shade[:, :, None], 0, 255).astype(int)  # (N, 6, 3)
        edge_rgb = (face_rgb * EDGE_DARKEN).astype(int)
        face_screen = screen[:, FACE_CORNERS, :]  # (N, 6, 4, 2)

        # The pieces are ordered with the blocks, each as a small box around where it stands.
        aside = ghosts is not None and len(ghosts) > 0
        places = Boxes(np.asarray(ghosts, float), np.asarray(ghost_sizes, float)) if aside else None
        placed = self._place_figures(scene, boxes, shown, aside=aside, places=places)
        ids = np.flatnonzero(shown)
        lower = [boxes.lower[ids]]
        upper = [boxes.upper[ids]]
        depths = [centre_depth[ids]]
        rect_lo = [screen[ids].min(axis=1)]
        rect_hi = [screen[ids].max(axis=1)]
        for fig, centre, w, h in placed:
            half = np.array([w / 2, w / 2, h / 2])
            lower.append((centre - half)[None])
            upper.append((centre + half)[None])
            (xy,), (d,) = cam.project(centre[None])
            depths.append(np.array([d]))
            ppm = cam.pixels_per_metre(d)
            size = np.array([w * ppm, h * ppm])
            rect_lo.append((xy - size / 2)[None])
            rect_hi.append((xy + size / 2)[None])
        # The table top is drawn while the eye is above it (the camera's lowest pitch can bring it level
        # with the top: a player never looks at the table from underneath).
        table = (self._table_faces(scene.table, light, (right, up, forward), eye)
                 if (floor and scene.table is not None and eye[2] > 0.0) else None)
        table_at = len(ids) + len(placed)  # the table's index in the draw order, when there is one
        if table is not None and table[0]:
            faces, t_lower, t_upper = table
            pts = np.concatenate([quad for quad, _ in faces])
            lower.append(t_lower[None])
            upper.append(t_upper[None])
            # Only planes order it (blocks on it lie above its top, blocks on the floor below it); where
            # none do (a block tipping over its edge) it goes first, under the blocks.
            depths.append(np.array([float(centre_depth.max(initial=0.0)) + 100.0]))
            rect_lo.append(pts.min(axis=0)[None])
            rect_hi.append(pts.max(axis=0)[None])
        order = draw_order(np.concatenate(lower), np.concatenate(upper), np.concatenate(depths), eye,
                           np.concatenate(rect_lo), np.concatenate(rect_hi))

        # Holes and item symbols of every block, projected at once.
        axes = np.transpose(boxes.rotations, (0, 2, 1))  # (N, 3, 3): each block's own x, y, z in world
        holes_xy = symbol_rects = None
        if scene.holes:
            ring = HOLE_POLY * HOLE_RADIUS  # (14, 2) in the end face's own y and z
            ends = boxes.face_centres[:, list(END_FACES), :]  # (N, 2, 3)
            pts = (ends[:, :, None, :] + ring[None, None, :, :1] * axes[:, None, None, 1, :]
                   + ring[None, None, :, 1:2] * axes[:, None, None, 2, :])
            holes_xy, _ = cam.project(pts)  # (N, 2, 14, 2)
        if scene.symbols:
            # A square on each long face (the two sides, the top and the bottom), as big as the face's shorter
            # edge allows, corners in the sprite's order (top left, top right, bottom right, bottom left):
            # on a side its top is the block's top; on the top and bottom its top points along the block's y.
            faces = list(SYMBOL_FACES)
            up_axis = np.array([2, 2, 1, 1])  # the face's own "up" among the block's axes
            side = np.minimum(boxes.half[:, up_axis], boxes.half[:, :1]) * 2 * 0.85  # (N, 4)
            square = np.array([[-1, 1], [1, 1], [1, -1], [-1, -1]]) / 2  # (along x, along up)
            ups = axes[:, up_axis, :]  # (N, 4, 3)
            centres = boxes.face_centres[:, faces, :]  # (N, 4, 3)
            pts = (centres[:, :, None, :]
                   + (square[None, None, :, :1] * side[:, :, None, None]) * axes[:, None, None, 0, :]
                   + (square[None, None, :, 1:2] * side[:, :, None, None]) * ups[:, :, None, :])
            symbol_rects, _ = cam.project(pts)  # (N, 4, 4, 2): the square's corners on screen

        if floor and scene.table is not None:
            self._draw_ground(surface, scene.table, boxes, shown, (right, up, forward))
        elif floor:
            self._draw_floor(surface, scene, boxes)
        polys, owners = [], []
        self.last_order = []
        self.screen_rects = {}
        self.figure_rects = []
        self.symbols_drawn = []
        pieces = []  # (sprite, top left) of each seat's piece drawn in sight
        hidden_pieces = []  # (figure, centre, w, h) of each seat's piece in a hole facing away
        in_sight = set()  # the blocks with a seat's piece drawn in sight (at the end turned to the eye)
        rings = []  # the yellow rings drawn round the holes a piece may go into now
        ring_holes = []  # and the hole of each
        # Plain lists for the loop: numpy indexing per face costs more than the drawing. Only the faces
        # turned to the eye (about half) are listed: block b's are entries first[b] to first[b + 1].
        face_b, face_f = np.nonzero(facing)
        first = np.searchsorted(face_b, np.arange(n + 1)).tolist()
        face_l = face_f.tolist()
        fill_l = face_rgb[face_b, face_f].tolist()
        edge_l = edge_rgb[face_b, face_f].tolist()
        quads_l = face_screen[face_b, face_f].tolist()
        face_quads = np.asarray(face_screen[face_b, face_f][shown[face_b]], dtype=float).reshape(-1, 4, 2)  # drawn faces
        lo_l = screen.min(axis=1).tolist()
        hi_l = screen.max(axis=1).tolist()
        holes_l = holes_xy.tolist() if holes_xy is not None else None
        symbol_l = symbol_rects.tolist() if symbol_rects is not None else None
        ids_l = ids.tolist()
        marked = set(marked_holes)
        draw_polygon = pygame.draw.polygon
        for k in order:
            if k == table_at:
                for quad, colour in table[0]:
                    draw_polygon(surface, colour, quad.tolist())
                    draw_polygon(surface, TABLE_EDGE, quad.tolist(), 1)
                continue
            if k >= len(ids_l):
                fig, centre, w, h = placed[k - len(ids_l)]
                if fig.kind in SEAT_PIECES and self._behind(fig, centre, w, boxes, face_quads):
                    hidden_pieces.append((fig, centre, w, h))  # drawn through the tower at the end
                    continue
                drawn = self._draw_figure(surface, fig, centre, w, h)
                if drawn is not None and fig.kind in SEAT_PIECES:
                    pieces.append(drawn)
                    in_sight.add(fig.block)
                continue
            b = ids_l[k]
            self.last_order.append(b)
            lo, hi = lo_l[b], hi_l[b]
            self.screen_rects[b] = pygame.Rect(int(lo[0]), int(lo[1]), int(hi[0] - lo[0]) + 1, int(hi[1] - lo[1]) + 1)
            symbol = scene.symbols.get(b) if symbol_l is not None else None
            for j in range(first[b], first[b + 1]):
                f = face_l[j]
                pts = quads_l[j]
                draw_polygon(surface, fill_l[j], pts)
                draw_polygon(surface, edge_l[j], pts, 1)
                polys.append(pts)
                owners.append(b)
                if f < 2:
                    if holes_l is not None:
                        hole = (b, 1 if f == 0 else -1)
                        if hole == hover_hole:
                            draw_polygon(surface, palette.HIGHLIGHT, holes_l[b][f])
                        else:
                            draw_polygon(surface, HOLE, holes_l[b][f])
                        if hole in marked:
                            draw_polygon(surface, palette.HIGHLIGHT, holes_l[b][f], 2)
                            rings.append(holes_l[b][f])
                            ring_holes.append((hole, holes_l[b][f]))
                elif symbol is not None:
                    self._draw_symbol(surface, symbol_l[b][f - 2], symbol, b, f)
        # A ring a piece's sprite covers is drawn again over it: a play-tester's own Mario, just placed, hid
        # the ring of the next hole beside it.
        self.rings = rings  # (tests) the rings drawn round the holes a piece may go into
        self.ring_holes = ring_holes
        for ring in rings:
            xs, ys = [x for x, _ in ring], [y for _, y in ring]
            box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1)
            if any(sprite.get_rect(topleft=at).colliderect(box) for sprite, at in pieces):
                pygame.draw.polygon(surface, palette.HIGHLIGHT, ring, 2)
        # Outlines last, over everything: the whole block shows even where others hide it.
        for mark in outlined:
            mark, touched = (mark[0], True) if isinstance(mark, tuple) else (mark, False)
            if 0 <= mark < n and shown[mark]:
                quads = [face_screen[mark, f].tolist() for f in np.flatnonzero(facing[mark])]
                for quad in quads:
                    if touched:  # a white line over a dark one: the block the last touch tested
                        pygame.draw.polygon(surface, HALO, quad, 4)
                for quad in quads:
                    pygame.draw.polygon(surface, palette.WHITE if touched else palette.VERMILLION, quad,
                                        2 if touched else 3)
        # The block chosen (by the arrow keys, or picked up) and the one under the pointer: a light line over a
        # dark one, which reads on the wood as well as on the backdrop (the sky-blue line alone was 1.4:1
        # against the wood: an accessibility audit).
        for mark, colour in ((selected, palette.ACCENT), (hover, palette.HIGHLIGHT)):
            if mark is not None and 0 <= mark < n and shown[mark]:
                quads = [face_screen[mark, f].tolist() for f in np.flatnonzero(facing[mark])]
                for quad in quads:
                    pygame.draw.polygon(surface, HALO, quad, 5)
                for quad in quads:
                    pygame.draw.polygon(surface, colour, quad, 3)
        self.beside = []
        standing = shown if scene.loose is None else shown & ~np.asarray(scene.loose, dtype=bool)
        for fig, side, corner, rect in self._beside:
            self._draw_beside_label(surface, fig, side, corner, rect, screen[standing])
        self.behind = []
        if hidden_pieces:
            self._draw_behind(surface, hidden_pieces, boxes, shown, in_sight)
            # what is in front stays in front of a piece drawn through the tower: the rings of the holes a
            # piece may go into, and the pieces in sight
            for ring in rings:
                pygame.draw.polygon(surface, palette.HIGHLIGHT, ring, 2)
            for sprite, at in pieces:
                if any(sprite.get_rect(topleft=at).colliderect(r) for _, _, r, _ in self.behind):
                    surface.blit(sprite, at)
        self._pick_polys = np.array(polys, dtype=float).reshape(-1, 4, 2)
        self._pick_owner = np.array(owners, dtype=int)
        self._ghost_polys = np.zeros((0, 4, 2))
        self._ghost_owner = np.zeros(0, dtype=int)
        if ghosts is not None and len(ghosts):
            solid = Boxes(scene.poses[shown], scene.sizes[shown])
            self._draw_ghosts(surface, np.asarray(ghosts, dtype=float), np.asarray(ghost_sizes, dtype=float),
                              ghost_hover, ghost_fill, solid)
            # The figure on top (Donkey Kong with Pauline, Bowser) stands where the places go: drawn again over
            # their outlines, which crossed him from head to foot.
            # (Now they step aside while places are shown, so this draws nothing then; kept for a figure that
            # fell onto a top block.)
            beside = {id(fig) for fig, _, _, _ in self._beside}
            for fig, centre, w, h in placed:
                if fig.kind in TOP_PIECES and id(fig) not in beside and fig.fell:
                    self._draw_figure(surface, fig, centre, w, h, again=True)

    def _draw_ghosts(self, surface, poses, sizes, hover, fill, solid: Boxes | None = None) -> None:
        """The places a block may go, as outlines of their faces turned to the eye, less the faces that lie
        against a block or another place (`solid`: the blocks standing). Such a face is hidden in the
        tower: drawn over everything, the face of the far place on a level whose middle block stands
        showed through that block and crossed the near place's outline."""
        boxes = Boxes(poses, sizes)
        screen, _ = self.camera.project(boxes.corners)
        to_eye = self.camera.eye[None, None, :] - boxes.face_centres
        facing = np.einsum("nfk,nfk->nf", boxes.normals, to_eye) > 0
        facing &= ~_against(boxes, solid)
        polys, owners = [], []
        for g in range(len(poses)):
            for f in np.flatnonzero(facing[g]):
                quad = screen[g, FACE_CORNERS[f]]
                polys.append(quad)
                owners.append(g)
                if g == hover and fill is not None:
                    pygame.draw.polygon(surface, fill, quad.tolist())
            for f in np.flatnonzero(facing[g]):
                pygame.draw.polygon(surface, palette.HIGHLIGHT if g == hover else palette.ACCENT,
                                    screen[g, FACE_CORNERS[f]].tolist(), 2)
        self._ghost_polys = np.array(polys).reshape(-1, 4, 2)
        self._ghost_owner = np.array(owners, dtype=int)

    @staticmethod
    def _occlusion(boxes: Boxes, standing: np.ndarray) -> np.ndarray:
        """(N, 6) darkening of faces that lie inside the tower's outline (seen through a gap), by how far
        they are from the outside along their normal: without it a missing block barely shows.

        Sideways the outline is taken level by level (the box around a level's blocks and those of the
        levels just above and below), so a part of the tower that has slid keeps its own outside; up and
        down it is the floor and the top of the tower.
        """
        n = len(boxes)
        if not standing.any():
            return np.ones((n, 6))
        height = float(np.median(boxes.half[standing, 2])) * 2
        band = np.clip(np.floor(boxes.centres[:, 2] / max(height, 1e-6)).astype(int), 0, None)
        bands = int(band[standing].max()) + 3
        lo_b = np.full((bands, 3), np.inf)
        hi_b = np.full((bands, 3), -np.inf)
        np.minimum.at(lo_b, band[standing] + 1, boxes.lower[standing])
        np.maximum.at(hi_b, band[standing] + 1, boxes.upper[standing])
        lo_w = np.minimum(np.minimum(lo_b[:-2], lo_b[1:-1]), lo_b[2:])  # each band with its neighbours
        hi_w = np.maximum(np.maximum(hi_b[:-2], hi_b[1:-1]), hi_b[2:])
        k = np.minimum(band, bands - 3)
        lo, hi = lo_w[k][:, None, :].copy(), hi_w[k][:, None, :].copy()  # (N, 1, 3)
        lo[..., 2] = 0.0  # up and down, the outside is the floor and the tower's top
        hi[..., 2] = boxes.upper[standing, 2].max()
        out = boxes.normals  # (N, 6, 3), unit vectors along world axes for an upright tower
        room = np.where(out > 0, hi - boxes.face_centres, boxes.face_centres - lo)  # distance to the outline
        room = np.nan_to_num(room, posinf=0.0, neginf=0.0)
        main = np.argmax(np.abs(out), axis=2)  # the world axis each face looks along
        along = np.take_along_axis(room, main[..., None], axis=2)[..., 0]
        # Only faces square to the world axes: a twisted part of the tower overfills its axis-aligned box.
        square = np.clip((np.max(np.abs(out), axis=2) - SQUARE_COS) / (1.0 - SQUARE_COS), 0.0, 1.0)
        inside = np.clip(along, 0.0, None) * square
        shade = 1.0 - OCCLUSION * np.clip(inside / OCCLUSION_DEPTH, 0.0, 1.0)
        shade[~standing] = 1.0
        return shade

    def _clipped(self, points: np.ndarray, basis, eye) -> np.ndarray | None:
        """A convex polygon of world points cut to the part at least NEAR in front of the eye, projected
        to the screen (None when nothing of it is in front)."""
        cam = self.camera
        depth = (points - eye) @ basis[2] - NEAR
        if np.all(depth >= 0):
            kept = points
        else:
            out = []
            for i in range(len(points)):  # Sutherland-Hodgman against the one near plane
                j = (i + 1) % len(points)
                if depth[i] >= 0:
                    out.append(points[i])
                if (depth[i] >= 0) != (depth[j] >= 0):
                    t = depth[i] / (depth[i] - depth[j])
                    out.append(points[i] + t * (points[j] - points[i]))
            if len(out) < 3:
                return None
            kept = np.array(out)
        xy, _ = cam.project(kept, basis)
        return _inside_viewport(xy, cam.viewport)

    def _table_box(self, table: dict) -> Boxes:
        key = tuple(sorted(table.items()))
        if self._table_key != key:
            half = np.array([table["length"] / 2, table["width"] / 2, table["thickness"] / 2])
            self._table = Boxes(np.array([[0.0, 0.0, -half[2], 0.0, 0.0, 0.0, 1.0]]), (2 * half)[None])
            self._table_key = key
        return self._table

    def _table_faces(self, table: dict, light: np.ndarray, basis, eye):
        """The simulator's table top as a box: ([(screen polygon, colour)] of its faces turned to the eye,
        its lower and upper world corners)."""
        box = self._table_box(table)
        corners = box.corners[0]
        whole = bool(np.all((corners - eye) @ basis[2] >= NEAR))  # all in front: no face needs cutting
        projected = self.camera.project(corners, basis)[0] if whole else None
        faces = []
        for f in range(6):
            normal = box.normals[0, f]
            if float(normal @ (eye - box.face_centres[0, f])) <= 0:
                continue
            quad = (_inside_viewport(projected[FACE_CORNERS[f]], self.camera.viewport) if whole
                    else self._clipped(corners[FACE_CORNERS[f]], basis, eye))
            if quad is None:
                continue
            top = normal[2] > 0.5
            shade = 1.0 if top else AMBIENT + (1 - AMBIENT) * max(0.0, float(normal @ light))
            colour = TABLE_TOP if top else tuple(int(c * shade) for c in TABLE_EDGE)
            faces.append((quad, colour))
        return faces, box.lower[0], box.upper[0]

    def _draw_ground(self, surface: pygame.Surface, table: dict, boxes: Boxes, shown: np.ndarray, basis) -> None:
        """The floor below the simulator's table: a square round the table's centre, reaching past every
        block (a block that slid far across the floor still lies on it)."""
        reach = float(np.abs(boxes.centres[shown, :2]).max(initial=0.0)) if len(boxes) else 0.0
        half = max(GROUND_MIN_HALF, table["length"] / 2, table["width"] / 2, reach + GROUND_MARGIN)
        z = table["floor_z"]
        square = np.array([[-half, -half, z], [half, -half, z], [half, half, z], [-half, half, z]])
        if self.camera.eye[2] <= z:
            return  # seen from below the floor (never at the camera's pitches): nothing to draw
        xy = self._clipped(square, basis, self.camera.eye)
        if xy is not None:
            pygame.draw.polygon(surface, GROUND, xy.tolist())
            pygame.draw.polygon(surface, GROUND_EDGE, xy.tolist(), 2)

    def _draw_floor(self, surface: pygame.Surface, scene: TowerScene, boxes: Boxes) -> None:
        shown = boxes.centres if len(boxes) else np.zeros((1, 3))
        centre = np.median(shown[:, :2], axis=0) if len(boxes) else np.zeros(2)
        radius = 0.16
        angles = np.linspace(0, 2 * np.pi, 48, endpoint=False)
        ring = np.stack([centre[0] + radius * np.cos(angles), centre[1] + radius * np.sin(angles),
                         np.zeros_like(angles)], axis=1)
        pts, depth = self.camera.project(ring)
        if np.all(depth > 0):
            pygame.draw.polygon(surface, FLOOR, pts.tolist())
            pygame.draw.polygon(surface, FLOOR_EDGE, pts.tolist(), 2)

    def _draw_symbol(self, surface: pygame.Surface, quad, symbol: str, block: int = -1, face: int = -1) -> None:
        """An item's symbol printed on a face: its sprite laid onto the face's square as seen (quad: the
        square's corners on screen, top left, top right, bottom right, bottom left), never mirrored. It was
        the sprite in the square's bounding box on the two long sides only: a block stacked on top with its
        outer side turned away showed its item nowhere, though its top was in full view (an audit)."""
        tl, tr, br, bl = (np.asarray(p, dtype=float) for p in quad)
        u, v = (tr - tl + br - bl) / 2, (bl - tl + br - tr) / 2  # the sprite's x and y on screen
        if u[0] * v[1] - u[1] * v[0] < 0:  # seen from this side the face's x runs right to left: no mirror
            tl, u = tl + u, -u
        if np.linalg.norm(u) < 4 or np.linalg.norm(v) < 4 or abs(u[0] * v[1] - u[1] * v[0]) < 24:
            return  # seen edge on, or too small to read
        got = self._warped_symbol(symbol, u, v)
        if got is None:
            return
        sprite, corner = got
        at = (int(round(tl[0] + corner[0])), int(round(tl[1] + corner[1])))
        surface.blit(sprite, at)
        self.symbols_drawn.append((block, face, symbol, sprite.get_rect(topleft=at)))

    def _warped_symbol(self, symbol: str, u: np.ndarray, v: np.ndarray):
        """(sprite, its top left from the square's top left corner) of an item symbol mapped onto the
        parallelogram spanned by the screen vectors u (the sprite's x) and v (its y); kept per shape."""
        key = (symbol, *np.round(np.concatenate([u, v])).astype(int).tolist())
        hit = self._symbol_cache.get(key)
        if hit is not None:
            return hit
        size = int(max(np.linalg.norm(u), np.linalg.norm(v))) + 1
        src = self.sprites.item(symbol, (size, size))
        if src is None:
            return None
        rgb = pygame.surfarray.array3d(src)  # [x, y]
        alpha = pygame.surfarray.array_alpha(src)
        corners = np.array([[0.0, 0.0], u, u + v, v])
        lo, hi = np.floor(corners.min(axis=0)), np.ceil(corners.max(axis=0))
        w, h = int(hi[0] - lo[0]), int(hi[1] - lo[1])
        if w < 1 or h < 1:
            return None
        xs, ys = np.meshgrid(np.arange(w) + lo[0] + 0.5, np.arange(h) + lo[1] + 0.5, indexing="ij")
        a, b = np.linalg.solve(np.array([u, v]).T, np.stack([xs.ravel(), ys.ravel()]))
        inside = ((a >= 0) & (a < 1) & (b >= 0) & (b < 1)).reshape(w, h)
        sx = np.clip((a * size).astype(int), 0, size - 1).reshape(w, h)
        sy = np.clip((b * size).astype(int), 0, size - 1).reshape(w, h)
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.surfarray.blit_array(out, rgb[sx, sy])
        shade = pygame.surfarray.pixels_alpha(out)
        shade[...] = np.where(inside, alpha[sx, sy], 0)
        del shade  # unlock the surface
        if len(self._symbol_cache) > 512:
            self._symbol_cache.clear()
        self._symbol_cache[key] = (out, (float(lo[0]), float(lo[1])))
        return self._symbol_cache[key]

    def _place_figures(self, scene: TowerScene, boxes: Boxes, shown: np.ndarray, aside: bool = False,
                       places: Boxes | None = None):
        """(figure, centre in world, width, height) for every piece that can be placed. `aside` (a block is
        to be stacked; `places`: where it may go): the figure on the top stands clear of the places on it (a
        play-tester could not see the middle place behind Pauline): Donkey Kong with Pauline on the table
        beside the tower's foot, as the rules have them taken off for the stack; Bowser, who stays on his
        layer, beside the tower at that layer (_beside_layer)."""
        out = []
        self._beside = []  # (figure, side, his layer's corner on screen, sprite's rect): Bowser beside his layer
        top_z = boxes.upper[shown, 2].max() if shown.any() else 0.0
        if shown.any():
            high = shown & (boxes.upper[:, 2] > top_z - 0.5 * boxes.half[:, 2].max() * 2)
            top_xy = boxes.centres[high, :2].mean(axis=0)
        else:
            top_xy = np.zeros(2)
        standing = shown if scene.loose is None else shown & ~np.asarray(scene.loose, dtype=bool)
        for fig in scene.figures:
            w, h = FIGURE_SIZE[fig.kind]
            if fig.kind in ("dk_pauline", "bowser") and fig.fell:
                b = fig.block
                if b is None or not 0 <= b < len(boxes):
                    continue
                centre = np.array([boxes.centres[b, 0], boxes.centres[b, 1], boxes.upper[b, 2] + h / 2])
            elif fig.kind in ("dk_pauline", "bowser"):
                centre = np.array([top_xy[0], top_xy[1], top_z + h / 2])
                if aside and fig.kind == "dk_pauline" and standing.any():
                    # "when removing and stacking girders, you must also remove and replace Donkey Kong and
                    # Pauline": set down on the table beside the tower's foot while the block is stacked
                    # (beside the top they stood in the air)
                    foot = float((boxes.centres[standing, 2] - boxes.half[standing, 2]).min())
                    clear = 2 * FIGURE_SIZE["mario"][0]  # past the Marios standing at the girders' ends
                    centre = self._beside_tower(np.array([top_xy[0], top_xy[1], foot + h / 2]), w, boxes, standing,
                                                clear)
                    out.append((fig, centre, w, h))
                    continue
                b = fig.block
                if (b is not None and 0 <= b < len(boxes) and shown[b]
                        and (aside or boxes.upper[b, 2] < top_z - 0.004)):
                    # Bowser keeps his layer ("stack it above Bowser"): once blocks are stacked above it, or
                    # while places for them are shown over it, he stands beside the tower at that layer, clear
                    # of the layers above (in front of the tower, or drawn through it, he covered them and
                    # their item symbols).
                    centre = self._beside_layer(fig, b, w, h, boxes, standing | (np.arange(len(boxes)) == b),
                                                places)
                    if centre is not None:
                        out.append((fig, centre, w, h))
                    continue
                if aside:
                    centre = self._beside_tower(centre, w, boxes, standing)
                    out.append((fig, centre, w, h))
                    continue
            else:
                if fig.block is None or not (0 <= fig.block < len(boxes)) or not shown[fig.block]:
                    continue
                b = fig.block
                upright = float(np.asarray(boxes.rotations[b])[2, 2])  # the girder's up, in the world's
                if fig.kind == "mario" and (fig.fell or upright < TILTED_COS):
                    # his girder lies in the rubble: he stands on it near his end, not beside its end in the air
                    # (a girder tipped in a fall, still counted in the tower, had him hanging in the air beside
                    # it during the replay and after: a rules audit)
                    on = boxes.local_to_world(b, np.array([fig.end * 0.6 * boxes.half[b, 0], fig.offset, 0.0]))
                    out.append((fig, np.array([on[0], on[1], boxes.upper[b, 2] + h / 2 - 0.002]), w, h))
                    continue
                local = np.array([fig.end * (boxes.half[b, 0] + w * 0.5 + 0.003), fig.offset, 0.0])  # clear of the block
                if fig.kind == "mario":
                    local[2] = boxes.half[b, 2] + h / 2 - 0.004  # standing on the girder's end
                else:
                    local[2] = h * 0.3  # the peg's head above its hole
                centre = boxes.local_to_world(b, local)
            out.append((fig, centre, w, h))
        return out

    def _beside_tower(self, at: np.ndarray, w: float, boxes: Boxes, standing: np.ndarray,
                      clear: float = 0.0) -> np.ndarray:
        """Where a figure w metres wide, centred at `at` on the tower's axis, stands beside the tower: moved
        along the camera's right or left (which keeps its distance from the eye, and so its size on screen)
        until its sprite clears, with a gap, the outline on screen of every block still standing, on the
        side of the tower with more room in the view. In front of the tower it would hide the layers
        stacked above his own. `clear`: metres more between the figure and the tower."""
        cam = self.camera
        (xy,), (d,) = cam.project(at[None])
        if d <= 0 or not standing.any():
            return at
        ppm = float(cam.pixels_per_metre(d))
        outline, _ = cam.project(boxes.corners[standing])
        left, right = float(outline[..., 0].min()), float(outline[..., 0].max())
        reach = w * ppm / 2 + max(4.0, 0.15 * w * ppm) + clear * ppm  # half the sprite, and a gap
        x0, _, width, _ = cam.viewport
        room_right, room_left = x0 + width - right, left - x0
        # The side chosen last stays while the figure fits there: chosen afresh each frame, Bowser's label
        # jumped from one side of the tower to the other and back as a push moved it (an audit).
        last = getattr(self, "_beside_side", 0)
        if last == 1 and room_right >= reach:
            side = 1
        elif last == -1 and room_left >= reach:
            side = -1
        else:
            side = 1 if room_right >= room_left else -1
        self._beside_side = side
        goal = right + reach if side == 1 else left - reach
        return at + cam.basis()[0] * (goal - float(xy[0])) / ppm

    def _beside_layer(self, fig: Figure, b: int, w: float, h: float, boxes: Boxes, standing: np.ndarray,
                      places: Boxes | None = None) -> np.ndarray | None:
        """Where (centre in world) a figure keeping block b's layer stands while blocks, or the places for
        them, are above that layer: read as standing on it at the tower's side. Seen from the eye, his feet
        (the sprite's lowest pixels) are level with the layer's top at its outermost corner on screen, and
        the sprite's inner edge lies against the outline of the blocks and places beside him, touching it
        (TOUCH pixels in at most) and covering none. Placed beside the whole tower's outline with a gap, at
        the height of the layer's middle, he hung in mid-air off its upper corner, tied to it by a line (an
        audit). He goes to the side where his feet come nearest his layer's corner, and keeps the side chosen
        last while he and his words fit there and it is nearly as near (else the side jumped as a push moved
        the tower). The point keeps the corner's distance from the eye, and so the sprite's size."""
        cam = self.camera
        basis = cam.basis()
        layer = standing & (np.abs(boxes.centres[:, 2] - boxes.centres[b, 2]) < boxes.half[b, 2])
        tops = boxes.corners[layer][:, FACE_CORNERS[TOP_FACE]].reshape(-1, 3)  # the layer's top corners
        tops_xy, tops_d = cam.project(tops, basis)
        solid = boxes.corners[standing] if places is None else np.concatenate([boxes.corners[standing], places.corners])
        outline = cam.project(solid, basis)[0][:, FACE_CORNERS].reshape(-1, 4, 2)  # every face on screen
        x0, y0, width, _ = cam.viewport
        options = {}
        for side in (1, -1):
            far = tops_xy[:, 0] * side
            near = np.flatnonzero((far >= far.max() - 2) & (tops_d > 0))
            if not len(near):
                return None
            k = near[np.argmax(tops_xy[near, 1])]  # face-on, of two corners as far out the lower: the front one
            corner, d = tops_xy[k], float(tops_d[k])
            ppm = float(cam.pixels_per_metre(d))
            size = (w * ppm, h * ppm)
            if size[0] < 3:
                return None
            sprite = self.sprites.figure(fig.kind, size, fig.colour, fig.label, fig.character)
            opaque = pygame.surfarray.array_alpha(sprite) > 60  # [x, y]
            rows = np.flatnonzero(opaque.any(axis=0))
            if not len(rows):
                return None
            inner = opaque[:, rows].argmax(axis=0) if side == 1 else len(opaque) - 1 - opaque[::-1, rows].argmax(axis=0)
            top = int(round(corner[1])) - int(rows[-1])  # his lowest pixels on the corner's row
            edge = _outline_extent(outline, top + rows + 0.5, side)
            if np.isnan(edge).all():  # nothing beside him (cannot be, his feet are at the corner): against it
                edge[-1] = corner[0]
            if side == 1:
                left = int(np.ceil(np.nanmax(edge - inner))) - TOUCH
                feet_gap = left + inner[-1] - corner[0]
            else:
                left = int(np.floor(np.nanmin(edge - inner - 1))) + TOUCH
                feet_gap = corner[0] - (left + inner[-1] + 1)
            sw, sh = sprite.get_size()
            words = text.font(self._label_px(sh), bold=True).size(fig.label)[0] + 6 if fig.label else 0
            fits = (left >= x0 and left + sw <= x0 + width and top >= y0
                    and (corner[0] + words <= x0 + width if side == 1 else corner[0] - words >= x0))
            room = x0 + width - (left + sw) if side == 1 else left - x0
            options[side] = (fits, float(feet_gap), room, left, top, corner, tops[k], ppm, (sw, sh))
        last = getattr(self, "_layer_side", 0)
        fitting = [s for s in (1, -1) if options[s][0]]
        if last in fitting and options[last][1] <= min(options[s][1] for s in fitting) + 8:
            side = last
        elif fitting:
            side = min(fitting, key=lambda s: options[s][1])
        else:
            side = max((1, -1), key=lambda s: options[s][2])
        self._layer_side = side
        _, _, _, left, top, corner, at, ppm, (sw, sh) = options[side]
        # the sprite is drawn at int(centre - size / 2) (_sprite_at): the half pixel keeps it at left, top
        dx = left + 0.5 + w * ppm / 2 - corner[0]
        dy = top + 0.5 + h * ppm / 2 - corner[1]
        right, up, _ = basis
        self._beside.append((fig, side, (float(corner[0]), float(corner[1])), pygame.Rect(left, top, sw, sh)))
        return at + right * dx / ppm - up * dy / ppm

    @staticmethod
    def _label_px(sprite_height: float) -> int:
        return max(11, min(16, int(sprite_height * 0.22)))

    def _draw_beside_label(self, surface: pygame.Surface, fig: Figure, side: int, corner, rect: pygame.Rect,
                           corners: np.ndarray) -> None:
        """The words of a figure beside the tower at its layer ("Bowser: layer 14"), under his feet, beside
        his layer's side, out from every block there (corners: the standing blocks' corners on screen) so they
        cover none; no line is needed, he stands against the layer."""
        label = None
        if fig.label:
            size_px = self._label_px(rect.h)
            wide, tall = text.font(size_px, bold=True).size(fig.label)
            y = rect.bottom + 2
            lo, hi = corners[..., 1].min(axis=1), corners[..., 1].max(axis=1)
            near = corners[(hi >= y) & (lo <= y + tall)][..., 0]

            def at(side: int, start: float) -> pygame.Rect:
                x = start
                if len(near):
                    x = max(x, float(near.max())) if side == 1 else min(x, float(near.min()))
                x += 4 * side
                return pygame.Rect(int(x) if side == 1 else int(x) - wide, y, wide, tall)

            def covered(box: pygame.Rect) -> int:
                return sum(box.clip(r).w * box.clip(r).h for r in self.keep_clear)

            box = at(side, float(corner[0]))
            if covered(box):
                # what the screen draws over the board (the risk legend, the wheel and its words) would cover it:
                # the other side of the figure, if less is there ("Bowser: layer 1" ran under the legend in a
                # 1024x640 window: a keyboard audit; moved, it butted against the wheel: a regression audit)
                other = at(-side, float(rect.left if side == 1 else rect.right))
                if covered(other) < covered(box):
                    box, side = other, -side
            label = text.draw(surface, fig.label, (box.left if side == 1 else box.right, y), size_px, LEADER,
                              bold=True, anchor="topleft" if side == 1 else "topright")
        self.beside.append((fig.kind, rect, corner, label))

    def _sprite_at(self, fig: Figure, xy, d: float, w: float, h: float):
        """(sprite, top left) of a figure w x h metres seen at depth d, centred on the screen point xy; None
        when it is behind the eye or too small to draw."""
        if d <= 0:
            return None
        ppm = self.camera.pixels_per_metre(d)
        size = (w * ppm, h * ppm)
        if size[0] < 3:
            return None
        sprite = self.sprites.figure(fig.kind, size, fig.colour, fig.label, fig.character)
        return sprite, (int(xy[0] - size[0] / 2), int(xy[1] - size[1] / 2))

    def _draw_figure(self, surface: pygame.Surface, fig: Figure, centre: np.ndarray, w: float, h: float,
                     again: bool = False):
        (xy,), (d,) = self.camera.project(centre[None])
        got = self._sprite_at(fig, xy, float(d), w, h)
        if got is None:
            return None
        sprite, at = got
        surface.blit(sprite, at)
        if not again:  # a figure drawn a second time over something (again) is listed once
            self.figure_rects.append((fig.kind, sprite.get_rect(topleft=at)))
        return sprite, at

    def _behind(self, fig: Figure, centre: np.ndarray, w: float, boxes: Boxes, faces: np.ndarray) -> bool:
        """Whether a seat's piece is out of sight behind the tower: its hole's end face is turned away from
        the eye, and the tower's faces cover at least BEHIND_SHARE of it on screen (a piece in a far hole
        at a corner stands in sight beside the tower, and is drawn as it is)."""
        b = fig.block
        if b is None or not 0 <= b < len(boxes) or not fig.end:
            return False
        out = np.asarray(boxes.rotations[b])[:, 0] * fig.end  # the block's own x in the world, toward the hole
        face = boxes.centres[b] + out * boxes.half[b, 0]
        if float((np.asarray(self.camera.eye) - face) @ out) >= 0 or not len(faces):
            return False
        (xy,), (d,) = self.camera.project(np.asarray(centre, dtype=float)[None])
        if d <= 0:
            return False
        fw, fh = FIGURE_SIZE[fig.kind]
        half = np.array([fw, fh]) * float(self.camera.pixels_per_metre(d)) / 2
        grid = np.array([(fx, fy) for fy in (-0.6, -0.3, 0.0, 0.3, 0.6) for fx in (-0.4, 0.0, 0.4)])
        return float(_covered(faces, xy + grid * half).mean()) >= BEHIND_SHARE

    def _draw_behind(self, surface: pygame.Surface, hidden: list, boxes: Boxes, shown: np.ndarray,
                     in_sight: set = frozenset()) -> None:
        """Every seat's piece in a hole facing away from the eye (on the far side of the tower) is drawn
        through the tower, never solid: its sprite faint inside a light outline, with its seat number, so
        every player always sees where every piece stands. When the other end of its own block is in sight,
        it is drawn over that end's hole (when a piece in sight stands there, half its width aside, away from
        the level's other ends, or between two of them half its height higher); else where its hole lies
        across the picture,
        at its own level's height on the near face: drawn where it really is, seen from above, a peg on the
        far side of layer 1 showed at the height of layer 4 or 5 (a play-tester read it there), and
        mirrored to the near face it could stand at the other corner, over another block's hole. Rings
        and pieces in sight are drawn over it afterwards (the caller)."""
        forward = self.camera.basis()[2]
        across = np.array([forward[0], forward[1], 0.0])
        norm = float(np.linalg.norm(across))
        eye = np.asarray(self.camera.eye, dtype=float)
        for fig, centre, w, h in hidden:
            b = fig.block
            near = np.asarray(centre, dtype=float).copy()
            # the same block's other end, when its face is turned to the eye: drawn there, beside its hole, the
            # piece is on the block that holds it (drawn where its hole lies across the picture, a peg in the
            # back hole of 1:0 stood over the front hole of 1:2, which the player may take: a hot-seat audit)
            other = near.copy()
            other[:2] = 2.0 * boxes.centres[b, :2] - near[:2]
            out = other[:2] - boxes.centres[b, :2]
            if float(np.linalg.norm(out)) > 1e-9 and float((eye[:2] - other[:2]) @ out) > 0:
                # over that end's own hole; when a piece in sight stands in that hole, half its width aside, away
                # from the other ends of the level as they are seen (away from the layer's middle in the world it
                # stood over the next block's hole: a regression audit), or half its height higher between two
                layer = shown & (np.abs(boxes.centres[:, 2] - boxes.centres[b, 2]) < boxes.half[b, 2])
                layer[b] = False
                ends = boxes.centres[layer] + (other - boxes.centres[b])[None, :]
                points, depths = self.camera.project(np.vstack([other[None], ends]))
                spot_x, spot_y = float(points[0][0]), float(points[0][1])
                ppm = self.camera.pixels_per_metre(float(depths[0])) if depths[0] > 0 else 0.0
                if b in in_sight:
                    xs = points[1:, 0]
                    if len(xs) and (xs.min() < spot_x < xs.max()):
                        spot_y -= 0.5 * h * ppm  # between two ends: above its own
                    else:
                        away = -1.0 if len(xs) == 0 or spot_x <= xs.min() else 1.0
                        spot_x += away * 0.5 * w * ppm
                got = self._sprite_at(fig, (spot_x, spot_y), float(depths[0]), w, h)
                if got is not None:
                    self._blit_behind(surface, fig, *got)
                continue
            if norm > 1e-9:
                unit = across / norm  # horizontal, away from the eye
                layer = shown & (np.abs(boxes.centres[:, 2] - boxes.centres[b, 2]) < boxes.half[b, 2])
                middle = boxes.centres[layer, :2].mean(axis=0) if layer.any() else boxes.centres[b, :2]
                depth = float((near[:2] - middle) @ unit[:2])
                if depth > 0:
                    near = near - 2.0 * depth * unit  # the same height, as far in front of the layer's middle
            points, depths = self.camera.project(np.array([centre, near]))
            got = self._sprite_at(fig, (points[0][0], points[1][1]), float(depths[1]), w, h)
            if got is not None:
                self._blit_behind(surface, fig, *got[:2])

    def _blit_behind(self, surface: pygame.Surface, fig, sprite: pygame.Surface, spot) -> None:
        """A hidden piece's sprite, faint and outlined in dashes, at `spot` (see _draw_behind)."""
        ghost = sprite.copy()
        ghost.set_alpha(BEHIND_ALPHA)
        surface.blit(ghost, spot)
        outline = pygame.mask.from_surface(ghost).outline()
        if len(outline) > 2:
            # dashed, the drawing's sign for a hidden edge: a solid light outline read as a piece in a
            # front hole (a play-tester took the far side's pegs for pegs in the near holes)
            points = [(x + spot[0], y + spot[1]) for x, y in outline]
            for k in range(0, len(points) - 1, 2 * BEHIND_DASH):
                run = points[k:k + BEHIND_DASH + 1]
                if len(run) > 1:
                    pygame.draw.lines(surface, BEHIND_LINE, False, run, 2)
        self.behind.append((fig.kind, fig.label, ghost.get_rect(topleft=spot), (fig.block, fig.end)))

    # ---- picking ----------------------------------------------------------------------
    def ring_at(self, pos, slack: float = 2.0) -> tuple[int, int] | None:
        """The hole (block, end +1/-1) whose ring, as last drawn, is under `pos` (within `slack` px of its outline's
        box), or None. The rings are drawn over everything, so a ring seen over a block in front of its own is
        clicked there too (a family audit: on a twisted tower a ring drawn over another block could not be
        clicked, the block in front taking the click)."""
        x, y = pos
        for hole, outline in reversed(self.ring_holes):
            xs, ys = [p[0] for p in outline], [p[1] for p in outline]
            if min(xs) - slack <= x <= max(xs) + slack and min(ys) - slack <= y <= max(ys) + slack:
                return hole
        return None

    def pick(self, pos) -> int | None:
        """The block whose painted face is frontmost at pixel pos in the last frame drawn, or None."""
        return _hit(self._pick_polys, self._pick_owner, pos)

    def pick_ghost(self, pos, slack: float = 0.0) -> int | None:
        """The ghost (a place a block may go) under pixel pos in the last frame drawn, or None; with `slack`, else
        the ghost whose outline passes nearest pos, within that many pixels (a place behind the middle block
        of a level shows only its thin top face: a click just under it hit the block and did nothing)."""
        hit = _hit(self._ghost_polys, self._ghost_owner, pos)
        if hit is not None or slack <= 0 or len(self._ghost_polys) == 0:
            return hit
        p = np.asarray(pos, dtype=float)
        a = self._ghost_polys
        b = np.roll(a, -1, axis=1)
        ab = b - a
        t = np.clip(np.einsum("mkj,mkj->mk", p[None, None, :] - a, ab) / np.maximum(
            np.einsum("mkj,mkj->mk", ab, ab), 1e-9), 0.0, 1.0)
        distance = np.linalg.norm(a + t[..., None] * ab - p[None, None, :], axis=2).min(axis=1)
        nearest = int(np.argmin(distance))
        return int(self._ghost_owner[nearest]) if distance[nearest] <= slack else None


def _inside_viewport(xy: np.ndarray, viewport, margin: float = 8.0) -> np.ndarray | None:
    """A convex screen polygon cut to the viewport (a few pixels wider, so its edge lines stay outside):
    the table and the floor reach far past the picture, and pygame fills a polygon scanline by scanline
    over all of its height, so an uncut one seen from close by costs many times the tower itself."""
    x0, y0, w, h = viewport
    lo = np.array([x0 - margin, y0 - margin])
    hi = np.array([x0 + w + margin, y0 + h + margin])
    if np.all((xy >= lo) & (xy <= hi)):
        return xy
    pts = [p for p in xy]
    for axis in (0, 1):
        for bound, keep_above in ((lo[axis], True), (hi[axis], False)):
            out = []
            for i in range(len(pts)):
                a, b = pts[i], pts[(i + 1) % len(pts)]
                ina = a[axis] >= bound if keep_above else a[axis] <= bound
                inb = b[axis] >= bound if keep_above else b[axis] <= bound
                if ina:
                    out.append(a)
                if ina != inb:
                    t = (bound - a[axis]) / (b[axis] - a[axis])
                    out.append(a + t * (b - a))
            pts = out
            if len(pts) < 3:
                return None
    return np.array(pts)


def _covered(polys: np.ndarray, points: np.ndarray) -> np.ndarray:
    """(P,) whether each screen point lies in any of the convex quads (M, 4, 2)."""
    edge = np.roll(polys, -1, axis=1) - polys  # (M, 4, 2)
    rel = points[None, :, None, :] - polys[:, None, :, :]  # (M, P, 4, 2)
    cross = edge[:, None, :, 0] * rel[..., 1] - edge[:, None, :, 1] * rel[..., 0]
    inside = np.all(cross >= 0, axis=-1) | np.all(cross <= 0, axis=-1)  # (M, P)
    return inside.any(axis=0)


def _hit(polys: np.ndarray, owner: np.ndarray, pos) -> int | None:
    """The owner of the last drawn convex quad holding pos."""
    if len(polys) == 0:
        return None
    p = np.asarray(pos, dtype=float)
    edge = np.roll(polys, -1, axis=1) - polys  # (M, 4, 2)
    rel = p[None, None, :] - polys
    cross = edge[..., 0] * rel[..., 1] - edge[..., 1] * rel[..., 0]
    inside = np.all(cross >= 0, axis=1) | np.all(cross <= 0, axis=1)
    hits = np.flatnonzero(inside)
    return int(owner[hits[-1]]) if len(hits) else None


def _against(ghosts: Boxes, solid: Boxes | None) -> np.ndarray:
    """(G, 6) whether each face of each ghost lies against a solid box or another ghost: a point two thirds
    of the ghost's half thickness beyond the face's centre is inside one of them (with 1 mm to spare, as a
    place on top sits on blocks a little off their nominal places)."""
    g = len(ghosts)
    probe = ghosts.face_centres + ghosts.normals * (ghosts.half.min(axis=1) * 0.66)[:, None, None]
    centres, rotations, half = ghosts.centres, ghosts.rotations, ghosts.half
    if solid is not None and len(solid):
        centres = np.concatenate([centres, solid.centres])
        rotations = np.concatenate([rotations, solid.rotations])
        half = np.concatenate([half, solid.half])
    rel = probe[:, :, None, :] - centres[None, None, :, :]  # (G, 6, M, 3)
    local = np.einsum("gfmk,mkj->gfmj", rel, rotations)  # in each box's own frame
    inside = np.all(np.abs(local) <= half[None, None] + 0.001, axis=-1)  # (G, 6, M)
    inside[np.arange(g), :, np.arange(g)] = False  # a ghost is not against itself
    return inside.any(axis=-1)


def _outline_extent(quads: np.ndarray, rows: np.ndarray, side: int) -> np.ndarray:
    """The outermost x (side 1: the rightmost, -1: the leftmost) that the quads (M, 4, 2) on screen reach on
    each screen row (rows: their y), NaN on a row none reaches."""
    p0 = quads.reshape(-1, 2)
    p1 = np.roll(quads, -1, axis=1).reshape(-1, 2)
    rows = np.asarray(rows, dtype=float)
    if len(rows):  # only the edges across the rows asked (a figure's height, not the whole tower's: 1 ms a frame)
        near = ((np.maximum(p0[:, 1], p1[:, 1]) >= rows.min() - 0.5)
                & (np.minimum(p0[:, 1], p1[:, 1]) <= rows.max() + 0.5))
        p0, p1 = p0[near], p1[near]
    y0, y1 = p0[:, 1], p1[:, 1]
    dy = y1 - y0
    dy = np.where(np.abs(dy) < 1e-9, 1e-9, dy)
    r = np.asarray(rows, dtype=float)[:, None]
    t = np.clip((r - y0) / dy, 0.0, 1.0)
    x = (p0[:, 0] + t * (p1[:, 0] - p0[:, 0])) * side
    crosses = (r >= np.minimum(y0, y1) - 0.5) & (r <= np.maximum(y0, y1) + 0.5)
    best = np.where(crosses, x, -np.inf).max(axis=1, initial=-np.inf)
    return np.where(np.isfinite(best), best * side, np.nan)
