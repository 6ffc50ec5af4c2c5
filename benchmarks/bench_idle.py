"""What an idle window costs: the app's own loop (App.run) left alone for a while on each screen, with
the CPU time the process used and the frames it drew. A person reading the board or thinking about a
move leaves the window idle most of the time, so this is most of the app's life on a laptop.

Each screen waits for a person: the launcher, and each board and tower with a person in seat 1 against
a bot. The match is first played on (at the app's pace) until it waits for the person with nothing
moving, the risk map of the tower included; then the app's loop runs for --seconds (a timer posts the
window's close event) with SDL's dummy driver, once drawing every frame as before and once with the
idle rate.

    .venv/bin/python benchmarks/bench_idle.py [--seconds 6] [--json FILE]
"""

from __future__ import annotations

import json
import os
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
from render import app as app_module  # noqa: E402
from render.app import App  # noqa: E402
from sim.arguments import Parser, output_file, real_arg  # noqa: E402

SCREENS = {
    "launcher": None,
    "donkey_kong": [Seat("You"), Seat("Greedy bot", "greedy")],
    "monkey_dash": [Seat("You"), Seat("Greedy bot", "greedy")],
    "jenga_classic": [Seat("You"), Seat("Careful bot", "careful")],
}


def measure(name: str, seconds: float, idle: bool) -> dict:
    seats = SCREENS[name]
    match = None if seats is None else Match(registry.get(name).make_config(seats), 1)
    app = App(size=(1280, 800), match=match)
    clock, waited = pygame.time.Clock(), 0.0
    while not app.quiet():  # the bot's first moves, the dice, the first risk map
        for event in pygame.event.get():
            app.handle(event)
        app.tick(clock.tick(60) / 1000.0)
        app.draw()
        waited += 1 / 60
        if waited > 60:
            raise SystemExit(f"{name}: the screen did not come to wait for the person within a minute")
    if not idle:  # the loop as it was: every frame at the full rate
        app.quiet = lambda: False
    frames = 0
    draw = app.draw

    def counted():
        nonlocal frames
        frames += 1
        return draw()

    app.draw = counted
    pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), loops=1)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    app.run()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return {"screen": name, "idle_rate": idle, "wall_s": round(wall, 2), "cpu_s": round(cpu, 2),
            "cpu_share": round(cpu / wall, 3), "frames": frames, "fps": round(frames / wall, 1)}


def main(argv=None) -> int:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=real_arg(0.0, 600.0, " s"), default=6.0,
                        help=f"how long each screen is left idle (more than {app_module.IDLE_AFTER} s, at most 600)")
    parser.add_argument("--json", metavar="FILE", type=output_file,
                        help="also write the figures to FILE (its folder must exist)")
    args = parser.parse_args(argv)
    if args.seconds <= app_module.IDLE_AFTER:
        parser.error(f"--seconds must be more than the {app_module.IDLE_AFTER} s the app waits before idling")
    rows = []
    for name in SCREENS:
        for idle in (False, True):
            row = measure(name, args.seconds, idle)
            rows.append(row)
            print(f"{name:14} {'idle rate' if idle else 'full rate':9}  {row['cpu_share'] * 100:5.1f}% of a core, "
                  f"{row['fps']:5.1f} frames/s over {row['wall_s']} s", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps({"load": os.getloadavg()[0], "rows": rows}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
