"""``bridgescore serve``: the club server, and ``serve add-director`` for its accounts."""

from __future__ import annotations

import secrets
import socket
import sys
import tempfile
from pathlib import Path

import click

from bridgescore.cli.extras import require
from bridgescore.cli.options import say

_DB_HELP = (
    "The database: a file (SQLite, the default is club.db in the user's data folder) or a "
    "postgresql:// URL."
)


def _addresses(host: str, port: int) -> list[str]:
    if host not in ("0.0.0.0", "::"):
        return [f"http://{host}:{port}"]
    found = ["127.0.0.1"]
    try:
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        probe.connect(("192.0.2.1", 9))  # no packet is sent: this finds the LAN address
        found.append(probe.getsockname()[0])
        probe.close()
    except OSError:
        pass
    return [f"http://{address}:{port}" for address in dict.fromkeys(found)]


@click.group(invoke_without_command=True)
@click.option("--db", "database", metavar="PATH|URL", help=_DB_HELP)
@click.option("--host", default="0.0.0.0", show_default=True, help="The address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--event",
    "events",
    multiple=True,
    type=click.Path(exists=True, dir_okay=False),
    help="A session file to make an event of at start (repeatable).",
)
@click.option(
    "--demo",
    is_flag=True,
    help="Run the bundled club session (in a new database unless --db is given), started, "
    "with a director 'demo' whose password is printed.",
)
@click.option("--sites", metavar="DIR", help="Where published results sites go.")
@click.pass_context
def serve(
    ctx: click.Context,
    database: str | None,
    host: str,
    port: int,
    events: tuple[str, ...],
    demo: bool,
    sites: str | None,
) -> None:
    """Run the club server: tables enter results on their phones, the director runs the
    session from the console, everyone sees live results.

    \b
    Director accounts first: bridgescore serve add-director NAME (the password from stdin).
    Then open the printed address; the director's console is /director.
    """
    require("server", "bridgescore serve")
    if ctx.invoked_subcommand is not None:
        return
    import uvicorn

    from bridgescore.server import DEMO, add_director, create_app, load_event

    if demo and database is None:
        database = str(Path(tempfile.mkdtemp(prefix="bridgescore-demo-")) / "club.db")
    app = create_app(database, sites=sites)
    made = [load_event(database, path, "command line") for path in events]
    urls = _addresses(host, port)
    if demo:
        password = secrets.token_urlsafe(9)
        add_director(database, "demo", password)
        made.append(load_event(database, DEMO, "demo"))
        click.echo(f"director: name demo, password {password}")
    for event_id, notes in made:
        for note in notes:
            say(f"note: {note}")
        if demo:
            codes = app.state.club.start(event_id)
            click.echo(f"event {event_id} started; table codes:")
            click.echo("  " + "  ".join(f"{table} {code}" for table, code in codes.items()))
        else:
            click.echo(f"event {event_id} made: start it from the console")
    click.echo(f"database: {database or 'the default (club.db in the user data folder)'}")
    click.echo(f"tables:   {urls[-1]}/table")
    click.echo(f"director: {urls[-1]}/director")
    click.echo(f"results:  {urls[-1]}/")
    sys.stdout.flush()
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=5)


@serve.command("add-director")
@click.argument("name")
@click.option("--db", "database", metavar="PATH|URL", help=_DB_HELP)
def add_director_command(name: str, database: str | None) -> None:
    """Make a director account (or give it a new password). The password is read from
    stdin: typed twice at a terminal, or piped (echo ... | bridgescore serve add-director NAME)."""
    from bridgescore.server import add_director

    if sys.stdin.isatty():
        password = click.prompt("password", hide_input=True, confirmation_prompt=True)
    else:
        password = sys.stdin.readline().rstrip("\r\n")
    add_director(database, name, password)
    click.echo(f"director {name} can log on")
