"""The painter's draw order of boxes: farthest first, settled pair by pair by separating planes.

Sorting Jenga blocks by the depth of their centres goes wrong: a long block lying across the level
below reaches nearer to the eye than its centre says, and paints over the block in front of it. Two
boxes that do not overlap are split by a plane normal to one world axis; whichever box lies on the
eye's side of that plane is in front. When planes on two axes give opposite answers, no line of sight
meets both boxes and they need no order. That settles every pair whose outlines overlap on screen; a
topological sort then yields an order, farthest first among the free choices. Pairs that no axis
splits (tumbling blocks in a collapse) fall back to the depth of their centres, and a cycle, which
only such pairs can make, is broken at its farthest box.
"""

from __future__ import annotations

import heapq

import numpy as np

SLACK = 0.002  # metres: blocks that touch or rest slightly tilted still count as split by a plane


def draw_order(lower: np.ndarray, upper: np.ndarray, depth: np.ndarray, eye: np.ndarray,
               rect_lo: np.ndarray, rect_hi: np.ndarray) -> list[int]:
    """Indices of the boxes, back to front.

    lower, upper: (N, 3) world bounding boxes; depth: (N,) depth of each centre along the view;
    eye: (3,) camera position; rect_lo, rect_hi: (N, 2) screen bounding rectangles.
    """
    n = len(depth)
    if n == 0:
        return []
    gap_ab = lower[None, :, :] - upper[:, None, :]  # (a, b, axis) > 0 when a lies below b on that axis
    gap_ba = np.transpose(gap_ab, (1, 0, 2))
    a_low = gap_ab >= gap_ba
    split = np.maximum(gap_ab, gap_ba) > -SLACK  # (a, b, axis): a plane normal to the axis parts them
    # The plane between the two boxes on each axis, and on which side of it the eye is.
    plane = np.where(a_low, upper[:, None, :] + lower[None, :, :], upper[None, :, :] + lower[:, None, :]) / 2
    eye_high = eye[None, None, :] > plane
    a_behind_k = eye_high == a_low
    # Planes on two axes may disagree only when no line of sight meets both boxes: then no order is needed.
    any_split = split.any(axis=2)
    agree_behind = np.all(a_behind_k | ~split, axis=2) & any_split
    a_behind = np.where(any_split, agree_behind, depth[:, None] > depth[None, :])
    overlap = np.all((rect_lo[:, None, :] < rect_hi[None, :, :]) & (rect_lo[None, :, :] < rect_hi[:, None, :]),
                     axis=2)
    behind = a_behind & overlap
    np.fill_diagonal(behind, False)
    return _topological(behind, depth)


def _topological(behind: np.ndarray, depth: np.ndarray) -> list[int]:
    n = len(depth)
    waiting = behind.sum(axis=0).astype(int)  # boxes that must be drawn before each box
    heap = [(-float(depth[i]), i) for i in range(n) if waiting[i] == 0]
    heapq.heapify(heap)
    done = [False] * n
    rows, cols = np.nonzero(behind)
    after: list[list[int]] = [[] for _ in range(n)]
    for i, j in zip(rows.tolist(), cols.tolist()):
        after[i].append(j)
    waiting = waiting.tolist()
    depth_l = depth.tolist()
    order: list[int] = []
    while len(order) < n:
        if not heap:  # a cycle: draw its farthest box and go on
            i = max((k for k in range(n) if not done[k]), key=lambda k: depth_l[k])
            waiting[i] = 0
        else:
            _, i = heapq.heappop(heap)
            if done[i]:
                continue
        done[i] = True
        order.append(i)
        for j in after[i]:
            if not done[j]:
                waiting[j] -= 1
                if waiting[j] == 0:
                    heapq.heappush(heap, (-depth_l[j], j))
    return order
