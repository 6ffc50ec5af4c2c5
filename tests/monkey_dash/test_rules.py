"""Monkey Dash rule scenarios. Each test quotes the rule (from the rulebook, or the project's design
where the rulebook is silent) that it checks, on a position built for the purpose."""

from __future__ import annotations

import json

import pytest

from games.core import CHANCE, IllegalActionError
from games.monkey_dash.illegal import StalemateRuleError
from games.monkey_dash import BOARD, SPEC
from games.monkey_dash.actions import TURN_LIMIT
from games.monkey_dash.state import MonkeyDashState

RED, BLUE = 0, 1
SCENE_CRATES = ["b2", "c3", "e3", "c5", "e5", "f6"]
"""The crates of a scenario that names none: the project's first layout (a crate beside each nest),
which many scenarios here were written on; the board file's own start is checked in test_setting_up."""


def position(variant="standard", crates=None, monkeys=None, sups=None, bananas=(), stores=None,
             hands=((), ()), seat=RED, first_turn=False, state=None) -> MonkeyDashState:
    """A state in `seat`'s turn (4 AP, or 3 on the first turn) with the pieces where the test wants them.

    Squares are names; hands are card ids (taken out of the draw pile); None keeps the board's start
    (for the crates: SCENE_CRATES). state: a fresh state of that variant to arrange (a match's own),
    instead of a new one.
    """
    state = SPEC.new_state(SPEC.make_config(variant=variant)) if state is None else state
    state.apply_action("start red" if seat == RED else "start blue")
    sq = BOARD.square
    state.crates = sorted(sq(c) for c in (SCENE_CRATES if crates is None else crates))
    if monkeys is not None:
        state.monkeys = [sq(m) for m in monkeys]
    if sups is not None:
        state.supervisors = [sq(s) for s in sups]
    state.bananas = sorted(sq(b) for b in bananas)
    if stores is not None:
        state.banana_store = list(stores)
    if state.cards_on:
        state.deal_queue = []
        state.hands = [list(h) for h in hands]
        dealt = set(hands[0]) | set(hands[1])
        state.draw_pile = [c.id for c in state.deck if c.id not in dealt]
    state.turns_done = 0 if first_turn else 2
    state._begin_turn(seat)
    assert state.invariant_violations() == []
    return state


def play(state, *actions):
    for a in actions:
        state.apply_action(a)
    return state


def legal(state):
    return state.legal_actions()


# ---- board -------------------------------------------------------------------------------------

def test_board_is_symmetric_under_a_half_turn_and_routes_cross():
    """README: the board 'must be fair (symmetric under a half turn) and the two monkeys' routes must
    cross'."""
    b = BOARD
    assert b.half_turn(b.nests[0]) == b.nests[1] and b.half_turn(b.bays[0]) == b.bays[1]
    assert b.half_turn(b.supervisors[0]) == b.supervisors[1]
    assert sorted(b.half_turn(c) for c in b.crates) == list(b.crates)
    assert len(b.crates) == 6
    # With a line of crates from each nest to the empty centre d4 and on towards the bay, each
    # monkey's cheapest route to its bay runs through d4, the one square both routes share.
    from games.monkey_dash.bots import monkey_costs
    diagonal = ["b2", "c3", "d4", "e5", "f6"]
    for seat, toward_bay in ((RED, "d5"), (BLUE, "d3")):
        state = position("pure", crates=diagonal + [toward_bay])
        costs = monkey_costs(state, seat)
        assert costs[b.square("d4")] == 2  # hop out of the nest, then dash to the centre
        assert costs[b.square(toward_bay)] == 3


# ---- turns and action points ---------------------------------------------------------------------

def test_start_player_is_chance_and_pays_one_ap():
    """'the Start Player must pay 1AP for the privilege of beginning the game ... they can only spend
    a further 3AP during their first turn.'"""
    state = SPEC.new_state(SPEC.make_config(variant="pure"))
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [("start red", 0.5), ("start blue", 0.5)]
    play(state, "start blue")
    assert state.current_player() == BLUE and state.ap == 3
    play(state, "sup N", "sup S", "sup N")
    assert state.current_player() == RED and state.ap == 4


def test_dealing_gives_two_face_up_cards_each():
    """'Deal two Power Cards, face up, to each player. The remaining cards go face down, as the draw
    pile.' Each draw is a chance outcome over the cards left, equally likely."""
    state = SPEC.new_state(SPEC.make_config())
    play(state, "start red")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 11 and all(abs(p - 1 / 11) < 1e-12 for _, p in outcomes)
    play(state, "draw overtime", "draw nap_time", "draw forklift", "draw tea_break")
    assert state.hands == [["overtime", "forklift"], ["tea_break", "nap_time"]]
    assert state.draw_pile_size() == 7
    # blue holds Interrupts, so blue decides first, at the start of red's turn
    assert state.current_player() == BLUE and state.turn_owner() == RED


def test_a_turn_is_exactly_four_ap_and_cannot_end_early():
    """'Each turn you must spend exactly four action points (4AP).' There is no 'pass' while something
    costing AP is legal; the turn ends by itself when the fourth point is spent."""
    state = position("pure", sups=["d6", "d1"])
    assert "pass" not in legal(state)
    play(state, "sup S", "sup S", "sup S")
    assert state.turn_player == RED and state.ap == 1
    play(state, "sup S")
    assert state.turn_player == BLUE and state.ap == 4


