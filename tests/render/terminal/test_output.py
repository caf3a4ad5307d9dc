"""The printers: boxed tables written line by line are the characters rich lays out; plain
columns; CSV; a terminal gets rich."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence

from hypothesis import example, given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.table import Table as RichTable

from bridgescore.render.terminal.output import (
    CsvPrinter,
    LinePrinter,
    PlainPrinter,
    TerminalPrinter,
    printer,
)
from bridgescore.render.terminal.table import Grouped, Table


def _table(rows: int, names: str = "Ann & Bob", sections: bool = False) -> Table:
    table = Table("East-West")
    table.add_column("Rank", justify="right")
    table.add_column("Pair", justify="right")
    table.add_column("Names")
    table.add_column("MPs", justify="right")
    for n in range(rows):
        rank = f"{n + 1}=" if n % 3 else str(n + 1)
        table.add_row(rank, str(n * 7), names * (n % 3), f"{n * 1.5:.2f}")
        if sections and n % 4 == 3:
            table.add_section()
    return table


def _as_rich(table: Table) -> RichTable:
    shown = RichTable(title=table.title, title_justify="left")
    for column in table.columns:
        shown.add_column(column.header, justify=column.justify)
    for row in table.rows:
        shown.add_row(*row.cells, end_section=row.end_section)
    return shown


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


def test_lines_are_the_characters_rich_lays_out() -> None:
    for table in [
        _table(300),
        _table(0),
        _table(4, names="Zoë & 李 ♠ [bold]x[/bold] :smile:"),
        _table(40, names="a rather long pair of names "),
        _table(9, sections=True),
    ]:
        written, drawn = io.StringIO(), io.StringIO()
        LinePrinter(written).print(table)
        Console(file=drawn, width=10_000, markup=False, emoji=False).print(_as_rich(table))
        assert _lines(written.getvalue()) == _lines(drawn.getvalue())


def test_nothing_is_cut_or_wrapped_however_wide() -> None:
    wide = _table(3, names="a very long name indeed " * 20)
    wide.title = "A title much longer than any terminal is wide " * 5
    file = io.StringIO()
    LinePrinter(file).print(wide)
    text = file.getvalue()
    assert "…" not in text
    lines = text.splitlines()
    assert lines[0] == wide.title
    assert len({len(line) for line in lines[1:]}) == 1  # every line of the box as wide


def test_plain_columns_and_csv() -> None:
    table = _table(3)
    file = io.StringIO()
    plain = PlainPrinter(file)
    plain.print(table)
    plain.print("a note")
    assert file.getvalue().splitlines() == [
        "East-West",
        "Rank  Pair  Names                MPs",
        "   1     0                      0.00",
        "  2=     7  Ann & Bob           1.50",
        "  3=    14  Ann & BobAnn & Bob  3.00",
        "a note",
    ]
    comma = io.StringIO()
    out = CsvPrinter(comma)
    out.print(table)
    out.print("a note, a row of one field")
    out.print()
    out.print(_table(1))
    rows = list(csv.reader(io.StringIO(comma.getvalue())))
    assert rows[:3] == [["East-West"], ["Rank", "Pair", "Names", "MPs"], ["1", "0", "", "0.00"]]
    assert rows[5:] == [
        ["a note, a row of one field"],
        [],
        ["East-West"],
        ["Rank", "Pair", "Names", "MPs"],
        ["1", "0", "", "0.00"],
    ]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_rich_at_its_width() -> None:
    screen = _Terminal()
    out = printer("table", screen)
    assert isinstance(out, TerminalPrinter)
    assert isinstance(printer("table", io.StringIO()), LinePrinter)
    out.console.width = 40
    out.print(_table(2))  # fits: the same characters
    out.print(_table(2, names="a name too long for forty columns "))  # rich wraps it
    text = re.sub(r"\x1b\[[0-9;]*m", "", screen.getvalue())  # the colours left out
    assert "│   2= │    7 │ Ann & Bob │ 1.50 │" in text
    assert max(len(line) for line in text.splitlines()) <= 40


_CELLS = st.text(alphabet=st.sampled_from('ab1 ,"\n\r=é'), max_size=4)


@settings(max_examples=200)
@given(rows=st.lists(st.tuples(_CELLS, _CELLS, _CELLS), max_size=6))
def test_csv_is_what_the_csv_module_writes_whether_rows_or_a_body(
    rows: list[tuple[str, str, str]],
) -> None:
    """A body given column by column is written as the same rows, quoted where needed."""
    want = io.StringIO()
    writer = csv.writer(want, lineterminator="\n")
    writer.writerow(["T"])
    writer.writerow(["A", "B", "C"])
    writer.writerows(rows)
    for body in (False, True):
        table = Table("T")
        for heading in "ABC":
            table.add_column(heading)
        if body:
            table.add_body([[row[n] for row in rows] for n in range(3)])
        else:
            table.add_rows(rows)
        got = io.StringIO()
        CsvPrinter(got).print(table)
        assert got.getvalue() == want.getvalue()


def _printed(table: Table, name: str) -> str:
    """What the printer of a ``--format`` writes of the table off a terminal."""
    file = io.StringIO()
    printer(name, file).print(table)
    return file.getvalue()


def test_a_body_is_printed_as_its_rows_are() -> None:
    by_rows = _table(9)
    by_columns = Table(by_rows.title, list(by_rows.columns))
    by_columns.add_body(by_rows.cells())
    for name in ("table", "plain", "csv"):
        assert _printed(by_columns, name) == _printed(by_rows, name)


@settings(max_examples=300)
@given(
    cells=st.lists(st.lists(_CELLS, min_size=1, max_size=4), min_size=4, max_size=4),
    groups=st.lists(st.integers(0, 3), max_size=12),
    own=st.lists(_CELLS, min_size=12, max_size=12),
    layout=st.sampled_from(["GGOG", "GOGG", "OGGG", "GGGO", "GOOG", "GOGO", "GGGG", "OOOO"]),
    justify=st.lists(st.booleans(), min_size=4, max_size=4),
)
@example(  # long runs of a group (a field of many equal totals): written run by run
    cells=[["1=", "5"], ["a", "é"], ["x", "y"], ["10", "2"]],
    groups=[0, 0, 0, 0, 0, 1, 1, 1],
    own=["p"] * 12,
    layout="GOGG",
    justify=[True, False, True, True],
)
@example(  # runs of one row (a field of all different totals): written row by row
    cells=[["1", "2", "3"], ["a", "b", "c"], ["x", "y", "z"], ["1", "2", "3"]],
    groups=[0, 1, 2, 0, 1, 2],
    own=["q"] * 12,
    layout="GGOG",
    justify=[True, True, False, True],
)
def test_grouped_columns_print_as_their_rows_do(
    cells: list[list[str]],
    groups: list[int],
    own: list[str],
    layout: str,
    justify: list[bool],
) -> None:
    """Columns whose cells repeat by group (a huge ranking's) print, in every format, as the
    same table given row by row: each run of rows of a group written at once where the
    grouped columns stand around the others, as rows otherwise."""
    groups = [g % min(len(c) for c in cells) for g in groups]
    columns: list[Sequence[str]] = []
    for index, kind in enumerate(layout):
        if kind == "G":
            columns.append(Grouped(cells[index], groups))
        else:
            columns.append([f"{cell}{n}" for n, cell in enumerate(own[: len(groups)])])
    grouped, by_rows = Table("T"), Table("T")
    for index, heading in enumerate("ABCD"):
        for table in (grouped, by_rows):
            table.add_column(heading, justify="right" if justify[index] else "left")
    grouped.add_body(columns)
    by_rows.add_rows(zip(*(list(column) for column in columns), strict=True))
    for name in ("table", "plain", "csv"):
        assert _printed(grouped, name) == _printed(by_rows, name), name


def test_a_huge_table_too_wide_for_the_terminal_keeps_its_rows() -> None:
    """A ranking given column by column (a huge field's) is wrapped by rich with every row."""
    screen = _Terminal()
    out = printer("table", screen)
    assert isinstance(out, TerminalPrinter)
    out.console.width = 40
    wide = _table(3, names="a name too long for forty columns ")
    table = Table(wide.title, list(wide.columns))
    columns = wide.cells()
    table.add_body([Grouped(["1", "2="], [0, 1, 1]), *columns[1:]])
    out.print(table)
    text = re.sub(r"\x1b\[[0-9;]*m", "", screen.getvalue())
    assert "2=" in text and "a name too" in text  # (the rows were left out before)
    assert max(len(line) for line in text.splitlines()) <= 40
