"""The `deep` bot, the strongest Monkey Dash level: legal moves only, the same game from the same seed,
whole games in every variant, and the reply the `search` bot's capped check misses."""

from __future__ import annotations

import numpy as np
import pytest

from games.core import CHANCE, Seat
from games.match import Match
from games.monkey_dash import SPEC
from games.monkey_dash.bots import WIN, DeepBot, SearchBot, TurnSearch, WholeTurns, least_useful_draw
from games.selfplay import run
from tests.monkey_dash.test_rules import BLUE, RED, play, position


@pytest.mark.parametrize("variant", ["bananas", "pure"])  # standard: the next test
def test_deep_plays_a_whole_game_with_legal_moves_only(variant):
    """Every decision the bot takes is one of the legal actions (the driver refuses any other, and
    selfplay counts that as an error); the game ends by the rules, with a winner."""
    summary = run("monkey_dash", games=1, seed=11, bots=["deep", "greedy"], variant=variant, progress=False)
    assert summary["errors"] == 0, summary["error_messages"]
    assert summary["invariant_violations"] == 0
    assert summary["finished"] == 1 and summary["reached_limit"] == 0
    assert summary["winners"] == [[0]]  # the strongest level beats the one-step greedy bot


def test_each_decision_is_a_legal_action():
    """Asked directly at every decision of a whole game with Power Cards (Interrupt windows, card plays,
    draws in the middle of a turn), the bot answers with an action from legal_actions()."""
    config = SPEC.make_config([Seat("deep 1", "deep"), Seat("search 2", "search")], "standard")
    match = Match(config, 3)
    bots = {0: DeepBot(), 1: SearchBot()}
    kinds = set()
    while not match.is_over():
        state = match.state
        p = state.current_player()
        if p == CHANCE:
            match.step()
            continue
        choice = bots[p].choose(state.clone(), np.random.default_rng(len(match.history)))
        assert choice in state.legal_actions()
        kinds.add(state.phase)
        state.apply_action(choice)
    assert match.state.winners() in ([RED], [BLUE])
    assert "act" in kinds and match.state.turn_count() > 10


def test_the_same_seed_replays_the_same_game():
    """Fixed seeds everywhere: two runs from one seed give the same actions (the digest of every game),
    in the variant with card draws too; another seed gives another game."""
    first = run("monkey_dash", games=1, seed=21, bots=["deep", "greedy"], variant="standard", progress=False)
    again = run("monkey_dash", games=1, seed=21, bots=["deep", "greedy"], variant="standard", progress=False)
    other = run("monkey_dash", games=1, seed=22, bots=["deep", "greedy"], variant="standard", progress=False)
    assert first["digest"] == again["digest"] and first["winners"] == again["winners"]
    assert other["digest"] != first["digest"]


def test_a_decision_depends_only_on_the_position_and_the_generator():
    state = position("pure", sups=["b4", "f4"], crates=["c3", "d3", "c4", "e4", "d5", "e5"])
    picks = {DeepBot().choose(state.clone(), np.random.default_rng(5)) for _ in range(3)}
    assert len(picks) == 1 and picks <= set(state.legal_actions())


def test_a_draw_in_the_middle_of_the_turn_is_searched_on():
    """A Monkey Dash earns a Power Card drawn at once ('When a Monkey Dash is made, the player takes a
    Power Card'); the turn search assumes the least useful card left and goes on with the turn, where
    the old search stopped at the draw."""
    state = position("standard", sups=["f2", "d2"], crates=["b2", "c3", "d4", "e5", "f6", "a6"],
                     monkeys=["b2", "g7"])
    play(state, "monkey b2-f6")
    assert state.current_player() == CHANCE and state.ap == 3
    assert [path for path, _ in TurnSearch(RED, 100000).ends(state)] == [[]]  # the old search stops here
    ends = list(WholeTurns(RED, 100000).ends(state))
    assert all(path[0] == "draw" for path, _ in ends)
    assert any(path[1:4] == ["sup N", "sup N", "sup N"] for path, _ in ends)  # the 3 AP left are played
    assert all(end.turn_player == BLUE for _, end in ends)  # every end is the end of the turn
    assert all(end.hands[RED] == ["night_shift"] for _, end in ends)
    twin = state
    assert least_useful_draw(twin) == "draw night_shift"  # the lowest-ranked card in the pile


