"""The common game engine: seats, configs, game specs and the State every game implements.

A game is a pure state machine in the manner of OpenSpiel. Its state is plain data that clones and
serialises to JSON; rules are methods that compute legal actions and reject illegal ones without side
effects; randomness enters only as chance outcomes that a driver (games.match.Match) samples from a
seeded numpy Generator. Actions are canonical strings, so a match is exactly its list of actions.
"""

from __future__ import annotations

import re

import copy
import json
import operator
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping


def json_kind(value) -> str:
    """What a value read from a file is, in JSON's words ("null", "a number"...): messages about a save said
    "got NoneType" (a bad-input audit)."""
    if value is None:
        return "null"
    return {bool: "true or false", int: "a number", float: "a number", str: "a string", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)


CHANCE = -1
"""current_player() when the next action is a chance outcome (dice, shuffle, spinner, tremor)."""
TERMINAL = -2
"""current_player() when the game is over."""


MESSAGE_LIMIT = 600
"""The longest message a GameError keeps whole: past it, long quotations in it are cut (short_message)."""
_QUOTATION = re.compile(r"(?<!\w)'[^'\n]*'(?!\w)" + r'|"[^"\n]*"')
"""A quotation: a quote not inside a word ("Bob's", "O'Brien" are no quotes) up to its closing one."""


def short_message(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """A message with every long quotation in it cut (the quotes taken in pairs from the left) and the whole
    kept to one line of at most about `limit` characters: a refusal may quote what it was given, and an
    action, a file's text or a typed line can run to a million characters."""
    message = _QUOTATION.sub(_cut_quotation, message)
    message = " ".join(message.split())
    return message if len(message) <= limit else f"{message[:limit - 40]}... ({len(message)} characters in all)"


def _cut_quotation(found: re.Match) -> str:
    quote, inside = found[0][0], found[0][1:-1]
    return found[0] if len(inside) < 60 else f"{quote}{inside[:40]}...{quote} ({len(inside)} characters)"


class GameError(ValueError):
    """Base of every error the engine raises for bad input. A message longer than MESSAGE_LIMIT has its
    long quotations cut (short_message), so no refusal runs to the length of what it quotes."""

    def __init__(self, *args):
        if len(args) == 1 and isinstance(args[0], str) and len(args[0]) > MESSAGE_LIMIT:
            args = (short_message(args[0]),)
        super().__init__(*args)


class IllegalActionError(GameError):
    """An action that the rules do not allow in this state; the state is unchanged."""


class GameOverError(IllegalActionError):
    """An action offered to a finished game."""


class ChanceTurnError(IllegalActionError):
    """An action offered while chance moves (a roll, a spin, a draw, the build): only its outcomes are
    taken, and no player's action."""


CHANCE_MOVES = "it is chance's move now (a roll, a spin, a draw or the build), not a player's"
"""What a ChanceTurnError says of the moment."""


class ConfigError(GameError):
    """A game config that cannot be played: unknown game, variant or bot, or a bad player count."""


class ActionSyntaxError(IllegalActionError):
    """Text that does not name any action of the game."""


class MatchFileError(GameError):
    """Match data that cannot be loaded: a save file that is not JSON, truncated, edited or from another
    version, or a saved position (any game's State.from_json) that is malformed."""


MAX_SEED = 2**63 - 1
"""The largest seed a match takes (seeds are 0 to MAX_SEED)."""


def quoted(value: Any, limit: int = 40) -> str:
    """A value as a message quotes it: its repr, cut short past `limit` characters (with the length said)
    so a message stays one readable line whatever a file or a caller held."""
    try:
        text = repr(value)
    except ValueError:  # an int of more digits than Python writes out
        return (f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits" if isinstance(value, int)
                else type(value).__name__)
    if len(text) <= limit:
        return text
    size = f"{len(value)} characters" if isinstance(value, str) else f"{len(text)} characters written out"
    return f"{text[:limit - 10]}... ({size})"


def as_seed(seed: Any) -> int:
    """A seed as a plain int: any whole number from 0 to MAX_SEED, of int or of a type that is one
    (numpy's np.int64, whatever operator.index takes), but never True or False. ConfigError otherwise."""
    value = None
    if not isinstance(seed, bool):  # numpy's bools are refused by operator.index itself
        try:
            value = operator.index(seed)
        except TypeError:
            value = None
    if value is None or not 0 <= value <= MAX_SEED:
        raise ConfigError(f"a seed is a whole number from 0 to {MAX_SEED}, got {quoted(seed, 30)}")
    return value


MAX_NAME = 40
"""The longest seat name (the launcher's name field holds 16 characters; a bot's made-up name more)."""
_UNSHOWN = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069\u200e\u200f]")


