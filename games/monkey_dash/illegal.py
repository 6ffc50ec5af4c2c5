"""Why a Monkey Dash action is refused: the named errors and the diagnosis behind their messages.

The rules accept an action only if the move generator lists it (state.py); when it does not, this
module works out the first rule the action breaks and returns the matching IllegalActionError subclass
with a message that says what was wrong and what is allowed instead. It only reads the state.
"""

from __future__ import annotations

from ..core import ActionSyntaxError, IllegalActionError, quoted
from ..words import counted
from . import costs
from .board import COLOURS, DIRECTIONS, ORTHOGONAL


class NotYourTurnError(IllegalActionError):
    """An action by, or for, a seat that is not the one to decide (the Interrupt window, a due discard)."""


class NotEnoughAPError(IllegalActionError):
    """A step that costs more action points than the turn has left."""


class BlockedError(IllegalActionError):
    """A piece that cannot go where the action sends it: off the board, into an occupied or barred
    square, not in a straight line, not next to the supervisor, and so on."""


class FrozenError(IllegalActionError):
    """A step that an Interrupt card played against this turn forbids."""


class CardRuleError(IllegalActionError):
    """A card action the rules refuse: a card not held, at the wrong moment, a second new card."""


class BananaRuleError(IllegalActionError):
    """A banana action the rules refuse (wrong variant, none left, heaved monkey, bad square)."""


class PassError(IllegalActionError):
    """'pass' while something that costs AP can still be done, or 'end turn' while AP are left."""


class StalemateRuleError(IllegalActionError):
    """A step that would end the turn in a position the opponent already undid (the stalemate rule)."""


_SQUARE_WORDS = {"rotate": 2, "heave": 2, "push": 2, "drop": 1, "throw": 1, "pickup": 1}
_LINE_WORDS = ("monkey", "leap")
_CARD_WORDS = ("play", "discard")
_BARE_WORDS = ("buy", "pass", "end turn", "no interrupt")
FORMS = ("sup N|E|S|W", "rotate c3 d4", "heave c3 d4", "push c3 c4", "monkey b2-d4", "leap b2-d4",
         "drop c4", "throw c5", "pickup c4", "buy", "play <card>", "discard <card>", "no interrupt", "pass", "end turn")


def _cut_words(words: str, limit: int = 120) -> str:
    """A board's refusal of a square name, kept short (it quotes the name, which may be of any length)."""
    return words if len(words) <= limit else words[:limit - 3] + "..."


def parse(state, action: str) -> tuple[str, list]:
    """Split an action into its word and arguments (squares as ints); ActionSyntaxError if malformed."""
    text = action.strip()
    word, _, rest = text.partition(" ")
    rest = rest.strip()

    def bad(why: str) -> ActionSyntaxError:
        return ActionSyntaxError(f"{quoted(action, 60)} is not a Monkey Dash action: {why}; "
                                 f"actions look like: {', '.join(FORMS)}")

    def squares(names: list[str]) -> list[int]:
        out = []
        for n in names:
            try:
                out.append(state.board.square(n))
            except ValueError as exc:
                raise bad(_cut_words(str(exc))) from None
        return out

    if text != action or "  " in text:
        raise bad("write it with single spaces and nothing around it")
    if text in _BARE_WORDS:
        return text, []
    if word == "sup":
        if rest not in DIRECTIONS:
            raise bad(f"a supervisor step names a direction ({', '.join(DIRECTIONS)}), got {quoted(rest, 30)}")
        return word, [rest]
    if word in _SQUARE_WORDS:
        parts = rest.split()
        if len(parts) != _SQUARE_WORDS[word]:
            raise bad(f"'{word}' takes {counted(_SQUARE_WORDS[word], 'square name')}")
        return word, squares(parts)
    if word in _LINE_WORDS:
        parts = rest.split("-")
        if len(parts) != 2 or not all(parts):
            raise bad(f"'{word}' takes a from-to pair like b2-d4")
        return word, squares(parts)
    if word in _CARD_WORDS:
        if rest not in state._cards:
            raise bad(f"no Power Card is called {quoted(rest, 30)}; the cards are {', '.join(state._cards)}")
        return word, [rest]
    raise bad(f"unknown word {quoted(word, 30)}")


