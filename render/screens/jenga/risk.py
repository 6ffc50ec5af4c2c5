"""The risk tint on the Jenga screen: which position the map belongs to, when it is asked for (the
blocks that may be taken, top down, the touched one first), and its figures as the tint, the tooltip
and the legend's status read them. The map itself is computed in games.jenga.risk_worker."""

from __future__ import annotations

import numpy as np

MOVED_MM = 0.5  # a touch that leaves a block further than this from where it stood makes the risk map redo
RISK_MEANS = "collapse risk (the chance that a brisk, fairly steady pull topples the tower)"
RISK_WORKERS = 2  # processes the risk map's pushes are spread over (at a lower priority than the window)
RISK_SAMPLES = 8  # pushes per block at most (sim.riskmap stops early on settled blocks)
RISK_FIRST_PASS = 4
"""Every block's first four pushes run before any block's last four, so the whole tower is tinted
sooner; a block whose first four disagree shows their figure, marked, until its last four are back."""
TINT_STEP_S = 0.25
"""While a map fills, the tint on the tower changes at most this often: its figures arrive up to a hundred
times in a few seconds, and each change repaints the tower (about 6 ms a paint at 1280x800), CPU that the
map's own pushes want (bench_risk_fill.py: the window took about a second of CPU in a five-second fill).
Figures that came meanwhile show at the next step; the map's last figure shows at once, and so does a
map of another position."""


DRAG_SAID_MM = 8.0
"""A block whose pulls moved the tower this far or more (the map's mean, over its pulls, of the largest shift of
any block left standing) has that said beside its chance. A tight block whose pulls drag the levels above it
along can come out without a fall, so its chance reads 0 %, and yet leave the tower 20 mm out of true: the
tint alone read it as safe. About twice an ordinary pull's: in the maps of the fresh towers of seeds 7 and 21
(traditional) half the blocks' pulls moved the tower 4.1 mm or less, none from 4.2 to 5.2 mm, and those that
found no fall yet moved it more went up to 36 mm (seed 21's 3:1: 21 mm); 8 mm leaves out the few just past
the ordinary ones."""


def risk_words(figure: tuple[float, float, bool], interim: bool = False, dragged_mm: float | None = None,
               short: bool = False, touch: tuple[float, bool] | None = None) -> str:
    """A block's figure of the risk map in words: the chance, and the force a gentle touch takes once the map's
    touches are in (`touch`: force N, gives), else the force its pulls took (the same pushes), and how far they
    dragged the tower when that is DRAG_SAID_MM or more. The tint's colour is the chance only. short:
    "collapse risk" without saying what it means (the keyboard's line under the board, beside the legend that
    says it)."""
    p, force, fresh = figure
    if touch is not None:
        # the touch tells loose from tight at a glance; the pulls' force, rubbed up by their angles, did not (a
        # feel audit: a loose block's pulls "took about 1.55 N", a tight one's 0.80 N)
        felt = f"a touch takes about {touch[0]:.2f} N ({'it gives' if touch[1] else 'held tight'})"
    else:
        felt = f"its pulls took about {force:.2f} N"
    words = f"{p * 100:.0f} % {'collapse risk' if short else RISK_MEANS}; {felt}"
    if dragged_mm is not None and dragged_mm >= DRAG_SAID_MM:
        words += f"{'; its pulls' if touch is not None else ' and'} dragged the tower about {dragged_mm:.0f} mm"
        if p == 0:  # "0 %" beside a 31 mm drag puzzled an audit: no fall, but the tower is left out of true
            words += " without toppling it"
    if not fresh:
        return words + " (from before the last touch moved the tower; being redone)"
    if interim:
        # not "which disagree": a block whose first pulls all stood but moved the tower is refined too, and "0 %
        # ... which disagree" read as a contradiction (an audit)
        return words + (f" (from its first {RISK_FIRST_PASS} pulls, too few to settle it; "
                        f"{RISK_SAMPLES - RISK_FIRST_PASS} more are running)")
    return words


