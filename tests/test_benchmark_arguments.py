"""The scripts in benchmarks/ refuse a bad argument at once: one line on stderr naming it, exit code 2, no
traceback, and no work started (nothing on stdout, no output file or folder made). Before, a negative or
zero count ran with nonsense figures or ended in a traceback, a reversed --seeds range ran nothing or
crashed, an output file in a missing folder was found out only after the whole run, and two scripts took
no arguments at all (anything typed was ignored and the long run started)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sim import arguments

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"
SCRIPTS = sorted(p.stem for p in BENCHMARKS.glob("*.py") if not p.stem.startswith("_"))  # _name: a helper the scripts import
MISSING = "MISSING/x.json"   # a file in a folder that does not exist (made absolute under tmp_path)

# the positional arguments a script needs before it can be told about an option
NEEDS = {"dk_ladder": ["greedy,random"], "dk_game_lengths": ["random,random", "1", "rulebook"],
         "jenga_ladder": ["--pair", "careful,random"],
         "jenga_ladder_replay": [str(ROOT / "benchmarks/results/jenga_dk_careful_easy_careful_67aa17e.jsonl")]}


@pytest.fixture(autouse=True)
def scratch(tmp_path_factory, monkeypatch):
    """The scripts' own temporary folders (some make one as they start) go under pytest's, not /tmp."""
    monkeypatch.setenv("TMPDIR", str(tmp_path_factory.mktemp("scratch")))


def run(script: str, *args: str, cwd: Path = ROOT) -> tuple[subprocess.CompletedProcess, float]:
    start = time.monotonic()
    out = subprocess.run([sys.executable, str(BENCHMARKS / f"{script}.py"), *args], cwd=cwd, text=True,
                         capture_output=True, timeout=60, env=dict(os.environ))
    return out, time.monotonic() - start


def refused(out: subprocess.CompletedProcess, seconds: float, *words: str) -> str:
    """Exit code 2 within seconds, one line on stderr holding every word, nothing on stdout."""
    assert out.returncode == 2, (out.returncode, out.stdout[-500:], out.stderr[-2000:])
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr
    for word in words:
        assert word in lines[0], lines[0]
    assert "error:" in lines[0], lines[0]
    assert out.stdout.strip() == "", out.stdout[-500:]
    assert seconds < 20, f"took {seconds:.1f} s to refuse: work started first"
    return lines[0]


def test_every_script_is_covered():
    """A script added to benchmarks/ without its case below would go unchecked."""
    assert set(SCRIPTS) == {s for s, *_ in CASES}, set(SCRIPTS) ^ {s for s, *_ in CASES}


@pytest.mark.parametrize("script", SCRIPTS)
def test_an_unknown_option_is_refused_and_help_works(script):
    """dk_trajectory_digests.py --bogus started its long run; sim_peers.py --bogus did nothing and exited 0;
    dk_game_lengths.py printed its whole docstring; the others printed argparse's usage lines."""
    refused(*run(script, *NEEDS.get(script, []), "--bogus"), "--bogus")
    helped = run(script, "--help")[0]
    assert helped.returncode == 0 and helped.stdout.startswith("usage:"), helped.stderr[-2000:]
    # the description is whole sentences: ladder_monkey_dash.py's stopped at "once with each bot in" (the first
    # line of its docstring: a bots audit)
    described = " ".join(helped.stdout.split("\n\n")[1].split())
    assert described.endswith((".", ")", ":", "?")), described