def diagnose(state, action: str) -> IllegalActionError:
    """The error for an action the move generator does not list (the state is not changed)."""
    try:
        word, args = parse(state, action)
    except ActionSyntaxError as exc:
        return _with_allowed(state, exc)
    error = _phase_error(state, word, args)
    if error is None and action in [m[0] for m in state._legal_moves(unfiltered=True)]:
        error = _stalemate(action)  # generated, then filtered out: only the stalemate rule does that
    if error is None:
        error = _rule_error(state, word, args)
    if error is None:
        error = _stalemate(action) if word == "pass" else IllegalActionError(f"{quoted(action, 60)} is not allowed now")
    return _with_allowed(state, error)


def _with_allowed(state, error: IllegalActionError) -> IllegalActionError:
    legal = state.legal_actions()
    shown = ", ".join(legal[:12]) + (f", ... ({len(legal)} in all)" if len(legal) > 12 else "")
    return type(error)(f"{error}. Allowed now: {shown or '(nothing)'}")


def _stalemate(action: str) -> StalemateRuleError:
    return StalemateRuleError(f"after {quoted(action, 60)} your turn could only end in a position the opponent once undid "
                              "back to this one; the stalemate rule asks for a different move")


def _player(state, p: int) -> str:
    """A player as the window names them: their seat's name and colour ("Player 1 (red)"; a refusal read "red
    does not hold overtime" where everything else said "Player 1" and "Overtime": a Monkey Dash audit)."""
    return f"{state.seat_name(p)} ({COLOURS[p]})"


def _card_title(state, cid: str) -> str:
    """A card by its title ("Overtime"), as its row and its face say it, not its id ("overtime")."""
    card = state._cards.get(cid)
    return card.name if card is not None else cid


def _phase_error(state, word: str, args: list) -> IllegalActionError | None:
    mover, who = state.turn_player, _player(state, state.turn_player)
    whose = state.seat_name(mover)  # (a possessive: "Player 2's turn", not "Player 2 (blue)'s turn")
    if state.phase == "interrupt":
        waiting = _player(state, 1 - mover)
        if word == "play" and state._cards[args[0]].interrupt and args[0] not in state.hands[1 - mover]:
            return CardRuleError(f"{waiting} does not hold {_card_title(state, args[0])}")
        if word == "play" and not state._cards[args[0]].interrupt:
            return CardRuleError(f"{_card_title(state, args[0])} is not an Interrupt; only Interrupts are played before "
                                 f"{whose}'s first step, own-turn cards in your own turn")
        return NotYourTurnError(f"{whose}'s turn has not begun: {waiting} first plays an Interrupt card or "
                                "'no interrupt'")
    if state.phase == "discard":
        if word == "discard":
            return CardRuleError(f"{who} does not hold {_card_title(state, args[0])}")
        return NotYourTurnError(f"{who} holds four Power Cards and must first discard one")
    if word == "no interrupt":
        return NotYourTurnError("there is no Interrupt window now: it opens at the start of a turn, "
                                "for the waiting player, only if they hold an Interrupt card")
    if word == "discard":
        return CardRuleError("a card is discarded only when a fourth one arrives")
    return None


def _rule_error(state, word: str, args: list) -> IllegalActionError | None:
    check = {"sup": _sup, "rotate": _crate, "heave": _crate, "push": _push, "monkey": _monkey, "leap": _leap,
             "drop": _banana, "throw": _banana, "pickup": _pickup, "buy": _buy, "play": _play,
             "pass": _pass, "end turn": _end_turn}[word]
    return check(state, word, args)


