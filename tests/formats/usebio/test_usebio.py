"""USEBIO: small files written here: teams, sections, pair ids, encodings, bad and hostile files."""

from __future__ import annotations

import resource
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from bridgescore import Board, FileFormatError, Result, Session, Side, TravellerLine
from bridgescore.core.table.adjusted import ArtificialScore, WeightedScore
from bridgescore.formats import usebio
from bridgescore.formats.csv import travellers
from bridgescore.formats.usebio import Figures, LineFigures, PairFigures, UsebioEvent
from bridgescore.formats.usebio.model import MatchRecord

HEAD = '<?xml version="1.0"?>\n<USEBIO Version="1.2">\n'


def document(event: str, *, event_type: str = "MP_PAIRS", extra: str = "") -> str:
    return f'{HEAD}<EVENT EVENT_TYPE="{event_type}">\n{event}</EVENT>\n{extra}</USEBIO>\n'


def line(ns: str, ew: str, body: str) -> str:
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>"
        f"<EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>{body}</TRAVELLER_LINE>\n"
    )


def board(number: int, *lines: str) -> str:
    return f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>\n{''.join(lines)}</BOARD>\n"


PLAYED = "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE>"

TEAMS = """<?xml version="1.0" encoding="iso-8859-1"?>
<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">
<USEBIO Version="1.2">
<CLUB><CLUB_NAME>Café Bridge</CLUB_NAME></CLUB>
<EVENT EVENT_TYPE="SWISS_TEAMS">
  <EVENT_DESCRIPTION>Swiss teams</EVENT_DESCRIPTION>
  <MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>
  <DATE>05/01/2025</DATE>
  <PARTICIPANTS>
    <TEAM TEAM_ID="1" TEAM_NAME="Lions">
      <TOTAL_SCORE>15.5</TOTAL_SCORE><PLACE>1</PLACE>
      <PLAYER><PLAYER_NAME>Ann</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Bob</PLAYER_NAME></PLAYER>
    </TEAM>
    <TEAM TEAM_ID="2" TEAM_NAME="Tigers">
      <TOTAL_SCORE>4.5</TOTAL_SCORE><PLACE>2</PLACE>
      <PAIR><PLAYER><PLAYER_NAME>Cy</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Di</PLAYER_NAME></PLAYER></PAIR>
    </TEAM>
  </PARTICIPANTS>
  <MATCH>
    <ROUND_NUMBER>1</ROUND_NUMBER>
    <TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>
    <TEAM_SCORE>15.5</TEAM_SCORE><OPPOSING_TEAM_SCORE>4.5</OPPOSING_TEAM_SCORE>
    <BOARD EVENT_TYPE="SWISS_TEAMS"><BOARD_NUMBER>1</BOARD_NUMBER><IMPS>10</IMPS>
      <TRAVELLER_LINE><DIRECTION>NS</DIRECTION><CONTRACT>4H</CONTRACT><PLAYED_BY>S</PLAYED_BY>
        <LEAD>KC</LEAD><TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>
      <TRAVELLER_LINE><DIRECTION>EW</DIRECTION><CONTRACT>2H</CONTRACT><PLAYED_BY>N</PLAYED_BY>
        <TRICKS>9</TRICKS><SCORE>140</SCORE></TRAVELLER_LINE>
    </BOARD>
    <BOARD><BOARD_NUMBER>2</BOARD_NUMBER>
      <TRAVELLER_LINE><DIRECTION>EW</DIRECTION><CONTRACT>3NT</CONTRACT><PLAYED_BY>W</PLAYED_BY>
        <TRICKS>9</TRICKS><SCORE>-400</SCORE></TRAVELLER_LINE>
      <TRAVELLER_LINE><DIRECTION>NS</DIRECTION><SCORE>A5050</SCORE></TRAVELLER_LINE>
    </BOARD>
  </MATCH>
</EVENT>
</USEBIO>
""".encode("iso-8859-1")


