"""What a hostile (or careless) request cannot do to the server: each defect of the hostile
audit reproduced, on SQLite and PostgreSQL: events the server could not score refused at
creation, sections in any case, log-on limits counted before they are checked and shared,
control characters refused, the names file quoted and the director's, the hand record kept
out of the shared temporary folder, ids sent again, answers 4xx where a 500 was, tokens that
end, forms from other sites, loose values, a table flooding the log."""

from __future__ import annotations

import csv
import io
import json
import tempfile
import threading
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import event as sql_event
from sqlalchemy import text, update

from bridgescore.server.club import Club
from bridgescore.server.state import PER_MINUTE
from bridgescore.server.storage import schema
from tests.support.paths import EXAMPLES
from tests.support.server import HOWELL_3, Api

HOWELL = {"tables": 3, "movement": "howell", "boards": "1-10"}


def club_of(api: Api) -> Club:
    assert isinstance(api.http, TestClient)
    app: Any = api.http.app
    club: Club = app.state.club
    return club


def log_size(api: Api, event_id: int) -> int:
    return len(club_of(api).store.entries(event_id))


def entry(current: dict[str, Any], board: int, **extra: Any) -> dict[str, Any]:
    body = {"id": f"id-{board}-{current['round']}-aaaa", "round": current["round"], "board": board}
    body |= {"ns": current["ns"], "ew": current["ew"], "contract": "4S", "declarer": "N"}
    return body | {"result": "="} | extra


def test_an_event_the_server_could_not_score_is_refused_when_it_is_made(api: Api) -> None:
    twice = {
        "title": "Pair 1 plays set 1 twice",
        "sets": [[1, 2], [3, 4]],
        "winners": 2,
        "schedule": [
            {"round": 1, "table": 1, "ns": "1NS", "ew": "1EW", "set": 1},
            {"round": 2, "table": 1, "ns": "1NS", "ew": "2EW", "set": 1},
            {"round": 1, "table": 2, "ns": "2NS", "ew": "2EW", "set": 2},
            {"round": 2, "table": 2, "ns": "2NS", "ew": "1EW", "set": 2},
        ],
    }
    bodies = [
        {
            "sections": [{"tables": 2, "movement": "file.json"}],
            "server": {"movements": {"A": twice}},
        },
        {"scoring": {"method": [1]}, "sections": [HOWELL]},
        {"scoring": {"rules": 5}, "sections": [HOWELL]},
        {"scoring": {"method": "bogus"}, "sections": [HOWELL]},
    ]
    for body in bodies:
        made = api.post("/api/events", api.director, body)
        assert made.status_code == 422, (body, made.text)
    assert api.http.get("/api/events", headers=api.director).json() == []


def test_sections_in_any_case_are_used_as_they_are_written(api: Api) -> None:
    body = {"sections": [{**HOWELL, "letter": "Red"}, {**HOWELL, "letter": "b"}]}
    event_id, codes = api.event(body)
    assert sorted(codes) == ["Red1", "Red2", "Red3", "b1", "b2", "b3"]
    for section, code in (("red", codes["Red2"]), ("RED", codes["Red2"]), ("B", codes["b3"])):
        table = int(code == codes["b3"]) * 1 + 2
        login = {"event": event_id, "section": section, "table": table, "code": code}
        assert api.http.post("/api/tables/login", json=login).status_code == 200, section
    fix = {"section": "red", "table": 1, "round": 1, "board": 1, "contract": "3NT"}
    fix |= {"declarer": "S", "result": "="}
    assert api.post(f"/api/events/{event_id}/results/correct", api.director, fix).status_code == 200
    grid = api.http.get(f"/api/events/{event_id}/grid", headers=api.director).json()
    assert set(grid["sections"]) == {"Red", "b"}
    closed = api.post(
        f"/api/events/{event_id}/rounds/close", api.director, {"section": "B", "round": 1}
    )
    assert closed.json()["section"] == "b"
    same = api.post(
        "/api/events",
        api.director,
        {"sections": [{**HOWELL, "letter": "a"}, {**HOWELL, "letter": "A"}]},
    )
    assert same.status_code == 422 and "A and a are one letter" in same.json()["error"]


