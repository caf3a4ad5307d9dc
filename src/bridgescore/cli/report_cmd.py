"""``bridgescore report FILE --html DIR [--pdf FILE]``: the results site and its PDF, of a pairs
session (``report``) or a teams event (``report-teams``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from bridgescore.cli.options import file_formats
from bridgescore.cli.pairs_options import details_options, scored_event, scoring_options
from bridgescore.cli.teams_options import event_options
from bridgescore.core.teams.event import TeamsEvent
from bridgescore.core.teams.standings import Conditions

F = TypeVar("F", bound=Callable[..., Any])


def _where_options(function: F) -> F:
    """``--html DIR`` and ``--pdf FILE``: where the results pages go."""
    html = click.option(
        "--html",
        "html_dir",
        type=click.Path(file_okay=False),
        help="Write the results site into this directory (created, or replaced if it is a site).",
    )
    pdf = click.option(
        "--pdf",
        "pdf_file",
        type=click.Path(dir_okay=False),
        help="Write the same pages as one PDF file (needs WeasyPrint).",
    )
    return html(pdf(function))


def _need_output(html_dir: str | None, pdf_file: str | None) -> None:
    if html_dir is None and pdf_file is None:
        raise click.UsageError("say where the results go: --html DIR, --pdf FILE or both")


@click.command(
    help=f"""Write the results pages of a pairs session: a static HTML site, a PDF or both.

    FILE is read as by `bridgescore score` ({file_formats()}), with the same scoring options.
    """
)
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@_where_options
@scoring_options
@details_options
def report(file: str, html_dir: str | None, pdf_file: str | None, **options: Any) -> None:
    _need_output(html_dir, pdf_file)
    event = scored_event(file, options)
    if html_dir is not None:
        from bridgescore.render.html import render_site

        index = render_site(event, html_dir)
        click.echo(f"results site: {index}")
    if pdf_file is not None:
        from bridgescore.render.html.pdf import render_pdf

        pages = render_pdf(event, pdf_file)
        click.echo(f"results PDF: {pdf_file} ({pages} pages)")
    for problem in event.session.problems:
        click.echo(f"skipped {problem}", err=True)


@click.command("report-teams")
@event_options
@_where_options
def report_teams(
    event: TeamsEvent, conditions: Conditions, html_dir: str | None, pdf_file: str | None
) -> None:
    """Write the results pages of a teams event: standings, cross table and match sheets.

    FILE and the options are those of `bridgescore teams`.
    """
    _need_output(html_dir, pdf_file)
    table = event.standings(conditions)
    source = click.get_current_context().params.get("file")
    if html_dir is not None:
        from bridgescore.render.html import render_teams_site

        index = render_teams_site(event, table, html_dir, source=source)
        click.echo(f"results site: {index}")
    if pdf_file is not None:
        from bridgescore.render.html import render_teams_book
        from bridgescore.render.html.pdf import write_pdf

        pages = write_pdf(render_teams_book(event, table, source=source), pdf_file)
        click.echo(f"results PDF: {pdf_file} ({pages} pages)")
