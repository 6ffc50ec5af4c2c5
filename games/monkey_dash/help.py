"""The rules of each Monkey Dash variant in the project's own words, for the app's help overlay and the
terminal's 'rules'.

Every point where the printed rules are silent is stated here as the project decided it; the texts are
built from the board and card data so they never disagree with what the engine loads. Steps are named as
the window's Choices name them ("supervisor north to d6", "rotate crate c3 to d4"); the short forms typed
in the terminal ('sup N', 'rotate c3 d4') are kept apart, in one paragraph marked for the terminal.
"""

from __future__ import annotations

from . import costs
from .board import COLOURS, Board
from .cards import Card
from .actions import HAND_LIMIT, TURN_LIMIT
from ..words import counted

VARIANTS = {
    "standard": "the full game with Power Cards",
    "bananas": "Better with Bananas: the full game plus bananas to drop, throw and slide on",
    "pure": "Pure Strategy: no Power Cards, no luck",
    "bananas_pure": "Better with Bananas and Pure Strategy together: bananas, and no Power Cards",
}
"""The rulebook gives its two variants one after the other, each as a change to the standard game (bananas
added; the Power Cards left out), and says nothing of playing both: both readings are reasonable, so both
together is a variant of its own (a rules audit found no way to play bananas without luck)."""


def has_cards(variant: str) -> bool:
    """Whether the variant plays with the Power Cards (not in Pure Strategy, alone or with bananas)."""
    return variant not in ("pure", "bananas_pure")


def has_bananas(variant: str) -> bool:
    """Whether the variant plays with bananas (Better with Bananas, alone or with Pure Strategy)."""
    return variant in ("bananas", "bananas_pure")


def _board_part(board: Board) -> str:
    n = board.name_of
    red, blue = COLOURS
    return (
        f"THE WAREHOUSE ({board.width} by {board.height}; columns a-{chr(ord('a') + board.width - 1)}, "
        f"rows 1-{board.height} from the bottom). Our own layout, since the printed board is not published: "
        f"the {red} Nest is {n(board.nests[0])} and the {red} Loading Bay {n(board.bays[0])}; the {blue} Nest "
        f"is {n(board.nests[1])} and the {blue} Loading Bay {n(board.bays[1])}. Crates start on "
        f"{', '.join(n(c) for c in board.crates)}. Each Supervisor starts in its own Loading Bay. The layout "
        "looks the same to both players after a half turn of the board. The diagonal from each nest points "
        "at the centre square, so the two monkeys' lines can meet there and a crate one player places may "
        "carry the other's monkey too; routes that keep apart exist as well, so a meeting is not forced."
    )


