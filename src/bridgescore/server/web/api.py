"""The JSON API: what the table pages and the director's console use, and what programs and
the tests drive. Every route reads its body into a typed command, makes one call on
:class:`~bridgescore.server.club.Club` and answers its outcome; errors answer
``{"error": "..."}`` with their status (:func:`bridgescore.server.web.app.status_of`).
"""

from __future__ import annotations

__all__ = ["router"]

import json
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from starlette.concurrency import run_in_threadpool

from bridgescore.server.domain.commands import (
    AnswerCall,
    CloseRound,
    DirectorChange,
    DirectorLogin,
    NotPlayedBody,
    Publish,
    ResultBody,
    Settings,
    TableLogin,
)
from bridgescore.server.domain.errors import NotFound, Unfit
from bridgescore.server.domain.kinds import Kind
from bridgescore.server.domain.outcomes import Outcome
from bridgescore.server.domain.people import Principal
from bridgescore.server.domain.upload import event_body
from bridgescore.server.web.access import (
    anyone,
    asks_director,
    club_of,
    device_of,
    director,
    logons_of,
    table,
    token_of,
)
from bridgescore.server.web.uploads import uploaded

router = APIRouter(prefix="/api")
Director = Annotated[Principal, Depends(director)]
Table = Annotated[Principal, Depends(table)]
Anyone = Annotated[Principal, Depends(anyone)]

_CHANGES = {
    "correct": Kind.CORRECTED,
    "adjust": Kind.ADJUSTED,
    "erase": Kind.ERASED,
    "not-played": Kind.NOT_PLAYED,
}


def _answer(outcome: Outcome, stored_status: int = 200) -> JSONResponse:
    """The outcome's body, with ``stored_status`` when it stored a new entry."""
    return JSONResponse(outcome.to_json(), status_code=stored_status if outcome.stored else 200)


@router.post("/login")
async def login(request: Request, body: DirectorLogin) -> dict[str, str]:
    log_on = club_of(request).director_login
    token = await logons_of(request).run(log_on, body.name, body.password, device_of(request))
    return {"token": token}


@router.post("/logout")
def logout(request: Request, who: Anyone) -> dict[str, str]:
    club_of(request).logout(token_of(request) or "")
    return {"status": "logged out", "who": who.name}


@router.get("/events")
def list_events(request: Request, who: Director) -> list[dict[str, Any]]:
    return [
        {"id": r.id, "title": r.title, "state": r.state, "created_at": r.created_at}
        for r in club_of(request).events()
    ]


@router.post(
    "/events",
    status_code=201,
    openapi_extra={"requestBody": {"content": {"application/json": {}, "multipart/form-data": {}}}},
)
async def create_event(request: Request, who: Director) -> dict[str, Any]:
    """Make an event of a session file: as JSON (what its TOML reads to), or as
    ``multipart/form-data``: a part ``session`` with the TOML and a part for each file it
    names, the part's file name being the name the TOML uses. Its results are left, with a note."""
    kind = request.headers.get("content-type", "")
    if kind.startswith("multipart/form-data"):
        sent = await uploaded(request)
        body, notes = await run_in_threadpool(event_body, sent.text, sent.files, source=sent.name)
        club = club_of(request)
        made, more = await run_in_threadpool(partial(club.create, body, who, source=sent.name))
        return {"id": made, "notes": [*notes, *more]}
    try:
        body = await request.json()
    except (ValueError, RecursionError):
        raise Unfit("the event is a JSON object: the session file as JSON") from None
    made, notes = await run_in_threadpool(club_of(request).create, body, who)
    return {"id": made, "notes": notes}


@router.get("/events/{event_id}")
def show_event(request: Request, event_id: int) -> dict[str, Any]:
    live = club_of(request).live(event_id)
    return {
        "id": live.id,
        "title": live.title,
        "state": live.state,
        "club": live.file.club,
        "date": live.file.date,
        "sections": live.layout.sections,
        "tables": [str(place) for place in live.layout.places],
    }


@router.post("/events/{event_id}/start")
def start_event(request: Request, event_id: int, who: Director) -> dict[str, Any]:
    return {"tables": club_of(request).start(event_id)}


@router.post("/events/{event_id}/end")
def end_event(request: Request, event_id: int, who: Director) -> dict[str, str]:
    club_of(request).end(event_id)
    return {"state": "ended"}


@router.post("/events/{event_id}/reopen")
def reopen_event(request: Request, event_id: int, who: Director) -> dict[str, str]:
    """Let the tables enter results again, until the results are published."""
    club_of(request).reopen(event_id)
    return {"state": "running"}


@router.post("/events/{event_id}/settings")
def settings(request: Request, event_id: int, who: Director, body: Settings) -> Settings:
    return club_of(request).settings(event_id, body)


@router.post("/events/{event_id}/hands")
async def hands(request: Request, event_id: int, who: Director) -> dict[str, str]:
    text = (await request.body()).decode("utf-8", errors="replace")
    await run_in_threadpool(club_of(request).set_hands, event_id, text)
    return {"status": "hand record loaded"}


@router.post("/events/{event_id}/results/{action}")
def change(
    request: Request, event_id: int, action: str, who: Director, body: DirectorChange
) -> JSONResponse:
    if action not in _CHANGES:
        raise NotFound(f"no such change {action!r} ({', '.join(_CHANGES)})")
    return _answer(club_of(request).change(event_id, who, _CHANGES[action], body))


