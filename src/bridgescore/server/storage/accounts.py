"""Who may log on, and who is: director accounts, log-on tokens, the server's secrets and the
count of failed attempts, all in the database so that every worker of a server shares them.

A token is kept only as its SHA-256 digest and lasts a day (a director's half a day); logging
off deletes it. An unknown director's name costs as long to refuse as a wrong password (a
password is checked against a hash either way), so names cannot be found by timing. Attempts
are kept by a key of at most 64 characters (what was tried goes in only as a digest: a 150 MB
password is 16 characters here) and only for the last minutes.
"""

from __future__ import annotations

__all__ = ["DIRECTOR_HOURS", "TABLE_HOURS", "Accounts"]

import time
from collections import Counter
from collections.abc import Callable, Mapping
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, delete, func, insert, select, update

from bridgescore.server.domain.errors import ServerError, TooMany, Unauthorised
from bridgescore.server.domain.layout import Place
from bridgescore.server.domain.people import Principal, Role
from bridgescore.server.security import digest, hash_password, new_token, verify_password
from bridgescore.server.storage import schema

DIRECTOR_HOURS = 12
"""How long a director's log-on lasts."""
TABLE_HOURS = 24
"""How long a table's log-on lasts."""
_KEEP_ATTEMPTS = 600.0
"""Seconds a failed attempt is kept (the longest limit's window)."""


# The statements every log-on and request runs, made once (see ``store._ENTRIES``).
_PRINCIPAL = (
    select(
        schema.tokens, schema.directors.c.name, schema.events.c.revision, schema.events.c.log_seq
    )
    .select_from(
        schema.tokens.outerjoin(schema.directors).outerjoin(
            schema.events, schema.events.c.id == schema.tokens.c.event_id
        )
    )
    .where(schema.tokens.c.digest == bindparam("digest"))
)
_TABLE_CODE = select(schema.tables.c.code).where(
    schema.tables.c.event_id == bindparam("event_id"),
    schema.tables.c.section == bindparam("section"),
    schema.tables.c.table_no == bindparam("table_no"),
)
_ISSUE = insert(schema.tokens)
_FAILED = (
    select(schema.attempts.c.key, func.count())
    .where(
        schema.attempts.c.key.in_(bindparam("keys", expanding=True)),
        schema.attempts.c.at > bindparam("since"),
    )
    .group_by(schema.attempts.c.key)
)


