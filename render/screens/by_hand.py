"""Chance made by a person's own hand: Donkey Kong's "On your turn, roll both dice" and the Jenga spinner
("Spin the spinner"). At a person's turn the match waits for that person (a click on the dice or the
wheel, or Space or Enter) before the outcome is drawn; a bot's roll or spin comes by itself after the
usual pause, as any chance outcome does. The outcome is still the match's seeded chance step: when the
person rolls or spins changes nothing of what it gives. A mixin of GameScreen (base.py); a game's screen
says which chance steps are made by hand (hand_chance) and where a click makes them (chance_rects).
"""

from __future__ import annotations

import pygame

from games.core import CHANCE

from .. import palette as P
from .. import text

HAND_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
CHOOSING_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)
HAND_GUARD_S = 0.6
"""Seconds after a person rolls or spins in which no choice is played: the second click of a double click on
the Roll button landed on the choice that took its place, and a second Enter played the first choice, both
before the dice had shown what they gave (an audit). The dice tumble this long (donkey_kong.ROLL_TIME)."""


class ChanceByHand:
    """The wait for a person's roll or spin (a part of GameScreen)."""

    hand_asked = -1  # the number of steps in the match when the person last rolled or spun
    chance_rects: tuple = ()  # where a click rolls or spins: the dice, the wheel (last frame)
    chance_button: pygame.Rect | None = None  # the Choices panel's button that rolls or spins (last frame)
    _hand_click = False  # the button is down from a click that rolled or spun
    hand_guard = 0.0  # seconds left in which no choice is played (hand_guard_s after a roll or spin)
    hand_guard_s = HAND_GUARD_S
    hand_verb = "roll"  # what the last roll or spin by hand was
    turn_guard_s = 0.0
    """Seconds after a person's question comes, following another seat's steps, in which no choice is played
    (0: none; a game that wants the guard sets it). Monkey Dash's keyboard audit pressed Enter during a bot's
    turn, as if to hurry it: the presses that came once the person's turn began played its first row, a whole
    turn of supervisor steps nobody chose."""
    turn_guard_keys_only = False
    """Whether turn_guard_s holds only the keys that choose (Jenga: a click on the tower is aimed at its block,
    and a press starts a push), not clicks on the choices and the board too (Monkey Dash)."""
    turn_guard_after_bots = True
    """Whether turn_guard_s also holds after a bot's steps (Monkey Dash's quick bot turns), or only when one
    person's turn follows another's at a hot seat (Jenga, whose bot turns are slow to watch)."""
    question_guard_s = 0.0
    """Seconds after the question put to a person changes kind while they decide (its choices' first words:
    a Super Mario Jenga climb after the stack), in which no choice is played (0: none). A keyboard audit
    stacked with Enter and pressed it again: the second Enter climbed to the first hole, chosen by nobody."""
    guard_words = ""  # what a choice dropped by the guard is told ("": the roll's or spin's words)
    guard_keys_only = False  # the guard drops the keys that choose, not clicks (a click is aimed at its choice)
    _was_waiting = True  # a person was deciding at the last frame (a screen opens without a guard)
    _decider: int | None = None  # the seat deciding at the last frame a person decided
    _chance_watched = -1  # the number of steps when a person's roll or spin was last found awaited
    _question: frozenset | None = None  # the kinds of choice of the question at the last frame

    def hand_chance(self) -> tuple[str, str] | None:
        """(verb, thing) of the chance step due now if a person at this screen makes it by hand ("roll",
        "the dice"), else None. A game with such steps says which; the default has none."""
        return None

    def persons_chance(self, field: str, value: str) -> bool:
        """Whether the step due is chance at `field` == `value` of the state (Donkey Kong's stage "roll", the
        Jenga phase "spin") in the turn of a person at this screen: what hand_chance asks of either game."""
        match = self.match
        if match.is_over() or match.current_player != CHANCE:
            return False
        state = match.state
        if getattr(state, field, None) != value:
            return False
        owner = state.turn_owner()
        return owner is not None and owner >= 0 and owner not in match.bots

    def hand_due(self) -> bool:
        """Whether the chance step due is a person's at this screen to make by hand and not yet asked for,
        animations or not: no automatic step may make it (chance_waits asks for it once they are drawn)."""
        return self.hand_chance() is not None and self.hand_asked != len(self.match.history)

    def chance_waits(self) -> bool:
        """Whether the match waits for a person at this screen to roll or spin before it goes on: once the
        last move has been drawn (while a bot's barrels still moved, the panel asked for the next roll
        under a header still naming the bot's turn: an audit)."""
        return self.hand_due() and not self.animating()

    def hand_seat(self) -> int | None:
        """The seat whose roll or spin is due: the turn's owner (Donkey Kong's roll-off for the first turn names
        the roller)."""
        return self.match.state.turn_owner()

    def hand_owner(self) -> str:
        """The name of the person whose roll or spin is awaited."""
        return self.seat_name(self.hand_seat())

    def press_chance(self) -> bool:
        """The person rolls or spins (the outcome is drawn at once); False when none is awaited."""
        if not self.chance_waits():
            return False
        self.hand_verb = self.hand_chance()[0]
        self.hand_asked = len(self.match.history)
        self.pace = 10.0  # no pause after the person's own hand
        self.hand_guard = self.hand_guard_s
        self.guard_words, self.guard_keys_only = "", False
        return True

    def watch_question(self) -> None:
        """Called every frame a person decides: when the deciding began after another seat's steps (a bot's,
        or another person's at the table), choices are dropped for turn_guard_s (see there)."""
        waiting, self._was_waiting = self._was_waiting, True
        question, self._question = self._question, frozenset(a.partition(" ")[0] for a in self.legal)
        me = self.match.current_player
        # one person's question straight after another's (a hot seat, no bot or chance between): a hot-seat
        # audit chose Peach with '2' and Enter, and the Enter chose Luigi for the next person
        passed = self._decider is not None and self._decider != me
        self._decider = me
        history = self.match.history
        # the person's own roll or spin by hand since another's step: the dice's hold is theirs (its words and its
        # keys), not another "turn now" (a regression audit: that hold's words let Down lift it, and Enter then
        # played a move while the dice still tumbled)
        own_roll = 0 <= self.hand_asked < len(history) and all(step.by < 0 for step in history[self.hand_asked:])
        if (not waiting or passed) and self.turn_guard_s and not own_roll:
            last = self.last_actor(me)
            if last != me and (self.turn_guard_after_bots or last not in self.match.bots):
                self.hand_guard = self.turn_guard_s
                # how to choose said too: after a hand-off no row stands chosen, and Enter alone asks for one (an audit)
                self.guard_words = (f"{self.seat_name(me)}'s turn now: look at the board first, then choose: a row's "
                                    "number, or Up/Down then Enter, or a click.")
                self.guard_keys_only = self.turn_guard_keys_only
        elif self.question_guard_s and question is not None and question != self._question and len(self.legal) > 1:
            self.hand_guard = self.question_guard_s
            self.guard_words = "A new question: read its choices first, then choose."
            self.guard_keys_only = True

    def last_actor(self, default):
        """The seat of the last step a player made (chance's skipped), or `default` when none has."""
        return next((step.by for step in reversed(self.match.history) if step.by >= 0), default)

    def watch_chance(self) -> None:
        """When a person's roll or spin comes to be awaited after another seat's steps, the keys that roll or
        spin wait turn_guard_s (a click on the dice or the wheel is aimed, and is taken): a hot-seat audit
        climbed with '1' and Enter, and the Enter spun the next person's spinner, a spin that cannot be undone."""
        if not self.turn_guard_s or self._chance_watched == len(self.match.history) or not self.chance_waits():
            return
        self._chance_watched = len(self.match.history)
        owner = self.hand_seat()
        last = self.last_actor(owner)
        if last != owner and (self.turn_guard_after_bots or last not in self.match.bots):
            self.hand_guard = self.turn_guard_s
            self.guard_words = f"{self.hand_owner()}'s turn now: look at the board first, then {self.hand_chance()[0]}."
            self.guard_keys_only = True

    def chance_prompt(self) -> str:
        """The words of the awaited roll or spin, for the header and the choices panel ("" when none is)."""
        if self.hand_chance() is None:
            return ""
        verb, thing = self.hand_chance()
        it = "them" if thing.endswith("dice") else "it"
        return f"{self.hand_owner()}, {verb} {thing}: click {it}, or press Space or Enter."

    def chance_status(self) -> str:
        """The status bar's keys while a roll or spin is awaited ("" when none is)."""
        if self.hand_chance() is None:
            return ""
        verb, thing = self.hand_chance()
        return f"F1: help and rules · Space, Enter or a click on {thing}: {verb}"

    def chance_event(self, event: pygame.event.Event) -> bool:
        """Space, Enter, or a click on the dice or the wheel rolls or spins while a person's own chance step
        is awaited. True if the event was used (the release of the click that rolled or spun too: it would
        otherwise reach the board as a click of its own)."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._hand_click:
            self._hand_click = False
            return True
        hurry_key = (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE
                     and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT))
        # a click on the dice or the wheel as Space (a family audit: clicked while the last pieces still moved, the
        # dice did nothing, five times in two games, where Space finishes the drawing and rolls)
        hurry_click = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                       and any(r.collidepoint(event.pos) for r in self.chance_rects))
        if ((hurry_key or hurry_click) and not self.show_help and not self.show_result
                and self.hand_chance() is not None and self.hand_asked != len(self.match.history)
                and self.animating()):
            # Space while the last move is still drawn, with this person's roll or spin next: it was taken as
            # Skip, which stops at that roll, and the roll never came (an audit pressed Space again on 9 of 75
            # rolls). The drawing is finished and the dice rolled, as the key asked; but when another person's
            # step is the one being drawn, Space only skips it: the roll is the next person's to make (a hot-seat
            # audit skipped its own walk and rolled the next person's dice, which cannot be undone).
            self.finish_animations()
            self._hand_click = hurry_click  # the click's release is its own, not a click on the board
            owner = self.hand_seat()
            last = self.last_actor(owner)
            if last != owner and last not in self.match.bots:
                return True
            return self.press_chance() or hurry_click
        if not self.chance_waits() or self.show_help or self.show_result:
            return False
        self.watch_chance()  # the roll or spin may have come to be awaited this frame
        if event.type == pygame.KEYDOWN and event.key in HAND_KEYS and not event.mod & (
                pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
            if self.hand_guard > 0 and self.guard_words and self.guard_keys_only:
                self.say(self.guard_words, 2.0)
                return True
            return self.press_chance()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = self.chance_button
            if any(r.collidepoint(event.pos) for r in self.chance_rects) or (
                    button is not None and button.collidepoint(event.pos)):
                self._hand_click = self.press_chance()
                return self._hand_click
        return False

    def guarded(self, event: pygame.event.Event) -> bool:
        """A click on the choices or the board, or a key that plays a choice (Space, Enter, 1 to 9), just
        after a roll or spin by hand (hand_guard_s): the second click of a double click on Roll landed on the
        choice that took the button's place, and a second Enter played the first choice, both before the
        dice had shown what they gave (an audit). Such an event is dropped with a word; True if it was. The
        bar's buttons, the help and every other key are left alone."""
        if getattr(self, "live", None) is not None:
            return False  # a block in the hand (Jenga's live push): Enter lets go of it, never a choice
        if (self.turn_guard_s or self.question_guard_s) and self.match.waiting_for_human():
            self.watch_question()  # the question may have come this frame, before the frame's update saw it
        if self.hand_guard <= 0 or self.show_help or self.show_result:
            return False
        if self.guard_words and event.type == pygame.KEYDOWN and event.key in CHOOSING_KEYS:
            # a row chosen on purpose (Up, Down, ...) after a turn or question came: the next Enter is meant for
            # it (the dice's guard, guard_words "", stays: its Enter comes before the dice have shown anything)
            self.hand_guard = 0.0
            return False
        places = [r for r in (self.rects.get("choices"), self.rects.get("board")) if r is not None]
        click = (event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1
                 and any(r.collidepoint(event.pos) for r in places) and not self.guard_keys_only)
        choose = (event.type == pygame.KEYDOWN and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT)
                  and (event.key in HAND_KEYS or pygame.K_1 <= event.key <= pygame.K_9))
        if not (click or choose):
            return False
        if event.type != pygame.MOUSEBUTTONUP:
            self.say(self.guard_words or f"The {'dice' if self.hand_verb == 'roll' else 'spinner'} first: look at "
                     f"what {'they' if self.hand_verb == 'roll' else 'it'} gave, then choose.", 2.0)
        return True

    def draw_chance_button(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> pygame.Rect:
        """In the Choices panel: the words that ask for the roll or spin, and a button that makes it."""
        verb, thing = self.hand_chance()
        y = rect.y
        for line in text.wrap(self.chance_prompt(), size, rect.w - 8, bold=True):
            y = text.draw(surface, line, (rect.x + 4, y), size, P.TEXT, bold=True).bottom
        label, at = self.chance_button_words(rect.w - 8, size)
        w, h = text.measure(label, at, bold=True)
        button = pygame.Rect(rect.x + 4, y + size // 2, min(rect.w - 8, w + 2 * size), h + size)
        pygame.draw.rect(surface, P.ACCENT, button, border_radius=max(3, button.h // 5))
        pygame.draw.rect(surface, P.HIGHLIGHT, button, width=2, border_radius=max(3, button.h // 5))
        text.draw(surface, label, button.center, at, P.ink_on(P.ACCENT), bold=True, anchor="center")
        y = button.bottom + size
        for line in text.wrap(self.chance_hint(), size, rect.w - 8) if self.chance_hint() else []:
            y = text.draw(surface, line, (rect.x + 4, y), size, P.TEXT_DIM).bottom
        return button

    def chance_button_words(self, room: int, size: int) -> tuple[str, int]:
        """The Roll or Spin button's words and their size, within `room` with a margin on either side: with
        its key ("Roll the white die  [Space]"), else without it (the prompt above names Space), else a little
        smaller. At the largest text the words ran over the button's edges (an audit's screenshot)."""
        verb, thing = self.hand_chance()
        plain = f"{verb.capitalize()} {thing}"
        for words in (f"{plain}  [Space]", plain):
            if text.measure(words, size, bold=True)[0] + 16 <= room:
                return words, size
        at = size
        while at > max(8, int(size * 0.7)) and text.measure(plain, at, bold=True)[0] + 16 > room:
            at -= 1
        return plain, at

    def chance_hint(self) -> str:
        """A line under the Roll or Spin button on what the outcome decides ("" for none)."""
        return ""