def _blue_wins_after(state, plan):
    """Blue's winning replies (every one, searched without a cap) after red plays `plan`."""
    twin = state.clone()
    for a in plan:
        twin.apply_action(a)
    assert twin.current_player() == BLUE  # the plan is a whole turn
    return twin, [p for p, end in WholeTurns(BLUE, 10 ** 6).ends(twin) if end.winner == BLUE]


def _threat(variant, blue_hand=()):
    """Red to move; blue's monkey on d2 beside blue's bay d1, blue's supervisor on c3, a crate on b1.
    Blue threatens 'sup S, rotate b1 c1, rotate c1 d1, monkey d2-d1' (Winning, method 2: 'Place a crate
    in the Loading Bay, and move your Monkey on to it'), four steps; red's supervisor on a3 can spoil it
    (rotate b1 away, or stand on c2)."""
    return position(variant, sups=["a3", "c3"], crates=["d2", "b1", "d5", "d6", "f4", "g5"],
                    monkeys=["d5", "d2"], hands=((), tuple(blue_hand)))


def test_deep_sees_the_four_step_reply_that_the_capped_reply_check_misses():
    """Blue's monkey on e2 beside blue's bay d1, blue's supervisor on b3, a crate on b1, and Night Shift
    in blue's hand ('your supervisor may also step diagonally'): blue threatens 'play night_shift, sup
    SE, rotate b1 c1, rotate c1 d1, monkey e2-d1', a card and four steps. Night Shift doubles the ways
    to step, so the reply turn has more than the 1000 positions the search bot's check looks at, and the
    check of the turn it chooses does not reach the win. Deep searches the reply turn through and
    plays a turn after which blue has no winning reply."""
    state = position("standard", sups=["b4", "b3"], crates=["e2", "b1", "d5", "d6", "f4", "g5"],
                     monkeys=["d5", "e2"], hands=((), ("night_shift", "forklift")))
    search = SearchBot()
    plan = search._plan_turn(state.clone(), RED, np.random.default_rng(0))
    after, wins = _blue_wins_after(state, plan)
    assert ["play night_shift", "sup SE", "rotate b1 c1", "rotate c1 d1", "monkey e2-d1"] in wins
    assert min(len(p) for p in wins) == 5
    capped = TurnSearch(BLUE, search.reply_limit)
    capped.ends(after)
    assert capped.nodes >= search.reply_limit          # the check stopped at its cap ...
    assert search._worst_reply(after, RED) > -WIN      # ... without seeing the win
    deep = DeepBot()
    plan = deep.plan_turn(state.clone(), RED, np.random.default_rng(0))
    assert _blue_wins_after(state, plan)[1] == []
    assert deep.stats["reply_capped"] == 0             # every reply it checked was searched through


def test_deep_looks_past_the_first_turns_when_they_all_lose():
    """Without cards the search bot sees blue's four-step win, but only weighs its four best-looking
    turns against the reply, and all four race on and lose; deep weighs more turns and plays one that
    spoils the threat (here rotating b1 out of blue's reach)."""
    state = _threat("pure")
    plan = SearchBot()._plan_turn(state.clone(), RED, np.random.default_rng(0))
    assert _blue_wins_after(state, plan)[1] == [["sup S", "rotate b1 c1", "rotate c1 d1", "monkey d2-d1"]]
    plan = DeepBot().plan_turn(state.clone(), RED, np.random.default_rng(0))
    assert _blue_wins_after(state, plan)[1] == []


# ---- the speed-ups change no choice ----------------------------------------------------------------

def _greedy_game_position(variant, seed, decisions):
    """The position of a greedy-against-greedy game from `seed` after `decisions` decisions (then on to
    the next act-phase decision): fixed positions with cards, bananas and monkeys near their bays."""
    config = SPEC.make_config([Seat("greedy 1", "greedy"), Seat("greedy 2", "greedy")], variant)
    match = Match(config, seed)
    n = 0
    while n < decisions or match.state.current_player() == CHANCE or match.state.phase != "act":
        n += match.state.current_player() != CHANCE
        match.step()
    return match.state


