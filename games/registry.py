"""Which games can be played: each game package exposes a GameSpec named SPEC.

A game not built yet is simply absent: its package does not exist, so it is not listed.
"""

from __future__ import annotations

import importlib

from assets.reader import AssetError

from .core import ConfigError, GameSpec, quoted

# Game name -> module holding its SPEC, in the order the launcher lists them.
_KNOWN = {
    "donkey_kong": "games.donkey_kong",
    "monkey_dash": "games.monkey_dash",
    "jenga_classic": "games.jenga.classic",
    "jenga_dk": "games.jenga.donkey_kong",
    "jenga_mario": "games.jenga.super_mario",
}

_extra: dict[str, GameSpec] = {}
_cache: dict[str, GameSpec] | None = None
_broken: dict[str, Exception] = {}  # game name -> the damaged asset that keeps it from loading


def register(spec: GameSpec) -> None:
    """Add a game that lives outside games/ (tests use this for a toy game)."""
    global _cache
    _extra[spec.name] = spec
    _cache = None


def unregister(name: str) -> None:
    global _cache
    _extra.pop(name, None)
    _cache = None


def games() -> dict[str, GameSpec]:
    """Every playable game by name."""
    global _cache
    if _cache is None:
        found: dict[str, GameSpec] = {}
        _broken.clear()
        for name, module_name in _KNOWN.items():
            try:
                module = importlib.import_module(module_name)
            except ModuleNotFoundError as exc:
                if exc.name and module_name.startswith(exc.name):
                    continue  # this game is not built yet
                raise
            except AssetError as exc:
                # a damaged data file of this game (its board, its deck): the other games still play, and
                # naming this one says what is wrong (one damaged board had stopped every command: an audit)
                _broken[name] = exc
                continue
            spec = getattr(module, "SPEC", None)
            if isinstance(spec, GameSpec):
                try:
                    _read_late_data(spec)
                except AssetError as exc:
                    # a spinner or an item file the game reads only mid-game, damaged: it closed the window at a
                    # new game's start while the launcher listed the game as playable (a bad-input audit)
                    _broken[name] = exc
                    continue
                found[spec.name] = spec
        found.update(_extra)
        _cache = found
    return dict(_cache)


def _read_late_data(spec: GameSpec) -> None:
    """Read the data files `spec`'s game reads only mid-game (selfplay.LAZY_DATA), in each of its variants: an
    AssetError names a damaged one."""
    from .selfplay import LAZY_DATA, check_data

    if spec.name in LAZY_DATA:
        for variant in spec.variants:
            check_data(spec.name, variant)


def broken() -> dict[str, Exception]:
    """The games that cannot be loaded for a damaged asset, by name, with the AssetError that says why."""
    games()
    return dict(_broken)


def names() -> list[str]:
    """The names of the games, in the launcher's order, without importing them (for a command's --help);
    games() is the list of those actually built."""
    return list(dict.fromkeys([*_KNOWN, *_extra]))


def get(name: str) -> GameSpec:
    """The GameSpec of a built game by its name (one of games(): "donkey_kong", "monkey_dash",
    "jenga_classic", "jenga_dk", "jenga_mario"); ConfigError listing the games for any other name. The
    spec makes configs (make_config) and states (new_state, state_from_json) and names the bots."""
    table = games()
    return table[canonical(name, table)]


def canonical(name: str, table: dict | None = None) -> str:
    """The built game a person means by `name`: its own name or its title in any case, with '-' or spaces for
    '_' ("Jenga-Mario", "Super Mario Jenga"), or words of one game's name or title only ("mario", "classic",
    "monkey", "md" as initials); ConfigError listing the games otherwise, or the games a shared word could mean
    ("kong", "dk")."""
    table = games() if table is None else table
    if not isinstance(name, str):
        raise ConfigError(f"unknown game {quoted(name)}; choose one of: {', '.join(table) or '(none built)'}")
    if name in table:
        return name
    if name in _broken:
        raise _broken[name]
    words = _words(name)
    for g, spec in table.items():  # its name or its title, whole, in any order: "Jenga: Super Mario" is jenga_mario
        if words and (sorted(words) == sorted(g.split("_")) or sorted(words) == sorted(_words(spec.title))):
            return g
    # else words of one game's name or title only: "mario", "classic", "monkey"; a word two games share
    # ("kong", "dk") is said to be ambiguous
    # A word that is the initials of a game's words counts for it too: "dk" is Donkey Kong's as much as
    # jenga_dk's (the board game says DK throughout; an audit's "play dk" opened the Jenga game)
    for g, exc in _broken.items():  # a game a damaged asset keeps from loading, named whole: that, not another
        if words and words == g.split("_"):
            raise exc
    found = [g for g, spec in table.items() if words and (_runs_in(words, g.split("_"))
                                                          or _runs_in(words, _words(spec.title))
                                                          or _initials_of(words, g.split("_")))]
    found += [g for g in _broken if words and (_runs_in(words, g.split("_")) or _initials_of(words, g.split("_")))]
    if len(found) == 1:
        if found[0] in _broken:
            raise _broken[found[0]]
        return found[0]
    if found:
        raise ConfigError(f"{quoted(name)} could be any of {', '.join(found)}; name one of them")
    raise ConfigError(f"unknown game {quoted(name)}; choose one of: {', '.join(table) or '(none built)'}")


FILLER = {"the", "edition", "collector's", "collectors", "collector’s"}
"""Words of a game's full name that tell no game apart ("Jenga: Donkey Kong Collector's Edition")."""
SAME_WORDS = {"traditional": "classic"}
"""Words a person may use for a word of a game's name ("traditional Jenga", as the README says)."""


def _words(text: str) -> list[str]:
    """A name's words in lower case, '-', '_' and punctuation as spaces, filler words dropped ("Jenga: Super
    Mario" and "Jenga: Donkey Kong Collector's Edition", the README's names, were refused: a terminal audit)."""
    text = text.strip().lower().replace("-", " ").replace("_", " ")
    for mark in ":,.;!?()\"":
        text = text.replace(mark, " ")
    return [SAME_WORDS.get(w, w) for w in text.split() if w not in FILLER]


def _initials_of(words: list[str], parts: list[str]) -> bool:
    """True when `words` is one word made of the initials of all of a game's name's parts ("dk" for
    donkey_kong, "md" for monkey_dash)."""
    return len(words) == 1 and len(parts) > 1 and words[0] == "".join(p[0] for p in parts)


def _runs_in(words: list[str], parts: list[str]) -> bool:
    """True when `words` are consecutive parts of a game's name ("kong" in donkey_kong)."""
    n = len(words)
    return any(parts[i:i + n] == words for i in range(len(parts) - n + 1))

