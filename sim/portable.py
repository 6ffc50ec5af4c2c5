"""Elementary functions that give the same bits on every machine: the C library's, one value at a time.

numpy picks its vector code for sin, cos, arctan2 and the like when it starts, by what the processor
offers: on a processor with AVX-512 it uses Intel's SVML, whose results differ from the C library's in
the last bit for some inputs; on one without, it calls the C library. The physics is chaotic enough that
one such bit in the hand's yaw or its tremor can turn a borderline push's verdict, so a match or a test
that replays bit for bit on one machine did not on another (seen on 4 Dec: two tests pinned on an
AVX-512 machine failed on an AVX2 one; docs/sim.md, "The same bits on every machine"). Everything that
feeds the physics takes its sines, cosines and arctangents from here instead: Python's math module, the
C library, whatever the processor (on the AVX2 machines numpy's own results were already these bits).

Arithmetic (+, -, *, /, sqrt) is exact in IEEE 754 and needs nothing. Matrix products and the length of
one vector are another matter: numpy hands them to BLAS, and OpenBLAS picks its kernel by the processor
(this machine's fuses multiply-adds, its generic one does not, and tower builds came out differently
under the two), so the physics takes those from here too: written out elementwise, summed in order.
"""

from __future__ import annotations

import math

import numpy as np

_sin = np.frompyfunc(math.sin, 1, 1)
_cos = np.frompyfunc(math.cos, 1, 1)
_atan = np.frompyfunc(math.atan, 1, 1)
_acos = np.frompyfunc(math.acos, 1, 1)
_atan2 = np.frompyfunc(math.atan2, 2, 1)


def _apply(ufunc, scalar, *args):
    if all(np.ndim(a) == 0 for a in args):
        return scalar(*(float(a) for a in args))
    return ufunc(*(np.asarray(a, dtype=np.float64) for a in args)).astype(np.float64)


def sin(x):
    """sin of a number (a float) or elementwise of an array (a float64 array)."""
    return _apply(_sin, math.sin, x)


def cos(x):
    return _apply(_cos, math.cos, x)


def arctan(x):
    return _apply(_atan, math.atan, x)


def arccos(x):
    """arccos; the argument must lie within [-1, 1] (clip it first)."""
    return _apply(_acos, math.acos, x)


def arctan2(y, x):
    return _apply(_atan2, math.atan2, y, x)


def length(v) -> float:
    """The length of one vector, its squares summed in order: np.linalg.norm of a 1-D array asks BLAS
    (a dot product), whose kernel depends on the processor (docs/sim.md)."""
    total = 0.0
    for x in v:
        total += float(x) * float(x)
    return math.sqrt(total)


def matmul(a, b) -> np.ndarray:
    """a @ b for small matrices and stacks of them ((..., n, k) @ (..., k, m), or a vector (k,) as b),
    each entry summed over k in order, a[.., i, 0] * b[.., 0, j] + a[.., i, 1] * b[.., 1, j] + ...:
    numpy's @ hands these to BLAS, whose kernel is chosen by the processor (one that fuses multiply-adds
    gives other last bits than one that does not; docs/sim.md)."""
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    column = b.ndim == 1
    if column:
        b = b[:, None]
    out = a[..., :, 0:1] * b[..., 0:1, :]
    for k in range(1, a.shape[-1]):
        out = out + a[..., :, k:k + 1] * b[..., k:k + 1, :]
    return out[..., 0] if column else out


def inverse2(m) -> np.ndarray:
    """The inverse of a 2 x 2 matrix, by its adjugate (np.linalg.inv goes through LAPACK and BLAS)."""
    m = np.asarray(m, dtype=np.float64)
    a, b, c, d = float(m[0, 0]), float(m[0, 1]), float(m[1, 0]), float(m[1, 1])
    det = a * d - b * c
    return np.array([[d / det, -b / det], [-c / det, a / det]])