def test_pass_only_when_no_ap_can_be_spent():
    """Project rule for AP that cannot be spent: 'Only if nothing that costs AP is possible ... may you
    pass, which gives up the rest.' Red's supervisor is boxed in (every square round it is taken, so
    nothing can step or rotate), a push costs 2 AP, and the blue monkey sits on the only crate beside
    red's nest."""
    boxed = dict(crates=["a3", "b3", "c3", "c2", "c1", "a2"], sups=["b2", "b1"], monkeys=["a1", "a2"])
    state = position("pure", **boxed)
    assert "pass" not in legal(state)  # with 4 AP it can still push
    assert sorted(legal(state)) == ["push b3 b4", "push c2 d2"]
    state.ap = 1
    assert legal(state) == ["pass"]
    play(state, "pass")
    assert state.turn_player == BLUE and state.ap == 4


# ---- supervisors ---------------------------------------------------------------------------------

def test_supervisor_moves_orthogonally_one_ap_a_square():
    """'Your Supervisor moves orthogonally ... at a cost of 1AP per square.'"""
    state = position("pure", sups=["d4", "d1"], crates=["a4", "a5", "a6", "g4", "g5", "g6"])
    sups = [a for a in legal(state) if a.startswith("sup")]
    assert sups == ["sup N", "sup E", "sup S", "sup W"]
    play(state, "sup E")
    assert state.supervisor_squares()[RED] == "e4" and state.ap == 3


def test_supervisor_into_own_bay_but_not_the_others():
    """'You can move your Supervisor into your own Loading Bay, but not into your opponent's Loading
    Bay.'"""
    state = position("pure", sups=["d6", "d2"])
    assert "sup N" in legal(state)  # d7 is red's bay
    blue = position("pure", sups=["d6", "d2"], seat=BLUE)
    assert "sup S" in legal(blue)  # d1 is blue's bay
    red_low = position("pure", sups=["d2", "d5"])
    assert "sup S" not in legal(red_low)  # d1 is blue's bay
    with pytest.raises(IllegalActionError):
        red_low.apply_action("sup S")


def test_supervisor_blocked_by_crates_nests_and_supervisors():
    """'Your Supervisor can't move through a square occupied by a Banana Crate, a Monkey Nest, or
    another Supervisor.' Only your own supervisor moves: 'You can't move your opponent's Supervisor.'"""
    state = position("pure", sups=["b1", "c1"], crates=["b2", "c3", "e5", "f6", "c5", "e3"])
    # a1 is the red nest, b2 a crate, c1 the blue supervisor: red's supervisor cannot move at all
    assert not [a for a in legal(state) if a.startswith("sup")]
    before = state.to_json_text()
    with pytest.raises(IllegalActionError):
        state.apply_action("sup W")
    assert state.to_json_text() == before


# ---- crates --------------------------------------------------------------------------------------

def test_rotate_a_crate_round_the_supervisor():
    """'Crates can be pivoted through the eight squares surrounding your Supervisor at a cost of 1AP per
    square.' 'Crates can't pass through other Crates or Supervisors.'"""
    state = position("pure", sups=["c3", "g2"], crates=["d4", "c4", "b2", "f6", "f5", "e6"],
                     monkeys=["a1", "g7"])
    rotations = sorted(a for a in legal(state) if a.startswith("rotate"))
    # d4 (NE of c3) may go to d3 (E) but not to c4 (N, a crate); c4 may go to b4; b2 to b3 and c2
    assert rotations == ["rotate b2 b3", "rotate b2 c2", "rotate c4 b4", "rotate d4 d3"]
    play(state, "rotate d4 d3", "rotate d3 d2")
    assert "d2" in state.crate_squares() and state.ap == 2
    far = position("pure", sups=["d7", "d1"])  # no crate next to either supervisor at the start
    assert not [a for a in legal(far) if a.startswith(("rotate", "push"))]


def test_monkey_heave_costs_four_and_carries_the_monkey():
    """'You can rotate a Crate with either Monkey on it (this is called a Monkey Heave) ... A Monkey
    Heave costs 4AP.'"""
    state = position("pure", sups=["c3", "g2"], crates=["d4", "b2", "f6", "f5", "e6", "a6"],
                     monkeys=["d4", "g7"])
    assert "heave d4 d3" in legal(state) and "rotate d4 d3" not in legal(state)
    play(state, "heave d4 d3")
    assert state.monkey_squares()[RED] == "d3" and state.turn_player == BLUE
    first = position("pure", sups=["c3", "g2"], crates=["d4", "b2", "f6", "f5", "e6", "a6"],
                     monkeys=["d4", "g7"], first_turn=True)
    assert not [a for a in legal(first) if a.startswith("heave")]  # only 3 AP


def test_heave_the_other_monkey_too():
    """'You can rotate a Crate with either Monkey on it.'"""
    state = position("pure", sups=["c3", "g2"], crates=["d4", "b2", "f6", "f5", "e6", "a6"],
                     monkeys=["a1", "d4"])
    play(state, "heave d4 d3")
    assert state.monkey_squares()[BLUE] == "d3"


