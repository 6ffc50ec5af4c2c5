"""What a Super Mario Jenga step did to the players, in one line for the status bar: an item found or
stacked (when its action is done), coins taken, given or paid back, a peg sent down, Bowser beaten; and
in Donkey Kong Jenga, a Mario who fell because his girder was taken.

The move log already has the game's own notes, but cut to the log's width; a player who misses them sees
coins change with no reason given. These words are read from the state before and after the step.
"""

from __future__ import annotations

import re

from games.jenga import data
from games.jenga.super_mario_help import ITEM_NAMES, item_block, with_article
from games.words import counted

# The game's note of an item block stacked, by the item's key: "Ann stacked a question block", "Ann stacked
# a pow block" (the notes are part of the saved state: their words stay as they are, and are said here).
_STACKED = re.compile(r"^(?P<who>.+) stacked a (?P<item>\w+) block$")
# Notes said as they are: a peg sent down (a Goomba's or a mushroom's work), Bowser beaten or waiting.
_AS_NOTED = re.compile(r"'s peg must go down \d+$| defeats Bowser!$| must battle Bowser next turn$")
_SENTENCE_ENDS = ".!?"  # a clause ending in one of these ends its sentence ("Ann defeats Bowser!")


# Donkey Kong Jenga's note of a Mario whose girder was taken: "Ann's Mario falls to 1:2+y".
_STEALS = re.compile(r"\bsteals \d+ from\b")  # the game's note of a steal ("Ann steals 2 from Bob")
_MARIO_FALLS = re.compile(r"^(?P<who>.+)'s Mario falls to (?P<level>\d+):(?P<slot>\d+)(?P<end>[+-][xy])$")


def stacked_words(note: str) -> str:
    """A note of an item block stacked as the window words that block ("Ann stacked a pow block" -> "Ann
    stacked a POW block", as the status line says it); any other note as it is. The note itself stays as
    the game wrote it (saved matches carry a digest over their notes)."""
    stacked = _STACKED.match(note)
    if stacked and stacked["item"] in ITEM_NAMES:
        return f"{stacked['who']} stacked {with_article(item_block(stacked['item']))}"
    return note


def effect_source(state) -> str:
    """Super Mario: the item block whose effects the player is carrying out ('the mushroom block'), read from
    the game's last 'stacked a ... block' note while effects wait; '' otherwise. The header read "must choose
    where to climb (climb 3)" after a mushroom and after a star alike (a play-tester)."""
    if not getattr(state, "effects", None):
        return ""
    for line in reversed(getattr(state, "log", [])):
        stacked = _STACKED.match(line)
        if stacked:
            return item_block(stacked["item"]) if stacked["item"] in ITEM_NAMES else ""
    return ""


def event_words(before, state, notes: list[str], seat_name) -> str:
    """The step's events in plain words ('' if none): `notes` are the lines the game noted during it."""
    if not hasattr(state, "purses") or not hasattr(before, "purses"):
        return sentences([w for w in (skipped_words(before, state, seat_name), mario_fall_words(notes)) if w])
    said = []
    for block in state.revealed:
        if block not in before.revealed and state.items[block] != "none":
            said.append(f"{seat_name(state.mover)} found {with_article(ITEM_NAMES[state.items[block]])}")
    for line in notes:
        stacked = _STACKED.match(line)
        if stacked and stacked["item"] in ITEM_NAMES:
            said.append(f"{stacked['who']} stacked the {item_block(stacked['item'])}")
        elif _AS_NOTED.search(line):
            said.append(line)
    stolen = any(_STEALS.search(line) for line in notes)
    said += coin_words(before.coins(), state.coins(), seat_name, stolen)
    for p, (was, now) in enumerate(zip(getattr(before, "battling", []), getattr(state, "battling", []))):
        if now and not was:  # a play-tester's peg reached Bowser's layer and nothing said what that meant
            said.append(f"{seat_name(p)} reached Bowser: from {seat_name(p)}'s next turn on, a spin of climb 3 or "
                        f"4 beats him (no stacking or climbing until then)")
    return sentences(said)


def skipped_words(before, state, seat_name) -> str:
    """Donkey Kong Jenga: a climb that went past levels with no girder free for the Mario, which the rules
    count as a bonus (a play-tester saw a climb of 3 reach level 5 from 2 with nothing said); '' otherwise."""
    old, new = getattr(before, "marios", None), getattr(state, "marios", None)
    if not old or not new or getattr(before, "phase", "") != "act":
        return ""
    said = []
    for p, (a, b) in enumerate(zip(old, new)):
        if a is None or b is None or b[0] <= a[0] + 1:
            continue
        levels = list(range(a[0] + 1, b[0]))
        which = f"level {levels[0]}" if len(levels) == 1 else f"levels {levels[0]} to {levels[-1]}"
        said.append(f"{seat_name(p)}'s Mario climbed past {which}, where no girder was free for him: a bonus, "
                    f"as the rules say")
    return sentences(said)


def sentences(clauses: list[str]) -> str:
    """The clauses in one line: joined by "; " into a sentence that ends in a full stop, except after a
    clause that ends a sentence itself ("Ann defeats Bowser!"): the next clause starts a new sentence
    (a "; " there read "defeats Bowser!;")."""
    out = ""
    for clause in clauses:
        if not out:
            out = clause
        elif out[-1] in _SENTENCE_ENDS:
            out += " " + clause
        else:
            out += "; " + clause
    if out and out[-1] not in _SENTENCE_ENDS:
        out += "."
    return out


