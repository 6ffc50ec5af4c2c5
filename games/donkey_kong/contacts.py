"""Contacts in Donkey Kong: a pawn meets a barrel or a fireball and the contact is settled.

The pawn's owner plays a face-up card (Jump: the obstacle stays, or goes one space on under a
variant's reading; Hammer: the obstacle leaves the board). A player with no face-up card loses a
played card (their own turn: back to the deck, face down on top of it in the wiki reading) or has it
taken by the player whose turn it is; a player with no cards at all makes the turn's player draw one
as a reward. Which card is lost, taken or drawn is a chance outcome.
"""

from __future__ import annotations

from .cards import CARD_ACTIONS, CARD_IS_HAMMER, CARD_POINTS
from .obstacles import FIREBALLS


class Contacts:
    """Settling contacts for DonkeyKongState (a mixin over the state's lists)."""

    def _settle_verb(self) -> str:
        seat = self.contacts[0][0]
        if self.played[seat]:
            return "lose" if seat == self.turn else "steal"
        return "draw"

    def _settle(self, action: str) -> None:
        """Resolve the contact at the head of the queue by a card play, a loss, a theft or a reward."""
        seat, code, space = self.contacts.pop(0)
        verb, kind = CARD_ACTIONS[action]
        who = self.seat_name(seat)
        if verb == "play":
            self.hands[seat].remove(kind)
            self.played[seat].append(kind)
            what = "fireball" if code < FIREBALLS else "barrel"
            if CARD_IS_HAMMER[kind]:
                self._remove(code)
                self._note(f"{who} hammers a {what} (+{CARD_POINTS[kind]})")
            else:
                self._jumped(code)
                self._note(f"{who} jumps a {what} (+{CARD_POINTS[kind]})")
        elif verb == "lose":
            self.played[seat].remove(kind)
            self.deck[kind] += 1
            if self.wiki:  # the article: "place it face down on the deck", so it is the next card drawn
                self.deck_top.append(kind)
                self._note(f"{who} has no face-up card and puts a played card face down on top of the deck")
            else:
                self._note(f"{who} has no face-up card and returns a played card to the deck")
        elif verb == "steal":
            self.played[seat].remove(kind)
            self.hands[self.turn].append(kind)
            self._note(f"{self.seat_name(self.turn)} steals a played card from {who}")
        else:  # draw: the reward for hitting a player with no cards at all
            self._take_from_deck(kind)
            self.hands[self.turn].append(kind)
            self._note(f"{who} has no cards; {self.seat_name(self.turn)} draws one as a reward")

    def _jumped(self, code: int) -> None:
        """A Jump card: the obstacle stays; if it is moving, the variant may send it one space on."""
        m = self.in_motion
        if m is None or m[0] != code:
            return  # jumped during the pawn's own move: the obstacle simply stays
        if self.wiki:  # one space more, landing or passing; the space the Jump adds takes no ladder
            m[1], m[2] = m[1] + 1, False
        elif m[1] == 0 and not m[4] and m[2]:
            m[1], m[2] = 1, False

    def _remove(self, code: int) -> None:
        if code < FIREBALLS:
            self.fireballs[code] = -1
        else:
            self.barrels[code - FIREBALLS] = -1
        if self.in_motion is not None and self.in_motion[0] == code:
            self.in_motion = None
