"""BRI, the deal file of older Duplimate software: a record of 128 bytes a board.

Each record holds 78 ASCII digits: 39 two-digit card numbers, thirteen for North, then East,
then South (01 is the spade ace, 13 the spade two, 14 the heart ace ... 52 the club two); West
has the other thirteen. The rest of the record is padding (32 spaces and 18 NUL bytes when
written here). A BRI file has no board numbers: its boards are 1, 2, 3 ... in order, so only
such a run of boards can be written.

>>> from bridgescore.core.table.deal import Deal
>>> deal = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> data = dumps([HandRecord(1, deal)])
>>> len(data), data[:26]
(128, b'01020304181920343536505152')
>>> records, problems = loads(data, "board.bri")
>>> records[0].deal == deal, records[0].board, problems
(True, 1, [])
"""

from __future__ import annotations

__all__ = ["RECORD", "decode_deal", "dumps", "encode_deal", "loads"]

from collections.abc import Sequence

from bridgescore.core.errors import FileFormatError, NotationError, Problem
from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.deal import Deal
from bridgescore.formats.hands.cards import (
    boards_in_records,
    consecutive_boards,
    deal_of_holders,
    holders_of,
)

RECORD = 128
_DIGITS = 78
_PADDING = b" " * 32 + b"\0" * 18


def encode_deal(deal: Deal) -> bytes:
    """The 78 digits of a complete deal: North's, East's and South's cards."""
    holders = holders_of(deal)
    numbers = [i + 1 for seat in range(3) for i, holder in enumerate(holders) if holder == seat]
    return "".join(f"{n:02d}" for n in numbers).encode("ascii")


def decode_deal(digits: bytes) -> Deal:
    """The deal of 78 digits (a :class:`NotationError` says what is wrong with them)."""
    text = digits.decode("ascii", errors="replace")
    if len(text) != _DIGITS or not text.isdigit() or not text.isascii():
        raise NotationError(text, "a BRI deal is 78 digits: 39 card numbers 01-52")
    numbers = [int(text[i : i + 2]) for i in range(0, _DIGITS, 2)]
    if not all(1 <= n <= 52 for n in numbers) or len(set(numbers)) != 39:
        raise NotationError(text, "a BRI deal has 39 different card numbers 01-52")
    holders = [3] * 52
    for index, number in enumerate(numbers):
        holders[number - 1] = index // 13
    return deal_of_holders(holders)


def loads(data: bytes, source: str, *, first: int = 1) -> tuple[list[HandRecord], list[Problem]]:
    """The boards of a BRI file (numbered from ``first``), and the records that are not deals."""
    return boards_in_records(
        data, source, RECORD, lambda chunk: decode_deal(chunk[:_DIGITS]), first
    )


def dumps(records: Sequence[HandRecord], target: str = "<bri>") -> bytes:
    """The BRI file of boards 1, 2, 3 ... (each deal complete)."""
    first = consecutive_boards(records, target, "a BRI file")
    if first != 1:
        raise FileFormatError(target, None, f"a BRI file starts at board 1, not {first}")
    return b"".join(encode_deal(record.deal) + _PADDING for record in records)