def test_a_teams_file_gives_lines_with_rounds_matches_and_teams() -> None:
    event = usebio.loads(TEAMS, source="teams.xml")
    session = event.session
    assert event.is_teams and event.event_type == "SWISS_TEAMS"
    assert session.info.club == "Café Bridge" and session.info.movement is None
    assert session.info.scoring == "IMPS" and event.match_scoring == "VPS"
    assert [(x.board, x.ns, x.ew, x.round, x.ns_score) for x in session.lines] == [
        (1, "1", "2", 1, 420),
        (1, "2", "1", 1, 140),
        (2, "2", "1", 1, -400),
        (2, "1", "2", 1, None),
    ]
    assert session.lines[0].lead == "CK"
    assert session.lines[3].adjusted == ArtificialScore.parse("A50/50")
    assert session.names == {"1": "Lions", "2": "Tigers"}
    tigers = event.participant("2")
    assert tigers is not None and [p.name for p in tigers.players] == ["Cy", "Di"]
    (match,) = event.matches
    assert (match.team, match.opponent, match.round, match.team_score) == (
        "1",
        "2",
        1,
        Decimal("15.5"),
    )
    assert match.imps == {1: Decimal(10)} and all(match.holds(x) for x in session.lines)
    assert event.figures.pairs["1"] == PairFigures(Decimal("15.5"), None, 1)
    again = usebio.loads(usebio.dumps(event))
    assert again.without_locations() == event.without_locations()


def test_teams_from_a_session_group_lines_into_matches_by_round() -> None:
    lines = (
        TravellerLine.played(1, "A", "B", Result.parse("4SN="), round=1),
        TravellerLine.played(1, "B", "A", Result.parse("4SN-1"), round=1),
        TravellerLine.played(5, "C", "A", Result.parse("3NTS="), round=2),
    )
    event = UsebioEvent.from_session(Session(lines, names={"A": "Aces"}), event_type="TEAMS")
    assert [(m.team, m.opponent, m.round) for m in event.matches] == [("A", "B", 1), ("C", "A", 2)]
    assert [p.kind for p in event.participants] == ["team"] * 3
    text = usebio.dumps(event)
    assert text.count("<MATCH>") == 2 and 'TEAM_NAME="Aces"' in text
    assert usebio.loads(text).without_locations() == event.without_locations()


def test_a_plainly_numbered_mitchell_gets_directed_ids() -> None:
    pairs = "".join(
        f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><DIRECTION>{d}</DIRECTION><PLACE>{p}</PLACE></PAIR>"
        for n, d, p in (("1", "NS", "1"), ("1", "EW", "2="), ("2", "NS", "2"), ("2", "EW", "2="))
    )
    text = document(
        f"<WINNER_TYPE>2</WINNER_TYPE><PARTICIPANTS>{pairs}</PARTICIPANTS>"
        + board(1, line("1", "1", PLAYED), line("2", "2", PLAYED.replace("420", "420")))
    )
    event = usebio.loads(text)
    assert [(x.ns, x.ew) for x in event.session.lines] == [("1NS", "1EW"), ("2NS", "2EW")]
    assert [p.label for p in event.participants] == ["1NS", "1EW", "2NS", "2EW"]
    assert event.figures.pairs["1EW"] == PairFigures(place=2, tied=True)
    assert event.figures.pairs["1EW"].place_text == "2="
    assert event.pair_ref("2EW").key == (None, Side.EW, "2")
    assert usebio.loads(usebio.dumps(event)).without_locations() == event.without_locations()


def test_sections_are_read_and_written() -> None:
    text = document(
        '<SESSION SESSION_ID="1"><SECTION SECTION_ID="A">'
        + board(1, line("1", "2", PLAYED))
        + '</SECTION><SECTION SECTION_ID="B">'
        + board(1, line("1", "2", PLAYED))
        + "</SECTION></SESSION>"
    )
    event = usebio.loads(text)
    assert [(x.section, x.ns) for x in event.session.lines] == [("A", "1"), ("B", "1")]
    assert event.pair_ref("1").section == "A"
    written = usebio.dumps(event)
    assert '<SECTION SECTION_ID="B">' in written
    assert usebio.loads(written).without_locations() == event.without_locations()


