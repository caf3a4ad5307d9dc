"""Bounds on what a request may send: a body over its route's bound is answered 413 before the
server holds it (a declared length at once; an undeclared one as soon as it has passed the
bound), so that no request, logged on or not, can make the server hold more than a bound's worth.

>>> bound_of("/api/results"), bound_of("/api/events/3/hands") == UPLOAD_BYTES
(262144, True)
"""

from __future__ import annotations

__all__ = ["JSON_BYTES", "UPLOAD_BYTES", "BodyLimit", "TooLarge", "bound_of"]

import json
import re
from typing import Any

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

JSON_BYTES = 256 * 1024
"""The most a request's body may hold: a result, a log-on, a director's change, a session file."""
UPLOAD_BYTES = 5 * 1024 * 1024
"""The most an upload may hold: a hand record, a session file with its files."""
_UPLOADS = re.compile(r"^(/api/events|/api/events/\d+/hands|/director/events(/\d+/hands)?)$")


def bound_of(path: str) -> int:
    """The bound of a request's body on ``path``."""
    return UPLOAD_BYTES if _UPLOADS.match(path) else JSON_BYTES


class TooLarge(HTTPException):
    """A body over its bound, met while the app reads it (the app's handlers answer 413)."""

    def __init__(self, bound: int) -> None:
        super().__init__(413, f"the request is too large: at most {bound // 1024} KB here")


class BodyLimit:
    """ASGI middleware answering 413 to a body over its route's bound (see the module
    docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        bound = bound_of(scope["path"])
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > bound):
            await _refuse(scope, send, bound)
            return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > bound:
                    raise TooLarge(bound)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except TooLarge:
            if not started:
                await _refuse(scope, send, bound)


async def _refuse(scope: Scope, send: Send, bound: int) -> None:
    said = str(TooLarge(bound).detail)
    api = scope["path"].startswith("/api/")
    body = json.dumps({"error": said}).encode() if api else said.encode()
    kind = b"application/json" if api else b"text/plain; charset=utf-8"
    headers: list[Any] = [(b"content-type", kind), (b"content-length", str(len(body)).encode())]
    headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": body})
