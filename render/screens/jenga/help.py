"""The Jenga screen's help: the shortcuts of the tower and the keyboard's line in the help panel."""

from __future__ import annotations

import re


def ends_as_seen(game: str) -> str:
    """The help's line on how the window names holes and block ends (holes.as_seen), and the typed axes."""
    holes = game in ("jenga_dk", "jenga_mario")
    example = {"jenga_dk": "'climb 1:0+y'", "jenga_mario": "'peg 1:0+y'"}.get(game, "'probe 5:1 +x'")
    return (f"{'Holes, block ends' if holes else 'Block ends'} and the places on top are named as you see the "
            "tower now: the front one faces you, the back one faces away, the left and right ones face your left "
            "and your right. Turn the view and the Choices, the move log and the lines on the board name them "
            "anew (a fall's replay turns the view by itself and leaves the names as you last turned it). "
            "Typed commands (the terminal, and the rules' examples) name them by the table's fixed directions "
            f"instead: +x, -x, +y and -y, as in {example} (from where the view starts, +x is on your right and "
            "-y faces you).")


RISK_TINT_HELP = ("The colours on the blocks are the simulator's collapse risk: for each block that may be taken, "
                  "the chance that a brisk, fairly steady pull topples the tower, found from a few such pulls (a "
                  "block left untinted: none of them toppled it, which is not a promise). The pointer on a block "
                  "says its figure, and once the whole tower is mapped the force a gentle touch of it takes (a "
                  "loose block gives to a few hundredths of a newton; one that carries the tower does not). Nobody at a "
                  "real table knows this; a table that plays by feel turns it off with R, and later games open "
                  "without it until R shows it again.")


BEHIND_HELP = ("A piece in a hole on a side out of sight is drawn faintly, in dashes, with its seat's number: over "
               "the other end of its own block when that end is in sight (so it stands on the block that holds it, "
               "on the side you see), else where its hole lies across the picture. The status line and the pointer "
               "on it name the hole it really stands in; [ or ] turns the view.")
"""The help's line on pieces drawn through the tower (TowerView._draw_behind): a Mario in a left hole was drawn at
the right, and nothing said why (a rules audit)."""


