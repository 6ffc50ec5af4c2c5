"""Super Mario Jenga: stack blocks carrying items, climb with a character peg, battle Bowser, collect coins.

45 blocks (15 layers) carry item symbols placed by the build seed, face down: an item is seen when its
block comes out. Bowser stands where he was placed, on the top layer of the tower as built, and every
block stacked goes above him.
Each player has a character card saying what each item does for them, a peg in a hole of the tower
and a purse of coins (gold coins worth 1, Five Coins worth 5). The player with the most coins when the
tower falls wins.

What is hidden: the item of each block still in the tower. Players see only visible_items() (the blocks
taken out, `revealed`), as the bots, the text board and the window do; `items` is the table's truth. But
the layout is no separate secret: deal_items(K) derives every item from the build's chance outcome
`build K` (one of 32, public, in the history and a save file), so an agent that sees the history can know
every item, and over many games there are only 32 layouts to learn. A hidden-information model
(information sets, ISMCTS) must hide the build outcome as well, or treat the items as known.

This module holds the table, the spinner, the items' effects, the coins, the turn's course and the
game's SPEC; the pegs (climbing, Bowser, moving down, knock-outs) are in super_mario_pegs.py, the
refusals of the game's own decisions in super_mario_refusals.py and the help in super_mario_help.py.
"""

from __future__ import annotations

import hashlib

from ..core import GameSpec
from ..words import counted
from . import data, physics, saved, spinners
from .bots import bot_notes, bot_table
from .coins import transfer, value
from .common import TowerState
from .layout import block_text, free_holes, hole_text, is_real, parse_hole, removable, top_level
from .super_mario_help import (BEATEN_STACKS, ITEM_NAMES, VARIANTS, WHOLE_STEPS, battle_words, card_text,
                               help_text)
from .super_mario_pegs import PegRules
from .super_mario_refusals import DecisionRefusals

ITEM_WORTH = {"question": 2.0, "star": 3.0, "mushroom": 2.0, "pow": 2.0, "goomba": -1.0, "none": 0.0}


def deal_items(seed: int, blocks: int = 45) -> list[str]:
    """The item on each block id for build seed `seed`: a fixed shuffle of the asset's item counts."""
    pool = [item for item, n in data.mario_items().items() for _ in range(n)]
    order = sorted(range(blocks), key=lambda i: hashlib.sha256(f"mario-items:{seed}:{i}".encode()).digest())
    items = [""] * blocks
    for slot, block in enumerate(order):
        items[block] = pool[slot]
    return items


