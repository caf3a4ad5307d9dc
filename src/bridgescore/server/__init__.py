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

__all__ = ["add_director", "create_app", "event_from_file", "load_event"]

import json
import os
import tomllib
from pathlib import Path
from typing import Any

from bridgescore.server.domain.errors import ServerError
from bridgescore.server.domain.people import Principal, Role
from bridgescore.server.web.app import create_app

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
            movements[str(section.get("letter") or "A")] = json.loads(text)
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
    from bridgescore.server.storage.database import connect
    from bridgescore.server.storage.store import Store

    body, notes = event_from_file(path)
    engine = connect(where)
    try:
        club = Club(Store(engine), Path())
        return club.create(body, Principal(Role.DIRECTOR, by, "command line")), notes
    finally:
        engine.dispose()
