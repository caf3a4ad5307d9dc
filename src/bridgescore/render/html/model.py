"""What the results pages of a pairs event show, as plain values built from the scored event
(no HTML here): the header, the rankings, each board's page (its diagram from
:mod:`~bridgescore.render.html.diagram`, its travellers) and each pair's score card.

Every figure is formatted here (in the words of :mod:`bridgescore.render.text`); the templates
only lay the values out, so the site, the PDF and the tests read the same text.
"""

from __future__ import annotations

__all__ = ["build_site"]

import re
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from bridgescore.core.pairs.event import FieldRanking, PairsEvent, PairStanding
from bridgescore.core.pairs.fields import PairId, partnership
from bridgescore.core.pairs.rules import PairsMethod
from bridgescore.core.pairs.scored import ScoredBoard, ScoredLine
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.seats import Side
from bridgescore.render.html.analysis import par_difference
from bridgescore.render.html.diagram import diagram
from bridgescore.render.html.links import PairLink, board_anchor, pair_slugs
from bridgescore.render.html.symbols import Symbolic
from bridgescore.render.html.views import (
    BoardPage,
    CardRow,
    EventHeader,
    RankingRow,
    RankingView,
    ScoreCard,
    SiteModel,
    TravellerRow,
    TravellerView,
)
from bridgescore.render.text import (
    field_title,
    figures,
    method_detail,
    points,
    result_cells,
)


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
        for mark, value in (("top", best), ("bottom", worst)):
            found = [index for index, v in zip(compared, values, strict=True) if v == value]
            if len(found) == 1:
                marks[found[0], side] = mark
    return marks


