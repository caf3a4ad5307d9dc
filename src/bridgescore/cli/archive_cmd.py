"""``bridgescore archive score DATASET``: an archive of pairs events scored on a Dask cluster."""

from __future__ import annotations

import click

from bridgescore.cli.extras import require
from bridgescore.cli.pairs_options import preset_option
from bridgescore.core.pairs.rules import PairsMethod, PairsRules


@click.group()
def archive() -> None:
    """Archives of many events: partitioned Parquet datasets scored on a Dask cluster."""
    require("scale", "bridgescore archive")


@archive.command("score")
@click.argument("dataset", type=click.Path(exists=True))
@click.option(
    "--out",
    required=True,
    type=click.Path(),
    help="Output directory: new, empty or an earlier run's output (replaced when all is written).",
)
@click.option(
    "--scheduler",
    default="local",
    show_default=True,
    help="Dask scheduler address (tcp://host:8786), or 'local' for two workers on this machine.",
)
@click.option(
    "--dashboard",
    is_flag=True,
    help="With --scheduler local: serve Dask's dashboard on 127.0.0.1 (a free port; its "
    "address is printed on standard error). Off by default.",
)
@click.option(
    "--method",
    type=click.Choice([m.value for m in PairsMethod]),
    default="mp",
    show_default=True,
    help="How results on a board are compared.",
)
@preset_option
def score_archive_command(
    dataset: str, out: str, scheduler: str, dashboard: bool, method: str, preset: str
) -> None:
    """Score every event of DATASET (traveller columns plus event) and write lines and rankings.

    OUT gets lines/part-N.parquet (every line, all its columns, and its points) and
    rankings.parquet (each field of each event).
    """
    from bridgescore import score_archive

    if dashboard and scheduler != "local":
        raise click.UsageError("--dashboard is for --scheduler local (a scheduler serves its own)")
    result = score_archive(
        dataset,
        out,
        scheduler=scheduler,
        rules=PairsRules.preset(preset, method=PairsMethod(method)),
        dashboard=(lambda link: click.echo(f"Dask dashboard: {link}", err=True))
        if dashboard
        else None,
    )
    click.echo(f"{result.events} events, {result.lines} results scored into {result.out}")
