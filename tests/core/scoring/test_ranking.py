"""Ranks with ties, and the one way a place is written wherever a ranking is shown."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.pairs.event import PairStanding
from bridgescore.core.pairs.fields import PairId
from bridgescore.core.scoring.ranking import Ranked, group_places, places, rank, rank_text
from bridgescore.core.teams.rows import StandingsRow
from bridgescore.formats.usebio.model import PairFigures

F = Fraction


def test_ties_share_the_higher_place_and_the_next_place_is_skipped() -> None:
    ranked = rank({"a": F(5), "b": F(7), "c": F(5), "d": F(1)})
    assert [(r.key, r.rank, r.tied) for r in ranked] == [
        ("b", 1, False),
        ("a", 2, True),
        ("c", 2, True),
        ("d", 4, False),
    ]


@pytest.mark.parametrize(
    ("place", "tied", "text"), [(1, False, "1"), (3, True, "3="), (12, False, "12")]
)
def test_a_place_reads_the_same_in_every_ranking(place: int, tied: bool, text: str) -> None:
    pair = PairStanding(PairId("1"), None, F(0), 1, None, None, F(0), place, tied)
    team = StandingsRow(place, tied, "1", F(0), (), (), F(0), F(0))
    assert rank_text(place, tied) == text
    assert Ranked("1", F(0), place, tied).rank_text == text
    assert pair.rank_text == text
    assert team.rank_text == text
    assert PairFigures(place=place, tied=tied).place_text == text


def test_a_team_that_withdrew_has_no_place() -> None:
    withdrawn = StandingsRow(None, False, "4", F(0), (), (), F(0), F(0), withdrawn=True)
    assert rank_text(None, False) == "-"
    assert withdrawn.rank_text == "-"
    assert PairFigures().place_text is None  # a USEBIO file with no PLACE writes none


@given(
    groups=st.lists(
        st.tuples(st.fractions(-3, 3, max_denominator=4), st.integers(1, 4)), max_size=12
    )
)
def test_groups_are_placed_as_their_members_one_by_one(
    groups: list[tuple[Fraction, int]],
) -> None:
    """``counts[i]`` contestants with ``values[i]``: each gets the place and the tie that
    ranking them one by one gives."""
    values, counts = [v for v, _ in groups], [c for _, c in groups]
    members = [index for index, count in enumerate(counts) for _ in range(count)]
    one_by_one = places([values[i] for i in members])
    got = group_places(values, counts)
    assert sorted(index for index, _, _ in got) == list(range(len(groups)))
    placed = {index: (place, tied) for index, place, tied in got}
    assert sorted((place, tied) for _, place, tied in one_by_one) == sorted(
        placed[i] for i in members
    )
    assert [place for _, place, _ in got] == sorted(place for _, place, _ in got)


_CLOSE = st.builds(  # values a float cannot tell apart, as well as ties and plain values
    lambda base, nudge: base + Fraction(nudge, 10**20),
    st.fractions(-3, 3, max_denominator=6),
    st.integers(-2, 2),
)


@given(values=st.lists(_CLOSE, max_size=16), descending=st.booleans())
def test_places_are_the_exact_ranking(values: list[Fraction], descending: bool) -> None:
    """Each value's place is one more than the number of values better than it, shared with
    the values equal to it; best first, ties in the order given."""
    sign = -1 if descending else 1
    want = sorted(
        (
            (index, 1 + sum(sign * v < sign * value for v in values), values.count(value) > 1)
            for index, value in enumerate(values)
        ),
        key=lambda row: (row[1], row[0]),
    )
    assert places(values, descending=descending) == want
