"""The Super Mario coin bank: gold coins (worth 1) and Five Coins (worth 5), paid exactly with change.

A purse is a two-item list [ones, fives] (the bank is a purse too). Coins are real pieces, so the
amount a transfer can move depends on which pieces the payer, the receiver and the bank hold:

1. The payer never pays more than it is worth in total.
2. The payer gives ones and fives and the receiver gives back ones as change, whichever combination
   makes the amount with the fewest pieces moving.
3. If no combination makes it, change is made first: a player taking part (payer or receiver, not the
   bank) swaps one Five Coin for five gold coins at the bank, if the bank has five gold coins; when
   the bank holds no five gold coins, the swap is made with another player who does (`changers`, in
   seat order; an even swap changes nobody's worth). So "collect 2" from a bank of only Five Coins
   pays 2: the collector changes a Five Coin with another player and gives 3 gold coins back for a
   Five Coin from the bank.
4. If the amount still cannot be made, the largest smaller amount that can be made is paid: when the
   bank runs short, a player collects only what the bank can give.
"""

from __future__ import annotations

from typing import Sequence

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


def _swap_five(purse: Purse, bank: Purse, changers: Sequence[Purse] = ()) -> bool:
    """Change one Five Coin of `purse` into five gold coins: at the bank if it has five gold coins,
    else with the first of `changers` (other players) who has."""
    if purse is bank or purse[1] < 1:
        return False
    for other in [bank] + [c for c in changers if c is not purse and c is not bank]:
        if other[0] >= 5:
            purse[1] -= 1
            purse[0] += 5
            other[1] += 1
            other[0] -= 5
            return True
    return False


def transfer(src: Purse, dst: Purse, bank: Purse, amount: int, changers: Sequence[Purse] = ()) -> int:
    """Move up to `amount` from src to dst (either may be the bank); returns the amount moved.
    `changers` are the other purses that may change a Five Coin when the bank cannot."""
    if amount < 0:
        raise ValueError(f"a transfer is of 0 or more coins, not {amount}")
    want = min(amount, value(src))
    while want > 0:
        plan = _exact(src, dst, want)
        if plan is None and (_swap_five(src, bank, changers) or _swap_five(dst, bank, changers)):
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
