"""The director's console: log on, create an event (a session file pasted, or by hand), start
it (the table codes and their cards with QR codes), watch the grid of tables by rounds, correct,
adjust, erase or mark any board not played, close rounds, answer calls, end the session and
publish the results site and files. Every action is the same call the JSON API makes.
"""

from __future__ import annotations

__all__ = ["router"]

from functools import partial
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
    Settings,
    read,
)
from bridgescore.server.domain.errors import ServerError, Unfit
from bridgescore.server.domain.kinds import Kind
from bridgescore.server.domain.people import Principal, Role
from bridgescore.server.domain.upload import event_body
from bridgescore.server.security import csrf_token
from bridgescore.server.web.access import club_of
from bridgescore.server.web.pages.cards import cards_response
from bridgescore.server.web.pages.common import (
    TEMPLATES,
    form_data,
    form_of,
    logged_on,
    page,
    redirect,
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
    who = await run_in_threadpool(_director, request)
    if who is None:
        return redirect("/director")
    raw = await form_data(request)
    form = {key: str(value) for key, value in raw.items() if isinstance(value, str)}
    club = club_of(request)
    try:
        source = "the session file"
        if has_files(raw):
            sent = await from_form(raw)
            source = sent.name
            body, notes = await run_in_threadpool(event_body, sent.text, sent.files, source=source)
        elif form.get("toml", "").strip():
            try:
                body, notes = read_toml(form["toml"], source="the session file"), []
            except BridgeScoreError as error:
                raise Unfit(str(error)) from None
        else:
            body, notes = by_hand(form), []
        event_id, more = await run_in_threadpool(partial(club.create, body, who, source=source))
    except ServerError as error:
        events = await run_in_threadpool(club.events)
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
        "sections": club.grid(event_id).sections,
        "codes": {str(place): code for place, code in club.codes(event_id).items()},
        "fixed": live.fixed_averages,
        "alerts": club.alerts(event_id),
        "site": club.site(event_id),
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
    if action == "reopen":
        club.reopen(event_id)
        return "The session is running again: the tables can enter results."
    if action == "publish":
        club.publish(event_id, mid_session=form.get("mid_session") == "yes")
        return "The results site is published: see the link under Results."
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


_ASKED = {
    "end": (
        "End the session?",
        "The tables can no longer enter results. You can reopen it until you publish the results.",
        "End the session",
    ),
    "close": (
        "Close the round?",
        "Every board of the round with no result at any table of the section is marked not "
        "played. You can correct any of them afterwards.",
        "Close the round",
    ),
    "publish": (
        "Publish the results site?",
        "Everyone can then read the results site. Publish again after any correction.",
        "Publish",
    ),
}
"""The actions a director is asked to confirm: what the page asks, says and offers."""


@router.post("/events/{event_id}/{action}", response_class=HTMLResponse)
async def act(request: Request, event_id: int, action: str) -> Response:
    """A director's action on the event: the form read in the server's loop, the rest in a
    worker thread (it may wait for the event's lock)."""
    who = await run_in_threadpool(_director, request)
    if who is None:
        return redirect("/director")
    form = await form_of(request)
    return await run_in_threadpool(_act, request, event_id, action, who, form)


def _act(
    request: Request, event_id: int, action: str, who: Principal, form: dict[str, str]
) -> Response:
    if action in _ASKED and form.get("confirm") != "yes":
        question, said, button = _ASKED[action]
        kept = {k: v for k, v in form.items() if k not in ("csrf", "confirm")}
        live = club_of(request).live(event_id)
        return page(
            request,
            "director_confirm.html",
            live=live,
            action=action,
            question=question,
            said=said,
            button=button,
            kept=kept,
        )
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
    found = await run_in_threadpool(logged_on, request, Role.DIRECTOR)
    if found is None:
        return redirect("/director")
    csrf = csrf_token(request.app.state.csrf_key, found[1])

    def render() -> str:
        values = _event_view(request, event_id)
        return TEMPLATES.get_template("director_grid.html").render(csrf=csrf, **values)

    await run_in_threadpool(render)  # no such event: 404
    pushes = request.app.state.pushes
    return stream_response(pushes.stream(event_id, "grid", render, shared=False))
