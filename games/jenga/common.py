"""The tower-turn machinery the three Jenga games share: build, push, tremor, stack, probe, fall.

A game state here is plain data: the sim tower's get_state() dict, the layout of block ids the
rules read, the block in hand, the blocks on the floor, whose turn it is and the last verdict.
The physics runs only when a chance outcome or a stack is applied:

    build k         (chance)   a fresh tower whose per-block tolerances come from seed k
    extract L:S E speed=.. steady=..   a decision; the push waits for the hand's tremor
    tremor k        (chance)   the simulator pushes the block out with tremor seed k
    stack S                    the block in hand goes on top, in slot S of the open level
    probe L:S E                touch a block: it does not end the turn, and there is no limit on touches
    push L:S E path=...        the live push: the finger's path, played by the simulator as it was
                               played live; taken if out by half its length, else put back (a touch)

A collapse reported by the simulator (sim's own thresholds) is a fall: the mover toppled the tower
and the game ends as the subclass's rules say.
"""

from __future__ import annotations

import copy
import re
import textwrap

from ..core import CHANCE, TERMINAL, ActionSyntaxError, IllegalActionError, MatchFileError, State, quoted
from . import data, physics, saved
from .layout import (SLOTS, block_text, count, ends, grid_text, highest_complete, hole_text, is_real,
                     parse_hole, present, removable, stack_level, stack_slots, top_level)
from .pro import LOOSE_FACTOR, loose
from .push import Push, WrongEndError, loose_extract, parse_extract, parse_probe
from .push import OUT_OF_LINE_MM, PUSHED_MM, make_push, parse_push, push_words, short_move, straight_push, typing_hint

CHANCE_PHASES = ("build", "tremor", "spin")
PLACES = ("left", "middle", "right")
"""The places on top as the prompt names them, slot 0 to 2 ('stack middle' is 'stack 1')."""


def reflow(text: str, width: int = 100) -> str:
    """Help text with each paragraph wrapped to `width`; indented lines (lists) are kept as they are."""
    out = []
    for para in text.strip().split("\n\n"):
        lines = para.split("\n")
        if any(line.startswith("  ") for line in lines):
            head = [line for line in lines if not line.startswith("  ")]
            rest = [line for line in lines if line.startswith("  ")]
            out.append("\n".join(([textwrap.fill(" ".join(head), width)] if head else []) + rest))
        else:
            out.append(textwrap.fill(" ".join(line.strip() for line in lines), width))
    return "\n\n".join(out) + "\n"


_FELL_NOTE = re.compile(r", moved \d+(\.\d+)? mm, the tower falls!$")


def shown_note(line: str) -> str:
    """A note as the board shows it: an operation that toppled the tower without the shift of the blocks left
    standing ("Ann: push 10:0, the tower falls!"), which beside a fall read as its size. The note itself stays as
    the game wrote it (saved matches carry a digest over the notes)."""
    return _FELL_NOTE.sub(", the tower falls!", line)


class NotRemovableError(IllegalActionError):
    """A block that may not be taken now (above the highest complete level, missing, or blocked)."""


class NotYourMoveError(IllegalActionError):
    """An action of a kind the current phase of the turn does not allow."""


class IllegalSlotError(IllegalActionError):
    """A stack into a slot of the top level that is not open."""


class IllegalHoleError(IllegalActionError):
    """A Mario or a peg sent to a hole it may not go to (no block there, taken, or the wrong level)."""


def listing(items: list, limit: int = 12) -> str:
    """Items for an error message: the first `limit`, then how many in all."""
    items = [short_action(str(i)) for i in items]
    if not items:
        return "(none)"
    return ", ".join(items[:limit]) + (f", ... ({len(items)} in all)" if len(items) > limit else "")


def short_action(action: str) -> str:
    """An action as a message names it: a push's finger path is cut to its first samples."""
    head, sep, path = action.partition(" path=")
    return f"{head}{sep}{path[:24]}..." if sep and len(path) > 24 else action


_ADDRESS = re.compile(r"^(?:extract|push|probe)\s+(\d{1,6}):(\d{1,6})\b", re.ASCII)
"""The block an action on the tower names (its level and slot), read before the rest of it."""


