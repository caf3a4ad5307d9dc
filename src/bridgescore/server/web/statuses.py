"""The domain's answers said in HTTP: each kind of error its status.

>>> status_of(Conflict("board 3 has a result")), status_of(ServerError("no"))
(409, 400)
"""

from __future__ import annotations

__all__ = ["STATUS", "status_of"]

from bridgescore.core.errors import BridgeScoreError
from bridgescore.server.domain.errors import (
    Conflict,
    Forbidden,
    NotFound,
    ServerError,
    TooMany,
    Unauthorised,
    Unavailable,
    Unfit,
)

STATUS: dict[type[ServerError], int] = {
    Unauthorised: 401,
    Forbidden: 403,
    NotFound: 404,
    Conflict: 409,
    Unfit: 422,
    TooMany: 429,
    Unavailable: 503,
}
"""The HTTP status of each kind of domain error (any other: 400)."""


def status_of(error: BridgeScoreError) -> int:
    """The HTTP status the API answers ``error`` with: a refusal of the server's by its kind,
    any other error of the library (a file it cannot read) 422."""
    if not isinstance(error, ServerError):
        return 422
    for kind in type(error).__mro__:
        if kind in STATUS:
            return STATUS[kind]
    return 400
