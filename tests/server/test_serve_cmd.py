"""``bridgescore serve``: director accounts from stdin, the demo with its codes and password,
a session file made an event at start, and clear errors."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.support.paths import EXAMPLES
from tests.support.ports import free_port
from tests.support.postgres import Postgres
from tests.support.server import (
    BRIDGESCORE,
    HOWELL_3,
    Api,
    Seeded,
    ServerProcess,
)


def serve(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BRIDGESCORE), "serve", *args], input=stdin, capture_output=True, text=True, check=False
    )


def test_a_director_is_added_from_stdin_and_a_short_password_is_refused(tmp_path: Path) -> None:
    database = str(tmp_path / "club.db")
    made = serve("add-director", "Ann Smith", "--db", database, stdin="a long enough secret\n")
    assert (made.returncode, made.stdout) == (0, "director Ann Smith can log on\n")
    short = serve("add-director", "Bob", "--db", database, stdin="short\n")
    assert short.returncode == 2
    assert short.stderr == "error: a director's password has at least 8 characters\n"


def test_an_unreachable_database_is_one_line_of_error(tmp_path: Path) -> None:
    port = free_port()  # nothing listens there
    done = serve(
        "add-director",
        "Ann",
        "--db",
        f"postgresql://nobody@127.0.0.1:{port}/x",
        stdin="long enough pw\n",
    )
    assert done.returncode == 2
    assert done.stderr.startswith("error: cannot open the database")
    assert "Traceback" not in done.stderr


def test_the_demo_runs_the_bundled_session_started(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "out.txt"
    with log.open("w") as out:
        process = subprocess.Popen(
            [str(BRIDGESCORE), "serve", "--demo", "--host", "127.0.0.1", "--port", str(port)],
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=tmp_path,
        )
    try:
        deadline = time.monotonic() + 60
        while "results:" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.1)
        printed = log.read_text()
        codes = dict(re.findall(r"(A\d+) ([A-Z2-9]{6})", printed))
        password = re.search(r"name demo, password (\S+)", printed)
        assert len(codes) == 13 and password is not None, printed
        assert f"director: http://127.0.0.1:{port}/director" in printed
        url = f"http://127.0.0.1:{port}"
        event = httpx.get(f"{url}/api/events/1", timeout=30).json()
        assert (event["title"], event["state"], len(event["tables"])) == (
            "Tuesday pairs",
            "running",
            13,
        )
        login = {"event": 1, "section": "A", "table": 5, "code": codes["A5"]}
        token = httpx.post(f"{url}/api/tables/login", json=login, timeout=30).json()["token"]
        rounds = httpx.get(
            f"{url}/api/tables/rounds", headers={"Authorization": f"Bearer {token}"}
        ).json()
        assert rounds[0]["ns"] == "5NS" and rounds[0]["current"]
        director = httpx.post(
            f"{url}/api/login", json={"name": "demo", "password": password.group(1)}
        )
        assert director.status_code == 200
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_a_session_file_is_made_an_event_and_its_results_file_is_said_to_be_left(
    tmp_path: Path,
) -> None:
    port = free_port()
    log = tmp_path / "out.txt"
    with log.open("w") as out:
        process = subprocess.Popen(
            [
                str(BRIDGESCORE),
                "serve",
                "--db",
                str(tmp_path / "c.db"),
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--event",
                str(EXAMPLES / "club-session.toml"),
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 60
        while "results:" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.1)
        printed = log.read_text()
        assert (
            "its results (club-session.csv) are not loaded: the tables enter the results" in printed
        )
        assert "event 1 made: start it from the console" in printed
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_a_port_in_use_is_one_line_of_error(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = serve("--db", str(tmp_path / "c.db"), "--host", "127.0.0.1", "--port", str(port))
    assert done.returncode == 2
    assert done.stderr == (
        f"error: port {port} is in use (another server?): stop it, or choose another port with "
        "--port\n"
    )
    assert done.stdout == ""


def test_two_workers_on_one_postgresql_serve_one_session(
    postgres: Postgres, seeded: Seeded, tmp_path: Path
) -> None:
    """Results entered through whichever worker answers, the ranking read through either: the
    same ranking each time, every result there once."""
    database = seeded.postgres_copy(postgres)
    server = ServerProcess(database, tmp_path, workers=2)
    server.start()
    try:
        api = Api(server.url, token=seeded.token(database))
        event_id, codes = api.event(HOWELL_3)
        tables = {name: api.table(event_id, name, code) for name, code in codes.items()}
        for _round in range(5):
            for name, headers in tables.items():
                current = api.current(headers)
                assert current is not None
                for board in current["boards"]:
                    body = {
                        "id": f"{name}-{current['round']}-{board}-entry",
                        "round": current["round"],
                        "board": board,
                    }
                    body |= {"ns": current["ns"], "ew": current["ew"], "contract": "3NT"}
                    body |= {"declarer": "S", "result": ["=", "+1", "-1"][board % 3]}
                    assert api.post("/api/results", headers, body).status_code == 201
                    assert (
                        api.post(f"/api/results/{body['id']}/confirm", headers).status_code == 200
                    )
        rankings = {
            json.dumps(api.http.get(f"/api/events/{event_id}/ranking").json()["rankings"])
            for _ in range(10)
        }
        assert len(rankings) == 1
        audit = api.http.get(f"/api/events/{event_id}/audit", headers=api.director).json()
        assert sorted(e["kind"] for e in audit).count("confirmed") == 30
    finally:
        server.stop()
        seeded.give_back(postgres, database)


def test_a_second_server_on_one_sqlite_database_is_refused_unless_shared(
    seeded: Seeded, tmp_path: Path
) -> None:
    database = seeded.sqlite_copy(tmp_path / "club.db")
    first = ServerProcess(database, tmp_path)
    first.start()
    try:
        assert first.process is not None
        done = serve("--db", database, "--host", "127.0.0.1", "--port", str(free_port()))
        assert done.returncode == 2
        assert done.stderr == (
            f"error: the database {database} is used by another bridgescore serve (process "
            f"{first.process.pid}, {first.url}): stop that server, or say --shared-db if the "
            "database is shared on purpose\n"
        )
        second = ServerProcess(database, tmp_path / "second")
        (tmp_path / "second").mkdir()
        second.start_with = ["--shared-db"]
        second.start()
        second.stop()
    finally:
        first.stop()


COLLECTOR_AT_EXIT = """
import atexit, gc, sys
atexit.register(lambda: print("collector", gc.get_threshold(), gc.get_freeze_count() > 0, file=sys.stderr))
"""


def test_a_serving_process_sets_its_own_collector(tmp_path: Path) -> None:
    """``serve`` freezes what its start made and collects young objects 70 times less often
    than Python (``SERVER_COLLECTOR``); ``serve --help`` changes nothing (``test_ending``)."""
    server = ServerProcess(str(tmp_path / "club.db"), tmp_path, preamble=COLLECTOR_AT_EXIT)
    server.start()
    server.stop()
    assert "collector (50000, 10, 10) True\n" in (tmp_path / "server.log").read_text()


def test_each_worker_of_several_sets_its_own_collector(tmp_path: Path) -> None:
    """The app each worker of ``serve --workers N`` makes settles its process the same way."""
    code = (
        "import gc\nfrom bridgescore.server.web.app import from_environment\n"
        "app = from_environment()\napp.state.club.store.engine.dispose()\n"
        "print(gc.get_threshold(), gc.get_freeze_count() > 0)"
    )
    env = {**os.environ, "BRIDGESCORE_DB": str(tmp_path / "club.db")}
    env["BRIDGESCORE_SITES"] = str(tmp_path / "sites")
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
    )
    assert (done.returncode, done.stdout) == (0, "(50000, 10, 10) True\n"), done.stderr
