"""Ranks with ties, and the one way a place is written wherever a ranking is shown."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgescore.core.pairs.event import PairStanding
from bridgescore.core.pairs.fields import PairId
from bridgescore.core.scoring.ranking import Ranked, rank, rank_text
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
