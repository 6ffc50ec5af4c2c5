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

from ..core import ActionSyntaxError, IllegalActionError, quoted
from . import data
from .layout import ends

# Numbers are read only up to a few digits (a tower has tens of levels; speeds have three decimals), so
# text with huge numbers is refused as not a push instead of overflowing int() or float().
_EXTRACT = re.compile(r"^extract\s+(\d{1,6}):(\d{1,6})\s+([+-][xy])\s+speed=([0-9.]{1,12})\s+steady=([0-9.]{1,12})$",
                      re.ASCII)
_PROBE = re.compile(r"^probe\s+(\d{1,6}):(\d{1,6})\s+([+-][xy])$", re.ASCII)


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
        raise ActionSyntaxError(f"{quoted(text, 60)} is not a whole extract (a straight push); write e.g. "
                                f"'extract 5:1 +x speed=0.020 steady=0.90'")
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
    m = re.match(r"^extract\s+(\d{1,6}):(\d{1,6})\s+([+-][xy])(?:\s+(?:speed=)?([0-9.]{1,12}))?"
                 r"(?:\s+(?:steady=)?([0-9.]{1,12}))?$", text.strip().lower(), re.ASCII)
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


_SHORT = re.compile(r"^(push|touch|probe)\s+(\d{1,6}):(\d{1,6})(?:\s+([+-][xy]))?(?:\s+([a-z]+))?$", re.ASCII)


def short_move(text: str, tower: str) -> str | None:
    """A push or a touch typed short, made the action the move list offers: 'push 5:1' (the first push
    style, 'steady', from the block's + end), 'push 5:1 -y quick' (an end, a style by name), 'touch 5:1'
    or 'probe 5:1 -y'. None when the text is not of that form. A style the data does not name, or a
    style after a touch, is an ActionSyntaxError that names the styles; an end the block has no end
    on is left for the move's own check to refuse."""
    m = _SHORT.match(" ".join(text.split()).lower())
    if not m:
        return None
    word, level, slot, end, style = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4), m.group(5)
    end = end or ends(level)[0]
    styles = data.play()["push_styles"]
    names = ", ".join(f"'{st['name']}'" for st in styles)
    if word != "push":
        if style:
            raise ActionSyntaxError(f"a touch takes no push style: type 'touch {level}:{slot}' or "
                                    f"'touch {level}:{slot} {end}'")
        return Push(level, slot, end).probe_text()
    chosen = [st for st in styles if st["name"] == (style or styles[0]["name"])]
    if not chosen:
        raise ActionSyntaxError(f"{style!r} is not a push style: the styles are {names} "
                                f"(e.g. 'push {level}:{slot} {end} {styles[-1]['name']}')")
    return straight_push(tower, level, slot, end, chosen[0]["speed"], chosen[0]["steadiness"], 0)


def typing_hint(level: int = 5, slot: int = 1) -> str:
    """How to type a push or a touch without its number (the terminal's help), with block level:slot as the example
    (a block that may be taken now, where the position is known: 'push 5:1' was named once 5:1 was gone)."""
    styles = data.play()["push_styles"]
    block, minus = f"{level}:{slot}", ends(level)[1]
    return (f"type a push or a touch short: 'push {block}' ({styles[0]['name']}, from the block's + end), "
            f"'push {block} {minus} {styles[-1]['name']}', 'touch {block}' or 'touch {block} {minus}'")


# ---- the live push: the finger's path -------------------------------------------------------------
# "push 5:1 +x path=0/0/0,33/12/0,67/31/-1,..." names the block and the end the finger pushes from, and
# the finger's path: samples t_ms/along/across (milliseconds since the press; tenths of a millimetre
# along the push, out of the tower, and across it), exactly as the window or a bot played it. The
# physics replays the path step by step (sim.live), so the action alone gives the same result
# everywhere. A block out by at least half its length when the finger lets go is taken; one less
# far goes back in (a touch).
_PUSH = re.compile(r"^push\s+(\d{1,6}):(\d{1,6})\s+([+-][xy])\s+path=(\S+)$", re.ASCII)  # ASCII: not '０:０' (an audit)


class PathError(ActionSyntaxError):
    """A finger path that is malformed, out of range or not in canonical form."""


@dataclass(frozen=True)
class PathPush:
    level: int
    slot: int
    end: str
    path: str

    def text(self) -> str:
        return make_push(self.level, self.slot, self.end, self.path)


def make_push(level: int, slot: int, end: str, path: str) -> str:
    return f"push {level}:{slot} {end} path={path}"


