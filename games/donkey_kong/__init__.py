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
    # the win rates are the rulebook variant's (in the wiki variant the weaker bots win more often against
    # random, and strong's edge over patient is smaller: a wiki-variant audit)
    bot_notes={"random": "moves at random among the legal moves; the one to beat first",
               "greedy": "takes whatever scores most this move and climbs, rushing to the rescue even "
                         "when behind; in the default variant it beats random only a little over half the games",
               "patient": "plays like greedy but never rescues the maiden while that would lose the game; in "
                          "the default variant it beats random 3 games in 4, yet head to head is about even "
                          "with greedy (99 wins to 104 over 200 games)",
               "strong": "tries each choice to the end of the turn and a round beyond and judges the "
                         "points, cards and race; in the default variant it beats patient 3 games in 4",
               "expert": "plays each choice to the end of the game hundreds of times, the closest ones "
                         "most; the strongest, beats strong about 7 games in 10"},
    help_text=help_text,
)
DonkeyKongState.spec = SPEC

__all__ = ["SPEC", "BOARD", "BoardError", "DonkeyKongState", "load_board", "help_text"]
