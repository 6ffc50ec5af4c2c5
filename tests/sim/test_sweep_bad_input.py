"""`python -m sim sweep` and a file that is not its output, found by a bad-input audit: a last line that is whole
JSON is never cut off as 'half-written', a row with no result is no finished tower, and a grid that would
run a tower twice (a --set value or a --tower given twice) is refused in one line before any work."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sim import sweep
from tests.conftest import one_line

ROOT = Path(__file__).resolve().parents[2]
TINY = ["sweep", "--task", "census", "--set", "levels=3"]  # a census of 3-level towers: a tenth of a second each


def run(*args):
    return subprocess.run([sys.executable, "-m", "sim", *args], cwd=ROOT, text=True, timeout=300,
                          capture_output=True)


@pytest.fixture(scope="module")
def real_row(tmp_path_factory) -> bytes:
    """One row as a sweep writes it (seed 0 of TINY), with its newline."""
    path = tmp_path_factory.mktemp("row") / "r.jsonl"
    out = run(*TINY, "--seeds", "0", "--out", str(path), "--executor", "serial")
    assert out.returncode == 0, out.stderr
    return path.read_bytes()


# ---- a last line without its newline that is whole JSON is someone's, not a half-written row --------------

NOT_ROWS = [
    b'{"seed": 1, "note": "my precious measurements"}',       # the audit's file: truncated to the new row
    b'{"task": "census", "note": "kept by hand"}',
    b'{"cpu_s": 3}',
    b'{"result": [1, 2, 3]}',
    b'{"seed": "\xc3\xa9t\xc3\xa9',                             # not JSON, but not ASCII: not a row of ours
]


@pytest.mark.physics  # the sweep (in a child process) would step PyBullet if it ran
@pytest.mark.parametrize("mine", NOT_ROWS)
def test_a_file_whose_last_line_starts_like_a_row_but_is_not_one_is_refused_and_kept(tmp_path, mine):
    """Before: a last line with no newline that started like a row ('{"seed"...') was taken for a
    half-written row and cut off, the sweep ran and the user's line was gone (exit code 0)."""
    path = tmp_path / "p.jsonl"
    path.write_bytes(mine)
    out = run(*TINY, "--seeds", "0", "--out", str(path), "--executor", "serial")
    one_line(out, str(path), "is not the output of a sweep", "line 1", "left as it is")
    assert out.stdout == ""
    assert path.read_bytes() == mine


@pytest.mark.physics
def test_after_real_rows_a_last_line_that_is_whole_json_is_not_cut(tmp_path, real_row):
    """Before: the same line after a sweep's own rows was dropped just as silently."""
    path = tmp_path / "p.jsonl"
    content = real_row + b'{"seed": 1, "note": "my precious measurements"}'
    path.write_bytes(content)
    out = run(*TINY, "--seeds", "0-1", "--out", str(path), "--executor", "serial")
    one_line(out, "is not the output of a sweep", "line 2 is not a sweep's row")
    assert path.read_bytes() == content

    # a row really cut short (not whole JSON, ASCII, the start of a row) is still dropped, and the sweep goes on
    path.write_bytes(real_row + real_row[:30])
    out = run(*TINY, "--seeds", "0-1", "--out", str(path), "--executor", "serial")
    assert out.returncode == 0, out.stderr
    assert [json.loads(line)["seed"] for line in path.read_text().splitlines()] == [0, 1]


# ---- a row that is not a finished tower's ------------------------------------------------------------------

@pytest.mark.physics
@pytest.mark.parametrize("change, why", [
    ({"result": None, "cpu_s": "x"}, "its result is null"),
    ({"result": None}, "its result is null"),
    ({"result": [1]}, "its result is not an object"),
    ({"seed": "zero"}, "its seed 'zero' is not a seed"),
    ({"seed": -1}, "its seed -1 is not a seed"),
    ({"seed": True}, "its seed True is not a seed"),
    ({"cpu_s": "x"}, "its cpu_s 'x' is not a number"),
    ({"tower": "nope"}, "its tower is not one of"),
    ({"settings": []}, "its settings are not an object"),
])
def test_a_row_without_a_result_is_not_counted_as_done(tmp_path, real_row, change, why):
    """Before: a row whose result was null counted as done ('0 towers run, 1 already in'), so its tower never
    got a result; a row whose seed was 'zero' was taken as a row."""
    row = {**json.loads(real_row), **change}
    content = (json.dumps(row, sort_keys=True) + "\n").encode()
    path = tmp_path / "s.jsonl"
    path.write_bytes(content)
    out = run(*TINY, "--seeds", "0", "--out", str(path), "--executor", "serial")
    one_line(out, "is not the output of a sweep", "line 1 is not a sweep's row", why)
    assert path.read_bytes() == content


def test_read_rows_takes_its_own_rows_and_names_the_bad_one(tmp_path):
    """read_rows on its own (no run): whole rows count, a cut last row is dropped, a null result refuses."""
    row = {"task": "census", "tower": "classic", "seed": 0, "settings": {"levels": 3}, "samples": 8,
           "result": {"rows": []}, "cpu_s": 0.1}
    line = json.dumps(row, sort_keys=True).encode()
    path = tmp_path / "s.jsonl"
    path.write_bytes(line + b"\n" + line.replace(b'"seed": 0', b'"seed": 1')[:25])
    keys, keep = sweep.read_rows(path, "census")
    assert len(keys) == 1 and keep == len(line) + 1
    path.write_bytes(line + b"\n" + line.replace(b'{"rows": []}', b"null"))
    with pytest.raises(sweep.SweepError, match="line 2 is not a sweep's row: its result is null"):
        sweep.read_rows(path, "census")


