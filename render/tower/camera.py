"""The camera that circles the tower: yaw around it, pitch above it, zoom, and a perspective projection.

World z is up, in metres. The camera looks at `target` from `distance` away; `zoom` scales the image
without changing the perspective. Yaw turns are animated toward `goal_yaw`, so the arrow keys give
smooth quarter turns while a mouse drag turns the view directly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

QUARTER = math.pi / 2
MIN_PITCH, MAX_PITCH = math.radians(-10), math.radians(80)
MIN_ZOOM, MAX_ZOOM = 0.4, 4.0


@dataclass
class Camera:
    yaw: float = math.radians(-60)  # radians; the camera sits on the -y side of the tower at yaw -90 deg
    pitch: float = math.radians(22)  # radians above the horizon
    distance: float = 1.0  # metres from the target
    zoom: float = 1.0
    target: np.ndarray = field(default_factory=lambda: np.zeros(3))
    viewport: tuple[int, int, int, int] = (0, 0, 1280, 800)  # x, y, width, height in pixels
    fov_height: float = 0.55  # metres seen top to bottom at the target, at zoom 1
    goal_yaw: float | None = None
    lift: float = 0.0  # the view slid up (+) or down the framed tower, as a share of its height (zoom_by)
    ground_z: float | None = 0.0  # the eye stays above this plane (the table top), None: anywhere
    framed: tuple = (0.0, 0.0, (0.0, 0.0))  # (height, base z, centre xy) of the last frame_tower
    turn_speed: float = 2 * math.pi  # radians per second for animated turns

    # ---- controls ---------------------------------------------------------------------
    def orbit(self, d_yaw: float, d_pitch: float = 0.0) -> None:
        """Turn the view directly (a mouse drag); cancels any animated turn."""
        self.goal_yaw = None
        self.yaw = (self.yaw + d_yaw) % (2 * math.pi)
        self.pitch = min(MAX_PITCH, max(self.lowest_pitch(), self.pitch + d_pitch))

    def quarter_turn(self, direction: int) -> None:
        """Start an animated turn by a quarter (direction +1 or -1), on from any turn under way."""
        start = self.yaw if self.goal_yaw is None else self.goal_yaw
        self.goal_yaw = start + direction * QUARTER

    def zoom_by(self, factor: float, toward_y: float | None = None) -> None:
        """Zoom by `factor`; with `toward_y` (a screen row, the pointer's or the picked block's) the view
        also slides up or down the tower so what is on that row stays on it, as maps zoom toward the
        pointer: zoomed in, the top or foot of a tall tower can be brought into view. Zoomed back out to 1
        or less the view is centred on the tower again."""
        old = self.zoom
        self.zoom = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom * factor))
        if self.zoom <= 1.0:
            self.lift = 0.0
        elif toward_y is not None and self.zoom != old:
            x0, y0, w, h = self.viewport
            # Metres up the screen at the target's depth between the middle row and toward_y, before and
            # after: the target moves by the difference, along z (seen at this pitch).
            metres = (y0 + h / 2 - toward_y) * self.fov_height / (old * h)  # at the old zoom
            shift = metres * (1 - old / self.zoom) / max(0.2, math.cos(self.pitch))
            self.lift += shift / max(self.framed[0], 1e-6)
        self.lift = min(0.5, max(-0.5, self.lift))
        self._aim()

    def look_at_top(self) -> float | None:
        """Zoomed in, slide the view up the tower as far as it goes (its top level in the middle of the view)
        and return where it was (slide_to goes back); at a zoom of 1 or less the whole tower is in view already,
        nothing changes and None is returned."""
        if self.zoom <= 1.0:
            return None
        was, self.lift = self.lift, 0.5
        self._aim()
        return was

    def slide_to(self, lift: float) -> None:
        """Slide the view up or down the framed tower to `lift` (a share of its height from its middle, as
        zoom_by keeps it), zoomed in; zoomed out the tower is centred whatever `lift` says."""
        self.lift = min(0.5, max(-0.5, float(lift))) if self.zoom > 1.0 else 0.0
        self._aim()

    def tilt(self, d_pitch: float) -> None:
        """Look from higher (positive) or lower (negative), within the pitch's limits (the keys' tilt)."""
        self.pitch = min(MAX_PITCH, max(self.lowest_pitch(), self.pitch + d_pitch))

    def lowest_pitch(self) -> float:
        """The lowest pitch allowed: MIN_PITCH, or higher where that would take the eye under the table top
        (ground_z, with a centimetre to spare): looking from lower, an audit saw the table turn into a broken
        band and the tower's underside."""
        if self.ground_z is None or self.distance <= 0:
            return MIN_PITCH
        need = (self.ground_z + 0.01 - float(self.target[2])) / self.distance
        return MIN_PITCH if need <= math.sin(MIN_PITCH) else min(MAX_PITCH, math.asin(min(1.0, need)))

    def _keep_above_ground(self) -> None:
        self.pitch = min(MAX_PITCH, max(self.lowest_pitch(), self.pitch))

    def _aim(self) -> None:
        """Aim at the framed tower's middle, lifted by `lift` of its height (never past its top or foot)."""
        height, base_z, centre = self.framed
        self.target = np.array([centre[0], centre[1], base_z + height * (0.5 + self.lift)])
        self._keep_above_ground()

    def update(self, dt: float) -> None:
        """Advance an animated turn by dt seconds."""
        if self.goal_yaw is None:
            return
        gap = self.goal_yaw - self.yaw
        step = self.turn_speed * dt
        if abs(gap) <= step:
            self.yaw = self.goal_yaw % (2 * math.pi)
            self.goal_yaw = None
        else:
            self.yaw += math.copysign(step, gap)

    def frame_tower(self, height: float, base_z: float = 0.0, centre_xy=(0.0, 0.0)) -> None:
        """Aim at the middle of a tower `height` metres tall and fit it in the view (a view zoomed in and
        slid up or down the tower keeps the same share of its height: after a stack on top, the top)."""
        self.framed = (float(height), float(base_z), (float(centre_xy[0]), float(centre_xy[1])))
        self._aim()
        self.fov_height = max(0.2, height * 1.3)
        self.distance = max(0.6, height * 3.0)
        self._keep_above_ground()

    # ---- projection -------------------------------------------------------------------
    @property
    def eye(self) -> np.ndarray:
        cp = math.cos(self.pitch)
        offset = np.array([cp * math.cos(self.yaw), cp * math.sin(self.yaw), math.sin(self.pitch)])
        return self.target + self.distance * offset

    def basis(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Right, up and forward unit vectors of the camera in world coordinates. A frame asks for them
        a dozen times: they are worked out in plain floats and kept until the camera moves."""
        key = (self.yaw, self.pitch, self.distance, *np.asarray(self.target, dtype=float).tolist())
        if getattr(self, "_basis_key", None) == key:
            right, up, forward = self._basis
            return right.copy(), up.copy(), forward.copy()
        cp = math.cos(self.pitch)
        d = self.distance
        fx, fy, fz = -d * cp * math.cos(self.yaw), -d * cp * math.sin(self.yaw), -d * math.sin(self.pitch)
        n = math.sqrt(fx * fx + fy * fy + fz * fz)
        fx, fy, fz = fx / n, fy / n, fz / n
        rx, ry = fy, -fx                                  # forward x (0, 0, 1)
        n = math.sqrt(rx * rx + ry * ry)
        rx, ry = rx / n, ry / n
        up = np.array([ry * fz, -rx * fz, rx * fy - ry * fx])     # right x forward
        basis = (np.array([rx, ry, 0.0]), up, np.array([fx, fy, fz]))
        self._basis_key, self._basis = key, basis
        return basis[0].copy(), basis[1].copy(), basis[2].copy()

    @property
    def focal(self) -> float:
        """Pixels per metre at unit depth."""
        return self.zoom * self.viewport[3] * self.distance / self.fov_height

    def project(self, points: np.ndarray, basis=None) -> tuple[np.ndarray, np.ndarray]:
        """World points (..., 3) -> screen pixels (..., 2) and depth along the view (..., ). basis: the
        camera's basis() when the caller has it already (it costs more than projecting a few points)."""
        right, up, forward = self.basis() if basis is None else basis
        rel = np.asarray(points, dtype=float) - self.eye
        depth = rel @ forward
        safe = np.maximum(depth, 1e-4)
        scale = self.focal / safe
        x0, y0, w, h = self.viewport
        sx = x0 + w / 2 + (rel @ right) * scale
        sy = y0 + h / 2 - (rel @ up) * scale
        return np.stack([sx, sy], axis=-1), depth

    def pixels_per_metre(self, depth) -> np.ndarray:
        return self.focal / np.maximum(depth, 1e-4)
