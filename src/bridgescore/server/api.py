"""The JSON API: what the table pages and the director's console use, and what programs and
the acceptance tests drive. Every route is a thin call into :class:`~bridgescore.server.club.Club`
or :mod:`bridgescore.server.results`; errors answer ``{"error": "..."}`` with their status.
"""

from __future__ import annotations

__all__ = ["router"]

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from bridgescore.server import results
from bridgescore.server.access import anyone, club_of, device_of, director, guarded
from bridgescore.server.errors import Forbidden, NotFound, Unfit
from bridgescore.server.grid import grid
from bridgescore.server.store import Principal

router = APIRouter(prefix="/api")
Director = Annotated[Principal, Depends(director)]
Anyone = Annotated[Principal, Depends(anyone)]
Json = Annotated[dict[str, Any], Body()]

_CHANGES = {
    "correct": "corrected",
    "adjust": "adjusted",
    "erase": "erased",
    "not-played": "not_played",
}


def _answer(outcome: results.Outcome) -> JSONResponse:
    return JSONResponse(outcome.body, status_code=outcome.status)


def _text(body: dict[str, Any], key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str | int) or isinstance(value, bool) or not str(value).strip():
        raise Unfit(f"{key}: missing")
    return str(value).strip()


@router.post("/login")
def login(request: Request, body: Json) -> dict[str, str]:
    store = club_of(request).store
    name, password = _text(body, "name"), _text(body, "password")
    token = guarded(
        request, "director", lambda: store.director_login(name, password, device_of(request))
    )
    return {"token": token}


@router.post("/logout")
def logout(request: Request, who: Anyone) -> dict[str, str]:
    token = request.headers.get("authorization", "")[7:].strip()
    club_of(request).store.logout(token)
    return {"status": "logged out", "who": who.name}


@router.get("/events")
def list_events(request: Request, who: Director) -> list[dict[str, Any]]:
    rows = club_of(request).store.event_rows()
    return [
        {"id": r.id, "title": r.title, "state": r.state, "created_at": r.created_at} for r in rows
    ]


@router.post("/events", status_code=201)
def create_event(request: Request, who: Director, body: Json) -> dict[str, int]:
    return {"id": club_of(request).create(body, who)}


@router.get("/events/{event_id}")
def show_event(request: Request, event_id: int) -> dict[str, Any]:
    live = club_of(request).live(event_id)
    return {
        "id": live.id,
        "title": live.title,
        "state": live.state,
        "club": live.file.club,
        "date": live.file.date,
        "sections": sorted({section for section, _table in live.tables}),
        "tables": [f"{section}{table}" for section, table in live.tables],
    }


@router.post("/events/{event_id}/start")
def start_event(request: Request, event_id: int, who: Director) -> dict[str, Any]:
    return {"tables": club_of(request).start(event_id)}


@router.post("/events/{event_id}/end")
def end_event(request: Request, event_id: int, who: Director) -> dict[str, str]:
    club_of(request).end(event_id)
    return {"state": "ended"}


@router.post("/events/{event_id}/settings")
def settings(request: Request, event_id: int, who: Director, body: Json) -> dict[str, Any]:
    club = club_of(request)
    if "feedback" in body:
        club.set_feedback(event_id, str(body["feedback"]))
    if "fixed_averages" in body:
        club.set_averages(event_id, bool(body["fixed_averages"]))
    live = club.live(event_id)
    fixed = bool(live.data.get("scoring", {}).get("fixed_averages", False))
    return {"feedback": live.settings.get("feedback"), "fixed_averages": fixed}


@router.post("/events/{event_id}/hands")
async def hands(request: Request, event_id: int, who: Director) -> dict[str, str]:
    text = (await request.body()).decode("utf-8", errors="replace")
    club_of(request).set_hands(event_id, text)
    return {"status": "hand record loaded"}


