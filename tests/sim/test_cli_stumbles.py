"""`python -m sim` stumbles found by a QA pass: a sweep never damages a file it did not write, Ctrl-C keeps
every tower finished, an unreachable cluster or a bad picture path is refused at once in one line, and a
full disk is one line too."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import as_from_a_terminal, interrupt_when, one_line

pytestmark = pytest.mark.physics  # the sweeps step PyBullet (in a child process)

ROOT = Path(__file__).resolve().parents[2]
TINY = ["sweep", "--task", "census", "--set", "levels=3"]  # a census of 3-level towers: a tenth of a second each


def run(*args, stdout=None):
    return subprocess.run([sys.executable, "-m", "sim", *args], cwd=ROOT, text=True, timeout=300,
                          stdout=stdout or subprocess.PIPE, stderr=subprocess.PIPE)


def rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


# ---- item 1: a file that is not a sweep's output is refused and left alone -----------------------

@pytest.mark.parametrize("content", [
    b"notes for Tuesday\nthe census looked odd\n",
    b"notes without a newline at the end",
    b'{\n  "format": "kong-tabletop-match",\n  "actions": []\n}\n',        # a saved match
    b'{"format": "kong-tabletop-match", "actions": []}',                    # on one line, no newline
    b"",                                                                    # (empty: taken, see below)
])
def test_sweep_refuses_a_file_that_is_not_its_output(tmp_path, content):
    path = tmp_path / "precious.json"
    path.write_bytes(content)
    out = run(*TINY, "--seeds", "0", "--out", str(path), "--executor", "serial")
    if not content:
        assert out.returncode == 0, out.stderr
        assert [r["seed"] for r in rows(path)] == [0]
        return
    one_line(out, str(path), "is not the output of a sweep", "left as it is")
    assert path.read_bytes() == content


def test_sweep_refuses_the_rows_of_another_task_and_keeps_its_own(tmp_path):
    path = tmp_path / "c.jsonl"
    assert run(*TINY, "--seeds", "0-1", "--out", str(path), "--executor", "serial").returncode == 0
    whole = path.read_bytes()
    out = run("sweep", "--task", "riskmap", "--seeds", "0", "--out", str(path), "--executor", "serial")
    one_line(out, "holds the rows of a census sweep, not riskmap")
    assert path.read_bytes() == whole

    # a damaged line in the middle is not a half-written last line: refused, nothing cut
    lines = whole.splitlines(keepends=True)
    path.write_bytes(lines[0][:40] + b"\n" + lines[1])
    out = run(*TINY, "--seeds", "0-1", "--out", str(path), "--executor", "serial")
    one_line(out, "line 1 is not a sweep's row")
    assert path.read_bytes() == lines[0][:40] + b"\n" + lines[1]

    # a half-written last line is dropped; a whole last row without its newline is kept
    for cut, ran in ((whole[:-40], 1), (whole[:-1], 0)):
        path.write_bytes(cut)
        out = run(*TINY, "--seeds", "0-1", "--out", str(path), "--executor", "serial")
        assert out.returncode == 0, out.stderr
        assert out.stdout.startswith(f"{ran} tower{'' if ran == 1 else 's'} run")
        assert [r["seed"] for r in rows(path)] == [0, 1]


# ---- item 2: Ctrl-C ------------------------------------------------------------------------------

def test_ctrl_c_stops_a_sweep_promptly_and_keeps_every_finished_tower(tmp_path):
    path = tmp_path / "s.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "sim", *TINY, "--seeds", "0-399", "--workers", "2",
                             "--out", str(path)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True, preexec_fn=as_from_a_terminal)
    def two_rows() -> bool:
        return path.exists() and path.read_bytes().count(b"\n") >= 2

    out, err = interrupt_when(proc, two_rows)
    before = 2
    assert proc.returncode == 130
    kept = rows(path)  # every line whole
    assert before <= len(kept) < 400
    assert err.strip() == (f"python -m sim sweep: interrupted: {len(kept)} towers written to {path} this run; "
                           "run the same command again to go on")
    assert len({r["seed"] for r in kept}) == len(kept)


# ---- item 3: an unreachable Ray cluster ------------------------------------------------------------

def test_sweep_on_an_unreachable_ray_cluster_fails_at_once_and_writes_nothing(tmp_path):
    pytest.importorskip("ray", reason="the [ray] extra (make test installs it)")
    path = tmp_path / "r.jsonl"
    # before the fix Ray waited minutes for the cluster (run()'s own timeout then fails the test)
    out = run(*TINY, "--seeds", "0", "--out", str(path), "--executor", "ray", "--address", "127.0.0.1:1")
    one_line(out, "cannot reach the Ray cluster at 127.0.0.1:1")
    assert not path.exists()

    path.write_bytes(b'{"cpu_s": 0.1, "resu')  # a half-written row stays until the sweep can run
    out = run(*TINY, "--seeds", "0", "--out", str(path), "--executor", "ray", "--address", "127.0.0.1:1")
    one_line(out, "cannot reach the Ray cluster")
    assert path.read_bytes() == b'{"cpu_s": 0.1, "resu'


# ---- items 4 and 8: bad paths and numbers, refused up front ----------------------------------------

@pytest.mark.parametrize("args, words", [
    (["bench", "--quick", "--plot", "PLOT.txt"], ["does not end in .png, .svg or .pdf (the picture's format"]),
    (["bench", "--quick", "--plot", "/proc/p.png"], ["'/proc/p.png' cannot be written"]),
    (["bench", "--quick", "--plot", "MISSING/p.png"], ["cannot be written (there is no folder"]),
    (["bench", "--quick", "--json", "B.json", "--plot", "PLOT"], ["does not end in .png, .svg or .pdf"]),
    (["census", "--workers", "1000"], ["--workers: expected a whole number from 1 to 256"]),
    (["sweep", "--seeds", "0", "--out", "OUT", "--executor", "serial", "--workers", "3"],
     ["--workers sets the processes", "--executor serial runs every tower in this one process"]),
    (["sweep", "--seeds", "0", "--out", "OUT", "--address", ""], ["--address", "not an empty string"]),
])
def test_bad_input_is_refused_before_any_work(tmp_path, args, words):
    names = {"PLOT.txt": tmp_path / "p.txt", "PLOT": tmp_path / "p", "B.json": tmp_path / "b.json",
             "OUT": tmp_path / "o.jsonl", "MISSING/p.png": tmp_path / "missing" / "p.png"}
    args = [str(names.get(a, a)) for a in args]
    out = run(*args)
    one_line(out, *words)
    assert out.stdout == ""  # refused before any work: nothing measured, nothing printed or written
    assert not any(p.exists() for p in names.values()) and not (tmp_path / "missing").exists()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_is_one_line(tmp_path):
    with open("/dev/full", "w") as full:
        out = run("check", "--levels", "4", "--remove", "1:1", "--json", stdout=full)
    one_line(out, "cannot write the output", "No space left on device")


def test_a_closed_pipe_ends_quietly():
    read, write = os.pipe()
    os.close(read)  # the reader has gone, as `| head -1` goes after its line
    try:
        out = subprocess.run([sys.executable, "-m", "sim", "check", "--levels", "4", "--remove", "1:1"], cwd=ROOT,
                             stdout=write, stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write)
    assert out.stderr == "" and out.returncode == 141


def test_a_negative_block_address_is_named_as_a_bad_block_not_a_missing_argument():
    """'--remove -1:0' read as an option: argparse said only 'argument --remove: expected one argument'."""
    one_line(run("check", "--remove", "-1:0"), "bad block address '-1:0'")
    one_line(run("riskmap", "--block", "-2:1", "--samples", "1"), "bad block address '-2:1'")


def test_seeds_out_of_range_or_not_ascii_are_named_so(tmp_path):
    """A seed past 2^63 - 1 was told to 'write A-B' (it was written so); a range of 10^11 seeds was built
    as a list before it was counted; census took '٣' (an Arabic-Indic three) for a seed."""
    out = tmp_path / "s.jsonl"
    one_line(run("sweep", "--task", "census", "--seeds", "9223372036854775808", "--out", str(out)),
             "seeds run from 0 to 9223372036854775807")
    one_line(run("sweep", "--task", "census", "--seeds", "0-99999999999", "--out", str(out)),
             "at most 10000000 seeds at once")
    one_line(run("census", "--seeds", "9223372036854775808"), "seeds run from 0 to")
    one_line(run("census", "--seeds", "٣"), "bad --seeds")
    assert not out.exists()


def test_check_refuses_a_block_the_tower_lacks_even_after_a_collapse():
    """'--remove 8:0 --remove 8:1 --remove 99:0' stopped at the collapse and exited 0, never reading 99:0."""
    one_line(run("check", "--remove", "8:0", "--remove", "8:1", "--remove", "99:0"), "level 99 does not exist")


# ---- a second audit: the words of check and riskmap, blank lines, a seed given twice, --json's folder,
# ---- the help texts, census's seeds, and --address without Ray --------------------------------------

def test_check_counts_removals_from_one_and_names_the_standing_blocks_figures():
    """'FELL at removal 0 (1:1); largest displacement 0.03 mm': removals were counted from 0, and the
    figures (those of the blocks left standing, Verdict.max_displacement_mm) read as the fallen blocks'.
    The --json field collapsed_at keeps its meaning (the 0-based index into removals, docs/sim.md)."""
    out = run("check", "--levels", "3", "--mode", "extract", "--remove", "1:1")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "FELL at removal 1 of 1 (1:1)" in text, text
    # the fall is called at the first block past the limit: the others' figures may be of blocks on their way down
    assert "; fallen: 2:" in text and "(past the fall limit when the fall was called; the run stops there: " in text
    assert "the other blocks moved at most " in text and " mm and tilted at most " in text, text
    assert "some perhaps still coming down" in text, text
    assert "largest displacement" not in text

    result = json.loads(run("check", "--levels", "3", "--mode", "extract", "--remove", "1:1", "--json").stdout)
    assert result["collapsed"] is True and result["collapsed_at"] == 0 and result["fallen"]


def test_check_follows_a_fall_when_asked_and_lists_the_blocks_that_came_down():
    """An engineer's audit: a fall is called at the first block past the limit and the run stops, so on
    seed 0 (8:1, 3:0 and 12:2 pulled) 'fallen' named only 4:2 while the top of the tower was on its way down,
    counted among the 'standing' blocks that moved 94 mm. --follow S goes on with the fall (the API's
    follow_s) and names the blocks past the limit where they lie at its end."""
    pulls = ["--mode", "extract", "--remove", "8:1", "--remove", "3:0", "--remove", "12:2", "--json"]
    called = json.loads(run("check", *pulls).stdout)
    followed = json.loads(run("check", *pulls, "--follow", "2").stdout)
    assert called["collapsed"] and followed["collapsed"] and called["collapsed_at"] == followed["collapsed_at"] == 1
    assert len(called["fallen"]) < 5 and len(followed["fallen"]) > 30, (called["fallen"], followed["fallen"])
    assert followed["max_displacement_mm"] < called["max_displacement_mm"]
    text = run("check", *pulls[:-1], "--follow", "2").stdout
    assert "after following the fall for 2 s, fallen: " in text and "still coming down" not in text, text
    for bad in ("-1", "11", "nan", "soon"):
        refused = run("check", "--remove", "1:1", "--follow", bad)
        assert refused.returncode == 2 and "--follow" in refused.stderr and "Traceback" not in refused.stderr


def test_riskmap_table_and_help_say_the_distance_is_the_standing_blocks():
    out = run("riskmap", "--levels", "3", "--block", "0:1", "--samples", "1", "--workers", "1")
    assert out.returncode == 0, out.stderr
    header = out.stdout.splitlines()[0]
    assert "standing moved mm" in header and "others" not in header, header
    helped = " ".join(run("riskmap", "--help").stdout.split())
    assert "standing moved mm" in helped and "left standing" in helped
    assert "still coming down when the fall was called count as standing" in helped
    # --seed draws the pushes too (an engineer's audit: the help named only the tower)
    assert "the seed of the pushes' perturbations" in helped


def test_sweep_reads_past_blank_lines_in_its_output(tmp_path):
    """A file ending with blank lines was refused: 'line 3 is not a sweep's row'."""
    path = tmp_path / "s.jsonl"
    assert run(*TINY, "--seeds", "0", "--out", str(path), "--executor", "serial").returncode == 0
    row = path.read_bytes()
    path.write_bytes(b"\n  \n" + row + b"\n\t\n\n")       # blank lines before, after and between rows
    out = run(*TINY, "--seeds", "0-1", "--out", str(path), "--executor", "serial")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("1 tower run, 1 already in")
    assert [json.loads(line)["seed"] for line in path.read_text().splitlines() if line.strip()] == [0, 1]
    path.write_bytes(row + b"\n" + row[:40] + b"\n" + row)  # a damaged row is still named by its line
    one_line(run(*TINY, "--seeds", "0-1", "--out", str(path), "--executor", "serial"), "line 3 is not a sweep's row")