# ---- a grid that would run a tower twice -------------------------------------------------------------------

@pytest.mark.parametrize("args, words", [
    (["--set", "tolerance_mm.height_sd=0.1,0.1"], ["bad --set", "the value '0.1' is given twice"]),
    (["--set", "tolerance_mm.height_sd=0.1,0.10"], ["the value '0.10' is given twice"]),
    (["--set", "levels=3,3.0"], ["the value '3.0' is given twice"]),
    (["--tower", "classic", "--tower", "classic"], ["bad --tower", "classic is given twice"]),
    (["--tower", "classic", "--variant", "mario", "--tower", "classic"], ["classic is given twice"]),
])
def test_a_value_or_tower_given_twice_is_refused_before_any_work(tmp_path, args, words):
    """Before: '--set tolerance_mm.height_sd=0.1,0.1' and '--tower classic --tower classic' ran the same tower
    twice and wrote two identical rows (a seed given twice was refused already)."""
    path = tmp_path / "s.jsonl"
    out = run("sweep", "--task", "census", "--seeds", "0", "--out", str(path), "--executor", "serial", *args)
    one_line(out, *words, "(each tower runs once)")
    assert out.stdout == "" and not path.exists()


@pytest.mark.physics
def test_a_rerun_that_spells_a_value_otherwise_finds_its_towers_done(tmp_path):
    """A research audit: a census sweep with --set levels=3 and the same command again with levels=3.0 ran the
    tower a second time and wrote a second, identical row; the file is to end "with every tower exactly
    once", and 3 and 3.0 make the same tower (one command refuses '3,3.0' as a value given twice)."""
    path = tmp_path / "s.jsonl"
    first = run("sweep", "--task", "census", "--set", "levels=3", "--seeds", "0", "--out", str(path),
                "--executor", "serial")
    assert first.returncode == 0, first.stderr
    again = run("sweep", "--task", "census", "--set", "levels=3.0", "--seeds", "0", "--out", str(path),
                "--executor", "serial")
    assert again.returncode == 0, again.stderr
    assert len(path.read_text().splitlines()) == 1
    assert "0 towers run, 1 already in" in again.stdout + again.stderr
    row = json.loads(path.read_text())
    assert sweep.job_key(row) == sweep.job_key(dict(row, settings={"levels": 3.0}))
    assert sweep.job_key(row) != sweep.job_key(dict(row, settings={"levels": True}))


def test_values_that_make_other_towers_are_kept_apart():
    assert sweep.parse_setting("levels=3,4") == ("levels", [3, 4])
    assert sweep.parse_setting("physics.friction_anchor=true,1") == ("physics.friction_anchor", [True, 1])
    for same in ("x=a,a", 'x=a,"a"', "x=[1],[1]"):
        with pytest.raises(sweep.SweepError, match="given twice"):
            sweep.parse_setting(same)


def test_the_summary_counts_one_tower_in_the_singular():
    """'1 towers run' (sweep.summary is the line; python -m sim prints its own, see the report)."""
    assert sweep.summary({"ran": 1, "skipped": 2, "towers": 3, "out": "f.jsonl"}) == \
        "1 tower run, 2 already in f.jsonl, 3 in the sweep"
    assert sweep.summary({"ran": 0, "skipped": 1, "towers": 1, "out": "f"}).startswith("0 towers run")


def test_samples_with_a_census_is_refused_not_ignored(tmp_path):
    """A research audit: `sweep --task census --samples 4` ran and exited 0, --samples silently ignored (a census
    touches every block once). Refused before any work; a risk map's sweep still takes it."""
    path = tmp_path / "c.jsonl"
    out = run(*TINY, "--samples", "4", "--seeds", "0", "--out", str(path), "--executor", "serial")
    one_line(out, "--samples sets the risk map's pushes per block; --task census touches every block once")
    assert not path.exists()
    helped = run("sweep", "--help")
    assert "--task riskmap (default 8; not for census)" in " ".join(helped.stdout.split())


def test_a_census_rows_samples_are_null_and_the_files_of_earlier_versions_still_read(tmp_path):
    """A research audit: a census sweep's rows said "samples": 8 (the risk map's default) though a census touches
    every block once and refuses --samples; read as 8 pushes a block. Its rows now say null; a file written
    before, with 8, still resumes; a risk map's row still needs its whole number."""
    jobs = sweep.grid("census", ["classic"], [0, 1], [], 8)
    assert [j["samples"] for j in jobs] == [None, None]
    assert [j["samples"] for j in sweep.grid("riskmap", ["classic"], [0], [], 8)] == [8]
    rows = [{"task": "census", "tower": "classic", "seed": s, "settings": {}, "samples": n, "result": {"rows": []},
             "cpu_s": 0.1} for s, n in ((0, None), (1, 8))]
    path = tmp_path / "s.jsonl"
    path.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in rows))
    keys, _ = sweep.read_rows(path, "census")
    assert len(keys) == 2 and {sweep.job_key(j) for j in jobs} == set(keys)
    bad = dict(rows[0], task="riskmap")
    path.write_text(json.dumps(bad, sort_keys=True) + "\n")
    with pytest.raises(sweep.SweepError, match="its samples null is not a whole number of at least 1"):
        sweep.read_rows(path, "riskmap")
