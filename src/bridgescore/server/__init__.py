"""The club server: live entry at the tables, the director's console and live results, on
SQLite (the default) or PostgreSQL.

The rooms, from the outside in:

* :mod:`.app` builds the FastAPI application: :mod:`.api` (JSON) and :mod:`.pages` (HTML,
  phone first), both thin over :class:`.club.Club` and :mod:`.results`;
* :mod:`.results` is what tables and directors do to results, each a transaction on the log;
* :mod:`.live_event` turns a session file into slots and the folded log into traveller lines,
  scored by the same call as ``bridgescore score session.toml``;
* :mod:`.fold` is the pure fold of the log; :mod:`.grid` the director's view of it;
* :mod:`.store`, :mod:`.schema`, :mod:`.database` and ``migrations/`` keep it (Alembic);
* :mod:`.security`: argon2 passwords, tokens, table codes, CSRF, log-on rate limits.
"""

from __future__ import annotations

__all__ = ["add_director", "create_app", "event_from_file", "load_event"]

import json
import os
import tomllib
from pathlib import Path
from typing import Any

from bridgescore.server.app import create_app
from bridgescore.server.errors import ServerError

DEMO = Path(__file__).parent / "demo" / "session.toml"
"""The bundled club session the demo server runs (13 tables, Mitchell, 26 boards)."""


def add_director(where: str | os.PathLike[str] | None, name: str, password: str) -> None:
    """Make (or give a new password to) the director ``name`` in the database at ``where``."""
    from bridgescore.server.database import connect
    from bridgescore.server.store import Store

    engine = connect(where)
    try:
        Store(engine).add_director(name, password)
    finally:
        engine.dispose()


def event_from_file(path: str | os.PathLike[str]) -> tuple[dict[str, Any], list[str]]:
    """The API's body for the session file at ``path``: the files it names (a movement file,
    a PBN hand record) put inline; and notes for what the server does not take from it (the
    results, which the tables enter)."""
    source = Path(path)
    try:
        data = tomllib.loads(source.read_text(encoding="utf-8"))
    except OSError as error:
        raise ServerError(f"{source}: cannot read it: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise ServerError(f"{source}: not TOML: {error}") from None
    notes = []
    if "results" in data:
        data.pop("results")
        notes.append(f"{source}: its results files are not loaded: the tables enter the results")
    if "names" in data:
        raise ServerError(f"{source}: give the names with each section's pairs, not a names file")
    extra: dict[str, Any] = {}
    if "hands" in data:
        hands = source.parent / str(data.pop("hands"))
        if hands.suffix.lower() != ".pbn":
            raise ServerError(
                f"{hands}: the server takes a PBN hand record (convert it with bridgescore deals convert)"
            )
        extra["hands"] = hands.read_text(encoding="utf-8")
    movements = {}
    for section in data.get("sections", []):
        movement = str(section.get("movement", "")) if isinstance(section, dict) else ""
        if movement.lower().endswith(".json"):
            text = (source.parent / movement).read_text(encoding="utf-8")
            movements[str(section.get("letter") or "")] = json.loads(text)
    if movements:
        extra["movements"] = movements
    if extra:
        data["server"] = extra
    return data, notes


def load_event(
    where: str | os.PathLike[str] | None, path: str | os.PathLike[str], by: str
) -> tuple[int, list[str]]:
    """Make an event in the database at ``where`` from the session file at ``path``."""
    from bridgescore.server.club import Club
    from bridgescore.server.database import connect
    from bridgescore.server.store import Principal, Store

    body, notes = event_from_file(path)
    engine = connect(where)
    try:
        club = Club(Store(engine), Path())
        return club.create(body, Principal("director", by, "command line")), notes
    finally:
        engine.dispose()
