"""Static support analysis in numpy, vectorised over every candidate removal at once.

Between level k and level k+1 the load (every block above level k) rests on the grid of contact
patches where the blocks of the two levels cross. Their convex hull is a rectangle: across level k's
blocks it spans from the outer edge of its first present block to the outer edge of its last, and the
same across level k+1's blocks. The load stands while its centre of mass lies inside every such
rectangle; the stability margin is the smallest distance from a centre of mass to its rectangle's edge
(negative: outside, the tower tips). Removing a candidate block changes the rectangles of its own level
and the centres of mass of all loads below it, so all candidates are scored together on arrays of
shape (candidates, levels, slots).

The analyser explains verdicts and prunes work (the settle window, the risk map); a played move's
verdict is always decided by the physics.
"""

from __future__ import annotations

import numpy as np


def across(xy: np.ndarray, levels: np.ndarray) -> np.ndarray:
    """The coordinate across each level's blocks: y on even levels (blocks along x), x on odd ones."""
    return np.where(levels % 2 == 0, xy[..., 1], xy[..., 0])


def margins(present: np.ndarray, xy: np.ndarray, widths: np.ndarray, masses: np.ndarray,
            remove: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Stability margin in mm and the weakest interface for each candidate removal.

    present (L, S) bool, xy (L, S, 2) centres in metres, widths (L, S) metres, masses (L, S) kg.
    remove (C, 2) int rows of (level, pos) to take out, one candidate per row; None scores the tower as is.
    Returns margin (C,) in mm (inf when nothing rests on anything) and level (C,): the level under the
    weakest interface, -1 for the ground.
    """
    n_levels, n_slots = present.shape
    if remove is None:
        remove = np.empty((0, 2), dtype=int)
        stack = present[None]
    else:
        remove = np.asarray(remove, dtype=int).reshape(-1, 2)
        stack = np.repeat(present[None], len(remove), axis=0)
        stack[np.arange(len(remove)), remove[:, 0], remove[:, 1]] = False
    lv = np.arange(n_levels)[:, None]
    a = across(xy, lv)                                            # (L, S)
    half = widths / 2.0
    inf = np.inf
    lo = np.where(stack, (a - half)[None], inf).min(axis=2)       # (C, L)
    hi = np.where(stack, (a + half)[None], -inf).max(axis=2)

    m = np.where(stack, masses[None], 0.0)                        # (C, L, S)
    mx = (m * xy[None, ..., 0]).sum(axis=2)                       # (C, L)
    my = (m * xy[None, ..., 1]).sum(axis=2)
    ml = m.sum(axis=2)
    # Load above interface k = levels k+1 .. top: reversed cumulative sums, shifted by one level.
    def above(v):
        rev = np.cumsum(v[:, ::-1], axis=1)[:, ::-1]
        return np.concatenate([rev[:, 1:], np.zeros((v.shape[0], 1))], axis=1)
    load = above(ml)
    with np.errstate(invalid="ignore", divide="ignore"):
        cx = above(mx) / load
        cy = above(my) / load
    # Interface k uses level k's extent and level k+1's extent, against the load's centre on each axis.
    even = (np.arange(n_levels) % 2 == 0)[None]
    c_own = np.where(even, cy, cx)                                # across level k
    c_next = np.where(even, cx, cy)                               # across level k+1 (the other axis)
    lo_next = np.concatenate([lo[:, 1:], np.full((lo.shape[0], 1), -inf)], axis=1)
    hi_next = np.concatenate([hi[:, 1:], np.full((hi.shape[0], 1), inf)], axis=1)
    with np.errstate(invalid="ignore"):
        m_int = np.minimum.reduce([c_own - lo, hi - c_own, c_next - lo_next, hi_next - c_next])
    m_int = np.where(load > 0, m_int, inf)
    m_int = np.where(np.isnan(m_int), -inf, m_int)
    # The ground: the whole tower's centre against level 0's extent (level 0 lies along x, so across is y).
    total = ml.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        g_y = my.sum(axis=1) / total
    ground = np.minimum(g_y - lo[:, 0], hi[:, 0] - g_y)
    ground = np.where(total > 0, ground, inf)
    allm = np.concatenate([ground[:, None], m_int], axis=1)       # (C, L + 1)
    worst = allm.argmin(axis=1)
    return 1000.0 * allm[np.arange(len(allm)), worst], worst - 1
