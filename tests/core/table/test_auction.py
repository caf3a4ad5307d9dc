"""Calls, auctions (legality, contract, declarer) and the card play (tricks, winners, claims)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.errors import NotationError
from bridgescore.core.table.auction import (
    Auction,
    AuctionCall,
    Call,
    CallKind,
    Play,
    PlayedCard,
    Trick,
)
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.deal import Card
from bridgescore.core.table.seats import Seat
from bridgescore.core.table.strain import Doubling, Strain
from tests.support.strategies import auctions, plays


@pytest.mark.parametrize(
    ("text", "shown"),
    [("pass", "Pass"), ("P", "Pass"), ("d", "X"), ("Dbl", "X"), ("r", "XX"), ("xx", "XX"),
     ("1n", "1NT"), ("7nt", "7NT"), ("4♥", "4H"), ("^s", "^S")],
)  # fmt: skip
def test_call_spellings(text: str, shown: str) -> None:
    assert str(Call.parse(text)) == shown
    assert Call.parse(str(Call.parse(text))) == Call.parse(text)


@pytest.mark.parametrize("text", ["8S", "0NT", "1Z", "", "XXX", "1"])
def test_bad_calls(text: str) -> None:
    with pytest.raises(NotationError, match="a call is Pass, X, XX or a bid"):
        Call.parse(text)


@pytest.mark.parametrize(
    ("dealer", "calls", "contract", "declarer"),
    [
        (Seat.NORTH, "1D 1S 3H 4S 4NT X Pass Pass 5C X 5H X Pass Pass Pass", "5HX", Seat.SOUTH),
        (Seat.SOUTH, "1NT Pass 3NT Pass Pass Pass", "3NT", Seat.SOUTH),
        (Seat.EAST, "Pass 1H Pass 2H Pass 4H X XX Pass Pass Pass", "4HXX", Seat.SOUTH),
        (Seat.WEST, "1C 1H 1S 2H 2S Pass 4S Pass Pass Pass", "4S", Seat.EAST),
        (Seat.NORTH, "1S Pass 2C Pass 2S Pass 4S Pass Pass Pass", "4S", Seat.NORTH),
        (Seat.NORTH, "Pass 1S X 2S Pass Pass 3D X Pass Pass Pass", "3DX", Seat.SOUTH),
        (Seat.EAST, "Pass Pass Pass Pass", "PASS", None),
    ],
)
def test_contract_and_declarer(
    dealer: Seat, calls: str, contract: str, declarer: Seat | None
) -> None:
    auction = Auction.parse(dealer, calls)
    assert auction.is_complete
    assert auction.contract == Contract.parse(contract)
    assert auction.declarer == declarer


def test_the_declarer_is_the_first_of_the_side_to_name_the_strain() -> None:
    # North opens 1H, South later bids 4H: North declares.
    auction = Auction.parse(Seat.NORTH, "1H Pass 2C Pass 2H Pass 4H Pass Pass Pass")
    assert auction.declarer is Seat.NORTH
    # East bid spades first for EW, West raised: East declares even though West bid last.
    auction = Auction.parse(Seat.NORTH, "1H 1S 2H 2S Pass 3S Pass Pass Pass")
    assert auction.declarer is Seat.EAST
    assert auction.contract is not None and auction.contract.doubling is Doubling.UNDOUBLED


def test_an_unfinished_auction_has_no_contract_yet() -> None:
    auction = Auction.parse(Seat.NORTH, "1NT Pass Pass")
    assert not auction.is_complete
    assert auction.contract is None and auction.declarer is None
    assert auction.next_to_call is Seat.WEST
    finished = auction.then(Call.parse("Pass"))
    assert finished.contract == Contract.parse("1NT") and finished.declarer is Seat.NORTH
    assert not Auction(Seat.NORTH).is_complete


@pytest.mark.parametrize(
    ("calls", "message"),
    [
        ("1S 1H", "East cannot bid 1H over 1S"),
        ("1S 1S", "East cannot bid 1S over 1S"),
        ("X", "North cannot double here"),
        ("1S Pass X", "South cannot double here"),
        ("1S X X", "South cannot double here"),
        ("1S XX", "East cannot redouble here"),
        ("1S X Pass XX", "West cannot redouble here"),
        ("Pass Pass Pass Pass Pass", "North calls after the auction is over"),
        ("1C Pass Pass Pass 1D", "North calls after the auction is over"),
    ],
)
def test_illegal_calls_are_refused(calls: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        Auction.parse(Seat.NORTH, calls)


def test_insufficient_bids_accepted_and_skipped_calls() -> None:
    calls = (
        AuctionCall(Call.parse("1D")),
        AuctionCall(Call.parse("1C"), insufficient=True),
        AuctionCall(Call(CallKind.SKIPPED)),
        AuctionCall(Call.parse("Pass")),
        AuctionCall(Call.parse("Pass")),
        AuctionCall(Call.parse("Pass")),
    )
    auction = Auction(Seat.WEST, calls)
    assert auction.contract == Contract.parse("1C") and auction.declarer is Seat.NORTH


def test_annotations_do_not_change_the_auction() -> None:
    alerted = AuctionCall(Call.parse("2C"), alert=True, explanation="strong", note=1, nags=(3,))
    auction = Auction(Seat.SOUTH, (alerted,), notes={1: "strong"})
    assert str(auction) == "2C" and auction.notes[1] == "strong"
    assert auction.then(Call.parse("Pass")).calls[0] == alerted


@given(auctions())
def test_generated_auctions_are_legal_and_reach_a_contract(auction: Auction) -> None:
    assert auction.is_complete
    assert auction.contract is not None
    if auction.contract.is_pass:
        assert auction.declarer is None
    else:
        assert auction.declarer is not None
        last_bid = [c.call for c in auction.calls if c.call.is_bid][-1]
        assert auction.contract.strain is last_bid.strain


def _cards(text: str) -> list[PlayedCard]:
    return [PlayedCard(Card.parse(word)) for word in text.split()]


def test_trick_winners_with_and_without_trumps() -> None:
    trick = Trick.of(dict(zip(Seat, _cards("SK H3 S4 SA"), strict=True)))
    assert trick.winner(Seat.NORTH, Strain.NOTRUMP) is Seat.WEST
    assert trick.winner(Seat.NORTH, Strain.SPADES) is Seat.WEST
    assert trick.winner(Seat.NORTH, Strain.HEARTS) is Seat.EAST
    assert trick.winner(Seat.EAST, Strain.CLUBS) is Seat.EAST  # hearts led, no trump played
    partial = Trick.of({Seat.NORTH: PlayedCard(Card.parse("S2"))})
    assert partial.winner(Seat.NORTH, None) is None and not partial.is_complete


def test_the_pbn_standard_example_play() -> None:
    rows = ["SK H3 S4 S3", "C5 C2 C6 CK", "S2 H6 S5 S7", "C8 CA CT C4", "D2 DA DT D3",
            "D4 DK H5 H7", "- - - H2"]  # fmt: skip
    play = Play.parse(Seat.WEST, rows)
    assert play.leaders(Strain.HEARTS) == (
        Seat.WEST, Seat.NORTH, Seat.SOUTH, Seat.NORTH, Seat.NORTH, Seat.NORTH, Seat.SOUTH
    )  # fmt: skip
    order = play.in_order(Strain.HEARTS)
    assert [f"{seat}{card}" for seat, card in order[4:8]] == ["NC2", "EC6", "SCK", "WC5"]
    assert play.cards_played == 25
    assert play.next_to_play(Strain.HEARTS) is Seat.WEST
    assert play.declarer_tricks(Seat.SOUTH, Strain.HEARTS) is None
    assert Play(play.leader, play.tricks, claim=9).declarer_tricks(Seat.SOUTH, Strain.HEARTS) == 9


def test_thirteen_tricks_give_declarers_tricks() -> None:
    # North holds all spades, leads them at no trumps and wins every trick.
    suits = {"N": "S", "E": "H", "S": "D", "W": "C"}
    ranks = "AKQJT98765432"
    rows = [" ".join(suits[s] + rank for s in "NESW") for rank in ranks]
    play = Play.parse(Seat.NORTH, rows)
    assert play.winners(Strain.NOTRUMP) == (Seat.NORTH,) * 13
    assert play.declarer_tricks(Seat.WEST, Strain.NOTRUMP) == 0
    assert play.declarer_tricks(Seat.SOUTH, Strain.NOTRUMP) == 13
    assert play.next_to_play(Strain.NOTRUMP) is Seat.NORTH


def test_a_play_refuses_a_card_twice_and_bad_claims() -> None:
    with pytest.raises(NotationError, match="played twice"):
        Play.from_cards(Seat.WEST, _cards("SA SK SQ SJ SA"), Strain.NOTRUMP)
    with pytest.raises(NotationError, match="a claim is 0 to 13"):
        Play(Seat.WEST, (), claim=14)
    with pytest.raises(NotationError, match="a trick has four cards"):
        Play.parse(Seat.WEST, ["SA SK"])


@given(plays())
def test_play_order_round_trips_through_seat_columns(case: tuple[Play, Strain]) -> None:
    play, trump = case
    order = play.in_order(trump)
    again = Play.from_cards(play.leader, [card for _, card in order], trump)
    assert again == play
    assert again.next_to_play(trump) is not None


@given(st.sampled_from(list(Seat)))
def test_an_empty_play_waits_for_the_opening_lead(leader: Seat) -> None:
    assert Play(leader).next_to_play(None) is leader
