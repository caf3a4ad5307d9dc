"""``bridgescore convert IN OUT``: results and deals from one file format to another."""

from __future__ import annotations

import click

from bridgescore.formats import dispatch


@click.command()
@click.argument("source", metavar="IN", type=click.Path(exists=True, dir_okay=False))
@click.argument("target", metavar="OUT", type=click.Path(dir_okay=False))
@click.option(
    "--lenient",
    is_flag=True,
    help="Skip what cannot be read and report it as warnings, instead of stopping.",
)
def convert(source: str, target: str, lenient: bool) -> None:
    """Convert IN to OUT: travellers (CSV), PBN and BBO LIN files.

    IN's format comes from its extension (.csv, .pbn, .lin), else from its content; OUT's from
    its extension (.pbn, .csv). OUT is written completely or not at all. Warnings go to
    standard error; LIN problems are always warnings.
    """
    done = dispatch.convert(source, target, lenient=lenient)
    for problem in done.problems:
        click.echo(f"warning: {problem}", err=True)
    warnings = len(done.problems)
    tail = f", {warnings} warning{'' if warnings == 1 else 's'}" if warnings else ""
    click.echo(
        f"{source} ({done.source.title}) -> {target} ({done.target.title}): {done.written}{tail}"
    )
