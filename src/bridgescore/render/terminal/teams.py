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

from rich.console import Console
from rich.table import Table

from bridgescore.core.scoring.vp import VpScale
from bridgescore.core.table.traveller import TravellerLine
from bridgescore.core.teams.event import PlayedMatch, TeamsEvent
from bridgescore.core.teams.standings import Standings
from bridgescore.core.teams.swiss import Draw
from bridgescore.core.teams.tiebreaks import TIE_BREAK_ORDERS
from bridgescore.render.text import (
    event_points,
    match_totals,
    net_text,
    points,
    score_text,
    won_text,
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
    title = f"Round {match.round}: {home} v {away} ({match_totals(match, scale)})"
    table = Table(title=title, title_justify="left")
    table.add_column("Board", justify="right")
    table.add_column(f"{home} NS")
    table.add_column("Score", justify="right")
    table.add_column(f"{away} NS")
    table.add_column("Score", justify="right")
    table.add_column("Net", justify="right")
    table.add_column(home, justify="right")
    table.add_column(away, justify="right")
    for board in match.boards:
        first, second = played.table1.get(board.number), played.table2.get(board.number)
        won = match.board_points(board)
        table.add_row(
            str(board.number),
            result_text(first),
            score_text(first),
            result_text(second),
            score_text(second),
            net_text(board),
            won_text(won[0], match.method),
            won_text(won[1], match.method),
        )
    return table


def cross_table(event: TeamsEvent, table: Standings) -> Table:
    """Each team's points against each opponent (VPs in a VP event), in ranking order."""
    scale = table.conditions.scale
    order = [row.team for row in table.rows]
    cross = Table(title=f"Cross table ({table.unit})", title_justify="left")
    cross.add_column("Team")
    for team in order:
        cross.add_column(team, justify="right")
    cross.add_column("Total", justify="right")
    for row in table.rows:
        cells = []
        for team in order:
            met = [m.points for m in row.matches if m.opponent == team]
            shown = " / ".join(event_points(p, scale) for p in met)
            cells.append("—" if team == row.team else shown)
        cross.add_row(numbered(event, row.team), *cells, event_points(row.total, scale))
    return cross


def standings_table(event: TeamsEvent, table: Standings) -> Table:
    """The ranking: rank (``3=`` when tied), team, total, IMPs won and lost, byes, tie-breaks."""
    scale = table.conditions.scale
    result = Table(title="Standings", title_justify="left")
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
    for row in table.rows:
        cells = [
            row.rank_text,
            numbered(event, row.team),
            event_points(row.total, scale),
            points(row.imps_for),
            points(row.imps_against),
        ]
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


def print_event(event: TeamsEvent, table: Standings, console: Console) -> None:
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
    console.print(f"Scored in {event.method.unit}{vps}; bye score {conditions.bye}.")
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


def print_draw(event: TeamsEvent, draw: Draw, table: Standings, console: Console) -> None:
    """The ranking the draw comes from, the draw, the bye and why it is not top-down."""
    console.print(_ranking_table(event, draw, table))
    console.print()
    proposed = Table(title=f"Round {draw.round} draw", title_justify="left")
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
        seeding = Table(title="Seeding", title_justify="left")
        seeding.add_column("Seed", justify="right")
        seeding.add_column("Team")
        for seed, team in enumerate(table.order(), start=1):
            seeding.add_row(str(seed), numbered(event, team))
        return seeding
    scale = table.conditions.scale
    title = f"Ranking after round {draw.round - 1}"
    ranking = Table(title=title, title_justify="left", min_width=len(title))
    ranking.add_column("Rank", justify="right")
    ranking.add_column("Team")
    ranking.add_column(table.unit, justify="right")
    for row in table.rows:
        if not row.withdrawn:
            ranking.add_row(
                row.rank_text, numbered(event, row.team), event_points(row.total, scale)
            )
    return ranking
