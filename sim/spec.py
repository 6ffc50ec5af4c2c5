"""Tower specs as data: block size, material, tolerances, settle time, verdict thresholds, solver settings.

A spec is read from assets/towers/<name>.json and checked field by field, so a broken file is reported by
name and field rather than failing somewhere inside the physics. Units inside the simulator are SI (metres,
kilograms, seconds); the JSON uses millimetres and grams where players think in them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from assets.reader import AssetError, read_json

ASSETS = Path(__file__).resolve().parent.parent / "assets" / "towers"
TOWERS = ("classic", "dk", "mario")  # the towers of the three Jenga games, by spec name


class SimError(ValueError):
    """Base of every error the simulator raises for bad input."""


class SpecError(AssetError, SimError):
    """A tower spec file that is missing, malformed or out of range: the project's asset error, and one of the
    simulator's, so code that catches SimError around the API catches it too."""


class BlockError(SimError):
    """An operation naming a block that does not exist, is gone, or may not be moved."""


@dataclass(frozen=True)
class VerdictRules:
    fallen_drop_mm: float
    fallen_tilt_deg: float
    rest_speed_mm_s: float
    rest_spin_deg_s: float
    rest_window_s: float
    min_settle_s: float
    near_critical_margin_mm: float
    near_critical_window_s: float
    rock_window_s: float = 1.0
    rock_mm: float = 2.0          # Tower._rocking's limits: a fifth of the fall's drop, a fifteenth of its tilt
    rock_deg: float = 1.0


@dataclass(frozen=True)
class Physics:
    time_step_s: float
    solver_iterations: int
    erp: float
    friction_anchor: bool
    dynamic_levels_below: int
    dynamic_levels_above: int
    frame_hz: float
    glued_damping: float = 0.0
    heavy_load_levels: int = 1000
    heavy_load_iterations: int = 20
    contact_stiffness_n_m: float = 0.0
    contact_damping_n_s_m: float = 0.0
    reseat_mm: float = 1.0
    reseat_deg: float = 1.0
    iterations_per_glued_level: int = 5
    max_iterations: int = 150

    @property
    def steps_per_frame(self) -> int:
        return max(1, int(round(1.0 / (self.frame_hz * self.time_step_s))))


@dataclass(frozen=True)
class Hand:
    max_force_n: float
    touch_force_n: float
    tremor_mm: float
    tremor_hz: tuple[float, float]
    clearance_mm: float
    tremor_ref_speed_m_s: float = 0.0
    twist_deg: float = 0.0
    aim_deg: float = 0.0


@dataclass(frozen=True)
class TowerSpec:
    """Everything that makes one game's tower, as loaded from its JSON file."""

    name: str
    title: str
    levels: int
    per_level: int
    block_m: tuple[float, float, float]
    mass_kg: float
    friction: float
    kinetic_friction: float
    restitution: float
    length_sd_m: float
    width_mean_m: float
    width_sd_m: float
    width_max_m: float
    height_mean_m: float
    height_sd_m: float
    height_min_m: float
    height_max_m: float
    bow_mean_m: float
    bow_sd_m: float
    bow_max_m: float
    mass_sd_kg: float
    mass_min_kg: float
    mass_max_kg: float
    settle_s: float
    verdict: VerdictRules
    physics: Physics
    hand: Hand

    @property
    def body_friction(self) -> float:
        """The lateral friction to give each body. PyBullet (Bullet) multiplies the two bodies'
        coefficients at a contact, so each body gets the square root of the spec's block-on-block
        coefficient and a contact between two blocks (or a block and the table) gets `friction`."""
        return self.friction ** 0.5

    @property
    def body_kinetic_friction(self) -> float:
        """The block in hand slides: its coefficient times a resting block's is `kinetic_friction`."""
        return self.kinetic_friction / self.friction ** 0.5

    @property
    def num_blocks(self) -> int:
        return self.levels * self.per_level

    def with_physics(self, **changes) -> "TowerSpec":
        """A copy with some solver settings changed (the benchmark uses it to compare settings)."""
        fields = {**self.physics.__dict__, **changes}
        return TowerSpec(**{**self.__dict__, "physics": Physics(**fields)})


def _number(data: dict, key: str, where: str, lo: float, hi: float) -> float:
    if key not in data:
        raise SpecError(f"{where}: missing field '{key}'")
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SpecError(f"{where}: field '{key}' must be a number, got {value!r}")
    if not lo <= value <= hi:
        raise SpecError(f"{where}: field '{key}' = {value} is outside [{lo}, {hi}]")
    return float(value)


def _whole(data: dict, key: str, where: str, lo: int, hi: int) -> int:
    """A field that counts (levels, iterations): a fraction is refused, never rounded quietly."""
    value = _number(data, key, where, lo, hi)
    if value != int(value):
        raise SpecError(f"{where}: field '{key}' must be a whole number, got {data[key]!r}")
    return int(value)


