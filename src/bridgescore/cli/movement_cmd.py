"""``bridgescore movement ...``: make a movement (Mitchell, Howell), print it or its JSON, check
a movement file, show a named movement of the library or the movement of a file (a Bridgemate
BWS's), print its table and guide cards, list the library's named movements."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from bridgescore.cli.options import emit_json, json_option
from bridgescore.core.movements.movement import Movement

F = TypeVar("F", bound=Callable[..., Any])

_OUT = click.Path(dir_okay=False, writable=True)


def _size_options(function: F) -> F:
    """``--boards``, ``--rounds``, ``--json`` and ``--out``, shared by the generators."""
    options = [
        click.option(
            "--boards",
            type=click.IntRange(min=1),
            help="Boards each pair plays (default: what a director would choose).",
        ),
        click.option(
            "--rounds", type=click.IntRange(min=1), help="Play this many rounds (curtailed)."
        ),
        json_option,
        click.option("--out", type=_OUT, help="Write the movement's JSON to this file."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def _show(movement: Movement, as_json: bool, out: str | None) -> None:
    if out is not None:
        from bridgescore.formats import movement as movement_file

        movement_file.dump(movement, out)
        click.echo(f"wrote {out}")
        return
    if as_json:
        click.echo(movement.to_json())
        return
    from bridgescore.render.terminal.console import console
    from bridgescore.render.terminal.movements import print_movement

    print_movement(movement, console())


@click.group()
def movement() -> None:
    """Make, check and print movements: who plays whom, where, on which boards."""


@movement.command()
@click.option(
    "--tables", required=True, help="Tables: 7, or 7.5 for a half table (a phantom pair)."
)
@click.option(
    "--style",
    type=click.Choice(["auto", "standard", "skip", "relay", "web"]),
    default="auto",
    show_default=True,
    help="Standard (odd tables), skip, share-and-relay or web (even); auto: standard or skip.",
)
@click.option(
    "--rover", is_flag=True, help="A late pair plays NS in place of a different pair each round."
)
@click.option(
    "--winners",
    type=click.Choice(["1", "2"]),
    default="2",
    show_default=True,
    help="1: EW pairs numbered on from NS, rounds arrow-switched, everybody ranked together.",
)
@_size_options
def mitchell(
    tables: str,
    style: str,
    rover: bool,
    winners: str,
    boards: int | None,
    rounds: int | None,
    as_json: bool,
    out: str | None,
) -> None:
    """A Mitchell: NS pairs stay, EW pairs move up one table, the boards down one."""
    from bridgescore.events.movements import make_movement

    made = make_movement(
        "mitchell",
        tables=tables,
        boards=boards,
        rounds=rounds,
        style=style,
        winners=int(winners),
        rover=rover,
    )
    _show(made, as_json, out)


@movement.command()
@click.option("--tables", required=True, help="Tables: 3 to 15, or 4.5 for a half table.")
@_size_options
def howell(
    tables: str, boards: int | None, rounds: int | None, as_json: bool, out: str | None
) -> None:
    """A Howell: every pair meets every other (complete), or fewer rounds (curtailed)."""
    from bridgescore.events.movements import make_movement

    _show(make_movement("howell", tables=tables, boards=boards, rounds=rounds), as_json, out)


@movement.command("individual")
@click.option("--players", required=True, type=click.IntRange(4, 20), help="Players: 4 to 20.")
@_size_options
def individual_movement(
    players: int, boards: int | None, rounds: int | None, as_json: bool, out: str | None
) -> None:
    """An individual movement: four players a table, every player partnering every other."""
    from bridgescore.core.movements.individual import individual

    _show(individual(players, boards=boards, rounds=rounds), as_json, out)


@movement.command("teams")
@click.option("--teams", "count", required=True, type=click.IntRange(3, 20), help="Teams: 3 to 20.")
@click.option(
    "--style",
    type=click.Choice(["auto", "round-robin", "multiple"]),
    default="auto",
    show_default=True,
    help="A round robin of two-table matches, or multiple teams (two half-matches a round, "
    "many short matches); auto: multiple for 3 teams, else a round robin.",
)
@click.option("--multiple", is_flag=True, help="Multiple teams: the same as --style multiple.")
@click.option(
    "--boards-per-match",
    type=click.IntRange(min=1),
    help="Boards of each match (a round's), instead of --boards.",
)
@_size_options
def teams_movement(
    count: int,
    style: str,
    multiple: bool,
    boards_per_match: int | None,
    boards: int | None,
    rounds: int | None,
    as_json: bool,
    out: str | None,
) -> None:
    """A team movement: who plays whom in each round, on two tables (rooms) a match."""
    from bridgescore.core.movements.teams import teams

    chosen = "multiple" if multiple else style
    made = teams(count, style=chosen, boards=boards, rounds=rounds, per_match=boards_per_match)  # type: ignore[arg-type]
    _show(made, as_json, out)


@movement.command("list")
@json_option
def list_movements(as_json: bool) -> None:
    """The library's named movements (for movement show, cards and the session file)."""
    from bridgescore.core.movements.library import LIBRARY

    if as_json:
        emit_json(
            [
                {"name": e.name, "tables": e.tables, "rounds": e.rounds, "about": e.about}
                for e in LIBRARY.values()
            ]
        )
        return
    from bridgescore.render.terminal.console import console
    from bridgescore.render.terminal.movements import library_table

    console().print(library_table(LIBRARY.values()))