def pair(number: str, *players: str, more: str = "") -> str:
    named = "".join(f"<PLAYER><PLAYER_NAME>{name}</PLAYER_NAME></PLAYER>" for name in players)
    return f"<PAIR><PAIR_NUMBER>{number}</PAIR_NUMBER>{more}{named}</PAIR>"


def section(section_id: str, participants: str, *boards: str) -> str:
    listing = f"<PARTICIPANTS>{participants}</PARTICIPANTS>"
    return f'<SECTION SECTION_ID="{section_id}">{listing}{"".join(boards)}</SECTION>\n'


# A four-pair Howell in each of two sections: pairs 1-4 in both, pair 1 named only in A.
HOWELL_BOARDS = (
    board(
        1, line("1", "2", PLAYED), line("3", "4", PLAYED.replace("10<", "9<").replace("420", "-50"))
    ),
    board(
        3,
        line("2", "3", PLAYED),
        line("4", "1", PLAYED.replace("10<", "11<").replace("420", "450")),
    ),
)
TWO_SECTIONS = document(
    '<SESSION SESSION_ID="1">'
    + section(
        "A",
        pair("1", "Ann", "Bob", more="<PLACE>1</PLACE>") + pair("2", "Cy", "Di"),
        *HOWELL_BOARDS,
    )
    + section("B", pair("1", more="<PLACE>2</PLACE>") + pair("2", "Ed", "Flo"), *HOWELL_BOARDS)
    + "</SESSION>"
)


def test_pair_numbers_restart_in_each_section() -> None:
    event = usebio.loads(TWO_SECTIONS, source="sess.xml")
    assert [p.key for p in event.participants] == ["A 1", "A 2", "B 1", "B 2"]
    assert dict(event.session.names) == {"A 1": "Ann & Bob", "A 2": "Cy & Di", "B 2": "Ed & Flo"}
    assert event.figures.pairs["A 1"].place == 1 and event.figures.pairs["B 1"].place == 2
    assert event.pair_ref("B 1").key == ("B", None, "1")
    again = usebio.loads(usebio.dumps(event))
    assert again.without_locations() == event.without_locations()


def test_each_sections_pair_gets_its_own_names_in_the_pairs_engine() -> None:
    from bridgescore.core.pairs.score import score_session
    from bridgescore.formats.scored import usebio_event

    scored = score_session(usebio.loads(TWO_SECTIONS).session)
    named = {
        (entry.pair.section, entry.pair.label): entry.names
        for ranking in scored.rankings
        for entry in ranking.entries
    }
    assert named == {
        ("A", "1"): "Ann & Bob",
        ("A", "2"): "Cy & Di",
        ("A", "3"): None,
        ("A", "4"): None,
        ("B", "1"): None,  # not section A's pair 1
        ("B", "2"): "Ed & Flo",
        ("B", "3"): None,
        ("B", "4"): None,
    }
    written = usebio_event(scored)
    assert sorted(written.figures.pairs) == [f"{s} {n}" for s in "AB" for n in "1234"]
    assert written.session.names == event_names(written)
    again = usebio.loads(usebio.dumps(written))
    assert dict(again.session.names) == {"A 1": "Ann & Bob", "A 2": "Cy & Di", "B 2": "Ed & Flo"}
    assert again.figures.pairs == written.figures.pairs


def event_names(event: UsebioEvent) -> dict[str, str]:
    return {p.key: p.name for p in event.participants if p.name}


