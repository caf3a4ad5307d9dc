"""The club server's JSON API, driven in this process (Starlette's test client) on a real SQLite
file and on a real PostgreSQL: the session played through, retries stored once, conflicts
kept for the director, tables kept to their own boards, directors' endpoints closed to others,
and the same ranking as the command line on the exported travellers."""

from __future__ import annotations

import json
import subprocess
import uuid
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.support.paths import EXAMPLES
from tests.support.server import BRIDGESCORE, HOWELL_3, Api

RESULTS = ("=", "+1", "-1", "=", "-2", "+2")


def entry(current: dict[str, Any], board: int, table: int, **extra: Any) -> dict[str, Any]:
    """A result for ``board`` at ``table``: 4S by North, the tricks varying by table."""
    body = {
        "id": str(uuid.uuid4()),
        "round": current["round"],
        "board": board,
        "ns": current["ns"],
        "ew": current["ew"],
        "contract": "4S",
        "declarer": "N",
        "result": RESULTS[(board + table) % len(RESULTS)],
    }
    return {**body, **extra}


def play(api: Api, headers: dict[str, str], table: int) -> int:
    """Enter and confirm every board of the table's current round; the boards entered."""
    current = api.current(headers)
    assert current is not None
    for board in current["boards"]:
        body = entry(current, board, table)
        answer = api.post("/api/results", headers, body)
        assert answer.status_code == 201, answer.text
        confirmed = api.post(f"/api/results/{body['id']}/confirm", headers)
        assert confirmed.json() == {"status": "confirmed", "board": board}
    return len(current["boards"])


def test_a_whole_session_ranks_as_the_command_line_ranks_its_export(
    api: Api, tmp_path: Path
) -> None:
    event_id, codes = api.event(HOWELL_3)
    assert sorted(codes) == ["A1", "A2", "A3"]
    tables = {name: api.table(event_id, name, code) for name, code in codes.items()}
    played = 0
    for _round in range(5):
        for name, headers in tables.items():
            played += play(api, headers, int(name[1:]))
    assert played == 30
    assert all(api.current(headers) is None for headers in tables.values())
    assert api.post(f"/api/events/{event_id}/end", api.director).status_code == 200
    ranking = api.http.get(f"/api/events/{event_id}/ranking").json()
    (tmp_path / "travellers.csv").write_text(
        api.http.get(f"/api/events/{event_id}/travellers.csv").text
    )
    names = api.http.get(f"/api/events/{event_id}/names.csv", headers=api.director)
    (tmp_path / "names.csv").write_text(names.text)
    command = [
        str(BRIDGESCORE),
        "score",
        "travellers.csv",
        "--names",
        "names.csv",
        "--rules",
        "ebu",
        "--json",
    ]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, check=True)
    cli = json.loads(done.stdout)
    assert ranking["rankings"] == cli["rankings"]
    top = ranking["rankings"][0]["entries"][0]
    assert top["names"].startswith("North") and top["boards"] == 10
    total = sum(e["score"] for e in ranking["rankings"][0]["entries"])
    assert total == 10 * 2 * (3 * 2)  # each of 10 boards played 3 times: NS and EW each n(n-1)


