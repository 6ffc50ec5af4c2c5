"""Monkey Dash bots: `greedy` (best single step), `search` (best whole turn, with a look at the reply)
and `deep` (best whole turn against every reply, the strongest).

All score positions with `evaluate`, an estimate of how many action points each monkey still needs to
reach its Loading Bay: the fewest monkey moves over the crates as they stand to the crate nearest the
bay, plus two AP for every square still without a crate, plus a little for how far the supervisor is
from where it must work. The search bot enumerates every distinct way to play out its turn (positions
reached by different orders are merged), scores the end positions, and checks the best few against the
opponent's strongest immediate reply (a win, a heave into its bay, or its own best whole turn), looking
at no more than 1000 positions of the reply. The deep bot searches the reply turns through, for more
of its own turns, with cut-offs, and asks of each reply whether it leaves the bot a winning turn.
"""

from __future__ import annotations

from collections import deque
from typing import Callable

import numpy as np

from ..bots import Bot
from .state import MonkeyDashState

WIN = 1000.0
GAP_COST = 2.0       # AP to bring one more crate into the monkey's line, roughly
SUPERVISOR_WEIGHT = 0.4
CARD_VALUE = 0.6
# a card's worth when choosing which to discard (higher is kept)
CARD_RANK = {"overtime": 5, "banana_bribe": 6, "tailwind": 4, "forklift": 2, "roller_skates": 3,
             "night_shift": 1, "springboard": 3, "tea_break": 4, "nap_time": 5, "safety_inspection": 4,
             "wet_floor": 3}


def monkey_costs(state: MonkeyDashState, seat: int) -> dict[int, int]:
    """Fewest monkey moves from `seat`'s monkey to every crate it can reach as the crates stand (a move
    ends at the monkey's own Loading Bay, as the rules have it)."""
    b = state.board
    start, other = state.monkeys[seat], state.monkeys[1 - seat]
    nest, rays, bay = b.nests[seat], b.rays, b.bays[seat]
    crates = state.crates
    costs = {start: 0}
    frontier = [start]
    steps = 0
    while frontier:
        steps += 1
        nxt = []
        for at in frontier:
            from_nest = at == nest
            for ray in rays[at]:  # the eight directions, clockwise from north
                for sq in ray:
                    if sq not in crates or sq == other:
                        break
                    if sq not in costs:
                        costs[sq] = steps
                        nxt.append(sq)
                    if from_nest or sq == bay:
                        break
        frontier = nxt
    return costs


def race(state: MonkeyDashState, seat: int) -> float:
    """Estimated AP `seat` still needs to win (0 once won)."""
    if state.winner == seat:
        return 0.0
    b = state.board
    bay, sup, nest = b.bays[seat], state.supervisors[seat], b.nests[seat]
    to_bay = b.distances[bay]
    # monkey_costs, with each crate's estimate taken as the crate is found (in the same order, so a
    # tie goes to the same crate)
    start, other, rays, crates = state.monkeys[seat], state.monkeys[1 - seat], b.rays, state.crates
    best, frontier = GAP_COST * to_bay[start] + (1 if start == nest else 0), start
    seen = {start}
    ring, moves = [start], 0
    while ring:
        moves += 1
        nxt = []
        for at in ring:
            from_nest = at == nest
            for ray in rays[at]:
                for sq in ray:
                    if sq not in crates or sq == other:
                        break
                    if sq not in seen:
                        seen.add(sq)
                        nxt.append(sq)
                        est = moves + GAP_COST * to_bay[sq] + (1 if sq == nest else 0)
                        if est < best:
                            best, frontier = est, sq
                    if from_nest or sq == bay:  # a move ends at the bay (the game is won there)
                        break
        ring = nxt
    if frontier != bay:
        # the supervisor has to bring crates to the frontier, between the monkey and the bay
        best += SUPERVISOR_WEIGHT * max(0, b.distances[sup][frontier] - 1)
    if bay in state.supervisors and frontier != bay:
        best += 0.5  # the bay must be cleared first
    return best


