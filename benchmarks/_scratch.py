"""A benchmark's own data folder for the app (KONG_TABLETOP_HOME), made only when none is named, and removed
when the benchmark ends: a long-session audit found 26 kong-bench-* folders left in /tmp."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile


def scratch_home(prefix: str = "kong-bench-") -> str:
    """KONG_TABLETOP_HOME: the one named, else a new temporary folder, removed at exit."""
    named = os.environ.get("KONG_TABLETOP_HOME")
    if named:
        return named
    home = tempfile.mkdtemp(prefix=prefix)
    os.environ["KONG_TABLETOP_HOME"] = home
    atexit.register(shutil.rmtree, home, True)
    return home