CASES = [
    # (script, arguments, words the one line holds); MISSING is a file in a folder that does not exist
    ("balance_monkey_dash", ["--games", "-1"], ["--games", "'-1'"]),   # ran and printed nonsense, rc 0
    ("balance_monkey_dash", ["--games", "0"], ["--games"]),
    ("balance_monkey_dash", ["--json", MISSING], ["there is no folder"]),
    ("balance_monkey_dash", ["--variants", "standard,nope"], ["--variants", "nope"]),
    ("balance_monkey_dash", ["--bot", "nope"], ["--bot", "nope"]),
    ("balance_monkey_dash", ["--board", "MISSING/board.json"], ["--board", "cannot be read"]),
    ("bench_donkey_kong", ["--games", "0"], ["--games"]),                # ZeroDivisionError after the run
    ("bench_donkey_kong", ["--games", "-1"], ["--games"]),               # 'engine_games_per_s': -122129.9
    ("bench_donkey_kong", ["--players", "5"], ["--players"]),
    ("bench_donkey_kong", ["--selfplay-games", "0"], ["--selfplay-games"]),
    ("bench_idle", ["--json", MISSING], ["--json", "there is no folder"]),   # traceback after 20 s of work
    ("bench_idle", ["--seconds", "nan"], ["--seconds"]),
    ("bench_live_push", ["--speed", "0"], ["--speed"]),
    ("bench_live_push", ["--seed", "-1"], ["--seed"]),
    ("bench_live_push", ["--game", "donkey_kong"], ["--game"]),
    ("bench_monkey_dash", ["--json", MISSING], ["--json", "there is no folder"]),  # traceback after 17 s
    ("bench_monkey_dash", ["--random-games", "0"], ["--random-games"]),
    ("bench_monkey_dash", ["--versus", "-1"], ["--versus"]),
    ("bench_render", ["--frames", "1"], ["--frames"]),
    ("bench_render", ["--json", MISSING], ["--json", "there is no folder"]),
    ("bench_risk_fill", ["--seed", "-1"], ["--seed"]),
    ("bench_risk_fill", ["--benchmark-nice", "-5"], ["--benchmark-nice"]),
    ("bench_tower_view", ["--frames", "10"], ["--frames"]),
    ("bench_tower_view", ["--json", MISSING], ["--json", "there is no folder"]),
    ("bench_tower_view", ["--switch", "0"], ["--switch"]),
    ("bench_window_fill", ["--seconds", "0.5"], ["--seconds"]),
    ("bench_window_fill", ["--seed", "x"], ["--seed"]),
    ("dk_game_lengths", ["random,random", "0", "rulebook"], ["games", "'0'"]),
    ("dk_game_lengths", ["random,nope", "3", "rulebook"], ["unknown bot 'nope'"]),
    ("dk_ladder", ["greedy,random", "--seeds", "5-2"], ["--seeds", "the range ends before it starts"]),
    ("dk_ladder", ["greedy,random", "--workers", "0"], ["--workers"]),
    ("dk_ladder", ["greedy,random", "--log", MISSING], ["--log", "there is no folder"]),
    ("dk_ladder", ["clever,random"], ["unknown bot 'clever'"]),
    ("dk_trajectory_digests", ["--games", "3"], ["--games"]),
    ("sim_riskmap", ["--seed", "3"], ["unrecognized arguments: --seed"]),   # read as --seeds (no abbreviations)
    ("jenga_dk_reach", ["--games", "-1"], ["--games"]),                  # IndexError traceback
    ("jenga_dk_reach", ["--players", "9"], ["--players"]),
    ("jenga_dk_top", ["--games", "-1"], ["--games"]),                    # ran 0 games, rc 0
    ("jenga_dk_top", ["--bot", "nope"], ["unknown bot 'nope'"]),
    ("jenga_ladder", ["--pair", "careful,random", "--games", "0"], ["--games"]),
    ("jenga_ladder", ["--pair", "careful,random", "--out", MISSING], ["--out", "there is no folder"]),
    ("jenga_ladder", ["--pair", "careful,nope"], ["--pair"]),
    ("jenga_ladder_replay", ["MISSING/rows.jsonl"], ["cannot be read"]),
    ("jenga_ladder_replay", [str(ROOT / "README.md")], ["cannot read", "README.md"]),
    ("jenga_ladder_replay", [*NEEDS["jenga_ladder_replay"], "--count", "0"], ["--count"]),
    ("jenga_ladder_replay", [*NEEDS["jenga_ladder_replay"], "--out", MISSING], ["--out", "there is no folder"]),
    ("jenga_pro_height", ["--games", "0"], ["--games"]),
    ("jenga_pro_height", ["--out", MISSING], ["--out", "there is no folder"]),
    ("ladder_monkey_dash", ["--seeds", "0"], ["--seeds"]),
    ("ladder_monkey_dash", ["--out", MISSING], ["--out", "there is no folder"]),
    ("ladder_monkey_dash", ["--summary", "MISSING/rows.jsonl"], ["--summary", "cannot be read"]),
    ("replay_monkey_dash", ["--games", "1/2"], ["first_seat"]),
    ("replay_monkey_dash", ["--games", "1/0", "--out", MISSING], ["--out", "there is no folder"]),
    ("replay_monkey_dash", ["--slowest", "x", "MISSING/l.jsonl"], ["--slowest"]),
    ("sim_bench", ["--json", MISSING], ["--json", "there is no folder"]),
    ("sim_bench", ["--plot", "p.txt"], ["--plot", "does not end in .png"]),
    ("sim_census_windows", ["--seeds", "5-2"], ["--seeds", "the range ends before it starts"]),
    ("sim_census_windows", ["--window", "0"], ["--window"]),
    ("sim_oracle", ["--seeds", "5-2"], ["--seeds", "the range ends before it starts"]),  # IndexError
    ("sim_oracle", ["--json", MISSING], ["--json", "there is no folder"]),   # found out after the run
    ("sim_oracle", ["--limit", "0"], ["--limit"]),
    ("sim_peers", ["--remove", "99:9"], ["--remove"]),
    ("sim_put_back", ["--seeds", "5-2"], ["--seeds", "the range ends before it starts"]),
    ("sim_put_back", ["--depth", "40"], ["--depth", "from 1 to 35 mm"]),
    ("sim_put_back", ["--variant", "wood"], ["--variant"]),
    ("sim_push_style", ["--seeds", "5-2"], ["--seeds", "the range ends before it starts"]),  # empty table
    ("sim_push_style", ["--json", MISSING], ["--json", "there is no folder"]),
    ("sim_push_style", ["--workers", "0"], ["--workers"]),
    ("sim_push_style", ["--style", "a=x"], ["--style"]),
    ("sim_riskmap", ["--seeds", "5-2"], ["--seeds", "the range ends before it starts"]),   # ValueError
    ("sim_riskmap", ["--brute", "0"], ["--brute"]),
    ("sim_riskmap_brute", ["--seeds", "5-2"], ["--seeds", "the range ends before it starts"]),  # no output
    ("sim_riskmap_brute", ["--out", MISSING], ["--out", "there is no folder"]),
    ("sim_riskmap_brute", ["--speed", "1"], ["--speed"]),
    ("sim_riskmap_grade", ["--samples", "0"], ["--samples"]),
    ("sim_riskmap_grade", ["--verify", "-1"], ["--verify"]),
    ("sim_riskmap_policies", ["--orders", "0"], ["--orders"]),
    ("sim_riskmap_policies", ["--cache", "MISSING/c.json"], ["no brute-force cache"]),
    ("sim_riskmap_sides", ["--rounds", "0"], ["--rounds"]),
    ("sim_riskmap_sides", ["--samples", "1"], ["--samples"]),
    ("sim_solver_convergence", ["--seeds", "5-2"], ["--seeds", "the range ends before it starts"]),
    ("sim_solver_convergence", ["--pushes", "9"], ["--pushes"]),
    ("sim_tall", ["--seeds", "5-2"], ["--seeds", "the range ends before it starts"]),   # 'built 36 levels: 0 of 0'
    ("sim_tall", ["--levels", "5"], ["--levels"]),
]


