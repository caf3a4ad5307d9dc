"""Victory Point scales on the terminal: one result, a whole table, the list of scales."""

from __future__ import annotations

__all__ = ["scales_table", "vp_line", "vp_table"]

from collections.abc import Mapping, Sequence
from fractions import Fraction

from bridgescore.core.scoring.vp import VpRow, VpScale
from bridgescore.render.terminal.table import Table
from bridgescore.render.text import vp_figures


def _margin_text(margin: Fraction) -> str:
    return str(margin.numerator) if margin.denominator == 1 else f"{float(margin):g}"


def vp_line(scale: VpScale, margin: Fraction, boards: int, vps: tuple[Fraction, Fraction]) -> str:
    """``16 boards, 10 IMPs on the wbf scale: 12.80 - 7.20`` (the VPs of the team with that
    margin first: ``-10 IMPs ...: 7.20 - 12.80``)."""
    winner, loser = vp_figures(vps, scale.places)
    unit = "board" if boards == 1 else "boards"
    imps = "IMP" if abs(margin) == 1 else "IMPs"
    return f"{boards} {unit}, {_margin_text(margin)} {imps} on the {scale.name} scale: {winner} - {loser}"


def vp_table(scale: VpScale, boards: int, rows: Sequence[VpRow]) -> Table:
    """The whole scale for this many boards, one row per whole margin."""
    unit = "board" if boards == 1 else "boards"
    title = f"{scale.name} scale, {boards} {unit}"
    table = Table(title)
    table.add_column("IMPs", justify="right")
    table.add_column("Winner", justify="right")
    table.add_column("Loser", justify="right")
    winners = vp_figures((row.winner for row in rows), scale.places)
    losers = vp_figures((row.loser for row in rows), scale.places)
    for index, row in enumerate(rows):
        margin = f"{row.margin}+" if index == len(rows) - 1 else str(row.margin)
        table.add_row(margin, winners[index], losers[index])
    return table


def scales_table(scales: Mapping[str, str]) -> Table:
    """The scales ``--vp`` knows by name."""
    table = Table("VP scales")
    table.add_column("Name")
    table.add_column("Description")
    for name, description in scales.items():
        table.add_row(name, description)
    return table
