"""Super Mario Jenga: stack blocks carrying items, climb with a character peg, battle Bowser, collect coins.

45 blocks (15 layers) carry item symbols placed by the build seed, face down: an item is seen when its
block comes out. Bowser stands where he was placed, on the top layer of the tower as built, and every
block stacked goes above him.
Each player has a character card saying what each item does for them, a peg in a hole of the tower
and a purse of coins (gold coins worth 1, Five Coins worth 5). The player with the most coins when the
tower falls wins.
"""

from __future__ import annotations

import hashlib
import textwrap

from ..core import GameSpec, IllegalActionError
from .push import LIVE_PUSH_HELP
from . import data, physics, spinners
from .bots import bot_notes, bot_table
from .coins import transfer, value
from .common import NotYourMoveError, TowerState, listing, reflow
from .layout import (block_text, free_holes, hole_text, is_real, nearest_free, parse_hole, removable,
                     top_level)

EFFECT_WORDS = {"climb": "climb {n}", "collect": "collect {n}", "return": "return {n}",
                "steal": "steal {n} from one player", "steal_each": "steal {n} single coins from anyone",
                "move_down": "move a player down {n}"}
class CharacterTakenError(IllegalActionError):
    """A character card that another player holds, or that the game does not have."""


class IllegalTargetError(IllegalActionError):
    """An item's steal or move-down aimed at a player it may not hit."""


ITEM_WORTH = {"question": 2.0, "star": 3.0, "mushroom": 2.0, "pow": 2.0, "goomba": -1.0, "none": 0.0}


def deal_items(seed: int, blocks: int = 45) -> list[str]:
    """The item on each block id for build seed `seed`: a fixed shuffle of the asset's item counts."""
    pool = [item for item, n in data.mario_items().items() for _ in range(n)]
    order = sorted(range(blocks), key=lambda i: hashlib.sha256(f"mario-items:{seed}:{i}".encode()).digest())
    items = [""] * blocks
    for slot, block in enumerate(order):
        items[block] = pool[slot]
    return items


