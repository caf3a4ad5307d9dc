"""What every page shares: the templates, the log-on cookie, the forms' CSRF check and the
error page."""

from __future__ import annotations

__all__ = [
    "TEMPLATES",
    "error_page",
    "form_data",
    "form_of",
    "logged_on",
    "page",
    "redirect",
    "set_logon",
    "stream_response",
]

import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from fastapi.templating import Jinja2Templates
from starlette.datastructures import FormData

from bridgescore._version import __version__
from bridgescore.server.domain.errors import Forbidden, Unauthorised
from bridgescore.server.domain.people import Principal
from bridgescore.server.security import csrf_token, same_csrf
from bridgescore.server.web.access import COOKIE, DEVICE, club_of, same_site, token_of
from bridgescore.server.web.uploads import MOST_FILES

TEMPLATES = Jinja2Templates(directory=Path(__file__).parent.parent / "templates")


def logged_on(request: Request, role: str) -> tuple[Principal, str] | None:
    """The page's visitor and token when logged on as ``role``, else ``None``."""
    token = request.cookies.get(COOKIE)
    if token is None:
        return None
    try:
        who = club_of(request).principal(token)
    except Unauthorised:
        return None
    return (who, token) if who.role == role else None


def log_off(request: Request, role: str) -> None:
    """End the visitor's log-on as ``role`` (if logged on so)."""
    found = logged_on(request, role)
    if found is not None:
        club_of(request).logout(found[1])


def page(request: Request, template: str, status: int = 200, **values: Any) -> HTMLResponse:
    """A page from ``template``, with the CSRF token of the logged-on visitor."""
    token = token_of(request)
    csrf = csrf_token(request.app.state.csrf_key, token) if token else ""
    response = TEMPLATES.TemplateResponse(
        request, template, {"csrf": csrf, "version": __version__, **values}, status_code=status
    )
    if DEVICE not in request.cookies:
        response.set_cookie(DEVICE, secrets.token_hex(8), max_age=400 * 86400, samesite="strict")
    return response


def redirect(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)


def set_logon(response: Response, token: str | None) -> Response:
    if token is None:
        response.delete_cookie(COOKIE)
    else:
        response.set_cookie(COOKIE, token, httponly=True, samesite="strict", max_age=24 * 3600)
    return response


async def form_of(request: Request) -> dict[str, str]:
    """The posted form's fields, its CSRF token checked against the log-on cookie."""
    form = await form_data(request)
    return {key: str(value) for key, value in form.items() if isinstance(value, str)}


async def form_data(request: Request) -> FormData:
    """The posted form, files and all (a few), its CSRF token checked against the cookie."""
    same_site(request)
    form = await request.form(max_files=MOST_FILES, max_fields=MOST_FILES)
    token = request.cookies.get(COOKIE)
    given = form.get("csrf")
    if (
        token is None
        or not isinstance(given, str)
        or not same_csrf(request.app.state.csrf_key, token, given)
    ):
        raise Forbidden("the page is out of date (or not yours): reload it and try again")
    return form


def error_page(request: Request, status: int, message: str) -> Response:
    back = request.headers.get("referer") or "/"
    return page(request, "error.html", status=status, message=message, back=back)


def stream_response(events: AsyncIterator[str]) -> StreamingResponse:
    """Server-sent events, neither cached nor held back by a proxy."""
    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return StreamingResponse(events, media_type="text/event-stream", headers=headers)


async def logon_form(request: Request) -> dict[str, str]:
    """A log-on form, posted from this server's own page."""
    same_site(request)
    return {key: str(value) for key, value in (await request.form()).items()}
