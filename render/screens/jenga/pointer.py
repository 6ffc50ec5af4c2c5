"""The mouse on the Jenga screen: what is under the pointer, pressing a block to push it live
(render.tower.live_drag) and letting go, the touch by right click or T, clicks on slots and holes (a click
on a ring plays its hole even when the block under it may also be pushed; a block offers only the hole in its
end face turned to the eye, never one out of sight), and turning and zooming the view."""

from __future__ import annotations

import numpy as np
import pygame

from games.jenga import physics
from games.jenga.layout import locate, parse_hole
from games.jenga.push import make_push

from ...tower.geometry import rotation_matrices
from ...tower.live_drag import LiveDrag

CLICK_SLOP = 5  # pixels a press may move and still count as a click
GHOST_SLACK_PX = 18  # how near (pixels at 1280x800) a click must come to a place on top to stack there
ORBIT_PER_PIXEL = 0.01  # radians of turn per pixel dragged
FAR_END_SHARE = 0.6  # a press this far or further from the end facing the eye starts at the other end
HOLE_WORDS = ("mario", "peg", "climb", "drop", "leap")
WINDOW_LOST = (pygame.WINDOWFOCUSLOST, pygame.WINDOWHIDDEN, pygame.WINDOWMINIMIZED)
DRAG_CUT_OFF = WINDOW_LOST + (pygame.VIDEORESIZE,)
"""Window events that end a press on the board where the pointer was, never as a click (PointerPlay)."""


