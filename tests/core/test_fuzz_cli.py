"""Fuzzing both command lines, every subcommand (issue 17): a bad invocation exits with code 2 and one
line on stderr, never a traceback, a hang or a silent default.

The hostile values are huge (5,001 digits), negative, blank, non-ASCII or malformed numbers, unknown
names, and paths that cannot be read or written (a FIFO, a folder, a file nested too deep, /proc).
Most examples call main() in this process (the same code `python -m games` and `python -m sim` run);
a few go through the real entry points in a subprocess.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import cli as games_cli
from games import registry
from sim import cli as sim_cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = 120  # per command line: the README gives the totals
HUGE = "9" * 5001

BAD_NUMBERS = st.one_of(
    st.sampled_from([HUGE, "-" + HUGE, "-1", "-7", "", " ", "abc", "1e5", "1.5", "٣", "²", "0x10", "nan", "inf",
                     "1_0", "--", "9" * 25]),
    st.text(max_size=12).filter(lambda t: not t.strip().isdigit()),
)
KNOWN = {"human", "classic", "dk", "mario", "remove", "extract"} | {
    n for spec in registry.games().values() for n in (*spec.variants, *spec.bots, spec.name)}
BAD_NAMES = st.one_of(st.sampled_from(["", " ", "wizard", "human,", ",", "RANDOM", "random " * 50, "\n", "é"]),
                      st.text(min_size=1, max_size=16).filter(
                          lambda t: not KNOWN & {t, t.strip(), *(w.strip() for w in t.split(","))}))


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cli")
    fifo = folder / "pipe.json"
    os.mkfifo(fifo)
    deep = folder / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    digits = folder / "digits.json"
    digits.write_text('{"format": "kong-tabletop-match", "seed": ' + HUGE + "}")
    binary = folder / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00\x01")
    return [str(fifo), str(deep), str(digits), str(binary), str(folder), str(folder / "absent.json"), ""]


def _games_argv(draw, files):
    form = draw(st.sampled_from(["players", "games", "seed", "variant", "bot", "bots", "play-seed", "play-variant",
                                 "play-seats", "load", "unknown", "game"]))
    number, name = draw(BAD_NUMBERS), draw(BAD_NAMES)
    game = draw(st.sampled_from(["donkey_kong", "monkey_dash", "jenga_classic"]))
    return {
        "players": ["selfplay", game, "--players", number if draw(st.booleans()) else "9"],
        "games": ["selfplay", game, "--games", draw(st.one_of(BAD_NUMBERS, st.sampled_from(["0", "1000001"])))],
        "seed": ["selfplay", game, "--seed", number],
        "variant": ["selfplay", game, "--variant", name],
        "bot": ["selfplay", game, "--bot", name],
        "bots": ["selfplay", game, "--bots", name],
        "play-seed": ["play", game, "--seed", number, "--terminal"],
        "play-variant": ["play", game, "--variant", name, "--terminal"],
        "play-seats": ["play", game, "--seats", name, "--terminal"],
        "load": ["play", "--load", draw(st.sampled_from(files)), "--terminal"],
        "unknown": [draw(st.sampled_from(["frobnicate", "", "--nope", "selfplay --x"]))],
        "game": [draw(st.sampled_from(["selfplay", "play"])), name, "--terminal"][: 3 if draw(st.booleans()) else 2],
    }[form]


def _sim_argv(draw, files):
    form = draw(st.sampled_from(["remove", "removed", "seed", "levels", "samples", "workers", "variant", "mode",
                                 "json", "plot", "unknown"]))
    number = draw(BAD_NUMBERS)
    address = draw(st.one_of(st.sampled_from([f"{HUGE}:1", f"1:{HUGE}", "99:1", "1:7", "-1:1", "1", ":", "٣:1",
                                              "1:1:1", ""]), st.text(max_size=8).filter(lambda t: ":" not in t)))
    unwritable = draw(st.sampled_from(["/proc/kong.json", "/", "/etc/passwd/x.json", "", files[4]]))
    return {
        "remove": ["check", "--remove", address],
        "removed": ["riskmap", "--removed", address],
        "seed": [draw(st.sampled_from(["check", "riskmap"])), "--seed", number, "--remove", "5:1"],
        "levels": ["check", "--levels", draw(st.one_of(BAD_NUMBERS, st.sampled_from(["2", "99", "0"]))),
                   "--remove", "1:1"],
        "samples": ["riskmap", "--samples", draw(st.one_of(BAD_NUMBERS, st.sampled_from(["0", "1001"])))],
        "workers": ["riskmap", "--workers", draw(st.one_of(BAD_NUMBERS, st.sampled_from(["0", "257"])))],
        "variant": ["check", "--variant", draw(BAD_NAMES), "--remove", "1:1"],
        "mode": ["check", "--mode", draw(BAD_NAMES), "--remove", "1:1"],
        "json": ["bench", "--quick", "--json", unwritable],
        "plot": ["bench", "--quick", "--plot", unwritable],
        "unknown": [draw(st.sampled_from(["frobnicate", "", "check --x", "--help-me"]))],
    }[form]


def _exits_2_with_one_line(main, argv, capsys):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    assert code == 2, (argv, code, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, (argv, err)
    assert "error" in lines[0]


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow,
                                                                        HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_games_command_line_refuses_bad_invocations_in_one_line(data, bad_files, capsys):
    argv = data.draw(st.composite(lambda draw: _games_argv(draw, bad_files))())
    _exits_2_with_one_line(games_cli.main, argv, capsys)


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow,
                                                                        HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_sim_command_line_refuses_bad_invocations_in_one_line(data, bad_files, capsys):
    argv = data.draw(st.composite(lambda draw: _sim_argv(draw, bad_files))())
    _exits_2_with_one_line(sim_cli.main, argv, capsys)


@pytest.mark.parametrize("module, args", [
    ("games", ["play", "--load", "FIFO", "--terminal"]),
    ("games", ["selfplay", "donkey_kong", "--bot", ""]),
    ("games", ["selfplay", "donkey_kong", "--seed", HUGE]),
    ("games", ["play", "--load", "DEEP", "--terminal"]),
    ("sim", ["riskmap", "--workers", "-1"]),
    ("sim", ["check", "--remove", f"{HUGE}:1"]),
    ("sim", ["check", "--seed", "-3", "--remove", "5:1"]),
    ("sim", ["bench", "--quick", "--json", "/proc/kong.json"]),
])
def test_the_real_entry_points_exit_2_with_one_line(module, args, bad_files):
    args = [bad_files[0] if a == "FIFO" else bad_files[1] if a == "DEEP" else a for a in args]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    env.pop("DISPLAY", None)
    out = subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True,
                         timeout=60, env=env, stdin=subprocess.DEVNULL)
    assert out.returncode == 2, out
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr
