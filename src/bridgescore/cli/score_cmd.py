"""``bridgescore score FILE`` and ``bridgescore explain FILE``: a pairs session from its travellers."""

from __future__ import annotations

from typing import Any

import click

from bridgescore.cli.options import (
    WholeNumber,
    emit_json,
    info_options,
    output_options,
    output_printer,
)
from bridgescore.cli.pairs_options import scored_event, scoring_options
from bridgescore.core.table.traveller import EventInfo

_FILE = click.Path(exists=True, dir_okay=False)


@click.command()
@click.argument("file", type=_FILE)
@scoring_options
@click.option(
    "--travellers", is_flag=True, help="Print every board's traveller before the ranking."
)
@info_options
@output_options
def score(file: str, travellers: bool, output: str, info: EventInfo | None, **options: Any) -> None:
    """Score a pairs session from its results and rank the pairs.

    FILE is a results file: a traveller CSV (board,ns,ew,contract,declarer,result and more
    columns), a PBN, USEBIO or BBO LIN file, or a Bridgemate BWS, read by its content and
    extension.
    """
    event = scored_event(file, options, columnar=True, info=info)
    if output == "json":
        emit_json(event.to_dict())
        return
    from bridgescore.render.terminal.pairs import print_event

    print_event(event, output_printer(output), travellers=travellers)


@click.command()
@click.argument("file", type=_FILE)
@click.option(
    "--board", "board_number", type=WholeNumber(least=1), required=True, help="The board."
)
@click.option("--pair", required=True, help="The pair, as on the traveller (3, 3NS, 3 EW).")
@scoring_options
def explain(file: str, board_number: int, pair: str, **options: Any) -> None:
    """Show how a pair's score on a board was reached."""
    from bridgescore.core.pairs.explain import explain as explain_score

    event = scored_event(file, options)
    click.echo(explain_score(event, board_number, pair).text)
