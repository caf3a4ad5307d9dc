"""The terminal console every command prints through."""

from __future__ import annotations

__all__ = ["console", "points"]

from fractions import Fraction
from functools import cache

from rich.console import Console


@cache
def console() -> Console:
    """The shared console (colour and width follow the terminal; plain when piped).

    Markup is off: names, pair numbers and contracts come from users' files and are printed
    as written (``Ann [guest]`` stays ``Ann [guest]``); styles are given as ``style=``.
    """
    return Console(highlight=False, soft_wrap=False, markup=False)


def points(value: int | Fraction | float, places: int = 2) -> str:
    """A score for display: whole numbers as they are, fractions rounded to ``places``.

    >>> points(420), points(-7600), points(Fraction(43, 5)), points(Fraction(-1, 4))
    ('420', '-7600', '8.60', '-0.25')
    """
    if isinstance(value, int) or (isinstance(value, Fraction) and value.denominator == 1):
        return str(int(value))
    return f"{float(value):.{places}f}"
