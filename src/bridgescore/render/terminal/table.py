r"""A table as the commands print it: a title, columns (a heading and how its cells line up),
rows of text, sections. Only values: :mod:`~bridgescore.render.terminal.output` prints it, as a
rich table on a terminal, as the same characters written line by line elsewhere, as plain
columns or as CSV. Nothing here imports rich.

>>> table = Table("North-South")
>>> table.add_column("Rank", justify="right"); table.add_column("Names")
>>> table.add_row("1", "Ann & Bob"); table.add_section(); table.add_row("2=", "", style="bold")
>>> table.headers, table.rows[0].cells, table.rows[0].end_section, table.rows[1].style
(('Rank', 'Names'), ('1', 'Ann & Bob'), True, 'bold')
"""

from __future__ import annotations

__all__ = ["Column", "Grouped", "Justify", "Row", "Table"]

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal, overload

Justify = Literal["left", "right"]


@dataclass(frozen=True, slots=True)
class Column:
    """A column: its heading, how its cells line up, and a style for the terminal (``dim``)."""

    header: str
    justify: Justify = "left"
    style: str | None = None


class Grouped(Sequence[str]):
    """A column whose cells repeat by group: row ``i`` shows ``cells[groups[i]]`` (a huge
    ranking's rank, score and boards, made once for each group of pairs with equal totals).
    The printers write a body of such columns a run of rows of one group at a time.

    >>> column = Grouped(["1=", "3"], [0, 0, 1])
    >>> list(column), column[2], column[:2], len(column)
    (['1=', '1=', '3'], '3', ['1=', '1='], 3)
    """

    __slots__ = ("cells", "groups")

    def __init__(self, cells: Sequence[str], groups: Sequence[int]) -> None:
        self.cells = cells
        self.groups = groups

    def __len__(self) -> int:
        return len(self.groups)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self.cells[group] for group in self.groups[index]]
        return self.cells[self.groups[index]]

    def __iter__(self) -> Iterator[str]:
        return map(self.cells.__getitem__, self.groups)

    def with_cells(self, cells: Sequence[str]) -> Grouped:
        """The same rows, each group showing its cell of ``cells``."""
        return Grouped(cells, self.groups)


@dataclass(slots=True)
class Row:
    """A row's cells; ``style`` (``bold``, ``dim``) shows on a terminal only; ``end_section``
    draws a line under the row."""

    cells: tuple[str, ...]
    style: str | None = None
    end_section: bool = False


@dataclass(slots=True)
class Table:
    """A table to print: ``title`` above it (none when ``None``), columns and rows of text."""

    title: str | None = None
    columns: list[Column] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    body: list[Sequence[str]] | None = None
    """A huge table's cells, column by column, given by :meth:`add_body` (``rows`` then stay
    empty): no object for each row."""

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

    def add_rows(self, rows: Iterable[tuple[str, ...]]) -> None:
        """Rows, each with a cell for every column."""
        width = len(self.columns)
        for row in rows:
            if len(row) != width:
                raise ValueError(f"{len(row)} cells for {width} columns")
            self.rows.append(Row(row))

    def add_body(self, cells: Sequence[Sequence[str]]) -> None:
        """All the rows at once, as a column of cells for each column (a :class:`Grouped`
        column among them), in a table with none.

        >>> table = Table(); table.add_column("Rank"); table.add_column("Pair")
        >>> table.add_body([["1", "2"], ["7", "3"]]); table.cells()
        [['1', '2'], ['7', '3']]
        """
        if self.rows or self.body is not None:
            raise ValueError("the table has rows already")
        if len(cells) != len(self.columns) or len({len(column) for column in cells}) > 1:
            raise ValueError(f"{len(cells)} columns of cells for {len(self.columns)} columns")
        self.body = list(cells)

    def cells(self) -> list[Sequence[str]]:
        """The cells column by column, headings not included."""
        if self.body is not None:
            return self.body
        found: list[Sequence[str]] = list(zip(*(row.cells for row in self.rows), strict=True))
        return found or [() for _ in self.columns]

    def row_cells(self) -> Iterable[Sequence[str]]:
        """The cells row by row."""
        if self.body is not None:
            return zip(*self.body, strict=True)
        return (row.cells for row in self.rows)

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