def heave_threat(state: MonkeyDashState, seat: int) -> bool:
    """Whether `seat`'s supervisor could heave its own monkey into its bay in one rotation."""
    b = state.board
    ring = b.ring(state.supervisors[seat])
    m, bay = state.monkeys[seat], b.bays[seat]
    if m not in ring or bay not in ring or m not in state.crates:
        return False
    i, j = ring.index(m), ring.index(bay)
    return (i - j) % 8 in (1, 7) and state._floor_free(bay)


def evaluate(state: MonkeyDashState, seat: int) -> float:
    """How good the position is for `seat` (positive is good)."""
    if state.winner is not None:
        return WIN if state.winner == seat else -WIN
    if state.phase == "over":
        return 0.0
    value = race(state, 1 - seat) - race(state, seat)
    hands = [len(h) for h in state.hands]
    for s in state.deal_queue:
        hands[s] += 1
    value += CARD_VALUE * min(hands[seat], 3) - CARD_VALUE * min(hands[1 - seat], 3)
    value += 0.1 * (state.banana_store[seat] - state.banana_store[1 - seat])
    return value


class GreedyBot(Bot):
    """Takes the single step that scores best right after it (ties broken at random)."""

    name = "greedy"

    def choose(self, state: MonkeyDashState, rng: np.random.Generator) -> str:
        seat = state.current_player()
        moves = state._legal_moves()
        if state.phase == "discard":
            return min((m[0] for m in moves), key=lambda a: CARD_RANK.get(a.split()[1], 0))
        best, choice = None, []
        for move in moves:
            twin = state.clone()
            twin._apply(move[0])
            v = evaluate(twin, seat)
            if best is None or v > best + 1e-9:
                best, choice = v, [move[0]]
            elif abs(v - best) <= 1e-9:
                choice.append(move[0])
        return choice[int(rng.integers(len(choice)))]


def _turn_key(state: MonkeyDashState) -> tuple:
    return (tuple(state.crates), tuple(state.monkeys), tuple(state.supervisors), tuple(state.bananas),
            tuple(state.banana_store), state.ap, tuple(state.effects.values()), tuple(state.hands[0]),
            tuple(state.hands[1]), state.gained, tuple(state.heaved), state.phase, tuple(state.deal_queue),
            state.turn_player)


def _expand(search, node: MonkeyDashState, path: list[str], drops: int, seen: set, queue: deque,
            free_drops_last: bool) -> None:
    """Queue the positions one action from `node` that the breadth-first search has not seen yet
    (TurnSearch and WholeTurns; `search` counts the positions made and bounds the drops). Cards are
    tried only while the path holds nothing but card plays (the start of the turn), so there are fewer
    orders to search; with `free_drops_last` a free banana drop is tried only once the AP are spent,
    one order instead of many."""
    started = any(not a.startswith("play ") for a in path)
    for move in node._legal_moves():
        action, kind = move[0], move[2]
        if kind == "play" and started:
            continue
        extra = kind in ("drop", "throw")
        if extra and drops >= search.max_drops:
            continue
        if free_drops_last and kind == "drop" and node.ap > 0:
            continue
        child = node.clone()
        child._apply(action)
        search.nodes += 1
        key = _turn_key(child)
        if key in seen:
            continue
        seen.add(key)
        queue.append((child, path + [action], drops + extra))


