"""Hypothesis strategies for bridgescore's domain types."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import cache

from hypothesis import strategies as st

from bridgescore.core.errors import BridgeScoreError
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.result import Result
from bridgescore.core.table.seats import Seat
from bridgescore.core.table.strain import Doubling, Strain

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
    declarer = draw(seats) if declarer_known else draw(maybe_seats)
    return Result(contract, declarer, draw(tricks))


# Strategies drawn from in other strategies are made once, here: a strategy made in a draw is
# made (and checked by Hypothesis) every time, which costs more than the draw.
maybe_seats = st.none() | seats
some_results = results()


# --- travellers --------------------------------------------------------------------------------

from bridgescore.core.table.adjusted import (  # noqa: E402
    ArtificialScore,
    Average,
    WeightedComponent,
    WeightedScore,
)
from bridgescore.core.table.board import Board  # noqa: E402
from bridgescore.core.table.traveller import Session, TravellerLine  # noqa: E402

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
        result = draw(some_results)
        components.append(
            WeightedComponent(Fraction(weight, 100), result.ns_score(vulnerability), result)
        )
    return WeightedScore(tuple(components))


weighted_scores = cache(weighted_scores)  # (one strategy a board)


line_kinds = st.sampled_from(["played", "played", "played", "score", "artificial", "weighted"])


@st.composite
def traveller_lines(draw: st.DrawFn, board: int, ns: str, ew: str) -> TravellerLine:
    kind = draw(line_kinds)
    if kind == "played":
        return TravellerLine.played(board, ns, ew, draw(some_results))
    if kind == "score":
        played = draw(some_results)
        return TravellerLine(board, ns, ew, ns_score=played.ns_score(Board(board).vulnerability))
    if kind == "artificial":
        return TravellerLine(board, ns, ew, adjusted=draw(artificial_scores))
    return TravellerLine(board, ns, ew, adjusted=draw(weighted_scores(board)))


traveller_lines = cache(traveller_lines)  # (one strategy a board and pairs)


@cache
def pair_orders(tables: int) -> st.SearchStrategy[list[str]]:
    """The EW pairs ``1`` to ``tables`` in any order."""
    return st.permutations([str(n) for n in range(1, tables + 1)])


@st.composite
def sessions(draw: st.DrawFn, max_boards: int = 4, max_tables: int = 6) -> Session:
    """A two-field session: NS pairs 1..n against EW pairs 1..n on each board."""
    boards = draw(st.lists(st.integers(1, 36), min_size=1, max_size=max_boards, unique=True))
    lines = []
    for board in sorted(boards):
        tables = draw(st.integers(1, max_tables))
        ew_pairs = draw(pair_orders(tables))
        for table in range(tables):
            lines.append(draw(traveller_lines(board, str(table + 1), ew_pairs[table] + "EW")))
    return Session(tuple(lines))


# --- auctions and play -------------------------------------------------------------------------

from bridgescore.core.table.auction import (  # noqa: E402
    Auction,
    AuctionCall,
    Call,
    CallKind,
    Play,
    PlayedCard,
    Trick,
)
from bridgescore.core.table.deal import Card, Suit  # noqa: E402

FULL_DECK = [Card(suit, rank) for suit in Suit for rank in range(2, 15)]
ALL_BIDS = [Call.bid(level, strain) for level in range(1, 8) for strain in Strain]
shuffled_decks = st.permutations(FULL_DECK)
maybe_notes = st.none() | st.integers(1, 32)
trumps = st.sampled_from([*Strain, None])


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
        note = draw(maybe_notes)
        nags = tuple(sorted(draw(st.lists(st.integers(0, 255), max_size=2))))
        auction = auction.then(AuctionCall(call, note=note, nags=nags))
    return auction


@st.composite
def plays(
    draw: st.DrawFn,
    deck: list[Card] | None = None,
    leader: Seat | None = None,
    trump: Strain | None = None,
) -> tuple[Play, Strain | None]:
    """A play of some cards from a deal (of ``deck``: North's 13 cards first, then East's...),
    each player playing any card of their hand."""
    cards = deck if deck is not None else draw(shuffled_decks)
    hands = {seat: list(cards[13 * i : 13 * i + 13]) for i, seat in enumerate(Seat)}
    if leader is None:
        trump = draw(trumps)
        leader = draw(seats)
    turn = trick_leader = leader
    count = draw(st.integers(0, 52))
    played: list[PlayedCard] = []
    trick: dict[Seat, PlayedCard | None] = {}
    for _ in range(count):
        card = hands[turn].pop(draw(st.integers(0, len(hands[turn]) - 1)))
        played.append(PlayedCard(card, note=draw(maybe_notes)))
        trick[turn] = played[-1]
        turn = turn.next()
        if len(trick) == 4:
            winner = Trick.of(trick).winner(trick_leader, trump)
            assert winner is not None
            trick_leader = turn = winner
            trick = {}
    return Play.from_cards(leader, played, trump), trump


# --- PBN files ---------------------------------------------------------------------------------

from bridgescore.core.table.deal import Deal, Hand  # noqa: E402
from bridgescore.formats.pbn import PbnColumn, PbnComment, PbnFile, PbnGame, PbnTable  # noqa: E402
from bridgescore.formats.pbn.model import MANDATORY  # noqa: E402

LINE_TEXT = st.characters(blacklist_categories=("Cc", "Cs"))
"""Characters a PBN line may hold (no tabs, no line ends)."""

tag_values = st.text(LINE_TEXT, max_size=12).filter(lambda v: v != "#" and not v.startswith("##"))
SUPPLEMENTAL = [
    "Annotator",
    "Competition",
    "Description",
    "EventDate",
    "Room",
    "Round",
    "Stage",
    "Table",
]
TABLE_NAMES = [
    "ActionTable",
    "OptimumResultTable",
    "PlayTimeTable",
    "ScoreTable",
    "TotalScoreTable",
]


@st.composite
def deals(draw: st.DrawFn, deck: list[Card] | None = None) -> Deal:
    """A deal (of ``deck`` if given), some hands perhaps unknown."""
    cards = deck if deck is not None else draw(shuffled_decks)
    hidden = draw(st.sets(st.integers(0, 3), max_size=4))
    north, east, south, west = (
        None if i in hidden else Hand.of(cards[13 * i : 13 * i + 13]) for i in range(4)
    )
    return Deal((north, east, south, west))


column_widths = st.none() | st.integers(1, 12)
column_names = st.from_regex(r"[A-Za-z_]{1,8}", fullmatch=True)
column_orders = st.sampled_from([None, "+", "-"])
column_alignments = st.sampled_from([None, "L", "R"])


@st.composite
def pbn_tables(draw: st.DrawFn, name: str) -> PbnTable:
    count = draw(st.integers(1, 4))
    columns = []
    for _ in range(count):
        width = draw(column_widths)
        columns.append(
            PbnColumn(
                draw(column_names),
                draw(column_orders),
                width,
                None if width is None else draw(column_alignments),
            )
        )
    rows = draw(
        st.lists(
            st.lists(st.text(LINE_TEXT, max_size=8), min_size=count, max_size=count), max_size=3
        )
    )
    return PbnTable(name, tuple(columns), tuple(tuple(row) for row in rows))


pbn_tables = cache(pbn_tables)  # (one strategy a table's name)


board_tags = st.sampled_from(["", "?"]) | st.integers(1, 99).map(str)
vulnerable_tags = st.sampled_from(["", "?", "None", "NS", "EW", "All"])
result_tags = st.sampled_from(["", "?"]) | st.integers(0, 13).map(str)
supplemental_tags = st.sets(st.sampled_from(SUPPLEMENTAL), max_size=3)
maybe_auctions = st.none() | auctions(complete=False)
game_notes = st.dictionaries(st.integers(1, 32), st.text(LINE_TEXT, max_size=10), max_size=2)
dealer_tags = st.sampled_from(["", "?", "N", "E", "S", "W"])
unknown_contracts = st.sampled_from([("", ""), ("?", "?")])
table_names = st.sets(st.sampled_from(TABLE_NAMES), max_size=2)
brace_comments = st.text(
    st.characters(  # line breaks but no other control characters: none is written
        blacklist_categories=("Cs", "Cc"),
        whitelist_characters="\n",
        blacklist_characters="}\u2028\u2029",
    ),
    max_size=15,
)
line_comments = st.text(LINE_TEXT, max_size=15)


@st.composite
def pbn_games(draw: st.DrawFn) -> PbnGame:
    """A game whose auction, play and tags agree (as a reader checks them)."""
    tags = {name: draw(tag_values) for name in MANDATORY if name != "Deal"}
    tags["Board"] = draw(board_tags)
    tags["Vulnerable"] = draw(vulnerable_tags)
    tags["Result"] = draw(result_tags)
    for name in draw(supplemental_tags):
        tags[name] = draw(tag_values)
    auction = draw(maybe_auctions)
    deck = draw(shuffled_decks)
    play = None
    tags["Dealer"] = draw(dealer_tags)
    tags["Contract"], tags["Declarer"] = draw(unknown_contracts)
    if auction is not None:
        auction = replace(auction, notes=draw(game_notes))
        tags["Dealer"] = str(auction.dealer)
        contract, declarer = auction.contract, auction.declarer
        if contract is not None:
            tags["Contract"] = "Pass" if contract.is_pass else str(contract)
            tags["Declarer"] = "" if declarer is None else str(declarer)
        if contract is not None and declarer is not None and draw(st.booleans()):
            play, _ = draw(plays(deck, declarer.next(), contract.strain))
            play = replace(play, notes=draw(game_notes))
    deal = draw(st.none() | deals(deck))
    tables = [draw(pbn_tables(name)) for name in draw(table_names)]
    places = [None, *MANDATORY, *(n for n in tags if n not in MANDATORY), *(t.name for t in tables)]
    places += [name for name, part in (("Auction", auction), ("Play", play)) if part is not None]
    comments = []
    for _ in range(draw(st.integers(0, 3))):
        brace = draw(st.booleans())
        text = draw(brace_comments if brace else line_comments)
        comments.append(PbnComment(text, draw(st.sampled_from(places)), brace))
    return PbnGame(tags, deal, auction, play, tuple(tables), tuple(comments))


headers = st.lists(
    st.text(LINE_TEXT, max_size=20)
    .map(str.strip)
    .filter(lambda t: t.upper() != "EXPORT" and not t.upper().startswith("PBN")),
    max_size=3,
)
game_lists = st.lists(pbn_games(), max_size=3)


@st.composite
def pbn_files(draw: st.DrawFn) -> PbnFile:
    header = draw(headers)
    return PbnFile(tuple(draw(game_lists)), tuple(header))