def test_a_two_field_section_keys_pairs_by_section_and_direction() -> None:
    from bridgescore.core.pairs.score import score_session

    ns_ew = pair("1", "Ann", "Bob", more="<DIRECTION>NS</DIRECTION>") + pair(
        "1", "Cy", "Di", more="<DIRECTION>EW</DIRECTION>"
    )
    boards = board(1, line("1", "1", PLAYED), line("2", "2", PLAYED.replace("420", "420")))
    text = document(
        '<WINNER_TYPE>2</WINNER_TYPE><SESSION SESSION_ID="1">'
        + section("A", ns_ew, boards)
        + section("B", pair("1", "Ed", "Flo", more="<DIRECTION>NS</DIRECTION>"), boards)
        + "</SESSION>"
    )
    event = usebio.loads(text)
    assert dict(event.session.names) == {
        "A 1NS": "Ann & Bob",
        "A 1EW": "Cy & Di",
        "B 1NS": "Ed & Flo",
    }
    named = {
        entry.pair.full: entry.names
        for ranking in score_session(event.session).rankings
        for entry in ranking.entries
    }
    assert named["A 1 NS"] == "Ann & Bob" and named["A 1 EW"] == "Cy & Di"
    assert named["B 1 NS"] == "Ed & Flo" and named["B 1 EW"] is None


def test_a_pair_listed_twice_in_one_section_is_refused() -> None:
    text = TWO_SECTIONS.replace(pair("2", "Ed", "Flo"), pair("1", "Ed", "Flo"))
    with pytest.raises(
        FileFormatError, match=r"sess.xml:\d+: PAIR: 1 is listed twice in section B"
    ):
        usebio.loads(text, source="sess.xml")


def test_a_session_from_csv_with_computed_figures_round_trips() -> None:
    csv = "board,ns,ew,contract,declarer,result,lead,score\n1,1,7,4S,N,12,HT,\n1,2,9,,,,,A60/40\n"
    session = travellers.loads(csv)
    figures = Figures(
        "MATCH_POINTS",
        (LineFigures.of(Fraction(43, 5), Fraction(7, 5)), LineFigures.of(6, 4)),
        pairs={"1": PairFigures(Decimal("86.0"), Decimal("86.00"), 1, True, 1)},
    )
    event = UsebioEvent.from_session(session, figures)
    assert event.line_figures(0) == LineFigures(Decimal("8.6"), Decimal("1.4"))
    assert event.session.info.scoring == "MATCH_POINTS" and event.event_type == "MP_PAIRS"
    text = usebio.dumps(event)
    assert "<LEAD>TH</LEAD>" in text and "<SCORE>A6040</SCORE>" in text
    assert "<PLACE>1=</PLACE>" in text and "<BOARDS_PLAYED>1</BOARDS_PLAYED>" in text
    assert usebio.loads(text).without_locations() == event.without_locations()
    assert usebio.dumps(session) == usebio.dumps(UsebioEvent.from_session(session))


def test_weighted_scores_and_names_outside_latin_1_survive(tmp_path: Path) -> None:
    weighted = WeightedScore.parse("60% 4SN= 40% 4SN-1", Board(3).vulnerability)
    session = Session(
        (TravellerLine(3, "1", "2", adjusted=weighted),), names={"1": "Łukasz Żak & Zoë Brontë"}
    )
    target = tmp_path / "w.xml"
    usebio.dump(session, target)
    data = target.read_bytes()
    assert data.startswith(b'<?xml version="1.0" encoding="iso-8859-1"?>\n<!DOCTYPE USEBIO')
    assert b"&#321;ukasz" in data and "Zoë".encode("iso-8859-1") in data
    event = usebio.load(target)
    assert event.session.lines[0].adjusted == weighted
    assert event.session.names["1"] == "Łukasz Żak & Zoë Brontë"


