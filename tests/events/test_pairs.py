"""``score_file`` scores a file exactly as ``bridgescore score`` does: its ``to_dict()`` is what the
installed console script prints with ``--json`` and the same options, run as a real process."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bridgescore.core.errors import FileFormatError, NotationError, ScoringError
from bridgescore.core.pairs.rules import FieldMode, PairsMethod, PairsRules
from bridgescore.core.scoring.butler import ButlerDrop, DatumRounding
from bridgescore.core.scoring.crossimps import CrossNorm
from bridgescore.core.scoring.matchpoints import Scale
from bridgescore.events.files import dump
from bridgescore.events.pairs import pairs_rules, score_file
from tests.support.console import bridgescore_json
from tests.support.generated import event, thin, write_frame
from tests.support.paths import EXAMPLES, real_file

SESSION = "examples/club-session.csv"
NAMES = "examples/club-names.csv"
HANDS = "examples/club-hands.pbn"


def test_the_club_session_with_names_is_what_the_command_prints() -> None:
    event = score_file(SESSION, names=NAMES)
    assert event.to_dict() == bridgescore_json("score", SESSION, "--names", NAMES)
    # worked from the printed table: pair 12 NS has 300.15 of 528 MPs over 24 boards
    top = event.ranking("NS").entries[0]
    assert (top.pair.label, top.names, top.max, top.boards) == (
        "12",
        "Wendy Usher & Mary Moss",
        Fraction(528),
        24,
    )


@pytest.mark.parametrize(
    ("options", "keywords"),
    [
        (["--method", "butler"], {"method": "butler"}),
        (["--rules", "acbl"], {"rules": "acbl"}),
        (["--method", "butler", "--rules", "acbl"], {"method": "butler", "rules": "acbl"}),
        (["--hands", HANDS], {"hands": HANDS}),
        (["--method", "crossimps", "--cross", "total"], {"method": "crossimps", "cross": "total"}),
        (["--scale", "1/0.5", "--expected", "14"], {"scale": "1/0.5", "expected": 14}),
        (
            ["--method", "butler", "--butler-drop", "10%", "--datum-rounding", "even"],
            {"method": "butler", "butler_drop": "10%", "datum_rounding": "even"},
        ),
        (
            ["--field", "two", "--fixed-averages", "--average-imps", "2", "--method", "butler"],
            {"field": "two", "fixed_averages": True, "average_imps": 2, "method": "butler"},
        ),
    ],
)
def test_each_option_scores_as_the_command_does(options: list[str], keywords: Any) -> None:
    expected = bridgescore_json("score", SESSION, "--names", NAMES, *options)
    assert score_file(SESSION, names=NAMES, **keywords).to_dict() == expected


def test_the_enum_values_do_what_their_words_do() -> None:
    words = score_file(SESSION, method="butler", butler_drop="2", datum_rounding="even")
    values = score_file(
        SESSION,
        method=PairsMethod.BUTLER,
        butler_drop=ButlerDrop(count=2),
        datum_rounding=DatumRounding.EVEN,
    )
    assert words.to_dict() == values.to_dict()
    same = score_file(SESSION, method="butler", butler_drop=2, datum_rounding="even")
    assert same.to_dict() == words.to_dict()


def test_a_pbn_file_is_scored_by_its_scoring_tag() -> None:
    path = real_file("pbn/ruter71_butler_pairs.pbn")
    event = score_file(path, field="one")
    assert event.rules.method is PairsMethod.BUTLER  # Scoring "IMP;Butler-2;Mean"
    assert event.rules.butler_drop == ButlerDrop(count=1)
    assert event.to_dict() == bridgescore_json("score", path, "--field", "one")
    # an explicit method wins over the tag; complete rules are used as they are
    assert score_file(path, field="one", method="mp").to_dict() == bridgescore_json(
        "score", path, "--field", "one", "--method", "mp"
    )
    assert score_file(path, rules=PairsRules(field=FieldMode.ONE)).rules.method is PairsMethod.MP


def test_an_exported_pbn_file_carries_its_method_back(tmp_path: Path) -> None:
    butler = score_file(SESSION, names=NAMES, method="butler", rules="acbl")
    out = tmp_path / "club.pbn"
    dump(butler, out)
    again = score_file(out)
    assert again.rules.method is PairsMethod.BUTLER
    assert again.to_dict() == bridgescore_json("score", out)
    assert again.to_dict()["rankings"] == butler.to_dict()["rankings"]


def test_hand_records_complete_the_event_and_a_missing_board_is_a_warning(
    tmp_path: Path,
) -> None:
    event = score_file(SESSION, hands=HANDS)
    assert len(event.session.deals) == 26
    assert event.session.info.club == "Riverside Bridge Club"
    typo = tmp_path / "typo.csv"
    typo.write_text("board,ns,ew,contract,declarer,result\n1,1,1,4S,N,10\n69,2,2,4S,N,10\n")
    shown = score_file(typo, hands=HANDS)
    assert shown.warnings[-1] == (
        f"board 69 is not in the hand record {HANDS}: shown without hands"
    )
    assert 69 not in shown.session.deals
    with pytest.raises(FileFormatError, match="the file has no hand records"):
        score_file(SESSION, hands=SESSION)


def test_lenient_problems_and_warnings_are_on_the_event(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(
        (EXAMPLES / "board1.csv").read_text(encoding="utf-8") + "7,1,2,8NT,N,=,\n",
        encoding="utf-8",
    )
    with pytest.raises(FileFormatError, match="8NT is not a contract"):
        score_file(path)
    event = score_file(path, lenient=True)
    problem = f"{path}:8: board 7: 8NT is not a contract: a contract's level is 1 to 7"
    assert [str(p) for p in event.session.problems] == [problem]
    assert event.to_dict() == bridgescore_json("score", path, "--lenient")
    assert event.to_dict()["warnings"] == [problem]


@pytest.mark.parametrize(
    "path",
    [
        SESSION,
        "examples/board1.csv",
        "examples/board1-weighted.csv",
        "examples/short-board.csv",
        "examples/club-session.toml",
    ],
)
def test_read_in_columns_the_event_is_the_same(path: str) -> None:
    """``columnar=True`` reads a traveller CSV in columns: the same event, boards, lines and
    figures, as plain data and object for object."""
    columns, exact = score_file(path, columnar=True), score_file(path)
    assert columns.to_dict() == exact.to_dict()
    assert columns.session == exact.session and columns.boards == exact.boards
    assert columns.rankings == exact.rankings


def test_a_generated_file_of_ten_boards_is_the_same_read_in_columns(tmp_path: Path) -> None:
    """The event of issue 25: read in columns it has its 10 boards, each board's lines."""
    path = write_frame(tmp_path, thin(event(10, 12, seed=25), seed=26))
    for method in ("mp", "crossimps", "butler", "total"):
        columns = score_file(path, method=method, columnar=True)
        exact = score_file(path, method=method)
        assert len(columns.boards) == len(exact.boards) == 10
        assert columns.board(1) == exact.board(1)
        assert columns.to_dict() == exact.to_dict()


