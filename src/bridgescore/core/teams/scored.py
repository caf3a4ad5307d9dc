"""A scored teams event: the event and its standings, and both as plain data (what
``bridgescore teams FILE --json`` prints and :meth:`ScoredTeams.to_dict` returns).

Match figures are from the home team's side; numbers are JSON numbers at full precision
(:func:`~bridgescore.core.numbers.json_number`).

>>> from bridgescore.core.table.traveller import Session, TravellerLine
>>> from bridgescore.core.teams.event import event_conditions
>>> from bridgescore.core.teams.travellers import build_event
>>> lines = [TravellerLine(1, "A", "B", ns_score=420, round=1, table=1),
...          TravellerLine(1, "B", "A", ns_score=-50, round=1, table=2)]
>>> event = build_event(Session(tuple(lines)))
>>> scored = ScoredTeams(event, event.standings(event_conditions(Method.IMPS, None)))
>>> match = scored.to_dict()["matches"][0]
>>> match["home"], match["imps"], match["boards"]
('A', [10, 0], [{'board': 1, 'net': 470, 'imps': 10}])
"""

from __future__ import annotations

__all__ = ["ScoredTeams"]

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bridgescore.core.numbers import json_number
from bridgescore.core.teams.event import TeamsEvent
from bridgescore.core.teams.match import AWAY, HOME, Method, TeamsMatch
from bridgescore.core.teams.standings import Standings


def _match_imps(match: TeamsMatch) -> tuple[Fraction, Fraction]:
    """The IMPs of a match as its title shows them: in an IMP match the score after carry-over
    and IMP penalties (what the VPs come from); otherwise the IMPs won board by board."""
    if match.method is Method.IMPS:
        return match.score(HOME), match.score(AWAY)
    return match.imps_for(HOME), match.imps_for(AWAY)


@dataclass(frozen=True, slots=True)
class ScoredTeams:
    """A teams event and its standings under the event's conditions of contest, and the
    warnings for the director its scoring gave (printed apart, not in :meth:`to_dict`)."""

    event: TeamsEvent
    standings: Standings
    warnings: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """``matches`` (from the home team's side) and ``standings``, with the conditions:
        exactly the object ``bridgescore teams FILE --json`` prints."""
        event, table = self.event, self.standings
        scale = table.conditions.scale
        matches = []
        for match in event.matches:
            boards = [
                {
                    "board": board.number,
                    "net": json_number(board.net),
                    "imps": json_number(match.board_points(board, Method.IMPS)[0]),
                }
                for board in match.boards
            ]
            vps = None if scale is None else [json_number(v) for v in match.vps(scale)]
            matches.append(
                {
                    "round": match.round,
                    "home": event.label(match.home),
                    "away": event.label(match.away),
                    "imps": [json_number(v) for v in _match_imps(match)],
                    "vps": vps,
                    "boards": boards,
                }
            )
        rows = [
            {
                "rank": row.rank_text,
                "team": event.label(row.team),
                "vp": json_number(row.total),
                "imps_for": json_number(row.imps_for),
                "imps_against": json_number(row.imps_against),
            }
            for row in table.rows
        ]
        return {
            "method": str(event.method),
            "scale": None if scale is None else scale.name,
            "unit": table.unit,
            "bye_score": str(table.conditions.bye),
            "tie_breaks": list(table.conditions.tie_breaks),
            "byes": [{"round": b.round, "team": event.label(b.team)} for b in event.byes],
            "withdrawn": [
                {"team": event.label(team), "after_round": last}
                for team, last in event.withdrawals()
            ],
            "matches": matches,
            "standings": rows,
        }
