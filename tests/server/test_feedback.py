"""What a table and the public see of a board: the director's setting for the tables (off, own
result, whole traveller, at the end of the round), and on the live results page only the boards
every table has finished."""

from __future__ import annotations

import uuid

import httpx

from tests.support.server import HOWELL_3, Api, ServerProcess


def confirm_board(api: Api, headers: dict[str, str], board: int, result: str = "=") -> None:
    current = api.current(headers)
    assert current is not None
    body = {
        "id": str(uuid.uuid4()),
        "round": current["round"],
        "board": board,
        "ns": current["ns"],
        "ew": current["ew"],
        "contract": "3NT",
        "declarer": "S",
        "result": result,
    }
    assert api.post("/api/results", headers, body).status_code == 201
    assert api.post(f"/api/results/{body['id']}/confirm", headers).status_code == 200


def test_the_tables_see_what_the_director_chose_and_the_public_only_finished_boards(
    server: ServerProcess,
) -> None:
    api = Api(server.url)
    event_id, codes = api.event(HOWELL_3)
    tables = {name: api.table(event_id, name, code) for name, code in codes.items()}
    for number in range(1, 5):  # the 3-table Howell's tables share a set in round 5 only
        close = {"section": "A", "round": number}
        api.post(f"/api/events/{event_id}/rounds/close", api.director, close)
    first = api.current(tables["A1"])
    assert first is not None and first["round"] == 5
    board = first["boards"][0]
    assert api.http.get(f"/api/tables/boards/{board}", headers=tables["A1"]).status_code == 403
    confirm_board(api, tables["A1"], board, "+1")
    confirm_board(api, tables["A2"], board, "=")
    seen = api.http.get(f"/api/tables/boards/{board}", headers=tables["A1"]).json()
    assert [(line["result"], line["ours"]) for line in seen["lines"]] == [
        ("3NTS+1", True),
        ("3NTS=", False),
    ]
    assert seen["lines"][0]["ns_percent"] == 100.0
    live = httpx.get(f"{server.url}/events/{event_id}").text
    assert f'id="board-{board}"' not in live  # table 3 has still to play it
    confirm_board(api, tables["A3"], board, "-1")
    live = httpx.get(f"{server.url}/events/{event_id}").text
    assert f'id="board-{board}"' in live
    settings = f"/api/events/{event_id}/settings"
    api.post(settings, api.director, {"feedback": "own"})
    own = api.http.get(f"/api/tables/boards/{board}", headers=tables["A1"]).json()
    assert [line["result"] for line in own["lines"]] == ["3NTS+1"]
    api.post(settings, api.director, {"feedback": "round-end"})
    assert api.http.get(f"/api/tables/boards/{board}", headers=tables["A1"]).status_code == 403
    confirm_board(api, tables["A1"], first["boards"][1])
    assert api.http.get(f"/api/tables/boards/{board}", headers=tables["A1"]).status_code == 200
    api.post(settings, api.director, {"feedback": "off"})
    assert api.http.get(f"/api/tables/boards/{board}", headers=tables["A1"]).status_code == 403
    wrong = api.post(settings, api.director, {"feedback": "everything"})
    assert wrong.status_code == 400 and "off, own, traveller, round-end" in wrong.json()["error"]