def test_a_retried_entry_is_stored_once_and_a_different_one_is_a_conflict(
    api: Api,
) -> None:
    event_id, codes = api.event(HOWELL_3)
    headers = api.table(event_id, "A1", codes["A1"])
    current = api.current(headers)
    assert current is not None
    board = current["boards"][0]
    body = entry(current, board, 1)
    assert api.post("/api/results", headers, body).status_code == 201
    again = api.post("/api/results", headers, body)
    assert (again.status_code, again.json()["status"]) == (200, "entered")
    assert api.post(f"/api/results/{body['id']}/confirm", headers).status_code == 200
    assert api.post(f"/api/results/{body['id']}/confirm", headers).json()["status"] == "confirmed"
    same = api.post("/api/results", headers, {**body, "id": str(uuid.uuid4())})
    assert (same.status_code, same.json()["status"]) == (200, "confirmed")
    other = api.post("/api/results", headers, {**body, "id": str(uuid.uuid4()), "result": "+3"})
    assert other.status_code == 409
    assert "director" in other.json()["error"]
    audit = api.http.get(f"/api/events/{event_id}/audit", headers=api.director).json()
    assert [e["kind"] for e in audit] == ["entered", "confirmed", "conflict"]
    grid = api.http.get(f"/api/events/{event_id}/grid", headers=api.director).json()
    cell = grid["sections"]["A"][0]["rounds"][0]
    assert cell["status"] == "conflict"
    assert cell["boards"][0]["conflict"]["result"] == "+3"
    fix = {"section": "A", "table": 1, "round": current["round"], "board": board}
    corrected = api.post(
        f"/api/events/{event_id}/results/correct",
        api.director,
        {**fix, "contract": "4S", "declarer": "N", "result": "+3", "reason": "EW agree"},
    )
    assert corrected.status_code == 200, corrected.text
    grid = api.http.get(f"/api/events/{event_id}/grid", headers=api.director).json()
    assert grid["sections"]["A"][0]["rounds"][0]["boards"][0]["conflict"] is None
    csv = api.http.get(f"/api/events/{event_id}/travellers.csv", headers=api.director).text
    assert f"{board},{current['ns']},{current['ew']},4S,N,+3,510" in csv


def test_a_table_enters_only_its_own_boards_of_its_own_round(api: Api) -> None:
    event_id, codes = api.event(HOWELL_3)
    headers = api.table(event_id, "A1", codes["A1"])
    rounds = api.http.get("/api/tables/rounds", headers=headers).json()
    current, later = rounds[0], rounds[1]
    assert current["current"] and not later["current"]
    answer = api.post("/api/results", headers, entry(current, 11, 1))
    assert answer.status_code == 403
    assert answer.json()["error"] == "board 11 is not played at table 1 in round 1"
    ahead = api.post("/api/results", headers, entry(later, later["boards"][0], 1))
    assert ahead.status_code == 403
    assert "playing round 1" in ahead.json()["error"]
    swapped = entry(current, current["boards"][0], 1, ns=current["ew"], ew=current["ns"])
    assert api.post("/api/results", headers, swapped).status_code == 422
    nonsense = api.post(
        "/api/results", headers, entry(current, current["boards"][0], 1, contract="8S")
    )
    assert nonsense.status_code == 422
    assert "level is 1 to 7" in nonsense.json()["error"]


def test_directors_endpoints_refuse_strangers_and_tables(api: Api) -> None:
    event_id, codes = api.event(HOWELL_3)
    table = api.table(event_id, "A1", codes["A1"])
    for method, path in [
        ("POST", "/api/events"),
        ("POST", f"/api/events/{event_id}/start"),
        ("POST", f"/api/events/{event_id}/end"),
        ("GET", f"/api/events/{event_id}/audit"),
        ("GET", f"/api/events/{event_id}/grid"),
        ("POST", f"/api/events/{event_id}/results/adjust"),
        ("POST", f"/api/events/{event_id}/rounds/close"),
        ("GET", f"/api/events/{event_id}/travellers.csv"),
    ]:
        body: dict[str, Any] | None = {} if method == "POST" else None
        stranger = api.http.request(method, path, json=body)
        from_table = api.http.request(method, path, json=body, headers=table)
        assert (stranger.status_code, from_table.status_code) == (401, 403), path
    assert api.http.get("/api/tables/rounds").status_code == 401
    assert api.http.get("/api/tables/rounds", headers=api.director).status_code == 403


def test_a_wrong_code_is_refused_and_guessing_is_slowed(api: Api) -> None:
    event_id, _codes = api.event(HOWELL_3)
    body = {"event": event_id, "section": "A", "table": 2, "code": "AAAAAA"}
    answers = [api.http.post("/api/tables/login", json=body).status_code for _ in range(12)]
    assert answers[0] == 401 and answers[-1] == 429


