"""The dealing machines' files (DUP, DLM, BRI, DGE), LIN and PBN hand records: every deal
intact from any format to any other, the bytes worked by hand from the format descriptions,
and what each format refuses."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.errors import FileFormatError
from bridgescore.core.hands.dealing import secret_deal
from bridgescore.core.hands.numbering import DEALS, deal_of
from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.deal import Deal
from bridgescore.formats import hands
from bridgescore.formats.hands import bri, dge, dlm, dup

SET = [HandRecord(b, secret_deal(bytes(32), "test set", 1, b)) for b in range(1, 33)]
ALL = ["pbn", "lin", "dup", "dlm", "bri", "dge"]
DEAL = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


@pytest.mark.parametrize(("first", "second"), list(itertools.permutations(ALL, 2)))
def test_every_deal_survives_every_conversion(first: str, second: str, tmp_path: Path) -> None:
    hands.dump(SET, tmp_path / f"set.{first}")
    read = hands.load(tmp_path / f"set.{first}")
    hands.dump(read, tmp_path / f"again.{second}")
    again = hands.load(tmp_path / f"again.{second}")
    assert [(r.board, r.deal) for r in again.records] == [(r.board, r.deal) for r in SET]


@given(st.integers(0, DEALS - 1))
def test_any_deal_in_any_machine_format(number: int) -> None:
    record = HandRecord(1, deal_of(number))
    for module in (bri, dge, dup, dlm):
        records, problems = module.loads(module.dumps([record]), "x")
        assert problems == [] and records == [record]


def test_bri_by_hand() -> None:
    # North: SA SK SQ SJ = 01-04, HT H9 H8 = 18-20, D7 D6 D5 = 34-36, C4 C3 C2 = 50-52.
    data = bri.dumps([HandRecord(1, DEAL)])
    assert data[:26] == b"01020304181920343536505152"
    assert data[78:] == b" " * 32 + b"\0" * 18


def test_dlm_by_hand() -> None:
    # North holds SA-SJ, East ST-S8, South S7-S5, West S4-S2: the first four letters pair
    # SA/SK (North, North), SQ/SJ (North, North), ST/S9 (East, East), S8/S7 (East, South).
    letters = "".join(chr(97 + 4 * a + b) for a, b in [(0, 0), (0, 0), (1, 1), (1, 2)])
    line = next(
        line
        for line in dlm.dumps([HandRecord(1, DEAL)]).decode().splitlines()
        if line.startswith("Board 01=")
    )
    assert line.startswith(f"Board 01={letters}")
    check = 1
    for letter in line[9:35]:
        check ^= ord(letter)
    assert line[35:] == f"{check:03d}"


def test_dup_header_by_hand() -> None:
    data = dup.dumps([HandRecord(b, DEAL) for b in (9, 10, 11)])
    assert len(data) == 3 * 156
    assert data[146:156] == b"YN9  0 11 "
    assert data[156 + 146 : 2 * 156] == b"\0" * 10
    assert data[78 : 78 + 17] == b"\x06AKQJ\x03T98\x04765\x05432"


def test_a_dup_file_holds_boards_up_to_999_and_refuses_more(tmp_path: Path) -> None:
    # issue 27, item 14: board 1000 overflowed the header's 3 characters ("YN1  0 1000"), exit
    # 0, and the file read back as boards 100-10
    records = [HandRecord(b, DEAL) for b in range(1, 1000)]
    data = dup.dumps(records)
    assert (len(data), data[146:156]) == (999 * 156, b"YN1  0 999")
    read, problems = dup.loads(data, "x.dup")
    assert ([r.board for r in read], problems) == (list(range(1, 1000)), [])
    with pytest.raises(FileFormatError, match=r"x.dup: a DUP file holds boards 1-999, not 1-1000"):
        hands.dump([*records, HandRecord(1000, DEAL)], tmp_path / "x.dup")
    assert not list(tmp_path.iterdir())


def test_formats_without_numbers_start_at_board_one(tmp_path: Path) -> None:
    later = [HandRecord(5, DEAL)]
    with pytest.raises(FileFormatError, match="starts at board 1"):
        hands.dump(later, tmp_path / "x.bri")
    with pytest.raises(FileFormatError, match="one after another; these are 1-2, 4"):
        hands.dump(
            [HandRecord(1, DEAL), HandRecord(2, DEAL), HandRecord(4, DEAL)], tmp_path / "x.dup"
        )
    with pytest.raises(FileFormatError, match="boards 1-99, not 99-100"):
        hands.dump([HandRecord(99, DEAL), HandRecord(100, DEAL)], tmp_path / "x.dlm")
    unknown = HandRecord(1, Deal.parse("N:AKQJ.T98.765.432 - - -"))
    with pytest.raises(FileFormatError, match="needs all four hands"):
        hands.dump([unknown], tmp_path / "x.dge")
    assert not list(tmp_path.iterdir())


def test_damaged_files_are_reported(tmp_path: Path) -> None:
    good = dlm.dumps([HandRecord(1, DEAL)]).decode()
    bad = good.replace("Board 01=a", "Board 01=b")
    (tmp_path / "bad.dlm").write_text(bad)
    with pytest.raises(FileFormatError, match=r"board 1: .*check digits do not match"):
        hands.load(tmp_path / "bad.dlm")
    data = bytearray(bri.dumps([HandRecord(1, DEAL)]))
    data[0:2] = b"02"  # the spade king twice, the ace nowhere
    (tmp_path / "bad.bri").write_bytes(bytes(data))
    with pytest.raises(FileFormatError, match="39 different card numbers"):
        hands.load(tmp_path / "bad.bri")
    mixed = bytearray(dup.dumps([HandRecord(1, DEAL)]))
    mixed[78 + 1] = ord("9")  # the DGE part gives North the spade nine, the BRI part the ace
    (tmp_path / "bad.dup").write_bytes(bytes(mixed))
    with pytest.raises(FileFormatError, match=r"BRI and DGE parts differ|both"):
        hands.load(tmp_path / "bad.dup")
    (tmp_path / "empty.dge").write_bytes(b"\0" * 128)
    with pytest.raises(FileFormatError, match="no hand records"):
        hands.load(tmp_path / "empty.dge")


def test_a_file_of_another_kind(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("nothing here\n")
    with pytest.raises(FileFormatError, match="not a hand-record file"):
        hands.load(tmp_path / "notes.txt")
    with pytest.raises(FileFormatError, match="cannot write hand records here"):
        hands.dump(SET, tmp_path / "out.csv")
