"""The settle countdown: the rules' wait after a stack (5 or 10 seconds), ended early by the verdict.

While the simulator is still deciding the ring runs down in real time; once the verdict is in the
countdown stops, whatever time is left, and says what was decided and when: the simulated second at
which the tower came to rest (or fell), which is why the wait could end early.
"""

from __future__ import annotations

import math

import pygame

from render import palette, text


class SettleCountdown:
    def __init__(self):
        self.total = 0.0
        self.left = 0.0
        self.active = False
        self.verdict: str | None = None  # "stands" or "fell" once decided
        self.decided_s: float | None = None
        self._linger = 0.0

    def start(self, seconds: float) -> None:
        self.total = self.left = float(seconds)
        self.active = True
        self.verdict = None
        self._linger = 0.0

    def decide(self, fell: bool, decided_s: float | None = None, linger: float = 1.6) -> None:
        """The simulator has decided: stop the count now and show the verdict for `linger` seconds.
        decided_s: the simulated seconds after which the simulator knew (shown as the reason the count
        ended early)."""
        self.verdict = "fell" if fell else "stands"
        self.decided_s = decided_s
        self._linger = linger

    def reason(self) -> str:
        """Why the count ended, in words ("" while it runs)."""
        if self.verdict is None:
            return ""
        if self.verdict == "fell":
            return "no need to wait"  # sim_s may include the fall it played on after deciding
        if self.decided_s is None:
            return "decided"
        return f"at rest by {self.decided_s:.1f} s"

    @property
    def done(self) -> bool:
        return not self.active

    def update(self, dt: float) -> None:
        if not self.active:
            return
        if self.verdict is None:
            self.left = max(0.0, self.left - dt)
        else:
            self._linger -= dt
            if self._linger <= 0:
                self.active = False

    def finish(self) -> None:
        self.active = False

    def draw(self, surface: pygame.Surface, centre, radius: int) -> None:
        if not self.active:
            return
        cx, cy = int(centre[0]), int(centre[1])
        pygame.draw.circle(surface, palette.PANEL, (cx, cy), radius + 6)
        pygame.draw.circle(surface, palette.PANEL_EDGE, (cx, cy), radius, 3)
        share = self.left / self.total if self.total > 0 else 0.0
        if share > 0:
            steps = max(2, int(64 * share))
            arc = [(cx + radius * math.sin(2 * math.pi * share * k / steps),
                    cy - radius * math.cos(2 * math.pi * share * k / steps)) for k in range(steps + 1)]
            pygame.draw.lines(surface, palette.ACCENT, False, arc, 6)
        if self.verdict is None:
            text.draw(surface, f"{math.ceil(self.left - 1e-9):d}", (cx, cy - 4), int(radius * 0.9), palette.TEXT,
                      bold=True, anchor="center")
            text.draw(surface, "settling", (cx, cy + radius * 0.55), max(10, radius // 4), palette.TEXT_DIM,
                      anchor="center")
        else:
            word, colour = (("Fell!", palette.VERMILLION) if self.verdict == "fell"
                            else ("Stands", palette.BLUISH_GREEN))
            size = _fitting(word, max(12, int(radius * 0.5)), 1.7 * radius, bold=True)
            text.draw(surface, word, (cx, cy - radius * 0.12), size, colour, bold=True, anchor="center")
            # Inside the ring: "at rest by 0.2 s" ran past both its sides ("t rest by 0.2 s", an audit), so
            # it is made smaller to fit, and past the smallest size put on two lines.
            reason = self.reason()
            size = _fitting(reason, max(10, radius // 4), 1.6 * radius)
            lines = [reason]
            if text.measure(reason, size)[0] > 1.6 * radius and " by " in reason:
                head, _, tail = reason.partition(" by ")
                lines = [head, f"by {tail}"]
            step = text.line_step(size)
            for k, line in enumerate(lines):
                y = cy + radius * 0.4 + (k - (len(lines) - 1) / 2) * step
                text.draw(surface, line, (cx, y), size, palette.TEXT_DIM, anchor="center")


def _fitting(words: str, size: int, width: float, bold: bool = False, least: int = 9) -> int:
    """The largest font size from `size` down to `least` at which the words are at most `width` wide."""
    while size > least and text.measure(words, size, bold)[0] > width:
        size -= 1
    return size