def _costs(state, cost: int, what: str) -> IllegalActionError | None:
    if cost > state.ap:
        return NotEnoughAPError(f"{what} costs {cost} AP, and this turn has only {state.ap} AP left")
    return None


def _occupant(state, sq: int) -> str | None:
    """What keeps a crate out of square sq (None: empty floor)."""
    b, n = state.board, state.board.name_of(sq)
    if sq in state.crates:
        return f"{n} holds a crate"
    if sq in state.supervisors:
        return f"{n} holds the {COLOURS[state.supervisors.index(sq)]} supervisor"
    if sq in state.bananas:
        return f"{n} holds a banana"
    if sq in b.nests:
        return f"{n} is the {COLOURS[b.nests.index(sq)]} Nest"
    return None


def _card(state, flag: str) -> str:
    """The name of the Power Card that sets `flag` (from the deck's data)."""
    card = state.effect_card(flag)
    return card.name if card else "a Power Card"


def _sup(state, word, args):
    p, eff, b = state.turn_player, state.effects, state.board
    d = args[0]
    if eff["supervisor_frozen"]:
        return FrozenError(f"{_card(state, 'supervisor_frozen')} was played against this turn: "
                           "your supervisor may not step")
    if d not in ORTHOGONAL and not eff["diagonal"]:
        return BlockedError(f"a supervisor steps orthogonally (N, E, S, W); {d} needs {_card(state, 'diagonal')}")
    error = _costs(state, costs.step_cost(eff), "a supervisor step")
    if error:
        return error
    sq = b.step(state.supervisors[p], d)
    if sq < 0:
        return BlockedError(f"a step {d} would leave the board")
    if sq == b.bays[1 - p]:
        return BlockedError(f"{b.name_of(sq)} is {COLOURS[1 - p]}'s Loading Bay; a supervisor enters only its own")
    why = _occupant(state, sq)
    if why and sq not in state.bananas:
        return BlockedError(f"a supervisor cannot step there: {why}")
    return None


def _crate(state, word, args):
    p, eff, b = state.turn_player, state.effects, state.board
    c, t = args
    n = b.name_of
    if eff["crates_frozen"]:
        return FrozenError(f"{_card(state, 'crates_frozen')} was played against this turn: "
                           "no rotating, heaving or pushing")
    if c not in state.crates:
        return BlockedError(f"there is no crate on {n(c)}")
    ring = b.ring(state.supervisors[p])
    if c not in ring:
        return BlockedError(f"the crate on {n(c)} is not next to your supervisor on {n(state.supervisors[p])}")
    carried = c in state.monkeys
    if carried and word == "rotate":
        return BlockedError(f"a monkey stands on {n(c)}: moving that crate is a Monkey Heave ('heave {n(c)} {n(t)}')")
    if not carried and word == "heave":
        return BlockedError(f"no monkey stands on {n(c)}: that is a plain rotation ('rotate {n(c)} {n(t)}')")
    i = ring.index(c)
    if t not in (ring[(i - 1) % 8], ring[(i + 1) % 8]):
        return BlockedError(f"a crate pivots one square at a time round the supervisor; from {n(c)} it may go "
                            f"to {' or '.join(n(s) for s in (ring[(i - 1) % 8], ring[(i + 1) % 8]) if s >= 0)}")
    if carried and state.monkeys.index(c) == p and eff["monkey_frozen"]:
        return FrozenError(f"{_card(state, 'monkey_frozen')} was played against this turn: your monkey may "
                           "not move, not even on a heaved crate")
    cost = costs.heave_cost(eff, state.heaved[state.monkeys.index(c)]) if carried else costs.ROTATE
    error = _costs(state, cost, "a Monkey Heave" if carried else "a rotation")
    if error:
        return error
    why = _occupant(state, t)
    return BlockedError(f"a crate cannot move there: {why}") if why else None


