"""The board pages of a teams event whose hand record is given: each board's diagram and
analysis, and the result at every table it was played at, with each score against par.

>>> from bridgescore.core.teams.match import TeamsMatch
>>> from bridgescore.core.teams.event import PlayedMatch, TeamsEvent, Team
>>> from bridgescore.core.table.traveller import TravellerLine
>>> from bridgescore.core.table.result import Result
>>> line = TravellerLine.played(1, "1", "2", Result.parse("4SN="))
>>> match = TeamsMatch.from_tables("1", "2", {1: 420}, {1: -420})
>>> event = TeamsEvent((Team("1", "Lions"), Team("2", "Tigers")), (PlayedMatch(match, {1: line}, {}),))
>>> (page,) = board_pages(event, {1: None}, {})
>>> page.number, [(r.match, r.room, r.contract.text, r.ns_score) for r in page.rows]
(1, [('Lions v Tigers', 'Open', '4♠', '420')])
"""

from __future__ import annotations

__all__ = ["TeamsBoardPage", "TeamsBoardRow", "board_pages"]

from collections.abc import Mapping
from dataclasses import dataclass

from bridgescore.core.table.deal import Deal
from bridgescore.core.table.par import DoubleDummy
from bridgescore.core.table.traveller import TravellerLine
from bridgescore.core.teams.event import TeamsEvent
from bridgescore.render.html.analysis import par_difference
from bridgescore.render.html.diagram import Diagram, diagram
from bridgescore.render.html.links import match_slug
from bridgescore.render.html.symbols import Symbolic
from bridgescore.render.text import figures, score_value


@dataclass(frozen=True, slots=True)
class TeamsBoardRow:
    """A board at one table: the match (its sheet's slug), the room (``Open``: the home team
    NS), the contract, declarer, result, NS score and the score against par."""

    slug: str
    match: str
    room: str
    contract: Symbolic
    declarer: str
    result: str
    ns_score: str
    vs_par: str


@dataclass(frozen=True, slots=True)
class TeamsBoardPage:
    number: int
    diagram: Diagram
    rows: tuple[TeamsBoardRow, ...]
    par: bool
    previous: int | None
    next: int | None


def _row(
    slug: str, title: str, room: str, line: TravellerLine, shown: str, par: int | None
) -> TeamsBoardRow:
    result = line.result
    if line.adjusted is not None or result is None:
        contract, declarer, relative = Symbolic(str(line.adjusted or "")), "", ""
    else:
        contract = Symbolic.contract(result.contract)
        declarer = "" if result.declarer is None else str(result.declarer)
        relative = result.result_text
    score = line.ns_score
    vs = "" if score is None or par is None else par_difference(score, par)
    return TeamsBoardRow(slug, title, room, contract, declarer, relative, shown, vs)


def board_pages(
    event: TeamsEvent,
    deals: Mapping[int, Deal | None],
    analyses: Mapping[int, DoubleDummy],
) -> tuple[TeamsBoardPage, ...]:
    """A page for each board of the hand record, in board order."""
    numbers = sorted(deals)
    pages = []
    for index, number in enumerate(numbers):
        analysis = analyses.get(number)
        par = None if analysis is None or analysis.par is None else analysis.par.score
        tables = []
        for played in event.played:
            match = played.match
            title = f"{event.label(match.home)} v {event.label(match.away)}"
            if match.round is not None:
                title = f"Round {match.round}: {title}"
            for room, lines in (("Open", played.table1), ("Closed", played.table2)):
                line = lines.get(number)
                if line is not None:
                    tables.append((match_slug(played), title, room, line))
        shown = figures(score_value(line) for *_, line in tables)  # one format for the column
        rows = [_row(*table, score, par) for table, score in zip(tables, shown, strict=True)]
        pages.append(
            TeamsBoardPage(
                number,
                diagram(number, deals[number], analysis),
                tuple(rows),
                par is not None,
                numbers[index - 1] if index else None,
                numbers[index + 1] if index + 1 < len(numbers) else None,
            )
        )
    return tuple(pages)
