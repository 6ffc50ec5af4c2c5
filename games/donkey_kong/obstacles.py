"""Obstacle movement in Donkey Kong: the fireballs and barrels move after the pawn, then the dispenser drops.

Fireballs move first, from the highest on the gamepath down, then barrels from the lowest up, each the
obstacle count of the roll. A fireball climbs the gamepath toward Donkey Kong, a barrel rolls down it
toward the Oil Can. A fireball that lands exactly on the foot of a ladder climbs up it; a barrel that
lands exactly on the top of a ladder slides down it; either kind, landing on a twin, goes on to the
next free space. A barrel that reaches the Oil Can becomes a fireball.
Movement is resumable: the obstacle in motion is kept as data (`in_motion`) so that a contact with a
pawn can pause it until the contact is settled (contacts.py).

Obstacles are numbered: codes 0..3 are the fireballs, 4..15 the barrels; a position of -1 means a
fireball waiting in the Oil Can or a barrel in Donkey Kong's dispenser.
"""

from __future__ import annotations

from .board import BOARD
from .cards import DK_FACE
from .stages import OBSTACLES, RELEASE

FIREBALLS = 4
BARRELS = 12

_ROUTE = BOARD.route
_ROUTE_POS = BOARD.route_pos
_OIL, _DK, _DROP = BOARD.oil_can, BOARD.dk, BOARD.drop
_FIRE_NEXT = [(_ROUTE[p + 1] if 0 <= p < len(_ROUTE) - 1 else -1) for p in _ROUTE_POS]
_BARREL_NEXT = [(_ROUTE[p - 1] if p > 0 else -1) for p in _ROUTE_POS]
_FIRE_SLIDE, _BARREL_SLIDE = BOARD.fireball_slide, BOARD.barrel_slide
_BARREL_KEY = [16 * p for p in _ROUTE_POS]  # the obstacles' order keys by space (see _start_obstacles)
_FIRE_KEY = [-16 * p for p in _ROUTE_POS]
_RUNGS_BELOW = [frozenset(slide[:-1]) if slide else frozenset() for slide in _BARREL_SLIDE]  # a top's rungs


