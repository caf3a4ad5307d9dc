"""Tables for a single contract's score and a board's dealer and vulnerability."""

from __future__ import annotations

__all__ = ["PART_LABELS", "breakdown_table"]

from bridgescore.core.table.law77 import ScoreBreakdown
from bridgescore.render.terminal.table import Table

PART_LABELS = {
    "tricks": "Trick score (tricks bid and made)",
    "overtricks": "Overtricks",
    "insult": "Making a doubled/redoubled contract",
    "game": "Game bonus",
    "partscore": "Partscore bonus",
    "slam": "Slam bonus",
    "undertricks": "Undertricks",
}


def breakdown_table(title: str, breakdown: ScoreBreakdown) -> Table:
    """The non-zero parts of a score and the total."""
    table = Table(title)
    table.add_column("Part")
    table.add_column("Points", justify="right")
    for name, value in breakdown.as_dict().items():
        if value:
            table.add_row(PART_LABELS[name], str(value))
    table.add_section()
    table.add_row("Score for declarer's side", str(breakdown.total), style="bold")
    return table
