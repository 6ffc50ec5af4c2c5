"""Donkey Kong bots: greedy (best immediate points and progress), patient (greedy, but no rescue that
loses), strong (looks ahead) and expert (plays every choice out to the end of the game, many times).

greedy scores each pawn path by what it brings at once: card points for the obstacles it meets
(or the penalty when the hand is empty), a red-dot draw, the Finish bonus and the climb; on contact
it plays its most valuable card, a Hammer on ties.

strong plays every candidate action out on a copy of the state to the end of the current turn (the
dice are already rolled, so only card draws are left to chance: it averages a few samples), then
one more round of opponents' turns by sampling dice, and judges the position: points, the cards in
hand (each is future points), who is closer to the Finish, and, once the game is over, who won.
"""

from __future__ import annotations

import numpy as np

from games.bots import Bot, ChanceDraws, sample_outcome
from games.core import CHANCE, TERMINAL

from .board import BOARD
from .state import FIXED_CHANCE
from .cards import CARD_INDEX, CARD_IS_HAMMER, CARD_POINTS, FINISH_BONUS

_DIST = BOARD.distance_to_finish
_RED = BOARD.red_dot
STEP_VALUE = 20.0  # greedy: points a step nearer the Finish is worth


def _card_value(action: str) -> tuple[int, bool]:
    kind = CARD_INDEX[action.split()[1]]
    return CARD_POINTS[kind], CARD_IS_HAMMER[kind]


def best_card(actions: list[str]) -> str:
    """The most valuable card; a Hammer (it clears the obstacle) on a tie."""
    return max(actions, key=_card_value)


_PATHS: dict[str, tuple[int, ...]] = {}


def path_of(action: str) -> tuple[int, ...]:
    """The spaces (indices) a move action walks, parsed once per action text."""
    path = _PATHS.get(action)
    if path is None:
        path = _PATHS[action] = tuple(BOARD.index[n] for n in action.split()[1:])
    return path


class GreedyBot(Bot):
    """Best immediate points and progress, no look-ahead."""

    name = "greedy"

    def choose(self, state, rng: np.random.Generator) -> str:
        actions = state.legal_actions()
        if actions[0].startswith("play "):
            return best_card(actions)
        value = self.path_values(state)
        best, best_value = actions[0], value(actions[0])
        for a in actions[1:]:
            v = value(a)
            if v > best_value:  # the first of equals, as max over (value, -index) picked
                best, best_value = a, v
        return best

    @classmethod
    def path_value(cls, state, action: str) -> float:
        return cls.path_values(state)(action)

    @staticmethod
    def path_values(state):
        """A function scoring this turn's move actions (what they bring at once); the parts that depend
        only on the position are worked out once."""
        me = state.turn
        hand = sorted((CARD_POINTS[k] for k in state.hands[me]), reverse=True)
        played = state.played[me]
        penalty = sum(CARD_POINTS[k] for k in played) / len(played) if played else 0.0
        obstacles = set(s for s in state.barrels if s >= 0) | set(s for s in state.fireballs if s >= 0)
        red_worth = 250 if state.deck_count() else 0
        here = _DIST[state.pawns[me]]
        finish = BOARD.finish

        def value(action: str) -> float:
            path = path_of(action)
            v = 0.0
            met = 0
            for s in path:
                if s in obstacles:
                    if met < len(hand):
                        v += hand[met]
                    elif played:
                        v -= penalty
                    met += 1
            end = path[-1]
            if end == finish:
                v += FINISH_BONUS
            elif _RED[end] and red_worth:
                v += red_worth
            v += STEP_VALUE * (here - _DIST[end])
            return v

        return value


def candidates(state, actions: list[str], limit: int | None = None) -> list[str]:
    """The choices worth searching, in the legal order. Moves: paths with the same end and the same
    spaces met are alike, so one of each; with `limit`, only the greedy bot's favourites among them.
    Card plays are all kept."""
    if not actions or not actions[0].startswith("move "):
        return actions
    seen, keep = set(), []
    for a in actions:
        path = a.split()[1:]
        key = (path[-1], tuple(sorted(set(path))))
        if key not in seen:
            seen.add(key)
            keep.append(a)
    if limit is not None and len(keep) > limit:
        value = GreedyBot.path_values(state)
        best = set(sorted(keep, key=lambda a: -value(a))[:limit])
        keep = [a for a in keep if a in best]
    return keep


