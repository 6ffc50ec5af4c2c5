"""The app's own CPU in a real window while the risk tint fills a fresh tower and the pointer moves.

    DISPLAY=:99 .venv/bin/python benchmarks/bench_window_fill.py [--json] [--seconds 15] [--seed 3]

bench_risk_fill.py draws with SDL's dummy driver, which shows the drawing's cost but not the cost of
putting each frame in a window. This one runs the app itself (render.app.App, its own loop, in the
window of whatever display SDL finds: run it under Xvfb or on a desktop) on a fresh classic tower
(`--seats human,careful`), waits until the risk map has been asked for, then for `--seconds` posts a
pointer motion over the tower every 1/60 s from another thread (SDL's event queue takes them from any
thread), and measures the app process's CPU time (time.process_time: every thread of the process, not
the risk worker's processes) against the wall time. SDL_FRAMEBUFFER_ACCELERATION as the app sets it
unless the environment sets it. Prints one JSON object (--json) or a table: seconds, app_cpu_s,
app_cpu_share, frames (drawn by the app's loop), blocks_known and blocks (how far the map got), the
video driver, and the load (`os.getloadavg`) before and after.
"""

from __future__ import annotations

import json
import math
import os
import sys
import threading
import time

from _scratch import scratch_home  # benchmarks/ is the script's own directory

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no greeting line in the middle of --json output
import pygame  # noqa: E402

from games import registry
from games.cli import _seats_from
from games.match import Match
from render.app import App
from sim.arguments import Parser, real_arg, seed_arg


def main(argv=None) -> int:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seconds", type=real_arg(1.0, 600.0, " s"), default=15.0,
                        help="how long the pointer moves, 1 to 600 (default 15)")
    parser.add_argument("--seed", type=seed_arg, default=3)
    args = parser.parse_args(argv)
    scratch_home("bench-window-")  # its autosave
    spec = registry.get("jenga_classic")
    app = App(match=Match(spec.make_config(_seats_from("human,careful", spec)), args.seed))
    screen = app.screen
    frames = [0]
    draw = app.draw

    def counted_draw():
        frames[0] += 1
        return draw()

    app.draw = counted_draw
    out: dict = {"driver": pygame.display.get_driver(), "seed": args.seed,
                 "framebuffer_acceleration": os.environ.get("SDL_FRAMEBUFFER_ACCELERATION")}
    load_before = os.getloadavg()

    def pointer():
        deadline = time.perf_counter() + 120.0
        while not screen.risk.busy and time.perf_counter() < deadline and app.running:
            time.sleep(0.05)  # the tower is built and the map asked for
        board = screen.rects["board"]
        f0, c0, t0 = frames[0], time.process_time(), time.perf_counter()
        while app.running and (t := time.perf_counter() - t0) < args.seconds:
            pos = (int(board.centerx + board.w * 0.12 * math.sin(t * 1.3)),
                   int(board.centery + board.h * 0.35 * math.sin(t * 0.7)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            time.sleep(1 / 60)
        wall = time.perf_counter() - t0
        latest = screen.risk.latest
        out.update(seconds=round(wall, 2), app_cpu_s=round(time.process_time() - c0, 2),
                   frames=frames[0] - f0, blocks=getattr(latest, "total", None),
                   blocks_known=len(latest.by_block) if latest is not None else 0)
        out["app_cpu_share"] = round(out["app_cpu_s"] / wall, 3)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=pointer, daemon=True).start()
    app.run()
    out["load_1min"] = [round(load_before[0], 2), round(os.getloadavg()[0], 2)]
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key:26s} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
