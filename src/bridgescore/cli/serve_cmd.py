"""``bridgescore serve``: the club server, and ``serve add-director`` for its accounts."""

from __future__ import annotations

import errno
import os
import secrets
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

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
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Worker processes answering on the port, all on the one database (PostgreSQL for "
    "more than a club: see the deployment page).",
)
@click.option(
    "--no-scorer",
    is_flag=True,
    help="With several workers, start no scorer process here: one runs on another host "
    "(bridgescore serve scorer), or none and each worker scores its own live page.",
)
@click.option(
    "--shared-db",
    is_flag=True,
    help="Let other servers use the same SQLite database at the same time, on purpose "
    "(a second server on it is refused otherwise; PostgreSQL needs no flag).",
)
@click.option(
    "--public-url",
    metavar="URL",
    help="The address the players' phones reach the server at, for the table cards, their QR "
    "codes and the links printed (default: this machine's address on the network).",
)
@click.option(
    "--forwarded-allow-ips",
    metavar="ADDRESSES",
    help="The proxies (comma-separated addresses, or *) whose X-Forwarded-For and "
    "X-Forwarded-Proto headers are believed: the HTTPS proxy in front of the server.",
)
@click.pass_context
def serve(
    ctx: click.Context,
    database: str | None,
    host: str,
    port: int,
    events: tuple[str, ...],
    demo: bool,
    sites: str | None,
    workers: int,
    no_scorer: bool,
    shared_db: bool,
    public_url: str | None,
    forwarded_allow_ips: str | None,
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

    from bridgescore.server import DEMO, add_director, hold_database, load_event

    _port_free(host, port)
    if demo and database is None:
        database = str(Path(tempfile.mkdtemp(prefix="bridgescore-demo-")) / "club.db")
    urls = _addresses(host, port)
    public = (public_url or urls[-1]).rstrip("/")
    if not shared_db and not demo:
        hold_database(database, f"process {os.getpid()}, {public}")
    # The web server is imported once the port and the database are ours.
    from bridgescore.server import create_app

    app = create_app(database, sites=sites, public_url=public)
    made = [load_event(database, path, "command line") for path in events]
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
    click.echo(f"tables:   {public}/table")
    click.echo(f"director: {public}/director")
    click.echo(f"results:  {public}/")
    sys.stdout.flush()
    from bridgescore.server.web.nodelay import H11NoDelay

    settings: dict[str, Any] = {"host": host, "port": port, "log_level": "warning"}
    settings.update(timeout_graceful_shutdown=5, http=H11NoDelay)
    if forwarded_allow_ips:
        settings.update(proxy_headers=True, forwarded_allow_ips=forwarded_allow_ips)
    if workers == 1:
        from bridgescore.server.web.app import settle

        settle()
        uvicorn.run(app, **settings)
        return
    app.state.club.store.engine.dispose()
    _run_workers(settings, workers, database, sites, public, scorer=not no_scorer)


def _run_workers(
    settings: dict[str, Any],
    workers: int,
    database: str | None,
    sites: str | None,
    public: str,
    *,
    scorer: bool,
) -> None:
    """Serve with several worker processes, each making its app from the environment, and
    (``scorer``) the scorer process that scores the live page once for all of them
    (:mod:`bridgescore.server.scorer`), stopped with them."""
    import uvicorn

    os.environ["BRIDGESCORE_DB"] = database or ""
    os.environ["BRIDGESCORE_SITES"] = sites or ""
    os.environ["BRIDGESCORE_PUBLIC_URL"] = public
    target = "bridgescore.server.web.app:from_environment"
    started = None
    if scorer:
        command = [sys.executable, "-m", "bridgescore.server.scorer", str(os.getpid())]
        started = subprocess.Popen(command)
    try:
        uvicorn.run(target, factory=True, workers=workers, **settings)
    finally:
        if started is not None:
            started.terminate()
            started.wait(timeout=30)


def _port_free(host: str, port: int) -> None:
    """Refuse, in one line, a port another program listens on."""
    from bridgescore.server.domain.errors import ServerError

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise ServerError(
                    f"port {port} is in use (another server?): stop it, or choose another port "
                    "with --port"
                ) from None
            raise ServerError(f"cannot listen on {host} port {port}: {error.strerror}") from None


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


@serve.command("push")
@click.argument("session", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--url", required=True, metavar="URL", help="The server's address (http://host:8000)."
)
@click.option(
    "--director", metavar="NAME", help="The director's name; the password is read from stdin."
)
@click.option(
    "--token",
    envvar="BRIDGESCORE_TOKEN",
    metavar="TOKEN",
    help="A director's log-on token instead of a name and password (or BRIDGESCORE_TOKEN).",
)
def push_command(session: str, url: str, director: str | None, token: str | None) -> None:
    """Make an event on a running server from a session file and the files it names (a
    movement, the hand record, the names), as they are on disk: the same file `bridgescore
    score` reads."""
    from bridgescore.server.client import push_event

    password = None
    if token is None and director is not None:
        if sys.stdin.isatty():
            password = click.prompt("password", hide_input=True)
        else:
            password = sys.stdin.readline().rstrip("\r\n")
    event_id, notes = push_event(url, session, token=token, director=director, password=password)
    for note in notes:
        say(f"note: {note}")
    click.echo(f"event {event_id} made: {url.rstrip('/')}/director/events/{event_id}")


@serve.command("scorer")
@click.option("--db", "database", metavar="PATH|URL", help=_DB_HELP)
def scorer_command(database: str | None) -> None:
    """Score the live page of every running event for the workers of several hosts on one
    database (serve --workers N starts one itself; run this once, the hosts' serve with
    --no-scorer). It runs until stopped."""
    require("server", "bridgescore serve scorer")
    from bridgescore.server.scorer import main

    click.echo(f"scoring the live pages of {database or 'the default database'}")
    sys.stdout.flush()
    main(database)
