"""Sweeps: risk maps or touch censuses over many towers, one JSON line per tower, resumable.

    python -m sim sweep --task riskmap --tower classic --seeds 0-999 --out maps.jsonl
    python -m sim sweep --task census --seeds 0-99 --set tolerance_mm.height_sd=0.1,0.17,0.25 --out c.jsonl

A sweep is the grid of every tower, every seed and every combination of the `--set` values (a
field of the tower's JSON spec, dotted, given a list of values). Each tower is one job for the
executor (sim.executor: a local process pool by default, or Ray), and each finished tower is appended
to the output as one JSON line and flushed at once. Run the same command again after an interruption
and the towers already in the file are skipped (a half-written last line is dropped first), so the
file ends with every tower exactly once. Blank lines in the file are passed over; a file that holds
anything else but this kind of sweep's rows is refused and left untouched. Only a last line that is not
whole JSON can be a half-written row: a last line that is whole JSON but no row (someone's own notes,
a row with no result) is refused with the rest of the file, never cut off.
"""

from __future__ import annotations

import copy
import itertools
import json
import os
import time
from pathlib import Path
from typing import Callable, Sequence

from .arguments import MAX_SEED, shown
from .spec import ASSETS, TOWERS, SimError, parse_spec

TASKS = ("riskmap", "census")


class SweepError(SimError):
    """A sweep that cannot run as asked: a bad grid, a field the spec does not have, an unusable file."""


def _digits(word: str) -> bool:
    """A seed as typed: ASCII digits only (not '٣'), and not a number longer than any seed."""
    return word.isascii() and word.isdigit() and len(word) <= 25


MAX_SEEDS = 10_000_000
"""The most seeds one --seeds takes (a sweep's; census takes fewer): counted before the list is made."""


def parse_seeds(text: str, most: int = MAX_SEEDS) -> list[int]:
    """'0-999', '5' or '1,4,9' (or a mix, '0-9,20') as a list of seeds, in the order given: the --seeds
    of python -m sim sweep and census. A seed given twice is refused (its tower would run twice)."""
    runs: list[tuple[int, int]] = []
    count = 0
    for part in text.split(","):
        part = part.strip()
        lo, sep, hi = part.partition("-")
        if not _digits(lo.strip()) or (sep and not _digits(hi.strip())):
            raise SweepError(f"bad --seeds {shown(text)}: write A-B, a single seed, or a comma list, e.g. 0-9,20")
        a, b = int(lo), int(hi) if sep else int(lo)
        if b < a:
            raise SweepError(f"bad --seeds {shown(part)}: the range ends before it starts")
        if b > MAX_SEED:
            raise SweepError(f"bad --seeds {shown(part)}: seeds run from 0 to {MAX_SEED}")
        count += b - a + 1
        if count > most:   # counted before the list is made, not after
            raise SweepError(f"bad --seeds {shown(text)}: at most {most} seeds at once")
        runs.append((a, b))
    reach = -1
    for a, b in sorted(runs):   # by start: a run that starts within the ones before it repeats its first seed
        if a <= reach:
            raise SweepError(f"bad --seeds {shown(text)}: seed {a} is given twice (each tower runs once)")
        reach = max(reach, b)
    return [seed for a, b in runs for seed in range(a, b + 1)]


def _same(a, b) -> bool:
    """Whether two --set values make the same tower: equal (0.1 and 0.10, 1 and 1.0); a bool is the same
    only as a bool, and a word only as a word."""
    if isinstance(a, bool) != isinstance(b, bool) or isinstance(a, str) != isinstance(b, str):
        return False
    return a == b


def parse_setting(text: str) -> tuple[str, list]:
    """'tolerance_mm.height_sd=0.1,0.17' as ('tolerance_mm.height_sd', [0.1, 0.17]). A value given twice
    is refused, as a seed given twice is (its towers would run twice and be written twice)."""
    path, sep, values = text.partition("=")
    if not sep or not path or not values:
        raise SweepError(f"bad --set {shown(text)}: write FIELD=V1,V2 with a dotted field of the tower spec")
    out = []
    for v in values.split(","):
        try:
            value = json.loads(v)
        except (ValueError, RecursionError):   # not JSON (or a number too long): the spec's check names it
            value = v
        if any(_same(value, before) for before in out):
            raise SweepError(f"bad --set {shown(text)}: the value {shown(v.strip())} is given twice "
                             "(each tower runs once)")
        out.append(value)
    return path, out


