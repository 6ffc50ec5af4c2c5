"""A person spins the spinner: Donkey Kong Jenga's and Super Mario Jenga's turns begin with a spin, and
the rulebooks have the player spin it. At a person's turn the match waits for that person (a click on
the wheel, or Space or Enter) before the spin is drawn; a bot's spin comes by itself after the usual
pause, as any chance outcome does. The outcome is still the match's seeded chance step: when the person
spins changes nothing of what the spin gives. A part of JengaScreen.
"""

from __future__ import annotations

import pygame

from games.core import CHANCE

SPIN_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


class PersonSpins:
    """The wait for a person's spin (a part of JengaScreen)."""

    spin_asked = -1  # the number of steps in the match when the person last spun (the spin then due is drawn)
    spinner_rect: pygame.Rect | None = None  # the wheel, where it was drawn last frame

    def spin_waits(self) -> bool:
        """Whether the match waits for a person at this screen to spin before it goes on."""
        match = self.match
        if self.spinner is None or match.is_over() or match.current_player != CHANCE:
            return False
        state = match.state
        if getattr(state, "phase", None) != "spin":
            return False
        owner = state.turn_owner()
        return owner is not None and owner not in match.bots and self.spin_asked != len(match.history)

    def spinner_seat(self) -> str:
        """The name of the person whose spin is awaited."""
        return self.seat_name(self.match.state.turn_owner())

    def press_spin(self) -> bool:
        """The person spins (the spin is drawn at once); False when no spin is awaited."""
        if not self.spin_waits():
            return False
        self.spin_asked = len(self.match.history)
        self.pace = 10.0  # no pause after the person's own hand: the wheel turns now
        return True

    def spin_event(self, event: pygame.event.Event) -> bool:
        """Space, Enter, a click on the wheel or on the Your move panel that asks for it spins while a person's spin is awaited; a press on a block
        then says to spin first. True if the event was used."""
        if not self.spin_waits() or self.show_help or self.show_result:
            return False
        if event.type == pygame.KEYDOWN and event.key in SPIN_KEYS and not event.mod & (
                pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
            return self.press_spin()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            wheel = self.spinner_rect
            words = self.steps_view  # the Your move panel, which says to spin
            if (wheel is not None and wheel.collidepoint(event.pos)) or (words is not None and words.collidepoint(event.pos)):
                return self.press_spin()
            board = self.rects.get("board")
            if board is not None and board.collidepoint(event.pos) and self.hover_block is not None:
                self.say(f"{self.spinner_seat()} spins first: click the spinner (top left) or press Space.", 5.0)
                self.orbiting = event.pos  # a drag from here still turns the view
                self.press = event.pos
                return True
        return False

    def spin_prompt(self) -> str:
        """The words of the awaited spin, for the header and the side panel."""
        return f"{self.spinner_seat()}, spin the spinner: click it, or press Space."
