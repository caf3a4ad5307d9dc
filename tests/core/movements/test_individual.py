"""Individual movements for every player count they support: the hard rules, and every two
players partner at most once (exactly once for 4k and 4k + 1 players)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from bridgescore.core.errors import MovementError
from bridgescore.core.movements import check_movement
from bridgescore.core.movements.individual import INDIVIDUAL_PLAYERS, individual


@pytest.mark.parametrize("players", INDIVIDUAL_PLAYERS)
def test_every_individual_passes_the_hard_rules(players: int) -> None:
    movement = individual(players)
    report = check_movement(movement)
    assert report.ok, report.problems
    assert movement.pairs == tuple(str(p) for p in range(1, players + 1))
    partners: Counter[frozenset[str]] = Counter()
    boards: Counter[tuple[str, int]] = Counter()
    for sitting in movement.schedule:
        assert isinstance(sitting.ns, tuple) and isinstance(sitting.ew, tuple)
        four = (*sitting.ns, *sitting.ew)
        assert len(set(four)) == 4
        partners[frozenset(sitting.ns)] += 1
        partners[frozenset(sitting.ew)] += 1
        for player in four:
            for board in movement.sets[sitting.set]:
                boards[(player, board)] += 1
    assert max(partners.values()) == 1 and max(boards.values()) == 1
    if players % 4 in (0, 1) and movement.rounds == (players - 1 if players % 4 == 0 else players):
        couples = combinations(movement.pairs, 2)
        assert all(partners[frozenset(c)] == 1 for c in couples)
        assert report.meetings == "every player partners every other exactly once"
    assert set(report.plays.values()) != {0}  # every set is played


def test_four_players_play_three_rounds_of_one_table() -> None:
    movement = individual(4)
    assert [(s.ns, s.ew) for s in movement.schedule] == [
        (("1", "2"), ("3", "4")),
        (("1", "3"), ("4", "2")),
        (("1", "4"), ("2", "3")),
    ]


def test_a_count_it_is_not_made_for_is_refused() -> None:
    with pytest.raises(MovementError, match="4 to 20 players, not 21"):
        individual(21)
