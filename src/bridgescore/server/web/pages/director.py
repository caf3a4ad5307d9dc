"""The director's console: log on, create an event (a session file pasted, or by hand), start
it (the table codes and their cards with QR codes), watch the grid of tables by rounds, correct,
adjust, erase or mark any board not played, close rounds, answer calls, end the session and
publish the results site and files. Every action is the same call the JSON API makes.
"""

from __future__ import annotations

__all__ = ["router"]

from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from bridgescore.core.errors import BridgeScoreError
from bridgescore.formats.session import read_toml
from bridgescore.server.domain.commands import (
    AnswerCall,
    CloseRound,
    DirectorChange,
    DirectorLogin,
    Settings,
    read,
)
from bridgescore.server.domain.errors import Forbidden, ServerError, TooMany, Unauthorised, Unfit
from bridgescore.server.domain.kinds import Kind
from bridgescore.server.domain.people import Principal, Role
from bridgescore.server.domain.upload import event_body
from bridgescore.server.security import csrf_token
from bridgescore.server.web.access import club_of, device_of
from bridgescore.server.web.pages.cards import cards_response
from bridgescore.server.web.pages.common import (
    TEMPLATES,
    form_data,
    form_of,
    logged_on,
    logon_form,
    page,
    redirect,
    set_logon,
    stream_response,
)
from bridgescore.server.web.statuses import status_of
from bridgescore.server.web.uploads import from_form, has_files

router = APIRouter(prefix="/director", include_in_schema=False)
_SLOT_ACTIONS = {
    "correct": Kind.CORRECTED,
    "adjust": Kind.ADJUSTED,
    "erase": Kind.ERASED,
    "not-played": Kind.NOT_PLAYED,
}
_CHANGE = ("section", "table", "round", "board", "contract", "declarer", "result", "lead")


def _director(request: Request) -> Principal | None:
    found = logged_on(request, Role.DIRECTOR)
    return None if found is None else found[0]


@router.get("", response_class=HTMLResponse)
def console(request: Request) -> Response:
    who = _director(request)
    if who is None:
        return page(request, "director_logon.html", first=_may_make_the_first(request))
    message = request.query_params.get("message")
    events = club_of(request).events()
    return page(request, "director_home.html", who=who, events=events, message=message)


def _may_make_the_first(request: Request) -> bool:
    """Whether the first director's account may be made from this browser: none exists yet,
    and the browser is on the server's own machine (asked for as localhost, from there)."""
    host = (request.headers.get("host") or "").rsplit(":", 1)[0].strip("[]")
    here = request.client is not None and request.client.host in ("127.0.0.1", "::1")
    local = host in ("localhost", "127.0.0.1", "::1")
    return here and local and not club_of(request).store.accounts.has_directors()


@router.post("/first", response_class=HTMLResponse)
async def first(request: Request) -> Response:
    """The first director's account, made on the server's own machine."""
    form = await logon_form(request)
    if not _may_make_the_first(request):
        raise Forbidden(
            "the first director's account is made on the server's own computer "
            "(open http://localhost:PORT/director there), or with bridgescore serve add-director"
        )
    try:
        if form.get("password") != form.get("again"):
            raise Unfit("the two passwords differ: type the same password twice")
        body = read(DirectorLogin, {k: form.get(k, "") for k in ("name", "password")})
        accounts = club_of(request).store.accounts
        accounts.add_director(body.name, body.password)
        token = club_of(request).director_login(body.name, body.password, device_of(request))
    except ServerError as error:
        return page(
            request, "director_logon.html", status=status_of(error), error=str(error), first=True
        )
    return set_logon(redirect("/director"), token)


@router.post("/directors", response_class=HTMLResponse)
async def add_director(request: Request) -> Response:
    """Another director's account (or a new password), made by a director."""
    who = _director(request)
    if who is None:
        return redirect("/director")
    form = await form_of(request)
    try:
        if form.get("password") != form.get("again"):
            raise Unfit("the two passwords differ: type the same password twice")
        body = read(DirectorLogin, {k: form.get(k, "") for k in ("name", "password")})
        club_of(request).store.accounts.add_director(body.name, body.password)
    except ServerError as error:
        events = club_of(request).events()
        return page(
            request,
            "director_home.html",
            status=status_of(error),
            who=who,
            events=events,
            error=str(error),
        )
    return redirect(f"/director?message={quote(f'{body.name} can log on as a director.')}")


