"""Stored double-dummy figures checked against the deals: a sample (every board when one of it
is wrong, or when asked), each wrong board warned about and given the solver's table and par
(or kept as stored); without the solver, the figures are said to be unchecked. The real club
hand record whose stored tables are wrong on all 26 boards is the acceptance case."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from lxml import html as lxml_html

from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.ddtable import DD_SEATS, DD_STRAINS, DDTable
from bridgescore.core.table.deal import Deal
from bridgescore.core.table.seats import Seat
from bridgescore.core.table.strain import Strain
from bridgescore.events.hands import check_session, check_stored
from bridgescore.formats import hands
from bridgescore.formats.pbn import load as load_pbn
from bridgescore.formats.pbn import pbn_to_session
from tests.support.cli import run
from tests.support.endplay_oracle import endplay, known, trophy
from tests.support.paths import EXAMPLES, real_file

TROPHY = "hands/Hand_Trophy_Pairs.pbn"


def generated(count: int) -> list[HandRecord]:
    """Deals of the oracle file, numbered from 1, with the tables endplay gave for them."""
    deals = [k for k in known() if k.group == "generated"][:count]
    return [
        HandRecord(board, Deal.parse(k.deal)).with_table(k.table)
        for board, k in enumerate(deals, start=1)
    ]


def wrong(record: HandRecord) -> HandRecord:
    """The record with North's notrump tricks off by one: a stored table that is wrong."""
    assert record.table is not None
    tricks = {(s, t): record.table[s, t] for s in Seat for t in Strain}
    tricks[Seat.NORTH, Strain.NOTRUMP] = (tricks[Seat.NORTH, Strain.NOTRUMP] + 1) % 14
    return record.with_table(DDTable.of(tricks))


def test_right_figures_pass_a_sample_of_four() -> None:
    endplay()
    records = generated(8)
    done = check_stored(records, source="set.pbn")
    assert (done.checked, done.warnings, done.records) == (4, (), tuple(records))
    assert check_stored(records, every=True).checked == 8


def test_a_wrong_board_in_the_sample_has_every_board_checked() -> None:
    """Board 1 is always in the sample (the first, the last and two between): it is wrong, so
    all eight boards are checked and board 1 alone gets the solver's table back."""
    endplay()
    records = generated(8)
    broken = [wrong(records[0]), *records[1:]]
    done = check_stored(broken, source="set.pbn")
    assert done.checked == 8 and done.records == tuple(records)
    # North makes 3NT with 9 tricks (NS 400, board 1: nobody vulnerable); stored, 10 (NS 430)
    assert done.warnings == (
        "set.pbn: board 1: the stored double-dummy figures are wrong for its deal: 1 of the "
        "20 results differ (North in notrump: 10 tricks stored, 9 by the solver); the par is "
        "NS 430, NS 400 by the solver; the solver's figures are used",
    )
    kept = check_stored(broken, source="set.pbn", keep=True)
    assert kept.records == tuple(broken) and kept.warnings[0].endswith(
        "; kept as stored (--keep-stored)"
    )


def test_a_wrong_board_outside_the_sample_needs_check_dd() -> None:
    endplay()
    records = generated(8)
    broken = [*records[:3], wrong(records[3]), *records[4:]]  # the sample is 1, 3, 6, 8
    assert check_stored(broken).warnings == ()
    assert len(check_stored(broken, every=True).warnings) == 1


def test_without_the_solver_the_figures_are_unchecked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "endplay", None)  # as if it were not installed
    records = generated(3)
    done = check_stored(records, source="set.pbn")
    assert done.records == tuple(records) and done.checked == 0
    assert done.warnings == (
        "set.pbn: the double-dummy figures stored for 3 boards are unchecked (the solver, "
        "endplay, is not installed): shown as the file has them",
    )


