"""A match: one game's config, seed and history, and the one driver of bots and chance.

Match is the driver every front end uses (the terminal, selfplay, the window, the tests): it applies
a person's decisions (play), draws chance outcomes (roll), asks bots (bot_action), and runs the
automatic steps (step, advance) on the caller's thread. A front end that must stay responsive while a
step is slow (a bot thinking, the physics of a Jenga push) asks for the step with prepare(), runs it
on a worker thread with PendingStep.start() while it draws the unchanged match, and applies it with
commit() on its own thread; the result is the one step() would give. See PendingStep.

Chance outcomes are drawn, in order, from one numpy default_rng seeded from the match seed. Undo never
goes back past a chance outcome, so no draw is ever taken back: the same seed and the same decisions
give the same game, a loaded match (which replays its actions, drawing again) continues exactly as it
would have, and nobody re-rolls dice by undoing. Each bot decision gets a Generator seeded with (seed,
position in the history, seat), so a bot's choice depends only on where in the game it is asked.

Save files are JSON: format name and version, config, seed, the actions with who took them, a digest
of the final state and a checksum of the whole. They are written to a temporary file and renamed, so
a crash never leaves half a save behind. A file that cannot be loaded is refused with one line saying
why: a field missing, a value malformed, or actions that do not replay (then the file was edited by hand
or damaged, or saved by an earlier version of the rules or the physics: the message names both). A
file written with a byte-order mark (Windows Notepad's UTF-8) loads like one without.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

import numpy as np

from assets.reader import parse_json, read_text

from . import registry
from .bots import Bot, sample_outcome
from .core import (CHANCE, CHANCE_MOVES, MAX_SEED, TERMINAL, ChanceTurnError, ConfigError, GameConfig, GameError, GameOverError,
                   IllegalActionError, MatchFileError, State, as_seed, json_kind, quoted, short_message)

FORMAT = "kong-tabletop-match"
VERSION = 1
_CHANCE_STREAM = 0x5EED
_BOT_STREAM = 0xB07
_BOT_INC = (0xB07 << 64) | 0x5EED_B07_5EED_B07 | 1  # PCG64's stream constant (any odd number) for bot generators


EARLIER = "earlier version of the rules or the physics"
EDITED_OR_EARLIER = f"was the file edited by hand or damaged, or saved by an {EARLIER}?"
"""The two reasons a file whose checksum holds can still fail to replay, as a load error names them."""
REQUIRED = ("game", "config", "seed", "actions", "state_digest")
"""The fields a match file must have besides format, version and checksum ('outcome' came later)."""


class _MalformedStep(MatchFileError):
    """A step of a file's actions that is not a step at all (no version of the program wrote it)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One action in the history: who took it (a seat, or CHANCE) and the action."""

    by: int
    action: str

    def to_json(self) -> dict:
        return {"by": self.by, "action": self.action}


# Chance steps by outcome, made once: a Step is immutable, so one object serves every history (a game
# has few distinct outcomes: dice, cards, spinner faces). Bounded, for games with many.
_STEPS: dict[str, Step] = {}


def bot_rng(seed: int, position: int, seat: int) -> np.random.Generator:
    """The Generator a bot gets for its decision at this position of the history (see _reseed)."""
    return _reseed(np.random.Generator(np.random.PCG64(0)), seed, position, seat)


def _reseed(rng: np.random.Generator, seed: int, position: int, seat: int) -> np.random.Generator:
    # A hash of (seed, position, seat) is the PCG64 state: setting it costs a few microseconds where
    # building a Generator from a SeedSequence costs about 40, more than a whole Donkey Kong turn.
    key = hashlib.blake2b(b"%d,%d,%d,%d" % (_BOT_STREAM, seed, position, seat), digest_size=16).digest()
    rng.bit_generator.state = {"bit_generator": "PCG64",
                               "state": {"state": int.from_bytes(key, "little"), "inc": _BOT_INC},
                               "has_uint32": 0, "uinteger": 0}
    return rng


def state_digest(state: State) -> str:
    return hashlib.sha256(state.to_json_text().encode()).hexdigest()


class StaleStepError(GameError):
    """A prepared step offered to a match that has moved on (undo, redo or another step) since."""


