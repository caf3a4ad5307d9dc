r"""Print what a command shows (its :class:`~bridgescore.render.terminal.table.Table`\ s and
lines of text) in the format asked for with ``--format``:

* ``table``: boxed tables. On a terminal through rich (colour, the terminal's width); anywhere
  else (a file, a pipe) the same characters written line by line at the tables' full width, so
  nothing is ever cut with "…" or wrapped, and rich is not even imported.
* ``plain``: the tables as aligned columns of text, no box.
* ``csv``: each table as CSV: its title alone on a line, the headings, the rows; a blank line
  between tables. A line of text around them is a row of one field.

(``json`` is each command's own: the event's ``to_dict()`` and the like.)

>>> import io
>>> from bridgescore.render.terminal.table import Grouped, Table
>>> table = Table("North-South")
>>> table.add_column("Rank", justify="right"); table.add_column("Names")
>>> table.add_row("1", "Ann & Bob"); table.add_row("2=", "")
>>> for name in ("table", "plain", "csv"):
...     out = printer(name, io.StringIO())
...     out.print(table); out.print("Scored at matchpoints.")
...     print(out.file.getvalue())
North-South
┏━━━━━━┳━━━━━━━━━━━┓
┃ Rank ┃ Names     ┃
┡━━━━━━╇━━━━━━━━━━━┩
│    1 │ Ann & Bob │
│   2= │           │
└──────┴───────────┘
Scored at matchpoints.
<BLANKLINE>
North-South
Rank  Names
   1  Ann & Bob
  2=
Scored at matchpoints.
<BLANKLINE>
North-South
Rank,Names
1,Ann & Bob
2=,
Scored at matchpoints.
<BLANKLINE>
"""

from __future__ import annotations

__all__ = ["FORMATS", "Printer", "box_lines", "printer"]

import csv
import sys
from collections.abc import Sequence
from itertools import compress, count, islice, pairwise, repeat
from operator import ne
from typing import TYPE_CHECKING, Any, Protocol, TextIO, cast

from bridgescore.render.terminal.table import Grouped, Table
from bridgescore.render.text import cell_width, padded

if TYPE_CHECKING:
    from rich.console import Console

FORMATS = ("table", "plain", "csv", "json")
"""The values of ``--format`` (``json`` is printed by each command itself)."""

_UNPRINTABLE = str.maketrans({"\n": " ", "\r": " ", "\t": " "})
_BREAKS = ("\n", "\r", "\t")
_QUOTED = (",", '"', "\n", "\r")
"""What makes the csv module quote a cell (a row of one empty cell aside)."""


def _breaks(cells: Sequence[str]) -> bool:
    """Whether any of the cells breaks a line (or holds a tab)."""
    text = "".join(cells)
    return any(mark in text for mark in _BREAKS)


def _quoted(cells: Sequence[str]) -> bool:
    """Whether the csv module would quote any of the cells."""
    text = "\0".join(cells)
    return any(mark in text for mark in _QUOTED)


class Printer(Protocol):
    """Where a command's tables and lines go."""

    @property
    def file(self) -> TextIO:
        """The text file written to."""

    def print(self, item: Table | str = "", *, style: str | None = None) -> None:
        """A table, a line of text (``style`` shows on a terminal only) or a blank line."""


def _padded(table: Table) -> tuple[list[str], list[Sequence[str]]]:
    """Each column's heading and cells padded to the column's width as it lines up (a
    :class:`Grouped` column stays one, each group's cell padded once)."""
    heads: list[str] = []
    bodies: list[Sequence[str]] = []
    used: dict[int, set[int]] = {}  # the groups that have rows, by grouping (columns share one)
    for column, found in zip(table.columns, table.cells(), strict=True):
        grouped = found if isinstance(found, Grouped) else None
        texts = [column.header, *(found if grouped is None else grouped.cells)]
        if _breaks(texts):
            texts = [text.translate(_UNPRINTABLE) for text in texts]
        right = column.justify == "right"
        if grouped is not None:  # as wide as the cells shown, not a group's that has no row
            groups = used.get(id(grouped.groups))
            if groups is None:
                groups = used[id(grouped.groups)] = set(grouped.groups)
            shown = [texts[0], *map(texts[1:].__getitem__, groups)]
            if "".join(texts).isascii():  # (a character a column, as most figures are)
                width = max(map(len, shown))
                texts = list(map(str.rjust if right else str.ljust, texts, repeat(width)))
            else:
                width = max(map(cell_width, shown))
                spaces = [" " * max(0, width - cell_width(text)) for text in texts]
                texts = [s + t if right else t + s for t, s in zip(texts, spaces, strict=True)]
        else:
            texts = padded([texts], [right])[0]
        heads.append(texts[0])
        bodies.append(texts[1:] if grouped is None else grouped.with_cells(texts[1:]))
    return heads, bodies


