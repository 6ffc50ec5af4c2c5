"""The Donkey Kong board game (Milton Bradley, 1982): variants 'rulebook' (default) and 'wiki'."""

from __future__ import annotations

from games.bots import RandomBot
from games.core import GameSpec

from .board import BOARD, BoardError, load_board
from .bots import ExpertBot, FinishAwareGreedy, GreedyBot, StrongBot
from .help import help_text
from .state import MAX_LENGTH, DonkeyKongState

SPEC = GameSpec(
    name="donkey_kong",
    title="Donkey Kong",
    summary="climb the girders to the Fair Maiden, playing Jump and Hammer cards on barrels and fireballs",
    min_players=2,
    max_players=4,
    variants={
        "rulebook": "the printed 1982 rulebook",
        "wiki": "the encyclopedia article's reading",
    },
    default_variant="rulebook",
    max_length=MAX_LENGTH,
    new_state=DonkeyKongState,
    state_from_json=DonkeyKongState.from_json,
    bots={"random": RandomBot, "greedy": GreedyBot, "patient": FinishAwareGreedy, "strong": StrongBot,
          "expert": ExpertBot},
    bot_notes={"random": "moves at random among the legal moves; the one to beat first",
               "greedy": "takes whatever scores most this move and climbs, rushing to the rescue even "
                         "when behind; beats random only a little over half the games",
               "patient": "plays like greedy but never rescues the maiden while that would lose the "
                          "game; beats random 3 games in 4, though head to head it is about even with "
                          "greedy (99 to 104 over 206 games)",
               "strong": "tries each choice to the end of the turn and a round beyond and judges the "
                         "points, cards and race; beats patient 3 games in 4",
               "expert": "plays each choice to the end of the game hundreds of times, the closest ones "
                         "most; the strongest, beats strong about 7 games in 10"},
    help_text=help_text,
)
DonkeyKongState.spec = SPEC

__all__ = ["SPEC", "BOARD", "BoardError", "DonkeyKongState", "load_board", "help_text"]
