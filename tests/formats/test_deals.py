"""The deal-file reader: what it accepts, and every bad line reported with file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore import FileFormatError, Seat, Side
from bridgescore.core.rubber.sheet import Honours, PlayedDeal
from bridgescore.formats import deals


def test_spellings_comments_and_blank_lines() -> None:
    text = """# a comment line
4S N 10
   3NTX E 7 honours=NS:150   # comment after a deal

4SX N -2
4HN+1
4S N =
6nt s 12 honors=w:150
pass
P # passed out
"""
    read = deals.loads(text)
    assert [str(d) for d in read] == [
        "4SN=",
        "3NTXE-2 honours=NS:150",
        "4SXN-2",
        "4HN+1",
        "4SN=",
        "6NTS= honours=EW:150",
        "PASS",
        "PASS",
    ]
    assert read[1].honours == Honours(Side.NS, 150)
    assert read[2].result.tricks == 8 and read[2].result.declarer is Seat.NORTH


def test_every_bad_line_is_reported_with_file_line_and_quote() -> None:
    text = (
        "4S N 10\n\n8S N 10\n4S N 14   # too many\n3NT E 9 honours=NS:100\n4S 10\n4S N 10 foo=1\n"
    )
    with pytest.raises(FileFormatError) as caught:
        deals.loads(text, source="deals.txt")
    assert str(caught.value).splitlines() == [
        "deals.txt:3: '8S N 10': a contract's level is 1 to 7",
        "deals.txt:4: '4S N 14': 14 tricks taken; a deal has 13",
        "deals.txt:5: '3NT E 9 honours=NS:100': honours at no-trumps are the four aces in one hand "
        "(150); there are no trump honours",
        "deals.txt:6: '4S 10': the declarer is missing: write it after the contract, 4S N 10",
        "deals.txt:7: '4S N 10 foo=1': unknown item 'foo'; the only extra is honours=NS:150",
    ]
    assert [p.line for p in caught.value.problems] == [3, 4, 5, 6, 7]


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("4S N 10 honours=NS", "honours are written honours=NS:100 or honours=EW:150"),
        ("4S N 10 honours=NS:120", "honours are 100 (four of the five trump honours)"),
        ("4S N 10 honours=XY:100", "honours are written"),
        ("pass honours=NS:150", "a passed-out deal scores nothing, not even honours"),
        ("4S N 10 honours=NS:100 honours=EW:100", "honours are given twice"),
        ("4S N", "the result is missing"),
        ("4SX N -11", "4SX can go down by at most 10 tricks"),
        ("hello", "a contract is written like 4S, 3NTX, 6HXX or PASS"),
        ("7NT N +1", "14 tricks taken"),
    ],
)
def test_bad_lines(line: str, reason: str) -> None:
    with pytest.raises(FileFormatError) as caught:
        deals.loads(line, source="d.txt")
    message = str(caught.value)
    assert message.startswith(f"d.txt:1: {line!r}: ")
    assert reason in message


def test_a_file_without_deals_is_an_error() -> None:
    with pytest.raises(FileFormatError, match=r"^empty\.txt: no deals"):
        deals.loads("# nothing yet\n\n", source="empty.txt")


def test_read_and_load_from_files(tmp_path: Path) -> None:
    path = tmp_path / "deals.txt"
    path.write_text("\ufeff4S N 10\npass\n", encoding="utf-8")  # a BOM is fine
    assert deals.read(path) == [PlayedDeal.parse("4S N 10"), PlayedDeal.parse("pass")]
    with path.open(encoding="utf-8-sig") as fp:
        assert deals.load(fp) == deals.read(path)
    path.write_text("8S N 10\n", encoding="utf-8")
    with path.open(encoding="utf-8") as fp, pytest.raises(FileFormatError) as caught:
        deals.load(fp)
    assert str(caught.value) == f"{path}:1: '8S N 10': a contract's level is 1 to 7"


def test_unreadable_files(tmp_path: Path) -> None:
    binary = tmp_path / "deals.bin"
    binary.write_bytes(b"4S N 10\n\xff\xfe\x00")  # not UTF-8: read as Windows-1252
    with pytest.raises(FileFormatError) as caught:
        deals.read(binary)
    assert str(caught.value) == (
        f"{binary}:2: 'ÿþ\\x00': a contract is written like 4S, 3NTX, 6HXX or PASS"
    )
    with pytest.raises(FileFormatError, match=r"missing\.txt"):
        deals.read(tmp_path / "missing.txt")
