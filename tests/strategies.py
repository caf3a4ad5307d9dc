"""Hypothesis strategies for bridgescore's domain types."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import strategies as st

from bridgescore.core.contract import Contract
from bridgescore.core.errors import BridgeScoreError
from bridgescore.core.result import Result
from bridgescore.core.seats import Seat
from bridgescore.core.strain import Doubling, Strain

levels = st.integers(min_value=1, max_value=7)
strains = st.sampled_from(list(Strain))
doublings = st.sampled_from(list(Doubling))
seats = st.sampled_from(list(Seat))
tricks = st.integers(min_value=0, max_value=13)

bid_contracts = st.builds(Contract, levels, strains, doublings)
contracts = st.one_of(st.just(Contract.passed_out()), bid_contracts)


@st.composite
def results(draw: st.DrawFn, declarer_known: bool = True) -> Result:
    """A possible result at the table (passed out now and then)."""
    contract = draw(contracts)
    if contract.is_pass:
        return Result.passed_out()
    declarer = draw(seats) if declarer_known else draw(st.none() | seats)
    return Result(contract, declarer, draw(tricks))


# --- travellers --------------------------------------------------------------------------------

from bridgescore.core.adjusted import ArtificialScore, Average, WeightedComponent, WeightedScore  # noqa: E402
from bridgescore.core.board import Board  # noqa: E402
from bridgescore.core.traveller import Session, TravellerLine  # noqa: E402

artificial_scores = st.builds(
    ArtificialScore, st.sampled_from(list(Average)), st.sampled_from(list(Average))
)


@st.composite
def weighted_scores(draw: st.DrawFn, board: int) -> WeightedScore:
    """Two or three results with whole-percent weights adding up to 100."""
    count = draw(st.integers(2, 3))
    cuts = sorted(
        draw(st.lists(st.integers(1, 99), min_size=count - 1, max_size=count - 1, unique=True))
    )
    weights = [b - a for a, b in zip([0, *cuts], [*cuts, 100], strict=True)]
    vulnerability = Board(board).vulnerability
    components = []
    for weight in weights:
        result = draw(results())
        components.append(
            WeightedComponent(Fraction(weight, 100), result.ns_score(vulnerability), result)
        )
    return WeightedScore(tuple(components))


@st.composite
def traveller_lines(draw: st.DrawFn, board: int, ns: str, ew: str) -> TravellerLine:
    kind = draw(st.sampled_from(["played", "played", "played", "score", "artificial", "weighted"]))
    if kind == "played":
        return TravellerLine.played(board, ns, ew, draw(results()))
    if kind == "score":
        played = draw(results())
        return TravellerLine(board, ns, ew, ns_score=played.ns_score(Board(board).vulnerability))
    if kind == "artificial":
        return TravellerLine(board, ns, ew, adjusted=draw(artificial_scores))
    return TravellerLine(board, ns, ew, adjusted=draw(weighted_scores(board)))


@st.composite
def sessions(draw: st.DrawFn, max_boards: int = 4, max_tables: int = 6) -> Session:
    """A two-field session: NS pairs 1..n against EW pairs 1..n on each board."""
    boards = draw(st.lists(st.integers(1, 36), min_size=1, max_size=max_boards, unique=True))
    lines = []
    for board in sorted(boards):
        tables = draw(st.integers(1, max_tables))
        ew_pairs = draw(st.permutations([str(n) for n in range(1, tables + 1)]))
        for table in range(tables):
            lines.append(draw(traveller_lines(board, str(table + 1), ew_pairs[table] + "EW")))
    return Session(tuple(lines))


# --- auctions and play -------------------------------------------------------------------------

from bridgescore.core.auction import Auction, AuctionCall, Call, CallKind, Play, PlayedCard, Trick  # noqa: E402
from bridgescore.core.deal import Card, Suit  # noqa: E402

FULL_DECK = [Card(suit, rank) for suit in Suit for rank in range(2, 15)]
ALL_BIDS = [Call.bid(level, strain) for level in range(1, 8) for strain in Strain]


@st.composite
def auctions(draw: st.DrawFn, complete: bool = True) -> Auction:
    """A legal auction (finished unless ``complete`` is false), calls sometimes annotated."""
    auction = Auction(draw(seats))
    while not auction.is_complete:
        if not complete and draw(st.integers(0, 9)) == 0:
            break
        bids = [c.call for c in auction.calls if c.call.is_bid]
        higher = ALL_BIDS[ALL_BIDS.index(bids[-1]) + 1 :] if bids else ALL_BIDS
        options = [Call(CallKind.PASS)] * 2 + higher[:3]
        for other in (Call(CallKind.DOUBLE), Call(CallKind.REDOUBLE)):
            try:
                auction.then(other)
                options.append(other)
            except BridgeScoreError:
                pass
        call = draw(st.sampled_from(options))
        note = draw(st.none() | st.integers(1, 32))
        nags = tuple(sorted(draw(st.lists(st.integers(0, 255), max_size=2))))
        auction = auction.then(AuctionCall(call, note=note, nags=nags))
    return auction


@st.composite
def plays(draw: st.DrawFn) -> tuple[Play, Strain | None]:
    """A play of some cards from a random deal, each player playing any card of their hand."""
    deck = draw(st.permutations(FULL_DECK))
    hands = {seat: list(deck[13 * i : 13 * i + 13]) for i, seat in enumerate(Seat)}
    trump = draw(st.sampled_from([*Strain, None]))
    leader = turn = trick_leader = draw(seats)
    count = draw(st.integers(0, 52))
    played: list[PlayedCard] = []
    trick: dict[Seat, PlayedCard | None] = {}
    for _ in range(count):
        card = hands[turn].pop(draw(st.integers(0, len(hands[turn]) - 1)))
        played.append(PlayedCard(card, note=draw(st.none() | st.integers(1, 32))))
        trick[turn] = played[-1]
        turn = turn.next()
        if len(trick) == 4:
            winner = Trick.of(trick).winner(trick_leader, trump)
            assert winner is not None
            trick_leader = turn = winner
            trick = {}
    return Play.from_cards(leader, played, trump), trump
