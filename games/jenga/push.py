"""The text of a push: "extract 5:1 +x speed=0.020 steady=0.90" and "probe 5:1 +x".

A push names the block (level:slot), the end it is pushed from (a tower side, +x/-x on even levels,
+y/-y on odd ones), the push speed in metres per second and the steadiness of the hand from 0 (shaky)
to 1 (perfectly steady). Values are quantised to the steps of assets/jenga/play.json (speed to 0.001
m/s, steadiness to 0.01) and written with as many decimals as the step has, in one canonical form, so
an action's text round-trips exactly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from ..core import ActionSyntaxError, IllegalActionError
from . import data
from .layout import ends

_EXTRACT = re.compile(r"^extract\s+(\d+):(\d+)\s+([+-][xy])\s+speed=([0-9.]+)\s+steady=([0-9.]+)$")
_PROBE = re.compile(r"^probe\s+(\d+):(\d+)\s+([+-][xy])$")


class PushOutOfRangeError(IllegalActionError):
    """A push whose speed or steadiness lies outside the documented ranges."""


class WrongEndError(IllegalActionError):
    """A push from a tower side the block has no end on."""


@dataclass(frozen=True)
class Push:
    level: int
    slot: int
    end: str
    speed: float = 0.0
    steadiness: float = 1.0

    def extract_text(self) -> str:
        play = data.play()
        speed, steady = _decimals(play["speed_m_s"]["step"]), _decimals(play["steadiness"]["step"])
        return f"extract {self.level}:{self.slot} {self.end} speed={self.speed:.{speed}f} steady={self.steadiness:.{steady}f}"

    def probe_text(self) -> str:
        return f"probe {self.level}:{self.slot} {self.end}"

    def to_json(self) -> dict:
        return {"level": self.level, "slot": self.slot, "end": self.end, "speed": self.speed,
                "steadiness": self.steadiness}

    @classmethod
    def from_json(cls, d: dict) -> "Push":
        return cls(d["level"], d["slot"], d["end"], d["speed"], d["steadiness"])


@lru_cache(maxsize=None)
def _decimals(step: float) -> int:
    """How many decimals write every multiple of step exactly (0.001: 3, 0.25: 2)."""
    return max(0, -Decimal(repr(step)).normalize().as_tuple().exponent)


def _quantise(value: float, step: float) -> float:
    return round(round(value / step) * step, _decimals(step))


def quantise_speed(speed: float) -> float:
    return _quantise(speed, data.play()["speed_m_s"]["step"])


def quantise_steadiness(steadiness: float) -> float:
    return _quantise(steadiness, data.play()["steadiness"]["step"])


def make_extract(level: int, slot: int, end: str, speed: float, steadiness: float) -> str:
    """The canonical action text for a push, values clipped to the allowed ranges and quantised."""
    play = data.play()
    speed = min(max(speed, play["speed_m_s"]["min"]), play["speed_m_s"]["max"])
    steadiness = min(max(steadiness, play["steadiness"]["min"]), play["steadiness"]["max"])
    return Push(level, slot, end, quantise_speed(speed), quantise_steadiness(steadiness)).extract_text()


def parse_extract(text: str) -> Push:
    """Read an extract action; raise if it is not in canonical form, out of range or from a wrong end."""
    m = _EXTRACT.match(text)
    if not m:
        raise ActionSyntaxError(f"{text!r} is not a push; write e.g. 'extract 5:1 +x speed=0.020 steady=0.90'")
    level, slot, end = int(m.group(1)), int(m.group(2)), m.group(3)
    try:
        speed, steadiness = float(m.group(4)), float(m.group(5))
    except ValueError:
        raise ActionSyntaxError(f"{text!r}: speed and steady must be numbers") from None
    play = data.play()
    lo, hi = play["speed_m_s"]["min"], play["speed_m_s"]["max"]
    if not lo <= speed <= hi:
        raise PushOutOfRangeError(f"push speed {speed} m/s is outside {lo:.3f} to {hi:.3f} m/s")
    lo, hi = play["steadiness"]["min"], play["steadiness"]["max"]
    if not lo <= steadiness <= hi:
        raise PushOutOfRangeError(f"steadiness {steadiness} is outside {lo:.2f} to {hi:.2f}")
    if end not in ends(level):
        raise WrongEndError(f"a block of level {level} has its ends on {' and '.join(ends(level))}, not {end}")
    push = Push(level, slot, end, quantise_speed(speed), quantise_steadiness(steadiness))
    if push.extract_text() != text:  # also a value between two steps
        raise ActionSyntaxError(f"{text!r} is not in canonical form; write {push.extract_text()!r}")
    return push


def parse_probe(text: str) -> Push | None:
    m = _PROBE.match(text)
    return Push(int(m.group(1)), int(m.group(2)), m.group(3)) if m else None


def loose_extract(text: str) -> str | None:
    """Typed text like 'extract 5:1 +x 0.02 0.9' or with speed=/steady= in any precision, made canonical."""
    m = re.match(r"^extract\s+(\d+):(\d+)\s+([+-][xy])(?:\s+(?:speed=)?([0-9.]+))?(?:\s+(?:steady=)?([0-9.]+))?$",
                 text.strip().lower())
    if not m:
        return None
    styles = data.play()["push_styles"]
    try:
        speed = float(m.group(4)) if m.group(4) else styles[0]["speed"]
        steadiness = float(m.group(5)) if m.group(5) else styles[0]["steadiness"]
    except ValueError:
        return None
    return Push(int(m.group(1)), int(m.group(2)), m.group(3), quantise_speed(speed),
                quantise_steadiness(steadiness)).extract_text()
