"""sim.portable: the physics takes its elementary functions from the C library, on every machine."""

from __future__ import annotations

import ast
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

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


DIGEST = r"""
import hashlib, json
import numpy as np
from sim import Tower, load_spec
from sim.live import replay, straight_path
h = hashlib.sha256()
for variant in ("classic", "dk", "mario"):
    h.update(Tower(load_spec(variant), 2).poses().tobytes())
spec = load_spec("classic")
tower = Tower(spec, 1)
v = tower.extract(6, 0, side=-1, speed=0.1, steadiness=0.8, tremor=3, angle_deg=2.0)
h.update(np.array([v.collapsed, v.push_force_n, v.max_displacement_mm, v.sim_s]).tobytes())
h.update(tower.poses().tobytes())
v = tower.stack(0)
h.update(tower.poses().tobytes())
r = replay(spec, Tower(spec, 0).get_state(), 9, 1, +1, straight_path(0.075, 0.05, 0.7, seed=4))
h.update(np.asarray(r.state["poses"], dtype=float).tobytes())
print(json.dumps({"digest": h.hexdigest(), "collapsed": bool(v.collapsed)}))
"""


@pytest.mark.physics
def test_the_physics_gives_the_same_bits_with_other_vector_code_and_another_blas_kernel():
    """What another processor would run, emulated here: numpy with every vector target it found on this
    one switched off (on an AVX-512 machine that includes SVML's sines and arctangents) and OpenBLAS's
    generic kernel (no fused multiply-add) instead of this processor's. Tower builds of the three
    towers, a careless extract with tremor, a stack and a live drag come out bit for bit the same."""
    from numpy._core import _multiarray_umath as umath

    found = [t for t in umath.__cpu_dispatch__ if umath.__cpu_features__.get(t)]
    plain = subprocess.run([sys.executable, "-c", DIGEST], capture_output=True, text=True, check=True)
    other_env = dict(os.environ, OPENBLAS_CORETYPE="Prescott", NPY_DISABLE_CPU_FEATURES=" ".join(found))
    other = subprocess.run([sys.executable, "-c", DIGEST], capture_output=True, text=True, check=True, env=other_env)
    assert json.loads(plain.stdout.splitlines()[-1]) == json.loads(other.stdout.splitlines()[-1])
