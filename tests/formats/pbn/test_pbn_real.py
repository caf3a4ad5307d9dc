"""A real PBN export (Ruter, Butler pairs): read, re-exported, read again, scored columns kept."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bridgescore.core.table.seats import Seat
from bridgescore.core.table.traveller import Session
from bridgescore.formats import pbn
from tests.support.paths import SHARED

RUTER = SHARED / "testdata" / "pbn" / "ruter71_butler_pairs.pbn"

pytestmark = pytest.mark.skipif(
    not RUTER.exists(), reason=f"the shared test data is not here ({RUTER} is missing)"
)


def _lines(session: Session) -> list[object]:
    return [replace(line, line=None) for line in session.lines]


def test_the_real_file_is_read() -> None:
    file = pbn.load(RUTER)
    assert file.problems == () and file.version == "2.0" and file.export
    assert any("Ruter i Norge" in line for line in file.header)
    assert len(file.games) == 21
    assert [game.board for game in file.games] == list(range(1, 22))
    first = file.games[0]
    assert first.tags["Scoring"] == "IMP;Butler-2;Mean" and first.dealer is Seat.NORTH
    assert first.deal is not None and first.deal.is_complete
    totals = first.table("TotalScoreTable")
    assert totals is not None and len(totals.rows) == 16
    assert totals.records()[0]["Names"] == "Player 3a - Player 3b"
    assert totals.records()[0]["Club"] == "Rekrutteringsklubben Ruter 7 - Kristiansands BK"
    assert [c.width for c in totals.columns][6] == 50
    for game in file.games:
        table = game.table("ScoreTable")
        assert table is not None and len(table.rows) == 8


def test_the_real_file_as_a_session() -> None:
    session = pbn.pbn_to_session(pbn.load(RUTER))
    assert len(session.lines) == 21 * 8 and session.boards == tuple(range(1, 22))
    assert len(session.names) == 16 and session.names["12"] == "Player 12a - Player 12b"
    assert len(session.deals) == 21
    first = session.lines[0]
    assert (first.table, first.round, first.ns, first.ew) == (2, 1, "3", "4")
    assert (str(first.result), first.lead, first.ns_score, first.line) == ("1NTN+1", "ST", 120, 71)
    assert [line.ns_score for line in session.traveller(1)] == [
        120, 50, -80, -80, -110, -140, -150, -150
    ]  # fmt: skip
    assert session.info.title == "Klubbkveld" and session.info.date == "2012-01-24"
    pairs = {line.ns for line in session.lines} | {line.ew for line in session.lines}
    assert pairs == {str(n) for n in range(1, 17)}


def test_re_exported_it_reads_back_the_same(tmp_path: Path) -> None:
    file = pbn.load(RUTER)
    target = tmp_path / "again.pbn"
    pbn.dump(file, target)
    again = pbn.load(target)
    assert again == file
    assert pbn.dumps(again) == pbn.dumps(file)
    before, after = pbn.pbn_to_session(file), pbn.pbn_to_session(again)
    assert _lines(after) == _lines(before)
    assert (after.names, after.deals, after.info) == (before.names, before.deals, before.info)


def test_a_session_written_with_its_scored_columns_reads_back_the_same() -> None:
    file = pbn.load(RUTER)
    session = pbn.pbn_to_session(file)
    extra = {}
    for game in file.games:
        table = game.table("ScoreTable")
        assert table is not None and game.board is not None
        for index, record in enumerate(table.records()):
            extra[(game.board, index)] = {k: record[k] for k in ("IMP_NS", "IMP_EW", "ButlerDatum")}
    totals = file.games[0].table("TotalScoreTable")
    written = pbn.session_to_pbn(session, extra_columns=extra, total_table=totals)
    text = pbn.dumps(written)
    again = pbn.loads(text)
    assert again == written
    back = pbn.pbn_to_session(again)
    assert _lines(back) == _lines(session)
    assert (back.names, back.deals, back.info) == (session.names, session.deals, session.info)
    table = again.games[0].table("ScoreTable")
    assert table is not None
    assert [r["IMP_NS"] for r in table.records()] == ["5", "4", "0", "0", "-1", "-2", "-2", "-2"]
    assert again.games[0].table("TotalScoreTable") == totals
    assert max(len(line) for line in text.split("\r\n")) + 2 <= 255