def _core_rules(cards: tuple[Card, ...] | None, bananas: bool = False) -> str:
    first = costs.TURN_AP - costs.START_FEE
    if cards or bananas:  # what may still be done once no AP is left, as this variant has it (a banana's
        # drop is free without cards too: bananas_pure's help said the turn ends at the last AP, and it waited
        # for 'end turn' beside the drops still allowed: a rules audit)
        free = ((["playing a card"] if cards else []) + (["dropping a banana"] if bananas else [])
                + (["a free move a card gave"] if cards else []))
        after = (f"Once the last AP is spent, free steps ({', '.join(free)}) are still allowed: the turn then "
                 "ends when you choose 'end the turn', or by itself when nothing free is left.")
    else:
        after = "The turn ends as soon as its last AP is spent."
    stuck = ("your supervisor is boxed in, your monkey is stuck and your cards forbid the rest" if cards
             else "your supervisor is boxed in and your monkey is stuck")
    heave = costs.ROTATE + costs.HEAVE_FIGHT
    # a whole turn's points; and the first turn has no monkey on a crate to heave: both start in their nests,
    # and no crate starts beside one (it said a card's help made a first-turn Heave possible: a help audit)
    first_heave = ("a whole turn's points; no monkey stands on a crate until its first hop from the nest, so "
                   "there is nothing to heave in the game's first turn")
    text = f"""GOAL. Be first to have your monkey, standing on a crate, in your own Loading Bay. You win at that
moment, even with action points left. Two ways: heave the crate your monkey stands on into your bay
({heave} AP), or put an empty crate in your bay and move your monkey onto it. (If a Heave carries the other
monkey into its own bay, that player wins.)

TURNS. The start player is chosen at random (the Start Card flip) and pays {costs.START_FEE} action point (AP) for
starting, so has only {first} AP in the first turn; every other turn has exactly {costs.TURN_AP}. Each step below is one
action. You cannot stop while AP are left. {after} Only if nothing that costs AP is possible (for
instance {stuck}) may you 'pass', which gives up the AP left. A step that breaks a rule is refused with
the reason, and nothing changes.

SUPERVISOR (yours only). One square north, east, south or west for {costs.STEP} AP ("supervisor north to d6").
Not onto crates, nests, the other supervisor, or the other player's Loading Bay; your own bay is fine.

CRATES, moved by your supervisor from a neighbouring square (diagonal neighbours count):
- Rotate ("rotate crate c3 to d4"): pivots a crate one square round your supervisor (to the next of the
  eight squares around it, either way) for {costs.ROTATE} AP. The square it moves to must be empty floor: no
  crate, supervisor, nest or banana. Crates may enter either Loading Bay.
- Monkey Heave ("Monkey Heave: crate c3 to d4"): a rotation of a crate with either monkey on it; the
  monkey rides along. It costs {costs.ROTATE} + {costs.HEAVE_FIGHT} = {heave} AP, {first_heave}. The monkey is
  fought once a turn: heaving the same monkey on by another square that turn costs {costs.ROTATE} AP more
  (two squares: {2 * costs.ROTATE + costs.HEAVE_FIGHT} AP); heaving the other monkey is a new fight.
- Push ("push crate c3 to c4"): moves an orthogonally neighbouring crate one square straight away from your
  supervisor, who steps into the square it left: {costs.PUSH} AP. One crate at a time, never a crate with a monkey
  on it (only a Heave moves a monkey's crate), never so that your supervisor would enter the other
  bay. Crates are never pulled.

MONKEY (yours only). Monkeys stand only on crates (or in their nest at the start) and never move back
into the nest. A move ("monkey b2 to d4") goes in a straight line (eight directions) over unbroken crates
and stops on any of them, for {costs.MONKEY} AP whatever the length. The first move is a hop from the nest onto a
crate next to it. A monkey cannot pass through or land on the other monkey. A move that reaches a
crate in your own Loading Bay ends there and wins, so no move carries your monkey past it (passing over
the other player's bay is fine).
MONKEY DASH: a move that covers three or more crates in a line (the crate you start on and at least
two more) earns a Power Card, unless you already gained one this turn (no card in Pure Strategy). The
hop out of the nest is never a Dash.

STALEMATE RULE (our precise form of the printed one). Say a turn of yours took the board from
position P to Q (Q different from P), and the opponent's next turn put it back to P. Whenever a turn
of yours again starts from P, you may not end it in Q (nor in any other position of yours the
opponent undid from P). The position is where the crates, monkeys, supervisors and bananas are and
how many bananas each player holds; cards and AP do not count. A step is refused when after it every
way of finishing the turn would end in Q (a card still to play, or a pass, does not change where the
turn ends). If every way to finish the turn is barred, the rule yields. Pieces may still pass through
Q during the turn.

LONG GAMES. After {TURN_LIMIT} turns in all ({TURN_LIMIT // 2} each) with no winner the game is a draw."""
    if cards:
        text += "\n\n" + _POWER_CARDS
    return text


_POWER_CARDS = f"""POWER CARDS. Each player is dealt two, face up; the rest are the face-down draw
pile. Buying one ("buy a Power Card", or a click on the draw pile) costs {costs.BUY} AP. You gain at most
one card a turn, by buying or by a Dash. With more
than {HAND_LIMIT} cards you must at once 'discard' one of your choice. Played cards go to the discard
pile; as soon as the draw pile is empty the discard pile is shuffled to become the new draw pile (if
no card has been played by then, the next card played or discarded starts the new pile).
Playing a card (a click on it, or its "play ..." row in Choices) costs no AP and lasts until the end of
that turn. Interrupt cards are played by the waiting player when the opponent's turn begins, before any
step ("decline to interrupt" holds them); the other cards during your own turn, as many as you like."""


