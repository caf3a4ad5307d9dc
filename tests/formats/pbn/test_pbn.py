"""PBN 2.1: the import format's freedoms, export format, golden files, located errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.core.errors import FileFormatError
from bridgescore.core.table.adjusted import ArtificialScore, WeightedScore
from bridgescore.core.table.auction import Auction
from bridgescore.core.table.board import Vulnerability
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.seats import Seat
from bridgescore.formats import pbn
from bridgescore.formats.pbn.lex import escape, unescape
from bridgescore.formats.pbn.model import MANDATORY
from tests.support import paths

DATA = paths.DATA / "pbn"
IMPORT = DATA / "import.pbn"
EXPORT = DATA / "import.export.pbn"


def test_the_import_example_is_read_with_every_feature() -> None:
    file = pbn.load(IMPORT)
    assert file.version == "2.1" and not file.export
    assert file.header == (
        "Written by hand for bridgescore's tests: PBN import format in its freedoms.",
    )
    first, second, third = file.games
    # ## copy-forward with escapes, # copy from the previous game, lower case, Love/both/pass
    assert [g.tags["Event"] for g in file.games] == ['Club "Spring" Pairs'] * 3
    assert [g.tags["Site"] for g in file.games] == ["Oslo\\Sentrum"] * 3
    assert second.tags["Date"] == "2024.03.05" and "Date" not in third.tags
    assert second.tags["Scoring"] == "IMP"
    assert (first.dealer, first.tags["Vulnerable"], first.tags["Contract"]) == (
        Seat.NORTH,
        "None",
        "5HX",
    )
    assert (third.tags["Dealer"], third.tags["Vulnerable"], third.tags["Contract"]) == (
        "S",
        "All",
        "Pass",
    )
    # comments, kept with what they follow
    assert [(c.after, c.brace) for c in first.comments] == [("North", False), ("Result", True)]
    assert "% not an escape inside a comment" in first.comments[1].text
    # the auction: annotations, notes, suffixes as glyphs
    auction = first.auction
    assert auction is not None and auction.contract == Contract.parse("5HX")
    assert auction.declarer is Seat.SOUTH
    assert [c.note for c in auction.calls[:5]] == [None, None, 1, None, 2]
    assert auction.calls[11].nags == (1,)
    assert auction.notes[2] == "two colors: clubs and diamonds"
    # the play section of the standard's example: seven tricks, partial, its own notes
    play = first.play
    assert play is not None and play.leader is Seat.WEST and len(play.tricks) == 7
    lead = play.tricks[0].card(Seat.WEST)
    assert lead is not None and lead.note == 1
    assert play.notes == {1: "highest of series"}
    assert play.tricks_won(Seat.SOUTH, Contract.parse("5HX").strain) == 6
    # tables: widths, alignment, quoted names, rows spread over lines
    optimum = first.table("OptimumResultTable")
    assert optimum is not None and [c.width for c in optimum.columns] == [None, 2, 2]
    assert optimum.records()[0] == {"Declarer": "N", "Denomination": "NT", "Result": "4"}
    scores = second.table("ScoreTable")
    assert scores is not None and len(scores.rows) == 6
    assert scores.rows[0][2] == "Ann Lee;Bo Ma" and scores.rows[5][4:7] == ("4S", "N", "10")
    # the passed-out board: '-' before the dealer, a suffix, AP
    assert third.auction is not None and third.auction.dealer is Seat.SOUTH
    assert third.auction.is_passed_out and third.auction.calls[0].nags == (2,)
    assert file.problems == ()


def test_export_is_the_golden_file_and_reading_it_back_changes_nothing() -> None:
    file = pbn.load(IMPORT)
    golden = EXPORT.read_bytes()
    assert pbn.dumps(file).encode() == golden
    again = pbn.loads(golden.decode())
    assert again.export and again.version == "2.1"
    assert pbn.dumps(again).encode() == golden
    assert pbn.loads(pbn.dumps(again)) == again
    for before, after in zip(file.games, again.games, strict=True):
        assert (before.deal, before.auction, before.play, before.tables, before.comments) == (
            after.deal, after.auction, after.play, after.tables, after.comments
        )  # fmt: skip
        assert {k: v for k, v in after.tags.items() if v != "?"} == before.tags


def test_export_format_rules() -> None:
    text = EXPORT.read_bytes().decode()
    lines = text.split("\r\n")
    assert lines[:2] == ["% PBN 2.1", "% EXPORT"] and lines[-1] == ""
    assert "\n" not in text.replace("\r\n", "") and "\t" not in text
    assert max(len(line) for line in lines) + 2 <= 255
    second_game = [i for i, line in enumerate(lines) if line.startswith("[Event ")][1]
    first_game = lines[3 : second_game - 1]
    names = [line[1 : line.index(" ")] for line in first_game if line.startswith("[")]
    assert tuple(names[:15]) == MANDATORY
    assert names[15:] == ["Auction", "Note", "Note", "Play", "Note", "OptimumResultTable"]
    assert lines[second_game - 1] == ""  # exactly one empty line between games


def test_the_session_of_the_import_example() -> None:
    session = pbn.pbn_to_session(pbn.load(IMPORT))
    board_1, *board_2, board_3 = session.lines
    assert (board_3.ns, board_3.ew, str(board_3.result), board_3.ns_score) == (
        "NS",
        "EW",
        "PASS",
        0,
    )
    assert (board_1.ns, board_1.ew, str(board_1.result), board_1.ns_score) == (
        "Westra - Leufkens", "Kalish - Podgor", "5HXS-2", -300
    )  # fmt: skip
    assert [line.kind for line in board_2] == [
        "played", "played", "artificial", "weighted", "score", "played"
    ]  # fmt: skip
    assert [line.ns_score for line in board_2] == [50, -140, None, None, 110, 620]
    assert board_2[2].adjusted == ArtificialScore.parse("A60/40")
    assert isinstance(board_2[3].adjusted, WeightedScore)
    assert board_2[3].adjusted.expected_ns_score == 332
    assert [line.line for line in board_2] == [56, 57, 58, 59, 60, 61]
    assert board_2[0].lead == "D6"
    assert session.names == {"1": "Ann Lee;Bo Ma", "2": "Cy Dee;Di Eve", "5": "Fay Gu;Gil Ho",
                             "6": "Han Io;Ivy Jo"}  # fmt: skip
    assert sorted(session.deals) == [1, 2, 3]
    assert session.info.title == 'Club "Spring" Pairs' and session.info.date == "2024-03-05"
    assert session.info.venue == "Oslo\\Sentrum" and session.info.scoring == "IMP"


def test_copy_forward_rules() -> None:
    text = (
        '[Event "##Spring"]\n[Date "##2024.01.01"]\n[Board "1"]\n[Room "Open"]\n\n'
        '[Board "2"]\n[Room "#"]\n[Date "2024.01.02"]\n\n'
        '[Board "3"]\n[Event "#"]\n[Stage "#"]\n'
    )
    games = pbn.loads(text).games
    assert [g.tags["Event"] for g in games] == ["Spring"] * 3
    assert [g.tags["Date"] for g in games] == ["2024.01.01", "2024.01.02", "2024.01.02"]
    assert games[1].tags["Room"] == "Open" and games[2].tags["Stage"] == ""
    assert "Room" not in games[2].tags


@pytest.mark.parametrize(
    ("text", "messages"),
    [
        ('[Board "1"]\n[Deal "N:AKQJT.T98.765.432 - - -"]\n', ["x.pbn:2: [Deal]: North's hand has 14 cards, not 13"]),
        ('[Board "1"]\n[Deal "N:AKQJ.T98.765.432 AKQJ.T98.765.432 - -"]\n',
         ["x.pbn:2: [Deal]: the card is in both North's and East's hands"]),
        ('[Board "1"]\n\n[Dealer "#"]\n[Contract "##4S"]\n',
         ["x.pbn:3: [Dealer]: '#': copying from earlier games is not allowed for Dealer",
          "x.pbn:4: [Contract]: '##4S': copying from earlier games is not allowed for Contract"]),
        ('[Board "x"]\n[Vulnerable "Some"]\n[Result "15"]\n[Declarer "Q"]\n',
         ["x.pbn:1: [Board]: 'x': a board number is a whole number from 1",
          "x.pbn:2: [Vulnerable]: 'Some': vulnerability is None, NS, EW or Both",
          "x.pbn:3: [Result]: '15': a deal has 13 tricks",
          "x.pbn:4: [Declarer]: 'Q': a seat is N, E, S or W"]),
        ('[Event Club]\n[Board "1"]\n', ['x.pbn:1: a tag is written [Name "value"]']),
        ('[Board "1"]\n{ never closed\n', ["x.pbn:2: a comment '{' is never closed with '}'"]),
        ('[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1S 1Z\nPass 1H\n',
         ["x.pbn:4: [Auction]: '1Z': a call is Pass, X, XX or a bid from 1C to 7NT",
          "x.pbn:5: [Auction]: '1H': South cannot bid 1H over 1S"]),
        ('[Board "1"]\n[Dealer "E"]\n[Contract "4S"]\n[Auction "N"]\n1S Pass 4S AP\n',
         ["x.pbn:4: [Auction]: the auction starts with North but the dealer is East"]),
        ('[Board "1"]\n[Contract "4H"]\n[Auction "N"]\n1S Pass 4S AP\n',
         ["x.pbn:3: [Auction]: the auction ends in 4S, the Contract tag says 4H"]),
        ('[Deal "N:AKQJ.T98.765.432 - - -"]\n[Declarer "S"]\n[Play "E"]\nSA\n',
         ["x.pbn:3: [Play]: East leads but the opening leader is West"]),
        ('[Deal "N:AKQJ.T98.765.432 - - -"]\n[Play "W"]\nSA H2\n',
         ["x.pbn:3: [Play]: 'H2': North does not hold this card"]),
        ('[Board "1"]\n[Note "1:x"]\nstray tokens\n',
         ["x.pbn:2: [Note]: a note belongs after the auction or play",
          "x.pbn:3: 'stray' stands outside any section"]),
        ('[ScoreTable "A;B"]\n1 2\n3\n', ["x.pbn:3: [ScoreTable]: the last row has 1 of 2 elements"]),
        ('[Auction "N"]\nPass\n[Auction "N"]\nPass\n', ["x.pbn:3: [Auction]: the game has this section twice"]),
        ('[Play "N"]\nSA SA\n', ["x.pbn:2: [Play]: 'SA': the card is played twice"]),
        ('[Board "1"]\n"unclosed\n', ["x.pbn:2: a string '\"' is not closed on its line"]),
    ],
)  # fmt: skip
def test_every_problem_is_located(text: str, messages: list[str]) -> None:
    with pytest.raises(FileFormatError) as caught:
        pbn.loads(text, source="x.pbn")
    assert [str(p) for p in caught.value.problems] == messages
    lenient = pbn.loads(text, source="x.pbn", lenient=True)
    assert [str(p) for p in lenient.problems] == messages


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("1 2 4S N 10 600 -", "the score 600 does not match 4SN= (NS +420)"),
        ("1 2 4S N 10 x -", "the score 'x' is not a number"),
        ("1 2 4S N 10 420 400", "Score_NS 420 and Score_EW 400 do not agree"),
        ("1 2 4Z N 10 420 -", "'4Z': a contract's strain is C, D, H, S or NT"),
        ("1 2 4S Q 10 420 -", "'Q': a seat is N, E, S or W"),
        ("1 2 4S N 14 420 -", "'4S 14': 14 tricks taken; a deal has 13"),
        ("- 2 4S N 10 420 -", "the NS pair is missing"),
        ("1 2 ? ? ? ? ?", "no result and no score"),
        ("1 2 - - - ^A70/30 -", "'A70/30': an artificial score is A60/40"),
    ],
)
def test_score_table_rows_are_checked_and_located(row: str, message: str) -> None:
    text = (
        '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]\n'
        f"{row}\n3 4 3NT S 9 400 -\n"
    )
    file = pbn.loads(text, source="t.pbn")
    with pytest.raises(
        FileFormatError, match=rf"^t\.pbn:3: board 1: \[ScoreTable\]: .*{message[:20]}"
    ):
        pbn.pbn_to_session(file)
    session = pbn.pbn_to_session(file, lenient=True)
    # a row whose result cannot be read but whose score can is kept at that score
    kept = message.startswith(("'4Z'", "'Q'", "'4S 14'"))
    assert [line.ns for line in session.lines] == (["1", "3"] if kept else ["3"])
    assert message in str(session.problems[0])
    assert session.problems[0].kept is kept


def test_a_game_without_a_score_table_gives_one_line() -> None:
    text = (
        '[Board "5"]\n[North "Ann"]\n[South "Bo"]\n[PairEW "12"]\n[Vulnerable "NS"]\n'
        '[Declarer "N"]\n[Contract "3NT"]\n[Result "NS 10"]\n\n'
        '[Board "6"]\n[Contract ""]\n'
    )
    (line,) = pbn.pbn_to_session(pbn.loads(text)).lines
    assert (line.board, line.ns, line.ew, str(line.result), line.ns_score) == (
        5,
        "Ann - Bo",
        "12",
        "3NTN+1",
        630,
    )


def test_a_game_without_a_board_number_is_reported() -> None:
    text = '[Deal "N:AKQJ.T98.765.432 - - -"]\n'
    with pytest.raises(FileFormatError, match=r"x\.pbn:1: \[Board\]: the game has no board number"):
        pbn.pbn_to_session(pbn.loads(text, source="x.pbn"))


def test_the_model_reads_tags_typed() -> None:
    game = pbn.PbnGame({"Board": "3", "Vulnerable": "EW", "Declarer": "^E", "Result": "^EW 9"})
    assert (game.board, game.vulnerability, game.declarer, game.declarer_tricks) == (
        3, Vulnerability.EW, Seat.EAST, 9
    )  # fmt: skip
    bad = pbn.PbnGame({"Board": "x", "Vulnerable": "?", "Contract": "", "Result": "NS"})
    assert (bad.board, bad.vulnerability, bad.contract, bad.declarer_tricks) == (None,) * 4
    with pytest.raises(ValueError, match="not a plain tag"):
        pbn.PbnGame({"Deal": "N:- - - -"})


@pytest.mark.parametrize(
    "text", ["plain", 'say "hi"', "back\\slash", "end\\", '\\"', "\\\\", "\\S and \\H", ""]
)
def test_string_escapes_round_trip(text: str) -> None:
    assert unescape(escape(text)) == text
    file = pbn.loads(f'[Event "{escape(text)}"]\n[Board "1"]\n')
    assert file.games[0].tags["Event"] == text


def test_dump_writes_atomically(tmp_path: Path) -> None:
    target = tmp_path / "out.pbn"
    pbn.dump(pbn.load(IMPORT), target)
    assert target.read_bytes() == EXPORT.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.pbn"]


def test_an_unreadable_file_is_a_located_error(tmp_path: Path) -> None:
    with pytest.raises(FileFormatError, match="cannot read the file"):
        pbn.load(tmp_path / "missing.pbn")


def test_latin_1_files_are_read(tmp_path: Path) -> None:
    path = tmp_path / "latin.pbn"
    path.write_bytes('[Event "Bjørnstad"]\n[Board "1"]\n'.encode("latin-1"))
    assert pbn.load(path).games[0].tags["Event"] == "Bjørnstad"


def test_an_empty_auction_section_and_table_survive() -> None:
    game = pbn.PbnGame({"Board": "1"}, auction=Auction(Seat.NORTH))
    again = pbn.loads(pbn.dumps(pbn.PbnFile((game,))))
    assert again.games[0].auction == Auction(Seat.NORTH)