def _section(data: dict, key: str, where: str) -> dict:
    section = data.get(key)
    if not isinstance(section, dict):
        raise SpecError(f"{where}: missing or malformed section '{key}' (an object is needed)")
    return section


def _sizes(data: dict, tol: dict, nominal: tuple[float, float, float], where: str) -> dict:
    """The measured size and mass distributions (tolerance_mm and the mass_* fields), checked against
    each other and against the nominal block: every drawn block must fit its 25 mm slot."""
    tw = f"{where} tolerance_mm"
    length, width, height = (1000.0 * v for v in nominal)
    mm = {
        "length_sd": _number(tol, "length_sd", tw, 0.0, 2.0),
        "width_mean": _number(tol, "width_mean", tw, 0.5 * width, width),
        "width_sd": _number(tol, "width_sd", tw, 0.0, 2.0),
        "width_max": _number(tol, "width_max", tw, 0.5 * width, width),
        "height_mean": _number(tol, "height_mean", tw, 0.5 * height, 1.5 * height),
        "height_sd": _number(tol, "height_sd", tw, 0.0, 2.0),
        "height_min": _number(tol, "height_min", tw, 0.5 * height, 1.5 * height),
        "height_max": _number(tol, "height_max", tw, 0.5 * height, 1.5 * height),
        "middle_bow_mean": _number(tol, "middle_bow_mean", tw, -2.0, 2.0),
        "middle_bow_sd": _number(tol, "middle_bow_sd", tw, 0.0, 2.0),
        "middle_bow_max": _number(tol, "middle_bow_max", tw, 0.0, 2.0),
    }
    if not mm["height_min"] <= mm["height_mean"] <= mm["height_max"]:
        raise SpecError(f"{tw}: height_mean {mm['height_mean']} must lie in [height_min, height_max] = "
                        f"[{mm['height_min']}, {mm['height_max']}]")
    if mm["width_mean"] > mm["width_max"]:
        raise SpecError(f"{tw}: width_mean {mm['width_mean']} is above width_max {mm['width_max']}")
    if mm["height_min"] - mm["middle_bow_max"] <= 0.5 * height:
        raise SpecError(f"{tw}: middle_bow_max {mm['middle_bow_max']} would make a middle block thinner than half a block")
    mass = _number(data, "mass_g", where, 1, 200)
    mass_sd = _number(data, "mass_sd_g", where, 0.0, 100.0)
    mass_range = data.get("mass_range_g")
    if not (isinstance(mass_range, list) and len(mass_range) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 for v in mass_range)
            and mass_range[0] <= mass <= mass_range[1]):
        raise SpecError(f"{where}: field 'mass_range_g' must be two positive numbers [lightest, heaviest] "
                        f"around mass_g {mass}, got {mass_range!r}")
    return {
        "length_sd_m": mm["length_sd"] / 1000.0, "width_mean_m": mm["width_mean"] / 1000.0,
        "width_sd_m": mm["width_sd"] / 1000.0, "width_max_m": mm["width_max"] / 1000.0,
        "height_mean_m": mm["height_mean"] / 1000.0, "height_sd_m": mm["height_sd"] / 1000.0,
        "height_min_m": mm["height_min"] / 1000.0, "height_max_m": mm["height_max"] / 1000.0,
        "bow_mean_m": mm["middle_bow_mean"] / 1000.0, "bow_sd_m": mm["middle_bow_sd"] / 1000.0,
        "bow_max_m": mm["middle_bow_max"] / 1000.0,
        "mass_sd_kg": mass_sd / 1000.0, "mass_min_kg": float(mass_range[0]) / 1000.0,
        "mass_max_kg": float(mass_range[1]) / 1000.0,
    }