def _push(state, word, args):
    p, eff, b = state.turn_player, state.effects, state.board
    c, t = args
    n, sup = b.name_of, state.supervisors[p]
    if eff["crates_frozen"]:
        return FrozenError(f"{_card(state, 'crates_frozen')} was played against this turn: "
                           "no rotating, heaving or pushing")
    if eff["supervisor_frozen"]:
        return FrozenError(f"{_card(state, 'supervisor_frozen')} was played against this turn: "
                           "your supervisor may not follow a push")
    if c not in state.crates:
        return BlockedError(f"there is no crate on {n(c)}")
    d = next((d for d in ORTHOGONAL if b.step(sup, d) == c), None)
    if d is None:
        return BlockedError(f"a push needs the crate orthogonally next to your supervisor on {n(sup)}")
    if b.step(c, d) != t:
        ahead = b.step(c, d)
        where = f"to {n(ahead)}" if ahead >= 0 else "nowhere (the board ends)"
        return BlockedError(f"a crate is pushed straight away from the supervisor ({where}); crates are never "
                            "pulled or pushed sideways")
    if c in state.monkeys:
        return BlockedError(f"a monkey stands on {n(c)}; only a Monkey Heave moves that crate")
    if c == b.bays[1 - p]:
        return BlockedError(f"your supervisor would follow into {n(c)}, {COLOURS[1 - p]}'s Loading Bay")
    error = _costs(state, costs.push_cost(eff), "a push")
    if error:
        return error
    why = _occupant(state, t)
    if why:
        return BlockedError(f"the crate cannot be pushed there: {why} (one crate at a time)")
    return None


def _monkey(state, word, args):
    p, eff, b = state.turn_player, state.effects, state.board
    f, t = args
    n = b.name_of
    if f != state.monkeys[p]:
        return BlockedError(f"your monkey is on {n(state.monkeys[p])}, not {n(f)} (you move only your own)")
    if eff["monkey_frozen"]:
        return FrozenError(f"{_card(state, 'monkey_frozen')} was played against this turn: your monkey may not move")
    error = _costs(state, costs.monkey_cost(eff), "a monkey move")
    if error:
        return error
    if t == state.monkeys[1 - p]:
        return BlockedError(f"the {COLOURS[1 - p]} monkey is on {n(t)}")
    if t not in state.crates:
        return BlockedError(f"monkeys move only onto crates, and {n(t)} has none")
    (fx, fy), (tx, ty) = b.xy(f), b.xy(t)
    dx, dy = tx - fx, ty - fy
    if f == t or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        return BlockedError(f"{n(f)} to {n(t)} is not a straight line (rows, columns and diagonals only)")
    if f == b.nests[p] and b.distance(f, t) > 1:
        return BlockedError("the first move is a hop from the Nest onto a crate right next to it")
    bay = _bay_on_the_way(state, f, t)
    if bay is not None:
        return BlockedError(f"the move would reach your Loading Bay at {n(bay)} on the way, and the game is won "
                            f"the moment your monkey gets there: the move ends at {n(bay)} "
                            f"('monkey {n(f)}-{n(bay)}') and never carries on past it")
    return BlockedError(f"the line from {n(f)} to {n(t)} is broken: every square on the way needs a crate "
                        "and no monkey")


def _bay_on_the_way(state, f: int, t: int) -> int | None:
    """The mover's own Loading Bay if a straight move from f to t would reach it before t over unbroken
    crates with no monkey on them (the monkey would win there and stop), else None."""
    b, p = state.board, state.turn_player
    (fx, fy), (tx, ty) = b.xy(f), b.xy(t)
    unit = ((tx > fx) - (tx < fx), (ty > fy) - (ty < fy))
    d = next(d for d, v in DIRECTIONS.items() if v == unit)
    sq = b.step(f, d)
    while 0 <= sq != t:
        if sq not in state.crates or sq == state.monkeys[1 - p]:
            return None
        if sq == b.bays[p]:
            return sq
        sq = b.step(sq, d)
    return None


