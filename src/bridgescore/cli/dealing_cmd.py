"""``bridgescore deals generate`` and ``deals verify``: dealing sets of boards, at random or
from a committed secret, and checking them after play."""

from __future__ import annotations

import click

_OUT = click.Path(dir_okay=False)


@click.command(
    help="""Deal boards: every deal equally likely, each with its 96-bit deal number.

    By default the deals come from the operating system's cryptographic generator: nobody can
    know or repeat them. For a congress, deal verifiably: first --commit SECRET_FILE makes a
    secret and prints its hash, to publish before the public value is known; then --reveal
    SECRET_FILE --public TEXT deals from the secret and that value, and after play anyone given
    the secret deals the same boards (bridgescore deals verify).

    OUT's extension names the format (.pbn, .lin, .dup, .dlm, .bri, .dge); with --sets N the
    sets go to OUT-1, OUT-2, ...
    """
)
@click.argument("target", metavar="OUT", type=_OUT, required=False)
@click.option("--boards", default="1-32", show_default=True, help="The boards: 1-32, 1-16,21-24.")
@click.option(
    "--sets", default=1, show_default=True, type=click.IntRange(1, 99), help="Sets to deal."
)
@click.option("--title", help="The event's title, written in the file.")
@click.option(
    "--commit",
    "commit_file",
    type=_OUT,
    help="Make a new secret in this file and print its hash to publish (deals nothing).",
)
@click.option(
    "--reveal", "secret", metavar="SECRET", help="Deal from this secret (its file, or hex)."
)
@click.option("--public", help="The public value the deals also come from (with --reveal).")
def generate(
    target: str | None,
    boards: str,
    sets: int,
    title: str | None,
    commit_file: str | None,
    secret: str | None,
    public: str | None,
) -> None:
    from bridgescore.events.dealing import (
        deal_sets,
        make_secret,
        parse_boards,
        read_secret,
        write_sets,
    )

    if commit_file is not None:
        if target is not None or secret is not None:
            raise click.UsageError("--commit makes a secret only: deal afterwards with --reveal")
        made = make_secret(commit_file)  # (said written only once it is)
        click.echo(f"secret written to {commit_file}: keep it private until after play")
        click.echo(f"commitment (publish it now): sha256 {made}")
        return
    if target is None:
        raise click.UsageError("say where the deals go: OUT")
    if (secret is None) != (public is None):
        raise click.UsageError("--reveal and --public go together")
    numbers = parse_boards(boards)
    key = None if secret is None else read_secret(secret)
    dealt = deal_sets(numbers, sets, secret=key, public=public)
    for path in write_sets(dealt, target, title=title):
        click.echo(f"wrote {path}: {len(numbers)} boards")


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--reveal",
    "secret",
    required=True,
    metavar="SECRET",
    help="The revealed secret (its file, or hex).",
)
@click.option("--public", help="The public value (default: as the file records it).")
@click.option(
    "--set",
    "deal_set",
    type=click.IntRange(1, 99),
    help="The set number (default: as the file records it, else 1).",
)
def verify(file: str, secret: str, public: str | None, deal_set: int | None) -> None:
    """Deal FILE's boards again from the revealed secret and the public value, and compare.

    Exits with status 2 when a board differs or the file's commitment is not the secret's hash.
    """
    from bridgescore.core.errors import FileFormatError
    from bridgescore.events.dealing import read_secret, verify_file

    found = verify_file(file, read_secret(secret), public=public, deal_set=deal_set)
    if found.commitment_ok is False:
        raise FileFormatError(file, None, "the commitment in the file is not this secret's hash")
    if found.differing:
        listed = ", ".join(map(str, found.differing))
        raise FileFormatError(
            file,
            None,
            f"boards {listed} are not set {found.deal_set}'s deals of this secret and "
            f"{found.public!r}",
        )
    said = "" if found.commitment_ok is None else ", and the commitment is the secret's hash"
    click.echo(
        f"{file}: all {len(found.matching)} boards are set {found.deal_set}'s deals of this "
        f"secret and {found.public!r}{said}"
    )
