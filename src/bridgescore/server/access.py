"""Who is asking: the bearer token (the API) or the log-on cookie (the pages), and the device.

FastAPI dependencies: :func:`anyone` (a log-on of any kind), :func:`director` (401 without a
log-on, 403 for a table's), and the client's address for the log-on rate limits.
"""

from __future__ import annotations

__all__ = ["COOKIE", "DEVICE", "anyone", "club_of", "device_of", "director", "guarded", "token_of"]

from collections.abc import Callable

from fastapi import Request

from bridgescore.server.club import Club
from bridgescore.server.errors import Forbidden, TooMany, Unauthorised
from bridgescore.server.security import same_csrf
from bridgescore.server.store import Principal

COOKIE = "bridgescore"
"""The log-on cookie of the pages (HttpOnly, SameSite=Strict)."""
DEVICE = "bridgescore-device"
"""The cookie naming the browser, so the log says which phone did what."""


def club_of(request: Request) -> Club:
    club: Club = request.app.state.club
    return club


def token_of(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return request.cookies.get(COOKIE)


def device_of(request: Request) -> str:
    given = request.headers.get("x-device") or request.cookies.get(DEVICE)
    if given:
        return given.strip()[:80]
    agent = request.headers.get("user-agent", "unknown device")
    host = request.client.host if request.client else "?"
    return f"{host} {agent}"[:80]


def anyone(request: Request) -> Principal:
    """Whoever the token or the cookie logs on; a post with the cookie (a page's script)
    must carry the page's CSRF token in ``X-CSRF``."""
    token = token_of(request)
    if token is None:
        raise Unauthorised("log on first")
    who = club_of(request).store.principal(token)
    from_cookie = not request.headers.get("authorization")
    if from_cookie and request.method == "POST":
        given = request.headers.get("x-csrf", "")
        if not same_csrf(request.app.state.csrf_key, token, given):
            raise Forbidden("the page is out of date: reload it and try again")
    return who


def director(request: Request) -> Principal:
    who = anyone(request)
    if not who.is_director:
        raise Forbidden("only a director may do this")
    return who


def guarded(request: Request, kind: str, log_on: Callable[[], str], *places: str) -> str:
    """A log-on attempt, refused (429) while its address (or any of ``places``: the table
    being logged on to) has had too many failures in the last minute; a failure counts."""
    limits = request.app.state.limits
    address = request.client.host if request.client else "?"
    keys = [f"{kind} {address}", *places]
    if not all(limits.allow(key) for key in keys):
        raise TooMany("too many failed log-ons: wait a minute and try again")
    try:
        return log_on()
    except Unauthorised:
        for key in keys:
            limits.failed(key)
        raise
