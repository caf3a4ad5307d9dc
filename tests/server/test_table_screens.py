"""What a table's phone shows and lets it undo: each board's dealer and vulnerability (from its
number), results in the house's notation, a result the opponents sent back kept for entering
again, and a "not played" the table may take back until it is settled."""

from __future__ import annotations

import uuid
from typing import Any

from fastapi.testclient import TestClient

from tests.support.server import HOWELL_3, Api


def first_round(api: Api) -> tuple[int, dict[str, str], dict[str, Any]]:
    event_id, codes = api.event(HOWELL_3)
    table = api.table(event_id, "A1", codes["A1"])
    current = api.current(table)
    assert current is not None
    return event_id, table, current


def test_each_board_says_its_dealer_and_vulnerability(api: Api) -> None:
    _event, _table, current = first_round(api)
    facts = current["facts"]
    # The duplicate boards' cycle of 16 (Law 2): who is vulnerable on boards 1 to 16.
    cycle = "-NEBNEB-EB-NB-NE"
    words = {"-": "nobody", "N": "NS only", "E": "EW only", "B": "both sides"}
    assert current["boards"]
    for board in current["boards"]:
        assert facts[str(board)]["dealer"] == "NESW"[(board - 1) % 4]  # 1, 5, 9: North deals
        assert facts[str(board)]["vulnerable"] == words[cycle[(board - 1) % 16]]


def test_a_result_is_shown_in_the_house_notation_and_kept_when_sent_back(api: Api) -> None:
    _event, table, current = first_round(api)
    board = current["boards"][0]
    body = {"id": str(uuid.uuid4()), "round": current["round"], "board": board}
    body |= {"ns": current["ns"], "ew": current["ew"], "contract": "3nt", "declarer": "s"}
    body |= {"result": "9", "lead": "hk"}
    assert api.post("/api/results", table, body).status_code == 201
    waiting = api.current(table)
    assert waiting is not None and waiting["entered"][str(board)]["shown"] == "3NT S ="
    assert api.post(f"/api/results/{body['id']}/reject", table).status_code == 200
    back = api.current(table)
    assert back is not None
    assert back["facts"][str(board)]["rejected"] == {
        "contract": "3nt",
        "declarer": "s",
        "result": "9",
        "lead": "HK",
    }


def test_a_not_played_board_is_taken_back_until_it_is_settled(api: Api) -> None:
    event_id, table, current = first_round(api)
    board, other = current["boards"]
    missed = {"id": "missed-board-1", "round": current["round"], "board": board}
    assert api.post("/api/results/not-played", table, missed).status_code == 201
    facts = api.current(table)
    assert facts is not None and facts["facts"][str(board)]["undo"] == "missed-board-1"
    undone = api.post("/api/results/not-played/missed-board-1/undo", table)
    assert undone.json() == {"status": "undone", "board": board}
    again = api.current(table)
    assert again is not None and board not in again["done"]
    missed["id"] = "missed-board-2"
    api.post("/api/results/not-played", table, missed)
    fix = {"section": "A", "table": 1, "round": current["round"], "board": board}
    api.post(f"/api/events/{event_id}/results/not-played", api.director, fix)  # settled
    late = api.post("/api/results/not-played/missed-board-2/undo", table)
    assert late.status_code == 409 and "call the director" in late.json()["error"]
    entered = {"id": "entered-2", "round": current["round"], "board": other, "ns": current["ns"]}
    entered |= {"ew": current["ew"], "contract": "PASS"}
    api.post("/api/results", table, entered)
    api.post("/api/results/entered-2/confirm", table)
    second = api.current(table)
    assert second is not None and second["round"] == current["round"] + 1


def test_the_phone_asks_who_sits_there_and_to_confirm_a_board_not_played(api: Api) -> None:
    event_id, codes = api.event(HOWELL_3)
    assert isinstance(api.http, TestClient)
    phone = TestClient(api.http.app, follow_redirects=True)
    logon = {"event": str(event_id), "section": "A", "table": "1", "code": codes["A1"]}
    page = phone.post("/table", data=logon).text
    assert "who is at this table?" in page and "Enter board" not in page
    csrf = page.split('name="csrf" value="')[1].split('"')[0]
    page = phone.post("/table/seated", data={"csrf": csrf, "round": "1"}).text
    assert "Enter board" in page and "Dealer N" in page
    missed = {
        "csrf": csrf,
        "id": "phone-missed-1",
        "round": "1",
        "board": page.split('id="board-')[1].split('"')[0],
    }
    asked = phone.post("/table/not-played", data=missed).text
    assert "not played?" in asked and "take it back" in asked
    done = phone.post("/table/not-played", data={**missed, "confirm": "yes"}).text
    assert 'It was played after all: undo "not played"' in done
