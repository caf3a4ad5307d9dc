"""Whole numbers in input text: ASCII digits only, and never so many that reading them fails.

``str.isdigit()`` says yes to ``²`` and ``¹``, which ``int()`` then refuses with a traceback, and
``int()`` refuses more than 4,300 digits too. Every reader asks here instead: the answer is a
number or ``None``, never an exception, and the caller says what is wrong in its own words.

>>> parse_count("12"), parse_count("1²"), parse_count("٣"), parse_count("9" * 5000)
(12, None, None, None)
>>> parse_signed("-3"), parse_signed("+120"), parse_signed("--3"), parse_signed("")
(-3, 120, None, None)
>>> parse_decimal("2.5"), parse_decimal("21/2", ratio=True), parse_decimal("1e3"), parse_decimal("１０")
(Fraction(5, 2), Fraction(21, 2), None, None)
>>> sorted(["10", "2", "1B", "1a", "¹", "Lions", "9" * 5000], key=natural_key)[:4]
['1a', '1B', '2', '10']

Exact figures leave as JSON numbers through :func:`json_number`.
"""

from __future__ import annotations

__all__ = [
    "ASCII_DIGITS",
    "COUNT_PATTERN",
    "MAX_DIGITS",
    "POINT_DIGITS",
    "json_number",
    "natural_key",
    "parse_count",
    "parse_decimal",
    "parse_signed",
]

import re
from fractions import Fraction
from typing import overload

MAX_DIGITS = 9
"""The longest number a reader takes by default: a board, a round, tricks or a score fit."""

POINT_DIGITS = 6
"""The longest whole part of points a user gives (VPs, IMPs, a margin, a penalty): below a
million, far beyond any event, and never a number that takes long to work with."""

ASCII_DIGITS = frozenset("0123456789")

COUNT_PATTERN = rf"^[0-9]{{1,{MAX_DIGITS}}}$"
"""The text :func:`parse_count` reads (by default), as a pattern for readers that filter columns.

>>> import re
>>> [bool(re.match(COUNT_PATTERN, t)) for t in ("12", "1" * 10, "+1", "٣")]
[True, False, False, False]
"""

_RUNS = re.compile(r"[0-9]+|[^0-9]+")
_DECIMAL = re.compile(r"([+-]?)([0-9]+)(?:\.([0-9]+))?")
_RATIO = re.compile(r"([+-]?)([0-9]+)/([0-9]+)")


def parse_count(text: str, max_digits: int = MAX_DIGITS, *, least: int = 0) -> int | None:
    """The whole number ``text`` is (ASCII digits only, at most ``max_digits``), else ``None``.

    No sign, no spaces, no underscores, no other scripts' digits: ``int()`` takes all of those.
    A number below ``least`` is ``None`` too (``least=1`` for board, round and table numbers).

    >>> parse_count("0"), parse_count("0", least=1), parse_count("007", least=1)
    (0, None, 7)
    """
    if not 0 < len(text) <= max_digits or not ASCII_DIGITS.issuperset(text):
        return None
    number = int(text)
    return number if number >= least else None


def parse_signed(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """Like :func:`parse_count`, with an optional ``+`` or ``-`` in front."""
    if text[:1] in ("+", "-"):
        count = parse_count(text[1:], max_digits)
        return None if count is None else (-count if text[0] == "-" else count)
    return parse_count(text, max_digits)


def parse_decimal(
    text: str, max_digits: int = MAX_DIGITS, *, signed: bool = True, ratio: bool = False
) -> Fraction | None:
    """The number ``text`` is, exactly, written with ASCII digits: ``12``, ``-3``, ``2.5`` (and
    ``21/2`` with ``ratio``), else ``None``.

    At most ``max_digits`` digits before the point (and after it, or in each part of a ratio);
    a sign only when ``signed``. No exponents (``1e3``), underscores (``1_0``), other scripts'
    digits (``１０``), ``inf`` or ``nan``: ``Fraction()`` and ``float()`` take all of those.

    >>> parse_decimal("-0.25"), parse_decimal("-1", signed=False), parse_decimal("1/0", ratio=True)
    (Fraction(-1, 4), None, None)
    """
    found = _DECIMAL.fullmatch(text)
    if found is not None:
        sign, whole, part = found.groups()
        part = part or ""
        if len(whole) > max_digits or len(part) > max_digits or (sign and not signed):
            return None
        value = Fraction(int(whole + part), 10 ** len(part))
        return -value if sign == "-" else value
    found = _RATIO.fullmatch(text) if ratio else None
    if found is None:
        return None
    sign, top, bottom = found.groups()
    if max(len(top), len(bottom)) > max_digits or (sign and not signed) or int(bottom) == 0:
        return None
    value = Fraction(int(top), int(bottom))
    return -value if sign == "-" else value


def natural_key(text: str) -> tuple[tuple[int, int, str], ...]:
    """A sort key putting ``2`` before ``10`` and ``1A`` before ``1B``, for any text at all.

    Runs of digits compare by value (by length once leading zeros go, so no length is too
    long); other runs compare without case and after numbers.
    """
    if not text:
        return ()
    if text.isdigit() and text.isascii():  # a plain number, as most pair labels are
        digits = text.lstrip("0") or "0"
        return ((0, len(digits), digits),)
    key = []
    for run in _RUNS.findall(text):
        if run[0] in ASCII_DIGITS:
            digits = run.lstrip("0") or "0"
            key.append((0, len(digits), digits))
        else:
            key.append((1, 0, run.upper()))
    return tuple(key)


@overload
def json_number(value: Fraction | int) -> int | float: ...
@overload
def json_number(value: None) -> None: ...
def json_number(value: Fraction | int | None) -> int | float | None:
    """An exact figure as a JSON number at full precision: an int when whole, else a float.

    Every ``--json`` output and ``to_dict()`` writes its figures through here.

    >>> json_number(Fraction(43, 5)), json_number(Fraction(10)), json_number(-3), json_number(None)
    (8.6, 10, -3, None)
    """
    if value is None:
        return None
    if type(value) is int:  # (the common cases first: Fraction() of a Fraction is slow)
        return value
    if type(value) is not Fraction:
        value = Fraction(value)
    return value.numerator if value.denominator == 1 else float(value)
