"""Options and helpers shared by several commands."""

from __future__ import annotations

__all__ = ["emit_json", "file_formats", "json_option", "progress_bar"]

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


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