class SuperMarioState(TowerState):
    TOWER = "mario"
    BLOCKS = 45
    ACTIONS_PER_TURN = 18
    FIELDS = TowerState.FIELDS + (
        "items", "revealed", "characters", "pegs", "placing", "purses", "bank", "spin", "stacks_left",
        "climb_due", "effects", "moving", "battling", "defeated", "defeats", "top_bonus_paid", "bowser")
    ACTION_WORDS = TowerState.ACTION_WORDS + ("character", "peg", "climb", "target", "drop", "leap")

    def __init__(self, config):
        super().__init__(config)
        rules = data.mario_rules()
        n = config.num_players
        self.items: list[str] = []  # the item on each block id: face down, not for players' eyes
        self.revealed: list[int] = []  # block ids whose item has been seen (taken out of the tower)
        self.characters: list = [None] * n
        self.pegs: list = [None] * n
        self.placing: int | None = None
        self.bank = list(rules["bank"])
        self.purses = [[0, 0] for _ in range(n)]
        for purse in self.purses:  # each player takes their starting coins from the bank
            purse[0], purse[1] = rules["start_purse"]
            self.bank[0] -= purse[0]
            self.bank[1] -= purse[1]
        self.spin: int | None = None
        self.stacks_left = 0
        self.climb_due = 0
        self.effects: list = []  # item effects still to carry out, each [effect, count]
        self.moving: list = []  # pegs the mover must put in a lower hole, each [seat, layers down]
        self.bowser: int | None = None  # the layer Bowser stands on (the top layer as built)
        self.battling = [False] * n
        self.defeated = [False] * n
        self.defeats = 0
        self.top_bonus_paid = False

    # ---- setup --------------------------------------------------------------------------------
    def after_build(self, seed: int) -> None:
        self.items = deal_items(seed, self.BLOCKS)
        self.revealed = []
        self.bowser = top_level(self.layout)
        self.phase = "character"
        self.placing = 0

    def decider(self) -> int:
        return self.placing if self.phase in ("character", "peg") else self.mover

    def start_turn(self) -> None:
        self.phase = "spin"
        self.spin = None

    def spin_outcomes(self) -> list[tuple[str, float]]:
        n = len(data.mario_spinner()["sections"])
        return [(f"spin {k}", 1 / n) for k in range(n)]

    def spin_text(self, section: int) -> str:
        return spinners.words("jenga_mario", section)

    def section(self) -> dict | None:
        return None if self.spin is None else data.mario_spinner()["sections"][self.spin]

    # ---- what pieces may do ---------------------------------------------------------------------
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
        if not self.defeated[seat] and target > self.bowser_level():
            return (self.bowser_level(), True)
        return (target, False) if target <= top_level(self.layout) else None

    def climb_options(self, seat: int, n: int) -> list:
        plan = self.climb_plan(seat, n)
        return [] if plan is None else free_holes(self.layout, plan[0], self.others(seat))

    def extractable(self) -> list[tuple[int, int]]:
        """Below the highest complete layer, and never a block with a peg in it (anyone's)."""
        pegged = {(h[0], h[1]) for h in self.pegs if h is not None}
        return [b for b in removable(self.layout) if b not in pegged]

    def may_extract(self) -> bool:
        return (self.phase == "act" and self.hand is None and self.stacks_left > 0 and not self.effects
                and not self.moving and not self.battling[self.mover])

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

    def legal_actions(self) -> list[str]:
        if self.current_player() >= 0 and self.moving:
            return [f"drop {hole_text(h)}" for h in self.drop_options()]
        return super().legal_actions()

    def target_options(self) -> list[int]:
        kind = self.effects[0][0]
        me = self.mover
        if kind == "steal":
            return [p for p in range(len(self.pegs)) if p != me and value(self.purses[p]) > 0]
        if kind == "move_down":
            return [p for p in range(len(self.pegs)) if p != me and self.pegs[p] is not None
                    and self.peg_level(p) > self.floor_of(p)]
        return []

    # ---- decisions ------------------------------------------------------------------------------
    def decisions(self) -> list[str]:
        if self.phase == "character":
            return [f"character {c}" for c in data.CHARACTERS if c not in self.characters]
        if self.phase == "peg":
            return [f"peg {hole_text(h)}" for h in free_holes(self.layout, self.lowest, self.pegs)]
        if self.phase == "leap":
            return [f"leap {hole_text(h)}" for h in self.leap_options()]
        if self.phase != "act":
            return []
        if self.effects:
            kind, n = self.effects[0]
            if kind == "climb":
                return [f"climb {hole_text(h)}" for h in self.climb_options(self.mover, n)]
            return [f"target {p + 1}" for p in self.target_options()]
        acts = self.push_actions()
        if self.climb_due > 0:
            acts += [f"climb {hole_text(h)}" for h in self.climb_options(self.mover, self.climb_due)]
        return acts

    def why_not_removable(self, level: int, slot: int) -> str:
        for seat, hole in enumerate(self.pegs):
            if hole is not None and (hole[0], hole[1]) == (level, slot):
                whose = "your own peg" if seat == self.mover else f"{self.seat_name(seat)}'s peg"
                return (f"{whose} is in it" + (" (climb away first)" if seat == self.mover else
                                               " (a block with an opponent's peg is never taken)"))
        return super().why_not_removable(level, slot)

    def reject_decision(self, word: str, action: str, legal: list[str]) -> None:
        who = self.seat_name(self.decider())
        rest = action.partition(" ")[2]
        if word == "character":
            if self.phase != "character":
                raise NotYourMoveError(f"the characters are chosen already: {self.decision_text()}")
            free = [c for c in data.CHARACTERS if c not in self.characters]
            reason = "another player has that card" if rest in data.CHARACTERS else "there is no such card"
            raise CharacterTakenError(f"{action!r}: {reason}; choose {listing([f'character {c}' for c in free])}")
        if word == "peg":
            if self.phase == "character":
                raise NotYourMoveError(f"pegs go in once every player has a character: {self.decision_text()}")
            if self.phase != "peg":
                raise NotYourMoveError(f"every peg is placed already: {self.decision_text()}")
            self.reject_hole(action, free_holes(self.layout, self.lowest, self.pegs), self.pegs,
                             f"a peg starts in a hole of the second layer (layer {self.lowest})")
        if word == "climb":
            n = self.effects[0][1] if self.effects and self.effects[0][0] == "climb" else self.climb_due
            if self.phase != "act" or n <= 0 or (self.effects and self.effects[0][0] != "climb"):
                raise NotYourMoveError(f"{who} has no climb to make now: {self.decision_text()}")
            plan = self.climb_plan(self.mover, n)
            where = "nowhere" if plan is None else f"layer {plan[0]}"
            self.reject_hole(action, self.climb_options(self.mover, n), self.others(self.mover),
                             f"a climb of {n} goes exactly to {where}")
        if word == "target":
            if self.phase != "act" or not self.effects or self.effects[0][0] not in ("steal", "move_down"):
                raise NotYourMoveError(f"no item is aimed at a player now: {self.decision_text()}")
            kind = self.effects[0][0]
            options = listing([f"target {p + 1}" for p in self.target_options()])
            try:
                victim = int(rest) - 1
            except ValueError:
                victim = -1
            if not 0 <= victim < len(self.pegs):
                reason = f"players are numbered 1 to {len(self.pegs)}"
            elif victim == self.mover:
                reason = "you cannot aim an item at yourself"
            elif kind == "steal":
                reason = f"{self.seat_name(victim)} has no coins"
            elif self.defeated[victim]:
                reason = (f"{self.seat_name(victim)} has beaten Bowser and cannot be moved below him "
                          f"(layer {self.floor_of(victim)} is as low as that peg may go)")
            else:
                reason = f"{self.seat_name(victim)}'s peg is on the lowest layer allowed"
            raise IllegalTargetError(f"{action!r}: {reason}; choose {options}")
        if word == "drop":
            if not self.moving:
                raise NotYourMoveError(f"no peg is waiting for a hole: {self.decision_text()}")
            seat = self.moving[0][0]
            self.reject_hole(action, self.drop_options(), self.others(seat),
                             f"{self.seat_name(seat)}'s peg goes down to a vacant hole of layer "
                             f"{self.drop_options()[0][0] if self.drop_options() else '(none)'}")
        if word == "leap":
            if self.phase != "leap":
                raise NotYourMoveError(f"nobody is leaping over Bowser now: {self.decision_text()}")
            self.reject_hole(action, self.leap_options(), self.others(self.mover),
                             f"the winner moves to the layer directly above Bowser (layer {self.bowser_level() + 1})")

    def _apply_action(self, action: str) -> None:
        if action.startswith("spin "):
            self._spin(int(action.split()[1]))
            return
        super()._apply_action(action)

    def _spin(self, k: int) -> None:
        self.spin = k
        sec = self.section()
        me = self.mover
        self.phase = "act"
        self.note(f"{self.seat_name(me)} spins: {self.spin_text(k)}")
        if sec["coins"]:
            self.collect(me, data.mario_spinner()["coins_collected"])
        if self.battling[me]:
            self.stacks_left, self.climb_due = 0, 0
            if sec["climb"] >= 3:
                self.defeat_bowser(me)
                if self.phase == "leap":
                    return  # the winner chooses the hole above Bowser; the turn ends after that
            self.end_turn()
            return
        self.stacks_left, self.climb_due = sec["stack"], sec["climb"]
        self.settle()

    def apply_decision(self, action: str) -> None:
        word, _, rest = action.partition(" ")
        me = self.mover
        if word == "character":
            self.characters[self.placing] = rest
            self.placing += 1
            if self.placing == len(self.pegs):
                self.placing, self.phase = 0, "peg"
            return
        if word == "peg":
            self.pegs[self.placing] = list(parse_hole(rest))
            self.placing += 1
            if self.placing == len(self.pegs):
                self.placing = None
                self.touches = 0
                self.start_turn()
            return
        if word == "target":
            kind, n = self.effects.pop(0)
            victim = int(rest) - 1
            if kind == "steal":
                got = transfer(self.purses[victim], self.purses[me], self.bank, n, self.purses)
                self.note(f"{self.seat_name(me)} steals {got} from {self.seat_name(victim)}")
            else:
                self.move_down(victim, n)
            if not self.moving:
                self.settle()
            return
        if word == "drop":
            seat, _ = self.moving.pop(0)
            hole = list(parse_hole(rest))
            if hole[0] != self.peg_level(seat):
                self.battling[seat] = False  # moved away from Bowser: no battle now
            self.pegs[seat] = hole
            self.note(f"{self.seat_name(me)} puts {self.seat_name(seat)}'s peg in {rest}")
            self.next_move()
            return
        if word == "leap":
            self.pegs[me] = list(parse_hole(rest))
            self.phase = "act"
            self.note(f"{self.seat_name(me)} leaps over Bowser to {rest}")
            self.check_top(me)
            self.end_turn()
            return
        # a climb: the head item effect if one is waiting, else the spin's climb
        plan = self.climb_plan(me, self.effects[0][1] if self.effects else self.climb_due)
        if self.effects:
            self.effects.pop(0)
        else:
            self.climb_due = 0
        self.pegs[me] = list(parse_hole(rest))
        self.note(f"{self.seat_name(me)} climbs to {rest}")
        self.check_top(me)
        if plan[1]:  # stopped below Bowser: the battle is next turn, and this turn ends once the
            # rest of this item is done (a "climb 3 and steal 1" still steals)
            self.battling[me] = True
            self.stacks_left, self.climb_due = 0, 0
            self.note(f"{self.seat_name(me)} must battle Bowser next turn")
        self.settle()

    def next_move(self) -> None:
        """Drop moves that have nowhere to go; once none is waiting, go on with the turn."""
        while self.moving and not self.drop_options():
            self.moving.pop(0)
        if not self.moving and self.phase == "act":
            self.settle()

    def settle(self) -> None:
        """Carry out automatic effects, drop impossible ones, and end the turn when nothing is left."""
        me = self.mover
        while self.effects:
            kind, n = self.effects[0]
            if kind == "collect":
                self.effects.pop(0)
                self.collect(me, n)
            elif kind == "return":
                self.effects.pop(0)
                paid = transfer(self.purses[me], self.bank, self.bank, n, self.purses)
                self.note(f"{self.seat_name(me)} returns {paid} coin(s)")
            elif kind == "climb" and (self.battling[me] or not self.climb_options(me, n)):
                self.effects.pop(0)
            elif kind in ("steal", "move_down") and not self.target_options():
                self.effects.pop(0)
            else:
                return
        if self.stacks_left > 0 and self.hand is None and not self.extractable():
            self.stacks_left = 0
        if self.battling[me]:  # next to Bowser: no more stacking or climbing until he is beaten
            self.stacks_left = self.climb_due = 0
        if self.climb_due > 0 and not self.climb_options(me, self.climb_due):
            self.climb_due = 0  # only opponents' holes, or no room by exact count: the peg stays
        if self.stacks_left == 0 and self.climb_due == 0 and self.hand is None:
            self.end_turn()

    def end_turn(self) -> None:
        sec = self.section()
        if sec is not None and sec["reverse"]:
            self.direction = -self.direction
        super().end_turn()

    # ---- coins, Bowser, pegs moving --------------------------------------------------------------
    def collect(self, seat: int, n: int) -> int:
        got = transfer(self.bank, self.purses[seat], self.bank, n, self.purses)
        self.note(f"{self.seat_name(seat)} collects {got} coin(s)" + (" (the bank ran short)" if got < n else ""))
        return got

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
                spot = nearest_free(self.layout, [hole[0]] + list(range(hole[0] - 1, -1, -1)), hole, self.others(me))
                self.pegs[me] = list(spot) if spot is not None else hole
                continue
            self.note(f"{self.seat_name(me)} knocks out {self.seat_name(seat)}'s peg")
            transfer(self.purses[seat], self.purses[me], self.bank, 1, self.purses)
            self.move_down(seat, 1)

    # ---- the tower changed -----------------------------------------------------------------------
    def after_extract(self, verdict: dict, before: list) -> None:
        if self.hand is not None and self.hand not in self.revealed:  # "make note of any items"
            self.revealed.append(self.hand)
            item = self.items[self.hand]
            self.note(f"{self.seat_name(self.mover)} takes out a block with "
                      + ("no symbol" if item == "none" else f"a {ITEM_NAMES[item]}"))
        self.knock_outs(verdict, before)

    def after_stack(self, verdict: dict, before: list) -> None:
        self.knock_outs(verdict, before)
        item = self.items[verdict["block"]]
        if item != "none":
            card = data.characters()[self.characters[self.mover]]
            for kind, n in card[item]:
                self.effects += [["steal", 1]] * n if kind == "steal_each" else [[kind, n]]
            self.note(f"{self.seat_name(self.mover)} stacked a {item} block")
        self.stacks_left -= 1
        self.phase = "act"
        if not self.moving:
            self.settle()

    def heights_order(self) -> list[int]:
        return sorted(range(len(self.pegs)), key=lambda p: -self.peg_level(p))

    def on_fall(self, before: list) -> None:
        rules = data.mario_rules()
        self.moving = []
        transfer(self.purses[self.toppler], self.bank, self.bank, rules["fall_penalty"], self.purses)
        others = [p for p in range(len(self.pegs)) if p != self.toppler]
        if others:
            best = max(self.peg_level(p) for p in others)
            for p in others:
                if self.peg_level(p) == best:
                    self.collect(p, rules["fall_bonus"])

    def on_limit(self) -> None:
        pass

    # ---- results ---------------------------------------------------------------------------------
    def coins(self) -> list[int]:
        return [value(p) for p in self.purses]

    def returns(self) -> list[float]:
        return [float(c) for c in self.coins()]

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        best = max(self.coins())
        return [p for p, c in enumerate(self.coins()) if c == best]

    # ---- bots, renderer, text ---------------------------------------------------------------------
    def preferred_decision(self, legal: list[str]) -> str | None:
        if self.phase in ("character", "peg"):
            return legal[0]
        drops = [a for a in legal if a.startswith(("drop ", "leap "))]
        if drops:  # a side block is taken less often than a middle one, so a peg stays put there longer
            mine = legal[0].startswith("leap ")
            return min(drops, key=lambda a: ((parse_hole(a.split()[1])[1] == 1) == mine, a))
        if self.phase == "stack":
            return super().preferred_decision(legal)
        targets = [a for a in legal if a.startswith("target ")]
        if targets:
            kind = self.effects[0][0]
            key = (lambda a: -value(self.purses[int(a.split()[1]) - 1])) if kind == "steal" else \
                  (lambda a: -self.peg_level(int(a.split()[1]) - 1))
            return min(targets, key=key)
        climbs = [a for a in legal if a.startswith("climb ")]
        if climbs:
            return min(climbs, key=lambda a: (parse_hole(a.split()[1])[1] == 1, a))
        return None

    def block_value(self, block: tuple[int, int]) -> float:
        """What taking the block is worth, judged as a player can: by its item if it has been seen,
        else by the average of the items nobody has seen yet."""
        seen = self.visible_items()
        b = self.layout[block[0]][block[1]]
        if b in seen:
            return ITEM_WORTH[seen[b]]
        unseen = dict(data.mario_items())
        for item in seen.values():
            unseen[item] -= 1
        total = sum(unseen.values())
        return sum(ITEM_WORTH[k] * n for k, n in unseen.items()) / total if total else 0.0

    def visible_items(self) -> dict[int, str]:
        """The items players can see, by block id: those of blocks that have been taken out of the
        tower (the others lie face down). The renderer, the text board and the bots read this."""
        return {b: self.items[b] for b in self.revealed}

    def item_map(self) -> dict[int, str]:
        return self.visible_items()

    def phase_text(self) -> str:
        who = self.seat_name(self.decider())
        if self.phase == "character":
            return f"{who} must choose a character"
        if self.phase == "peg":
            return f"{who} must put their peg in a hole of the second layer"
        if self.moving:
            seat, n = self.moving[0]
            return f"{who} must choose a vacant hole for {self.seat_name(seat)}'s peg ({n} layer(s) down)"
        if self.phase == "leap":
            return f"{who} beat Bowser and must choose a hole on layer {self.bowser_level() + 1}, directly above him"
        if self.effects:
            kind, n = self.effects[0]
            return f"{who} must choose {'where to climb' if kind == 'climb' else 'a player'} ({kind} {n})"
        parts = []
        if self.stacks_left:
            parts.append(f"stack {self.stacks_left} more block(s)")
        if self.climb_due:
            parts.append(f"climb {self.climb_due} layer(s)")
        return f"{who} must {' and '.join(parts) or 'finish the turn'}"

    def __str__(self) -> str:
        marks: dict = {}
        for seat, hole in enumerate(self.pegs):
            if hole is not None:
                marks.setdefault(hole[0], []).append(f"P{seat + 1}@{hole[1]}{hole[2]}")
        if self.layout and self.ended != "fall":  # after a fall Bowser is in the rubble
            marks.setdefault(self.bowser_level(), []).append("Bowser")
        marks = {lv: " ".join(v) for lv, v in marks.items()}
        lines = ["Super Mario Jenga"] + self.board_lines(marks, self.item_map())
        for seat in range(len(self.pegs)):
            char = self.characters[seat] or "?"
            flags = (" battling Bowser" if self.battling[seat] else "") + (" beat Bowser" if self.defeated[seat] else "")
            lines.append(f"{self.seat_name(seat)} ({char}): {value(self.purses[seat])} coins{flags}")
        lines.append(f"bank: {self.bank[0]} gold coins, {self.bank[1]} Five Coins")
        lines.append("items (shown once a block has been taken out): M mushroom, S star, P POW, "
                     "Q question block, G goomba, # none or not seen")
        return "\n".join(lines)

    def action_to_string(self, action: str) -> str:
        word, _, rest = action.partition(" ")
        if word == "target":
            return f"{action} ({self.seat_name(int(rest) - 1)})"
        if word in ("drop", "leap") and parse_hole(rest) is not None:
            if word == "leap":
                return f"leap over Bowser into the {parse_hole(rest)[2]} hole of block {block_text(*parse_hole(rest)[:2])}"
            whose = self.seat_name(self.moving[0][0]) + "'s" if self.moving else "the"
            return f"put {whose} peg in the {parse_hole(rest)[2]} hole of block {block_text(*parse_hole(rest)[:2])}"
        return super().action_to_string(action)

    def decision_text(self) -> str:
        if self.moving and self.current_player() >= 0:
            return self.phase_text()
        return super().decision_text()

    def invariant_violations(self) -> list[str]:
        out = super().invariant_violations()
        rules = data.mario_rules()
        ones = self.bank[0] + sum(p[0] for p in self.purses)
        fives = self.bank[1] + sum(p[1] for p in self.purses)
        if [ones, fives] != rules["bank"]:
            out.append(f"coins not conserved: {ones} gold and {fives} Five Coins in play")
        if any(c < 0 for p in self.purses + [self.bank] for c in p):
            out.append("a purse holds a negative number of coins")
        placed = [tuple(h) for h in self.pegs if h is not None]
        if len(placed) != len(set(placed)):
            out.append("two pegs share a hole")
        for seat, hole in enumerate(self.pegs):  # after a fall, pieces keep the hole they stood in
            if hole is not None and self.ended != "fall" and not is_real(self.layout, hole):
                out.append(f"{self.seat_name(seat)}'s peg is in {hole_text(hole)}, not a real hole")
            if hole is not None and hole[0] < self.lowest:
                out.append(f"{self.seat_name(seat)}'s peg is below the lowest layer allowed")
            if hole is not None and self.bowser is not None and hole[0] > self.bowser and not self.defeated[seat]:
                out.append(f"{self.seat_name(seat)}'s peg is above Bowser without having beaten him")
        return out