def parse_spec(data: dict, where: str = "tower spec") -> TowerSpec:
    """Check a spec's JSON data and build the TowerSpec; SpecError names the broken field."""
    if not isinstance(data, dict):
        raise SpecError(f"{where}: the file must hold a JSON object")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise SpecError(f"{where}: field 'name' must be a non-empty string")
    block = data.get("block_mm")
    if not (isinstance(block, list) and len(block) == 3 and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and 1 <= v <= 500 for v in block)):
        raise SpecError(f"{where}: field 'block_mm' must be three numbers from 1 to 500 (length, width, height)")
    length, width, height = (float(v) / 1000.0 for v in block)
    if not length > width > 0:
        raise SpecError(f"{where}: a block must be longer than it is wide, got block_mm {block}")
    per_level = _whole(data, "per_level", where, 3, 3)
    if abs(length - per_level * width) > 1e-6:
        raise SpecError(f"{where}: {per_level} blocks side by side must span one block length")
    tol = _section(data, "tolerance_mm", where)
    ver = _section(data, "verdict", where)
    phy = _section(data, "physics", where)
    hand = _section(data, "hand", where)
    twhere = f"{where} tolerance_mm"
    vwhere, pwhere, hwhere = f"{where} verdict", f"{where} physics", f"{where} hand"
    hz = hand.get("tremor_hz")
    if not (isinstance(hz, list) and len(hz) == 2 and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and 0.1 <= v <= 100 for v in hz) and hz[0] <= hz[1]):
        raise SpecError(f"{hwhere}: field 'tremor_hz' must be two numbers from 0.1 to 100 (lowest, highest)")
    sizes = _sizes(data, tol, (length, width, height), where)
    if not isinstance(phy.get("friction_anchor"), bool):
        raise SpecError(f"{pwhere}: field 'friction_anchor' must be true or false")
    return TowerSpec(
        name=name,
        title=str(data.get("title", name)),
        levels=_whole(data, "levels", where, 3, 60),
        per_level=per_level,
        block_m=(length, width, height),
        mass_kg=_number(data, "mass_g", where, 1, 200) / 1000.0,
        friction=_number(data, "friction", where, 0.05, 2.0),
        kinetic_friction=_number(data, "kinetic_friction", where, 0.01, 2.0),
        restitution=_number(data, "restitution", where, 0.0, 1.0),
        **sizes,
        settle_s=_number(data, "settle_s", where, 0.1, 60),
        verdict=VerdictRules(
            fallen_drop_mm=_number(ver, "fallen_drop_mm", vwhere, 0.5, 500),
            fallen_tilt_deg=_number(ver, "fallen_tilt_deg", vwhere, 0.5, 90),
            rest_speed_mm_s=_number(ver, "rest_speed_mm_s", vwhere, 0.01, 100),
            rest_spin_deg_s=_number(ver, "rest_spin_deg_s", vwhere, 0.01, 100),
            rest_window_s=_number(ver, "rest_window_s", vwhere, 0.0, 5),
            min_settle_s=_number(ver, "min_settle_s", vwhere, 0.0, 5),
            near_critical_margin_mm=_number(ver, "near_critical_margin_mm", vwhere, 0.0, 50),
            near_critical_window_s=_number(ver, "near_critical_window_s", vwhere, 0.0, 10),
        ),
        physics=Physics(
            time_step_s=_number(phy, "time_step_s", pwhere, 1e-5, 0.05),
            solver_iterations=_whole(phy, "solver_iterations", pwhere, 1, 1000),
            erp=_number(phy, "erp", pwhere, 0.0, 1.0),
            friction_anchor=phy["friction_anchor"],
            dynamic_levels_below=_whole(phy, "dynamic_levels_below", pwhere, 0, 100),
            dynamic_levels_above=_whole(phy, "dynamic_levels_above", pwhere, 0, 100),
            frame_hz=_number(phy, "frame_hz", pwhere, 1, 1000),
            glued_damping=_number(phy, "glued_damping", pwhere, 0.0, 1.0),
            heavy_load_levels=_whole(phy, "heavy_load_levels", pwhere, 1, 1000),
            heavy_load_iterations=_whole(phy, "heavy_load_iterations", pwhere, 1, 1000),
            contact_stiffness_n_m=_number(phy, "contact_stiffness_n_m", pwhere, 0.0, 1e9)
            if "contact_stiffness_n_m" in phy else 0.0,
            contact_damping_n_s_m=_number(phy, "contact_damping_n_s_m", pwhere, 0.0, 1e6)
            if "contact_damping_n_s_m" in phy else 0.0,
            iterations_per_glued_level=_whole(phy, "iterations_per_glued_level", pwhere, 1, 1000)
            if "iterations_per_glued_level" in phy else 5,
        ),
        hand=Hand(
            max_force_n=_number(hand, "max_force_n", hwhere, 0.01, 100),
            touch_force_n=_number(hand, "touch_force_n", hwhere, 0.0, 100),
            tremor_mm=_number(hand, "tremor_mm", hwhere, 0, 20),
            tremor_hz=(float(hz[0]), float(hz[1])),
            clearance_mm=_number(hand, "clearance_mm", hwhere, 0, 50),
            tremor_ref_speed_m_s=_number(hand, "tremor_ref_speed_m_s", hwhere, 0.0, 1.0)
            if "tremor_ref_speed_m_s" in hand else 0.0,
            twist_deg=_number(hand, "twist_deg", hwhere, 0.0, 45.0) if "twist_deg" in hand else 0.0,
            aim_deg=_number(hand, "aim_deg", hwhere, 0.0, 45.0) if "aim_deg" in hand else 0.0,
        ),
    )


def load_spec(name: str) -> TowerSpec:
    """The spec of one game's tower: "classic", "dk" or "mario" (or a path to a spec JSON file)."""
    if not isinstance(name, (str, Path)):
        raise SpecError(f"a tower is named by a string ({', '.join(TOWERS)}) or a spec file's path, not {name!r}")
    name = str(name)
    path = Path(name) if name.endswith(".json") else ASSETS / f"{name}.json"
    if not name.endswith(".json") and name not in TOWERS:
        raise SpecError(f"unknown tower {name!r}; choose one of {', '.join(TOWERS)}")
    return parse_spec(read_json(path, SpecError), where=str(path))
