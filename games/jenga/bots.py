"""The Jenga bots: `random`, and `careful` at three levels.

A careful bot first touches (probes) up to `touches` blocks, the ones its eye ranks safest by the
shape of each level (never one just under the top), and pulls the first that gives (a loose block,
carrying none of the load: it slides as a free block of the set does and the rest of the tower stays
still, pro.loose): the
easy level touches none, `careful` three (two in Super Mario Jenga, where it plays lighter:
CarefulBot.light) and `careful_hard` six. When none of them gave, it ranks the takeable blocks by sim's static support margin and the shape of each level,
tries its few best candidates in sim's risk map at its own push speed (a risk map runs the physics
several times per block), takes the one with the lowest collapse probability, breaking ties by what the
block is worth in the game, and pushes it with its level's speed and steadiness. The levels differ
mostly in that judgement: how many candidates they try and how many pushes each (none for the easy
bot); within their range of speed and steadiness the hand alone changes little (docs/jenga.md). Its
decisions that do not touch the tower (climbing, targets, stacking slots) come from the game's own
preference order.

As the pro does (pro.next_touch, pro.went_back), and from the state alone: the `touches` are those of
one removal, so a turn's later removal (Super Mario's "Stack 2 Blocks", Donkey Kong's pink 2) touches
afresh, going on down its order from the last touch; and after a push that went back (held tighter than
the hand can push) it touches no more for that removal and pushes the next few blocks of its ranking.
"""

from __future__ import annotations

import numpy as np

from ..bots import Bot, RandomBot
from . import physics
from .layout import ends
from .pro import TOP_LEVELS, ProBot, loose, next_touch, went_back
from .push import Push, straight_push


