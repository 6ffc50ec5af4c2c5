"""Donkey Kong Jenga: girders come out and go on top as in traditional Jenga, and each player's Mario
climbs the tower towards Donkey Kong and Pauline, who always stand on the top level.

Marios stand in the end holes of girders (one Mario per hole). A spin says how many girders the player
removes and stacks (0, 1 or 2) and how many girders Mario climbs (0 to 3), in any order within the turn.
"""

from __future__ import annotations

from ..core import GameSpec
from ..words import counted
from .decided import decided_help
from .push import LIVE_PUSH_HELP
from . import data, physics, saved, spinners
from .bots import bot_notes, bot_table
from .common import NotYourMoveError, TowerState, reflow
from .layout import (free_holes, hole_text, is_real, nearest_free, parse_hole, stack_level, stack_slots,
                     top_level)


VARIANTS = {
    "standard": "climb to any free hole of the level above; the four large sections remove 1, 2, 1 and 0 girders",
    "few_pulls": "the spinner's repeated removal value is 'none': the four large sections remove 1, 2, 0 and 0 "
                 "girders",
    "corner_climb": "climb to the girder above along Mario's side of the tower; a missing or full one is "
                    "skipped (a bonus)",
    # said in its own words: the default, it was told only by the names of two others (a launcher audit)
    "corner_few_pulls": "climb to the girder above along Mario's side of the tower (a missing or full one is "
                        "skipped, a bonus), and the spinner's repeated removal value is 'none' (the four large "
                        "sections remove 1, 2, 0 and 0 girders): corner_climb and few_pulls together",
}
CORNER_VARIANTS = ("corner_climb", "corner_few_pulls")
# The default: the readings under which a Mario reaches Pauline in a fair share of games (docs/jenga.md,
# "Reaching Pauline"); standard is the project's first reading, kept for older saves and comparison.
DEFAULT_VARIANT = "corner_few_pulls"
RACE_TURNS = 2
"""The pro's race outlook looks this many spins ahead (JengaDonkeyKongState.outlook)."""
RACE_WIN = 5.0
"""Reaching Pauline ends the game: in the outlook it counts this many levels more than the top."""


def on_route(here, hole) -> bool:
    """The corner reading of 'place him in the girder above ... move him to another side of the tower,
    either left or right': from a hole on one side of the tower, the girder above is the one that lies
    along that side (the level above runs the other way), at either of its ends (left or right). A level
    skipped over puts him on the level after it, in a hole on the side he stood on."""
    k = hole[0] - here[0]
    side = here[2]
    if k % 2 == 1:
        return hole[1] == (2 if side[0] == "+" else 0)
    return hole[2] == side


def route_targets(layout: list, here, others: list, corner: bool) -> list:
    """The holes a Mario in `here` may climb to with one climb, the other Marios standing in `others`
    (JengaDonkeyKongState.climb_targets, on any layout: the pro's race planning reads it too)."""
    top = top_level(layout)
    for level in range(here[0] + 1, top + 1):
        options = free_holes(layout, level, others)
        if corner and level < top:
            options = [h for h in options if on_route(here, h)]
        if options:
            return options
    return []


def reach(layout: list, here, others: list, climbs: int, corner: bool, memo: dict | None = None) -> int:
    """The highest level a Mario in `here` gets to with `climbs` climbs, choosing his holes as well as he
    can (rules only: the other Marios stay where they are; the top level ends the climb, as it ends the
    game)."""
    if climbs <= 0 or here is None:
        return -1 if here is None else here[0]
    memo = {} if memo is None else memo
    key = (tuple(here), climbs)
    if key not in memo:
        top = top_level(layout)
        best = here[0]
        for hole in route_targets(layout, here, others, corner):
            best = max(best, hole[0] if hole[0] >= top else reach(layout, hole, others, climbs - 1, corner, memo))
        memo[key] = best
    return memo[key]


