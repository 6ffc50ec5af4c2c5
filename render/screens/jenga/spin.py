"""A person spins the spinner: Donkey Kong Jenga's and Super Mario Jenga's turns begin with a spin, and the
rulebooks have the player spin it ("Spin the spinner to begin play"; "1. Spin."). The wait itself is the
screens' own (render/screens/by_hand.py); here are the Jenga screen's parts of it: which spin is a
person's, where a click spins (the wheel), and a press on a block while the spin is awaited. A part of
JengaScreen.
"""

from __future__ import annotations

import pygame


class PersonSpins:
    """The spin a person makes by hand (a part of JengaScreen)."""

    spinner_rect: pygame.Rect | None = None  # the wheel, where it was drawn last frame
    hand_guard_s = 0.0  # no guard after a spin: a second click lands on the wheel again, and a second Enter
    # finds nothing to play until the needle stops (2.4 s; an audit)

    def hand_chance(self) -> tuple[str, str] | None:
        return ("spin", "the spinner") if self.spinner is not None and self.persons_chance("phase", "spin") else None

    @property
    def chance_rects(self) -> tuple:
        """The wheel (the Choices panel's Spin button is the screens' own)."""
        return (self.spinner_rect,) if self.spinner_rect is not None else ()

    def chance_hint(self) -> str:
        if self.battle_due():
            won = ("moves your peg above him, and that spin's blocks are then taken and stacked too"
                   if self.match.config.variant == "beaten_stacks" else "moves your peg above him")
            return (f"A battle with Bowser: the spin's climb decides it (its coins are still collected, and a reverse "
                    f"still turns play). A climb of 3 or more beats him and {won}; less, and the battle goes on next "
                    "turn, nothing taken or stacked.")
        return (f"The spin says what this turn asks: how many {self.block_word()}s to take and stack, how far to "
                "climb. Each person spins at the start of their own turn; a bot spins by itself.")

    def battle_due(self) -> bool:
        """Whether the spin awaited is a Super Mario battle with Bowser (the mover is on his layer): a family audit
        read the ordinary spin words there ("how many blocks to take and stack, how far to climb"), nothing
        saying that only a climb of 3 or 4 wins."""
        state = self.match.state
        battling = getattr(state, "battling", None)
        return (bool(battling) and state.phase == "spin" and not self.match.is_over()
                and 0 <= state.mover < len(battling) and battling[state.mover])

    def chance_prompt(self) -> str:
        words = super().chance_prompt()
        if words and self.battle_due():
            return (f"{self.hand_owner()}, spin to battle Bowser (a climb of 3 or more beats him): click the spinner, "
                    f"or press Space or Enter.")
        return words

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
