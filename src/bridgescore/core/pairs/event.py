"""A scored pairs session: each board's lines with both pairs' points, and each field's ranking.

What :func:`~bridgescore.core.pairs.score.score_session` returns; nothing here computes a score.
"""

from __future__ import annotations

__all__ = ["FieldRanking", "PairStanding", "PairsEvent", "rankings_dict"]

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from bridgescore.core.errors import ScoringError
from bridgescore.core.numbers import json_number
from bridgescore.core.pairs.conventions import TieNotation
from bridgescore.core.pairs.fields import FieldName, Fields, PairId
from bridgescore.core.pairs.rules import PairsRules
from bridgescore.core.table.traveller import Session

if TYPE_CHECKING:  # (the boards, made when asked for, are their own to import)
    from bridgescore.core.pairs.scored import ScoredBoard


@dataclass(frozen=True, slots=True)
class PairStanding:
    """A pair's total and place in its field."""

    pair: PairId
    names: str | None
    score: Fraction
    boards: int
    max: Fraction | None
    percent: Fraction | None
    scaled: Fraction
    rank: int = 0
    tied: bool = False
    ties: TieNotation = TieNotation.EQUALS

    @property
    def rank_text(self) -> str:
        """``3``, or ``3=`` when shared (plain ``3`` with :attr:`TieNotation.PLAIN`)."""
        return self.ties.text(self.rank, self.tied)


@dataclass(frozen=True, slots=True)
class FieldRanking:
    """The ranking of one field (``NS``, ``EW`` or ``ALL``) of one section, or ``overall``:
    every section's pairs of the field together (sections compared across the field); in an
    individual event, the ``players``."""

    section: str | None
    field: FieldName
    entries: Sequence[PairStanding]
    """Best first: the engine gives the columns of
    :class:`~bridgescore.core.pairs.standings.RankedRows` (each entry made when asked for)."""
    overall: bool = False
    players: bool = False
    """An individual event's ranking: the entries are players."""


@dataclass(frozen=True, slots=True)
class PairsEvent:
    """A scored pairs session: boards (in board then section order) and rankings.

    ``boards`` is a sequence whose boards are made when asked for (ranking a huge field makes
    none); ``across`` says whether sections playing the same boards were compared across the
    field (such a board's ``section`` is ``None``).
    """

    session: Session
    rules: PairsRules
    boards: Sequence[ScoredBoard]
    rankings: tuple[FieldRanking, ...]
    fields: Fields = field(default_factory=lambda: Fields({}))
    warnings: tuple[str, ...] = ()
    """Things the director should check (a board played once where the others were played
    many times is usually a mistyped board number)."""
    across: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The event as plain data: exactly the object ``bridgescore score FILE --json`` prints:
        ``method``, ``fields`` (how each section's fields were detected), ``warnings`` (lines
        skipped, things to check), ``boards`` (each result with both pairs' points) and
        ``rankings`` (each field's entries). Figures are JSON numbers
        (:func:`~bridgescore.core.numbers.json_number`): an int when whole, else a float.

        >>> from bridgescore.core.pairs.score import score_session
        >>> from bridgescore.core.table.result import Result
        >>> from bridgescore.core.table.traveller import TravellerLine
        >>> lines = [TravellerLine.played(1, n, n, Result.parse(r)) for n, r in (("1", "4SN="), ("2", "4SN+1"))]
        >>> data = score_session(Session(tuple(lines))).to_dict()
        >>> data["method"], [r["ns_points"] for r in data["boards"][0]["results"]]
        ('mp', [0, 2])
        >>> [(e["rank"], e["pair"], e["percent"]) for e in data["rankings"][0]["entries"]]
        [('1', '2', 100), ('2', '1', 0)]
        """
        return _event_dict(self)

    def board(self, number: int, section: str | None = None) -> ScoredBoard:
        """Board ``number`` (of ``section``; a board compared across the field holds every
        section's lines, so it is every section's)."""
        for scored in self.boards:
            if scored.board == number and section in (None, scored.section):
                return scored
        for scored in self.boards:
            if scored.board == number and scored.section is None:
                return scored
        raise ScoringError(f"board {number} was not played")

    def ranking(self, field_name: FieldName, section: str | None = None) -> FieldRanking:
        """The ranking of a field: of ``section``, else the first one (the overall ranking,
        when sections are compared across the field)."""
        for ranking in sorted(self.rankings, key=lambda r: not r.overall):
            if ranking.field == field_name and (section is None or ranking.section == section):
                return ranking
        raise ScoringError(f"there is no {field_name} field")

    def find_pair(self, text: str) -> PairId:
        """The pair a user means by ``3``, ``3NS``, ``3 EW`` or ``A3``."""
        wanted = text.strip().upper().replace(" ", "")
        found = [
            e.pair
            for r in self.rankings
            for e in r.entries
            if wanted
            in (
                e.pair.label.upper(),
                f"{e.pair.label}{e.pair.direction or ''}".upper(),
                f"{e.pair.section or ''}{e.pair.label}".upper(),
                f"{e.pair.section or ''}{e.pair.label}{e.pair.direction or ''}".upper(),
            )
        ]
        found = list(dict.fromkeys(found))  # a pair ranked in its section and overall
        if not found:
            raise ScoringError(f"there is no pair {text}")
        if len(found) > 1:
            choices = ", ".join(p.full for p in found)
            raise ScoringError(f"pair {text} is ambiguous ({choices}): add NS or EW")
        return found[0]


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


def _event_dict(event: PairsEvent) -> dict[str, Any]:
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
        "rankings": rankings_dict(event.rankings),
    }


def rankings_dict(rankings: Iterable[FieldRanking]) -> list[dict[str, Any]]:
    """The rankings as ``to_dict`` gives them (what a live ranking shows, without the boards)."""
    return [
        {
            "field": ranking.field,
            "section": ranking.section,
            **({"overall": True} if ranking.overall else {}),
            **({"players": True} if ranking.players else {}),
            "entries": [
                {
                    "rank": entry.rank_text,
                    "pair": entry.pair.label,
                    **({"section": entry.pair.section} if ranking.overall else {}),
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
        for ranking in rankings
    ]
