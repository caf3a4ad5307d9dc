"""A traveller CSV read in columns (:mod:`bridgescore.fast.csv_columns`) is what the CSV
reader reads: both are fed the same files, good and bad, and must give the same session, line
for line, or the same error, word for word; anything else the column reader leaves to it."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bridgescore.core.errors import FileFormatError, ScoringError
from bridgescore.core.pairs.lines import Lines
from bridgescore.core.pairs.score import score_session
from bridgescore.fast import ExactEngineNeeded, csv_columns
from bridgescore.fast.csv_columns import read_columns
from bridgescore.formats.csv import travellers
from bridgescore.formats.csv.traveller_line import COLUMNS
from tests.support.paths import EXAMPLES

GOOD = {
    "board": ["1", "2", "17", "3", "4"],
    "ns": [*"123456789", "1NS", "A 1"],
    "ew": [*"123456789", "5EW"],
    "contract": ["4S", "3NT", "4SX"],
    "declarer": ["N", "S", "E"],
    "result": ["10", "=", "+1", "-3"],
    "score": [""],
    "lead": ["", "SA", "h10"],
    "section": ["", "A", "B"],
    "round": ["", "1", "2"],
    "table": ["", "1", "2"],
}
BAD = {
    "board": ["0", "1000000000", "１", "1_0", "+1", "#1", "", "1\x1b"],
    "ns": ["#1", "", "1\u202e"],
    "ew": ["1NS", "#2", "", "4\x85"],
    "contract": ["8NT", "", "4S!", "PASS"],
    "declarer": ["Q", ""],
    "result": ["-11", "14", "１０", ""],
    "score": ["420", "-50", "４２０", "4_20", "99999", "1e3"],
    "lead": ["XX", "S1"],
    "section": ["A\x07"],
    "round": ["0", "99999999999999", "٣"],
    "table": ["1000000000", "-1"],
}
"""What each column may hold: good cells, and bad ones in each way a reader checks."""


@st.composite
def traveller_files(draw: st.DrawFn) -> str:
    optional = draw(st.lists(st.sampled_from(COLUMNS[6:]), unique=True))
    columns = draw(st.permutations([*COLUMNS[:6], *optional]))
    lines = [",".join(columns)]
    for _ in range(draw(st.integers(1, 6))):
        if draw(st.integers(0, 9)) == 0:
            lines.append(draw(st.sampled_from(["# a note", "#", ",,,", ""])))
            continue
        cells = []
        for name in columns:
            bad = draw(st.integers(0, 14)) == 0
            cells.append(draw(st.sampled_from((BAD if bad else GOOD)[name])))
        lines.append(",".join(cells))
    return "\n".join(lines) + "\n"


def read_both(text: str) -> tuple[object, object] | None:
    """What each reader makes of the file: its session and lines, or its error; ``None`` when
    the column reader leaves the file to the CSV reader. A file whose lines the CSV reader
    refuses only for a pair playing a board twice, the column reader may take: the engine
    then refuses its lines too (the caller asks the CSV reader where)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.csv"
        path.write_text(text, encoding="utf-8")
        try:
            session = travellers.load(path)
            small: object = (session, Lines.of(session.lines))
        except FileFormatError as error:
            small = str(error)
            twice = all("twice" in problem.message for problem in error.problems)
        try:
            fast: object = read_columns(path)
        except FileFormatError as error:
            fast = str(error)
        except ExactEngineNeeded:
            return None
        if isinstance(small, str) and not isinstance(fast, str) and twice:
            with pytest.raises(ScoringError, match="twice"):
                score_session(fast[0], lines=fast[1])  # type: ignore[index]
            return None
    return small, fast


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(traveller_files())
@example("ns,ew,board,contract,declarer,result\n#1,2,1,4S,N,10\n3,4,1,4S,N,9\n")
@example("board,ns,ew,contract,declarer,result,round,table\n1000000000,1,2,4S,N,10,1,1\n")
@example("board,ns,ew,contract,declarer,result,round,table\n1,1,2,4S,N,10,99999999999999,1\n")
@example("board,ns,ew,contract,declarer,result,round,table\n1,1,2,4S,N,10,1,1000000000\n")
@example("board,ns,ew,contract,declarer,result\n1,1NS,1NS,4S,N,10\n1,3,4,4S,N,9\n")
@example("board,ns,ew,contract,declarer,result,score\n1,1,2,,,,４２０\n")
@example("ew,ns,contract,declarer,result,board\n2,1\x01,4S,N,10,1\x1b\n")  # two bad fields
def test_both_readers_accept_and_refuse_the_same_files(text: str) -> None:
    both = read_both(text)
    if both is not None:
        small, fast = both
        assert fast == small