@router.post("/events/{event_id}/rounds/close")
def close_round(request: Request, event_id: int, who: Director, body: CloseRound) -> JSONResponse:
    return _answer(club_of(request).close_round(event_id, who, body))


@router.post("/events/{event_id}/calls/answer")
def answer_call(request: Request, event_id: int, who: Director, body: AnswerCall) -> JSONResponse:
    return _answer(club_of(request).answer_call(event_id, who, body))


@router.get("/events/{event_id}/grid")
def show_grid(request: Request, event_id: int, who: Director) -> Response:
    """Every table by every round (:mod:`~bridgescore.server.domain.grid`): the JSON of its
    rows as kept, put together here, in the request's thread (the server's loop, which reads
    every table's requests, does not stop to encode a thousand tables' grid)."""
    club = club_of(request)
    live = club.live(event_id)
    state = json.dumps(str(live.state))
    text = f'{{"event":{live.id},"state":{state},"sections":{club.grid(event_id).json}}}'
    return Response(text, media_type="application/json")


@router.get("/events/{event_id}/audit")
def audit(request: Request, event_id: int, who: Director) -> list[dict[str, Any]]:
    return club_of(request).audit(event_id)


@router.post("/events/{event_id}/publish")
def publish(
    request: Request, event_id: int, who: Director, body: Publish | None = None
) -> dict[str, str]:
    mid_session = body is not None and bool(body.mid_session)
    club_of(request).publish(event_id, mid_session=mid_session)
    return {"site": f"/sites/event-{event_id}/index.html"}


@router.get("/events/{event_id}/ranking")
def ranking(request: Request, event_id: int) -> dict[str, Any]:
    """The event's figures: to a director all of them; to anyone else while the session runs,
    the rankings alone (no board's results before every table has played it)."""
    return club_of(request).ranking(event_id, whole=asks_director(request))


def _results_allowed(request: Request, event_id: int) -> None:
    """Travellers and result files while the session runs are the director's only."""
    if club_of(request).live(event_id).state != "ended":
        director(request)


@router.get("/events/{event_id}/travellers.csv")
def travellers(request: Request, event_id: int) -> PlainTextResponse:
    _results_allowed(request, event_id)
    return PlainTextResponse(club_of(request).travellers_csv(event_id), media_type="text/csv")


@router.get("/events/{event_id}/names.csv")
def names(request: Request, event_id: int) -> PlainTextResponse:
    """The names file: the director's until the results are published."""
    if club_of(request).live(event_id).published is None:
        director(request)
    return PlainTextResponse(club_of(request).names_csv(event_id), media_type="text/csv")


@router.post("/events/{event_id}/tables/unlock")
def unlock(request: Request, event_id: int, who: Director, body: AnswerCall) -> dict[str, str]:
    """Let a table log on again at once after too many wrong codes."""
    club_of(request).unlock(event_id, body.section, body.table)
    return {"status": "unlocked"}


@router.get("/events/{event_id}/results.{suffix}")
def result_file(request: Request, event_id: int, suffix: str) -> Response:
    _results_allowed(request, event_id)
    kinds = {"pbn": ("application/x-chess-pbn", ".pbn"), "xml": ("application/xml", ".xml")}
    if suffix not in kinds:
        raise NotFound("results.pbn (PBN) or results.xml (USEBIO)")
    media, extension = kinds[suffix]
    return Response(club_of(request).download(event_id, extension), media_type=media)


# -- tables -------------------------------------------------------------------------------
@router.post("/tables/login")
async def table_login(request: Request, body: TableLogin) -> dict[str, str]:
    log_on = club_of(request).table_login
    return {"token": await logons_of(request).run(log_on, body, device_of(request))}


@router.get("/tables/rounds")
def table_rounds(request: Request, who: Table) -> list[dict[str, Any]]:
    return club_of(request).rounds(who)


@router.get("/tables/boards/{board}")
def table_board(request: Request, board: int, who: Table) -> dict[str, Any]:
    return club_of(request).feedback(who, board)


@router.post("/tables/call", status_code=201)
def table_call(request: Request, who: Table) -> JSONResponse:
    return _answer(club_of(request).call(who), 201)


@router.post("/results")
def enter(request: Request, who: Table, body: ResultBody) -> JSONResponse:
    return _answer(club_of(request).enter(who, body), 201)


@router.post("/results/not-played")
def not_played(request: Request, who: Table, body: NotPlayedBody) -> JSONResponse:
    return _answer(club_of(request).not_played(who, body), 201)


@router.post("/results/not-played/{client_id}/undo")
def undo_not_played(request: Request, client_id: str, who: Table) -> JSONResponse:
    """Take back the table's "not played" of a board, until it is settled."""
    return _answer(club_of(request).undo_not_played(who, client_id))


@router.post("/results/{client_id}/confirm")
def confirm(request: Request, client_id: str, who: Table) -> JSONResponse:
    return _answer(club_of(request).confirm(who, client_id, accept=True))


@router.post("/results/{client_id}/reject")
def reject(request: Request, client_id: str, who: Table) -> JSONResponse:
    return _answer(club_of(request).confirm(who, client_id, accept=False))
