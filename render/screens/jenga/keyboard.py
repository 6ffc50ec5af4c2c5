"""Jenga by keyboard: the arrow keys pick a block that may be taken, P or Enter starts its push, W held
pushes and S pulls back, Enter lets go; the view's keys (turn, zoom, the tint). The list of choices
never holds pushes or touches, so a stray Enter or click there cannot take a block; and once a block
is in hand no place on top is chosen for Enter until the player picks one, so the Enter that meant
"let go" of a push cannot stack the block too."""

from __future__ import annotations

import numpy as np
import pygame

BLOCK_WORDS = ("push", "extract", "probe")  # played on the tower (mouse or the block picker), never from the list
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
LIST_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)
TILT_STEP = np.radians(6.0)
"""How far "," and "." tilt the view (look from lower, from higher) a press."""
NO_BLOCK_NOW = "No block may be taken now: the line at the top says what this turn asks (the Choices list holds it)."
NOTHING_TO_ENTER = ("Enter has nothing to play: pick a block with the arrow keys (Up/Down a level, Left/Right across "
                    "it), then Enter or P starts its push; or press a block with the pointer.")
CHOOSE_PLACE = ("Choose where to stack first: click a glowing place on top, or Up/Down to pick a place in the "
                "list and then Enter (1-9 plays a place at once).")


