"""Par from a double-dummy table, against DDS's DealerPar as endplay gives it: on the 53 deals
endplay solved once (``oracle.json``), on tables of every shape Hypothesis draws, and on worked
examples whose par is argued by hand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.errors import NotationError
from bridgescore.core.table.board import Board, Vulnerability
from bridgescore.core.table.ddtable import DDTable
from bridgescore.core.table.par import Par, ParContract, par, read_optimum_score
from bridgescore.core.table.seats import Seat
from bridgescore.core.table.strain import Strain
from tests.support.endplay_oracle import known, par_of


def ours(result: Par) -> set[str]:
    """Our par contracts written as :func:`par_of` writes endplay's: one per declarer."""
    texts = set()
    for item in result.contracts:
        contract = item.contract
        assert contract.strain is not None
        doubled = "X" if contract.doubling else ""
        relative = "=" if item.relative == 0 else f"{item.relative:+d}"
        for seat in item.declarers:
            texts.add(f"{contract.level}{contract.strain.letter}{seat}{doubled}{relative}")
    return texts


@pytest.mark.parametrize("deal", known(), ids=lambda k: f"{k.group}-{k.board}")
def test_par_of_each_known_deal_is_endplays(deal: object) -> None:
    from tests.support.endplay_oracle import Known

    assert isinstance(deal, Known)
    board = Board(deal.board)
    result = par(deal.table, board.dealer, board.vulnerability)
    assert result.score == deal.par_score
    score, contracts = par_of(deal.table, deal.board, board.dealer)
    assert score == deal.par_score
    assert ours(result) == contracts


@st.composite
def real_like_tables(draw: st.DrawFn) -> DDTable:
    """Tables like a deal's: in each strain North-South take about what East-West do not, each
    declarer a trick or two either way (DDS's par assumes as much; a table no deal can have,
    such as both sides taking 13 tricks, is outside what it answers)."""
    found = {}
    for strain in Strain:
        base = draw(st.integers(0, 13))
        for seat in Seat:
            own = base if seat in (Seat.NORTH, Seat.SOUTH) else 13 - base
            found[seat, strain] = min(13, max(0, own + draw(st.integers(-2, 2))))
    return DDTable.of(found)


@settings(max_examples=200)
@given(real_like_tables(), st.integers(1, 16))
def test_par_agrees_with_dealer_par_on_every_table(table: DDTable, board: int) -> None:
    number = Board(board)
    result = par(table, number.dealer, number.vulnerability)
    score, contracts = par_of(table, board, number.dealer)
    assert result.score == score
    if contracts is None:  # endplay's list contradicts its own score: no oracle
        return
    # DDS leaves out, now and then, a sacrifice the dealer's side can bid first at the level of
    # the other side's contract (3NTX-1 by the dealer's side over 3NT); we list it too.
    extra = ours(result) - contracts
    assert contracts <= ours(result)
    assert all("X" in text for text in extra), extra


def table(**tricks: int) -> DDTable:
    """A table from side and strain: ``NS_S=10`` gives North and South 10 tricks in spades;
    every strain not named takes 6 for both sides."""
    found = {(seat, strain): 6 for seat in Seat for strain in Strain}
    for key, value in tricks.items():
        side, letter = key.split("_")
        for seat in (Seat.NORTH, Seat.SOUTH) if side == "NS" else (Seat.EAST, Seat.WEST):
            found[seat, Strain.parse(letter)] = value
    return DDTable.of(found)


def test_a_game_nobody_can_outbid() -> None:
    # NS make 10 tricks in spades; EW take 3 there (13 - 10), nothing else makes.
    result = par(table(NS_S=10, EW_S=3), Seat.NORTH, Vulnerability.NONE)
    assert str(result) == "NS 420: NS 4S"


def test_the_dealer_gets_the_contract_both_sides_make() -> None:
    # Both sides take 7 tricks in no trumps and nothing else: whoever speaks first bids 1NT.
    both = table(NS_NT=7, EW_NT=7)
    assert str(par(both, Seat.NORTH, Vulnerability.NONE)) == "NS 90: NS 1NT"
    assert str(par(both, Seat.EAST, Vulnerability.NONE)) == "EW 90: EW 1NT"


def test_a_cheap_sacrifice_is_par_and_a_dear_one_is_not() -> None:
    # NS make 4S (10 tricks); EW take 8 in hearts: 5HX-3 costs 500 not vulnerable, less than
    # the 620 of NS's vulnerable game, and more than the 420 of a game not vulnerable.
    deal = table(NS_S=10, EW_S=3, EW_H=8, NS_H=5)
    assert str(par(deal, Seat.NORTH, Vulnerability.NS)) == "NS 500: EW 5HX-3"
    assert str(par(deal, Seat.NORTH, Vulnerability.NONE)) == "NS 420: NS 4S"


def test_a_contract_is_bid_high_enough_that_no_sacrifice_pays() -> None:
    # NS make 10 tricks in clubs (130); EW make 7 in spades: over 2C, 2SX-1 costs EW only 100,
    # so par is 3C+1, where 3SX-2 would cost 300.
    deal = table(NS_C=10, EW_C=3, EW_S=7, NS_S=6)
    assert str(par(deal, Seat.NORTH, Vulnerability.NONE)) == "NS 130: NS 3C+1"


def test_notation_round_trips() -> None:
    text = "EW 500: NS 5HX-3; N 5SX-3"
    assert str(Par.parse(text)) == text
    assert Par.parse("NS 0") == Par(0)
    assert ParContract.parse("ns 3nt+1").tricks == 10


@pytest.mark.parametrize(
    ("text", "score"),
    [("NS 420", 420), ("EW 620", -620), ("NS -100", -100), ("EW 4S; -620", -620), ("ns 0", 0)],
)
def test_optimum_score_spellings(text: str, score: int) -> None:
    assert read_optimum_score(text) == score


@pytest.mark.parametrize("text", ["420", "NS", "NS 4S 3S 420", "NX 420"])
def test_optimum_scores_that_cannot_be_read(text: str) -> None:
    with pytest.raises(NotationError):
        read_optimum_score(text)


@pytest.mark.parametrize("text", ["NS 8S", "NS 4SX-11", "NE 4S", "4Z"])
def test_par_contracts_that_cannot_be_read(text: str) -> None:
    with pytest.raises(NotationError):
        ParContract.parse(text)


def test_the_dealers_side_sacrifices_at_the_level_of_the_other_sides_game() -> None:
    # NS make 3NT (9 tricks); East takes 8 in no trumps and 9 in hearts. West deals: East-West
    # can bid 3NT before North-South do, and go one off doubled (-100) rather than let 3NT make
    # (-400); or bid 4H over it, one off too. DDS lists only 4HX-1.
    deal = DDTable.parse("94188945878796467846")
    result = par(deal, Seat.WEST, Vulnerability.NONE)
    assert str(result) == "NS 100: E 3NTX-1; E 4HX-1"
