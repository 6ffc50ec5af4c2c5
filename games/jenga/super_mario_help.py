"""Super Mario Jenga's help: the rules as this table plays them, built from the asset files' numbers."""

from __future__ import annotations

import textwrap

from . import data, physics, spinners
from .common import reflow
from .decided import decided_help
from .push import LIVE_PUSH_HELP

WHOLE_STEPS = "whole_steps"
BEATEN_STACKS = "beaten_stacks"
BATTLE_BELOW = "battle_below"
VARIANTS = {
    "standard": "the Super Mario rules; a climb may come between the two stacks of 'Stack 2 Blocks'",
    WHOLE_STEPS: "the same, but the two stacks of 'Stack 2 Blocks' are one step: the climb comes before "
                 "or after both",
    BEATEN_STACKS: "the same as standard, but the spin that beats Bowser still stacks its blocks that turn "
                   "(the rules bar stacking only until he is beaten)",
    BATTLE_BELOW: "the same as standard, but a climb that ends exactly on the layer directly below Bowser also "
                  "ends the turn there, and the battle starts next turn (as a climb that would pass him does)",
}

EFFECT_WORDS = {"climb": "climb {n}", "collect": "collect {n}", "return": "return {n}",
                "steal": "steal {n} from one player", "steal_each": "steal {n} single coins from anyone",
                "move_down": "move a player down {n}"}
ITEM_NAMES = {"mushroom": "mushroom", "star": "star", "pow": "POW", "question": "question block",
              "goomba": "goomba", "none": "no symbol"}


def battle_words(words: str, beaten: bool, variant: str) -> str:
    """A spin of a player battling Bowser in words, from the section's words ("stack 1, climb 3, collect 2
    coins"): its stack does not count, except in beaten_stacks for the spin that beats him, and its climb
    beats him or not."""
    rest = words if beaten and variant == BEATEN_STACKS else words.partition(", ")[2]
    return f"battle with Bowser: {rest}; {'Bowser is beaten' if beaten else 'Bowser is not beaten'}"


def item_block(item: str) -> str:
    """The block that carries `item`, in words: 'star block', 'POW block', but 'question block' (that
    item's own name ends in "block": adding another read "the question block block")."""
    name = ITEM_NAMES[item]
    return name if name.split()[-1] == "block" else f"{name} block"


def with_article(words: str) -> str:
    """'a star block', 'an ice block': the article that goes before `words`."""
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


EFFECT_SHORT = {"climb": "climb {n}", "collect": "collect {n}", "return": "return {n}", "steal": "steal {n}",
                "steal_each": "steal {n} one by one", "move_down": "move a player down {n}"}
"""A cell's effect in the fewest words, for a row of choices (the help has EFFECT_WORDS)."""


def card_text(key: str, short: bool = False) -> str:
    """A character card's five cells in words: 'mushroom: climb 3; star: climb 3 and steal 1 from one player; ...';
    short, for a row of choices: 'mushroom climb 3; star climb 3 + steal 1; ...' (at the largest text the long
    words were cut before the goomba's cell: a regression audit)."""
    card = data.characters()[key]
    if short:
        return "; ".join(f"{ITEM_NAMES[item]} " + " + ".join(EFFECT_SHORT[k].format(n=n) for k, n in card[item])
                         for item in data.SPECIAL_ITEMS)
    return "; ".join(f"{ITEM_NAMES[item]}: " + " and ".join(EFFECT_WORDS[k].format(n=n) for k, n in card[item])
                     for item in data.SPECIAL_ITEMS)