def _stamp(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds")


class Accounts:
    """Directors, tokens, secrets and attempts in the database of ``engine``."""

    def __init__(self, engine: Engine, reader: Engine) -> None:
        self.engine, self.reader = engine, reader
        self._dummy: str | None = None
        self._failures = 0

    # -- directors ------------------------------------------------------------------------
    def add_director(self, name: str, password: str) -> None:
        if not name.strip() or len(name) > 80 or not name.isprintable():
            raise ServerError("a director's name is 1 to 80 printable characters")
        if len(password) < 8:
            raise ServerError("a director's password has at least 8 characters")
        if len(password) > 200:
            raise ServerError("a director's password has at most 200 characters")
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
                        name=name, password_hash=hashed, created_at=_stamp(datetime.now(UTC))
                    )
                )

    def has_directors(self) -> bool:
        with self.reader.connect() as connection:
            return bool(
                connection.execute(select(func.count()).select_from(schema.directors)).scalar()
            )

    def director_login(
        self, name: str, password: str, device: str, limits: Mapping[str, int]
    ) -> str:
        """A director's token; ``limits``: the most failed attempts a minute at each key
        (:meth:`_counted`)."""
        return self._counted(limits, partial(self._director_token, name, password, device))

    def _director_token(self, name: str, password: str, device: str, connection: Connection) -> str:
        row = connection.execute(
            select(schema.directors).where(schema.directors.c.name == name)
        ).first()
        if row is None:
            if self._dummy is None:
                self._dummy = hash_password("no such director")
            verify_password(self._dummy, password)  # as long as a real name takes
            raise Unauthorised("wrong name or password")
        if not verify_password(row.password_hash, password):
            raise Unauthorised("wrong name or password")
        return self._issue(
            connection, DIRECTOR_HOURS, role=str(Role.DIRECTOR), director_id=row.id, device=device
        )

    # -- tokens ---------------------------------------------------------------------------
    def table_login(
        self,
        event_id: int,
        place: Place,
        code: str,
        device: str,
        limits: Mapping[str, int],
    ) -> str:
        """A table's token; ``limits`` as for :meth:`director_login`."""
        log_on = partial(self._table_token, event_id, place, code, device)
        return self._counted(limits, log_on)

    def _table_token(
        self, event_id: int, place: Place, code: str, device: str, connection: Connection
    ) -> str:
        where = {"event_id": event_id, "section": place.section, "table_no": place.table}
        row = connection.execute(_TABLE_CODE, where).first()
        if row is None or row.code != code.strip().upper():
            raise Unauthorised("wrong event, section, table or code")
        return self._issue(
            connection,
            TABLE_HOURS,
            role=str(Role.TABLE),
            event_id=event_id,
            section=place.section,
            table_no=place.table,
            device=device,
        )

    def _issue(self, connection: Connection, hours: int, **values: Any) -> str:
        token = new_token()
        moment = datetime.now(UTC)
        given: dict[str, Any] = dict.fromkeys(["event_id", "section", "table_no", "director_id"])
        expires_at = _stamp(moment + timedelta(hours=hours))
        given |= {"digest": digest(token), "created_at": _stamp(moment), "expires_at": expires_at}
        connection.execute(_ISSUE, given | values)
        return token

    def principal(self, token: str) -> Principal:
        """Whom ``token`` logs on; a token unknown, logged off or expired is refused."""
        if len(token) > 200:
            raise Unauthorised("not logged on (or the log-on has ended)")
        with self.reader.connect() as connection:  # (with a table's event's version: one read)
            row = connection.execute(_PRINCIPAL, {"digest": digest(token)}).first()
        if row is None or (row.expires_at and row.expires_at <= _stamp(datetime.now(UTC))):
            raise Unauthorised("not logged on (or the log-on has ended)")
        if row.role == Role.DIRECTOR:
            return Principal(Role.DIRECTOR, row.name, row.device)
        name = f"table {row.section}{row.table_no}"
        seen = None if row.revision is None else (int(row.revision), int(row.log_seq))
        return Principal(
            Role.TABLE, name, row.device, row.event_id, row.section, row.table_no, seen
        )

    def logout(self, token: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(delete(schema.tokens).where(schema.tokens.c.digest == digest(token)))

    # -- secrets --------------------------------------------------------------------------
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

    # -- attempts -------------------------------------------------------------------------
    def _counted(self, limits: Mapping[str, int], log_on: Callable[[Connection], str]) -> str:
        """Log on, refused (:class:`TooMany`) while a key of ``limits`` has had as many failed
        attempts in the last minute as its limit; a failure is counted at each key. One
        transaction, which first takes its keys' turns (:func:`_take_turns`): attempts at a
        key made at once are tried one after the other, each seeing the failures of those
        before it, in every worker. ``log_on`` raises :class:`Unauthorised` before it writes
        anything."""
        keys = sorted(limits)
        with self.engine.begin() as connection:
            _take_turns(connection, keys)
            moment = time.time()
            failed = _failed(connection, keys, moment)
            if any(failed[key] >= limits[key] for key in keys):
                raise TooMany("too many failed log-ons: wait a minute and try again")
            try:
                return log_on(connection)
            except Unauthorised:
                if connection.dialect.name == "postgresql":  # an attempt lost in a crash
                    connection.exec_driver_sql("SET LOCAL synchronous_commit TO OFF")
                rows = [{"key": key, "at": moment} for key in keys]
                connection.execute(insert(schema.attempts).values(rows))
                self._failures += 1
                if self._failures % 100 == 0:  # now and then, not at every attempt
                    old = schema.attempts.c.at < moment - _KEEP_ATTEMPTS
                    connection.execute(delete(schema.attempts).where(old))
                connection.commit()  # (the failure stays counted)
                raise

    def forget(self, prefix: str) -> None:
        """Uncount every attempt at a key starting ``prefix`` (the director unlocks a table)."""
        escaped = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        where = schema.attempts.c.key.like(f"{escaped}%", escape="\\")
        with self.engine.begin() as connection:
            connection.execute(delete(schema.attempts).where(where))


def _take_turns(connection: Connection, keys: list[str]) -> None:
    """Wait for the other transactions logging on at any of ``keys`` (sorted) to end, and hold
    them off until this one ends. PostgreSQL: an advisory lock a key, for the transaction
    (two keys sharing a number only wait for each other); SQLite: every write transaction
    holds the whole database (``BEGIN IMMEDIATE``) already."""
    if connection.dialect.name != "postgresql":
        return
    numbers = [int(digest(key)[:15], 16) for key in keys]  # (60 bits: a bigint)
    locks = ", ".join(f"pg_advisory_xact_lock(%(k{n})s)" for n in range(len(numbers)))
    connection.exec_driver_sql(
        f"SELECT {locks}", {f"k{n}": number for n, number in enumerate(numbers)}
    )


def _failed(connection: Connection, keys: list[str], moment: float) -> Counter[str]:
    """How many attempts at each of ``keys`` are counted in the minute before ``moment``."""
    rows = connection.execute(_FAILED, {"keys": keys, "since": moment - 60})
    return Counter({str(key): int(count) for key, count in rows})
