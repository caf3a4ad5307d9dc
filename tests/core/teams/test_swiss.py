"""The Swiss draw: top-down pairing, no repeat meetings, backtracking, byes, explanations."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.errors import ScoringError
from bridgescore.core.teams.standings import Bye, standings
from bridgescore.core.teams.swiss import Draw, meetings, next_round, propose_draw
from tests.support.teams import margin_match

TEAMS = [str(n) for n in range(1, 9)]


def pairs(draw: Draw) -> list[tuple[str, str]]:
    return [(t.home, t.away) for t in draw.tables]


def met(*meetings: tuple[str, str, int]) -> dict[frozenset[str], tuple[int, ...]]:
    return {frozenset((a, b)): (r,) for a, b, r in meetings}


def test_straight_top_down_when_nobody_has_met() -> None:
    draw = propose_draw(TEAMS, met={}, round=1)
    assert pairs(draw) == [("1", "2"), ("3", "4"), ("5", "6"), ("7", "8")]
    assert [t.number for t in draw.tables] == [1, 2, 3, 4]
    assert (draw.bye, draw.notes, draw.round) == (None, (), 1)


def test_a_repeat_meeting_is_avoided_and_explained() -> None:
    draw = propose_draw(TEAMS[:6], met=met(("3", "4", 2)), round=3)
    assert pairs(draw) == [("1", "2"), ("3", "5"), ("4", "6")]
    assert draw.notes == ("3 v 5 because 3 and 4 met in round 2",)


def test_backtracking_when_the_bottom_pair_has_met() -> None:
    # 1 v 2 and 3 v 4 would leave 5 v 6, who met in round 1
    draw = propose_draw(TEAMS[:6], met=met(("5", "6", 1)), round=2)
    assert pairs(draw) == [("1", "2"), ("3", "5"), ("4", "6")]
    assert draw.notes == ("3 v 5 because 3 v 4 would leave no legal draw for the rest",)


def test_backtracking_all_the_way_to_the_top() -> None:
    # 3 has met 4, 5 and 6: only 1 or 2 can play 3, so the top pair must break up
    history = met(("3", "4", 1), ("3", "5", 2), ("3", "6", 3))
    draw = propose_draw(TEAMS[:6], met=history, round=4)
    assert pairs(draw) == [("1", "3"), ("2", "4"), ("5", "6")]
    assert draw.notes == ("1 v 3 because 1 v 2 would leave no legal draw for the rest",)


def test_teams_that_met_twice() -> None:
    history = {frozenset(("1", "2")): (1, 4)}
    draw = propose_draw(TEAMS[:4], met=history, round=5)
    assert draw.notes == ("1 v 3 because 1 and 2 met in round 1 and 4",)


def test_the_bye_goes_to_the_lowest_team_without_one() -> None:
    draw = propose_draw(TEAMS[:5], met={}, byes={"5": (1,), "4": (2,)}, round=3)
    assert draw.bye == "3"
    assert pairs(draw) == [("1", "2"), ("4", "5")]
    assert draw.notes == ("bye to 3, not 5: 5 had a bye in round 1; 4 had a bye in round 2",)
    # everybody has had one: the lowest of those with the fewest
    everyone = dict.fromkeys(TEAMS[:5], (1,)) | {"5": (1, 2)}
    assert propose_draw(TEAMS[:5], met={}, byes=everyone, round=6).bye == "4"


def test_the_bye_moves_up_when_the_others_cannot_be_paired() -> None:
    # 4 has met 1, 2 and 3: with 5 on a bye nobody is left for 4, so 4 takes the bye
    history = met(("1", "4", 1), ("2", "4", 2), ("3", "4", 3))
    draw = propose_draw(TEAMS[:5], met=history, round=4)
    assert (draw.bye, pairs(draw)) == ("4", [("1", "2"), ("3", "5")])
    assert draw.notes == ("bye to 4, not 5: a bye for 5 would leave no legal draw",)
    # if 4 has had a bye, the next team up without one takes it: 3 (then 1 v 2, 4 v 5)
    draw = propose_draw(TEAMS[:5], met=history, byes={"4": (1,)}, round=4)
    assert (draw.bye, pairs(draw)) == ("3", [("1", "2"), ("4", "5")])
    assert draw.notes == (
        "bye to 3, not 5: a bye for 5 would leave no legal draw; 4 had a bye in round 1",
    )


def test_no_legal_draw() -> None:
    everyone = {frozenset(p): (1,) for p in itertools.combinations(TEAMS[:4], 2)}
    with pytest.raises(
        ScoringError,
        match=r"^round 4: no draw is possible without two teams meeting again \(teams 1, 2, 3, 4\)$",
    ):
        propose_draw(TEAMS[:4], met=everyone, round=4)
    with pytest.raises(ScoringError, match="round 5: no draw is possible"):
        propose_draw(
            TEAMS[:3],
            met={frozenset(p): (1,) for p in itertools.combinations(TEAMS[:3], 2)},
            round=5,
        )
    with pytest.raises(ScoringError, match="listed twice"):
        propose_draw(["1", "1"], met={}, round=1)


def test_next_round_from_the_standings() -> None:
    matches = [margin_match(1, "A", "B", 10), margin_match(1, "C", "D", -20)]
    byes = [Bye(1, "E")]
    current = standings(list("ABCDE"), matches, byes=byes)
    # WBF scale, 2 boards: D won by 20 (19.73), A by 10 (16.46), E 12 for the bye, B 3.54, C 0.27
    assert current.order() == ("D", "A", "E", "B", "C")
    assert meetings(matches) == {frozenset("AB"): (1,), frozenset("CD"): (1,)}
    draw = next_round(current, matches, byes)
    assert (draw.round, draw.bye, pairs(draw)) == (2, "C", [("D", "A"), ("E", "B")])
    assert next_round(current, matches, byes, round=7).round == 7


@st.composite
def histories(
    draw: st.DrawFn,
) -> tuple[list[str], dict[frozenset[str], tuple[int, ...]], dict[str, tuple[int, ...]]]:
    size = draw(st.integers(2, 9))
    teams = draw(st.permutations([chr(ord("A") + i) for i in range(size)]))
    all_pairs = [frozenset(p) for p in itertools.combinations(teams, 2)]
    chosen = draw(st.lists(st.sampled_from(all_pairs), unique=True, max_size=len(all_pairs)))
    met: dict[frozenset[str], tuple[int, ...]] = {
        pair: (draw(st.integers(1, 8)),) for pair in chosen
    }
    bye_teams = draw(st.lists(st.sampled_from(teams), unique=True))
    return list(teams), met, dict.fromkeys(bye_teams, (1,))


def _drawable(teams: list[str], met: dict[frozenset[str], tuple[int, ...]]) -> bool:
    if not teams:
        return True
    top = teams[0]
    return any(
        frozenset((top, other)) not in met and _drawable([t for t in teams[1:] if t != other], met)
        for other in teams[1:]
    )


@given(histories())
def test_a_draw_never_repeats_a_meeting_and_seats_every_team_once(
    history: tuple[list[str], dict[frozenset[str], tuple[int, ...]], dict[str, tuple[int, ...]]],
) -> None:
    teams, met, byes = history
    fewest = min(len(byes.get(t, ())) for t in teams)
    candidates = [t for t in teams if len(byes.get(t, ())) == fewest] if len(teams) % 2 else [None]
    possible = any(_drawable([t for t in teams if t != c], met) for c in candidates)
    try:
        draw = propose_draw(teams, met=met, byes=byes, round=9)
    except ScoringError:
        assert not possible
        return
    assert possible
    seated = [t for table in draw.tables for t in (table.home, table.away)]
    if draw.bye is not None:
        seated.append(draw.bye)
        assert len(byes.get(draw.bye, ())) == fewest
    assert sorted(seated) == sorted(teams)
    for table in draw.tables:
        assert frozenset((table.home, table.away)) not in met
        assert teams.index(table.home) < teams.index(table.away)
