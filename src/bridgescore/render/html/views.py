"""The values the results pages of a pairs event lay out, one dataclass a part of a page: the
event's header, a ranking, a board's page and travellers, a pair's score card (built by
:mod:`~bridgescore.render.html.model`). Each table can also give itself as lines of text in
columns, which the PDF prints (a few boxes for a whole table, where a table of cells would
take the layout engine a second a page).
"""

from __future__ import annotations

__all__ = [
    "BoardPage",
    "CardRow",
    "EventHeader",
    "RankingRow",
    "RankingView",
    "ScoreCard",
    "SiteModel",
    "TravellerRow",
    "TravellerView",
]

from dataclasses import dataclass

from bridgescore.render.html.diagram import Diagram
from bridgescore.render.html.links import PairLink
from bridgescore.render.html.symbols import Symbolic
from bridgescore.render.text import padded


@dataclass(frozen=True, slots=True)
class TravellerRow:
    ns: PairLink
    ew: PairLink
    contract: Symbolic
    declarer: str
    lead: Symbolic
    result: str
    ns_score: str
    ew_score: str
    ns_points: str
    ew_points: str
    ns_mark: str
    ew_mark: str
    vs_par: str = ""


@dataclass(frozen=True, slots=True)
class TravellerView:
    number: int
    section: str | None
    anchor: str
    title: str
    notes: str
    rows: tuple[TravellerRow, ...]
    leads: bool
    """Whether a lead was entered on the board (the Lead column is shown only then)."""
    par: bool = False
    """Whether the board has a par score (the rows' NS score against par is shown then)."""

    def text(self, unit: str) -> list[str]:
        """The traveller as lines of text in columns, its headings first (for paper)."""
        head = ["NS", "EW", "Contract", "By", *(["Lead"] if self.leads else []), "Result"]
        head += ["NS score", "EW score", f"NS {unit}", f"EW {unit}"]
        head += ["vs par"] if self.par else []
        rows = [
            [
                r.ns.label,
                r.ew.label,
                r.contract.text,
                r.declarer,
                *([r.lead.text] if self.leads else []),
                r.result,
                r.ns_score,
                r.ew_score,
                r.ns_points,
                r.ew_points,
                *([r.vs_par] if self.par else []),
            ]
            for r in self.rows
        ]
        words = {"Contract", "By", "Lead", "Result"}
        return _lines(head, rows, [h not in words for h in head])


@dataclass(frozen=True, slots=True)
class BoardPage:
    number: int
    diagram: Diagram
    travellers: tuple[TravellerView, ...]
    previous: int | None
    next: int | None


@dataclass(frozen=True, slots=True)
class RankingRow:
    rank: str
    pair: PairLink
    score: str
    max: str
    percent: str
    scaled: str
    boards: int


@dataclass(frozen=True, slots=True)
class RankingView:
    title: str
    anchor: str
    rows: tuple[RankingRow, ...]
    percentages: bool
    scaled: bool

    def text(self, unit: str) -> list[str]:
        """The ranking as lines of text in columns, its headings first (for paper)."""
        head = ["Rank", "Pair", "Names", unit, *(["Max", "%"] if self.percentages else [])]
        head += [*(["Scaled"] if self.scaled else []), "Boards"]
        rows = [
            [
                r.rank,
                r.pair.label,
                r.pair.names or "",
                r.score,
                *([r.max, r.percent] if self.percentages else []),
                *([r.scaled] if self.scaled else []),
                str(r.boards),
            ]
            for r in self.rows
        ]
        return _lines(head, rows, [h != "Names" for h in head])


@dataclass(frozen=True, slots=True)
class CardRow:
    """One board on a pair's score card, from that pair's side."""

    board: int
    anchor: str
    direction: str
    opponents: PairLink
    contract: Symbolic
    declarer: str
    lead: Symbolic
    result: str
    score: str
    points: str
    percent: str
    mark: str
    par: str = ""
    """The board's par score from the pair's side, when the hand record has it."""
    vs_par: str = ""
    """The pair's score against par."""


@dataclass(frozen=True, slots=True)
class ScoreCard:
    pair: PairLink
    field: str
    standing: RankingRow
    rows: tuple[CardRow, ...]
    previous: PairLink | None
    next: PairLink | None
    leads: bool
    """Whether a lead was entered on one of the pair's boards (the Lead column then)."""
    par: bool = False
    """Whether a board of the pair's has a par score (the Par and vs par columns then)."""

    def text(self, unit: str, percentages: bool) -> list[str]:
        """The score card as lines of text in columns, its headings first (for paper)."""
        head = ["Board", "Dir", "Opponents", "Contract", "By", *(["Lead"] if self.leads else [])]
        head += ["Result", "Score", *(["Par", "vs par"] if self.par else []), unit]
        head += ["%"] if percentages else []
        rows = [
            [
                str(r.board),
                r.direction,
                f"{r.opponents.label} {r.opponents.names or ''}".rstrip(),
                r.contract.text,
                r.declarer,
                *([r.lead.text] if self.leads else []),
                r.result,
                r.score,
                *([r.par, r.vs_par] if self.par else []),
                r.points,
                *([r.percent] if percentages else []),
            ]
            for r in self.rows
        ]
        words = {"Dir", "Opponents", "Contract", "By", "Lead", "Result"}
        return _lines(head, rows, [h not in words for h in head])


@dataclass(frozen=True, slots=True)
class EventHeader:
    title: str
    club: str | None
    date: str | None
    venue: str | None
    movement: str
    scoring: str
    top: str | None
    unit: str
    percentages: bool


@dataclass(frozen=True, slots=True)
class SiteModel:
    """Everything on the results pages of one pairs event."""

    header: EventHeader
    rankings: tuple[RankingView, ...]
    numbers: tuple[int, ...]
    """The numbers of the boards played, in order (the index lists them)."""
    boards: tuple[BoardPage, ...]
    cards: tuple[ScoreCard, ...]


def _lines(head: list[str], rows: list[list[str]], right: list[bool]) -> list[str]:
    """A table as lines of text, its columns two spaces apart (:func:`padded`)."""
    columns = padded([[h, *(row[i] for row in rows)] for i, h in enumerate(head)], right)
    return ["  ".join(cells).rstrip() for cells in zip(*columns, strict=True)]
