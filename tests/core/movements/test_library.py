"""The library of named movements: each entry is what its golden file says, cell by cell (so
that no movement changes without it being seen), keeps the hard rules, and is what its name
says (tables, rounds, kind)."""

from __future__ import annotations

import pytest

from bridgescore.core.errors import MovementError
from bridgescore.core.movements import check_movement, mitchell
from bridgescore.core.movements.library import LIBRARY, compact, library_movement
from tests.support.golden_movements import GOLDEN


@pytest.mark.parametrize("name", list(LIBRARY))
def test_every_named_movement_is_its_golden_file(name: str) -> None:
    """A changed movement fails here: if the change is meant, write the new golden file with
    ``python -m tests.support.golden_movements`` and say why in the commit."""
    movement = library_movement(name)
    assert compact(movement) + "\n" == (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    entry = LIBRARY[name]
    assert (movement.tables, movement.rounds) == (entry.tables, entry.rounds)
    assert movement.kind == name.split("-", maxsplit=1)[0]
    report = check_movement(movement)
    assert report.ok, report.problems
    if "-3q" in name:  # every board played T times
        assert set(report.plays.values()) == {entry.tables}
    assert (report.balance is not None) == (name.startswith("howell") or "-arrow" in name)


def test_every_golden_file_is_a_named_movement() -> None:
    assert sorted(p.stem for p in GOLDEN.glob("*.txt")) == sorted(LIBRARY)


@pytest.mark.parametrize("tables", [14, 16, 18, 20])
def test_the_web_mitchells_are_the_generators_cell_for_cell(tables: int) -> None:
    assert library_movement(f"mitchell-{tables}-web") == mitchell(tables, style="web")


def test_names_the_issue_asks_for() -> None:
    assert {"howell-7", "howell-9-3q", "mitchell-10-skip", "mitchell-13-rover"} <= set(LIBRARY)
    assert library_movement("howell-9-3q", boards=39).boards_per_round == 3
    half = library_movement("howell-9-3q", phantom=True)
    assert "18" not in half.pairs and sum(not s.plays for s in half.schedule) == 13
    with pytest.raises(MovementError, match="no movement called 'howell-99'"):
        library_movement("howell-99")
