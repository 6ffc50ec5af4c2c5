"""Frame time of the Jenga screen: an 18-level tower at 1280x800 while the risk map computes.

    .venv/bin/python benchmarks/bench_tower_view.py [--frames 600] [--game jenga_classic] [--json out.json]
    .venv/bin/python benchmarks/bench_tower_view.py --physics [--switch 0.005]

Opens the Jenga screen with SDL's dummy video driver (no window), waits for the tower to be built,
starts the risk map in its worker process, then times update + draw + flip of every frame while the
camera turns around the tower and the pointer sweeps over it (hover, picking and tooltips included).
Frames are counted only while the risk worker is busy (the tint filling in block by block meanwhile). Prints the median, 95th percentile and worst
frame in milliseconds (wall clock), the median CPU time of this process per frame (what the drawing
costs whatever else the machine runs), and the machine's load; the target is at most 16 ms.

With --physics it times instead the frames drawn while the simulator plays pushes and stacks in the
screen's worker thread (traditional Jenga, three fixed seeds, middle blocks of levels 2 and 4), with
the risk tint off; --switch sets the interpreter's switch interval the screen lowers during physics
(giving it 0.005, the default, shows the frames without the screen's lowering).
"""

from __future__ import annotations

import json
import math
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no greeting line in the middle of --json output
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from games import registry  # noqa: E402
from games.core import Seat  # noqa: E402
from games.match import Match  # noqa: E402
from render.screens.registry import screen_for  # noqa: E402
from sim.arguments import Parser, count_arg, output_file, real_arg, seed_arg  # noqa: E402

JENGA = [name for name in registry.names() if name.startswith("jenga")]
MIN_FRAMES = 30
"""Fewer frames timed than this say nothing of the frame time."""


def main(argv=None) -> int:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=count_arg(MIN_FRAMES), default=600,
                        help=f"frames timed at most, at least {MIN_FRAMES} (default 600)")
    parser.add_argument("--game", default="jenga_classic", choices=JENGA)
    parser.add_argument("--seed", type=seed_arg, default=1)
    parser.add_argument("--json", type=output_file, help="also write the result here (its folder must exist)")
    parser.add_argument("--physics", action="store_true", help="time frames while physics steps run")
    parser.add_argument("--switch", type=real_arg(1e-6, 1.0, " s"),
                        help="the screen's switch interval during physics (s, up to 1)")
    args = parser.parse_args(argv)
    if args.json:
        args.json = Path(args.json)
    if args.physics:
        return physics_frames(args)

    pygame.init()
    window = pygame.display.set_mode((1280, 800))
    spec = registry.get(args.game)
    match = Match(spec.make_config(seats=[Seat("A"), Seat("B")]), seed=args.seed)
    screen = screen_for(args.game)(match)
    dt = 1 / 60
    for _ in range(3000):  # build the tower and play the first choices until a block may be pushed
        if screen.job is not None:
            screen.job.thread.join()
        elif match.waiting_for_human() and not screen.animating():
            if match.state.may_extract():
                break
            screen.play(screen.legal[0])  # placing Marios or pegs, choosing characters, climbing
        screen.update(dt)
        screen.draw(window)
    levels = len(match.state.layout)
    screen.update(dt)  # asks for the risk map
    if not screen.risk.busy:
        print("the risk map did not start", file=sys.stderr)
        return 1
    board = screen.rects["board"]
    load_start = round(os.getloadavg()[0], 2)
    times, cpu = [], []
    for k in range(args.frames):
        if not screen.risk.busy:
            break
        t = k * dt
        pos = (int(board.centerx + board.w * 0.25 * math.sin(t * 1.3)),
               int(board.centery + board.h * 0.35 * math.sin(t * 0.7)))
        start_cpu = time.process_time()  # read outside the wall-clock window: on this VM it costs ~1 ms
        start = time.perf_counter()
        screen.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        screen.camera.orbit(0.01)
        screen.update(dt)
        screen.draw(window)
        pygame.display.flip()
        wall = time.perf_counter() - start
        cpu.append((time.process_time() - start_cpu) * 1000)
        times.append(wall * 1000)
    latest = screen.risk.latest  # the tint fills in batch by batch while the frames are timed
    screen.close()
    if len(times) < MIN_FRAMES:
        print(f"the risk map finished after {len(times)} frames: too few to measure", file=sys.stderr)
        return 1
    times.sort()
    result = {"game": args.game, "levels": levels, "size": [1280, 800], "frames": len(times),
              "median_ms": round(statistics.median(times), 2),
              "p95_ms": round(times[int(0.95 * (len(times) - 1))], 2), "max_ms": round(times[-1], 2),
              "cpu_median_ms": round(statistics.median(cpu), 2), "risk_map_busy": True,
              "blocks_tinted_at_end": len(latest.by_block) if latest is not None else 0,
              "load_avg_1min_start": load_start,
              "cpus": os.cpu_count(), "load_avg_1min": round(os.getloadavg()[0], 2)}
    print(json.dumps(result))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


def physics_frames(args) -> int:
    from games.jenga.push import make_extract
    from render.screens.jenga import screen as jenga

    if args.switch is not None:
        jenga.SWITCH_INTERVAL_S = args.switch
    pygame.init()
    window = pygame.display.set_mode((1280, 800))
    spec = registry.get("jenga_classic")
    dt = 1 / 60
    times, start = [], time.perf_counter()
    for seed in range(3):
        match = Match(spec.make_config(seats=[Seat("A"), Seat("B")]), seed=seed)
        screen = screen_for("jenga_classic")(match)
        screen.show_risk = False
        while not (match.waiting_for_human() and screen.job is None):
            if screen.job is not None:
                screen.job.thread.join()
            screen.update(dt)
            screen.draw(window)
        for level in (2, 4):
            for action in (make_extract(level, 1, "+x", 0.03, 0.9), "stack 0"):
                if match.is_over() or not screen.play(action):
                    break
                while screen.job is not None or match.state.phase == "tremor":
                    t0 = time.perf_counter()
                    busy = screen.job is not None
                    screen.update(dt)
                    screen.draw(window)
                    pygame.display.flip()
                    if busy:
                        times.append((time.perf_counter() - t0) * 1000)
                screen.finish_animations()
                screen.update(dt)
        screen.close()
    times.sort()
    result = {"mode": "physics", "switch_interval_s": jenga.SWITCH_INTERVAL_S, "frames": len(times),
              "median_ms": round(statistics.median(times), 2), "p95_ms": round(times[int(0.95 * (len(times) - 1))], 2),
              "max_ms": round(times[-1], 2), "physics_wall_s": round(time.perf_counter() - start, 1),
              "load_avg_1min": round(os.getloadavg()[0], 2)}
    print(json.dumps(result))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