def name_fault(name: str) -> str:
    """Why a seat's name cannot be used ("" when it can): a name is shown on the board, in the log and in a
    terminal, so it has 1 to MAX_NAME characters, is not blank, and has no control characters, lone
    surrogates or text-direction marks (a NUL or a surrogate crashed the window's text at every start;
    a newline split the terminal's board lines; a right-to-left override turned the log's lines)."""
    if not name.strip():
        return "is blank: a seat needs a name"
    if len(name) > MAX_NAME:
        return f"has {len(name)} characters; a name has at most {MAX_NAME}"
    bad = _UNSHOWN.search(name)
    if bad:
        return f"holds the character U+{ord(bad.group()):04X}, which cannot be shown in a name"
    return ""


@dataclass(frozen=True)
class Seat:
    """One place at the table: a person (bot is None) or a named bot."""

    name: str
    bot: str | None = None

    @property
    def is_human(self) -> bool:
        return self.bot is None

    def to_json(self) -> dict:
        return {"name": self.name, "bot": self.bot}

    @classmethod
    def from_json(cls, data: Mapping) -> "Seat":
        if not isinstance(data, Mapping) or not isinstance(data.get("name"), str):
            raise ConfigError(f"a seat must be an object with a string 'name', got {quoted(data)}")
        bot = data.get("bot")
        if bot is not None and not isinstance(bot, str):
            raise ConfigError(f"a seat's 'bot' must be a bot name or null, got {quoted(bot)}")
        return cls(data["name"], bot)


@dataclass(frozen=True)
class GameConfig:
    """What a game is made from: the game's name, the seats in turn order, the rule variant."""

    game: str
    seats: tuple[Seat, ...]
    variant: str

    @property
    def num_players(self) -> int:
        return len(self.seats)

    def to_json(self) -> dict:
        return {"game": self.game, "variant": self.variant, "seats": [s.to_json() for s in self.seats]}

    @classmethod
    def from_json(cls, data: Mapping) -> "GameConfig":
        if not isinstance(data, Mapping):
            raise ConfigError(f"a config must be a JSON object, got {json_kind(data)}")
        game, variant, seats = data.get("game"), data.get("variant"), data.get("seats")
        if not isinstance(game, str) or not isinstance(variant, str) or not isinstance(seats, list):
            raise ConfigError("a config needs 'game' (string), 'variant' (string) and 'seats' (list)")
        return cls(game, tuple(Seat.from_json(s) for s in seats), variant)


