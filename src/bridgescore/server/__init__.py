"""The club server: live entry at the tables, the director's console and live results, on
SQLite (the default) or PostgreSQL, by one process or several.

The rooms, from the outside in:

* :mod:`.web` is the HTTP face: the JSON API (:mod:`.web.api`), the phone-first pages
  (:mod:`.web.pages`) and the server-sent events (:mod:`.web.push`), each route a thin call
  on :class:`.club.Club` that says the domain's answer in HTTP (:mod:`.web.statuses`);
* :mod:`.club` is the one door: each change a decision run in one transaction on the log,
  each read served from the kept state;
* :mod:`.state` keeps each event's fold, its traveller lines and its scores in memory,
  advanced entry by entry;
* :mod:`.storage` keeps the database (the events and their log, the accounts; SQLAlchemy and
  Alembic's migrations);
* :mod:`.domain` is the typed core, no database and no HTTP: what can happen to a result
  (:mod:`.domain.kinds`), the movements laid out as slots (:mod:`.domain.layout`), the fold of
  the log (:mod:`.domain.fold`), what tables and directors may do (:mod:`.domain.actions`,
  :mod:`.domain.commands`), the live event scored by the library (:mod:`.domain.live_event`),
  and what each reader is shown (:mod:`.domain.views`, :mod:`.domain.grid`);
* :mod:`.security`: argon2 passwords, tokens, table codes, CSRF tokens.
"""

from __future__ import annotations

__all__ = [
    "add_director",
    "create_app",
    "event_from_file",
    "hold_database",
    "load_event",
    "session_files",
]

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bridgescore.core.lazy import lazy_names
from bridgescore.server.domain.errors import ServerError
from bridgescore.server.domain.people import Principal, Role

if TYPE_CHECKING:
    from bridgescore.server.web.app import create_app as create_app

__getattr__, __dir__ = lazy_names("bridgescore.server", __file__, globals())
""":func:`create_app` (the web framework with it) is imported when first asked for: a command
that makes a director account, pushes an evening or makes an event from a file does not import
the web server."""

DEMO = Path(__file__).parent / "demo" / "session.toml"
"""The bundled club session the demo server runs (13 tables, Mitchell, 26 boards)."""


def add_director(where: str | os.PathLike[str] | None, name: str, password: str) -> None:
    """Make (or give a new password to) the director ``name`` in the database at ``where``."""
    from bridgescore.server.storage.database import connect
    from bridgescore.server.storage.store import Store

    engine = connect(where)
    try:
        Store(engine).accounts.add_director(name, password)
    finally:
        engine.dispose()


def event_from_file(path: str | os.PathLike[str]) -> tuple[dict[str, Any], list[str]]:
    """The API's body for the session file at ``path`` and the files it names (read from its
    folder), and the notes of what the server does not take from it (the results, which the
    tables enter): what ``bridgescore serve push`` sends, what ``serve --event`` makes."""
    from bridgescore.server.domain.upload import event_body

    text, files = session_files(path)
    return event_body(text, files, source=str(path))


def session_files(path: str | os.PathLike[str]) -> tuple[str, dict[str, bytes]]:
    """The session file's text and the files it names that the server takes, by the names it
    uses, read from its folder."""
    from bridgescore.core.errors import BridgeScoreError
    from bridgescore.formats.session import read_toml
    from bridgescore.formats.text import read_text
    from bridgescore.server.domain.upload import named_files

    source = Path(path)
    try:
        text = read_text(source)
        data = read_toml(text, source=str(source))
    except BridgeScoreError as error:
        raise ServerError(str(error)) from None
    files = {}
    for name in named_files(data):
        try:
            files[name] = (source.parent / name).read_bytes()
        except OSError as error:
            raise ServerError(f"{source}: {name}: cannot read it: {error.strerror}") from None
    return text, files


def load_event(
    where: str | os.PathLike[str] | None, path: str | os.PathLike[str], by: str
) -> tuple[int, list[str]]:
    """Make an event in the database at ``where`` from the session file at ``path``."""
    from bridgescore.server.club import Club
    from bridgescore.server.storage.database import connect
    from bridgescore.server.storage.store import Store

    body, notes = event_from_file(path)
    engine = connect(where)
    try:
        club = Club(Store(engine), Path())
        made, more = club.create(body, Principal(Role.DIRECTOR, by, "command line"))
        return made, [*notes, *more]
    finally:
        engine.dispose()


_HELD: list[object] = []


def hold_database(where: str | os.PathLike[str] | None, holder: str) -> None:
    """Hold a SQLite database for this process until it ends, saying ``holder`` (its process
    and address) to whoever tries next; refuse one another server holds. A PostgreSQL database
    is meant to be shared: nothing is held."""
    import fcntl

    from bridgescore.server.storage.database import database_url

    url = database_url(where)
    if not url.startswith("sqlite:///"):
        return
    path = Path(url.removeprefix("sqlite:///"))
    path.parent.mkdir(parents=True, exist_ok=True)
    lock = open(path.with_name(path.name + ".lock"), "a+", encoding="utf-8")  # noqa: SIM115 (held)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        lock.seek(0)
        other = lock.read().strip() or "another process"
        lock.close()
        raise ServerError(
            f"the database {path} is used by another bridgescore serve ({other}): stop that "
            "server, or say --shared-db if the database is shared on purpose"
        ) from None
    lock.seek(0)
    lock.truncate()
    lock.write(holder)
    lock.flush()
    _HELD.append(lock)
