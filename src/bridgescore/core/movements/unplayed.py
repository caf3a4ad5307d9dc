"""Rounds that no table played: a curtailed session said in one line, not a line a board.

When the director stops a session early, every table lacks the results of its last rounds:
9 tables of 3 boards a round two rounds short are 54 boards without a result. Said board by
board they bury a real problem (a traveller lost at one table); said as rounds, they do not:

>>> from bridgescore.core.movements.mitchell import mitchell
>>> movement = mitchell(9, boards=27)
>>> lost = {(s.round, s.table, b) for s in movement.schedule if s.round >= 8
...         for b in movement.boards_of(s)}
>>> lost.add((3, 4, 7))  # one board at one table: not a round, left to be said on its own
>>> unplayed_rounds(movement, lost)
[((8, 9), 'rounds 8-9 of tables 1-9 not played (curtailed): 54 boards')]

A round is unplayed when every table that plays in it lacks every board; consecutive such
rounds are said together, *curtailed* when they are the movement's last.
"""

from __future__ import annotations

__all__ = ["unplayed_rounds"]

from collections.abc import Collection
from itertools import groupby

from bridgescore.core.movements.movement import Movement, board_range


def _plural(count: int, word: str) -> str:
    return f"{word}s" if count != 1 else word


def unplayed_rounds(
    movement: Movement, missing: Collection[tuple[int, int, int]]
) -> list[tuple[tuple[int, ...], str]]:
    """The runs of rounds no table played, given the ``(round, table, board)`` of each
    result ``missing``: each run's rounds and what to tell the director (see the module
    docstring)."""
    last = max(movement.played_rounds, default=0)
    unplayed = []
    for number in movement.played_rounds:
        expected = [
            (number, s.table, board)
            for s in movement.round(number)
            for board in movement.boards_of(s)
        ]
        if expected and all(item in missing for item in expected):
            unplayed.append(number)
    said = []
    for _, together in groupby(enumerate(unplayed), key=lambda item: item[1] - item[0]):
        run = [number for _, number in together]  # consecutive rounds
        sittings = [s for number in run for s in movement.round(number) if movement.boards_of(s)]
        boards = sum(len(movement.boards_of(s)) for s in sittings)
        tables = sorted({s.table for s in sittings})
        rounds = f"{_plural(len(run), 'round')} {board_range(run)}"
        curtailed = " (curtailed)" if run[-1] == last else ""
        message = (
            f"{rounds} of {_plural(len(tables), 'table')} {board_range(tables)} not played"
            f"{curtailed}: {boards} {_plural(boards, 'board')}"
        )
        said.append((tuple(run), message))
    return said
