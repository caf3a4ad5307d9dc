"""The live page's scores kept in the database for every worker: each event's last scores as
the scorer process made them (:mod:`bridgescore.server.scorer`), with the event's revision
and log entry they were made at, and when the scorer last looked (``seen_at``): a worker
shows them while the scorer looks, and scores the event itself when it has stopped looking.

Times are seconds since the epoch (every worker and the scorer on one clock: one host, or
hosts kept in time by NTP).
"""

from __future__ import annotations

__all__ = ["Due", "Head", "StoredScores"]

from typing import NamedTuple

from sqlalchemy import Engine, and_, bindparam, delete, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite

from bridgescore.server.storage import schema


class Head(NamedTuple):
    """What stored scores were made at: the event's revision and log entry, when they were made,
    how long that took, and when the scorer last looked."""

    revision: int
    seq: int
    made_at: float
    took: float
    seen_at: float


class Due(NamedTuple):
    """An event the scorer looks after: its state, revision and last log entry, and its stored
    scores' head (``None`` before the first)."""

    event_id: int
    state: str
    revision: int
    log_seq: int
    stored: Head | None


_HEAD = [schema.live_scores.c[name] for name in Head._fields]
_READ_HEAD = select(*_HEAD).where(schema.live_scores.c.event_id == bindparam("event_id"))
"""(Made once: a worker reads it at each live page, see ``store._ENTRIES``.)"""


class StoredScores:
    """The ``live_scores`` table (see the module docstring)."""

    def __init__(self, engine: Engine, reader: Engine) -> None:
        self.engine, self.reader = engine, reader

    def head(self, event_id: int) -> Head | None:
        """The event's stored scores' head (one row read by its key)."""
        with self.reader.connect() as connection:
            row = connection.execute(_READ_HEAD, {"event_id": event_id}).first()
        return None if row is None else Head(*row)

    def read(self, event_id: int) -> tuple[Head, str] | None:
        """The event's stored scores: their head and their values (JSON)."""
        with self.reader.connect() as connection:
            query = select(*_HEAD, schema.live_scores.c.body)
            row = connection.execute(query.where(schema.live_scores.c.event_id == event_id)).first()
        return None if row is None else (Head(*row[:-1]), str(row[-1]))

    def put(self, event_id: int, head: Head, body: str) -> None:
        """Keep these scores of the event, unless newer ones are kept already (two scorers
        on one database keep the newest)."""
        table = schema.live_scores
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        values = {"event_id": event_id, **head._asdict(), "body": body}
        statement = dialect.insert(table).values(**values)
        new = statement.excluded
        newer = or_(
            table.c.revision < new.revision,
            and_(table.c.revision == new.revision, table.c.seq <= new.seq),
        )
        statement = statement.on_conflict_do_update(
            index_elements=[table.c.event_id],
            set_={name: new[name] for name in [*Head._fields, "body"]},
            where=newer,
        )
        with self.engine.begin() as connection:
            connection.execute(statement)

    def drop(self, event_id: int) -> None:
        """Forget the event's stored scores (the scorer could not make them)."""
        with self.engine.begin() as connection:
            connection.execute(
                delete(schema.live_scores).where(schema.live_scores.c.event_id == event_id)
            )

    def seen(self, at: float) -> None:
        """The scorer looks after every event it keeps scores of (at ``at``)."""
        with self.engine.begin() as connection:
            connection.execute(update(schema.live_scores).values(seen_at=at))

    def due(self) -> list[Due]:
        """The events the scorer looks after: those running, and those it kept scores of."""
        events, kept = schema.events, schema.live_scores
        query = (
            select(events.c.id, events.c.state, events.c.revision, events.c.log_seq, *_HEAD)
            .select_from(events.outerjoin(kept, kept.c.event_id == events.c.id))
            .where(or_(events.c.state == "running", kept.c.event_id.is_not(None)))
            .order_by(events.c.id)
        )
        with self.reader.connect() as connection:
            rows = list(connection.execute(query))
        found = []
        for row in rows:
            head = None if row.made_at is None else Head(*row[4:])
            found.append(
                Due(int(row.id), str(row.state), int(row.revision), int(row.log_seq), head)
            )
        return found
