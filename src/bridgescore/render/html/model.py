"""What the results pages of a pairs event show, as plain values built from the scored event
(no HTML here): the header, the rankings, each board's page (its diagram from
:mod:`~bridgescore.render.html.diagram`, its travellers) and each pair's score card.

Every figure is formatted here (in the words of :mod:`bridgescore.render.text`); the templates
only lay the values out, so the site, the PDF and the tests read the same text.

>>> title_from_source("results/club-session.csv"), title_from_source("<text>")
('Club session', None)
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
    "build_site",
    "title_from_source",
]

import re
from dataclasses import dataclass
from fractions import Fraction

from bridgescore.core.pairs.event import (
    FieldRanking,
    PairsEvent,
    PairStanding,
    ScoredBoard,
    ScoredLine,
)
from bridgescore.core.pairs.fields import PairId, partnership
from bridgescore.core.pairs.rules import PairsMethod
from bridgescore.core.table.seats import Side
from bridgescore.render.html.diagram import Diagram, diagram
from bridgescore.render.html.links import PairLink, board_anchor, pair_slugs
from bridgescore.render.html.symbols import Symbolic
from bridgescore.render.text import field_title, method_detail, points, result_cells


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


@dataclass(frozen=True, slots=True)
class TravellerView:
    number: int
    section: str | None
    anchor: str
    title: str
    notes: str
    rows: tuple[TravellerRow, ...]


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


@dataclass(frozen=True, slots=True)
class ScoreCard:
    pair: PairLink
    field: str
    standing: RankingRow
    rows: tuple[CardRow, ...]
    previous: PairLink | None
    next: PairLink | None


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
    boards: tuple[BoardPage, ...]
    cards: tuple[ScoreCard, ...]


def _marks(board: ScoredBoard) -> dict[tuple[int, Side], str]:
    """``top`` or ``bottom`` for a line whose points beat (or trail) every other on its side."""
    compared = [i for i, s in enumerate(board.lines) if s.line.artificial_score is None]
    marks: dict[tuple[int, Side], str] = {}
    if len(compared) < 2:
        return marks
    for side in Side:
        values = [board.lines[i].points(side) for i in compared]
        best, worst = max(values), min(values)
        if best == worst:
            continue
        for index, value in zip(compared, values, strict=True):
            if value == best and values.count(best) == 1:
                marks[index, side] = "top"
            elif value == worst and values.count(worst) == 1:
                marks[index, side] = "bottom"
    return marks


class _Builder:
    """Builds the site model of one event (pair links, marks) in one pass over its boards."""

    def __init__(self, event: PairsEvent) -> None:
        self.event = event
        pairs = [s.pair for r in event.rankings for s in r.entries]
        self.slugs = pair_slugs(pairs)
        self.names = {s.pair: s.names for r in event.rankings for s in r.entries}
        self.marks = {(b.board, b.section): _marks(b) for b in event.boards}
        # sections compared across the field: a pair is shown with its section (A 3)
        self.across = any(b.section is None for b in event.boards) and any(p.section for p in pairs)

    def link(self, pair: PairId) -> PairLink:
        players = partnership(pair.label)
        if players and pair not in self.slugs:  # an individual's partnership: North's card
            north = PairId(players[0], None, pair.section)
            return PairLink(pair.label, None, self.slugs[north], None)
        direction = pair.direction.value if pair.direction is not None else None
        label = f"{pair.section} {pair.label}" if self.across and pair.section else pair.label
        return PairLink(label, self.names.get(pair), self.slugs[pair], direction)

    def header(self) -> EventHeader:
        event = self.event
        info = event.session.info
        title = info.title or title_from_source(event.session.source) or "Pairs event"
        pairs = sum(len(r.entries) for r in event.rankings)
        kind = "Mitchell" if any(r.field != "ALL" for r in event.rankings) else "Howell"
        movement = info.movement or f"{kind}, {len(event.session.boards)} boards, {pairs} pairs"
        tops = sorted({(b.section or "", b.top) for b in event.boards if b.top is not None})
        top = None
        if len({t for _, t in tops}) == 1:
            top = points(tops[0][1])
        elif tops:
            top = ", ".join(f"{section}: {points(t)}" for section, t in tops)
        return EventHeader(
            title,
            info.club,
            info.date,
            info.venue,
            movement,
            method_detail(event.rules),
            top,
            event.rules.method.unit,
            event.rules.method is PairsMethod.MP,
        )

    def ranking_row(self, entry: PairStanding) -> RankingRow:
        return RankingRow(
            entry.rank_text,
            self.link(entry.pair),
            points(entry.score),
            "" if entry.max is None else points(entry.max),
            "" if entry.percent is None else f"{float(entry.percent):.2f}",
            points(entry.scaled),
            entry.boards,
        )

    def ranking(self, ranking: FieldRanking) -> RankingView:
        anchor = "ranking-" + "-".join(
            part.lower() for part in (ranking.section or "", ranking.field) if part
        )
        return RankingView(
            field_title(ranking),
            re.sub(r"[^a-z0-9-]+", "_", anchor),
            tuple(self.ranking_row(e) for e in ranking.entries),
            self.event.rules.method is PairsMethod.MP,
            len({e.boards for e in ranking.entries}) > 1,
        )

    def traveller(self, board: ScoredBoard) -> TravellerView:
        marks = self.marks[board.board, board.section]
        notes = []
        if board.top is not None:
            notes.append(f"Top {points(board.top)}")
        if board.datum is not None:
            notes.append(f"Datum {board.datum:+d}")
        order = sorted(range(len(board.lines)), key=lambda i: _score_order(board.lines[i]))
        rows = []
        for index in order:
            scored = board.lines[index]
            contract, declarer, result, ns_score, ew_score = result_cells(board, index)
            played = scored.line.result
            rows.append(
                TravellerRow(
                    self.link(scored.ns_pair),
                    self.link(scored.ew_pair),
                    Symbolic.contract(played.contract) if played else Symbolic(contract),
                    declarer,
                    Symbolic.card(scored.line.lead),
                    result,
                    ns_score,
                    ew_score,
                    points(scored.ns_points),
                    points(scored.ew_points),
                    marks.get((index, Side.NS), ""),
                    marks.get((index, Side.EW), ""),
                )
            )
        title = f"Board {board.board}" + (f", section {board.section}" if board.section else "")
        return TravellerView(
            board.board,
            board.section,
            board_anchor(board.board, board.section),
            title,
            ", ".join(notes),
            tuple(rows),
        )

    def boards(self) -> tuple[BoardPage, ...]:
        numbers = sorted({b.board for b in self.event.boards})
        deals = self.event.session.deals
        pages = []
        for i, number in enumerate(numbers):
            travellers = tuple(self.traveller(b) for b in self.event.boards if b.board == number)
            pages.append(
                BoardPage(
                    number,
                    diagram(number, deals.get(number)),
                    travellers,
                    numbers[i - 1] if i > 0 else None,
                    numbers[i + 1] if i + 1 < len(numbers) else None,
                )
            )
        return tuple(pages)

    def card_row(self, board: ScoredBoard, pair: PairId) -> CardRow | None:
        found = board.line_of(pair)
        if found is None:
            return None
        scored, side = found
        index = board.lines.index(scored)
        contract, declarer, result, ns_text, ew_text = result_cells(board, index)
        played = scored.line.result
        own = scored.points(side)
        percent = ""
        if board.top:
            percent = points(own / board.top * 100)
        return CardRow(
            board.board,
            board_anchor(board.board, board.section),
            side.value,
            self.link(scored.pair(side.opponent)),
            Symbolic.contract(played.contract) if played else Symbolic(contract),
            declarer,
            Symbolic.card(scored.line.lead),
            result,
            _own_score(scored, side, ns_text, ew_text),
            points(own),
            percent,
            self.marks[board.board, board.section].get((index, side), ""),
        )

    def cards(self) -> tuple[ScoreCard, ...]:
        cards = []
        for ranking in self.event.rankings:
            ordered = sorted(ranking.entries, key=lambda e: e.pair.sort_key())
            for i, entry in enumerate(ordered):
                rows = [self.card_row(board, entry.pair) for board in self.event.boards]
                cards.append(
                    ScoreCard(
                        self.link(entry.pair),
                        field_title(ranking),
                        self.ranking_row(entry),
                        tuple(row for row in rows if row is not None),
                        self.link(ordered[i - 1].pair) if i > 0 else None,
                        self.link(ordered[i + 1].pair) if i + 1 < len(ordered) else None,
                    )
                )
        return tuple(cards)


def title_from_source(source: str | None) -> str | None:
    """A title from a file name: ``club-session.csv`` gives ``Club session``."""
    if not source or source.startswith("<"):
        return None
    stem = re.split(r"[\\/]", source)[-1].rsplit(".", 1)[0]
    return stem.replace("-", " ").replace("_", " ").strip().capitalize() or None


def _score_order(scored: ScoredLine) -> tuple[int, Fraction, Fraction]:
    """Best NS score first; lines without one (adjusted) last, best NS points first."""
    score = scored.line.ns_score
    return (score is None, Fraction(-(score or 0)), -scored.ns_points)


def _own_score(scored: ScoredLine, side: Side, ns_text: str, ew_text: str) -> str:
    """The table score for the pair's side: ``+420``, ``-100``, ``0``, or ``Ave+``."""
    score = scored.line.ns_score
    if score is None:
        return ns_text if side is Side.NS else ew_text
    own = score * side.sign
    return f"{own:+d}" if own else "0"


def build_site(event: PairsEvent) -> SiteModel:
    """The site model of a scored pairs event."""
    builder = _Builder(event)
    return SiteModel(
        builder.header(),
        tuple(builder.ranking(r) for r in event.rankings),
        builder.boards(),
        builder.cards(),
    )
