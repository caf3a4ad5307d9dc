"""A teams event on the terminal (each match, the cross table, the standings, the Swiss draw)
and the Swiss draw as JSON (the event's JSON is :meth:`ScoredTeams.to_dict()
<bridgescore.core.teams.scored.ScoredTeams.to_dict>`)."""

from __future__ import annotations

__all__ = [
    "cross_table",
    "draw_json",
    "match_table",
    "numbered",
    "print_draw",
    "print_event",
    "result_text",
    "standings_table",
]

from typing import Any

from bridgescore.core.scoring.vp import VpScale
from bridgescore.core.table.traveller import TravellerLine
from bridgescore.core.teams.event import PlayedMatch, TeamsEvent
from bridgescore.core.teams.standings import Standings
from bridgescore.core.teams.swiss import Draw
from bridgescore.core.teams.tiebreaks import TIE_BREAK_ORDERS
from bridgescore.render.terminal.output import Printer
from bridgescore.render.terminal.table import Table
from bridgescore.render.text import (
    cross_cells,
    event_figures,
    figures,
    match_figures,
    match_totals,
)


def numbered(event: TeamsEvent, team: str) -> str:
    """``3 Lions`` when team 3 has a name, else ``3``."""
    label = event.label(team)
    return team if label == team else f"{team} {label}"


def result_text(line: TravellerLine | None) -> str:
    """What was played: ``4♠ N =``, ``passed out``, ``A60/40``, ``60% 4SN= 40% 4SN-1``."""
    if line is None:
        return ""
    if line.adjusted is not None:
        return str(line.adjusted)
    result = line.result
    if result is None:
        return ""
    if result.contract.is_pass:
        return "passed out"
    declarer = "" if result.declarer is None else f" {result.declarer}"
    return f"{result.contract.symbol}{declarer} {result.result_text}"


def match_table(event: TeamsEvent, played: PlayedMatch, scale: VpScale | None) -> Table:
    """One match board by board: both tables' results, the home team's net, the points won."""
    match = played.match
    home, away = event.label(match.home), event.label(match.away)
    table = Table(f"Round {match.round}: {home} v {away} ({match_totals(match, scale)})")
    table.add_column("Board", justify="right")
    table.add_column(f"{home} NS")
    table.add_column("Score", justify="right")
    table.add_column(f"{away} NS")
    table.add_column("Score", justify="right")
    table.add_column("Net", justify="right")
    table.add_column(home, justify="right")
    table.add_column(away, justify="right")
    shown = match_figures(played)
    for i, board in enumerate(match.boards):
        table.add_row(
            str(board.number),
            result_text(played.table1.get(board.number)),
            shown.score1[i],
            result_text(played.table2.get(board.number)),
            shown.score2[i],
            shown.net[i],
            shown.home[i],
            shown.away[i],
        )
    return table


def cross_table(event: TeamsEvent, table: Standings) -> Table:
    """Each team's points against each opponent (VPs in a VP event), in ranking order; the
    columns are headed by the teams' numbers and names."""
    order = [row.team for row in table.rows]
    cells, totals = cross_cells(table)
    cross = Table(f"Cross table ({table.unit})")
    cross.add_column("Team")
    for team in order:
        cross.add_column(numbered(event, team), justify="right")
    cross.add_column("Total", justify="right")
    for row, total in zip(table.rows, totals, strict=True):
        cross.add_row(numbered(event, row.team), *(cells[row.team, t] for t in order), total)
    return cross


def standings_table(event: TeamsEvent, table: Standings) -> Table:
    """The ranking: rank (``3=`` when tied), team, total, IMPs won and lost, byes, tie-breaks."""
    result = Table("Standings")
    result.add_column("Rank", justify="right")
    result.add_column("Team")
    result.add_column(table.unit, justify="right")
    result.add_column("IMPs won", justify="right")
    result.add_column("IMPs lost", justify="right")
    byes = any(row.bye_rounds for row in table.rows)
    split = any(row.decided_by or row.tied for row in table.rows)
    if byes:
        result.add_column("Byes in round", justify="right")
    if split:
        result.add_column("Tie-break")
    totals = event_figures((row.total for row in table.rows), table.conditions.scale)
    won = figures(row.imps_for for row in table.rows)
    lost = figures(row.imps_against for row in table.rows)
    for i, row in enumerate(table.rows):
        cells = [row.rank_text, numbered(event, row.team), totals[i], won[i], lost[i]]
        if byes:
            cells.append(", ".join(str(r) for r in row.bye_rounds))
        if split:
            cells.append("tie stands" if row.tied else row.decided_by or "")
        result.add_row(*cells)
    return result