class ObstacleMovement:
    """The obstacle phase of DonkeyKongState (a mixin: it reads and changes the state's own lists)."""

    def _start_obstacles(self) -> None:
        if self.obstacle_roll == DK_FACE:
            if self.wiki:
                self._end_turn()  # the article: Donkey Kong ends the turn, no barrel is released
            else:
                self._release_barrel()
            return
        # fireballs from the highest on the gamepath down, then barrels from the lowest up (ties, which
        # the rules never leave, by code): each sorted as one int, 16 * place on the gamepath + code
        fire = [_FIRE_KEY[s] + f for f, s in enumerate(self.fireballs) if s >= 0]
        fire.sort()
        barrels = [_BARREL_KEY[s] + b for b, s in enumerate(self.barrels, FIREBALLS) if s >= 0]
        barrels.sort()
        self.queue = [k & 15 for k in fire] + [k & 15 for k in barrels]
        self.stage = OBSTACLES

    def _run_obstacles(self) -> None:
        """Carry the obstacle phase on (the queue, then the dispenser's drop) until a contact waits
        or the turn ends."""
        contacts = self.contacts
        while not contacts:
            if self.in_motion is not None:
                self._motion_step()
            elif self.stage == OBSTACLES:
                self._move_queue()
            else:
                self._end_turn()
                return

    def _move_queue(self) -> None:
        """Move the queued obstacles in order. A move that meets no pawn (nor the Oil Can, for a barrel)
        is done here to its end: its steps in one loop, then its landing (a twin, a slide) when that
        too meets nothing (_quiet_landing). The first move that meets something is the one in motion,
        left exactly as the step-by-step rules (_motion_step) have it at that point, and we return."""
        queue, pawns, fireballs, barrels = self.queue, self.pawns, self.fireballs, self.barrels
        roll = self.obstacle_roll
        # The spaces that stop a step of the simple loop: for a fireball the barrels, the pawns and
        # Donkey Kong; for a barrel the fireballs, the pawns and the Oil Can. Fireballs move before
        # barrels, so the barrels' set is made when the first barrel moves; pawns do not move here.
        fire_stop = barrel_stop = None
        while queue:
            code = queue.pop(0)
            left = roll
            if code < FIREBALLS:
                pos = fireballs[code]
                if pos < 0:
                    continue
                if fire_stop is None:
                    fire_stop = set(barrels)
                    fire_stop.update(pawns)
                    fire_stop.add(_DK)
                while left:
                    s = _FIRE_NEXT[pos]
                    if s in fire_stop:
                        if s == _DK or s in pawns:
                            break
                        barrels[barrels.index(s)] = -1  # the fireball destroys the barrel and goes on
                        if s not in barrels:
                            fire_stop.discard(s)
                    pos = s
                    left -= 1
                if left and s == _DK:
                    fireballs[code] = -1  # back into the Oil Can's supply (see _enter)
                    continue
                fireballs[code] = pos
                if not left and (fireballs.count(pos) == 1 and _FIRE_SLIDE[pos] is None
                                 or self._quiet_landing(code, pos, fire_stop)):
                    continue
            else:
                b = code - FIREBALLS
                pos = barrels[b]
                if pos < 0:
                    continue
                if barrel_stop is None:
                    barrel_stop = set(fireballs)
                    barrel_stop.update(pawns)
                    barrel_stop.add(_OIL)
                while left:
                    s = _BARREL_NEXT[pos]
                    if s in barrel_stop:
                        break
                    pos = s
                    left -= 1
                if left and s != _OIL and s in fireballs:
                    barrels[b] = -1  # rolled into a fireball: destroyed (see _enter)
                    continue
                barrels[b] = pos
                if not left and (barrels.count(pos) == 1 and _BARREL_SLIDE[pos] is None
                                 or self._quiet_landing(code, pos, barrel_stop)):
                    continue
            self.in_motion = [code, left, True, False, []]
            return
        self._release_barrel()

    def _quiet_landing(self, code: int, pos: int, stop: set) -> bool:
        """The obstacle `code` has just used its count on pos (an exact landing). If the rest of its move
        (going on off a twin, sliding a ladder, going on off a twin at the ladder's foot) enters no
        space with a pawn, an obstacle of the other kind, Donkey Kong or the Oil Can, make that move
        and return True; otherwise change nothing and return False (the move goes step by step).
        The same course as _motion_step, _enter and _land, without the events they handle. stop: the
        spaces of the pawns, the obstacles of the other kind and Donkey Kong (a fireball) or the Oil Can
        (a barrel)."""
        if code < FIREBALLS:
            mine, nxt, slides, me = self.fireballs, _FIRE_NEXT, _FIRE_SLIDE, code
        else:
            mine, nxt, slides, me = self.barrels, _BARREL_NEXT, _BARREL_SLIDE, code - FIREBALLS
        left, exact, slid, forced = 0, True, False, ()
        here = pos
        while True:
            if forced:
                s, forced = forced[0], forced[1:]
            elif left:
                left -= 1
                s = nxt[here]
            else:
                if mine.count(here) > (here == pos):  # mine[me] is still pos
                    left, exact = 1, False  # a twin: go on one space
                    continue
                if exact and not slid:
                    slide = slides[here]
                    if slide is not None and (code < FIREBALLS or self._barrel_may_slide(here, slide)):
                        slid, forced = True, slide
                        continue
                mine[me] = here
                return True
            if s in stop:
                return False
            here = s

    def _release_barrel(self) -> None:
        self.stage = RELEASE
        if -1 in self.barrels:
            b = self.barrels.index(-1)
            self.in_motion = [FIREBALLS + b, 0, False, True, [_DROP]]

    def _motion_step(self) -> None:
        """Move the obstacle in motion until it stops, meets a pawn or changes into a fireball."""
        m = self.in_motion
        contacts, pawns, fireballs, barrels = self.contacts, self.pawns, self.fireballs, self.barrels
        while self.in_motion is m and not contacts:
            if m[4]:
                self._enter(m[4].pop(0))
            elif m[1] > 0:
                m[1] -= 1
                code = m[0]
                # the common step (an empty space, nothing met) inline; anything else in _enter
                if code < FIREBALLS:
                    s = _FIRE_NEXT[fireballs[code]]
                    if s != _DK and s not in barrels and s not in pawns:
                        fireballs[code] = s
                        continue
                else:
                    s = _BARREL_NEXT[barrels[code - FIREBALLS]]
                    if s != _OIL and s not in fireballs and s not in pawns:
                        barrels[code - FIREBALLS] = s
                        continue
                self._enter(s)
            else:
                self._land()

    def _enter(self, s: int) -> None:
        """The moving obstacle enters space s (passing or landing)."""
        m = self.in_motion
        code = m[0]
        if code >= FIREBALLS:
            b = code - FIREBALLS
            if s == _OIL:
                self.barrels[b] = -1
                if (m[1] > 0 or not self.wiki) and -1 in self.fireballs:
                    f = self.fireballs.index(-1)
                    self.fireballs[f] = _OIL
                    self.in_motion = [f, m[1], m[2], False, []]
                    self._note("a barrel reaches the Oil Can and a fireball comes out")
                else:
                    self.in_motion = None
                return
            if s in self.fireballs:
                self.barrels[b] = -1
                self.in_motion = None
                return
            self.barrels[b] = s
        else:
            if s == _DK:
                self.fireballs[code] = -1
                self.in_motion = None
                return
            self.fireballs[code] = s
            if s in self.barrels:
                self.barrels[self.barrels.index(s)] = -1
        pawns = self.pawns
        if s not in pawns:
            return
        n = len(pawns)
        for i in range(n):
            seat = (self.turn + i) % n
            if pawns[seat] == s:
                self.contacts.append([seat, code, s])

    def _land(self) -> None:
        """The moving obstacle has used its count: advance off a twin, slide a ladder, or stop."""
        m = self.in_motion
        code = m[0]
        if code < FIREBALLS:
            pos = self.fireballs[code]
            twin = self.fireballs.count(pos) > 1
        else:
            pos = self.barrels[code - FIREBALLS]
            twin = self.barrels.count(pos) > 1
        if twin:
            m[1], m[2] = 1, False
            return
        if m[2] and not m[3]:
            if code < FIREBALLS:
                slide = _FIRE_SLIDE[pos]
            else:
                slide = _BARREL_SLIDE[pos]
                if slide is not None and not self._barrel_may_slide(pos, slide):
                    slide = None
            if slide is not None:
                m[3] = True
                m[4] = list(slide)
                return
        self.in_motion = None

    def _barrel_may_slide(self, top: int, slide: tuple) -> bool:
        bottom = slide[-1]
        if not _RUNGS_BELOW[top].isdisjoint(self.pawns):
            return False  # never down a ladder with a pawn on it
        if self.wiki:
            if top in self.pawns or bottom in self.pawns or bottom in self.barrels or bottom in self.fireballs:
                return False  # the article: not when the top or bottom space is occupied
        return True