def play_greedily(sim, rng, greedy: GreedyBot, until_turn: int | None = None, own_rng: bool = False) -> None:
    """Play on with greedy decisions for every seat and sampled chance, to the end of the game (or
    until `until_turn` turns are complete). own_rng: rng serves this playout only and is dropped after
    it, so its chance outcomes may be drawn a block of uniforms at a time (ChanceDraws: the same
    outcomes, cheaper, but rng is left further on than the draws it gave)."""
    draw = ChanceDraws(rng, FIXED_CHANCE) if own_rng else (lambda outcomes: sample_outcome(outcomes, rng))
    while True:
        p = sim.current_player()
        if p == TERMINAL or (until_turn is not None and sim.turns >= until_turn):
            return
        if p == CHANCE:
            sim.apply_action(draw(sim.chance_outcomes()))
        else:
            sim.apply_action(greedy.choose(sim, rng))


class StrongBot(Bot):
    """One-ply search: each action played out to the end of the turn and a round beyond, then judged."""

    name = "strong"

    def __init__(self, samples: int = 4, hand_weight: float = 0.6, step_weight: float = 14.0,
                 rounds: int = 1):
        self.samples = samples
        self.rounds = rounds
        self.hand_weight = hand_weight
        self.step_weight = step_weight
        self._greedy = GreedyBot()

    def choose(self, state, rng: np.random.Generator) -> str:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        me = state.current_player()
        actions = candidates(state, actions)
        if len(actions) == 1:
            return actions[0]
        best, best_value = actions[0], -1e18
        for a in actions:
            total = 0.0
            for _ in range(self.samples):
                sim = state.clone()
                sim.apply_action(a)
                self._play_out(sim, rng)
                total += self.evaluate(sim, me)
            if total > best_value:
                best, best_value = a, total
        return best

    def _play_out(self, sim, rng) -> None:
        """Finish this turn and play the following round with greedy decisions and sampled dice."""
        play_greedily(sim, rng, self._greedy, until_turn=sim.turns + self.rounds * len(sim.pawns) + 1)

    def evaluate(self, state, me: int) -> float:
        scores = state.scores()
        if state.is_terminal():
            winners = state.winners()
            win = 1.0 / len(winners) if me in winners else 0.0
            rest = max(s for i, s in enumerate(scores) if i != me)
            return 100000.0 * win + (scores[me] - rest)

        def worth(i):
            hand = sum(CARD_POINTS[k] for k in state.hands[i])
            # the bonus a pawn can still expect, the nearer the Finish the likelier
            race = FINISH_BONUS - self.step_weight * _DIST[state.pawns[i]]
            return scores[i] + self.hand_weight * hand + race

        mine = worth(me)
        return mine - max(worth(i) for i in range(len(scores)) if i != me)



class FinishAwareGreedy(GreedyBot):
    """`patient`, also a playout policy of `expert`: greedy, except that it weighs the Finish by the
    result. A path onto the Finish that would win is taken before anything else; one that might lose
    is the last resort, since the rescue ends the game. Plain greedy takes the bonus whenever it can,
    which ends many games that a player behind on points would have played on.

    "Would win" is judged on the worst end of the turn for this player (`rescue_scores`): the move is
    played on a copy of the state and the turn finished there, this player playing its cards as it
    would, the others their best card, and every chance outcome going against it (a penalty for an
    obstacle met with no face-up card costs its most valuable played card). Its points then must beat
    every opponent's. Under the rulebook the opponents may still meet obstacles after the rescue, so
    each is also granted their best face-up card, if that is more than they scored on the copy; under
    the wiki reading the game ends at the rescue and their points are final."""

    name = "patient"

    @staticmethod
    def path_values(state):
        plain = GreedyBot.path_values(state)
        me = state.turn
        scores = state.scores()
        others = [i for i in range(len(scores)) if i != me]
        allowance = {i: 0 if state.wiki else max((CARD_POINTS[k] for k in state.hands[i]), default=0)
                     for i in others}
        finish = BOARD.finish

        def value(action: str) -> float:
            v = plain(action)
            if path_of(action)[-1] != finish:
                return v
            final = rescue_scores(state, action)
            mine = final[me]
            rest = max(max(final[i], scores[i] + allowance[i]) for i in others)
            return v + (1e6 if mine > rest else -1e6)

        return value


