"""The club server's storage of events: each event's row, its tables' codes and its log.

Every write runs in one transaction that first takes the event's lock: on SQLite a write
transaction holds the database's write lock from its start (``BEGIN IMMEDIATE``); on
PostgreSQL it locks the event's row (``SELECT ... FOR UPDATE``). So the writers of one event,
in any worker, run one after the other, each against the log as it is at that moment, and the
log's entries of an event are committed in the order of their numbers: a worker that has
folded the log up to entry ``n`` catches up by reading the entries after ``n``. The event's
row says its last entry (``log_seq``) and counts the changes to its settings (``revision``),
so one read tells a worker whether what it keeps is current. The log's client ids are unique
within an event: a retried submission finds its first copy and is stored once.
"""

from __future__ import annotations

__all__ = ["EventVersion", "Store", "Writer", "now"]

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, NamedTuple

from sqlalchemy import Connection, Engine, bindparam, insert, select, update

from bridgescore.server.domain.errors import NotFound, Unavailable
from bridgescore.server.domain.fold import LogEntry
from bridgescore.server.domain.kinds import Kind
from bridgescore.server.domain.outcomes import NewEntry
from bridgescore.server.domain.people import Principal
from bridgescore.server.security import table_code
from bridgescore.server.storage import schema
from bridgescore.server.storage.accounts import Accounts
from bridgescore.server.storage.live_scores import StoredScores


def now() -> str:
    """The time, as the log writes it (UTC, ISO 8601, to the millisecond)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class EventVersion(NamedTuple):
    """How far an event has come: changes to its row, and its log's last entry."""

    revision: int
    log_seq: int


def _entry(row: Any) -> LogEntry:
    return LogEntry(
        row.seq,
        Kind.parse(row.kind),
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


# The statements every request runs are made once, their values bound when run: making one
# (and its cache key) took 160 of the 190 microseconds of running it.
_ENTRIES = (
    select(schema.log)
    .where(schema.log.c.event_id == bindparam("event_id"), schema.log.c.seq > bindparam("after"))
    .order_by(schema.log.c.seq)
)
_APPEND = insert(schema.log).returning(schema.log.c.seq)
_VERSION = select(schema.events.c.revision, schema.events.c.log_seq).where(
    schema.events.c.id == bindparam("event_id")
)
_LOG_SEQ = select(schema.events.c.log_seq).where(schema.events.c.id == bindparam("event_id"))
_LOCK = {False: _LOG_SEQ, True: _LOG_SEQ.with_for_update()}
"""The event's last entry, its row locked on PostgreSQL (``True``)."""
_SET_LOG_SEQ = (
    update(schema.events)
    .where(schema.events.c.id == bindparam("event_id"))
    .values(log_seq=bindparam("last"))
)


def _entries(connection: Connection, event_id: int, after: int) -> list[LogEntry]:
    rows = connection.execute(_ENTRIES, {"event_id": event_id, "after": after})
    return [_entry(row) for row in rows]


class Writer:
    """One write transaction on an event's log, its lock held."""

    def __init__(self, connection: Connection, event_id: int, log_seq: int) -> None:
        self.connection, self.event_id, self.log_seq = connection, event_id, log_seq
        self.last: int | None = None

    def entries_after(self, seq: int) -> list[LogEntry]:
        """The entries after ``seq``, in order (what another worker appended; read only if
        the event's row, locked, says there are some)."""
        return _entries(self.connection, self.event_id, seq) if seq < self.log_seq else []

    def append(self, who: Principal, entry: NewEntry) -> LogEntry:
        values = {
            "event_id": self.event_id,
            "section": entry.section,
            "table_no": entry.table,
            "round": entry.round,
            "board": entry.board,
            "kind": str(entry.kind),
            "client_id": entry.client_id,
            "payload": json.dumps(dict(entry.payload), sort_keys=True),
            "actor": who.name,
            "device": who.device,
            "at": now(),
        }
        seq = int(self.connection.execute(_APPEND, values).scalar_one())
        self.last = seq
        return LogEntry(
            seq,
            entry.kind,
            entry.section,
            entry.table,
            entry.round,
            entry.board,
            entry.client_id,
            dict(entry.payload),
            who.name,
            who.device,
            str(values["at"]),
        )


class Store:
    """The database of one club server (its accounts in :attr:`accounts`, the live page's
    scores kept for every worker in :attr:`live_scores`)."""

    def __init__(self, engine: Engine) -> None:
        from bridgescore.server.storage.database import reader

        self.engine, self.reader = engine, reader(engine)
        self.postgres = engine.dialect.name == "postgresql"
        self.accounts = Accounts(engine, self.reader)
        self.live_scores = StoredScores(engine, self.reader)

    def ping(self) -> None:
        """Refuse (:class:`Unavailable`) when the database does not answer."""
        from sqlalchemy.exc import SQLAlchemyError

        try:
            with self.reader.connect() as connection:
                connection.exec_driver_sql("SELECT 1")
        except SQLAlchemyError as error:
            reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
            raise Unavailable(f"the database does not answer: {reason}") from None

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
        """Every event, newest first, without its files."""
        columns = [schema.events.c[name] for name in ("id", "title", "state", "created_at")]
        with self.reader.connect() as connection:
            query = select(*columns).order_by(schema.events.c.id.desc())
            return list(connection.execute(query))

    def version(self, event_id: int) -> EventVersion:
        """The event's revision and last log entry (one row read by its key)."""
        with self.reader.connect() as connection:
            row = connection.execute(_VERSION, {"event_id": event_id}).first()
        if row is None:
            raise NotFound(f"there is no event {event_id}")
        return EventVersion(int(row.revision), int(row.log_seq))

    def set_event(self, event_id: int, **values: str | None) -> None:
        """Change the event's row (a new revision)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(schema.events)
                .where(schema.events.c.id == event_id)
                .values(revision=schema.events.c.revision + 1, **values)
            )

    def start(self, event_id: int, tables: Sequence[tuple[str, int]]) -> dict[tuple[str, int], str]:
        """Give each table a code (once: starting again returns the same codes)."""
        with self.engine.begin() as connection:
            found = self._codes(connection, event_id)
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
                .values(state="running", revision=schema.events.c.revision + 1)
            )
        return found

    @staticmethod
    def _codes(connection: Connection, event_id: int) -> dict[tuple[str, int], str]:
        rows = connection.execute(select(schema.tables).where(schema.tables.c.event_id == event_id))
        return {(row.section, row.table_no): row.code for row in rows}

    def codes(self, event_id: int) -> dict[tuple[str, int], str]:
        with self.reader.connect() as connection:
            return self._codes(connection, event_id)

    # -- the log --------------------------------------------------------------------------
    @contextmanager
    def writing(self, event_id: int) -> Iterator[Writer]:
        """A write transaction on the event's log, the event locked (see the module
        docstring); the event's ``log_seq`` set to the last entry appended."""
        with self.engine.begin() as connection:
            row = connection.execute(_LOCK[self.postgres], {"event_id": event_id}).first()
            if row is None:
                raise NotFound(f"there is no event {event_id}")
            writer = Writer(connection, event_id, int(row.log_seq))
            yield writer
            if writer.last is not None:
                connection.execute(_SET_LOG_SEQ, {"event_id": event_id, "last": writer.last})

    def entries(self, event_id: int, after: int = 0) -> list[LogEntry]:
        """The event's log after entry ``after`` (all of it by default), in order."""
        with self.reader.connect() as connection:
            return _entries(connection, event_id, after)
