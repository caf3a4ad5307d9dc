"""A table's pages, phone first: log on with the table's code, see the round (the opponents,
the boards, where everyone goes next), enter a board, hand the phone to the opponents to
confirm, then see the board's traveller as the director allows. The forms work without
JavaScript; ``table.js`` adds keeping entries on the phone while the network is away.
"""

from __future__ import annotations

__all__ = ["router"]

import uuid
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from bridgescore.core.movements.cards import table_cards
from bridgescore.core.table.seats import Side
from bridgescore.server import results
from bridgescore.server.access import club_of, device_of, guarded
from bridgescore.server.errors import ServerError, TooMany, Unauthorised
from bridgescore.server.live_event import LiveEvent
from bridgescore.server.pages.common import form_of, logged_on, page, redirect, set_logon
from bridgescore.server.store import Principal

router = APIRouter(include_in_schema=False)


@router.get("/table", response_class=HTMLResponse)
def logon_page(request: Request) -> Response:
    if logged_on(request, "table") is not None:
        return redirect("/table/round")
    events = [r for r in club_of(request).store.event_rows() if r.state == "running"]
    return page(request, "table_logon.html", events=events, given=dict(request.query_params))


@router.post("/table", response_class=HTMLResponse)
async def logon(request: Request) -> Response:
    form = {key: str(value) for key, value in (await request.form()).items()}
    store = club_of(request).store
    events = [r for r in store.event_rows() if r.state == "running"]
    event_id = int(form.get("event") or 0) if (form.get("event") or "").isdigit() else 0
    section = (form.get("section") or "A").strip().upper()
    table = int(form.get("table") or 0) if (form.get("table") or "").isdigit() else 0
    try:
        token = guarded(
            request,
            "table",
            lambda: store.table_login(
                event_id, section, table, form.get("code", ""), device_of(request)
            ),
            f"{event_id}/{section}/{table}",
        )
    except (Unauthorised, TooMany) as error:
        return page(
            request,
            "table_logon.html",
            status=error.status,
            events=events,
            given=form,
            error=str(error),
        )
    return set_logon(redirect("/table/round"), token)


def _table(request: Request) -> tuple[Principal, LiveEvent] | None:
    found = logged_on(request, "table")
    if found is None:
        return None
    who = found[0]
    return who, club_of(request).table_event(who)


def _guidance(live: LiveEvent, section: str, table: int, number: int) -> dict[str, str] | None:
    """Where the pairs and boards of the table went after round ``number``."""
    movement = live.movements.get(section) or live.movements.get("")
    if movement is None:
        return None
    for card in table_cards(movement):
        if card.table == table:
            for row in card.rows:
                if row.round == number:
                    return {"ns": row.ns_next, "ew": row.ew_next, "boards": row.boards_next}
    return None


def _view(request: Request, who: Principal, live: LiveEvent) -> dict[str, Any]:
    rounds = club_of(request).rounds(who)
    section, table = who.section or "A", who.table or 0
    current = next((r for r in rounds if r["current"]), None)
    previous = None
    if current is not None:
        before = [r for r in rounds if r["round"] < current["round"] and r["boards"]]
        if before:
            previous = {
                "round": before[-1]["round"],
                **(_guidance(live, section, table, before[-1]["round"]) or {}),
            }
    for item in rounds:
        item["ns_names"] = live.names(section, item["ns"], Side.NS)
        item["ew_names"] = live.names(section, item["ew"], Side.EW)
    return {
        "live": live,
        "who": who,
        "section": section,
        "table": table,
        "rounds": rounds,
        "current": current,
        "previous": previous,
        "new_id": str(uuid.uuid4()),
        "feedback": live.settings.get("feedback", "traveller"),
    }


@router.get("/table/round", response_class=HTMLResponse)
def round_page(request: Request) -> Response:
    found = _table(request)
    if found is None:
        return redirect("/table")
    message = request.query_params.get("message")
    return page(request, "table_round.html", message=message, **_view(request, *found))


async def _act(request: Request, action: str) -> Response:
    found = _table(request)
    if found is None:
        return redirect("/table")
    who, live = found
    form = await form_of(request)
    store = club_of(request).store
    try:
        if action == "enter":
            body: dict[str, Any] = {**form, "round": form.get("round"), "board": form.get("board")}
            results.enter(store, live, who, body)
            return redirect("/table/round")
        if action in ("confirm", "reject"):
            results.confirm(store, live, who, form.get("id", ""), accept=action == "confirm")
            board = form.get("board", "")
            after = (
                f"/table/board/{board}"
                if action == "confirm" and board.isdigit()
                else "/table/round"
            )
            return redirect(
                after if live.settings.get("feedback") in ("own", "traveller") else "/table/round"
            )
        if action == "not-played":
            results.table_not_played(store, live, who, form)
            return redirect("/table/round")
        results.table_call(store, live, who)
        return redirect("/table/round?message=The+director+has+been+called")
    except ServerError as error:
        view = _view(request, who, live)
        return page(
            request, "table_round.html", status=error.status, error=str(error), given=form, **view
        )


@router.post("/table/enter", response_class=HTMLResponse)
async def enter(request: Request) -> Response:
    return await _act(request, "enter")


@router.post("/table/confirm", response_class=HTMLResponse)
async def confirm(request: Request) -> Response:
    return await _act(request, "confirm")


@router.post("/table/reject", response_class=HTMLResponse)
async def reject(request: Request) -> Response:
    return await _act(request, "reject")


@router.post("/table/not-played", response_class=HTMLResponse)
async def not_played(request: Request) -> Response:
    return await _act(request, "not-played")


@router.post("/table/call", response_class=HTMLResponse)
async def call(request: Request) -> Response:
    return await _act(request, "call")


@router.get("/table/board/{board}", response_class=HTMLResponse)
def board_page(request: Request, board: int) -> Response:
    found = _table(request)
    if found is None:
        return redirect("/table")
    who, live = found
    try:
        seen = club_of(request).feedback(who, board)
    except ServerError as error:
        return redirect(f"/table/round?message={error}")
    return page(request, "table_board.html", live=live, who=who, seen=seen)


@router.post("/table/logout", response_class=HTMLResponse)
async def logout(request: Request) -> Response:
    await form_of(request)
    found = logged_on(request, "table")
    if found is not None:
        club_of(request).store.logout(found[1])
    return set_logon(redirect("/table"), None)