def test_rounds_move_on_when_done_or_closed_by_the_director(api: Api) -> None:
    event_id, codes = api.event(HOWELL_3)
    headers = api.table(event_id, "A3", codes["A3"])
    first = api.current(headers)
    assert first is not None and first["round"] == 1
    board, other = first["boards"]
    body = entry(first, board, 3)
    api.post("/api/results", headers, body)
    api.post(f"/api/results/{body['id']}/confirm", headers)
    skipped = api.post(
        "/api/results/not-played", headers, {"id": str(uuid.uuid4()), "round": 1, "board": other}
    )
    assert skipped.status_code == 201, skipped.text
    second = api.current(headers)
    assert second is not None and second["round"] == 2
    closed = api.post(
        f"/api/events/{event_id}/rounds/close", api.director, {"section": "A", "round": 2}
    )
    assert closed.status_code == 200
    third = api.current(headers)
    assert third is not None and third["round"] == 3
    grid = api.http.get(f"/api/events/{event_id}/grid", headers=api.director).json()
    statuses = [b["status"] for b in grid["sections"]["A"][2]["rounds"][1]["boards"]]
    assert statuses == ["not_played", "not_played"]


def test_a_sit_out_round_lists_no_boards_and_is_passed_on_its_own(api: Api) -> None:
    body = {**HOWELL_3, "sections": [{"tables": "3.5", "movement": "howell", "boards": "1-14"}]}
    event_id, codes = api.event(body)
    sat_out = 0
    for name, code in codes.items():
        headers = api.table(event_id, name, code)
        rounds = api.http.get("/api/tables/rounds", headers=headers).json()
        for item in rounds:
            if item["ns"] is None or item["ew"] is None:
                sat_out += 1
                assert item["boards"] == [] and not item["current"]
        current = api.current(headers)
        if any(item["boards"] for item in rounds):
            assert current is not None and current["boards"]
        else:  # the phantom's table: its EW pair sits out, a round at a time
            assert current is None
    assert sat_out == 7  # the phantom pair sits out once in each of the 7 rounds


def test_directors_adjust_in_both_flavours_and_weighted(api: Api) -> None:
    event_id, codes = api.event(HOWELL_3)
    for name, code in codes.items():
        play(api, api.table(event_id, name, code), int(name[1:]))
    place = {"section": "A", "table": 1, "round": 1}
    headers = api.tables["A1"]
    rounds = api.http.get("/api/tables/rounds", headers=headers).json()
    first, second = rounds[0]["boards"]
    path = f"/api/events/{event_id}/results/adjust"
    bad = api.post(path, api.director, {**place, "board": first, "score": "A70/30"})
    assert bad.status_code == 422 and "A60/40" in bad.json()["error"]
    assert (
        api.post(path, api.director, {**place, "board": first, "score": "A60/40"}).status_code
        == 200
    )
    weighted = {**place, "board": second, "score": "50% 4SN= 50% 4SN-1"}
    assert api.post(path, api.director, weighted).status_code == 200
    csv = api.http.get(f"/api/events/{event_id}/travellers.csv", headers=api.director).text
    assert "A60/40" in csv and "50% 4SN= 50% 4SN-1" in csv
    setting = api.post(f"/api/events/{event_id}/settings", api.director, {"fixed_averages": True})
    assert setting.json() == {
        "feedback": "traveller",
        "fixed_averages": True,
        "live_travellers": False,
    }
    ranking = api.http.get(f"/api/events/{event_id}/ranking").json()
    assert len(ranking["rankings"][0]["entries"]) == 6


def test_the_lead_is_checked_against_the_hand_record(api: Api) -> None:
    event_id, codes = api.event(HOWELL_3)
    hands = (EXAMPLES / "club-hands.pbn").read_text()
    loaded = api.http.post(f"/api/events/{event_id}/hands", content=hands, headers=api.director)
    assert loaded.status_code == 200, loaded.text
    headers = api.table(event_id, "A1", codes["A1"])
    current = api.current(headers)
    assert current is not None
    wrong = api.post("/api/results", headers, entry(current, current["boards"][0], 1, lead="HK"))
    assert wrong.status_code == 422
    assert "is not in that hand" in wrong.json()["error"]