def _spec_data(tower: str) -> dict:
    if tower not in TOWERS:
        raise SweepError(f"unknown tower {tower!r}; choose from {', '.join(TOWERS)}")
    return json.loads((ASSETS / f"{tower}.json").read_text(encoding="utf-8"))


def spec_with(tower: str, settings: dict):
    """The named tower's spec with the dotted fields changed, checked like a spec file."""
    data = copy.deepcopy(_spec_data(tower))
    for path, value in settings.items():
        node = data
        keys = path.split(".")
        for k in keys[:-1]:
            if not isinstance(node.get(k), dict):
                raise SweepError(f"--set {path}: the {tower} spec has no section {k!r}")
            node = node[k]
        if keys[-1] not in node:
            raise SweepError(f"--set {path}: the {tower} spec has no field {keys[-1]!r}")
        node[keys[-1]] = value
    return parse_spec(data, where=f"{tower} spec with {settings}" if settings else tower)


def grid(task: str, towers: Sequence[str], seeds: Sequence[int], settings: Sequence[tuple[str, list]],
         samples: int) -> list[dict]:
    """Every job of the sweep, in a fixed order; each is checked (its spec parses) before any runs."""
    if task not in TASKS:
        raise SweepError(f"unknown task {task!r}; choose from {', '.join(TASKS)}")
    names = [p for p, _ in settings]
    if len(set(names)) != len(names):
        raise SweepError("each --set field may be given once")
    for i, tower in enumerate(towers):
        if tower in towers[:i]:
            raise SweepError(f"bad --tower: {tower} is given twice (each tower runs once)")
    combos = [dict(zip(names, values)) for values in itertools.product(*[v for _, v in settings])] or [{}]
    for v in towers:
        for combo in combos:
            spec_with(v, combo)
    # a census touches every block once: its rows say no samples (null), where they said the risk map's default
    # 8, read as 8 pushes a block (a research audit)
    return [{"task": task, "tower": v, "seed": s, "settings": combo, "samples": samples if task == "riskmap" else None}
            for v in towers for combo in combos for s in seeds]


def job_key(job: dict) -> str:
    """What names a tower's row: its task, tower, seed and settings, and for a risk map its pushes per
    block. A census touches every block once whatever --samples says, so a rerun with another --samples
    finds its towers done (it ran them all again, and the file held each tower twice)."""
    samples = job["samples"] if job["task"] == "riskmap" else None
    # a whole-valued number as a float, as _same reads them: --set height_sd=1 and =1.0 make the same tower, and
    # a rerun with the other spelling ran it again (a research audit); a bool stays a bool
    settings = {k: float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v
                for k, v in job["settings"].items()}
    return json.dumps([job["task"], job["tower"], job["seed"], settings, samples], sort_keys=True)


def run_job(job: dict) -> dict:
    """One tower: its risk map or its census, as one JSON-able row (the job's fields included)."""
    from .tower import Tower

    spec = spec_with(job["tower"], job["settings"])
    start = time.process_time()
    if job["task"] == "riskmap":
        from .riskmap import risk_map

        tower = Tower(spec, seed=job["seed"])
        in_play = set(tower.removable())
        rows = risk_map(spec, tower, samples=job["samples"], seed=job["seed"], workers=1)
        # the rows riskmap --json prints (an audit: a program reading both met no in_play in the sweep's)
        rows = [dict(row, in_play=(row["level"], row["pos"]) in in_play) for row in rows]
        result = {"blocks": rows,
                  "mean_p_collapse": round(sum(r["p_collapse"] for r in rows) / len(rows), 6),
                  "risky_blocks": sum(r["p_collapse"] > 0 for r in rows)}
    else:
        from . import census

        result = census.census_tower(spec, job["seed"])
    return {**job, "result": result, "cpu_s": round(time.process_time() - start, 3)}


ROW_FIELDS = ("task", "tower", "seed", "settings", "samples", "result")