class TowerState(State):
    """Base state of the Jenga games; subclasses add their pieces, spinner and scoring."""

    TOWER = "classic"  # sim tower spec name
    VALUE_FIRST = False
    """Whether a strong player touches the blocks worth most (block_value) before the ones the tower's
    shape favours: True where the value is the game's race (Donkey Kong Jenga's next girder); in Super
    Mario the value is coins, and reaching for coin blocks first cost the pro more falls than the coins
    won it (docs/jenga.md, "The pro touches what the game rewards first")."""
    RACE = False
    """Whether the pro plans its turn as a race (games/jenga/pro.py step 6: race_value, climb_value): True
    only in Donkey Kong Jenga, where a Mario reaching Pauline wins (docs/jenga.md, "The pro plays the
    race")."""
    EDGES_FIRST = False
    """Whether the pro takes every other block before the middle of a full level (games/jenga/pro.py
    `ranking`): True in Super Mario Jenga, whose tower has 45 blocks and whose spinner may ask for two
    removals in a turn ("Stack 2 Blocks"). A full level whose middle goes first is spent (a lone edge
    would be left by taking either of its two edges); one whose edge goes first still gives its other
    edge, the middle left standing. Elsewhere the middle comes first within its level, the block most
    often loose."""
    LIGHT_CAREFUL = False
    """Whether the middle bot level, `careful`, plays its lighter self here (bots.py CarefulBot.light):
    True in Super Mario Jenga only, where on the plastic tower it toppled barely more often than
    careful_hard (docs/jenga.md, "Super Mario's middle rung: a lighter careful")."""
    BLOCKS = 54
    ACTIONS_PER_TURN = 8  # an upper bound, for max_length
    CONFORMANCE = {"games": 1, "max_actions": 24}
    record_trajectories = False  # the renderer sets this to get animation frames from every operation
    FIELDS = ("phase", "tower", "layout", "hand", "floor", "mover", "direction", "pending", "touches",
              "last_verdict", "last_probe", "turns", "toppler", "last_stacker", "ended", "log")
    PHASES: tuple = ("build", "tremor", "stack", "over")
    """The phases a saved position may be in (each game adds its own)."""

    def __init__(self, config):
        super().__init__(config)
        self.phase = "build"
        self.tower: dict | None = None
        self.layout: list = []
        self.hand: int | None = None
        self.floor: list[int] = []
        self.mover = 0
        self.direction = 1
        self.pending: dict | None = None
        self.touches = 0  # blocks touched to test this turn (the rulebooks set no limit)
        self.last_verdict: dict | None = None
        self.last_probe: dict | None = None
        self.turns = 0
        self.toppler: int | None = None
        self.last_stacker: int | None = None
        self.ended: str | None = None  # "fall", "top" or "limit"
        self.log: list[str] = []
        self._trajectory = None  # the last operation's animation frames; never game state

    # ---- plain data -------------------------------------------------------------------------
    def to_json(self) -> dict:
        """A copy of everything the state holds: editing it never changes the game."""
        return copy.deepcopy({k: getattr(self, k) for k in self.FIELDS})

    @classmethod
    def from_json(cls, config, data_: dict) -> "TowerState":
        """The state saved by to_json(). A field of the wrong type, length or range (a layout that is not
        rows of block ids, a seat the game does not have, a tower sim cannot load) or fields that disagree
        (a layout that is not the tower's) are refused here with MatchFileError naming the field (saved.py),
        not left to fail at a later legal_actions() or str()."""
        state = cls(config)
        from .. import registry  # the game's title in the messages, as the board games say theirs (an audit)
        title = registry.get(config.game).title
        if not isinstance(data_, dict):
            raise MatchFileError(f"a saved {title} position is an object, not {type(data_).__name__}")
        missing = [k for k in cls.FIELDS if k not in data_]
        if missing:
            some = ", ".join(missing[:4]) + (f" and {len(missing) - 4} more" if len(missing) > 4 else "")
            raise MatchFileError(f"a saved {title} position lacks the field{'s' if len(missing) > 1 else ''} "
                                 f"{some}")
        forms = state.saved_forms()
        for k in cls.FIELDS:  # in order: a field's check may read the fields before it, set by then
            value = data_[k]
            what, fits = forms[k]
            if not fits(value):
                raise MatchFileError(f"a saved {title} position's {k!r} must be {what}, not {quoted(value)}")
            setattr(state, k, copy.deepcopy(value))
        fault = state.saved_fault()
        if fault:
            raise MatchFileError(f"a saved {title} position is inconsistent: {fault}")
        return state.refuse_unplayable(f"a saved {title} position")

    def saved_forms(self) -> dict[str, saved.Form]:
        """What each field of a saved position must be (from_json), for this state's config."""
        n, blocks, turns = self.config.num_players, self.BLOCKS, data.play()["max_turns"]
        seat = f"a seat number from 0 to {n - 1}"

        def is_seat(v) -> bool:
            return saved.whole(v, 0, n - 1)

        return {
            "phase": (f"one of {', '.join(self.PHASES)}", lambda v: type(v) is str and v in self.PHASES),
            "tower": (f"null (before the build) or the {self.TOWER!r} tower's state (sim's Tower.get_state())",
                      saved.optional(lambda v: not physics.tower_fault(self.TOWER, v))),
            "layout": (f"a list of at most {blocks} levels, each {SLOTS} block ids (0 to {blocks - 1}) or null, "
                       "no id twice", lambda v: saved.layout(v, blocks)),
            "hand": (f"null or a block id (0 to {blocks - 1})",
                     saved.optional(lambda v: saved.whole(v, 0, blocks - 1))),
            "floor": (f"a list of different block ids (0 to {blocks - 1})",
                      lambda v: saved.wholes(v, 0, blocks - 1, blocks, distinct=True)),
            "mover": (seat, is_seat),
            "direction": ("1 or -1", lambda v: type(v) is int and v in (1, -1)),
            "pending": ("null or a push of a block of the layout waiting for its tremor: {level, slot, end, "
                        "speed (m/s, in the documented range), steadiness (0 to 1)}",
                        saved.optional(lambda v: saved.push(v, len(self.layout), data.play()["speed_m_s"]))),
            "touches": ("a whole number of at least 0", lambda v: type(v) is int and v >= 0),
            "last_verdict": ("null or an operation's summary with 'op' (text), 'collapsed' (true or false), "
                             "'max_displacement_mm' and 'max_tilt_deg' (numbers)", saved.optional(saved.verdict)),
            "last_probe": ("null or a touch's reading with 'where' [level, slot], 'end' (a tower side) and "
                           "'force_n' (a number)", saved.optional(saved.probe)),
            "turns": (f"a whole number from 0 to {turns}", lambda v: saved.whole(v, 0, turns)),
            "toppler": ("null or " + seat, saved.optional(is_seat)),
            "last_stacker": ("null or " + seat, saved.optional(is_seat)),
            "ended": ('null, "fall", "top" or "limit"', lambda v: v is None or (type(v) is str and v in (
                "fall", "top", "limit"))),
            "log": ("a list of texts", saved.texts),
        }

    def saved_fault(self) -> str:
        """What a loaded position breaks across its fields, each already of its form ("" when nothing):
        the tower is built exactly when the build is past, the layout and the block in hand are the
        tower's, and a push waits exactly when its tremor is due. Each game adds its own."""
        if (self.tower is None) != (self.phase == "build"):
            return f"'tower' is {'null' if self.tower is None else 'a tower'} in phase {self.phase!r}"
        if self.tower is None:
            if self.layout or self.hand is not None or self.floor:
                return "'layout', 'hand' and 'floor' hold blocks before the tower is built"
        else:
            if [list(row) for row in self.layout] != physics.layout_from_state(self.tower):
                return "'layout' is not the layout of the blocks in 'tower'"
            if [self.hand] != (physics.places(self.tower)["hand"] or [None]):
                return f"'hand' ({self.hand}) is not the block in hand in 'tower'"
        if (self.pending is not None) != (self.phase == "tremor"):
            return f"'pending' is {'null' if self.pending is None else 'a push'} in phase {self.phase!r}"
        return ""

    def clone(self) -> "TowerState":
        state = type(self)(self.config)
        for k in self.FIELDS:
            setattr(state, k, copy.deepcopy(getattr(self, k)))
        return state

    def max_length(self) -> int:
        return self.spec.max_length

    def turn_count(self) -> int:
        return self.turns

    # ---- whose move ---------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase in CHANCE_PHASES:
            return CHANCE
        return self.decider()

    def decider(self) -> int:
        return self.mover

    def turn_owner(self) -> int | None:
        return None if self.phase == "over" else self.mover

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.phase == "build":
            n = data.play()["builds"]
            return [(f"build {k}", 1 / n) for k in range(n)]
        if self.phase == "tremor":
            n = data.play()["tremors"]
            return [(f"tremor {k}", 1 / n) for k in range(n)]
        if self.phase == "spin":
            return self.spin_outcomes()
        return []

    def spin_outcomes(self) -> list[tuple[str, float]]:
        return []

    def legal_actions(self) -> list[str]:
        if self.current_player() < 0:
            return []
        if self.phase == "stack":
            return [f"stack {s}" for s in stack_slots(self.layout)]
        return self.decisions()

    def decisions(self) -> list[str]:
        """The current player's actions in a game-specific phase (subclasses)."""
        return []

    # ---- what may be taken ------------------------------------------------------------------
    def may_extract(self) -> bool:
        """Whether the current phase lets the mover take a block now (subclasses)."""
        return False

    def extractable(self) -> list[tuple[int, int]]:
        """Blocks the mover may take: below the highest complete level (subclasses may narrow)."""
        return removable(self.layout)

    def legal_blocks(self) -> list[tuple[int, int]]:
        """What the renderer highlights: the blocks that may be pushed right now."""
        return self.extractable() if self.current_player() >= 0 and self.may_extract() else []

    def push_actions(self) -> list[str]:
        """A representative finite list: each takeable block, both ends, each push style, and touches."""
        if not self.may_extract():
            return []
        styles = data.play()["push_styles"]
        blocks = self.extractable()
        # Each push style as a straight finger path (issue 13: bots push through the path form); the
        # 'extract ... speed= steady=' form stays accepted (typed, and older saves).
        acts = [straight_push(self.TOWER, lv, s, e, st["speed"], st["steadiness"], 0)
                for lv, s in blocks for e in ends(lv) for st in styles]
        acts += [Push(lv, s, e).probe_text() for lv, s in blocks for e in ends(lv)]
        return acts

    ACTION_WORDS: tuple = ("extract", "probe", "stack", "push")  # the first words of this game's decisions

    def check_action(self, action: str) -> None:
        """Accept a legal action; otherwise raise the named error that says what is wrong and what is
        allowed. Never changes the state."""
        if self.current_player() < 0 or not isinstance(action, str):
            super().check_action(action)
            return
        word = action.partition(" ")[0]
        if word in ("extract", "push"):
            self._check_address(action)
            try:
                push = parse_extract(action) if word == "extract" else parse_push(action)
            except ActionSyntaxError as exc:
                if word == "push" and "is not a push" in str(exc):
                    # the programming interface's reader of short forms (the typing hint's 'push 5:1' was refused
                    # without a word of it: a research audit); not in parse_push, which the terminal's typing
                    # reaches too (a regression audit: a function's name shown to a player)
                    raise ActionSyntaxError(f"{exc}; string_to_action() reads short forms such as 'push 5:1' "
                                            f"and 'push 5:1 -y quick'") from None
                raise
            if not self.may_extract():
                raise NotYourMoveError(f"no block may be taken now: {self.decision_text()}")
            self.check_block(push.level, push.slot, "taken")
            return
        legal = self.legal_actions()
        if action in legal:
            return
        if word in ("build", "tremor", "spin"):
            raise NotYourMoveError(f"{action!r} is chance's move, not a player's: the simulator builds the tower, "
                                   f"the hand's tremor and the spinner come by themselves; legal now: {listing(legal)}")
        if word not in self.ACTION_WORDS:
            raise ActionSyntaxError(f"{quoted(action, 60)} is not an action of this game (its actions begin with "
                                    f"{', '.join(self.ACTION_WORDS)}); legal now: {self.legal_summary(legal)}")
        if word == "stack":
            self.reject_stack(action)
        if word == "probe":
            self.reject_probe(action)
        self.reject_decision(word, action, legal)
        raise NotYourMoveError(f"{quoted(action, 60)} is not possible now: {self.decision_text()}; "
                               f"legal: {self.legal_summary(legal)}")

    def legal_summary(self, legal: list) -> str:
        """The legal actions as a refusal names them. While a block may be taken they are some 300 finger
        paths, which a listing cuts mid-path (an audit: 587 characters of 'push 0:0 +x path=0/0/0,33/1/0,...'
        that no one could act on): then their forms, and where the whole list and the short forms are."""
        if not (self.current_player() >= 0 and self.may_extract()):
            return listing(legal)
        others = [a for a in legal if a.partition(" ")[0] not in ("push", "probe", "extract")]
        rest = f"; also {listing(others)}" if others else ""
        return (f"{len(legal)} actions: 'push LEVEL:SLOT END path=t/along/across,...' (a finger's path) and "
                f"'probe LEVEL:SLOT END' (a touch), for the blocks "
                f"{listing(['%d:%d' % b for b in self.extractable()], 6)}{rest}; legal_actions() lists them all, "
                f"a straight push 'extract LEVEL:SLOT END speed=S steady=D' is taken too, and string_to_action() "
                f"reads short forms such as 'push 5:1' or 'touch 5:1 -y'")

    def check_block(self, level: int, slot: int, verb: str) -> None:
        """Raise NotRemovableError unless the mover may take (or touch) this block now."""
        if (level, slot) not in self.extractable():
            raise NotRemovableError(
                f"block {block_text(level, slot)} may not be {verb}: {self.why_not_removable(level, slot)}; "
                f"blocks that may: {listing([block_text(*b) for b in self.extractable()])}")

    def why_not_removable(self, level: int, slot: int) -> str:
        if not present(self.layout, level, slot):
            return f"there is no block at {block_text(level, slot)}"
        limit = highest_complete(self.layout)
        if level >= limit:
            return f"only blocks below the highest complete level ({limit}) may be taken"
        return "the rules do not allow it now"

    def reject_stack(self, action: str) -> None:
        if self.phase != "stack":
            raise NotYourMoveError(f"there is no block in hand to stack: {self.decision_text()}")
        open_slots = stack_slots(self.layout)
        raise IllegalSlotError(
            f"{action!r}: the block in hand goes in an open slot of level {stack_level(self.layout)} (a level "
            f"of three is finished before the next starts): {listing([f'stack {s}' for s in open_slots])}")

    def undo_barrier(self) -> str | None:
        """A fallen tower stays fallen: the push that toppled it is not taken back (on a table it cannot
        be, and a push tried and undone when it fell would take the risk out of the game)."""
        if self.phase == "over" and self.ended == "fall":
            return "the tower has fallen, and a fall is final"
        return None

    def _check_address(self, action: str) -> None:
        """A push, pull or touch of a block the tower cannot have (level 99, slot 7) is refused as that,
        before its end is read (the end check said 'a block of level 99 has its ends on +y and -y')."""
        m = _ADDRESS.match(action)
        if m is None or not self.layout:
            return
        level, slot = int(m.group(1)), int(m.group(2))
        if level >= len(self.layout) or slot >= SLOTS:
            raise NotRemovableError(f"there is no block at {level}:{slot}: the tower has levels 0 to "
                                    f"{len(self.layout) - 1}, slots 0 to {SLOTS - 1} across each")

    def reject_probe(self, action: str) -> None:
        self._check_address(action)
        push = parse_probe(action)
        if push is None:
            raise ActionSyntaxError(f"{action!r} is not a touch; write e.g. 'probe 5:1 +y'")
        if not self.may_extract():
            raise NotYourMoveError(f"no block may be touched now: {self.decision_text()}")
        if push.end not in ends(push.level):
            raise WrongEndError(f"a block of level {push.level} has its ends on {' and '.join(ends(push.level))}, "
                                f"not {push.end}")
        self.check_block(push.level, push.slot, "touched")

    def reject_decision(self, word: str, action: str, legal: list[str]) -> None:
        """Raise a named error for a rejected game-specific decision (subclasses); returning falls back
        to NotYourMoveError."""

    def reject_hole(self, action: str, allowed: list, taken: list, why_level: str) -> None:
        """Raise for a 'mario', 'peg' or 'climb' action whose hole is not among `allowed`."""
        word, _, rest = action.partition(" ")
        hole = parse_hole(rest)
        options = listing([f"{word} {hole_text(h)}" for h in allowed])
        if hole is None:
            raise ActionSyntaxError(f"{action!r}: a hole is written level:slot and the tower side, e.g. "
                                    f"'{word} 3:1+y'; allowed now: {options}")
        if not is_real(self.layout, hole):
            reason = (f"there is no block at {block_text(hole[0], hole[1])}" if not present(self.layout, *hole[:2])
                      else f"blocks of level {hole[0]} have their ends on {' and '.join(ends(hole[0]))}")
        elif tuple(hole) in {tuple(h) for h in taken if h is not None}:
            reason = "another piece stands in that hole"
        else:
            reason = why_level
        raise IllegalHoleError(f"{action!r} is not allowed: {reason}; allowed now: {options}")

    def action_to_string(self, action: str) -> str:
        """The action in words for the move list and the log; the canonical text stays the action."""
        word, _, rest = action.partition(" ")
        try:
            if word == "build":
                return f"the tower is built (block tolerances no. {rest})"
            if word == "tremor":
                return f"the hand trembles (tremor no. {rest})"
            if word == "spin":
                return f"the spinner stops on section {int(rest) + 1}: {self.spin_text(int(rest))}"
            if word == "extract":
                push = parse_extract(action)
                return (f"push block {push.level}:{push.slot} out from the {push.end} end, "
                        f"{push.speed * 100:.1f} cm/s, {push.steadiness * 100:.0f}% steady")
            if word == "push":
                return push_words(action, self.TOWER)
            if word == "probe":
                push = parse_probe(action)
                return f"touch block {push.level}:{push.slot} from the {push.end} end to test it"
            if word == "stack":
                return f"stack the block on top, {('left', 'middle', 'right')[int(rest)]} place"
            if word in ("mario", "peg", "climb") and parse_hole(rest) is not None:
                level, slot, end = parse_hole(rest)
                verb = {"mario": "stand Mario in", "peg": "put the peg in", "climb": "climb to"}[word]
                return f"{verb} the {end} hole of block {level}:{slot}"
            if word == "character":
                return f"take the {rest.capitalize()} character card"
        except (IllegalActionError, ValueError, IndexError):
            pass
        return action

    def spin_text(self, section: int) -> str:
        """What spinner section `section` says (games with a spinner override this)."""
        return str(section)

    def string_to_action(self, text: str) -> str:
        if self.current_player() >= 0:
            self._check_address(" ".join(text.split()).lower())   # 'probe 99:0 +x': no such block
        canon = loose_extract(text)
        if canon is not None and self.current_player() >= 0:
            return canon
        if self.current_player() >= 0 and self.may_extract():
            canon = short_move(text, self.TOWER)   # 'push 5:1', 'push 5:1 -y quick', 'touch 5:1'
            if canon is not None:
                return canon
        words = " ".join(text.split())
        place = words.lower().removeprefix("stack ").removesuffix(" place")
        if place in ("0", "1", "2") and words.lower().startswith("stack "):
            place = PLACES[int(place)]  # 'stack 1', the slot's number, refused in the same words when taken
        if self.current_player() >= 0 and place in PLACES:
            # the places as the prompt names them ("open places: left, middle, right"): 'stack middle' and
            # 'middle' were refused, only 'stack 1' taken; a place taken, or no block in hand, is said in the
            # same words (it answered in slot numbers, or with a list of 300 finger paths: a terminal audit)
            if self.phase != "stack":
                raise IllegalActionError(f"{quoted(text, 30)}: {self.no_block_words()}")
            open_places = [PLACES[k] for k in stack_slots(self.layout)]
            if PLACES.index(place) not in stack_slots(self.layout):
                raise IllegalSlotError(f"{quoted(text, 30)}: the {place} place on top is not open; open places: "
                                       f"{', '.join(open_places)}")
            return f"stack {PLACES.index(place)}"
        if self.current_player() >= 0 and words.lower().startswith("push ") and " path=" in words:
            # A finger path of the player's own: the listed pushes are only the straight ones at two
            # speeds, so a typed path is read as a push (a malformed one says what is wrong) and the
            # move's own check then says whether that block may be pushed now.
            self._check_address(words)
            push = parse_push(words)
            return make_push(push.level, push.slot, push.end, push.path)
        try:
            return super().string_to_action(text)
        except ActionSyntaxError as exc:
            lead = words.lower().partition(" ")[0]
            if self.current_player() >= 0 and lead == "stack":
                # 'stack', 'stack 3', 'stack 1.0': the prompt's words too (a regression audit: refused in slot
                # numbers, "stack 0, stack 1, stack 2", beside a prompt naming left, middle, right)
                if self.phase != "stack":
                    raise IllegalActionError(f"{quoted(text, 30)}: {self.no_block_words()}") from None
                raise IllegalSlotError(f"{quoted(text, 30)} names no place on top: {self.place_words()}") from None
            if self.current_player() >= 0 and self.phase == "stack":
                # 'probe 5:1' or 'nonsense' with a block in hand: "available: stack 0, stack 1, stack 2" (an audit)
                others = [a for a in self.legal_actions() if not a.startswith("stack ")]
                also = f"; also legal now: {listing(others)}" if others else ""
                raise ActionSyntaxError(f"{quoted(text, 60)} names no action available now: the block in hand "
                                        f"goes on top; {self.place_words()}{also}") from None
            if self.current_player() >= 0 and self.may_extract():
                # The list of actions would show finger paths nobody can type back (587 characters of them
                # for 'nonsense': an audit).
                what = "push or touch" if lead in ("push", "touch", "probe", "extract") else "action"
                others = [a for a in self.legal_actions() if a.partition(" ")[0] not in ("push", "probe", "extract")]
                also = f"; also legal now: {listing(others)}" if others else ""
                raise ActionSyntaxError(f"{quoted(text, 60)} names no {what} available now; {self.typing_hint()}, "
                                        f"or a number from 'help'{also}") from None
            raise exc

    def no_block_words(self) -> str:
        """Why a place on top typed now stacks nothing: the turn's task first, in words (a Super Mario player told
        only "must stack 1 block and climb 1 layer" took it as the reason, not the remedy: an audit)."""
        if self.current_player() >= 0 and self.may_extract():
            # the example one of the blocks that may be taken now ('push 5:1' was named once 5:1 was gone: an audit)
            blocks = self.extractable()
            example = "push %d:%d" % blocks[len(blocks) // 2] if blocks else "push 5:1"
            return (f"there is no block in hand to stack now: take one out first (e.g. '{example}'), then stack it; "
                    f"{self.phase_text()}")
        return f"there is no block in hand to stack now; {self.phase_text()}"

    def place_words(self) -> str:
        """The places on top as the prompt names them, for a refusal: the open ones and how to type one."""
        open_places = [PLACES[k] for k in stack_slots(self.layout)]
        return (f"open places: {', '.join(open_places)} (type e.g. 'stack {open_places[0]}'; the places are left, "
                f"middle and right, or 0, 1, 2)")

    def out_of_line_mm(self, level: int, slot: int) -> float | None:
        """How far the block at level:slot sits along its own length from its level's line, in mm (None when it
        has no block beside it in its level, or is not there): 0 for a level as built. Its line is its level's,
        as the simulator finds it (physics.line_offset_mm): the largest group of the level's blocks in line with
        one another. The mean of its two level-mates read a block back in line as 12 mm out when the third stuck
        out 25 mm, and a median taken with the levels two up and down read untouched blocks 15 mm out when the
        tower above had been dragged (two audits)."""
        row = self.layout[level] if 0 <= level < len(self.layout) else []
        block = row[slot] if 0 <= slot < len(row) else None
        if block is None or not any(b is not None for i, b in enumerate(row) if i != slot):
            return None
        return physics.line_offset_mm(self.tower, level, block)

    def probe_off_mm(self) -> float | None:
        """out_of_line_mm of the block of the last touch (or push let go), None with no touch: the figure the
        window's words give for a block left out, read the same way in a match replayed from its file."""
        probe = self.last_probe if isinstance(self.last_probe, dict) else None
        where = probe.get("where") if probe else None
        return self.out_of_line_mm(*where) if where and self.layout else None

    def step_reading(self, action: str) -> str:
        """What a touch just played felt like, for the terminal (the game's note says only "touches 5:1: 1.65 N",
        and a person could not tell loose from tight: a terminal audit); "" after any other step."""
        probe, word = self.last_probe, action.partition(" ")[0]
        if word not in ("probe", "push") or not probe or self.phase == "stack" or self.ended:
            return ""
        where = action.split()[1] if len(action.split()) > 1 else ""
        if where != f"{probe['where'][0]}:{probe['where'][1]}":
            return ""
        moved = probe.get("tower_motion_mm", 0.0)
        felt = f"{probe['force_n']:.2f} N, the rest of the tower moved {moved:.1f} mm"
        free = physics.free_force_n(self.TOWER)
        if word == "push" and "path=" in action and not probe.get("moves"):
            reach = physics.path_reach_mm(action.split("path=", 1)[1])
            if reach >= PUSHED_MM:
                # a push let go under half out, as the window says it: the force under way at a push's pace is no
                # touch test's ("it did not give under the gentle touch" read after the finger went 32 mm in: an audit)
                off = self.out_of_line_mm(*probe["where"])
                back = ("it went back in" if off is None or off < OUT_OF_LINE_MM
                        else f"it stays {off:.0f} mm out of line with its level")
                return (f"The push: the finger {reach:.0f} mm in, let go before half the block's length: it took "
                        f"{probe['force_n']:.2f} N under way, the rest of the tower moved {moved:.1f} mm; {back}.")
        if loose(probe, self.TOWER):
            return f"The touch: {felt}: it gives, a loose block (it carries nothing)."
        if not probe.get("moves"):
            return f"The touch: {felt}: it did not give under the gentle touch: it is held."
        if probe["force_n"] <= LOOSE_FACTOR * free:
            # light, but the rest of the tower came along: the sentence said "held" beside 0.04 N (an audit)
            return f"The touch: {felt}: it slides lightly, but the tower moved with it: it is not free."
        return f"The touch: {felt}: it is held (a loose block slides at about {free:.2f} N, the tower still)."

    def typing_hint(self) -> str:
        """How to type this position's moves short, for the terminal's help ("" when nothing to say)."""
        if not (self.current_player() >= 0 and self.may_extract()):
            return ""
        blocks = self.extractable()
        return typing_hint(*blocks[len(blocks) // 2]) if blocks else typing_hint()

    # ---- applying -----------------------------------------------------------------------
    PHYSICS_WORDS = ("build", "tremor", "probe", "stack", "push")  # actions that run the simulator

    def _apply(self, action: str) -> None:
        """Apply a checked action. A move the simulator fails on (it raises) is atomic: the state is
        put back exactly as it was before the action, and the error is raised on."""
        if action.partition(" ")[0] not in self.PHYSICS_WORDS:
            self._apply_action(action)
            return
        saved = {k: copy.deepcopy(getattr(self, k)) for k in self.FIELDS}
        trajectory = self._trajectory
        try:
            self._apply_action(action)
        except BaseException:
            for k, v in saved.items():
                setattr(self, k, v)
            self._trajectory = trajectory
            raise

    def _apply_action(self, action: str) -> None:
        word, _, rest = action.partition(" ")
        if word == "build":
            self.tower, self.layout = physics.build(self.TOWER, int(rest))
            self.floor = []
            self.after_build(int(rest))
        elif word == "extract":
            self.pending = parse_extract(action).to_json()
            self.phase = "tremor"
        elif word == "tremor":
            self._extract(int(rest))
        elif word == "push":
            self._push_path(action)
        elif word == "probe":
            push = parse_probe(action)
            self.last_probe = physics.probe(self.TOWER, self.tower, push.level, push.slot, push.end)
            self.touches += 1
            self.note(f"{self.seat_name(self.mover)} touches {block_text(push.level, push.slot)}: "
                      f"{self.last_probe['force_n']:.2f} N")
        elif word == "stack":
            self._stack(int(rest))
        else:
            self.apply_decision(action)

    def _extract(self, tremor: int) -> None:
        push = Push.from_json(self.pending)
        self.pending = None
        before, old = self.layout, self.tower
        self.tower, self.layout, verdict, self._trajectory = physics.extract(
            self.TOWER, self.tower, push.level, push.slot, push.end, push.speed, push.steadiness, tremor,
            record=self.record_trajectories)
        self._after_operation(before, old, verdict)
        if self.phase == "over":
            return
        self.phase = "stack"
        self.after_extract(verdict, before)

    def _push_path(self, action: str) -> None:
        """The live push (issue 13): the simulator replays the finger's path. Out by at least half its
        length, the block is taken as by 'extract'; less, it goes back in and the push was a touch (counted
        with the turn's touches, which have no limit), and what it moved stays moved."""
        push = parse_push(action)
        before, old = self.layout, self.tower
        self.tower, self.layout, verdict, self._trajectory = physics.live_push(
            self.TOWER, self.tower, push.level, push.slot, push.end, push.path, record=self.record_trajectories)
        taken = verdict["taken"]
        # What the block took to move is the touch's reading (last_probe), not part of the verdict kept.
        give = verdict.pop("give_n")
        stuck = verdict.pop("stuck_mm")
        self._after_operation(before, old, verdict)
        if self.phase == "over":
            return
        if taken:
            self.phase = "stack"
            self.after_extract(verdict, before)
            return
        self.touches += 1
        # A push that went back is a touch, read as sim's touch test reads one (the force once the block is
        # under way: physics.live_push's give_n), not by the finger's peak, which its spring's answer to a
        # change of pace raises by up to 0.15 N: read so, every gentle touch of a loose block said tight.
        self.last_probe = {"where": [push.level, push.slot], "end": push.end, "force_n": give,
                           "tower_motion_mm": verdict["tower_motion_mm"],
                           "moves": give <= physics.tower_spec(self.TOWER).hand.touch_force_n,
                           "live": True}
        if stuck:
            # the put back stopped where the block bound, this far from its line (sim.live's careful hand)
            self.last_probe["stuck_mm"] = stuck
        self.after_touch(verdict, before)

    def take_out(self, level: int, slot: int) -> dict:
        """Delete a block instantly (sim's remove mode), as scripted tests and analysis do."""
        before, old = self.layout, self.tower
        self.tower, self.layout, verdict, self._trajectory = physics.remove(
            self.TOWER, self.tower, level, slot, record=self.record_trajectories)
        self._after_operation(before, old, verdict)
        if self.phase != "over":
            self.phase = "stack"
            self.after_extract(verdict, before)
        return verdict

    def _stack(self, slot: int) -> None:
        before, old = self.layout, self.tower
        level = stack_level(self.layout)
        block = self.hand
        self.tower, self.layout, verdict, self._trajectory = physics.stack(
            self.TOWER, self.tower, slot, record=self.record_trajectories)
        verdict["where"] = [level, slot]
        verdict["block"] = block
        self.hand = None
        self._after_operation(before, old, verdict)
        if self.phase == "over":
            return
        self.last_stacker = self.mover
        self.after_stack(verdict, before)

    def _after_operation(self, before: list, old: dict, verdict: dict) -> None:
        shifted = physics.relative_motion_mm(old, self.tower, before)
        verdict["shifted_mm"] = [[b, mm] for b, mm in sorted(shifted.items()) if mm >= physics.MOVED_MM]
        self.last_verdict = verdict
        where = physics.places(self.tower)
        self.hand = where["hand"][0] if where["hand"] else None
        self.floor = sorted(where["floor"] + where["aside"])
        what = f"{verdict['op']} {block_text(*verdict['where'])}" if verdict.get("where") else verdict["op"]
        self.note(f"{self.seat_name(self.mover)}: {what}, moved {verdict['max_displacement_mm']:.1f} mm"
                  + (", the tower falls!" if verdict["collapsed"] else ""))
        if verdict["collapsed"]:
            self.toppler = self.mover
            self.ended = "fall"
            self.phase = "over"
            self.on_fall(before)

    def end_turn(self) -> None:
        """Pass play on (in the current direction) and start the next turn, or stop at the turn limit."""
        self.turns += 1
        self.mover = (self.mover + self.direction) % self.config.num_players
        if self.turns >= data.play()["max_turns"]:
            self.ended = "limit"
            self.phase = "over"
            self.on_limit()
            return
        self.touches = 0
        self.start_turn()

    def note(self, line: str) -> None:
        self.log = (self.log + [line])[-8:]

    # ---- hooks for the games ----------------------------------------------------------------
    def after_build(self, seed: int) -> None:
        self.touches = 0
        self.start_turn()

    def start_turn(self) -> None:
        raise NotImplementedError

    def apply_decision(self, action: str) -> None:
        raise NotImplementedError

    def after_extract(self, verdict: dict, before: list) -> None:
        pass

    def after_touch(self, verdict: dict, before: list) -> None:
        """A push let go before the block was half out (a touch): what it moved stays moved."""

    def after_stack(self, verdict: dict, before: list) -> None:
        raise NotImplementedError

    def on_fall(self, before: list) -> None:
        raise NotImplementedError

    def on_limit(self) -> None:
        raise NotImplementedError

    # ---- what bots ask ----------------------------------------------------------------------
    def preferred_decision(self, legal: list[str]) -> str | None:
        """The careful bots' choice among non-push decisions, or None when a push is due."""
        if self.phase == "stack":
            return "stack 1" if "stack 1" in legal else legal[0]
        return None

    def block_value(self, block: tuple[int, int]) -> float:
        """What taking this block is worth to the mover under the game's rules (ties among safe blocks)."""
        return 0.0

    def taken_this_turn(self) -> int:
        """How many blocks the mover has taken and stacked so far this turn: 0 in traditional Jenga, where
        the turn ends with its one stack (the games with more removals a turn count theirs). `touches`
        counts the touches of the whole turn, so this is how a bot tells a later removal from the first."""
        return 0

    # ---- what the renderer and the text board read ------------------------------------
    def tower_poses(self):
        """(N, 7) block poses, xyz and quaternion xyzw, for drawing (None before the build)."""
        return None if self.tower is None else physics.poses(self.tower)

    def last_trajectory(self):
        """Frames of the last extraction or stack for animation, when the simulator gave them."""
        return self._trajectory

    def top_level(self) -> int:
        return top_level(self.layout)

    def decision_text(self) -> str:
        """What the current player must decide, in words."""
        p = self.current_player()
        if p == TERMINAL:
            return "the game is over"
        if p == CHANCE:
            return {"build": "the tower is being built", "tremor": "the push is under way",
                    "spin": "the spinner is spinning"}.get(self.phase, "chance")
        if self.phase == "stack":
            places = [PLACES[k] for k in stack_slots(self.layout)]
            return f"{self.seat_name(p)} must stack the block in hand on top (open places: {', '.join(places)})"
        return self.phase_text()

    def phase_text(self) -> str:
        return f"{self.seat_name(self.decider())} must take a block"

    def board_lines(self, marks: dict | None = None, items: dict | None = None) -> list[str]:
        lines = grid_text(self.layout, marks, items) if self.layout else ["(the tower is not built yet)"]
        lines.append(f"blocks: {count(self.layout)} in the tower, "
                     f"{'1' if self.hand is not None else '0'} in hand, {len(self.floor)} on the floor")
        if self.last_verdict:
            v = self.last_verdict
            # a push let go under half out is a touch to the rules, and a push to the person who made it (a regression
            # audit read "last: touch" under "The push: the finger 32 mm in")
            op = "push let go before half out" if v.get("taken") is False and v["op"] == "touch" else v["op"]
            if v["collapsed"]:
                # the shift and tilt are those of the blocks left standing: beside a fall they read as its size (an
                # audit read "moved 0.8 mm, the tower falls!" over 27 blocks down)
                fell = len(v.get("fallen", []))
                lines.append(f"last: {op}, COLLAPSED: {fell} block{'' if fell == 1 else 's'} fell")
            else:
                lines.append(f"last: {op}, max move {v['max_displacement_mm']:.1f} mm, tilt {v['max_tilt_deg']:.1f} deg")
        lines += [f"  {shown_note(line)}" for line in self.log[-3:]]
        lines.append(f"turn {self.turns + 1}: {self.decision_text()}")
        return lines

    def invariant_violations(self) -> list[str]:
        out = []
        ids = [b for row in self.layout for b in row if b is not None]
        if len(ids) != len(set(ids)):
            out.append("a block id appears twice in the tower")
        if any(len(row) != SLOTS for row in self.layout):
            out.append("a level without exactly three slots")
        if self.tower is not None:
            places = set(ids) | set(self.floor) | ({self.hand} if self.hand is not None else set())
            total = len(ids) + len(self.floor) + (self.hand is not None)
            if total != self.BLOCKS or places != set(range(self.BLOCKS)):
                out.append(f"{total} blocks between tower, hand and floor, not {self.BLOCKS}")
            where = physics.places(self.tower)
            if self.ended != "fall" and set(where["tower"]) != set(ids):
                out.append("the simulator's tower and the layout the rules read hold different blocks")
            if [self.hand] != (where["hand"] or [None]):
                out.append("the simulator's hand and the block in hand differ")
        return out