def parse_push(text: str) -> PathPush:
    """Read a push action; raise a named error if it is malformed, its path is bad or its end wrong."""
    from . import physics

    m = _PUSH.match(text)
    if not m:
        raise ActionSyntaxError(f"{text[:60]!r} is not a push; write 'push LEVEL:SLOT END path=t/along/across,...'"
                                f" (e.g. 'push 5:1 +y path=0/0/0,500/400/0')")
    level, slot, end, path = int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)
    if end not in ends(level):
        raise WrongEndError(f"a block of level {level} has its ends on {' and '.join(ends(level))}, not {end}")
    why = physics.path_error(path)
    if why is not None:
        raise PathError(f"the finger path of {text[:40]}... is not valid: {why}")
    return PathPush(level, slot, end, path)


def straight_push(tower: str, level: int, slot: int, end: str, speed: float, steadiness: float, seed: int) -> str:
    """A straight push at a speed and steadiness as a finger path (the bots' pushes): the speed and
    steadiness are clipped to the allowed ranges and quantised as for 'extract'."""
    from . import physics

    play = data.play()
    speed = quantise_speed(min(max(speed, play["speed_m_s"]["min"]), play["speed_m_s"]["max"]))
    steadiness = quantise_steadiness(min(max(steadiness, play["steadiness"]["min"]), play["steadiness"]["max"]))
    return make_push(level, slot, end, physics.straight_path(tower, speed, steadiness, int(seed)))


TOUCH_REACH_MM = 5.0
"""A finger path that never went this far along the block is a touch in the move list's words (the window's
press held still, the bots' 2 mm touch test); one that went farther and was let go under half out is said as
the push it was, let go."""

PUSHED_MM = 10.0
"""A push let go before half the block's length, whose finger went at least this far in and whose force under
way was more than a touch's, is said as a push, with no word on how tight the block is: at a push's pace the
force is no touch test's (a touch held still on a loose block can slide it this far at a touch's force)."""

OUT_OF_LINE_MM = 3.0
"""How far a block pushed and let go may sit from the line of its level's other blocks and still be said to
have gone back in: a play-tester pushed a tight block 29 mm, the tower coming with it, and read "it went back
in" over a block left 20 mm out of line."""


def push_words(text: str, tower: str) -> str:
    """A push in words for the move list and the log (read from the path's last sample only)."""
    from . import physics

    m = _PUSH.match(text)
    seconds, along = physics.path_summary(m.group(4))
    reach = physics.path_reach_mm(m.group(4))
    # A push taken back ends near 0 mm: it read "the finger going 0 mm" for a block pushed 24 mm and back.
    went = f"{along:.0f} mm" if reach < along + 1.0 else f"{reach:.0f} mm and back to {along:.0f} mm"
    block, end = f"{m.group(1)}:{m.group(2)}", m.group(3)
    if along >= physics.half_length_mm(tower):
        return f"push block {block} from the {end} end by hand, the finger going {went} in {seconds:.1f} s"
    if reach < TOUCH_REACH_MM:
        return f"touch block {block} from the {end} end, the finger pressing {reach:.0f} mm in for {seconds:.1f} s"
    # Under half out: a touch if the block went back, but the player pushed it (a move list that read "touch
    # block 3:1" for a block pushed 44 % out and let go puzzled the one who pushed it, and one that toppled
    # the tower as it went was a "touch" too: audits). The path alone cannot say how it ended, so the words
    # say the push and how far the finger went; the tower's line says what it did.
    return f"push block {block} from the {end} end by hand, the finger going {went} in {seconds:.1f} s"


LIVE_PUSH_HELP = """
The live push (in the window): press a block that may be taken and drag it along its length. The
simulator runs while you drag, the finger following the pointer: the block goes as far as the physics
lets it, the tower moves as it moves, and a gauge shows the force your finger needs. When the rest of
the tower moves 2 mm or more with the block (a block held tight: its level, or the one above, comes
along), the gauge says "tower moving" in orange-red: a careful player stops there. Stop, push on or
pull the block back as you like. When you let go, a block out by at least half its length is taken
(the hand carries it on out); one less far is put back, and that push was a touch. The hand slides it
back gently and stops where it binds rather than pull the tower along with it: such a block stays
partly out, and the lines under the tower say how far (its tooltip too). Push it home from the end that
sticks out (turn the view to see it): let go part of the way and the hand takes it the rest of the way,
as far as it slides. A press held
still, without dragging past a few millimetres, is the touch test itself. Such a touch really touches
the tower: what it moved stays moved. Touches have no limit (the cost of a touch is what it moves).
A block pushed all
the way out is taken at once, even with the button still down. The move saved is the finger's path
(in the match file: milliseconds since the press, then tenths of a millimetre along the push and
across it), and replaying it gives the same tower to the last digit.
By keyboard: the arrow keys pick a block (Shift and the arrows when the list has other choices), P or
Enter starts the push, W held pushes (slowly at first, at a careful pull's pace after three seconds,
faster after that), S pulls back, Enter lets go.
The bots push through the same paths: a straight push at their speed and steadiness.
"""
