"""The big-file reader accepts exactly what the small reader accepts: both are fed the same
files, good and bad, and must give the same lines or the same error, word for word."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bridgescore.core.errors import FileFormatError
from bridgescore.fast.travellers import ExactEngineNeeded, read_csv
from bridgescore.formats.csv import travellers

COLUMNS = (
    "board",
    "ns",
    "ew",
    "contract",
    "declarer",
    "result",
    "score",
    "lead",
    "section",
    "round",
    "table",
)
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
    """What each reader makes of the file: its lines, or its error; ``None`` when the big-file
    reader leaves the file to the exact engine (adjusted scores)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.csv"
        path.write_text(text, encoding="utf-8")
        try:
            small: object = [
                (line.board, line.ns, line.ew, line.ns_score, line.line)
                for line in travellers.load(path).lines
            ]
        except FileFormatError as error:
            small = str(error)
        try:
            frame = read_csv(path)
            fast: object = [
                tuple(row)
                for row in frame.select("board", "ns", "ew", "ns_score", "line").iter_rows()
            ]
        except FileFormatError as error:
            fast = str(error)
        except ExactEngineNeeded:
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
def test_numbers_too_big_are_refused_on_the_big_file_path(text: str) -> None:
    both = read_both(text)
    assert both is not None
    small, fast = both
    assert isinstance(small, str) and fast == small
