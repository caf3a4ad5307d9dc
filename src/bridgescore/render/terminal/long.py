r"""Print long rich tables fast: the same characters rich prints, written line by line.

rich measures and lays out every cell of a table, which takes seconds for the 20,000 pairs of
a big event. :class:`LongTableConsole` prints a plain table (string cells, no markup, nothing to
wrap) itself, character for character as rich would with the default heavy-head box; anything
else goes to rich as usual.

>>> import io
>>> from rich.table import Table
>>> table = Table(title="North-South", title_justify="left")
>>> table.add_column("Rank", justify="right"); table.add_column("Names")
>>> table.add_row("1", "Ann & Bob"); table.add_row("2=", "")
>>> plain = LongTableConsole(file=io.StringIO(), width=40, rows=1)
>>> plain.print(table)
>>> print("\n".join(line.rstrip() for line in plain.file.getvalue().splitlines()))
North-South
┏━━━━━━┳━━━━━━━━━━━┓
┃ Rank ┃ Names     ┃
┡━━━━━━╇━━━━━━━━━━━┩
│    1 │ Ann & Bob │
│   2= │           │
└──────┴───────────┘
"""

from __future__ import annotations

__all__ = ["LongTableConsole", "table_lines"]

from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

_PLAIN_CHARACTERS = ("[", ":", "\n", "\t", "\r")


def _fits(text: str) -> bool:
    return not any(c in text for c in _PLAIN_CHARACTERS)


def table_lines(table: Table, width: int) -> tuple[str, list[str], list[str]] | None:
    """The title, heading lines and body lines rich would print, or ``None`` if not plain."""
    if (
        table.box is not box.HEAVY_HEAD
        or table.expand
        or table.show_lines
        or table.show_footer
        or not table.show_header
        or not table.show_edge
        or table.padding != (0, 1, 0, 1)
        or table.caption is not None
        or table.title_justify != "left"
        or not isinstance(table.title, str | None)
    ):
        return None
    columns = table.columns
    cells: list[list[str]] = []
    for column in columns:
        texts = list(column.cells)
        if column.justify not in ("left", "right") or not isinstance(column.header, str):
            return None
        if not all(isinstance(t, str) and _fits(t) for t in texts) or not _fits(column.header):
            return None
        cells.append([column.header, *texts])  # type: ignore[list-item]
    widths = [max(cell_len(t) for t in texts) for texts in cells]
    total = sum(widths) + 3 * len(widths) + 1
    title = table.title or ""
    if total > width or cell_len(title) > total or not _fits(title):
        return None

    def row(index: int, edge: str) -> str:
        parts = []
        for column, texts, size in zip(columns, cells, widths, strict=True):
            pad = " " * (size - cell_len(texts[index]))
            text = pad + texts[index] if column.justify == "right" else texts[index] + pad
            parts.append(f" {text} ")
        return edge + edge.join(parts) + edge

    bars = ["━" * (w + 2) for w in widths]
    heading = [
        "┏" + "┳".join(bars) + "┓",
        row(0, "┃"),
        "┡" + "╇".join(bars) + "┩",
    ]
    body = [row(i, "│") for i in range(1, len(cells[0]))]
    body.append("└" + "┴".join("─" * (w + 2) for w in widths) + "┘")
    return (
        (title + " " * (total - cell_len(title)) if table.title is not None else ""),
        heading,
        body,
    )


class LongTableConsole(Console):
    """A console that prints plain tables of ``rows`` rows or more itself (see the module)."""

    def __init__(self, *args: Any, rows: int = 200, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rows = rows

    def print(self, *objects: Any, **kwargs: Any) -> None:
        if len(objects) == 1 and not kwargs and isinstance(objects[0], Table):
            table = objects[0]
            lines = table_lines(table, self.width) if table.row_count >= self.rows else None
            if lines is not None:
                title, heading, body = lines
                if table.title is not None:
                    self.print(Text(title, style="table.title"))
                self.print(Text("\n".join(heading), style="table.header"))
                self.out("\n".join(body), highlight=False)
                return
        super().print(*objects, **kwargs)
