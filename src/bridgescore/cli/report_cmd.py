"""``bridgescore report FILE --html DIR [--pdf FILE]``: the results site and its PDF, of a pairs
session (``report``) or a teams event (``report-teams``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, replace
from typing import TYPE_CHECKING, Any, TypeVar

import click

from bridgescore.cli.options import file_formats, info_options, input_files, progress_bar
from bridgescore.cli.pairs_options import scored_event, scoring_options
from bridgescore.cli.teams_options import event_options
from bridgescore.core.table.traveller import EventInfo, Session

if TYPE_CHECKING:  # (a pairs report does not import the teams engine)
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
@info_options
@click.option(
    "--no-analysis",
    is_flag=True,
    help="Do not analyse double dummy the deals that the hand record has no analysis of.",
)
@scoring_options
def report(
    file: str,
    html_dir: str | None,
    pdf_file: str | None,
    info: EventInfo | None,
    no_analysis: bool,
    **options: Any,
) -> None:
    _need_output(html_dir, pdf_file)
    event = scored_event(file, options, info=info)
    if not no_analysis:
        event = replace(event, session=_analysed_session(event.session))
    if html_dir is not None:
        from bridgescore.render.html import render_site

        index = render_site(event, html_dir, inputs=input_files())
        click.echo(f"results site: {index}")
    if pdf_file is not None:
        from bridgescore.render.html.pdf import render_pdf

        pages = render_pdf(event, pdf_file, inputs=input_files())
        click.echo(f"results PDF: {pdf_file} ({pages} pages)")


def _analysed_session(session: Session) -> Session:
    """The session with the double-dummy analysis of every deal its hand record lacks one of,
    worked out once here (with a progress bar) when endplay is installed."""
    from bridgescore.fast.double_dummy import available

    todo = [b for b, d in session.deals.items() if d.is_complete and b not in session.double_dummy]
    if not todo or not available():
        return session
    from bridgescore.events.hands import analyse_session

    with progress_bar("double dummy", len(todo)) as advance:
        session, count = analyse_session(session, advance)
    deals = "deal" if count == 1 else "deals"
    click.echo(
        f"analysed {count} {deals} double dummy for the pages (the hand record has no "
        "analysis; bridgescore deals analyse keeps one)",
        err=True,
    )
    return session


@click.command("report-teams")
@event_options
@_where_options
@info_options
@click.option(
    "--hands",
    type=click.Path(exists=True, dir_okay=False),
    help="Hand records: the hands and their analysis on a page for each board.",
)
@click.option(
    "--no-analysis",
    is_flag=True,
    help="Do not analyse double dummy the deals that the hand record has no analysis of.",
)
def report_teams(
    event: TeamsEvent,
    conditions: Conditions,
    html_dir: str | None,
    pdf_file: str | None,
    info: EventInfo | None,
    hands: str | None,
    no_analysis: bool,
) -> None:
    """Write the results pages of a teams event: standings, cross table, match sheets and the
    travellers to download, and with --hands a page for each board (hands, double-dummy
    analysis, every table's result against par).

    FILE and the options are those of `bridgescore teams`.
    """
    _need_output(html_dir, pdf_file)
    table = event.standings(conditions)
    source = click.get_current_context().params.get("file")
    record = None
    if hands is not None:
        from bridgescore.events.hands import hand_record, missing_from_hand_record

        record = hand_record(hands)
        played = {board.number for p in event.played for board in p.match.boards}
        missing = missing_from_hand_record(played, record.deals, hands)
        if missing:
            click.echo(f"warning: {missing}", err=True)
        if not no_analysis:
            record = _analysed_session(record)
        given = {name: value for name, value in asdict(info).items() if value} if info else {}
        info = replace(record.info, **given)  # the options over the hand record's details
    if html_dir is not None:
        from bridgescore.render.html import render_teams_site

        index = render_teams_site(
            event, table, html_dir, info=info, hands=record, source=source, inputs=input_files()
        )
        click.echo(f"results site: {index}")
    if pdf_file is not None:
        from bridgescore.render.html import render_teams_book
        from bridgescore.render.html.pdf import write_pdf

        book = render_teams_book(event, table, info=info, hands=record)
        pages = write_pdf(book, pdf_file, inputs=input_files())
        click.echo(f"results PDF: {pdf_file} ({pages} pages)")