class _Builder:
    """Builds the site model of one event (pair links, marks) in one pass over its boards."""

    def __init__(self, event: PairsEvent) -> None:
        self.event = event
        # each field's entries, made once (a ranking in columns makes an entry each time)
        self.fields = [(ranking, tuple(ranking.entries)) for ranking in event.rankings]
        pairs = [s.pair for _, entries in self.fields for s in entries]
        self.slugs = pair_slugs(pairs)
        self.names = {s.pair: s.names for _, entries in self.fields for s in entries}
        self.marks = {(b.board, b.section): _marks(b) for b in event.boards}
        self.standings: dict[PairId, RankingRow] = {}
        self.links: dict[PairId, PairLink] = {}
        self.cells: dict[tuple[int, str | None, int], tuple[Symbolic, list[str]]] = {}
        # sections compared across the field: a pair is shown with its section (A 3)
        self.across = any(b.section is None for b in event.boards) and any(p.section for p in pairs)

    def par_of(self, board: int) -> int | None:
        """The board's par score for North-South, when its hand record has it."""
        analysis = self.event.session.double_dummy.get(board)
        return None if analysis is None or analysis.par is None else analysis.par.score

    def link(self, pair: PairId) -> PairLink:
        link = self.links.get(pair)
        if link is None:
            link = self.links[pair] = self._link(pair)
        return link

    def _link(self, pair: PairId) -> PairLink:
        players = partnership(pair.label)
        if players and pair not in self.slugs:  # an individual's partnership: North's card
            north = PairId(players[0], None, pair.section)
            return PairLink(pair.label, None, self.slugs[north], None)
        direction = pair.direction.value if pair.direction is not None else None
        label = f"{pair.section} {pair.label}" if self.across and pair.section else pair.label
        return PairLink(label, self.names.get(pair), self.slugs[pair], direction)

    def result(self, board: ScoredBoard, index: int) -> tuple[Symbolic, list[str]]:
        """Line ``index`` of the board: its contract, and :func:`result_cells` (made once; the
        traveller and both pairs' score cards show them)."""
        key = (board.board, board.section, index)
        found = self.cells.get(key)
        if found is None:
            cells = result_cells(board, index)
            played = board.lines[index].line.result
            contract = _symbolic(played.contract) if played else Symbolic(cells[0])
            found = self.cells[key] = (contract, cells)
        return found

    def header(self) -> EventHeader:
        event = self.event
        info = event.session.info
        title = info.title or "Pairs event"
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

    def rankings(self) -> tuple[RankingView, ...]:
        return tuple(self.ranking(ranking, entries) for ranking, entries in self.fields)

    def ranking(self, ranking: FieldRanking, entries: Sequence[PairStanding]) -> RankingView:
        anchor = "ranking-" + "-".join(
            part.lower() for part in (ranking.section or "", ranking.field) if part
        )
        scores = figures(e.score for e in entries)
        maxima = figures(e.max for e in entries)
        scaled = figures(e.scaled for e in entries)
        rows = tuple(
            RankingRow(
                e.rank_text,
                self.link(e.pair),
                scores[i],
                maxima[i],
                "" if e.percent is None else f"{float(e.percent):.2f}",
                scaled[i],
                e.boards,
            )
            for i, e in enumerate(entries)
        )
        for entry, row in zip(entries, rows, strict=True):
            self.standings[entry.pair] = row
        return RankingView(
            field_title(ranking),
            re.sub(r"[^a-z0-9-]+", "_", anchor),
            rows,
            self.event.rules.method is PairsMethod.MP,
            len({e.boards for e in entries}) > 1,
        )

    def traveller(self, board: ScoredBoard) -> TravellerView:
        marks = self.marks[board.board, board.section]
        notes = []
        if board.top is not None:
            notes.append(f"Top {points(board.top)}")
        if board.datum is not None:
            notes.append(f"Datum {board.datum:+d}")
        order = sorted(range(len(board.lines)), key=lambda i: _score_order(board.lines[i]))
        shown = figures(
            [board.lines[i].ns_points for i in order] + [board.lines[i].ew_points for i in order]
        )
        par = self.par_of(board.board)
        rows = []
        for row, index in enumerate(order):
            scored = board.lines[index]
            symbolic, (_, declarer, result, ns_score, ew_score) = self.result(board, index)
            rows.append(
                TravellerRow(
                    self.link(scored.ns_pair),
                    self.link(scored.ew_pair),
                    symbolic,
                    declarer,
                    Symbolic.card(scored.line.lead),
                    result,
                    ns_score,
                    ew_score,
                    shown[row],
                    shown[len(order) + row],
                    marks.get((index, Side.NS), ""),
                    marks.get((index, Side.EW), ""),
                    _against(scored.line.ns_score, par),
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
            any(line.line.lead for line in board.lines),
            par is not None,
        )

    def boards(self) -> tuple[BoardPage, ...]:
        by_number: dict[int, list[ScoredBoard]] = {}
        for board in self.event.boards:
            by_number.setdefault(board.board, []).append(board)
        numbers = sorted(by_number)
        deals = self.event.session.deals
        analyses = self.event.session.double_dummy
        pages = []
        for i, number in enumerate(numbers):
            travellers = tuple(self.traveller(b) for b in by_number[number])
            pages.append(
                BoardPage(
                    number,
                    diagram(number, deals.get(number), analyses.get(number)),
                    travellers,
                    numbers[i - 1] if i > 0 else None,
                    numbers[i + 1] if i + 1 < len(numbers) else None,
                )
            )
        return tuple(pages)

    def card_rows(self, played: list[tuple[ScoredBoard, int, Side]]) -> tuple[CardRow, ...]:
        """A pair's boards as its score card shows them, each column in one number format:
        the line ``index`` of each board, from the side the pair sat."""
        own = [board.lines[index].points(side) for board, index, side in played]
        shown = figures(own)
        percents = figures(
            None if not board.top else value / board.top * 100
            for (board, _, _), value in zip(played, own, strict=True)
        )
        rows = []
        for (board, index, side), value, percent in zip(played, shown, percents, strict=True):
            scored = board.lines[index]
            symbolic, (_, declarer, result, ns_text, ew_text) = self.result(board, index)
            par = self.par_of(board.board)
            own_par = None if par is None else par * side.sign
            own_score = None if scored.line.ns_score is None else scored.line.ns_score * side.sign
            rows.append(
                CardRow(
                    board.board,
                    board_anchor(board.board, board.section),
                    side.value,
                    self.link(scored.pair(side.opponent)),
                    symbolic,
                    declarer,
                    Symbolic.card(scored.line.lead),
                    result,
                    _own_score(scored, side, ns_text, ew_text),
                    value,
                    percent,
                    self.marks[board.board, board.section].get((index, side), ""),
                    "" if own_par is None else points(own_par),
                    _against(own_score, own_par),
                )
            )
        return tuple(rows)

    def cards(self) -> tuple[ScoreCard, ...]:
        """Every pair's score card: one pass over the boards, each line for both its pairs."""
        played: dict[PairId, list[tuple[ScoredBoard, int, Side]]] = {}
        for board in self.event.boards:
            for index, scored in enumerate(board.lines):
                for side in Side:
                    pair = scored.pair(side)
                    played.setdefault(pair, []).append((board, index, side))
                    for player in partnership(pair.label) or ():  # an individual's players
                        played.setdefault(PairId(player, None, pair.section), []).append(
                            (board, index, side)
                        )
        cards = []
        for ranking, entries in self.fields:
            ordered = sorted(entries, key=lambda e: e.pair.sort_key())
            for i, entry in enumerate(ordered):
                boards = played.get(entry.pair, [])
                rows = self.card_rows(boards)
                cards.append(
                    ScoreCard(
                        self.link(entry.pair),
                        field_title(ranking),
                        self.standings[entry.pair],
                        rows,
                        self.link(ordered[i - 1].pair) if i > 0 else None,
                        self.link(ordered[i + 1].pair) if i + 1 < len(ordered) else None,
                        any(board.lines[index].line.lead for board, index, _ in boards),
                        any(row.par for row in rows),
                    )
                )
        return tuple(cards)


def _score_order(scored: ScoredLine) -> tuple[bool, int, Fraction | int]:
    """Best NS score first; lines without one (adjusted) last, best NS points first."""
    score = scored.line.ns_score
    if score is None:
        return (True, 0, -scored.ns_points)
    return (False, -score, 0)


@cache
def _symbolic(contract: Contract) -> Symbolic:
    return Symbolic.contract(contract)


def _own_score(scored: ScoredLine, side: Side, ns_text: str, ew_text: str) -> str:
    """The table score for the pair's side: ``+420``, ``-100``, ``0``, or ``Ave+``."""
    score = scored.line.ns_score
    if score is None:
        return ns_text if side is Side.NS else ew_text
    own = score * side.sign
    return f"{own:+d}" if own else "0"


def _against(score: int | None, par: int | None) -> str:
    """A table score against par (from the same side); empty without either."""
    return "" if score is None or par is None else par_difference(score, par)


def build_site(event: PairsEvent, *, boards: bool = True, cards: bool = True) -> SiteModel:
    """The site model of a scored pairs event; without its board pages (``boards=False``) or
    its score cards (``cards=False``) for the pages that do not show them."""
    builder = _Builder(event)
    return SiteModel(
        builder.header(),
        builder.rankings(),
        tuple(sorted({board.board for board in event.boards})),
        builder.boards() if boards else (),
        builder.cards() if cards else (),
    )
