"""A match: one game's config, seed and history, with chance sampling, bots, undo/redo and save files.

Chance outcomes are drawn, in order, from one numpy default_rng seeded from the match seed. Undo never
goes back past a chance outcome, so no draw is ever taken back: the same seed and the same decisions
give the same game, a loaded match (which replays its actions, drawing again) continues exactly as it
would have, and nobody re-rolls dice by undoing. Each bot decision gets a Generator seeded with (seed,
position in the history, seat), so a bot's choice depends only on where in the game it is asked.

Save files are JSON: format name and version, config, seed, the actions with who took them, a digest
of the final state and a checksum of the whole. They are written to a temporary file and renamed, so
a crash never leaves half a save behind.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

import numpy as np

from . import registry
from .bots import Bot, sample_outcome
from .core import CHANCE, TERMINAL, ConfigError, GameConfig, GameError, IllegalActionError, State

FORMAT = "kong-tabletop-match"
VERSION = 1
_CHANCE_STREAM = 0x5EED
_BOT_STREAM = 0xB07


EARLIER = "earlier version of the rules or the physics"


class MatchFileError(GameError):
    """A save file that cannot be loaded: not JSON, truncated, edited, or from another version."""


@dataclass(frozen=True)
class Step:
    """One action in the history: who took it (a seat, or CHANCE) and the action."""

    by: int
    action: str

    def to_json(self) -> dict:
        return {"by": self.by, "action": self.action}


def bot_rng(seed: int, position: int, seat: int) -> np.random.Generator:
    return np.random.default_rng([_BOT_STREAM, seed, position, seat])


def state_digest(state: State) -> str:
    return hashlib.sha256(state.to_json_text().encode()).hexdigest()


class Match:
    """Drives a state: applies decisions, samples chance, asks bots, keeps undo and redo."""

    def __init__(self, config: GameConfig, seed: int, bots: Mapping[int, Bot] | None = None):
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ConfigError(f"a seed is a whole number of 0 or more, got {seed!r}")
        self.spec = registry.get(config.game)
        self.spec.check_config(config)
        self.config = config
        self.seed = seed
        self.state: State = self.spec.new_state(config)
        self.history: list[Step] = []
        self._chance = np.random.default_rng([_CHANCE_STREAM, seed])
        self._undo: list[State] = []  # snapshots before each decision since the last chance outcome
        self._redo: list[Step] = []
        self.bots: dict[int, Bot] = dict(bots) if bots is not None else self._make_bots()

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
            raise IllegalActionError("it is a chance step (dice, spinner or shuffle), not anyone's decision")
        before = self.state.clone()
        self.state.apply_action(action)  # raises, and changes nothing, if illegal
        self._undo.append(before)
        self._redo.clear()
        self.history.append(Step(player, action))

    def roll(self) -> str:
        """Sample and apply the chance outcome at this point of the history."""
        if self.state.current_player() != CHANCE:
            raise IllegalActionError("no chance step is due now")
        outcome = sample_outcome(self.state.chance_outcomes(), self._chance)
        self.state.apply_action(outcome)
        self.history.append(Step(CHANCE, outcome))
        self._undo.clear()
        self._redo.clear()
        return outcome

    def bot_action(self) -> str:
        """What the current seat's bot would play now (not applied)."""
        seat = self.state.current_player()
        bot = self.bots.get(seat)
        if bot is None:
            raise IllegalActionError(f"seat {seat} is not played by a bot")
        state = self.state.clone() if bot.may_change_state else self.state
        return bot.choose(state, bot_rng(self.seed, len(self.history), seat))

    def waiting_for_human(self) -> bool:
        p = self.state.current_player()
        return p >= 0 and p not in self.bots

    def step(self) -> Step | None:
        """One automatic step (a chance outcome or a bot decision); None if a person must act or it is over."""
        p = self.state.current_player()
        if p == TERMINAL or (p >= 0 and p not in self.bots):
            return None
        if p == CHANCE:
            self.roll()
        else:
            self.play(self.bot_action())
        return self.history[-1]

    def advance(self, limit: int | None = None) -> int:
        """Run automatic steps until a person must act or the game ends; returns how many ran."""
        n = 0
        while (limit is None or n < limit) and self.step() is not None:
            n += 1
        return n

    # ---- undo and redo --------------------------------------------------------------------
    def can_undo(self) -> bool:
        return bool(self._undo)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> Step:
        """Take back the last decision; never past a chance outcome."""
        if not self._undo:
            raise IllegalActionError("nothing to undo: decisions before the last dice roll or draw are final")
        self.state = self._undo.pop()
        step = self.history.pop()
        self._redo.append(step)
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
        }
        body["checksum"] = _checksum(body)
        return body

    def save(self, path: str | os.PathLike) -> None:
        """Write atomically (see write_atomic): a crash never leaves half a save behind."""
        write_atomic(path, json.dumps(self.to_json(), indent=1))

    @classmethod
    def load(cls, path: str | os.PathLike, bots: Mapping[int, Bot] | None = None) -> "Match":
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise MatchFileError(f"{path}: no such file") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise MatchFileError(f"{path}: cannot be read ({exc})") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            hint = "it looks cut short" if exc.pos >= len(text.rstrip()) - 1 else "it is not valid JSON"
            raise MatchFileError(f"{path}: not a match file, {hint} (line {exc.lineno}, column {exc.colno})") from None
        try:
            return cls.from_json(data, bots=bots)
        except MatchFileError as exc:
            raise MatchFileError(f"{path}: {exc}") from None

    @classmethod
    def from_json(cls, data, bots: Mapping[int, Bot] | None = None) -> "Match":
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise MatchFileError("not a Kong Tabletop match file")
        version = data.get("version")
        if version != VERSION:
            raise MatchFileError(f"saved by format version {version!r}; this program reads version {VERSION}")
        if data.get("checksum") != _checksum({k: v for k, v in data.items() if k != "checksum"}):
            raise MatchFileError("the checksum does not match: the file was changed or damaged after saving")
        try:
            config = GameConfig.from_json(data.get("config"))
            if config.game != data.get("game"):
                raise MatchFileError("the game named in the file and in its config differ")
            seed = data.get("seed")
            match = cls(config, seed, bots=bots)
        except ConfigError as exc:
            raise MatchFileError(f"its config cannot be played: {exc}") from None
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise MatchFileError("its 'actions' is not a list")
        try:
            match.replay(actions)
        except MatchFileError as exc:
            if " is malformed: " in str(exc):
                raise
            # A file whose checksum holds but whose replay goes elsewhere was most likely saved before the
            # rules or the physics changed (a move that stood then falls now, or the other way round).
            raise MatchFileError(f"{exc} (was it saved by an {EARLIER}?)") from None
        if data.get("state_digest") != state_digest(match.state):
            raise MatchFileError(f"replaying its actions does not reach the saved position (was it saved by an "
                                 f"{EARLIER}?)")
        return match

    def replay(self, actions: list) -> None:
        """Re-apply saved steps, checking each against the rules and the seed."""
        for i, raw in enumerate(actions):
            if not isinstance(raw, dict) or not isinstance(raw.get("action"), str) or not isinstance(raw.get("by"), int):
                raise MatchFileError(f"action {i + 1} is malformed: {raw!r}")
            step = Step(raw["by"], raw["action"])
            who = self.state.current_player()
            if step.by != who:
                raise MatchFileError(f"action {i + 1} ({step.action!r}) is by {step.by}, but {who} was to act")
            try:
                if who == CHANCE:
                    drawn = self.roll()
                    if drawn != step.action:
                        raise MatchFileError(f"action {i + 1}: the seed gives {drawn!r}, the file says {step.action!r}")
                else:
                    self.play(step.action)
            except IllegalActionError as exc:
                raise MatchFileError(f"action {i + 1} is not legal: {exc}") from None


def write_atomic(path: str | os.PathLike, text: str) -> None:
    """Write text to a temporary file in the same folder, flush it to disk, then rename it over path:
    a crash leaves either the old file or the new one, never a part of one."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def _checksum(body: dict) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