ITEM_NAMES = {"mushroom": "mushroom", "star": "star", "pow": "POW", "question": "question block",
              "goomba": "goomba", "none": "no symbol"}


def help_text(variant: str) -> str:
    play, rules, spin = data.play(), data.mario_rules(), data.mario_spinner()
    items = ", ".join(f"{n} {ITEM_NAMES[k]}" for k, n in data.mario_items().items())
    sections = spinners.summary("jenga_mario")
    cards = []
    for key, card in data.characters().items():
        line = f"{card['name']}: " + "; ".join(
            f"{ITEM_NAMES[item]}: " + " and ".join(EFFECT_WORDS[k].format(n=n) for k, n in card[item])
            for item in data.SPECIAL_ITEMS)
        cards.append(textwrap.fill(line, 98, initial_indent="  ", subsequent_indent="      "))
    cards_text = "\n".join(cards)
    bowser = rules["bowser_bonus"]
    built = physics.tower_spec("mario").levels
    return reflow(f"""Super Mario Jenga, played on a simulated tower of 45 blocks (15 layers of three).

Setup: the blocks carry item symbols ({items}; assets/jenga/mario_items.json); the build seed
shuffles them over the tower, logo side out, so nobody (people or bots) knows which block carries
what. An item is seen when its block is taken out, and stays known after that (the tower view draws
it on the block, the text board shows its initial). Bowser is placed on top of the tower as built,
on layer {built - 1}, and stays there: every block stacked goes above him, so the tower grows over his
head. From seat 1 on, each player chooses a character card
('character toad'), then puts their peg in an end hole of a block of the second layer ('peg 1:0+y',
layers counted from 0 at the bottom, so the second layer is layer {rules['lowest_peg_layer']}), and
takes one Five Coin from the bank ({rules['bank'][0]} gold coins worth 1 and {rules['bank'][1]} Five
Coins worth 5 in all). Seat 1 goes first.

The character cards, exactly as the rulebook gives them (a steal takes up to that many coins from
one player you choose with 'target N', N the seat number; Luigi's star is three single steals, each
from any player; Peach's mushroom moves one opponent's peg down 3 layers):
{cards_text}

Each turn you spin. The spinner has {len(spin['sections'])} equally likely sections
(assets/jenga/mario_spinner.json): {sections}. Coins are collected from the bank at once; "play
reverses" turns the direction of play after your turn.

Stacking and climbing come in either order. Stacking: take a block from below the highest complete
layer (pushed out by the simulator with one hand, as in traditional Jenga; you may touch blocks to
test them as often as you like, and what a touch moves stays moved) and stack it on top, above
Bowser, a layer of three finished before the next. You may never
take a block with a peg in it: an opponent's never, your own only after climbing away. The
simulator lets the tower settle for up to {physics.tower_spec("mario").settle_s:g} seconds (the
rulebook's "about 5 seconds"); if it stands, carry out the item on the block you stacked, effect by
effect in the card's order. An item's climb comes on top of the spinner's climb.

Climbing: the peg moves up exactly the spun number of layers into any free hole of that layer. If
only opponents' pegs hold the holes there, your peg stays where it is and the rest of the turn goes
on.

Bowser stands on layer {built - 1} (the top of the tower as built), so that layer is "the layer
directly below him" and layer {built}, the first one stacked, is "the layer directly above"
him. A climb (the spinner's or an item's) that would take your peg to layer {built} or higher
stops in a free hole of layer {built - 1} instead and ends your turn: no more stacking or climbing,
though the rest of the item still happens (Mario's star climbs 3 and still steals 1; so does
Luigi's POW after its climb). From your next turn on you battle Bowser: you spin but do not stack or
climb, and a spin of climb 3 or 4 defeats him (coins and reverse on that spin still count). The
winner collects the Bowser bonus, {bowser[0]}, {bowser[1]}, {bowser[2]} or {bowser[3]} for the first
to fourth player to beat him, and moves to a free hole of their choice on layer {built}
('leap {built}:0+y'). If no block has been stacked there yet (or its holes are taken), the peg
stays where it is, Bowser beaten. No peg passes Bowser without beating him. After beating him a peg
climbs by exact count, only when enough layers are stacked above it; opponents may still move it
down, but never below Bowser (not below layer {built}). A peg moved down while battling is no
longer next to Bowser and stops battling.

The first peg to reach the highest layer of the tower (complete or not, whoever gets there first)
collects {rules['first_to_top_bonus']}; that is separate from beating Bowser: on a tower with no
block stacked above him yet, the highest layer is his own.

Knock-outs: when a push or a stack moves the block an opponent's peg is in out of line with the
blocks below and above it by more than {rules['peg_knock_mm']:.1f} mm, the peg is knocked out: you
take one coin from its owner and put the peg one layer down, in any vacant hole of that layer you
choose ('drop 4:1-y'; never below the second layer, nor below layer {built} for a peg that beat
Bowser: a peg already on the lowest layer it may be on goes back in at that layer, in a hole you
choose). The same choice is yours when Peach's
mushroom moves a player down 3. Your own peg knocked out goes back into the nearest vacant hole of
its layer, with no coin taken. Pegs never go below the second layer.

Coins are real pieces. A payment uses the payer's coins and change from the receiver; if that cannot
make the amount, the payer or receiver first swaps a Five Coin for five gold coins at the bank, or,
when the bank has no five gold coins, with another player who has (so "collect 2" pays 2 even when
the bank holds only Five Coins). A player who owes more than they hold pays all they have, and when the bank runs short of coins a
player collects only what is left in it (nothing is owed later).

The fall (a collapse reported by the simulator: a block other than the one in hand
{physics.fall_rule("mario")}) ends the game: the player who toppled the tower returns
{rules['fall_penalty']} coins (or all they have), the player with the highest peg collects
{rules['fall_bonus']} (if that is the toppler, the next highest; several players tied at that height
each collect {rules['fall_bonus']}), and the most coins wins; players tied for the most share the win.
After {play['max_turns']} turns the game stops with no penalty and the most coins wins.
""" + LIVE_PUSH_HELP)  # the live push (issue 13): games/jenga/push.py


SPEC = GameSpec(
    name="jenga_mario", title="Super Mario Jenga", summary="stack items, climb past Bowser, collect coins",
    min_players=2, max_players=4, variants={"standard": "the Super Mario rules"},
    default_variant="standard",
    max_length=10 + data.play()["max_turns"] * SuperMarioState.ACTIONS_PER_TURN,
    new_state=SuperMarioState, state_from_json=SuperMarioState.from_json,
    bots=bot_table(), bot_notes=bot_notes(), default_bot="random", help_text=help_text,
)
SuperMarioState.spec = SPEC