class Match:
    """Drives a state: applies decisions, samples chance, asks bots, keeps undo and redo.

    undo: keep a snapshot before every decision so undo() can take it back. The default keeps them
    when a person sits at the table; bots-only matches (selfplay) skip the copy, which costs more than
    the rules of a Donkey Kong turn.
    """

    def __init__(self, config: GameConfig, seed: int, bots: Mapping[int, Bot] | None = None,
                 undo: bool | None = None):
        seed = as_seed(seed)  # a plain int from here on (np.int64 too would be saved as a number)
        if not isinstance(config, GameConfig):
            raise ConfigError(f"a match is made from a GameConfig (spec.make_config(...) builds one), "
                              f"not {type(config).__name__} {quoted(config)}")
        self.spec = registry.get(config.game)
        self.spec.check_config(config)
        self.config = config
        self.seed = seed
        self.state: State = self.spec.new_state(config)
        self.history: list[Step] = []
        self._chance = np.random.default_rng([_CHANCE_STREAM, seed])
        self._bot_rng = np.random.Generator(np.random.PCG64(0))  # reseeded for each decision of step()
        self._undo: list[State] = []  # snapshots before each decision since the last chance outcome
        self._redo: list[Step] = []
        self.replayed_logs: list[list[str]] = []  # filled by replay() (a loaded match), see there
        self.replayed_words: list[str] = []
        self.replayed_coins: list = []
        self.replayed_states: list = []
        # each seat's coins before the last step, where the game counts them (Super Mario Jenga): what a fall
        # cost its toppler, in a match of bots too, which keeps no position before its last step (the terminal
        # said "10 coins (or all they had)" where the window said 9: a regression audit); None after an undo
        self._counts_coins = callable(getattr(self.state, "coins", None))
        self.coins_before_last: list[int] | None = None
        self.bots: dict[int, Bot] = dict(bots) if bots is not None else self._make_bots()
        people = any(i not in self.bots for i in range(len(config.seats)))
        self.keeps_undo = people if undo is None else bool(undo)

    def _make_bots(self) -> dict[int, Bot]:
        return {i: self.spec.bots[s.bot]() for i, s in enumerate(self.config.seats) if s.bot is not None}

    # ---- playing ----------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.state.current_player()

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def play(self, action: str) -> None:
        """Apply a decision of the current player (a person's or a bot's)."""
        player = self.state.current_player()
        if player == CHANCE:
            raise ChanceTurnError(CHANCE_MOVES)
        self._play(player, action)

    def _play(self, player: int, action: str) -> Step:
        coins = list(self.state.coins()) if self._counts_coins else None
        if self.keeps_undo:
            before = self.state.clone()
            self.state.apply_action(action)  # raises, and changes nothing, if illegal
            self._undo.append(before)
        else:
            self.state.apply_action(action)
        self._redo.clear()
        step = Step(player, action)
        self.history.append(step)
        self.coins_before_last = coins
        return step

    def roll(self) -> str:
        """Sample and apply the chance outcome at this point of the history."""
        if self.state.current_player() != CHANCE:
            raise IllegalActionError("no chance step is due now")
        return self._roll().action

    def _roll(self) -> Step:
        outcome = sample_outcome(self.state.chance_outcomes(), self._chance)
        coins = list(self.state.coins()) if self._counts_coins else None
        self.state.apply_action(outcome)
        self.coins_before_last = coins
        step = _STEPS.get(outcome)
        if step is None:
            step = Step(CHANCE, outcome)
            if len(_STEPS) < 100_000:
                _STEPS[outcome] = step
        self.history.append(step)
        self._undo.clear()
        self._redo.clear()
        return step

    def bot_action(self) -> str:
        """What the current seat's bot would play now (not applied)."""
        seat = self.state.current_player()
        if seat not in self.bots:
            raise IllegalActionError(f"seat {seat} is not played by a bot")
        return self._bot_choice(seat, self.state, _reseed(self._bot_rng, self.seed, len(self.history), seat))

    def _bot_choice(self, seat: int, state: State, rng: np.random.Generator) -> str:
        bot = self.bots[seat]
        return bot.choose(state.clone() if bot.may_change_state else state, rng)

    def waiting_for_human(self) -> bool:
        p = self.state.current_player()
        return p >= 0 and p not in self.bots

    def step(self) -> Step | None:
        """One automatic step (a chance outcome or a bot decision), played at once on this thread;
        None if a person must act or the game is over."""
        p = self.state.current_player()
        if p == CHANCE:
            return self._roll()
        if p < 0 or p not in self.bots:
            return None
        rng = _reseed(self._bot_rng, self.seed, len(self.history), p)
        return self._play(p, self._bot_choice(p, self.state, rng))

    def advance(self, limit: int | None = None) -> int:
        """Run automatic steps until a person must act or the game ends; returns how many ran."""
        n = 0
        while (limit is None or n < limit) and self.step() is not None:
            n += 1
        return n

    # ---- a step computed elsewhere (a worker thread) ----------------------------------------
    def prepare(self, action: str | None = None) -> "PendingStep":
        """The next step, to be computed away from the match: a person's `action` (checked now, so an
        illegal one raises here), or with no action the automatic step due (a bot's decision or a
        chance outcome). The match does not change until commit(); see PendingStep."""
        p = self.state.current_player()
        if p == TERMINAL:
            raise GameOverError("the game is over; there is no step to take")
        if action is None:
            if p >= 0 and p not in self.bots:
                raise IllegalActionError(f"{self.state.seat_name(p)} is a person: their action is needed")
        else:
            if p == CHANCE:
                raise ChanceTurnError(CHANCE_MOVES)
            if not isinstance(action, str):
                raise IllegalActionError(f"an action is a string, got {json_kind(action)}")
            self.state.check_action(action)
        return PendingStep(self, p, action)

    def commit(self, pending: "PendingStep") -> Step:
        """Apply a step that has run: its state becomes the match's, with the history, undo and redo
        exactly as step() or play() leave them. If run() failed, its error is raised here and the match
        is unchanged; StaleStepError if the match moved on since prepare()."""
        if not pending.done:
            raise IllegalActionError("this step has not finished running")
        if pending.match is not self or pending.before is not self.state or pending.at != len(self.history):
            raise StaleStepError("the match has changed since this step was prepared (undo, redo, a load or "
                                 "another step); prepare it again")
        if pending.error is not None:
            raise pending.error
        step = Step(pending.by, pending.action)
        if pending.by == CHANCE:
            self._chance = pending._chance
            self._undo.clear()
        elif self.keeps_undo:
            self._undo.append(pending.before)  # never changed: run() worked on its own copy
        self._redo.clear()
        self.coins_before_last = list(pending.before.coins()) if self._counts_coins else None
        self.state = pending.state
        self.history.append(step)
        return step

    # ---- undo and redo --------------------------------------------------------------------
    def previous_state(self):
        """The position before the last step when that was a decision (the snapshot undo keeps: a chance
        outcome clears them), else None, as in a match of bots only, which keeps none. A window reads it to
        draw what the last step changed, e.g. where the pieces stood on a tower that fell; never change it."""
        return self._undo[-1] if self._undo else None

    def can_undo(self) -> bool:
        return bool(self._undo) and self.state.undo_barrier() is None

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> Step:
        """Take back the last decision; never past a chance outcome."""
        if not self._undo:
            raise IllegalActionError("nothing to undo: decisions before the last dice roll or draw are final")
        barrier = self.state.undo_barrier()
        if barrier is not None:
            raise IllegalActionError(f"nothing to undo: {barrier}")
        self.state = self._undo.pop()
        step = self.history.pop()
        self._redo.append(step)
        self.coins_before_last = None  # the step before it is not kept
        return step

    def redo(self) -> Step:
        if not self._redo:
            raise IllegalActionError("nothing to redo")
        step = self._redo.pop()
        redo = self._redo
        self._redo = []  # play() clears redo; keep the rest of the redo stack
        self.play(step.action)
        self._redo = redo
        return step

    # ---- files ------------------------------------------------------------------------
    def to_json(self) -> dict:
        body = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.config.game,
            "config": self.config.to_json(),
            "seed": self.seed,
            "actions": [s.to_json() for s in self.history],
            "state_digest": state_digest(self.state),
            "outcome": self.outcome(),
        }
        body["checksum"] = _checksum(body)
        return body

    def outcome(self) -> dict:
        """Whether the game is over and who won, as a match file keeps it beside the actions: the launcher
        reads it to describe a Jenga match without replaying its physics (the checksum covers it, and
        loading checks it against the replayed game)."""
        over = self.is_over()
        kept = {"over": over, "winners": list(self.state.winners()) if over else []}
        counted = getattr(self.state, "turn_count", None)
        if callable(counted):  # the turn the game is at (the last one played, once it is over)
            kept["turn"] = counted() + (0 if over else 1)
        return kept

    def save(self, path: str | os.PathLike, fresh: bool = False) -> None:
        """Write atomically (see write_atomic): a crash never leaves half a save behind; `fresh`: only as a
        new file (FileExistsError if one is there). A match whose config no longer checks (a seat changed
        behind its back) is refused with ConfigError, never written as a file that cannot be loaded."""
        try:
            self.spec.check_config(self.config)
        except ConfigError as exc:
            raise ConfigError(f"this match cannot be saved: {exc}") from None
        write_atomic(path, json.dumps(self.to_json(), indent=1), fresh=fresh)

    @classmethod
    def load(cls, path: str | os.PathLike, bots: Mapping[int, Bot] | None = None, progress=None) -> "Match":
        """The match a file holds, its actions replayed and checked (MatchFileError naming the file and what is
        wrong); `progress`, as in replay."""
        data = _read(path)
        path = Path(path)
        try:
            return cls.from_json(data, bots=bots, progress=progress)
        except MatchFileError as exc:
            raise MatchFileError(f"{path}: {exc}") from None

    @classmethod
    def from_json(cls, data, bots: Mapping[int, Bot] | None = None, progress=None) -> "Match":
        match = cls.unplayed(data, bots=bots)
        digest = data["state_digest"]
        try:
            match.replay(data["actions"], progress)
        except _MalformedStep:
            raise
        except MatchFileError as exc:
            # The checksum holds but the replay goes elsewhere: the actions were edited (and the checksum made
            # again), or the file was saved before the rules or the physics changed (a move that stood then
            # falls now, or the other way round).
            raise MatchFileError(f"{exc} ({EDITED_OR_EARLIER})") from None
        if digest != state_digest(match.state) or not _same_outcome(data.get("outcome"), match.outcome()):
            raise MatchFileError(f"replaying its actions does not reach the saved position ({EDITED_OR_EARLIER})")
        return match

    @classmethod
    def unplayed(cls, data, bots: Mapping[int, Bot] | None = None) -> "Match":
        """Every check of a match file's parsed JSON that comes before replaying its actions (MatchFileError
        with the reason): its format, version, checksum and keys, its seed, its config and bots, and the
        check that its actions are a list and its digest a text (the form of each action: check_steps, and the
        replay); the match at its start. What the launcher's list checks of a Jenga file (with check_steps), whose replay would
        run the physics."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise MatchFileError("not a Kong Tabletop match file")
        if "version" not in data:
            raise MatchFileError("its 'version' is missing")
        version = data.get("version")
        if version != VERSION or type(version) is not int:
            if version == VERSION or (isinstance(version, str) and version.strip() == str(VERSION)):
                # "saved by format version '1'; this program reads version 1" read as no fault (an audit)
                raise MatchFileError(f"its 'version' is written {json.dumps(version)}, where the whole number "
                                     f"{VERSION} belongs (the file was edited)")
            newer = type(version) is int and version > VERSION
            raise MatchFileError(f"saved by format version {quoted(version)}; this program reads version {VERSION}"
                                 + (" (a newer Kong Tabletop saved it: open it there)" if newer else ""))
        if "checksum" not in data:
            raise MatchFileError("its 'checksum' is missing")
        if data.get("checksum") != _checksum({k: v for k, v in data.items() if k != "checksum"}):
            raise MatchFileError("the checksum does not match: the file was changed or damaged after saving")
        # The checksum holds, so what follows was written with it: by this program, an earlier version of it,
        # or by hand with the checksum made again.
        missing = [k for k in REQUIRED if k not in data]
        if missing:
            named = [repr(k) for k in missing]
            raise MatchFileError(f"its {named[0]} is missing" if len(named) == 1 else
                                 f"its {', '.join(named[:-1])} and {named[-1]} are missing")
        if not isinstance(data["seed"], int) or isinstance(data["seed"], bool) or not 0 <= data["seed"] <= MAX_SEED:
            raise MatchFileError(f"its 'seed' must be a whole number from 0 to {MAX_SEED}, not {quoted(data['seed'])}")
        try:
            config = GameConfig.from_json(data["config"])
            if config.game != data["game"]:
                raise MatchFileError(f"the game named in the file ({quoted(data['game'])}) and in its config "
                                     f"({quoted(config.game)}) differ")
            match = cls(config, data["seed"], bots=bots)
        except ConfigError as exc:
            raise MatchFileError(f"its config cannot be played: {exc}") from None
        actions = data["actions"]
        if not isinstance(actions, list):
            raise MatchFileError(f"its 'actions' must be a list, not {_kind(actions)}")
        digest = data["state_digest"]
        if not isinstance(digest, str):
            raise MatchFileError(f"its 'state_digest' must be a text of 64 hexadecimal digits, not {_kind(digest)}")
        return match

    def check_steps(self, actions: list) -> None:
        """The form of a file's actions without replaying them (_MalformedStep for the first that is not a
        seat of this match, or chance, and a text)."""
        for i, raw in enumerate(actions):
            self._step_of(i, raw)

    def _step_of(self, i: int, raw, who: int | None = None) -> Step:
        """Action i + 1 of a file as a Step (_MalformedStep when it is not a seat of this match, or chance,
        and a text); `who`, when known, is who was to act."""
        seats = len(self.config.seats)
        if not isinstance(raw, dict) or not isinstance(raw.get("action"), str) \
                or not isinstance(raw.get("by"), int) or isinstance(raw.get("by"), bool):
            raise _MalformedStep(f"action {i + 1} is malformed (expected {{\"by\": seat, \"action\": text}}): "
                                 f"{quoted(raw, 80)}")
        step = Step(raw["by"], raw["action"])
        if not CHANCE <= step.by < seats:  # no version writes a seat the match does not have
            by = (f"seat {step.by + 1} (by {step.by} in the file), and this match has only {seats} seats"
                  if step.by >= seats else f"{quoted(step.by)} in the file, which names no seat")
            actor = "" if who is None else f", but {_actor(who)} was to act"
            raise _MalformedStep(f"action {i + 1} ({quoted(step.action, 60)}) is by {by}{actor} (was the file "
                                 f"edited by hand or damaged?)")
        return step

    def replay(self, actions: list, progress=None) -> None:
        """Re-apply saved steps, checking each against the rules and the seed; `progress(done, total)`, when
        given, is called after each step (a window keeps itself alive with it while a long Jenga match replays
        its physics, and stops the replay by raising). A game whose state keeps a
        log of what it noted while playing (the Jenga games' `log`) leaves it here after each step, in
        `replayed_logs` (the log before the first step, then after each one; its `last_verdict` likewise in
        `replayed_verdicts`), and each action in words as
        the position it was taken in reads it (`replayed_words`, the state's action_to_string): a window
        showing a loaded match words its move list from them as it words steps played in front of it."""
        self.replayed_logs = [list(getattr(self.state, "log", None) or ())]
        self.replayed_words = []
        # what the state said of its last operation after each step (the Jenga games' `last_verdict`: whether
        # a push took its block), for a window wording a loaded match's steps as it words those played live
        self.replayed_verdicts: list = [None]
        # and its last touch's reading (the Jenga games' `last_probe`: how far a block let go stayed out)
        self.replayed_probes: list = [None]
        # and each seat's coins, where the game counts them (Super Mario Jenga): what a fall cost its toppler,
        # for the result of a match of bots, which keeps no position before its last step (previous_state)
        self.replayed_coins: list = [self._coins()]
        # and the position itself, for a game that asks (KEEPS_REPLAYED_STATES: Super Mario's window works out
        # from the positions around a step what the rules dropped in it; a loaded match's log left that out)
        keep = getattr(self.state, "KEEPS_REPLAYED_STATES", False)
        self.replayed_states: list = [self.state.clone()] if keep else []
        for i, raw in enumerate(actions):
            who = self.state.current_player()
            step = self._step_of(i, raw, who)
            try:
                self.replayed_words.append(self.state.action_to_string(step.action))
            except Exception:  # words only: an action the rules then refuse is refused below, by its name
                self.replayed_words.append(step.action)
            if step.by != who:
                raise MatchFileError(f"action {i + 1} ({quoted(step.action, 60)}) is by {_actor(step.by)}, but "
                                     f"{_actor(who)} was to act")
            try:
                if who == CHANCE:
                    drawn = self.roll()
                    if drawn != step.action:
                        raise MatchFileError(f"action {i + 1}: the seed gives {quoted(drawn, 60)}, the file says "
                                             f"{quoted(step.action, 60)}")
                else:
                    self.play(step.action)
            except IllegalActionError as exc:
                raise MatchFileError(f"action {i + 1} is not legal: {short_message(str(exc), 400)}") from None
            self.replayed_logs.append(list(getattr(self.state, "log", None) or ()))
            verdict = getattr(self.state, "last_verdict", None)
            self.replayed_verdicts.append(dict(verdict) if isinstance(verdict, dict) else None)
            probe = getattr(self.state, "last_probe", None)
            probe = dict(probe) if isinstance(probe, dict) else None
            off = getattr(self.state, "probe_off_mm", None)
            if probe is not None and callable(off):  # where the touched block sits now, as the window says it
                probe["off_mm"] = off()
            self.replayed_probes.append(probe)
            self.replayed_coins.append(self._coins())
            if keep:
                self.replayed_states.append(self.state.clone())
            if progress is not None:
                progress(i + 1, len(actions))

    def _coins(self) -> list[int] | None:
        coins = getattr(self.state, "coins", None)
        return list(coins()) if callable(coins) else None


class PendingStep:
    """One step of a match computed away from it, for a window that goes on drawing meanwhile.

    match.prepare() takes, on the caller's thread, what the step needs: who acts (`by`, a seat or
    CHANCE), the person's `action` if there is one, the position it starts from (`before`, the match's
    own state object, never changed) and a copy of it (`state`) for run() to work on, with the chance
    generator's or the bot's generator. run() (or start(), on a daemon thread) does the slow part: the
    bot's thinking, the physics of a Jenga push. It touches nothing of the match, never raises (a
    failure is kept in `error`) and fills in `action` for a bot or chance. The caller then hands it to
    match.commit() on its own thread, which applies it or raises its error. A screen:

        job = match.prepare(action)         # or prepare() for a bot or chance; IllegalActionError here
        job.state.record_trajectories = True  # anything the step's state should carry, before start
        job.start()
        ...each frame: draw match.state (still `before`); once job.done:
        try: step = match.commit(job)       # the step's error, if any, is raised here; nothing changed
        except Exception as exc: report it

    The result is the one match.step() or match.play() would give: the same outcome from the seed, the
    same generator for the bot.
    """

    def __init__(self, match: Match, by: int, action: str | None):
        self.match = match
        self.by = by
        self.action = action
        self.at = len(match.history)
        self.before = match.state
        self.state = match.state.clone()
        self.error: BaseException | None = None
        self._chance = copy.deepcopy(match._chance) if by == CHANCE else None
        self._rng = bot_rng(match.seed, self.at, by) if by >= 0 and action is None else None
        self._finished = threading.Event()
        self.thread: threading.Thread | None = None

    @property
    def done(self) -> bool:
        return self._finished.is_set()

    def run(self) -> "PendingStep":
        """Compute the step on this thread (see the class docstring); returns self."""
        try:
            if self.by == CHANCE:
                self.action = sample_outcome(self.state.chance_outcomes(), self._chance)
            elif self.action is None:
                self.action = self.match._bot_choice(self.by, self.state, self._rng)
            self.state.apply_action(self.action)
        except Exception as exc:  # handed to the caller by commit()
            self.error = exc
        finally:
            self._finished.set()
        return self

    def start(self) -> "PendingStep":
        """run() on a daemon thread; returns self at once."""
        self.thread = threading.Thread(target=self.run, name="match step", daemon=True)
        self.thread.start()
        return self

    def wait(self, timeout: float | None = None) -> bool:
        """Block until run() has finished (or timeout seconds); True if it has."""
        return self._finished.wait(timeout)


def write_atomic(path: str | os.PathLike, text: str, fresh: bool = False) -> None:
    """Write text to a temporary file in the same folder, flush it to disk, then rename it over path:
    a crash leaves either the old file or the new one, never a part of one. A symlink is written through
    (the file it points at is replaced, the link stays); the file keeps the permissions it had (a new one
    gets the usual ones, as open() would give it); an error names the file asked for, not the temporary.

    fresh: path must be a new file: FileExistsError if a file is there, even one another process made
    after the name was chosen (the name is taken with an exclusive create before the rename: two games saved
    in the same second by two processes both took one name, and one was lost: a saves audit)."""
    path = Path(path)
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        mode = target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise type(exc)(exc.errno, exc.strerror, str(path)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fchmod(f.fileno(), mode)
            os.fsync(f.fileno())
        if fresh:
            _put_new(tmp, target)
        else:
            os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        if isinstance(exc, OSError) and exc.errno is not None:
            raise type(exc)(exc.errno, exc.strerror, str(path)) from None
        raise


def _put_new(tmp: str, target: Path) -> None:
    """Put the written temporary file `tmp` at `target`, which must not exist (FileExistsError): the name is
    taken first with an exclusive create, then the file is renamed over that empty one (removed again if the
    rename fails, so a failed save leaves no empty file behind)."""
    os.close(os.open(target, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    try:
        os.replace(tmp, target)
    except BaseException:
        target.unlink(missing_ok=True)
        raise


def _read(path) -> object:
    """The parsed JSON of a match file (MatchFileError, naming the file, for anything that is not JSON).
    A UTF-8 byte-order mark at the start, as Windows Notepad writes one, is read past."""
    if not isinstance(path, (str, os.PathLike)) or isinstance(path, bytes):
        raise MatchFileError(f"a match file is named by its path (a str or a pathlib.Path), "
                             f"not {type(path).__name__} {quoted(path)}")
    text = read_text(path, MatchFileError)
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        return parse_json(text)
    except ValueError as exc:
        if not _starts_like_a_match(text):  # a script or notes dropped on the window: not a damaged save
            raise MatchFileError(f"{Path(path)}: {NOT_A_MATCH}") from None
        raise MatchFileError(f"{Path(path)}: {exc}") from None


NOT_A_MATCH = "not a saved match (a match file is JSON that begins with '{')"
"""Said of a file that does not parse and does not begin as a match file does: a script, notes."""


def _starts_like_a_match(text: str) -> bool:
    """Whether text that does not parse begins as JSON's objects and lists do, '{' or '[' (a match file cut
    short or edited, or one nested too deeply, which the parser's own words tell), rather than being some
    other kind of text. An empty file is a save cut short. (Any JSON start was taken for one: a Python file
    opening with a docstring, three double quotes, was said to be a save cut short or edited.)"""
    start = text.lstrip()[:1]
    return not start or start in "{["


def saved_game_and_seed(path: str | os.PathLike) -> tuple[object, object] | None:
    """The "game" and "seed" a match file names, as written (not checked), or None when `path` is not a
    match file (is_match_file). What a front end asks before a save replaces a match of another game."""
    try:
        data = _read(path)
    except MatchFileError:
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    return data.get("game"), data.get("seed")


def is_match_file(path: str | os.PathLike) -> bool:
    """Whether `path` is a file holding a Kong Tabletop match: JSON with this program's format name,
    whether or not it would load (a save of another version or a damaged one is a save all the same).
    What a front end asks before it lets a save replace a file that exists."""
    try:
        data = _read(path)
    except MatchFileError:
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


def _kind(value) -> str:
    return {type(None): "null", bool: "true or false", int: "a number", float: "a number", str: "a text",
            list: "a list", dict: "an object"}.get(type(value), type(value).__name__)


def _actor(seat: int) -> str:
    """Who acts, in a message's words: seat 1, 2, ... (the file's 0, 1, ...), chance, or nobody."""
    if seat == CHANCE:
        return "chance (a roll, draw or spin)"
    if seat == TERMINAL:
        return "nobody (the game was over)"
    return f"seat {seat + 1} (by {seat} in the file)" if seat >= 0 else f"no seat ({seat})"


def _checksum(body: dict) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _same_outcome(saved, replayed: dict) -> bool:
    """Whether a file's kept outcome is the replayed game's: files before 3 Dec keep none, files before 7 Dec
    keep no turn, so what a file keeps is compared and nothing else."""
    if saved is None:
        return True
    return isinstance(saved, dict) and set(saved) <= set(replayed) and all(replayed[k] == v for k, v in saved.items())
