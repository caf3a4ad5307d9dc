"""The director's accounts on the console: log on and off, the first account made in the
browser on the server's own machine while there is none, and more made by a director."""

from __future__ import annotations

__all__ = ["router"]

from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from bridgescore.server.domain.commands import DirectorLogin, read
from bridgescore.server.domain.errors import Forbidden, ServerError, TooMany, Unauthorised, Unfit
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

router = APIRouter(prefix="/director", include_in_schema=False)


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
    return here and local and not club_of(request).has_directors()


@router.post("/first", response_class=HTMLResponse)
async def first(request: Request) -> Response:
    """The first director's account, made on the server's own machine."""
    form = await logon_form(request)
    return await run_in_threadpool(_first, request, form)


def _first(request: Request, form: dict[str, str]) -> Response:
    if not _may_make_the_first(request):
        raise Forbidden(
            "the first director's account is made on the server's own computer "
            "(open http://localhost:PORT/director there), or with bridgescore serve add-director"
        )
    try:
        if form.get("password") != form.get("again"):
            raise Unfit("the two passwords differ: type the same password twice")
        body = read(DirectorLogin, {k: form.get(k, "") for k in ("name", "password")})
        club = club_of(request)
        club.add_director(body.name, body.password)
        token = club.director_login(body.name, body.password, device_of(request))
    except ServerError as error:
        return page(
            request, "director_logon.html", status=status_of(error), error=str(error), first=True
        )
    return set_logon(redirect("/director"), token)


@router.post("/directors", response_class=HTMLResponse)
async def add_director(request: Request) -> Response:
    """Another director's account (or a new password), made by a director."""
    who = await run_in_threadpool(_director, request)
    if who is None:
        return redirect("/director")
    form = await form_of(request)
    return await run_in_threadpool(_add_director, request, who, form)


def _add_director(request: Request, who: Principal, form: dict[str, str]) -> Response:
    try:
        if form.get("password") != form.get("again"):
            raise Unfit("the two passwords differ: type the same password twice")
        body = read(DirectorLogin, {k: form.get(k, "") for k in ("name", "password")})
        club_of(request).add_director(body.name, body.password)
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
    return await logons_of(request).run(_login, request, form)


def _login(request: Request, form: dict[str, str]) -> Response:
    try:
        body = read(DirectorLogin, {k: form.get(k, "") for k in ("name", "password")})
        token = club_of(request).director_login(body.name, body.password, device_of(request))
    except (Unauthorised, TooMany, Unfit) as error:
        return page(request, "director_logon.html", status=status_of(error), error=str(error))
    return set_logon(redirect("/director"), token)


@router.post("/logout", response_class=HTMLResponse)
async def logout(request: Request) -> Response:
    await form_of(request)
    await run_in_threadpool(log_off, request, Role.DIRECTOR)
    return set_logon(redirect("/director"), None)
