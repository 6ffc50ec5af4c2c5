"""The rules of each variant in the project's own words (shown by the app's help overlay).

The texts say which variant is active, give the whole game, and mark every point where the two
source texts are silent or disagree and the project had to decide.
"""

from __future__ import annotations

import re
import textwrap

from .board import BOARD
from .cards import DIE_COLOURS, OBSTACLE_DIE, face_label
from .state import ROLL_OFF_LIMIT, ROUND_LIMIT

_COMMON_START = """\
DONKEY KONG - rules of this table (active variant: {variant}{default})

Aim: score the most points. Points come only from cards you have played (turned face down), plus
500 for the player who rescues the Fair Maiden by reaching the Finish ("500") space.

Pieces: a Mario pawn each (2 to 4 players), 12 barrels (six start on the black-dot spaces, six wait
in Donkey Kong's dispenser), 4 fireballs (all start in the Oil Can), 48 cards: Jump 100, 200, 300
and Hammer (the article's "Hit") 200, 300, 400, eight of each. The board (more below) follows the
arcade's first stage: sloped girders of blue spaces joined by ladders of black spaces, Donkey Kong top
left with the barrel drop space beside him, the Oil Can bottom left, the Fair Maiden and the Finish on
top, and {red_dots} red-dot card spaces.

Dice: the {mario_colour} die (1 to 6) moves your pawn; the {obstacle_colour} die moves the
obstacles. Its faces here: {faces}. A Donkey Kong face means no obstacle moves this turn.

Setup: everybody rolls the plain (Mario) die; the highest roll starts and play goes on seat by seat;
tied players roll again (after {roll_offs} tied roll-offs the earliest tied seat starts). Each player
is then dealt three face-up cards.

Your turn, in this order:
 1. Roll both dice.
 2. Move your pawn exactly the Mario count along girders and ladders (pawns change girders only by
    ladders; the white dotted lines are for obstacles only). {move_rule}
    If the move cannot be made in full, you move as far as the rules let you. Reaching the Finish
    ends the move there, whatever is left of the count.
    If you stop on a red dot, draw a card face up.
 3. Move the fireballs, the one highest on the board first, each the full obstacle count, up the
    gamepath from the Oil Can towards Donkey Kong.
 4. Move the barrels, the lowest first, each the full count, down the gamepath towards the Oil Can.
 5. {release_rule}

How obstacles move: along the girders and along the dotted lines from girder end to girder end.
Obstacles never take the ladder up to the Finish (their path runs from the Oil Can to Donkey Kong,
and that ladder leads off it). A fireball that ends its count exactly on the foot of any other ladder
climbs it to the top space (pawns on that ladder are hit); a barrel that ends its count exactly on the top of a ladder slides to its foot,
but never while a pawn stands on the ladder{wiki_ladder}. An obstacle slides at most one ladder per move
(a barrel that turned into a fireball may slide once more as a fireball).
Two obstacles of one kind never rest on one space: the moving one goes on to the next free space. A
fireball and a barrel that meet (either one moving) destroy the barrel: back to the dispenser.
A fireball reaching the space in front of Donkey Kong goes back to the Oil Can at once. {oil_rule}
If all four fireballs are already out, a barrel reaching the Oil Can simply goes back to the
dispenser.

Contact: whenever your pawn enters a space with an obstacle (passing or stopping) or an obstacle
enters your pawn's space (passing, stopping, sliding or being dropped there), in anybody's turn, you
must play one face-up card of your choice: you score its points at once.
 - Hammer: the obstacle is destroyed (a barrel to the dispenser, a fireball to the Oil Can).
 - Jump: the obstacle stays. {jump_rule}

Each obstacle that meets several pawns on one space meets them in seat order from the player whose
turn it is; once hammered it meets nobody else.

No face-up card when hit:
 - in your own turn, one of your played cards, picked at random, goes back {penalty_where};
 - in another player's turn, that player takes one of your played cards at random, face up;
 - with no cards at all: nothing happens in your own turn; in another's turn, that player draws a
   card from the deck as a reward.

Cards lost by the penalty go back into the deck and can be drawn again; when the deck is empty, draws
simply do not happen.

End: {end_rule} Only the rescue ends a game; as a safety net, a game still going after
{rounds} full rounds (far longer than any real game) ends there with no bonus. Everybody totals their played cards (face-up cards score nothing). The highest
total wins; players tied on the highest total share the win.

Where the source texts disagree or say nothing, this table decides as follows ({variant} reading):
 - Dice: {dice_decision}
 - Who starts: both texts roll the plain 1 to 6 die (they only name its colour differently).
 - Direction: {direction_decision}
 - A move that cannot be made in full goes as far as the rules allow; the Finish ends a move early.
 - The Donkey Kong face: {dk_decision}
 - Broken ladders: the arcade stage has some; neither text has any, and every ladder on this board is
   whole (pawns and obstacles use each one from end to end).
 - Ladders: an obstacle takes a ladder only when its own count ends on the ladder's end. One sent on
   past a twin, or moved a space further by a Jump (whether it landed on the pawn or was passing it),
   does not; and no
   obstacle takes two ladders in one move (a barrel that turns into a fireball starts afresh).
 - A fireball reaching Donkey Kong's space goes back to the Oil Can before it can touch a pawn there.
 - A fireball that passes over a barrel destroys it, as one that lands on it does (the article says
   "lands on" of a fireball and "crosses or lands on" of a barrel; the rulebook says "comes in contact";
   this table has them meet alike, whichever one moves).
 - A barrel that moves (or is dropped) into a space where a fireball stands is destroyed at once,
   before it can touch a pawn there; a fireball moving into a space with a barrel and a pawn destroys
   the barrel and then meets the pawn.
 - The barrel dropped by Donkey Kong meets what is on the drop space like any moving obstacle (a
   fireball there destroys it first, as above); with
   all twelve barrels out nothing drops, and with all four fireballs out a barrel reaching the Oil
   Can lets none out.
 - A pawn that stops on a red dot with an obstacle on it settles the contact first, then draws.
 - Jump: {jump_decision}
 - The end: {end_decision}
 - A card lost by the penalty {penalty_decision}.
   An empty deck gives no card, so a draw or a reward from it simply does not happen.
 - The texts end the game only at the rescue. So that every game ends, this table also stops one
   after {rounds} full rounds without a rescue, with no bonus for anyone: a safety net that even pawns
   moving at random almost never reach.
 - Equal highest totals share the win.

Board: {board_name}, the project's own design (no published layout could be used): {board_counts}.
Spaces go by the names in the board file: {board_names}.
"""