def test_log_ons_are_counted_before_they_are_checked_and_by_every_worker(
    api: Api, database: str, tmp_path: Path
) -> None:
    wrong = {"name": "ann", "password": "not the password"}
    answers: list[int] = []

    def guess() -> None:
        answers.append(api.http.post("/api/login", json=wrong).status_code)

    guessers = [threading.Thread(target=guess) for _ in range(40)]
    for thread in guessers:
        thread.start()
    for thread in guessers:
        thread.join()
    assert answers.count(401) <= 10 and answers.count(429) >= 30  # never more than 10 tried
    from tests.support.server import in_process

    with in_process(database, tmp_path / "second") as other:  # a second server, one database
        later = [other.post("/api/login", json=wrong).status_code for _ in range(12)]
        assert answers.count(401) + later.count(401) == 10  # ten tried in the minute, by both
        assert later[-1] == 429
        unknown = {"name": "nobody", "password": "whatever it is"}
        assert other.post("/api/login", json=unknown).status_code == 401
        app: Any = other.app
        assert app.state.club.store.accounts._dummy is not None  # a hash checked all the same


def test_a_table_locked_out_by_wrong_codes_elsewhere_still_logs_on(api: Api) -> None:
    event_id, codes = api.event(HOWELL_3)
    wrong = {"event": event_id, "section": "A", "table": 2, "code": "AAAAAA"}
    for _ in range(12):
        api.http.post("/api/tables/login", json=wrong, headers={"X-Device": "the guesser"})
    refused = api.http.post("/api/tables/login", json=wrong, headers={"X-Device": "the guesser"})
    assert refused.status_code == 429
    right = {**wrong, "code": codes["A2"]}
    assert (
        api.http.post(
            "/api/tables/login", json=right, headers={"X-Device": "the table"}
        ).status_code
        == 200
    )
    assert (
        api.http.post(
            "/api/tables/login", json=right, headers={"X-Device": "the guesser"}
        ).status_code
        == 429
    )
    unlocked = api.post(
        f"/api/events/{event_id}/tables/unlock", api.director, {"section": "A", "table": 2}
    )
    assert unlocked.status_code == 200
    assert (
        api.http.post(
            "/api/tables/login", json=right, headers={"X-Device": "the guesser"}
        ).status_code
        == 200
    )


def test_unlocking_table_1_leaves_table_10_locked(api: Api) -> None:
    """The director lets table A1 log on again; A10's lock-out (a name that begins the same)
    stays."""
    event_id, codes = api.event(
        {"sections": [{"tables": 10, "movement": "mitchell", "boards": "1-20"}]}
    )

    def log_on(table: int, code: str) -> int:
        body = {"event": event_id, "section": "A", "table": table, "code": code}
        headers = {"X-Device": "the guesser"}
        return api.http.post("/api/tables/login", json=body, headers=headers).status_code

    for table in (1, 10):
        assert [log_on(table, "AAAAAA") for _ in range(11)] == [401] * 10 + [429]
    unlocked = api.post(
        f"/api/events/{event_id}/tables/unlock", api.director, {"section": "A", "table": 1}
    )
    assert unlocked.status_code == 200
    assert log_on(1, codes["A1"]) == 200
    assert log_on(10, codes["A10"]) == 429


def test_control_characters_in_a_session_are_refused_naming_the_key(api: Api) -> None:
    cases: list[tuple[str, dict[str, Any]]] = [
        ("title", {"title": "Club\u001b]0;pwned\u0007", "sections": [HOWELL]}),
        ("club", {"club": "Bad\u202eclub", "sections": [HOWELL]}),
        ("sections[0].letter", {"sections": [{**HOWELL, "letter": "A\u0000"}]}),
        (
            "sections[0].pairs[0].names[0]",
            {"sections": [{**HOWELL, "pairs": [{"pair": "1", "names": ["Ann\u001b[2J"]}]}]},
        ),
    ]
    for where, body in cases:
        made = api.post("/api/events", api.director, body)
        assert made.status_code == 422 and made.json()["error"].startswith(
            f"the event: {where}:"
        ), made.text