class SuperMarioState(PegRules, DecisionRefusals, TowerState):
    TOWER = "mario"
    LIGHT_CAREFUL = True  # careful plays lighter here (TowerState)
    EDGES_FIRST = True  # the pro spares the middles of full levels: few blocks, two removals a turn (TowerState)
    BLOCKS = 45
    ACTIONS_PER_TURN = 18
    KEEPS_REPLAYED_STATES = True  # a loaded match keeps the position after each step (Match.replay): what the
    # rules dropped in a step (a climb, a steal with nobody to hit) is worked out from the positions around it
    FIELDS = TowerState.FIELDS + (
        "items", "revealed", "characters", "pegs", "placing", "purses", "bank", "spin", "stacks_left",
        "climb_due", "effects", "moving", "battling", "defeated", "defeats", "top_bonus_paid", "bowser")
    PHASES = TowerState.PHASES + ("character", "peg", "spin", "act", "leap")
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

    # ---- a saved position's fields (TowerState.from_json) ------------------------------------------
    def saved_forms(self) -> dict:
        n, blocks, turns = self.config.num_players, self.BLOCKS, data.play()["max_turns"]
        sections = data.mario_spinner()["sections"]
        most_stacks, most_climbs = max(s["stack"] for s in sections), max(s["climb"] for s in sections)
        effects = [e for card in data.characters().values() for item in ITEM_WORTH if item in card for e in card[item]]
        kinds = sorted({"steal" if kind == "steal_each" else kind for kind, _ in effects})  # steal_each: steal 1s
        most_effect = max(count for _, count in effects)
        coins, items, characters = data.mario_rules()["bank"], data.mario_items(), data.CHARACTERS
        seat = f"a seat number from 0 to {n - 1}"
        purse = f"[gold coins (0 to {coins[0]}), Five Coins (0 to {coins[1]})]"

        def is_seat(v) -> bool:
            return saved.whole(v, 0, n - 1)

        def is_purse(v) -> bool:
            return saved.seq(v) and len(v) == 2 and all(saved.whole(c, 0, most) for c, most in zip(v, coins))

        def is_effect(v) -> bool:
            return (saved.seq(v) and len(v) == 2 and type(v[0]) is str and v[0] in kinds
                    and saved.whole(v[1], 0, most_effect))

        def is_move_down(v) -> bool:
            return saved.seq(v) and len(v) == 2 and is_seat(v[0]) and saved.whole(v[1], 0, blocks)

        def flags(v) -> bool:
            return saved.per_seat(v, n, lambda b: type(b) is bool)

        return {**super().saved_forms(),
                "items": (f"an empty list (before the build) or {blocks} items, one per block id, each one of "
                          f"{', '.join(items)}",
                          lambda v: saved.texts(v, blocks) and len(v) in (0, blocks) and set(v) <= set(items)),
                "revealed": (f"a list of different block ids (0 to {blocks - 1})",
                             lambda v: saved.wholes(v, 0, blocks - 1, blocks, distinct=True)),
                "characters": (f"a list of {n} characters, each null or one of {', '.join(characters)}",
                               lambda v: saved.per_seat(v, n, lambda c: c is None or (type(c) is str
                                                                                      and c in characters))),
                "pegs": (f"a list of {n} pegs, each null or a hole [level (0 to {blocks - 1}), slot (0 to 2), end "
                         "(a side of that level)]",
                         lambda v: saved.per_seat(v, n, saved.optional(lambda h: saved.hole(h, blocks)))),
                "placing": ("null or " + seat, saved.optional(is_seat)),
                "purses": (f"a list of {n} purses, each {purse}", lambda v: saved.per_seat(v, n, is_purse)),
                "bank": (purse, is_purse),
                "spin": (f"null or a spinner section (0 to {len(sections) - 1})",
                         saved.optional(lambda v: saved.whole(v, 0, len(sections) - 1))),
                "stacks_left": (f"a whole number from 0 to {most_stacks}", lambda v: saved.whole(v, 0, most_stacks)),
                "climb_due": (f"a whole number from 0 to {most_climbs}", lambda v: saved.whole(v, 0, most_climbs)),
                "effects": (f"a list of item effects, each [one of {', '.join(kinds)}, a count from 0 to "
                            f"{most_effect}]", lambda v: saved.seq(v) and all(is_effect(e) for e in v)),
                "moving": (f"a list of pegs to move down, each [seat (0 to {n - 1}), layers (0 to {blocks})]",
                           lambda v: saved.seq(v) and all(is_move_down(m) for m in v)),
                "battling": (f"a list of {n} true or false", flags),
                "defeated": (f"a list of {n} true or false", flags),
                "defeats": (f"a whole number from 0 to {turns}", lambda v: saved.whole(v, 0, turns)),
                "top_bonus_paid": ("true or false", lambda v: type(v) is bool),
                "bowser": (f"null (before the build) or a layer (0 to {blocks - 1})",
                           saved.optional(lambda v: saved.whole(v, 0, blocks - 1)))}

    def saved_fault(self) -> str:
        fault = super().saved_fault()
        if fault:
            return fault
        if (self.tower is None) != (not self.items) or (self.tower is None) != (self.bowser is None):
            return "'items' and 'bowser' are set exactly when the tower ('tower') is built"
        if self.phase in ("character", "peg") and self.placing is None:
            return f"'placing' is null in phase {self.phase!r}"
        if self.phase not in ("build", "character") and None in self.characters:
            return "a character in 'characters' is missing after the characters are chosen"
        if self.phase not in ("build", "character", "peg") and None in self.pegs:
            return "a peg in 'pegs' is missing after every peg is placed"
        if self.phase == "peg" and self.placing is not None and any(
                (p is None) != (i >= self.placing) for i, p in enumerate(self.pegs)):
            return f"'pegs' {self.pegs} are not those placed before seat 'placing' ({self.placing})"
        if self.phase in ("act", "leap") and self.spin is None:
            return f"'spin' is null in phase {self.phase!r}"
        totals = [self.bank[i] + sum(p[i] for p in self.purses) for i in (0, 1)]
        if totals != list(data.mario_rules()["bank"]):
            return f"the coins in 'bank' and 'purses' come to {totals}, not {data.mario_rules()['bank']}"
        return ""

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
        """The section in words, as the game's notes have them (they are part of the saved state: a save's
        digest covers them, so their words stay)."""
        return spinners.words("jenga_mario", section)

    def battle_spin_text(self, section: int) -> str:
        """The section in words for the move list and the log: for the spin of a player battling Bowser, as
        the battle reads it, since its stack does not count and its climb beats him or not ("Chance: the
        spinner stops on section 2: stack 1, climb 2" stood in the log for a battle lost, naming neither the
        battle nor the player: an audit)."""
        words = self.spin_text(section)
        me = self.mover
        if not (0 <= me < len(self.battling) and self.battling[me] and self.phase == "spin"
                and words.startswith("stack ")):
            return words
        beaten = data.mario_spinner()["sections"][section]["climb"] >= 3
        return f"{self.seat_name(me)}'s " + battle_words(words, beaten, self.config.variant)

    def section(self) -> dict | None:
        return None if self.spin is None else data.mario_spinner()["sections"][self.spin]

    # ---- the blocks that may be taken, the players an item may hit ----------------------------
    def extractable(self) -> list[tuple[int, int]]:
        """Below the highest complete layer, and never a block with a peg in it (anyone's)."""
        pegged = {(h[0], h[1]) for h in self.pegs if h is not None}
        return [b for b in removable(self.layout) if b not in pegged]

    def may_extract(self) -> bool:
        return (self.phase == "act" and self.hand is None and self.stacks_left > 0 and not self.effects
                and not self.moving and not self.battling[self.mover])

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
        if self.climb_due > 0 and self.hand is None and not self.between_whole_steps():
            # not with a block in hand (taking it out and stacking it is one step), and in whole_steps
            # not between the two stacks of "Stack 2 Blocks"
            acts += [f"climb {hole_text(h)}" for h in self.climb_options(self.mover, self.climb_due)]
        return acts

    def between_whole_steps(self) -> bool:
        """In rule variant whole_steps, whether the first of the two stacks of 'Stack 2 Blocks' is made and
        the second is not: the spin's climb waits until both are."""
        return (self.config.variant == WHOLE_STEPS and self.section() is not None
                and 0 < self.stacks_left < self.section()["stack"])

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
                if self.config.variant == BEATEN_STACKS:
                    # "you can't ... stack any more blocks until you've done this": done, this spin's stacks
                    # are made this turn, after the move above him
                    self.stacks_left = sec["stack"]
                if self.phase == "leap":
                    return  # the winner chooses the hole above Bowser; the rest of the turn after that
            self.settle()  # nothing left (the turn ends), or the stacks of beaten_stacks
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
            self.settle()  # the turn ends, unless beaten_stacks left this spin's stacks to make
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
                self.note(f"{self.seat_name(me)} returns {counted(paid, 'coin')}")
            elif kind == "climb" and (self.battling[me] or not self.climb_options(me, n)):
                self.effects.pop(0)
            elif kind in ("steal", "move_down") and not self.target_options():
                self.effects.pop(0)
            else:
                return
        if self.battling[me]:  # next to Bowser: no more stacking or climbing until he is beaten
            self.stacks_left = self.climb_due = 0
        # "Steps 2 and 3 can be performed in any order": a stack or a climb that cannot be made now is
        # kept while the other can, since making the other may open it (a stack adds the layer an exact
        # climb needs; a climb frees the player's own block). When neither can be made, both are over.
        stack_now = self.stacks_left > 0 and (self.hand is not None or bool(self.extractable()))
        if not stack_now and self.between_whole_steps():
            # whole_steps puts no climb between the two stacks, so no climb can open the second one: it is
            # over, and the climb may be made (it was kept waiting behind it, and the turn had no action left)
            self.stacks_left = 0
        climb_now = self.climb_due > 0 and bool(self.climb_options(me, self.climb_due))
        if not stack_now and not climb_now:
            self.stacks_left = self.climb_due = 0  # only opponents' holes, no room by exact count, no block
        if self.stacks_left == 0 and self.climb_due == 0 and self.hand is None:
            self.end_turn()

    def end_turn(self) -> None:
        sec = self.section()
        if sec is not None and sec["reverse"]:
            self.direction = -self.direction
        super().end_turn()

    # ---- coins ---------------------------------------------------------------------------------
    def collect(self, seat: int, n: int) -> int:
        got = transfer(self.bank, self.purses[seat], self.bank, n, self.purses)
        self.note(f"{self.seat_name(seat)} collects {counted(got, 'coin')}" + (" (the bank ran short)" if got < n else ""))
        return got

    # ---- the tower changed -----------------------------------------------------------------------
    def after_extract(self, verdict: dict, before: list) -> None:
        if self.hand is not None and self.hand not in self.revealed:  # "make note of any items"
            self.revealed.append(self.hand)
            item = self.items[self.hand]
            self.note(f"{self.seat_name(self.mover)} takes out a block with "
                      + ("no symbol" if item == "none" else f"a {ITEM_NAMES[item]}"))
        self.knock_outs(verdict, before)

    def after_touch(self, verdict: dict, before: list) -> None:
        # A push let go before the block came out moved what it moved: a peg whose block it knocked out of
        # line falls out as in a removal ("while you're removing ... a different block").
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

    def taken_this_turn(self) -> int:
        """The blocks stacked so far of the spin's "Stack 1 Block" or "Stack 2 Blocks" (TowerState); stacks
        the rules dropped (nothing left to take, a battle with Bowser due) count as done."""
        return 0 if self.spin is None or self.phase != "act" else max(0, self.section()["stack"] - self.stacks_left)

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
            return f"{who} must put their peg in a hole of layer 1 (the second layer: the bottom one is layer 0)"
        if self.moving:
            seat, n = self.moving[0]
            # "up to": a peg goes no lower than its floor (the second layer, or Bowser's for one that beat him), and
            # "(3 layers down)" was said over a peg that could go down only two (a rules audit)
            return f"{who} must choose a vacant hole for {self.seat_name(seat)}'s peg (up to {counted(n, 'layer')} down)"
        if self.phase == "leap":
            return f"{who} beat Bowser and must choose a hole on layer {self.bowser_level() + 1}, directly above him"
        if self.effects:
            kind, n = self.effects[0]
            # in words, not the effect's name: "must choose a player (move_down 3)" (a rules audit); a run of single
            # steals (Luigi's star) counted, as the same words stood for each of the three
            if kind == "steal":
                left = sum(1 for k, _ in self.effects if k == "steal")
                more = f" ({left} steals left)" if left > 1 else ""
                return f"{who} must choose a player to steal {counted(n, 'coin')} from{more}"
            if kind == "move_down":
                return f"{who} must choose a player to move down (up to {counted(n, 'layer')})"
            return f"{who} must choose {'where to climb' if kind == 'climb' else 'a player'} ({kind} {n})"
        parts = []
        if self.stacks_left:
            spun = self.section()["stack"] if self.spin is not None else 0
            more = "more block" if self.stacks_left < spun else "block"
            parts.append(f"stack {counted(self.stacks_left, more)}")
        if self.climb_due:
            plan = self.climb_plan(self.mover, self.climb_due) if self.mover >= 0 else None
            if plan is not None and plan[1] and plan[0] == self.peg_level(self.mover):
                # already on the layer below Bowser: the climb that would pass him keeps the peg there ("must
                # climb 2 layers" offered only holes of its own layer: a variants audit)
                parts.append(f"stay in layer {plan[0]}, under Bowser (a climb of {self.climb_due} would pass him)")
            elif plan is not None and plan[1]:
                parts.append(f"climb {counted(self.climb_due, 'layer')}, stopping below Bowser")
            else:
                parts.append(f"climb {counted(self.climb_due, 'layer')}")
        # whole_steps between the two stacks: the climb comes after the second ("and" offered a climb the list
        # did not have: a variants audit)
        joined = ", then " if self.between_whole_steps() else " and "
        return f"{who} must {joined.join(parts) or 'finish the turn'}"

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
            lines.append(f"{self.seat_name(seat)} ({char}): {counted(value(self.purses[seat]), 'coin')}{flags}")
        n = len(self.pegs)
        if n > 2 and self.direction == -1 and not self.is_terminal():  # which way play goes after a spin's "R"
            lines.append("turns go backwards now: " + ", ".join(self.seat_name((self.mover - k) % n) for k in range(n)))
        lines.append(f"bank: {self.bank[0]} gold coins, {self.bank[1]} Five Coins")
        lines.append("items (shown once a block has been taken out): M mushroom, S star, P POW, "
                     "Q question block, G goomba, # none or not seen")
        return "\n".join(lines)

    def action_to_string(self, action: str) -> str:
        word, _, rest = action.partition(" ")
        if word == "target":
            name = self.seat_name(int(rest) - 1) if rest.isdigit() and 0 < int(rest) <= len(self.pegs) else rest
            kind, n = self.effects[0] if self.effects else ("", 0)
            # what choosing them does ("target 1 (careful 1)" said nothing of it: a rules audit)
            if kind == "steal":
                return f"steal {counted(n, 'coin')} from {name}"
            if kind == "move_down":
                return f"move {name}'s peg down (up to {counted(n, 'layer')})"
            return f"{action} ({name})"
        if word == "spin" and rest.isdigit() and int(rest) < len(data.mario_spinner()["sections"]):
            return f"the spinner stops on section {int(rest) + 1}: {self.battle_spin_text(int(rest))}"
        if word == "character" and rest in data.characters():
            # the card's cells with its name: the choice was made blind, the effects only in the help (a family
            # audit: nothing on the screen said that Toad's mushroom climbs 4)
            return f"take {data.characters()[rest]['name']}'s card ({card_text(rest, short=True)})"
        if word in ("drop", "leap") and parse_hole(rest) is not None:
            if word == "leap":
                return f"leap over Bowser into the {parse_hole(rest)[2]} hole of block {block_text(*parse_hole(rest)[:2])}"
            whose = self.seat_name(self.moving[0][0]) + "'s" if self.moving else "the"
            return f"put {whose} peg in the {parse_hole(rest)[2]} hole of block {block_text(*parse_hole(rest)[:2])}"
        words = super().action_to_string(action)
        if word == "climb" and self.phase == "act" and self.mover >= 0:
            n = self.effects[0][1] if self.effects and self.effects[0][0] == "climb" else self.climb_due
            plan = self.climb_plan(self.mover, n) if n > 0 else None
            hole = parse_hole(rest)
            if plan is not None and plan[1] and hole is not None and list(hole) == list(self.pegs[self.mover]):
                # the peg's own hole, on the layer below Bowser already: it stays ("climb to" the hole it stood
                # in read as a mistake: a variants audit)
                words = f"stay in the {hole[2]} hole of block {block_text(*hole[:2])}"
            if plan is not None and plan[1]:
                # a new player gave up a stack without knowing (an audit): the row says what it costs
                left = ("" if self.stacks_left <= 0 else "; your stack left is skipped" if self.stacks_left == 1
                        else f"; your {self.stacks_left} stacks left are skipped")
                words += f" (up to Bowser: this ends your turn{left}; you battle him next turn)"
        return words

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



physics.tower_spec(SuperMarioState.TOWER)  # damaged: the game is listed as broken
SPEC = GameSpec(
    name="jenga_mario", title="Super Mario Jenga", summary="stack items, climb past Bowser, collect coins",
    min_players=2, max_players=4, variants=VARIANTS,
    default_variant="standard",
    max_length=10 + data.play()["max_turns"] * SuperMarioState.ACTIONS_PER_TURN,
    new_state=SuperMarioState, state_from_json=SuperMarioState.from_json,
    bots=bot_table(), bot_notes=bot_notes("mario"), default_bot="random", help_text=help_text,
)
SuperMarioState.spec = SPEC