class JengaDonkeyKongState(TowerState):
    TOWER = "dk"
    VALUE_FIRST = True  # the race: the girder a Mario climbs onto next is touched first (TowerState)
    RACE = True  # the pro plans its turn as the race (race_value, climb_value; games/jenga/pro.py step 6)
    BLOCKS = 54
    ACTIONS_PER_TURN = 1 + 2 + 2 * 3 + 3
    FIELDS = TowerState.FIELDS + ("marios", "placing", "spin", "removals_left", "climbs_left", "champion")
    PHASES = TowerState.PHASES + ("place", "spin", "act")
    ACTION_WORDS = TowerState.ACTION_WORDS + ("mario", "climb")

    def __init__(self, config):
        super().__init__(config)
        self.marios: list = [None] * config.num_players  # each a hole [level, slot, end] or None
        self.placing: int | None = None
        self.spin: int | None = None
        self.removals_left = 0
        self.climbs_left = 0
        self.champion: int | None = None

    # ---- a saved position's fields (TowerState.from_json) ------------------------------------------
    def saved_forms(self) -> dict:
        n, spinner = self.config.num_players, data.dk_spinner(self.config.variant)
        most_removals, most_climbs = max(s["remove"] for s in spinner), max(s["climb"] for s in spinner)
        seat = f"a seat number from 0 to {n - 1}"

        def is_seat(v) -> bool:
            return saved.whole(v, 0, n - 1)

        return {**super().saved_forms(),
                "marios": (f"a list of {n} Marios, each null or a hole [level (0 to {self.BLOCKS - 1}), slot "
                           "(0 to 2), end (a side of that level)]",
                           lambda v: saved.per_seat(v, n, saved.optional(lambda h: saved.hole(h, self.BLOCKS)))),
                "placing": ("null or " + seat, saved.optional(is_seat)),
                "spin": (f"null or a spinner section (0 to {len(spinner) - 1})",
                         saved.optional(lambda v: saved.whole(v, 0, len(spinner) - 1))),
                "removals_left": (f"a whole number from 0 to {most_removals}",
                                  lambda v: saved.whole(v, 0, most_removals)),
                "climbs_left": (f"a whole number from 0 to {most_climbs}", lambda v: saved.whole(v, 0, most_climbs)),
                "champion": ("null or " + seat, saved.optional(is_seat))}

    def saved_fault(self) -> str:
        fault = super().saved_fault()
        if fault:
            return fault
        if self.phase == "place" and self.placing is None:
            return "'placing' is null while the Marios are being placed"
        if self.phase == "place" and any((h is not None) != (i < self.placing) for i, h in enumerate(self.marios)):
            return f"'marios' {self.marios} are not the first {self.placing} placed ('placing')"
        if self.phase not in ("build", "place") and None in self.marios:
            return "a Mario in 'marios' is missing after setup"
        if self.phase == "act" and self.spin is None:
            return "'spin' is null while the spin's removals and climbs are played"
        return ""

    # ---- setup and the spinner ----------------------------------------------------------------
    def after_build(self, seed: int) -> None:
        self.phase = "place"
        self.placing = 0

    def decider(self) -> int:
        return self.placing if self.phase == "place" else self.mover

    def start_turn(self) -> None:
        self.phase = "spin"
        self.spin = None

    def spin_outcomes(self) -> list[tuple[str, float]]:
        n = len(data.dk_spinner(self.config.variant))
        return [(f"spin {k}", 1 / n) for k in range(n)]

    def spin_text(self, section: int) -> str:
        return spinners.words("jenga_dk", section, self.config.variant)

    def section(self) -> dict | None:
        """The spinner section of this turn: {"pink", "remove", "climb"}."""
        return None if self.spin is None else data.dk_spinner(self.config.variant)[self.spin]

    # ---- decisions --------------------------------------------------------------------------
    def others(self, seat: int) -> list:
        return [h for i, h in enumerate(self.marios) if i != seat and h is not None]

    def start_holes(self) -> list:
        return free_holes(self.layout, 0, self.marios)

    @property
    def corner(self) -> bool:
        return self.config.variant in CORNER_VARIANTS

    def climb_targets(self) -> list:
        """Free holes on the first level above Mario that has one for him (fully occupied levels are
        skipped). In the corner variants only the girder along his side counts (any hole of the top
        level does: Pauline is up there)."""
        return route_targets(self.layout, self.marios[self.mover], self.others(self.mover), self.corner)

    def may_extract(self) -> bool:
        return self.phase == "act" and self.hand is None and self.removals_left > 0

    def decisions(self) -> list[str]:
        if self.phase == "place":
            return [f"mario {hole_text(h)}" for h in self.start_holes()]
        if self.phase != "act":
            return []
        acts = self.push_actions()
        if self.climbs_left > 0:
            acts += [f"climb {hole_text(h)}" for h in self.climb_targets()]
        return acts

    def apply_decision(self, action: str) -> None:
        word, _, rest = action.partition(" ")
        hole = list(parse_hole(rest))
        if word == "mario":
            self.marios[self.placing] = hole
            self.placing += 1
            if self.placing == self.config.num_players:
                self.placing = None
                self.touches = 0
                self.start_turn()
            return
        self.marios[self.mover] = hole
        self.climbs_left -= 1
        self.note(f"{self.seat_name(self.mover)}'s Mario climbs to {rest}")
        if hole[0] >= top_level(self.layout):
            self.champion = self.mover
            self.ended = "top"
            self.phase = "over"
            self.note(f"{self.seat_name(self.mover)}'s Mario reaches Pauline!")
            return
        self.settle()

    def reject_decision(self, word: str, action: str, legal: list[str]) -> None:
        who = self.seat_name(self.decider())
        if word == "mario":
            if self.phase != "place":
                raise NotYourMoveError(f"every Mario is placed already: {self.decision_text()}")
            self.reject_hole(action, self.start_holes(), self.marios,
                             "a Mario starts in a hole of one of the three bottom girders (level 0)")
        if word == "climb":
            if self.phase == "stack" and self.climbs_left > 0:
                # the climb waits for the block in hand (it said "has no climb to make now", and the status
                # line asked for the climb right after the stack: a rules audit)
                raise NotYourMoveError(f"{who}'s Mario climbs once the block in hand is stacked: "
                                       f"{self.decision_text()}")
            if self.phase != "act" or self.climbs_left <= 0:
                raise NotYourMoveError(f"{who}'s Mario has no climb to make now: {self.decision_text()}")
            targets = self.climb_targets()
            level = targets[0][0] if targets else None
            why = f"climbing one girder goes to the first level above with a free hole (level {level})"
            blocks = sorted({f"{h[0]}:{h[1]}" for h in targets})
            if self.corner and level is not None and level < top_level(self.layout) and len(blocks) == 1:
                why = (f"climbing one girder goes to the girder above along Mario's side of the tower, "
                       f"block {blocks[0]} (level {level})")
            self.reject_hole(action, targets, self.others(self.mover), why)

    def _apply_action(self, action: str) -> None:
        if action.startswith("spin "):
            self.spin = int(action.split()[1])
            sec = self.section()
            self.removals_left, self.climbs_left = sec["remove"], sec["climb"]
            self.phase = "act"
            self.note(f"{self.seat_name(self.mover)} spins: {self.spin_text(self.spin)}")
            self.settle()
            return
        super()._apply_action(action)

    def settle(self) -> None:
        """Drop what cannot be done any more; end the turn when nothing is left to do."""
        if self.removals_left > 0 and self.hand is None and not self.extractable():
            self.removals_left = 0
        if self.climbs_left > 0 and not self.climb_targets():
            self.climbs_left = 0
        if self.removals_left == 0 and self.climbs_left == 0 and self.hand is None:
            self.end_turn()

    # ---- the tower changed -----------------------------------------------------------------
    def after_extract(self, verdict: dict, before: list) -> None:
        self.drop_stranded()

    def after_stack(self, verdict: dict, before: list) -> None:
        self.removals_left -= 1
        self.phase = "act"
        self.drop_stranded()
        self.settle()

    def falls_if_taken(self, level: int, slot: int) -> list[tuple[int, list]]:
        """(seat, the hole he would land in) of each Mario standing in block level:slot, were it taken now, as
        drop_stranded would move them (for a window to say before the push: a rules audit saw the fall told
        only after the girder was gone)."""
        if not (0 <= level < len(self.layout) and 0 <= slot < 3) or self.layout[level][slot] is None:
            return []
        marios = [list(h) if h is not None else None for h in self.marios]
        layout = [row[:] for row in self.layout]
        layout[level][slot] = None
        out = []
        for seat, hole in enumerate(marios):
            if hole is not None and not is_real(layout, hole):
                marios[seat] = list(fall_to(layout, hole, [h for i, h in enumerate(marios) if i != seat and h]))
                out.append((seat, marios[seat]))
        return out

    def drop_stranded(self) -> None:
        """A Mario whose girder left the tower falls to the girder below on the same side."""
        for seat, hole in enumerate(self.marios):
            if hole is not None and not is_real(self.layout, hole):
                self.marios[seat] = list(fall_to(self.layout, hole, self.others(seat)))
                self.note(f"{self.seat_name(seat)}'s Mario falls to {hole_text(self.marios[seat])}")

    def on_fall(self, before: list) -> None:
        pass

    def on_limit(self) -> None:
        pass

    # ---- results ------------------------------------------------------------------------------
    def mario_level(self, seat: int) -> int:
        hole = self.marios[seat]
        return -1 if hole is None else hole[0]

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        if self.ended == "top":
            return [self.champion]
        contenders = [p for p in range(self.config.num_players) if p != self.toppler]
        if not contenders:
            return []
        best = max(self.mario_level(p) for p in contenders)
        return [p for p in contenders if self.mario_level(p) == best]

    def returns(self) -> list[float]:
        won = set(self.winners())
        return [1.0 if p in won else (-1.0 if p == self.toppler else 0.0) for p in range(self.config.num_players)]

    # ---- bots, renderer, text ------------------------------------------------------------------
    def preferred_decision(self, legal: list[str]) -> str | None:
        if self.phase in ("place", "stack"):
            return super().preferred_decision(legal) if self.phase == "stack" else legal[0]
        climbs = [a for a in legal if a.startswith("climb ")]
        if climbs:  # climb before pulling girders, and prefer a side girder: they are taken less often
            return min(climbs, key=lambda a: (parse_hole(a.split()[1])[1] == 1, a))
        return None

    def block_value(self, block: tuple[int, int]) -> float:
        value = 0.0
        for seat, hole in enumerate(self.marios):
            if hole is not None and (hole[0], hole[1]) == tuple(block):
                value += -2.0 if seat == self.mover else 1.0
        here = self.marios[self.mover]
        if self.corner and here is not None and block[0] == here[0] + 1 and on_route(here, (block[0], block[1], "")):
            value += 1.0  # the girder Mario would climb onto next: without it he skips a level
        return value

    def taken_this_turn(self) -> int:
        """The girders removed and stacked so far of the spin's pink count (TowerState); removals the rules
        dropped (no girder left to take) count as done."""
        return 0 if self.spin is None or self.phase != "act" else max(0, self.section()["remove"] - self.removals_left)

    # ---- the race, as the pro reads it (rules only, no physics) ---------------------------------------
    def climb_odds(self, turns: int = RACE_TURNS) -> dict:
        """How many climbs `turns` spins give, with their chances (the spinner's black sections)."""
        one: dict = {}
        sections = data.dk_spinner(self.config.variant)
        for sec in sections:
            one[sec["climb"]] = one.get(sec["climb"], 0.0) + 1 / len(sections)
        odds = {0: 1.0}
        for _ in range(turns):
            nxt: dict = {}
            for a, p in odds.items():
                for b, q in one.items():
                    nxt[a + b] = nxt.get(a + b, 0.0) + p * q
            odds = nxt
        return odds

    def outlook(self, layout: list, marios: list, seat: int, climbs: int = 0) -> float:
        """How high `seat`'s Mario may expect to get: `climbs` climbs now and those of the next RACE_TURNS
        spins, each climb to the hole that takes him highest; reaching Pauline counts RACE_WIN more."""
        here = marios[seat]
        if here is None:
            return 0.0
        others = [h for i, h in enumerate(marios) if i != seat and h is not None]
        top, memo, total = top_level(layout), {}, 0.0
        for k, p in self.climb_odds().items():
            level = reach(layout, here, others, climbs + k, self.corner, memo)
            total += p * (level + (RACE_WIN if level >= top else 0.0))
        return total

    def after_removal(self, block: tuple[int, int]) -> tuple[list, list]:
        """The layout and the Marios after this girder is taken (Marios on it fall, as drop_stranded
        has them) and stacked on top (in the middle of a new level, else the first open slot)."""
        layout = [row[:] for row in self.layout]
        level, slot = block
        girder, layout[level][slot] = layout[level][slot], None
        marios = [None if h is None else list(h) for h in self.marios]
        for seat, hole in enumerate(marios):
            if hole is not None and not is_real(layout, hole):
                taken = [h for i, h in enumerate(marios) if i != seat and h is not None]
                marios[seat] = list(fall_to(layout, hole, taken))
        up = stack_level(layout)
        if up >= len(layout):
            layout.append([None] * len(layout[0]))
        open_ = stack_slots(layout)
        layout[up][1 if 1 in open_ else open_[0]] = girder
        return layout, marios

    def race_value(self, block: tuple[int, int]) -> float:
        """What taking this girder is worth to the mover in the race: how much higher their Mario may
        expect to get (the climbs left this turn, then the next spins'), less how much higher the others'
        may. A girder on the mover's route that is gone is a level skipped ("Bonus for you!"); one on an
        opponent's route is a level skipped for them; one an opponent stands on drops him two levels."""
        layout, marios = self.after_removal(block)
        value = 0.0
        for seat in range(self.config.num_players):
            extra = self.climbs_left if seat == self.mover else 0
            gain = self.outlook(layout, marios, seat, extra) - self.outlook(self.layout, self.marios, seat, extra)
            value += gain if seat == self.mover else -gain / max(1, self.config.num_players - 1)
        return value

    def reaches_pauline(self) -> bool:
        """Whether the mover's climbs left this turn can take their Mario to the top level."""
        here = self.marios[self.mover]
        return reach(self.layout, here, self.others(self.mover), self.climbs_left, self.corner) >= top_level(self.layout)

    def climb_value(self, hole) -> float:
        """How high the mover's Mario may expect to get from this hole (the climbs left after this one,
        then the next spins')."""
        marios = [None if h is None else list(h) for h in self.marios]
        marios[self.mover] = list(hole)
        return self.outlook(self.layout, marios, self.mover, self.climbs_left - 1)

    def dk_level(self) -> int:
        """The level Donkey Kong and Pauline stand on: always the top of the tower."""
        return top_level(self.layout)

    def action_to_string(self, action: str) -> str:
        """A climb that goes past levels with no girder free for the Mario says so, the rules' bonus, in its row
        and so in the move log (they read only "climb to the front hole of block 3:0" for a climb past level 2,
        the bonus said once, after it, in the status line: a rules audit)."""
        words = super().action_to_string(action)
        word, _, rest = action.partition(" ")
        hole = parse_hole(rest) if word == "climb" else None
        at = self.marios[self.mover] if hole is not None and 0 <= self.mover < len(self.marios) else None
        if at is not None and hole[0] > at[0] + 1:
            past = range(at[0] + 1, hole[0])
            which = f"level {past[0]}" if len(past) == 1 else f"levels {past[0]} to {past[-1]}"
            words += f" (past {which}, where no girder is free for this Mario: a bonus)"
        return words

    def phase_text(self) -> str:
        who = self.seat_name(self.decider())
        if self.phase == "place":
            return f"{who} must put their Mario in a hole of a bottom girder (girder level 0)"
        parts = []
        spun = self.section() if self.spin is not None else {"remove": 0, "climb": 0}
        # "more" once some of the spin's girders are done ("must remove 2 more girders" read before any was)
        if self.removals_left:
            more = "more girder" if self.removals_left < spun["remove"] else "girder"
            parts.append(f"remove {counted(self.removals_left, more)}")
        if self.climbs_left:
            more = "more girder" if self.climbs_left < spun["climb"] else "girder"
            parts.append(f"climb {counted(self.climbs_left, more)}")
        return f"{who} must {' and '.join(parts) or 'finish the turn'}"

    def __str__(self) -> str:
        marks: dict = {}
        for seat, hole in enumerate(self.marios):
            if hole is not None:
                marks.setdefault(hole[0], []).append(f"Mario{seat + 1}@{hole[1]}{hole[2]}")
        if self.layout and self.ended != "fall":  # after a fall there is no top to stand on
            marks.setdefault(self.dk_level(), []).append("DK+Pauline")
        marks = {lv: " ".join(v) for lv, v in marks.items()}
        return "\n".join(["Donkey Kong Jenga"] + self.board_lines(marks))

    def invariant_violations(self) -> list[str]:
        out = super().invariant_violations()
        placed = [tuple(h) for h in self.marios if h is not None]
        if len(placed) != len(set(placed)):
            out.append("two Marios share a hole")
        if self.phase != "place" and self.tower is not None and len(placed) != len(self.marios):
            out.append("a Mario is missing from the tower after setup")
        for seat, hole in enumerate(self.marios):  # after a fall, pieces keep the hole they stood in
            if hole is not None and self.ended != "fall" and not is_real(self.layout, hole):
                out.append(f"{self.seat_name(seat)}'s Mario stands in {hole_text(hole)}, not a real hole")
        return out


