"""Super Mario Jenga: the pegs. Climbing by exact count, Bowser in the way, pegs moved down, knock-outs.

A peg that has not beaten Bowser never passes him; one that beat him climbs only into layers stacked
above him and is never moved below him. An opponent's peg knocked out of line by a push or a stack
goes a layer down into a vacant hole the mover chooses (`moving`); the mover's own goes back in at
its layer.
"""

from __future__ import annotations

from . import data
from .coins import transfer
from .layout import free_holes, is_real, nearest_free, top_level
from .super_mario_help import BATTLE_BELOW


class PegRules:
    """What a peg may do, for SuperMarioState (a mixin over its pegs, layout and coins)."""

    @property
    def lowest(self) -> int:
        return data.mario_rules()["lowest_peg_layer"]

    def others(self, seat: int) -> list:
        return [h for i, h in enumerate(self.pegs) if i != seat and h is not None]

    def peg_level(self, seat: int) -> int:
        return -1 if self.pegs[seat] is None else self.pegs[seat][0]

    def bowser_level(self) -> int:
        """The layer Bowser stands on: the top layer of the tower as it was built. He stays there;
        blocks are stacked above him, so the layer directly below him is this one and the layer
        directly above him the first one stacked (bowser_level() + 1)."""
        return top_level(self.layout) if self.bowser is None else self.bowser

    def floor_of(self, seat: int) -> int:
        """The lowest layer opponents may move this peg to: the second layer, or once it has beaten
        Bowser the layer directly above him (a peg that beat him but found no hole above stays put)."""
        if self.defeated[seat]:
            return min(self.peg_level(seat), self.bowser_level() + 1)
        return self.lowest

    def climb_plan(self, seat: int, n: int) -> tuple[int, bool] | None:
        """(target layer, stops below Bowser) for a climb of n layers, or None when the peg cannot move.

        A peg that has not beaten Bowser never passes him: a climb to his level or higher stops on the
        layer directly below him (and starts a battle). Otherwise a climb is by exact count."""
        if n <= 0 or self.pegs[seat] is None:
            return None
        target = self.peg_level(seat) + n
        # (the variant battle_below: a climb that ends exactly on the layer directly below him stops too)
        below = self.config.variant == BATTLE_BELOW and target == self.bowser_level()
        if not self.defeated[seat] and (target > self.bowser_level() or below):
            return (self.bowser_level(), True)
        return (target, False) if target <= top_level(self.layout) else None

    def climb_options(self, seat: int, n: int) -> list:
        plan = self.climb_plan(seat, n)
        return [] if plan is None else free_holes(self.layout, plan[0], self.others(seat))

    def leap_options(self) -> list:
        """The holes a peg that beat Bowser may move to: the free holes of the layer directly above him."""
        return free_holes(self.layout, self.bowser_level() + 1, self.others(self.mover))

    def drop_options(self) -> list:
        """Where the head of `moving` may go: any vacant hole of the layer it is moved down to (never
        below its floor); with none there, the nearest layer below, then above, that has one."""
        seat, n = self.moving[0]
        here, floor = self.peg_level(seat), self.floor_of(seat)
        goal = max(floor, here - n) if here > floor else here
        ceiling = len(self.layout) if self.defeated[seat] else self.bowser_level() + 1  # never past Bowser
        levels = [goal] + list(range(goal - 1, floor - 1, -1)) + list(range(goal + 1, ceiling))
        for level in levels:
            options = free_holes(self.layout, level, self.others(seat))
            if options:
                return options
        return []

    def next_move(self) -> None:
        """Drop moves that have nowhere to go; once none is waiting, go on with the turn."""
        while self.moving and not self.drop_options():
            self.moving.pop(0)
        if not self.moving and self.phase == "act":
            self.settle()

    def check_top(self, seat: int) -> None:
        if not self.top_bonus_paid and self.peg_level(seat) >= top_level(self.layout):
            self.top_bonus_paid = True
            self.collect(seat, data.mario_rules()["first_to_top_bonus"])

    def defeat_bowser(self, seat: int) -> None:
        """The battle is won: the bonus is paid and the winner chooses a hole on the layer directly
        above Bowser (phase "leap"); with no free hole there yet, the peg stays where it is."""
        self.battling[seat] = False
        self.defeated[seat] = True
        bonus = data.mario_rules()["bowser_bonus"]
        self.note(f"{self.seat_name(seat)} defeats Bowser!")
        self.collect(seat, bonus[min(self.defeats, len(bonus) - 1)])
        self.defeats += 1
        if self.leap_options():
            self.phase = "leap"
        else:
            self.note(f"no hole is free on layer {self.bowser_level() + 1}: {self.seat_name(seat)}'s peg stays")

    def move_down(self, seat: int, n: int) -> None:
        """The mover must put this peg n layers lower (not below its floor) in a vacant hole they choose."""
        self.moving.append([seat, n])
        self.note(f"{self.seat_name(seat)}'s peg must go down {n}")
        while self.moving and not self.drop_options():
            self.moving.pop(0)

    def knock_outs(self, verdict: dict, before: list) -> None:
        """Pegs whose block the physics moved out of line with its neighbours by more than the threshold
        fall out. An opponent's: the mover takes a coin from its owner and puts the peg a layer down,
        in a vacant hole of their choice. The mover's own goes back in at its layer."""
        moved = {b: mm for b, mm in verdict["shifted_mm"]}
        limit = data.mario_rules()["peg_knock_mm"]
        me = self.mover
        for seat, hole in enumerate(self.pegs):
            if hole is None:
                continue
            block = before[hole[0]][hole[1]] if hole[0] < len(before) else None
            knocked = moved.get(block, 0.0) > limit or not is_real(self.layout, hole)
            if not knocked:
                continue
            if seat == me:  # your own peg just goes back in the nearest vacant hole at its layer
                # else the nearest layer below it, never under its floor (the rules: "Your character peg can't
                # move down lower than the second layer"; a rules audit saw it searched down to the bottom
                # layer), then above it, never past Bowser unless it has beaten him
                floor = min(hole[0], self.floor_of(me))
                ceiling = len(self.layout) if self.defeated[me] else self.bowser_level() + 1
                levels = [hole[0]] + list(range(hole[0] - 1, floor - 1, -1)) + list(range(hole[0] + 1, ceiling))
                spot = nearest_free(self.layout, levels, hole, self.others(me))
                self.pegs[me] = list(spot) if spot is not None else hole
                continue
            self.note(f"{self.seat_name(me)} knocks out {self.seat_name(seat)}'s peg")
            transfer(self.purses[seat], self.purses[me], self.bank, 1, self.purses)
            self.move_down(seat, 1)
