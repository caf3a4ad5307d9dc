"""Options and helpers shared by several commands."""

from __future__ import annotations

__all__ = [
    "WholeNumber",
    "emit_json",
    "file_formats",
    "info_options",
    "input_files",
    "json_option",
    "output_options",
    "output_printer",
    "progress_bar",
    "say",
    "warn",
]

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar, cast

import click

from bridgescore.core.errors import quoted
from bridgescore.core.numbers import parse_count

if TYPE_CHECKING:
    from bridgescore.render.terminal.output import Printer

F = TypeVar("F", bound=Callable[..., Any])


class WholeNumber(click.ParamType):  # type: ignore[type-arg,unused-ignore]  # generic in newer click
    """A whole number typed on the command line, read as the files' numbers are: ASCII digits
    only (``１０``, ``1_0``, ``1e3``, ``-3`` and ``+3`` are refused, which ``int()`` takes), at
    most nine of them, at least ``least``. How big it may be is the library's to say.

    >>> WholeNumber().convert("10", None, None)
    10
    >>> WholeNumber(least=1).convert("１", None, None)
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: '１' is not a whole number from 1
    """

    name = "integer"

    def __init__(self, least: int = 0) -> None:
        self.least = least

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        number = parse_count(str(value).strip(), least=self.least)
        if number is None:
            self.fail(f"{quoted(value)} is not a whole number from {self.least}", param, ctx)
        return number


def json_option(function: F) -> F:
    """Add ``--json``: print one JSON object instead of tables."""
    return click.option(
        "--json", "as_json", is_flag=True, help="Print one JSON object instead of text."
    )(function)


FORMATS = ("table", "plain", "csv", "json")
"""What ``--format`` takes (the printers' formats and ``json``)."""


def output_options(function: F) -> F:
    """Add ``--format table|plain|csv|json`` and ``--json`` (the same as ``--format json``);
    the command is called with ``output``, the format chosen."""

    @functools.wraps(function)
    def command(*args: Any, output_format: str, as_json: bool, **kwargs: Any) -> Any:
        if as_json and output_format not in ("table", "json"):
            raise click.UsageError(f"--json and --format {output_format}: give one of them")
        return function(*args, output="json" if as_json else output_format, **kwargs)

    formats = click.option(
        "--format",
        "output_format",
        type=click.Choice(FORMATS, case_sensitive=False),
        default="table",
        show_default=True,
        help="table (boxed; full width when not on a terminal), plain (columns of text), "
        "csv (each table as CSV) or json (one JSON object).",
    )
    as_json = click.option(
        "--json", "as_json", is_flag=True, help="Print one JSON object (--format json)."
    )
    return cast(F, formats(as_json(command)))


def info_options(function: F) -> F:
    """Add ``--title``, ``--club`` and ``--date``: the event's details for the pages and the
    printout, over what the files say; the command is called with ``info`` (an
    :class:`~bridgescore.core.table.traveller.EventInfo`, or ``None`` when none is given)."""

    @functools.wraps(function)
    def command(
        *args: Any, title: str | None, club: str | None, date: str | None, **kwargs: Any
    ) -> Any:
        from bridgescore.core.table.traveller import EventInfo

        given = (title, club, date)
        info = EventInfo(title=title, club=club, date=date) if any(given) else None
        return function(*args, info=info, **kwargs)

    options = [
        click.option("--title", help="The event's title, as the pages and printout show it."),
        click.option("--club", help="The club (or organiser) that ran the event."),
        click.option("--date", help="The date it was played, as you want it shown (2026-11-20)."),
    ]
    decorated: Any = command
    for option in reversed(options):
        decorated = option(decorated)
    return cast(F, decorated)


def output_printer(output: str) -> Printer:
    """The printer for a ``--format`` other than ``json``, on standard output."""
    from bridgescore.render.terminal.output import printer

    return printer(output.lower())


def file_formats(*, written: bool = False, extensions: bool = False) -> str:
    """The formats bridgescore reads (or writes), from the dispatch table, for help texts:
    ``USEBIO, PBN, BBO LIN or traveller CSV``, or their extensions ``.xml, .pbn, .lin, .csv``.

    >>> file_formats(written=True, extensions=True)
    '.xml, .pbn, .csv'
    """
    from bridgescore.formats.dispatch import FORMATS

    known = [f for f in FORMATS.values() if (f.dump if written else f.load) is not None]
    if extensions:
        return ", ".join(f".{f.extensions[0]}" for f in known)
    titles = [f.title for f in known]
    return ", ".join(titles[:-1]) + f" or {titles[-1]}" if len(titles) > 1 else titles[0]


def emit_json(payload: object) -> None:
    """Print one JSON object on standard output."""
    import json

    click.echo(json.dumps(payload, indent=2, ensure_ascii=False))


def say(message: str) -> None:
    """One line for the director on standard error, its control characters shown as escapes
    (a file name or a quoted field never acts on the terminal)."""
    from bridgescore.formats.text import visible

    click.echo(visible(message), err=True)


def warn(message: str) -> None:
    """One warning for the director on standard error (never mixed into tables or JSON)."""
    say(f"warning: {message}")


def input_files() -> list[str]:
    """The files the running command reads (its arguments and options that must exist), which
    nothing it writes may replace."""
    context = click.get_current_context()
    found: list[str] = []
    for param in context.command.params:
        value = context.params.get(param.name or "")
        if isinstance(param.type, click.Path) and param.type.exists and value:
            found.extend(value if isinstance(value, tuple) else [value])
    return found


@contextmanager
def progress_bar(label: str, total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on standard error while deals are analysed (none when it is no
    terminal); yields the function the analysis tells of each batch done."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    console = Console(stderr=True)
    with Progress(
        f"[progress.description]{label}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task(label, total=total)
        yield lambda done: progress.advance(task, done)
