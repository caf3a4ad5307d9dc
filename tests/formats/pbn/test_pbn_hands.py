"""Hand records in PBN: the double-dummy tags read in every spelling, written back, kept through
sessions, and the 53 deals endplay solved written and read back the same."""

from __future__ import annotations

import pytest

from bridgescore.core.errors import FileFormatError
from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.board import Board
from bridgescore.core.table.deal import Deal
from bridgescore.core.table.par import Par
from bridgescore.core.table.traveller import Session
from bridgescore.formats import pbn
from bridgescore.formats.pbn.hands import records_from_pbn, records_to_pbn
from tests.support.endplay_oracle import known

DEAL = "N:Q53.AKQ.96.K8754 KT98.JT7.KQ43.A6 A64.843.T752.J93 J72.9652.AJ8.QT2"
TRICKS = "44457444579898698986"  # N, S, E, W, each NT, S, H, D, C: the Ruter file's board 1
ROWS = """N NT  4
N  S  4
N  H  4
N  D  5
N  C  7
S NT  4
S  S  4
S  H  4
S  D  5
S  C  7
E NT  9
E  S  8
E  H  9
E  D  8
E  C  6
W NT  9
W  S  8
W  H  9
W  D  8
W  C  6"""


def game(*tags: str, table: bool = True) -> str:
    lines = ['[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{DEAL}"]', *tags]
    if table:
        lines += ['[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]', ROWS]
    return "\n".join(lines) + "\n"


def test_the_table_both_ways_and_the_par_worked_out_when_missing() -> None:
    session = pbn.pbn_to_session(pbn.loads(game(f'[DoubleDummyTricks "{TRICKS}"]')))
    analysis = session.double_dummy[1]
    assert analysis.table is not None and str(analysis.table) == TRICKS
    assert analysis.par is not None and analysis.par.score == -400


@pytest.mark.parametrize(
    ("tags", "par"),
    [
        (['[OptimumScore "EW 400"]', '[ParContract "EW 3NT"]'], "EW 400: EW 3NT"),
        (['[OptimumScore "NS -400"]', '[ParContract "EW 3NT"]'], "EW 400: EW 3NT"),
        (['[OptimumScore "EW 3NT; -400"]'], "EW 400"),
        (['[OptimumScore "EW 400"]', '[ParContract "E 3NT; W 3NT"]'], "EW 400: E 3NT; W 3NT"),
    ],
)
def test_par_as_other_programs_write_it(tags: list[str], par: str) -> None:
    session = pbn.pbn_to_session(pbn.loads(game(*tags)))
    assert session.double_dummy[1].par == Par.parse(par)


def test_tags_that_disagree_or_cannot_be_read_are_problems() -> None:
    wrong = TRICKS[:-1] + "0"
    with pytest.raises(FileFormatError, match="differ from the OptimumResultTable"):
        pbn.pbn_to_session(pbn.loads(game(f'[DoubleDummyTricks "{wrong}"]')))
    with pytest.raises(FileFormatError, match=r"\[OptimumScore\]: 'lots'"):
        pbn.pbn_to_session(pbn.loads(game('[OptimumScore "lots"]')))
    with pytest.raises(FileFormatError, match=r"\[ParContract\]: 'NS 9NT'"):
        pbn.pbn_to_session(pbn.loads(game('[OptimumScore "NS 0"]', '[ParContract "NS 9NT"]')))
    lenient = pbn.pbn_to_session(pbn.loads(game('[OptimumScore "lots"]')), lenient=True)
    assert lenient.double_dummy[1].par is not None  # worked out from the table instead


def test_a_partial_optimum_result_table_is_kept_but_is_no_analysis() -> None:
    partial = game(table=False) + (
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT  4\nE  S 11\n'
    )
    read = pbn.loads(partial)
    assert pbn.pbn_to_session(read).double_dummy == {}
    assert pbn.loads(pbn.dumps(read)).games[0].tables == read.games[0].tables


def test_a_file_round_trip_keeps_every_tag() -> None:
    text = game('[OptimumScore "EW 400"]', '[ParContract "EW 3NT"]', '[Checker "Zed"]')
    read = pbn.loads(text)
    again = pbn.loads(pbn.dumps(read))
    assert pbn.loads(pbn.dumps(again)) == again
    assert again.games[0].tables == read.games[0].tables
    assert {k: v for k, v in again.games[0].tags.items() if v != "?"} == read.games[0].tags


def test_a_session_round_trip_keeps_the_analysis() -> None:
    session = pbn.pbn_to_session(pbn.loads(game()))
    written = pbn.session_to_pbn(session)
    tags = written.games[0].tags
    assert (tags["DoubleDummyTricks"], tags["OptimumScore"], tags["ParContract"]) == (
        TRICKS,
        "EW 400",
        "EW 3NT",
    )
    assert pbn.pbn_to_session(pbn.loads(pbn.dumps(written))).double_dummy == session.double_dummy


def test_a_new_deal_drops_the_analysis_of_the_old() -> None:
    session = pbn.pbn_to_session(pbn.loads(game()))
    other = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    assert session.with_deals({1: other}).double_dummy == {}
    assert session.with_deals({1: session.deals[1]}).double_dummy == session.double_dummy
    assert Session(()).with_deals({1: other}).deals[1] == other


def test_records_keep_their_games_tags_and_new_boards_get_games() -> None:
    read = pbn.loads(game('[Checker "Zed"]', table=False))
    records, problems = records_from_pbn(read)
    assert problems == [] and not records[0].analysed
    analysed = records[0].with_table(known()[0].table)
    extra = HandRecord(2, Deal.parse(known()[1].deal))
    written = records_to_pbn([analysed, extra], like=read)
    assert written.games[0].tags["Checker"] == "Zed"
    assert written.games[0].tags["DoubleDummyTricks"] == str(known()[0].table)
    assert written.games[1].tags["Board"] == "2" and written.games[1].tags["Dealer"] == "E"
    assert written.games[1].tags["DealId"] == extra.deal_id


def test_a_board_twice_or_without_a_number() -> None:
    text = game(table=False) + "\n" + game(table=False) + "\n" + f'[Deal "{DEAL}"]\n'
    records, problems = records_from_pbn(pbn.loads(text, source="two.pbn"))
    assert len(records) == 1
    assert [p.message for p in problems] == [
        "board 1: a second deal",
        "[Board]: the deal has no board number",
    ]


def test_the_known_deals_are_written_and_read_back_the_same() -> None:
    deals = known()
    records = [
        HandRecord(k.board, Deal.parse(k.deal)).with_table(k.table)
        for k in deals
        if k.group == "generated"
    ]
    again, problems = records_from_pbn(pbn.loads(pbn.dumps(records_to_pbn(records))))
    assert problems == [] and again == records
    for record, deal in zip(again, [k for k in deals if k.group == "generated"], strict=True):
        assert record.table == deal.table
        assert record.par is not None and record.par.score == deal.par_score
        assert (record.dealer, record.vulnerability) == (
            Board(deal.board).dealer,
            Board(deal.board).vulnerability,
        )
