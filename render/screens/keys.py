"""A person's keys and clicks on the play screen: shortcuts, the choices list, finding a choice by typing,
and the keys of the help and result overlays. A mixin of GameScreen (base.py)."""

from __future__ import annotations

import pygame

from .autoplay import RESULT_GUARD_S

RESULT_KEYS_WORDS = "P: play again · V: view the board · Esc: back to the menu"
"""What Enter on the result says, taken away with the result (GameScreen.hide_result)."""


class KeyInput:
    """Turns events into GameScreen's actions (play, undo, redo, save, help, skip)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.VIDEORESIZE:
            return
        if self.show_help:
            self._help_event(event)
            return
        if self.show_result:
            self._result_event(event)
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if event.type == pygame.TEXTINPUT and self.filtering:
            typed = event.text
            if self._slash_pending:  # the "/" that opened the search arrives as text too: it is not a search word
                self._slash_pending = False
                typed = typed[1:] if typed.startswith("/") else typed
            if typed:
                self.filter += typed
                self._refresh_actions(force=True)
            return
        for b in self.buttons:
            if b.handle(event):
                return
        board = self.rects.get("board")
        if board is not None and self.board_event(event, board):
            return
        if event.type == pygame.MOUSEMOTION:
            if board is not None and not board.collidepoint(event.pos):
                self.board_hover = []
        if self.show_actions and self.match.waiting_for_human():
            row = self.actions.handle(event)
            if row is not None:
                self.play(self.legal[row])
                return
        self.log.handle(event)
        if event.type == pygame.MOUSEMOTION and self.log.hover is not None and self.log.hover != self._log_hover:
            self.say(self.log.items[self.log.hover], 3.0)  # a long line cut in the log reads whole below
        self._log_hover = self.log.hover

    def _key(self, event: pygame.event.Event) -> bool:
        key, mods = event.key, event.mod
        ctrl = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and mods & pygame.KMOD_ALT:
            # Alt+Enter is full screen in many programs: here it played the chosen move (an audit), which
            # undo may not take back once a spinner or the dice follow. It plays nothing.
            self.say("Alt+Enter plays nothing here (Enter alone plays the chosen move).")
        elif key == pygame.K_F1 or (event.unicode == "?" and not self.filtering):
            self.toggle_help()
        elif ctrl and key == pygame.K_z:
            self.redo() if mods & pygame.KMOD_SHIFT else self.undo()
        elif ctrl and key == pygame.K_y:
            self.redo()
        elif ctrl and key == pygame.K_s:
            self.save()
        elif ctrl and key == pygame.K_o:
            self.host.open_load()
        elif mods & pygame.KMOD_SHIFT and key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            # the move log by keyboard (it scrolled with the wheel only: an audit of keyboard-only play)
            self.log.scroll_by_page(-1 if key == pygame.K_PAGEUP else 1)
        elif self.filtering:
            if key == pygame.K_ESCAPE:
                self.end_search()
            elif key == pygame.K_BACKSPACE:
                self.filter = self.filter[:-1]
                self._refresh_actions(force=True)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._play_selected()
            elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self._list_key(key)
            else:
                return False  # text arrives as TEXTINPUT
            return True
        elif self.match.is_over() and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_v):
            self.open_result()  # back from looking at the final board, or during a fall's replay
        elif self.match.is_over() and key == pygame.K_p:
            # P, the Jenga push key, pressed again and again through a fall's replay opened the result and,
            # 0.8 s later, played again: the result unseen (two regression audits). P plays again only from the
            # result itself; on the board it says how to get there.
            self.say("The game is over: V or Enter shows the result (and P there plays again).", 5.0)
        elif key == pygame.K_ESCAPE and self.cancel_pick():
            pass  # Esc first lets go of a piece picked on the board; the next one leaves for the menu
        elif key == pygame.K_ESCAPE:
            self.host.leave()
        elif key == pygame.K_SPACE and not self.match.waiting_for_human():
            self.skip()
        elif key == pygame.K_m:
            self.toggle_sound()
        elif (key == pygame.K_SLASH or event.unicode == "/") and self.show_actions:
            self.filtering = True
            self.filter = ""
            self._slash_pending = True
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END):
            self._list_key(key)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._play_selected()
        elif pygame.K_1 <= key <= pygame.K_9 and not ctrl and self.show_actions:
            # a digit plays the row drawn with that number: counted from the rows in view, or from the top of
            # the list where the rows keep their numbers through a scroll (absolute_numbers)
            absolute = getattr(self.actions, "absolute_numbers", False)
            i = (0 if absolute else self.actions.top) + key - pygame.K_1
            if i < len(self.legal) and self.match.waiting_for_human():
                if absolute:
                    self.actions.reveal(i)
                self.play(self.legal[i])
            elif self.match.waiting_for_human() and self.legal:
                # said, not nothing at all (a board-game audit pressed 9 with two choices)
                count = len(self.legal) - (0 if absolute else self.actions.top)
                self.say(f"There is no choice {key - pygame.K_0}: the Choices list numbers "
                         f"{'only 1' if count == 1 else f'1 to {min(count, 9)}'}.", 4.0)
        else:
            return False
        return True

    def cancel_pick(self) -> bool:
        """Let go of a piece or square picked on the board (a screen that picks one says how); True when
        something was let go, so that Esc does that instead of leaving the game."""
        return False

    def end_search(self) -> None:
        """Stop finding choices by typed words and show the whole list again."""
        if self.filtering or self.filter:
            self.filtering, self.filter, self._slash_pending = False, "", False
            self._refresh_actions(force=True)

    def _list_key(self, key: int) -> None:
        page = self.actions.visible_rows()
        delta = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                 pygame.K_HOME: -10**6, pygame.K_END: 10**6}[key]
        self.actions.move(delta)
        self.let_go_of_board()  # the row chosen by key is what the board draws and Enter plays now

    def nothing_to_enter(self) -> str:
        """What Enter says when a person decides and the list has no row (a Jenga turn, whose pushes are made on
        the tower): "" says nothing."""
        return ""

    def _play_selected(self) -> None:
        if not self.legal and self.match.waiting_for_human() and self.nothing_to_enter():
            # Enter with nothing to play did nothing, silently (a keyboard audit of Jenga)
            self.say(self.nothing_to_enter(), 6.0)
            self.host.sound.play("error")
            return
        shown = self.board_choice()
        if shown is not None and shown in self.legal and self.match.waiting_for_human():
            # the choice the board draws under the pointer (a path pinned or pointed at): Enter played the list's
            # framed row instead, another path than the one on the board (a Donkey Kong family audit)
            self.play(shown)
            return
        if self.legal and self.match.waiting_for_human():
            if self.filter and len(self.legal) == 1 and not 0 <= self.actions.selected < 1:
                # words typed in the finder that find one row choose it ("Find: decline (1)", then Enter, said to
                # choose a row first at Monkey Dash's Interrupt question, which is asked with none chosen: a keyboard
                # audit); with several found, Enter still asks for one to be chosen (a regression audit: it stacked
                # a Jenga block in the first of three places, and declined an interrupt, nobody choosing)
                self.actions.selected = 0
            if not 0 <= self.actions.selected < len(self.legal):  # no row chosen: Enter played the last row
                self.say("Choose a row of Choices first: Up/Down, then Enter, or the row's number (or a click).", 6.0)
                self.host.sound.play("error")
                return
            self.play(self.legal[self.actions.selected])

    def _help_bar_event(self, event: pygame.event.Event) -> bool:
        """A press on the help's scroll bar, a drag along it and its release scroll the help to the line at that
        height: a click there closed the help, as a click elsewhere does (a regression audit). True if used."""
        track = self.help_track
        on_bar = track is not None and hasattr(event, "pos") and track.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and on_bar:
            self.help_dragging = True
        elif not (self.help_dragging and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP)):
            return event.type == pygame.MOUSEBUTTONUP and event.button == 1 and on_bar
        if event.type == pygame.MOUSEBUTTONUP:
            self.help_dragging = False
        total, rows = self.help_rows
        share = min(1.0, max(0.0, (event.pos[1] - track.y) / max(1, track.h)))
        self.help_top = int(round(share * max(0, total - rows)))
        return True

    def _help_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1) or event.unicode == "?":
                self.show_help = False
            elif event.key == pygame.K_d:
                self.help_decisions = not self.help_decisions
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.help_top += 1 if event.key == pygame.K_DOWN else self.help_page
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.help_top = max(0, self.help_top - (1 if event.key == pygame.K_UP else self.help_page))
            elif event.key == pygame.K_HOME:
                self.help_top = 0
            elif event.key == pygame.K_END:  # the drawing keeps the last page in view (help_top is capped)
                self.help_top = 10**6
        elif event.type == pygame.MOUSEWHEEL:
            self.help_top = max(0, self.help_top - event.y * 3)
        elif self._help_bar_event(event):
            pass
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.show_help = False

    def _result_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self.result_guard > 0 and event.key in (
                pygame.K_p, pygame.K_v, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            # the result has only just come up: a key meant for the game (autoplay.RESULT_GUARD_S); a key
            # pressed again and again keeps it waiting, so only a key pressed after a pause acts on it
            self.result_guard = RESULT_GUARD_S
            return
        if event.type == pygame.KEYDOWN:
            n = len(self.result_buttons)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                # Enter was the key that played the last moves: it presses only a button chosen on purpose.
                if 0 <= self.result_focus < n:
                    self.result_buttons[self.result_focus].on_click()
                else:
                    self.say(f"{RESULT_KEYS_WORDS} (or Tab to a button, then Enter).", 6.0)
            elif event.key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT):
                back = event.key == pygame.K_LEFT or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                start = self.result_focus if self.result_focus >= 0 else (0 if back else -1)
                self.result_focus = (start + (-1 if back else 1)) % n
            elif event.key == pygame.K_p:
                self.host.play_again(self.match)
            elif event.key == pygame.K_v:
                self.hide_result()
            elif event.key == pygame.K_ESCAPE:
                self.host.leave()
            elif event.key == pygame.K_F1:
                self.toggle_help()
            elif (event.mod & pygame.KMOD_CTRL) and event.key == pygame.K_z:
                self.undo()
            return
        for b in self.result_buttons:
            if b.handle(event):
                return