def _cards_part(cards: tuple[Card, ...]) -> str:
    lines = [f"THE {len(cards)} POWER CARDS (our own design; each is in the deck once):"]
    for c in cards:
        kind = "Interrupt" if c.interrupt else "your turn"
        text = c.text.split(":", 1)[1].strip() if c.interrupt and c.text.startswith("Interrupt:") else c.text
        if c.effect == "free_supervisor_steps":  # the table's reading of a push under this card
            text += (f" A push is not one of those steps: it is an action of its own, still costs its "
                     f"{costs.PUSH} AP, and leaves the free steps for later.")
        lines.append(f"- {c.name} ({kind}): {text}")
    return "\n".join(lines)


_BANANAS = f"""BETTER WITH BANANAS. Each player also holds {{each}} bananas.
- Drop ("drop a banana on c4"): your monkey, on a crate, drops a banana into one of the eight squares
  around it, free.
- Throw ("throw a banana to c5"): it throws one two squares away (one square beyond its neighbours) for
  {costs.THROW} AP; the banana flies over whatever lies between. Either way the square must be empty floor:
  not a crate, supervisor, banana, nest or Loading Bay.
  A monkey that was heaved this turn can neither drop nor throw for the rest of the turn.
- Bananas block crates: nothing is rotated or pushed onto one.
- Pick up ("pick up the banana on c4"): your supervisor picks up a banana from one of the eight squares
  around it for {costs.PICKUP} AP; it joins your bananas.
- SUPER SLIDE ("Super Slide east to d5 over the banana on c5, using it up"): a supervisor stepping onto
  a banana slides on one more square the same way for free, and on again over every further banana in
  line; each banana slid over is gone for the game. A slide
  never goes into a crate, a supervisor, a nest, the other bay or off the board: then the supervisor
  steps onto the banana and stops there, and that banana stays (it was not slid on). A banana under a
  supervisor cannot be picked up until the supervisor has left it."""


def help_text(variant: str, board: Board, cards: tuple[Card, ...]) -> str:
    if variant not in VARIANTS:
        raise ValueError(f"unknown Monkey Dash variant {variant!r}; choose one of: {', '.join(VARIANTS)}")
    parts = [f"MONKEY DASH, variant '{variant}': {VARIANTS[variant]}.", _board_part(board),
             _core_rules(cards if has_cards(variant) else None, has_bananas(variant))]
    if not has_cards(variant):
        parts.append("PURE STRATEGY: no Power Cards are used; there are no cards to buy, and a Monkey Dash earns "
                     "nothing. No chance is left except who starts.")
    else:
        parts.append(_cards_part(cards))
    if has_bananas(variant):
        parts.append(_BANANAS.replace("{each}", str(board.bananas_each)))
    parts.append(_typed(variant, cards))
    parts.append(_decisions(variant, cards))
    return "\n\n".join(_unwrap(p) for p in parts)


def _typed(variant: str, cards: tuple[Card, ...]) -> str:
    """The short forms people type in the terminal, apart from the rules (the window never shows them)."""
    forms = ["sup N, sup E, sup S, sup W for the supervisor", "rotate c3 d4", "heave c3 d4", "push c3 c4",
             "monkey b2-d4"]
    if has_cards(variant):
        named = {c.effect: c.name for c in cards}
        forms[0] += f" (sup NE and the other diagonals with {named.get('diagonal_supervisor', 'a card')})"
        forms.append(f"leap b2-d4 (with {named.get('monkey_leap', 'a card')})")
    if has_bananas(variant):
        forms += ["drop c4", "throw c5", "pickup c4"]
    if has_cards(variant):
        example = next((c for c in cards if not c.interrupt), cards[0]) if cards else None
        card = f" ({example.name} is {example.id})" if example else ""
        forms += ["buy", f"play or discard and a card's short name{card}", "no interrupt"]
    # without cards or bananas no free steps to end on
    forms += ["pass"] + (["end turn"] if has_cards(variant) or has_bananas(variant) else [])
    return ("TYPED IN THE TERMINAL. Playing without the window (python -m games play monkey_dash --terminal), "
            "you type each step in a short form instead of the words above: " + "; ".join(forms)
            + ". Squares are named like c3, a1 at the bottom left.")


