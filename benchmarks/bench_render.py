"""Frame time of the board screens at 1280x800, headless: how long one frame's update and drawing take.

Each board plays a fixed-seed bot game at the app's normal pace (bots, dice and animations included)
while the pointer sweeps over the board. Frames are paced at 60 per second as in the app, and the
work of every frame (events, update, draw, flip) is timed. The target is at most 16 ms per frame.
Run:

    SDL_VIDEODRIVER=dummy .venv/bin/python benchmarks/bench_render.py [--frames 600] [--json FILE]
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no greeting line in the middle of --json output
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
from _scratch import scratch_home  # noqa: E402 (benchmarks/ is the script's own directory)

scratch_home()
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from games import registry  # noqa: E402
from games.core import Seat  # noqa: E402
from games.match import Match  # noqa: E402
from render.app import App  # noqa: E402
from sim.arguments import Parser, count_arg, output_file  # noqa: E402

BOARDS = {
    "donkey_kong": [Seat("Greedy bot 1", "greedy"), Seat("Random bot", "random"), Seat("Greedy bot 2", "greedy"),
                    Seat("Random bot 2", "random")],
    "monkey_dash": [Seat("Greedy bot", "greedy"), Seat("Random bot", "random")],
}


def measure(game: str, frames: int, size=(1280, 800), seed: int = 7) -> dict:
    spec = registry.get(game)
    app = App(size=size, match=Match(spec.make_config(BOARDS[game]), seed))
    times = []
    dt = 1 / 60
    clock = pygame.time.Clock()
    for i in range(frames):
        clock.tick(60)  # paced like the app's loop, so a bot thinking on its thread gets the idle time
        t0 = time.perf_counter()
        x = 40 + (i * 13) % (size[0] - 80)
        y = 100 + (i * 7) % (size[1] - 200)
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
        app.tick(dt)
        app.draw()
        pygame.display.flip()
        times.append((time.perf_counter() - t0) * 1000)
        if app.screen.match.is_over() and app.screen.show_result:
            app.screen.show_result = False  # keep drawing the board, not the result panel
            app.screen.result_hidden = True
    first = times.pop(0)  # loads the fonts and draws the static board once
    times.sort()
    return {"game": game, "frames": frames, "size": list(size), "first_frame_ms": round(first, 2),
            "mean_ms": round(statistics.fmean(times), 2), "median_ms": round(statistics.median(times), 2),
            "p95_ms": round(times[int(0.95 * (len(times) - 1))], 2), "max_ms": round(times[-1], 2),
            "actions_played": len(app.screen.match.history)}


def main(argv=None) -> int:
    p = Parser(description=__doc__.split("\n\n")[0])
    p.add_argument("--frames", type=count_arg(2), default=600,
                   help="frames per board, at least 2 (default 600, ten seconds of play)")
    p.add_argument("--json", type=output_file, help="also write the results to this JSON file (its folder must exist)")
    args = p.parse_args(argv)
    results = [measure(game, args.frames) for game in BOARDS if game in registry.games()]
    for r in results:
        ok = "ok" if r["p95_ms"] <= 16 else "SLOW"
        print(f"{r['game']:12s} {r['size'][0]}x{r['size'][1]}: mean {r['mean_ms']} ms, median {r['median_ms']} ms, "
              f"95th percentile {r['p95_ms']} ms, worst {r['max_ms']} ms over {r['frames'] - 1} frames "
              f"(first frame {r['first_frame_ms']} ms) "
              f"({r['actions_played']} actions played) [{ok}]")
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": platform.platform(), "python": platform.python_version(),
                                               "pygame": pygame.version.ver, "results": results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
