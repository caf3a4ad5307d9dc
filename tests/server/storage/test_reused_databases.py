"""A PostgreSQL database a test has finished with is handed to the next test reset
(:meth:`tests.support.postgres.Postgres.reset`): it must then hold what a new copy of the
seeded database holds, rows and sequences alike, or the tests would see each other's events."""

from __future__ import annotations

from pathlib import Path

import psycopg

from tests.support.postgres import Postgres, read_seed
from tests.support.server import HOWELL_3, Api, Seeded, in_process


def _play(database: str, folder: Path, seeded: Seeded) -> int:
    """Make and start an event, enter a result, log a table on: the event's number."""
    with in_process(database, folder) as client:
        api = Api(client, token=seeded.token(database))
        event_id, codes = api.event(HOWELL_3)
        table = api.table(event_id, "A1", codes["A1"])
        assert api.enter_first(table, "reused-1").status_code == 201
        return event_id


def _ids(rows: dict[str, tuple[tuple[str, ...], list[tuple[object, ...]]]]) -> dict[str, object]:
    """Each table's ids in order where it has a column ``id``, else how many rows it has (a
    log-on's token is random)."""
    return {
        name: sorted(int(str(row[0])) for row in found) if columns[:1] == ("id",) else len(found)
        for name, (columns, found) in rows.items()
    }


def test_a_used_database_is_given_again_as_a_new_copy_is(
    seeded: Seeded, postgres: Postgres, tmp_path: Path
) -> None:
    used = seeded.postgres_copy(postgres)
    template, seed = seeded.postgres[postgres.port]
    assert read_seed(used) == seed
    first = _play(used, tmp_path / "first", seeded)
    assert read_seed(used) != seed  # the test left its event, its log and its log-ons
    seeded.give_back(postgres, used)
    again = seeded.postgres_copy(postgres)
    assert again == used  # reset, not copied afresh
    assert read_seed(again) == seed
    new = postgres.database(template=template.rsplit("/", 1)[1])
    seeded.tokens[new] = seeded.token(template)
    assert read_seed(new) == seed
    assert _play(again, tmp_path / "again", seeded) == first == _play(new, tmp_path / "new", seeded)
    played_again, played_new = read_seed(again), read_seed(new)
    assert _ids(played_again.rows) == _ids(played_new.rows)  # the same rows, the same ids
    assert played_again.sequences == played_new.sequences
    seeded.give_back(postgres, again)


def test_a_database_whose_tables_changed_is_not_given_again(
    seeded: Seeded, postgres: Postgres
) -> None:
    used = seeded.postgres_copy(postgres)
    with psycopg.connect(used, autocommit=True) as connection:
        connection.execute("CREATE TABLE left_behind (id integer)")
    seeded.give_back(postgres, used)
    assert seeded.postgres_copy(postgres) != used
