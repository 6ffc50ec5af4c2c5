"""Bots and chance outcomes played at a pace people can follow: the frame's clock of the play screen.

Chance outcomes come after CHANCE_DELAY and bot decisions after BOT_DELAY; a bot thinks on a worker
thread (the match's own driver: Match.prepare() and PendingStep) while frames go on, so the pause and
the thinking overlap. Skipping plays the automatic steps within SKIP_BUDGET seconds a frame. A mixin
of GameScreen (base.py).
"""

from __future__ import annotations

import time

from games.core import CHANCE
from games.match import Step

# Seconds between automatic steps, so people can follow what bots and dice do.
BOT_DELAY = 0.7
CHANCE_DELAY = 0.45
SKIPPED_CHARS = 100
"""The most characters of the last step the status line's "Skipped ahead: ..." shows."""
RESULT_DELAY = 0.6
RESULT_GUARD_S = 0.8
"""Seconds after the result comes up in which its keys (P, V, Esc, Enter) do nothing: a keyboard audit's P,
meant as the Jenga push key, hit the result the moment the bot's fall ended and started a new game."""
SKIP_BUDGET = 0.012  # seconds of automatic steps per frame while skipping


class AutoPlay:
    """The automatic steps and timers of GameScreen."""

    def update(self, dt: float) -> None:
        """Advance timers, animations and the automatic steps (bots and chance) by dt seconds."""
        self.hand_guard = max(0.0, self.hand_guard - dt)
        self.result_guard = max(0.0, self.result_guard - dt)
        if self.message_time > 0:
            self.message_time -= dt
        match = self.match
        if match.is_over():
            self.end_skip()
            if not self.show_result and not self.result_hidden and not self.animating():
                self.result_wait += dt
                if self.result_wait >= RESULT_DELAY:
                    self.show_result = True
                    self.result_guard = RESULT_GUARD_S
                    self.result_focus = -1
                    self.keep_finished()
                    self.host.sound.play("win")
            return
        self.result_wait = 0.0
        self.result_hidden = False
        if match.waiting_for_human():
            self.end_skip()
            self.pace = 0.0
            self._refresh_actions()
            self.watch_question()
            return
        self._was_waiting = False
        self.watch_chance()
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
        if match.current_player >= 0 and type(self).auto_step is AutoPlay.auto_step:
            self._start_thinking()  # now, so that the thinking and the pause overlap
        self.pace += dt
        delay = CHANCE_DELAY if match.current_player == CHANCE else BOT_DELAY
        if self.pace >= delay and self.auto_step() is not False:
            self.pace = 0.0
        self._refresh_actions()

    def end_skip(self) -> None:
        """Skipping stops (a person decides, rolls or spins, or the game is over), and the status line says
        what it played: a Space pressed a moment early played a bot's whole turn unseen, its roll, move
        and card only in the move log (an audit)."""
        if not self.skipping:
            return
        self.skipping = False
        start, self.skipped_from = self.skipped_from, None
        played = self.log_labels[start:] if start is not None else []
        if not played:
            if self.hand_due() and not self.match.is_over():
                # Space while the last move was still drawn, with a person's own roll or spin next: nothing to skip,
                # and it is said (a regression audit: it did nothing and said nothing)
                verb = self.hand_chance()[0]
                self.say(f"Nothing to skip: {self.hand_owner()} makes the next {verb} by hand, once the last move "
                         f"has been shown.", 6.0)
            return
        # The last step, cut to SKIPPED_CHARS: the last three whole Jenga steps ("... by hand, the finger
        # going 77 mm in 1.6 s (...)") filled the status bar in four lines shrunk past reading (an audit).
        # The move log has every step whole.
        last = played[-1]
        shown = last if len(last) <= SKIPPED_CHARS else last[:SKIPPED_CHARS - 1].rstrip() + "…"
        more = f" ({len(played) - 1} more before it in the move log)" if len(played) > 1 else ""
        said = f"Skipped ahead: {shown}{more}."
        if self.message_time > 0 and self.message:
            said = f"{said} {self.message}"  # a line a skipped step said (a card lost) stays with it
        self.say(said, 8.0)

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
        if self.hand_due():  # a person rolls or spins by hand (by_hand.py): skipping stops at their turn, even
            self.end_skip()  # while the last move is still drawn (chance_waits waits for that)
            return False
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
