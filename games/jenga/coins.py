"""The Super Mario coin bank: gold coins (worth 1) and Five Coins (worth 5), paid exactly with change.

A purse is a two-item list [ones, fives] (the bank is a purse too). Coins are real pieces, so the
amount a transfer can move depends on which pieces the payer, the receiver and the bank hold:

1. The payer never pays more than it is worth in total.
2. The payer gives ones and fives and the receiver gives back ones as change, whichever combination
   makes the amount with the fewest pieces moving.
3. If no combination makes it, a player taking part (payer or receiver, not the bank) may first swap
   one Five Coin for five gold coins at the bank, if the bank has five gold coins.
4. If the amount still cannot be made, the largest smaller amount that can be made is paid: when the
   bank runs short, a player collects only what the bank can give.
"""

from __future__ import annotations

Purse = list  # [ones, fives]


def value(purse: Purse) -> int:
    return purse[0] + 5 * purse[1]


def _exact(src: Purse, dst: Purse, amount: int) -> tuple[int, int, int] | None:
    """Ones and fives the payer gives and ones the receiver returns, fewest pieces first."""
    best = None
    for fives in range(min(src[1], amount // 5 + 1) + 1):
        for ones in range(min(src[0], amount) + 1):
            change = ones + 5 * fives - amount
            if 0 <= change <= dst[0]:
                pieces = ones + fives + change
                if best is None or pieces < best[0]:
                    best = (pieces, ones, fives, change)
    return None if best is None else best[1:]


def _swap_five(purse: Purse, bank: Purse) -> bool:
    """Change one Five Coin into five gold coins at the bank, if both sides can."""
    if purse is bank or purse[1] < 1 or bank[0] < 5:
        return False
    purse[1] -= 1
    purse[0] += 5
    bank[1] += 1
    bank[0] -= 5
    return True


def transfer(src: Purse, dst: Purse, bank: Purse, amount: int) -> int:
    """Move up to `amount` from src to dst (either may be the bank); returns the amount moved."""
    if amount < 0:
        raise ValueError(f"a transfer is of 0 or more coins, not {amount}")
    want = min(amount, value(src))
    while want > 0:
        plan = _exact(src, dst, want)
        if plan is None and (_swap_five(src, bank) or _swap_five(dst, bank)):
            continue
        if plan is None:
            want -= 1
            continue
        ones, fives, change = plan
        src[0] -= ones
        src[1] -= fives
        dst[0] += ones - change
        dst[1] += fives
        src[0] += change
        return want
    return 0