@pytest.mark.parametrize("script, args, words", CASES, ids=[f"{s} {' '.join(a)}" for s, a, _ in CASES])
def test_a_bad_argument_is_refused_before_any_work(tmp_path, script, args, words):
    """Each of these ran with nonsense, crashed with a traceback, or (an output file in a missing folder)
    was found out only after the whole run."""
    args = [str(tmp_path / a) if "MISSING/" in a else a for a in args]
    refused(*run(script, *args, cwd=tmp_path), *words)
    assert not (tmp_path / "MISSING").exists()
    assert not any(p.name != "MISSING" for p in tmp_path.iterdir()), list(tmp_path.iterdir())   # nothing written


def test_an_output_file_is_left_as_it_was_when_the_run_is_refused(tmp_path):
    """The output check opens the file to see that it can be written: an existing file keeps its bytes."""
    out = tmp_path / "rows.jsonl"
    out.write_bytes(b"my own notes, no newline")
    refused(*run("jenga_ladder", "--pair", "careful,random", "--games", "0", "--out", str(out)), "--games")
    refused(*run("ladder_monkey_dash", "--out", str(out)), "--out", "not a ladder file", "left as it is")
    assert out.read_bytes() == b"my own notes, no newline"


@pytest.mark.parametrize("content", [b'{"a": 1}\n', b"[1, 2]\n", b"{bad", b"", b"\xff\xfe\x00binary"],
                         ids=["another object", "a list", "not JSON", "empty", "binary"])
