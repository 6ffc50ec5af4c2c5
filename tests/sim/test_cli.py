"""`python -m sim`: JSON output of check and riskmap, and every bad input gives one line and exit code 2."""

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.physics  # every test here steps PyBullet (sim's command line: in a child process)


def run(*args):
    return subprocess.run([sys.executable, "-m", "sim", *args], capture_output=True, text=True)


def test_check_json_reports_the_first_collapse():
    out = run("check", "--remove", "8:0", "--remove", "8:2", "--remove", "8:1", "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["collapsed"] is True and result["collapsed_at"] == 2
    for key in ("max_displacement_mm", "max_tilt_deg", "sim_s", "wall_ms"):
        assert isinstance(result[key], float)


def test_check_standing_tower():
    out = run("check", "--tower", "mario", "--remove", "5:1", "--json")
    result = json.loads(out.stdout)
    assert result["collapsed"] is False and result["collapsed_at"] is None and result["tower"] == "mario"
    assert result["outcome"] in ("at rest", "rocking", "time") and result["on_floor"] == []


def test_check_json_says_the_levels_the_outcome_and_the_blocks_on_the_floor():
    """A simulator audit: `check --levels 10 ... --json` read like an 18-level run, and the last run's outcome
    and the blocks on the floor (Verdict.to_json has both) were left out; the help did not say what
    collapsed_at counts from."""
    out = run("check", "--levels", "10", "--remove", "8:0", "--remove", "8:1", "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["levels"] == 10 and result["collapsed_at"] == 1 and result["outcome"] == "fallen"
    assert set(result["fallen"]) == {"9:0", "9:1", "9:2"} and result["on_floor"] == []
    assert "collapsed_at (the index into removals, from 0" in " ".join(run("check", "--help").stdout.split())


def test_the_older_variant_flag_still_names_the_tower():
    out = run("check", "--variant", "mario", "--remove", "5:1", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["tower"] == "mario"


def test_riskmap_json_lists_every_removable_block():
    """--json is one object that says which tower and pushes made the rows (a simulator audit: a bare list
    of rows did not say its tower, seed or samples), with the rows under "blocks"."""
    out = run("riskmap", "--levels", "4", "--samples", "1", "--json", "--workers", "1", "--seed", "3",
              "--removed", "0:1")
    assert out.returncode == 0, out.stderr
    made = json.loads(out.stdout)
    rows = made.pop("blocks")
    assert made == {"tower": "classic", "seed": 3, "levels": 4, "removed": ["0:1"], "samples": 1,
                    "speed_m_s": 0.1, "every_push": False, "asked": None}
    assert [(r["level"], r["pos"]) for r in rows] == [(l, p) for l in range(3) for p in range(3) if (l, p) != (0, 1)]
    assert all(0.0 <= r["p_collapse"] <= 1.0 and r["push_force_n"] >= 0.0 and r["in_play"] for r in rows)


def test_riskmap_of_chosen_blocks_at_a_chosen_speed_with_every_push():
    # --block maps only the blocks named; --every-push runs all --samples pushes (no early stop), so each
    # row says it ran them all; --speed is the nominal push's speed. The same rows as the library's map.
    out = run("riskmap", "--block", "5:1", "--block", "2:0", "--samples", "2", "--speed", "0.08",
              "--every-push", "--json", "--workers", "1")
    assert out.returncode == 0, out.stderr
    made = json.loads(out.stdout)
    rows = made["blocks"]
    assert made["asked"] == ["5:1", "2:0"]  # the --block list, as given
    assert [(r["level"], r["pos"]) for r in rows] == [(2, 0), (5, 1)]
    assert all(r["samples_run"] == 2 and r.pop("in_play") is True for r in rows)
    from sim import Tower, load_spec, risk_map
    spec = load_spec("classic")
    assert rows == risk_map(spec, Tower(spec, 0), samples=2, speed=0.08, blocks=[(5, 1), (2, 0)], prune=False,
                            workers=1)


def test_riskmap_maps_a_block_out_of_play_as_the_library_does_and_says_so():
    """--block 17:0 (the fresh tower's top level) was refused as 'out of play' while risk_map(blocks=[(17, 0)])
    mapped it. How likely a push is to topple the tower is physics; whether the rules let a player take the
    block is the game's business: the command maps it as the library does and marks the row."""
    out = run("riskmap", "--block", "17:0", "--block", "16:2", "--samples", "2", "--json", "--workers", "1")
    assert out.returncode == 0, out.stderr
    top, below = sorted(json.loads(out.stdout)["blocks"], key=lambda r: r["level"], reverse=True)
    assert top.pop("in_play") is False and below.pop("in_play") is True
    from sim import Tower, load_spec, risk_map
    spec = load_spec("classic")
    assert [top] == risk_map(spec, Tower(spec, 0), samples=2, blocks=[(17, 0)], workers=1)
    assert [below] == risk_map(spec, Tower(spec, 0), samples=2, blocks=[(16, 2)], workers=1)

    table = run("riskmap", "--block", "17:0", "--block", "16:2", "--samples", "2", "--workers", "1")
    assert table.returncode == 0, table.stderr
    lines = table.stdout.splitlines()
    assert len(lines) == 3 and lines[2].startswith(" 17:0 ") and lines[2].endswith("  out of play by the rules")
    assert lines[1].startswith(" 16:2 ") and "out of play" not in lines[1]


@pytest.mark.physics
def test_tower_is_named_in_any_case():
    """'Classic' or ' DK ' names a tower as 'classic' and 'dk' do; a word that names none is quoted as typed."""
    out = run("check", "--tower", " Classic", "--levels", "4", "--remove", "1:0", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["tower"] == "classic"
    wrong = run("check", "--tower", "Lego", "--remove", "1:1")
    assert wrong.returncode == 2 and "invalid choice: 'Lego'" in wrong.stderr


@pytest.mark.parametrize("args, message", [
    (["check", "--remove", "8:3"], "position 3 does not exist"),
    (["check", "--remove", "30:1"], "level 30 does not exist"),
    (["check", "--remove", "4:1", "--remove", "4:1"], "already gone"),
    (["check", "--remove", "eight"], "bad block address"),
    (["check", "--tower", "lego", "--remove", "1:1"], "invalid choice"),
    (["check"], "required"),
    (["riskmap", "--samples", "0"], "--samples"),
    (["riskmap", "--removed", "2:x"], "bad block address"),
    (["riskmap", "--block", "18:0"], "level 18 does not exist"),
    (["riskmap", "--block", "3:9"], "position 9 does not exist"),
    (["riskmap", "--removed", "4:1", "--block", "4:1"], "already gone"),
    # mapped once while the JSON's "asked" listed it twice (a research audit)
    (["riskmap", "--block", "5:1", "--block", "5:1"], "bad --block: 5:1 is given twice (each block is mapped once)"),
    (["riskmap", "--speed", "0.5"], "expected a speed from 0.005 to 0.2 m/s"),
    (["riskmap", "--speed", "fast"], "expected a speed in m/s"),
    (["check", "--levels", "99", "--remove", "1:1"], "--levels"),
    # one range for the flag, the tower's own: '--levels 0' said 'from 3 to 10000' (a research audit)
    (["check", "--levels", "0", "--remove", "1:1"], "--levels must be between 3 and 18 for classic, got 0"),
    (["check", "--tower", "mario", "--levels", "-2", "--remove", "1:1"],
     "--levels must be between 3 and 15 for mario, got -2"),
    (["check", "--levels", "ten", "--remove", "1:1"],
     "expected a whole number of levels, from 3 up to the tower's own (classic 18, dk 18, mario 15), not 'ten'"),
    (["census", "--seeds", "9-2"], "bad --seeds '9-2': the range ends before it starts"),
    (["census", "--seeds", "zero"], "bad --seeds 'zero'"),
    (["census", "--variant", "lego"], "invalid choice"),
    (["census", "--workers", "0"], "argument --workers: expected a whole number from 1 to 256, not '0'"),
    (["census", "--workers", "abc"], "argument --workers: expected a whole number, not 'abc'"),
    (["bench", "--quick", "--peers"], "unrecognized arguments: --peers"),
    (["sweep", "--task", "census"], "the following arguments are required: --out"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    out = run(*args)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]
    # the line names the command, as `python -m games` does (it said 'python -m sim: error' for the
    # command's own faults: an audit)
    assert lines[0].startswith(f"python -m sim {args[0]}: error: "), lines[0]


def test_a_line_without_a_command_is_refused_by_the_program():
    from sim.cli import COMMAND_NAMES, build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert tuple(sub.choices) == COMMAND_NAMES
    for args in ([], ["lego"], ["--bogus"]):
        out = run(*args)
        assert out.returncode == 2 and out.stderr.startswith("python -m sim: error: "), out.stderr


def test_help_on_each_command():
    for cmd in ("check", "riskmap", "census", "bench", "sweep"):
        out = run(cmd, "--help")
        assert out.returncode == 0 and "usage: python -m sim " + cmd in out.stdout
