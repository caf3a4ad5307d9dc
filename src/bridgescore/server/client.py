"""A program's side of the club server: send a session file and the files it names to a running
server, as a director (``bridgescore serve push``). Standard library only: a director's laptop
needs nothing but bridgescore to set up the evening on the club's server.
"""

from __future__ import annotations

__all__ = ["push_event"]

import json
import os
import secrets
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from bridgescore.server.domain.errors import ServerError


def _call(url: str, data: bytes, headers: dict[str, str]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=data, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            found: dict[str, Any] = json.loads(answer.read())
            return found
    except urllib.error.HTTPError as error:
        try:
            said = json.loads(error.read()).get("error", error.reason)
        except ValueError:
            said = error.reason
        raise ServerError(f"{url}: {said}") from None
    except (urllib.error.URLError, OSError) as error:
        reason = getattr(error, "reason", error)
        raise ServerError(f"{url}: cannot reach the server ({reason})") from None


def _form(name: str, text: str, files: dict[str, bytes]) -> tuple[bytes, str]:
    """A multipart form of the session file (part ``session``, file ``name``) and the files
    it names."""
    boundary = f"bridgescore-{secrets.token_hex(12)}"
    chunks = []
    parts = [("session", name, text.encode()), *((n, n, d) for n, d in files.items())]
    for field, file_name, data in parts:
        head = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; '
            f'filename="{file_name}"\r\nContent-Type: application/octet-stream\r\n\r\n'
        )
        chunks += [head.encode(), data, b"\r\n"]
    chunks.append(f"--{boundary}--\r\n".encode())
    return b"".join(chunks), f"multipart/form-data; boundary={boundary}"


def push_event(
    url: str,
    path: str | os.PathLike[str],
    *,
    token: str | None = None,
    director: str | None = None,
    password: str | None = None,
) -> tuple[int, list[str]]:
    """Make an event on the server at ``url`` from the session file at ``path`` and the files
    it names, logged on with ``token`` (or as ``director`` with ``password``): the event's
    number and the server's notes."""
    from bridgescore.server import session_files

    base = url.rstrip("/")
    if token is None:
        if director is None or password is None:
            raise ServerError("say who pushes: a director's name (and password), or a token")
        login = json.dumps({"name": director, "password": password}).encode()
        found = _call(f"{base}/api/login", login, {"Content-Type": "application/json"})
        token = str(found["token"])
    text, files = session_files(path)
    body, kind = _form(Path(path).name, text, files)
    made = _call(
        f"{base}/api/events", body, {"Content-Type": kind, "Authorization": f"Bearer {token}"}
    )
    return int(made["id"]), [str(note) for note in made.get("notes", [])]