def test_heave_own_monkey_into_own_bay_wins():
    """Winning, Method 1: 'Perform a Monkey Heave to lift a Crate, with your Monkey on top, into your
    Loading Bay (3 + 1AP).'"""
    state = position("pure", sups=["d6", "d2"], crates=["c7", "b2", "f6", "f5", "e4", "a6"],
                     monkeys=["c7", "g7"])
    play(state, "heave c7 d7")
    assert state.is_terminal() and state.winners() == [RED] and state.returns() == [1.0, -1.0]


def test_push_costs_two_and_the_supervisor_follows():
    """'Crates can be pushed orthogonally by your Supervisor, who must move with the Crate into the
    space it leaves behind. Pushing costs 2AP.'"""
    state = position("pure", sups=["c3", "g2"], crates=["c4", "d3", "b2", "f6", "f5", "e6"],
                     monkeys=["a1", "g7"])
    pushes = sorted(a for a in legal(state) if a.startswith("push"))
    assert pushes == ["push c4 c5", "push d3 e3"]
    play(state, "push c4 c5")
    assert state.supervisor_squares()[RED] == "c4" and "c5" in state.crate_squares() and state.ap == 2


def test_push_one_crate_at_a_time_and_never_pull():
    """'It is not possible to push more than one Crate at a time.' 'Crates can't be pulled.'"""
    state = position("pure", sups=["c3", "g2"], crates=["c4", "c5", "b2", "f6", "f5", "e6"],
                     monkeys=["a1", "g7"])
    assert not [a for a in legal(state) if a.startswith("push c4")]  # c5 is behind it
    # pulling c4 toward c2 would mean the crate moving to the supervisor's side: never offered
    assert "push c4 c3" not in legal(state) and "push c4 c2" not in legal(state)


def test_no_push_of_a_crate_with_a_monkey():
    """Project rule: only a Heave moves a crate with a monkey on it ('never a crate with a monkey on it')."""
    state = position("pure", sups=["c3", "g2"], crates=["c4", "b2", "f6", "f5", "e6", "a6"],
                     monkeys=["c4", "g7"])
    assert not [a for a in legal(state) if a.startswith("push")]


# ---- monkeys -------------------------------------------------------------------------------------

def test_monkey_first_move_is_a_hop_from_the_nest():
    """'The first move your Monkey must make is to jump from its Nest, onto a Banana Crate in a
    neighbouring square, at a cost of 1AP.'"""
    state = position("pure", crates=["b2", "c3", "d4", "b1", "f6", "e5"], sups=["d7", "d1"])
    monkey = sorted(a for a in legal(state) if a.startswith("monkey"))
    assert monkey == ["monkey a1-b1", "monkey a1-b2"]  # never straight on to c3 or d4
    play(state, "monkey a1-b2")
    assert state.ap == 3


def test_monkey_moves_any_length_straight_line_for_one_ap():
    """'It costs 1AP to move your Monkey in a straight line, regardless of the length of the move.'
    Monkeys 'will not move on the warehouse floor, only on Banana Crates.'"""
    state = position("pure", crates=["b2", "c3", "d4", "e5", "c2", "a6"], monkeys=["b2", "g7"],
                     sups=["d7", "d1"])
    monkey = sorted(a for a in legal(state) if a.startswith("monkey"))
    assert monkey == ["monkey b2-c2", "monkey b2-c3", "monkey b2-d4", "monkey b2-e5"]
    play(state, "monkey b2-e5")
    assert state.monkey_squares()[RED] == "e5" and state.ap == 3


def test_monkey_cannot_move_onto_or_past_the_other_monkey():
    """'Your Monkey can't move onto a Crate occupied by another Monkey.'"""
    state = position("pure", crates=["b2", "c3", "d4", "e5", "c2", "a6"], monkeys=["b2", "d4"],
                     sups=["d7", "d1"])
    monkey = sorted(a for a in legal(state) if a.startswith("monkey"))
    assert monkey == ["monkey b2-c2", "monkey b2-c3"]


def test_monkey_dash_earns_a_power_card():
    """'When a player performs a Monkey Dash they are rewarded with a Power Card.' A dash covers three
    or more crates in a line, the start crate included."""
    state = position(crates=["b2", "c3", "d4", "e5", "c2", "a6"], monkeys=["b2", "g7"], sups=["d7", "d1"])
    play(state, "monkey b2-c3")
    assert state.current_player() == RED  # two crates: no dash, no card
    play(state, "monkey c3-e5")
    assert state.current_player() == CHANCE and len(state.chance_outcomes()) == 11
    play(state, "draw overtime")
    assert state.hands[RED] == ["overtime"] and state.ap == 2


def test_one_new_card_a_turn():
    """'A Player may gain only one new Power Card per turn.'"""
    state = position(crates=["b2", "c3", "d4", "e5", "f6", "a6"], monkeys=["b2", "g7"], sups=["d7", "d1"])
    play(state, "monkey b2-d4", "draw overtime")
    play(state, "monkey d4-b2")
    assert state.current_player() == RED and state.hands[RED] == ["overtime"]
    assert "buy" not in legal(state)


# ---- power cards -------------------------------------------------------------------------------------

