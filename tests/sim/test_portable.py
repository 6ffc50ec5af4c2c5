"""sim.portable: the physics takes its elementary functions from the C library, on every machine."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import numpy as np

from sim import portable

SIM = Path(__file__).resolve().parents[2] / "sim"
# numpy's functions whose float64 results depend on the processor (SVML on AVX-512, docs/sim.md "The
# same bits on every machine"): none of them may feed the physics.
VECTOR_CODE = {"sin", "cos", "tan", "arcsin", "arccos", "arctan", "arctan2", "sinh", "cosh", "tanh", "exp",
               "exp2", "expm1", "log", "log2", "log10", "log1p", "power", "cbrt", "hypot"}


def test_each_value_is_the_c_librarys_and_arrays_keep_their_shape():
    rng = np.random.default_rng(7)
    x, y = rng.uniform(-7.0, 7.0, (40, 3)), rng.uniform(-7.0, 7.0, (40, 3))
    u = np.clip(x / 7.0, -1.0, 1.0)
    for ours, theirs, arg in ((portable.sin, math.sin, x), (portable.cos, math.cos, x),
                              (portable.arctan, math.atan, x), (portable.arccos, math.acos, u)):
        got = ours(arg)
        assert got.dtype == np.float64 and got.shape == arg.shape
        assert got.tolist() == [[theirs(v) for v in row] for row in arg.tolist()]
    got = portable.arctan2(y, x[:1])                               # broadcasting, as numpy's does
    assert got.shape == (40, 3)
    assert got.tolist() == [[math.atan2(a, b) for a, b in zip(row, x[0])] for row in y.tolist()]
    assert type(portable.arctan2(np.float64(1.0), 2.0)) is float and portable.sin(0.5) == math.sin(0.5)
    assert portable.cos(np.zeros(0)).shape == (0,)
    assert portable.length(np.array([3.0, 4.0, 0.0])) == 5.0
    assert portable.length([0.1, 0.2, 0.3]) == math.sqrt(0.1 * 0.1 + 0.2 * 0.2 + 0.3 * 0.3)


def test_no_module_of_the_simulator_calls_numpys_processor_dependent_functions():
    """A call of np.sin and the like in sim/ would give another verdict on a machine with AVX-512 than on
    one without, and on an AVX2 machine (where numpy calls the C library) no other test would notice."""
    found = []
    for path in sorted(SIM.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (isinstance(node, ast.Attribute) and node.attr in VECTOR_CODE and isinstance(node.value, ast.Name)
                    and node.value.id in ("np", "numpy")):
                found.append(f"{path.name}:{node.lineno} np.{node.attr}")
            # np.linalg.norm of one vector is a BLAS dot product (sim.portable.length instead); along an
            # axis numpy sums the squares itself.
            if (isinstance(node, ast.Call) and ast.unparse(node.func) in ("np.linalg.norm", "numpy.linalg.norm")
                    and not any(k.arg == "axis" for k in node.keywords)):
                found.append(f"{path.name}:{node.lineno} np.linalg.norm without an axis")
    assert found == []
