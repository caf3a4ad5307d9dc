"""USEBIO properties: writing then reading is lossless; no input makes the reader crash."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.core.errors import BridgeScoreError
from bridgescore.core.pairs.score import score_session
from bridgescore.core.table.deal import Card, Deal, Hand, Suit
from bridgescore.core.table.seats import Seat
from bridgescore.core.table.traveller import EventInfo, Session, TravellerLine
from bridgescore.formats import usebio
from bridgescore.formats.usebio import Figures, LineFigures, PairFigures, UsebioEvent
from bridgescore.formats.usebio.model import POINT_KINDS
from tests.support import paths
from tests.support.strategies import traveller_lines

TESTDATA = paths.TESTDATA / "usebio"
DECK = [Card(suit, rank) for suit in Suit for rank in range(2, 15)]

words = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Co", "Cn")),
    min_size=1,
    max_size=12,
).filter(lambda s: s == s.strip() and "&" not in s)
figures_ = st.decimals(
    min_value=-999, max_value=999, places=2, allow_nan=False, allow_infinity=False
)
leads = st.sampled_from(DECK).map(str)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    cards = draw(st.permutations(DECK))
    hands: dict[Seat, Hand | None] = {}
    for index, seat in enumerate((Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)):
        known = draw(st.booleans()) or index == 0
        hands[seat] = Hand.of(cards[13 * index : 13 * index + 13]) if known else None
    return Deal.of(hands)


@st.composite
def line_figures(draw: st.DrawFn) -> LineFigures | None:
    if draw(st.integers(0, 5)) == 0:
        return None
    return LineFigures(draw(maybe_figures), draw(figures_))


# Each strategy made once: one made in a draw is made (and checked by Hypothesis) every time.
maybe_words = st.none() | words
maybe_figures = st.none() | figures_
maybe_places = st.none() | st.integers(1, 40)
maybe_boards = st.none() | st.integers(1, 36)
maybe_dates = st.none() | st.dates(date(1990, 1, 1), date(2100, 1, 1)).map(date.isoformat)
a_deal = deals()
a_line_figures = line_figures()
orders = {n: st.permutations(range(1, n + 1)) for n in range(1, 9)}
"""The orders of 1 to 8 pairs."""


@st.composite
def events(draw: st.DrawFn) -> UsebioEvent:
    """A pairs session (one field or two) with leads, names, hands, event details and figures."""
    mitchell = draw(st.booleans())
    boards = draw(st.lists(st.integers(1, 36), min_size=1, max_size=4, unique=True))
    lines: list[TravellerLine] = []
    for board in boards:
        tables = draw(st.integers(1, 4))
        if mitchell:
            ew_order = draw(orders[tables])
            pairs = [(f"{n + 1}NS", f"{ew_order[n]}EW") for n in range(tables)]
        else:
            numbers = draw(orders[2 * tables])
            pairs = [(str(numbers[2 * n]), str(numbers[2 * n + 1])) for n in range(tables)]
        for ns, ew in pairs:
            line: TravellerLine = draw(traveller_lines(board, ns, ew))
            if draw(st.booleans()):
                line = replace(line, lead=draw(leads))
            lines.append(line)
    labels = sorted({x for line in lines for x in (line.ns, line.ew)})
    named = draw(st.lists(st.sampled_from(labels), unique=True))
    names = {label: " & ".join(draw(st.lists(words, min_size=1, max_size=2))) for label in named}
    hand_records = {board: draw(a_deal) for board in boards if draw(st.booleans())}
    info = EventInfo(
        title=draw(maybe_words),
        club=draw(maybe_words),
        date=draw(maybe_dates),
        venue=draw(maybe_words),
    )
    session = Session(tuple(lines), names=names, info=info, deals=hand_records)
    with_points = draw(st.booleans())
    figures = Figures(
        draw(st.sampled_from(POINT_KINDS)) if with_points else None,
        tuple(draw(a_line_figures) for _ in lines) if with_points else (),
        datums={b: draw(figures_) for b in boards if draw(st.booleans())},
        pairs={
            label: PairFigures(
                draw(maybe_figures),
                draw(maybe_figures),
                draw(maybe_places),
                draw(st.booleans()),
                draw(maybe_boards),
            )
            for label in labels
            if draw(st.booleans())
        },
    )
    return UsebioEvent.from_session(session, figures)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_writing_then_reading_gives_the_same_event(event: UsebioEvent) -> None:
    text = usebio.dumps(event)
    again = usebio.loads(text.encode("iso-8859-1"), source="again.xml")
    assert again.without_locations() == event.without_locations()
    assert usebio.dumps(again) == text
    assert usebio.sniff(text.encode("iso-8859-1"))


def test_the_generated_events_cover_what_matters() -> None:
    seen: set[str] = set()

    @settings(max_examples=80, deadline=None, database=None)
    @given(events())
    def look(event: UsebioEvent) -> None:
        seen.update(line.kind for line in event.session.lines)
        seen.update(["names"] if event.session.names else [])
        seen.update(["deals"] if event.session.deals else [])
        seen.update(["figures"] if event.figures.lines else [])
        seen.update([str(event.session.info.movement)])

    look()
    assert {"played", "score", "artificial", "weighted", "names", "deals", "figures"} <= seen
    assert {"Howell", "Mitchell"} <= seen


# --- fuzzing: only our own errors may escape ----------------------------------------------------


def _read_or_refuse(data: bytes, lenient: bool) -> None:
    try:
        event = usebio.loads(data, source="fuzz.xml", lenient=lenient)
    except BridgeScoreError:
        return
    usebio.dumps(event)  # what was read can be written


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600), st.booleans())
def test_random_bytes_never_crash_the_reader(data: bytes, lenient: bool) -> None:
    _read_or_refuse(data, lenient)


SMALL = (
    b'<?xml version="1.0"?>\n<USEBIO Version="1.2"><CLUB><CLUB_NAME>C</CLUB_NAME></CLUB>'
    b'<EVENT EVENT_TYPE="MP_PAIRS"><WINNER_TYPE>2</WINNER_TYPE><PARTICIPANTS><PAIR>'
    b"<PAIR_NUMBER>1NS</PAIR_NUMBER><DIRECTION>NS</DIRECTION><PLACE>1=</PLACE>"
    b"<PLAYER><PLAYER_NAME>A</PLAYER_NAME></PLAYER></PAIR></PARTICIPANTS>"
    b"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><BOARD_AVERAGE>10</BOARD_AVERAGE><TRAVELLER_LINE>"
    b"<NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER>"
    b"<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>7H</LEAD><TRICKS>10</TRICKS>"
    b"<SCORE>420</SCORE><NS_MATCH_POINTS>2</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS>"
    b"</TRAVELLER_LINE></BOARD><MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM>"
    b"<OPPOSING_TEAM>2</OPPOSING_TEAM><BOARD><BOARD_NUMBER>2</BOARD_NUMBER><IMPS>3</IMPS>"
    b"<TRAVELLER_LINE><DIRECTION>EW</DIRECTION><SCORE>A6040</SCORE></TRAVELLER_LINE>"
    b"</BOARD></MATCH></EVENT><HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><HAND>"
    b"<DIRECTION>North</DIRECTION><CLUBS>AKQJT98765432</CLUBS><DIAMONDS></DIAMONDS>"
    b"<HEARTS></HEARTS><SPADES></SPADES></HAND></BOARD></HANDSET></USEBIO>\n"
)


def _seeds() -> list[bytes]:
    found = [SMALL]
    if TESTDATA.exists():
        data = (TESTDATA / "butler_mitchell.xml").read_bytes()
        found.append(data[:6000] + data[-3000:])  # a cut real file: still many elements
    return found


ODD = ["", "-1", "0", "14", "x", "=", "3=", "A5050", "AVE+", "60% 4SN= 40% 4SN-1", "4S", "PASS",
       "N", "North", "NS", "7H", "1e9", "NaN", "99999999999", "&amp;", "\u00e9", "Adj"]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(_seeds()), st.randoms(use_true_random=False), st.booleans())
def test_mutated_files_never_crash_the_reader(
    seed: bytes, rng: random.Random, lenient: bool
) -> None:
    data = bytearray(seed)
    for _ in range(rng.randint(1, 6)):
        where = rng.randrange(len(data))
        choice = rng.random()
        if choice < 0.4:  # replace an element's text
            start = data.find(b">", where)
            end = data.find(b"<", start + 1)
            if 0 <= start < end:
                data[start + 1 : end] = rng.choice(ODD).encode("utf-8")
        elif choice < 0.6:
            data[where] = rng.randrange(256)
        elif choice < 0.8:
            del data[where : where + rng.randint(1, 40)]
        else:
            span = data[where : where + rng.randint(1, 200)]
            data[where:where] = span
    _read_or_refuse(bytes(data), lenient)


def test_a_real_file_read_leniently_after_damage_keeps_its_good_lines() -> None:
    if not TESTDATA.exists():
        pytest.skip("the real USEBIO files are not here (../shared is absent)")
    data = (TESTDATA / "mp_pairs_mitchell.xml").read_bytes()
    damaged = data.replace(b"<TRICKS>9</TRICKS>", b"<TRICKS>19</TRICKS>", 3)
    event = usebio.loads(damaged, source="damaged.xml", lenient=True)
    # each damaged line still records its SCORE: it is kept at that score, with a warning
    assert len(event.session.lines) == 512 and len(event.session.problems) == 3
    assert all("TRICKS '19' is not 0 to 13" in str(p) for p in event.session.problems)
    assert all(p.kept and "kept at its recorded score" in str(p) for p in event.session.problems)
    assert len(event.figures.lines) == 512
    undamaged = usebio.loads(data, source="real.xml")
    ours = score_session(event.session).rankings
    assert ours == score_session(undamaged.session).rankings  # the same scores, the same ranks