_VARIANT = {
    "rulebook": dict(
        move_rule="A move may not go both left and right, nor both up and down (the rulebook: never two "
                  "different directions in one move); it may turn from a girder onto a ladder and on "
                  "again in the same senses. Pawns may share spaces. The ladder up to the Finish platform stands "
                  "right of the Finish, so a pawn left of that ladder cannot reach the Finish in one move "
                  "(right, up, then left): it stops on the ladder or the platform and goes left next turn.",
        release_rule="Press Donkey Kong: a barrel from the dispenser drops onto the drop space (this "
                     "happens also when the obstacle die shows Donkey Kong). It meets what is there like "
                     "any moving obstacle and moves on if another barrel rests there.",
        wiki_ladder="",
        oil_rule="A barrel reaching the Oil Can returns to the dispenser and lets out a fireball, which "
                 "moves on with what is left of the count (with nothing left it stays on the Oil Can "
                 "space and climbs next time).",
        jump_rule="If the obstacle was moving and its count ended exactly on your pawn, it moves one "
                  "space further; otherwise it simply goes on with its count (or, if your pawn moved "
                  "into it, stays where it is).",
        end_rule="when a pawn reaches the Finish, its player still plays out the rest of that turn: the "
                 "obstacles move and the dispenser drops a barrel, with every contact settled as usual "
                 "(other players may still play cards and score). Then the rescuer scores 500 and the "
                 "game ends.",
    ),
    "wiki": dict(
        move_rule="A move may never come back to a space it has already visited in that move (no "
                  "backtracking), but may change direction freely otherwise. If the move ends on "
                  "another pawn, it carries on to the next space free of pawns (still without "
                  "backtracking; if no such space can be reached it stops on the other pawn).",
        release_rule="Press Donkey Kong: a barrel from the dispenser drops onto the drop space. When the "
                     "obstacle die shows Donkey Kong the turn ends at once: no obstacle moves and no "
                     "barrel is released.",
        wiki_ladder=", nor when the ladder's top or foot space is occupied by any other piece",
        oil_rule="A barrel that stops exactly on the Oil Can just returns to the dispenser; one that "
                 "passes it returns too and lets out a fireball, which moves on with what is left "
                 "of the count.",
        jump_rule="An obstacle in motion moves one extra space (its count grows by one). If your pawn "
                  "moved into it, it stays where it is (the pawn's path was fixed when you chose it).",
        end_rule="the game ends the moment a pawn reaches the Finish. Contacts met on the way there are "
                 "settled first; then the rescuer scores 500 and nothing else happens that turn: no "
                 "obstacle moves, no barrel drops, nobody plays or takes another card.",
    ),
}


