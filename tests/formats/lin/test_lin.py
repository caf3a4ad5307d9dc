"""BBO LIN: deals, players, auctions with alerts, play and claims; the seed's teaching file."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.core.errors import FileFormatError
from bridgescore.core.table.board import Vulnerability
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.seats import Seat
from bridgescore.formats import hands, lin, pbn
from bridgescore.formats.lin.to_pbn import lin_to_pbn
from bridgescore.formats.pbn.hands import records_from_pbn
from tests.support import paths
from tests.support.cli import run
from tests.support.paths import SEED

DATA = paths.DATA / "lin"
needs_seed = pytest.mark.skipif(not SEED.exists(), reason=f"the seed file {SEED} is not here")

DEAL = "3S269H2568QADTQC2T,S47AHJD3479C4567Q,S58QH479KDKAC38JA,"
"""A BBO deal: North deals; South, West, North given, East left to deduce."""


def test_the_vugraph_record_is_read() -> None:
    file = lin.load(DATA / "match.lin")
    assert file.problems == () and (file.title, file.scoring) == ("Club Teams", "IMP")
    open_1, closed_1, open_2 = file.boards
    assert (open_1.number, open_1.room, closed_1.number, closed_1.room) == (1, "o", 1, "c")
    assert open_1.players == {
        Seat.SOUTH: "Ann",
        Seat.WEST: "Bob",
        Seat.NORTH: "Cy",
        Seat.EAST: "Di",
    }
    assert closed_1.players[Seat.SOUTH] == "Ed" and closed_1.players[Seat.EAST] == "Hal"
    assert open_1.deal == closed_1.deal and open_1.deal.is_complete
    assert str(open_1.deal.hand(Seat.EAST)) == "KJT3.T3.J8652.K9"
    assert open_1.dealer is Seat.NORTH and open_1.vulnerability is Vulnerability.NONE
    assert open_1.auction is not None and open_1.play is not None
    alerted = open_1.auction.calls[0]
    assert (alerted.alert, alerted.explanation) == (True, "2+ clubs, 11-21")
    assert (str(open_1.result), open_1.tricks, open_1.play.claim) == ("3NTN+1", 10, 10)
    assert open_1.comments == ("Declarer claims the rest but one.",)
    assert closed_1.contract == Contract.passed_out() and str(closed_1.result) == "PASS"
    assert closed_1.tricks == 0 and closed_1.play is None
    assert (str(open_2.result), open_2.vulnerability, open_2.dealer) == (
        "7SXXW=",
        Vulnerability.NS,
        Seat.EAST,
    )
    assert open_2.play is not None and len(open_2.play.tricks) == 13 and open_2.play.claim is None


def test_the_vugraph_record_converts_to_the_golden_pbn() -> None:
    converted = lin_to_pbn(lin.load(DATA / "match.lin"))
    golden = (DATA / "match.pbn").read_bytes()
    assert pbn.dumps(converted).encode() == golden
    again = pbn.loads(golden.decode(), source="match.pbn")
    assert again.problems == ()
    session = pbn.pbn_to_session(again)
    assert [(line.board, line.ns, line.ew, str(line.result), line.ns_score) for line in session.lines] == [
        (1, "Cy - Ann", "Di - Bob", "3NTN+1", 430),
        (1, "Gus - Ed", "Hal - Flo", "PASS", 0),
        (2, "Cy - Ann", "Di - Bob", "7SXXW=", -2240),
    ]  # fmt: skip


def test_several_boards_on_one_line_and_numbers_from_headings_and_ids() -> None:
    text = (
        f"md|{DEAL}|ah|Board 7|mb|p|md|{DEAL}|qx|c12|"  # a qx after the md names the board
        f"md|1,,,|mb|2C|"  # no number: the one after the last
    )
    file = lin.loads(text)
    assert [b.number for b in file.boards] == [7, 12, 13]
    assert [b.dealer for b in file.boards] == [Seat.NORTH, Seat.NORTH, Seat.SOUTH]
    assert file.boards[0].vulnerability is Vulnerability.BOTH  # board 7's: there is no sv
    assert file.boards[2].deal.is_empty


def test_vulnerability_follows_the_board_number_when_sv_is_missing() -> None:
    board = lin.loads(f"md|{DEAL}|ah|Board 7|").boards[0]
    assert board.vulnerability is Vulnerability.BOTH


def test_calls_run_together_alerts_and_explanations() -> None:
    board = lin.loads(f"md|{DEAL}|mb|1C!|an|Precision|mb|DR|mb|pp1np3nppp|").boards[0]
    auction = board.auction
    assert auction is not None
    assert str(auction) == "1C X XX Pass Pass 1NT Pass 3NT Pass Pass Pass"
    assert (auction.calls[0].alert, auction.calls[0].explanation) == (True, "Precision")
    assert (board.contract, board.declarer) == (Contract.parse("3NT"), Seat.EAST)


def test_a_teaching_deal_is_built_up_with_md_0() -> None:
    text = "md|1SAK4HAK4DQJ854C73,,S983H93D32CAKQ654,|mb|1N|md|0,hq,0,0|md|0,0,0,h2c89tj|"
    file = lin.loads(text, source="t.lin")
    assert [str(p) for p in file.problems] == [
        "t.lin:1: board 1: West's hand has 1 card (HQ), not 13: written as unknown",
        "t.lin:1: board 1: East's hand has 5 cards (H2 C8 C9 CT CJ), not 13: written as unknown",
    ]
    assert file.boards[0].deal.hand(Seat.WEST) is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (f"sv|x|md|{DEAL}|", "t.lin:1: board 1: sv|x|: vulnerability is None, NS, EW or Both; taken from the number"),
        ("md|9S2,,,|", "t.lin:1: board 1: the dealer digit is 9, not 1-4 (1 South ... 4 East)"),
        ("md|3SAKX,,,|", "t.lin:1: board 1: South's hand 'SAKX' is not a hand: 'X' is not a suit letter or a rank here"),
        (f"md|{DEAL}|mb|1C|mb|1C|", "t.lin:1: board 1: mb|1C|: East cannot bid 1C over 1C: left out"),
        (f"md|{DEAL}|mb|1C|mb|1Z|", "t.lin:1: board 1: mb|1Z|: '1' is not a call: left out"),
        (f"md|{DEAL}|mb|1C|pc|SA|", "t.lin:1: board 1: cards are played but the auction has no contract: the play is left out"),
        (f"md|{DEAL}|mb|1Cppp|pc|HA|", "t.lin:1: board 1: pc|HA|: East does not hold HA: the play is kept up to here"),
        (f"md|{DEAL}|mb|1Cppp|mc|14|", "t.lin:1: board 1: mc|14|: a claim is 0 to 13 tricks for declarer"),
        (f"mb|1C|md|{DEAL}|", "t.lin:1: mb|1C|: a call or card before any deal (md)"),
        ("md|3S23456789TJQKA,H23456789TJQKA,S2,|", "t.lin:1: board 1: North's hand has S2, which is in South's hand: written as unknown"),
    ],
)  # fmt: skip
def test_each_problem_names_the_line(text: str, message: str) -> None:
    file = lin.loads(text, source="t.lin")
    assert any(message in str(p) for p in file.problems), file.problems
    with pytest.raises(FileFormatError) as caught:
        lin.loads(text, source="t.lin", lenient=False)
    assert message in str(caught.value)


def test_text_without_a_deal_is_not_a_lin_file() -> None:
    with pytest.raises(FileFormatError, match=r"^t\.txt: no deal \(md\|\.\.\.\|\) found"):
        lin.loads("Just some text | with a pipe|", source="t.txt")


def test_the_lines_are_counted_across_multi_line_values() -> None:
    text = f"nt|first\nsecond\nthird|\n\nmd|{DEAL}|mb|1Z|"
    assert {p.line for p in lin.loads(text).problems} == {5}


@needs_seed
def test_the_seed_teaching_file_gives_five_deals_and_located_warnings() -> None:
    file = lin.load(SEED)
    assert [b.number for b in file.boards] == [1, 2, 3, 4, 5]
    assert [b.headings[0] for b in file.boards] == [
        "Exercise A", "Exercise A1", "Exercise B", "Exercise C", "Exercise D"
    ]  # fmt: skip
    assert [str(b.contract) for b in file.boards] == ["3NT", "3NT", "3S", "4H", "5C"]
    assert {b.declarer for b in file.boards} == {Seat.SOUTH}
    assert [b.tricks for b in file.boards] == [None, None, 11, None, None]
    exercise_b = file.boards[2]
    assert (
        exercise_b.deal.is_complete and str(exercise_b.deal.hand(Seat.WEST)) == "43.K954.J873.K76"
    )
    messages = [str(p).split(":", 2)[1:] for p in file.problems]
    assert [line for line, _ in messages] == [
        "804", "804", "835", "835", "859", "859", "859", "893", "904", "904", "921", "921", "921"
    ]  # fmt: skip
    assert " board 5 (Exercise D): West's hand has 1 card (SK), not 13: written as unknown" in [
        text for _, text in messages
    ]


@needs_seed
def test_the_seed_converts_to_pbn_that_reads_back_cleanly() -> None:
    converted = lin_to_pbn(lin.load(SEED))
    text = pbn.dumps(converted)
    again = pbn.loads(text, source="seed.pbn")
    assert len(again.games) == 5 and again.problems == ()
    deals = [game.deal for game in again.games]
    assert deals[0] is not None and deals[0].to_pbn() == ("N:983.93.32.AKQ654 - AK4.AK4.QJ854.73 -")
    assert again.games[2].tags["Result"] == "11" and again.games[0].tags["Result"] == "?"
    assert all(len(line) + 2 <= 255 for line in text.split("\r\n"))


def test_board_ids_are_kept_or_the_number_used_is_said() -> None:
    passes = "mb|p|mb|p|mb|p|mb|p|"
    text = "".join(
        f"qx|{qx}|md|{DEAL}|{passes}\n" for qx in ("o5", "o0", "c12", "o10^20", "o1234567890")
    )
    file = lin.loads(text, source="t.lin")
    assert [board.number for board in file.boards] == [5, 6, 12, 13, 14]
    assert [str(p) for p in file.problems] == [
        "t.lin:2: qx|o0|: 'o0' is not a board number from 1: read as board 6",
        "t.lin:4: qx|o10^20|: 'o10^20' is not a board number from 1: read as board 13",
        "t.lin:5: qx|o1234567890|: 'o1234567890' is not a board number from 1: read as board 14",
    ]


def test_a_qx_that_is_a_label_is_no_board_id_and_no_warning() -> None:
    file = lin.loads(f"qx|MP8, appendixes|md|{DEAL}|mb|p|mb|p|mb|p|mb|p|", source="t.lin")
    assert [board.number for board in file.boards] == [1] and not file.problems


# --- two rooms: one deal a board ----------------------------------------------------------------


def test_a_match_in_two_rooms_is_one_deal_a_board(tmp_path: Path) -> None:
    """match.lin plays boards 1 and 2 in the open room and board 1 again in the closed room,
    with the same cards: the hand record has two deals, the open room's."""
    from bridgescore.events.hands import convert_file

    done = convert_file(DATA / "match.lin", tmp_path / "match.pbn")
    again = hands.load(tmp_path / "match.pbn")
    assert (done.count, done.problems) == (2, ())
    assert [r.board for r in again.records] == [1, 2]
    assert again.records[0].deal == lin.load(DATA / "match.lin").boards[0].deal


