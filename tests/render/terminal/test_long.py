"""Long tables printed line by line are what rich prints, character for character."""

from __future__ import annotations

import io
from collections.abc import Callable

from rich.console import Console, JustifyMethod
from rich.table import Table

from bridgescore.render.terminal.long import LongTableConsole


def _table(rows: int, title: str | None = "East-West", names: str = "Ann & Bob") -> Table:
    table = Table(title=title, title_justify="left")
    columns: list[tuple[str, JustifyMethod]] = [
        ("Rank", "right"),
        ("Pair", "right"),
        ("Names", "left"),
        ("MPs", "right"),
    ]
    for heading, justify in columns:
        table.add_column(heading, justify=justify)
    for n in range(rows):
        table.add_row(
            f"{n + 1}=" if n % 3 else str(n + 1), str(n * 7), names * (n % 3), f"{n * 1.5:.2f}"
        )
    return table


def _printed(console: Console, table: Table) -> str:
    console.print(table)
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def test_the_same_characters_as_rich() -> None:
    makers: list[Callable[[], Table]] = [
        lambda: _table(300),
        lambda: _table(5, title=None),
        lambda: _table(0),
        lambda: _table(4, names="Zoë & 李"),
        lambda: _table(4, title="A very long title that is wider than this little table"),
        lambda: _table(3, names="[bold]x[/bold]"),
        lambda: _table(40, names="a rather long pair of names " * 3),
    ]
    for table_maker in makers:
        fast = _printed(LongTableConsole(file=io.StringIO(), width=100, rows=0), table_maker())
        rich = _printed(Console(file=io.StringIO(), width=100), table_maker())
        assert fast == rich
