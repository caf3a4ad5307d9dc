"""The generators, for every table count they support: the checker's hard rules, and the
issue's acceptance (complete Howell: every pair meets every other exactly once; Mitchell: each
NS pair meets each EW pair at most once), checked by counting here, not by the checker alone."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.errors import MovementError
from bridgescore.core.movements import Movement, check_movement, howell, mitchell
from bridgescore.core.movements.howell import howell_rounds
from bridgescore.core.movements.mitchell import MITCHELL_STYLES, MitchellStyle
from bridgescore.core.movements.movement import members
from bridgescore.core.table.seats import Side


def _plays_once_a_round(movement: Movement) -> None:
    for round_ in movement.played_rounds:
        seated = [n for s in movement.round(round_) for n in (*members(s.ns), *members(s.ew))]
        assert len(seated) == len(set(seated)), f"round {round_}: {seated}"


def _never_replays(movement: Movement) -> None:
    played: Counter[tuple[str, int]] = Counter()
    for sitting in movement.schedule:
        if sitting.plays:
            for name in (*members(sitting.ns), *members(sitting.ew)):
                for board in movement.sets[sitting.set]:
                    played[(name, board)] += 1
    assert max(played.values()) == 1


def _met(movement: Movement) -> Counter[frozenset[str]]:
    return Counter(
        frozenset((s.ns, s.ew))
        for s in movement.schedule
        if isinstance(s.ns, str) and isinstance(s.ew, str)
    )


@given(
    tables=st.integers(3, 20),
    style=st.sampled_from(MITCHELL_STYLES),
    winners=st.sampled_from([1, 2]),
    phantom=st.booleans(),
    data=st.data(),
)
def test_every_mitchell_passes_the_hard_rules(
    tables: int, style: MitchellStyle, winners: int, phantom: bool, data: st.DataObject
) -> None:
    if (style == "standard" and tables % 2 == 0) or (
        style in ("skip", "relay", "web") and tables % 2
    ):
        with pytest.raises(MovementError):
            mitchell(tables, style=style)
        return
    full = (
        tables - 1 if style in ("skip", "web") or (style == "auto" and tables % 2 == 0) else tables
    )
    choices = st.integers(1, full).map(lambda r: r - (r % 2 == 0) if style == "web" else r)
    rounds = data.draw(st.none() | choices, label="rounds")
    movement = mitchell(
        tables,
        style=style,
        winners=winners,
        phantom=phantom,
        rounds=rounds,
    )
    report = check_movement(movement)
    assert report.ok, report.problems
    _plays_once_a_round(movement)
    _never_replays(movement)
    met = _met(movement)
    assert max(met.values()) == 1  # each NS pair meets each EW pair at most once
    if style in ("auto", "standard") and movement.rounds == tables and not phantom:
        assert len(met) == tables * tables  # ... and exactly once in a full standard Mitchell
    assert (winners == 1) == any(s.switch for s in movement.schedule)
    assert (report.balance is not None) == (winners == 1)


@pytest.mark.parametrize("tables", range(3, 16))
def test_every_complete_howell_meets_everybody_once_and_plays_each_board_once(
    tables: int,
) -> None:
    movement = howell(tables, rounds=2 * tables - 1)
    report = check_movement(movement)
    assert report.ok, report.problems
    _plays_once_a_round(movement)
    _never_replays(movement)
    pairs = [str(p) for p in range(1, 2 * tables + 1)]
    met = _met(movement)
    assert all(met[frozenset(couple)] == 1 for couple in combinations(pairs, 2))
    assert len(set(report.plays.values())) == 1  # every board played equally often
    assert report.meetings == "every pair meets every other exactly once"
    assert report.shared == (() if tables > 3 else ("tables 1, 2 and 3 share a set in round 5",))


@given(tables=st.integers(3, 15), phantom=st.booleans(), data=st.data())
def test_curtailed_and_half_table_howells_pass_the_hard_rules(
    tables: int, phantom: bool, data: st.DataObject
) -> None:
    rounds = data.draw(st.integers(1, 2 * tables - 1), label="rounds")
    movement = howell(tables, rounds=rounds, phantom=phantom)
    report = check_movement(movement)
    assert report.ok, report.problems
    assert max(_met(movement).values()) == 1
    if phantom:
        assert str(2 * tables) not in movement.pairs
        assert sum(not s.plays for s in movement.schedule) == rounds  # one table sits out


@pytest.mark.parametrize("tables", [4, 6, 8, 10, 12])
def test_even_howells_compare_every_two_pairs_equally_often(tables: int) -> None:
    figures = check_movement(howell(tables, rounds=2 * tables - 1)).balance
    assert figures is not None and figures.least == figures.most
    assert figures.percent == 100.0


@given(tables=st.integers(5, 15), phantom=st.booleans(), data=st.data())
def test_a_three_quarter_howell_plays_every_board_at_every_table(
    tables: int, phantom: bool, data: st.DataObject
) -> None:
    rounds = data.draw(st.sampled_from(howell_rounds(tables)), label="rounds")
    movement = howell(tables, rounds=rounds, boards=2 * rounds, phantom=phantom)
    assert len(movement.sets) == rounds and movement.boards == 2 * rounds
    report = check_movement(movement)
    assert report.ok, report.problems
    _never_replays(movement)
    assert max(_met(movement).values()) == 1
    if not phantom:  # every set once at every table
        assert set(report.plays.values()) == {tables}


def test_other_round_counts_cut_the_complete_howell_short() -> None:
    movement = howell(4, rounds=6, boards=24)
    report = check_movement(movement)
    assert report.ok and len(movement.sets) == 7
    assert sorted(set(report.plays.values())) == [3, 4]  # factored when scored


@pytest.mark.parametrize(
    ("tables", "rounds", "per_round", "played"),
    [(3, 3, 9, 27), (7, 7, 4, 28), (9, 9, 3, 27), (8, 7, 4, 28), (13, 13, 2, 26)],
)
def test_a_mitchell_plays_what_a_director_would_choose(
    tables: int, rounds: int, per_round: int, played: int
) -> None:
    movement = mitchell(tables)
    assert (movement.rounds, movement.boards_per_round) == (rounds, per_round)
    assert rounds * per_round == played


@pytest.mark.parametrize(
    ("tables", "rounds", "per_round"), [(3, 5, 5), (4, 7, 4), (5, 9, 3), (7, 13, 2), (9, 13, 2)]
)
def test_a_howell_plays_what_a_director_would_choose(
    tables: int, rounds: int, per_round: int
) -> None:
    movement = howell(tables)
    assert (movement.rounds, movement.boards_per_round) == (rounds, per_round)
    assert movement.boards == rounds * per_round  # complete, or three-quarter (9 tables)


def test_a_one_winner_mitchell_numbers_the_ew_pairs_on_and_switches_tables() -> None:
    movement = mitchell(7, winners=1)
    assert movement.pairs == tuple(str(n) for n in range(1, 15))
    switched = [s for s in movement.schedule if s.switch]
    assert 0 < len(switched) < len(movement.schedule)
    assert len({s.round for s in switched}) > 2  # tables, not whole rounds
    sitting = switched[0]
    assert sitting.holding(Side.NS) == sitting.ew and sitting.holding(Side.EW) == sitting.ns
    whole = mitchell(7, winners=1, phantom=True)  # a half table: whole rounds, as before
    assert len({s.round for s in whole.schedule if s.switch}) == 2


@pytest.mark.parametrize("tables", range(3, 21))
def test_every_mitchell_table_count_in_each_style_and_with_one_winner(tables: int) -> None:
    styles: list[MitchellStyle] = ["standard"] if tables % 2 else ["skip", "relay"]
    for style in styles:
        for winners in (1, 2):
            movement = mitchell(tables, style=style, winners=winners)
            assert check_movement(movement).ok
            _never_replays(movement)
            assert max(_met(movement).values()) == 1


@pytest.mark.parametrize("tables", range(4, 21, 2))
def test_a_web_mitchell_plays_every_board_to_every_pair(tables: int) -> None:
    movement = mitchell(tables, style="web")
    report = check_movement(movement)
    assert report.ok, report.problems
    _never_replays(movement)
    assert movement.rounds % 2 == 1 and len(movement.sets) == movement.rounds
    for name in movement.pairs:  # every pair plays every set
        played = {s.set for s in movement.schedule if name in (s.ns, s.ew)}
        assert played == set(movement.sets)
    assert max(_met(movement).values()) == 1


@pytest.mark.parametrize(
    ("tables", "style"),
    [(t, "standard") for t in range(5, 16, 2)]
    + [(t, style) for t in range(6, 15, 2) for style in ("skip", "relay")],
)
def test_a_rover_sits_at_a_different_table_each_round(tables: int, style: MitchellStyle) -> None:
    movement = mitchell(tables, rover=True, style=style)
    assert check_movement(movement).ok
    rover = f"{tables + 1}NS"
    seats = [s for s in movement.schedule if s.ns == rover]
    assert len(seats) >= movement.rounds - 1  # it may come late: out in round 1
    assert len({s.table for s in seats}) == len({s.set for s in seats}) == len(seats)
    twice = sum(n - 1 for n in Counter(s.ew for s in seats).values())
    assert twice == (1 if tables in (9, 15) else 0)
    _never_replays(movement)


def test_a_curtailed_rover_is_searched_when_none_is_shipped() -> None:
    movement = mitchell(15, rover=True, rounds=12)
    seats = [s for s in movement.schedule if s.ns == "16NS"]
    assert len(seats) == 12 and len({s.ew for s in seats}) == 12
    assert check_movement(movement).ok
    with pytest.raises(MovementError, match="a rover joins"):
        mitchell(14, style="web", rover=True)


def test_a_switched_mitchell_counts_its_meetings_over_every_couple() -> None:
    """Pairs of a one-winner Mitchell change sides: its meetings are counted over all the
    couples of its pairs (n(n-1)/2), not NS against EW."""
    movement = mitchell(9, rounds=8, winners=1)
    words = check_movement(movement).meetings
    counted = [int(part.split()[0]) for part in words.removeprefix("pairs meet: ").split(", ")]
    pairs = len(movement.pairs)
    assert sum(counted) == pairs * (pairs - 1) // 2, words
