"""The push gesture: a mouse drag along a block, read as the speed and steadiness of the push.

The drag is projected on the block's own long axis as it appears on screen and turned into metres at
the block's distance, so the block follows the pointer. Speed is the distance pushed over the time the
drag took. Steadiness falls with how unevenly the block moved (the spread of the speeds between mouse
samples relative to their mean) and with how far the pointer wandered sideways off the axis.
Times come from the caller (the frame clock), never from the wall clock, so a scripted drag reads the
same every time.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

FULL_PUSH = 0.8  # a drag of this share of the block's length pulls it out


@dataclass
class PushGesture:
    block: int
    origin: tuple[float, float]  # where the drag started, pixels
    axis_px: tuple[float, float]  # the block's own +x axis on screen: pixels per metre along it
    length_m: float  # the block's length
    t0: float = 0.0
    samples: list[tuple[float, float, float]] = field(default_factory=list)  # (t, along m, across px)

    def __post_init__(self):
        self.samples.append((self.t0, 0.0, 0.0))

    @property
    def _unit(self) -> tuple[np.ndarray, float]:
        a = np.asarray(self.axis_px, dtype=float)
        scale = float(np.linalg.norm(a))
        return (a / scale if scale > 0 else np.array([1.0, 0.0])), max(scale, 1e-6)

    def move(self, pos, t: float) -> None:
        unit, scale = self._unit
        d = np.asarray(pos, dtype=float) - np.asarray(self.origin, dtype=float)
        along = float(d @ unit) / scale
        across = float(d[0] * -unit[1] + d[1] * unit[0])
        self.samples.append((t, along, across))

    @property
    def offset_m(self) -> float:
        """How far along its own x axis the drag has moved the block (signed, metres)."""
        return self.samples[-1][1]

    @property
    def direction(self) -> int:
        """+1 when the block is drawn out toward its +x end, -1 toward -x, 0 before it moves."""
        o = self.offset_m
        return 0 if abs(o) < 1e-9 else (1 if o > 0 else -1)

    @property
    def complete(self) -> bool:
        return abs(self.offset_m) >= FULL_PUSH * self.length_m

    def reading(self) -> tuple[float, float]:
        """(speed in m/s, steadiness 0..1) of the drag so far."""
        s = np.array(self.samples, dtype=float)
        # Several mouse events can arrive within one frame: keep the last position of each instant.
        last = np.append(s[1:, 0] != s[:-1, 0], True)
        s = s[last] if last.sum() >= 2 else s[[0, -1]]
        duration = s[-1, 0] - s[0, 0]
        distance = abs(s[-1, 1] - s[0, 1])
        if duration <= 0 or distance <= 0:
            return 0.0, 1.0
        speed = distance / duration
        dt = np.diff(s[:, 0])
        keep = dt > 0
        step_speed = np.abs(np.diff(s[:, 1]))[keep] / dt[keep]  # metres per second between instants
        uneven = float(np.std(step_speed) / (np.mean(step_speed) + 1e-9)) if len(step_speed) > 1 else 0.0
        _, scale = self._unit
        wander = float(np.sqrt(np.mean(s[:, 2] ** 2))) / (distance * scale + 1e-9)  # sideways, per pushed pixel
        steadiness = 1.0 / (1.0 + 0.6 * uneven + 4.0 * wander)
        return speed, float(np.clip(steadiness, 0.0, 1.0))
