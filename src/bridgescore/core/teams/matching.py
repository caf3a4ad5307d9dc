"""Maximum matching in a general graph (Edmonds' blossom algorithm), for drawing pairings.

The Swiss draw asks "can these teams all be paired without a repeat meeting?" many times; a
depth-first search answers that in exponential time when the answer is no, the blossom
algorithm in O(V³).

>>> maximum_matching(4, [[1], [0, 2], [1, 3], [2]])
2
>>> maximum_matching(3, [[1, 2], [0, 2], [0, 1]])
1
"""

from __future__ import annotations

__all__ = ["maximum_matching"]

from collections import deque
from collections.abc import Sequence


class _Blossom:
    def __init__(self, size: int, adjacent: Sequence[Sequence[int]]) -> None:
        self.size = size
        self.adjacent = adjacent
        self.mate = [-1] * size
        self.parent = [-1] * size
        self.base = list(range(size))
        self.used = [False] * size
        self.in_blossom = [False] * size

    def _common_base(self, first: int, second: int) -> int:
        seen = [False] * self.size
        while True:
            first = self.base[first]
            seen[first] = True
            if self.mate[first] == -1:
                break
            first = self.parent[self.mate[first]]
        while True:
            second = self.base[second]
            if seen[second]:
                return second
            second = self.parent[self.mate[second]]

    def _mark_path(self, vertex: int, base: int, child: int) -> None:
        while self.base[vertex] != base:
            self.in_blossom[self.base[vertex]] = True
            self.in_blossom[self.base[self.mate[vertex]]] = True
            self.parent[vertex] = child
            child = self.mate[vertex]
            vertex = self.parent[self.mate[vertex]]

    def _augmenting_path_end(self, root: int) -> int:
        """An unmatched vertex reached by an augmenting path from ``root``, or -1."""
        self.used = [False] * self.size
        self.parent = [-1] * self.size
        self.base = list(range(self.size))
        self.used[root] = True
        queue = deque([root])
        while queue:
            vertex = queue.popleft()
            for other in self.adjacent[vertex]:
                if self.base[vertex] == self.base[other] or self.mate[vertex] == other:
                    continue
                if other == root or (
                    self.mate[other] != -1 and self.parent[self.mate[other]] != -1
                ):
                    base = self._common_base(vertex, other)
                    self.in_blossom = [False] * self.size
                    self._mark_path(vertex, base, other)
                    self._mark_path(other, base, vertex)
                    for index in range(self.size):
                        if self.in_blossom[self.base[index]]:
                            self.base[index] = base
                            if not self.used[index]:
                                self.used[index] = True
                                queue.append(index)
                elif self.parent[other] == -1:
                    self.parent[other] = vertex
                    if self.mate[other] == -1:
                        return other
                    self.used[self.mate[other]] = True
                    queue.append(self.mate[other])
        return -1

    def solve(self) -> int:
        for vertex in range(self.size):  # a greedy start leaves few paths to find
            if self.mate[vertex] == -1:
                for other in self.adjacent[vertex]:
                    if self.mate[other] == -1:
                        self.mate[vertex], self.mate[other] = other, vertex
                        break
        for root in range(self.size):
            if self.mate[root] != -1:
                continue
            end = self._augmenting_path_end(root)
            while end != -1:
                previous = self.parent[end]
                following = self.mate[previous]
                self.mate[end], self.mate[previous] = previous, end
                end = following
        return sum(1 for mate in self.mate if mate != -1) // 2


def maximum_matching(size: int, adjacent: Sequence[Sequence[int]]) -> int:
    """The number of edges in a maximum matching of the graph on vertices ``0 … size − 1``
    whose neighbours are ``adjacent[v]`` (listed both ways)."""
    return _Blossom(size, adjacent).solve()
