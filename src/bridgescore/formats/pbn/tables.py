r"""PBN tables (supplemental sections, PBN 2.1 §5): ScoreTable, TotalScoreTable,
OptimumResultTable and any other, as one generic model.

The tag value names the columns, separated by ``;``. A column name may start with ``+``
(descending order) or ``-`` (ascending) and end with ``\width`` and ``L`` or ``R`` alignment.
Rows hold elements: section tokens or quoted strings (names with spaces); ``?`` is unknown, ``-``
irrelevant and a leading ``^`` marks an artificial score.

>>> table = PbnTable.build("ScoreTable", ["PairId_NS", "Names_NS", "Score_NS"],
...                        [["1", "Ann Lee;Bo Ma", "620"], ["12", "?", "^-100"]])
>>> table.spec
'PairId_NS\\2R;Names_NS\\15L;Score_NS\\5R'
>>> print("\n".join(table.format_rows()))
 1 "Ann Lee;Bo Ma"   620
12 ?               ^-100
>>> table.value(1, "Names_NS"), cell_kind(table.rows[1][2])
(None, CellKind.ARTIFICIAL)
"""

from __future__ import annotations

__all__ = ["CellKind", "PbnColumn", "PbnTable", "cell_kind", "element"]

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

from bridgescore.core.errors import NotationError
from bridgescore.core.numbers import parse_count
from bridgescore.formats.pbn.lex import escape

_COLUMN = re.compile(r"^(?P<order>[+-]?)(?P<name>.*?)(?:\\(?P<width>[0-9]+)(?P<align>[LR]?))?$")
_NUMBERLIKE = re.compile(r"^\^?[+-]?[0-9]+(?:\.[0-9]+)?$|^[?-]$")
_FORBIDDEN = frozenset('[]{};"%')


class CellKind(Enum):
    """What a table element is: a value, unknown (``?``), irrelevant (``-``) or artificial (``^``)."""

    VALUE = "value"
    UNKNOWN = "?"
    IRRELEVANT = "-"
    ARTIFICIAL = "^"

    def __repr__(self) -> str:
        return f"CellKind.{self.name}"


def cell_kind(text: str) -> CellKind:
    """The kind of a table element.

    >>> [cell_kind(t).name for t in ("620", "?", "-", "^A60/40")]
    ['VALUE', 'UNKNOWN', 'IRRELEVANT', 'ARTIFICIAL']
    """
    if text == "?":
        return CellKind.UNKNOWN
    if text == "-":
        return CellKind.IRRELEVANT
    if text.startswith("^"):
        return CellKind.ARTIFICIAL
    return CellKind.VALUE


def element(text: str) -> str:
    """A table element as written: a bare token when it can be one, else a quoted string.

    >>> element("4SX"), element("Ann Lee"), element(""), element('say "x"')
    ('4SX', '"Ann Lee"', '""', '"say \\\\"x\\\\""')
    """
    if text and all(33 <= ord(c) <= 126 and c not in _FORBIDDEN for c in text):
        return text
    return f'"{escape(text)}"'


@dataclass(frozen=True, slots=True)
class PbnColumn:
    r"""One column: its name, sort order (``+`` descending, ``-`` ascending), minimum width and
    alignment (``L``/``R``).

    >>> PbnColumn.parse("+Score_NS\\6R")
    PbnColumn(name='Score_NS', order='+', width=6, align='R')
    >>> str(PbnColumn("Names", width=20, align="L"))
    'Names\\20L'
    """

    name: str
    order: str | None = None
    width: int | None = None
    align: str | None = None

    def __post_init__(self) -> None:
        if ";" in self.name or self.order not in (None, "+", "-"):
            raise NotationError(self.name, "a column name has no ';' and an order of + or -")
        if self.align not in (None, "L", "R") or (self.align is not None and self.width is None):
            raise NotationError(self.name, "a column's alignment is L or R after its width")

    @classmethod
    def parse(cls, text: str) -> PbnColumn:
        match = _COLUMN.match(text.strip())
        assert match is not None
        width_text = match.group("width")
        width = None if width_text is None else parse_count(width_text, 3)
        if width_text is not None and width is None:
            raise NotationError(text, "a column's width is a number up to 999")
        return cls(
            match.group("name"), match.group("order") or None, width, match.group("align") or None
        )

    def __str__(self) -> str:
        width = "" if self.width is None else f"\\{self.width}{self.align or ''}"
        return f"{self.order or ''}{self.name}{width}"

    def pad(self, text: str) -> str:
        if self.width is None:
            return text
        return text.rjust(self.width) if self.align == "R" else text.ljust(self.width)


