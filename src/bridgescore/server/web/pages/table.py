"""A table's pages, phone first: log on with the table's code, see the round (the opponents,
the boards, where everyone goes next), enter a board, hand the phone to the opponents to
confirm, then see the board's traveller as the director allows. The forms work without
JavaScript; ``table.js`` adds keeping entries on the phone while the network is away. Each
form is read by the same typed command as the JSON API's body.
"""

from __future__ import annotations

__all__ = ["router"]

import uuid
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from bridgescore.core.movements.cards import table_cards
from bridgescore.core.table.seats import Side
from bridgescore.server.domain.commands import NotPlayedBody, ResultBody, TableLogin, read
from bridgescore.server.domain.errors import ServerError, TooMany, Unauthorised, Unfit
from bridgescore.server.domain.live_event import LiveEvent
from bridgescore.server.domain.people import Principal, Role
from bridgescore.server.web.access import club_of, device_of, logons_of
from bridgescore.server.web.pages.common import (
    form_of,
    log_off,
    logged_on,
    logon_form,
    page,
    redirect,
    set_logon,
)
from bridgescore.server.web.statuses import status_of

router = APIRouter(include_in_schema=False)


def _running(request: Request) -> list[Any]:
    return [r for r in club_of(request).events() if r.state == "running"]


@router.get("/table", response_class=HTMLResponse)
def logon_page(request: Request) -> Response:
    if logged_on(request, Role.TABLE) is not None:
        return redirect("/table/round")
    return page(
        request, "table_logon.html", events=_running(request), given=dict(request.query_params)
    )


@router.post("/table", response_class=HTMLResponse)
async def logon(request: Request) -> Response:
    form = await logon_form(request)
    return await logons_of(request).run(_logon, request, form)


def _logon(request: Request, form: dict[str, str]) -> Response:
    try:
        body = read(TableLogin, {k: form.get(k, "") for k in ("event", "section", "table", "code")})
        token = club_of(request).table_login(body, device_of(request))
    except (Unauthorised, TooMany, Unfit) as error:
        return page(
            request,
            "table_logon.html",
            status=status_of(error),
            events=_running(request),
            given=form,
            error=str(error),
        )
    return set_logon(redirect("/table/round"), token)


def _table(request: Request) -> tuple[Principal, LiveEvent] | None:
    found = logged_on(request, Role.TABLE)
    if found is None:
        return None
    who = found[0]
    return who, club_of(request).table_event(who)


def _guidance(live: LiveEvent, section: str, table: int, number: int) -> dict[str, str] | None:
    """Where the pairs and boards of the table went after round ``number``."""
    for card in table_cards(live.movements[section]):
        if card.table == table:
            for row in card.rows:
                if row.round == number:
                    return {"ns": row.ns_next, "ew": row.ew_next, "boards": row.boards_next}
    return None


def _view(request: Request, who: Principal, live: LiveEvent) -> dict[str, Any]:
    rounds = club_of(request).rounds(who)
    section, table = who.place
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
    seated = current is not None and request.cookies.get(SEATED) == _seated(who, current["round"])
    return {
        "live": live,
        "who": who,
        "section": section,
        "table": table,
        "rounds": rounds,
        "current": current,
        "previous": previous,
        "seated": seated,
        "new_id": str(uuid.uuid4()),
        "feedback": live.feedback,
    }


SEATED = "bridgescore-seated"
"""The cookie saying the pairs at the table said who they are, this round (on this phone)."""


def _seated(who: Principal, number: int) -> str:
    return f"{who.event_id}-{who.place}-{number}"


@router.get("/table/round", response_class=HTMLResponse)
def round_page(request: Request) -> Response:
    found = _table(request)
    if found is None:
        return redirect("/table")
    message = request.query_params.get("message")
    return page(request, "table_round.html", message=message, **_view(request, *found))


_RESULT = ("id", "round", "board", "ns", "ew", "contract", "declarer", "result", "lead")


async def _act(request: Request, action: str) -> Response:
    """The table's step: the form read in the server's loop, the rest in a worker thread (a
    step may wait for the event's lock: the loop answers everyone else meanwhile)."""
    found = await run_in_threadpool(_table, request)
    if found is None:
        return redirect("/table")
    form = await form_of(request)
    return await run_in_threadpool(_step, request, action, *found, form)


def _step(
    request: Request, action: str, who: Principal, live: LiveEvent, form: dict[str, str]
) -> Response:
    club = club_of(request)
    try:
        if action == "enter":
            club.enter(who, read(ResultBody, {k: form[k] for k in _RESULT if form.get(k)}))
            return redirect("/table/round")
        if action in ("confirm", "reject"):
            club.confirm(who, form.get("id", ""), accept=action == "confirm")
            board = form.get("board", "")
            shows = live.feedback in ("own", "traveller")
            if action == "confirm" and board.isdigit() and shows:
                return redirect(f"/table/board/{board}")
            return redirect("/table/round")
        if action == "not-played":
            keys = ("id", "round", "board")
            body = read(NotPlayedBody, {k: form.get(k, "") for k in keys})
            if form.get("confirm") != "yes":
                return page(request, "table_confirm.html", live=live, body=body, who=who)
            club.not_played(who, body)
            return redirect("/table/round")
        if action == "undo":
            club.undo_not_played(who, form.get("id", ""))
            return redirect("/table/round")
        if action == "seated":
            number = form.get("round", "")
            response = redirect("/table/round")
            if number.isdigit():
                response.set_cookie(
                    SEATED, _seated(who, int(number)), max_age=86400, samesite="strict"
                )
            return response
        club.call(who)
        return redirect("/table/round?message=The+director+has+been+called")
    except ServerError as error:
        view = _view(request, who, live)
        return page(
            request,
            "table_round.html",
            status=status_of(error),
            error=str(error),
            given=form,
            **view,
        )


@router.get("/table/board/{board}", response_class=HTMLResponse)
def board_page(request: Request, board: int) -> Response:
    found = _table(request)
    if found is None:
        return redirect("/table")
    who, live = found
    try:
        seen = club_of(request).feedback(who, board)
    except ServerError as error:
        return redirect(f"/table/round?message={quote(str(error))}")
    return page(request, "table_board.html", live=live, who=who, seen=seen)


@router.post("/table/logout", response_class=HTMLResponse)
async def logout(request: Request) -> Response:
    await form_of(request)
    await run_in_threadpool(log_off, request, Role.TABLE)
    return set_logon(redirect("/table"), None)


_ACTIONS = frozenset({"enter", "confirm", "reject", "not-played", "undo", "seated", "call"})
"""What a table's forms post to ``/table/{action}``."""


@router.post("/table/{action}", response_class=HTMLResponse)
async def act(request: Request, action: str) -> Response:
    """A step of the table's: enter, confirm or send back a result, say a board was not played
    (or take it back), confirm the seats, call the director."""
    if action not in _ACTIONS:
        raise HTTPException(status_code=404)
    return await _act(request, action)