@router.post("/login", response_class=HTMLResponse)
async def login(request: Request) -> Response:
    form = await logon_form(request)
    try:
        body = read(DirectorLogin, {k: form.get(k, "") for k in ("name", "password")})
        token = club_of(request).director_login(body.name, body.password, device_of(request))
    except (Unauthorised, TooMany, Unfit) as error:
        return page(request, "director_logon.html", status=status_of(error), error=str(error))
    return set_logon(redirect("/director"), token)


@router.post("/logout", response_class=HTMLResponse)
async def logout(request: Request) -> Response:
    await form_of(request)
    found = logged_on(request, Role.DIRECTOR)
    if found is not None:
        club_of(request).logout(found[1])
    return set_logon(redirect("/director"), None)


def _pairs(text: str) -> list[dict[str, Any]]:
    """The console's pairs box: a pair a line, ``1NS: Ann Smith & Bob Jones``.

    >>> _pairs("1: Ann Smith & Bob Jones\\n\\n2: Cath Carter & Dan Dyer")[1]
    {'pair': '2', 'names': ['Cath Carter', 'Dan Dyer']}
    """
    pairs = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        pair, _, names = line.partition(":")
        if not pair.strip() or not names.strip():
            raise Unfit(
                f"pairs, line {number}: write the pair, a colon and the names "
                "(1NS: Ann Smith & Bob Jones)"
            )
        players = [name.strip() for name in names.split("&") if name.strip()]
        pairs.append({"pair": pair.strip(), "names": players})
    return pairs


def by_hand(form: dict[str, str]) -> dict[str, Any]:
    """The session file of the console's short form: title, club, date, tables, movement,
    boards, the pairs' names and the rules."""
    section: dict[str, Any] = {
        "tables": form.get("tables", ""),
        "movement": form.get("movement", "howell"),
    }
    if form.get("boards"):
        section["boards"] = form["boards"]
    pairs = _pairs(form.get("names", ""))
    if pairs:
        section["pairs"] = pairs
    session: dict[str, Any] = {
        "sections": [section],
        "scoring": {"rules": form.get("rules") or "ebu"},
    }
    for key in ("title", "club", "date"):
        if form.get(key):
            session[key] = form[key]
    return session


@router.post("/events", response_class=HTMLResponse)
async def create(request: Request) -> Response:
    who = _director(request)
    if who is None:
        return redirect("/director")
    raw = await form_data(request)
    form = {key: str(value) for key, value in raw.items() if isinstance(value, str)}
    club = club_of(request)
    try:
        if has_files(raw):
            text, files = await from_form(raw)
            body, notes = await run_in_threadpool(event_body, text, files)
        elif form.get("toml", "").strip():
            try:
                body, notes = read_toml(form["toml"], source="the session file"), []
            except BridgeScoreError as error:
                raise Unfit(str(error)) from None
        else:
            body, notes = by_hand(form), []
        event_id, more = await run_in_threadpool(club.create, body, who)
    except ServerError as error:
        events = club.events()
        return page(
            request,
            "director_home.html",
            status=status_of(error),
            who=who,
            events=events,
            error=str(error),
            given=form,
        )
    said = " ".join(["The event is made.", *(f"Note: {note}." for note in [*notes, *more])])
    return redirect(f"/director/events/{event_id}?message={quote(said)}")


def _event_view(request: Request, event_id: int) -> dict[str, Any]:
    club = club_of(request)
    live = club.live(event_id)
    return {
        "live": live,
        "sections": club.grid(event_id),
        "codes": {str(place): code for place, code in club.codes(event_id).items()},
        "fixed": live.fixed_averages,
        "alerts": club.alerts(event_id),
    }


@router.get("/events/{event_id}", response_class=HTMLResponse)
def event_page(request: Request, event_id: int) -> Response:
    who = _director(request)
    if who is None:
        return redirect("/director")
    message = request.query_params.get("message")
    return page(
        request, "director_event.html", who=who, message=message, **_event_view(request, event_id)
    )


@router.get("/events/{event_id}/grid", response_class=HTMLResponse)
def grid_part(request: Request, event_id: int) -> Response:
    if _director(request) is None:
        return redirect("/director")
    return page(request, "director_grid.html", **_event_view(request, event_id))