@pytest.mark.parametrize(
    "text",
    [
        "board,ns,ew,contract,declarer,result,round\n1,1,2,4S,N,10,99999999999999\n",
        "board,ns,ew,contract,declarer,result,table\n1,1,2,4S,N,10,1000000000\n",
        "board,ns,ew,contract,declarer,result\n1000000000,1,2,4S,N,10\n",
    ],
)
def test_numbers_too_big_are_left_to_the_csv_reader(tmp_path: Path, text: str) -> None:
    path = tmp_path / "big.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ExactEngineNeeded, match="not a number from 1"):
        read_columns(path)
    with pytest.raises(FileFormatError, match=r"big\.csv:2"):
        travellers.load(path)


def test_the_bundled_session_is_read_alike() -> None:
    """Its adjusted scores too: each one's line is read by the CSV reader at once."""
    session, lines = read_columns(EXAMPLES / "club-session.csv")
    exact = travellers.load(EXAMPLES / "club-session.csv")
    assert session == exact and lines == Lines.of(exact.lines)
    assert sum(result is None for result in lines.compared) == 1  # A60/40 on board 7
    assert sum(isinstance(result, tuple) for result in lines.compared) == 1  # a weighted one


HEADER = "board,ns,ew,contract,declarer,result"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (f"{HEADER}\n1,1,2,4S,N,=,extra\n", "more fields"),
        (f"{HEADER}\n1,1,2,8NT,N,=\n", "a result to check"),
        (f"{HEADER},score\n1,1,2,4S,N,=,A60/40\n", "a result to check"),
        (f"{HEADER}\nx,1,2,4S,N,=\n", "not a number"),
        (f"{HEADER}\n1,,2,4S,N,=\n", "a pair is missing"),
        (f"{HEADER}\n1,1,2,4S,N,=\n1,3,#4,4S,N,=\n", "a pair to check"),
        (f"{HEADER}\n1,1,2,4S,N,=\n1,3NS,3 ns,4S,N,=\n", "a pair to check"),
        (f"{HEADER},lead\n1,1,2,4S,N,=,Z9\n", "a lead"),
        (f'{HEADER}\n1,"1\n",2,4S,N,=\n', "runs over lines"),
        (f"{HEADER}\n1,1\x01,2,4S,N,=\n", "control characters"),
        (f"{HEADER}\n1,1,2,4S,N,=\r1,3,4,4S,N,=\n", "a CR alone"),
        (f"{HEADER}\n", "no results"),
    ],
)
def test_what_it_leaves_to_the_csv_reader(tmp_path: Path, text: str, why: str) -> None:
    path = tmp_path / "file.csv"
    path.write_bytes(text.encode("utf-8"))
    with pytest.raises(ExactEngineNeeded, match=why):
        read_columns(path)


_CELL = st.text(st.sampled_from('1aN# ,"\r'), max_size=3)


@given(
    st.integers(1, 4).flatmap(
        lambda width: st.tuples(
            st.just(width),
            st.lists(st.lists(_CELL, min_size=width - 1, max_size=width + 1), max_size=6),
            st.sampled_from(["\n", "\r\n"]),
            st.booleans(),
        )
    )
)
@example((2, [["#", "1"], ["2", "3"]], "\n", True))  # a comment row
@example((2, [["1", "2"], ["", ""]], "\r\n", False))  # a row of blank cells
def test_rows_split_at_once_are_the_csv_modules(
    case: tuple[int, list[list[str]], str, bool],
) -> None:
    """However a file's rows are written (quotes, spaces, blank rows, comments, rows too
    short or too long, CR LF), its cells are the csv module's, or the CSV reader is asked
    for, whether they are split at once or read by the csv module."""
    width, rows, end, last_end = case
    text = end.join(["h" * width, *(",".join(row) for row in rows)]) + (end if last_end else "")
    if text.count("\r") != text.count("\r\n"):
        return  # (refused before either: a CR alone)
    try:
        slow_rows, slow_numbers = csv_columns._rows(text, "f.csv", width)
        slow: object = ([list(c) for c in zip(*slow_rows, strict=True)], slow_numbers)
    except ExactEngineNeeded:
        slow = "exact"
    try:
        cells, numbers = csv_columns._cells(text, "f.csv", width)
        fast: object = ([list(c) for c in cells], numbers)
    except ExactEngineNeeded:
        fast = "exact"
    assert fast == slow
