"""``bridgescore report-teams FILE --html DIR [--pdf FILE]``: the results site and its PDF of a
teams event (its own module, so that a pairs ``report`` does not load the teams engine)."""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import TYPE_CHECKING

import click

from bridgescore.cli.options import info_options, input_files
from bridgescore.cli.report_options import analysed_session, need_output, where_options
from bridgescore.cli.teams_options import event_options
from bridgescore.core.table.traveller import EventInfo

if TYPE_CHECKING:
    from bridgescore.core.teams.event import TeamsEvent
    from bridgescore.core.teams.standings import Conditions


@click.command("report-teams")
@event_options
@where_options
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
    need_output(html_dir, pdf_file)
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
            record = analysed_session(record)
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