def test_buy_costs_four_ap():
    """'Power Cards can be bought on your turn for 4AP.'"""
    state = position()
    assert "buy" in legal(state)
    play(state, "buy")
    assert state.current_player() == CHANCE
    play(state, "draw forklift")
    # no AP left, but the new card could still be played for free: red says when the turn is over
    assert state.hands[RED] == ["forklift"] and legal(state) == ["play forklift", "end turn"]
    play(state, "end turn")
    assert state.turn_player == BLUE
    first = position(first_turn=True)
    assert "buy" not in legal(first)


def test_fourth_card_must_be_discarded_at_once():
    """'If a Player gains a fourth Power Card, they must immediately discard down to three.'"""
    state = position(hands=(["overtime", "forklift", "tailwind"], []))
    play(state, "buy", "draw night_shift")
    assert state.current_player() == RED and state.phase == "discard"
    assert legal(state) == ["discard overtime", "discard forklift", "discard tailwind", "discard night_shift"]
    play(state, "discard forklift")
    assert state.hands[RED] == ["overtime", "tailwind", "night_shift"]
    assert state.discard_pile == ["forklift"] and state.turn_player == RED and state.ap == 0
    play(state, "end turn")
    assert state.turn_player == BLUE


def test_discard_pile_becomes_the_draw_pile_when_exhausted():
    """'When the draw pile is exhausted, the discard pile is shuffled and placed, face down, as the new
    draw pile.'"""
    state = position()
    state.draw_pile = ["forklift"]
    state.discard_pile = ["overtime", "tailwind", "night_shift", "springboard", "roller_skates", "banana_bribe",
                          "tea_break", "nap_time", "safety_inspection", "wet_floor"]
    play(state, "buy", "draw forklift")
    assert state.draw_pile_size() == 10 and state.discard_pile_size() == 0
    assert state.invariant_violations() == []


def test_a_card_played_after_the_piles_ran_out_together_can_be_bought_again(monkeypatch, tmp_path):
    """'When the draw pile is exhausted, the discard pile is shuffled and placed, face down, as the new
    draw pile.' With a deck of five (a custom deck the card file allows), the last card is bought while
    the discard pile is empty: the cards played later must still reach a new draw pile, or buying and
    Dash rewards stay impossible for the rest of the game (an audit)."""
    from games.monkey_dash import cards as card_file
    from games.monkey_dash.state import MonkeyDashState
    data = json.loads(card_file.CARDS_FILE.read_text())
    data["cards"] = [c for c in data["cards"] if c["id"] in ("overtime", "banana_bribe", "forklift",
                                                                "tailwind", "roller_skates")]
    (tmp_path / "five.json").write_text(json.dumps(data))
    five = card_file.load_cards(tmp_path / "five.json")
    monkeypatch.setattr(MonkeyDashState, "deck", five)
    monkeypatch.setattr(MonkeyDashState, "_deck_order", {c.id: i for i, c in enumerate(five)})
    state = position(hands=(["overtime", "banana_bribe"], ["forklift", "tailwind"]), seat=BLUE)
    assert state.draw_pile == ["roller_skates"] and state.discard_pile == []
    play(state, "buy", "draw roller_skates")
    assert state.draw_pile == [] and state.discard_pile == []
    assert "buy" not in legal(state)  # nothing to buy now
    play(state, "play tailwind")
    assert state.draw_pile == ["tailwind"] and state.discard_pile == []
    assert state.invariant_violations() == []
    play(state, "end turn")
    play(state, "play overtime")
    assert state.draw_pile == ["tailwind"] and state.discard_pile == ["overtime"]  # the usual way again
    assert "buy" in legal(state)
    play(state, "buy", "draw tailwind")
    assert state.hands[RED] == ["banana_bribe", "tailwind"]
    assert state.draw_pile == ["overtime"] and state.discard_pile == []


def test_interrupts_are_played_at_the_start_of_the_opponents_turn():
    """'Interrupt cards affect your opponent, and must be played at the start of their turn. All other
    cards are played during your own turn.'"""
    state = position(hands=(["overtime", "tea_break"], ["nap_time", "forklift"]), seat=BLUE)
    state.phase = "act"  # red's window is over; blue plays
    assert "play tea_break" not in legal(state) and "play nap_time" not in legal(state)
    assert "play forklift" in legal(state)
    state = position(hands=(["overtime", "tea_break"], ["nap_time", "forklift"]), seat=BLUE)
    assert state.current_player() == RED and legal(state) == ["play tea_break", "no interrupt"]
    play(state, "play tea_break")
    assert state.current_player() == BLUE and state.ap == 3
    later = position(hands=(["overtime", "tea_break"], ["nap_time", "forklift"]), seat=RED)
    assert legal(later) == ["play nap_time", "no interrupt"]
    play(later, "no interrupt")
    assert later.current_player() == RED and "play overtime" in legal(later)


def test_only_the_mover_plays_own_cards():
    """Own-turn cards cannot be played in the opponent's interrupt window ('All other cards are played
    during your own turn')."""
    state = position(hands=(["overtime", "tea_break"], []), seat=BLUE)
    with pytest.raises(IllegalActionError):
        state.apply_action("play overtime")


# ---- winning ---------------------------------------------------------------------------------------