def _tie_break_text(steps: tuple[str, ...]) -> str:
    for name, order in TIE_BREAK_ORDERS.items():
        if order == steps:
            return f"{', '.join(steps)} ({name})" if steps else "none"
    return ", ".join(steps)


def _withdrawal(event: TeamsEvent, team: str, last: int) -> str:
    """``Delta after round 2 (not ranked; no bye after it)``."""
    if not last:
        return f"{event.label(team)} before round 1 (played no match; not ranked, no bye)"
    return f"{event.label(team)} after round {last} (not ranked; no bye after it)"


def print_event(event: TeamsEvent, table: Standings, console: Printer) -> None:
    """Every match, the cross table and the standings."""
    scale = table.conditions.scale
    for played in event.played:
        console.print(match_table(event, played, scale))
        console.print()
    for bye in event.byes:
        console.print(f"Round {bye.round}: bye for {event.label(bye.team)}")
    for team, last in event.withdrawals():
        console.print(f"Withdrawn: {_withdrawal(event, team, last)}")
    if event.byes or event.withdrawn:
        console.print()
    console.print(cross_table(event, table))
    console.print()
    console.print(standings_table(event, table))
    conditions = table.conditions
    vps = "" if scale is None else f", turned into VPs on the {scale.name} scale"
    bye_score = f"; bye score {conditions.bye}" if event.byes else ""
    console.print(f"Scored in {event.method.unit}{vps}{bye_score}.")
    console.print(f"Tie-breaks: {_tie_break_text(conditions.tie_breaks)}.")


def draw_json(event: TeamsEvent, draw: Draw, table: Standings) -> dict[str, Any]:
    """The proposed round: the ranking it was drawn from, its tables, the bye and the notes."""
    return {
        "round": draw.round,
        "ranking": [event.label(team) for team in table.order()],
        "tables": [
            {"table": t.number, "home": event.label(t.home), "away": event.label(t.away)}
            for t in draw.tables
        ],
        "bye": None if draw.bye is None else event.label(draw.bye),
        "withdrawn": [event.label(row.team) for row in table.rows if row.withdrawn],
        "notes": list(draw.notes),
    }


def print_draw(event: TeamsEvent, draw: Draw, table: Standings, console: Printer) -> None:
    """The ranking the draw comes from, the draw, the bye and why it is not top-down."""
    console.print(_ranking_table(event, draw, table))
    console.print()
    proposed = Table(f"Round {draw.round} draw")
    proposed.add_column("Table", justify="right")
    proposed.add_column("Home (NS at table 1)")
    proposed.add_column("Away (NS at table 2)")
    for pairing in draw.tables:
        proposed.add_row(
            str(pairing.number), numbered(event, pairing.home), numbered(event, pairing.away)
        )
    console.print(proposed)
    if draw.bye is not None:
        console.print(f"Bye: {numbered(event, draw.bye)}")
    gone = [numbered(event, row.team) for row in table.rows if row.withdrawn]
    if gone:
        console.print(f"Withdrawn, not drawn: {', '.join(gone)}")
    for note in draw.notes:
        console.print(f"Note: {note}")
    if draw.round == 1:
        console.print(
            "Round 1: the teams in their seeding order, first v second, third v fourth, …"
        )
    elif not draw.notes:
        console.print("Straight top-down: no team meets a team it has met before.")


def _ranking_table(event: TeamsEvent, draw: Draw, table: Standings) -> Table:
    """The order the draw comes from: the seeding (the teams file's order) for round 1, else
    the ranking after the round before."""
    if draw.round == 1:
        seeding = Table("Seeding")
        seeding.add_column("Seed", justify="right")
        seeding.add_column("Team")
        for seed, team in enumerate(table.order(), start=1):
            seeding.add_row(str(seed), numbered(event, team))
        return seeding
    ranking = Table(f"Ranking after round {draw.round - 1}")
    ranking.add_column("Rank", justify="right")
    ranking.add_column("Team")
    ranking.add_column(table.unit, justify="right")
    rows = [row for row in table.rows if not row.withdrawn]
    totals = event_figures((row.total for row in rows), table.conditions.scale)
    for row, total in zip(rows, totals, strict=True):
        ranking.add_row(row.rank_text, numbered(event, row.team), total)
    return ranking