@dataclass(frozen=True, slots=True)
class PbnTable:
    """A table: its tag name, its columns and its rows (elements as text, unquoted).

    ``lines`` says where each row stands in its file (not compared).
    """

    name: str
    columns: tuple[PbnColumn, ...]
    rows: tuple[tuple[str, ...], ...] = ()
    lines: tuple[int | None, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "columns", tuple(self.columns))
        object.__setattr__(self, "rows", tuple(tuple(row) for row in self.rows))
        if not re.fullmatch(r"[A-Za-z0-9_]+", self.name):
            raise NotationError(self.name, "a table's tag name is letters, digits and _")
        for row in self.rows:
            if len(row) != len(self.columns):
                raise NotationError(
                    " ".join(row), f"a row of {self.name} has {len(self.columns)} elements"
                )

    @classmethod
    def parse_spec(cls, spec: str) -> tuple[PbnColumn, ...]:
        """The columns named by a table's tag value."""
        return tuple(PbnColumn.parse(part) for part in spec.split(";"))

    @classmethod
    def build(
        cls, name: str, columns: Sequence[str | PbnColumn], rows: Sequence[Sequence[str]]
    ) -> PbnTable:
        """A table whose column widths fit its elements; numbers right-aligned, text left."""
        named = [c if isinstance(c, PbnColumn) else PbnColumn.parse(c) for c in columns]
        fitted = []
        for index, column in enumerate(named):
            cells = [row[index] for row in rows]
            width = max((len(element(c)) for c in cells), default=1)
            numeric = all(_NUMBERLIKE.match(c) for c in cells)
            align = column.align or ("R" if numeric else "L")
            fitted.append(
                PbnColumn(column.name, column.order, max(width, column.width or 0), align)
            )
        return cls(name, tuple(fitted), tuple(tuple(row) for row in rows))

    def without_widths(self) -> PbnTable:
        """The table with no column widths: its rows written with one space between elements."""
        columns = tuple(replace(column, width=None, align=None) for column in self.columns)
        return replace(self, columns=columns)

    @property
    def spec(self) -> str:
        """The tag value: the columns separated by ``;``."""
        return ";".join(str(column) for column in self.columns)

    def index(self, column: str) -> int | None:
        """The position of a column (by name), or ``None`` if the table does not have it."""
        for position, candidate in enumerate(self.columns):
            if candidate.name == column:
                return position
        return None

    def value(self, row: int, column: str) -> str | None:
        """An element, or ``None`` if the column is missing or the element is ``?`` or ``-``."""
        position = self.index(column)
        if position is None:
            return None
        text = self.rows[row][position]
        return None if cell_kind(text) in (CellKind.UNKNOWN, CellKind.IRRELEVANT) else text

    def records(self) -> list[dict[str, str]]:
        """The rows as dictionaries by column name."""
        names = [column.name for column in self.columns]
        return [dict(zip(names, row, strict=True)) for row in self.rows]

    def line_of(self, row: int) -> int | None:
        return self.lines[row] if row < len(self.lines) else None

    def format_rows(self) -> list[str]:
        """The rows as export lines: one row a line, elements padded to the column widths."""
        return [
            " ".join(
                column.pad(element(cell)) for column, cell in zip(self.columns, row, strict=True)
            ).rstrip()
            for row in self.rows
        ]