class TurnSearch:
    """All distinct ways for the mover to play out the rest of their turn, with their end positions."""

    def __init__(self, seat: int, node_limit: int, max_drops: int = 1):
        self.seat = seat
        self.node_limit = node_limit
        self.max_drops = max_drops
        self.nodes = 0

    def ends(self, state: MonkeyDashState) -> list[tuple[list[str], MonkeyDashState]]:
        """(actions, end state) for every distinct end of the turn reachable from `state`.

        Breadth first, so that when the budget of positions runs out every shorter sequence has been
        seen; positions left unexpanded are judged as they stand.
        """
        seen: set = set()
        out: list[tuple[list[str], MonkeyDashState]] = []
        queue = deque([(state, [], 0)])
        while queue:
            node, path, drops = queue.popleft()
            if self._is_end(node) or self.nodes >= self.node_limit:
                out.append((path, node))
                continue
            _expand(self, node, path, drops, seen, queue, free_drops_last=False)
        return out

    def _is_end(self, state: MonkeyDashState) -> bool:
        p = state.current_player()
        return p != self.seat or state.turn_player != self.seat or state.phase not in ("act", "discard")


class TurnPlanner(Bot):
    """A bot that plans a whole turn and then plays it step by step (`search` and `deep`)."""

    _plan: list[str]
    _expect: tuple | None

    def _follow_plan(self, state: MonkeyDashState, seat: int, legal: list[str], rng: np.random.Generator,
                     plan_turn: Callable[[MonkeyDashState, int, np.random.Generator], list[str]]) -> str:
        """The next step of the plan, planning the turn (with `plan_turn`) afresh unless the position is
        the one the plan's last step led to and the plan's next step is legal."""
        if not (self._plan and self._expect == _turn_key(state) and self._plan[0] in legal):
            self._plan = plan_turn(state, seat, rng)
            if not self._plan or self._plan[0] not in legal:
                self._plan = [legal[0]]
        action = self._plan.pop(0)
        twin = state.clone()
        twin._apply(action)
        # the rest of the plan holds only if the next decision comes straight after this one
        self._expect = _turn_key(twin) if twin.current_player() == seat else None
        return action


class SearchBot(TurnPlanner):
    """Plays the best whole turn it finds: every distinct turn is scored, the top ones against replies."""

    name = "search"

    def __init__(self, node_limit: int = 10000, reply_limit: int = 1000, candidates: int = 4):
        self.node_limit = node_limit
        self.reply_limit = reply_limit
        self.candidates = candidates
        self._plan: list[str] = []
        self._expect: tuple | None = None

    def choose(self, state: MonkeyDashState, rng: np.random.Generator) -> str:
        seat = state.current_player()
        legal = state.legal_actions()
        if state.phase == "interrupt":
            return self._interrupt(state, legal)
        return self._follow_plan(state, seat, legal, rng, self._plan_turn)

    def _plan_turn(self, state: MonkeyDashState, seat: int, rng: np.random.Generator) -> list[str]:
        if state.phase == "discard":
            return [min((a for a in state.legal_actions()), key=lambda a: CARD_RANK.get(a.split()[1], 0))]
        search = TurnSearch(seat, self.node_limit)
        ends = search.ends(state)
        scored = []
        for path, end in ends:
            if not path:
                continue
            value = evaluate(end, seat)
            if end.winner == seat:
                value += 0.01 * (20 - len(path))  # the quickest win
            scored.append((value + 1e-6 * rng.random(), path, end))
        if not scored:
            return []
        scored.sort(key=lambda t: -t[0])
        if scored[0][0] >= WIN:
            best_path = scored[0][1]
        else:
            best_value, best_path = None, scored[0][1]
            for value, path, end in scored[: self.candidates]:
                reply = self._worst_reply(end, seat)
                total = min(value, reply)
                if best_value is None or total > best_value:
                    best_value, best_path = total, path
        return list(best_path)

    def _worst_reply(self, state: MonkeyDashState, seat: int) -> float:
        """The score for `seat` after the opponent's best reply turn (cards in hand taken as they lie)."""
        node = state
        if node.phase == "interrupt" and node.current_player() == seat:
            node = node.clone()
            node._apply("no interrupt")  # assume we hold our Interrupts: the cautious case
        if node.current_player() != 1 - seat:
            return evaluate(node, seat)  # a card draw or the end of the game comes first
        replies = [evaluate(end, seat) for _, end in TurnSearch(1 - seat, self.reply_limit, max_drops=0).ends(node)]
        return min(replies) if replies else evaluate(node, seat)

    def _interrupt(self, state: MonkeyDashState, legal: list[str]) -> str:
        """Play an Interrupt when the mover is close to winning; otherwise keep it."""
        seat = state.current_player()
        mover = 1 - seat
        plays = [a for a in legal if a.startswith("play ")]
        if plays and (race(state, mover) <= state.ap + 1 or heave_threat(state, mover)):
            return max(plays, key=lambda a: CARD_RANK.get(a.split()[1], 0))
        return "no interrupt"