def _runs(groups: Sequence[int]) -> list[tuple[int, int, int]]:
    """The runs of rows of one group: (first row, row after the last, group).

    >>> _runs([0, 0, 1, 0])
    [(0, 2, 0), (2, 3, 1), (3, 4, 0)]
    """
    # where the group changes, found without a Python step for each row
    changes = compress(count(1), map(ne, groups, islice(groups, 1, None)))
    bounds = [0, *changes, len(groups)] if groups else [0]
    return [(low, high, groups[low]) for low, high in pairwise(bounds)]


def _body_text(
    columns: Sequence[Sequence[str]], sep: str, start: str = "", end: str = ""
) -> str | None:
    """The rows of a body whose grouped columns (:class:`Grouped`, one grouping) stand on
    either side of its other columns, a line each (``start``, the cells ``sep`` apart,
    ``end``), each run of rows of one group joined at once; ``None`` for any other body.

    >>> print(_body_text([Grouped(["1=", "3"], [0, 0, 1]), ["7", "2", "5"]], ","), end="")
    1=,7
    1=,2
    3,5
    """
    grouped = [i for i, column in enumerate(columns) if isinstance(column, Grouped)]
    own = [i for i, column in enumerate(columns) if not isinstance(column, Grouped)]
    if not grouped or (own and own != list(range(own[0], own[-1] + 1))):
        return None
    first = columns[grouped[0]]
    assert isinstance(first, Grouped)
    if any(cast(Grouped, columns[i]).groups is not first.groups for i in grouped):
        return None

    runs = _runs(first.groups)
    if 2 * len(runs) > len(first.groups):  # runs of a row or two: each row joined whole
        cells = (
            map(c.cells.__getitem__, c.groups) if isinstance(c, Grouped) else c for c in columns
        )
        whole = list(map(sep.join, zip(*cells, strict=True)))
        return start + (end + "\n" + start).join(whole) + end + "\n" if whole else ""

    def joined(indices: Sequence[int], group: int) -> list[str]:
        return [cast(Grouped, columns[i]).cells[group] for i in indices]

    before = [i for i in grouped if not own or i < own[0]]
    after = [i for i in grouped if own and i > own[-1]]
    pieces: list[str] = []
    rows = (
        []
        if not own
        else columns[own[0]]
        if len(own) == 1
        else list(map(sep.join, zip(*(columns[i] for i in own), strict=True)))
    )
    for low, high, group in runs:
        if not own:
            pieces.append((start + sep.join(joined(before, group)) + end + "\n") * (high - low))
            continue
        head = start + "".join(cell + sep for cell in joined(before, group))
        tail = "".join(sep + cell for cell in joined(after, group)) + end
        pieces.append(head + (tail + "\n" + head).join(rows[low:high]) + tail + "\n")
    return "".join(pieces)


def box_lines(table: Table) -> tuple[list[str], str]:
    """The heading lines and the body (its lines, one text) of a table in rich's
    heavy-headed box, at its full width (the title is not among them)."""
    heads, bodies = _padded(table)
    widths = [cell_width(head) for head in heads]
    bars = ["━" * (w + 2) for w in widths]
    thin = ["─" * (w + 2) for w in widths]
    heading = [
        "┏" + "┳".join(bars) + "┓",
        "┃ " + " ┃ ".join(heads) + " ┃",
        "┡" + "╇".join(bars) + "┩",
    ]
    bottom = "└" + "┴".join(thin) + "┘"
    text = _body_text(bodies, " │ ", "│ ", " │")
    if text is not None:
        return heading, text + bottom
    body = ["│ " + " │ ".join(cells) + " │" for cells in zip(*bodies, strict=True)]
    sections = [i for i, row in enumerate(table.rows[:-1]) if row.end_section]
    if sections:
        separator = "├" + "┼".join(thin) + "┤"
        for index in reversed(sections):
            body.insert(index + 1, separator)
    body.append(bottom)
    return heading, "\n".join(body)


class _Writer:
    """A printer that writes to a text file (standard output when none is given)."""

    def __init__(self, file: TextIO | None = None) -> None:
        self._file = file

    @property
    def file(self) -> TextIO:
        return self._file if self._file is not None else sys.stdout

    def _write(self, lines: list[str]) -> None:
        if lines:
            self.file.write("\n".join(lines) + "\n")


