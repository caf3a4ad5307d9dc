"""The Movement value: its JSON round-trips losslessly, what does not hold together is refused
with where it is, and the checker finds what breaks the hard rules."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.errors import MovementError
from bridgescore.core.movements import Movement, Sitting, check_movement, howell, mitchell
from bridgescore.core.movements.balance import comparisons, meetings

SCHEMA_KEYS = ["kind", "tables", "rounds", "boards", "winners", "sets", "pairs", "schedule"]


@given(
    tables=st.integers(3, 12),
    kind=st.sampled_from(["mitchell", "howell"]),
    winners=st.sampled_from([1, 2]),
    phantom=st.booleans(),
)
def test_the_json_reads_back_losslessly(
    tables: int, kind: str, winners: int, phantom: bool
) -> None:
    if kind == "mitchell":
        movement = mitchell(tables, winners=winners, phantom=phantom)
    else:
        movement = howell(tables, phantom=phantom)
    text = json.dumps(movement.to_dict())
    again = Movement.from_json(text)
    assert again == movement
    assert json.dumps(again.to_dict()) == text


def test_the_json_is_the_schema_of_the_issue() -> None:
    data = mitchell(7).to_dict()
    assert list(data) == SCHEMA_KEYS
    assert (data["kind"], data["tables"], data["rounds"], data["boards"], data["winners"]) == (
        "mitchell",
        7,
        7,
        28,
        2,
    )
    assert data["sets"]["1"] == [1, 2, 3, 4] and data["sets"]["7"] == [25, 26, 27, 28]
    assert data["pairs"][:2] == ["1NS", "2NS"] and data["pairs"][7] == "1EW"
    assert data["schedule"][0] == {
        "round": 1,
        "table": 1,
        "ns": "1NS",
        "ew": "1EW",
        "set": "1",
        "switch": False,
    }
    one = mitchell(7, winners=1).to_dict()
    assert one["winners"] == 1 and one["pairs"] == [str(n) for n in range(1, 15)]
    half = howell(4, phantom=True).to_dict()
    sit_outs = [s for s in half["schedule"] if s["ns"] is None or s["ew"] is None]
    assert len(sit_outs) == half["rounds"] and "8" not in half["pairs"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kind": "web"}, "kind: one of mitchell, howell, individual, teams, not 'web'"),
        ({"winners": 3}, "a movement has 1 or 2 winners, not 3"),
        ({"boards": 5}, "the sets hold 4 boards, but the movement says 5"),
        ({"tables": 0}, "tables: a whole number from 1, not 0"),
        ({"extra": 1}, "unknown key 'extra'"),
        ({"pairs": ["1", "1"]}, "pairs: '1' is listed twice"),
    ],
)
def test_a_movement_that_does_not_hold_together_is_refused(
    change: dict[str, object], message: str
) -> None:
    data: dict[str, object] = {
        "kind": "howell",
        "tables": 1,
        "rounds": 1,
        "boards": 4,
        "winners": 1,
        "sets": {"1": [1, 2, 3, 4]},
        "pairs": ["1", "2"],
        "schedule": [{"round": 1, "table": 1, "ns": "1", "ew": "2", "set": "1", "switch": False}],
    }
    with pytest.raises(MovementError, match="^" + message.replace("(", r"\(")):
        Movement.from_dict({**data, **change})


def test_a_sitting_must_name_listed_pairs_and_a_set_that_exists() -> None:
    with pytest.raises(MovementError, match="round 1, table 1, EW: '9' is not one of"):
        Movement("howell", 1, 1, 1, 1, {"1": (1,)}, ("1", "2"), (Sitting(1, 1, "1", "9", "1"),))
    with pytest.raises(MovementError, match="board 1 is in set 1 and set 2"):
        Movement("howell", 1, 1, 2, 1, {"1": (1,), "2": (1,)}, ("1", "2"), ())
    with pytest.raises(MovementError, match="round 2, table 1: the movement has 1 rounds"):
        Movement("howell", 1, 1, 1, 1, {"1": (1,)}, ("1", "2"), (Sitting(2, 1, "1", "2", "1"),))


def test_the_checker_finds_a_pair_twice_in_a_round_and_a_board_played_twice() -> None:
    movement = Movement(
        "howell",
        2,
        2,
        2,
        1,
        {"1": (1,), "2": (2,)},
        ("1", "2", "3", "4"),
        (
            Sitting(1, 1, "1", "2", "1"),
            Sitting(1, 2, "3", "1", "2"),
            Sitting(2, 1, "1", "4", "1"),
            Sitting(2, 2, "2", "3", "2"),
        ),
    )
    report = check_movement(movement)
    assert not report.ok
    assert report.problems == (
        "round 1: 1 sits at tables 1 and 2",
        "1 plays boards 1 twice: in rounds 1 and 2",
        "3 plays boards 2 twice: in rounds 1 and 2",
    )
    assert report.lines()[1] == "hard rules: FAILED (3 problems)"


def test_meetings_and_comparisons_counted_by_hand() -> None:
    """Two tables, one round, one board: 1 v 2 and 3 v 4. 1 and 3 hold the NS cards and are
    compared once, 2 and 4 the EW cards; opponents are never compared."""
    movement = Movement(
        "howell",
        2,
        1,
        1,
        1,
        {"1": (1,)},
        ("1", "2", "3", "4"),
        (Sitting(1, 1, "1", "2", "1"), Sitting(1, 2, "3", "4", "1", switch=True)),
    )
    assert meetings(movement) == {("1", "2"): 1, ("3", "4"): 1}
    # table 2 is switched: 4 holds the NS cards, 3 the EW cards
    assert comparisons(movement) == {("1", "4"): 1, ("2", "3"): 1}
    assert check_movement(movement).shared == ("tables 1 and 2 share a set in round 1",)


def test_a_movement_starts_at_any_board() -> None:
    moved = mitchell(3).starting_at(29)
    assert moved.sets["1"][0] == 29 and moved.board_set(29) == "1" and moved.board_set(1) is None


def _minisets(later: tuple[str, ...] = ("2",), second: tuple[str, ...] = ("1",)) -> Movement:
    """Two tables, one round, two mini-sets of 2 boards: table 1 plays 1-2 then 3-4, table 2
    3-4 then 1-2 (they pass the boards half-way)."""
    return Movement(
        "howell",
        2,
        1,
        4,
        1,
        {"1": (1, 2), "2": (3, 4)},
        ("1", "2", "3", "4"),
        (
            Sitting(1, 1, "1", "2", "1", later=later),
            Sitting(1, 2, "3", "4", "2", later=second),
        ),
    )


def test_mini_sets_are_played_in_order_and_read_back_from_the_json() -> None:
    movement = _minisets()
    first, second = movement.schedule
    assert movement.boards_of(first) == (1, 2, 3, 4) and movement.boards_of(second) == (3, 4, 1, 2)
    assert movement.boards_per_round == 4
    assert movement.title == "Howell, 2 tables, 1 round of 4 boards"
    data = movement.to_dict()
    assert data["schedule"][1]["set"] == ["2", "1"]
    assert Movement.from_dict(data) == movement
    report = check_movement(movement)
    assert report.ok and report.plays == {"1": 2, "2": 2}
    assert report.shared == ("tables 1 and 2 share a set in round 1",)
    # every set at both tables, 2 boards each: 1 and 3 compared on 4 boards, 2 and 4 too
    assert comparisons(movement) == {("1", "3"): 4, ("2", "4"): 4}


def test_the_checker_finds_a_mini_set_played_twice_and_rounds_of_unequal_length() -> None:
    twice = check_movement(_minisets(later=("1",)))
    assert "1 plays boards 1-2 twice: in round 1" in twice.problems
    uneven = check_movement(_minisets(second=()))
    assert uneven.problems == ("round 1: table 2 plays fewer sets than the others (1, not 2)",)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ([], 'schedule[0].set: a set such as "3", or mini-sets in play order ["3", "8"]'),
        (["1", True], "schedule[0].set[1]: a name such as"),
        (["1", "9"], "round 1, table 1: set '9' is not one of the sets"),
    ],
)
def test_a_bad_mini_set_is_refused_saying_where(value: object, message: str) -> None:
    data = _minisets().to_dict()
    data["schedule"][0]["set"] = value
    with pytest.raises(MovementError) as caught:
        Movement.from_dict(data)
    assert str(caught.value).startswith(message)