def least_useful_draw(state: MonkeyDashState) -> str:
    """The draw a search assumes for a card it cannot foresee: the least useful card left in the pile
    (cautious for the searching player's own draws, and it keeps the search to one branch)."""
    return "draw " + min(state.draw_pile, key=lambda c: (CARD_RANK.get(c, 0), c))


class WholeTurns:
    """Every distinct way for `seat` to play out the rest of its turn, card draws included.

    Like TurnSearch, breadth first with positions reached in different orders merged, but a card draw
    in the middle of the turn (a Monkey Dash, a buy) does not end the search: the least useful card is
    assumed and the turn is searched on, so the turns after a Dash are judged on what they lead to.
    A free banana drop is tried only once the AP are spent (at most `max_drops` drops and throws).
    `ends` yields (actions, end state) one at a time, so a caller may stop as soon as it has seen
    enough (a refutation). At most `node_limit` positions are made; past that, positions are judged
    as they stand.
    """

    def __init__(self, seat: int, node_limit: int, max_drops: int = 1):
        self.seat = seat
        self.node_limit = node_limit
        self.max_drops = max_drops
        self.nodes = 0
        self.capped = False

    def ends(self, state: MonkeyDashState):
        seen: set = set()
        queue = deque([(state, [], 0)])
        seat = self.seat
        while queue:
            node, path, drops = queue.popleft()
            if node.turn_player != seat or node.phase == "over" or node.phase == "interrupt":
                yield path, node
                continue
            if node.current_player() != seat:
                if not (node.deal_queue and node.deal_queue[0] == seat and node.draw_pile):
                    yield path, node
                    continue
                node = node.clone()
                node._apply(least_useful_draw(node))
                path = path + ["draw"]
                if node.turn_player != seat or node.phase == "over":
                    yield path, node
                    continue
            if self.nodes >= self.node_limit:
                self.capped = True
                yield path, node
                continue
            _expand(self, node, path, drops, seen, queue, free_drops_last=True)


def _replay(state: MonkeyDashState, path: list[str]) -> MonkeyDashState | None:
    """`state` after the actions of `path`, or None if one of them is not legal on the way."""
    node = state.clone()
    for action in path:
        if node.current_player() < 0 or action not in node.legal_actions():
            return None
        node._apply(action)
    return node


REPLY_FLOOR = 500
"""Positions a reply search may always make, even once the turn's budget is spent."""