def test_win_by_rotating_a_crate_into_the_bay_then_moving_in():
    """Winning, Method 2: 'The Supervisor rotates an empty Crate into the Loading Bay (1AP). The Monkey
    moves into the Loading Bay, and wins the game (1AP).' 'The game is won the moment the Monkey reaches
    the Loading Bay, even if the Player has action points remaining.'"""
    state = position("pure", sups=["d6", "d2"], crates=["c7", "c6", "b2", "f6", "f5", "e3"],
                     monkeys=["c6", "g7"])
    play(state, "rotate c7 d7")
    assert not state.is_terminal()
    play(state, "monkey c6-d7")
    assert state.is_terminal() and state.winners() == [RED] and state.ap == 2
    assert state.legal_actions() == []


def test_the_other_bay_is_no_win():
    """'To win the game, you must be the first to get your Monkey, on a Banana Crate, into your
    Loading Bay' - your own, not the opponent's."""
    state = position("pure", sups=["d6", "c2"], crates=["d1", "d2", "b2", "f6", "f5", "e3"],
                     monkeys=["d2", "g7"])
    play(state, "monkey d2-d1")
    assert not state.is_terminal()


# ---- stalemate -----------------------------------------------------------------------------------

def _undo_cycle():
    state = position("pure", sups=["c4", "e4"], crates=["d5", "a6", "b2", "g1", "f1", "f2"],
                     monkeys=["a1", "g7"])
    start = state.position_key()
    play(state, "rotate d5 d4", "rotate d4 d3", "sup W")
    assert "sup E" in legal(state)  # nothing barred the first time
    play(state, "sup E")
    red_end = state.position_key()
    play(state, "rotate d3 d4", "rotate d4 d5", "sup E", "sup W")  # blue undoes red's whole turn
    assert state.position_key() == start and state.turn_player == RED
    return state, red_end


def test_stalemate_player_whose_turn_was_undone_must_play_differently():
    """'If correctly positioned, a player can undo their opponent's entire turn. In this situation the
    player who first made the move must stand down ... and make a different move.' Project form: a turn
    starting from P may not end in a position Q that the opponent once undid back to P."""
    state, red_end = _undo_cycle()
    assert state.banned == [red_end]
    play(state, "rotate d5 d4", "rotate d4 d3", "sup W")
    assert "sup E" not in legal(state)  # it would end the turn in the undone position
    with pytest.raises(IllegalActionError):
        state.apply_action("sup E")
    assert "sup S" in legal(state) and "sup W" in legal(state)
    play(state, "sup S")
    assert state.turn_player == BLUE and state.banned == []


def test_stalemate_rule_only_bars_the_end_of_the_turn():
    """The barred position may be passed through within a turn; only ending there is refused."""
    state, red_end = _undo_cycle()
    play(state, "rotate d5 d4", "rotate d4 d3")
    assert state.position_key() == red_end and state.turn_player == RED  # passing through is fine
    play(state, "sup W", "sup S")
    assert state.turn_player == BLUE and state.position_key() != red_end


def test_stalemate_rule_cannot_be_got_round_by_a_card_left_to_play():
    """"The player who first made the move must stand down ... and make a different move." A step that spends
    the last AP into the barred position is barred even when a card could still be played after it: the
    card play changes nothing on the board, so the turn would still end there (found by a rules audit: the
    check looked only at the step that ended the turn)."""
    state = position("standard", sups=["c4", "e4"], crates=["d5", "a6", "b2", "g1", "f1", "f2"],
                     monkeys=["a1", "g7"], hands=(("forklift",), ()))
    play(state, "rotate d5 d4", "rotate d4 d3", "sup W", "sup E")
    assert state.turn_player == RED and legal(state) == ["play forklift", "end turn"]
    play(state, "end turn")
    red_end = state.position_key()
    play(state, "rotate d3 d4", "rotate d4 d5", "sup E", "sup W")            # blue undoes red's whole turn
    assert state.turn_player == RED and state.banned == [red_end]
    play(state, "rotate d5 d4", "rotate d4 d3", "sup W")
    assert "sup E" not in legal(state) and "play forklift" in legal(state)
    with pytest.raises(StalemateRuleError, match="stalemate rule"):
        state.apply_action("sup E")
    play(state, "sup S")
    assert state.position_key() != red_end


def test_stalemate_rule_bars_a_step_after_which_only_a_pass_is_left():
    """The same rule one step earlier: with 2 AP, a monkey move that leaves 1 AP and a boxed-in red (only
    'pass' left after it) would end the turn in the barred position, while two pushes finish elsewhere, so
    the move is barred; without the ban it is legal."""
    def p():
        s = position("pure", crates=["b1", "a6", "b6", "e6", "f6", "b7"], sups=["a7", "b3"], monkeys=["a1", "g7"])
        s.ap = 2
        return s
    free = p()
    assert "monkey a1-b1" in legal(free)
    after = play(p(), "monkey a1-b1")
    assert legal(after) == ["pass"]
    barred = p()
    barred.banned = [play(after, "pass").last_turn[2]]
    assert legal(barred) == ["push b7 c7", "push a6 a5"]
    with pytest.raises(StalemateRuleError):
        barred.apply_action("monkey a1-b1")


def test_a_barred_end_of_turn_is_refused_by_the_stalemate_rule_by_name():
    """At 0 AP in the barred position, holding Tailwind (the next monkey move free), the turn can still end
    elsewhere: 'end turn' is refused, and the error names the stalemate rule."""
    state = position("standard", crates=["b2", "a6", "b6", "e6", "f6", "b7"], sups=["d4", "d1"],
                     monkeys=["a1", "g7"], hands=(("tailwind",), ()))
    state.ap = 0
    state.banned = [state.position_key()]
    assert legal(state) == ["play tailwind"]
    with pytest.raises(StalemateRuleError, match="stalemate rule"):
        state.apply_action("end turn")


