"""``bridgescore convert IN OUT``: results and deals from one file format to another."""

from __future__ import annotations

import click

from bridgescore.cli.options import file_formats, warn
from bridgescore.formats import dispatch


@click.command(
    help=f"""Convert IN to OUT, results and deals: reads {file_formats()}; writes
    {file_formats(written=True)}.

    IN's format comes from its extension ({file_formats(extensions=True)}), else from its
    content; OUT's from its extension ({file_formats(written=True, extensions=True)}). OUT is
    written completely or not at all. Warnings go to standard error; LIN problems are always
    warnings, but for a name or note with a control character (refused unless --lenient).
    """
)
@click.argument("source", metavar="IN", type=click.Path(exists=True, dir_okay=False))
@click.argument("target", metavar="OUT", type=click.Path(dir_okay=False))
@click.option(
    "--lenient",
    is_flag=True,
    help="Skip what cannot be read and report it as warnings, instead of stopping.",
)
def convert(source: str, target: str, lenient: bool) -> None:
    done = dispatch.convert(source, target, lenient=lenient)
    for problem in done.problems:
        warn(str(problem))
    warnings = len(done.problems)
    tail = f", {warnings} warning{'' if warnings == 1 else 's'}" if warnings else ""
    click.echo(
        f"{source} ({done.source.title}) -> {target} ({done.target.title}): {done.written}{tail}"
    )
