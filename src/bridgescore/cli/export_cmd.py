"""``bridgescore export FILE``: score an event and write it, with its figures, to other formats."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import click

from bridgescore.cli.options import info_options, input_files
from bridgescore.cli.pairs_options import scored_event, scoring_options
from bridgescore.cli.report_options import check_options, checked_session

if TYPE_CHECKING:
    from bridgescore.core.table.traveller import EventInfo

_FILE = click.Path(exists=True, dir_okay=False)
_OUT = click.Path(dir_okay=False, writable=True)


@click.command()
@click.argument("file", type=_FILE)
@click.option("--usebio", "usebio_out", type=_OUT, help="Write USEBIO 1.2 XML with our figures.")
@click.option(
    "--pbn", "pbn_out", type=_OUT, help="Write PBN with ScoreTables and a TotalScoreTable."
)
@click.option("--csv", "csv_out", type=_OUT, help="Write the travellers as CSV.")
@info_options
@check_options
@scoring_options
def export(
    file: str,
    usebio_out: str | None,
    pbn_out: str | None,
    csv_out: str | None,
    info: EventInfo | None,
    check_dd: bool,
    keep_stored: bool,
    **options: Any,
) -> None:
    """Score FILE and write the scored event to each file asked for (the double-dummy figures
    the hand record stores checked against its deals, as ``report`` checks them)."""
    if not (usebio_out or pbn_out or csv_out):
        raise click.UsageError("say where to write: --usebio FILE, --pbn FILE or --csv FILE")
    event = scored_event(file, options, info=info)
    session = checked_session(event.session, options["hands"] or file, check_dd, keep_stored)
    event = replace(event, session=session)
    from bridgescore.events.files import prepare_export

    # Every file is built and checked before any is written: all of them or none.
    exports = prepare_export(
        event,
        usebio=usebio_out,
        pbn=pbn_out,
        csv=csv_out,
        source=file,
        lenient=options["lenient"],
        inputs=input_files(),
    )
    for written in exports:
        written.write()
        click.echo(f"wrote {written.path}")
