"""``bridgescore report FILE --html DIR [--pdf FILE]``: the results site and its PDF."""

from __future__ import annotations

from typing import Any

import click

from bridgescore.cli.score_cmd import scored_event, scoring_options


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--html",
    "html_dir",
    type=click.Path(file_okay=False),
    help="Write the results site into this directory (created, or replaced if it is a site).",
)
@click.option(
    "--pdf",
    "pdf_file",
    type=click.Path(dir_okay=False),
    help="Write the same pages as one PDF file (needs WeasyPrint).",
)
@scoring_options
def report(file: str, html_dir: str | None, pdf_file: str | None, **options: Any) -> None:
    """Write the results pages of a pairs session: a static HTML site, a PDF or both.

    FILE is read as by `bridgescore score` (traveller CSV or USEBIO XML), with the same
    scoring options.
    """
    if html_dir is None and pdf_file is None:
        raise click.UsageError("say where the results go: --html DIR, --pdf FILE or both")
    event = scored_event(file, options)
    if html_dir is not None:
        from bridgescore.render.html import render_site

        index = render_site(event, html_dir)
        click.echo(f"results site: {index}")
    if pdf_file is not None:
        from bridgescore.render.pdf import render_pdf

        pages = render_pdf(event, pdf_file)
        click.echo(f"results PDF: {pdf_file} ({pages} pages)")
    for problem in event.session.problems:
        click.echo(f"skipped {problem}", err=True)
