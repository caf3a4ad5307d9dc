"""The real club files in ../shared/testdata, recomputed by our engine and compared with the
figures the scoring program wrote into them, to the file's precision (two decimals)."""

from __future__ import annotations

from collections import Counter
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest

from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.fields import PairId
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.pairs.score import score_session
from bridgescore.core.scoring.matchpoints import neuberg, raw_matchpoints
from bridgescore.formats import usebio
from bridgescore.formats.usebio import UsebioEvent
from tests.support.paths import TESTDATA

CENT = Decimal("0.01")


def two_places(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(CENT, ROUND_HALF_UP)


def load(name: str) -> UsebioEvent:
    path = TESTDATA / "usebio" / f"{name}.xml"
    if not path.exists():
        pytest.skip(f"the real results files are not here ({path} is missing: ../shared is absent)")
    return usebio.load(path)


METHODS = {"MATCH_POINTS": PairsMethod.MP, "BUTLER_IMPS": PairsMethod.BUTLER}


def scored(event: UsebioEvent) -> PairsEvent:
    assert event.session.info.scoring is not None
    return score_session(event.session, PairsRules(method=METHODS[event.session.info.scoring]))


@pytest.mark.parametrize("name", ["mp_pairs_howell", "mp_pairs_mitchell", "butler_mitchell"])
def test_every_traveller_line_is_reproduced(name: str) -> None:
    event = load(name)
    ours = scored(event)
    figures = dict(zip(event.session.lines, event.figures.lines, strict=True))
    checked = 0
    for board in ours.boards:
        real = [line for line in board.lines if line.ns_average is None]
        # The file prints a traveller as matchpointed among its own lines (artificial ones
        # counted): a board played fewer times than the others is factored only in the totals.
        scores = [line.line.ns_score for line in real]
        raw = raw_matchpoints([score for score in scores if score is not None])
        assert len(raw) == len(real)
        shown = len(board.lines)
        for scored_line in board.lines:
            given = figures[scored_line.line]
            assert given is not None
            ns, ew = scored_line.ns_points, scored_line.ew_points
            if board.top is not None and shown < board.expected and scored_line in real:
                ns = neuberg(raw[real.index(scored_line)], board.actual, shown)
                ew = 2 * (shown - 1) - ns
            assert (two_places(ns), two_places(ew)) == (given.ns, given.ew), (
                f"board {board.board}, {scored_line.ns_pair.full} v {scored_line.ew_pair.full}"
            )
            checked += 1
        if board.datum is not None:
            assert Decimal(board.datum) == event.figures.datums[board.board]
    assert checked == len(event.session.lines)


def _label(pair: PairId) -> str:
    """The file's id: ``3NS`` in a Mitchell, ``3`` in a Howell."""
    return pair.label + ("" if pair.direction is None else str(pair.direction))


@pytest.mark.parametrize("name", ["mp_pairs_howell", "mp_pairs_mitchell", "butler_mitchell"])
def test_every_pair_total_percentage_and_place_is_reproduced(name: str) -> None:
    event = load(name)
    ours = scored(event)
    compared = 0
    for ranking in ours.rankings:
        places = Counter(event.figures.pairs[_label(e.pair)].place for e in ranking.entries)
        for entry in ranking.entries:
            label = _label(entry.pair)
            given = event.figures.pairs[label]
            # TOTAL_SCORE is the total scaled to the boards most pairs played; the program sums
            # rounded board figures, so the last digit may differ by one.
            assert given.total is not None
            assert abs(two_places(entry.scaled) - given.total) <= CENT, label
            if given.percentage is not None:
                assert entry.percent is not None
                assert two_places(entry.percent) == given.percentage, label
            # A tie is a shared place, whether or not the program wrote "=".
            tied = given.tied or places[given.place] > 1
            assert (entry.rank, entry.tied) == (given.place, tied), label
            compared += 1
    assert compared == len(event.figures.pairs)


def test_the_real_pbn_butler_event_is_reproduced() -> None:
    """Ruter's PBN export (Scoring "IMP;Butler-2;Mean"): every row's IMPs and datum, and the
    TotalScoreTable's totals and ranks. Ruter ranks all 16 pairs as one field."""
    from bridgescore.core.pairs.rules import FieldMode, rules_from_scoring
    from bridgescore.formats import pbn
    from bridgescore.formats.dispatch import as_session

    path = TESTDATA / "pbn" / "ruter71_butler_pairs.pbn"
    if not path.exists():
        pytest.skip(f"the real results files are not here ({path} is missing: ../shared is absent)")
    pbn_file = pbn.load(path)
    session = as_session(pbn_file)
    assert session.info.scoring == "IMP;Butler-2;Mean"
    rules = PairsRules(**rules_from_scoring(session.info.scoring), field=FieldMode.ONE)
    ours = score_session(session, rules)
    rows = 0
    for game in pbn_file.games:
        table = game.table("ScoreTable")
        assert table is not None and game.board is not None
        board = ours.board(game.board)
        points = {(line.ns_pair.label, line.ew_pair.label): line for line in board.lines}
        for record in table.records():
            line = points[(record["PairId_NS"], record["PairId_EW"])]
            assert (line.ns_points, line.ew_points) == (
                Fraction(int(record["IMP_NS"])),
                Fraction(int(record["IMP_EW"])),
            )
            assert board.datum == int(record["ButlerDatum"])
            rows += 1
    assert rows == len(session.lines) == 168
    totals = pbn_file.games[0].table("TotalScoreTable")
    assert totals is not None
    entries = {e.pair.label: e for e in ours.ranking("ALL").entries}
    for record in totals.records():
        entry = entries[record["PairId"]]
        assert entry.score == int(record["TotalScoreIMP"])
        assert entry.rank == int(record["Rank"])
        assert entry.tied == (record["RankTie"] != "-")
    assert len(totals.records()) == len(entries) == 16


def test_compscore_adds_exact_board_figures_not_rounded_ones() -> None:
    """The Compscore3 Mitchell is reproduced by exact totals, not by boards rounded to two
    decimals first (EBUScore's way): pair 13NS has 4.2777... on board 15 (4 of 34 among 18
    results, Neuberg to 19: 5 x 19/18 - 1), 509.2777... in all, 52.3891 % of 972: the file
    prints 52.39, where rounding each board first (4.28, 509.28) would print 52.40."""
    event = load("mp_pairs_mitchell")
    given = event.figures.pairs["13NS"]
    exact = scored(event).ranking("NS").entries
    rounded = (
        score_session(event.session, PairsRules(method=PairsMethod.MP, board_precision=2))
        .ranking("NS")
        .entries
    )
    ours = {e.pair.label: e.percent for e in exact}
    theirs = {e.pair.label: e.percent for e in rounded}
    assert ours["13"] is not None and theirs["13"] is not None
    assert (two_places(ours["13"]), two_places(theirs["13"])) == (
        given.percentage,
        Decimal("52.40"),
    )
