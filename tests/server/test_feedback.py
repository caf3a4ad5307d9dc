"""What a table and the public see of a board: nothing of a board before every table of every
section playing it has played it; then the director's setting for the tables (off, own result,
whole traveller, at the end of the round), and on the live page the rankings, with the
travellers when the director shows them."""

from __future__ import annotations

import uuid
from pathlib import Path

from tests.support.server import HOWELL_3, Api


def confirm_board(
    api: Api, headers: dict[str, str], board: int, result: str = "=", contract: str = "3NT S"
) -> None:
    current = api.current(headers)
    assert current is not None
    body = {
        "id": str(uuid.uuid4()),
        "round": current["round"],
        "board": board,
        "ns": current["ns"],
        "ew": current["ew"],
        "contract": contract.partition(" ")[0],
        "declarer": contract.partition(" ")[2],
        "result": result,
    }
    assert api.post("/api/results", headers, body).status_code == 201
    assert api.post(f"/api/results/{body['id']}/confirm", headers).status_code == 200


def test_the_tables_see_what_the_director_chose_of_boards_every_table_has_played(
    api: Api,
) -> None:
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
    still = api.http.get(f"/api/tables/boards/{board}", headers=tables["A1"])
    assert still.status_code == 403 and "still to be played at other tables" in still.text
    settings = f"/api/events/{event_id}/settings"
    api.post(settings, api.director, {"live_travellers": True})
    live = api.http.get(f"/events/{event_id}").text
    assert f'id="board-{board}"' not in live  # table 3 has still to play it
    confirm_board(api, tables["A3"], board, "-1")
    seen = api.http.get(f"/api/tables/boards/{board}", headers=tables["A1"]).json()
    assert [(line["result"], line["ours"]) for line in seen["lines"]] == [
        ("3NTS+1", True),
        ("3NTS=", False),
        ("3NTS-1", False),
    ]
    assert seen["lines"][0]["ns_percent"] == 100.0
    live = api.http.get(f"/events/{event_id}").text
    assert f'id="board-{board}"' in live
    api.post(settings, api.director, {"live_travellers": False})
    live = api.http.get(f"/events/{event_id}").text
    assert "Travellers" not in live and f'id="board-{board}"' not in live  # rankings only
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
    assert wrong.status_code == 422
    assert "'off', 'own', 'traveller' or 'round-end'" in wrong.json()["error"]


SHARED = {
    "title": "Two sections, the same boards",
    "scoring": {"rules": "ebu"},
    "sections": [
        {"letter": "A", "tables": 3, "movement": "howell", "boards": "1-10"},
        {"letter": "B", "tables": 3, "movement": "howell", "boards": "1-10"},
    ],
}


def seen_by_others(api: Api, event_id: int, table: dict[str, str], board: int) -> str:
    """Everything the public and a table of another section can read mid-session."""
    public = [
        f"/api/events/{event_id}",
        f"/api/events/{event_id}/ranking",
        f"/api/events/{event_id}/travellers.csv",
        f"/api/events/{event_id}/results.pbn",
        f"/api/events/{event_id}/results.xml",
        f"/events/{event_id}",
        f"/events/{event_id}/live",
        "/",
    ]
    texts = [api.http.get(path).text for path in public]
    texts += [api.http.get(path, headers=table).text for path in public]
    texts.append(api.http.get(f"/api/tables/boards/{board}", headers=table).text)
    texts.append(api.http.get("/api/tables/rounds", headers=table).text)
    return "\n".join(texts)


def test_no_line_of_a_board_is_seen_before_every_table_of_every_section_has_played_it(
    api: Api,
) -> None:
    event_id, codes = api.event(SHARED)
    api.post(f"/api/events/{event_id}/settings", api.director, {"live_travellers": True})
    tables = {name: api.table(event_id, name, code) for name, code in codes.items()}
    for section in "AB":  # the 3-table Howell's tables share a set in round 5 only
        for number in range(1, 5):
            close = {"section": section, "round": number}
            api.post(f"/api/events/{event_id}/rounds/close", api.director, close)
    first = api.current(tables["A1"])
    assert first is not None and first["round"] == 5
    board = first["boards"][0]
    for name in ("A1", "A2", "A3"):  # section A plays it: 6NT doubled by West, four down
        confirm_board(api, tables[name], board, "-4", contract="6NTX W")
    assert "6NT" not in seen_by_others(api, event_id, tables["B1"], board)
    skipped = {"id": "b1-skipped-it", "round": 5, "board": board}
    assert api.post("/api/results/not-played", tables["B1"], skipped).status_code == 201
    assert "6NT" not in seen_by_others(api, event_id, tables["B1"], board)
    confirm_board(api, tables["B2"], board, "=", contract="5CX E")
    seen = seen_by_others(api, event_id, tables["B2"], board)
    assert "6NT" not in seen and "5C" not in seen
    confirm_board(api, tables["B3"], board, "=", contract="5CX E")  # the last table plays it
    live = api.http.get(f"/events/{event_id}").text
    assert "6NTX" in live and "5CX" in live
    seen = api.http.get(f"/api/tables/boards/{board}", headers=tables["B2"]).json()
    assert len(seen["lines"]) == 5
    public = api.http.get(f"/api/events/{event_id}/ranking").json()
    assert "boards" not in public and public["rankings"]  # the rankings alone while it runs


def test_publishing_before_the_end_is_said_and_leaves_out_the_boards_still_in_play(
    api: Api, tmp_path: Path
) -> None:
    from tests.support.paths import EXAMPLES

    event_id, codes = api.event(HOWELL_3)
    hands = (EXAMPLES / "club-hands.pbn").read_text()
    api.http.post(f"/api/events/{event_id}/hands", content=hands, headers=api.director)
    tables = {name: api.table(event_id, name, code) for name, code in codes.items()}
    for number in range(1, 5):  # the 3-table Howell's tables share a set in round 5 only
        api.post(
            f"/api/events/{event_id}/rounds/close", api.director, {"section": "A", "round": number}
        )
    first = api.current(tables["A1"])
    assert first is not None and first["round"] == 5
    done, open_ = first["boards"]
    for name in ("A1", "A2", "A3"):
        confirm_board(api, tables[name], done, "-4", contract="6NTX W")
    confirm_board(api, tables["A1"], open_, "=", contract="5CX E")  # A2 and A3 still to play it
    path = f"/api/events/{event_id}/publish"
    refused = api.post(path, api.director, {})
    assert refused.status_code == 409 and "still running" in refused.json()["error"]
    assert api.post(path, api.director, {"mid_session": True}).status_code == 200
    site = tmp_path / "sites" / f"event-{event_id}"
    text = "\n".join(
        p.read_text() for p in site.rglob("*") if p.is_file() and p.suffix in (".html", ".css")
    )
    assert "6NTX" in text and "5CX" not in text
    assert not list(site.rglob("*.pbn")) and not list(site.rglob("*.xml"))
    assert (site / "boards" / f"{done}.html").exists()
    assert not (site / "boards" / f"{open_}.html").exists()
