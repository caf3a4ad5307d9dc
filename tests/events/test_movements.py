"""Movements by name for the director: the library's names in ``make_movement`` and in a
session file's section (which the club server makes its movements through), the tables given
checked against the name's."""

from __future__ import annotations

import pytest

from bridgescore.core.errors import FileFormatError, MovementError
from bridgescore.core.movements import check_movement
from bridgescore.core.movements.library import library_movement
from bridgescore.events.movements import make_movement, movement_named
from bridgescore.events.session import section_movement
from bridgescore.formats import session as session_file


def test_a_library_name_needs_no_tables_and_checks_those_given() -> None:
    assert make_movement("howell-9-3q") == library_movement("howell-9-3q")
    assert make_movement("HOWELL-9-3Q", tables=9) == library_movement("howell-9-3q")
    half = make_movement("mitchell-13", tables="12.5")
    assert half.tables == 13 and "13NS" not in half.pairs
    with pytest.raises(MovementError, match="mitchell-10-skip is for 10 tables, not 9"):
        make_movement("mitchell-10-skip", tables=9)
    with pytest.raises(MovementError, match="howell-7 plays 13 rounds, not 10"):
        make_movement("howell-7", rounds=10)
    assert movement_named("mitchell-10-skip", boards=18).boards_per_round == 2


def _section(movement: str, tables: str, boards: str) -> session_file.SessionFile:
    text = (
        f'title = "Heat"\nresults = "heat.csv"\n[[sections]]\ntables = {tables}\n'
        f'movement = "{movement}"\nboards = "{boards}"\n'
    )
    return session_file.loads(text, source="heat.toml")


def test_a_session_section_names_a_library_movement() -> None:
    """``howell-9-3q`` on boards 27-52: 13 rounds of 2, numbered from 27; on 1-39, 3 a round."""
    file = _section("howell-9-3q", "9", "27-52")
    movement = section_movement(file.sections[0], file)
    assert movement.title == "Howell, 9 tables, 13 rounds of 2 boards"
    assert min(movement.sets["1"]) == 27 and movement.boards == 26
    assert set(check_movement(movement).plays.values()) == {9}
    wider = _section("howell-9-3q", "9", "1-39")
    assert section_movement(wider.sections[0], wider).boards_per_round == 3
    wrong = _section("howell-9-3q", "8", "1-26")
    with pytest.raises(FileFormatError, match=r"heat\.toml: howell-9-3q is for 9 tables, not 8"):
        section_movement(wrong.sections[0], wrong)