def test_the_names_file_is_quoted_and_the_directors_until_published(api: Api) -> None:
    pairs = [{"pair": str(n), "names": [f"Player {n}", f"Partner {n}"]} for n in range(1, 7)]
    pairs[0]["names"] = ['Ann "The Ace" Smith, Jr', "Bob"]
    pairs[1]["names"] = ['=HYPERLINK("http://evil.example","x")', "Cat"]
    event_id, _codes = api.event({"sections": [{**HOWELL, "pairs": pairs}]})
    assert api.http.get(f"/api/events/{event_id}/names.csv").status_code == 401
    text = api.http.get(f"/api/events/{event_id}/names.csv", headers=api.director).text
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[1] == ["1", 'Ann "The Ace" Smith, Jr & Bob']
    assert rows[2][1].startswith("'=HYPERLINK")


def test_the_hand_record_is_not_kept_in_the_shared_temporary_folder(api: Api) -> None:
    event_id, _codes = api.event(HOWELL_3)
    shared = Path(tempfile.gettempdir()) / "bridgescore-server"
    before = set(shared.iterdir()) if shared.exists() else set()
    hands = (EXAMPLES / "club-hands.pbn").read_text()
    assert (
        api.http.post(
            f"/api/events/{event_id}/hands", content=hands, headers=api.director
        ).status_code
        == 200
    )
    after = set(shared.iterdir()) if shared.exists() else set()
    assert after == before


def test_an_id_sent_again_is_stored_once_and_never_changed_or_taken(
    api: Api, database: str
) -> None:
    event_id, codes = api.event(HOWELL_3)
    tables = {name: api.table(event_id, name, code) for name, code in codes.items()}
    current = api.current(tables["A1"])
    assert current is not None
    body = entry(current, current["boards"][0])
    assert api.post("/api/results", tables["A1"], body).status_code == 201
    changed = api.post("/api/results", tables["A1"], {**body, "result": "+2"})
    assert changed.status_code == 409 and "sent before" in changed.json()["error"]
    theirs = api.current(tables["A2"])
    assert theirs is not None
    taken = api.post(
        "/api/results", tables["A2"], {**entry(theirs, theirs["boards"][0]), "id": body["id"]}
    )
    assert taken.status_code == 403
    assert log_size(api, event_id) == 1
    answers: list[int] = []  # one new id sent by every table at once

    def send(name: str) -> None:
        found = api.current(tables[name])
        assert found is not None
        answer = api.post(
            "/api/results",
            tables[name],
            {**entry(found, found["boards"][1]), "id": "one-id-for-all"},
        )
        answers.append(answer.status_code)

    senders = [threading.Thread(target=send, args=(name,)) for name in tables for _ in range(3)]
    for thread in senders:
        thread.start()
    for thread in senders:
        thread.join()
    assert sorted(answers).count(201) == 1 and set(answers) <= {200, 201, 403}
    assert log_size(api, event_id) == 2


def test_requests_that_gave_500_are_answered_4xx(api: Api) -> None:
    event_id, _codes = api.event(HOWELL_3)
    for login in (
        {"event": "²", "section": "A", "table": 1, "code": "ABCDEF"},
        {"event": event_id, "section": "A", "table": "³", "code": "ABCDEF"},
        {"event": event_id, "section": "A", "table": "⑤", "code": "ABCDEF"},
        {"event": event_id, "section": "ABCDEFGHI", "table": 1, "code": "ABCDEF"},
        {"event": event_id, "section": "A\u0000", "table": 1, "code": "ABCDEF"},
    ):
        assert api.http.post("/api/tables/login", json=login).status_code == 422, login
    assert (
        api.http.post("/api/login", json={"name": "ann\u0000", "password": "x"}).status_code == 422
    )
    for path in (
        "/api/events/" + "9" * 5000,
        "/api/events/9223372036854775808",
        "/events/99999999999",
    ):
        assert api.http.get(path).status_code in (404, 422), path
    made = api.post("/api/events", api.director, {"title": "Tit\u0000le", "sections": [HOWELL]})
    assert made.status_code == 422


