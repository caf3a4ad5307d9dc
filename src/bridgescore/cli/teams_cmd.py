"""``bridgescore teams FILE`` (matches, cross table, standings) and ``bridgescore swiss-draw
FILE --round N`` (the next round of a Swiss) from a teams event's results file: a traveller CSV,
or any other format bridgescore reads (a USEBIO teams file, say, whose teams it lists)."""

from __future__ import annotations

import click

from bridgescore.cli.options import WholeNumber, emit_json, output_options, output_printer
from bridgescore.cli.teams_options import draw_options, event_options
from bridgescore.core.teams.event import TeamsEvent
from bridgescore.core.teams.scored import ScoredTeams
from bridgescore.core.teams.standings import Conditions


@click.command()
@event_options
@output_options
def teams(event: TeamsEvent, conditions: Conditions, output: str) -> None:
    """Score a teams event in FILE: each match, the cross table and the standings.

    FILE is a traveller CSV whose ns and ew columns hold team numbers and whose round column
    says the round (in each round two teams play the same boards at two tables), or a results
    file in another format, such as a USEBIO teams file.
    """
    from bridgescore.render.terminal.teams import print_event

    table = event.standings(conditions)
    if output == "json":
        emit_json(ScoredTeams(event, table).to_dict())
    else:
        print_event(event, table, output_printer(output))


@click.command("swiss-draw")
@click.option(
    "--round",
    "round_number",
    type=WholeNumber(),
    help="The round to draw (default: the one after the last round in FILE).",
)
@draw_options
@output_options
def swiss_draw(
    event: TeamsEvent, conditions: Conditions, round_number: int | None, output: str
) -> None:
    """Propose round N of a Swiss in FILE from the results of the rounds before it.

    The teams are ranked (tie-breaks applied) and paired top-down with no repeat meetings; the
    bye goes to the lowest-ranked team that has not had one. Every deviation is explained.
    Round 1 is drawn from the teams file alone (FILE left out, or with no results yet): the
    teams in its order, first v second, third v fourth, ..., the bye to the last.
    """
    from bridgescore.render.terminal.teams import draw_json, print_draw

    draw = event.draw(conditions, round_number)
    table = event.before(draw.round).standings(conditions)
    if output == "json":
        emit_json(draw_json(event, draw, table))
    else:
        print_draw(event, draw, table, output_printer(output))
