"""The engine switch: the pure reference for small boards, numpy kernels for big ones.

Each function has the signature and the exact result of its ``core`` counterpart, so the pairs
engine can call it for a board's plain scores. Below :data:`THRESHOLD` results numpy is not even
imported (a club board never pays for it); from there on the vectorised kernel runs.

>>> raw_matchpoints([480, 450, 450, 430, 420, 400])
[10, 7, 7, 4, 2, 0]
>>> raw_matchpoints([100, 100] * 40)[:2], cross_imps([620, -100] * 40)[:2]
([79, 79], [480, -480])
"""

from __future__ import annotations

__all__ = ["THRESHOLD", "butler_datum", "cross_imps", "raw_matchpoints", "uses_kernels"]

from collections.abc import Sequence

from bridgescore.core import crossimps, matchpoints
from bridgescore.core.crossimps import DatumRounding

THRESHOLD = 64
"""Boards with at least this many results take the vectorised path."""


def uses_kernels(results: int) -> bool:
    """Whether a board of ``results`` results is scored by the numpy kernels."""
    return results >= THRESHOLD


def raw_matchpoints(scores: Sequence[int]) -> list[int]:
    """2/1 matchpoints of each score (``core.matchpoints.raw_matchpoints``)."""
    if not uses_kernels(len(scores)):
        return matchpoints.raw_matchpoints(scores)
    from bridgescore.fast import kernels

    return list(kernels.matchpoints(scores).tolist())


def cross_imps(scores: Sequence[int]) -> list[int]:
    """Total cross-IMPs of each score (``core.crossimps.cross_imps``)."""
    if not uses_kernels(len(scores)):
        return crossimps.cross_imps(scores)
    from bridgescore.fast import kernels

    return list(kernels.cross_imps(scores).tolist())


def butler_datum(
    scores: Sequence[int], drop: int, rounding: DatumRounding = DatumRounding.HALF_UP
) -> int:
    """The Butler datum (``core.crossimps.butler_datum``)."""
    if not uses_kernels(len(scores)):
        return crossimps.butler_datum(scores, drop, rounding)
    from bridgescore.fast import kernels

    return kernels.butler_datum(scores, drop, rounding)
