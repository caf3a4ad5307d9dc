"""Maximum matching (Edmonds' blossom) against brute force on small graphs."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.teams.matching import maximum_matching


def brute_force(size: int, edges: set[frozenset[int]]) -> int:
    best = 0
    for count in range(size // 2, 0, -1):
        for chosen in itertools.combinations(sorted(tuple(sorted(e)) for e in edges), count):
            used = [v for edge in chosen for v in edge]
            if len(used) == len(set(used)):
                return count
    return best


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, set[frozenset[int]]]:
    size = draw(st.integers(0, 9))
    pairs = [frozenset(p) for p in itertools.combinations(range(size), 2)]
    return size, set(draw(st.lists(st.sampled_from(pairs), unique=True))) if pairs else set()


@settings(max_examples=300)
@given(graphs())
def test_maximum_matching_is_the_brute_force_maximum(
    graph: tuple[int, set[frozenset[int]]],
) -> None:
    size, edges = graph
    adjacent = [
        [other for other in range(size) if frozenset((v, other)) in edges] for v in range(size)
    ]
    assert maximum_matching(size, adjacent) == brute_force(size, edges)


def test_odd_cycles_need_blossoms() -> None:
    # two triangles joined by an edge (0-1-2, 3-4-5, 2-3): a perfect matching 0-1, 2-3, 4-5
    edges = [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5), (2, 3)]
    adjacent: list[list[int]] = [[] for _ in range(6)]
    for a, b in edges:
        adjacent[a].append(b)
        adjacent[b].append(a)
    assert maximum_matching(6, adjacent) == 3
    # a 5-cycle with a pendant vertex on it: 3 edges
    edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 5)]
    adjacent = [[] for _ in range(6)]
    for a, b in edges:
        adjacent[a].append(b)
        adjacent[b].append(a)
    assert maximum_matching(6, adjacent) == 3
