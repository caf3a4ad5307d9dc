"""``bridgescore export FILE``: score an event and write it, with its figures, to other formats."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from bridgescore.cli.score_cmd import scored_event, scoring_options
from bridgescore.core.errors import FileFormatError

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
    from bridgescore.formats import pbn, usebio
    from bridgescore.formats.csv import travellers
    from bridgescore.formats.dispatch import input_format
    from bridgescore.formats.scored import pbn_file, usebio_event

    # Every file is built and checked before any is written: all of them or none.
    writes: list[tuple[str, Callable[[], None]]] = []
    if pbn_out:
        scored_pbn = pbn_file(event)
        pbn.dumps(scored_pbn)
        writes.append((pbn_out, lambda: pbn.dump(scored_pbn, pbn_out)))
    if usebio_out:
        original = None
        if input_format(file).name == "xml":  # keep the ids a USEBIO file carries
            original = usebio.load(file, lenient=options["lenient"])
        scored_usebio = usebio_event(event, original)
        usebio.dumps(scored_usebio)
        writes.append((usebio_out, lambda: usebio.dump(scored_usebio, usebio_out)))
    if csv_out:
        travellers.dumps(event.session)
        writes.append((csv_out, lambda: travellers.dump(event.session, csv_out)))
    for path, _ in writes:
        folder = Path(path).resolve().parent
        if not folder.is_dir():
            raise FileFormatError(
                path, None, f"cannot write: the directory {folder} does not exist"
            )
    for path, write in writes:
        write()
        click.echo(f"wrote {path}")
