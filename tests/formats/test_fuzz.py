"""Fuzzing the readers: random and mutated bytes give a result or our own error, never a crash.

Whatever a lenient reading gives must also convert, be written and be read again.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.core.errors import BridgeScoreError, FileFormatError
from bridgescore.core.pairs.score import score_session
from bridgescore.core.table.traveller import Session
from bridgescore.formats import lin, pbn, usebio
from bridgescore.formats.csv import travellers
from bridgescore.formats.lin.to_pbn import lin_to_pbn
from bridgescore.formats.pbn.write import LINE_LIMIT
from bridgescore.formats.text import CONTROL
from tests.support.paths import DATA, SEED

PBN_TEXT = (DATA / "pbn" / "import.pbn").read_text(encoding="utf-8")
LIN_TEXT = (DATA / "lin" / "match.lin").read_text(encoding="utf-8")
SEED_TEXT = SEED.read_text(encoding="utf-8")[40_000:50_000] if SEED.exists() else LIN_TEXT
CSV_TEXT = "board,ns,ew,contract,declarer,result,lead,score\n1,1,2,4S,N,10,SA,\n1,3,4,,,,,AVE+\n"
PIECES = [*'[]{}";%|\n\r\t #^=$!?-*+:,.\\', "md|", "pc|", "mb|", "[Deal ", "AP", "10", "0"]

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """``text`` with a few insertions, deletions, replacements and duplications."""
    chars = list(text)
    for _ in range(draw(st.integers(1, 8))):
        at = draw(st.integers(0, len(chars)))
        action = draw(st.sampled_from(["insert", "delete", "replace", "duplicate"]))
        piece = list(draw(st.sampled_from(PIECES) | st.text(max_size=3)))
        if action == "insert":
            chars[at:at] = piece
        elif action == "delete":
            del chars[at : at + draw(st.integers(1, 40))]
        elif action == "replace":
            chars[at : at + len(piece)] = piece
        else:
            chars[at:at] = chars[at : at + draw(st.integers(1, 200))]
    return "".join(chars)


def _survives(read: Callable[[], object]) -> object | None:
    try:
        return read()
    except BridgeScoreError:
        return None


def _written_and_read(file: pbn.PbnFile) -> None:
    """Write the file and read it back: everything fits in PBN lines but a value too long."""
    try:
        text = pbn.dumps(file)
    except FileFormatError as error:
        assert "one value cannot be split" in str(error)
        return
    assert all(len(line) <= LINE_LIMIT for line in text.split("\r\n"))
    assert CONTROL.search(text.replace("\r\n", "")) is None
    pbn.pbn_to_session(pbn.loads(text, lenient=True), lenient=True)


def _check_pbn(text: str) -> None:
    _survives(lambda: pbn.loads(text))
    file = pbn.loads(text, lenient=True)
    pbn.pbn_to_session(file, lenient=True)
    _written_and_read(file)


def _check_lin(text: str) -> None:
    _survives(lambda: lin.loads(text, lenient=False))
    file = _survives(lambda: lin.loads(text))
    if isinstance(file, lin.LinFile):
        _written_and_read(lin_to_pbn(file))


def _check_csv(text: str) -> None:
    _survives(lambda: travellers.loads(text))
    session = _survives(lambda: travellers.loads(text, lenient=True))
    if session is not None:
        assert isinstance(session, Session)
        _written_and_read(pbn.session_to_pbn(session))


binary_text = st.binary(max_size=600).map(lambda data: data.decode("latin-1"))


# --- numbers: digits of other scripts and numbers too long for int() ---------------------------

CSV_MORE = "2,5,6,3NT,S,+1,HK,\n3,7,8,,,,,A60/40\n4,1,2,4S,N,=,,50% 420 50% -50\n"
ODD_NUMBERS = ["²", "¹", "³", "٣", "１", "9" * 5000, "0" * 4400 + "1", "+" + "9" * 5000]


@st.composite
def odd_numbers(draw: st.DrawFn, text: str) -> str:
    """``text`` with a few of its ASCII digits followed or replaced by odd numbers."""
    chars = list(text)
    digits = [i for i, char in enumerate(chars) if char.isascii() and char.isdigit()]
    for at in sorted(draw(st.lists(st.sampled_from(digits), min_size=1, max_size=4)), reverse=True):
        odd = draw(st.sampled_from(ODD_NUMBERS))
        chars[at : at + 1] = [odd] if draw(st.booleans()) else [chars[at], odd]
    return "".join(chars)


@FUZZ
@given(binary_text)
def test_pbn_random_bytes(text: str) -> None:
    _check_pbn(text)


@FUZZ
@given(mutated(PBN_TEXT) | odd_numbers(PBN_TEXT))
def test_pbn_mutated(text: str) -> None:
    _check_pbn(text)


@FUZZ
@given(binary_text)
def test_lin_random_bytes(text: str) -> None:
    _check_lin(text)


@FUZZ
@given(mutated(LIN_TEXT) | mutated(SEED_TEXT) | odd_numbers(LIN_TEXT))
def test_lin_mutated(text: str) -> None:
    _check_lin(text)


@FUZZ
@given(binary_text | mutated(CSV_TEXT) | odd_numbers(CSV_TEXT + CSV_MORE))
def test_csv_random_and_mutated(text: str) -> None:
    _check_csv(text)


def _read_and_score_csv(text: str) -> None:
    """Read strictly and leniently, then score what was read: our errors only."""
    _survives(lambda: travellers.loads(text))
    session = _survives(lambda: travellers.loads(text, lenient=True))
    if isinstance(session, Session):
        _survives(lambda: score_session(session))


@FUZZ
@given(odd_numbers(CSV_TEXT + CSV_MORE))
def test_csv_odd_numbers(text: str) -> None:
    _read_and_score_csv(text)


BIG = "9" * 5000
LIN_DEAL = "md|3S269H2568QADTQC2T,S47AHJD3479C4567Q,S58QH479KDKAC38JA,|"
PBN_BOARD = '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
CSV_HEADER = "board,ns,ew,contract,declarer,result,round,score\n"


@pytest.mark.parametrize(
    ("reader", "text"),
    [
        ("csv", CSV_HEADER + "1²,1,2,4S,N,10,,\n"),
        ("csv", CSV_HEADER + f"{BIG},1,2,4S,N,10,,\n"),
        ("csv", CSV_HEADER + "1,1,2,4S,N,13¹,,\n"),
        ("csv", CSV_HEADER + f"1,1,2,4S,N,+{BIG},,\n"),
        ("csv", CSV_HEADER + f"1,1,2,{BIG}S,N,10,,\n"),
        ("csv", CSV_HEADER + "1,1,2,4S,N,10,²,\n"),
        ("csv", CSV_HEADER + f"1,1,2,,,,,50% {BIG} 50% 100\n"),
        ("csv", CSV_HEADER + f"1,1,2,,,,,{BIG}% 420 50% 100\n"),
        ("lin", LIN_DEAL + "mb|1N|mb|p|mb|p|mb|p|mc|1²|"),
        ("lin", LIN_DEAL + f"mb|1N|mb|p|mb|p|mb|p|mc|{BIG}|"),
        ("lin", f"ah|Board {BIG}|" + LIN_DEAL),
        ("lin", f"qx|o{BIG}|" + LIN_DEAL),
        ("lin", f"bn|{BIG}|" + LIN_DEAL),
        ("pbn", '[Board "1²"]\n'),
        ("pbn", f'[Board "{BIG}"]\n'),
        ("pbn", PBN_BOARD + f'[Contract "4S"]\n[Declarer "N"]\n[Result "{BIG}"]\n'),
        ("pbn", PBN_BOARD + f'[Auction "N"]\n1S ={BIG}= Pass Pass Pass\n[Note "1:x"]\n'),
        ("pbn", PBN_BOARD + f'[Auction "N"]\n1S ${BIG} Pass Pass Pass\n'),
        ("pbn", PBN_BOARD + f'[Auction "N"]\n1S =1= AP\n[Note "{BIG}:x"]\n'),
        ("pbn", PBN_BOARD + f'[ScoreTable "PairId_NS\\\\{BIG}R;PairId_EW;Score_NS"]\n1 2 420\n'),
        (
            "pbn",
            PBN_BOARD
            + '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 2 4S N 8²\n',
        ),
        ("pbn", PBN_BOARD + '[ScoreTable "PairId_NS;PairId_EW;Score_NS;Round"]\n1 2 420 ²\n'),
        ("pbn", PBN_BOARD + f'[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 "^{BIG}"\n'),
    ],
)
def test_odd_numbers_are_reported_not_crashed_on(reader: str, text: str) -> None:
    if reader == "csv":
        _read_and_score_csv(text)
    elif reader == "lin":
        _check_lin(text)
    else:
        _check_pbn(text)
        with pytest.raises(BridgeScoreError):
            pbn.pbn_to_session(pbn.loads(text))


def _usebio(board_number: str, tricks: str, place: str) -> str:
    return (
        '<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="MP_PAIRS">\n'
        f"<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>{place}</PLACE></PAIR>"
        "</PARTICIPANTS>\n"
        f"<BOARD><BOARD_NUMBER>{board_number}</BOARD_NUMBER>\n<TRAVELLER_LINE>"
        "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
        f"<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>{tricks}</TRICKS>"
        "</TRAVELLER_LINE>\n</BOARD>\n</EVENT>\n</USEBIO>\n"
    )


@pytest.mark.parametrize(
    ("board_number", "tricks", "place"),
    [("1²", "10", "1"), (BIG, "10", "1"), ("1", "1²", "1"), ("1", BIG, "1"), ("1", "10", "1²=")],
)
def test_odd_numbers_in_usebio_are_reported(board_number: str, tricks: str, place: str) -> None:
    text = _usebio(board_number, tricks, place)
    with pytest.raises(BridgeScoreError):
        usebio.loads(text)
    _survives(lambda: usebio.loads(text, lenient=True))