def test_a_file_that_is_not_a_cache_or_rows_is_named_in_one_line_and_left_as_it_is(tmp_path, content):
    """An audit (5 Dec, sixth session): the caches of sim_riskmap_policies.py and sim_riskmap_sides.py, and
    the rows of dk_ladder.py --log and jenga_pro_height.py --out, gave a traceback when the file was anything
    else; and the rows were appended to a file of notes. Each is now refused in one line, the file kept."""
    bad = tmp_path / "other.json"
    bad.write_bytes(content)
    if content:  # an empty file is no cache, but an empty file of rows is one to start
        refused(*run("sim_riskmap_policies", "--cache", str(bad)), "--cache", "not a brute-force cache")
        refused(*run("sim_riskmap_sides", "--cache", str(bad)), "--cache", "not a brute-force cache")
        refused(*run("dk_ladder", "random,greedy", "--seeds", "0-0", "--log", str(bad), "--resume"), "--log",
                "left as it is")
        refused(*run("dk_ladder", "random,greedy", "--seeds", "0-0", "--log", str(bad)), "--log", "left as it is")
        refused(*run("jenga_pro_height", "--bot", "random", "--games", "1", "--out", str(bad)), "--out",
                "not a file of game rows", "left as it is")
        refused(*run("jenga_ladder", "--pair", "random,random", "--rows", str(bad)), "--rows",
                "not a file of game rows")
    else:
        refused(*run("sim_riskmap_policies", "--cache", str(bad)), "--cache", "not a brute-force cache")
    assert bad.read_bytes() == content


def test_a_cache_of_partial_towers_only_is_refused_in_one_line(tmp_path):
    """A bad-input audit stopped benchmarks/sim_riskmap_brute.py early: its cache held partial towers only, and
    sim_riskmap_policies.py printed numpy warnings, "0 towers" and a table of nan, sim_riskmap_sides.py nothing, both
    with exit code 0."""
    partial = tmp_path / "partial.json"
    partial.write_text('{"towers": {"classic-3": {"complete": false, "variant": "classic", "seed": 3, "blocks": []}}}')
    for script in ("sim_riskmap_policies", "sim_riskmap_sides"):
        refused(*run(script, "--cache", str(partial)), "--cache", "holds no complete tower")


# ---- the shared types in sim.arguments, called directly ------------------------------------------------

