"""The rule of every list of names (:mod:`bridgescore.formats.names`): each entry names one
pair of the event, no pair twice; the names CSV reader refuses a pair named twice by it."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.errors import FileFormatError
from bridgescore.events.movements import make_movement
from bridgescore.events.sections import movement_pairs
from bridgescore.formats.csv import travellers
from bridgescore.formats.names import NameEntry, names_problems


def test_the_names_reader_refuses_a_pair_named_twice_saying_where_first(tmp_path: Path) -> None:
    path = tmp_path / "names.csv"
    path.write_text("pair,names\n1,Ann & Bob\n2,Cat & Dan\n1,Eve & Fay\n,Gil\n")
    with pytest.raises(FileFormatError) as raised:
        travellers.load_names(path)
    assert str(raised.value).splitlines() == [
        f"{path}:4: pair 1 is named twice (also line 2): each pair is named once",
        f"{path}:5: each line needs a pair and its names",
    ]


MOVEMENTS = st.sampled_from(
    [("mitchell", "9"), ("mitchell", "6.5"), ("howell", "6.5"), ("mitchell-arrow", "5")]
)


@given(MOVEMENTS, st.data())
def test_each_pair_once_passes_and_any_entry_again_is_the_one_problem(
    chosen: tuple[str, str], data: st.DataObject
) -> None:
    """Any of the movement's pairs, each once, in any order, pass; any of them written again
    anywhere is one problem, at the later entry, pointing at the earlier."""
    movement = make_movement(chosen[0], tables=chosen[1])
    listed = data.draw(st.permutations(movement.pairs))
    listed = listed[: data.draw(st.integers(1, len(listed)))]
    pairs = movement_pairs(movement)
    entries = [NameEntry(pair, line=n) for n, pair in enumerate(listed, start=2)]
    assert names_problems(entries, "names.csv", pairs) == []
    again = data.draw(st.integers(0, len(listed) - 1))
    at = data.draw(st.integers(again + 1, len(listed)))
    entries.insert(at, NameEntry(listed[again], line=99))
    (problem,) = names_problems(entries, "names.csv", pairs)
    assert problem.line == 99
    assert problem.message.startswith(
        f"pair {listed[again]} is named twice (also line {again + 2})"
    )