def test_a_card_played_with_no_ap_left_and_nothing_free_after_it_ends_the_turn():
    """"The Blue Player has used all four Action Points, so the turn is over": the turn ends by itself once
    nothing free is left, after a card play as after any free step (it waited for 'end turn')."""
    state = position("standard", sups=["d4", "d1"], crates=["a4", "a5", "a6", "g4", "g5", "g6"],
                     hands=(("forklift",), ()))
    play(state, "sup N", "sup S", "sup N", "sup S")
    assert state.turn_player == RED and legal(state) == ["play forklift", "end turn"]
    play(state, "play forklift")
    assert state.turn_player == BLUE


def test_a_game_that_nobody_wins_is_a_draw_after_the_turn_limit():
    """Project rule: 'After 120 turns in all ... with no winner the game is a draw' (so every game ends)."""
    state = position("pure", sups=["d4", "d1"], crates=["a4", "a5", "a6", "g4", "g5", "g6"])
    state.turns_done = TURN_LIMIT - 1
    play(state, "sup N", "sup S", "sup N", "sup S")
    assert state.is_terminal() and state.winners() == [] and state.returns() == [0.0, 0.0]
    assert SPEC.max_length >= TURN_LIMIT * 20


def test_stalemate_rule_yields_when_every_finish_is_barred():
    """Project form: 'If every way to finish the turn is barred, the rule yields' (so a player always has
    a legal action). Red is boxed in with 1 AP; its only way to finish ends where it stands."""
    state = position("pure", crates=["a3", "b3", "c3", "c2", "c1", "a2"], sups=["b2", "b1"],
                     monkeys=["a1", "a2"])
    state.ap = 1
    state.banned = [state.position_key()]
    assert legal(state) == ["pass"]


def test_heaving_the_other_monkey_into_its_bay_makes_it_win():
    """'The game is won the moment the Monkey reaches the Loading Bay' - whoever moved its crate."""
    state = position("pure", sups=["c2", "g6"], crates=["c1", "b7", "a6", "a5", "a4", "g5"],
                     monkeys=["a1", "c1"])
    play(state, "heave c1 d1")
    assert state.winners() == [BLUE]


def test_a_broken_saved_position_is_refused():
    """Saved positions are checked: a missing field is named, not a crash deep in the rules."""
    from games.core import GameError
    good = position("pure").to_json()
    del good["crates"]
    with pytest.raises(GameError, match="crates"):
        MonkeyDashState.from_json(SPEC.make_config(variant="pure"), good)


# ---- audit additions: setting up, directions, dash length, cards within a turn, variants ----------

def test_setting_up():
    """'Each Monkey begins in its own coloured Nest. Each Supervisor begins in their own coloured
    Loading Bay. The Banana Crates begin on the six squares indicated on the board.'"""
    state = SPEC.new_state(SPEC.make_config())
    assert state.monkey_squares() == state.nests() == ["a1", "g7"]
    assert state.supervisor_squares() == state.loading_bays() == ["d7", "d1"]
    assert state.crate_squares() == ["c3", "d3", "c4", "e4", "d5", "e5"]  # assets/monkey_dash/board.json
    assert state.draw_pile_size() == 11 and state.hands == [[], []] and state.bananas == []


def test_monkey_moves_in_all_eight_directions_over_crates_only():
    """Monkeys 'can move in all directions, including diagonally, but will not move on the warehouse
    floor, only on Banana Crates.'"""
    plus = position("pure", crates=["d4", "d5", "e4", "d3", "c4", "a6"], monkeys=["d4", "g7"],
                    sups=["d7", "d1"])
    assert sorted(a for a in legal(plus) if a.startswith("monkey")) == [
        "monkey d4-c4", "monkey d4-d3", "monkey d4-d5", "monkey d4-e4"]
    cross = position("pure", crates=["d4", "e5", "e3", "c3", "c5", "a6"], monkeys=["d4", "g7"],
                     sups=["d7", "d1"])
    assert sorted(a for a in legal(cross) if a.startswith("monkey")) == [
        "monkey d4-c3", "monkey d4-c5", "monkey d4-e3", "monkey d4-e5"]


def test_crates_not_in_a_line_cost_a_move_each():
    """'(Example: where the Crates do not form a straight line, the Blue Monkey must make four separate
    moves. Cost: 4AP.)' A gap or a bend ends the line."""
    state = position("pure", crates=["b2", "c3", "d3", "e4", "e5", "g1"], monkeys=["b2", "g7"],
                     sups=["d7", "d1"])
    play(state, "monkey b2-c3")
    assert "monkey c3-e5" not in legal(state) and "monkey c3-e4" not in legal(state)
    play(state, "monkey c3-d3", "monkey d3-e4", "monkey e4-e5")
    assert state.monkey_squares()[RED] == "e5" and state.turn_player == BLUE


