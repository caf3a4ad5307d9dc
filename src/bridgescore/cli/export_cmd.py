"""``bridgescore export FILE``: score an event and write it, with its figures, to other formats."""

from __future__ import annotations

from typing import Any

import click

from bridgescore.cli.score_cmd import scored_event, scoring_options

_FILE = click.Path(exists=True, dir_okay=False)
_OUT = click.Path(dir_okay=False, writable=True)


@click.command()
@click.argument("file", type=_FILE)
@click.option("--usebio", "usebio_out", type=_OUT, help="Write USEBIO 1.2 XML with our figures.")
@click.option(
    "--pbn", "pbn_out", type=_OUT, help="Write PBN with ScoreTables and a TotalScoreTable."
)
@click.option("--csv", "csv_out", type=_OUT, help="Write the travellers as CSV.")
@scoring_options
def export(
    file: str, usebio_out: str | None, pbn_out: str | None, csv_out: str | None, **options: Any
) -> None:
    """Score FILE and write the scored event to each file asked for."""
    if not (usebio_out or pbn_out or csv_out):
        raise click.UsageError("say where to write: --usebio FILE, --pbn FILE or --csv FILE")
    event = scored_event(file, options)
    if pbn_out:
        from bridgescore.formats import pbn
        from bridgescore.formats.scored import pbn_file

        pbn.dump(pbn_file(event), pbn_out)
        click.echo(f"wrote {pbn_out}")
    if usebio_out:
        from bridgescore.formats import usebio
        from bridgescore.formats.scored import usebio_event

        usebio.dump(usebio_event(event), usebio_out)
        click.echo(f"wrote {usebio_out}")
    if csv_out:
        from bridgescore.formats import traveller_csv

        traveller_csv.dump(event.session, csv_out)
        click.echo(f"wrote {csv_out}")
