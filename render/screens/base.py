"""The play screen every game shares.

GameScreen draws a match and turns a person's clicks and keys into actions. It works for any
registered game through the engine's generic API: a banner saying whose turn it is and what they must
decide, the legal actions as a list (mouse and keyboard), the move log, undo and redo through Match,
save, an autosave after every action (through the Host), a help overlay, bots and dice played at a
watchable and skippable pace, and a result overlay. Its board is the game's text board.

A game's own screen subclasses GameScreen and overrides the board hooks only (see docs/render.md):
draw_board, board_event, on_step, animating, extra_shortcuts. It never applies rules itself: it hands
self.play(action) an action from state.legal_actions() (or parsed by state.string_to_action).

This module holds the screen's state, the hooks, the actions a person takes, the log and the layout
and drawing of the banner, the choices and the bar. The other jobs have their own modules: keys.py
(events and shortcuts), autoplay.py (bots and chance at a watchable pace), overlays.py (the help and
the result), host.py (what the screen asks of the app) and registry.py (which screen plays which game).
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from games.core import CHANCE, TERMINAL, GameError, IllegalActionError
from games.match import Match, PendingStep, Step
from games.words import counted, joined, write_fault

from .. import palette as P
from .. import text
from ..widgets import Button, ListView, LogRows, RowsOfHeights, draw_seat_mark, draw_tip, fit_keeping, panel
from .autoplay import RESULT_GUARD_S, AutoPlay
from .by_hand import ChanceByHand
from .host import Host
from .keys import RESULT_KEYS_WORDS, KeyInput
from .overlays import Overlays

SKIP_WORDS = (("Skip", "Space"), ("Result", "V"))
"""The bar's Skip button's (label, key) while the game goes on, and once it is over."""
F1_WORDS = "F1: help and rules"
UNKEPT_MARK = "⚠ Not autosaved: Ctrl+S keeps this game"
"""The status line's first words while the game on screen is kept nowhere on disk (its autosave failing)."""
BAR_KEYS_WORDS = "F1: help and keys · Ctrl+Z: undo · Ctrl+S: save · Esc: menu"
"""The status line's lead when the bar's buttons are drawn without their keys."""
KEYS_SENTENCE = re.compile(r"(?<=[.!?] )[^.!?]*\[[^\]]+\][^.!?]*\.$")
"""The last sentence of a status line when it names keys in brackets ("[ or ] turns the view."): kept whole when
the line must be cut (Screen._draw_status)."""
STATUS_LEAST_PX = 9
"""The smallest size the status line shrinks to before its words are cut (at 1280x800 its 70 %, as before; at
1024x640 it had gone to 8 px)."""
IDLE_KEYS = "F1: help and rules · arrows and Enter, a click or 1-9: play a row · /: find"
"""The status line with nothing else to say. "1-9 ... choose" read as if a number only chose a row (a
board-games audit pressed 5 and then Enter, and played two steps): a number key plays its row."""


