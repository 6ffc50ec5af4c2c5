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
              "roll 3 4", "move G1.3 L1.1 L1.2", "roll 1 DK", "move G1.3", "roll 1 4", "move L1.1", "roll 1 DK"]
# A game of random moves (seed 1, 6 Dec, after the rulebook's obstacle die took the article's faces).
DK_MIDGAME = [
    "roll 4", "roll 6", "deal J100", "deal H400", "deal J200", "deal J300", "deal H300", "deal J300", "roll 4 4",
    "move G1.3 G1.4 G1.5 G1.6", "draw H300", "roll 4 4", "move G1.3 G1.4 G1.5 G1.6", "draw J200", "roll 5 DK",
    "move G1.5 G1.4 G1.3 G1.2 G1.1", "roll 3 DK", "move G1.5 G1.4 G1.3", "roll 1 DK", "move G1.0", "roll 2 4",
    "move G1.4 G1.5", "play J300", "roll 5 6", "move G1.1 G1.2 G1.3 G1.4 G1.5", "play J100", "play J200",
    "play H300", "roll 3 DK", "move G1.4 G1.3 G1.2", "play H400", "play J300", "roll 5 5",
    "move G1.6 G1.7 L2.1 L2.2 G2.7", "play H300", "roll 4 4", "move G1.3 L1.1 L1.2 G2.3", "play J200", "roll 1 DK",
    "move G2.6", "roll 6 DK", "move G2.4 G2.5 G2.6 G2.7 L2.2 L2.1", "lose J200", "roll 4 DK",
    "move G2.5 L4.1 L4.2 G3.5", "lose H300", "roll 4 DK", "move L2.2 G2.7 G2.8 G2.9", "roll 1 4", "move L4.2",
    "steal J300", "roll 3 DK", "move G2.8 G2.7 G2.6", "roll 4 DK", "move L4.1 G2.5 G2.4 G2.3", "roll 6 3"]


@pytest.mark.parametrize("actions, counts", [
    # Seat 1 rolled 1 on the white die: depth 1 is the 3 spaces one step from G1.3, along the girder
    # either way and up its ladder (a pawn moves exactly the white die's count). Depth 2: after each of
    # those moves the next player rolls both dice, 6 white faces by 5 red ones (3 to 6 and Donkey Kong,
    # which is two of the die's six faces), so 3 x 30; the obstacles move with no chance step or decision
    # between. Depths 3 and 4 add that roll's moves and the card rules (cards in hand).
    (DK_OPENING, [3, 90, 330, 3078]),
    # Turn 18, seat 1 to move Mario exactly 6 spaces from G2.6: depth 1 is the 6 paths of 6 spaces (left
    # along girder 2 to G2.0 or up L3 from G2.1, down L1 to G1.3, up L4 to G3.3 or on to L5, right and
    # down L2 to G1.9); deeper counts rest also on the cards in hand, the obstacles' moves and what a
    # contact costs.
    (DK_MIDGAME, [6, 68, 462, 2437]),
], ids=["opening", "midgame"])
def test_donkey_kong_perft(actions, counts):
    state = position(DONKEY_KONG, "rulebook", actions)
    assert [perft(state, d) for d in range(1, len(counts) + 1)] == counts


MD_MIDGAME = ["start blue", "draw tailwind", "draw tea_break", "draw banana_bribe", "draw wet_floor", "no interrupt",
              "sup N", "push d3 d4", "end turn", "sup S", "rotate d5 c5", "sup S", "rotate c5 c6", "no interrupt",
              "buy", "draw night_shift", "end turn", "buy", "draw nap_time", "no interrupt", "rotate e4 e3",
              "rotate d4 e4", "sup N", "rotate c3 d3", "end turn", "rotate c6 c5", "push c5 b5", "rotate b5 b6",
              "no interrupt", "push e4 f4", "push e5 e6", "end turn", "push c4 c3", "push c3 c2", "no interrupt",
              "rotate e6 f6", "rotate f4 f5", "monkey g7-f6", "monkey f6-f5", "end turn", "rotate c2 b2",
              "monkey a1-b2", "sup S", "rotate d3 c3", "no interrupt", "heave f5 f4", "end turn", "monkey b2-c3",
              "sup E", "rotate e3 d3", "monkey c3-d3", "no interrupt", "buy", "draw safety_inspection",
              "discard night_shift", "end turn", "no interrupt", "heave d3 e3", "no interrupt", "sup E"]
"""A greedy-against-greedy game of seed 11 (standard), 60 actions in: blue to act with 3 AP and three cards."""


@pytest.mark.parametrize("variant, actions, counts", [
    # The warehouse of assets/monkey_dash/board.json (crates round the empty centre since 2 Dec). Red starts
    # with 3 AP (the start costs 1). Depth 1: red's supervisor, on its bay at d7, steps to one of its three
    # free orthogonal squares ('sup E/S/W', 1 AP); red's monkey has no crate beside its nest at a1, so it
    # cannot move yet. Deeper: the rest of the turn's AP. Standard has dealt each player two Power Cards
    # (the four 'draw' outcomes), Pure none: the counts part at depth 4.
    ("standard", ["start red", "draw nap_time", "draw forklift", "draw tea_break", "draw overtime"], [3, 12, 53, 160]),
    ("pure", ["start red"], [3, 12, 53, 161]),
    # Depth 1 here: 2 supervisor steps (E, W), 2 rotations of the crate at f6 beside blue's supervisor,
    # 1 push (f6 to f7) and blue's two own-turn cards (Banana Bribe, Tailwind; Safety Inspection is an
    # Interrupt, played only in red's turn).
    ("standard", MD_MIDGAME, [7, 49, 305, 1508]),
], ids=["standard-opening", "pure-opening", "standard-midgame"])
def test_monkey_dash_perft(variant, actions, counts):
    state = position(MONKEY_DASH, variant, actions)
    assert [perft(state, d) for d in range(1, len(counts) + 1)] == counts
