"""``bridgescore rubber FILE`` and ``bridgescore chicago FILE``: score sheets from a deal file."""

from __future__ import annotations

import click

from bridgescore.cli.options import emit_json, output_options, output_printer
from bridgescore.core.rubber.chicago import ChicagoRules, score_chicago
from bridgescore.core.rubber.rubber import score_rubber
from bridgescore.core.table.seats import Seat
from bridgescore.formats import deals

_FILE = click.Path(exists=True, dir_okay=False)


@click.command()
@click.argument("file", type=_FILE)
@click.option(
    "--partscore-bonus",
    type=click.Choice(["100", "50"]),
    default="100",
    show_default=True,
    help="Points for a partscore in the unfinished game of an unfinished rubber (50: older rule).",
)
@output_options
def rubber(file: str, partscore_bonus: str, output: str) -> None:
    """Score a rubber bridge session: the We/They pad, rubber by rubber, and the difference.

    FILE has one deal a line: 4S N 10, 3NTX E 7 honours=NS:150, 4SX N -2, pass.
    """
    sheet = score_rubber(deals.read(file), partscore_bonus=int(partscore_bonus))
    if output == "json":
        from bridgescore.render.terminal.rubber import rubber_json

        emit_json(rubber_json(sheet))
        return
    from bridgescore.render.terminal.rubber import print_rubber_sheet

    print_rubber_sheet(sheet, output_printer(output))


@click.command()
@click.argument("file", type=_FILE)
@click.option(
    "--non-dealer-vul",
    is_flag=True,
    help="Deals 2 and 3: the side not dealing is vulnerable (ACBL default: the dealer's side).",
)
@click.option("--honours", is_flag=True, help="Count honours (not counted by default).")
@click.option(
    "--duplicate-style",
    is_flag=True,
    help="Score every deal as duplicate board 1-4: Law 77 in full, no partscores carried.",
)
@click.option(
    "--first-dealer",
    default="N",
    show_default=True,
    metavar="SEAT",
    help="Who deals the first deal (N, E, S or W).",
)
@output_options
def chicago(
    file: str,
    non_dealer_vul: bool,
    honours: bool,
    duplicate_style: bool,
    first_dealer: str,
    output: str,
) -> None:
    """Score a Chicago (four-deal bridge) session, ACBL rules unless told otherwise.

    FILE has one deal a line: 4S N 10, 3NTX E 7 honours=NS:150, 4SX N -2, pass.
    """
    rules = ChicagoRules(
        dealer_vulnerable=not non_dealer_vul,
        honours=honours,
        duplicate_style=duplicate_style,
        first_dealer=Seat.parse(first_dealer),
    )
    sheet = score_chicago(deals.read(file), rules)
    if output == "json":
        from bridgescore.render.terminal.chicago import chicago_json

        emit_json(chicago_json(sheet))
        return
    from bridgescore.render.terminal.chicago import print_chicago_sheet

    print_chicago_sheet(sheet, output_printer(output))
