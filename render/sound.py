"""Short sound effects synthesised with numpy: no audio files, and silence if there is no audio device.

Each cue is a few sine notes with a soft attack and decay. The mixer is started lazily; if it fails
(no sound card, a dummy driver without support) the Sound object stays silent and says so once.
"""

from __future__ import annotations

import numpy as np
import pygame

RATE = 22050

# cue -> list of (frequency in Hz, seconds)
CUES = {
    "move": [(660, 0.05)],
    "bot": [(520, 0.04)],
    "dice": [(300, 0.03), (360, 0.03), (420, 0.03), (500, 0.05)],
    "error": [(220, 0.12)],
    "undo": [(500, 0.04), (400, 0.05)],
    "save": [(700, 0.04), (880, 0.06)],
    "hit": [(180, 0.08), (150, 0.1)],
    "win": [(523, 0.1), (659, 0.1), (784, 0.1), (1047, 0.22)],
}


def tone(notes: list[tuple[float, float]], volume: float = 0.25) -> np.ndarray:
    """The int16 samples of a sequence of notes, each shaped by a short attack and an exponential decay."""
    parts = []
    for freq, seconds in notes:
        t = np.arange(int(RATE * seconds)) / RATE
        envelope = np.minimum(1.0, t / 0.005) * np.exp(-t / max(seconds / 2.5, 1e-3))
        parts.append(np.sin(2 * np.pi * freq * t) * envelope)
    wave = np.concatenate(parts) if parts else np.zeros(1)
    return (wave * volume * 32767).astype(np.int16)


class Sound:
    """Plays the cues above; muted() or a missing device make every play() a no-op."""

    def __init__(self, enabled: bool = True):
        self.muted = not enabled
        self.available = False
        self._cues: dict[str, "pygame.mixer.Sound"] = {}
        self._tried = False

    def _start(self) -> None:
        self._tried = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            _, _, channels = pygame.mixer.get_init()
            for name, notes in CUES.items():
                samples = tone(notes)
                if channels > 1:
                    samples = np.repeat(samples[:, None], channels, axis=1)
                self._cues[name] = pygame.sndarray.make_sound(np.ascontiguousarray(samples))
            self.available = True
        except (pygame.error, ValueError, TypeError):
            self.available = False  # no audio device: the app plays silently

    def toggle(self) -> bool:
        """Mute or unmute; returns True when sound is now on."""
        self.muted = not self.muted
        return not self.muted

    def play(self, cue: str) -> None:
        if self.muted:
            return
        if not self._tried:
            self._start()
        sound = self._cues.get(cue)
        if sound is not None:
            try:
                sound.play()
            except pygame.error:
                pass
