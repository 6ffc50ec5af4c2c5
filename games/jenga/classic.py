"""Traditional Jenga on the physics tower: take a block from below the highest complete level, stack it.

The player who topples the tower loses; the last player who stacked a block without toppling it wins.
"""

from __future__ import annotations

from ..core import GameSpec
from .decided import decided_help
from .push import LIVE_PUSH_HELP
from . import data, physics
from .bots import bot_notes, bot_table
from .common import TowerState, reflow


class ClassicState(TowerState):
    TOWER = "classic"
    BLOCKS = 54
    ACTIONS_PER_TURN = 6
    PHASES = TowerState.PHASES + ("take",)

    def start_turn(self) -> None:
        self.phase = "take"

    def may_extract(self) -> bool:
        return self.phase == "take" and self.hand is None

    def decisions(self) -> list[str]:
        return self.push_actions() if self.phase == "take" else []

    def apply_decision(self, action: str) -> None:
        raise AssertionError(f"unhandled action {action!r}")

    def after_stack(self, verdict: dict, before: list) -> None:
        self.end_turn()

    def on_fall(self, before: list) -> None:
        pass

    def on_limit(self) -> None:
        pass

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        if self.ended == "limit":
            return list(range(self.config.num_players))
        if self.last_stacker is not None and self.last_stacker != self.toppler:
            return [self.last_stacker]
        return [p for p in range(self.config.num_players) if p != self.toppler]

    def returns(self) -> list[float]:
        if self.phase != "over":
            return [0.0] * self.config.num_players
        won = set(self.winners())
        return [1.0 if p in won else (-1.0 if p == self.toppler else 0.0) for p in range(self.config.num_players)]

    def phase_text(self) -> str:
        return f"{self.seat_name(self.mover)} must take a block (or touch one to test it)"

    def __str__(self) -> str:
        return "\n".join(["Jenga (traditional)"] + self.board_lines())


def help_text(variant: str) -> str:
    if variant != "standard":  # as the other games' help refuses a variant it does not have (a research audit)
        raise ValueError(f"unknown Traditional Jenga variant {variant!r}; choose standard")
    play = data.play()
    return reflow(f"""Traditional Jenga, played on a simulated tower of 54 blocks (18 levels of three).

Seat 1 (who built the tower) goes first and play passes on in seat order. On your turn take one
block from any level below the highest complete level (the highest complete level itself and
anything above it stay), then put it on top at right angles to the level below ('stack 0', 'stack 1'
or 'stack 2', the slot across the level). Finish a level of three before starting the next: only the
open slots of an unfinished top level are offered.

One hand: a push moves exactly one block, pushed by one fingertip from one end; nothing else in the
tower is held or steadied. In the window you push with the mouse or the keys (the live push, below).
How you push decides whether a tight block comes out cleanly or drags the levels above it along until
the tower falls.

Blocks are named level:slot everywhere (the pointer's words, the move log, typed moves): level 0 is
the bottom level, and slot 1 the middle of its three, so 9:0 is an edge block of the tenth level up.

Typed (in the terminal), a push names the block, the end you push from (a tower side: +x or -x on even levels, +y or -y on odd ones), the
speed ({play['speed_m_s']['min']:.3f} to {play['speed_m_s']['max']:.3f} m/s) and the steadiness of
your hand (0 shaky to 1 perfectly steady), e.g. 'extract 5:1 +y speed=0.020 steady=0.90'; the
simulator then pushes the block out with one of {play['tremors']} equally likely hand tremors, drawn
by the seed, as a real hand never pushes quite the same way twice. Typed short, 'push 5:1' is the
first push style of the move list from the block's + end: its tremor is fixed, the same every time.

Touch to test: before committing you may test blocks as often as you like (the rules set no limit),
in two ways. A press held still on a block in the window is a real touch, live: what it moves stays
moved, and so does whatever a push let go before the block is half out moved (the block itself goes
back in, as far as it slides without pulling the tower along). A quick feel (a right click or T in the window; typed, 'touch 5:1') presses the block 2 mm
and reports the force and how far the rest of the tower moved under the press, then puts everything
back as it stood, as the rules ask of a block moved out of place; the bots feel blocks this way too.

The ten-second rule: after you stack, the simulator lets the tower settle for up to
{physics.tower_spec("classic").settle_s:g} seconds (it stops sooner once the tower is at rest); a fall in
that time is yours. Your turn then ends and the next player's first push or touch is theirs.

The tower has fallen when the simulator reports a collapse: a block other than the one in your hand,
at any moment of the push or the settling after it, {physics.fall_rule("classic")}
(the thresholds of assets/towers/classic.json). The player who
toppled it loses and the last player to stack a block without toppling it wins (if the very first
push topples it, nobody has stacked yet and everyone else wins). After {play['max_turns']} turns
with the tower standing the game stops and everyone shares the win.
""" + LIVE_PUSH_HELP + decided_help("jenga_classic", variant))  # the live push (issue 13): games/jenga/push.py


physics.tower_spec(ClassicState.TOWER)  # damaged: the game is listed as broken
SPEC = GameSpec(
    name="jenga_classic", title="Jenga", summary="traditional Jenga on a simulated tower",
    min_players=2, max_players=4, variants={"standard": "the traditional rules"},
    default_variant="standard",
    max_length=2 + data.play()["max_turns"] * ClassicState.ACTIONS_PER_TURN,
    new_state=ClassicState, state_from_json=ClassicState.from_json,
    bots=bot_table(), bot_notes=bot_notes(), default_bot="random", help_text=help_text,
)
ClassicState.spec = SPEC