@dataclass(frozen=True)
class GameSpec:
    """A game's shape as data: what the registry lists and what a config is checked against."""

    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    variants: Mapping[str, str]  # variant name -> one-line description
    default_variant: str
    max_length: int  # most actions (decisions and chance outcomes) a game can take
    new_state: Callable[["GameConfig"], "State"]
    state_from_json: Callable[["GameConfig", Mapping], "State"]
    bots: Mapping[str, Callable[[], Any]] = field(default_factory=dict)  # bot name -> factory
    bot_notes: Mapping[str, str] = field(default_factory=dict)  # bot name -> how it plays, in a few words
    default_bot: str = "random"
    help_text: Callable[[str], str] | None = None  # variant -> rules in the project's words

    def bot_named(self, name: Any) -> str | None:
        """The game's bot of this name, whatever its case ('Random', 'RANDOM': 'random'), or None."""
        if not isinstance(name, str):
            return None
        if name in self.bots:
            return name
        folded = name.casefold()
        return next((b for b in self.bots if b.casefold() == folded), None)

    def make_config(self, seats: Iterable[Seat] | None = None, variant: str | None = None,
                    players: int | None = None, bot: str | None = None) -> GameConfig:
        """Build and check a config; with no seats, `players` seats all played by `bot`.

        seats: Seat objects in turn order, e.g. [Seat("Ann"), Seat("Bot 2", "random")] (a person named Ann,
        then the random bot). Plain strings are refused, not guessed at ("random" could be a bot or a person
        of that name; "human,random" is the command line's --seats form, not this one). A bot's name may be
        given in any case ("Random"); the config holds the game's own spelling. ConfigError, saying what
        is allowed, for anything else.
        """
        if seats is None:
            n = self.min_players if players is None else players
            seats = [Seat(f"{bot or self.default_bot} {i + 1}", bot or self.default_bot) for i in range(n)]
        elif isinstance(seats, (str, bytes)):
            raise ConfigError(f"seats is a list of Seat, e.g. [Seat('Ann'), Seat('Bot 2', 'random')], not the "
                              f"text {quoted(seats)} (that is the command line's --seats form)")
        try:
            seats = tuple(seats)
        except TypeError:
            raise ConfigError(f"seats is a list of Seat, e.g. [Seat('Ann'), Seat('Bot 2', 'random')], "
                              f"not {quoted(seats)}") from None
        seats = tuple(Seat(s.name, self.bot_named(s.bot) or s.bot) if isinstance(s, Seat) and s.bot is not None
                      else s for s in seats)
        if isinstance(variant, str):  # in any case, as the command line and bot names take it ("WIKI")
            variant = next((v for v in self.variants if v.lower() == variant.lower()), variant)
        # only None means the default: "" is a variant's name, and refused as unknown (it played the default)
        config = GameConfig(self.name, seats, self.default_variant if variant is None else variant)
        self.check_config(config)
        return config

    def players_span(self) -> str:
        """How many play, in words: "2" or "2 to 4"."""
        return (str(self.min_players) if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}")

    def check_config(self, config: GameConfig) -> None:
        if not isinstance(config, GameConfig):
            raise ConfigError(f"a match is made from a GameConfig (spec.make_config(...) builds one), "
                              f"not {type(config).__name__} {quoted(config)}")
        if not isinstance(config.seats, tuple):
            raise ConfigError(f"a config's seats are a tuple of Seat, not {type(config.seats).__name__}")
        for i, seat in enumerate(config.seats):
            if not isinstance(seat, Seat):
                raise ConfigError(f"seat {i + 1} must be a Seat, e.g. Seat('Ann') for a person or "
                                  f"Seat('Bot 2', 'random') for a bot, not {type(seat).__name__} {quoted(seat)}")
            if not isinstance(seat.name, str):
                raise ConfigError(f"seat {i + 1}'s name must be a string, not {type(seat.name).__name__} "
                                  f"{quoted(seat.name)}")
            fault = name_fault(seat.name)
            if fault:
                raise ConfigError(f"seat {i + 1}'s name {quoted(seat.name, 40)} {fault}")
            if seat.bot is not None and not isinstance(seat.bot, str):
                raise ConfigError(f"seat {i + 1}'s bot must be a bot's name (a string) or None for a person, "
                                  f"not {type(seat.bot).__name__} {quoted(seat.bot)}")
        if not isinstance(config.game, str) or not isinstance(config.variant, str):
            raise ConfigError("a config's game and variant are names (strings)")
        if config.game != self.name:
            raise ConfigError(f"this config is for {quoted(config.game)}, not {self.name!r}")
        if config.variant not in self.variants:
            raise ConfigError(f"unknown variant {quoted(config.variant)} for {self.name}; "
                              f"choose one of: {', '.join(self.variants)}")
        n = len(config.seats)
        if not self.min_players <= n <= self.max_players:
            raise ConfigError(f"{self.name} is played by {self.players_span()} players, not {n}")
        for seat in config.seats:
            if seat.bot is not None and seat.bot not in self.bots:
                raise ConfigError(f"unknown bot {quoted(seat.bot)} for {self.name}; "
                                  f"choose one of: {', '.join(self.bots)}")


