"""``bridgescore session new FILE`` (a starter session file from a few questions or flags) and
``bridgescore session schema`` (the session file's JSON Schema)."""

from __future__ import annotations

import sys

import click

_OUT = click.Path(dir_okay=False, writable=True)


@click.group()
def session() -> None:
    """Session files: who, when, the sections and their movements, the rules, the results."""


def _ask(value: str | None, question: str, default: str | None) -> str | None:
    """The flag's value, else the answer to ``question`` when someone is at the keyboard."""
    if value is not None:
        return value
    if sys.stdin.isatty():
        answer = click.prompt(question, default=default or "", show_default=bool(default))
        return str(answer).strip() or None
    return default


@session.command()
@click.argument("file", type=_OUT)
@click.option("--club", help="The club's name.")
@click.option("--title", help="The session's title.")
@click.option("--date", help="The date of the session.")
@click.option("--director", help="The tournament director.")
@click.option("--tables", help="Tables in each section: 7, or 7.5 for a half table.")
@click.option(
    "--movement", help="mitchell, mitchell-skip, mitchell-relay, mitchell-arrow, howell, or a file."
)
@click.option("--boards", help="The boards each section plays, as a range: 1-28.")
@click.option(
    "--sections", type=click.IntRange(1, 26), default=1, show_default=True, help="How many."
)
@click.option("--results", help="The results file, relative to the session file.")
@click.option("--force", is_flag=True, help="Write over FILE if it is there.")
def new(
    file: str,
    club: str | None,
    title: str | None,
    date: str | None,
    director: str | None,
    tables: str | None,
    movement: str | None,
    boards: str | None,
    sections: int,
    results: str | None,
    force: bool,
) -> None:
    """Write a starter session file: flags not given are asked (at a keyboard) or left out."""
    from pathlib import Path

    from bridgescore.formats import session as session_file
    from bridgescore.formats.atomic import write_text_atomic
    from bridgescore.formats.session import SectionEntry, SessionFile

    target = Path(file)
    if target.exists() and not force:
        raise click.UsageError(f"{file} is there already: say --force to write over it")
    details = {
        "club": _ask(club, "Club", None),
        "title": _ask(title, "Title", "Pairs"),
        "date": _ask(date, "Date", None),
        "director": _ask(director, "Director", None),
    }
    count = _ask(tables, "Tables in each section", "7") or "7"
    named = _ask(movement, "Movement", "mitchell") or "mitchell"
    played = _ask(boards, "Boards (a range such as 1-28, or nothing for the default)", None)
    letters = [chr(ord("A") + n) for n in range(sections)] if sections > 1 else [None]
    span = None
    if played:
        first, _, last = played.partition("-")
        span = (int(first), int(last)) if first.isdigit() and last.isdigit() else (0, 0)
    made = SessionFile(
        file,
        target.parent,
        results=(_ask(results, "Results file", "results.csv") or "results.csv",),
        scoring={"rules": "ebu"},
        sections=tuple(SectionEntry(letter, count, named, span) for letter in letters),
        **{k: v for k, v in details.items() if v},
    )
    text = session_file.dumps(made)
    session_file.loads(text, source=file)  # the answers are checked as the file will be read
    write_text_atomic(target, text)
    click.echo(f"wrote {file}")


@session.command()
def schema() -> None:
    """Print the session file's JSON Schema."""
    from bridgescore.cli.options import emit_json
    from bridgescore.formats.session_schema import SCHEMA

    emit_json(SCHEMA)
