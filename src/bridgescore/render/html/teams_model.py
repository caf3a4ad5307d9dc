"""What the results pages of a teams event show: standings, cross table and match sheets.

Built from a :class:`TeamsEvent` and its :class:`Standings`, with the figures in the words of
:mod:`bridgescore.render.text` (as the terminal tables show them) and contracts as
:class:`Symbolic` so the pages colour the red suits.
"""

from __future__ import annotations

__all__ = ["CrossCell", "MatchRow", "MatchSheet", "StandingRow", "TeamLink", "TeamsSite"]

from collections.abc import Mapping
from dataclasses import dataclass

from bridgescore.core.table.traveller import EventInfo, Session, TravellerLine
from bridgescore.core.teams.event import PlayedMatch, TeamsEvent
from bridgescore.core.teams.match import AWAY, HOME
from bridgescore.core.teams.standings import Standings
from bridgescore.render.html.links import match_slug, unique_slugs
from bridgescore.render.html.symbols import Symbolic
from bridgescore.render.html.teams_boards import TeamsBoardPage, board_pages
from bridgescore.render.html.views import EventHeader
from bridgescore.render.text import (
    cross_cells,
    event_figures,
    figures,
    match_figures,
    match_totals,
)


@dataclass(frozen=True, slots=True)
class TeamLink:
    number: str
    name: str
    players: str | None = None

    @property
    def shown(self) -> str:
        """``3 Carrick``, or ``3`` for a team with no name."""
        return self.number if self.name == self.number else f"{self.number} {self.name}"


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One board of a match: both tables (home team NS at table 1), the net, the points won."""

    board: int
    contract1: Symbolic
    declarer1: str
    result1: str
    score1: str
    contract2: Symbolic
    declarer2: str
    result2: str
    score2: str
    net: str
    home: str
    away: str


@dataclass(frozen=True, slots=True)
class MatchSheet:
    slug: str
    round: int | None
    home: TeamLink
    away: TeamLink
    totals: str
    rows: tuple[MatchRow, ...]
    home_total: str
    away_total: str
    """The points each team won over the boards (the foot of its column)."""


@dataclass(frozen=True, slots=True)
class StandingRow:
    rank: str
    team: TeamLink
    total: str
    imps_for: str
    imps_against: str
    byes: str
    tie_break: str


@dataclass(frozen=True, slots=True)
class CrossCell:
    """A team's points against one opponent, and the sheets of their matches."""

    text: str
    sheets: tuple[str, ...]
    own: bool


@dataclass(frozen=True, slots=True)
class TeamsSite:
    header: EventHeader
    standings: tuple[StandingRow, ...]
    tie_breaks: bool
    byes: bool
    order: tuple[TeamLink, ...]
    cross: tuple[tuple[TeamLink, tuple[CrossCell, ...], str], ...]
    sheets: tuple[MatchSheet, ...]
    bye_notes: tuple[str, ...]
    boards: tuple[TeamsBoardPage, ...] = ()
    """A page for each board of the hand record, when one was given."""

    @property
    def numbers(self) -> tuple[int, ...]:
        """The numbers of the boards that have a page, in order: the index links them."""
        return tuple(page.number for page in self.boards)


def _table(line: TravellerLine | None, score: str) -> tuple[Symbolic, str, str, str]:
    if line is None:
        return Symbolic(""), "", "", ""
    if line.adjusted is not None or line.result is None:
        return Symbolic(str(line.adjusted or "")), "", "", score
    result = line.result
    declarer = "" if result.declarer is None else str(result.declarer)
    return Symbolic.contract(result.contract), declarer, result.result_text, score


def _sheet(
    played: PlayedMatch,
    table: Standings,
    slug: str,
    links: Mapping[str, TeamLink],
) -> MatchSheet:
    match = played.match
    shown = match_figures(played)
    rows = []
    for i, board in enumerate(match.boards):
        rows.append(
            MatchRow(
                board.number,
                *_table(played.table1.get(board.number), shown.score1[i]),
                *_table(played.table2.get(board.number), shown.score2[i]),
                shown.net[i],
                shown.home[i],
                shown.away[i],
            )
        )
    won = figures([match.points_won(HOME, match.method), match.points_won(AWAY, match.method)])
    return MatchSheet(
        slug,
        match.round,
        links[match.home],
        links[match.away],
        match_totals(played.match, table.conditions.scale),
        tuple(rows),
        won[0],
        won[1],
    )


def build_teams_site(
    event: TeamsEvent,
    table: Standings,
    info: EventInfo | None = None,
    hands: Session | None = None,
) -> TeamsSite:
    """The site model of a teams event ranked by ``table``: the event's details from ``info``,
    and with ``hands`` (a session holding the hand record: deals and their analysis) a page for
    each of its boards."""
    info = info or EventInfo()
    scale = table.conditions.scale
    links = {t.number: TeamLink(t.number, t.label, t.players) for t in event.teams}
    for row in table.rows:
        links.setdefault(row.team, TeamLink(row.team, event.label(row.team)))
    slugs = unique_slugs([match_slug(p) for p in event.played])
    sheets = tuple(_sheet(p, table, s, links) for p, s in zip(event.played, slugs, strict=True))
    between: dict[frozenset[str], list[str]] = {}
    for played, slug in zip(event.played, slugs, strict=True):
        between.setdefault(frozenset((played.match.home, played.match.away)), []).append(slug)
    order = [row.team for row in table.rows]
    texts, cross_totals = cross_cells(table)
    cross = []
    for row, total in zip(table.rows, cross_totals, strict=True):
        cells = []
        for team in order:
            pair = frozenset((row.team, team))
            own = team == row.team
            cells.append(CrossCell(texts[row.team, team], tuple(between.get(pair, [])), own))
        cross.append((links[row.team], tuple(cells), total))
    totals = event_figures((row.total for row in table.rows), scale)
    won = figures(row.imps_for for row in table.rows)
    lost = figures(row.imps_against for row in table.rows)
    standings = tuple(
        StandingRow(
            row.rank_text,
            links[row.team],
            totals[i],
            won[i],
            lost[i],
            ", ".join(str(r) for r in row.bye_rounds),
            "tie stands" if row.tied else row.decided_by or "",
        )
        for i, row in enumerate(table.rows)
    )
    rounds = event.rounds
    scoring = event.method.unit + ("" if scale is None else f", VPs on the {scale.name} scale")
    header = EventHeader(
        info.title or "Teams event",
        info.club,
        info.date,
        info.venue,
        f"{len(event.teams)} teams, {len(rounds)} rounds, {len(sheets)} matches",
        scoring,
        None,
        table.unit,
        False,
    )
    return TeamsSite(
        header,
        standings,
        any(row.decided_by or row.tied for row in table.rows),
        any(row.bye_rounds for row in table.rows),
        tuple(links[t] for t in order),
        tuple(cross),
        sheets,
        tuple(f"Round {bye.round}: bye for {event.label(bye.team)}" for bye in event.byes),
        () if hands is None else board_pages(event, hands.deals, hands.double_dummy),
    )
