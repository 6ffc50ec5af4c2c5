"""What a play screen asks of the app around it (autosave, saving, leaving, sound); the default does nothing."""

from __future__ import annotations

from pathlib import Path

from games.match import Match


class OpeningStopped(Exception):
    """The person stopped the opening of a match while its moves were replayed (App.load_match)."""


class Host:
    """What a screen asks of the app around it. This default does nothing (for rendering in tests)."""

    class _Silent:
        muted = True

        def play(self, cue: str) -> None:
            pass

    def __init__(self):
        self.sound = Host._Silent()

    def autosave(self, match: Match) -> None:
        """Called after every action; the app writes the autosave file."""

    def note_pending(self, match: Match, by: int, action: str) -> None:
        """A person's action in `match`'s position is being worked out (a Jenga push): the app keeps its name
        beside the autosave until the step is autosaved, so a kill meanwhile loses no move."""

    def pending_done(self) -> None:
        """The step note_pending named was committed or refused: its name goes with the next autosave."""

    def save_match(self, match: Match) -> Path | None:
        """Save to a new file; returns its path (None if there is nowhere to save)."""
        return None

    def save_slot(self, match: Match) -> Path | None:
        """The named saved match this match was opened from, which Ctrl+S updates (None: a new file)."""
        return None

    def temporary_folder(self) -> Path | None:
        """The temporary folder this session keeps its files in when the data folder cannot be used, else None."""
        return None

    def saved_as(self, match: Match) -> Path | None:
        """The saved file that holds this match as it is now (nothing played since), or None."""
        return None

    def unkept(self, match: Match) -> bool:
        """Whether this match is kept nowhere on disk as it is now: its autosave failed, and no saved match holds
        it (the status line then says so for as long as it lasts)."""
        return False

    def leave(self) -> None:
        """Back to the launcher."""

    def open_load(self) -> None:
        """Show the saved matches to load one."""

    def show_busy(self, words: str) -> None:
        """Say `words` and show them now, before work that holds the window."""

    def play_again(self, match: Match) -> None:
        """A new match with the same game, variant and seats."""

    def keep_finished(self, match: Match) -> Path | None:
        """Keep a finished match among the saved matches; returns its file (None if there is nowhere)."""
        return None

    def toggle_sound(self) -> bool:
        return False

    def risk_tint(self) -> bool:
        """Whether a Jenga tower opens with the collapse-risk tint shown: the table's last choice (R)."""
        return True

    def keep_risk_tint(self, on: bool) -> None:
        """The table turned the risk tint on or off (R): later games open the same way."""
