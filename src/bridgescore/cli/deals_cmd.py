"""``bridgescore deals ...``: hand records. ``analyse`` adds the double-dummy tables and par,
``convert`` moves deals between PBN, LIN and the dealing machines' files, ``print`` lays out the
hand-record sheets; ``generate`` and ``verify`` (in :mod:`.dealing_cmd`) deal sets."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click

from bridgescore.cli.dealing_cmd import generate, verify

_IN = click.Path(exists=True, dir_okay=False)
_OUT = click.Path(dir_okay=False)


def _formats(*, written: bool) -> str:
    from bridgescore.formats.hands import FORMATS

    return ", ".join(
        f".{f.extensions[0]}" for f in FORMATS.values() if (f.dump if written else f.load)
    )


@click.group()
def deals() -> None:
    """Hand records: deal sets of boards, analyse them double dummy, convert and print them."""


deals.add_command(generate)
deals.add_command(verify)


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


@deals.command(
    help=f"""Add every deal's double-dummy table (20 results) and par to a hand record.

    IN is a hand record ({_formats(written=False)}); OUT is PBN, with the tags
    OptimumResultTable, DoubleDummyTricks, OptimumScore and ParContract, and every other tag of
    IN kept. Deals that have a table already keep it: the file is the cache.
    """
)
@click.argument("source", metavar="IN", type=_IN)
@click.argument("target", metavar="OUT", type=_OUT)
@click.option("--again", is_flag=True, help="Analyse every deal, even those that have a table.")
@click.option("--lenient", is_flag=True, help="Skip what cannot be read, with a warning.")
def analyse(source: str, target: str, again: bool, lenient: bool) -> None:
    import time

    from bridgescore.events.hands import analyse_file
    from bridgescore.formats import hands

    total = len(hands.load(source, lenient=lenient).records)
    started = time.perf_counter()
    with progress_bar("double dummy", total) as advance:
        done = analyse_file(source, target, progress=advance, again=again, lenient=lenient)
    for problem in done.problems:
        click.echo(f"warning: {problem}", err=True)
    seconds = time.perf_counter() - started
    kept = f", {done.kept} kept their table" if done.kept else ""
    click.echo(f"{target}: {done.analysed} deals analysed{kept}")
    if done.analysed:
        click.echo(f"double dummy: {seconds:.1f} s", err=True)


@deals.command(
    help=f"""Convert a hand record from one format to another.

    IN's format comes from its extension ({_formats(written=False)}); OUT's likewise
    ({_formats(written=True)}). BRI and DGE hold boards 1, 2, 3... without numbers, DUP and DLM
    a run of boards one after another; only PBN keeps the double-dummy analysis.
    """
)
@click.argument("source", metavar="IN", type=_IN)
@click.argument("target", metavar="OUT", type=_OUT)
@click.option("--lenient", is_flag=True, help="Skip what cannot be read, with a warning.")
def convert(source: str, target: str, lenient: bool) -> None:
    from bridgescore.events.hands import convert_file

    done = convert_file(source, target, lenient=lenient)
    for problem in done.problems:
        click.echo(f"warning: {problem}", err=True)
    click.echo(
        f"{source} ({done.source.title}) -> {target} ({done.target.title}): {done.count} deals"
    )
