"""The director's safety rails on the console: ending the session, closing a round and
publishing are confirmed first; an ended session reopens until its results are published; the
published site is linked from the event's page and the home page, and said to be out of date
after a correction until it is published again."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.support.server import HOWELL_3, PASSWORD, Api


def console(api: Api) -> tuple[TestClient, str]:
    """A director's browser, logged on, and its form token."""
    assert isinstance(api.http, TestClient)
    browser = TestClient(api.http.app, follow_redirects=True)
    browser.post("/director/login", data={"name": "ann", "password": PASSWORD})
    csrf = browser.get("/director").text.split('name="csrf" value="')[1].split('"')[0]
    return browser, csrf


def test_irreversible_steps_are_confirmed_and_an_ended_session_reopens(api: Api) -> None:
    event_id, _codes = api.event(HOWELL_3)
    browser, csrf = console(api)
    asked = browser.post(f"/director/events/{event_id}/end", data={"csrf": csrf})
    assert (
        "End the session?" in asked.text
        and api.http.get(f"/api/events/{event_id}").json()["state"] == "running"
    )
    closing = browser.post(
        f"/director/events/{event_id}/close", data={"csrf": csrf, "section": "A", "round": "2"}
    )
    assert "Close the round?" in closing.text and "Section A, round 2." in closing.text
    closed = browser.post(
        f"/director/events/{event_id}/close",
        data={"csrf": csrf, "section": "A", "round": "2", "confirm": "yes"},
    )
    assert "Round 2 of section A closed." in closed.text
    ended = browser.post(f"/director/events/{event_id}/end", data={"csrf": csrf, "confirm": "yes"})
    assert "The session has ended." in ended.text and "Reopen the session" in ended.text
    reopened = browser.post(f"/director/events/{event_id}/reopen", data={"csrf": csrf})
    assert "running again" in reopened.text
    assert api.http.get(f"/api/events/{event_id}").json()["state"] == "running"


def test_the_published_site_is_linked_and_said_to_be_stale_after_a_correction(api: Api) -> None:
    event_id, _codes = api.event(HOWELL_3)
    fix = {"section": "A", "table": 1, "round": 1, "board": 1, "contract": "4S", "declarer": "N"}
    api.post(f"/api/events/{event_id}/results/correct", api.director, fix | {"result": "="})
    browser, csrf = console(api)
    browser.post(f"/director/events/{event_id}/end", data={"csrf": csrf, "confirm": "yes"})
    asked = browser.post(f"/director/events/{event_id}/publish", data={"csrf": csrf})
    assert "Publish the results site?" in asked.text
    done = browser.post(
        f"/director/events/{event_id}/publish", data={"csrf": csrf, "confirm": "yes"}
    )
    link = f'href="/sites/event-{event_id}/index.html"'
    assert (
        link in done.text
        and "publish again" not in done.text
        and "Reopen the session" not in done.text
    )
    assert link in browser.get("/").text
    assert browser.get(f"/sites/event-{event_id}/index.html").status_code == 200
    api.post(
        f"/api/events/{event_id}/results/correct",
        api.director,
        fix | {"result": "+1", "reason": "agreed"},
    )
    page = browser.get(f"/director/events/{event_id}").text
    assert "1 change to the results since: publish again." in page
    browser.post(f"/director/events/{event_id}/publish", data={"csrf": csrf, "confirm": "yes"})
    assert "publish again" not in browser.get(f"/director/events/{event_id}").text
    refused = api.post(f"/api/events/{event_id}/reopen", api.director)
    assert refused.status_code == 409 and "published" in refused.json()["error"]