class CarefulBot(Bot):
    name = "careful"

    def __init__(self, steadiness: float = 0.90, speed: float = 0.040, candidates: int = 3, samples: int = 1,
                 touches: int = 0, light: dict | None = None):
        self.steadiness = steadiness
        self.speed = speed
        self.candidates = candidates
        self.samples = samples
        self.touches = touches
        self.light = light
        """How this level plays instead (the same keywords) in a game whose TowerState.LIGHT_CAREFUL is
        set (Super Mario Jenga), or None: it plays the same everywhere."""

    def at_table(self, state) -> CarefulBot:
        """The bot as it plays in this state's game: itself, or its lighter self (`light`)."""
        if not (self.light and state.LIGHT_CAREFUL):
            return self
        keep = dict(steadiness=self.steadiness, speed=self.speed, candidates=self.candidates,
                    samples=self.samples, touches=self.touches)
        return CarefulBot(**{**keep, **self.light})

    def choose(self, state, rng: np.random.Generator) -> str:
        bot = self.at_table(state)
        if bot is not self:
            return bot.choose(state, rng)
        legal = state.legal_actions()
        preferred = state.preferred_decision(legal)
        if preferred is not None:
            return preferred
        if state.may_extract() and state.extractable():
            order = touch_order(state)[: self.touches]
            last = state.last_probe if state.touches else None
            if last is not None and tuple(last["where"]) in order and loose(last, state.TOWER):
                level, slot = last["where"]  # it gave: pull that one, from the end it was touched at
                return straight_push(state.TOWER, level, slot, last["end"], self.speed, self.steadiness,
                                     int(rng.integers(2**31)))
            # The turn's touches are all the first removal's; a later one's (Super Mario's "Stack 2
            # Blocks", Donkey Kong's pink 2) go on from the last touch. After a push that went back the
            # touches are over: it moves on to other blocks (pick_block).
            back = went_back(state)
            if back is not None:
                done = len(order)
            elif state.taken_this_turn() == 0:
                done = state.touches
            else:
                done = next_touch(state, order)
            if done < len(order):
                level, slot = order[done]
                return Push(level, slot, ends(level)[0]).probe_text()
            level, slot, end = self.pick_block(state, rng, avoid=set(order[:done]), back=back)
            # the push as a finger path (a straight push at the bot's speed and steadiness)
            return straight_push(state.TOWER, level, slot, end, self.speed, self.steadiness,
                                 int(rng.integers(2**31)))
        return legal[int(rng.integers(len(legal)))]

    def pick_block(self, state, rng: np.random.Generator, avoid: set = frozenset(),
                   back: tuple[int, int] | None = None) -> tuple[int, int, str]:
        """Prune by sim's static support margin and the shape of each level, then ask the risk map.
        Blocks in `avoid` (touched this turn and found tight) come after the other safe-looking ones,
        and blocks just under the top or in a level left unsafe (static_risk NEAR_TOP or more) only when
        nothing else is left: pushed out, a block under the light top drags it along, and the risk map
        of the push alone does not see the stack that then topples it (seen in Super Mario Jenga, where
        careful_hard, having touched its six best blocks, pushed one two levels under the top, dragged
        the top 43 to 53 mm and toppled the tower with the stack after it).

        `back` is a block whose push just went back (pro.went_back): the risk map pulls a block out
        whatever force it takes, so it cannot see one held tighter than the hand can push and would
        choose it again and again. The candidates are then the few after it in this ranking (round
        again), so each push that goes back moves on down the ranking to other blocks."""
        blocks = state.extractable()
        margins = dict(zip(blocks, physics.static_margins(state.TOWER, state.tower, blocks)))
        risk = {b: static_risk(state.layout, b) for b in blocks}
        if self.samples <= 0:
            return self.beginners_pick(state, rng, blocks, margins, risk, set(avoid) | ({back} if back else set()))
        ranked = sorted(blocks, key=lambda b: (margins[b] < 0, risk[b] >= NEAR_TOP, b in avoid, risk[b],
                                               -state.block_value(b), b))
        short = ranked[: self.candidates]
        if back in ranked:
            i = ranked.index(back)
            short = (ranked[i + 1:] + ranked[:i])[: self.candidates] or [back]
        risks = {}
        if len(short) > 1 and self.samples > 0:
            for row in physics.risk(state.TOWER, state.tower, short, samples=self.samples,
                                    seed=int(rng.integers(2**31)), speed=self.speed):
                # near misses count too: a push that slid the tower 20 mm nearly toppled it
                risks[(row["level"], row["pos"])] = (round(row["p_collapse"], 2),
                                                     round(row.get("displacement_mm", 0.0) / 5.0))
        best = min(short, key=lambda b: (risks.get(b, (0.0, 0)), -state.block_value(b),
                                         static_risk(state.layout, b), b))
        return best[0], best[1], ends(best[0])[int(rng.integers(2))]


    @staticmethod
    def beginners_pick(state, rng: np.random.Generator, blocks, margins: dict, risk: dict,
                       avoid: set = frozenset()) -> tuple[int, int, str]:
        """The block a player who judges by eye alone pulls (no physics: careful_easy): one of the blocks that
        look safest by the shape of their level (static_risk's whole part), chosen by the seed's generator
        among those that look alike. It took the first of them in the table's order every time, 9:0 to open
        every game, then the same corner level after level, and beat the random bot no more often than it
        lost (25 to 25: a bots audit). Weighing the levels beside the block too was tried and not kept: it
        made the beginner nearly as good as Super Mario's lighter `careful` (docs/jenga.md)."""
        def looks(b):
            return (margins[b] < 0, risk[b] >= NEAR_TOP, b in avoid, int(risk[b]))
        best = min(looks(b) for b in blocks)
        alike = sorted(b for b in blocks if looks(b) == best)
        level, slot = alike[int(rng.integers(len(alike)))]
        return level, slot, ends(level)[int(rng.integers(2))]


def touch_order(state) -> list[tuple[int, int]]:
    """The blocks a careful bot touches, in order: safest by the shape of the levels, then what the
    block is worth in the game. It reads only the layout, so it stays the same through the turn's
    touches (which move the tower a little) and a loaded game touches the same blocks.

    Blocks just under the top are never touched to be pulled (their static_risk carries NEAR_TOP):
    with little weight above, a block there slides at a light touch and still drags the light top
    along when pushed out (seen in Super Mario Jenga's 15-layer tower: touched at 0.07 to 0.1 N with
    the tower still, pushed out dragging the top 19 to 46 mm, and the stack after it fell). They are
    left to the bot's judgement when nothing touched gave."""
    blocks = [b for b in state.extractable() if static_risk(state.layout, b) < NEAR_TOP]
    return sorted(blocks, key=lambda b: (static_risk(state.layout, b), -state.block_value(b), b))


NEAR_TOP = 3.0
"""What static_risk adds for a block fewer than TOP_LEVELS levels under the top."""


