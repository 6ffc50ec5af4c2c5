"""The overlays over the play screen: the result when a game ends, and the help (how to play, the rules of
the variant, the keys, and on request how this table decides unclear points). A mixin of GameScreen."""

from __future__ import annotations

import pygame

from games.words import counted, joined

from .. import palette as P
from .. import text
from ..help import draw_page, game_help, tower_sketch
from ..widgets import draw_seat_mark, scroll_bar


class Overlays:
    """The result and help overlays of GameScreen, and the shaded panel both are drawn on."""

    def _overlay_panel(self, surface: pygame.Surface, w_frac: float, h_frac: float) -> pygame.Rect:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill(P.SHADE)
        surface.blit(shade, (0, 0))
        w, h = surface.get_size()
        rect = pygame.Rect(0, 0, int(w * w_frac), int(h * h_frac))
        rect.center = (w // 2, h // 2)
        pygame.draw.rect(surface, P.PANEL, rect, border_radius=10)
        pygame.draw.rect(surface, P.ACCENT, rect, width=2, border_radius=10)
        return rect

    def result_score(self, seat: int) -> str:
        """What the result panel says after a seat's name: its points where the game counts points (a
        `scores()` method) or its coins (`coins()`), else won, lost or drawn, never the engine's raw +1/-1."""
        state = self.match.state
        scores = getattr(state, "scores", None)
        if callable(scores):
            return f"{scores()[seat]:g} pts"
        coins = getattr(state, "coins", None)  # Super Mario Jenga: the most coins win
        if callable(coins):
            return counted(int(coins()[seat]), "coin")  # "1 coin", not "1 coins" (an audit)
        winners = state.winners()
        if not winners:
            return "draw"
        return "won" if seat in winners else "lost"

    def result_width(self, window: tuple[int, int]) -> int:
        """The result dialog's width before its words ask for more: 56 % of the window."""
        return int(window[0] * 0.56)

    def _result_panel(self, surface: pygame.Surface, w: int, h: int) -> pygame.Rect:
        """The result's panel, w x h pixels (the Jenga screen stands the result of a fall beside the tower)."""
        width, height = surface.get_size()
        return self._overlay_panel(surface, (w + 0.5) / width, (h + 0.5) / height)

    def _result_title(self) -> str:
        names = [seat.name for seat in self.match.config.seats]
        winners = self.match.state.winners()
        if len(winners) == 1:
            return f"{names[winners[0]]} wins!"
        if winners:
            return "A tie: " + joined([names[w] for w in winners])
        return "Nobody wins."

    def _result_buttons_size(self, width: int) -> tuple[list[int], int]:
        """The result buttons' widths in a dialog `width` wide and their height: each as wide as the third of
        the dialog it always had, or as its label and key at the button's own size need, whichever is more
        (a narrow third had "Back to the menu [Esc]" shrunk to small print at the largest text size)."""
        s = self.scale
        gap = int(14 * s)
        size = self.font_size(15)
        base = min(int(190 * s), (width - 4 * gap) // 3)
        widths = [max(base, text.measure(f"{b.label}  [{b.hint}]", size)[0] + 10) for b in self.result_buttons]
        return widths, max(int(42 * s), text.line_step(size) + int(12 * s))

    def _result_body(self, rect: pygame.Rect, surface: pygame.Surface | None = None) -> int:
        """The result's words laid out in rect, top down, and drawn when a surface is given: the title, why
        the game ended so, each seat's row and where the game was kept. Every line is whole: a long one
        wraps onto more lines (before, they were cut: "…of the others, Random bot 2's", "★…"). Returns the
        y under the last line."""
        s = self.scale
        state = self.match.state

        def put(words: str, pos, size: int, colour, bold: bool = False, anchor: str = "midtop") -> None:
            if surface is not None:
                text.draw(surface, words, pos, size, colour, bold=bold, anchor=anchor)

        def lines_of(words: str, size: int, width: int, bold: bool = False) -> list[str]:
            # whole words on each line; only a single word wider than the dialog is cut
            return [text.fit(line, size, width, bold=bold) for line in text.wrap(words, size, width, bold=bold)]

        big = self.font_size(30)
        y = rect.y + int(24 * s)
        title = lines_of(self._result_title(), big, rect.w - int(24 * s), bold=True)
        for k, line in enumerate(title):
            put(line, (rect.centerx, y + k * text.line_step(big, True)), big, P.HIGHLIGHT, bold=True)
        y += max(int(56 * s), text.line_step(big, True) + int(14 * s)) + (len(title) - 1) * text.line_step(big, True)
        reason = self.result_reason()
        if reason:  # why it ended so, under the title, on as many lines as it takes
            size = self.font_size(15)
            for line in lines_of(reason, size, rect.w - int(48 * s)):
                put(line, (rect.centerx, y), size, P.TEXT)
                y += int(size * 1.35)
            y += int(8 * s)
        names = [seat.name for seat in self.match.config.seats]
        winners = state.winners()
        scores = state.returns()
        size, score_size = self.font_size(18), self.font_size(20)
        for i in sorted(range(len(names)), key=lambda i: (i not in winners, -scores[i])):
            seat = self.match.config.seats[i]
            kind = "person" if seat.is_human else f"{seat.bot.replace('_', ' ')} bot"
            mark = "★ winner" if i in winners else ""
            score = self.result_score(i)
            room = rect.w - int(130 * s) - text.measure(score, score_size, bold=True)[0]
            whole = f"{names[i]} ({kind})" + (f"  {mark}" if mark else "")
            if text.measure(whole, size)[0] <= room:
                lines, row_h, cy = [whole], max(int(36 * s), int(score_size * 1.5)), y + int(14 * s)
            else:  # a long name: on two lines or more, the mark kept whole after it
                lines = lines_of(f"{names[i]} ({kind})", size, room)
                if mark and text.measure(f"{lines[-1]}  {mark}", size)[0] <= room:
                    lines[-1] += f"  {mark}"
                elif mark:
                    lines.append(mark)
                block = text.block_height(len(lines), size)
                row_h, cy = block + int(12 * s), y + int(4 * s) + block // 2
            if surface is not None:
                draw_seat_mark(surface, i, (rect.x + int(50 * s), cy), int(12 * s))
            top = cy - text.block_height(len(lines), size) // 2
            for k, line in enumerate(lines):
                if len(lines) == 1:
                    put(line, (rect.x + int(76 * s), cy), size, P.TEXT, anchor="midleft")
                else:
                    put(line, (rect.x + int(76 * s), top + k * text.line_step(size)), size, P.TEXT, anchor="topleft")
            put(score, (rect.right - int(40 * s), cy), score_size, P.TEXT, bold=True, anchor="midright")
            y += row_h
        kept = (f"Kept in the saved matches as {self.kept_as.stem}." if self.kept_as is not None
                else f"{len(self.match.history)} actions · seed {self.match.seed}")
        size = self.font_size(14)
        # the result offered only P, V and Esc, though Undo still takes the last move back (an audit)
        undo = "Undo (Ctrl+Z) takes the last move back, and the game goes on." \
            if self._undo_depth() is not None else ""
        for words in (kept, f"{len(self.match.history)} actions · seed {self.match.seed}" if self.kept_as else "",
                      undo):
            for line in lines_of(words, size, rect.w - int(24 * s)) if words else []:
                put(line, (rect.centerx, y + int(8 * s)), size, P.TEXT_DIM)
                y += int(size * 1.35)
        return y

    def _draw_result(self, surface: pygame.Surface) -> None:
        """The result dialog, sized to its words at every text size: as wide as it always was (or as its
        buttons need), wider while its words, wrapped, would not fit the window's height, and as tall as
        they are; inside the window."""
        width, height = surface.get_size()
        s = self.scale
        gap, margin = int(14 * s), int(8 * s)
        most_w, most_h = width - 2 * margin, height - 2 * margin
        w = self.result_width((width, height))
        while True:
            widths, bh = self._result_buttons_size(w)
            while sum(widths) + 4 * gap > w < most_w:  # the buttons in a row (a wider dialog widens them too)
                w = min(most_w, sum(widths) + 4 * gap)
                widths, bh = self._result_buttons_size(w)
            need_h = self._result_body(pygame.Rect(0, 0, w, height)) + gap + bh + int(22 * s)
            if need_h <= most_h or w >= most_w:
                break
            w = min(most_w, w + width // 10)
        # As tall as its words and buttons: held to the old fixed height, a two-player result stood with a
        # hand's breadth of nothing between its last line and its buttons (a mouse-only audit).
        rect = self._result_panel(surface, w, min(most_h, need_h))
        self._result_body(rect, surface)
        total = sum(widths) + gap * (len(widths) - 1)
        x = rect.centerx - total // 2
        for k, (b, bw) in enumerate(zip(self.result_buttons, widths)):
            b.rect = pygame.Rect(x, rect.bottom - bh - int(22 * s), bw, bh)
            b.focused = k == self.result_focus
            b.draw(surface, self.font_size(15))
            x += bw + gap

    def keyboard_line(self) -> str:
        """How the keyboard alone plays this screen (the Jenga screen says it its own way)."""
        return ("Every action is a row of the Choices list, so the keyboard alone plays the whole game; "
                "the mouse can also click the board.")

    def skip_words(self) -> str:
        """What Space does, in the help's key list (a game without dice says it in its own words)."""
        return "skip the bots' and dice's pauses"

    def help_text(self) -> str:
        """The help overlay: a short how to play, the rules of the active variant as a player reads them
        (render.help takes out file paths and remarks about sources), the keys, and, on request (D), how
        this table decides points the printed rules leave open."""
        spec, variant = self.spec, self.match.config.variant
        lines, decisions = game_help(spec, variant)
        extra = [f"• {self.keyboard_line()}"]
        if decisions and not self.help_decisions:  # said at the top too: at the foot of a long help it was missed
            extra.append("• D shows how this table decides points the printed rules leave open or disagree on.")
        lines[lines.index(""):lines.index("")] = extra  # at the end of HOW TO PLAY
        keys = [("F1 or ?", "this help (Esc closes it; Up/Down, PageUp/PageDown, Home/End scroll it)"),
                ("Up/Down, PageUp/PageDown, Home/End", "select a choice: the board shows it (a path, a target, "
                                                       "a card framed)"),
                ("Enter", "play the selected choice"),
                ("1 to 9", "play the numbered choice"),
                ("/", "find a choice by typing part of its words (Enter plays it, Esc stops)"),
                ("Shift+PageUp/PageDown", "scroll the move log"),
                ("Ctrl+Z / Ctrl+Y", self.undo_words() + "; with two or more people at the screen, taking back "
                                 "another person's move asks for a second press"),
                ("Ctrl+S / Ctrl+O", "save this match / load a saved one (in the launcher)"),
                ("Space", self.skip_words()),
                ("M", "sound on or off"),
                ("Esc", "back to the menu (the game is autosaved)"),
                ("After the game", "P: play again · V: view the board, and back to the result (the bar's Result "
                                   "button too) · Ctrl+Z: take the last move back (when undo can) and play on · "
                                   "Esc: back to the menu")] + self.extra_shortcuts()
        lines += ["", "KEYS"] + [f"  {k}: {what}" for k, what in keys]
        if decisions:
            if self.help_decisions:
                lines += ["", "HOW THIS TABLE DECIDES UNCLEAR POINTS", text.reflow(decisions)]
            else:
                lines += ["", "D shows how this table decides points the printed rules leave open."]
        lines += ["", "Every game is saved after each action; Resume in the launcher continues it."]
        return "\n".join(lines)

    def help_picture(self, size: tuple[int, int]) -> pygame.Surface:
        """The board as it stands, drawn by the screen's own draw_board and shrunk to fit `size`, for the
        help's how to play."""
        if self.match.config.game.startswith("jenga"):
            # The tower view may still be building: a drawn tower in the game's block colour, always ready.
            from games.jenga import physics

            from ..tower.jenga_scene import tower_look
            tower = getattr(self.match.state, "TOWER", "classic")
            levels = physics.tower_spec(tower).levels   # Super Mario's tower has 15 layers, not 18
            return tower_sketch(size, levels=levels, wood=tower_look(tower)[0])
        board = self.rects.get("board")
        if board is None or board.w < 10 or board.h < 10:
            return pygame.Surface((1, 1))
        canvas = pygame.Surface(self.size)
        canvas.fill(P.BACKGROUND)
        canvas.set_clip(board)
        self.draw_board(canvas, board)
        canvas.set_clip(None)
        shot = canvas.subsurface(board).copy()
        k = min(size[0] / board.w, size[1] / board.h)
        return pygame.transform.smoothscale(shot, (max(1, int(board.w * k)), max(1, int(board.h * k))))

    def _help_lines(self, size: int, width: int) -> list[str]:
        """The help's lines wrapped to width, made again only when the help or its size can have changed
        (D, a step, the text size): made at every frame, they took 10 to 20 ms each, and an open help tripled
        the window's idle CPU (a long-session audit: 6.5 % to 21 %)."""
        key = (self.help_decisions, len(self.match.history), self.match.config.variant, size, width)
        kept = self._help_wrapped
        if kept is None or kept[0] != key:
            kept = self._help_wrapped = (key, text.wrap(self.help_text(), size, width))
        return kept[1]

    def _draw_help(self, surface: pygame.Surface) -> None:
        rect = self._overlay_panel(surface, 0.86, 0.88)
        s = self.scale
        inner = rect.inflate(-int(40 * s), -int(36 * s))
        text.draw(surface, f"Help: {self.spec.title}", inner.topleft, self.font_size(24), P.HIGHLIGHT, bold=True)
        pic_w = int(inner.w * 0.36)
        # room under the picture for its caption and the foot line at this text size (at the largest text the
        # caption stood on the foot: a keyboard audit)
        small = text.line_step(self.font_size(14))
        top = inner.y + int(40 * s)
        picture = pygame.Rect(inner.right - pic_w, top, pic_w, inner.bottom - top - 2 * small - int(12 * s))
        if self._help_shot is None or self._help_shot[0] != (picture.size, len(self.match.history)):
            self._help_shot = ((picture.size, len(self.match.history)), self.help_picture(picture.size))
        shot = self._help_shot[1]
        spot = shot.get_rect(midtop=(picture.centerx, picture.y))
        surface.blit(shot, spot)
        pygame.draw.rect(surface, P.PANEL_EDGE, spot, width=1)
        caption = "A tower like this one" if self.match.config.game.startswith("jenga") else "The board now"
        text.draw(surface, text.fit(caption, self.font_size(14), pic_w), (spot.centerx, spot.bottom + 4),
                  self.font_size(14), P.TEXT_DIM, anchor="midtop")
        size = self.font_size(16)
        body = pygame.Rect(inner.x, inner.y + int(40 * s), inner.w - pic_w - int(20 * s), inner.h - int(64 * s))
        lines = self._help_lines(size, body.w)
        self.help_top, rows = draw_page(surface, lines, body, size, self.help_top)
        # where the page stands in the whole help (its line count alone said nothing of how much was left)
        bar = body.inflate(int(12 * s), 0).move(int(6 * s), 0)
        self.help_thumb = scroll_bar(surface, bar, self.help_top, rows, len(lines))
        # where a click or a drag scrolls the help instead of closing it: the bar, a finger's width wide
        self.help_track = pygame.Rect(bar.right - 12, bar.y, 16, bar.h) if self.help_thumb else None
        self.help_rows = (len(lines), rows)
        self.help_page = max(1, rows - 2)  # a page, less two lines kept for the eye to follow
        # The longest wording that fits whole (at the largest text in a small window the first was cut at
        # "the bar beside the text scr…": an audit), the last one cut only if even it does not fit.
        feet = ["Esc, F1 or a click closes this."]
        if len(lines) > rows:
            feet = ["Esc, F1 or a click closes this.  (Up/Down, PageUp/PageDown, Home/End, the wheel or the bar "
                    "beside the text scroll)",
                    "Esc, F1 or a click closes this.  Scroll: Up/Down, PageUp/PageDown, Home/End, wheel, bar",
                    "Esc, F1 or a click closes.  Scroll: arrows, pages, wheel, bar"]
        foot = next((f for f in feet if text.measure(f, self.font_size(14))[0] <= inner.w), feet[-1])
        self.help_foot = text.fit(foot, self.font_size(14), inner.w)
        text.draw(surface, self.help_foot, (inner.x, inner.bottom), self.font_size(14), P.TEXT_DIM, anchor="bottomleft")
