"""Monkey Dash for two players: crates, supervisors, monkeys and Power Cards on a warehouse grid.

The package's SPEC is what the registry lists. The board and the Power Cards are data in
assets/monkey_dash/, loaded and checked here once. The table and the engine interface are in state.py,
the legal moves in moves.py, what each action does and the course of a turn in actions.py, the AP
prices in costs.py, the refusals in illegal.py, the text board in text_board.py, bots in bots.py and
the help text in help.py.
"""

from __future__ import annotations

from ..bots import RandomBot
from ..core import GameSpec
from .actions import TURN_LIMIT
from .board import load_board
from .bots import DeepBot, GreedyBot, SearchBot
from .cards import load_cards
from .help import VARIANTS, help_text
from .state import ACTIONS_PER_TURN, MonkeyDashState

BOARD = load_board()
CARDS = load_cards()

MonkeyDashState.board = BOARD
MonkeyDashState.deck = CARDS
MonkeyDashState._cards = {c.id: c for c in CARDS}
MonkeyDashState._deck_order = {c.id: i for i, c in enumerate(CARDS)}

SPEC = GameSpec(
    name="monkey_dash",
    title="Monkey Dash",
    summary="two players race their monkeys over crates into their loading bays",
    min_players=2,
    max_players=2,
    variants=VARIANTS,
    default_variant="standard",
    # the start player and four dealt cards, then at most ACTIONS_PER_TURN actions in each turn
    max_length=5 + TURN_LIMIT * ACTIONS_PER_TURN,
    new_state=MonkeyDashState,
    state_from_json=MonkeyDashState.from_json,
    bots={"random": RandomBot, "greedy": GreedyBot, "search": SearchBot, "deep": DeepBot},
    # weakest first: the launcher's seat buttons cycle them in this order (measured ladder: docs/monkey_dash.md)
    bot_notes={"random": "moves at random, with no aim at all; a beginner anyone can beat",
               "greedy": "takes whichever single step brings its monkey nearest its bay, without planning the turn",
               "search": "tries every way to spend its action points and glances at your best reply",
               "deep": "plans its whole turn and checks every reply you could make to its best few plans; "
                       "the strongest"},
    default_bot="random",
    help_text=lambda variant: help_text(variant, BOARD, CARDS),
)
MonkeyDashState.spec = SPEC

__all__ = ["SPEC", "MonkeyDashState", "BOARD", "CARDS"]
