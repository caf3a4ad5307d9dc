"""The three real USEBIO files (Compscore3): exact counts, spot values, figures, re-writing."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from bridgescore import ArtificialScore, Deal, Result, Seat, Side
from bridgescore.formats import usebio
from bridgescore.formats.usebio import LineFigures, PairFigures, UsebioEvent
from tests.support import paths

TESTDATA = paths.TESTDATA / "usebio"


def _load(name: str) -> UsebioEvent:
    path = TESTDATA / f"{name}.xml"
    if not path.exists():
        pytest.skip(f"the real USEBIO files are not here ({path} is missing: ../shared is absent)")
    return usebio.load(path)


@pytest.fixture(scope="module")
def howell() -> UsebioEvent:
    return _load("mp_pairs_howell")


@pytest.fixture(scope="module")
def mitchell() -> UsebioEvent:
    return _load("mp_pairs_mitchell")


@pytest.fixture(scope="module")
def butler() -> UsebioEvent:
    return _load("butler_mitchell")


def test_howell_counts_and_event(howell: UsebioEvent) -> None:
    session = howell.session
    assert (len(session.boards), len(session.lines), len(howell.participants)) == (27, 161, 12)
    assert len(session.deals) == 27 and session.problems == ()
    info = session.info
    assert info.title == "EL Wed 10.00am Open (27-Jul-22)"
    assert (info.club, info.date, info.venue) == ("NSBC@Lindfield", "2022-07-27", None)
    assert (info.scoring, info.movement, howell.event_type) == (
        "MATCH_POINTS",
        "Howell",
        "MP_PAIRS",
    )
    assert (howell.club_id, howell.event_id) == ("2074", "3226")
    assert {p.direction for p in howell.participants} == {None}
    assert Counter(line.kind for line in session.lines) == {"played": 160, "artificial": 1}
    assert sorted(Counter(Counter(line.board for line in session.lines).values()).items()) == [
        (5, 1),
        (6, 26),
    ]


def test_howell_spot_values(howell: UsebioEvent) -> None:
    session = howell.session
    first = session.lines[0]
    assert (first.board, first.ns, first.ew, first.result, first.ns_score, first.lead) == (
        1,
        "3",
        "11",
        Result.parse("5CW="),
        -400,
        "H2",
    )
    assert howell.line_figures(0) == LineFigures(Decimal(0), Decimal(10))
    adjusted = session.lines[151]
    assert (adjusted.board, adjusted.ns, adjusted.ew) == (26, "5", "10")
    assert adjusted.adjusted == ArtificialScore.parse("A50/50")
    assert howell.line_figures(151) == LineFigures(Decimal(5), Decimal(5))
    assert session.names["2"] == "PLAYER 2-1 & PLAYER 2-2"
    assert howell.participants[0].players[0].national_id == "0"
    assert howell.pair_ref("7").key == (None, None, "7")
    assert session.deals[1] == Deal.parse(
        "N:98.9762.AJT32.54 J5432.T8.K865.J2 Q76.AKQJ54.Q4.Q6 AKT.3.97.AKT9873"
    )


def test_howell_figures(howell: UsebioEvent) -> None:
    figures = howell.figures
    assert figures.points == "MATCH_POINTS" and len(figures.lines) == 161
    assert figures.datums == {}
    assert figures.pairs["2"] == PairFigures(Decimal("156.80"), Decimal("58.07"), 3, False)
    assert figures.pairs["6"].place == 1 and figures.pairs["6"].percentage == Decimal("60.22")
    assert sorted(p.place for p in figures.pairs.values() if p.place) == list(range(1, 13))
    # Neuberg-factored matchpoints are kept as the file writes them.
    assert Decimal("9.8") in {f.ns for f in figures.lines if f is not None}


def test_mitchell_counts_and_pair_ids(mitchell: UsebioEvent) -> None:
    session = mitchell.session
    assert (len(session.boards), len(session.lines), len(mitchell.participants)) == (27, 512, 38)
    assert len(session.deals) == 27 and session.problems == ()
    assert session.info.movement == "Mitchell" and session.info.date == "2022-07-11"
    assert Counter(p.direction for p in mitchell.participants) == {Side.NS: 19, Side.EW: 19}
    assert all(line.ns.endswith("NS") and line.ew.endswith("EW") for line in session.lines)
    ref = mitchell.pair_ref("3EW")
    assert (ref.label, ref.number, ref.direction, ref.key) == (
        "3EW",
        "3",
        Side.EW,
        (None, Side.EW, "3"),
    )


def test_mitchell_spot_values(mitchell: UsebioEvent) -> None:
    session = mitchell.session
    first = session.lines[0]
    assert (first.ns, first.ew, str(first.result), first.ns_score, first.lead) == (
        "1NS",
        "1EW",
        "1NTE-2",
        100,
        "D2",
    )
    assert mitchell.line_figures(0) == LineFigures(Decimal(30), Decimal(6))
    passed = session.lines[466]
    assert (passed.board, passed.ns, passed.ew, passed.result) == (
        25,
        "12NS",
        "6EW",
        Result.passed_out(),
    )
    assert mitchell.line_figures(466) == LineFigures(Decimal(34), Decimal(2))
    assert mitchell.figures.pairs["4NS"] == PairFigures(Decimal("596.22"), Decimal("61.34"), 1)
    assert mitchell.figures.pairs["5EW"].place == 1
    # Every board's matchpoints add up to the top times the tables (2/1 scale, top 2(n-1)).
    for board, lines in session.travellers().items():
        total = sum(
            (f.ns or 0) + (f.ew or 0)
            for i, f in enumerate(mitchell.figures.lines)
            if f and session.lines[i].board == board
        )
        assert total == 2 * (len(lines) - 1) * len(lines), board
    assert session.deals[1].hand(Seat.NORTH) is not None
    assert str(session.deals[1].hand(Seat.NORTH)) == "AJ9.K863.8.A9532"


def test_butler_datums_points_and_totals(butler: UsebioEvent) -> None:
    session = butler.session
    assert (len(session.boards), len(session.lines), len(butler.participants)) == (35, 245, 14)
    assert (session.info.scoring, session.info.movement) == ("BUTLER_IMPS", "Mitchell")
    assert butler.event_type == "BUTLER_PAIRS"
    figures = butler.figures
    assert figures.points == "BUTLER_POINTS" and len(figures.datums) == 35
    assert (figures.datums[1], figures.datums[2], figures.datums[3]) == (
        Decimal(-30),
        Decimal(-10),
        Decimal(200),
    )
    assert butler.line_figures(0) == LineFigures(Decimal(-3), Decimal(3))
    assert figures.pairs["2NS"] == PairFigures(Decimal("73.00"), None, 1)
    assert figures.pairs["1EW"].total == Decimal("-25.00")
    adjusted = [line for line in session.lines if line.adjusted is not None]
    assert [(a.board, a.ns, a.ew, str(a.adjusted)) for a in adjusted] == [
        (15, "2NS", "1EW", "A50/50")
    ]


@pytest.mark.parametrize("name", ["mp_pairs_howell", "mp_pairs_mitchell", "butler_mitchell"])
def test_rewriting_then_reading_gives_the_same_event(name: str, tmp_path: Path) -> None:
    event = _load(name)
    target = tmp_path / "again.xml"
    usebio.dump(event, target)
    again = usebio.load(target)
    assert again.without_locations() == event.without_locations()
    assert usebio.dumps(again) == usebio.dumps(event)
    assert usebio.sniff((TESTDATA / f"{name}.xml").read_bytes())