def coin_words(old: list[int], new: list[int], seat_name, stolen: bool = True) -> list[str]:
    """Each purse that changed: a steal (`stolen`: the game noted one), coin for coin between two players,
    reads as one phrase. Coins paid to the pile and others collected from it are said apart: after a fall,
    the toppler's 5 coins returned and the highest peg's 5 collected read "Player 2 takes 5 coins from
    Player 3" (a family's audit), which the rules do not say."""
    gains = [(p, b - a) for p, (a, b) in enumerate(zip(old, new)) if b > a]
    losses = [(p, a - b) for p, (a, b) in enumerate(zip(old, new)) if b < a]
    if stolen and len(gains) == 1 and len(losses) == 1 and gains[0][1] == losses[0][1]:
        (taker, n), (loser, _) = gains[0], losses[0]
        return [f"{seat_name(taker)} takes {counted(n, 'coin')} from {seat_name(loser)} "
                f"({seat_name(loser)} {old[loser]} → {new[loser]}, {seat_name(taker)} {old[taker]} → {new[taker]})"]
    out = [f"{seat_name(p)} gets {counted(n, 'coin')} ({old[p]} → {new[p]})" for p, n in gains]
    return out + [f"{seat_name(p)} loses {counted(n, 'coin')} ({old[p]} → {new[p]})" for p, n in losses]


def mario_fall_words(notes: list[str]) -> str:
    """Donkey Kong Jenga: each Mario that fell because the girder he stood in was taken ('' if none). The
    move log had it only in a row cut to its width; the board said nothing (a play-tester took a girder
    with another player's Mario in it and saw only "Last move: push 3:2")."""
    said = []
    for line in notes:
        fell = _MARIO_FALLS.match(line)
        if fell:
            said.append(f"{fell['who']}'s Mario fell with the girder taken, to the {fell['end']} hole of block "
                        f"{fell['level']}:{fell['slot']} (girder level {fell['level']})")
    return sentences(said)


def lost_words(before, after, action: str, seat_name) -> list[str]:
    """Super Mario: what the rules dropped in a step because it could not be made, which the game does without
    a note ("you can only climb if there are enough layers above you to do so by exact count"; an effect with
    nobody it may hit is lost): a climb of the spin or of an item block neither made nor still waiting after the
    step, and steals or moves down that found nobody. An audit saw a spin of "stack 0, climb 4" with two layers
    above the peg pass the turn, and the third of Luigi's star steals vanish, with nothing said."""
    if (not hasattr(after, "effects") or getattr(before, "phase", "") not in ("spin", "act", "stack")
            or after.phase == "over"):
        return []
    me = before.mover
    if not 0 <= me < len(before.battling) or before.battling[me] or after.battling[me]:
        # a battle with Bowser stacks and climbs nothing, and a climb that brings the peg to him ends the turn:
        # the battle's own words say so (a climb staying on his layer to battle him was said lost: an audit)
        return []
    word, _, rest = action.partition(" ")
    climbs = [before.climb_due] if before.climb_due > 0 else []
    effects = [(kind, n) for kind, n in before.effects]
    if word == "spin" and rest.isdigit():
        sections = data.mario_spinner()["sections"]
        climb = sections[int(rest)]["climb"] if int(rest) < len(sections) else 0
        climbs = [climb] if climb > 0 else []
    elif word == "stack" and before.hand is not None and after.items:
        # (a block is stacked from the phase "stack", the block in hand: its item's effects come with it)
        card = data.characters().get(after.characters[me] or "", {})
        for kind, n in card.get(after.items[before.hand], []):
            effects += [("steal", 1)] * n if kind == "steal_each" else [(kind, n)]
    climbs += [n for kind, n in effects if kind == "climb"]
    still = after.mover == me and after.phase != "spin"  # the mover's turn goes on
    if word == "climb" and climbs:  # the climb made: of the size the peg went up, else the first waiting
        made = after.peg_level(me) - before.peg_level(me)
        climbs.remove(made if made in climbs else climbs[0])
    waiting = (([after.climb_due] if after.climb_due > 0 else []) + [n for k, n in after.effects if k == "climb"]
               if still else [])
    for n in waiting:
        if n in climbs:
            climbs.remove(n)
    said = []
    if climbs:
        ways = " and ".join(f"{counted(n, 'layer')} up" for n in climbs)
        said.append(f"{seat_name(me)} could not climb {ways} (no free hole of theirs at that height by exact "
                     f"count), so {'that climb is' if len(climbs) == 1 else 'those climbs are'} lost")
    left = [(kind, n) for kind, n in after.effects] if still else []
    for kind, nobody in (("steal", "no other player has a coin"),
                         ("move_down", "no other player's peg can go lower")):
        done = 1 if word == "target" and effects and effects[0][0] == kind else 0
        lost = sum(1 for k, _ in effects if k == kind) - done - sum(1 for k, _ in left if k == kind)
        if lost > 0:
            # "Ann's 1 move down is lost" read as one layer (a regression audit): its size in brackets
            size = next(n for k, n in reversed(effects) if k == kind)
            unit = counted(size, "coin") if kind == "steal" else counted(size, "layer")
            name = "steal" if kind == "steal" else "move down"
            what = f"{name} ({unit})" if lost == 1 else f"{lost} {'steals' if kind == 'steal' else 'moves down'}"
            said.append(f"{seat_name(me)}'s {what} {'is' if lost == 1 else 'are'} lost: {nobody}")
    return said
