"""The club server's tables (SQLAlchemy Core), as the first migration creates them.

* ``directors``: the director accounts (argon2 password hashes, never the passwords).
* ``tokens``: who is logged on: a director, or a table of an event (section and table), each
  token kept only as its SHA-256 digest, with the device it was given to.
* ``events``: a session: the session file as JSON, each section's movement, the hand record
  (PBN text), the live settings and the state (``new``, ``running``, ``ended``); its
  ``revision`` counts the changes to these, and ``log_seq`` is its log's last entry, so a
  worker knows from one row whether what it keeps of the event is current.
* ``tables``: the tables of a started event and their codes.
* ``log``: every change to a result, appended and never updated: who, when, from which device,
  with the client's id for idempotency (unique within an event). The results are its fold
  (:mod:`bridgescore.server.domain.fold`).
* ``secrets``: the server's own keys (the CSRF key), made once and kept across restarts.
* ``attempts``: failed log-ons (and other limited acts) by a digest of what was tried, for
  limits that every worker shares.
* ``live_scores``: the live page's scores of each event as the scorer process made them
  (:mod:`bridgescore.server.scorer`): the event's revision and log entry they were made at,
  when, and the page's values as JSON; ``seen_at`` says when the scorer last looked, so the
  workers know it runs.
"""

from __future__ import annotations

__all__ = [
    "attempts",
    "directors",
    "events",
    "live_scores",
    "log",
    "metadata",
    "secrets",
    "tables",
    "tokens",
]

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

directors = Table(
    "directors",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(80), nullable=False, unique=True),
    Column("password_hash", Text, nullable=False),
    Column("created_at", String(32), nullable=False),
)

events = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("title", Text, nullable=False),
    Column("session", Text, nullable=False),
    Column("movements", Text, nullable=False),
    Column("hands", Text, nullable=True),
    Column("settings", Text, nullable=False),
    Column("state", String(16), nullable=False),
    Column("created_by", String(80), nullable=False),
    Column("created_at", String(32), nullable=False),
    Column("revision", Integer, nullable=False, server_default="0"),
    Column("log_seq", Integer, nullable=False, server_default="0"),
)

tables = Table(
    "tables",
    metadata,
    Column("event_id", Integer, ForeignKey("events.id"), primary_key=True),
    Column("section", String(8), primary_key=True),
    Column("table_no", Integer, primary_key=True),
    Column("code", String(16), nullable=False),
)

tokens = Table(
    "tokens",
    metadata,
    Column("digest", String(64), primary_key=True),
    Column("role", String(16), nullable=False),
    Column("director_id", Integer, ForeignKey("directors.id"), nullable=True),
    Column("event_id", Integer, ForeignKey("events.id"), nullable=True),
    Column("section", String(8), nullable=True),
    Column("table_no", Integer, nullable=True),
    Column("device", String(80), nullable=False),
    Column("created_at", String(32), nullable=False),
    Column("expires_at", String(32), nullable=True),
)

log = Table(
    "log",
    metadata,
    Column("seq", Integer, primary_key=True, autoincrement=True),
    Column("event_id", Integer, ForeignKey("events.id"), nullable=False),
    Column("section", String(8), nullable=False),
    Column("table_no", Integer, nullable=True),
    Column("round", Integer, nullable=True),
    Column("board", Integer, nullable=True),
    Column("kind", String(16), nullable=False),
    Column("client_id", String(64), nullable=True),
    Column("payload", Text, nullable=False),
    Column("actor", String(80), nullable=False),
    Column("device", String(80), nullable=False),
    Column("at", String(32), nullable=False),
    UniqueConstraint("event_id", "client_id", name="log_client_id_once"),
    Index("log_by_table", "event_id", "section", "table_no"),
    Index("log_by_event", "event_id", "seq"),
)

secrets = Table(
    "secrets",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", Text, nullable=False),
)

attempts = Table(
    "attempts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(64), nullable=False),
    Column("at", Float, nullable=False),
    Index("attempts_by_key", "key", "at"),
)

live_scores = Table(
    "live_scores",
    metadata,
    Column("event_id", Integer, ForeignKey("events.id"), primary_key=True),
    Column("revision", Integer, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("made_at", Float, nullable=False),
    Column("took", Float, nullable=False),
    Column("seen_at", Float, nullable=False),
    Column("body", Text, nullable=False),
)