def test_the_trophy_hand_record_is_wrong_on_all_26_boards() -> None:
    """Its tables give 1 trick wherever a contract fails (board 1: North, holding the ace and
    king of hearts, takes 1 trick in hearts; the two trumps alone are two tricks). The checked
    session holds, for every board, what endplay called directly gave for the deal (stored in
    ``trophy.json``)."""
    endplay()
    path = real_file(TROPHY)
    session = pbn_to_session(load_pbn(path))
    stored_north = session.double_dummy[1].table
    assert stored_north is not None and stored_north[Seat.NORTH, Strain.HEARTS] == 1
    checked, warnings = check_session(session, source="trophy.pbn")
    assert len(warnings) == 26
    assert [w.split(":")[1] for w in warnings] == [f" board {b}" for b in range(1, 27)]
    table = checked.double_dummy[1].table
    assert table is not None and table[Seat.NORTH, Strain.HEARTS] >= 2
    oracle = trophy()
    assert sorted(oracle) == sorted(session.deals) == list(range(1, 27))
    for board, (deal, table) in oracle.items():
        assert session.deals[board].to_pbn() == deal
        assert checked.double_dummy[board].table == table, board


def test_the_results_site_shows_the_solvers_figures(tmp_path: Path) -> None:
    """Boards 1-4 of the club session with the trophy hand record: a warning for each board,
    and the board pages show the solver's tricks, makeable contracts and par."""
    endplay()
    lines = (EXAMPLES / "club-session.csv").read_text().splitlines()
    results = tmp_path / "four.csv"
    kept = [line for line in lines if line.split(",")[0] in ("board", "1", "2", "3", "4")]
    results.write_text("\n".join(kept) + "\n")
    hands_file = real_file(TROPHY)
    site = tmp_path / "s"
    result = run("report", str(results), "--hands", str(hands_file), "--html", str(site))
    assert result.exit_code == 0, result.output
    told = [line for line in result.stderr.splitlines() if "stored double-dummy" in line]
    assert [line.split(": ")[2] for line in told] == ["board 1", "board 2", "board 3", "board 4"]
    session = pbn_to_session(load_pbn(hands_file))
    for board in (1, 2, 3, 4):
        page = lxml_html.parse(str(site / "boards" / f"{board}.html"))
        deal, solved = trophy()[board]
        assert session.deals[board].to_pbn() == deal
        stored = session.double_dummy[board].table
        assert _grid(page) == _rows(solved) != _rows(stored)
        # the file gives 1 trick wherever a contract fails: the contracts it makes, and so the
        # par, are the solver's all the same
        assert page.xpath("string(//dd[@class='makeable'])") == _makeable(solved)
        par = HandRecord(board, session.deals[board]).with_table(solved).par
        assert par is not None
        assert page.xpath("string(//dd[@class='par-score'])").startswith(par.optimum_score)


def _grid(page: Any) -> list[list[int]]:
    """The tricks of a board page's double-dummy grid, a row a declarer (N, S, E, W)."""
    rows = page.xpath("//table[@class='dd-grid']/tbody/tr")
    return [[int(cell.text_content()) for cell in row.xpath("td")] for row in rows]


def _rows(table: DDTable | None) -> list[list[int]]:
    assert table is not None
    return [[table[seat, strain] for strain in DD_STRAINS] for seat in DD_SEATS]


def _makeable(table: DDTable | None) -> str:
    """The makeable contracts as a board page shows them: ``NS 2♠; EW 2NT 3♥``."""
    assert table is not None
    symbols = str.maketrans({"S": "♠", "H": "♥", "D": "♦", "C": "♣"})
    sides = []
    for who, made in table.makeable():
        texts = [str(c).translate(symbols) for c in made]
        sides.append(f"{who} {' '.join(texts)}")
    return "; ".join(sides)


def test_deals_analyse_mends_the_wrong_boards_and_keeps_the_right(tmp_path: Path) -> None:
    endplay()
    records = generated(3)
    hands.dump([records[0], wrong(records[1]), records[2]], tmp_path / "set.pbn")
    done = run(
        "deals", "analyse", str(tmp_path / "set.pbn"), str(tmp_path / "out.pbn"), "--check-dd"
    )
    assert done.exit_code == 0, done.output
    assert "set.pbn: board 2: the stored double-dummy figures are wrong" in done.stderr
    assert [r.table for r in hands.load(tmp_path / "out.pbn").records] == [r.table for r in records]
    kept = run(
        "deals", "analyse", str(tmp_path / "set.pbn"), str(tmp_path / "kept.pbn"), "--keep-stored"
    )
    assert kept.exit_code == 0 and "kept as stored (--keep-stored)" in kept.stderr
    assert hands.load(tmp_path / "kept.pbn").records[1].table == wrong(records[1]).table
