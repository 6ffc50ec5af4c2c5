"""Why a finished game ended as it did, in one sentence, from the match alone: the window's result and
the terminal's last lines say the same thing (a Jenga audit found the terminal ending on bare scores
while the window said who toppled the tower and why the winner won).

`name` turns a seat into the name people read; the window passes its own (it may say "you"). The
window may also know what it saw played that the state no longer holds (the coins a Super Mario fall
actually cost: `fall_paid`)."""

from __future__ import annotations

from typing import Callable

from .words import counted, joined


def result_reason(match, name: Callable[[int], str] | None = None, fall_paid: int | None = None) -> str:
    """The sentence under the result's title; "" while the game goes on (or when the scores say it all)."""
    if not match.is_over():
        return ""
    state = match.state
    if name is None:
        seats = match.config.seats
        name = lambda seat: seats[seat].name  # noqa: E731
    game = match.config.game
    if game.startswith("jenga"):
        if fall_paid is None and getattr(state, "toppler", None) is not None and hasattr(state, "coins"):
            # what the toppler paid, from the position before the fall when the match keeps it (a match with a
            # person in it): a game loaded after the fall had said "10 coins (or all they had)" where the
            # window that watched the fall said what was paid (a save audit)
            before = match.previous_state()
            replayed = getattr(match, "replayed_coins", [])
            counted = getattr(match, "coins_before_last", None)
            if before is not None and hasattr(before, "coins"):
                fall_paid = before.coins()[state.toppler] - state.coins()[state.toppler]
            elif counted is not None:  # a match of bots, played here or loaded (Match.coins_before_last)
                fall_paid = counted[state.toppler] - state.coins()[state.toppler]
            elif len(replayed) == len(match.history) + 1 and replayed[-2] is not None:
                # a match of bots keeps no position before its last step; loaded, it kept the coins after each
                # step (Match.replay): a loaded game of bots said "10 coins (or all they had)" (a rules audit)
                fall_paid = replayed[-2][state.toppler] - state.coins()[state.toppler]
        return _jenga(game, state, name, fall_paid)
    if game == "donkey_kong":
        return _donkey_kong(state, name)
    if game == "monkey_dash":
        return _monkey_dash(state, match.history, name)
    return ""


def _names(name, seats) -> str:
    return joined([name(p) for p in seats])


def _jenga(game: str, state, name, fall_paid: int | None) -> str:
    """Who toppled the tower and what each game's rules make of it."""
    if getattr(state, "phase", "") != "over":
        return ""
    if state.ended == "limit":
        # and what the limit makes of it, as each help says (it said only that the limit came: a rules audit)
        why = {"jenga_classic": "everybody shares the win",
               "jenga_dk": "the highest Mario wins" + (", tied ones sharing" if len(state.winners()) > 1 else ""),
               "jenga_mario": "the most coins win" + (", tied ones sharing" if len(state.winners()) > 1 else "")}
        said = "The game reached its limit of turns with the tower standing"
        return f"{said}: {why[game]}." if game in why else f"{said}."
    if game == "jenga_dk" and state.ended == "top":
        return f"{name(state.champion)}'s Mario reached Pauline at the top of the tower."
    if state.toppler is None:
        return ""
    toppled = f"{name(state.toppler)} toppled the tower"
    winners = list(state.winners())
    if game == "jenga_classic":
        if state.last_stacker is not None and state.last_stacker != state.toppler:
            return f"{toppled}; {name(state.last_stacker)} stacked the last block before the fall and wins."
        return f"{toppled} and loses; every other player wins."
    if game == "jenga_dk":
        if not winners:
            return f"{toppled} and loses."
        level = state.mario_level(winners[0])
        # each name its own possessive: "Random bot 1 and Random bot 2's Mario climbed highest" (an audit)
        whose = joined([f"{name(p)}'s" for p in winners])
        marios = "Mario" if len(winners) == 1 else "Marios"
        return (f"{toppled} and loses, whatever their Mario's height; of the others, {whose} {marios} climbed "
                f"highest (level {level}).")
    if game == "jenga_mario":
        from .jenga import data

        rules = data.mario_rules()
        others = [p for p in range(len(state.pegs)) if p != state.toppler]
        best = max((state.peg_level(p) for p in others), default=None)
        high = [p for p in others if state.peg_level(p) == best]
        # "the player with the highest character ... if that player made the tower fall, the second-highest":
        # said as it happened, not "the highest peg" for a peg below the toppler's (an audit)
        toppler_level = state.peg_level(state.toppler)
        pegs = "pegs" if len(high) > 1 else "peg"
        which = (f"the highest {pegs}" if best is None or best >= toppler_level
                 else f"the highest {pegs} after the toppler's")
        # the names first: "the highest peg after the toppler's collected 5 coins (Player 2)" read awkwardly (an audit)
        bonus = (f"; {_names(name, high)}, with {which}, collected {counted(rules['fall_bonus'], 'coin')}"
                 + (" each" if len(high) > 1 else "")) if high else ""
        penalty = rules["fall_penalty"]
        if fall_paid is not None:
            what = counted(fall_paid, "coin") + ("" if fall_paid >= penalty else f", all they had (the penalty is {penalty})")
            return f"{toppled} and paid {what}{bonus}; the most coins win."
        return f"{toppled} and paid {penalty} coins (or all they had){bonus}; the most coins win."
    return toppled + "."


def _donkey_kong(state, name) -> str:
    """Who rescued the Fair Maiden and so has the bonus on top of their played cards (or that nobody did)."""
    finisher = getattr(state, "finisher", -1)
    if finisher is not None and finisher >= 0:
        said = f"{name(finisher)} rescued the Fair Maiden: {state.bonus[finisher]} bonus points on top of the cards played"
        winners = [p for p in state.winners() if p != finisher]
        if winners and finisher not in state.winners():
            # the rescue did not win: the winner's cards did, and the sentence said only the rescue (a terminal
            # audit: "Winner: Random bot 1." over "Random bot 2 rescued the Fair Maiden ...")
            scores = state.scores()
            said += (f"; {_names(name, winners)} won all the same, with more points ({scores[winners[0]]:g} against "
                     f"{scores[finisher]:g})")
        return said + "."
    return "Nobody reached the Fair Maiden in time, so nobody has the rescue bonus: the played cards decide."


def _monkey_dash(state, history, name) -> str:
    """The step that put the winner's monkey, on a crate, into their Loading Bay (a step or leap onto a
    crate there, or a Heave: the rules' two ways), or that the turn limit came first."""
    from .monkey_dash.actions import TURN_LIMIT
    from .monkey_dash.board import COLOURS

    winner = getattr(state, "winner", None)
    if winner is None:
        return (f"No monkey reached its Loading Bay within the game's {TURN_LIMIT} turns, so the game is "
                "drawn.")
    bay = f"the {COLOURS[winner]} Loading Bay ({state.board.name_of(state.board.bays[winner])})"
    who = name(winner)
    last = history[-1] if history else None
    word = last.action.partition(" ")[0] if last is not None else ""
    if word in ("monkey", "leap"):
        went = "leapt" if word == "leap" else "stepped"
        return f"{who}'s monkey {went} onto the crate in {bay}, which wins the game."
    if word == "heave" and last.by == winner:
        return f"{who} heaved their monkey, on its crate, into {bay}, which wins the game."
    if word == "heave":
        return (f"{name(last.by)}'s Heave carried {who}'s monkey, on its crate, into {bay}, "
                f"which wins the game for {who}.")
    return f"{who}'s monkey reached {bay} on a crate, which wins the game."
