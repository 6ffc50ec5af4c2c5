"""A person spins the spinner: Donkey Kong Jenga's and Super Mario Jenga's turns begin with a spin, and the
rulebooks have the player spin it ("Spin the spinner to begin play"; "1. Spin."). The wait itself is the
screens' own (render/screens/by_hand.py); here are the Jenga screen's parts of it: which spin is a
person's, and a press on a block or on the Your move panel while the spin is awaited. A part of JengaScreen.
"""

from __future__ import annotations

import pygame

from games.core import CHANCE


class PersonSpins:
    """The spin a person makes by hand (a part of JengaScreen)."""

    spinner_rect: pygame.Rect | None = None  # the wheel, where it was drawn last frame

    def hand_chance(self) -> tuple[str, str] | None:
        match = self.match
        if self.spinner is None or match.is_over() or match.current_player != CHANCE:
            return None
        state = match.state
        if getattr(state, "phase", None) != "spin":
            return None
        owner = state.turn_owner()
        return ("spin", "the spinner") if owner is not None and owner not in match.bots else None

    @property
    def chance_rects(self) -> tuple:
        """The wheel, and the Your move panel that asks for the spin."""
        return tuple(r for r in (self.spinner_rect, self.steps_view) if r is not None)

    def chance_event(self, event: pygame.event.Event) -> bool:
        """The spin by hand (by_hand.ChanceByHand); a press on a block meanwhile says to spin first, and a
        drag from it still turns the view."""
        if super().chance_event(event):
            return True
        if (self.chance_waits() and not (self.show_help or self.show_result)
                and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            board = self.rects.get("board")
            if board is not None and board.collidepoint(event.pos) and self.hover_block is not None:
                self.say(f"{self.hand_owner()} spins first: click the spinner (top left) or press Space.", 5.0)
                self.orbiting = event.pos
                self.press = event.pos
                return True
        return False
