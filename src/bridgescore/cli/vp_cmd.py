"""``bridgescore vp``: Victory Points for an IMP margin, or a whole VP scale."""

from __future__ import annotations

from fractions import Fraction

import click

from bridgescore.cli.options import WholeNumber, emit_json, output_options, output_printer
from bridgescore.core.errors import NotationError, ScoringError
from bridgescore.core.numbers import POINT_DIGITS, json_number, parse_decimal


def _margin(text: str) -> Fraction:
    margin = parse_decimal(text.strip(), POINT_DIGITS, ratio=True)
    if margin is None:
        raise NotationError(text, "an IMP margin is a number such as 10, 10.5 or 21/2")
    return margin


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("margin", required=False)
@click.option(
    "--boards",
    type=WholeNumber(),
    help="Boards in the match (the WBF and ACBL scales depend on it).",
)
@click.option(
    "--vp",
    "scale_name",
    default="wbf",
    show_default=True,
    help="wbf, wbf-discrete, acbl, a named scale (see --scales) or the path of a CSV scale.",
)
@click.option("--table", "show_table", is_flag=True, help="Print the whole scale for --boards.")
@click.option("--scales", "list_scales", is_flag=True, help="List the scales --vp knows by name.")
@output_options
def vp(
    margin: str | None,
    boards: int | None,
    scale_name: str,
    show_table: bool,
    list_scales: bool,
    output: str,
) -> None:
    """Victory Points for a margin of MARGIN IMPs, e.g. vp 10 --boards 16: the VPs of the team
    with that margin, then its opponents' (vp -5 for a team that lost by 5 IMPs)."""
    from bridgescore.events.teams import vp_scale
    from bridgescore.formats.csv.vp_scales import named_scales
    from bridgescore.render.terminal.vp import scales_table, vp_line, vp_table

    if list_scales:
        scales = named_scales()
        if output == "json":
            emit_json({"scales": [{"name": n, "description": d} for n, d in scales.items()]})
            return
        output_printer(output).print(scales_table(scales))
        return
    if (margin is None) == (not show_table):
        raise ScoringError("give an IMP margin (vp 10 --boards 16) or --table, not both or neither")
    if boards is None:
        raise ScoringError("say how many boards the match has: --boards N")
    scale = vp_scale(scale_name)
    if show_table:
        rows = scale.table(boards)
        if output == "json":
            emit_json(
                {
                    "scale": scale.name,
                    "boards": boards,
                    "table": [
                        [r.margin, json_number(r.winner), json_number(r.loser)] for r in rows
                    ],
                }
            )
            return
        output_printer(output).print(vp_table(scale, boards, rows))
        return
    assert margin is not None
    value = _margin(margin)
    vps = scale.split(value, boards)
    if output == "json":
        winner, loser = sorted(vps, reverse=True)
        emit_json({"winner": json_number(winner), "loser": json_number(loser)})
        return
    output_printer(output).print(vp_line(scale, value, boards, vps))