class JengaHelp:
    """The tower's entries in the help panel (F1)."""

    def help_text(self) -> str:
        """The help with the keys a Jenga game uses in place of the list every game shares: that list
        speaks of paths, targets and framed cards, and of dice, and its Up/Down contradicted the arrows
        that pick blocks."""
        lines = super().help_text().split("\n")
        if "KEYS" not in lines:
            return "\n".join(lines)
        start = lines.index("KEYS") + 1
        end = lines.index("", start) if "" in lines[start:] else len(lines)
        lines[start:end] = [f"  {k}: {what}" for k, what in self.jenga_keys()]
        if "HOW TO PLAY" in lines:
            at = lines.index("", lines.index("HOW TO PLAY"))
            lines.insert(at, f"• {ends_as_seen(self.match.config.game)}")
            lines.insert(at + 1, f"• {RISK_TINT_HELP}")
            if self.match.config.game in ("jenga_dk", "jenga_mario"):
                lines.insert(at + 2, f"• {BEHIND_HELP}")
        return self.wheel_colours("\n".join(lines))

    def wheel_colours(self, words: str) -> str:
        """Donkey Kong's large sections named by the colours the wheel draws them in ("blue: remove 1, climb
        1/2/3"), not "pink 1" to "pink 4" as on the printed spinner."""
        spinner = getattr(self, "spinner", None)
        if self.match.config.game != "jenga_dk" or spinner is None:
            return words
        names = spinner.group_colours()
        return re.sub(r"\bpink (\d): ", lambda m: f"{names.get(int(m.group(1)) - 1, m.group(0))}: ", words)

    def jenga_keys(self) -> list[tuple[str, str]]:
        """The keys of a Jenga game, the app's own first."""
        game = self.match.config.game
        spin = game != "jenga_classic"
        rows = {"jenga_dk": "a hole, a place on top", "jenga_mario": "a character, a hole, a place on top"}
        return [("F1 or ?", "this help (Esc closes it; Up/Down, PageUp/PageDown, Home/End scroll it)"),
                ("Up/Down, PageUp/PageDown, Home/End", f"select a row of the Choices list when it has rows "
                                                       f"({rows.get(game, 'a place on top')}); when it has none, "
                                                       "the arrow keys pick a block instead (below), and "
                                                       "PageUp/PageDown, Home/End scroll the steps of \"Your "
                                                       "move\" when they are more than it shows"),
                ("Enter", "play the selected row"),
                ("1 to 9", "play the numbered row"),
                ("/", "find a row by typing part of its words (Enter plays it, Esc stops)"),
                ("Shift+PageUp/PageDown", "scroll the move log"),
                ("Ctrl+Z / Ctrl+Y", self.undo_words() + "; with two or more people at the screen, taking back "
                                 "another person's move asks for a second press"),
                ("Ctrl+S / Ctrl+O", "save this match / load a saved one (in the launcher)"),
                ("Space", "skip the bots' pauses" + (" and the spinner's turn" if spin else "")
                 + " until a person decides"
                 + ("; at the start of your own turn, Space or Enter (or a click on the wheel) spins the "
                    "spinner" if spin else "")),
                ("M", "sound on or off"),
                ("Esc", "back to the menu (the game is autosaved); with a block picked by the arrow keys, "
                        "or a block being pushed under half out, the first Esc lets go of it (the push is played "
                        "and the block goes back); past half out Esc lets nothing go, as that would take the "
                        "block: pull it back first (S, or drag it in). The bar's Menu and Load wait the same "
                        "way; closing the window lets go of the block wherever it is, and a move let go is "
                        "played out before the game is left; undo waits until the block is let go"),
                ("After the game", "P: play again · V: view the board, and back to the result (the bar's Result "
                                   "button too) · Esc: back to the menu"),
                *self.extra_shortcuts()]

    def keyboard_line(self) -> str:
        return ("By keyboard: the arrow keys pick a block (Shift and the arrows when the list has other "
                "choices), P or Enter starts a push, W held pushes (slowly at first, at a careful pull's pace after three seconds, "
                "faster after that), S pulls "
                "back, Enter or P lets go; every other action is a row of the Choices list.")

    def undo_words(self) -> str:
        """Jenga has no dice or cards: a spin (Donkey Kong and Super Mario Jenga) is final, as is a push
        played by the old pre-drawn hand (its tremor drawn by chance); a live push is not chance."""
        if self.match.config.game == "jenga_classic":
            return "undo / redo your last move (with the bots' moves after it; a fall is final)"
        return "undo / redo your last move (moves before the last spin are final, and so is a fall)"

    def result_reason(self) -> str:
        return result_reason(self)

    def undo_limit(self) -> str:
        barrier = self.match.state.undo_barrier()
        if barrier is not None:
            return barrier + "."
        if self.match.config.game == "jenga_classic":
            return "there is no move of yours to take back (the tower's build is final)."
        return "moves before the last spin are final."

    def extra_shortcuts(self) -> list[tuple[str, str]]:
        # Only Donkey Kong and Super Mario Jenga have pieces in holes (Mario, the pegs).
        holes = [("Click a block's end", "put or move your Mario or peg into that hole (when allowed)")] \
            if self.match.config.game in ("jenga_dk", "jenga_mario") else []
        return [("Press a highlighted block and drag", "push it live along its length: stop, push on, pull "
                                                       "back; let go past half its length to take it (pushed "
                                                       "all the way out, it is taken at once, held or not); let "
                                                       "go sooner and it goes back in, or stays partly out "
                                                       "where it binds: push it home from the end that sticks "
                                                       "out"),
                ("Hold the press still on a block", "touch it: the gauge shows the force it takes"),
                ("Right click or T on a block", "touch it to test how tight it is (T: the block the arrow "
                                                "keys picked, else the one under the pointer)"),
                ("Click a glowing place on top", "stack the block in hand there (its tooltip names it as you "
                                                  "see it, as the list does: front, back, left, right or middle)"),
                ("Up/Down, then Enter, with a block in hand", "choose a place on top in the list, then stack "
                                                              "there (no place is chosen for Enter until you pick "
                                                              "one)")] + holes + [
                ("Arrow keys (Shift+arrows when the list has choices)",
                 "pick a block that may be taken (Up/Down a level, Left/Right across it) and see its risk"),
                ("P or Enter on a picked block", "push it by keyboard: hold W to push (the longer, the faster), "
                                                 "S to pull back, Enter or P to let go"),
                ("Drag the background, [ and ]", "turn around the tower ([ and ]: quarter turns; Left/Right "
                                                 "too, unless they pick a block); dragging up or down "
                                                 "looks from higher or lower"),
                (", and .", "look from lower or higher (tilt the view)"),
                ("Mouse wheel, + and -", "zoom, toward the pointer (the keys: toward the picked block), so the "
                                         "top and foot of a tall tower come into view; zoomed back out, the "
                                         "whole tower is centred again"),
                ("R", "show or hide the collapse-risk tint (later games open as you leave it)")]


def result_reason(screen) -> str:
    """Why a Jenga game ended as it did, in one sentence (the result's line under the title): the words
    the terminal prints too (games.outcome), with the window's names and the coins a fall was seen to cost."""
    from games.outcome import result_reason as reason

    paid = getattr(screen, "fall_paid", None)  # known when the fall was played on this screen
    seen_paid = paid[1] if paid is not None and paid[0] == len(screen.match.history) else None
    return reason(screen.match, screen.seat_name, seen_paid)
