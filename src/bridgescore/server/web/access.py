"""Who is asking: the bearer token (the API) or the log-on cookie (the pages), and the device.

FastAPI dependencies: :func:`anyone` (a log-on of any kind), :func:`director` (401 without a
log-on, 403 for a table's) and :func:`table` (a table's log-on).
"""

from __future__ import annotations

__all__ = [
    "COOKIE",
    "DEVICE",
    "anyone",
    "asks_director",
    "club_of",
    "device_of",
    "director",
    "logons_of",
    "public_base",
    "same_site",
    "table",
    "token_of",
]

from urllib.parse import urlsplit

from fastapi import Request

from bridgescore.server.club import Club
from bridgescore.server.domain.errors import Forbidden, Unauthorised
from bridgescore.server.domain.people import Principal, Role
from bridgescore.server.security import same_csrf
from bridgescore.server.web.turns import Turns

COOKIE = "bridgescore"
"""The log-on cookie of the pages (HttpOnly, SameSite=Strict)."""
DEVICE = "bridgescore-device"
"""The cookie naming the browser, so the log says which phone did what."""


def club_of(request: Request) -> Club:
    club: Club = request.app.state.club
    return club


def logons_of(request: Request) -> Turns:
    """The turns the process's log-ons take (:mod:`.turns`)."""
    turns: Turns = request.app.state.logons
    return turns


def token_of(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return request.cookies.get(COOKIE)


def device_of(request: Request) -> str:
    given = request.headers.get("x-device") or request.cookies.get(DEVICE)
    if given:
        return "".join(c for c in given.strip() if c.isprintable())[:80] or "?"
    agent = request.headers.get("user-agent", "unknown device")
    host = request.client.host if request.client else "?"
    return "".join(c for c in f"{host} {agent}" if c.isprintable())[:80]


def anyone(request: Request) -> Principal:
    """Whoever the token or the cookie logs on; a post with the cookie (a page's script)
    must carry the page's CSRF token in ``X-CSRF``."""
    token = token_of(request)
    if token is None:
        raise Unauthorised("log on first")
    who = club_of(request).principal(token)
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


def public_base(request: Request) -> str:
    """The server's address as the players' phones reach it: ``serve --public-url``, else the
    address ``serve`` printed (its LAN address), else the one this browser used."""
    given: str | None = getattr(request.app.state, "public_url", None)
    return (given or str(request.base_url)).rstrip("/")


def same_site(request: Request) -> None:
    """Refuse a form a page of another site posted (a log-on form too: nobody can be logged
    on, as someone else, from elsewhere). A browser says where a post comes from (``Origin``,
    else ``Referer``); a program that says nothing is not a browser led astray."""
    came = request.headers.get("origin") or request.headers.get("referer")
    if came is not None and urlsplit(came).netloc != request.headers.get("host"):
        raise Forbidden(
            "this form was sent from another site: open the page on this server and try again"
        )


def asks_director(request: Request) -> bool:
    """Whether a director's log-on comes with the request (which needs none)."""
    token = token_of(request)
    if token is None:
        return False
    try:
        return club_of(request).principal(token).is_director
    except Unauthorised:
        return False


def table(request: Request) -> Principal:
    who = anyone(request)
    if who.role is not Role.TABLE:
        raise Forbidden("this is for a table's log-on")
    return who
