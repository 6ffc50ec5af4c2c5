"""Load a script of benchmarks/ as a module, so tests can call its functions (the folder is no package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load(name: str):
    """benchmarks/NAME.py as a fresh module. The folder is on the import path as it is for the script run
    as a script (its own folder first), so a script that imports another of the folder's (dk_ladder.py
    and jenga_pro_height.py use jenga_ladder.py's) loads here too."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.append(str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
