"""A director sets an evening up with the files as they are: the session file `bridgescore
score` reads and the files it names, sent together (multipart, or one zip) to the API or the
console; its results left with a note, never refused."""

from __future__ import annotations

import io
import subprocess
import zipfile
from pathlib import Path

from fastapi.testclient import TestClient

from bridgescore.core.table.seats import Seat
from bridgescore.server.domain.live_event import read_hands
from tests.support.paths import DATA, EXAMPLES
from tests.support.server import BRIDGESCORE, Api

NAMED = ("club-session.toml", "club-movement.json", "club-hands.pbn")


def parts() -> list[tuple[str, tuple[str, bytes]]]:
    """The bundled session file and the files it names, as a form's file parts."""
    found = [("session", ("club-session.toml", (EXAMPLES / NAMED[0]).read_bytes()))]
    found += [(name, (name, (EXAMPLES / name).read_bytes())) for name in NAMED[1:]]
    return found


def test_the_bundled_session_file_and_its_files_make_an_event(api: Api) -> None:
    made = api.http.post("/api/events", files=parts(), headers=api.director)
    assert made.status_code == 201, made.text
    answer = made.json()
    assert answer["notes"] == [
        "club-session.toml: its results (club-session.csv) are not loaded: the tables enter the results"
    ]
    event = api.http.get(f"/api/events/{answer['id']}").json()
    assert (event["title"], len(event["tables"])) == ("Tuesday pairs", 13)
    started = api.post(f"/api/events/{answer['id']}/start", api.director)
    codes = started.json()["tables"]
    table = api.table(answer["id"], "A1", codes["A1"])
    current = api.current(table)
    assert current is not None and current["ns"] == "1NS"
    wrong_lead = {"id": "upload-lead-1", "round": current["round"], "board": current["boards"][0]}
    wrong_lead |= {
        "ns": "1",
        "ew": current["ew"],
        "contract": "3NT",
        "declarer": "S",
        "result": "=",
    }
    deal = read_hands((EXAMPLES / "club-hands.pbn").read_text()).deals[current["boards"][0]]
    west = {str(card) for card in deal.hand(Seat.WEST) or ()}
    stranger = next(c for c in ("SA", "HA", "DA", "CA", "SK", "HK") if c not in west)
    checked = api.post("/api/results", table, wrong_lead | {"lead": stranger})
    assert checked.status_code == 422 and "is not in that hand" in checked.json()["error"]


def test_a_json_body_with_results_is_made_with_a_note(api: Api) -> None:
    body = {
        "title": "Results named",
        "results": ["t.csv"],
        "sections": [{"tables": 3, "movement": "howell"}],
    }
    made = api.post("/api/events", api.director, body)
    assert made.status_code == 201 and made.json()["notes"] == [
        "the event: its results (t.csv) are not loaded: the tables enter the results"
    ]


def test_a_file_the_session_names_but_did_not_send_is_said(api: Api) -> None:
    missing = [p for p in parts() if p[0] != "club-hands.pbn"]
    made = api.http.post("/api/events", files=missing, headers=api.director)
    assert made.status_code == 422
    assert made.json()["error"] == (
        "club-session.toml: hands = 'club-hands.pbn': send that file with the session file "
        "(files sent: club-movement.json)"
    )


def test_the_console_takes_the_files_or_a_zip(api: Api, tmp_path: Path) -> None:
    assert isinstance(api.http, TestClient)
    browser = TestClient(api.http.app, follow_redirects=False)
    browser.post("/director/login", data={"name": "ann", "password": "correct horse battery"})
    csrf = browser.get("/director").text.split('name="csrf" value="')[1].split('"')[0]
    chosen = [("files", (name, (EXAMPLES / name).read_bytes())) for name in NAMED]
    answer = browser.post("/director/events", data={"csrf": csrf}, files=chosen)
    assert answer.status_code == 303, answer.text[:500]
    page = browser.get(answer.headers["location"]).text
    assert "The event is made." in page and "club-session.csv" in page
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        for name in NAMED:
            archive.write(EXAMPLES / name, f"tuesday/{name}")
    answer = browser.post(
        "/director/events",
        data={"csrf": csrf},
        files=[("files", ("tuesday.zip", packed.getvalue()))],
    )
    assert answer.status_code == 303, answer.text[:500]
    events = api.http.get("/api/events", headers=api.director).json()
    assert [e["title"] for e in events] == ["Tuesday pairs", "Tuesday pairs"]


def test_a_session_files_pairs_are_checked_in_the_clis_words(api: Api) -> None:
    """A pair listed twice, a pair the movement does not have: the server refuses the file in
    the words `bridgescore score` uses for it."""
    wrong = DATA / "sessions" / "wrong-pairs.toml"
    cli = subprocess.run(
        [str(BRIDGESCORE), "score", str(wrong)], capture_output=True, text=True, check=False
    )
    assert cli.returncode == 2
    said = cli.stderr.removeprefix("error: ").removeprefix(f"{wrong}: ")
    sent = [("session", ("wrong-pairs.toml", wrong.read_bytes()))]
    made = api.http.post("/api/events", files=sent, headers=api.director)
    assert made.status_code == 422
    server = [line.removeprefix("wrong-pairs.toml: ") for line in made.json()["error"].splitlines()]
    assert server == [line.removeprefix(f"{wrong}: ") for line in said.splitlines()]
    assert server[0].startswith("sections[0].pairs[1].pair: pair 1NS is named twice")
    assert server[1].startswith("sections[0].pairs[9].pair: pair '6EW' names no pair")
