r"""A table as the commands print it: a title, columns (a heading and how its cells line up),
rows of text, sections. Only values: :mod:`~bridgescore.render.terminal.output` prints it, as a
rich table on a terminal, as the same characters written line by line elsewhere, as plain
columns or as CSV. Nothing here imports rich.

>>> table = Table("North-South")
>>> table.add_column("Rank", justify="right"); table.add_column("Names")
>>> table.add_row("1", "Ann & Bob"); table.add_section(); table.add_row("2=", "", style="bold")
>>> table.headers, table.rows[0].cells, table.rows[0].end_section, table.rows[1].style
(('Rank', 'Names'), ('1', 'Ann & Bob'), True, 'bold')
>>> table.column_widths()
[4, 9]
"""

from __future__ import annotations

__all__ = ["Column", "Justify", "Row", "Table"]

import unicodedata
from dataclasses import dataclass, field
from typing import Literal

Justify = Literal["left", "right"]


@dataclass(frozen=True, slots=True)
class Column:
    """A column: its heading, how its cells line up, and a style for the terminal (``dim``)."""

    header: str
    justify: Justify = "left"
    style: str | None = None


@dataclass(slots=True)
class Row:
    """A row's cells; ``style`` (``bold``, ``dim``) shows on a terminal only; ``end_section``
    draws a line under the row."""

    cells: tuple[str, ...]
    style: str | None = None
    end_section: bool = False


def cell_width(text: str) -> int:
    """Columns a text takes on a terminal: wide (East Asian) characters take two, combining
    marks none.

    >>> cell_width("Zoë"), cell_width("李"), cell_width("♠"), cell_width("Zoe\u0308")
    (3, 2, 1, 3)
    """
    if text.isascii():
        return len(text)
    return sum(_char_width(c) for c in text)


def _char_width(char: str) -> int:
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


@dataclass(slots=True)
class Table:
    """A table to print: ``title`` above it (none when ``None``), columns and rows of text."""

    title: str | None = None
    columns: list[Column] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)

    def add_column(
        self, header: str, *, justify: Justify = "left", style: str | None = None
    ) -> None:
        self.columns.append(Column(header, justify, style))

    def add_row(self, *cells: str, style: str | None = None) -> None:
        """A row; the columns it has no cell for are blank."""
        missing = len(self.columns) - len(cells)
        if missing < 0:
            raise ValueError(f"{len(cells)} cells for {len(self.columns)} columns")
        self.rows.append(Row(cells + ("",) * missing, style))

    def add_section(self) -> None:
        """A line under the last row."""
        if self.rows:
            self.rows[-1].end_section = True

    @property
    def headers(self) -> tuple[str, ...]:
        return tuple(column.header for column in self.columns)

    @property
    def styled(self) -> bool:
        """Whether a row or a column has a style (seen on a terminal only)."""
        return any(c.style for c in self.columns) or any(r.style for r in self.rows)

    def column_widths(self) -> list[int]:
        """Each column's width: its widest cell or heading."""
        widths = [cell_width(c.header) for c in self.columns]
        for row in self.rows:
            for index, text in enumerate(row.cells):
                size = len(text) if text.isascii() else cell_width(text)
                widths[index] = max(widths[index], size)
        return widths