@router.post("/events/{event_id}/results/{action}")
def change(request: Request, event_id: int, action: str, who: Director, body: Json) -> JSONResponse:
    if action not in _CHANGES:
        raise NotFound(f"no such change {action!r} ({', '.join(_CHANGES)})")
    live = club_of(request).live(event_id)
    return _answer(
        results.director_change(club_of(request).store, live, who, _CHANGES[action], body)
    )


@router.post("/events/{event_id}/rounds/close")
def close_round(request: Request, event_id: int, who: Director, body: Json) -> JSONResponse:
    live = club_of(request).live(event_id)
    return _answer(results.close_round(club_of(request).store, live, who, body))


@router.post("/events/{event_id}/calls/answer")
def answer_call(request: Request, event_id: int, who: Director, body: Json) -> JSONResponse:
    live = club_of(request).live(event_id)
    store = club_of(request).store
    return _answer(results.director_change(store, live, who, "call_answered", body))


@router.get("/events/{event_id}/grid")
def show_grid(request: Request, event_id: int, who: Director) -> dict[str, Any]:
    club = club_of(request)
    live = club.live(event_id)
    state, _scored = club.folded(live)
    return {"event": live.id, "state": live.state, "sections": grid(live.layout, state)}


@router.get("/events/{event_id}/audit")
def audit(request: Request, event_id: int, who: Director) -> list[dict[str, Any]]:
    return club_of(request).audit(event_id)


@router.post("/events/{event_id}/publish")
def publish(request: Request, event_id: int, who: Director) -> dict[str, str]:
    club_of(request).publish(event_id)
    return {"site": f"/sites/event-{event_id}/index.html"}


@router.get("/events/{event_id}/ranking")
def ranking(request: Request, event_id: int) -> dict[str, Any]:
    return club_of(request).ranking(event_id)


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
    return PlainTextResponse(club_of(request).names_csv(event_id), media_type="text/csv")


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
def table_login(request: Request, body: Json) -> dict[str, str]:
    store = club_of(request).store
    event_id = int(_text(body, "event")) if _text(body, "event").isdigit() else 0
    section = str(body.get("section") or "A").strip().upper()
    table = int(_text(body, "table")) if _text(body, "table").isdigit() else 0
    code = _text(body, "code")
    token = guarded(
        request,
        "table",
        lambda: store.table_login(event_id, section, table, code, device_of(request)),
        f"{event_id}/{section}/{table}",
    )
    return {"token": token}


def _table(request: Request, who: Principal) -> Any:
    if who.role != "table":
        raise Forbidden("this is for a table's log-on")
    return club_of(request).table_event(who)


@router.get("/tables/rounds")
def table_rounds(request: Request, who: Anyone) -> list[dict[str, Any]]:
    _table(request, who)
    return club_of(request).rounds(who)


@router.get("/tables/boards/{board}")
def table_board(request: Request, board: int, who: Anyone) -> dict[str, Any]:
    _table(request, who)
    return club_of(request).feedback(who, board)


@router.post("/tables/call", status_code=201)
def table_call(request: Request, who: Anyone) -> JSONResponse:
    live = _table(request, who)
    return _answer(results.table_call(club_of(request).store, live, who))


@router.post("/results")
def enter(request: Request, who: Anyone, body: Json) -> JSONResponse:
    live = _table(request, who)
    return _answer(results.enter(club_of(request).store, live, who, body))


@router.post("/results/not-played")
def not_played(request: Request, who: Anyone, body: Json) -> JSONResponse:
    live = _table(request, who)
    return _answer(results.table_not_played(club_of(request).store, live, who, body))


@router.post("/results/{client_id}/confirm")
def confirm(request: Request, client_id: str, who: Anyone) -> JSONResponse:
    live = _table(request, who)
    return _answer(results.confirm(club_of(request).store, live, who, client_id, accept=True))


@router.post("/results/{client_id}/reject")
def reject(request: Request, client_id: str, who: Anyone) -> JSONResponse:
    live = _table(request, who)
    return _answer(results.confirm(club_of(request).store, live, who, client_id, accept=False))
