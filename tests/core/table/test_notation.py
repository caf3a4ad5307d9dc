"""Notation: contracts, results, seats, strains, vulnerability and board numbers."""

from __future__ import annotations

import pytest
from hypothesis import given

from bridgescore import (
    Board,
    Contract,
    Doubling,
    InvalidResultError,
    NotationError,
    Result,
    Seat,
    Side,
    Strain,
    Vulnerability,
)
from tests.support.strategies import contracts, results


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("4S", "4S"),
        ("4s", "4S"),
        ("4♠", "4S"),
        ("4SX", "4SX"),
        ("3NTxx", "3NTXX"),
        ("3N", "3NT"),
        ("3 nt", "3NT"),
        ("PASS", "PASS"),
        ("P", "PASS"),
        ("pass", "PASS"),
        ("Passed out", "PASS"),
        ("4 H x", "4HX"),
        ("6♥XX", "6HXX"),
        ("2 spades", "2S"),
        ("1 no trumps", "1NT"),
        ("5D*", "5DX"),
        ("5D**", "5DXX"),
        ("7♣", "7C"),
    ],
)
def test_contract_spellings(text: str, canonical: str) -> None:
    contract = Contract.parse(text)
    assert str(contract) == canonical
    assert Contract.parse(str(contract)) == contract
    assert repr(contract) == f"Contract.parse({canonical!r})"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("8NT", "a contract's level is 1 to 7"),
        ("0H", "a contract's level is 1 to 7"),
        ("4Z", "a contract's strain is C, D, H, S or NT"),
        ("", "a contract is written like"),
        ("S4", "a contract is written like"),
        ("4SXXX", "left over"),
    ],
)
def test_bad_contracts_name_the_problem(text: str, reason: str) -> None:
    with pytest.raises(NotationError, match=reason) as caught:
        Contract.parse(text)
    assert caught.value.text == text
    assert str(caught.value).startswith(repr(text))


def test_contract_fields() -> None:
    contract = Contract.parse("6HXX")
    assert (contract.level, contract.strain, contract.doubling) == (
        6,
        Strain.HEARTS,
        Doubling.REDOUBLED,
    )
    assert contract.tricks_needed == 12
    assert contract.symbol == "6♥XX"
    assert Contract.passed_out().is_pass
    assert Contract.passed_out().tricks_needed == 0


@given(contracts)
def test_contract_notation_round_trips(contract: Contract) -> None:
    assert Contract.parse(str(contract)) == contract
    assert eval(repr(contract)) == contract


@given(results(declarer_known=False))
def test_result_notation_round_trips(result: Result) -> None:
    assert Result.parse(str(result)) == result


@pytest.mark.parametrize(
    ("text", "contract", "declarer", "tricks"),
    [
        ("4SX-2", "4SX", None, 8),
        ("3NT=", "3NT", None, 9),
        ("4H+1", "4H", None, 11),
        ("4HN+1", "4H", Seat.NORTH, 11),
        ("3NS+3", "3NT", Seat.SOUTH, 12),
        ("4H N 10", "4H", Seat.NORTH, 10),
        ("7NTXX W 0", "7NTXX", Seat.WEST, 0),
        ("3NTE-2", "3NT", Seat.EAST, 7),
        ("4S 10", "4S", None, 10),
        ("PASS", "PASS", None, 0),
    ],
)
def test_result_spellings(text: str, contract: str, declarer: Seat | None, tricks: int) -> None:
    result = Result.parse(text)
    assert result.contract == Contract.parse(contract)
    assert (result.declarer, result.tricks) == (declarer, tricks)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("4S+4", "14 tricks taken; a deal has 13"),
        ("7NT+1", "14 tricks taken; a deal has 13"),
        ("1NT-8", "can go down by at most 7 tricks"),
        ("4S 14", "14 tricks taken; a deal has 13"),
        ("4S", "the result is missing"),
        ("4SQ=", "a result is written like"),
    ],
)
def test_impossible_results_raise(text: str, reason: str) -> None:
    with pytest.raises((InvalidResultError, NotationError), match=reason):
        Result.parse(text)


def test_result_scores_for_ns() -> None:
    assert Result.parse("4SE=").ns_score(Vulnerability.EW) == -620
    assert Result.parse("4SE=").ns_score(Vulnerability.NS) == -420
    assert Result.parse("3NTN-1").ns_score(Vulnerability.BOTH) == -100
    assert Result.parse("PASS").ns_score(Vulnerability.BOTH) == 0
    with pytest.raises(InvalidResultError, match="declarer is needed"):
        Result.parse("4S=").ns_score(Vulnerability.NONE)


def test_seats_and_sides() -> None:
    assert [s.next() for s in Seat] == [Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH]
    assert [s.partner for s in Seat] == [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST]
    assert [s.side for s in Seat] == [Side.NS, Side.EW, Side.NS, Side.EW]
    assert Side.NS.opponent is Side.EW
    assert Seat.parse("west") is Seat.WEST
    with pytest.raises(NotationError, match="a seat is N, E, S or W"):
        Seat.parse("Q")


# Law 2: boards 1-16 (dealer, vulnerability), from the Law's table
LAW_2 = [
    ("N", "None"), ("E", "NS"), ("S", "EW"), ("W", "Both"),
    ("N", "NS"), ("E", "EW"), ("S", "Both"), ("W", "None"),
    ("N", "EW"), ("E", "Both"), ("S", "None"), ("W", "NS"),
    ("N", "Both"), ("E", "None"), ("S", "NS"), ("W", "EW"),
]  # fmt: skip


@pytest.mark.parametrize("number", range(1, 65))
def test_board_dealer_and_vulnerability_follow_law_2(number: int) -> None:
    dealer, vul = LAW_2[(number - 1) % 16]
    board = Board(number)
    assert (str(board.dealer), str(board.vulnerability)) == (dealer, vul)


def test_reference_board_examples() -> None:
    assert (Board(17).dealer, Board(17).vulnerability) == (Seat.NORTH, Vulnerability.NONE)
    assert (Board(20).dealer, Board(20).vulnerability) == (Seat.WEST, Vulnerability.BOTH)
    assert (Board(32).dealer, Board(32).vulnerability) == (Seat.WEST, Vulnerability.EW)
    assert (Board(35).dealer, Board(35).vulnerability) == (Seat.SOUTH, Vulnerability.EW)


@pytest.mark.parametrize("number", [0, -3])
def test_board_numbers_start_at_one(number: int) -> None:
    with pytest.raises(NotationError, match="a board number is a whole number from 1"):
        Board(number)


def test_vulnerability_spellings_and_seats() -> None:
    assert Vulnerability.parse("Love") is Vulnerability.NONE
    assert Vulnerability.parse("All") is Vulnerability.BOTH
    assert Vulnerability.parse("b") is Vulnerability.BOTH
    assert Vulnerability.EW.is_vulnerable(Seat.WEST)
    assert not Vulnerability.EW.is_vulnerable(Seat.NORTH)
    with pytest.raises(NotationError, match="vulnerability is None, NS, EW or Both"):
        Vulnerability.parse("sometimes")
