"""A table's requests read the database no more than they must: the requests of every table
of a 100-table congress come every few seconds, and each read is a connection taken from the
pool and a query (on PostgreSQL, a round trip). A table's log-on is read together with its
event's revision and last log entry, which tell the server whether its kept state is current;
when it is, nothing else is read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import event

from bridgescore.server.storage.database import connect, reader
from tests.support.postgres import Postgres
from tests.support.server import HOWELL_3, Api, in_process


def _statements(client: TestClient) -> list[str]:
    """The SQL the server sends from now on (both its engines: the writer and the readers)."""
    sent: list[str] = []
    store = client.app.state.club.store  # type: ignore[attr-defined]

    def seen(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        if statement.split(maxsplit=1)[0].upper() not in {
            "BEGIN",
            "COMMIT",
            "ROLLBACK",
            "SAVEPOINT",
        }:
            sent.append(" ".join(statement.split()))

    # (on PostgreSQL the reader is the writer with other options: the writer hears them both)
    for engine in {store.engine, getattr(store.reader, "_proxied", store.reader)}:
        event.listen(engine, "before_cursor_execute", seen)
    return sent


def test_a_tables_round_is_shown_after_one_read_of_the_database(
    api: Api, client: TestClient
) -> None:
    event_id, codes = api.event(HOWELL_3)
    north = api.table(event_id, "A1", codes["A1"])
    assert api.current(north) is not None  # (the event's state is kept from here on)
    sent = _statements(client)
    rounds = api.http.get("/api/tables/rounds", headers=north)
    assert rounds.status_code == 200, rounds.text
    assert len(sent) == 1, sent
    assert "FROM tokens" in sent[0] and "log_seq" in sent[0], sent


def test_a_table_sees_what_another_worker_appended_though_it_reads_once(
    api: Api, database: str, tmp_path: Path
) -> None:
    """The version read with the log-on is the database's: a result entered through another
    worker's application (its own engine and kept state) is in this worker's rounds."""
    event_id, codes = api.event(HOWELL_3)
    north = api.table(event_id, "A1", codes["A1"])
    first = api.current(north)
    assert first is not None and first["done"] == []
    with in_process(database, tmp_path / "other") as other:
        board = first["boards"][0]
        entry = {
            "id": "from-the-other-worker",
            "round": first["round"],
            "board": board,
            "ns": first["ns"],
            "ew": first["ew"],
            "contract": "3NT",
            "declarer": "N",
            "result": "=",
        }
        entered = other.post("/api/results", json=entry, headers=north)
        assert entered.status_code == 201, entered.text
    again = api.current(north)  # (read by this worker, whose kept state had not seen it)
    assert again is not None and str(board) in again["entered"], again


def test_a_read_on_postgresql_leaves_no_transaction_to_roll_back(postgres: Postgres) -> None:
    """On PostgreSQL a read is one statement in autocommit mode: no ``BEGIN`` is sent before it
    and nothing is left open to roll back after it (two round trips of a table's every
    request). Without autocommit the connection is in a transaction after the statement."""
    from psycopg.pq import TransactionStatus

    engine = connect(postgres.database())
    try:
        with reader(engine).connect() as connection:
            connection.exec_driver_sql("SELECT 1").all()
            driver = connection.connection.dbapi_connection
            assert driver is not None
            assert driver.pgconn.transaction_status == TransactionStatus.IDLE
    finally:
        engine.dispose()