@pytest.mark.parametrize("args, seed", [
    (["sweep", "--task", "census", "--seeds", "0,0"], 0),
    (["sweep", "--task", "census", "--seeds", "0-5,7,3-4"], 3),
    (["sweep", "--task", "census", "--seeds", "9,8-12"], 9),
    (["census", "--seeds", "2,2"], 2),
])
def test_a_seed_given_twice_is_refused_before_any_work(tmp_path, args, seed):
    """'--seeds 0,0' ran the same tower twice and wrote two rows of it."""
    path = tmp_path / "s.jsonl"
    out = run(*args, *(["--out", str(path)] if args[0] == "sweep" else []))
    one_line(out, "bad --seeds", f"seed {seed} is given twice")
    assert out.stdout == "" and not path.exists()


def test_census_takes_the_seeds_sweep_takes():
    from sim.cli import UsageError, parse_seeds
    from sim.sweep import parse_seeds as sweep_seeds

    for text in ("0,1", "3", "0-2,7", " 4 , 6-7 "):
        assert parse_seeds(text) == sweep_seeds(text)
    assert parse_seeds("0-2,7") == [0, 1, 2, 7]
    with pytest.raises(UsageError, match="at most 1000 seeds"):
        parse_seeds("0-999,5000")
    helped = " ".join(run("census", "--help").stdout.split())
    assert "comma list" in helped

    out = run("census", "--tower", "mario", "--seeds", "0,1", "--workers", "1", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["seeds"] == [0, 1]

    # the table names the seeds as given: a comma list is not shown as the range between its ends
    from sim.census import format_table, seed_text

    assert [seed_text(s) for s in ([0, 5], [0, 1, 2, 7], [9], [0, 1, 2, 7, 9, 10])] == ["0,5", "0-2,7", "9", "0-2,7,9-10"]
    summary = json.loads(out.stdout)
    assert format_table(dict(summary, seeds=[0, 5])).startswith("mario towers, seeds 0,5: ")
    # a simulator audit (6 Dec): one seed read "seeds 0:", and the "real" column of Super Mario's plastic
    # blocks held the wooden towers' figures without a word
    table = format_table(dict(summary, seeds=[0]))
    assert table.startswith("mario towers, seed 0: ") and "real: wooden towers" in table.splitlines()[1]
    assert "real: wooden" not in format_table(dict(summary, variant="classic"))
    # and the risk map's help says what 0.90 means, the check's what push extract makes
    risk_help = " ".join(run("riskmap", "--help").stdout.split())
    assert "reads 0.90, the test's estimate after four falls in four (not nine falls in ten)" in risk_help
    assert "0.02 m/s" in " ".join(run("check", "--help").stdout.split())


def test_the_help_states_the_speed_range_the_default_task_and_the_quick_bench_time():
    from sim.arguments import MIN_SPEED_M_S
    from sim.riskmap import MAX_NOMINAL_SPEED_M_S

    risk = " ".join(run("riskmap", "--help").stdout.split())
    assert f"from {MIN_SPEED_M_S:g} to {MAX_NOMINAL_SPEED_M_S:g} m/s" in risk, risk
    sweep = " ".join(run("sweep", "--help").stdout.split())
    assert "(default riskmap)" in sweep, sweep
    bench = " ".join(run("bench", "--help").stdout.split())
    assert "s on 2 cores" in bench and "minute" not in bench, bench


def test_bench_refuses_a_json_file_in_a_folder_that_does_not_exist(tmp_path):
    """'bench --quick --json /nonexistent/x.json' ran the whole benchmark, then made the folder."""
    for args in (["bench", "--quick", "--json"], ["sweep", *TINY[1:], "--seeds", "0", "--out"]):
        out = run(*args, str(tmp_path / "missing" / "x.json"))
        one_line(out, "cannot be written (there is no folder")
        assert out.stdout == "" and not (tmp_path / "missing").exists()


def test_bench_refuses_to_overwrite_a_file_that_is_not_a_benchmark_result(tmp_path):
    """'bench --json notes.txt' ran the benchmark and then replaced the notes with its JSON."""
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    out = run("bench", "--quick", "--json", str(notes))
    one_line(out, "exists and is not an earlier result of python -m sim bench")
    assert notes.read_text() == "my notes\n" and out.stdout == ""


def test_bench_may_replace_an_earlier_result_of_its_own():
    from sim.cli import bench_json_path

    earlier = sorted((ROOT / "benchmarks" / "results").glob("sim_bench_*.json"))
    assert earlier
    assert bench_json_path(str(earlier[0])) == str(earlier[0])


@pytest.mark.parametrize("executor", ["serial", "process", None])
def test_sweep_refuses_an_address_without_ray(tmp_path, executor):
    path = tmp_path / "s.jsonl"
    out = run(*TINY, "--seeds", "0", "--out", str(path), *(["--executor", executor] if executor else []),
              "--address", "foo:1")
    one_line(out, "--address", "--executor ray")
    assert out.stdout == "" and not path.exists()


def test_a_census_sweep_run_again_with_other_samples_finds_its_towers_done(tmp_path):
    """--samples is the risk map's pushes per block; a census touches every block once whatever it says.
    Rerun with --samples 3, a census sweep ran its towers again and the file held each tower twice; then it was
    taken and ignored (a research audit). Now refused, the file as it was; without it the rerun finds them done."""
    path = tmp_path / "c.jsonl"
    assert run(*TINY, "--seeds", "0-1", "--out", str(path), "--executor", "serial").returncode == 0
    kept = path.read_bytes()
    out = run(*TINY, "--seeds", "0-1", "--samples", "3", "--out", str(path), "--executor", "serial")
    one_line(out, "--samples sets the risk map's pushes per block")
    assert path.read_bytes() == kept
    out = run(*TINY, "--seeds", "0-1", "--out", str(path), "--executor", "serial")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("0 towers run, 2 already in")
    assert [r["seed"] for r in rows(path)] == [0, 1]


def test_the_help_names_every_command_and_the_bench_draws_no_bars_into_a_log(tmp_path):
    helped = " ".join(run("--help").stdout.split())
    for word in ("collapse checks", "risk maps", "touch censuses", "sweeps", "benchmark"):
        assert word in helped, helped
    # the benchmark's progress bar (benchmarks/sim_bench.py) goes to a terminal only: a log got 2.8 KB of bars
    code = ("import sys; sys.path.insert(0, 'benchmarks'); import sim_bench; p = sim_bench.Progress(3); "
            "[p.step('x') for _ in range(3)]; p.close()")
    log = tmp_path / "err.log"
    with open(log, "w") as err:
        subprocess.run([sys.executable, "-c", code], cwd=ROOT, stderr=err, check=True, timeout=120)
    assert log.read_text() == ""
