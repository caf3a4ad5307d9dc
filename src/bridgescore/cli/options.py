"""Options and helpers shared by several commands."""

from __future__ import annotations

__all__ = [
    "WholeNumber",
    "emit_json",
    "file_formats",
    "input_files",
    "json_option",
    "say",
    "warn",
]

import json
from collections.abc import Callable
from typing import Any, TypeVar

import click

from bridgescore.core.errors import quoted
from bridgescore.core.numbers import parse_count

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
        "--json", "as_json", is_flag=True, help="Print one JSON object instead of tables."
    )(function)


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
