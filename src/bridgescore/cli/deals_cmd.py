"""``bridgescore deals ...``: hand records. ``analyse`` adds the double-dummy tables and par,
``convert`` moves deals between PBN, LIN and the dealing machines' files, ``print`` lays out the
hand-record sheets; ``generate`` and ``verify`` (in :mod:`.dealing_cmd`) deal sets."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from bridgescore.cli.dealing_cmd import generate, verify
from bridgescore.cli.extras import require
from bridgescore.cli.options import progress_bar, warn
from bridgescore.cli.report_options import check_options

if TYPE_CHECKING:
    from bridgescore.formats.hands import HandRecords

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


def _checked(read: HandRecords, source: str, every: bool, keep: bool) -> tuple[HandRecords, int]:
    """The hand records with the double-dummy figures the file stores checked (a sample, or
    ``every`` board), each wrong board warned about and given the solver's unless ``keep``;
    and how many were given the solver's."""
    from bridgescore.events.hands import check_stored, stored

    todo = len(stored(read.records))
    if not todo:
        return read, 0
    with progress_bar("checking double dummy", todo) as advance:
        done = check_stored(read.records, source=source, every=every, keep=keep, progress=advance)
    for message in done.warnings:
        warn(message)
    mended = sum(1 for old, new in zip(read.records, done.records, strict=True) if old != new)
    return read.with_records(done.records), mended


@deals.command(
    help=f"""Add every deal's double-dummy table (20 results) and par to a hand record.

    IN is a hand record ({_formats(written=False)}); OUT is PBN, with the tags
    OptimumResultTable, DoubleDummyTricks, OptimumScore and ParContract, and every other tag of
    IN kept. Deals that have a table already keep it (the file is the cache), once a sample of
    them (every one with --check-dd) is checked against the solver: a wrong one is warned
    about and analysed afresh.
    """
)
@click.argument("source", metavar="IN", type=_IN)
@click.argument("target", metavar="OUT", type=_OUT)
@click.option("--again", is_flag=True, help="Analyse every deal, even those that have a table.")
@click.option("--lenient", is_flag=True, help="Skip what cannot be read, with a warning.")
@check_options
def analyse(
    source: str, target: str, again: bool, lenient: bool, check_dd: bool, keep_stored: bool
) -> None:
    import time

    from bridgescore.events.hands import analyse_records

    require("dd", "bridgescore deals analyse")
    from bridgescore.formats import hands

    read = hands.load(source, lenient=lenient)
    started = time.perf_counter()
    mended = 0
    if not again:
        read, mended = _checked(read, source, check_dd, keep_stored)
    total = sum(1 for record in read.records if again or not record.analysed)
    with progress_bar("double dummy", total) as advance:
        done = analyse_records(read, target, progress=advance, again=again)
    for problem in done.problems:
        click.echo(f"warning: {problem}", err=True)
    seconds = time.perf_counter() - started
    analysed, kept_count = done.analysed + mended, done.kept - mended
    kept = f", {kept_count} kept their table" if kept_count else ""
    click.echo(f"{target}: {analysed} deals analysed{kept}")
    if analysed:
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


@deals.command("print")
@click.argument("source", metavar="IN", type=_IN)
@click.option("--pdf", "pdf_file", type=_OUT, help="Write the sheets as a PDF (A4).")
@click.option(
    "--html",
    "html_dir",
    type=click.Path(file_okay=False),
    help="Write the sheets as a web page here.",
)
@click.option(
    "--per-page",
    type=click.Choice(["4", "6"]),
    default="4",
    show_default=True,
    help="Boards on each A4 page.",
)
@click.option(
    "--grid", is_flag=True, help="Show the 4x5 double-dummy grid, not the makeable contracts."
)
@click.option(
    "--title", help='The title on each page (default: the file\'s event, else "Hand record").'
)
@click.option(
    "--no-analysis",
    is_flag=True,
    help="Do not analyse deals the file has no analysis of (nor check the analysis it has).",
)
@check_options
def print_sheets(
    source: str,
    pdf_file: str | None,
    html_dir: str | None,
    per_page: str,
    grid: bool,
    title: str | None,
    no_analysis: bool,
    check_dd: bool,
    keep_stored: bool,
) -> None:
    """Print a hand record: four or six boards an A4 page, each with its diagram, dealer and
    vulnerability, high-card points, makeable contracts (or the double-dummy grid) and par.

    IN is a hand record in any format; deals it has no analysis of are analysed first (when
    endplay is installed), unless --no-analysis; the analysis it stores is checked first (a
    sample, or every board with --check-dd).
    """
    from dataclasses import replace

    from bridgescore.events.hands import analyse_missing, unanalysed
    from bridgescore.fast.double_dummy import available
    from bridgescore.formats import hands
    from bridgescore.render.html.handsheet import (
        render_sheets_html,
        render_sheets_pdf,
        sheet_model,
    )

    if pdf_file is None and html_dir is None:
        raise click.UsageError("say where the sheets go: --pdf FILE, --html DIR or both")
    if pdf_file is not None:
        require("pdf", "--pdf")
    read = hands.load(source)
    if not no_analysis:
        read, _ = _checked(read, source, check_dd, keep_stored)
    todo = unanalysed(read.records)
    if todo and not no_analysis and available():
        with progress_bar("double dummy", todo) as advance:
            read = analyse_missing(read, advance)
        click.echo(f"analysed {todo} deal{'' if todo == 1 else 's'} double dummy", err=True)
    if title:
        read = replace(read, title=title)
    model = sheet_model(read, per_page=int(per_page), grid=grid)
    if pdf_file is not None:
        pages = render_sheets_pdf(model, pdf_file, inputs=[source])
        click.echo(f"hand record PDF: {pdf_file} ({pages} page{'' if pages == 1 else 's'})")
    if html_dir is not None:
        click.echo(f"hand record page: {render_sheets_html(model, html_dir, inputs=[source])}")
