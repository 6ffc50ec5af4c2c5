"""Perft: how many ways a game can go from fixed positions, counted to a few steps deep.

python-chess checks its move generator against known perft numbers; these do the same for the two
board games. perft(state, depth) counts the lines of play `depth` steps long from a position, every
decision and every chance outcome a branch of its own. A change in move generation (a step gained,
lost or doubled) changes some count. Each position is a list of actions replayed on a new game, so
it depends on no seed or bot; the comment above each count says which rules it rests on, so that a
deliberate rule change can update the number it moves and no other.
"""

from __future__ import annotations

import pytest

from games.donkey_kong import SPEC as DONKEY_KONG
from games.monkey_dash import SPEC as MONKEY_DASH


def perft(state, depth: int) -> int:
    if depth == 0 or state.is_terminal():
        return 1
    steps = state.legal_actions() if state.current_player() >= 0 else [o for o, _ in state.chance_outcomes()]
    total = 0
    for action in steps:
        child = state.clone()
        child.apply_action(action)
        total += perft(child, depth - 1)
    return total


def position(spec, variant: str, actions: list[str], players: int = 2):
    state = spec.new_state(spec.make_config(players=players, variant=variant))
    for action in actions:
        state.apply_action(action)
    return state


DK_OPENING = ["roll 1", "roll 5", "deal J200", "deal H300", "deal J100", "deal H200", "deal J300", "deal J300",
              "roll 3 2", "move G1.3 L1.1 L1.2", "roll 1 2", "move G1.3", "roll 1 4", "move L1.1", "roll 1 DK"]
DK_MIDGAME = [
    "roll 6", "roll 5", "deal H300", "deal J200", "deal J100", "deal H200", "deal H300", "deal H400",
    "roll 3 5", "move G1.3 L1.1 L1.2", "roll 3 4", "move G1.3 G1.4 G1.5", "roll 1 DK", "move G2.3",
    "roll 3 4", "move G1.6 G1.7 L2.1", "play J200", "play J100", "roll 6 6", "move L1.2 L1.1 G1.3 G1.2 G1.1 G1.0",
    "play H300", "roll 2 4", "move G1.7 G1.8", "play H300", "steal J100", "play H400", "roll 6 5",
    "move G1.1 G1.2 G1.3 L1.1 L1.2 G2.3", "lose H300", "roll 4 2", "move G1.7 G1.6 G1.5 G1.4", "roll 2 5",
    "move L1.2 L1.1", "roll 6 DK", "move G1.5 G1.6 G1.7 L2.1 L2.2 G2.7", "roll 2 DK", "move G1.3 G1.2",
    "roll 2 3", "move G2.8 G2.9", "roll 5 DK", "move G1.3 L1.1 L1.2 G2.3 G2.4", "roll 3 2", "move G2.8 G2.7 L2.2",
    "roll 5 DK", "move G2.3 L1.2 L1.1 G1.3 G1.2", "roll 2 2", "move G2.7 G2.8", "draw J100", "roll 2 2",
    "move G1.3 L1.1", "roll 6 5"]


@pytest.mark.parametrize("actions, counts", [
    # Seat 1 rolled 1 on the white die: depth 1 is the 3 spaces one step from G1.3, along the girder
    # either way and up its ladder (a pawn moves exactly the white die's count). Depth 2: after each of
    # those moves the next player rolls both dice, 6 white faces by 6 red ones (the rulebook's red die:
    # 2 to 6 and DK), so 3 x 36; the obstacles the DK face sets going move with no chance step or
    # decision between. Depths 3 and 4 add that roll's moves and the card rules (cards in hand).
    (DK_OPENING, [3, 108, 396, 4728]),
    # Turn 18, seat 2 to move Mario exactly 6 spaces from G2.8: depth 1 is the 4 paths of 6 spaces
    # (along girder 2 to G2.2, or turning down the ladder to L1.2, up to G3.5, or down to G1.5); deeper
    # counts rest also on the cards in hand, the obstacles' moves and what a contact costs.
    (DK_MIDGAME, [4, 114, 412, 8972]),
], ids=["opening", "midgame"])
def test_donkey_kong_perft(actions, counts):
    state = position(DONKEY_KONG, "rulebook", actions)
    assert [perft(state, d) for d in range(1, len(counts) + 1)] == counts


MD_MIDGAME = ["start blue", "draw tea_break", "draw nap_time", "draw banana_bribe", "draw overtime", "no interrupt",
              "monkey g7-f6", "play banana_bribe", "monkey f6-e5", "monkey e5-f6", "play tea_break", "sup S",
              "rotate e5 d5", "rotate c5 c6", "play nap_time", "buy", "draw night_shift", "rotate d5 e5",
              "rotate c6 c7", "rotate c7 d7", "sup E", "play night_shift", "sup W", "sup E", "sup NW", "rotate b2 b1",
              "sup N", "push d7 c7", "play overtime", "push c7 b7"]


@pytest.mark.parametrize("variant, actions, counts", [
    # Red starts with 3 AP (the start costs 1). Depth 1: red's supervisor steps to one of its three free
    # orthogonal squares ('sup E/S/W', 1 AP) or red's monkey hops from its nest onto the crate at b2;
    # deeper, the rest of the turn's AP (more steps, rotations, monkey moves). Standard has dealt each
    # player two Power Cards (the four 'draw' outcomes), Pure has none: the counts part at depth 4.
    ("standard", ["start red", "draw nap_time", "draw forklift", "draw tea_break", "draw overtime"], [4, 23, 132, 396]),
    ("pure", ["start red"], [4, 23, 132, 519]),
    # Turn 7, blue with 4 AP and no card: depth 1 is 3 supervisor steps, 4 rotations of the two crates
    # next to blue's supervisor (c3, b1), 1 push, the monkey's one move and 'buy' (a card for 4 AP).
    ("standard", MD_MIDGAME, [10, 77, 560, 3727]),
], ids=["standard-opening", "pure-opening", "standard-midgame"])
def test_monkey_dash_perft(variant, actions, counts):
    state = position(MONKEY_DASH, variant, actions)
    assert [perft(state, d) for d in range(1, len(counts) + 1)] == counts
