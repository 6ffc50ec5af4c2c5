"""What this table decides where a Jenga rulebook says nothing or can be read two ways, as one list at
the end of each game's help (the Donkey Kong board game's help ends the same way). The reasons are in
docs/jenga.md, "Decisions where the rulebooks are silent"; the rules themselves are in each game's help.
"""

from __future__ import annotations

import textwrap

from . import data, physics

HEADING = "Where the rules say nothing or can be read two ways, this table decides:"


def _common(tower: str, settle_words: str, rule_name: str = "The ten-second rule") -> list[str]:
    play = data.play()
    return [
        "A fall is what the simulator reports as a collapse (see above), nothing else: a tower that "
        "leans or twists and stands is standing.",
        "A fall is final: undo never takes back the push or stack that toppled the tower. The "
        "rulebooks have no undo at all; the table's undo is for a slip of the hand, and a push tried "
        "and taken back when it fell would take the risk out of the game. A push or stack that left the "
        "tower standing may be taken back where undo reaches (never past a spin), and the tower then "
        "stands exactly as it did before it, however far the push had dragged it: agree at your table "
        "whether a pull that went badly may be taken back so.",
        "Touches have no limit (the rules set none). A press held still on a block is a real touch: "
        "what it moves stays moved. A push let go before the block is half out puts the block back, "
        "counts as a touch, and what it moved stays moved too. The hand puts it back gently and stops "
        "where it binds rather than pull the tower along (by more than 3 mm): the block then stays where it "
        "got to, partly out, as a careful player would leave it, and you may go on to touch or take "
        "other blocks: the rule that a moved block is put back before another is touched is kept as far "
        "as the hand can without moving the tower (push the block home from the end that sticks out "
        "when you choose: a move of its own). A quick feel (a right click, T, or a "
        "typed 'touch') presses the block 2 mm and puts everything back as it stood (the rules ask a "
        "moved block to be put back); it is how the bots test blocks.",
        "One hand: each push moves one block with one fingertip; nothing holds or steadies the rest "
        "of the tower.",
        "A touch tests a block you may take now: a block you may not take (above the highest complete "
        "level, or holding a piece that bars it) is not touched either.",
        f"{rule_name} {settle_words}: after each stack the simulator lets the tower settle for "
        f"up to {physics.tower_spec(tower).settle_s:g} seconds of its own time, stopping sooner once it "
        "is still, and a fall in that time is the stacker's.",
        f"The rulebooks end a game only at a fall (or a win); so that every game ends, this table also "
        f"stops one after {play['max_turns']} turns, a limit never reached in the games measured here.",
    ]


def _classic(variant: str) -> list[str]:
    return _common("classic", "is timed on the simulated tower") + [
        "If the very first push topples the tower, nobody has stacked a block yet, so every other "
        "player wins. After the turn limit everybody shares the win.",
        "The builder (seat 1) goes first, and play passes 'to the left' in seat order.",
        "Two to four players: the traditional rules set no number; this table seats up to four at one "
        "screen, as the other games.",
    ]


def _dk(variant: str) -> list[str]:
    few = variant in ("few_pulls", "corner_few_pulls")
    corner = variant in ("corner_climb", "corner_few_pulls")
    return _common("dk", "is timed on the simulated tower") + [
        "Two to four players: the rulebook gives no count, and its box holds four Mario pieces, one a player.",
        "The fan who built the tower goes first: that is seat 1, and play passes 'to the left' in seat "
        "order.",
        "Moving a Mario never topples the tower: the figures weigh nothing in the simulation, so only "
        "pushes and stacks are judged.",
        "The spinner's pink values are given as '1, 2, or none' for four sections, so one value comes "
        "twice: " + ("this variant repeats none (the variants standard and corner_climb repeat 1)."
                     if few else "this variant repeats 1 (the variants few_pulls and corner_few_pulls "
                     "repeat none)."),
        "'The girder above': " + ("this variant reads it as the one girder of the next level along "
                                  "Mario's side of the tower; a missing or full one is skipped, a bonus "
                                  "(standard and few_pulls take any free hole of the level above)."
                                  if corner else "this variant takes any free hole of the level above "
                                  "(corner_climb and corner_few_pulls read it as the one girder along "
                                  "Mario's side)."),
        "A level with no girder for a climbing Mario is always skipped: the rulebook says he 'may skip that "
        "level', but staying below would cost the climb the spin gave, and the rules have no turn that "
        "ends with a climb not made, so the skip, a bonus, is taken whenever it is the climb's way on.",
        "A Mario whose girder is pulled out falls to the girder immediately below on his side. Girder "
        "ends face other sides from one level to the next (which is why a climb goes round a corner), "
        "so the nearest girder end below on his side is two levels down; when that one is gone or "
        "full, he falls to the next free one further "
        "down that side, then to the nearest free hole lower down on any side (nearest as seen from "
        "above), and on a bottom girder "
        "to a free hole of his own level.",
        "After a fall the toppler loses and the Mario closest to the top among the others wins; Marios "
        "equally high share the win. After the turn limit the highest Mario wins.",
        "A Mario who reaches the top wins at once, with girders the spin asked still not removed: the "
        "rules' 'must be accomplished in the player's turn' holds while the turn lasts, and the win ends "
        "it (so climbing before removing is a choice worth weighing; the bots climb first).",
    ]


def _mario(variant: str) -> list[str]:
    return _common("mario", "is timed on the simulated tower", "The rulebook's wait of 'about 5 seconds'") + [
        "Two to four players: the rulebook gives no count, and its box holds four character pegs and four "
        "character cards, one of each a player.",
        "The youngest player goes first: seat them as seat 1.",
        "Moving a peg never topples the tower: the pegs weigh nothing in the simulation, so the wait "
        "after a climb has nothing to judge; the pushes and stacks are judged.",
        "A stack or a climb that cannot be made yet waits while the other can. In every variant but "
        "whole_steps a climb may come between the two stacks of 'Stack 2 Blocks'; whole_steps keeps them together. "
        "Nobody climbs with a block in hand.",
        "Bowser stays on the layer he was placed on; every block stacked goes above him, so 'the layer "
        "directly above him' is the first layer stacked. He is a marker, not a body in the simulation: like "
        "the pegs he weighs nothing, never falls and never holds a block up.",
        "Items are face down: a block's item is known once the block is taken out, and stays known.",
        "Coins are real pieces, paid with change and swapped at the bank; whoever owes more than they "
        "hold pays all they have, and an empty bank pays only what it has left.",
        "After the turn limit the game stops with no fall penalty and the most coins wins.",
    ]


_GAMES = {"jenga_classic": _classic, "jenga_dk": _dk, "jenga_mario": _mario}


def decisions(game: str, variant: str) -> list[str]:
    """The table's decisions for one game and variant, one sentence or two each."""
    return _GAMES[game](variant)


def decided_help(game: str, variant: str, width: int = 100) -> str:
    """The decisions as the help's closing list: a heading and indented items (kept as they are by
    common.reflow)."""
    items = [textwrap.fill(line, width, initial_indent="  - ", subsequent_indent="    ")
             for line in decisions(game, variant)]
    return "\n" + HEADING + "\n" + "\n".join(items) + "\n"
