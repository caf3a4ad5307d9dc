"""The IMP scale (Law 78B) as the Law prints it, and IMPs read off it: the oracle the IMP,
cross-IMP and Butler tests check bridgescore's figures against."""

from __future__ import annotations

# (lowest difference, highest difference, IMPs) as the Law prints the scale
SCALE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10),
    (500, 590, 11), (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15),
    (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19),
    (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23), (4000, 9000, 24),
]  # fmt: skip


def imps_by_scale(difference: int) -> int:
    """The IMPs for a difference of points that is a multiple of 10, read off the printed
    scale (4000 and more is 24); the loser's IMPs are the winner's, negated."""
    size = abs(difference)
    assert size % 10 == 0, f"the printed scale has multiples of 10 only, not {difference}"
    imps = 24 if size >= 4000 else next(i for low, high, i in SCALE if low <= size <= high)
    return imps if difference >= 0 else -imps