def test_a_full_database_is_a_clear_503(api: Api, database: str) -> None:
    """A database that cannot grow (SQLite held to the pages it has: a full disk) answers 503
    saying so, and the server goes on answering what it can."""
    if not database.endswith(".db"):
        return  # (PostgreSQL's disk is not filled here)
    event_id, _codes = api.event(HOWELL_3)
    engine = club_of(api).store.engine

    @sql_event.listens_for(engine, "connect")
    def full(connection: Any, _record: Any) -> None:
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages}")

    engine.dispose()
    fix: dict[str, Any] = {"section": "A", "table": 1, "round": 1, "board": 1}
    fix |= {"contract": "3NT", "declarer": "S"}
    answers = []
    for n in range(400):  # director's corrections, each with a long reason, until it is full
        answer = api.post(
            f"/api/events/{event_id}/results/correct",
            api.director,
            fix | {"result": "=", "reason": f"{n:03d}" * 60},
        )
        answers.append(answer)
        if answer.status_code != 200:
            break
    sql_event.remove(engine, "connect", full)
    engine.dispose()
    last = answers[-1]
    assert last.status_code == 503, last.text
    assert (
        "cannot store or read this now" in last.json()["error"] and "full" in last.json()["error"]
    )
    assert api.http.get(f"/api/events/{event_id}/grid", headers=api.director).status_code == 200


def test_log_offs_end_tokens_and_tokens_end_by_themselves(api: Api) -> None:
    event_id, codes = api.event(HOWELL_3)
    headers = api.table(event_id, "A1", codes["A1"])
    assert api.post("/api/logout", headers).status_code == 200
    assert api.http.get("/api/tables/rounds", headers=headers).status_code == 401
    headers = api.table(event_id, "A1", codes["A1"])
    with club_of(api).store.engine.begin() as connection:
        connection.execute(update(schema.tokens).values(expires_at="2000-01-01T00:00:00.000+00:00"))
    assert api.http.get("/api/tables/rounds", headers=headers).status_code == 401
    assert api.http.get("/api/events", headers=api.director).status_code == 401


def test_a_log_on_form_posted_from_another_site_is_refused(api: Api) -> None:
    form = {"name": "ann", "password": "correct horse battery"}
    evil = api.http.post("/director/login", data=form, headers={"Origin": "http://evil.example"})
    assert evil.status_code == 403 and "another site" in evil.text
    own = api.http.post("/director/login", data=form, headers={"Origin": "http://testserver"})
    assert own.status_code in (200, 303)


def test_values_are_read_strictly(api: Api) -> None:
    event_id, _codes = api.event(HOWELL_3)
    loose = api.post(f"/api/events/{event_id}/settings", api.director, {"fixed_averages": "false"})
    assert loose.status_code == 422
    late = api.post(
        f"/api/events/{event_id}/rounds/close", api.director, {"section": "A", "round": 9999}
    )
    assert late.status_code == 404 and "rounds are 1 to 5" in late.json()["error"]
    assert log_size(api, event_id) == 0


def test_a_table_flooding_the_log_is_stopped_and_the_director_told(api: Api) -> None:
    event_id, codes = api.event(HOWELL_3)
    headers = api.table(event_id, "A1", codes["A1"])
    statuses = [api.post("/api/tables/call", headers).status_code for _ in range(PER_MINUTE + 5)]
    assert statuses.count(201) == PER_MINUTE and statuses[-1] == 429
    assert log_size(api, event_id) == PER_MINUTE
    assert club_of(api).alerts(event_id)[0].startswith("table A1 sent more than")


def test_a_hostile_toml_pasted_in_the_console_is_refused_on_the_page(api: Api) -> None:
    assert isinstance(api.http, TestClient)
    browser = TestClient(api.http.app, follow_redirects=False)
    browser.post("/director/login", data={"name": "ann", "password": "correct horse battery"})
    page = browser.get("/director").text
    csrf = page.split('name="csrf" value="')[1].split('"')[0]
    deep = "a = " + "[" * 50_000 + "]" * 50_000
    for toml in (
        deep,
        'title = "x"\n[[sections]]\ntables = 3\nmovement = "howell"\n[scoring]\nmethod = [1]\n',
    ):
        answer = browser.post("/director/events", data={"csrf": csrf, "toml": toml})
        assert answer.status_code == 422, answer.text[:300]
    assert json.loads(browser.get("/api/events", headers=api.director).text) == []
    with club_of(api).store.engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM events")).scalar() == 0
