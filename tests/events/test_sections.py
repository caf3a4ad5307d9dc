"""A session file's sections checked against their movements (issue 26, item 6): a pair the
movement does not have, a pair listed twice, a movement file whose tables or boards do not fit
the section; each a located error with the likely fix, worded alike from the command line, the
library call the club server makes, and a names CSV with the same mistakes.

Expected messages are written out by hand: a 9-table Mitchell has NS pairs 1-9 and EW pairs
1-9; a 7-table Howell plays 13 rounds of 2 boards, 26 boards.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.core.errors import FileFormatError
from bridgescore.core.movements.movement import Movement
from bridgescore.events.movements import make_movement
from bridgescore.events.sections import check_sections
from bridgescore.events.session import plan_session
from bridgescore.formats import session as session_file
from tests.support.cli import run
from tests.support.played import session_folder

NINE = [f"{n}{side}" for side in ("NS", "EW") for n in range(1, 10)]
"""The pairs of a 9-table Mitchell, as a session file lists them."""


def _refused(*args: str) -> list[str]:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.output.startswith("error: ")
    return result.output.removeprefix("error: ").splitlines()


def test_a_pair_the_movement_does_not_have_is_refused_naming_its_key(tmp_path: Path) -> None:
    """``10EW`` in a 9-table section (it scored with exit 0 before, the names dropped)."""
    path = session_folder(tmp_path, pairs=[*NINE, "10EW"])
    assert _refused("score", str(path)) == [
        f"{path}: sections[0].pairs[18].pair: pair '10EW' names no pair of the event (its "
        "pairs are 1NS-9NS, 1EW-9EW)"
    ]


def test_a_pair_listed_twice_is_refused_with_the_pair_it_likely_is(tmp_path: Path) -> None:
    """``1NS`` where ``2NS`` should be: 1NS took the second names, 2NS had none."""
    pairs = ["1NS", "1NS", *NINE[2:]]
    path = session_folder(tmp_path, pairs=pairs)
    assert _refused("score", str(path)) == [
        f"{path}: sections[0].pairs[1].pair: pair 1NS is named twice (also "
        "sections[0].pairs[0].pair): is one of them 2NS, which has no names?"
    ]


def test_the_server_call_words_the_problems_as_the_command_line(tmp_path: Path) -> None:
    """The club server reads the session file as JSON and is sent each section's movement:
    :func:`check_sections` gives the same messages, under its own source."""
    path = session_folder(tmp_path, pairs=["1NS", "10EW", "1NS", *NINE[2:]])
    printed = _refused("score", str(path))
    file = session_file.from_dict(session_file.to_dict(session_file.load(path)), source="the event")
    movement = Movement.from_dict(make_movement("mitchell", tables="9").to_dict())
    with pytest.raises(FileFormatError) as raised:
        check_sections(file, {"": movement})
    assert [str(p) for p in raised.value.problems] == [
        line.replace(str(path), "the event") for line in printed
    ]
    assert len(printed) == 2


def test_a_names_csv_with_the_same_mistakes_is_refused_in_the_same_words(tmp_path: Path) -> None:
    path = session_folder(tmp_path, pairs=[])
    names = tmp_path / "names.csv"
    names.write_text("pair,names\n1NS,Ann & Bob\n10EW,Cat & Dan\n1 NS,Eve & Fay\n")
    expected = [
        f"{names}:3: pair '10EW' names no pair of the event (its pairs are 1NS-9NS, 1EW-9EW)",
        f"{names}:4: pair 1 NS is named twice (also line 2): is one of them another pair?",
    ]
    assert _refused("score", str(path), "--names", str(names)) == expected
    assert _refused("score", str(tmp_path / "club.csv"), "--names", str(names)) == expected
    # named by the session file itself (read, before, and never checked)
    text = path.read_text(encoding="utf-8").replace("\n", '\nnames = "names.csv"\n', 1)
    path.write_text(text, encoding="utf-8")
    assert _refused("score", str(path)) == [
        line.replace(str(names), str(path.parent / "names.csv")) for line in expected
    ]


def test_a_movement_file_of_other_tables_says_so_and_how_to_fix_it(tmp_path: Path) -> None:
    """A 7-table Howell's file given to a 9-table section of boards 1-27 (it said ``the
    movement has 26 boards, not (1, 27)``)."""
    assert run("movement", "howell", "--tables", "7", "--out", str(tmp_path / "seven.json"))
    path = session_folder(tmp_path, pairs=NINE)
    text = path.read_text(encoding="utf-8").replace('"mitchell"', '"seven.json"')
    path.write_text(text, encoding="utf-8")
    assert _refused("score", str(path)) == [
        f"{path}: sections[0].movement: seven.json is a movement for 7 tables (Howell, 7 "
        "tables, 13 rounds of 2 boards), not for the 9 tables of this section: give the "
        'movement file of a 9-table section, or say movement = "howell" to have one made for '
        "9 tables"
    ]
    path.write_text(text.replace('tables = "9"', 'tables = "7"'), encoding="utf-8")
    assert _refused("score", str(path)) == [
        f"{path}: sections[0].boards: seven.json plays 26 boards (13 rounds of 2), not the 27 "
        'of boards 1-27: say boards = "1-26", or give a movement of 27 boards'
    ]


def test_a_howell_and_an_individual_name_their_pairs_and_players_bare(tmp_path: Path) -> None:
    howell = session_folder(tmp_path, tables="6.5", movement="howell", pairs=["1", "2", "13NS"])
    assert _refused("score", str(howell)) == [
        f"{howell}: sections[0].pairs[2].pair: pair '13NS' names no pair of the event (its "
        "pairs are 1-13)"
    ]
    file = session_file.loads(
        'results = "r.csv"\n[[sections]]\ntables = 2\nmovement = "individual"\n'
        'players = [{player = "1", name = "Ann"}, {player = "9", name = "Bob"}]\n',
        source="eight.toml",
    )
    with pytest.raises(
        FileFormatError, match=r"^eight.toml: sections\[0\]\.players\[1\]\.player: "
    ):
        check_sections(file, {None: make_movement("individual", tables=2)})


def test_the_bundled_session_file_and_a_half_table_howell_pass(tmp_path: Path) -> None:
    from tests.support.paths import EXAMPLES

    assert plan_session(EXAMPLES / "club-session.toml").missing == ()
    path = session_folder(tmp_path, tables="6.5", movement="howell", pairs=list("123"))
    assert plan_session(path).missing == ()


def test_two_sections_each_check_their_own_pairs() -> None:
    text = "".join(
        f'[[sections]]\nletter = "{letter}"\ntables = 3\nmovement = "mitchell"\n'
        f'pairs = [{{pair = "{pair}", names = ["Ann"]}}]\n'
        for letter, pair in (("A", "3EW"), ("B", "4EW"))
    )
    file = session_file.loads('results = "r.csv"\n' + text, source="two.toml")
    movements: dict[str | None, Movement] = {
        letter: make_movement("mitchell", tables=3) for letter in "AB"
    }
    with pytest.raises(FileFormatError) as raised:
        check_sections(file, movements)
    assert str(raised.value) == (
        "two.toml: sections[1].pairs[0].pair: pair '4EW' names no pair of section B (its pairs "
        "are 1NS-3NS, 1EW-3EW)"
    )
