"""The live push: frame time and physics speed while a block is dragged, and exact replays.

    .venv/bin/python benchmarks/bench_live_push.py [--json] [--game jenga_classic] [--seed 7] [--speed 0.04]

Opens the Jenga screen at 1280x800 with SDL's dummy video driver and, on a fresh tower each time,
drags one block of the lowest, a middle and the top removable level with synthetic mouse events: the
press on the block's near end, then the pointer along the block at `--speed` m/s (at the block's
distance) until it is all the way out, frames paced at 60 a second like the app, the screen's clock
advanced by the real time between frames (as the app does), so the physics runs live. For every
frame it times the frame's work (events, update, draw, flip); for every drag the simulated seconds
the live session stepped against the wall time its steps took (the real-time factor: above 1 means
the physics keeps up with the clock). Each drag's move (the finger's path) is then replayed headless
in another process from the saved match, and its tower compared with the window's bit for bit.

Prints one JSON object (--json) or a table: frame_ms_median, frame_ms_p95, frame_ms_max,
frame_cpu_ms_median and _p95 (this process's CPU time per frame: the work itself, whatever else the
machine runs), realtime_factor_min, per-level figures, replay_identical, and the load (`os.getloadavg`).
The risk tint is off (its worker process would share the cores; docs/tower_view.md measures it).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no greeting line in the middle of --json output
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from games import registry  # noqa: E402
from games.core import Seat  # noqa: E402
from games.match import Match  # noqa: E402
from render.app import settle_memory  # noqa: E402
from render.screens.registry import screen_for  # noqa: E402
from render.tower.geometry import rotation_matrices  # noqa: E402
from sim.arguments import MAX_SPEED_M_S, MIN_SPEED_M_S, Parser, real_arg, seed_arg  # noqa: E402

JENGA = [name for name in registry.names() if name.startswith("jenga")]

LOAD = """
import json, sys
from games.match import Match
print(json.dumps(Match.load(sys.argv[1]).state.tower))
"""


def _end_point(screen, block):
    scene = screen._scene
    q = scene.poses[block]
    axis = rotation_matrices(q[None, 3:])[0][:, 0]
    sign = 1.0 if float((screen.camera.eye - q[:3]) @ axis) >= 0 else -1.0
    near_end = q[:3] + axis * sign * (scene.sizes[block, 0] / 2 - 0.002)
    pts, _ = screen.camera.project(np.array([near_end, near_end + axis * sign * 0.01]))
    return pts[0], (pts[1] - pts[0]) / 0.01


def _event(screen, kind, pos):
    if kind == pygame.MOUSEMOTION:
        screen.handle_event(pygame.event.Event(kind, pos=tuple(pos), rel=(0, 0), buttons=(1, 0, 0)))
    else:
        screen.handle_event(pygame.event.Event(kind, pos=tuple(pos), button=1))


def _ready(game, seed, window):
    match = Match(registry.get(game).make_config(seats=[Seat("A"), Seat("B")]), seed=seed)
    screen = screen_for(game)(match)
    screen.show_risk = False
    for _ in range(3000):
        if screen.job is not None:
            screen.job.thread.join()
        screen.update(1 / 60)
        screen.draw(window)
        screen.press_chance()  # a person's spin waits for their hand (no-op otherwise)
        if match.waiting_for_human() and screen.job is None:
            if match.state.may_extract():
                settle_memory()  # as the app does when a screen starts
                return match, screen
            # Donkey Kong's and Super Mario's decisions before a pull (a Mario placed, a spin, a climb):
            # the game's own preferred one, as the careful bots take it
            legal = match.state.legal_actions()
            screen.play(match.state.preferred_decision(legal) or legal[0])
    raise SystemExit("the game never reached a push")


def drag(game, seed, which, speed, window, frame_ms, frame_cpu_ms):
    """One live drag on a block of the level `which` picks; returns its figures."""
    match, screen = _ready(game, seed, window)
    state = match.state
    legal = state.legal_blocks()
    levels = sorted({lv for lv, _ in legal})
    level = {"lowest": levels[0], "middle": levels[len(levels) // 2], "top": levels[-1]}[which]
    grab = None
    for lv, slot in sorted((b for b in legal if b[0] == level), key=lambda b: (b[1] == 1, b[1])):
        block = state.layout[lv][slot]
        start, px_per_m = _end_point(screen, block)
        if screen.view.pick(start) == block:
            grab = (lv, slot, block, start, px_per_m)
            break
    if grab is None:
        screen.camera.quarter_turn(1)
        raise SystemExit(f"no block of level {level} is under its own end")
    lv, slot, block, start, px_per_m = grab
    _event(screen, pygame.MOUSEMOTION, start)
    _event(screen, pygame.MOUSEBUTTONDOWN, start)
    direction = -px_per_m  # away from the eye
    last = time.perf_counter()
    t0 = last
    pulled = 0.0
    while screen.live is not None and pulled < 0.2:
        now = time.perf_counter()
        dt = now - last
        last = now
        pulled = speed * (now - t0)
        work, cpu = time.perf_counter(), time.process_time()
        _event(screen, pygame.MOUSEMOTION, start + direction * pulled)
        screen.update(dt)
        screen.draw(window)
        pygame.display.flip()
        frame_ms.append(1000.0 * (time.perf_counter() - work))
        frame_cpu_ms.append(1000.0 * (time.process_time() - cpu))
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - now)))
    if screen.live is not None:
        _event(screen, pygame.MOUSEBUTTONUP, start + direction * pulled)
    sim_s, wall_s = screen.live_stats[-1]
    while screen.job is not None:
        screen.job.thread.join()
        screen.update(1 / 60)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "live.json"
        match.save(path)
        out = subprocess.run([sys.executable, "-c", LOAD, str(path)], capture_output=True, text=True)
    identical = out.returncode == 0 and json.loads(out.stdout) == json.loads(json.dumps(match.state.tower))
    screen.close()
    verdict = match.state.last_verdict or {}
    return {"level": lv, "slot": slot, "sim_s": round(sim_s, 3), "physics_wall_s": round(wall_s, 3),
            "realtime_factor": round(sim_s / wall_s, 2) if wall_s > 0 else None,
            "taken": verdict.get("taken"), "collapsed": verdict.get("collapsed"), "replay_identical": identical}


def main(argv=None) -> int:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--game", default="jenga_classic", choices=JENGA)
    parser.add_argument("--seed", type=seed_arg, default=7)
    parser.add_argument("--speed", type=real_arg(MIN_SPEED_M_S, MAX_SPEED_M_S, " m/s"), default=0.04,
                        help=f"pointer speed along the block, {MIN_SPEED_M_S:g} to {MAX_SPEED_M_S:g} m/s (default 0.04)")
    args = parser.parse_args(argv)
    pygame.init()
    window = pygame.display.set_mode((1280, 800))
    load_before = os.getloadavg()[0]
    frame_ms: list[float] = []
    frame_cpu_ms: list[float] = []
    runs = {which: drag(args.game, args.seed, which, args.speed, window, frame_ms, frame_cpu_ms)
            for which in ("lowest", "middle", "top")}
    frames = np.array(frame_ms)
    factors = [r["realtime_factor"] for r in runs.values() if r["realtime_factor"] is not None]
    out = {
        "game": args.game, "seed": args.seed, "speed_m_s": args.speed, "size": [1280, 800],
        "frames": len(frames),
        "frame_ms_median": round(float(np.median(frames)), 2),
        "frame_ms_p95": round(float(np.percentile(frames, 95)), 2),
        "frame_ms_max": round(float(frames.max()), 2),
        "frame_cpu_ms_median": round(float(np.median(frame_cpu_ms)), 2),
        "frame_cpu_ms_p95": round(float(np.percentile(frame_cpu_ms, 95)), 2),
        "realtime_factor_min": min(factors) if factors else None,
        "replay_identical": all(r["replay_identical"] for r in runs.values()),
        "levels": runs,
        "load_1min": [round(load_before, 2), round(os.getloadavg()[0], 2)],
    }
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key:22s} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
