"""The International Match Point scale (Law 78B).

>>> imps(450), imps(-720), imps(10), imps(20), imps(4000), imps(-9000)
(10, -12, 0, 1, 24, -24)
"""

from __future__ import annotations

__all__ = ["IMP_BAND_LOWER_BOUNDS", "imps"]

from bisect import bisect_right

IMP_BAND_LOWER_BOUNDS: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip
"""The smallest difference in points that earns 1, 2, ... 24 IMPs."""


def imps(difference: int) -> int:
    """IMPs for a difference in points, with its sign (antisymmetric: ``imps(-d) == -imps(d)``).

    The scale is written for multiples of 10; a difference between two bands (say 15 or 45)
    earns the lower band's IMPs, as the table's lower bounds say.
    """
    magnitude = bisect_right(IMP_BAND_LOWER_BOUNDS, abs(difference))
    return magnitude if difference >= 0 else -magnitude
