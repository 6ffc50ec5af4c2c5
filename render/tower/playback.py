"""Replaying the simulator's trajectory of a move at real speed, for the collapse animation.

A trajectory is an array (frames, N, 7) of poses sampled at a fixed rate (sim samples at about 30 Hz).
Between samples positions are interpolated linearly and orientations by normalised linear blending of
the quaternions (taking the shorter way round), which is smooth enough at 30 Hz.
"""

from __future__ import annotations

import numpy as np


class Playback:
    def __init__(self, frames: np.ndarray, rate_hz: float = 30.0, speed: float = 1.0):
        frames = np.asarray(frames, dtype=float)
        if frames.ndim != 3 or frames.shape[2] != 7 or len(frames) == 0:
            raise ValueError(f"a trajectory is an array (frames, N, 7), got shape {frames.shape}")
        self.frames = frames
        self.rate = float(rate_hz)
        self.speed = float(speed)
        self.t = 0.0

    @property
    def duration(self) -> float:
        return (len(self.frames) - 1) / self.rate

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def update(self, dt: float) -> None:
        self.t = min(self.duration, self.t + dt * self.speed)

    def finish(self) -> None:
        self.t = self.duration

    def end_at(self, frame: int) -> None:
        """Play no further than `frame` (at least the first): the still frames after it are dropped."""
        self.frames = self.frames[: max(1, int(frame) + 1)]
        self.t = min(self.t, self.duration)

    def poses(self) -> np.ndarray:
        """(N, 7) poses at the current time."""
        x = self.t * self.rate
        i = min(int(np.floor(x)), len(self.frames) - 1)
        j = min(i + 1, len(self.frames) - 1)
        u = x - i
        a, b = self.frames[i], self.frames[j]
        if u <= 0 or i == j:
            return a.copy()
        out = np.empty_like(a)
        out[:, :3] = a[:, :3] * (1 - u) + b[:, :3] * u
        qa, qb = a[:, 3:], b[:, 3:]
        flip = np.sign(np.sum(qa * qb, axis=1, keepdims=True))
        flip[flip == 0] = 1
        q = qa * (1 - u) + qb * flip * u
        out[:, 3:] = q / np.linalg.norm(q, axis=1, keepdims=True)
        return out
