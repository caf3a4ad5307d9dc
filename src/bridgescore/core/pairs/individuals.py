"""Individual events: players, not pairs. A traveller line names each side's two players,
``1+5`` (North 1, South 5); each board is scored as in a pairs event, and each player's score
is the partnership's score on each board they played: players are ranked on the sum, as one
field.

>>> partnership("1+5"), partnership("12 + 3"), partnership("3NS")
(('1', '5'), ('12', '3'), None)
>>> from bridgescore.core.pairs.score import score_session
>>> lines = [TravellerLine(1, "1+2", "3+4", ns_score=420), TravellerLine(1, "5+6", "7+8", ns_score=450)]
>>> event = score_session(Session(tuple(lines)))
>>> [(e.pair.label, int(e.score)) for e in event.ranking("ALL").entries]
[('3', 2), ('4', 2), ('5', 2), ('6', 2), ('1', 0), ('2', 0), ('7', 0), ('8', 0)]
>>> event.rankings[0].players
True
"""

from __future__ import annotations

__all__ = ["check_players_play_once", "is_individual", "partnership", "player_rankings"]


from bridgescore.core.errors import Problem, ScoringError
from bridgescore.core.pairs.event import FieldRanking
from bridgescore.core.pairs.fields import PairId, partnership
from bridgescore.core.pairs.rules import PairsRules
from bridgescore.core.pairs.scored import ScoredBoard, ScoredLine
from bridgescore.core.pairs.totals import add_up, rank_fields
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Session, TravellerLine


def is_individual(session: Session) -> bool:
    """Every line's sides are partnerships of two players: an individual event."""
    return bool(session.lines) and all(
        partnership(line.ns) is not None and partnership(line.ew) is not None
        for line in session.lines
    )


def check_players_play_once(session: Session) -> None:
    """A player sits at one table on a board, once (in any partnership)."""
    seen: dict[tuple[int, str | None, str], TravellerLine] = {}
    problems = []
    for line in session.lines:
        players = [p for side in (line.ns, line.ew) for p in partnership(side) or ()]
        for player in players:
            first = seen.setdefault((line.board, line.section, player), line)
            if first is not line:
                also = "" if first.line is None else f" (also line {first.line})"
                problems.append(
                    Problem(
                        session.source,
                        line.line,
                        f"board {line.board}: player {player} plays the board twice{also}",
                    )
                )
    if problems:
        raise ScoringError.from_problems(problems)


def player_rankings(
    session: Session, boards: tuple[ScoredBoard, ...], rules: PairsRules
) -> tuple[FieldRanking, ...]:
    """Each player's total (the partnership's points on every board they played), ranked as
    one field of each section."""

    def players(line: ScoredLine, side: Side) -> list[PairId]:
        label = line.line.ns if side is Side.NS else line.line.ew
        return [PairId(player, None, line.line.section) for player in partnership(label) or ()]

    totals = add_up(boards, rules, players)
    ranked = rank_fields(totals, rules, session.names)
    return tuple(
        FieldRanking(r.section, r.field, r.entries, r.overall, players=True) for r in ranked
    )
