"""How fast the risk tint fills a fresh tower in the running app, and the frames meanwhile.

    .venv/bin/python benchmarks/bench_risk_fill.py [--json] [--game jenga_classic] [--seed 1] [--no-compare]

Opens the Jenga screen at 1280x800 with SDL's dummy video driver, builds the tower, and from the
frame on which the screen asks its worker process for the risk map, draws frames paced at 60 a
second like the app (the pointer sweeping over the tower, hover and tooltip included; with --pointer
still no input at all, and the app's idle rate once the screen is quiet) until the map of every block
that may be taken has arrived. Times the first figure, half the blocks, the whole tower tinted
(covered_s: every block has a figure, some perhaps interim: the screen runs every block's first
pushes before any block's last ones, render/screens/jenga/risk.py RISK_FIRST_PASS) and the whole map
final (fill_s), in wall seconds from the request, and every frame's work (events, update, draw, flip)
meanwhile.

Then, unless --no-compare, the same map is computed once more here the way the benchmark map is
(`sim.risk_map` of the same tower and blocks, the screen's samples, seed and worker count, in one call,
no window), at the app's worker's priority unless --benchmark-nice says otherwise: `overhead_s` is the
app's fill time less that.

Prints one JSON object (--json) or a table: fill_s, covered_s, interim_blocks, first_figure_s, half_s, frames, frame_ms_median,
frame_ms_p95, frame_ms_max, blocks, pushes (the app's and the benchmark's: the same work when equal),
fill_cpu_s and benchmark_cpu_s (the processor time of the map's pushes, whatever else the machine
runs), app_cpu_s (the processor time of the app's own process, the window's, from the request to the
whole map: what it takes from the cores the map's pool needs) and app_cpu_share (that over fill_s),
tower_paints (frames in which the tower's picture was painted rather than copied: render.tower.view), benchmark_map_s, overhead_s, workers, and the load (`os.getloadavg`) before and after. The
app's worker runs at a lower priority than the window (games/jenga/risk_worker.py, NICE): on a machine
loaded by other jobs a lower priority costs wall-clock time, so the benchmark map is run at the same
one; the processor times compare the work whatever the load.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no greeting line in the middle of --json output
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from games import registry  # noqa: E402
from games.core import Seat  # noqa: E402
from games.jenga import physics  # noqa: E402
from games.jenga.risk_worker import NICE  # noqa: E402
from games.match import Match  # noqa: E402
from render.app import FPS, IDLE_AFTER, IDLE_FPS  # noqa: E402
from render.screens.registry import screen_for  # noqa: E402
from sim.arguments import Parser, seed_arg, whole_arg  # noqa: E402

JENGA = [name for name in registry.names() if name.startswith("jenga")]

TIMEOUT_S = 600.0


def _ready(game: str, seed: int, window):
    match = Match(registry.get(game).make_config(seats=[Seat("A"), Seat("B")]), seed=seed)
    screen = screen_for(game)(match)
    for _ in range(3000):  # build the tower and play the first choices until a block may be pushed
        if screen.job is not None:
            screen.job.thread.join()
        elif screen.chance_waits():
            screen.press_chance()  # a person's spin waits for their hand
        elif match.waiting_for_human() and not screen.animating():
            if match.state.may_extract():
                return match, screen
            screen.play(screen.legal[0])  # placing Marios or pegs, choosing characters
        screen.update(1 / 60)
        screen.draw(window)
    raise SystemExit("the game never reached a push")


def fill(game: str, seed: int, window, moving: bool = True) -> dict:
    match, screen = _ready(game, seed, window)
    board = screen.rects["board"]
    frame_ms: list[float] = []
    arrived: list[tuple[float, int]] = []  # (s since the request, blocks known)
    covered = done = None  # s since the request: every block has a figure (some interim); every one is final
    interim_most = 0  # the most blocks whose figure was interim at once
    t0 = last = time.perf_counter()
    requested = None
    cpu0 = app_cpu = paints0 = None
    still_since = time.perf_counter()
    while time.perf_counter() - t0 < TIMEOUT_S:
        now = time.perf_counter()
        dt, last = now - last, now
        t = now - t0
        if moving:
            pos = (int(board.centerx + board.w * 0.25 * math.sin(t * 1.3)),
                   int(board.centery + board.h * 0.35 * math.sin(t * 0.7)))
            screen.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        screen.update(dt)
        screen.draw(window)
        pygame.display.flip()
        if requested is None and screen.risk.busy:
            requested = now  # the request went out in this frame's update
            t0 = now
            cpu0 = time.process_time()
            paints0 = getattr(screen.view, "paints", None)
        if requested is not None:
            frame_ms.append(1000.0 * (time.perf_counter() - now))
            latest = screen.risk.latest
            if latest is not None and latest.key == screen.position_key():
                n = len(latest.by_block)
                if not arrived or arrived[-1][1] != n:
                    arrived.append((time.perf_counter() - t0, n))
                interim_most = max(interim_most, len(latest.interim))
                if covered is None and latest.covered:
                    covered = time.perf_counter() - t0
                if latest.complete:
                    done = time.perf_counter() - t0
                    app_cpu = time.process_time() - cpu0
                    break
        # the app's loop: 60 frames a second, IDLE_FPS once the screen is quiet and no input came for IDLE_AFTER
        idle = not moving and now - still_since >= IDLE_AFTER and screen.quiet()
        time.sleep(max(0.0, 1 / (IDLE_FPS if idle else FPS) - (time.perf_counter() - now)))
    latest = screen.risk.latest
    tower, blocks = match.state.tower, sorted(latest.by_block) if latest else []
    out = {"game": game, "seed": seed, "size": [1280, 800], "pointer": "moving" if moving else "still",
           "workers": screen.risk.workers,
           "samples": screen.risk.samples, "blocks": len(blocks),
           "complete": bool(latest is not None and latest.complete),
           "fill_s": round(done, 2) if done is not None else None,
           "covered_s": round(covered, 2) if covered is not None else None,
           "interim_blocks": interim_most,
           "first_figure_s": round(arrived[0][0], 2) if arrived else None,
           "half_s": next((round(s, 2) for s, n in arrived if latest and n >= latest.total / 2), None),
           "pushes": getattr(latest, "pushes", None),
           "fill_cpu_s": round(latest.cpu_s, 2) if hasattr(latest, "cpu_s") else None,
           "app_cpu_s": round(app_cpu, 2) if app_cpu is not None else None,
           "app_cpu_share": round(app_cpu / done, 3) if app_cpu is not None and done else None,
           "tower_paints": (screen.view.paints - paints0) if paints0 is not None else None,
           "frames": len(frame_ms),
           "frame_ms_median": round(float(np.median(frame_ms)), 2),
           "frame_ms_p95": round(float(np.percentile(frame_ms, 95)), 2),
           "frame_ms_max": round(float(max(frame_ms)), 2)}
    screen.close()
    return out, (match.state.TOWER, tower, blocks, screen.risk.samples, screen.risk.seed, screen.risk.workers)


def main(argv=None) -> int:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--game", default="jenga_classic", choices=JENGA)
    parser.add_argument("--seed", type=seed_arg, default=1)
    parser.add_argument("--pointer", choices=("moving", "still"), default="moving",
                        help="moving: the pointer sweeps the tower every frame (60 frames a second throughout); "
                             "still: no input, so the app's loop drops to its idle rate")
    parser.add_argument("--no-compare", action="store_true", help="skip the benchmark map of the same tower")
    parser.add_argument("--benchmark-nice", type=whole_arg(0, 19), default=NICE,
                        help=f"niceness of the benchmark map, 0 to 19 (default {NICE}, the app's worker's)")
    args = parser.parse_args(argv)
    pygame.init()
    window = pygame.display.set_mode((1280, 800))
    load_before = os.getloadavg()
    out, (name, tower, blocks, samples, seed, workers) = fill(args.game, args.seed, window, args.pointer == "moving")
    if not args.no_compare and blocks:
        os.nice(max(0, args.benchmark_nice))  # the same footing as the app's worker (its pool inherits it)
        out["benchmark_nice"] = os.nice(0)
        t0, c0 = time.perf_counter(), os.times()
        rows = physics.risk(name, tower, blocks, samples=samples, seed=seed, workers=workers)
        out["benchmark_map_s"] = round(time.perf_counter() - t0, 2)
        c1 = os.times()  # the map's pool processes are reaped when it ends: their time is the children's
        out["benchmark_cpu_s"] = round(sum(c1[:4]) - sum(c0[:4]), 2)
        out["benchmark_pushes"] = sum(int(r["samples_run"]) for r in rows)
        if out["fill_s"] is not None:
            out["overhead_s"] = round(out["fill_s"] - out["benchmark_map_s"], 2)
    out["load_1min"] = [round(load_before[0], 2), round(os.getloadavg()[0], 2)]
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key:18s} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
