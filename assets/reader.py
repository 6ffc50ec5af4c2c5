"""The one reader of the project's JSON files (assets, match files, settings) and the asset field checks.

read_json() refuses in one sentence what json.loads would hang or crash on: a path that is not a
regular file (reading a FIFO blocks for ever), a file over MAX_BYTES, text that is not UTF-8 or not
JSON, nesting deeper than MAX_DEPTH (the parser and every later copy recurse), a number written with
more than MAX_DIGITS digits (Python refuses to convert very long ones) and NaN or Infinity (not JSON).
It raises the error class its caller names, so an asset file gives AssetError and a match file the
match error, each message naming the file.

Fields is the asset loaders' field reader: every check names the file and the field, e.g.
"board.json spaces[3].x: expected a finite number, got 'left'".
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any, Iterable

MAX_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 32
MAX_DIGITS = 30


class AssetError(ValueError):
    """An asset file (board, deck, spinner, tower spec) that is missing, unreadable or malformed; the
    message names the file and, when the file could be read, the field."""


class _Refused(Exception):
    """Raised inside the JSON parser's hooks; turned into the caller's error class."""


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"it holds a number of {len(text.lstrip('-'))} digits (at most {MAX_DIGITS} are read)")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise _Refused(f"it holds a number written with {len(text)} characters (at most {MAX_DIGITS + 10})")
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"it holds the number {text}, too large to be read")
    return value


def _parse_constant(text: str):
    raise _Refused(f"it holds {text}, which is not a JSON number")


def depth(value: Any) -> int:
    """How deeply lists and objects nest in a parsed JSON value (a scalar: 0), without recursing."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            return level
        stack.extend((c, level + 1) for c in children)
    return deepest


def parse_json(text: str) -> Any:
    """json.loads with the limits of the module's docstring; raises ValueError with one sentence."""
    if not text.strip():
        # said so, not "not valid JSON, it looks cut short (line 1, column 1: Expecting value)" (a bad-input audit)
        raise ValueError("the file is empty" if not text else "the file holds only blank space, no JSON")
    try:
        value = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except _Refused as exc:
        raise ValueError(str(exc)) from None
    except RecursionError:
        raise ValueError(f"it nests lists or objects too deeply (at most {MAX_DEPTH} levels)") from None
    except json.JSONDecodeError as exc:
        # json places an unterminated string's fault at its start: that is a text cut short too when the
        # string runs to the end of the text (an audit's autosave cut at 300 bytes read "Unterminated
        # string starting at" with no word of the cut)
        unended = exc.msg.startswith("Unterminated string")
        rest = text[exc.pos:].rstrip()
        cut = (exc.pos >= len(text.rstrip()) - 1 or unended
               or any(word.startswith(rest) for word in ("true", "false", "null")))  # a word cut short
        why = ("a string starts there and never ends" if unended
               # json's "Invalid control character at" read as a sentence cut off (a saves audit)
               else "a string holds a line break or another control character" if exc.msg.startswith("Invalid control")
               else exc.msg.removesuffix(" at"))
        raise ValueError(f"not valid JSON{', it looks cut short' if cut else ''} "
                         f"(line {exc.lineno}, column {exc.colno}: {why})") from None
    if depth(value) > MAX_DEPTH:
        raise ValueError(f"it nests lists or objects too deeply (at most {MAX_DEPTH} levels)")
    return value


def read_text(path: str | os.PathLike, error: type[Exception] = AssetError) -> str:
    """The file's text, refusing what is not a regular UTF-8 file of at most MAX_BYTES (a UTF-8 byte-order
    mark at its start is dropped: the app's saved-match list refused a match file Notepad had saved). The file is
    opened without blocking and checked on the open descriptor, so a FIFO is refused, never waited on."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except OSError as exc:
        raise error(f"{path}: cannot be read ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{path}: not a regular file (a folder, a pipe or a device), so it is not read")
        if info.st_size > MAX_BYTES:
            raise error(f"{path}: the file is {info.st_size} bytes, more than the {MAX_BYTES} read")
        with os.fdopen(fd, "rb", closefd=False) as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise error(f"{path}: cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(raw) > MAX_BYTES:
        raise error(f"{path}: the file is more than the {MAX_BYTES} bytes read")
    try:
        return raw.decode("utf-8-sig")  # a byte-order mark at the start (as Windows Notepad writes) is read past
    except UnicodeDecodeError:
        raise error(f"{path}: not valid JSON, the file is not UTF-8 text") from None


def read_json(path: str | os.PathLike, error: type[Exception] = AssetError, top: type | None = dict) -> Any:
    """The parsed JSON of a file; `error` (with the path first in its message) for anything wrong.
    With top set, the value at the top must be of that type (an object by default)."""
    text = read_text(path, error)
    try:
        value = parse_json(text)
    except ValueError as exc:
        raise error(f"{Path(path)}: {exc}") from None
    if top is not None and not isinstance(value, top):
        kind = {dict: "a JSON object", list: "a JSON list"}.get(top, top.__name__)
        raise error(f"{Path(path)}: the file must hold {kind} at the top, not {_kind(value)}")
    return value


def _kind(value: Any) -> str:
    if value is None:
        return "null (or nothing)"
    return {bool: "true or false", int: "a number", float: "a number", str: "a string", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)


class Fields:
    """Field checks for one asset file: each failure is an AssetError naming the file and the field."""

    def __init__(self, file: str):
        self.file = file

    def fail(self, field: str, problem: str) -> AssetError:
        where = f"{self.file} {field}".strip()
        return AssetError(f"{where}: {problem}" if where else problem)

    def obj(self, value: Any, field: str) -> dict:
        if not isinstance(value, dict):
            raise self.fail(field, f"expected an object, got {_kind(value)}")
        return value

    def seq(self, value: Any, field: str, min_len: int = 0, max_len: int | None = None) -> list:
        if not isinstance(value, list):
            raise self.fail(field, f"expected a list, got {_kind(value)}")
        if len(value) < min_len or (max_len is not None and len(value) > max_len):
            want = f"{min_len}" if max_len == min_len else (
                f"{min_len} to {max_len}" if max_len is not None else f"at least {min_len}")
            raise self.fail(field, f"expected a list of {want} entries, got {len(value)}")
        return value

    def text(self, value: Any, field: str, choices: Iterable[str] | None = None) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(field, f"expected a non-empty string, got {_kind(value)}")
        if choices is not None and value not in choices:
            raise self.fail(field, f"expected one of {', '.join(choices)}, got {value!r}")
        return value

    def flag(self, value: Any, field: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(field, f"expected true or false, got {_kind(value)}")
        return value

    def integer(self, value: Any, field: str, lo: int, hi: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise self.fail(field, f"expected a whole number from {lo} to {hi}, got {_show(value)}")
        return value

    def number(self, value: Any, field: str, lo: float = -math.inf, hi: float = math.inf) -> float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        if not ok or not lo <= value <= hi:
            where = "a finite number" if (lo, hi) == (-math.inf, math.inf) else f"a number from {lo} to {hi}"
            raise self.fail(field, f"expected {where}, got {_show(value)}")
        return float(value)


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{_kind(value)} ({text[:30]}...)"