_DECISIONS = {
    "rulebook": dict(
        dice_decision="the rulebook names only the red die's \"Donkey Kong Rests\" face. The article gives "
                      "the obstacle die as 3, 4, 5, 6 and two Donkey Kong faces, and the two editions differ "
                      "only in the dice's colours, so the red die here has those faces.",
        direction_decision="\"two different directions\" is read as left and right, or up and down: a "
                           "move may turn from a girder onto a ladder and off it again. Pawns may share a "
                           "space (the rulebook does not forbid it).",
        dk_decision="no obstacle moves, but Donkey Kong still drops a barrel (the rulebook lists the drop "
                    "as a step of its own).",
        jump_decision="a pawn that walks into an obstacle jumps it where it stands; \"landed on you by "
                      "exact count\" includes an obstacle whose ladder slide ends on your pawn.",
        penalty_where="into the deck",
        penalty_decision="is mixed back into the deck, so any card may come next",
        end_decision="the rulebook has the rescuer finish the turn before the bonus, so the obstacles "
                     "still move after the rescue and a player they hit may still play a card (and so "
                     "overtake the rescuer); the article instead ends the game at the rescue.",
    ),
    "wiki": dict(
        dice_decision="the article's obstacle die (3, 4, 5, 6 and two Donkey Kong faces) and a plain "
                      "1 to 6 die for Mario, as the article gives them.",
        direction_decision="\"cannot backtrack\" is read as never entering a space twice in one move. "
                           "\"An occupied space\" for a pawn means one with another pawn on it; a pawn "
                           "ending on a barrel or fireball stays there and plays a card.",
        dk_decision="the article says the turn ends, so neither obstacles move nor does Donkey Kong drop "
                    "a barrel.",
        jump_decision="the article's \"move one extra space\" is read as the obstacle moving one more "
                      "space (the printed rulebook also moves the obstacle); a pawn that walks into an "
                      "obstacle jumps it where it stands.",
        penalty_where="face down on top of the deck, so it is the next card drawn",
        penalty_decision="goes face down on top of the deck, as the article says, and is the next card "
                         "anybody draws (a red dot, a reward, the deal); only those cards' order is kept, "
                         "the rest of the deck stays unordered. The card is picked at random, but the "
                         "game then names it (the log reads, say, \"Ann's played Hammer 300 goes face down on "
                         "top of the deck\"), so all players "
                         "know which card lies on top and the next draw is no surprise: the article's "
                         "\"without looking\" survives only in the random pick",
        end_decision="the article says the game ends when a player reaches the Finish and rescues the "
                     "maiden, so here it ends right there (once contacts met on the way are settled): "
                     "the obstacles do not move again and nobody else can play a card, so the scores "
                     "at the rescue, plus the 500, are final. The printed rulebook lets the rescuer "
                     "finish the turn first.",
    ),
}