class RiskTint:
    """The risk map's driving and reading (a part of JengaScreen)."""

    def position_key(self) -> tuple:
        """Names the tower's position, so a risk map is matched to the tower it was computed for: where the
        blocks are, and the newest touch still in the match that moved the tower (each has its own number;
        0: none). A touch undone is no longer in the match, so the position before it has its key, and its
        map, again: the key counted the touches that had ever moved the tower, and after an undo the map of
        the tower the undone push had left was shown on the tower as it stood before it (an audit: a block
        at 50 % read 0 %)."""
        state = self.match.state
        history = self.match.history
        # a touch is still in the match while its step stands at its place in the history (an undo takes it
        # out; a redo or another move in its place is another step)
        kept = [m for m in self.tower_moves if m[0] < len(history) and history[m[0]] is m[1]]
        if len(kept) != len(self.tower_moves):
            self.tower_moves[:] = kept
        return (str(state.layout), state.hand, len(state.floor), kept[-1][2] if kept else 0)

    @staticmethod
    def _touch_moved_tower(before, state) -> bool:
        """Whether a touch left any block of the tower more than MOVED_MM from where it stood."""
        if before is None or getattr(before, "tower", None) is None or state.tower is None:
            return False
        a = np.asarray(before.tower["poses"], dtype=float)[:, :3]
        b = np.asarray(state.tower["poses"], dtype=float)[:, :3]
        return a.shape == b.shape and float(np.max(np.linalg.norm(b - a, axis=1), initial=0.0)) * 1000 > MOVED_MM

    def _risk_source(self, level: int, slot: int):
        """(the map, fresh) whose figure of a block on screen is shown, or None. A figure of the map from
        before a touch moved the tower stands (fresh False) until the redone map has the block."""
        key = self._risk_key
        for risk_map, fresh in ((self.risk.latest, True), (self._risk_before, False)):
            if risk_map is None or risk_map.get(level, slot) is None:
                continue
            if risk_map.key == key or (not fresh and key is not None and risk_map.key[:3] == key[:3]):
                return risk_map, fresh
        return None

    def _risk_figure(self, level: int, slot: int) -> tuple[float, float, bool] | None:
        """(p_collapse, the map's push force in N, fresh) of a block on screen, or None (see _risk_source)."""
        source = self._risk_source(level, slot)
        if source is None:
            return None
        p, force = source[0].get(level, slot)
        return p, force, source[1]

    def _risk_dragged(self, level: int, slot: int) -> float | None:
        """How far (mm) the pulls of the map whose figure is shown moved the tower, or None."""
        source = self._risk_source(level, slot)
        dragged = getattr(source[0], "dragged", None) if source is not None else None
        return dragged(level, slot) if dragged is not None else None

    def risk_words_of(self, level: int, slot: int, short: bool = False) -> str:
        """The block's figure of the risk map in words (risk_words), "" when the screen has none."""
        figure = self._risk_figure(level, slot)
        if figure is None:
            return ""
        source = self._risk_source(level, slot)
        touched = getattr(source[0], "touched", None) if source is not None and source[1] else None
        return risk_words(figure, self._risk_interim(level, slot), self._risk_dragged(level, slot), short,
                          touched(level, slot) if touched is not None else None)

    def _risk_interim(self, level: int, slot: int) -> bool:
        """Whether the block's figure on screen is an interim one (its first pushes only: RISK_FIRST_PASS)."""
        latest = self.risk.latest
        return latest is not None and latest.key == self._risk_key and (level, slot) in latest.interim

    def _refresh_risk(self) -> None:
        state = self.match.state
        if self.match.is_over():
            # nothing may be taken any more: no worker (a finished match opened from the list started one, which
            # loaded the simulator and stayed beside the result: a long-session audit; with the tint off its three
            # processes, 190 MB, stayed beside the result until Play again: a later one); an undo starts it again
            self.risk.close()
            return
        if state.tower is None or not self.show_risk:
            return
        self.risk.start()  # loads the simulator while the players look at the tower (no-op once running)
        key = self.position_key()
        if key != self._risk_key:
            old = self.risk.latest
            same_blocks = old is not None and self._risk_key is not None and old.key[:3] == key[:3]
            # a touch moved the tower (a newer touch's number): the old figures stand until redone; an undo
            # (an older number) goes back to a tower those figures were never of (a review: after an undo
            # the undone push's figures stood as "from before the last touch moved the tower")
            newer = same_blocks and key[3] > self._risk_key[3]
            if newer and old.key == self._risk_key:
                self._risk_before = old
            elif not newer:
                self._risk_before = None
        self._risk_key = key
        seats = self.match.config.num_players
        watching = len(self.match.bots) >= seats  # bots only: the tint is shown on their turns
        takes = state.current_player() >= 0 and state.may_extract() and (watching or self.match.waiting_for_human())
        if takes or self.chance_waits():
            # The blocks that may be taken, from the top down (the ones a player looks at first). On a
            # bot's turn the map is not computed: it would only slow the bot's own physics down. While a
            # person is yet to spin, the map of the blocks the turn may take starts: a spin moves no block.
            blocks = sorted((tuple(b) for b in (state.legal_blocks() if takes else state.extractable())),
                            key=lambda b: (-b[0], b[1]))
            if self.touched in blocks:  # the touched block's figure changed most: it is redone first
                blocks.remove(self.touched)
                blocks.insert(0, self.touched)
            self.risk.request(key, state.TOWER, state.tower, blocks=blocks)
        elif self.risk.busy:
            self.risk.cancel()  # no block may be taken here: the map of the last position is of no use

    def _risk_array(self, state, n: int) -> np.ndarray | None:
        """The tint to draw, by block (NaN: none): the figures of the position's map, as last worked out by
        step_tint() (stepped every TINT_STEP_S while the map fills). Drawing only reads it."""
        shown = self._tint_shown
        if shown is not None and shown[1] == self._tint_key(n):
            return shown[2]
        return self._risk_now(state, n)  # nothing worked out for this position yet (its first frame)

    def step_tint(self) -> None:
        """Once a frame (update): the tint drawn takes the map's figures as they are now, unless the same
        position's map is still filling and the tint changed less than TINT_STEP_S ago (the figures that
        came show at the next step); the figure that completes the map shows at once. Nothing is worked
        out again while no figure came and nothing else changed."""
        state = self.match.state
        if state.tower is None:
            return
        n = len(state.tower["poses"])
        key, shown = self._tint_key(n), self._tint_shown
        source = (self.risk.latest, self._risk_before, self.show_risk, self.playback is None)
        same = shown is not None and shown[1] == key
        if same and self._tint_source is not None and all(a is b for a, b in zip(self._tint_source, source)):
            return
        latest = self.risk.latest
        filling = latest is not None and latest.key == self._risk_key and not latest.complete
        if same and shown[2] is not None and filling and self.clock - shown[0] < TINT_STEP_S:
            return
        self._tint_source = source
        self._tint_shown = (self.clock, key, self._risk_now(state, n))

    def _tint_key(self, n: int) -> tuple:
        """What a worked-out tint belongs to: the position's map, the blocks that may be taken (a spin changes
        them, not the position), whether a person decides (with no block to take, no tint: a spin of no
        girders left the wait's tint up, the same map and no block either way), the number of blocks, and whether
        the game is over (a fall left the last map's tint up)."""
        return (self._risk_key, frozenset(self._legal_blocks()), self.match.waiting_for_human(), n,
                self.match.is_over())

    def _risk_now(self, state, n: int) -> np.ndarray | None:
        """The figures of the position's map by block, as they are now (NaN: none; None: no tint)."""
        if not self.show_risk or self.playback is not None or self.match.is_over():
            # over, nothing may be taken: the last position's map had stayed on the blocks left standing (an audit)
            return None
        legal = self._legal_blocks()
        if not legal and self.match.waiting_for_human():
            return None  # the person to move may take no block now (a spin of no girders): no tint (an audit)
        maps = [m for m in (self._risk_before, self.risk.latest) if m is not None and self._risk_key is not None
                and (m.key == self._risk_key or (m is self._risk_before and m.key[:3] == self._risk_key[:3]))]
        if not maps:
            return None
        risk = np.full(n, np.nan)
        for risk_map in maps:  # the fresh map's figures over the ones from before a touch
            for (level, slot), (p, _) in risk_map.by_block.items():
                if (level, slot) in legal or not legal:
                    if 0 <= level < len(state.layout) and state.layout[level][slot] is not None:
                        risk[state.layout[level][slot]] = p
        return risk

    def risk_status(self, shown: bool) -> str:
        """The line under the risk legend: how far the map of this position has got."""
        latest = self.risk.latest
        if self.risk.error:
            return "unavailable"
        if shown and not latest.covered:
            return f"{len(latest.by_block)} of {latest.total} blocks mapped…"
        if shown and latest.interim:
            # every block has a figure now; a few get more pulls ("48 of 49 blocks mapped…" went on to "24 of 49:
            # more pulls running…", read as the map going backwards: an audit)
            n = len(latest.interim)
            return f"{latest.total} mapped; {n} {'gets' if n == 1 else 'get'} more pulls…"
        if shown:
            n = self.risk.samples
            return "from 1 pull a block" if n == 1 else f"from up to {n} pulls a block"
        # Also while the move before is still being worked out or drawn, before this position's map is asked
        # for: the person to move may take a block, and "no block to take now" said otherwise (an audit).
        if self.risk.busy or (self.match.waiting_for_human() and self._legal_blocks()):
            return "computing…"
        return "no block to take now"