def test_cookie_posts_need_the_pages_csrf_token(api: Api) -> None:
    event_id, codes = api.event(HOWELL_3)
    token = api.table(event_id, "A1", codes["A1"])["Authorization"].split()[1]
    client = api.http
    client.cookies.set("bridgescore", token)
    current = client.get("/api/tables/rounds").json()[0]
    answer = client.post("/api/results", json=entry(current, current["boards"][0], 1))
    assert answer.status_code == 403
    assert "reload" in answer.json()["error"]


def test_the_director_prints_table_cards_and_downloads_the_files(api: Api, tmp_path: Path) -> None:
    from pypdf import PdfReader

    import bridgescore

    event_id, codes = api.event(HOWELL_3)
    tables = {name: api.table(event_id, name, code) for name, code in codes.items()}
    for _round in range(5):
        for name, headers in tables.items():
            play(api, headers, int(name[1:]))
    assert isinstance(api.http, TestClient)
    browser = TestClient(api.http.app, follow_redirects=False)  # cookies of its own
    logged = browser.post(
        "/director/login", data={"name": "ann", "password": "correct horse battery"}
    )
    assert logged.status_code == 303 and "bridgescore" in logged.cookies
    page = browser.get(f"/director/events/{event_id}/cards").text
    assert page.count("<svg") == 3 and all(code in page for code in codes.values())
    pdf = browser.get(f"/director/events/{event_id}/cards?pdf=1")
    assert pdf.headers["content-type"] == "application/pdf"
    (tmp_path / "cards.pdf").write_bytes(pdf.content)
    text = "".join(p.extract_text() for p in PdfReader(tmp_path / "cards.pdf").pages)
    assert all(f"Table A{n}" in text for n in (1, 2, 3)) and codes["A3"] in text
    for suffix, kind in (("pbn", bridgescore.PbnFile), ("xml", bridgescore.UsebioEvent)):
        answer = api.http.get(f"/api/events/{event_id}/results.{suffix}", headers=api.director)
        assert answer.status_code == 200, answer.text
        (tmp_path / f"event.{suffix}").write_bytes(answer.content)
        assert isinstance(bridgescore.load(tmp_path / f"event.{suffix}"), kind)
    assert (
        bridgescore.score_file(tmp_path / "event.xml").to_dict()["rankings"]
        == api.http.get(f"/api/events/{event_id}/ranking").json()["rankings"]
    )


def test_a_half_table_shows_its_sit_outs_and_nobody_late_or_finished_before_play(
    api: Api,
) -> None:
    """6.5-table Howell, 7.5-table Mitchell: at the start every table that plays is on its
    first round, nobody is late, and the phantom's table is a sit-out, not a finished table."""
    for section in (
        {"tables": "6.5", "movement": "howell", "boards": "1-26"},
        {"tables": "7.5", "movement": "mitchell"},
    ):
        event_id, codes = api.event({"title": "Half table", "sections": [section]})
        grid = api.http.get(f"/api/events/{event_id}/grid", headers=api.director).json()
        statuses = {cell["status"] for row in grid["sections"]["A"] for cell in row["rounds"]}
        assert statuses <= {"missing", "sit-out"}, (section, statuses)
        assert "sit-out" in statuses
        for row in grid["sections"]["A"]:
            plays = any(cell["status"] != "sit-out" for cell in row["rounds"])
            assert (row["current"] is not None) == plays
            if not plays:
                name = f"A{row['table']}"
                assert isinstance(api.http, TestClient)
                page = TestClient(api.http.app)
                logon = {"event": str(event_id), "section": "A", "table": str(row["table"])}
                answer = page.post("/table", data={**logon, "code": codes[name]})
                assert "No boards are played at this table" in answer.text
                assert "Your table has finished" not in answer.text
