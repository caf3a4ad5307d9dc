"""Round trips: Session -> PBN -> Session, and PbnFile -> text -> PbnFile."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.pairs.rules import scoring_in
from bridgescore.core.table.traveller import EventInfo, Session
from bridgescore.formats import pbn
from tests.support.strategies import LINE_TEXT, deals, pbn_files, sessions, shuffled_decks

info_texts = st.text(LINE_TEXT, min_size=1, max_size=15).filter(
    lambda t: t not in ("?", "-") and not t.startswith("#")
)
event_infos = st.builds(
    EventInfo,
    title=st.none() | info_texts,
    club=st.none() | info_texts,
    date=st.none() | st.dates().map(lambda d: d.isoformat()),
    venue=st.none() | info_texts,
    scoring=st.none() | info_texts,
    movement=st.none() | info_texts,
)
names = st.text(LINE_TEXT, min_size=1, max_size=20).filter(lambda t: t not in ("?", "-"))
leads = st.sampled_from(["SA", "HT", "D2", "CK"])
# (strategies drawn from below, made once: one made in a draw is made and checked each time)
maybe_leads = st.none() | leads
maybe_sections = st.none() | st.sampled_from(["A", "B two"])
maybe_rounds = st.none() | st.integers(1, 9)
maybe_tables = st.none() | st.integers(1, 20)


@st.composite
def full_sessions(draw: st.DrawFn) -> Session:
    """A session with names, deals, event details and the optional line details."""
    session = draw(sessions())
    lines = []
    for line in session.lines:
        lines.append(
            replace(
                line,
                lead=draw(maybe_leads),
                section=draw(maybe_sections),
                round=draw(maybe_rounds),
                table=draw(maybe_tables),
            )
        )
    pairs = sorted({p for line in lines for p in (line.ns, line.ew)})
    named = draw(st.dictionaries(st.sampled_from(pairs), names))
    boards = draw(st.sets(st.integers(1, 40), max_size=3)) | set(
        draw(st.sets(st.sampled_from(session.boards)))
    )
    hand_records = {board: draw(deals(list(draw(shuffled_decks)))) for board in sorted(boards)}
    return Session(tuple(lines), named, draw(event_infos), deals=hand_records)


def _lines(session: Session) -> list[object]:
    return [replace(line, line=None) for line in session.lines]


@settings(max_examples=60, deadline=None)
@given(full_sessions())
def test_a_session_round_trips_through_pbn(session: Session) -> None:
    text = pbn.dumps(pbn.session_to_pbn(session))
    back = pbn.pbn_to_session(pbn.loads(text, source="s.pbn"))
    assert sorted(_lines(back), key=repr) == sorted(_lines(session), key=repr)
    assert back.travellers().keys() == session.travellers().keys()
    for board, lines in session.travellers().items():
        assert [replace(x, line=None) for x in back.traveller(board)] == list(lines)
    assert back.names == session.names
    assert back.deals == session.deals
    # The scoring is written in PBN's words (USEBIO's AGGREGATE is PBN's Total).
    assert back.info == replace(session.info, scoring=scoring_in(session.info.scoring, "pbn"))
    assert back.problems == ()


@settings(max_examples=30, deadline=None)
@given(full_sessions(), st.data())
def test_extra_columns_and_a_total_table_do_not_change_the_session(
    session: Session, data: st.DataObject
) -> None:
    extra = {
        (board, index): {
            "MP_NS": str(index),
            "Percentage_NS": data.draw(st.sampled_from(["50", "62.5"])),
        }
        for board, lines in session.travellers().items()
        for index in range(len(lines))
    }
    total = pbn.PbnTable.build("TotalScoreTable", ["Rank", "PairId", "TotalMP"], [["1", "1", "7"]])
    written = pbn.session_to_pbn(session, extra_columns=extra, total_table=total)
    again = pbn.loads(pbn.dumps(written))
    assert again == written
    back = pbn.pbn_to_session(again)
    for board, lines in session.travellers().items():
        assert [replace(x, line=None) for x in back.traveller(board)] == list(lines)
    first = again.games[0].table("ScoreTable")
    assert first is not None and first.records()[0]["MP_NS"] == "0"


def _canonical(file: pbn.PbnFile) -> pbn.PbnFile:
    """Comments compared as a collection: their order follows the export layout."""
    games = tuple(
        replace(
            g, comments=tuple(sorted(g.comments, key=lambda c: (c.after or "", c.text, c.brace)))
        )
        for g in file.games
    )
    return replace(file, games=games)


@settings(max_examples=80, deadline=None)
@given(pbn_files())
def test_a_pbn_file_round_trips_through_text(file: pbn.PbnFile) -> None:
    text = pbn.dumps(file)
    again = pbn.loads(text, source="gen.pbn")
    assert _canonical(again) == _canonical(file)
    assert pbn.dumps(again) == text