class KeyboardPicker:
    """Keyboard input on the tower (a part of JengaScreen)."""

    # ---- Jenga by keyboard: pick a block with the arrows, push it with held keys ---------------------
    def _refresh_actions(self, force: bool = False) -> None:
        """The list holds every choice except those played on the tower (pushes and touches): they are
        hundreds of rows, and a stray click or Enter there must never push a block. When its choices are the
        places on top for a block just taken, none of them is chosen yet."""
        fresh = force or self._legal_at != len(self.match.history)
        super()._refresh_actions(force)
        if any(a.partition(" ")[0] in BLOCK_WORDS for a in self.legal):
            unchosen = self.actions.selected < 0
            self.legal = [a for a in self.legal if a.partition(" ")[0] not in BLOCK_WORDS]
            self.actions.set_items([self.action_label(a) for a in self.legal])
            if unchosen and self._handed_open:
                # handed to another person: still no row chosen (base._refresh_actions); the shorter list put the
                # choice back on its first row, a climb that one stray Enter played (a regression audit)
                self.actions.selected = -1
        self.forget_nothing_to_enter()
        if fresh and not self.filter:
            # with one place open there is nothing to choose: its row stands chosen and Enter stacks there (an
            # audit: Enter did nothing over the one place left, while a lone climb's row was chosen)
            self.place_unchosen = self._stacking_now() and len(self.legal) > 1
        self._unselect_place()

    def idle_keys(self) -> str:
        """The status line with nothing else to say. With no rows in the list (a turn whose only choices are
        the blocks on the tower) it named the list's keys, "arrows and Enter, a click or 1-9: play a row",
        where the arrows pick blocks and there is no row to play (a play-test); it names the tower's keys."""
        if self.filtering:
            return super().idle_keys()
        if not self.legal and self._legal_blocks():
            word = self.block_word()  # Donkey Kong Jenga's girders, as its banner and panel say
            return f"F1: help and rules · arrows pick a {word}, P pushes it · or press a {word}"
        if not self.legal:  # nothing to choose now (a move being worked out or played, a bot's turn)
            return "F1: help and rules · [ and ] turn the view"
        return super().idle_keys()

    def _stacking_now(self) -> bool:
        """Whether the choices are the places on top for the block in a person's hand."""
        return bool(self.legal) and all(a.startswith("stack ") for a in self.legal)

    def _unselect_place(self) -> None:
        """No row of the list stands chosen while the place on top is still to be picked: Enter would play
        it (the first place on top), and the status bar would offer it as what Enter plays."""
        if self.place_unchosen and self._stacking_now():
            self.actions.selected = -1

    def on_layout(self) -> None:
        super().on_layout()
        self._unselect_place()  # a new window size re-selects the first row

    def _place_key(self, event) -> bool:
        """While no place on top is chosen: Enter is refused with a word on how to choose (True: the key was
        used); the list's keys choose one (the list then moves as usual: False)."""
        held_at, steps = self.out_while_held, len(self.match.history)
        if held_at is not None and steps > held_at:
            self.out_while_held = None  # the first key once the take is played (before it, the flag waits)
        if (held_at is not None and steps == held_at + 1 and event.key in ENTER_KEYS and not self.place_unchosen
                and self._stacking_now() and self.match.waiting_for_human() and len(self.legal) == 1):
            # The one place left stands chosen, and Enter stacks there; but this Enter, the first key since
            # W pushed the block all the way out, was meant to let go of it (an audit: it stacked the block
            # "with no chance to choose"). It is said, and the next Enter stacks.
            place = self.action_label(self.legal[0]).partition(", ")[2]
            self.say("The block came all the way out and is in your hand: Enter again stacks it "
                     + (f"in the {place} on top." if place else "on top."), 6.0)
            self.host.sound.play("error")  # heard too: a Super Mario audit read this Enter as one that did nothing
            return True
        if not (self.place_unchosen and self._stacking_now() and self.match.waiting_for_human()):
            return False
        if event.key in LIST_KEYS:
            self.place_unchosen = False
            return False
        if event.key in ENTER_KEYS:
            self.say(CHOOSE_PLACE, 6.0)
            self.host.sound.play("error")  # heard too: an audit took the refused Enter for one that did nothing
            return True
        return False

    def _list_key(self, key: int) -> None:
        """A list key chooses a row, a place on top too, also in the / finder (where _place_key is not asked: Up
        and Down framed no place there, and Enter was refused again and again, a regression audit). A block picked
        by the arrows is let go: Enter plays the row chosen now (it pushed the block still picked instead, the
        status line saying so under a row framed in the list: a keyboard audit)."""
        self.place_unchosen = False
        if getattr(self, "picked", None) is not None and self.live is None:
            self.picked = None
            self.say("No block picked now: Enter plays the chosen row (Shift and the arrows pick a block again).", 4.0)
        super()._list_key(key)

    def _picker_key(self, event) -> bool:
        """Arrows pick a block that may be taken (Up/Down a level, Left/Right across it); P or Enter
        starts a push on it by keyboard: W held pushes (faster the longer it is held), S held pulls back,
        Enter lets go (taken past half its length, else put back). True if the key was used."""
        if self.show_help or self.show_result or self.filtering:
            return False
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
            return False
        key = event.key
        live = self.live
        if event.type == pygame.KEYDOWN and live is None and self._place_key(event):
            return True
        if live is not None and live.keyboard:
            if event.type == pygame.KEYUP:
                if key in (pygame.K_w, pygame.K_s):
                    live.hold(0)
                    return True
                return False
            if key == pygame.K_w:
                live.hold(+1)
            elif key == pygame.K_s:
                live.hold(-1)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_p):
                self._let_go()
            else:
                return False
            return True
        if event.type != pygame.KEYDOWN or live is not None:
            return False
        legal = sorted(self._legal_blocks())
        if self.picked not in legal:
            self.picked = None
        if not legal:
            if key in (pygame.K_p, pygame.K_w) and not self.match.is_over() and self.match.waiting_for_human():
                # P and W said nothing on a turn whose spin takes no block (a keyboard audit)
                self.say(NO_BLOCK_NOW, 6.0)
                return True
            return False
        # the arrows pick blocks when the list has nothing to choose; with choices in it (holes, cards),
        # Shift and the arrows do, and the plain arrows move in the list
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT) and (shift or not self.legal):
            before, self.picked = self.picked, self._pick_next(legal, key)
            words = self.picked_text()
            if self.picked == before and key in (pygame.K_LEFT, pygame.K_RIGHT):
                words += (f" No block further {'left' if key == pygame.K_LEFT else 'right'} may be taken on level "
                          f"{before[0]}.")
            elif self.picked == before:
                words += f" No level {'higher' if key == pygame.K_UP else 'lower'} has a block that may be taken."
            self.say(words, 6.0)
            return True
        if key in (pygame.K_p, pygame.K_RETURN, pygame.K_KP_ENTER) and self.picked is not None:
            self._start_keyboard_push()
            return True
        if key in (pygame.K_p, pygame.K_w) and self.picked is None:
            # a push key with no block picked did nothing, silently (an audit, in Donkey Kong Jenga with climbs
            # in the list, where the plain arrows move in the list and Shift+arrows pick blocks)
            arrows = "Shift+arrows" if self.legal else "the arrow keys"
            self.say(f"No block is picked to push: pick one with {arrows} (Up/Down a level, Left/Right across "
                     f"it), then P starts the push and W pushes.", 6.0)
            return True
        return False

    def cancel_pick(self) -> bool:
        """Esc lets go of a block picked by the arrows (then Enter plays the chosen row again), and of a block
        being pushed, by keyboard or pointer, as Enter or the button's release would: the push so far is the
        move (a touch if the block goes back). Esc mid-push went to the menu and threw the push away, a free
        and unrecorded trial of the block (an audit). Past half its length Esc does not let go, as that would
        take the block: a keyboard audit pressed Esc to back out of a push and the block was taken. It says how
        to back out (pull it back first) or take it, and the push goes on."""
        if self.live is not None:
            if self._refuse_past_half("Esc does not let go here"):
                return True
            self._let_go()
            return True
        if self.picked is not None:
            self.picked = None
            self.say("No block picked now.", 3.0)
            return True
        return False

    def _refuse_past_half(self, refusal: str) -> bool:
        """With the block in the hand out past half its length (letting go would take it), say `refusal` and
        how to back out or take it, and return True; False when letting go is safe."""
        live = self.live
        if live is None or not live.will_take() or live.fallen:
            return False
        keys = ("hold S to pull it back under half, then Enter puts it back; Enter now takes it" if live.keyboard
                else "drag it back in under half and let go to put it back; let go now to take it")
        self.say(f"{refusal}: the block is out past half its length, so letting go would take it. To back out, "
                 f"{keys}.", 8.0)
        self.past_half_said = self.message  # goes once the block is back under half (KeyboardPicker.tick_refusal)
        self.host.sound.play("error")
        return True

    def tick_refusal(self) -> None:
        """The words that refused to let go past half out go once the block is back under half: they stood, "out
        past half its length", beside the gauge's "42 % out: Enter now puts it back" (a keyboard audit)."""
        said = getattr(self, "past_half_said", None)
        if said is None:
            return
        live = self.live
        if live is None or not live.will_take():
            if self.message == said:
                self.message_time = 0.0
            self.past_half_said = None

    def ready_to_leave(self, what: str, force: bool = False) -> bool:
        """A push is never thrown away by leaving the game (the menu, Load, a dropped file, closing the
        window). A block in the hand is let go first, as Esc lets go of it: the push so far is the move,
        and past half its length that would take the block, so leaving waits and says how to back out
        (closing the window, `force`, lets go all the same). A person's push let go and still worked out
        by the simulator is finished and played before the screen goes. The Menu button mid-push, and Esc
        pressed just after letting go, had left with the push unrecorded: the tower untouched on resuming,
        a free try of the block (a regression audit)."""
        if self.live is not None:
            if not force and self._refuse_past_half(f"{what} waits"):
                return False
            self._let_go()
        job = self.job
        if job is not None and job.action is not None:  # a person's move (a bot's or chance's step is replayed)
            self.host.show_busy("Your move is being played out before the game is left…")
            job.wait()
            self._poll_job()
        return True

    def nothing_to_enter(self) -> str:
        """Enter with no block picked and no row in the list: how a block is taken here. Nothing while the
        spinner is awaited or turning, or anything else moves: an Enter pressed again during a spin said "pick
        a block with the arrow keys" over the spin, and stayed up once the Choices list had rows, where the
        arrows move in the list (a regression audit)."""
        if self.chance_waits() or self.hand_guard > 0 or self.animating() or self.job is not None:
            return ""
        return NOTHING_TO_ENTER if self._legal_blocks() else ""

    def forget_nothing_to_enter(self) -> None:
        """Once the list has rows, the plain arrows move in it: NOTHING_TO_ENTER, said while it had none, goes
        (it stayed up after a spin over the Choices rows the spin brought: a regression audit)."""
        if self.legal and self.message == NOTHING_TO_ENTER:
            self.message_time = 0.0

    def enter_words(self) -> str | None:
        """With a block picked by the arrows, Enter (or P) starts a push of it, not the chosen row: the status
        line said "climb to the +x hole of block 2:0 (Enter plays it)" while Enter pushed the block (an
        audit)."""
        if self.live is None and self.picked is not None and self.picked in self._legal_blocks():
            level, slot = self.picked
            return f"block {level}:{slot} picked: Enter or P starts a push of it (Esc lets go of it)"
        if self.live is not None and self.live.keyboard:  # the chosen row's "(Enter plays it)" showed meanwhile
            return ("pushing by keyboard: hold W to push, S to pull back; Enter or P lets go (out past half its "
                    "length the block is taken, else it goes back)")
        if self.live is not None and not self.live.dragged:  # a press held still: the touch (its tooltip's word)
            return ("touching with the pointer: hold still to feel the block, drag along it to push it, let go "
                    "of the button to end the touch")
        if self.live is not None:
            return ("pushing with the pointer: let go of the button to end the push (out past half its length "
                    "the block is taken, else it goes back)")
        return self._hole_away_words()

    def _hole_away_words(self) -> str | None:
        """The chosen row's words when its hole faces away from the eye, so its lit ring cannot be seen: the
        keys that turn the view say how to see it (a keyboard player had no way to tell which hole a row
        meant)."""
        focus = self.focus_action
        state = self.match.state
        if self._scene is None or focus not in self.legal or not self.match.waiting_for_human():
            return None
        for a, level, slot, sign in self._legal_holes():
            if a == focus and 0 <= level < len(state.layout) and state.layout[level][slot] is not None:
                if self._end_facing_eye(int(state.layout[level][slot])) != sign:
                    return (f"{self.action_label(focus)}  (Enter plays it; its hole faces away: [ or ] turns "
                            "the view)")
        return None

    def _pick_next(self, legal: list[tuple[int, int]], key) -> tuple[int, int]:
        if self.picked is None:
            top = max(lv for lv, _ in legal)
            return min(b for b in legal if b[0] == top)
        level, slot = self.picked
        levels = sorted({lv for lv, _ in legal})
        if key in (pygame.K_UP, pygame.K_DOWN):
            i = levels.index(level) + (1 if key == pygame.K_UP else -1)
            level = levels[min(max(i, 0), len(levels) - 1)]
            row = [s for lv, s in legal if lv == level]
            return level, min(row, key=lambda s: (abs(s - slot), s))
        row = [s for lv, s in legal if lv == level]
        # Left and Right go by where the blocks are drawn (the view turns; a slot's number does not say
        # which side of the screen its block is on), from the leftmost round to the rightmost.
        if self._scene is not None:
            state = self.match.state
            centres = np.array([self._scene.poses[state.layout[level][s]][:3] for s in row])
            xs = self.camera.project(centres)[0][:, 0]
            row = [s for _, s in sorted(zip(xs.tolist(), row))]
        # At either end it stays: Left from the leftmost block wrapped round to the rightmost, the back block
        # of the level as a new player saw it, and one they thought risky (an audit)
        i = row.index(slot) + (1 if key == pygame.K_RIGHT else -1)
        return level, row[min(max(i, 0), len(row) - 1)]

    def picked_text(self) -> str:
        """The picked block in words: its risk and the keys that push it. It is the line under the board, so
        it says the risk in short (the legend says what it means) and the keys in a few words: at full length
        it filled three lines of small print, repeating the panel above it."""
        if self.picked is None:
            return ""
        level, slot = self.picked
        words = f"Picked {self.block_word()} {level}:{slot}"  # Donkey Kong Jenga's girders (a keyboard audit)
        risk = self.risk_words_of(level, slot, short=True)
        if risk:
            words += ": " + risk
        elif self.show_risk and self.risk.busy:
            words += ": its risk is still being computed"
        fall = self.fall_preview(level, slot)
        if fall:
            words += f" ({fall})"
        return words + ". P or Enter pushes it (hold W to push, S to pull back, Enter or P to let go)."

    def _start_keyboard_push(self) -> None:
        state = self.match.state
        level, slot = self.picked
        b = state.layout[level][slot]
        if self._scene is None or b is None:
            return
        q = self._scene.poses[b]
        axis = self._axis(b)
        near = self._end_facing_eye(b)
        end_point, _ = self.camera.project(np.array([q[:3] + axis * near * self._scene.sizes[b, 0] / 2]))
        self._start_live(b, (level, slot), tuple(end_point[0]))
        if self.live is not None and self.message == self.picked_text():
            # the picker's words ("P or Enter pushes it") stayed up under the push, where Enter lets go (an
            # audit): the status line says what the keys do now
            self.message_time = 0.0
        if self.live is not None:
            self.live.hold(0)

    def _picked_row(self) -> float | None:
        """The screen row of the picked block's centre (None when none is picked or drawn)."""
        state = self.match.state
        if self.picked is None or self._scene is None:
            return None
        level, slot = self.picked
        if not (0 <= level < len(state.layout)) or state.layout[level][slot] is None:
            return None
        centre = self._scene.poses[state.layout[level][slot]][:3]
        return float(self.camera.project(np.array([centre]))[0][0, 1])

    def _board_key(self, event) -> bool:
        if self.filtering or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
            return False  # letters typed into the choice finder, or shortcuts of the app
        key = event.key
        if key in (pygame.K_LEFT, pygame.K_LEFTBRACKET):
            self.camera.quarter_turn(-1)
            self.player_turned_view()
        elif key in (pygame.K_RIGHT, pygame.K_RIGHTBRACKET):
            self.camera.quarter_turn(+1)
            self.player_turned_view()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            # Toward the picked block, as the wheel zooms toward the pointer: zoomed in, the keys reach
            # the top and the foot of the tower too.
            factor = 1.15 if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS) else 1 / 1.15
            self.settle_camera()
            self.camera.zoom_by(factor, toward_y=self._picked_row())
        elif key in (pygame.K_COMMA, pygame.K_PERIOD):
            self.camera.tilt(TILT_STEP if key == pygame.K_PERIOD else -TILT_STEP)
        elif key == pygame.K_r:
            self.show_risk = not self.show_risk
            self.host.keep_risk_tint(self.show_risk)
            self.say("Risk tint on (later games open with it too)." if self.show_risk else
                     "Risk tint off: later games open without it too (R shows it again).")
        elif key == pygame.K_t:
            # The block picked with the arrows, else the one under the pointer: a keyboard player touches
            # too (before, T read the pointer only and did nothing, silently, without one).
            picked = self.picked if self.picked in self._legal_blocks() else None
            block = self.match.state.layout[picked[0]][picked[1]] if picked is not None else self.hover_block
            if block is None and not self._legal_blocks() and self.match.waiting_for_human():
                self.say(NO_BLOCK_NOW, 6.0)  # "pick one with the arrow keys" on a turn that takes none
            elif block is None:
                self.say("T touches a block: pick one with the arrow keys, or point at it.")
            else:
                self._touch(block)
        else:
            return False
        return True
