"""A scored pairs event as plain data: what ``bridgescore score FILE --json`` prints and
:meth:`PairsEvent.to_dict() <bridgescore.core.pairs.event.PairsEvent.to_dict>` returns.

Figures are exact in the event and JSON numbers here (:func:`~bridgescore.core.numbers.json_number`):
an int when whole, else a float at full precision.

>>> from bridgescore.core.pairs.score import score_session
>>> from bridgescore.core.table.result import Result
>>> from bridgescore.core.table.traveller import Session, TravellerLine
>>> lines = [TravellerLine.played(1, n, n, Result.parse(r)) for n, r in (("1", "4SN="), ("2", "4SN+1"))]
>>> data = event_dict(score_session(Session(tuple(lines))))
>>> data["method"], [r["ns_points"] for r in data["boards"][0]["results"]]
('mp', [0, 2])
>>> [(e["rank"], e["pair"], e["percent"]) for e in data["rankings"][0]["entries"]]
[('1', '2', 100), ('2', '1', 0)]
"""

from __future__ import annotations

__all__ = ["event_dict"]

from typing import TYPE_CHECKING, Any

from bridgescore.core.numbers import json_number

if TYPE_CHECKING:
    from bridgescore.core.pairs.event import PairsEvent, ScoredBoard


def _line_dict(board: ScoredBoard, index: int) -> dict[str, Any]:
    scored = board.lines[index]
    line = scored.line
    result = line.result
    return {
        "ns": scored.ns_pair.label,
        "ew": scored.ew_pair.label,
        "contract": None if result is None else str(result.contract),
        "declarer": None if result is None or result.declarer is None else str(result.declarer),
        "tricks": None if result is None or result.contract.is_pass else result.tricks,
        "ns_score": line.ns_score,
        "adjusted": None if line.adjusted is None else str(line.adjusted),
        "ns_points": json_number(scored.ns_points),
        "ew_points": json_number(scored.ew_points),
    }


def event_dict(event: PairsEvent) -> dict[str, Any]:
    """The event as the JSON object the README documents: ``method``, ``fields`` (how each
    section's fields were detected), ``warnings`` (lines skipped, things to check), ``boards``
    (each result with both pairs' points) and ``rankings`` (each field's entries)."""
    return {
        "method": str(event.rules.method),
        "fields": [
            {"section": section, "detected": reason}
            for section, reason in sorted(event.fields.reasons.items(), key=lambda kv: kv[0] or "")
        ],
        "warnings": [*map(str, event.session.problems), *event.warnings],
        "boards": [
            {
                "board": board.board,
                "section": board.section,
                "top": json_number(board.top),
                "datum": board.datum,
                "results": [_line_dict(board, i) for i in range(len(board.lines))],
            }
            for board in event.boards
        ],
        "rankings": [
            {
                "field": ranking.field,
                "section": ranking.section,
                "entries": [
                    {
                        "rank": entry.rank_text,
                        "pair": entry.pair.label,
                        "names": entry.names,
                        "score": json_number(entry.score),
                        "max": json_number(entry.max),
                        "percent": json_number(entry.percent),
                        "scaled": json_number(entry.scaled),
                        "boards": entry.boards,
                    }
                    for entry in ranking.entries
                ],
            }
            for ranking in event.rankings
        ],
    }