def test_a_file_read_in_columns_that_the_engine_refuses_is_told_by_its_reader(
    tmp_path: Path,
) -> None:
    """A pair at two tables of a board: the column reader takes the lines, the engine refuses
    them, and the CSV reader says where, as it does without ``columnar``."""
    path = tmp_path / "twice.csv"
    path.write_text("board,ns,ew,contract,declarer,result\n1,1,2,4S,N,=\n1,1,3,4S,N,+1\n")
    with pytest.raises(FileFormatError) as columns:
        score_file(path, columnar=True)
    with pytest.raises(FileFormatError) as exact:
        score_file(path)
    assert str(columns.value) == str(exact.value)
    assert "twice.csv:3: board 1: NS pair 1 plays the board twice (also line 2)" in str(exact.value)


def test_the_rules_come_in_three_layers() -> None:
    # the preset, then the file's tag, then what is given
    acbl = pairs_rules("acbl")
    assert (acbl.scale, acbl.datum_rounding) == (Scale.ACBL, DatumRounding.EVEN)
    assert pairs_rules("acbl", scoring="MP;MP2").scale is Scale.ACBL
    assert pairs_rules("ebu", scoring="MP;MP2").scale is Scale.ACBL
    assert pairs_rules("ebu", scoring="MP;MP2", scale="2/1").scale is Scale.EBU
    tagged = pairs_rules("acbl", scoring="IMP;Butler")
    assert (tagged.method, tagged.butler_drop) == (PairsMethod.BUTLER, ButlerDrop(count=0))
    # a method given leaves the whole tag aside: the preset's drop stands
    given = pairs_rules("acbl", scoring="IMP;Butler", method="butler")
    assert given.butler_drop == ButlerDrop(percent=Fraction(5))
    assert pairs_rules(cross="per-score").cross is CrossNorm.PER_SCORE
    assert pairs_rules(average_imps="2.5").average_imps == Fraction(5, 2)


def test_bad_settings_say_what_is_wrong() -> None:
    with pytest.raises(NotationError, match="a pairs scoring method is"):
        score_file(SESSION, method="rubber")
    with pytest.raises(NotationError, match=r"a matchpoint scale is 2/1 or 1/0\.5"):
        pairs_rules(scale="3/1")
    with pytest.raises(NotationError, match="the fields are one, two or auto"):
        pairs_rules(field="three")
    with pytest.raises(NotationError, match="rules presets are ebu, wbf, acbl, bbo, ebuscore"):
        pairs_rules("abf")
    with pytest.raises(ScoringError, match="give --method"):
        pairs_rules(scoring="Cavendish")
    with pytest.raises(TypeError, match="'scal' is not a setting"):
        pairs_rules(scal="2/1")  # type: ignore[call-arg]