class DeepBot(TurnPlanner):
    """A depth-two search over whole turns with every reply checked: the strongest Monkey Dash bot.

    It enumerates every distinct way to play its turn (a card drawn in the middle of it is taken as the
    least useful card left, and the turn searched on), ranks the ends by `evaluate`, and for the best
    `candidates` of them searches the opponent's whole reply turn (up to `reply_limit` positions, own
    Interrupts assumed held), keeping the end whose best reply leaves it best off. A reply that leaves
    the bot a winning turn of its own (searched up to `win_limit` positions, when its monkey is within
    `win_check_race` AP of its bay by `race`) does not count as the opponent's best. Replies are cut
    off once one shows a candidate cannot beat the best so far, and the replies that refuted earlier
    candidates are tried first. If every candidate loses to a winning reply, up to `rescue` times as
    many ends are weighed, looking for one that does not. The replies and win checks of a whole turn
    (re-plans after a draw included) make at most `turn_limit` positions (`bananas_share` of that in
    the bananas variant, whose positions cost more): past that no further
    candidate is weighed, no win check is made, and a reply search makes at most REPLY_FLOOR.
    Interrupts are played when the mover's best turn is clearly worse for them with the card than
    without. Deterministic for a given seed (ties are broken by the bot's generator); the budgets are
    counts of positions, not seconds.
    """

    name = "deep"

    def __init__(self, node_limit: int = 12000, reply_limit: int = 6000, candidates: int = 8, rescue: int = 8,
                 win_limit: int = 3000, win_check_race: float = 6.0, turn_limit: int = 50000,
                 bananas_share: float = 0.64):
        self.node_limit = node_limit
        self.turn_limit = turn_limit
        self.bananas_share = bananas_share
        self.win_limit = win_limit
        self.win_check_race = win_check_race
        self._wins: dict = {}
        self.rescue = rescue
        self.reply_limit = reply_limit
        self.candidates = candidates
        self._killers: list[list[str]] = []  # the opponent's best replies found lately, tried first
        self._plan: list[str] = []
        self._expect: tuple | None = None
        self.stats = {"turns": 0, "own_capped": 0, "reply_capped": 0, "reply_nodes": 0, "win_checks": 0, "win_nodes": 0}
        self._start_nodes = 0
        self._budget_turn: tuple | None = None
        self._limit = turn_limit

    def choose(self, state: MonkeyDashState, rng: np.random.Generator) -> str:
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            self._plan = []
            return legal[0]
        if state.phase == "interrupt":
            return self._interrupt(state, seat, legal)
        if state.phase == "discard":
            self._plan = []
            return min(legal, key=lambda a: CARD_RANK.get(a.split()[1], 0))
        return self._follow_plan(state, seat, legal, rng, self.plan_turn)

    def plan_turn(self, state: MonkeyDashState, seat: int, rng: np.random.Generator) -> list[str]:
        """The actions of the chosen turn, up to the first card draw (after which it plans again)."""
        self.stats["turns"] += 1
        if self._budget_turn != (state.turns_done, seat):  # a new turn (not a re-plan after a draw)
            self._budget_turn = (state.turns_done, seat)
            self._start_nodes = self.stats["reply_nodes"] + self.stats["win_nodes"]
            # with bananas a position has more moves and costs more to make
            self._limit = int(self.turn_limit * self.bananas_share) if state.bananas_on else self.turn_limit
        self._wins = {}
        search = WholeTurns(seat, self.node_limit)
        scored = []
        for path, end in search.ends(state):
            if not path or path[0] == "draw":
                continue
            value = evaluate(end, seat)
            if end.winner == seat:
                value += 0.01 * (20 - len(path))  # the quickest win
            scored.append((value + 1e-6 * rng.random(), path, end))
        self.stats["own_capped"] += search.capped
        if not scored:
            return []
        scored.sort(key=lambda t: -t[0])
        best_path = scored[0][1]
        if scored[0][0] < WIN:
            best = None
            for n, (value, path, end) in enumerate(scored[: self.candidates * self.rescue]):
                if n >= self.candidates and best > -WIN / 2:
                    break  # past the usual candidates only while every turn so far loses to a reply
                if n and self._spent() >= self._limit:
                    break  # the turn's budget of reply positions is spent: the best so far stands
                reply = self.reply_value(end, seat, best)
                if best is None or reply > best:
                    best, best_path = reply, path
        return [a for a in best_path[: best_path.index("draw")]] if "draw" in best_path else list(best_path)

    def reply_value(self, state: MonkeyDashState, seat: int, floor: float | None = None) -> float:
        """`seat`'s score after the opponent's best whole reply turn; once a reply scores `floor` or
        less the search stops (the caller has something at least as good) and returns that score."""
        node = state
        if node.phase == "interrupt" and node.current_player() == seat:
            node = node.clone()
            node._apply("no interrupt")  # assume we hold our Interrupts: the cautious case
        other = 1 - seat
        while node.current_player() < 0 and node.phase != "over" and node.deal_queue and node.draw_pile:
            node = node.clone()
            node._apply(least_useful_draw(node))  # a draw still pending at the end of our turn
        if node.current_player() != other or node.turn_player != other:
            return evaluate(node, seat)
        if floor is not None:
            for path in self._killers:  # a reply that refuted an earlier candidate may refute this one
                end = _replay(node, path)
                if end is not None and end.turn_player != other and evaluate(end, seat) <= floor \
                        and not self.wins_next(end, seat):
                    return evaluate(end, seat)
        # no banana drops in the reply: the evaluation does not see what a banana blocks next turn, so
        # a drop could only look worse for the opponent (a banana fewer in hand), never better
        left = self._limit - self._spent()
        search = WholeTurns(other, max(REPLY_FLOOR, min(self.reply_limit, left)), max_drops=0)
        replies = []
        for path, end in search.ends(node):
            v = evaluate(end, seat)
            replies.append((v, len(replies), path, end))
            if floor is not None and v <= floor and not self.wins_next(end, seat):
                replies = [replies[-1]]
                break  # this reply refutes the candidate: the caller has something at least as good
        self.stats["reply_capped"] += search.capped
        self.stats["reply_nodes"] += search.nodes
        if not replies:
            return evaluate(node, seat)
        replies.sort(key=lambda r: (r[0], r[1]))
        for v, _, path, end in replies:  # the opponent's best reply that does not let us win at once
            if not self.wins_next(end, seat):
                if path and "draw" not in path and path not in self._killers:
                    self._killers = [path] + self._killers[:2]
                return v
        return WIN / 2  # every reply leaves us a winning turn

    def _spent(self) -> int:
        """Positions made for replies and win checks in this turn's planning so far."""
        return self.stats["reply_nodes"] + self.stats["win_nodes"] - self._start_nodes

    def wins_next(self, state: MonkeyDashState, seat: int) -> bool:
        """Whether `seat`, about to play its turn, has a winning turn (checked only when its monkey is
        near enough its bay for a win to be possible, and not when the opponent may open the turn with
        an Interrupt: the cautious case)."""
        if state.phase == "over":
            return state.winner == seat
        if state.turn_player != seat or state.current_player() != seat or state.phase != "act":
            return False
        if race(state, seat) > self.win_check_race:
            return False
        if self._spent() >= self._limit:
            return False  # the turn's budget is spent: no credit (the cautious case)
        key = _turn_key(state)
        known = self._wins.get(key)
        if known is None:
            search = WholeTurns(seat, self.win_limit, max_drops=0)  # a drop never wins
            known = any(end.winner == seat for _, end in search.ends(state))
            self._wins[key] = known
            self.stats["win_checks"] += 1
            self.stats["win_nodes"] += search.nodes
        return known

    def _interrupt(self, state: MonkeyDashState, seat: int, legal: list[str]) -> str:
        """Play the Interrupt that leaves the mover's best turn worst for them, or none."""
        plays = [a for a in legal if a.startswith("play ")]
        mover = 1 - seat
        if not plays or not (race(state, mover) <= state.ap + 2 or heave_threat(state, mover)):
            return "no interrupt"

        def after(action: str) -> float:
            twin = state.clone()
            twin._apply(action)
            if twin.phase == "interrupt" and twin.current_player() == seat:
                twin._apply("no interrupt")  # one card at a time is weighed
            return self.reply_value(twin, seat)

        best, choice = after("no interrupt"), "no interrupt"
        for a in plays:
            v = after(a)
            if v > best + 0.5:  # a card is worth keeping unless it clearly helps now
                best, choice = v, a
        return choice