def _leap(state, word, args):
    p, eff, b = state.turn_player, state.effects, state.board
    if not eff["leap"]:
        return CardRuleError(f"a leap needs {_card(state, 'leap')} played this turn")
    if eff["monkey_frozen"]:
        return FrozenError(f"{_card(state, 'monkey_frozen')} was played against this turn: your monkey may not move")
    f, t = args
    if f != state.monkeys[p] or f == b.nests[p]:
        return BlockedError("a leap starts from the crate your monkey stands on")
    error = _costs(state, costs.monkey_cost(eff), "a leap")
    return error or BlockedError("a leap goes over exactly one square without a crate onto a free crate two "
                                 "squares away in a straight line")


def _banana(state, word, args):
    p, b = state.turn_player, state.board
    if not state.bananas_on:
        return BananaRuleError("bananas are used only in the 'bananas' and 'bananas_pure' variants")
    if state.banana_store[p] == 0:
        return BananaRuleError("you have no bananas left to drop or throw")
    at = state.monkeys[p]
    if at == b.nests[p]:
        return BananaRuleError("your monkey drops and throws bananas from a crate, not from its Nest")
    if state.heaved[p]:
        return BananaRuleError("your monkey was heaved this turn and cannot drop or throw bananas")
    reach = 1 if word == "drop" else 2
    sq = args[0]
    if b.distance(at, sq) != reach:
        return BananaRuleError(f"a banana is {'dropped' if reach == 1 else 'thrown'} "
                               f"{'next to' if reach == 1 else 'two squares from'} your monkey on {b.name_of(at)}")
    if word == "throw":
        error = _costs(state, costs.THROW, "a throw")
        if error:
            return error
    why = _occupant(state, sq) or (f"{b.name_of(sq)} is a Loading Bay" if sq in b.bays else None)
    return BananaRuleError(f"a banana needs empty floor: {why}") if why else None


def _pickup(state, word, args):
    p, b = state.turn_player, state.board
    if not state.bananas_on:
        return BananaRuleError("bananas are used only in the 'bananas' and 'bananas_pure' variants")
    sq = args[0]
    if sq not in state.bananas:
        return BananaRuleError(f"there is no banana on {b.name_of(sq)}")
    if sq in state.supervisors:
        return BananaRuleError(f"the banana on {b.name_of(sq)} is under a supervisor")
    if b.distance(state.supervisors[p], sq) != 1:
        return BananaRuleError("your supervisor picks up only a banana on one of the eight squares around it")
    return _costs(state, costs.PICKUP, "picking up a banana")


def _buy(state, word, args):
    if not state.cards_on:
        return CardRuleError(f"there are no Power Cards in the '{state.config.variant}' variant")
    if state.gained:
        return CardRuleError("you already gained a Power Card this turn (at most one a turn)")
    if not state.draw_pile:
        return CardRuleError("the draw pile is empty")
    return _costs(state, costs.BUY, "buying a card")


def _play(state, word, args):
    cid, p = args[0], state.turn_player
    if cid not in state.hands[p]:
        return CardRuleError(f"{_player(state, p)} does not hold {_card_title(state, cid)}")
    if state._cards[cid].interrupt:
        return CardRuleError(f"{_card_title(state, cid)} is an Interrupt: it is played at the start of the opponent's turn")
    return None


def _pass(state, word, args):
    if state.ap <= 0:
        return PassError("no action points are left to give up: say 'end turn' to end the turn")
    if state._ap_spendable(state._act_moves()):
        return PassError("'pass' is allowed only when nothing that costs AP can be done; "
                         "a turn spends exactly its action points")
    return None


def _end_turn(state, word, args):
    if state.ap > 0:
        return PassError(f"{state.ap} action point{'s are' if state.ap != 1 else ' is'} left, and a turn spends "
                         "exactly its action points; 'end turn' comes once none is left")
    return None