class LinePrinter(_Writer):
    """Boxed tables written line by line at their full width (``--format table`` off a
    terminal)."""

    def print(self, item: Table | str = "", *, style: str | None = None) -> None:
        if isinstance(item, str):
            self._write([item])
            return
        heading, body = box_lines(item)
        title = [item.title] if item.title is not None else []
        self._write([*title, *heading, body])


class PlainPrinter(_Writer):
    """Tables as columns of text two spaces apart, no box (``--format plain``)."""

    def print(self, item: Table | str = "", *, style: str | None = None) -> None:
        if isinstance(item, str):
            self._write([item])
            return
        heads, bodies = _padded(item)
        title = [item.title] if item.title is not None else []
        last = bodies[-1] if bodies else None
        if isinstance(last, Grouped) and all(cell.strip() for cell in last.cells):
            # (the line's end is the last column's, never blank: only it loses spaces)
            text = _body_text(
                [*bodies[:-1], last.with_cells([c.rstrip() for c in last.cells])], "  "
            )
            if text is not None:
                body = [text.removesuffix("\n")] if text else []
                self._write([*title, "  ".join(heads).rstrip(), *body])
                return
        lines = ["  ".join(cells).rstrip() for cells in zip(*bodies, strict=True)]
        self._write([*title, "  ".join(heads).rstrip(), *lines])


class CsvPrinter(_Writer):
    """Tables as CSV, a blank line between them; a line of text a row of one field
    (``--format csv``)."""

    def __init__(self, file: TextIO | None = None) -> None:
        super().__init__(file)
        self._tables = 0

    def print(self, item: Table | str = "", *, style: str | None = None) -> None:
        writer = csv.writer(self.file, lineterminator="\n")
        if isinstance(item, str):
            if item:
                writer.writerow([item])
            return
        if self._tables:
            self.file.write("\n")
        self._tables += 1
        if item.title is not None:
            writer.writerow([item.title])
        writer.writerow(item.headers)
        columns = item.cells()
        plain = [c.cells if isinstance(c, Grouped) else c for c in columns]
        if len(columns) > 1 and not any(map(_quoted, plain)):
            # nothing to quote: the rows joined, as the writer would write them, only sooner
            text = _body_text(columns, ",")
            if text is not None:
                self.file.write(text)
            else:
                self._write(list(map(",".join, zip(*columns, strict=True))))
            return
        writer.writerows(item.row_cells())


class TerminalPrinter:
    """Boxed tables on a terminal through rich: colours and styles, the terminal's width (a
    table too wide for it is wrapped the way rich wraps). A table that fits and has no styles
    is written by :func:`box_lines`, the same characters rich would lay out, only sooner."""

    def __init__(self, console: Console) -> None:
        self.console = console

    @property
    def file(self) -> TextIO:
        return cast(TextIO, self.console.file)

    def print(self, item: Table | str = "", *, style: str | None = None) -> None:
        from rich.text import Text

        if isinstance(item, str):
            self.console.print(Text(item, style=style or ""))
            return
        if item.title is not None:
            self.console.print(Text(item.title, style="table.title"))
        heading, body = box_lines(item)
        if not item.styled and cell_width(heading[0]) <= self.console.width:
            self.console.print(Text("\n".join(heading), style="table.header"))
            self.console.out(body, highlight=False)
            return
        self.console.print(_rich_table(item))


def _rich_table(table: Table) -> Any:
    from rich.table import Table as RichTable

    shown = RichTable()
    for column in table.columns:
        shown.add_column(column.header, justify=column.justify, style=column.style or "")
    for row in table.rows:
        shown.add_row(*row.cells, style=row.style, end_section=row.end_section)
    if table.body is not None:  # (a huge table's rows, column by column)
        for cells in table.row_cells():
            shown.add_row(*cells)
    return shown


def printer(format: str = "table", file: TextIO | None = None) -> Printer:
    """The printer for ``--format`` (``table``, ``plain`` or ``csv``) writing to ``file``
    (standard output by default); ``table`` goes through rich only on a terminal."""
    if format == "plain":
        return PlainPrinter(file)
    if format == "csv":
        return CsvPrinter(file)
    if format != "table":
        raise ValueError(f"{format!r} is not a format of the printers")
    target = file if file is not None else sys.stdout
    if target.isatty():
        from bridgescore.render.terminal.console import console

        return TerminalPrinter(console() if file is None else _console_on(file))
    return LinePrinter(file)


def _console_on(file: TextIO) -> Console:
    from rich.console import Console

    return Console(file=file, highlight=False, soft_wrap=False, markup=False, emoji=False)
