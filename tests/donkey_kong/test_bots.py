"""Donkey Kong bots: they choose legal actions and their stated preferences hold."""

from __future__ import annotations

import numpy as np
import pytest

from games.donkey_kong import SPEC
from games.donkey_kong.bots import ExpertBot, FinishAwareGreedy, GreedyBot, StrongBot
from games.selfplay import run, summary_text
from tests.donkey_kong.test_rules import roll, table


def test_greedy_plays_its_most_valuable_card_hammer_on_a_tie():
    """Greedy: best immediate points."""
    st = table(pawns=["G5.0", "G5.5"], barrels=["G5.1"], hands=[["J300", "H300", "J100"], []])
    roll(st, 1, "DK")
    st.apply_action("move G5.1")
    assert GreedyBot().choose(st, np.random.default_rng(0)) == "play H300"


def test_greedy_and_strong_take_the_finish_when_it_wins():
    """'Whoever reaches the Finish space first ... is awarded a 500 point bonus.'"""
    for bot in (GreedyBot(), StrongBot(), ExpertBot(playouts=8)):
        st = table(pawns=["L11.2", "G1.2"], played=[["J100"], ["J300"]])
        roll(st, 2, 4)
        assert bot.choose(st, np.random.default_rng(1)) == "move P.1 FINISH"


def test_bots_finish_games_without_errors():
    for bots in (["strong", "greedy"], ["greedy", "random", "strong"], ["expert", "strong"],
                 ["patient", "random"]):
        summary = run("donkey_kong", games=2, seed=5, bots=bots, progress=False)
        assert summary["finished"] == 2 and summary["errors"] == 0 and summary["invariant_violations"] == 0
    assert list(SPEC.bots)[0] == "random" and list(SPEC.bots)[-1] == "expert"


def test_expert_choice_depends_only_on_the_seed_it_is_given():
    """A fixed number of playouts, not a clock: the same state and generator give the same choice."""
    st = table(pawns=["G2.3", "G1.6"], barrels=["G2.5", "G3.2"], hands=[["J100"], ["H200"]])
    roll(st, 4, 3)
    picks = {ExpertBot(playouts=12).choose(st.clone(), np.random.default_rng(7)) for _ in range(3)}
    assert len(picks) == 1 and picks.pop() in st.legal_actions()


def test_selfplay_reports_games_cut_short_by_the_round_limit_on_their_own(monkeypatch):
    """The rules end the game only at the rescue; the round limit is a safety net, and selfplay counts
    the games that reach it apart from the games the rules ended (here with the limit lowered to 3
    rounds, which random pawns never finish in, beside an untouched greedy game that does)."""
    import games.donkey_kong.state as dk_state

    summary = run("donkey_kong", games=3, seed=0, bots=["greedy", "greedy"], progress=False)
    assert summary["reached_limit"] == 0 and sum(summary["wins_by_seat"]) >= 3
    monkeypatch.setattr(dk_state, "ROUND_LIMIT", 3)
    cut = run("donkey_kong", games=3, seed=0, bots=["random", "random"], progress=False)
    assert cut["finished"] == 3 and cut["reached_limit"] == 3 and cut["reached_limit_seeds"] == [0, 1, 2]
    assert cut["wins_by_seat"] == [0, 0] and sum(cut["wins_by_seat_at_limit"]) >= 3
    assert "cut short by the game's limit, not counted above: 3 (seeds 0, 1, 2)" in summary_text(cut)


def test_finish_aware_greedy_takes_a_winning_finish_and_not_a_losing_one():
    """'Play stops when one player reaches the Finish space. Whoever reaches the Finish space first ...
    is awarded a 500 point bonus. ... All players total up the number of points they have on their
    "played" facedown cards only.' Plain greedy takes the bonus whenever it can; the finish-aware
    policy (the `patient` level, and in expert's playouts) does only when the bonus wins the game."""
    losing = table(pawns=["L11.2", "G1.2"], played=[["J100"], ["H400", "H400"]])  # 600 against 800
    roll(losing, 2, 4)
    assert GreedyBot().choose(losing, np.random.default_rng(0)) == "move P.1 FINISH"
    assert FinishAwareGreedy().choose(losing, np.random.default_rng(0)) == "move L11.1 G6.5"
    winning = table(pawns=["L11.2", "G1.2"], played=[["J300"], ["H400"]])  # 800 against 400
    roll(winning, 2, 4)
    assert FinishAwareGreedy().choose(winning, np.random.default_rng(0)) == "move P.1 FINISH"
    # the opponent's best face-up card counts against the finish: it may still be played this turn
    close = table(pawns=["L11.2", "G1.2"], played=[["J300"], ["H400"]], hands=[[], ["H400"]])
    roll(close, 2, 4)
    assert FinishAwareGreedy().choose(close, np.random.default_rng(0)) == "move L11.1 G6.5"