def _board_facts() -> dict:
    """What the help says about the board, read from the board file (so another board needs no edit)."""
    data = BOARD.data
    path = [g for g in data["girders"] if g.get("barrels_roll") is not None]
    sizes = sorted({len(g["spaces"]) for g in path})
    size = f"{sizes[0]}" if len(sizes) == 1 else f"{sizes[0]} to {sizes[-1]}"
    rungs = sorted({len(lad["spaces"]) for lad in data["ladders"]})
    rung = f"{rungs[0]}" if len(rungs) == 1 else f"{rungs[0]} to {rungs[-1]}"
    red = sum(BOARD.red_dot)
    first_girder = min(path, key=lambda g: g["level"])
    example_ladder = data["ladders"][0]
    names = (f"{first_girder['spaces'][0]} is the left end of the bottom girder, "
             f"{example_ladder['spaces'][0]} the lowest black space of ladder {example_ladder['id']}; "
             f"{BOARD.names[BOARD.start]} is the Start, {BOARD.names[BOARD.finish]} the Finish, "
             f"{BOARD.names[BOARD.oil_can]} the Oil Can, {BOARD.names[BOARD.dk]} the space in front of Donkey "
             f"Kong and {BOARD.names[BOARD.drop]} the drop space")
    counts = (f"{len(path)} sloped girders of {size} blue spaces, {len(data['ladders'])} ladders of {rung} black "
              f"spaces, {red} red dots and {len(BOARD.start_barrels)} black dots")
    return dict(board_name=data.get("name", "the board"), board_counts=counts, board_names=names, red_dots=red)


def help_text(variant: str) -> str:
    if variant not in _VARIANT:
        raise ValueError(f"unknown Donkey Kong variant {variant!r}; choose rulebook or wiki")
    colours = DIE_COLOURS[variant]
    faces = ", ".join("Donkey Kong" if face_label(f) == "DK" else face_label(f) for f in OBSTACLE_DIE[variant])
    text = _COMMON_START.format(
        variant=variant, default=", the default" if variant == "rulebook" else "",
        mario_colour=colours["mario"], obstacle_colour=colours["obstacles"], faces=faces,
        roll_offs=ROLL_OFF_LIMIT, rounds=ROUND_LIMIT, **_VARIANT[variant], **_DECISIONS[variant],
        **_board_facts(),
    )
    return _reflow(text)


def _reflow(text: str, width: int = 100) -> str:
    """Rewrap the text: blank lines part paragraphs, bullets (' 1. ', ' - ') start items, and
    every other line continues the item above it."""
    items: list[list[str]] = []  # [leading text with indent, words...]
    for line in text.splitlines():
        if not line.strip():
            items.append([""])
            continue
        starts_item = re.match(r"\s*(- |\d+\. )", line) or not items or items[-1] == [""] or line.endswith(":")
        if starts_item or items[-1][-1].endswith(":"):
            items.append([line.rstrip()])
        else:
            items[-1].append(line.strip())
    out = []
    for item in items:
        if item == [""]:
            out.append("")
            continue
        first = item[0]
        indent = first[: len(first) - len(first.lstrip())]
        bullet = re.match(r"\s*(- |\d+\. )", first)
        more = indent + " " * (len(bullet.group(1)) if bullet else 0)
        joined = " ".join([first.strip()] + item[1:])
        out.append(textwrap.fill(joined, width, initial_indent=indent, subsequent_indent=more))
    return "\n".join(out)


def dk_face_words(variant: str) -> str:
    """What a Donkey Kong face on the obstacle die means, after the dice's words: in the wiki variant no obstacle
    moves and no barrel drops; in the rulebook's the obstacles stay and a barrel still drops (the log said
    "(Donkey Kong rests)", the rulebook's word, in both: a wiki audit)."""
    return (" (Donkey Kong: no obstacle moves and no barrel drops)" if variant == "wiki"
            else " (Donkey Kong rests: no obstacle moves, a barrel still drops)")


def dice_words(mario, obstacles, variant: str) -> str:
    """A roll in words, as the window's log and the terminal say it: "dice: Mario 6, obstacles DK (...)"."""
    return f"dice: Mario {mario}, obstacles {obstacles}" + (dk_face_words(variant) if str(obstacles) == "DK" else "")