def static_risk(layout: list, block: tuple[int, int]) -> float:
    """A cheap ranking before the physics, lower is safer.

    A side block of a full level leaves a middle and a side block standing (a wide base); the middle
    of a full level often carries the load of a slightly tall block; a level of two keeps standing only
    if its middle block stays. Blocks just under the top levels (TOP_LEVELS) have little weight above
    to hold the level over them in place, so the pushed block drags it along: those rank worse.
    """
    level, slot = block
    row = layout[level]
    left = sum(b is not None for b in row)
    if left == 3:
        shape = 0.0 if slot != 1 else 1.0
    elif left == 2:
        shape = 2.0 if row[1] is not None and slot != 1 else 5.0
    else:
        shape = 9.0
    above = len(layout) - 1 - level
    return shape + (NEAR_TOP if above < TOP_LEVELS else 0.0) + 0.01 * abs(level - len(layout) / 2)


def bot_table() -> dict:
    return {
        "random": RandomBot,
        # The levels differ first in touching (none, three, six, up to fifteen from the middle of the
        # tower for the pro), then in judgement when nothing gave (none for the easy bot, 3 candidates
        # tried twice each in sim for the careful ones), then in the hand (faster and shakier for the
        # easy bot, steadiest for the hard one). careful_hard tried 6 candidates four times each until
        # 2 Dec: a game against the pro then took 70 s of CPU, too slow to measure the ladder.
        "careful_easy": lambda: CarefulBot(steadiness=0.70, speed=0.050, candidates=3, samples=0, touches=0),
        # In Super Mario Jenga (TowerState.LIGHT_CAREFUL) careful plays lighter: on the plastic tower the
        # three upper levels' play converged and careful_hard toppled it nearly as often (issue 16, its
        # middle rung at 56.7%; docs/jenga.md "Super Mario's middle rung: a lighter careful").
        "careful": lambda: CarefulBot(steadiness=0.90, speed=0.040, candidates=3, samples=2, touches=3,
                                      light=dict(touches=2, samples=1, steadiness=0.85, speed=0.045)),
        "careful_hard": lambda: CarefulBot(steadiness=0.99, speed=0.035, candidates=3, samples=2, touches=6),
        "pro": ProBot,
    }


def bot_notes(game: str = "classic") -> dict:
    """How each bot plays, in a few words, for the launcher and the help of one game: "classic", "dk"
    (Donkey Kong Jenga) or "mario" (Super Mario Jenga), each told only what differs in its own game."""
    careful = "touches three blocks that look safe and pulls the first that gives; if none gives, thinks it " \
              "over and pulls the one it trusts most"
    if game == "mario":
        careful += " (here it plays lighter: it touches only two, thinks it over more briefly and pushes a " \
                   "little faster with a less steady hand)"
    touches = {"dk": "touches first the girders whose loss helps its Mario most and its opponent least, then "
                     "the tower's middle,",
               "mario": "touches blocks from the tower's middle, a full level's middle last (the level keeps a "
                        "second block to take),"}.get(game, "touches blocks from the tower's middle")
    notes = {
        "random": "takes any block and pushes at any speed; the tower falls early",
        "careful_easy": "a beginner: pulls a block that looks safe, fairly fast, without touching first",
        "careful": careful,
        "careful_hard": "touches up to six blocks before it pulls one that gives, and pushes with a very "
                        "steady hand",
        "pro": f"{touches} until one slides freely with the tower still, pulls only that one, slowly, and "
               "stacks where the tower stays best balanced, thinking a move ahead; the strongest",
    }
    # how much stronger each is than the one below it, as the board games' notes say (the ladder's two-player
    # games, 60 a rung: README, "The ladder"; careful_easy against random: docs/jenga.md)
    for bot, beats in STRENGTHS.get(game, {}).items():
        notes[bot] += f", {beats}" if notes[bot].endswith("the strongest") else f"; {beats}"
    return notes


STRENGTHS = {
    "classic": {"careful_easy": "beats random about 3 games in 4",
                "careful": "beats careful easy about 3 games in 4",
                "careful_hard": "beats careful 5 games in 6",
                "pro": "beats careful hard 3 games in 4"},
    "dk": {"careful": "beats careful easy 5 games in 6",
           "careful_hard": "beats careful about 7 games in 10",
           "pro": "beats careful hard about 7 games in 8"},
    "mario": {"careful": "beats careful easy 2 games in 3",
              "careful_hard": "beats careful 2 games in 3",
              "pro": "beats careful hard 3 games in 4"},
}
"""Each Jenga bot's wins against the one below it in the measured ladder (classic: careful_easy 46 of 60 against
random, careful 44, careful_hard 50, pro 45 of 60; Donkey Kong Jenga: careful 50, careful_hard 43, pro 52; Super
Mario: careful 40, careful_hard 40, pro 46), for the notes of the launcher and the help."""