def test_encodings_declared_and_undeclared() -> None:
    body = board(1, line("1", "2", PLAYED))
    declared = document(f"<EVENT_DESCRIPTION>Mixed Pairs élite</EVENT_DESCRIPTION>{body}")
    declared = declared.replace('version="1.0"', 'version="1.0" encoding="iso-8859-1"')
    event = usebio.loads(declared.encode("iso-8859-1"))
    assert event.session.info.title == "Mixed Pairs élite"
    undeclared = declared.replace(' encoding="iso-8859-1"', "").encode("cp1252")
    assert usebio.loads(undeclared).session.info.title == "Mixed Pairs élite"
    assert (
        usebio.loads(declared).session.info.title == "Mixed Pairs élite"
    )  # text, declaration and all


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY>\n<TRICKS>14</TRICKS>",
            "club.xml:6: TRAVELLER_LINE: TRICKS '14' is not 0 to 13",
        ),
        (
            "<CONTRACT>8S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS>",
            "club.xml:5: TRAVELLER_LINE: CONTRACT '8S' is not a contract: a contract's level is 1 to 7",
        ),
        (
            "<CONTRACT>4S</CONTRACT><PLAYED_BY>X</PLAYED_BY><TRICKS>10</TRICKS>",
            "club.xml:5: TRAVELLER_LINE: PLAYED_BY 'X' is not N, E, S or W",
        ),
        (
            "<CONTRACT>4S</CONTRACT><TRICKS>10</TRICKS>",
            "club.xml:5: TRAVELLER_LINE: PLAYED_BY is missing for 4S",
        ),
        (
            "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>450</SCORE>",
            "club.xml:5: TRAVELLER_LINE: SCORE 450 does not match 4SN= on board 1 (NS +420)",
        ),
        (
            "<SCORE>421</SCORE>",
            "club.xml:5: TRAVELLER_LINE: SCORE 421 cannot happen on board 1 (vulnerable None)",
        ),
        (
            "<SCORE>Adjx</SCORE>",
            "club.xml:5: TRAVELLER_LINE: SCORE 'Adjx' is not a score or an adjusted score (A6040, A5050, AVE+)",
        ),
        ("", "club.xml:5: TRAVELLER_LINE: no CONTRACT and no SCORE"),
        (
            PLAYED + "<LEAD>Z9</LEAD>",
            "club.xml:5: TRAVELLER_LINE: LEAD 'Z9' is not a card (7H, TD, AS)",
        ),
        (
            PLAYED + "<NS_MATCH_POINTS>x</NS_MATCH_POINTS>",
            "club.xml:5: TRAVELLER_LINE: NS_MATCH_POINTS 'x' is not a number",
        ),
        (
            "<CONTRACT>4S</CONTRACT><SCORE>A6040</SCORE>",
            "club.xml:5: TRAVELLER_LINE: both a CONTRACT and the adjusted score A6040",
        ),
    ],
)
def test_bad_lines_are_located(body: str, message: str) -> None:
    text = document(board(1, line("1", "2", body)))
    with pytest.raises(FileFormatError) as caught:
        usebio.loads(text, source="club.xml")
    assert str(caught.value) == message


@pytest.mark.parametrize("marker", ["Adj", "ADJ", "Adjusted"])
def test_an_adj_marker_is_named_strictly_and_left_out_leniently(marker: str) -> None:
    from bridgescore.core.pairs.score import score_session

    text = document(
        board(
            1,
            line("1", "2", PLAYED),
            line("3", "4", f"<SCORE>{marker}</SCORE><NS_MATCH_POINTS>3</NS_MATCH_POINTS>"),
            line("5", "6", PLAYED.replace("10<", "9<").replace("420", "-50")),
        )
    )
    said = (
        f"club.xml:6: TRAVELLER_LINE: SCORE {marker!r} says the score was adjusted but not to "
        "what, so the line cannot be scored"
    )
    with pytest.raises(FileFormatError) as caught:
        usebio.loads(text, source="club.xml")
    assert str(caught.value) == (
        f"{said}: write the adjusted score instead (A6040, A5050, AVE+) "
        "or read the file with --lenient to leave the line out"
    )
    event = usebio.loads(text, source="club.xml", lenient=True)
    assert [str(p) for p in event.session.problems] == [f"{said}: the line is left out"]
    assert [(x.ns, x.ew) for x in event.session.lines] == [("1", "2"), ("5", "6")]
    scored = score_session(event.session)
    assert [len(b.lines) for b in scored.boards] == [2]


