"""The Jenga games' data files under assets/jenga/, loaded once and checked with messages naming the fault.

Spinners, item counts, character cards and the rule numbers are data so that the real components
could replace the project's designs without code changes.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from assets.reader import AssetError, Fields, read_json

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "jenga"

ITEMS = ("mushroom", "star", "pow", "question", "goomba", "none")
SPECIAL_ITEMS = ITEMS[:-1]
CHARACTERS = ("mario", "luigi", "peach", "toad")
EFFECTS = ("climb", "collect", "return", "steal", "steal_each", "move_down")


def _read(name: str, folder: Path | None = None) -> dict:
    return read_json((folder or ASSETS) / name, AssetError)


_FIELDS = Fields("")  # the one set of field checks; each `where` below names the file and the field


def _int(where: str, value: Any, lo: int, hi: int) -> int:
    return _FIELDS.integer(value, where, lo, hi)


def _number(where: str, value: Any, lo: float, hi: float) -> float:
    return _FIELDS.number(value, where, lo, hi)


def _flag(where: str, value: Any) -> bool:
    return _FIELDS.flag(value, where)


def check_play(data: dict) -> dict:
    """play.json: chance sizes, probe limit, turn limit, push ranges and the bots' push styles."""
    where = "play.json"
    out = {
        "builds": _int(f"{where} builds", data.get("builds"), 1, 10_000),
        "tremors": _int(f"{where} tremors", data.get("tremors"), 1, 1000),
        "max_turns": _int(f"{where} max_turns", data.get("max_turns"), 1, 100_000),
    }
    from sim.arguments import MAX_SPEED_M_S, MIN_SPEED_M_S

    # the simulator's own ranges: a push outside them is refused by the physics, at the first push of a game
    limits = {"speed_m_s": (MIN_SPEED_M_S, MAX_SPEED_M_S), "steadiness": (0.0, 1.0)}
    for key in ("speed_m_s", "steadiness"):
        r = data.get(key)
        if not isinstance(r, dict):
            raise AssetError(f"{where} {key}: expected an object with min, max and step")
        low, high = limits[key]
        lo = _number(f"{where} {key}.min", r.get("min"), low, high)
        hi = _number(f"{where} {key}.max", r.get("max"), lo, high)
        step = _number(f"{where} {key}.step", r.get("step"), 1e-6, 1.0)
        out[key] = {"min": lo, "max": hi, "step": step}
    styles = data.get("push_styles")
    if not isinstance(styles, list) or not styles:
        raise AssetError(f"{where} push_styles: expected a non-empty list")
    out["push_styles"] = []
    for i, s in enumerate(styles):
        w = f"{where} push_styles[{i}]"
        if not isinstance(s, dict) or not isinstance(s.get("name"), str):
            raise AssetError(f"{w}: expected an object with a name")
        out["push_styles"].append({
            "name": s["name"],
            "speed": _number(f"{w}.speed", s.get("speed"), out["speed_m_s"]["min"], out["speed_m_s"]["max"]),
            "steadiness": _number(f"{w}.steadiness", s.get("steadiness"),
                                  out["steadiness"]["min"], out["steadiness"]["max"]),
        })
    # Every value a push is given is rounded to its step (games.jenga.push): the range's ends and the styles
    # must stay in the range once rounded. A step of 0.04 m/s had passed, and rounded the steady style's
    # 0.015 m/s to 0, which the physics refused at the first push of every game (a bad-input audit).
    for key, field in (("speed_m_s", "speed"), ("steadiness", "steadiness")):
        r = out[key]
        named = [(f"{key}.min", r["min"]), (f"{key}.max", r["max"])]
        named += [(f"push_styles[{i}].{field}", s[field]) for i, s in enumerate(out["push_styles"])]
        for name, value in named:
            rounded = round(value / r["step"]) * r["step"]
            if not r["min"] - 1e-9 <= rounded <= r["max"] + 1e-9:
                raise AssetError(f"{where} {key}.step: {r['step']:g} rounds {name} {value:g} to {rounded:g}, outside "
                                 f"{key}'s range {r['min']:g} to {r['max']:g}; choose a step that keeps them in it")
    return out


DK_SPINNER_KEYS = {"standard": "pink", "few_pulls": "pink_few_pulls", "corner_climb": "pink",
                   "corner_few_pulls": "pink_few_pulls"}  # variant -> key in dk_spinner.json


def check_dk_spinner(data: dict, key: str = "pink") -> list[dict]:
    """Every spinner of dk_spinner.json is checked (each rule variant reads one), and the one under
    `key` is returned (see _check_dk_pink)."""
    sections = _check_dk_pink(data, key)
    for other in sorted(set(DK_SPINNER_KEYS.values()) - {key}):
        _check_dk_pink(data, other)
    return sections


def _check_dk_pink(data: dict, key: str) -> list[dict]:
    """dk_spinner.json: four pink sections (remove 0, 1 or 2) of three black ones (climb 0 to 3).

    Returns the twelve black sections in order, each {"remove", "climb", "pink"}.
    """
    pink = data.get(key)
    if not isinstance(pink, list) or len(pink) != 4:
        raise AssetError(f"dk_spinner.json {key}: expected a list of four pink sections")
    sections = []
    for i, p in enumerate(pink):
        w = f"dk_spinner.json {key}[{i}]"
        if not isinstance(p, dict):
            raise AssetError(f"{w}: expected an object with remove and climb")
        remove = _int(f"{w}.remove", p.get("remove"), 0, 2)
        climbs = p.get("climb")
        if not isinstance(climbs, list) or len(climbs) != 3:
            raise AssetError(f"{w}.climb: expected three black sections")
        for j, c in enumerate(climbs):
            sections.append({"pink": i, "remove": remove, "climb": _int(f"{w}.climb[{j}]", c, 0, 3)})
    return sections


