"""DUP, the deal file of Duplimate (DOS), which ACBL Live also takes: 156 bytes a board.

Each record is the board's 78 BRI digits (:mod:`.bri`), its 68 DGE characters (:mod:`.dge`) and
10 control bytes. The first record's control bytes are the set's header: ``Y`` (random hands),
``N`` (not counted backwards), the lowest board (3 characters), the copies to deal (2) and the
highest board (3), each left-aligned, e.g. ``YN1  0 32 ``; the other records have 10 NUL bytes.
The boards are the lowest to the highest, one a record.

>>> from bridgescore.core.table.deal import Deal
>>> deal = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> data = dumps([HandRecord(5, deal), HandRecord(6, deal)])
>>> len(data), data[146:156]
(312, b'YN5  0 6  ')
>>> records, problems = loads(data, "set.dup")
>>> [r.board for r in records], records[0].deal == deal, problems
([5, 6], True, [])
"""

from __future__ import annotations

__all__ = ["RECORD", "dumps", "loads"]

from collections.abc import Sequence

from bridgescore.core.errors import FileFormatError, NotationError, Problem
from bridgescore.core.hands.record import HandRecord
from bridgescore.core.numbers import parse_count
from bridgescore.formats.hands import bri, dge
from bridgescore.formats.hands.cards import consecutive_boards

RECORD = 156
_BRI, _DGE = 78, 68


def _header(control: bytes, count: int) -> tuple[int, list[str]]:
    """The first board the header gives, and what is odd about the header."""
    text = control.decode("latin-1")
    low, high = parse_count(text[2:5].strip()), parse_count(text[7:10].strip())
    notes: list[str] = []
    if low is None or low < 1:
        return 1, [f"the header {text!r} gives no lowest board: boards numbered from 1"]
    if text[1:2].upper() == "Y":
        notes.append("the header says the boards count backwards: read in file order")
    if high is not None and high - low + 1 != count:
        notes.append(f"the header gives boards {low}-{high} but the file has {count}")
    return low, notes


def loads(data: bytes, source: str) -> tuple[list[HandRecord], list[Problem]]:
    """The boards of a DUP file, and what is wrong or odd in it."""
    count = len(data) // RECORD
    problems: list[Problem] = []
    if len(data) % RECORD and data[count * RECORD :].strip(b" \0\r\n\x1a"):
        problems.append(Problem(source, None, f"the last {len(data) % RECORD} bytes are no board"))
    if count == 0:
        return [], [*problems, Problem(source, None, "no boards: a DUP board has 156 bytes")]
    first, notes = _header(data[_BRI + _DGE : RECORD], count)
    problems += [Problem(source, None, note) for note in notes]
    records: list[HandRecord] = []
    for index in range(count):
        chunk = data[index * RECORD : (index + 1) * RECORD]
        board = first + index
        try:
            deal = bri.decode_deal(chunk[:_BRI])
            if dge.decode_deal(chunk[_BRI : _BRI + _DGE]) != deal:
                raise NotationError(chunk[:_BRI].decode("ascii"), "its BRI and DGE parts differ")
            records.append(HandRecord(board, deal))
        except NotationError as error:
            problems.append(Problem(source, None, f"board {board}: {error.reason}"))
    return records, problems


def dumps(records: Sequence[HandRecord], target: str = "<dup>") -> bytes:
    """The DUP file of boards one after another, at most up to board 999, as the header's three
    characters hold (each deal complete).

    >>> from bridgescore.core.hands.numbering import deal_of
    >>> dumps([HandRecord(999, deal_of(1)), HandRecord(1000, deal_of(2))])
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.FileFormatError: <dup>: a DUP file holds boards 1-999, not 999-1000
    """
    first = consecutive_boards(records, target, "a DUP file")
    last = first + len(records) - 1
    if last > 999:
        raise FileFormatError(target, None, f"a DUP file holds boards 1-999, not {first}-{last}")
    header = f"YN{first:<3}{0:<2}{last:<3}".encode("ascii")
    return b"".join(
        bri.encode_deal(record.deal)
        + dge.encode_deal(record.deal)
        + (header if index == 0 else b"\0" * 10)
        for index, record in enumerate(records)
    )