def test_strict_reports_every_problem_lenient_keeps_going() -> None:
    text = document(
        "<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>first</PLACE></PAIR></PARTICIPANTS>\n"
        + board(
            1,
            line("1", "2", PLAYED),
            line("3", "4", "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>14</TRICKS>"),
            line("1", "5", PLAYED),
        )
        + "<BOARD><BOARD_NUMBER>x</BOARD_NUMBER></BOARD>\n"
        + board(
            2,
            "<TRAVELLER_LINE><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>0</SCORE></TRAVELLER_LINE>\n",
        )
    )
    with pytest.raises(FileFormatError) as caught:
        usebio.loads(text, source="c.xml")
    assert [str(p) for p in caught.value.problems] == [
        "c.xml:4: PAIR: PLACE 'first': a place is a number from 1, with '=' for a tie",
        "c.xml:7: TRAVELLER_LINE: TRICKS '14' is not 0 to 13",
        "c.xml:8: board 1: NS pair 1 plays the board twice (also line 6)",
        "c.xml:10: BOARD: BOARD_NUMBER 'x' is not a number from 1",
        "c.xml:12: TRAVELLER_LINE: the NS pair number is missing",
    ]
    event = usebio.loads(text, source="c.xml", lenient=True)
    assert [(x.board, x.ns) for x in event.session.lines] == [(1, "1")]
    assert len(event.session.problems) == 5


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"  \n", "c.xml: the file is empty"),
        (
            b"board,ns,ew\n1,2,3\n",
            "c.xml:1: not well-formed XML: Start tag expected, '<' not found",
        ),
        (
            b"<USEBIO>\n<EVENT>\n</USEBIO>",
            "c.xml:3: not well-formed XML: Opening and ending tag mismatch: EVENT line 2 and USEBIO",
        ),
        (
            b"<html><body/></html>",
            "c.xml:1: the root element is <html>, not <USEBIO>: not a USEBIO file",
        ),
        (b"<USEBIO><CLUB/></USEBIO>", "c.xml:1: USEBIO: the file has no EVENT"),
        (
            b'<USEBIO><EVENT EVENT_TYPE="MP_PAIRS"/></USEBIO>',
            "c.xml:1: EVENT: no results: the file has no TRAVELLER_LINE and no PARTICIPANTS",
        ),
    ],
)
def test_files_that_are_not_usebio(data: bytes, message: str) -> None:
    with pytest.raises(FileFormatError) as caught:
        usebio.loads(data, source="c.xml")
    assert str(caught.value) == message


EXTERNAL = b"""<?xml version="1.0"?>
<!DOCTYPE USEBIO [
<!ENTITY secret SYSTEM "file:///etc/passwd">
]>
<USEBIO><CLUB><CLUB_NAME>&secret;</CLUB_NAME></CLUB><EVENT/></USEBIO>
"""

LAUGHS = (
    b'<?xml version="1.0"?>\n<!DOCTYPE USEBIO [\n<!ENTITY lol "lol">\n'
    + b"".join(
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">\n'.encode()
        for i in range(1, 10)
    )
    + b"]>\n<USEBIO><CLUB><CLUB_NAME>&lol9;</CLUB_NAME></CLUB></USEBIO>\n"
)