@router.get("/events/{event_id}/slot", response_class=HTMLResponse)
def slot_page(request: Request, event_id: int) -> Response:
    if _director(request) is None:
        return redirect("/director")
    query = dict(request.query_params)
    view = _event_view(request, event_id)
    table = next(
        (
            t
            for t in view["sections"].get(query.get("section", "A"), [])
            if str(t["table"]) == query.get("table")
        ),
        None,
    )
    if table is None:
        return redirect(f"/director/events/{event_id}?message=No+such+table")
    cell = next((r for r in table["rounds"] if str(r["round"]) == query.get("round")), None)
    return page(request, "director_slot.html", query=query, cell=cell, **view)


def _do(request: Request, event_id: int, action: str, form: dict[str, str], who: Principal) -> str:
    club = club_of(request)
    if action in _SLOT_ACTIONS:
        keys = (*_CHANGE, "score", "reason")
        body = read(DirectorChange, {k: form[k] for k in keys if form.get(k)})
        club.change(event_id, who, _SLOT_ACTIONS[action], body)
        return f"Board {body.board} at table {body.section}{body.table}: done"
    if action == "start":
        club.start(event_id)
        return "The session is running: give each table its card."
    if action == "end":
        club.end(event_id)
        return "The session has ended."
    if action == "publish":
        club.publish(event_id, mid_session=form.get("mid_session") == "yes")
        return f"Published: /sites/event-{event_id}/index.html"
    if action == "settings":
        chosen = {
            "feedback": form.get("feedback") or None,
            "fixed_averages": form.get("averages") == "fixed",
            "live_travellers": form.get("travellers") == "finished",
        }
        club.settings(event_id, read(Settings, chosen))
        return "Settings saved."
    if action == "hands":
        club.set_hands(event_id, form.get("pbn", ""))
        return "Hand record loaded."
    if action == "close":
        close = read(CloseRound, {k: form.get(k, "") for k in ("section", "round")})
        club.close_round(event_id, who, close)
        return f"Round {close.round} of section {close.section} closed."
    if action == "unlock":
        table = read(AnswerCall, {k: form.get(k, "") for k in ("section", "table")})
        club.unlock(event_id, table.section, table.table)
        return f"Table {table.section}{table.table} can log on again."
    if action == "answer":
        answer = read(AnswerCall, {k: form.get(k, "") for k in ("section", "table")})
        club.answer_call(event_id, who, answer)
        return f"Call from table {answer.section}{answer.table} answered."
    raise Unfit(f"no such action {action!r}")


@router.post("/events/{event_id}/{action}", response_class=HTMLResponse)
async def act(request: Request, event_id: int, action: str) -> Response:
    who = _director(request)
    if who is None:
        return redirect("/director")
    form = await form_of(request)
    try:
        message = _do(request, event_id, action, form, who)
    except ServerError as error:
        view = _event_view(request, event_id)
        return page(
            request,
            "director_event.html",
            status=status_of(error),
            who=who,
            error=str(error),
            **view,
        )

    return redirect(f"/director/events/{event_id}?message={quote(message)}")


@router.get("/events/{event_id}/cards", response_class=HTMLResponse)
def cards(request: Request, event_id: int) -> Response:
    if _director(request) is None:
        return redirect("/director")
    return cards_response(request, event_id, pdf=request.query_params.get("pdf") == "1")


@router.get("/events/{event_id}/audit", response_class=HTMLResponse)
def audit(request: Request, event_id: int) -> Response:
    if _director(request) is None:
        return redirect("/director")
    live = club_of(request).live(event_id)
    return page(request, "director_audit.html", live=live, entries=club_of(request).audit(event_id))


@router.get("/events/{event_id}/stream", response_model=None)
async def grid_stream(request: Request, event_id: int) -> Response:
    """The grid, pushed after each change (server-sent events)."""
    found = logged_on(request, Role.DIRECTOR)
    if found is None:
        return redirect("/director")
    csrf = csrf_token(request.app.state.csrf_key, found[1])

    def render() -> str:
        values = _event_view(request, event_id)
        return TEMPLATES.get_template("director_grid.html").render(csrf=csrf, **values)

    await run_in_threadpool(render)  # no such event: 404
    pushes = request.app.state.pushes
    return stream_response(pushes.stream(event_id, "grid", render, shared=False))