# Pinned with the bots of commit 5dd0233, before the move generation, the moves, the copy and the
# evaluation were made faster: the turn each bot plans, and for `deep` the positions its reply searches
# and win checks made, which decide where its budgets run out. A speed-up that changed the order of the
# moves or a budget would change these counts, and in time a choice.
PINNED = [
    ("standard", 2, 21, ["push e6 d6", "rotate d6 d7", "sup S", "end turn"], (24575, 0, 0),
     ["sup S", "sup W", "rotate d5 d6", "sup W", "end turn"]),
    ("standard", 7, 33, ["play overtime", "sup W", "sup S", "push b3 b2", "monkey a1-b2", "end turn"], (1705, 0, 0),
     ["play overtime", "sup W", "sup S", "push b3 b2", "monkey a1-b2", "end turn"]),
    ("bananas", 3, 13, ["sup E", "sup E", "sup N", "sup N", "end turn"], (5112, 0, 0), ["buy"]),
    ("bananas", 4, 25, ["rotate d5 c5", "end turn"], (7789, 0, 0), ["rotate d5 c5", "end turn"]),
    ("pure", 1, 53, ["rotate d3 d2", "push b3 a3"], (2134, 7, 4097), ["rotate d3 d2", "push b3 a3"]),
    ("pure", 2, 64, ["sup S", "sup N", "sup S"], (104, 8, 7085), ["sup S", "sup N", "sup S"]),
]


@pytest.mark.parametrize("variant,seed,decisions,deep_plan,deep_counts,search_plan", PINNED,
                         ids=[f"{p[0]}-{p[1]}-{p[2]}" for p in PINNED])
def test_the_bots_choices_and_search_counts_are_pinned(variant, seed, decisions, deep_plan, deep_counts, search_plan):
    state = _greedy_game_position(variant, seed, decisions)
    seat = state.current_player()
    deep = DeepBot()
    assert deep.plan_turn(state.clone(), seat, np.random.default_rng(7)) == deep_plan
    assert (deep.stats["reply_nodes"], deep.stats["win_checks"], deep.stats["win_nodes"]) == deep_counts
    assert SearchBot()._plan_turn(state.clone(), seat, np.random.default_rng(7)) == search_plan


@pytest.mark.parametrize("variant", ["standard", "bananas", "pure"])
def test_the_first_free_step_is_the_first_of_all_moves(variant):
    """A turn whose AP are spent ends by itself unless a free step is left; that check asks the move
    generation for its first move only. In every act-phase position of two random games, as it stands
    and with its AP taken to 0 (what the check sees after the last AP is spent), that first move is the
    first of the full list, and there is one exactly when the list is not empty."""
    checked = free = 0
    for seed in (1, 2):
        config = SPEC.make_config([Seat("r1", "random"), Seat("r2", "random")], variant)
        match = Match(config, seed)
        while not match.is_over():
            s = match.state
            if s.phase == "act" and s.current_player() >= 0:
                spent = s.clone()
                spent.ap = 0
                for twin in (s, spent):
                    full = twin._act_moves()
                    assert twin._act_moves(first_only=True) == full[:1]
                    checked += 1
                free += bool(spent._act_moves())
            match.step()
    assert checked > 200
    assert free > 10 if variant != "pure" else free == 0  # no free step without cards or bananas


def test_the_boards_tables_agree_with_its_steps():
    """The lookup tables the rules and bots read (rings, rays, distances, names) say what step(),
    xy() and name_of() say."""
    from games.monkey_dash import BOARD as b
    from games.monkey_dash.board import RING
    for sq in range(b.size):
        assert list(b.rings[sq]) == [b.step(sq, d) for d in RING] == b.ring(sq)
        for d, ray in zip(RING, b.rays[sq]):
            walk, at = [], b.step(sq, d)
            while at >= 0:
                walk.append(at)
                at = b.step(at, d)
            assert list(ray) == walk
        for other in range(b.size):
            (x0, y0), (x1, y1) = b.xy(sq), b.xy(other)
            assert b.distance(sq, other) == max(abs(x0 - x1), abs(y0 - y1))
        assert b.square(b.name_of(sq)) == sq
    assert b.pair("c3 d4") == (b.square("c3"), b.square("d4")) and b.pair("b2-d4", "-") == (8, 24)
    with pytest.raises(ValueError):
        b.pair("c3 z9")