def test_the_shared_types_refuse_in_words_and_take_good_values():
    """The scripts had int(), float() and their own seed splitting: '-1' and '0' counts, '5-2' ranges and
    'nan' numbers went through (or raised a bare ValueError)."""
    count = arguments.count_arg()
    assert count("3") == 3 and count(" 12 ") == 12
    for bad in ("0", "-1", "ten", "1.5", "٣", "", "99999999999"):
        with pytest.raises(argparse.ArgumentTypeError, match="expected a whole number from 1 to"):
            count(bad)
    assert arguments.count_arg(0)("0") == 0
    seeds = arguments.seeds_arg()
    assert seeds("0-3") == [0, 1, 2, 3] and seeds("5") == [5] and seeds("0-1,7") == [0, 1, 7]
    for bad, why in (("5-2", "the range ends before it starts"), ("1,1", "given twice"), ("a-b", "write A-B")):
        with pytest.raises(argparse.ArgumentTypeError, match=why):
            seeds(bad)
    real = arguments.real_arg(1.0, 600.0, " s")
    assert real("2.5") == 2.5
    for bad in ("nan", "inf", "0.5", "x"):
        with pytest.raises(argparse.ArgumentTypeError, match="expected a number from 1 to 600 s"):
            real(bad)


def test_the_file_types_check_the_folder_and_touch_nothing(tmp_path):
    with pytest.raises(argparse.ArgumentTypeError, match="there is no folder"):
        arguments.output_file(str(tmp_path / "missing" / "x.json"))
    with pytest.raises(argparse.ArgumentTypeError, match="is a folder"):
        arguments.output_file(str(tmp_path))
    assert arguments.output_file(str(tmp_path / "new.json")) == str(tmp_path / "new.json")
    assert not (tmp_path / "new.json").exists()      # tried for real, and removed
    kept = tmp_path / "kept.json"
    kept.write_bytes(b"abc")
    arguments.output_file(str(kept))
    assert kept.read_bytes() == b"abc"
    with pytest.raises(argparse.ArgumentTypeError, match="cannot be read"):
        arguments.input_file(str(tmp_path / "nope.json"))
    assert arguments.input_file(str(kept)) == str(kept)


def test_the_parser_says_one_line_and_names_the_option_once(capsys):
    """argparse's own parser printed its usage lines before the error."""
    p = arguments.Parser(prog="script.py")
    p.add_argument("--seeds", type=arguments.seeds_arg(), default="0-3")
    p.add_argument("--games", type=arguments.count_arg())
    with pytest.raises(SystemExit) as exc:
        p.parse_args(["--seeds", "5-2"])
    assert exc.value.code == 2
    assert capsys.readouterr().err == "script.py: error: bad --seeds '5-2': the range ends before it starts\n"
    with pytest.raises(SystemExit, match="--games: expected a whole number") as exc:
        p.parse_args(["--games", "-1"])
    assert exc.value.code == 2
    assert capsys.readouterr().err == ("script.py: error: argument --games: expected a whole number from 1 to "
                                       f"{arguments.MAX_COUNT}, not '-1'\n")
    assert p.parse_args([]).seeds == [0, 1, 2, 3]


@pytest.mark.parametrize("script", ["bench_idle", "bench_render", "bench_window_fill"])
def test_a_window_benchmark_leaves_no_data_folder_behind(tmp_path, script):
    """A long-session audit found 26 kong-bench-* folders in /tmp: the window benchmarks made a data folder for
    the app (KONG_TABLETOP_HOME) with mkdtemp, even when one was named, and never removed it. Now one is made
    only when none is named, and removed when the benchmark ends (here a refused argument ends it at once)."""
    env = {k: v for k, v in os.environ.items() if k != "KONG_TABLETOP_HOME"}
    env.update(TMPDIR=str(tmp_path), SDL_VIDEODRIVER="dummy")
    bad = ["--seconds", "0.5"] if script != "bench_render" else ["--frames", "1"]
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / f"{script}.py"), *bad], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2, out.stderr
    assert list(tmp_path.iterdir()) == []