class GameScreen(KeyInput, ChanceByHand, AutoPlay, Overlays):
    """The generic play screen; a game's screen subclasses it and overrides the board hooks."""

    # Subclasses may change these.
    side_width = 340  # the right panel (choices and log), in pixels at 1280x800
    show_actions = True  # the list of legal actions (a board screen may hide it for a full-width view)
    choice_rows = ListView  # the Choices list's kind (widgets.WrappingRows: rows that wrap at a large text size)
    _rows_handed = False  # this list was just handed from one person to another: no row chosen (_refresh_actions)
    _handed_open = False  # this decision's list opened so, and its person has not chosen since

    def idle_keys(self) -> str:
        """The status line when there is nothing else to say: the keys of the list of choices (while a row is
        being found by typing, digits are typed, not played: a keyboard audit)."""
        if self.filtering:
            return "Type part of a row's words · Up/Down choose · Enter plays the chosen row · Esc stops finding"
        if not self.legal and not self.match.waiting_for_human() and not self.match.is_over():
            # the deal, a bot's turn: no row to play (the line named the list's keys over an empty list: an audit)
            return f"{F1_WORDS} · Space: skip ahead to the next decision"
        return IDLE_KEYS

    def __init__(self, match: Match, host: Host | None = None):
        self.match = match
        self.host = host or Host()
        self.spec = match.spec
        self.actions = self.choice_rows()
        self.log = LogRows()  # each row on as many lines as it needs: read whole, by keyboard too
        self.log_labels: list[str] = self._history_labels()
        self.legal: list[str] = []
        self._legal_at = -1  # history length the action list was built for
        self.filter = ""
        self.filtering = False
        self._slash_pending = False  # the "/" key's own TEXTINPUT is still to come
        self.focus_action: str | None = None  # the action under the pointer or selected: boards highlight it
        self.board_hover: list[str] = []  # actions the board says are under the pointer
        self._log_hover: int | None = None
        self.row_tip = ""  # the whole text of a cut row of Choices or the Move log under the pointer
        self.banner_said = ""  # the decision line of the banner as last drawn (cut to its room if need be)
        self.row_tip_rect = pygame.Rect(0, 0, 0, 0)  # and the box it was drawn in
        self.show_help = False
        self.help_page = 10  # lines a PageUp/PageDown turns in the help: a page less two, set as it is drawn
        self.help_top = 0
        self.help_thumb: pygame.Rect | None = None  # the help's scroll bar thumb as last drawn (None: it all fits)
        self.help_track: pygame.Rect | None = None  # where a click or a drag on the help scrolls it (its bar)
        self.help_rows = (0, 0)  # the help's lines, and how many a page shows (as last drawn)
        self.help_dragging = False  # the bar is held: moving the pointer scrolls the help
        self.help_decisions = False  # the help also shows how the table decides unclear points (D)
        self._help_shot: tuple | None = None  # ((size, history length), the board picture in the help)
        self._help_wrapped: tuple | None = None  # (what it depends on, the help's lines wrapped): _help_lines
        self.show_result = False
        self.result_guard = 0.0  # seconds left in which the result's keys do nothing (autoplay.RESULT_GUARD_S)
        self.result_hidden = False  # the person chose to look at the final board
        self.skipping = False
        self.skipped_from: int | None = None  # the number of steps when skipping began (AutoPlay.end_skip)
        self.pace = 0.0
        self._thinking: PendingStep | None = None  # the bot decision being computed on a worker thread
        self._skip_deadline = 0.0  # when this frame's automatic steps must stop, while skipping
        self.result_wait = 0.0
        self.message = ""
        self.message_time = 0.0
        self.message_step = 0  # the length of the history when the message was said (say, _after)
        self.status_lines: tuple[str, ...] = ()  # the status line as last drawn, one entry per line
        self.status_size = 0  # and its font size
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
            Button("Skip", self.skip_or_result, "Space"),  # "Result" once the game is over and its result put away
            Button("Menu", self.host.leave, "Esc"),
        ]
        self.result_buttons = [
            Button("Play again", lambda: self.host.play_again(self.match), "P"),
            Button("View board", self.hide_result, "V"),
            Button("Back to the menu", self.host.leave, "Esc"),
        ]
        self.result_focus = -1  # the result button Tab or Left/Right chose (-1: none, so Enter starts nothing)
        self.kept_as: Path | None = None  # where the finished game is kept among the saved matches
        self.opened_finished = match.is_over()  # a finished match opened from a file is kept already
        self._refresh_actions()
        if match.is_over():
            self.show_result = True

    # ---- events ----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """KeyInput's handling, after the lists hear of every move of the pointer: the board takes the
        moves over it, and a row the pointer left for the board kept its tip up, turn after turn. While the
        result is up, the bar under it still works first (bar_event_under_result)."""
        if event.type == pygame.MOUSEMOTION:
            # while a press on the board is dragged, the rows and Undo it passes over are not its: they are not
            # lit and the status line says nothing of them (pointer.set_dragging)
            at = (-(10 ** 6), -(10 ** 6)) if self.dragging() else event.pos
            self.pointer_moved(at)
            self.pointer_at = at
        if self.show_result and not self.show_help and self.bar_event_under_result(event):
            return
        if self.chance_event(event) or self.guarded(event):  # a person's roll or spin (by_hand.py)
            return
        super().handle_event(event)

    def bar_event_under_result(self, event: pygame.event.Event) -> bool:
        """The buttons of the bar stay in view under the result, and their keys are named on them: a click
        on one (Load, Save, Help, ...) and Ctrl+O, Ctrl+S and M do what they do during the game. Before, the
        result took every event: a click on Load only lit its edge and Ctrl+O did nothing, until V had put
        the result away. The result's own keys (P, V, Esc, Enter, Tab, F1, Ctrl+Z) stay the result's.
        True when the event was used."""
        if event.type == pygame.KEYDOWN:
            ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
            if ctrl and event.key == pygame.K_o:
                self.host.open_load()
            elif ctrl and event.key == pygame.K_s:
                self.save()
            elif event.key == pygame.K_m and not ctrl:
                self.toggle_sound()
            else:
                return False
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if any(b.rect.collidepoint(event.pos) for b in self.result_buttons):
                return False  # the result's own buttons come first where they stand
            return any(b.handle(event) for b in self.buttons)
        return False

    def pointer_moved(self, pos) -> None:
        """The pointer is at `pos`: the rows of Choices and the Move log it is not on lose their hover."""
        self.actions.pointer_moved(pos)
        self.log.pointer_moved(pos)

    # ---- hooks for a game's own screen --------------------------------------------------
    def dragging(self) -> bool:
        """Whether a press on the board is being dragged (a Jenga block pushed live with the mouse)."""
        return False

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
        waiting = (match.waiting_for_human() or self.chance_waits()
                   or (match.is_over() and (self.show_result or self.result_hidden)))
        return waiting and not self.skipping and not self.animating()

    def finish_animations(self) -> None:
        """Jump every running animation to its end (the person skipped)."""

    def result_reason(self) -> str:
        """Why the game ended as it did, in a sentence for the result (the Jenga games say who toppled the
        tower and what that counted for); "" when the scores say it all."""
        return ""

    def result_words(self) -> str:
        """Who won, in a few words, for the banner under "Game over"."""
        names = [self.seat_name(w) for w in self.match.state.winners()]
        return f"{joined(names)} won" if names else "nobody won"

    def undo_limit(self) -> str:
        """Why nothing can be undone, in a sentence (after "Nothing to undo: ")."""
        return "moves before the last dice roll or card draw are final."

    def undo_words(self) -> str:
        """What Ctrl+Z and Ctrl+Y reach back to, for the help's keys (a game without dice or cards says its own)."""
        return "undo / redo (back to the last dice roll or card draw)"

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

    def choice_count(self) -> int:
        """How many choices the list offers (a screen may keep rows in it that play nothing)."""
        return len(self.legal)

    def faint_rows(self) -> set[int]:
        """Rows of the list drawn in the dim ink: rows that play nothing now (none unless a screen keeps any)."""
        return set()

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
        # Worded in a copy of the position, as a bot's step and a loaded history are: a choice's '⚠ meets a
        # barrel' note is for the row before it is played, and the log's next lines say the contact.
        label = self._label(action, match.current_player, before)
        try:
            match.play(action)
        except IllegalActionError as exc:
            self.say(str(exc))
            self.host.sound.play("error")
            return False
        self._after(match.history[-1], before, label)  # (a line said before the move goes there)
        self.host.sound.play("move")
        return True

    def play_pending(self, by: int, action: str) -> None:
        """Resumed: a person's step that was let go just before the app stopped, and was still being worked out
        (a Jenga push: the simulator takes a second or so), is played again, as it was let go (the autosave
        held the position before it: storage.pending_step). A reliability audit killed the app in that second
        after a push that toppled the tower and got the standing tower back."""
        match = self.match
        if match.is_over() or match.current_player != by or not match.waiting_for_human():
            return
        label, played = self.action_label(action), len(match.history)
        words = f"Your last move ({label}) was still being worked out when the app stopped: it is played again."
        # said again once the step is in (_after), before what the step itself says: the words of the step's
        # commit (Super Mario's "Player 1 found a goomba.") had replaced it within a frame (an audit)
        self._replayed_note = (played + 1, words)
        if not self.play(action):
            self._replayed_note = None
        elif len(match.history) == played:  # while it is worked out (through the step: its commit keeps it)
            self.say(words, 8.0, through_step=True)

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

    def _undone_step(self):
        """The person's step an undo would take back (None when none can be)."""
        depth = self._undo_depth()
        return None if depth is None else self.match.history[-depth]

    def undo_button_words(self) -> str:
        """The status line while the pointer is on Undo: whose move it takes back, or why it takes none."""
        step = self._undone_step()
        if step is None:
            if not any(s.by >= 0 and s.by not in self.match.bots for s in self.match.history):
                return "Undo: no move has been made yet."
            return f"Undo takes nothing back now: {self.undo_limit()}"
        label = self.log_labels[len(self.match.history) - self._undo_depth()] \
            if len(self.log_labels) == len(self.match.history) else step.action
        return f"Undo takes back {self.seat_name(step.by)}'s move: {label.split(': ', 1)[-1]}{self._bots_after()}"

    def _bots_after(self) -> str:
        """The bots' moves an undo takes back with the person's (" and Careful bot 2's 3 moves after it"), or ""
        (the tooltip named only the person's move, and the log lost six of Deep bot 2's too: an audit)."""
        depth = self._undo_depth()
        moves = self._bot_moves(self.match.history[len(self.match.history) - depth + 1:] if depth else [])
        return f" and {moves} after it" if moves else ""

    def _bot_moves(self, steps) -> str:
        """Bots' steps in words, "Careful bot 2's 3 moves" or "4 bot moves (A and B)", or "" for none (what Undo
        and Redo take back or play again with a person's move)."""
        seats = sorted({s.by for s in steps})
        if not steps:
            return ""
        if len(seats) == 1:
            return f"{self.seat_name(seats[0])}'s {counted(len(steps), 'move')}"
        return f"{counted(len(steps), 'bot move')} ({joined([self.seat_name(s) for s in seats])})"

    def _asks_before_undo(self, step) -> bool:
        """Whether an undo of `step` takes back another person's move than the one deciding now (at a hot
        seat): it then asks for a second press. An audit saw the second player's Undo silently hand the
        turn back to the first, their finished turn taken back."""
        match = self.match
        if step.by < 0 or step.by in match.bots:
            return False
        if match.is_over():
            # Nobody decides now, and anyone at a hot seat may press: the finishing move (a win) is taken back
            # on a second press whenever more than one person plays (an audit: the loser's one press did it).
            return sum(1 for seat in range(match.config.num_players) if seat not in match.bots) > 1
        now = self._deciding_now()
        return now >= 0 and now not in match.bots and step.by != now

    def _deciding_now(self) -> int:
        """The seat deciding now: the person whose roll or spin is awaited while chance waits for them (the
        current player is then the chance seat)."""
        now = self.match.current_player
        if now == CHANCE and self.chance_waits():
            now = self.match.state.turn_owner()
        return now

    def ready_to_leave(self, what: str, force: bool = False) -> bool:
        """Whether the game may be left now (the menu, Load, a dropped file, closing the window: `what` names
        it). A screen with a move in the hand finishes it first; one that cannot says why and returns False
        (never when `force`: the window is closing). The board games have nothing in the hand."""
        return True

    def undo(self) -> None:
        """Take back the last decision of a person, with the bot decisions after it. One that is another
        person's than the one deciding now is taken back on a second press (_asks_before_undo)."""
        match = self.match
        depth = self._undo_depth()
        step = self._undone_step()
        # the request stands until the game moves on, not only while its words are up: players at a hot seat
        # who talked it over first found the second press only asking again (an audit)
        asked = len(match.history)
        if step is not None and self._asks_before_undo(step) and getattr(self, "_undo_asked", None) != asked:
            # at a roll awaited by hand the current player is the chance seat: "take it back, Chance" (an audit)
            who = "" if match.is_over() else f", {self.seat_name(self._deciding_now())}"
            self.say(f"{self.undo_button_words()}. Press Undo (Ctrl+Z) again to take it back{who}.", 6.0)
            self._undo_asked = asked
            return
        self._undo_asked = None
        bots_after = self._bots_after() if depth is not None else ""
        if depth is None:
            if all(seat in match.bots for seat in range(match.config.num_players)) and match.history:
                # a game of bots only, opened or watched: "no move has been made" beside 75 moves in the log (an audit)
                self.say("Nothing to undo: bots play every seat, and undo takes back a person's moves.")
            elif not any(step.by >= 0 and step.by not in match.bots for step in match.history):
                # at the start of a game, "moves before the last dice roll are final" spoke of dice a game
                # may not have (Monkey Dash) and of moves nobody had made
                self.say("Nothing to undo yet: no move has been made." if not any(step.by >= 0 for step in
                                                                                   match.history) else
                         "Nothing to undo yet: only bots have moved, and undo takes back a person's moves.")
            else:
                self.say(f"Nothing to undo: {self.undo_limit()}")
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
        self.say(f"Undone{', with' + bots_after.removeprefix(' and') if bots_after else ''}.")

    def redo(self) -> None:
        match = self.match
        if not match.can_redo():
            self.say("Nothing to redo.")
            self.host.sound.play("error")
            return
        start = len(match.history)
        while True:
            before = match.state.clone()
            step = match.redo()
            self._after(step, before, self._label(step.action, step.by, before), quiet=True)
            if not (match.can_redo() and match.current_player in match.bots):
                break
        self.host.sound.play("undo")
        # the bots' moves played again with it named, as Undo names them (a regression audit)
        moves = self._bot_moves(match.history[start + 1:])
        self.say(f"Redone{f', with {moves} after it' if moves else ''}.")

    def save(self) -> None:
        already = self.host.saved_as(self.match)
        if already is not None:
            # no move since: another file of the same game only crowds the list (an audit made 68 alike)
            self.say(f"Already saved as {Path(already).name}: no move since (Ctrl+O lists it).")
            return
        slot = self.host.save_slot(self.match)
        try:
            path = self.host.save_match(self.match)
        except OSError as exc:
            self.say(f"Could not save, because {write_fault(exc)}.", 8.0)
            self.host.sound.play("error")
            return
        if path is not None:
            # the file's name, not its folder: a whole path was cut in the bar before the name could show;
            # and few words after it, as the name is long already
            away = self.host.temporary_folder()
            if away is not None:  # (the launcher said so once; a game screen had never said it again: an audit)
                self.say(f"Saved to {Path(path).name} in this session's temporary folder {away}: the data folder "
                         "cannot be used, and the next start of the app on its own takes it in.", 10.0)
            elif slot is not None and Path(path) == slot:
                self.say(f"Saved: {slot.stem}, the match you opened, is now at this turn (Ctrl+O lists it).")
            else:
                self.say(f"Saved to {Path(path).name} (Ctrl+O lists it).")
            self.host.sound.play("save")

    def skip(self) -> None:
        """Play bots and dice without pauses until a person must decide."""
        if not self.match.is_over() and not self.match.waiting_for_human() and not self.chance_waits():
            if not self.skipping:
                self.skipped_from = len(self.match.history)
            self.skipping = True
            self.finish_animations()

    def skip_or_result(self) -> None:
        """The bar's Skip button, which reads "Result" once the game is over: the result again after View
        board (a mouse-only audit found no way back to it but the V key)."""
        if self.match.is_over():
            self.open_result()
        else:
            self.skip()

    def board_choice(self) -> str | None:
        """The choice the board draws for the pointer over it (Donkey Kong's path to the space pointed at), which
        Enter then plays; None where the board draws none (Enter plays the list's chosen row)."""
        return None

    def let_go_of_board(self) -> None:
        """A key chose a row of Choices: what the pointer pointed at on the board gives way to it, until the
        pointer moves again."""
        self.board_hover = []

    def open_result(self) -> None:
        """The result, opened by a person (the bar's Result button, V or Enter) during a fall's replay or
        from the final board: its keys wait RESULT_GUARD_S as when it comes up by itself, and the finished
        game is kept among the saved matches if that has not happened yet (the Result button skipped both:
        a regression audit)."""
        self.show_result = True
        self.result_guard = RESULT_GUARD_S
        self.result_focus = -1
        self.message_time = 0.0  # a line about the board ("V or Enter shows the result") is not the result's
        if self.kept_as is None and not self.opened_finished:
            self.keep_finished()  # the board was looked at before the result first showed: keep it now

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
            self.say(f"The finished game could not be saved, because {write_fault(exc)}.", 8.0)

    def game_over_status(self) -> str:
        """The status line of a finished game: what V does now. It said "V shows the result again" with the
        result up, where V puts it away (an audit pressed V to see a result already beside the fallen tower),
        and before the result had first shown, while the last moves still played."""
        if self.show_result:
            return "Game over: V views the board · P plays again · Esc: the menu"
        if not self.result_hidden and not self.kept_as and not self.opened_finished:
            return "Game over: the result shows once the last moves have played (V: now)"
        return "Game over: V shows the result again"

    def hide_result(self) -> None:
        self.show_result = False
        self.result_hidden = True
        if self.message_time > 0 and self.message.startswith(RESULT_KEYS_WORDS):
            # the result's own keys ("P: play again ...") stayed up over the board, where P plays nothing (a
            # keyboard audit): the line goes with the result
            self.message_time = 0.0

    def say(self, message: str, seconds: float = 4.0, through_step: bool = False) -> None:
        """A short message in the status bar. It goes once a person here plays on from the position it was said
        in (_after), unless it is about that step (through_step); bots and chance leave it for its time."""
        self.message = message
        self.message_time = seconds
        self.message_step = len(self.match.history) + (1 if through_step else 0)

    # ---- the log and the choices ------------------------------------------------------
    def _after(self, step: Step, before, label: str, quiet: bool = False) -> None:
        self.end_search()  # the next decision's choices are new: an old search would hide them
        self.log_labels.append(label)
        self.host.autosave(self.match)
        self.on_step(step, before)
        n = len(self.match.history)
        persons = (step.by >= 0 and self.match.config.seats[step.by].is_human) or \
            (step.by == CHANCE and getattr(self, "hand_asked", -1) == n - 1)
        if persons and self.message_time > 0 and self.message_step < n:
            # A person here has played on (a move, or a roll or spin by hand) from the position a line was said
            # in: it no longer applies (why a click did nothing, a card's words: they stayed into the other
            # player's turn; "your unfinished game ... is kept" stayed over the roll of the game loaded). Bots' moves and chance coming by itself leave it for its time (a review: the
            # start-of-game notes went with the first automatic draw, and lines that add up, as a run of card
            # losses does, lost their sum); a line said in on_step, or about this step as it was played
            # (say(..., through_step=True)), stays.
            self.message_time = 0.0
        replayed = getattr(self, "_replayed_note", None)
        if replayed is not None and n >= replayed[0]:
            self._replayed_note = None
            said = (self.message if self.message_time > 0 and self.message_step >= n and self.message != replayed[1]
                    else "")
            self.say(replayed[1] + (f" {said}" if said else ""), 8.0 + (4.0 if said else 0.0))
        self._refresh_actions(force=True)

    def _history_labels(self) -> list[str]:
        """Log lines for the steps already in the match (a loaded or resumed game), worded like live ones:
        a screen whose describe() reads the position gets the history replayed on a fresh state, so each
        action is described in the position it was taken in."""
        match = self.match
        labels: list[str] = []
        if type(self).describe is GameScreen.describe:  # the engine's words: no replay here
            words = match.replayed_words
            if len(words) == len(match.history):  # a loaded match: each worded in its own position
                return [f"{self._who(s.by)}: {w}" for s, w in zip(match.history, words)]
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
        return f"{self._who(by)}: {words}"

    def _who(self, by: int) -> str:
        return "Chance" if by == CHANCE else self.match.state.seat_name(by)

    def _refresh_actions(self, force: bool = False) -> None:
        match = self.match
        if not force and self._legal_at == len(match.history):
            return
        self._legal_at = len(match.history)
        legal = match.state.legal_actions() if match.waiting_for_human() else []
        if self.filter:
            # the words of a row are found from the start of a word: "up" found every Donkey Kong row that
            # "costs a face-up card" (an audit); the engine's own text of a move is searched anywhere
            needle = self.filter.lower()
            word = re.compile(r"(?<![\w-])" + re.escape(needle), re.IGNORECASE)
            legal = [a for a in legal if word.search(self.action_label(a)) or needle in a.lower()]
        self.legal = legal
        # the row chosen is kept while the same seat decides; another person's question starts at its first row
        # (at a hot seat the next person's list opened on the row the last person had moved to: an audit)
        decider = match.current_player if match.waiting_for_human() else None
        keep = decider == getattr(self, "_rows_decider", decider)
        self._rows_decider = decider
        self._rows_kept = keep  # whether the row chosen may stay (a screen that rebuilds the rows reads it)
        # Handed from one person to another (a hot seat): no row stands chosen, so Enter asks for one. The first
        # row stood chosen, and a second Enter of the person who had just played took the next person's first
        # choice for them (a Super Mario audit: Player 2 got Mario's card, nobody choosing).
        # (handed: the decider's first list since another person's step; a roll or spin by hand in between is not
        # a step of theirs, and the list a spin opens is still the first of the hand-off: a regression audit)
        last = next((step.by for step in reversed(match.history) if step.by >= 0 and step.by not in match.bots), None)
        handed = decider is not None and last is not None and last != decider
        rows = self.actions
        was = rows.items[rows.selected] if 0 <= rows.selected < len(rows.items) else None
        rows.set_items([self.action_label(a) for a in legal], keep=keep)
        self._off_a_cost(was)
        self._rows_handed = handed and not keep  # (a screen that rebuilds the rows reads it too)
        if not keep:
            self._handed_open = self._rows_handed  # this decision's list opened with no row chosen (a hand-off)
        elif last == decider:
            self._handed_open = False  # the person has played since: their own lists are theirs again
        if self._rows_handed:
            self.actions.selected = -1
        self.log.set_items([f"{i + 1}. {label}" for i, label in enumerate(self.log_labels)], keep=False)
        self.log.scroll_to_end()

    def _off_a_cost(self, was: str | None) -> None:
        """A row that costs something (led by ⚠: a Donkey Kong move onto a barrel costs a face-up card) is never
        the one a new list opens on: Space, then Enter, paid a card nobody chose (a keyboard audit). The first
        row without a cost is chosen instead, else none (Enter then asks for one). `was`: the row chosen before
        the list was made again (a row the person chose stays chosen)."""
        rows = self.actions
        if 0 <= rows.selected < len(rows.items) and rows.items[rows.selected] != was \
                and rows.items[rows.selected].startswith("⚠"):
            rows.selected = next((i for i, row in enumerate(rows.items) if not row.startswith("⚠")), -1)
            rows.reveal()

    def waited_for(self) -> str:
        """Whom the Choices panel's title says the game waits for: the player deciding, or the one whose
        turn a chance step belongs to (a bot's roll read "Waiting for Chance…": an audit), else Chance."""
        player = self.match.current_player
        if player == CHANCE:
            owner = getattr(self.match.state, "turn_owner", lambda: None)()
            return self.seat_name(owner) if owner is not None and owner >= 0 else "Chance"
        return self.seat_name(player)

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
        font = text.font(self.font_size(13))
        # Skip's place reads "Result  [V]" once the game is over: sized for the longer of the two, so the bar,
        # drawn at one size (Button.row_size), does not shrink when the game ends (a regression audit)
        words = [SKIP_WORDS if k == 6 else ((b.label, b.hint),)
                 for k, b in enumerate(self.buttons)]
        widths = [max(font.size(f"{label}  [{hint}]")[0] for label, hint in pair) + int(16 * s) for pair in words]
        if sum(widths) > w * 0.6:  # a small window or large text: the keys are in the help, the bar keeps room
            widths = [max(font.size(label)[0] for label, _ in pair) + int(16 * s) for pair in words]
        x = bar.right - pad - sum(widths) - gap * (len(widths) - 1)
        for b, bw in zip(self.buttons, widths):
            b.rect = pygame.Rect(x, bar.y + int(6 * s), bw, bar.h - int(12 * s))
            x += bw + gap
        self.actions.fit_to(self.font_size(15), s)
        self.log.fit_to(self.font_size(14), s)
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
        self.row_tip = ""
        if not (self.show_result or self.show_help):
            self._draw_row_tip(surface)
        if self.show_result:
            self._draw_result(surface)
        if self.show_help:
            self._draw_help(surface)

    def _draw_row_tip(self, surface: pygame.Surface) -> None:
        """The whole text of a row of Choices or the Move log that is cut short, while the pointer is on it:
        wrapped in a box under the row (above it near the window's foot)."""
        for view in ((self.actions,) if self.show_actions else ()) + (self.log,):
            i = view.hover
            if i is None or i not in view.cut_rows:
                continue
            self.row_tip = view.items[i]
            row = view.row_rect(i) if isinstance(view, RowsOfHeights) else \
                pygame.Rect(view.rect.x, view.rect.y + (i - view.top) * view.row_h, view.rect.w, view.row_h)
            if row is None:
                continue
            width = min(surface.get_width() - 16, max(view.rect.w, int(460 * self.scale)))
            self.row_tip_rect = draw_tip(surface, self.row_tip, row, self.font_size(14), width)
            return

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
        player = self.banner_player()
        owner = state.turn_owner()
        x = rect.x + int(16 * self.scale)
        cy = rect.centery
        big, small = self.font_size(22), self.font_size(15)
        seat = self.banner_seat() if player != TERMINAL else None
        if seat is not None and seat >= 0:
            draw_seat_mark(surface, seat, (x + int(14 * self.scale), cy), int(14 * self.scale))
            x += int(36 * self.scale)
        title = self.banner_title()
        r = text.draw(surface, text.fit(title, big, rect.right - x - int(60 * self.scale), bold=True),
                      (x, cy - int(big * 0.45)), big, P.TEXT, bold=True, anchor="midleft")
        decision = self.decision_text()
        if player == TERMINAL:  # the result, not "Game over: the game is over"
            decision = self.result_words()
        playing = self.playing_words()
        if playing:  # what is being shown, not what comes after it (the winner named before the fall played)
            decision = playing
        if player >= 0 and owner is not None and seat != player:
            draw_seat_mark(surface, player, (r.right + int(22 * self.scale), r.centery), int(10 * self.scale))
        if player >= 0 and not re.search(rf"(?<!\w){re.escape(self.seat_name(player))}(?!\w)", decision):
            # named once: "Player 1: The POW block: Player 1 must choose a player" (a keyboard audit)
            decision = f"{self.seat_name(player)}: {decision}"
        if player >= 0 and not self.match.waiting_for_human():
            decision += "   (thinking…)" if self.bot_thinking() else "   (Space: skip ahead)"
        info = f"{self.spec.title} · {self.match.config.variant} · seed {self.match.seed}"
        info_w = text.measure(info, small)[0]
        room = rect.w - (x - rect.x) - info_w - 40
        too_long = text.measure(decision, small)[0] > room and not playing and player != TERMINAL
        short = self.short_decision_text() if too_long else None
        if short:  # a shorter wording that fits whole rather than the long one cut ("…, or a ca…")
            decision = short if player < 0 or short.startswith(self.seat_name(player)) else \
                f"{self.seat_name(player)}: {short}"
        self.banner_said = text.fit(decision, small, room)  # the decision line as drawn (tests)
        text.draw(surface, self.banner_said,
                  (x, cy + int(small * 0.8)), small,
                  P.HIGHLIGHT if self.match.waiting_for_human() or self.chance_waits() else P.TEXT,
                  anchor="midleft")
        text.draw(surface, info, (rect.right - int(16 * self.scale), cy + int(small * 0.8)), small, P.TEXT_DIM,
                  anchor="midright")

    def playing_words(self, short: bool = False) -> str | None:
        """What the banner (and, short, at the game's end the Choices panel's title) says while a move is still
        being shown, in place of what comes after it; None: the decision as usual (a game's own screen says
        more: Jenga's push and fall)."""
        return None

    def short_decision_text(self) -> str | None:
        """A shorter wording of decision_text for a banner too narrow for it (a large text size), or None."""
        return None

    def banner_title(self) -> str:
        """The banner's heading: whose turn it is and, when another player must decide during it (a card
        played against a barrel in someone else's turn), who decides now, so the heading, the highlighted
        player and the decision line never name different players' turns."""
        state = self.match.state
        player = self.banner_player()
        if player == TERMINAL:
            return "Game over"
        seat = self.banner_seat()
        if seat is None or seat < 0:
            return "Chance"
        kind = "" if self.match.config.seats[seat].is_human else " (bot)"
        title = f"{self.seat_name(seat)}'s turn{kind}"
        if player >= 0 and state.turn_owner() is not None and seat != player:
            title += f": {self.seat_name(player)} must decide now"
        return title

    def banner_player(self) -> int:
        """The player the banner speaks of as deciding now: the state's (a screen still showing the step
        before, a spinner's needle turning, says that step's player)."""
        return self.match.state.current_player()

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
                faint = len(self.faint_rows())
                # rows kept that play nothing now are counted apart: "Choices (2)" over eight numbered rows read
                # as a miscount (a newcomer's audit)
                title = f"Choices ({self.choice_count()}; {faint} greyed)" if faint else \
                    f"Choices ({self.choice_count()})"
                if self.filtering:
                    title = f"Find: {self.filter}_  ({self.choice_count()})"
            elif self.match.is_over():
                # while the last moves still play, the words of what plays (Donkey Kong's "The barrels and
                # fireballs move.") read "Game over: The barrels and firebal..." (an audit)
                words = self.result_words()
                # the longest of these the panel has room for: at the largest text "Game over: Deep bot won" was
                # cut to "Game over: Deep bot w..." (a Monkey Dash audit)
                room = rect.w - 12
                title = (self.playing_words(short=True) or words) if self.animating() and not self.show_result \
                    else next((t for t in (f"Game over: {words}", words)
                               if text.measure(t, size, bold=True)[0] <= room), "Game over")
            elif self.chance_waits():
                title = f"{self.hand_owner()}'s {self.hand_chance()[0]}"
            else:
                title = f"Waiting for {self.waited_for()}…"
            panel(surface, rect, title, self.font_size(15))
            marked = {i for i, a in enumerate(self.legal) if a in self.board_hover}
            self.actions.draw(surface, size, marked, numbered=True, faint=self.faint_rows())
            if not self.legal and self.match.waiting_for_human() and self.filter:
                # wrapped to the list's width (at the largest text it ran past the panel's edge: a keyboard audit)
                at, lines, _ = text.fit_block("No choice matches; Esc clears.", size, self.actions.rect.w - 4,
                                              self.actions.rect.h, least=0.8)
                text.draw_lines(surface, lines, self.actions.rect.topleft, at, P.TEXT_DIM)
            self.chance_button = None
            if self.chance_waits():  # a button that rolls or spins, under the words that ask for it
                self.chance_button = self.draw_chance_button(surface, self.actions.rect, size)
            if self.match.is_over() and not self.show_result:
                # Under View board the panel stood empty: it says how to go on (a mouse-only audit).
                y = self.actions.rect.y
                for line in text.wrap("The result, and Play again on it: the bar's Result button, V or Enter. The "
                                      "menu: Esc.",
                                      size, self.actions.rect.w - 8):
                    y = text.draw(surface, line, (self.actions.rect.x + 4, y), size, P.TEXT_DIM).bottom
        rect = self.rects["log"]
        size = self.font_size(15)
        panel(surface, rect, self.log_title(rect.w - 12, size), size)
        self.log.draw(surface, self.font_size(14), show_selection=False, dim=False)

    def log_title(self, width: int, size: int) -> str:
        """The move log's heading, fitted by the panel into `width` pixels at `size`."""
        return f"Move log ({len(self.log_labels)})"

    def _draw_bar(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, P.PANEL, rect)
        match = self.match
        over = match.is_over()
        enabled = {"Undo": self._undo_depth() is not None, "Redo": match.can_redo(),
                   "Skip": not over and not match.waiting_for_human() and not self.chance_waits(), "Result": over}
        skip = self.buttons[6]
        skip.label, skip.hint = SKIP_WORDS[1] if over else SKIP_WORDS[0]
        for b in self.buttons:
            b.enabled = enabled.get(b.label, True)
            if b.label == "Sound":
                b.selected = not self.host.sound.muted
        # the bar's buttons at one size: "Result  [V]" had been drawn smaller than its neighbours (a
        # regression audit, at the largest text in 1024x640)
        common = Button.row_size(self.buttons, self.font_size(13))
        for b in self.buttons:
            b.draw(surface, common, same_size=True)
        left = self.buttons[0].rect.x - int(12 * self.scale)
        idle = (self.game_over_status() if self.match.is_over() else
                self.chance_status() if self.chance_waits() else
                self.idle_keys())
        focus = self.focus_action if self.focus_action in self.legal else None
        enter = self.enter_words() if not self.match.is_over() else None
        on_undo = self.buttons[0].rect.collidepoint(getattr(self, "pointer_at", (-1, -1)))
        undo_words = self.undo_button_words() if on_undo else None
        if undo_words:
            idle = undo_words
        elif enter:
            idle = enter
        elif focus is not None and not self.match.is_over():
            chosen = 0 <= self.actions.selected < len(self.legal) and self.legal[self.actions.selected] == focus
            idle = f"{self.action_label(focus)}  ({'Enter' if chosen else 'a click'} plays it)"  # the whole line
        if idle.startswith(F1_WORDS) and any(b.hint and not b.fitted(common, same_size=True)[0].endswith(f"[{b.hint}]")
                                             for b in self.buttons if b.enabled):
            # the buttons had no room for their keys (the largest text): the line names the bar's main ones, which a
            # person playing by keyboard could no longer see anywhere (an audit)
            idle = BAR_KEYS_WORDS + idle[len(F1_WORDS):]
        if self.message_time <= 0 and self.host.unkept(self.match):
            # for as long as the game is kept nowhere: the failure was said once, and a person's next move took the
            # words away, the writes after it failing unsaid (a regression audit)
            idle = f"{UNKEPT_MARK} · {idle}"
        words = self.message if self.message_time > 0 else idle
        ink = P.TEXT if self.message_time > 0 else P.TEXT_DIM
        x = rect.x + int(16 * self.scale)
        area = pygame.Rect(x, rect.y, left - x, rect.h)
        self.status_size, self.status_lines = self._draw_status(surface, words, area, ink)

    def enter_words(self) -> str | None:
        """What Enter does now when it is not the chosen row's move (a screen where Enter can do something else
        says so here, and the status line says it instead of "... (Enter plays it)"); None otherwise."""
        return None

    def _draw_status(self, surface: pygame.Surface, words: str, area: pygame.Rect,
                     ink) -> tuple[int, tuple[str, ...]]:
        """The status line in `area`, whole: on one line when it fits, else wrapped onto more lines, a little
        smaller when needed (down to 70 % of its size); a long message was cut mid-word with no way to read
        the rest. Only one too long even so is cut, at the end of the last line, keeping its ⚠ in view.
        Returns the font size and the lines drawn."""
        size = self.font_size(14)
        # never under STATUS_LEAST_PX: at 1024x640 a long row's words went down to 8 px, three lines of specks, the
        # last against the window's edge (a board-game audit); longer ones are cut, their ⚠ kept
        at, lines, fits = text.fit_block(words, size, area.w, area.h, least=min(1.0, max(0.7, (STATUS_LEAST_PX + 0.01) / size)))
        if not fits:
            room = max(1, area.h // text.line_step(at))
            # a last sentence naming keys ("[ or ] turns the view.") stays whole: the words before it are cut
            # instead (a keyboard audit read "...drawn faintly through t…", the keys lost)
            keys = KEYS_SENTENCE.search(words)
            body, end = (words[:keys.start()].rstrip(), " " + keys.group(0)) if keys else (words, "")
            wrapped = text.wrap(body, at, area.w)
            head, rest = wrapped[:room - 1], " ".join(wrapped[room - 1:])
            # a word wider than the bar (a long file name) is cut too: it must not run under the buttons
            lines = tuple(text.fit(line, at, area.w) for line in head)
            if rest:
                lines += (fit_keeping(rest, at, area.w - text.measure(end, at)[0]) + end,)
            elif end:
                lines += (text.fit(end.strip(), at, area.w),)
        step = text.line_step(at)
        y = area.centery - text.block_height(len(lines), at) // 2
        for k, line in enumerate(lines):
            text.draw(surface, line, (area.x, y + k * step), at, ink)
        return at, tuple(lines)
