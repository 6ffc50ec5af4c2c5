"""A fall on the Jenga screen: replayed in slow motion from its start, turned to the side that shows it
best, framed to hold every block down to the floor, with the sentence of render.tower.fall; and where
a move's playback starts so the block the person dragged does not jump back first."""

from __future__ import annotations

import numpy as np

from ...tower.fall import tell as tell_fall
from ...tower.figures import FIGURE_SIZE
from ...tower.jenga_scene import FLOOR_Z_M, TOP_FIGURE, fallen_top

FALL_HOLD_S = 1.2  # the last frame of a fall stays this long before the result shows
FALL_SPEED = 0.4  # a fall is replayed at this share of real speed
FALL_LEAD_S = 0.3  # from this long before its first block moved
TOP_FIGURE_ROOM_M = 0.08  # beside the block the top figure stands by after a fall: room for him in the view
FULL_FALL_S = 1.0  # a recorded fall shorter than this stopped before the blocks came down


def blocks_on_the_floor(state) -> int:
    """How many blocks of a fallen tower went over the table's edge and lie on the floor below it."""
    poses = np.asarray(state.tower["poses"], dtype=float)
    return sum(1 for i, w in enumerate(state.tower["where"]) if w == "floor" and poses[i, 2] < FLOOR_Z_M)


