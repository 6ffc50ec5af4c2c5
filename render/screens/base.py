"""The play screen every game shares, and the registry that picks a game's own screen.

GameScreen draws a match and turns a person's clicks and keys into actions. It works for any
registered game through the engine's generic API: a banner saying whose turn it is and what they must
decide, the legal actions as a list (mouse and keyboard), the move log, undo and redo through Match,
save, an autosave after every action (through the Host), a help overlay, bots and dice played at a
watchable and skippable pace, and a result overlay. Its board is the game's text board.

A game's own screen subclasses GameScreen and overrides the board hooks only (see docs/render.md):
draw_board, board_event, on_step, animating, extra_shortcuts. It never applies rules itself: it hands
self.play(action) an action from state.legal_actions() (or parsed by state.string_to_action).
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path
from typing import Callable

import pygame

from games.core import CHANCE, TERMINAL, GameError, IllegalActionError
from games.match import Match, PendingStep, Step

from .. import palette as P
from .. import text
from ..help import how_to_play, split_rules, tower_sketch
from ..widgets import Button, ListView, draw_seat_mark, panel

# Seconds between automatic steps, so people can follow what bots and dice do.
BOT_DELAY = 0.7
CHANCE_DELAY = 0.45
RESULT_DELAY = 0.6
SKIP_BUDGET = 0.012  # seconds of automatic steps per frame while skipping


class Host:
    """What a screen asks of the app around it. This default does nothing (for rendering in tests)."""

    class _Silent:
        muted = True

        def play(self, cue: str) -> None:
            pass

    def __init__(self):
        self.sound = Host._Silent()

    def autosave(self, match: Match) -> None:
        """Called after every action; the app writes the autosave file."""

    def save_match(self, match: Match) -> Path | None:
        """Save to a new file; returns its path (None if there is nowhere to save)."""
        return None

    def leave(self) -> None:
        """Back to the launcher."""

    def open_load(self) -> None:
        """Show the saved matches to load one."""

    def play_again(self, match: Match) -> None:
        """A new match with the same game, variant and seats."""

    def keep_finished(self, match: Match) -> Path | None:
        """Keep a finished match among the saved matches; returns its file (None if there is nowhere)."""
        return None

    def toggle_sound(self) -> bool:
        return False


class GameScreen:
    """The generic play screen; a game's screen subclasses it and overrides the board hooks."""

    # Subclasses may change these.
    side_width = 340  # the right panel (choices and log), in pixels at 1280x800
    show_actions = True  # the list of legal actions (a board screen may hide it for a full-width view)

    def __init__(self, match: Match, host: Host | None = None):
        self.match = match
        self.host = host or Host()
        self.spec = match.spec
        self.actions = ListView()
        self.log = ListView()
        self.log_labels: list[str] = self._history_labels()
        self.legal: list[str] = []
        self._legal_at = -1  # history length the action list was built for
        self.filter = ""
        self.filtering = False
        self._slash_pending = False  # the "/" key's own TEXTINPUT is still to come
        self.focus_action: str | None = None  # the action under the pointer or selected: boards highlight it
        self.board_hover: list[str] = []  # actions the board says are under the pointer
        self._log_hover: int | None = None
        self.show_help = False
        self.help_top = 0
        self.help_decisions = False  # the help also shows how the table decides unclear points (D)
        self._help_shot: tuple | None = None  # ((size, history length), the board picture in the help)
        self.show_result = False
        self.result_hidden = False  # the person chose to look at the final board
        self.skipping = False
        self.pace = 0.0
        self._thinking: PendingStep | None = None  # the bot decision being computed on a worker thread
        self._skip_deadline = 0.0  # when this frame's automatic steps must stop, while skipping
        self.result_wait = 0.0
        self.message = ""
        self.message_time = 0.0
        self.size = (0, 0)
        self.scale = 1.0
        self.rects: dict[str, pygame.Rect] = {}
        self.buttons = [
            Button("Undo", self.undo, "Ctrl+Z"),
            Button("Redo", self.redo, "Ctrl+Y"),
            Button("Save", self.save, "Ctrl+S"),
            Button("Load", self.host.open_load, "Ctrl+O"),
            Button("Help", self.toggle_help, "F1"),
            Button("Sound", self.toggle_sound, "M"),
            Button("Skip", self.skip, "Space"),
            Button("Menu", self.host.leave, "Esc"),
        ]
        self.result_buttons = [
            Button("Play again", lambda: self.host.play_again(self.match), "P"),
            Button("View board", self.hide_result, "V"),
            Button("Back to the menu", self.host.leave, "Esc"),
        ]
        self.result_focus = -1  # the result button Tab or Left/Right chose (-1: none, so Enter starts nothing)
        self.kept_as: Path | None = None  # where the finished game is kept among the saved matches
        self._refresh_actions()
        if match.is_over():
            self.show_result = True

    # ---- hooks for a game's own screen --------------------------------------------------
    def draw_board(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the board into rect. The generic board is the state's text form."""
        inner = panel(surface, rect, self.spec.title, self.font_size(16))
        size = self.font_size(15)
        lines = str(self.match.state).splitlines()
        widest = max((text.font(size, mono=True).size(line)[0] for line in lines), default=1)
        while size > 8 and (widest > inner.w or len(lines) * size * 1.25 > inner.h):
            size -= 1
            widest = max((text.font(size, mono=True).size(line)[0] for line in lines), default=1)
        y = inner.y
        for line in lines:
            text.draw(surface, line, (inner.x, y), size, P.TEXT, mono=True)
            y += int(size * 1.25)

    def board_event(self, event: pygame.event.Event, rect: pygame.Rect) -> bool:
        """Handle a click or key on the board; return True if it was used. Set self.board_hover to
        the actions under the pointer so the list highlights them."""
        return False

    def on_step(self, step: Step, before) -> None:
        """Called after every action (a person's, a bot's or a chance outcome) with the state before it:
        start an animation here."""

    def animating(self) -> bool:
        """True while an animation is playing: bots and dice wait for it."""
        return False

    def quiet(self) -> bool:
        """True when nothing on the screen moves by itself: the match waits for a person (or is over
        with its result shown) and no animation plays. The app then draws at its idle rate."""
        match = self.match
        waiting = match.waiting_for_human() or (match.is_over() and (self.show_result or self.result_hidden))
        return waiting and not self.skipping and not self.animating()

    def finish_animations(self) -> None:
        """Jump every running animation to its end (the person skipped)."""

    def extra_shortcuts(self) -> list[tuple[str, str]]:
        """(key, what it does) pairs shown in the help overlay."""
        return []

    def click_card(self, pos) -> bool:
        """Play the card (or pile) under pos, listed in self.card_rects as (rect, action); True if one was hit."""
        for rect, action in getattr(self, "card_rects", ()):
            if rect.collidepoint(pos):
                if action in self.legal:
                    self.play(action)
                else:
                    self.say("That card cannot be played now.")
                return True
        return False

    def describe(self, action: str, state) -> str:
        """How an action reads, given the state it is (or was) decided in: the list and the log use it."""
        try:
            return state.action_to_string(action)
        except (GameError, KeyError, ValueError, IndexError):
            return action

    def action_label(self, action: str) -> str:
        """The action as shown in the list of choices."""
        return self.describe(action, self.match.state)

    def decision_text(self) -> str:
        """What the current player must decide, in words."""
        state = self.match.state
        player = state.current_player()
        if player == TERMINAL:
            return "The game is over."
        if player == CHANCE:
            return "Chance is being drawn (dice, cards or spinner)."
        prompt = getattr(state, "prompt", None)
        if callable(prompt):
            try:
                words = prompt()
                if words:
                    return str(words)
            except GameError:
                pass
        n = len(self.legal)
        return f"choose one of {n} action{'s' if n != 1 else ''}."

    # ---- the actions a person takes ----------------------------------------------------
    def play(self, action: str) -> bool:
        """Play a person's action; an illegal one is reported, not applied. True if it was played."""
        match = self.match
        if match.is_over():
            self.say("The game is over.")
            return False
        if not match.waiting_for_human():
            self.say(f"Wait: {self.seat_name(match.current_player)} is deciding.")
            return False
        before = match.state.clone()
        label = self._label(action, match.current_player, match.state)
        try:
            match.play(action)
        except IllegalActionError as exc:
            self.say(str(exc))
            self.host.sound.play("error")
            return False
        self._after(match.history[-1], before, label)
        self.host.sound.play("move")
        return True

    def _undo_depth(self) -> int | None:
        """How many steps an undo takes back (a person's last decision and the bot decisions after it),
        or None when that decision is behind a chance outcome (dice, a card draw) and so final."""
        match = self.match
        for k, step in enumerate(reversed(match.history)):
            if step.by == CHANCE:
                return None
            if step.by not in match.bots:
                return k + 1 if match.can_undo() else None
        return None

    def undo(self) -> None:
        """Take back the last decision of a person, with the bot decisions after it."""
        match = self.match
        depth = self._undo_depth()
        if depth is None:
            self.say("Nothing to undo: moves before the last dice roll or card draw are final.")
            self.host.sound.play("error")
            return
        for _ in range(depth):
            match.undo()
            self.log_labels.pop()
        self.finish_animations()
        self.skipping = False
        self.show_result = False
        self._refresh_actions(force=True)
        self.host.autosave(match)
        self.host.sound.play("undo")
        self.say("Undone.")

    def redo(self) -> None:
        match = self.match
        if not match.can_redo():
            self.say("Nothing to redo.")
            self.host.sound.play("error")
            return
        while True:
            before = match.state.clone()
            step = match.redo()
            self._after(step, before, self._label(step.action, step.by, before), quiet=True)
            if not (match.can_redo() and match.current_player in match.bots):
                break
        self.host.sound.play("undo")
        self.say("Redone.")

    def save(self) -> None:
        try:
            path = self.host.save_match(self.match)
        except OSError as exc:
            self.say(f"Could not save: {exc}")
            self.host.sound.play("error")
            return
        if path is not None:
            self.say(f"Saved to {path}")
            self.host.sound.play("save")

    def skip(self) -> None:
        """Play bots and dice without pauses until a person must decide."""
        if not self.match.is_over() and not self.match.waiting_for_human():
            self.skipping = True
            self.finish_animations()

    def toggle_help(self) -> None:
        self.show_help = not self.show_help
        self.help_top = 0

    def toggle_sound(self) -> None:
        on = self.host.toggle_sound()
        self.say("Sound on." if on else "Sound off.")

    def keep_finished(self) -> None:
        """Keep the finished game among the saved matches (the autosave slot will go to the next game)."""
        try:
            self.kept_as = self.host.keep_finished(self.match)
        except OSError as exc:
            self.kept_as = None
            self.say(f"The finished game could not be saved: {exc}", 8.0)

    def hide_result(self) -> None:
        self.show_result = False
        self.result_hidden = True

    def say(self, message: str, seconds: float = 4.0) -> None:
        """A short message in the status bar."""
        self.message = message
        self.message_time = seconds

    # ---- the frame --------------------------------------------------------------------
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
        if key == pygame.K_F1 or (event.unicode == "?" and not self.filtering):
            self.toggle_help()
        elif ctrl and key == pygame.K_z:
            self.redo() if mods & pygame.KMOD_SHIFT else self.undo()
        elif ctrl and key == pygame.K_y:
            self.redo()
        elif ctrl and key == pygame.K_s:
            self.save()
        elif ctrl and key == pygame.K_o:
            self.host.open_load()
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
        elif self.match.is_over() and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_v, pygame.K_p):
            self.show_result = True  # back from looking at the final board
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
            i = self.actions.top + key - pygame.K_1
            if i < len(self.legal) and self.match.waiting_for_human():
                self.play(self.legal[i])
        else:
            return False
        return True

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

    def _play_selected(self) -> None:
        if self.legal and self.match.waiting_for_human():
            self.play(self.legal[self.actions.selected])

    def _help_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1) or event.unicode == "?":
                self.show_help = False
            elif event.key == pygame.K_d:
                self.help_decisions = not self.help_decisions
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.help_top += 1 if event.key == pygame.K_DOWN else 10
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.help_top = max(0, self.help_top - (1 if event.key == pygame.K_UP else 10))
        elif event.type == pygame.MOUSEWHEEL:
            self.help_top = max(0, self.help_top - event.y * 3)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.show_help = False

    def _result_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            n = len(self.result_buttons)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                # Enter was the key that played the last moves: it presses only a button chosen on purpose.
                if 0 <= self.result_focus < n:
                    self.result_buttons[self.result_focus].on_click()
                else:
                    self.say("P: play again · V: view the board · Esc: back to the menu "
                             "(or Tab to a button, then Enter).", 6.0)
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

    def update(self, dt: float) -> None:
        """Advance timers, animations and the automatic steps (bots and chance) by dt seconds."""
        if self.message_time > 0:
            self.message_time -= dt
        match = self.match
        if match.is_over():
            self.skipping = False
            if not self.show_result and not self.result_hidden and not self.animating():
                self.result_wait += dt
                if self.result_wait >= RESULT_DELAY:
                    self.show_result = True
                    self.result_focus = -1
                    self.keep_finished()
                    self.host.sound.play("win")
            return
        self.result_wait = 0.0
        self.result_hidden = False
        if match.waiting_for_human():
            self.skipping = False
            self.pace = 0.0
            self._refresh_actions()
            return
        if self.show_help:
            return
        if self.skipping:
            deadline = self._skip_deadline = time.perf_counter() + SKIP_BUDGET  # a frame always ends in time
            while time.perf_counter() < deadline and not (match.is_over() or match.waiting_for_human()):
                n = len(self.match.history)
                if self.auto_step() is False or len(self.match.history) == n:
                    break  # a bot is still thinking (or a subclass runs the step in the background)
                self.finish_animations()
            self._refresh_actions()
            return
        if self.animating():
            return
        if match.current_player >= 0 and type(self).auto_step is GameScreen.auto_step:
            self._start_thinking()  # now, so that the thinking and the pause overlap
        self.pace += dt
        delay = CHANCE_DELAY if match.current_player == CHANCE else BOT_DELAY
        if self.pace >= delay and self.auto_step() is not False:
            self.pace = 0.0
        self._refresh_actions()

    def bot_thinking(self) -> bool:
        """True while a bot's decision is being computed (on a worker thread)."""
        return self._thinking is not None and not self._thinking.done

    def _start_thinking(self) -> None:
        """Start the current bot's decision on a worker thread (the match's own driver, prepare() and
        PendingStep.start()), unless it is already under way for this position; frames go on meanwhile."""
        pending, match = self._thinking, self.match
        if pending is not None and pending.before is match.state and pending.at == len(match.history):
            return
        self._thinking = match.prepare().start()

    def auto_step(self) -> bool | None:
        """One automatic step (a chance outcome, or a bot's ready decision); False if the bot still thinks.

        A subclass may override it to run the step elsewhere (the Jenga screen runs its physics on a
        worker thread): it then returns False while not ready, or None once the step is handed off,
        and reports the step with step_played() when it has been played. The base starts a bot's
        thinking thread only for its own auto_step."""
        match = self.match
        if match.current_player == CHANCE:
            before = match.state.clone()
            step = match.step()
        else:
            self._start_thinking()
            pending = self._thinking
            if self.skipping:  # skipping ahead: wait for the bot, within this frame's budget
                pending.wait(max(0.0, self._skip_deadline - time.perf_counter()))
            if not pending.done:
                return False
            self._thinking = None
            before = pending.before
            step = match.commit(pending)  # the bot's own error, if it failed, is raised here
        self.step_played(step, before, quiet=self.skipping)
        if not self.skipping:
            self.host.sound.play("dice" if step.by == CHANCE else "bot")
        return True

    def step_played(self, step: Step, before, quiet: bool = False) -> None:
        """Record a step the match has just played: its log line (worded in the position `before`),
        the autosave, the screen's on_step animation and the refreshed choices."""
        self._after(step, before, self._label(step.action, step.by, before), quiet=quiet)

    def _after(self, step: Step, before, label: str, quiet: bool = False) -> None:
        self.end_search()  # the next decision's choices are new: an old search would hide them
        self.log_labels.append(label)
        self.host.autosave(self.match)
        self.on_step(step, before)
        self._refresh_actions(force=True)

    def _history_labels(self) -> list[str]:
        """Log lines for the steps already in the match (a loaded or resumed game), worded like live ones:
        a screen whose describe() reads the position gets the history replayed on a fresh state, so each
        action is described in the position it was taken in."""
        match = self.match
        labels: list[str] = []
        if type(self).describe is GameScreen.describe:  # the engine's words need no position: no replay
            return [self._label(s.action, s.by) for s in match.history]
        try:
            state = match.spec.new_state(match.config)
            for step in match.history:
                labels.append(self._label(step.action, step.by, state))
                state.apply_action(step.action)
        except (GameError, KeyError, ValueError, IndexError, TypeError):
            pass  # a history the fresh state cannot follow: the rest keeps the engine's plain words
        return labels + [self._label(s.action, s.by) for s in match.history[len(labels):]]

    def _label(self, action: str, by: int, state=None) -> str:
        """A log line; `state` is the position the action was taken in (None for a loaded history)."""
        if state is not None:
            words = self.describe(action, state)
        else:
            words = GameScreen.describe(self, action, self.match.state)
        who = "Chance" if by == CHANCE else self.match.state.seat_name(by)
        return f"{who}: {words}"

    def _refresh_actions(self, force: bool = False) -> None:
        match = self.match
        if not force and self._legal_at == len(match.history):
            return
        self._legal_at = len(match.history)
        legal = match.state.legal_actions() if match.waiting_for_human() else []
        if self.filter:
            needle = self.filter.lower()
            legal = [a for a in legal if needle in self.action_label(a).lower() or needle in a.lower()]
        self.legal = legal
        self.actions.set_items([self.action_label(a) for a in legal])
        self.log.set_items([f"{i + 1}. {label}" for i, label in enumerate(self.log_labels)], keep=False)
        self.log.scroll_to_end()

    def seat_name(self, seat: int) -> str:
        if seat == CHANCE:
            return "Chance"
        return self.match.state.seat_name(seat)

    # ---- drawing ----------------------------------------------------------------------
    def font_size(self, base: int) -> int:
        """A font size for this window: the base size at 1280x800, scaled with the window and by the
        launcher's text-size option."""
        return max(9, int(round(base * self.scale * text.SCALE)))

    def layout(self, size: tuple[int, int]) -> dict[str, pygame.Rect]:
        """The screen's regions for a window size (recomputed only when the size changes)."""
        if size == self.size and self.rects:
            return self.rects
        w, h = size
        self.size = size
        self.scale = s = max(0.6, min(w / 1280, h / 800, 2.0))
        pad = int(8 * s)
        t = text.SCALE
        banner_h, bar_h = int(60 * s * t), int(40 * s * max(1.0, t * 0.9))
        side_w = int(self.side_width * s)
        body = pygame.Rect(pad, banner_h + pad, w - 2 * pad, h - banner_h - bar_h - 2 * pad)
        side = pygame.Rect(body.right - side_w, body.y, side_w, body.h)
        board = pygame.Rect(body.x, body.y, body.w - side_w - pad, body.h)
        choices_h = int(side.h * 0.55) if self.show_actions else 0
        choices = pygame.Rect(side.x, side.y, side.w, choices_h)
        log = pygame.Rect(side.x, side.y + choices_h + (pad if choices_h else 0), side.w,
                          side.h - choices_h - (pad if choices_h else 0))
        self.rects = {"banner": pygame.Rect(0, 0, w, banner_h), "board": board, "side": side,
                      "choices": choices, "log": log, "bar": pygame.Rect(0, h - bar_h, w, bar_h)}
        row = int(26 * s * t)
        self.actions.row_h = self.log.row_h = row
        self.actions.rect = pygame.Rect(choices.x + 6, choices.y + int(30 * s * t), choices.w - 12,
                                        max(row, choices.h - int(36 * s * t)))
        self.log.rect = pygame.Rect(log.x + 6, log.y + int(30 * s * t), log.w - 12, max(row, log.h - int(36 * s * t)))
        bar = self.rects["bar"]
        gap = int(6 * s)
        widths = [text.font(self.font_size(13)).size(f"{b.label}  [{b.hint}]")[0] + int(16 * s) for b in self.buttons]
        if sum(widths) > w * 0.6:  # a small window or large text: the keys are in the help, the bar keeps room
            widths = [text.font(self.font_size(13)).size(b.label)[0] + int(16 * s) for b in self.buttons]
        x = bar.right - pad - sum(widths) - gap * (len(widths) - 1)
        for b, bw in zip(self.buttons, widths):
            b.rect = pygame.Rect(x, bar.y + int(6 * s), bw, bar.h - int(12 * s))
            x += bw + gap
        self.actions.set_items(self.actions.items)
        self.log.scroll_to_end()
        self.on_layout()
        return self.rects

    def on_layout(self) -> None:
        """Called when the regions change (a subclass may cache board geometry here)."""

    def draw(self, surface: pygame.Surface) -> None:
        rects = self.layout(surface.get_size())
        surface.fill(P.BACKGROUND)
        self.focus_action = self._focus()
        clip = surface.get_clip()
        surface.set_clip(rects["board"])
        self.draw_board(surface, rects["board"])
        surface.set_clip(clip)
        self._draw_banner(surface, rects["banner"])
        self._draw_side(surface)
        self._draw_bar(surface, rects["bar"])
        if self.show_result:
            self._draw_result(surface)
        if self.show_help:
            self._draw_help(surface)

    def _focus(self) -> str | None:
        if not self.legal:
            return None
        if self.actions.hover is not None and self.actions.hover < len(self.legal):
            return self.legal[self.actions.hover]
        if self.board_hover:
            return self.board_hover[0]
        if 0 <= self.actions.selected < len(self.legal):
            return self.legal[self.actions.selected]
        return None

    def _draw_banner(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, P.PANEL, rect)
        pygame.draw.line(surface, P.PANEL_EDGE, (rect.x, rect.bottom - 1), (rect.right, rect.bottom - 1))
        state = self.match.state
        player = state.current_player()
        owner = state.turn_owner()
        x = rect.x + int(16 * self.scale)
        cy = rect.centery
        big, small = self.font_size(22), self.font_size(15)
        seat = self.banner_seat() if player != TERMINAL else None
        if player == TERMINAL:
            title = "Game over"
        else:
            if seat is not None and seat >= 0:
                draw_seat_mark(surface, seat, (x + int(14 * self.scale), cy), int(14 * self.scale))
                x += int(36 * self.scale)
                kind = "" if self.match.config.seats[seat].is_human else " (bot)"
                title = f"{self.seat_name(seat)}'s turn{kind}"
            else:
                title = "Chance"
        r = text.draw(surface, title, (x, cy - int(big * 0.45)), big, P.TEXT, bold=True, anchor="midleft")
        decision = self.decision_text()
        if player >= 0 and owner is not None and seat != player:
            decision = f"{self.seat_name(player)} must decide now: {decision}"
            draw_seat_mark(surface, player, (r.right + int(22 * self.scale), r.centery), int(10 * self.scale))
        elif player >= 0 and not decision.startswith(self.seat_name(player)):
            decision = f"{self.seat_name(player)}: {decision}"
        if player >= 0 and not self.match.waiting_for_human():
            decision += "   (thinking…)" if self.bot_thinking() else "   (Space: skip ahead)"
        info = f"{self.spec.title} · {self.match.config.variant} · seed {self.match.seed}"
        info_w = text.font(small).size(info)[0]
        text.draw(surface, text.fit(decision, small, rect.w - (x - rect.x) - info_w - 40),
                  (x, cy + int(small * 0.8)), small, P.HIGHLIGHT if self.match.waiting_for_human() else P.TEXT,
                  anchor="midleft")
        text.draw(surface, info, (rect.right - int(16 * self.scale), cy + int(small * 0.8)), small, P.TEXT_DIM,
                  anchor="midright")

    def banner_seat(self) -> int | None:
        """The seat whose turn the banner names: the turn's owner, else whoever decides now."""
        state = self.match.state
        owner = state.turn_owner()
        return owner if owner is not None else state.current_player()

    def _draw_side(self, surface: pygame.Surface) -> None:
        size = self.font_size(15)
        if self.show_actions:
            rect = self.rects["choices"]
            if self.match.waiting_for_human():
                title = f"Choices ({len(self.legal)})"
                if self.filtering:
                    title = f"Find: {self.filter}_  ({len(self.legal)})"
            elif self.match.is_over():
                title = "Choices"
            else:
                title = f"Waiting for {self.seat_name(self.match.current_player)}…"
            panel(surface, rect, title, self.font_size(15))
            marked = {i for i, a in enumerate(self.legal) if a in self.board_hover}
            self.actions.draw(surface, size, marked, numbered=True)
            if not self.legal and self.match.waiting_for_human() and self.filter:
                text.draw(surface, "No choice matches; Esc clears.", self.actions.rect.topleft, size, P.TEXT_DIM)
        rect = self.rects["log"]
        panel(surface, rect, f"Move log ({len(self.log_labels)})", self.font_size(15))
        self.log.draw(surface, self.font_size(14), show_selection=False, dim=False)

    def _draw_bar(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, P.PANEL, rect)
        match = self.match
        enabled = {"Undo": self._undo_depth() is not None, "Redo": match.can_redo(),
                   "Skip": not match.is_over() and not match.waiting_for_human()}
        for b in self.buttons:
            b.enabled = enabled.get(b.label, True)
            if b.label == "Sound":
                b.selected = not self.host.sound.muted
            b.draw(surface, self.font_size(13))
        left = self.buttons[0].rect.x - int(12 * self.scale)
        idle = ("Game over: V shows the result again" if self.match.is_over() else
                "F1: help and rules · arrows and Enter, 1-9 or a click: choose · /: find")
        focus = self.focus_action if self.focus_action in self.legal else None
        if focus is not None and not self.match.is_over():
            chosen = 0 <= self.actions.selected < len(self.legal) and self.legal[self.actions.selected] == focus
            idle = f"{self.action_label(focus)}  ({'Enter' if chosen else 'a click'} plays it)"  # the whole line
        words = self.message if self.message_time > 0 else idle
        ink = P.TEXT if self.message_time > 0 else P.TEXT_DIM
        text.draw(surface, text.fit(words, self.font_size(14), left - rect.x - int(16 * self.scale)),
                  (rect.x + int(16 * self.scale), rect.centery), self.font_size(14), ink, anchor="midleft")

    def _overlay_panel(self, surface: pygame.Surface, w_frac: float, h_frac: float) -> pygame.Rect:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill(P.SHADE)
        surface.blit(shade, (0, 0))
        w, h = surface.get_size()
        rect = pygame.Rect(0, 0, int(w * w_frac), int(h * h_frac))
        rect.center = (w // 2, h // 2)
        pygame.draw.rect(surface, P.PANEL, rect, border_radius=10)
        pygame.draw.rect(surface, P.ACCENT, rect, width=2, border_radius=10)
        return rect

    def result_score(self, seat: int) -> str:
        """What the result panel says after a seat's name: its points where the game counts points (a
        `scores()` method) or its coins (`coins()`), else won, lost or drawn, never the engine's raw +1/-1."""
        state = self.match.state
        scores = getattr(state, "scores", None)
        if callable(scores):
            return f"{scores()[seat]:g} pts"
        coins = getattr(state, "coins", None)  # Super Mario Jenga: the most coins win
        if callable(coins):
            return f"{coins()[seat]:g} coins"
        winners = state.winners()
        if not winners:
            return "draw"
        return "won" if seat in winners else "lost"

    def _draw_result(self, surface: pygame.Surface) -> None:
        n = len(self.match.config.seats)
        rect = self._overlay_panel(surface, 0.56, min(0.86, (290 + 36 * n) * self.scale / surface.get_height()))
        s = self.scale
        state = self.match.state
        names = [seat.name for seat in self.match.config.seats]
        winners = state.winners()
        if len(winners) == 1:
            title = f"{names[winners[0]]} wins!"
        elif winners:
            title = "A tie: " + " and ".join(names[w] for w in winners)
        else:
            title = "Nobody wins."
        y = rect.y + int(24 * s)
        text.draw(surface, text.fit(title, self.font_size(30), rect.w - int(24 * s), bold=True), (rect.centerx, y),
                  self.font_size(30), P.HIGHLIGHT, bold=True, anchor="midtop")
        y += int(56 * s)
        scores = state.returns()
        order = sorted(range(len(names)), key=lambda i: (i not in winners, -scores[i]))
        for i in order:
            draw_seat_mark(surface, i, (rect.x + int(50 * s), y + int(14 * s)), int(12 * s))
            seat = self.match.config.seats[i]
            kind = "person" if seat.is_human else f"{seat.bot.replace('_', ' ')} bot"
            mark = "  ★ winner" if i in winners else ""
            score = self.result_score(i)
            score_w = text.font(self.font_size(20), bold=True).size(score)[0]
            line = text.fit(f"{names[i]} ({kind}){mark}", self.font_size(18), rect.w - int(130 * s) - score_w)
            text.draw(surface, line, (rect.x + int(76 * s), y + int(14 * s)), self.font_size(18), P.TEXT,
                      anchor="midleft")
            text.draw(surface, score, (rect.right - int(40 * s), y + int(14 * s)), self.font_size(20),
                      P.TEXT, bold=True, anchor="midright")
            y += max(int(36 * s), int(self.font_size(20) * 1.5))
        kept = (f"Kept in the saved matches as {self.kept_as.stem}." if self.kept_as is not None
                else f"{len(self.match.history)} actions · seed {self.match.seed}")
        for line in (kept, f"{len(self.match.history)} actions · seed {self.match.seed}" if self.kept_as else ""):
            if line:
                text.draw(surface, text.fit(line, self.font_size(14), rect.w - int(24 * s)),
                          (rect.centerx, y + int(8 * s)), self.font_size(14), P.TEXT_DIM, anchor="midtop")
                y += int(self.font_size(14) * 1.35)
        gap = int(14 * s)
        bw, bh = min(int(190 * s), (rect.w - 4 * gap) // 3), int(42 * s)
        x = rect.centerx - (3 * bw + 2 * gap) // 2
        for k, b in enumerate(self.result_buttons):
            b.rect = pygame.Rect(x, rect.bottom - bh - int(22 * s), bw, bh)
            b.focused = k == self.result_focus
            b.draw(surface, self.font_size(15))
            x += bw + gap

    def keyboard_line(self) -> str:
        """How the keyboard alone plays this screen (the Jenga screen says it its own way)."""
        return ("Every action is a row of the Choices list, so the keyboard alone plays the whole game; "
                "the mouse can also click the board.")

    def help_text(self) -> str:
        """The help overlay: a short how to play, the rules of the active variant as a player reads them
        (render.help takes out file paths and remarks about sources), the keys, and, on request (D), how
        this table decides points the printed rules leave open."""
        spec, variant = self.spec, self.match.config.variant
        lines = ["HOW TO PLAY"]
        lines += [f"• {line}" for line in how_to_play(self.match.config.game)] or [spec.summary]
        lines += [f"• {self.keyboard_line()}", ""]
        rules, decisions = None, ""
        if spec.help_text is not None:
            try:
                rules, decisions = split_rules(spec.help_text(variant))
            except (GameError, KeyError):
                rules = None
        lines += ["RULES", f"{spec.title}, variant '{variant}': {spec.variants.get(variant, '')}.", ""]
        lines.append(text.reflow(rules) if rules else spec.summary)
        keys = [("F1 or ?", "this help (Esc closes it; Up/Down scroll it)"),
                ("Up/Down, PageUp/PageDown, Home/End", "select a choice: the board shows it (a path, a target, "
                                                       "a card framed)"),
                ("Enter", "play the selected choice"),
                ("1 to 9", "play the numbered choice"),
                ("/", "find a choice by typing part of its words (Enter plays it, Esc stops)"),
                ("Ctrl+Z / Ctrl+Y", "undo / redo (back to the last dice roll or card draw)"),
                ("Ctrl+S / Ctrl+O", "save this match / load a saved one (in the launcher)"),
                ("Space", "skip the bots' and dice's pauses"),
                ("M", "sound on or off"),
                ("Esc", "back to the menu (the game is autosaved)"),
                ("After the game", "P: play again · V: view the board · Esc: back to the menu")] + self.extra_shortcuts()
        lines += ["", "KEYS"] + [f"  {k}: {what}" for k, what in keys]
        if decisions:
            if self.help_decisions:
                lines += ["", "HOW THIS TABLE DECIDES UNCLEAR POINTS", text.reflow(decisions)]
            else:
                lines += ["", "D shows how this table decides points the printed rules leave open."]
        lines += ["", "Every game is saved after each action; Resume in the launcher continues it."]
        return "\n".join(lines)

    def help_picture(self, size: tuple[int, int]) -> pygame.Surface:
        """The board as it stands, drawn by the screen's own draw_board and shrunk to fit `size`, for the
        help's how to play."""
        if self.match.config.game.startswith("jenga"):
            return tower_sketch(size)  # the tower view may still be building: a drawn tower, always ready
        board = self.rects.get("board")
        if board is None or board.w < 10 or board.h < 10:
            return pygame.Surface((1, 1))
        canvas = pygame.Surface(self.size)
        canvas.fill(P.BACKGROUND)
        canvas.set_clip(board)
        self.draw_board(canvas, board)
        canvas.set_clip(None)
        shot = canvas.subsurface(board).copy()
        k = min(size[0] / board.w, size[1] / board.h)
        return pygame.transform.smoothscale(shot, (max(1, int(board.w * k)), max(1, int(board.h * k))))

    def _draw_help(self, surface: pygame.Surface) -> None:
        rect = self._overlay_panel(surface, 0.86, 0.88)
        s = self.scale
        inner = rect.inflate(-int(40 * s), -int(36 * s))
        text.draw(surface, f"Help: {self.spec.title}", inner.topleft, self.font_size(24), P.HIGHLIGHT, bold=True)
        pic_w = int(inner.w * 0.36)
        picture = pygame.Rect(inner.right - pic_w, inner.y + int(40 * s), pic_w, inner.h - int(70 * s))
        if self._help_shot is None or self._help_shot[0] != (picture.size, len(self.match.history)):
            self._help_shot = ((picture.size, len(self.match.history)), self.help_picture(picture.size))
        shot = self._help_shot[1]
        spot = shot.get_rect(midtop=(picture.centerx, picture.y))
        surface.blit(shot, spot)
        pygame.draw.rect(surface, P.PANEL_EDGE, spot, width=1)
        text.draw(surface, text.fit("The board now", self.font_size(14), pic_w), (spot.centerx, spot.bottom + 4),
                  self.font_size(14), P.TEXT_DIM, anchor="midtop")
        size = self.font_size(16)
        body = pygame.Rect(inner.x, inner.y + int(40 * s), inner.w - pic_w - int(20 * s), inner.h - int(64 * s))
        lines = text.wrap(self.help_text(), size, body.w)
        line_h = int(size * 1.35)
        rows = max(1, body.h // line_h)
        self.help_top = min(self.help_top, max(0, len(lines) - rows))
        y = body.y
        for line in lines[self.help_top:self.help_top + rows]:
            bold = line.isupper() and bool(line.strip())
            text.draw(surface, line, (body.x, y), size, P.ACCENT if bold else P.TEXT, bold=bold)
            y += line_h
        more = "  (Up/Down or the wheel scroll)" if len(lines) > rows else ""
        text.draw(surface, text.fit(f"Esc, F1 or a click closes this.{more}", self.font_size(14), inner.w),
                  (inner.x, inner.bottom), self.font_size(14), P.TEXT_DIM, anchor="bottomleft")


# ---- which screen plays which game ---------------------------------------------------------
# game name (or prefix ending in '_*') -> "module:Class", imported only when needed.
_SCREENS = {
    "donkey_kong": "render.screens.donkey_kong:DonkeyKongScreen",
    "monkey_dash": "render.screens.monkey_dash:MonkeyDashScreen",
    "jenga_*": "render.screens.jenga:JengaScreen",
}


def screen_for(game_name: str) -> Callable[..., GameScreen]:
    """The screen class for a game: its own if one exists and imports, else the generic GameScreen."""
    target = _SCREENS.get(game_name)
    if target is None:
        target = next((t for key, t in _SCREENS.items() if key.endswith("*") and game_name.startswith(key[:-1])),
                      None)
    if target is None:
        return GameScreen
    module_name, _, class_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            return GameScreen  # that screen is not written yet
        sys.stderr.write(f"The {game_name} screen cannot be loaded ({exc}); using the generic screen.\n")
        return GameScreen
    except ImportError as exc:
        sys.stderr.write(f"The {game_name} screen cannot be loaded ({exc}); using the generic screen.\n")
        return GameScreen
    return getattr(module, class_name, GameScreen)