def read_rows(path: Path, task: str | None = None) -> tuple[set[str], int]:
    """The keys of the towers already in an output file, and how many of its bytes to keep: all of them,
    or all but a half-written last line (a row cut short by an interruption: no newline at its end, not
    whole JSON, and the start of a row as this module writes one). A last line that is whole JSON is never
    half-written: a row is kept, anything else refuses the file. Blank (whitespace-only) lines are passed
    over, wherever they are. Reads only; refuses, naming the file and the line, one that is not this
    kind of sweep's output (a row with no result, or a seed that is no seed, is not a row)."""
    if not path.exists():
        return set(), 0
    if path.is_dir():
        raise SweepError(f"{path} is a folder, not an output file")
    raw = path.read_bytes()
    *lines, last = raw.split(b"\n")
    keys = set()
    if last and _half_row(last):
        raw = raw[: len(raw) - len(last)]  # the half-written last line: dropped when the sweep starts writing
    elif last:
        lines.append(last)
    for number, line in enumerate(lines, 1):
        if not line.strip():   # a blank line (an editor's, or a file joined by hand) holds no tower
            continue
        row = _row(line)
        if row is None:
            value = _parsed(line)
            why = "" if value is None else _not_row(value)
            raise SweepError(f"{path} is not the output of a sweep (line {number} is not a sweep's row"
                             f"{': ' + why if why else ''}); it is left as it is: give another --out")
        if task is not None and row["task"] != task:
            raise SweepError(f"{path} holds the rows of a {row['task']} sweep, not {task}; "
                             "it is left as it is: give another --out")
        keys.add(job_key(row))
    return keys, len(raw)


def _half_row(line: bytes) -> bool:
    """Whether a last line without its newline is a row cut short: the start of a row as this module
    writes it (json.dumps: ASCII only), and not whole JSON. A line that parses, whatever it holds, was
    written whole (by someone): it is never cut off, and if it is no row the file is refused."""
    starts = [b'{"' + k.encode() + b'"' for k in ("cpu_s", *ROW_FIELDS)]
    if not line.isascii() or not any(line.startswith(s) or s.startswith(line) for s in starts):
        return False
    try:
        json.loads(line)
    except json.JSONDecodeError:   # cut short (a number too long, or nesting too deep, is whole JSON)
        return True
    except (ValueError, RecursionError):
        return False
    return False