class FallReplay:
    """The fall's replay and framing (a part of JengaScreen)."""

    def _tell_fall(self, step, before, state, frames: np.ndarray, rate: float) -> None:
        """A fall is replayed in slow motion from just before its first block moved, turned to the side
        that shows it best, its first movers outlined, and one sentence says why it fell."""
        layout = getattr(before, "layout", None) or state.layout
        story = self._story(frames, layout, state.last_verdict or {}, rate, step.by)
        self.fall_story = story
        self.playback.speed = FALL_SPEED
        self.playback.t = min(max(0.0, story.start_s - FALL_LEAD_S), self.playback.duration)
        if story.best_yaw is not None:
            # the words stay as the player watched the game (JengaScreen._words_view) while the view turns
            self._words_view = (np.array(self.camera.eye, dtype=float), np.array(self.camera.target, dtype=float))
            yaw = self.camera.yaw
            self.camera.goal_yaw = yaw + ((story.best_yaw - yaw + np.pi) % (2 * np.pi) - np.pi)
        self.fall_note = (f"The fall is replayed at {FALL_SPEED:g} x speed from the side that shows it best; "
                          f"the first blocks to move are outlined in orange-red.")
        if self.playback.duration < FULL_FALL_S:
            self.fall_note += " The simulator stopped following the fall early."
        floor = blocks_on_the_floor(state)
        if floor:
            # the view holds the table and most of the rubble, not a block that bounced a metre across the floor:
            # an audit watched two go over the edge and found none in the last picture
            self.fall_note += (f" {floor} block{'s' if floor != 1 else ''} went over the table's edge to the floor "
                               f"below, out of the picture.")

    def _story(self, frames: np.ndarray, layout: list, verdict: dict, rate: float, by: int, timed: bool = True):
        """render.tower.fall.tell for this game: the block the move took, its word for a level, and whether a
        person played the move."""
        hand = verdict.get("block") if verdict.get("op") in ("push", "extract", "remove") else None
        storey = {"jenga_mario": "layer", "jenga_dk": "girder level"}.get(self.match.config.game, "level")
        people = [i for i, seat in enumerate(self.match.config.seats) if seat.is_human]
        pusher = self.seat_name(by) if by in people and len(people) > 1 else ""  # "you" at a table of one person
        return tell_fall(frames, layout, verdict, hand, rate, self.camera.yaw, by_person=by not in self.match.bots,
                         storey=storey, timed=timed, pusher=pusher)

    def opened_fall_story(self):
        """The fall's sentence for a game opened already fallen, which has no recorded fall to replay: told
        from the tower before the last move (Match.previous_state) and the rubble (its line read only "Last
        move: push 11:1: the tower FELL"). None when that position is not kept (a match of bots only). Worked
        out once a position."""
        history = self.match.history
        key = self.note_key()
        if getattr(self, "_opened_story", (None, None))[0] == key:
            return self._opened_story[1]
        story = None
        state, before = self.match.state, self.match.previous_state()
        verdict = getattr(state, "last_verdict", None) or {}
        if (verdict.get("collapsed") and before is not None and getattr(before, "tower", None)
                and getattr(before, "layout", None)):
            frames = np.stack([np.asarray(before.tower["poses"], dtype=float),
                               np.asarray(state.tower["poses"], dtype=float)])
            story = self._story(frames, before.layout, verdict, 1.0, history[-1].by, timed=False)
        self._opened_story = (key, story)
        return story

    def _frame_fall(self, state, frames: np.ndarray, tall: float | None = None) -> None:
        """Widen the view, smoothly, to hold every block of a fall from its start to where it ends on
        the floor (the blocks spread about as far as the tower was tall); no other framing follows.
        `tall`: how tall the tower stood, when the first frame is not the standing tower."""
        shown = np.array([w != "aside" for w in state.tower["where"]], dtype=bool)
        if not shown.any():
            return
        frames = np.asarray(frames, dtype=float)
        first, last = frames[0, shown, :3], frames[-1, shown, :3]
        tall = max(float(first[:, 2].max()) if tall is None else float(tall), 0.15)
        figure = TOP_FIGURE.get(getattr(state, "TOWER", ""))
        if figure is not None:
            # the figure standing on top at the fall's start is in the picture too: Donkey Kong and Pauline rode the
            # top levels out past the board's top edge, cut in half through the replay (a keyboard audit's Bowser)
            tall += FIGURE_SIZE[figure][1]
        centre = (first[:, :2].mean(axis=0) + last[:, :2].mean(axis=0)) / 2
        # Most blocks, not the one that slid furthest, and never more than 2.5 times the tower's height.
        reach = float(np.percentile(np.linalg.norm(last[:, :2] - centre, axis=1), 90))
        size = max(tall, 2.2 * reach)
        # The view is wider than tall: the block the top figure (Donkey Kong with Pauline, Bowser) rides
        # down and stands by is held across it, with room for him (framed by most blocks only, Pauline
        # stood cut in half at the board's edge).
        top = fallen_top(state, self._layout_fallen_from())
        if top is not None and 0 <= top < frames.shape[1] and shown[top]:
            size = max(size, 1.15 * (float(np.linalg.norm(frames[-1, top, :2] - centre)) + TOP_FIGURE_ROOM_M))
        size = min(size, 2.5 * tall) + 0.04
        aim = np.array([centre[0], centre[1], min(tall * 0.5, size * 0.3)])  # low: the blocks end on the floor
        self._camera_goal = (aim, max(0.2, size * 1.3), max(0.6, size * 3.0))
        # What a zoom toward the pointer slides along from now on: this view, not the standing tower's.
        self.camera.framed = (size, float(aim[2]) - size / 2, (float(centre[0]), float(centre[1])))
        self.camera.lift = 0.0
        self._framed_levels = len(state.layout)  # the fallen tower keeps this framing

    def settle_camera(self) -> None:
        """Put the camera at the end of its easing at once (a zoom during the ease: zoom_by aims at the
        framed view, and the easing would pull it back, so the view jumped twice)."""
        goal = self._camera_goal
        if goal is None:
            return
        cam = self.camera
        cam.target, cam.fov_height, cam.distance = np.array(goal[0], dtype=float), goal[1], goal[2]
        self._camera_goal = None

    def _ease_camera(self, dt: float) -> None:
        goal = self._camera_goal
        if goal is None:
            return
        cam = self.camera
        k = min(1.0, dt * 3.0)
        cam.target = cam.target + (goal[0] - cam.target) * k
        cam.fov_height += (goal[1] - cam.fov_height) * k
        cam.distance += (goal[2] - cam.distance) * k
        if np.linalg.norm(goal[0] - cam.target) < 1e-4 and abs(goal[1] - cam.fov_height) < 1e-4:
            self._camera_goal = None

    def _resume_time(self, frames: np.ndarray, rate: float) -> float:
        """Where the simulator's push has brought the block as far out as the person's drag did: the
        playback starts there, so the block does not jump back into the tower first."""
        block, out = self.held
        if not 0 <= block < frames.shape[1]:
            return 0.0
        travel = np.linalg.norm(frames[:, block, :3] - frames[0, block, :3], axis=1)
        reached = np.flatnonzero(travel >= min(abs(out), float(travel.max())) - 1e-4)
        return float(reached[0]) / rate