def test_the_two_room_teams_set_gives_the_sixteen_deals_of_its_pbn(tmp_path: Path) -> None:
    """deal-convert's LIN has each of 16 boards twice (qx|o1, qx|c1); its PBN twin has the
    same 16 deals once each: converted, the two agree deal for deal, dealer and vulnerability."""
    source = paths.real_file("hands/deal-convert-two-rooms.lin")
    twin = hands.load(paths.real_file("hands/deal-convert-16.pbn"))
    result = run("deals", "convert", str(source), str(tmp_path / "out.pbn"))
    assert result.exit_code == 0, result.output
    assert result.output.endswith("(PBN): 16 deals\n")
    written = hands.load(tmp_path / "out.pbn")
    assert [(r.board, r.deal, r.dealer, r.vulnerability) for r in written.records] == [
        (r.board, r.deal, r.dealer, r.vulnerability) for r in twin.records
    ]


def test_rooms_whose_cards_differ_are_refused_with_the_line(tmp_path: Path) -> None:
    """Board 1's closed room has North's and South's hands swapped: which deal was played is
    for the director to say, so the file is refused, naming both lines (leniently, the open
    room's deal is kept, with the warning)."""
    swapped = "3S58QH479KDKAC38JA,S47AHJD3479C4567Q,S269H2568QADTQC2T,"
    text = f"qx|o1|md|{DEAL}|sv|o|pg||\nqx|c1|md|{swapped}|sv|o|pg||\n"
    (tmp_path / "rooms.lin").write_text(text)
    result = run("deals", "convert", str(tmp_path / "rooms.lin"), str(tmp_path / "o.pbn"))
    assert result.exit_code == 2
    assert result.output == (
        f"error: {tmp_path / 'rooms.lin'}:2: board 1: the closed room's cards differ from the "
        "open room's (line 1): which deal was played?\n"
    )
    assert not (tmp_path / "o.pbn").exists()
    kept = hands.load(tmp_path / "rooms.lin", lenient=True)
    assert [r.deal for r in kept.records] == [lin.loads(text).boards[0].deal]
    assert len(kept.problems) == 1


def test_a_board_twice_in_one_room_is_still_a_second_deal() -> None:
    text = f"qx|o1|md|{DEAL}|sv|o|pg||\nqx|o1|md|{DEAL}|sv|o|pg||\n"
    records, problems = records_from_pbn(lin_to_pbn(lin.loads(text, source="x.lin")))
    assert len(records) == 1
    assert [str(p) for p in problems] == ["x.lin:2: board 1: a second deal"]