def test_expert_halving_gives_the_later_playouts_to_the_better_half(monkeypatch):
    """Successive halving: every candidate gets `playouts`, then the better half as many again as all
    before, and so on; the choice is legal and the same from the same seed, for each playout policy."""
    import games.donkey_kong.bots as dk_bots

    st = table(pawns=["G2.3", "G1.6"], barrels=["G2.5", "G3.2"], hands=[["J100"], ["H200"]])
    roll(st, 4, 3)
    n = len(dk_bots.candidates(st, st.legal_actions(), 12))
    assert n >= 4
    calls = []
    real = dk_bots.play_greedily
    monkeypatch.setattr(dk_bots, "play_greedily", lambda *a, **k: (calls.append(1), real(*a, **k)))
    ExpertBot(playouts=3, rounds=3).choose(st.clone(), np.random.default_rng(2))
    half = (n + 1) // 2
    quarter = (half + 1) // 2
    assert len(calls) == 3 * n + 3 * half + (6 * quarter if quarter > 1 else 0)
    for policy in ("greedy", "finish", "mine"):
        picks = {ExpertBot(playouts=4, rounds=2, policy=policy).choose(st.clone(), np.random.default_rng(9))
                 for _ in range(2)}
        assert len(picks) == 1 and picks.pop() in st.legal_actions()


def test_expert_refuses_an_unknown_playout_policy():
    with pytest.raises(ValueError, match="'greedy', 'finish' or 'mine', not 'clever'"):
        ExpertBot(policy="clever")


def test_cheap_chance_draws_are_the_outcomes_sample_outcome_draws():
    """The expert's playouts draw their dice and cards through ChanceDraws (uniforms a block at a time,
    the dice's running sums kept): over many draws, more than a block's worth, from the variants' dice,
    the roll for the first turn and lists made afresh, it picks what sample_outcome picks from the same
    seed, one by one."""
    from games.bots import ChanceDraws, sample_outcome
    from games.donkey_kong.state import FIXED_CHANCE

    lists = list(FIXED_CHANCE) + [[("draw a", 3.0), ("draw b", 1.0)], [("only", 1.0)],
                                  [("x", 0.1), ("y", 0.2), ("z", 0.7)]]
    pick = np.random.default_rng(3)
    order = [lists[int(k)] for k in pick.integers(len(lists), size=3 * ChanceDraws.BLOCK + 5)]
    draw = ChanceDraws(np.random.default_rng(11), FIXED_CHANCE)
    plain = np.random.default_rng(11)
    cheap = [draw(list(o) if i % 3 == 0 else o) for i, o in enumerate(order)]  # a copy is not a fixed list
    assert cheap == [sample_outcome(o, plain) for o in order]
    assert len(set(cheap)) > 10


def test_an_expert_playout_ends_as_one_drawn_with_sample_outcome():
    """own_rng only changes how the draws are taken from the playout's own generator: the game it plays
    out ends in the same place, score for score."""
    from games.donkey_kong.bots import play_greedily

    st = table(pawns=["G2.3", "G1.6"], barrels=["G2.5", "G3.2"], hands=[["J100"], ["H200"]])
    roll(st, 4, 3)
    for seed in range(4):
        a, b = st.clone(), st.clone()
        play_greedily(a, np.random.default_rng(seed), GreedyBot(), own_rng=True)
        play_greedily(b, np.random.default_rng(seed), GreedyBot())
        assert a.is_terminal() and a.scores() == b.scores() and a.turns == b.turns and a.pawns == b.pawns