class PointerPlay:
    """Mouse input on the tower (a part of JengaScreen)."""

    # ---- what is under the pointer -----------------------------------------------------------------
    def _block_at(self, block: int | None) -> tuple[int, int] | None:
        if block is None:
            return None
        return locate(self.match.state.layout, block)

    def _legal_blocks(self) -> set[tuple[int, int]]:
        state = self.match.state
        if self.job is not None or not self.match.waiting_for_human() or state.tower is None:
            return set()
        return {tuple(b) for b in state.legal_blocks()}

    def _legal_holes(self) -> list[tuple[str, int, int, int]]:
        """(action, level, slot, end sign) of every legal hole action, parsed once per list of choices."""
        if self._holes_of is not self.legal:
            out = []
            for a in self.legal:
                word, _, rest = a.partition(" ")
                hole = parse_hole(rest) if word in HOLE_WORDS else None
                if hole is not None:
                    out.append((a, int(hole[0]), int(hole[1]), 1 if hole[2].startswith("+") else -1))
            self._holes_of, self._holes = self.legal, out
        return self._holes

    def _hole_actions(self, block: int) -> list[tuple[str, int]]:
        """(action, end sign) of every legal hole action on this block."""
        where = self._block_at(block)
        return [(a, sign) for a, level, slot, sign in self._legal_holes() if (level, slot) == where]

    def _axis(self, block: int) -> np.ndarray:
        """The block's own long axis in the world, as drawn last."""
        return rotation_matrices(self._scene.poses[block][None, 3:])[0][:, 0]

    def _hole_in_view(self, block: int, sign: int) -> bool:
        """Whether the end face of the block at its +x (sign +1) or -x (-1) end is turned to the eye, so
        that the view draws it and its hole (TowerView draws a face when the eye is in front of its plane).
        At most one end of a block is: seen from the side, with the eye between the two end planes, neither."""
        scene = self._scene
        q = scene.poses[block]
        out = self._axis(block) * sign
        face = q[:3] + out * (scene.sizes[block, 0] / 2)
        return float((np.asarray(self.camera.eye, dtype=float) - face) @ out) > 0

    def _end_in_view(self, block: int) -> int | None:
        """+1 or -1: the end of the block whose face (and hole) the view shows, or None when neither shows."""
        for sign in (1, -1):
            if self._hole_in_view(block, sign):
                return sign
        return None

    def _end_pressed(self, block: int, pos) -> int:
        """The end (+1 or -1 along the block's +x) the finger starts on for a press at `pos`: the end facing
        the eye, unless the press is clearly nearer the other end on screen (past FAR_END_SHARE of the way
        from one end to the other). An audit pressed the far end of a block seen along the tower's side and
        dragged into the tower: the finger was put on the near end, and the drag pulled it away."""
        near = self._end_facing_eye(block)
        q = self._scene.poses[block]
        half = float(self._scene.sizes[block, 0]) / 2
        axis = self._axis(block)
        (a, b), _ = self.camera.project(np.array([q[:3] + axis * near * half, q[:3] - axis * near * half]))
        span = b - a
        length2 = float(span @ span)
        if length2 < 1.0:
            return near  # seen end on: no far end to press apart
        share = float((np.asarray(pos, dtype=float) - a) @ span) / length2
        return -near if share > FAR_END_SHARE else near

    def _end_facing_eye(self, block: int) -> int:
        q = self._scene.poses[block]
        axis = self._axis(block)
        return 1 if float((self.camera.eye - q[:3]) @ axis) >= 0 else -1

    def _hover_inputs(self, pos) -> tuple:
        """What the hover depends on: the pointer, the picture picked from, the position (a step that leaves
        the picture as it was still changes what the block under the pointer may do), the choices and whose
        move it is."""
        return (tuple(pos), self.view.paints, len(self.match.history), id(self.legal), self.job is None,
                self.match.waiting_for_human())

    def _update_hover(self, pos) -> None:
        self._hovered = self._hover_inputs(pos)
        self.mouse = pos
        board = self.rects.get("board")
        inside = board is not None and board.collidepoint(pos)
        inside = inside and self._scene is not None
        self.hover_block = self.view.pick(pos) if inside else None
        self.hover_ghost = self.view.pick_ghost(pos) if inside else None
        if inside and self.hover_ghost is None and self.ghost_slots and not self._legal_blocks():
            # nothing else to do with a click now than to stack: a place a little off the pointer takes it (a
            # feel audit clicked under the thin top face of the back place, on the middle block, and nothing
            # happened)
            self.hover_ghost = self.view.pick_ghost(pos, slack=GHOST_SLACK_PX * self.scale)
        self.hover_hole_hidden = False  # the block under the pointer has a hole to go into, out of sight only
        hover: list[str] = []
        ring = self.view.ring_at(pos) if inside and self._legal_holes() else None
        ring_hole = [a for a, e in self._hole_actions(ring[0]) if e == ring[1]][:1] if ring is not None else []
        if self.hover_ghost is not None and self.hover_ghost < len(self.ghost_slots):
            hover = [f"stack {self.ghost_slots[self.hover_ghost]}"]
        elif ring_hole:
            # a click on a ring drawn over another block (a tower twisted by a push) is the ring's, as seen; a press
            # and drag there still pushes the block under the pointer (a regression audit: it pushed the ring's
            # own block, hidden behind, or the girder the Mario was about to climb into)
            hover = ring_hole
            where = self._block_at(self.hover_block)
            if where in self._legal_blocks():
                prefixes = (f"extract {where[0]}:{where[1]} ", f"push {where[0]}:{where[1]} ")
                hover += [a for a in self.legal if a.startswith(prefixes)]
        elif self.hover_block is not None:
            # Only the hole the view shows on this block may be offered and clicked: the one in its end face
            # turned to the eye. Before, a pointer on a block whose hole in view was taken offered the hole
            # on the hidden far end, and a click there played it (a Mario sent out of sight).
            holes = self._hole_actions(self.hover_block)
            end = self._end_in_view(self.hover_block) if holes else None
            hover = [a for a, e in holes if e == end][:1]
            self.hover_hole_hidden = bool(holes) and not hover
            where = self._block_at(self.hover_block)
            if where in self._legal_blocks():
                prefixes = (f"extract {where[0]}:{where[1]} ", f"push {where[0]}:{where[1]} ")
                hover += [a for a in self.legal if a.startswith(prefixes)]
        self.board_hover = [a for a in hover if a in self.legal]

    def dragging(self) -> bool:
        """A block pushed live, or the view turned, with the button held: what the pointer passes over on its
        way (Undo, the rows) is not lit and says nothing (pointer.set_dragging)."""
        live = self.live is not None and not self.live.keyboard and self.press is not None
        return self.button_held and (live or self.orbiting is not None)

    # ---- events ------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in WINDOW_LOST:
            self.release_owed = False  # a lost window may never send the release a resize left owed (an audit)
        if event.type in DRAG_CUT_OFF and self.press is not None:
            # the window lost the pointer in the middle of a drag: its release may never come (SDL then drops the
            # next press as well), so the drag is let go here, where the pointer was; a regression audit found a
            # block still following the pointer with no button held, and the next click on the bar eaten. A
            # window resized under a drag draws the tower elsewhere, so the finger is let go too (the block ended
            # some 200 px from the pointer, its push read backwards: a window-size audit). It is
            # never a click: a press held still on a place on top or a ring, the window losing the pointer,
            # stacked there or moved the Mario though the button was never let go (a regression audit)
            # a resize comes with the button still down, and its release follows: that release is the press's,
            # not a click on what the new layout put under the pointer (it left the game over Menu, played a row
            # of Choices: a regression audit); a lost window may never send it (SDL then sends only the next
            # click's release, which must work)
            self.release_owed = event.type == pygame.VIDEORESIZE and self.button_held
            self.button_held = False
            self._release(self.mouse, click=False)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.release_owed:
            self.release_owed = False
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.release_owed = False
            self.button_held = True
            board = self.rects.get("board")
            if self.press is not None and self.live is None and (board is None or not board.collidepoint(event.pos)):
                # a board press whose release never came (the window lost the pointer): this press is not it
                self.press = self.orbiting = None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.button_held = False
            self.button_released()
        if self.chance_event(event):  # a spin by hand, and the release of the click that spun (a job or not)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            # a press that began on the board is let go there, wherever the pointer is: a dragged block over the
            # bar's Load or Menu (the view zoomed in) had its release taken by the button, the block left in a
            # hand no button held (a regression audit); a view turned by dragging, or a block that came all the
            # way out under the finger, let go over Undo undid the last move, over Menu left the game (another)
            self._release(event.pos)
            return
        if self.job is None:
            if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                    and not self.show_help and self.retry()):
                return
            if event.type in (pygame.KEYDOWN, pygame.KEYUP) and self._picker_key(event):
                return
            super().handle_event(event)
            return
        # While the simulator works the match must not change: only the view and skipping answer.
        board = self.rects.get("board")
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_SPACE:
                self.finish_animations()
            elif not self._board_key(event):
                self.say("Wait a moment: the simulator is deciding the last move.")
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEWHEEL) and board is not None:
            if event.type == pygame.MOUSEMOTION:
                self.pointer_moved(event.pos)  # a log row the pointer leaves loses its tip meanwhile too
            self.board_event(event, board)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and board is not None:
            if event.type == pygame.MOUSEBUTTONUP or board.collidepoint(event.pos):
                self.board_event(event, board)

    def board_event(self, event: pygame.event.Event, rect: pygame.Rect) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._board_key(event)
        if event.type == pygame.MOUSEWHEEL:
            if rect.collidepoint(self.mouse):
                self.settle_camera()
                self.camera.zoom_by(1.1 ** event.y, toward_y=self.mouse[1])  # toward the pointer
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event, rect)
        if event.type == pygame.MOUSEBUTTONDOWN and rect.collidepoint(event.pos):
            self._update_hover(event.pos)
            if event.button == 1:
                self._press(event.pos)
                return True
            if event.button == 3:
                self._touch(self.hover_block)
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        return False

    def _motion(self, event, rect) -> bool:
        if self.live is not None:
            self.live.move(event.pos)
            self.mouse = event.pos
            return True
        if self.orbiting is not None:
            dx = event.pos[0] - self.orbiting[0]
            dy = event.pos[1] - self.orbiting[1]
            self.camera.orbit(-dx * ORBIT_PER_PIXEL, dy * ORBIT_PER_PIXEL * 0.5)
            self.player_turned_view()
            self.orbiting = event.pos
            self.mouse = event.pos
            return True
        self._update_hover(event.pos)
        return rect.collidepoint(event.pos)

    def _press(self, pos) -> None:
        self.press = pos
        if self.job is not None:
            self.orbiting = pos
            return
        if self.hover_ghost is not None:
            return  # a click on a slot: played on release
        where = self._block_at(self.hover_block)
        legal = self._legal_blocks()
        if where is not None and where in legal:
            self._start_live(self.hover_block, where, pos)
            return
        why = getattr(self.match.state, "why_not_removable", None)
        if where is not None and legal and why is not None:
            # a press on a block that may not be taken turns the view, as on the background: say why
            self.say(f"Block {where[0]}:{where[1]} may not be taken now: {why(*where)}; a drag here turns the view.", 5.0)
        self.orbiting = pos

    def _start_live(self, b: int, where: tuple[int, int], pos) -> None:
        """Press on a block that may be taken: a live push starts, the finger on the end facing the eye."""
        state = self.match.state
        q = self._scene.poses[b]
        axis = self._axis(b)
        ends, _ = self.camera.project(np.array([q[:3], q[:3] + axis * 0.01]))
        hand = physics.tower_spec(state.TOWER).hand
        tower, name = state.tower, state.TOWER

        def open_session(end: str):
            return physics.live_session(name, tower, where[0], where[1], end, record=True)

        try:
            self.live = LiveDrag(open_session, b, where[0], where[1], pos, tuple((ends[1] - ends[0]) / 0.01),
                                 float(self._scene.sizes[b, 0]), self._end_pressed(b, pos), self.clock,
                                 hand.max_force_n, hand.touch_force_n)
            self.live.risk = self._risk_figure(where[0], where[1])
        except Exception as exc:  # the window must survive a tower the simulator refuses
            self.live = None
            self.sim_error = (f"The simulator failed on the push of block {where[0]}:{where[1]} "
                              f"({type(exc).__name__}: {exc}). The game is as it was: save it (Ctrl+S), "
                              f"undo (Ctrl+Z), or try the move again or choose another.")
            self.say("The simulator failed: see the message on the board.", 30.0)
            self.host.sound.play("error")

    def _let_go(self) -> None:
        """The finger lets go: the path so far is the move (nothing is played if nothing was pushed)."""
        live, self.live = self.live, None
        if live is None:
            return
        if not live.pushed and not live.fallen:
            live.close()
            words = "Hold the press on a block to touch it, or drag it along its length to push it."
            hole = None if live.keyboard else self._hole_clicked()
            if hole is not None:  # a drag that began on a ring and pushed nothing: say how the ring is played
                self.say(f"{words} A click on the ring, with no drag, plays \"{self.action_label(hole)}\".", 6.0)
            else:
                self.say(words)
            return
        self.live_stats.append((live.sim_s, live.wall_s))
        action = make_push(live.level, live.slot, live.end, live.path_text())
        poses = live.frame.poses.copy()
        physics.adopt(live.session)
        seat = self.seat_name(self.match.current_player)
        # what the gauge showed of this push, for the words after it (keep_touch_reading): the finger's largest
        # force as the gauge had it, and how far the tower came with the block at most
        self.live_reading = (action, live.peak_n, live.most_moved_mm)
        if self.play(action):
            self.live_hold = poses
            # a fall the drag saw goes on moving while the simulator follows it (the picture had stood still
            # for 2 to 5 s, the block in the air: a play-test): the run's frames are shown as they come
            self.live_follow = live.session.tower if live.fallen else None
            if self.job is not None:
                self.pushed = (seat, live.level, live.slot, bool(live.fallen))
        else:
            physics.adopt(None)

    def _release(self, pos, click: bool = True) -> bool:
        """The board press let go at `pos`: a live push is let go, a drag of the view ends, and a press let
        go where it began is a click (on a place on top or a ring), unless `click` is False (the window lost
        the pointer: the button was never let go)."""
        press, self.press = self.press, None
        if press is None:
            return False
        if self.job is not None:
            self.orbiting = None
            return True
        clicked = click and abs(pos[0] - press[0]) + abs(pos[1] - press[1]) <= CLICK_SLOP
        self.orbiting = None
        if self.live is not None:
            self.live.move(pos)
            hole = self._hole_clicked()
            if hole is not None and click and self.live.is_click(CLICK_SLOP):
                self._click_ring(hole)
                return True
            if not click and not self.live.pushed and not self.live.fallen:
                self.live.close()  # nothing pushed, nothing to say: the player is away from the window
                self.live = None
                return True
            self._let_go()
            return True
        if clicked:
            if self.hover_ghost is not None and self.hover_ghost < len(self.ghost_slots):
                self.play(f"stack {self.ghost_slots[self.hover_ghost]}")
                return True
            hole = self._hole_clicked()
            if hole is not None:
                self.play(hole)
                return True
            where = self._block_at(self.hover_block) if self.hover_hole_hidden else None
            if where is not None:  # a click on a block whose hole in view may not be used: nothing is played
                self.say(f"The hole you may use in block {where[0]}:{where[1]} faces away, so this click plays "
                         f"nothing: [ or ] turns the view.", 6.0)
        return True

    def _hole_clicked(self) -> str | None:
        """The hole action a click at the pointer plays (the ring the tooltip names), or None. board_hover was
        found at the press and is left alone while a live push runs, so it is the ring that was pressed."""
        holes = [a for a in self.board_hover if a.partition(" ")[0] in HOLE_WORDS]
        return holes[0] if holes else None

    def _click_ring(self, hole: str) -> None:
        """A click on a ring over a block that may also be pushed: the press opened a live push (a hold
        there is the touch, a drag the push, from the first frame), and the release, with nothing pushed and
        the pointer never past the click slop, makes it a click: the push is dropped unplayed and the ring's
        action is played, as on a ring whose block may not be pushed.

        A press on a ring that turns into a drag is a push of the block and never the ring's action: once the
        pointer has gone past the slop (even if it comes back) or the finger has pressed the block (a hold
        past TOUCH_DELAY_S), letting go plays the finger's path, or nothing when nothing was pushed, as on
        any block. A stray drag must not move a piece, and a player who meant the hole clicks it again."""
        live, self.live = self.live, None
        live.close()
        self.play(hole)

    def _touch(self, block: int | None) -> None:
        where = self._block_at(block)
        if where is None:
            return
        level, slot = where
        axis = "x" if level % 2 == 0 else "y"
        end = ("+" if self._end_facing_eye(block) > 0 else "-") + axis
        action = f"probe {level}:{slot} {end}"
        legal = self.match.state.legal_actions() if self.match.waiting_for_human() else []
        if action in legal:
            self.play(action)
        elif any(a.startswith("probe ") for a in legal):
            self.say(f"Block {level}:{slot} may not be touched now.")
        else:
            self.say("No touch is allowed now (none left this turn, or not your move).")