def _worst_for_the_mover(outcome: tuple[str, float]) -> int:
    """Sort key over the chance outcomes after a rescue: the lowest is the worst for the player whose
    turn it is (losing their most valuable played card; stealing an opponent's least valuable one)."""
    verb, _, card = outcome[0].partition(" ")
    if verb == "lose":
        return -CARD_POINTS[CARD_INDEX[card]]
    if verb == "steal":
        return CARD_POINTS[CARD_INDEX[card]]
    return 0


def rescue_scores(state, action: str) -> list[int]:
    """Everybody's points at the end of the game if the player to move makes `action`, a move onto the
    Finish (the game ends with that turn): played on a copy, the mover playing its most valuable card on
    each contact (as greedy does), the others theirs, and every chance outcome the worst for the mover."""
    sim = state.clone()
    sim.apply_action(action)
    turns = state.turns
    while sim.turns == turns:
        p = sim.current_player()
        if p == TERMINAL:
            break
        if p == CHANCE:
            sim.apply_action(min(sim.chance_outcomes(), key=_worst_for_the_mover)[0])
        else:
            sim.apply_action(best_card(sim.legal_actions()))
    return sim.scores()


class _SeatPolicies(GreedyBot):
    """A playout policy with one rule for the searching seat and another for everybody else."""

    def __init__(self, me: int, mine: GreedyBot, others: GreedyBot):
        self.me, self.mine, self.others = me, mine, others

    def choose(self, state, rng: np.random.Generator) -> str:
        return (self.mine if state.current_player() == self.me else self.others).choose(state, rng)


class ExpertBot(Bot):
    """Monte Carlo with common dice and successive halving: candidates are played to the end of the game.

    Each candidate (paths that end alike and meet the same spaces count once; at most the
    `max_candidates` the greedy bot likes best) is played out `playouts` times, all seats then playing
    greedy (`policy` "greedy"; "finish": every seat plays the finish-aware greedy policy; "mine": the
    searching seat does, the others plain greedy), and playout j of every candidate draws its dice and
    cards from the same seed, so candidates are compared on the same luck. With `rounds` > 1 the budget
    is spent in rounds: after each, the better half of the candidates goes on and gets as many new
    playouts as all before (successive halving), so the close ones are told apart by the most
    playouts. The choice is the candidate that wins most often over the playouts it had (all survivors
    had the same ones); the mean lead in points breaks near ties. A fixed number of playouts, not a
    clock, bounds the work, so a game replays exactly from its seed.
    """

    name = "expert"

    def __init__(self, playouts: int = 64, max_candidates: int = 12, rounds: int = 4,
                 policy: str = "greedy"):
        self.playouts = playouts
        self.max_candidates = max_candidates
        self.rounds = rounds
        if policy not in ("greedy", "finish", "mine"):
            raise ValueError(f"expert playout policy is 'greedy', 'finish' or 'mine', not {policy!r}")
        self.policy = policy
        self._policy = FinishAwareGreedy() if policy == "finish" else GreedyBot()

    def choose(self, state, rng: np.random.Generator) -> str:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        me = state.current_player()
        actions = candidates(state, actions, self.max_candidates)
        if len(actions) == 1:
            return actions[0]
        total = self.playouts * 2 ** (self.rounds - 1)
        seeds = [int(x) for x in rng.integers(2**63, size=total)]
        policy = self._policy
        if self.policy == "mine":
            policy = _SeatPolicies(me, FinishAwareGreedy(), GreedyBot())
        stats = {a: [0.0, 0.0] for a in actions}  # wins, lead
        alive, done, batch = list(actions), 0, self.playouts
        for r in range(self.rounds):
            for a in alive:
                wins_lead = stats[a]
                for seed in seeds[done:done + batch]:
                    sim = state.clone()
                    sim.apply_action(a)
                    play_greedily(sim, np.random.default_rng(seed), policy, own_rng=True)
                    scores = sim.scores()
                    winners = sim.winners()
                    if me in winners:
                        wins_lead[0] += 1.0 / len(winners)
                    wins_lead[1] += scores[me] - max(sc for i, sc in enumerate(scores) if i != me)
            done += batch
            batch = done
            # the order of `actions` breaks exact ties, so the choice is the same on every machine
            ranked = sorted(alive, key=lambda a: (-(stats[a][0] + stats[a][1] / (done * 100000.0)),
                                                  actions.index(a)))
            if len(ranked) <= 1 or r == self.rounds - 1:
                return ranked[0]
            alive = ranked[:(len(ranked) + 1) // 2]
            if len(alive) == 1:
                return alive[0]
        return alive[0]
