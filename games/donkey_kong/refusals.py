"""Why an action is refused: a named error whose message says, in the game's words, what is wrong.

The state accepts its legal actions quickly and asks this module only about an action it is going
to refuse, so the explanations cost nothing in play. Text that names no Donkey Kong action (an
unknown verb, space or card) is an ActionSyntaxError; a well-formed action at the wrong moment or
against the rules is an IllegalActionError. Nothing here changes the state.
"""

from __future__ import annotations

from games.core import CHANCE, TERMINAL, ActionSyntaxError, IllegalActionError

from .board import BOARD, DOWN, LEFT, RIGHT, UP
from .cards import CARD_INDEX, CARD_NAMES, DIE_COLOURS, card_label

VERBS = ("roll", "deal", "move", "play", "draw", "lose", "steal")
# What each pending decision (pending_decision()['kind']) is answered with.
_VERB_FOR_KIND = {"order": "roll", "deal": "deal", "roll": "roll", "move": "move", "dot": "draw",
                  "card": "play", "lose": "lose", "steal": "steal", "draw": "draw"}
_FORMS = ("'move G1.3 L1.1' (Mario's whole path, space by space), 'play H300' (a face-up card), and the "
          "chance outcomes 'roll 4 DK', 'roll 5', 'deal J100', 'draw J200', 'lose H200', 'steal J300'")
_CARDS = ", ".join(CARD_NAMES)
_OPPOSITE = {LEFT: RIGHT, RIGHT: LEFT, UP: DOWN, DOWN: UP}
_WORDS = {LEFT: "left", RIGHT: "right", UP: "up", DOWN: "down"}


def refusal(state, action: str) -> IllegalActionError | None:
    """The error to raise for `action`, or None when the generic refusal (or acceptance) applies."""
    words = action.split()
    if not words or words[0] not in VERBS:
        return ActionSyntaxError(f"{action!r} is not a Donkey Kong action; actions are {_FORMS}")
    if " ".join(words) != action:
        return ActionSyntaxError(f"{action!r}: write the action with single spaces, as {' '.join(words)!r}")
    verb, rest = words[0], words[1:]
    if verb == "move":
        if not rest:
            return ActionSyntaxError("'move' needs Mario's path: the spaces walked, e.g. 'move G1.3 G1.4'")
        unknown = [w for w in rest if w not in BOARD.index]
        if unknown:
            return ActionSyntaxError(f"{unknown[0]!r} is not a space of the board (spaces are named like "
                                     "G3.4 on girders, L2.1 on ladders, P.1 and FINISH)")
    elif verb == "roll":
        if not 1 <= len(rest) <= 2 or rest[0] not in "123456" or len(rest[0]) != 1 or (
                len(rest) == 2 and rest[1] not in ("2", "3", "4", "5", "6", "DK")):
            return ActionSyntaxError(f"{action!r} is not a roll; a roll reads 'roll <1-6>' (who starts) or "
                                     "'roll <Mario count 1-6> <obstacle face: a number or DK>'")
    elif len(rest) != 1 or rest[0] not in CARD_INDEX:
        return ActionSyntaxError(f"{action!r} names no card; '{verb}' takes one card of {_CARDS}")

    player = state.current_player()
    if player == TERMINAL:
        return None  # the base class says the game is over
    pending = state.pending_decision()
    due = _VERB_FOR_KIND[pending["kind"]]
    if verb != due:
        return IllegalActionError(f"{action!r} does not fit now: {pending['text']} (a '{due} ...' action is "
                                  "due)")
    if player == CHANCE:
        possible = [o for o, _ in state.chance_outcomes()]
        return IllegalActionError(f"{action!r} is not a possible outcome now ({pending['text']}); possible: "
                                  f"{_brief(possible)}")
    if verb == "play":
        seat = state.contacts[0][0]
        hand = state.face_up(seat)
        return IllegalActionError(f"{state.seat_name(seat)} has no face-up {card_label(CARD_INDEX[rest[0]])}; "
                                  f"face up: {', '.join(hand)}")
    return _bad_move(state, [BOARD.index[w] for w in rest])


def _bad_move(state, path: list[int]) -> IllegalActionError:
    legal = state.legal_actions()
    here = state.pawns[state.turn]
    prev, dirs = here, []
    for s in path:
        step = [d for t, d in BOARD.pawn_steps[prev] if t == s]
        if not step:
            return IllegalActionError(
                f"Mario cannot step from {BOARD.names[prev]} to {BOARD.names[s]}: a pawn moves to a neighbouring "
                "space along its girder or up and down ladders (the dotted lines are for obstacles only)")
        dirs.append(step[0])
        prev = s
    if state.wiki:
        others = {p for i, p in enumerate(state.pawns) if i != state.turn}
        written = "move " + " ".join(BOARD.names[s] for s in path)
        onward = [a for a in legal if a.startswith(written + " ")]
        if path[-1] in others and onward:
            # the move would stop on the other pawn only if no free space could be reached from there
            return IllegalActionError(f"another pawn stands on {BOARD.names[path[-1]]} and a free space can "
                                      f"be reached beyond it, so the move goes on there: {_brief(onward)}")
    lengths = {len(a.split()) - 1 for a in legal}
    if len(lengths) == 1 and len(path) not in lengths and path[-1] != BOARD.finish:
        colour = DIE_COLOURS[state.variant]["mario"]
        return IllegalActionError(f"Mario moves exactly {_spaces(lengths.pop())} this turn (the {colour} die "
                                  f"shows {state.mario_roll}); this path walks {len(path)}")
    if state.wiki:
        seen = {here}
        for s in path:
            if s in seen:
                return IllegalActionError(f"the path comes back to {BOARD.names[s]}: the article allows no "
                                          "backtracking within a move")
            seen.add(s)
    else:
        for d in dirs:
            if _OPPOSITE[d] in dirs:
                return IllegalActionError(f"the path goes both {_WORDS[d]} and {_WORDS[_OPPOSITE[d]]}: the "
                                          "rulebook allows no two different directions in one move")
    return IllegalActionError(f"{'move ' + ' '.join(BOARD.names[s] for s in path)!r} is not a legal move now; "
                              f"legal: {_brief(legal)}")


def _brief(items: list[str], limit: int = 8) -> str:
    shown = ", ".join(items[:limit])
    return shown + (f", ... ({len(items)} in all)" if len(items) > limit else "") if items else "none"


def _spaces(n: int) -> str:
    return f"{n} space" if n == 1 else f"{n} spaces"