def _whole_number(value, lo: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= MAX_SEED


def _parsed(line: bytes):
    """One line of an output file as JSON, or None when it is not JSON."""
    try:
        return json.loads(line)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None


def _not_row(row) -> str:
    """Why a line's JSON value is not a sweep's row, in a few words ('' when it is one)."""
    if not isinstance(row, dict):
        return "it is not a JSON object"
    missing = [k for k in ROW_FIELDS if k not in row]
    if missing:
        return f"it has no {missing[0]!r}"
    if row["task"] not in TASKS:
        return f"its task is not one of {', '.join(TASKS)}"
    if row["tower"] not in TOWERS:
        return f"its tower is not one of {', '.join(TOWERS)}"
    if not _whole_number(row["seed"], 0):
        return f"its seed {shown(row['seed'])} is not a seed from 0 to {MAX_SEED}"
    if not _whole_number(row["samples"], 1) and not (row["task"] == "census" and row["samples"] is None):
        # (a census's is null, or a whole number in the files of earlier versions)
        return f"its samples {'null' if row['samples'] is None else shown(row['samples'])} is not a whole number of at least 1"
    if not isinstance(row["settings"], dict):
        return "its settings are not an object"
    if not isinstance(row["result"], dict):
        return f"its result is {'null' if row['result'] is None else 'not an object'}, not a finished tower's"
    cpu = row.get("cpu_s", 0.0)
    if isinstance(cpu, bool) or not isinstance(cpu, (int, float)):
        return f"its cpu_s {shown(cpu)} is not a number"
    try:
        job_key(row)
    except (TypeError, ValueError):
        return "its fields do not name a tower"
    return ""


def _row(line: bytes) -> dict | None:
    """A sweep's row read from one line of its output, or None when the line is not one: a JSON object
    with every field of a row, each of its kind (a seed that is a seed, a result that is an object), as
    run_job makes them. A row with no result (null) is no finished tower, and is not counted as one."""
    row = _parsed(line)
    return None if row is None or _not_row(row) else row


def summary(counts: dict) -> str:
    """The line a finished sweep prints: '1 tower run, 2 already in FILE, 3 in the sweep'."""
    def towers(n: int) -> str:
        return f"{n} tower{'' if n == 1 else 's'}"
    return f"{towers(counts['ran'])} run, {counts['skipped']} already in {counts['out']}, {counts['towers']} in the sweep"


def _keep(path: Path, good: int) -> None:
    """Cut a half-written last line off the file, and end a whole last row missing its newline."""
    if not path.exists():
        return
    size = path.stat().st_size
    with open(path, "r+b") as f:
        if good < size:
            f.truncate(good)
        elif size:
            f.seek(size - 1)
            if f.read(1) != b"\n":
                f.write(b"\n")


def sweep(jobs: list[dict], out: str | os.PathLike, executor: str = "process", workers: int | None = None,
          address: str | None = None, progress: Callable[[int, int], None] | None = None) -> dict:
    """Run the jobs not yet in `out`, appending one line per tower; returns counts. The file is not
    touched until the executor is ready to run (a cluster that cannot be reached leaves it as it was); one
    sweep at a time writes it (_claim)."""
    path = Path(out)
    if not path.parent.is_dir():
        raise SweepError(f"cannot write {path}: the folder {path.parent} does not exist")
    claim = _claim(path)
    try:
        return _sweep(jobs, path, executor, workers, address, progress)
    finally:
        _let_go(claim)


def _claim(path: Path) -> tuple[int, Path] | None:
    """Hold the output file for this sweep alone (a lock on a file beside it, `.NAME.lock`, let go by
    _let_go or by the process's end), or refuse: two sweeps into one file each ran every tower and wrote it
    twice, the second reading the file before the first had written a row (an audit). None where the system
    has no such locks."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on this project's systems
        return None
    # named from the file itself, a link followed: a sweep into a link to the file took a lock of its own and ran
    # every tower again beside the other (a regression audit)
    real = path.resolve()
    lock = real.with_name(f".{real.name}.lock")
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise SweepError(f"cannot write {path}: {exc.strerror or exc}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise SweepError(f"another sweep is writing {path} now: two at once would each run every tower; "
                             "run this one once that one has ended (it then skips the towers done), or give "
                             "another --out") from None
        try:
            if os.stat(lock).st_ino == os.fstat(fd).st_ino:  # not a lock file another sweep let go of meanwhile
                return fd, lock
        except FileNotFoundError:
            pass
        os.close(fd)


def _let_go(claim: tuple[int, Path] | None) -> None:
    if claim is None:
        return
    fd, lock = claim
    try:
        lock.unlink()
    except OSError:
        pass
    os.close(fd)


def _sweep(jobs: list[dict], path: Path, executor: str, workers: int | None, address: str | None,
           progress: Callable[[int, int], None] | None) -> dict:
    from .executor import run_jobs

    done, good = read_rows(path, jobs[0]["task"] if jobs else None)
    todo = [j for j in jobs if job_key(j) not in done]
    count = [0]
    opened: list = []

    def ready() -> None:
        _keep(path, good)
        opened.append(open(path, "a", encoding="utf-8"))

    def write(n: int, row: dict) -> None:
        f = opened[0]
        f.write(json.dumps(row, sort_keys=True) + "\n")
        f.flush()
        os.fsync(f.fileno())
        count[0] += 1
        if progress:
            progress(count[0], len(todo))

    try:
        if todo:
            run_jobs(run_job, todo, executor, workers, address, write, on_ready=ready)
        else:
            _keep(path, good)
    except KeyboardInterrupt:
        # Ctrl-C can land between a row's write and its count: the count said is the file's own, the rows
        # whole in it that this run wrote (a half-written last one is not, and the next run drops it).
        try:
            count[0] = len(read_rows(path)[0] - done)
        except SweepError:
            pass
        if progress:
            progress(count[0], len(todo))
        raise
    finally:
        for f in opened:
            f.close()
    return {"towers": len(jobs), "skipped": len(jobs) - len(todo), "ran": count[0], "out": str(path)}
