"""``bridgescore report FILE --html DIR [--pdf FILE]``: the results site and its PDF of a pairs
session (a teams event's are ``report-teams``'s)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import click

from bridgescore.cli.options import file_formats, info_options, input_files
from bridgescore.cli.pairs_options import scored_event, scoring_options
from bridgescore.cli.report_options import (
    analysed_session,
    check_options,
    checked_session,
    need_output,
    where_options,
)
from bridgescore.core.table.traveller import EventInfo


@click.command(
    help=f"""Write the results pages of a pairs session: a static HTML site, a PDF or both.

    FILE is read as by `bridgescore score` ({file_formats()}), with the same scoring options.
    The double-dummy figures the hand record stores are checked against its deals (a sample,
    or every board with --check-dd) when the solver is installed: a wrong board is warned
    about and shown with the solver's figures.
    """
)
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@where_options
@info_options
@click.option(
    "--no-analysis",
    is_flag=True,
    help="Do not analyse double dummy the deals that the hand record has no analysis of (nor "
    "check the analysis it has).",
)
@check_options
@scoring_options
def report(
    file: str,
    html_dir: str | None,
    pdf_file: str | None,
    info: EventInfo | None,
    no_analysis: bool,
    check_dd: bool,
    keep_stored: bool,
    **options: Any,
) -> None:
    need_output(html_dir, pdf_file)
    event = scored_event(file, options, info=info)
    if not no_analysis:
        source = options["hands"] or file
        session = checked_session(event.session, source, check_dd, keep_stored)
        event = replace(event, session=analysed_session(session))
    if html_dir is not None:
        from bridgescore.render.html import render_site

        index = render_site(event, html_dir, inputs=input_files())
        click.echo(f"results site: {index}")
    if pdf_file is not None:
        from bridgescore.render.html.pdf import render_pdf

        pages = render_pdf(event, pdf_file, inputs=input_files())
        click.echo(f"results PDF: {pdf_file} ({pages} pages)")