def test_a_monkey_dash_has_no_length_limit():
    """'There is no limit to the maximum length of a Monkey Dash.' Six crates in a row: one move, 1 AP."""
    state = position(crates=["a4", "b4", "c4", "d4", "e4", "f4"], monkeys=["a4", "g7"], sups=["d7", "d1"])
    dash = next(m for m in state.moves() if m["action"] == "monkey a4-f4")
    assert dash["cost"] == 1 and dash["dash"]
    play(state, "monkey a4-f4")
    assert state.ap == 3 and state.current_player() == CHANCE


def test_the_rulebook_example_turn():
    """'An Example Turn': the Supervisor moves down one square (1AP), rotates the central Crate one square
    to the left (1AP), the Monkey jumps from its Nest onto the neighbouring Crate (1AP), then 'MONKEY
    DASH! ... along the diagonal line of three Crates' (1AP): 'The Blue Player has used all four Action
    Points, so the turn is over' (the card the Dash earns is an Interrupt here, so nothing free is left)."""
    state = position(crates=["b2", "c3", "e4", "a6", "g1", "g2"], sups=["e6", "d1"])
    play(state, "sup S", "rotate e4 d4", "monkey a1-b2")
    assert state.ap == 1
    play(state, "monkey b2-d4")
    assert state.current_player() == CHANCE  # the Dash's card
    play(state, "draw tea_break")
    assert state.hands[RED] == ["tea_break"] and state.turn_player == BLUE and state.ap == 4


def test_buying_then_dashing_gains_no_second_card():
    """'A Player may gain only one new Power Card per turn' - also when the card was bought first."""
    state = position(crates=["b2", "c3", "d4", "e5", "f6", "a6"], monkeys=["b2", "g7"], sups=["d7", "d1"],
                     hands=(["overtime"], []))
    play(state, "play overtime", "buy", "draw forklift")
    assert state.ap == 1 and state.gained
    dash = next(m for m in state.moves() if m["action"] == "monkey b2-f6")
    assert dash["dash"]  # still a Monkey Dash, but it earns nothing now
    play(state, "monkey b2-f6")
    assert state.hands[RED] == ["forklift"] and legal(state) == ["play forklift", "end turn"]
    play(state, "end turn")
    assert state.turn_player == BLUE


def test_a_dash_that_brings_a_fourth_card_is_discarded_at_once_and_the_turn_goes_on():
    """'If a Player gains a fourth Power Card, they must immediately discard down to three.' The discard
    comes before anything else; then the turn continues with the AP left."""
    state = position(crates=["b2", "c3", "d4", "e5", "f6", "a6"], monkeys=["b2", "g7"], sups=["d7", "d1"],
                     hands=(["overtime", "forklift", "tailwind"], []))
    play(state, "monkey b2-d4", "draw wet_floor")
    assert state.phase == "discard" and state.ap == 3
    assert all(a.startswith("discard ") for a in legal(state))
    play(state, "discard wet_floor")
    assert state.phase == "act" and state.ap == 3 and len(state.hands[RED]) == 3
    assert state.discard_pile == ["wet_floor"]


def test_several_cards_in_one_turn():
    """'Multiple cards can be used during a single turn.' Each is single use: it goes to the discard
    pile."""
    state = position(crates=["b2", "c3", "d4", "e5", "c2", "a6"], monkeys=["b2", "g7"], sups=["d6", "d1"],
                     hands=(["overtime", "tailwind"], []))
    play(state, "play overtime", "play tailwind", "monkey b2-c3")
    assert state.ap == 5 and state.hands[RED] == []
    assert sorted(state.discard_pile) == ["overtime", "tailwind"]


def test_pure_strategy_has_no_power_cards():
    """Pure Strategy: 'simply play without using the Power Cards.' No deal, no buying, a Dash earns
    nothing; the only chance is who starts."""
    state = SPEC.new_state(SPEC.make_config(variant="pure"))
    play(state, "start red")
    assert state.current_player() == RED and state.hands == [[], []] and state.draw_pile_size() == 0
    dash = position("pure", crates=["b2", "c3", "d4", "e5", "f6", "a6"], monkeys=["b2", "g7"],
                    sups=["d7", "d1"])
    assert "buy" not in legal(dash)
    play(dash, "monkey b2-f6")
    assert dash.current_player() == RED and dash.ap == 3


def test_the_stalemate_record_survives_a_save():
    """The stalemate rule's memory (turns undone, ends barred) is part of the saved position."""
    state, red_end = _undo_cycle()
    again = MonkeyDashState.from_json(state.config, state.to_json())
    assert again == state and again.banned == [red_end]
    play(again, "rotate d5 d4", "rotate d4 d3", "sup W")
    assert "sup E" not in legal(again)


@pytest.mark.parametrize("breakage, phrase", [
    (lambda s: s.crates.append(BOARD.square("a4")), "7 distinct crates"),
    (lambda s: s.monkeys.__setitem__(RED, BOARD.square("a2")), "the red monkey is on the floor at a2"),
    (lambda s: s.supervisors.__setitem__(RED, BOARD.square("d1")), "the red supervisor stands where it may not"),
    (lambda s: s.draw_pile.pop(), "the cards are not the deck"),
    (lambda s: s.banana_store.__setitem__(BLUE, 2), "bananas: 5 accounted for, 6 expected"),
    (lambda s: s.hands.__setitem__(RED, ["overtime", "forklift", "tailwind", "nap_time"]),
     "a hand holds more than three cards"),
])
def test_invariants_notice_a_broken_position(breakage, phrase):
    """Issue: '6 crates, 2 monkeys, 2 supervisors, 11 cards, the bananas: conserved, checked after every
    action' - the check must actually catch each kind of breakage."""
    state = position("bananas")
    assert state.invariant_violations() == []
    breakage(state)
    assert any(phrase in v for v in state.invariant_violations())


