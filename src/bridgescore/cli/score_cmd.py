"""``bridgescore score FILE`` and ``bridgescore explain FILE``: a pairs session from its travellers."""

from __future__ import annotations

from typing import Any

import click

from bridgescore.cli.options import emit_json, json_option
from bridgescore.cli.pairs_options import details_options, scored_event, scoring_options

_FILE = click.Path(exists=True, dir_okay=False)


@click.command()
@click.argument("file", type=_FILE)
@scoring_options
@details_options
@click.option(
    "--travellers", is_flag=True, help="Print every board's traveller before the ranking."
)
@json_option
def score(file: str, travellers: bool, as_json: bool, **options: Any) -> None:
    """Score a pairs session from its travellers and rank the pairs.

    FILE is a traveller CSV: board,ns,ew,contract,declarer,result[,lead,score,section,round,table].
    """
    event = scored_event(file, options, columnar=not (travellers or as_json))
    if as_json:
        emit_json(event.to_dict())
        return
    from bridgescore.render.terminal.console import console
    from bridgescore.render.terminal.pairs import print_event

    if not event.boards:  # the columnar path: tens of thousands of pairs
        from bridgescore.render.terminal.long import LongTableConsole

        print_event(event, LongTableConsole(highlight=False, soft_wrap=False, markup=False))
        return
    print_event(event, console(), travellers=travellers)


@click.command()
@click.argument("file", type=_FILE)
@click.option(
    "--board", "board_number", type=click.IntRange(min=1), required=True, help="The board."
)
@click.option("--pair", required=True, help="The pair, as on the traveller (3, 3NS, 3 EW).")
@scoring_options
def explain(file: str, board_number: int, pair: str, **options: Any) -> None:
    """Show how a pair's score on a board was reached."""
    from bridgescore.core.pairs.explain import explain as explain_score

    event = scored_event(file, options)
    click.echo(explain_score(event, board_number, pair).text)