def help_text(variant: str) -> str:
    if variant not in VARIANTS:  # the standard rules came back for any name (a research audit)
        raise ValueError(f"unknown Super Mario Jenga variant {variant!r}; choose one of: {', '.join(VARIANTS)}")
    play, rules, spin = data.play(), data.mario_rules(), data.mario_spinner()
    items = ", ".join(f"{n} {ITEM_NAMES[k]}" for k, n in data.mario_items().items())
    sections = spinners.summary("jenga_mario")
    cards = []
    for key, card in data.characters().items():
        line = f"{card['name']}: {card_text(key)}"
        cards.append(textwrap.fill(line, 98, initial_indent="  ", subsequent_indent="      "))
    cards_text = "\n".join(cards)
    bowser = rules["bowser_bonus"]
    built = physics.tower_spec("mario").levels
    # every variant but whole_steps orders a turn's steps as standard does: said of the variant played (the
    # help of battle_below and beaten_stacks read "rule variant standard" here: a variants audit)
    order = ("rule variant whole_steps: the two stacks of 'Stack 2 Blocks' come together, the climb before or "
             "after both" if variant == WHOLE_STEPS else f"rule variant {variant}, as in every variant but "
             "whole_steps: a climb may also come between the two stacks of 'Stack 2 Blocks'; the variant "
             "whole_steps keeps them together")
    beaten = ("Rule variant beaten_stacks: the rules bar stacking only \"until you've done this\", so the spin "
              "that beats him still stacks its blocks that turn, after the move above him (the climb it shows is "
              "that move)." if variant == BEATEN_STACKS else "The spin that beats him stacks nothing that turn "
              "(the battle is the turn); the variant beaten_stacks reads the rules as letting that spin's "
              "stacks be made.")
    below = ("Rule variant battle_below: a climb that ends exactly on that layer also ends your turn there, and you "
             "battle him from your next turn, as after a climb that would pass him." if variant == BATTLE_BELOW
             else "A climb that ends exactly on that layer is an ordinary climb (the rules speak only of a climb that "
                  "would reach his level or pass it): the battle starts after a later spin's climb would take you "
                  "higher, which moves you to any free hole of that layer (the one you are in, if you like) and "
                  "ends that turn; the variant battle_below starts the battle on arriving.")
    return reflow(f"""Super Mario Jenga, played on a simulated tower of 45 blocks (15 layers of three).

Setup: the blocks carry item symbols ({items}; assets/jenga/mario_items.json); the build seed
shuffles them over the tower, logo side out, so nobody (people or bots) knows which block carries
what. An item is seen when its block is taken out, and stays known after that (the tower view draws
it on the block, the text board shows its initial). Bowser is placed on top of the tower as built,
on layer {built - 1}, and stays there: every block stacked goes above him, so the tower grows over his
head. Each player starts with one Five Coin from the bank ({rules['bank'][0]} gold coins worth 1 and
{rules['bank'][1]} Five Coins worth 5 in all), handed out as the table is set. Then, from seat 1 on, each
player chooses a character card ('character toad') and puts their peg in an end hole of a block of the
second layer ('peg 1:0+y', layers counted from 0 at the bottom, so the second layer is layer
{rules['lowest_peg_layer']}). Seat 1 goes first.

The character cards, exactly as the rulebook gives them (a steal takes up to that many coins from
one player you choose with 'target N', N the seat number; Luigi's star is three single steals, each
from any player; Peach's mushroom moves one opponent's peg down 3 layers):
{cards_text}

Each turn you spin. The spinner has {len(spin['sections'])} equally likely sections
(assets/jenga/mario_spinner.json): {sections}. Coins are collected from the bank at once; "play
reverses" turns the direction of play after your turn.

Stacking and climbing come in either order ({order}); a stack or a climb that cannot be made yet
waits while the other can (stacking may add the layer an exact climb needs, climbing may free a block
of your own). Stacking: take a block from below the highest complete
layer (pushed out with one hand, yours, as in traditional Jenga, the simulator deciding what the tower
does; you may touch blocks to
test them as often as you like: a press held still, or a push let go before the block is half out,
moves what it moves for good; a quick feel (a right click, T, or typed 'touch 5:1') puts everything
back as it stood) and stack it on top, above
Bowser, a layer of three finished before the next. You may never
take a block with a peg in it: an opponent's never, your own only after climbing away. The
simulator lets the tower settle for up to {physics.tower_spec("mario").settle_s:g} seconds (the
rulebook's "about 5 seconds"); if it stands, carry out the item on the block you stacked, effect by
effect in the card's order. An item's climb comes on top of the spinner's climb. An effect with
nobody it may hit is lost (the rulebook does not say): a steal when no opponent has a coin, a
mushroom when every opponent's peg is as low as it may go.

Climbing: the peg moves up exactly the spun number of layers into any free hole of that layer. If
only opponents' pegs hold the holes there, your peg stays where it is and the rest of the turn goes
on.

Bowser stands on layer {built - 1} (the top of the tower as built), so that layer is "the layer
directly below him" and layer {built}, the first one stacked, is "the layer directly above"
him. A climb (the spinner's or an item's) that would take your peg to layer {built} or higher
stops in a free hole of layer {built - 1} instead and ends your turn: no more stacking or climbing,
though the rest of the item still happens (Mario's star climbs 3 and still steals 1; so does
Luigi's POW after its climb). {below} From your next turn on you battle Bowser: you spin but do not stack or
climb, and a spin of climb 3 or 4 defeats him (coins and reverse on that spin still count). The
winner collects the Bowser bonus, {bowser[0]}, {bowser[1]}, {bowser[2]} or {bowser[3]} for the first
to fourth player to beat him, and moves to a free hole of their choice on layer {built}
('leap {built}:0+y'). If no block has been stacked there yet (or its holes are taken), the peg
stays where it is, Bowser beaten. {beaten} No peg passes Bowser without beating him. After beating him a peg
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
choose; when that layer has no vacant hole, the nearest layer below it that has one, else the
nearest above). The same choice is yours when Peach's
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
""" + LIVE_PUSH_HELP + decided_help("jenga_mario", variant))  # the live push (issue 13): games/jenga/push.py
