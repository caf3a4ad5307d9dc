"""The club server's storage: directors, tokens, events and their tables, and the log.

Every write runs in one transaction. On SQLite a write transaction holds the database's write
lock from its start (``BEGIN IMMEDIATE``); on PostgreSQL a change at a table first locks that
table's row (``SELECT ... FOR UPDATE``), so two devices at one table are served one after the
other and a result is checked against the log as it is at that moment. The log's client ids
are unique within an event: a retried submission finds its first copy and is stored once.
"""

from __future__ import annotations

__all__ = ["Principal", "Store", "Writer", "now"]

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, and_, func, insert, or_, select, update

from bridgescore.server import schema
from bridgescore.server.errors import NotFound, ServerError, Unauthorised
from bridgescore.server.fold import LogEntry
from bridgescore.server.security import (
    digest,
    hash_password,
    new_token,
    table_code,
    verify_password,
)


def now() -> str:
    """The time, as the log writes it (UTC, ISO 8601, to the millisecond)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True, slots=True)
class Principal:
    """Who a token belongs to: a director (by name) or a table of an event, and the device."""

    role: str
    name: str
    device: str
    event_id: int | None = None
    section: str | None = None
    table: int | None = None

    @property
    def is_director(self) -> bool:
        return self.role == "director"


def _entry(row: Any) -> LogEntry:
    return LogEntry(
        row.seq,
        row.kind,
        row.section,
        row.table_no,
        row.round,
        row.board,
        row.client_id,
        json.loads(row.payload),
        row.actor,
        row.device,
        row.at,
    )


class Writer:
    """One write transaction: read the log and append to it."""

    def __init__(self, connection: Connection, event_id: int) -> None:
        self.connection, self.event_id = connection, event_id

    def entries(self, section: str | None = None, table: int | None = None) -> list[LogEntry]:
        """The event's log in order; with ``section`` and ``table``, only what touches that
        table (its own entries and the section's round closures)."""
        query = select(schema.log).where(schema.log.c.event_id == self.event_id)
        if section is not None:
            query = query.where(
                schema.log.c.section == section,
                or_(schema.log.c.table_no == table, schema.log.c.table_no.is_(None)),
            )
        rows = self.connection.execute(query.order_by(schema.log.c.seq))
        return [_entry(row) for row in rows]

    def find(self, client_id: str) -> LogEntry | None:
        """The entry the client made with ``client_id``, if it is stored."""
        row = self.connection.execute(
            select(schema.log).where(
                schema.log.c.event_id == self.event_id, schema.log.c.client_id == client_id
            )
        ).first()
        return None if row is None else _entry(row)

    def append(
        self,
        who: Principal,
        kind: str,
        section: str,
        table: int | None,
        round_: int | None,
        board: int | None,
        payload: Mapping[str, Any],
        client_id: str | None = None,
    ) -> LogEntry:
        values = {
            "event_id": self.event_id,
            "section": section,
            "table_no": table,
            "round": round_,
            "board": board,
            "kind": kind,
            "client_id": client_id,
            "payload": json.dumps(dict(payload), sort_keys=True),
            "actor": who.name,
            "device": who.device,
            "at": now(),
        }
        seq = self.connection.execute(
            insert(schema.log).values(**values).returning(schema.log.c.seq)
        ).scalar_one()
        return LogEntry(
            int(seq),
            kind,
            section,
            table,
            round_,
            board,
            client_id,
            dict(payload),
            who.name,
            who.device,
            str(values["at"]),
        )


class Store:
    """The database of one club server."""

    def __init__(self, engine: Engine) -> None:
        from bridgescore.server.database import reader

        self.engine, self.reader = engine, reader(engine)
        self.postgres = engine.dialect.name == "postgresql"

    # -- directors and tokens -----------------------------------------------------------
    def add_director(self, name: str, password: str) -> None:
        if not name.strip() or len(name) > 80:
            raise ServerError("a director's name is 1 to 80 characters")
        if len(password) < 8:
            raise ServerError("a director's password has at least 8 characters")
        hashed = hash_password(password)
        with self.engine.begin() as connection:
            found = connection.execute(
                select(schema.directors.c.id).where(schema.directors.c.name == name)
            ).first()
            if found is not None:
                connection.execute(
                    update(schema.directors)
                    .where(schema.directors.c.id == found.id)
                    .values(password_hash=hashed)
                )
            else:
                connection.execute(
                    insert(schema.directors).values(
                        name=name, password_hash=hashed, created_at=now()
                    )
                )

    def director_login(self, name: str, password: str, device: str) -> str:
        with self.engine.begin() as connection:
            row = connection.execute(
                select(schema.directors).where(schema.directors.c.name == name)
            ).first()
            if row is None or not verify_password(row.password_hash, password):
                raise Unauthorised("wrong name or password")
            return self._issue(connection, role="director", director_id=row.id, device=device)

    def table_login(self, event_id: int, section: str, table: int, code: str, device: str) -> str:
        with self.engine.begin() as connection:
            row = connection.execute(
                select(schema.tables).where(
                    schema.tables.c.event_id == event_id,
                    schema.tables.c.section == section,
                    schema.tables.c.table_no == table,
                )
            ).first()
            if row is None or row.code != code.strip().upper():
                raise Unauthorised("wrong event, section, table or code")
            return self._issue(
                connection,
                role="table",
                event_id=event_id,
                section=section,
                table_no=table,
                device=device,
            )

    def _issue(self, connection: Connection, **values: Any) -> str:
        token = new_token()
        connection.execute(
            insert(schema.tokens).values(digest=digest(token), created_at=now(), **values)
        )
        return token

    def principal(self, token: str) -> Principal:
        with self.reader.connect() as connection:
            row = connection.execute(
                select(schema.tokens, schema.directors.c.name)
                .select_from(schema.tokens.outerjoin(schema.directors))
                .where(schema.tokens.c.digest == digest(token))
            ).first()
        if row is None:
            raise Unauthorised("not logged on (or the log-on has ended)")
        if row.role == "director":
            return Principal("director", row.name, row.device)
        name = f"table {row.section}{row.table_no}"
        return Principal("table", name, row.device, row.event_id, row.section, row.table_no)

    def logout(self, token: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                schema.tokens.delete().where(schema.tokens.c.digest == digest(token))
            )

    def secret(self, name: str, make: str) -> str:
        """The server's secret ``name``, made (as ``make``) the first time it is asked for."""
        with self.engine.begin() as connection:
            row = connection.execute(
                select(schema.secrets.c.value).where(schema.secrets.c.name == name)
            ).first()
            if row is not None:
                return str(row.value)
            connection.execute(insert(schema.secrets).values(name=name, value=make))
            return make

    # -- events ---------------------------------------------------------------------------
    def add_event(self, title: str, record: Mapping[str, str | None], by: str) -> int:
        with self.engine.begin() as connection:
            return int(
                connection.execute(
                    insert(schema.events)
                    .values(title=title, state="new", created_by=by, created_at=now(), **record)
                    .returning(schema.events.c.id)
                ).scalar_one()
            )

    def event_row(self, event_id: int) -> Any:
        with self.reader.connect() as connection:
            row = connection.execute(
                select(schema.events).where(schema.events.c.id == event_id)
            ).first()
        if row is None:
            raise NotFound(f"there is no event {event_id}")
        return row

    def event_rows(self) -> list[Any]:
        with self.reader.connect() as connection:
            query = select(schema.events).order_by(schema.events.c.id.desc())
            return list(connection.execute(query))

    def set_event(self, event_id: int, **values: str | None) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(schema.events).where(schema.events.c.id == event_id).values(**values)
            )

    def start(self, event_id: int, tables: list[tuple[str, int]]) -> dict[tuple[str, int], str]:
        """Give each table a code (once: starting again returns the same codes)."""
        with self.engine.begin() as connection:
            found = {
                (row.section, row.table_no): row.code
                for row in connection.execute(
                    select(schema.tables).where(schema.tables.c.event_id == event_id)
                )
            }
            for section, table in tables:
                if (section, table) not in found:
                    code = table_code()
                    connection.execute(
                        insert(schema.tables).values(
                            event_id=event_id, section=section, table_no=table, code=code
                        )
                    )
                    found[(section, table)] = code
            connection.execute(
                update(schema.events)
                .where(schema.events.c.id == event_id, schema.events.c.state == "new")
                .values(state="running")
            )
        return found

    def codes(self, event_id: int) -> dict[tuple[str, int], str]:
        with self.reader.connect() as connection:
            rows = connection.execute(
                select(schema.tables).where(schema.tables.c.event_id == event_id)
            )
            return {(row.section, row.table_no): row.code for row in rows}

    # -- the log --------------------------------------------------------------------------
    @contextmanager
    def writing(
        self, event_id: int, section: str, tables: list[int] | None = None
    ) -> Iterator[Writer]:
        """A write transaction on the event, the given tables of ``section`` locked (all of
        the section's tables when ``tables`` is ``None``)."""
        with self.engine.begin() as connection:
            if self.postgres:
                where = and_(
                    schema.tables.c.event_id == event_id, schema.tables.c.section == section
                )
                if tables is not None:
                    where = and_(where, schema.tables.c.table_no.in_(tables))
                connection.execute(
                    select(schema.tables.c.table_no)
                    .where(where)
                    .order_by(schema.tables.c.table_no)
                    .with_for_update()
                ).all()
            yield Writer(connection, event_id)

    def entries(
        self, event_id: int, section: str | None = None, table: int | None = None
    ) -> list[LogEntry]:
        """The event's log (only what touches one table, given ``section`` and ``table``)."""
        with self.reader.connect() as connection:
            return Writer(connection, event_id).entries(section, table)

    def log_size(self, event_id: int) -> tuple[int, int]:
        """How many entries the event's log has and the last one's number (for caches)."""
        with self.reader.connect() as connection:
            row = connection.execute(
                select(func.count(), func.max(schema.log.c.seq)).where(
                    schema.log.c.event_id == event_id
                )
            ).one()
        return int(row[0]), int(row[1] or 0)