def check_mario_spinner(data: dict) -> dict:
    """mario_spinner.json: sections of (stack 0-2, coins, climb 0-4, reverse), all equally likely."""
    raw = data.get("sections")
    if not isinstance(raw, list) or not raw:
        raise AssetError("mario_spinner.json sections: expected a non-empty list")
    sections = []
    for i, s in enumerate(raw):
        w = f"mario_spinner.json sections[{i}]"
        if not isinstance(s, dict):
            raise AssetError(f"{w}: expected an object")
        sections.append({"stack": _int(f"{w}.stack", s.get("stack"), 0, 2),
                         "coins": _flag(f"{w}.coins", s.get("coins")),
                         "climb": _int(f"{w}.climb", s.get("climb"), 0, 4),
                         "reverse": _flag(f"{w}.reverse", s.get("reverse"))})
    return {"sections": sections,
            "coins_collected": _int("mario_spinner.json coins_collected", data.get("coins_collected"), 0, 20)}


def check_mario_items(data: dict, blocks: int = 45) -> dict[str, int]:
    items = data.get("items")
    if not isinstance(items, dict) or set(items) != set(ITEMS):
        raise AssetError(f"mario_items.json items: expected counts for exactly {', '.join(ITEMS)}")
    counts = {k: _int(f"mario_items.json items.{k}", items[k], 0, blocks) for k in ITEMS}
    if sum(counts.values()) != blocks:
        raise AssetError(f"mario_items.json items: the counts add up to {sum(counts.values())}, "
                         f"not the {blocks} blocks of the tower")
    return counts


def check_characters(data: dict) -> dict[str, dict]:
    chars = data.get("characters")
    if not isinstance(chars, dict) or set(chars) != set(CHARACTERS):
        raise AssetError(f"mario_characters.json characters: expected exactly {', '.join(CHARACTERS)}")
    out = {}
    for key, card in chars.items():
        w = f"mario_characters.json {key}"
        if not isinstance(card, dict) or not isinstance(card.get("name"), str):
            raise AssetError(f"{w}: expected an object with a name")
        entry = {"name": card["name"]}
        for item in SPECIAL_ITEMS:
            effects = card.get(item)
            if not isinstance(effects, list) or not effects:
                raise AssetError(f"{w}.{item}: expected a list of [effect, count] pairs")
            entry[item] = []
            for j, e in enumerate(effects):
                if not (isinstance(e, list) and len(e) == 2 and e[0] in EFFECTS):
                    raise AssetError(f"{w}.{item}[{j}]: expected [effect, count] with effect one of "
                                     f"{', '.join(EFFECTS)}, got {e!r}")
                entry[item].append([e[0], _int(f"{w}.{item}[{j}] count", e[1], 1, 10)])
        out[key] = entry
    return out


def check_mario_rules(data: dict) -> dict:
    w = "mario_rules.json"
    bank, purse = data.get("bank"), data.get("start_purse")
    if not isinstance(bank, dict) or not isinstance(purse, dict):
        raise AssetError(f"{w}: expected bank and start_purse objects of ones and fives")
    out = {
        "bank": [_int(f"{w} bank.ones", bank.get("ones"), 0, 1000), _int(f"{w} bank.fives", bank.get("fives"), 0, 1000)],
        "start_purse": [_int(f"{w} start_purse.ones", purse.get("ones"), 0, 100),
                        _int(f"{w} start_purse.fives", purse.get("fives"), 0, 100)],
        "first_to_top_bonus": _int(f"{w} first_to_top_bonus", data.get("first_to_top_bonus"), 0, 100),
        "fall_penalty": _int(f"{w} fall_penalty", data.get("fall_penalty"), 0, 100),
        "fall_bonus": _int(f"{w} fall_bonus", data.get("fall_bonus"), 0, 100),
        "peg_knock_mm": _number(f"{w} peg_knock_mm", data.get("peg_knock_mm"), 0.01, 1000.0),
        "lowest_peg_layer": _int(f"{w} lowest_peg_layer", data.get("lowest_peg_layer"), 0, 10),
    }
    bonus = data.get("bowser_bonus")
    if not isinstance(bonus, list) or len(bonus) != 4:
        raise AssetError(f"{w} bowser_bonus: expected four amounts, first to fourth player")
    out["bowser_bonus"] = [_int(f"{w} bowser_bonus[{i}]", b, 0, 100) for i, b in enumerate(bonus)]
    if out["start_purse"][0] * 4 > out["bank"][0] or out["start_purse"][1] * 4 > out["bank"][1]:
        raise AssetError(f"{w}: the bank cannot give four players their starting coins")
    return out


@lru_cache(maxsize=None)
def _load(name: str, checker_name: str) -> Any:
    return globals()[checker_name](_read(name))


def play() -> dict:
    return _load("play.json", "check_play")


def dk_spinner(variant: str = "standard") -> list[dict]:
    """The twelve sections of the Donkey Kong spinner of a rule variant (the spinner variants differ
    in the pink sections only; a variant of the climbing rules uses the standard spinner)."""
    return _dk_spinner(DK_SPINNER_KEYS.get(variant, "pink"))


@lru_cache(maxsize=None)
def _dk_spinner(key: str) -> list[dict]:
    return check_dk_spinner(_read("dk_spinner.json"), key)


def mario_spinner() -> dict:
    return _load("mario_spinner.json", "check_mario_spinner")


def mario_items() -> dict[str, int]:
    return _load("mario_items.json", "check_mario_items")


def characters() -> dict[str, dict]:
    return _load("mario_characters.json", "check_characters")


def mario_rules() -> dict:
    return _load("mario_rules.json", "check_mario_rules")