class State:
    """Base of every game's state. Subclasses implement the methods marked 'game'.

    Invariants a subclass keeps: all of its data is JSON-able plain data reachable from to_json();
    legal_actions() is computed, never stored; _apply() is only called with an action that
    check_action() accepted, so a rejected action changes nothing.
    """

    spec: GameSpec  # set by each subclass

    def __init__(self, config: GameConfig):
        self.config = config

    # ---- game: the rules ---------------------------------------------------------------
    def current_player(self) -> int:
        """The seat that decides next, or CHANCE, or TERMINAL."""
        raise NotImplementedError

    def turn_owner(self) -> int | None:
        """Whose turn it is (may differ from current_player when another seat must decide)."""
        p = self.current_player()
        return p if p >= 0 else None

    def legal_actions(self) -> list[str]:
        """The decisions the current player may take, in a fixed order (empty at chance/terminal)."""
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """At a chance node, the (outcome, probability) pairs in a fixed order."""
        return []

    def _apply(self, action: str) -> None:
        """Mutate the state by an action already checked legal."""
        raise NotImplementedError

    def returns(self) -> list[float]:
        """Each seat's score (final when terminal)."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """The winning seats (several on a tie), empty while the game goes on."""
        raise NotImplementedError

    def to_json(self) -> dict:
        """Everything the state holds, as JSON-able data (the config excluded)."""
        raise NotImplementedError

    @classmethod
    def from_json(cls, config: GameConfig, data: Mapping) -> "State":
        """The state to_json() gave, for this config. Data that is not such a state (a missing field, or a
        field of the wrong type, length or range) raises MatchFileError naming what is wrong, at once:
        a state that loads can be played on."""
        raise NotImplementedError

    def __str__(self) -> str:
        """A readable text board."""
        raise NotImplementedError

    def refuse_unplayable(self, what: str) -> "State":
        """Check, for from_json, that a position whose fields each have their form can be played on; return it,
        or raise MatchFileError saying what is wrong ('what' names the position: "a saved Monkey Dash
        position"). It asks what any player would: the game's conservation laws (invariant_violations), whose
        turn it is, and that turn's choices or chance outcomes, and the text board. A position can pass each
        field's check and still break here: a Donkey Kong "walk" with no contacts left to settle (a chance node
        with no outcomes), a Super Mario Jenga seat with no peg whose turn offers nothing, a Monkey Dash
        table with no monkeys (an IndexError on the first question)."""
        try:
            broken = self.invariant_violations()
            if broken:
                raise MatchFileError(f"{what} is inconsistent: {broken[0]}")
            if not self.is_terminal():
                if self.is_chance_node():
                    outcomes = self.chance_outcomes()
                    if not outcomes:
                        raise MatchFileError(f"{what} is inconsistent: it waits for chance, which has no outcome")
                    if abs(sum(p for _, p in outcomes) - 1.0) > 1e-6:
                        raise MatchFileError(f"{what} is inconsistent: its chance outcomes' probabilities do not "
                                             f"add up to 1")
                elif not self.legal_actions():
                    raise MatchFileError(f"{what} is inconsistent: seat {self.current_player()} is to move and "
                                         f"has no legal move")
            else:
                self.returns()
            str(self)
        except MatchFileError:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, ZeroDivisionError) as exc:
            raise MatchFileError(f"{what} cannot be played on: its fields disagree "
                                 f"({type(exc).__name__}: {exc})") from None
        return self

    def invariant_violations(self) -> list[str]:
        """Conservation laws that must hold after every action; each broken one described."""
        return []

    def max_length(self) -> int:
        return self.spec.max_length

    # ---- shared behaviour ---------------------------------------------------------------
    def is_terminal(self) -> bool:
        """Whether the game is over (current_player() is TERMINAL): returns() are then final."""
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        """Whether chance moves next (current_player() is CHANCE): the next action is one of
        chance_outcomes(), sampled by the driver (games.bots.sample_outcome, or games.match.Match)."""
        return self.current_player() == CHANCE

    def check_action(self, action: str) -> None:
        """Raise IllegalActionError saying what is wrong and what is allowed; do nothing else."""
        if not isinstance(action, str):
            raise ActionSyntaxError(f"an action is a string, got {json_kind(action)}")
        player = self.current_player()
        if player == TERMINAL:
            raise GameOverError(f"the game is over; no action {quoted(action, 60)} can be played")
        if player == CHANCE:
            outcomes = [o for o, _ in self.chance_outcomes()]
            if action not in outcomes:
                # An outcome of the right kind that cannot come ("build 99") is not a player's move: only
                # another kind of action is told that chance moves now (a research audit read it so)
                kind = action.partition(" ")[0] in {o.partition(" ")[0] for o in outcomes}
                raise ChanceTurnError(
                    f"{quoted(action, 60)} is not a possible chance outcome here{'' if kind else ': ' + CHANCE_MOVES}; "
                    f"possible: {_brief(outcomes)}")
            return
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalActionError(
                f"{quoted(action, 60)} is not legal for {self.seat_name(player)} now; legal: {_brief(legal)}")

    def apply_action(self, action: str) -> None:
        """Play one action in place: a decision of the current player (one of legal_actions()) or, at a
        chance node, one of the outcomes of chance_outcomes(). An action that is not allowed now raises
        IllegalActionError (ChanceTurnError, GameOverError, ActionSyntaxError for its cases) saying why,
        and changes nothing. To keep the position before, clone() it first."""
        if not isinstance(action, str):
            raise ActionSyntaxError(f"an action is a string, got {json_kind(action)}")
        self.check_action(action)
        self._apply(action)

    def seat_name(self, seat: int) -> str:
        return self.config.seats[seat].name if 0 <= seat < len(self.config.seats) else str(seat)

    def undo_barrier(self) -> str | None:
        """Why no decision can be taken back in this position, beyond the chance outcomes every game's
        undo stops at (a sentence), or None: a game may make an outcome final (a fallen Jenga tower)."""
        return None

    def action_to_string(self, action: str) -> str:
        """The action as a person reads it."""
        if not isinstance(action, str):
            raise ActionSyntaxError(f"an action is a string, got {json_kind(action)}")
        return action

    def warning(self, action: str) -> str:
        """Words a person should read before this legal action is played, as a clause ("" for none): a
        window and the terminal play such an action only when it is chosen a second time."""
        return ""

    def typing_hint(self) -> str:
        """A line for the terminal's help on typing this position's actions short ("" when none)."""
        return ""

    def string_to_action(self, text: str) -> str:
        """Parse typed text into the canonical action; raise ActionSyntaxError if it names none."""
        if not isinstance(text, str):
            raise ActionSyntaxError(f"typed text is a string, got {json_kind(text)}")
        canon = " ".join(text.strip().lower().split())
        candidates = (self.legal_actions() if self.current_player() >= 0
                      else [o for o, _ in self.chance_outcomes()])
        for a in candidates:
            if a.lower() == canon or self.action_to_string(a).lower() == canon:
                return a
        raise ActionSyntaxError(f"{quoted(text, 60)} names no action available now; available: {_brief(candidates)}")

    def clone(self) -> "State":
        """An independent copy: playing on either never changes the other (the Jenga games' tower
        included). Equal to the original (==) and with the same to_json_text()."""
        twin = copy.copy(self)
        twin.__dict__ = copy.deepcopy(self.__dict__)
        return twin

    def to_json_text(self) -> str:
        """to_json() as one canonical line of JSON (sorted keys, no spaces): what == compares and what
        games.match.state_digest hashes."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, State) and type(self) is type(other) and self.config == other.config
                and self.to_json_text() == other.to_json_text())

    def __hash__(self) -> int:  # states are mutable; hash by content for use in digests only
        return hash(self.to_json_text())


def _brief(items: list[str], limit: int = 12) -> str:
    if not items:
        return "(none)"
    # Each cut to a readable length: a Jenga push's finger path alone runs to hundreds of characters.
    shown = ", ".join(item if len(item) <= 60 else item[:57] + "..." for item in items[:limit])
    return shown + (f", ... ({len(items)} in all)" if len(items) > limit else "")