@movement.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@json_option
def check(file: str, as_json: bool) -> None:
    """Check a movement file: the hard rules, who meets whom, the comparison balance."""
    from bridgescore.core.movements.check import check_movement
    from bridgescore.formats import movement as movement_file

    report = check_movement(movement_file.load(file))
    if as_json:
        emit_json(report.to_dict())
    else:
        for line in report.lines():
            click.echo(line)
    if not report.ok:
        from bridgescore.core.errors import MovementError

        count = len(report.problems)
        raise MovementError(f"{file} breaks the hard rules ({count} problem{'s' * (count != 1)})")


@movement.command()
@click.argument("movement_spec", metavar="MOVEMENT")
@click.option("--section", help="Of a file of several sections, this one (by letter).")
@click.option(
    "--boards",
    type=click.IntRange(min=1),
    help="With a name: boards each pair plays (default: the usual for its rounds).",
)
@click.option(
    "--tables", help="With a name: a half table, the named movement's tables less a half (8.5)."
)
@json_option
@click.option("--out", type=_OUT, help="Write the movement's JSON to this file.")
def show(
    movement_spec: str,
    section: str | None,
    boards: int | None,
    tables: str | None,
    as_json: bool,
    out: str | None,
) -> None:
    """Print a movement: a named one of the library (movement list), or the movement of a file
    (a movement file, .json, or a Bridgemate file, .bws, each section's): its rounds, tables,
    pairs and boards, and what the checker says of it."""
    from bridgescore.events.movements import make_movement, movements_in

    if not Path(movement_spec).exists():
        _show(make_movement(movement_spec, tables=tables, boards=boards), as_json, out)
        return
    found = movements_in(movement_spec, section)
    if (as_json or out) and len(found) > 1:
        letters = ", ".join(str(letter) for letter in found)
        raise click.UsageError(f"{movement_spec} has sections {letters}: say which with --section")
    for letter, made in found.items():
        if letter is not None and not (as_json or out):
            click.echo(f"Section {letter}")
        _show(made, as_json, out)


@movement.command()
@click.argument("movement_spec", metavar="MOVEMENT")
@click.option("--tables", help="With a movement name: the tables (7, or 7.5).")
@click.option("--boards", type=click.IntRange(min=1), help="With a name: boards each pair plays.")
@click.option("--rounds", type=click.IntRange(min=1), help="With a name: the rounds played.")
@click.option("--title", help="The title on every card (default: the movement's).")
@click.option(
    "--html",
    "html_dir",
    type=click.Path(file_okay=False),
    help="Write the cards as a web page into this directory.",
)
@click.option(
    "--pdf", "pdf_file", type=click.Path(dir_okay=False), help="Write the cards as a PDF."
)
@click.option(
    "--per-page",
    type=click.Choice(["4", "2", "1"]),
    default="4",
    show_default=True,
    help="Cards to an A4 page, printed or in the PDF.",
)
def cards(
    movement_spec: str,
    tables: str | None,
    boards: int | None,
    rounds: int | None,
    title: str | None,
    html_dir: str | None,
    pdf_file: str | None,
    per_page: str,
) -> None:
    """Table cards (one a table) and guide cards (one a pair), as HTML and PDF.

    MOVEMENT is a movement file (.json) or a name (mitchell, howell, ...) with --tables.
    """
    if html_dir is None and pdf_file is None:
        raise click.UsageError("say where the cards go: --html DIR, --pdf FILE or both")
    from bridgescore.events.movements import movement_named

    made = movement_named(movement_spec, tables=tables, boards=boards, rounds=rounds)
    if html_dir is not None:
        from bridgescore.render.html.cards import render_cards

        written = render_cards(
            made, html_dir, title=title, inputs=[movement_spec], per_page=int(per_page)
        )
        click.echo(f"cards: {written}")
    if pdf_file is not None:
        from bridgescore.render.html.cards import render_cards_pdf

        pages = render_cards_pdf(
            made, pdf_file, title=title, inputs=[movement_spec], per_page=int(per_page)
        )
        click.echo(f"cards PDF: {pdf_file} ({pages} pages)")
