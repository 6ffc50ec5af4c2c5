"""Monkey Dash move generation: every legal decision of the player to act, with its cost in AP.

A move is (action, AP cost, kind, from square, to square). The turn's per-turn effects table (cards
played this turn) changes which steps are allowed and what they cost (costs.py); the stalemate rule
removes the moves that would end the turn in a position the opponent's undone turn started from.
"""

from __future__ import annotations

from . import costs
from .board import ORTHOGONAL, RING

STALEMATE_NODES = 5000
"""The most states one stalemate search visits (MoveGeneration._finishes_unbarred)."""


class MoveGeneration:
    """The legal moves of MonkeyDashState (a mixin over the state's squares and effects)."""

    def _legal_moves(self, unfiltered: bool = False) -> list[tuple[str, int, str, int, int]]:
        """(action, AP cost, kind, from square, to square) for every legal decision, in a fixed order
        (unfiltered: before the stalemate rule takes any out)."""
        if self.phase == "interrupt":
            hand = self.hands[1 - self.turn_player]
            plays = [(f"play {c}", 0, "play", -1, -1) for c in hand if self._cards[c].interrupt]
            return plays + [("no interrupt", 0, "no interrupt", -1, -1)]
        if self.phase == "discard":
            moves = [(f"discard {c}", 0, "discard", -1, -1) for c in self.hands[self.turn_player]]
        else:
            moves = self._act_moves()
            if self.ap <= 0 or not self._ap_spendable(moves):
                # with AP left, 'pass' gives them up; with none left, only free steps remain and the
                # player says when the turn is over (with nothing free left, _settle already ended it)
                moves.append(("pass", 0, "pass", -1, -1) if self.ap > 0 else ("end turn", 0, "end turn", -1, -1))
        if self.banned and not unfiltered:
            failed: set = set()      # the states found to finish only barred: shared by the searches below
            if self._finishes_unbarred(self.turns_done, self.banned, failed, [STALEMATE_NODES]):
                # the rule bars a step after which every way of playing out the turn ends it in a barred
                # position; when that is so of every way from here, the rule yields (every step stays)
                moves = [m for m in moves if not self._repeats_undone_turn(m, failed)]
        return moves

    def _ap_spendable(self, moves) -> bool:
        """Whether the turn's AP can still be spent: a move listed costs AP, or one is free now only by a card
        in force (Roller Skates' supervisor steps, a free monkey move), after which the same kind of move costs
        AP (a step back, a move back along the crates). 'pass' is for a turn where nothing that costs AP is
        possible: with Roller Skates played and only the supervisor free to move, it gave up 3 AP unspent (a
        rules audit; the rulebook: "Each turn you must spend exactly four action points")."""
        eff = self.effects
        return any(m[1] > 0 or (m[2] == "sup" and eff["free_steps"] > 0)
                   or (m[2] in ("monkey", "leap") and eff["free_monkey"] > 0) for m in moves)

    def _repeats_undone_turn(self, move, failed: set) -> bool:
        """Whether after this move every way of playing out the turn ends it in a position the stalemate
        rule bars (the position an undone turn of the opponent's started from); `failed` as in
        _finishes_unbarred."""
        twin = self.clone()
        twin._apply(move[0])
        return not twin._finishes_unbarred(self.turns_done, self.banned, failed, [STALEMATE_NODES])

    def _finishes_unbarred(self, turns_done: int, banned: list, failed: set, budget: list) -> bool:
        """Whether some way of playing out the turn that was `turns_done` ends it in a position the
        stalemate rule does not bar (`banned`: the mover's barred ends), or wins: a search over the mover's steps, the draws a Dash or a buy
        brings (any card), and free steps, each state that failed tried once. A search that runs out of
        `budget` (states, shared) takes it that such a way exists, as it almost always does: with a step
        or more left a player has many ways to end the turn elsewhere."""
        if self.winner is not None:
            return True
        if self.turns_done != turns_done or self.phase == "over":
            return self.last_turn[2] not in banned
        budget[0] -= 1
        if budget[0] < 0:
            return True
        key = (self.position_key(), self.ap, self.phase, tuple(self.deal_queue), tuple(self.hands[self.turn_player]),
               tuple(self.effects.values()), self.gained, tuple(self.heaved), len(self.draw_pile))
        if key in failed:
            return False
        if self.deal_queue:
            steps = [a for a, _ in self.chance_outcomes()]
        else:
            steps = [m[0] for m in self._legal_moves(unfiltered=True)]
        for action in steps:
            twin = self.clone()
            twin._apply(action)
            if twin._finishes_unbarred(turns_done, banned, failed, budget):
                return True
        failed.add(key)
        return False

    def _floor_free(self, sq: int) -> bool:
        """A square a crate may enter: on the board, no crate, supervisor, banana, and not a nest."""
        return (sq >= 0 and sq not in self.crates and sq not in self.supervisors
                and sq not in self.bananas and sq not in self.board.nests)

    def _banana_target(self, sq: int) -> bool:
        return self._floor_free(sq) and sq not in self.board.bays

    def _slide_end(self, seat: int, start: int, direction: str) -> tuple[int, list[int]]:
        """Where a supervisor step ends (Super Slides included) and the bananas it slides over; -1 if the
        step itself is barred. A slide that would go into a crate, a supervisor, a nest, the other bay
        or off the board does not happen: the supervisor stops on the banana, which stays."""
        b = self.board
        steps, crates, sups = b.steps, self.crates, self.supervisors
        barred = (b.nests[0], b.nests[1], b.bays[1 - seat])
        sq = steps[start][direction]
        if sq < 0 or sq in crates or sq in sups or sq in barred:
            return -1, []
        slid: list[int] = []
        bananas = self.bananas
        while sq in bananas:
            ahead = steps[sq][direction]
            if ahead < 0 or ahead in crates or ahead in sups or ahead in barred:
                break
            slid.append(sq)
            sq = ahead
        return sq, slid

    def _monkey_targets(self, seat: int) -> list[tuple[int, int]]:
        """(square, crates crossed) for every plain monkey move of `seat`. A move that reaches the mover's
        own Loading Bay ends there: the game is won the moment the monkey gets to it, so no move carries
        the monkey on past its bay (the other player's bay does not stop it)."""
        b = self.board
        at, other = self.monkeys[seat], self.monkeys[1 - seat]
        from_nest = at == b.nests[seat]
        bay = b.bays[seat]
        crates = self.crates
        out = []
        for ray in b.rays[at]:  # the eight directions in RING order
            k = 0
            for sq in ray:
                if sq not in crates or sq == other:
                    break
                k += 1
                out.append((sq, k))
                if from_nest or sq == bay:
                    break
        return out

    def _act_moves(self, first_only: bool = False) -> list[tuple[str, int, str, int, int]]:
        """The act-phase moves in their fixed order; with `first_only`, at most the first of them (all
        that `_settle` needs to know whether a free step is left)."""
        b, p, ap, eff = self.board, self.turn_player, self.ap, self.effects
        names = b.names
        crates, monkeys, sups, bananas, nests = self.crates, self.monkeys, self.supervisors, self.bananas, b.nests
        moves = []
        sup = sups[p]
        if not eff["supervisor_frozen"]:
            cost = costs.step_cost(eff)
            if cost <= ap:
                steps = b.steps[sup]
                barred = (nests[0], nests[1], b.bays[1 - p])
                for d in (RING if eff["diagonal"] else ORTHOGONAL):
                    if bananas:
                        end, _ = self._slide_end(p, sup, d)
                    else:  # no banana to slide on: _slide_end comes down to this
                        end = steps[d]
                        if end < 0 or end in crates or end in sups or end in barred:
                            end = -1
                    if end >= 0:
                        moves.append((f"sup {d}", cost, "sup", sup, end))
                        if first_only:
                            return moves
        if not eff["crates_frozen"] and costs.ROTATE <= ap:  # a heave costs at least a rotation
            ring = b.rings[sup]
            for i, c in enumerate(ring):
                if c < 0 or c not in crates:
                    continue
                heave = c in monkeys
                if heave:
                    carried = monkeys.index(c)
                    if carried == p and eff["monkey_frozen"]:
                        continue  # Nap Time: the mover's monkey may not move, not even on a heaved crate
                    cost = costs.heave_cost(eff, self.heaved[carried])
                else:
                    cost = costs.ROTATE
                if cost > ap:
                    continue
                kind = "heave" if heave else "rotate"
                for t in (ring[(i - 1) % 8], ring[(i + 1) % 8]):
                    # the square is floor a crate may enter (see _floor_free)
                    if t >= 0 and t not in crates and t not in sups and t not in bananas and t not in nests:
                        moves.append((f"{kind} {names[c]} {names[t]}", cost, kind, c, t))
                        if first_only:
                            return moves
        if not eff["crates_frozen"]:
            cost = costs.push_cost(eff)
            if not eff["supervisor_frozen"] and cost <= ap:
                steps, other_bay = b.steps[sup], b.bays[1 - p]
                for d in ORTHOGONAL:
                    c = steps[d]
                    if c < 0 or c not in crates or c in monkeys or c == other_bay:
                        continue
                    t = b.steps[c][d]
                    if t >= 0 and t not in crates and t not in sups and t not in bananas and t not in nests:
                        moves.append((f"push {names[c]} {names[t]}", cost, "push", c, t))
                        if first_only:
                            return moves
        at = monkeys[p]
        if not eff["monkey_frozen"]:
            cost = costs.monkey_cost(eff)
            if cost <= ap:
                for t, _ in self._monkey_targets(p):
                    moves.append((f"monkey {names[at]}-{names[t]}", cost, "monkey", at, t))
                    if first_only:
                        return moves
                if eff["leap"] and at != nests[p]:
                    for d in RING:
                        mid = b.step(at, d)
                        t = b.step(mid, d) if mid >= 0 else -1
                        if t >= 0 and mid not in crates and t in crates and t != monkeys[1 - p]:
                            moves.append((f"leap {names[at]}-{names[t]}", cost, "leap", at, t))
                            if first_only:
                                return moves
        if self.bananas_on:
            if at != nests[p] and not self.heaved[p] and self.banana_store[p] > 0:
                bays = b.bays
                # the squares of around() are on the board; the rest is _banana_target
                for sq in b.around(at, 1):
                    if sq not in crates and sq not in sups and sq not in bananas and sq not in nests and sq not in bays:
                        moves.append((f"drop {names[sq]}", costs.DROP, "drop", at, sq))
                        if first_only:
                            return moves
                if costs.THROW <= ap:
                    for sq in b.around(at, 2):
                        if sq not in crates and sq not in sups and sq not in bananas and sq not in nests and sq not in bays:
                            moves.append((f"throw {names[sq]}", costs.THROW, "throw", at, sq))
                            if first_only:
                                return moves
            if costs.PICKUP <= ap:
                for sq in b.rings[sup]:
                    # not the banana under the other supervisor (a Super Slide that stopped on it)
                    if sq >= 0 and sq in bananas and sq not in sups:
                        moves.append((f"pickup {names[sq]}", costs.PICKUP, "pickup", sup, sq))
                        if first_only:
                            return moves
        if self.cards_on:
            if self._can_gain() and costs.BUY <= ap:
                moves.append(("buy", costs.BUY, "buy", -1, -1))
                if first_only:
                    return moves
            cards = self._cards
            for c in self.hands[p]:
                if not cards[c].interrupt:
                    moves.append((f"play {c}", costs.PLAY, "play", -1, -1))
                    if first_only:
                        return moves
        return moves

    def _can_gain(self) -> bool:
        return self.cards_on and not self.gained and bool(self.draw_pile)