def test_a_two_square_heave_costs_five():
    """'Crates can be pivoted ... at a cost of 1AP per square' and a Monkey Heave needs 'an additional 3AP
    to fight the Monkey': the monkey is fought once, so heaving it two squares costs 1 + 1 + 3 = 5 AP
    (here with Overtime's fifth point), not two heaves of 4."""
    state = position(sups=["c3", "g2"], crates=["d4", "b2", "f6", "f5", "e6", "a6"], monkeys=["d4", "g7"],
                     hands=(["overtime"], []))
    play(state, "play overtime")
    assert state.ap == 5
    first = next(m for m in state.moves() if m["action"] == "heave d4 d3")
    assert first["cost"] == 4
    play(state, "heave d4 d3")
    assert state.ap == 1
    second = next(m for m in state.moves() if m["action"] == "heave d3 d2")
    assert second["cost"] == 1  # the fight is over: one more square for 1 AP
    play(state, "heave d3 d2")
    assert state.monkey_squares()[RED] == "d2" and state.turn_player == BLUE


def test_the_fight_is_with_each_monkey():
    """'... an additional 3AP to fight the Monkey': heaving the other monkey after your own is a new
    fight, 4 AP again."""
    state = position(sups=["c3", "g2"], crates=["d4", "b2", "f6", "f5", "e6", "a6"], monkeys=["d4", "b2"],
                     hands=(["overtime"], []))
    play(state, "play overtime", "heave d4 d3")
    assert state.ap == 1
    assert not [m for m in state.moves() if m["action"].startswith("heave b2")]  # 4 AP, only 1 left
    assert next(m for m in state.moves() if m["action"] == "heave d3 d2")["cost"] == 1


def test_no_ap_left_the_player_ends_the_turn_while_free_steps_remain():
    """'Each turn you must spend exactly four action points' and Power Cards are played 'during your own
    turn' for no AP: spending the fourth AP does not end the turn while a card could still be played;
    the player ends it ('end turn'), and 'pass' (which gives up AP) is not offered at 0 AP."""
    state = position(crates=["b2", "c3", "e5", "f6", "c5", "e3"], hands=(["tailwind"], []))
    play(state, "sup S", "sup S", "sup N", "sup N")
    assert state.ap == 0 and state.turn_player == RED
    assert legal(state) == ["play tailwind", "end turn"]
    with pytest.raises(IllegalActionError, match="say 'end turn'"):
        state.apply_action("pass")
    play(state, "play tailwind")  # a free monkey move, at 0 AP
    assert "monkey a1-b2" in legal(state)
    play(state, "monkey a1-b2")
    # nothing free is left (no card, no free move): the turn ends by itself
    assert state.turn_player == BLUE and state.ap == 4
    assert "end turn" not in legal(state)
    with pytest.raises(IllegalActionError, match="4 action points are left"):
        state.apply_action("end turn")


def test_no_ap_left_and_nothing_free_the_turn_ends_by_itself():
    """'The Blue Player has used all four Action Points, so the turn is over' - when nothing free is left
    (here no card in hand and Pure Strategy)."""
    state = position("pure")
    play(state, "sup S", "sup S", "sup N", "sup N")
    assert state.turn_player == BLUE


def test_the_help_ends_with_the_tables_decisions_for_each_variant():
    """The rulebook leaves open who starts ("Method 1 ... Method 2"), the printed board and cards, and how a
    stalemate is told; the help's closing list says how this table decides, with the data's numbers, and
    the bananas line only where bananas are played."""
    for variant in SPEC.variants:
        text = SPEC.help_text(variant)
        tail = text.split("Where the rules say nothing or can be read two ways, this table decides:", 1)[1]
        assert "Who starts is always the Start Card's flip" in tail
        assert f"after {TURN_LIMIT} turns without a winner the game is a draw" in tail
        assert ("Bananas: 'one square away'" in tail) == (variant in ("bananas", "bananas_pure"))


def test_a_crate_never_enters_a_nest_and_the_help_lists_it_as_the_tables_decision():
    """A rules audit: the help said as a plain rule that a crate's square "must be empty floor: no crate, supervisor,
    nest or banana", where the rulebook bars only Supervisors: "Your Supervisor can't move through a square occupied
    by a Banana Crate, a Monkey Nest, or another Supervisor." It is listed among the table's decisions, and it is
    what the engine plays: no push or rotation puts a crate in a nest, the monkey in it or not."""
    state = position(crates=["b1", "d4", "e5", "f2", "b5", "e2"], monkeys=["d4", "g7"], sups=["c1", "d1"])
    assert "push b1 c1" not in legal(state)  # (the supervisor stands there)
    assert not any(a.split()[-1] == "a1" for a in legal(state) if a.startswith(("push", "rotate", "heave"))), legal(state)
    with pytest.raises(IllegalActionError):
        state.apply_action("push b1 a1")
    text = " ".join(SPEC.help_text("standard").split())
    assert "A crate never moves into a Monkey Nest, even one its monkey has left" in text