def fall_to(layout: list, hole, taken: list) -> tuple:
    """Where a Mario lands whose girder is gone: the nearest girder below on the same side of the tower;
    with none there, the nearest free hole on any lower level, and failing that, the lowest free hole."""
    level = hole[0]
    spot = nearest_free(layout, range(level - 2, -1, -2), hole, taken, same_side=True)
    if spot is None:  # (nearest as seen from above: these levels may run the other way)
        spot = nearest_free(layout, range(level - 1, -1, -1), hole, taken, in_plan=True)
    if spot is None:
        spot = nearest_free(layout, range(level, len(layout)), hole, taken, in_plan=True)
    return spot


def help_text(variant: str) -> str:
    if variant not in VARIANTS:  # a bare KeyError before (a research audit)
        raise ValueError(f"unknown Donkey Kong Jenga variant {variant!r}; choose one of: {', '.join(VARIANTS)}")
    play = data.play()
    spinner = spinners.summary("jenga_dk", variant)
    # the others only: the variant played is said just before (the help said it twice in three lines, and the
    # window's heading a third time: a rules audit)
    chosen = "; ".join(f"{name}: {words}" for name, words in VARIANTS.items() if name != variant)
    if variant in CORNER_VARIANTS:
        climbing = """Climbing one girder ('climb 1:2+y') takes Mario to the girder above him: the level
above runs the other way, and its girder that lies along the side of the tower Mario stands on is the
one he climbs onto, at either of its ends, so he moves round to the side on his left or his right.
If that girder is missing, or Marios stand in both of its holes, there is no girder for him and he
skips the level (a bonus): he goes on to the level after it, into a hole on the side he stood on
(and if none is free there, on to the next girder along his side, and so on). Any free hole of the
top level counts, since Pauline is up there. When there is nowhere higher to go, the climbs left are
lost."""
    else:
        climbing = """Climbing one girder ('climb 1:0+y') puts Mario in any free hole of the level above;
its girders run the other way, so he moves round to another side of the tower. A level with no free
hole (every hole taken by other Marios) is skipped: a bonus. When there is nowhere higher to go, the
climbs left are lost."""
    return reflow(f"""Donkey Kong Jenga, played on a simulated tower of 54 girders (18 levels of three).
Rule variant: {variant} ({VARIANTS[variant]}). The other variants: {chosen}. The default is {DEFAULT_VARIANT}: with
it a Mario reaches Pauline in a fair share of games, which under the standard reading (any free hole
above, the spinner repeating 1) almost never happens before the tower falls.

Setup: from seat 1 on, each player puts their Mario in an end hole of one of the three bottom
girders ('mario 0:1+x'; six holes, one Mario per hole). Donkey Kong and Pauline stand on the top
level; whenever a stacked girder starts a new level they move up onto it, so they are always on the
highest girder. While a girder is being stacked they wait on the table beside the tower, as the rules
have a player take them off and put them back. Seat 1 then spins and play passes on in seat order.

The spinner: four large sections of three small sections each, all twelve equally likely
({spinner}). On the printed spinner the large sections are pink and the small ones black; on the
screen each large section has a colour of its own. The large section says how many girders to remove,
the small one how many girders Mario climbs. The rules give the pink values as "1, 2, or none" for
four sections, so one of them comes twice: the standard spinner repeats 1, the few_pulls spinner
repeats none. Within the turn you remove and climb in any order, one girder at a time, until both
counts are done. You push every girder out yourself (the mouse drags your finger; the simulator
decides what the tower does) and it is stacked on top as in traditional Jenga: from below the highest complete level, at right angles to the level below, a
level of three finished before the next, one hand (a push moves one girder), and after each stack
the tower settles for up to {physics.tower_spec("dk").settle_s:g} seconds (the ten-second rule): a
fall in that time is yours. You may test girders as often as you like before you push one: a press
held still on a girder (or a push let go before it is half out) is a real touch, and what it moves
stays moved; a quick feel (a right click, T, or typed 'touch 5:1') presses it 2 mm and puts
everything back as it stood. If no girder may be taken, the removals left are lost.

{climbing}

A girder with a Mario in it may be removed, yours or an opponent's. Mario then falls to the girder
below him on the same side of the tower: two levels down (the level just below faces the other
sides), in the same slot if free, else the nearest. With no free hole on that side lower down he
goes to the nearest free hole lower down on any side (nearest as seen from above: from the first
girder level, the bottom girder end beside his own); with none lower down at all (a Mario on a
bottom girder) he stays on his own level in the nearest free hole, and only when his level has none
left, he goes to the nearest free hole higher up.

A Mario who reaches the top level (where Donkey Kong and Pauline stand) wins at once. If the tower
falls (the simulator reports a collapse: a girder other than the one in hand
{physics.fall_rule("dk")}), the player who toppled it loses and the Mario highest up
among the others wins (ties share the win). After {play['max_turns']} turns the highest Mario
wins.
""" + LIVE_PUSH_HELP + decided_help("jenga_dk", variant))  # the live push (issue 13): games/jenga/push.py


physics.tower_spec(JengaDonkeyKongState.TOWER)  # damaged: the game is listed as broken
SPEC = GameSpec(
    name="jenga_dk", title="Donkey Kong Jenga", summary="climb the physics tower to save Pauline",
    min_players=2, max_players=4, variants=VARIANTS,
    default_variant=DEFAULT_VARIANT,
    max_length=6 + data.play()["max_turns"] * JengaDonkeyKongState.ACTIONS_PER_TURN,
    new_state=JengaDonkeyKongState, state_from_json=JengaDonkeyKongState.from_json,
    bots=bot_table(), bot_notes=bot_notes("dk"), default_bot="random", help_text=help_text,
)
JengaDonkeyKongState.spec = SPEC