@pytest.mark.parametrize(("data", "line"), [(EXTERNAL, 3), (LAUGHS, 3)])
def test_entities_are_refused_and_never_expanded(data: bytes, line: int) -> None:
    """Refused before anything is expanded: the billion laughs would take gigabytes."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # (KiB)
    for text in (data, data.decode()):
        with pytest.raises(FileFormatError) as caught:
            usebio.loads(text, source="evil.xml", lenient=True)
        assert str(caught.value) == (
            f"evil.xml:{line}: the file declares or uses XML entities; USEBIO files have none"
        )
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak < 64 * 1024


ENTITY_IN_AN_ID = """<?xml version="1.0" encoding="{encoding}"?>
<!DOCTYPE USEBIO [
{declaration}
]>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><SECTION SECTION_ID="&x;"/></EVENT></USEBIO>
"""


@pytest.mark.parametrize(
    "encoding", ["utf-8", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "latin-1"]
)
@pytest.mark.parametrize("declaration", ['<!ENTITY x "AAAA">', '<!ENTITY % p "AAAA">'])
def test_entities_are_refused_whatever_the_encoding(encoding: str, declaration: str) -> None:
    text = ENTITY_IN_AN_ID.format(encoding=encoding.upper(), declaration=declaration)
    with pytest.raises(FileFormatError) as caught:
        usebio.loads(text.encode(encoding), source="evil.xml", lenient=True)
    assert str(caught.value) == (
        "evil.xml:3: the file declares or uses XML entities; USEBIO files have none"
    )


def test_an_undeclared_entity_reference_is_refused() -> None:
    data = b'<?xml version="1.0"?>\n<!DOCTYPE USEBIO SYSTEM "x.dtd">\n<USEBIO><EVENT>&x;</EVENT></USEBIO>'
    with pytest.raises(FileFormatError, match="entities"):
        usebio.loads(data, source="e.xml")


def test_load_reports_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(FileFormatError, match="cannot read the file"):
        usebio.load(tmp_path / "nowhere.xml")


def test_sniff() -> None:
    assert usebio.sniff(TEAMS) and usebio.sniff(usebio.dumps(Session(())).encode("latin-1"))
    assert usebio.sniff('<?xml version="1.0" encoding="utf-16"?><USEBIO/>'.encode("utf-16"))
    assert not usebio.sniff(b'[Event "x"]\n[Board "1"]\n')


def test_match_record_and_figures_checks() -> None:
    match = MatchRecord("1", "2", 3)
    assert match.holds(TravellerLine(1, "2", "1", ns_score=0, round=3))
    assert not match.holds(TravellerLine(1, "2", "1", ns_score=0, round=4))
    with pytest.raises(Exception, match="line points"):
        Figures("GOALS", (LineFigures.of(1, 1),))
    with pytest.raises(Exception, match="2 line figures for 1"):
        UsebioEvent.from_session(
            Session((TravellerLine(1, "1", "2", ns_score=0),)),
            Figures("IMPS", (LineFigures.of(1, 1), LineFigures.of(1, 1))),
        )


def test_figures_from_the_scoring_engine_fill_an_event_read_without_them() -> None:
    text = document(board(1, line("1", "2", PLAYED), line("3", "4", "<SCORE>-50</SCORE>")))
    event = usebio.loads(text)
    assert event.figures.is_empty and event.session.info.scoring == "MATCH_POINTS"
    computed = Figures(
        "MATCH_POINTS",
        (LineFigures.of(2, 0), LineFigures.of(0, 2)),
        datums={1: Decimal(185)},
        pairs={"1": PairFigures.of(Fraction(200, 3), Fraction(200, 3), 1, True, 1)},
    )
    filled = event.with_figures(computed)
    assert filled.figures.datums == {1: Decimal(185)}
    assert filled.figures.pairs["1"].total == Decimal("66.67")
    written = usebio.dumps(filled)
    assert "<NS_MATCH_POINTS>2</NS_MATCH_POINTS>" in written and "<PLACE>1=</PLACE>" in written
    assert usebio.loads(written).without_locations() == filled.without_locations()
    with pytest.raises(Exception, match="1 line figures for 2"):
        event.with_figures(Figures("IMPS", (LineFigures.of(1, -1),)))


def test_an_event_holds_figures_only_for_its_participants() -> None:
    session = Session((TravellerLine(1, "1", "2", ns_score=0),))
    with pytest.raises(Exception, match="not participants: 9"):
        UsebioEvent(session, figures=Figures(pairs={"9": PairFigures(place=1)}))