def _decisions(variant: str, cards: tuple[Card, ...] = ()) -> str:
    """Where the rulebook says nothing or can be read two ways: the table's decisions in one list (the app
    shows it on request, as every game's; docs/monkey_dash.md gives the reasons)."""
    items = [
        "The warehouse and the Power Cards are this table's own: the printed board and cards are not published.",
        "Who starts is always the Start Card's flip: the app draws the start player at random, in place of "
        "every way the printed rules give for settling it (the player who last ate a banana, or the loser of "
        "the previous game choosing), so nobody chooses who starts.",
        "Reaching your own Loading Bay on a crate wins at that moment, in the middle of a move too: a monkey "
        "move along a line of crates ends at your bay and is never carried on past it (a move that tries is "
        "refused with the reason). The other player's bay does not stop a move. A Heave moves a crate one "
        "square, so it wins only by ending in the bay."
        + (" A Springboard leap wins only by landing on a crate in your bay; leaping over your empty bay "
           "wins nothing, as there is no crate there to stand on." if has_cards(variant) else ""),
        "The monkey of a Heave is fought once a turn: heaving it on by another square that turn costs only the "
        "rotation, and a Heave that carries the other monkey into its own bay wins the game for that player.",
        "The stalemate rule in its precise form (above): a step is refused when after it the turn could only "
        "end in the undone position, and the rule yields when every way to finish is barred.",
        "A turn ends by itself when no AP and nothing free are left; 'pass' gives up AP only when nothing "
        f"that costs AP is possible; after {TURN_LIMIT} turns without a winner the game is a draw. The "
        "rulebook's undo rule keeps a turn from being undone back and forth, but two players who never reach "
        "their bays would play for ever; the last ten turns are counted beside the action points.",
        "A crate with a monkey on it is not pushed: the rulebook names the Monkey Heave as the way to move such "
        "a crate and prices the fight with the monkey in it, so a push (which fights no monkey) is refused "
        "and the Heave is the only way.",
        "A crate never moves into a Monkey Nest, even one its monkey has left: the rulebook bars only the "
        "Supervisors from the Nests and says crates cannot pass through crates or Supervisors; this table keeps "
        "the Nests as the board's fixed squares, which no crate, supervisor or banana enters.",
        "The rulebook's two variants may be played alone or together: 'bananas' keeps the Power Cards, 'pure' "
        "has no bananas, and 'bananas_pure' has bananas and no Power Cards (the rulebook does not say "
        "whether they go together).",
        "The rulebook's tip for a handicap (one player without Power Cards, a child with no limit to the hand) "
        "is not a variant here: both players always play by the same rules.",
    ]
    if has_cards(variant):
        items.append("A Power Card bought or won by a Monkey Dash may be played in the same turn, once it lies face "
                     "up in front of you: the rulebook says when cards are gained, not that a new one must wait.")
    skates = next((c for c in cards if c.effect == "free_supervisor_steps"), None)
    if has_cards(variant) and skates is not None:
        items.append(f"{skates.name} frees the next {counted(skates.amount, 'supervisor step')} only: a push stays "
                     f"an action of its own at {costs.PUSH} AP (the crate and the supervisor who follows it), "
                     "and the free steps wait for real steps.")
    if has_bananas(variant):
        items.append("Bananas: 'one square away' for a throw is read as two squares from the monkey, one beyond "
                     "its neighbours; the rules keep thrown bananas out of Loading Bays, nests and crates, and "
                     "this table keeps dropped ones out of them too (a banana in a bay would block the crate "
                     "that wins there); a monkey heaved this turn neither drops nor throws for the rest of it; a "
                     "slide that cannot go on leaves the supervisor on the banana, which stays.")
    return "Where the rules say nothing or can be read two ways, this table decides:\n" + "\n".join(
        f"- {item}" for item in items)


def _unwrap(paragraph: str) -> str:
    """Join the source's wrapped lines so the overlay can wrap to its own width; bullets and headed
    lines (starting with a capitalised word and a colon or full stop) keep their own line."""
    lines: list[str] = []
    for raw in paragraph.split("\n"):
        line = raw.strip()
        head = line.split(" ", 1)[0].rstrip(":.")
        starts = not line or line.startswith("- ") or (head.isupper() and len(head) > 1)
        if lines and lines[-1] and not starts:
            lines[-1] += " " + line
        else:
            lines.append(line)
    return "\n".join(lines)
