"""Individual events: players, not pairs. A traveller line names each side's two players,
``1+5`` (North 1, South 5); each board is scored as in a pairs event, and each player's score
is the partnership's score on each board they played: players are ranked on the sum, as one
field.

>>> partnership("1+5"), partnership("12 + 3"), partnership("3NS")
(('1', '5'), ('12', '3'), None)
>>> from bridgescore.core.pairs.score import score_session
>>> from bridgescore.core.table.traveller import Session, TravellerLine
>>> lines = [TravellerLine(1, "1+2", "3+4", ns_score=420), TravellerLine(1, "5+6", "7+8", ns_score=450)]
>>> event = score_session(Session(tuple(lines)))
>>> [(e.pair.label, int(e.score)) for e in event.ranking("ALL").entries]
[('3', 2), ('4', 2), ('5', 2), ('6', 2), ('1', 0), ('2', 0), ('7', 0), ('8', 0)]
>>> event.rankings[0].players
True
"""

from __future__ import annotations

__all__ = ["check_players_play_once", "is_individual", "partnership", "players"]

from collections.abc import Sequence

from bridgescore.core.errors import Problem, ScoringError
from bridgescore.core.pairs.fields import PairId, partnership
from bridgescore.core.pairs.lines import Lines
from bridgescore.core.table.seats import Side


def is_individual(lines: Lines) -> bool:
    """Every line's sides are partnerships of two players: an individual event."""
    if not len(lines) or partnership(lines.ns[0]) is None:  # (a pairs event: at once)
        return False
    return all(partnership(label) is not None for label in {*lines.ns, *lines.ew})


def check_players_play_once(lines: Lines, source: str | None) -> None:
    """A player sits at one table on a board, once (in any partnership)."""
    seen: dict[tuple[int, str | None, str], tuple[int, int | None]] = {}
    problems = []
    tables = zip(lines.board, lines.section, lines.ns, lines.ew, lines.number, strict=True)
    for index, (board, section, ns, ew, line) in enumerate(tables):
        for player in (p for side in (ns, ew) for p in partnership(side) or ()):
            first, first_line = seen.setdefault((board, section, player), (index, line))
            if first != index:
                also = "" if first_line is None else f" (also line {first_line})"
                message = f"board {board}: player {player} plays the board twice{also}"
                problems.append(Problem(source, line, message))
    if problems:
        raise ScoringError.from_problems(problems)


def players(
    pairs: Sequence[PairId], ns: Sequence[int], ew: Sequence[int]
) -> tuple[list[PairId], list[tuple[Sequence[int], Side]]]:
    """An individual event's players, by number, and who scores each line's points from which
    side: both players of each line's partnerships (``pairs[ns[i]]``, ``pairs[ew[i]]``)."""
    found: list[PairId] = []
    number: dict[tuple[str | None, str], int] = {}
    each: list[tuple[int, ...]] = []
    for pair in pairs:
        two = partnership(pair.label)
        assert two is not None
        for player in two:
            if (pair.section, player) not in number:
                number[pair.section, player] = len(found)
                found.append(PairId(player, None, pair.section))
        each.append(tuple(number[pair.section, player] for player in two))
    seats: list[tuple[Sequence[int], Side]] = [
        ([each[pair][which] for pair in ids], side)
        for ids, side in ((ns, Side.NS), (ew, Side.EW))
        for which in (0, 1)
    ]
    return found, seats
