"""Director accounts without a terminal: the first made in the browser on the server's own
machine (and only there, and only while there is none), more from the console; and an evening
pushed from a director's laptop with `bridgescore serve push`."""

from __future__ import annotations

import subprocess
from pathlib import Path

import httpx

from tests.support.paths import EXAMPLES
from tests.support.server import BRIDGESCORE, PASSWORD, Api, threaded_server


def test_the_first_director_is_made_in_the_browser_on_the_servers_machine(
    new_database: str, tmp_path: Path
) -> None:
    with threaded_server(new_database, tmp_path) as served:
        local = httpx.Client(base_url=f"http://localhost:{served.port}", timeout=30)
        assert "The first director" in local.get("/director").text
        remote = httpx.Client(base_url=served.url, timeout=30, headers={"Host": "club.example.org"})
        assert "The first director" not in remote.get("/director").text
        form = {"name": "Ann", "password": PASSWORD, "again": PASSWORD}
        assert remote.post("/director/first", data=form).status_code == 403
        differ = local.post("/director/first", data={**form, "again": "something else"})
        assert differ.status_code == 422 and "the two passwords differ" in differ.text
        made = local.post("/director/first", data=form)
        assert made.status_code == 303 and "bridgescore" in made.cookies
        console = local.get("/director").text
        assert "Logged on as Ann" in console
        csrf = console.split('name="csrf" value="')[1].split('"')[0]
        other = {"csrf": csrf, "name": "Bob", "password": "another one!", "again": "another one!"}
        assert local.post("/director/directors", data=other).status_code == 303
        again = httpx.Client(base_url=f"http://localhost:{served.port}", timeout=30)
        assert "The first director" not in again.get("/director").text  # one exists now
        assert again.post("/director/first", data={**form, "name": "Eve"}).status_code == 403
        assert Api(served.url, "Bob", "another one!").director


def push(url: str) -> list[str]:
    session = str(EXAMPLES / "club-session.toml")
    return [str(BRIDGESCORE), "serve", "push", session, "--url", url, "--director", "ann"]


def test_an_evening_is_pushed_from_the_command_line(database: str, tmp_path: Path) -> None:
    with threaded_server(database, tmp_path) as served:
        done = subprocess.run(
            push(served.url),
            input=PASSWORD + "\n",
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout == f"event 1 made: {served.url}/director/events/1\n"
        assert "its results (club-session.csv) are not loaded" in done.stderr
        event = httpx.get(f"{served.url}/api/events/1").json()
        assert (event["title"], len(event["tables"])) == ("Tuesday pairs", 13)
        wrong = subprocess.run(
            push(served.url),
            input="not the password\n",
            capture_output=True,
            text=True,
            check=False,
        )
        assert (wrong.returncode, wrong.stderr) == (
            2,
            f"error: {served.url}/api/login: wrong name or password\n",
        )
