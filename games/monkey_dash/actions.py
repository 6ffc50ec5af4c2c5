"""What each Monkey Dash action does to the table, and the course of a turn.

An action costs its AP (costs.py); the turn ends once its AP are spent and no free step is left, or
at 'pass' / 'end turn'. A Monkey Dash earns a Power Card; a hand over the limit must discard; the
interrupt window opens at a turn's start for a player who holds an Interrupt card; a turn that undoes
the opponent's whole turn is remembered for the stalemate rule.
"""

from __future__ import annotations

from ..core import ActionSyntaxError
from . import costs
from .board import COLOURS
from .cards import EFFECT_FLAGS

HAND_LIMIT = 3
TURN_LIMIT = 120
"""Turns (both players together) after which an unfinished game is a draw."""

ACT_WORDS = frozenset(("sup", "rotate", "heave", "push", "monkey", "leap", "drop", "throw", "pickup", "buy"))
"""The first words of the actions `_act` carries out (every other word is handled by `_apply`)."""

NO_EFFECTS = {flag: 0 if counted else False for flag, counted in EFFECT_FLAGS.values()}
"""The per-turn effects table with no card played: a flag (or a counter) per effect."""


class TurnActions:
    """Applying actions to MonkeyDashState (a mixin over the state's lists)."""

    def _apply(self, action: str) -> None:
        word, _, rest = action.partition(" ")
        if word in ACT_WORDS:  # the steps of a turn, by far the most applied (the bots' searches)
            self._act(word, rest)
        elif word == "start":
            self._start(COLOURS.index(rest))
        elif word == "draw":
            self._draw(rest)
        elif word == "no":
            self.phase = "act"
        elif word == "discard":
            self.hands[self.turn_player].remove(rest)
            self._to_discard(rest)
            self.phase = "act"
            self._settle()
        elif word == "play":
            self._play(rest)
            self._settle()  # a card played at 0 AP that leaves nothing free ends the turn, as any free step does
        elif word == "pass":
            self.ap = 0
            self._end_turn()
        elif action == "end turn":
            self._end_turn()
        else:
            self._act(word, rest)

    def _act(self, word: str, rest: str) -> None:
        b, p, eff = self.board, self.turn_player, self.effects
        dash = False
        if word == "sup":
            end, slid = self._slide_end(p, self.supervisors[p], rest)
            self.supervisors[p] = end
            for s in slid:
                self.bananas.remove(s)
            self.bananas_slid += len(slid)
            self._spend_step()
        elif word in ("rotate", "heave"):
            c, t = b.pair(rest)
            self._move_crate(c, t)
            if word == "heave":
                carried = self.monkeys.index(c)
                self.ap -= costs.heave_cost(eff, self.heaved[carried])
                self.monkeys[carried] = t
                self.heaved[carried] = True
            else:
                self.ap -= costs.ROTATE
        elif word == "push":
            c, t = b.pair(rest)
            self._move_crate(c, t)
            self.supervisors[p] = c
            self.ap -= costs.push_cost(eff)
        elif word in ("monkey", "leap"):
            f, t = b.pair(rest, "-")
            dash = word == "monkey" and f != b.nests[p] and b.distance(f, t) >= 2
            self.monkeys[p] = t
            if eff["free_monkey"] > 0:
                eff["free_monkey"] -= 1
            else:
                self.ap -= costs.MONKEY
        elif word in ("drop", "throw"):
            self.bananas.append(b.square(rest))
            self.bananas.sort()
            self.banana_store[p] -= 1
            if word == "throw":
                self.ap -= costs.THROW
        elif word == "pickup":
            self.bananas.remove(b.square(rest))
            self.banana_store[p] += 1
            self.ap -= costs.PICKUP
        elif word == "buy":
            self.ap -= costs.BUY
            self._gain()
        else:
            raise ActionSyntaxError(f"{word!r} is not a Monkey Dash action")
        self._check_win()
        if dash and self.phase != "over" and self._can_gain():
            self._gain()
        self._settle()

    def _spend_step(self) -> None:
        if self.effects["free_steps"] > 0:
            self.effects["free_steps"] -= 1
        else:
            self.ap -= costs.STEP

    def _move_crate(self, c: int, t: int) -> None:
        self.crates.remove(c)
        self.crates.append(t)
        self.crates.sort()

    def _gain(self) -> None:
        self.gained = True
        self.deal_queue.append(self.turn_player)

    def _check_win(self) -> None:
        monkeys, bays, crates = self.monkeys, self.board.bays, self.crates
        for seat in (0, 1):
            if monkeys[seat] == bays[seat] and monkeys[seat] in crates:
                self.winner = seat
                self.phase = "over"
                self.deal_queue = []
                return

    def _settle(self) -> None:
        """After an action: end the turn once the AP are spent, nothing (a draw, a discard) is pending
        and no free step is left; with a free step left the player ends it ('end turn')."""
        if self.phase == "act" and not self.deal_queue and self.ap <= 0 and not self._act_moves(first_only=True):
            self._end_turn()

    def _start(self, seat: int) -> None:
        self.start_player = seat
        if self.cards_on:
            self.deal_queue = [seat, 1 - seat] * 2
        else:
            self._begin_turn(seat)

    def _draw(self, card_id: str) -> None:
        seat = self.deal_queue.pop(0)
        self.draw_pile.remove(card_id)
        self.hands[seat].append(card_id)
        order = self._deck_order
        self.hands[seat].sort(key=order.__getitem__)
        if not self.draw_pile:  # exhausted: the discards become the new (shuffled) draw pile
            self.draw_pile, self.discard_pile = sorted(self.discard_pile, key=order.__getitem__), []
        if self.phase == "setup":
            if not self.deal_queue:
                self._begin_turn(self.start_player)
            return
        if len(self.hands[seat]) > HAND_LIMIT:
            self.phase = "discard"
        self._settle()

    def _to_discard(self, card_id: str) -> None:
        """A played or discarded card goes to the discard pile; if the draw pile is empty (it ran out when
        the discard pile was empty too), the card starts the new draw pile at once, so a later buy or Dash
        still finds every card that has been played. The order of a pile is kept sorted: a draw is a chance
        outcome over the whole pile, which is what shuffling it means. With the shipped deck of 11 the
        draw pile never runs out with the discard pile empty (an audit found it with a 5-card deck)."""
        if self.draw_pile:
            self.discard_pile.append(card_id)
        else:
            self.draw_pile.append(card_id)
            self.draw_pile.sort(key=self._deck_order.__getitem__)

    def _play(self, card_id: str) -> None:
        player = 1 - self.turn_player if self.phase == "interrupt" else self.turn_player
        self.hands[player].remove(card_id)
        self._to_discard(card_id)
        card = self._cards[card_id]
        eff, amount = self.effects, card.amount
        if card.effect == "gain_ap":
            self.ap += amount
        elif card.effect == "lose_ap":
            self.ap = max(1, self.ap - amount)
        else:
            flag, counted = EFFECT_FLAGS[card.effect]
            eff[flag] = eff[flag] + amount if counted else True
        if self.phase == "interrupt" and not self._holds_interrupt(player):
            self.phase = "act"

    def _holds_interrupt(self, seat: int) -> bool:
        cards = self._cards
        for c in self.hands[seat]:
            if cards[c].interrupt:
                return True
        return False

    def _begin_turn(self, seat: int, start_key: str | None = None) -> None:
        """Open `seat`'s turn; `start_key` is the position key if the caller has just made it."""
        self.turn_player = seat
        self.ap = costs.TURN_AP - (costs.START_FEE if self.turns_done == 0 else 0)  # the start player's fee
        self.effects = NO_EFFECTS.copy()
        self.gained = False
        self.heaved = [False, False]
        self.turn_start_key = key = self.position_key() if start_key is None else start_key
        self.banned = [end for who, start, end in self.undone if who == seat and start == key] if self.undone else []
        self.phase = "interrupt" if self._holds_interrupt(1 - seat) else "act"

    def _end_turn(self) -> None:
        p, end = self.turn_player, self.position_key()
        last = self.last_turn
        if last is not None and last[0] != p and last[1] != last[2] and end == last[1]:
            if last not in self.undone:  # this turn undid the opponent's whole turn
                self.undone.append(last)
        self.last_turn = (p, self.turn_start_key, end)
        self.turns_done += 1
        if self.turns_done >= TURN_LIMIT:
            self.phase = "over"
            return
        self._begin_turn(1 - p, end)  # the board has not changed since `end` was taken
