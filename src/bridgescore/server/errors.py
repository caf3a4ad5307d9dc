"""The club server's errors: each a message for a director or a player and the HTTP status
the API answers with.

>>> str(Conflict("board 3 already has a confirmed result")), Conflict.status
('board 3 already has a confirmed result', 409)
"""

from __future__ import annotations

__all__ = ["Conflict", "Forbidden", "NotFound", "ServerError", "TooMany", "Unauthorised", "Unfit"]

from bridgescore.core.errors import BridgeScoreError


class ServerError(BridgeScoreError):
    """Something the server cannot do, said for the person who asked (HTTP 400)."""

    status = 400


class Unauthorised(ServerError):
    """No log-on, or a wrong one (HTTP 401)."""

    status = 401


class Forbidden(ServerError):
    """Logged on, but not allowed to do this (HTTP 403): a table's board of another round,
    a director's action from a table."""

    status = 403


class NotFound(ServerError):
    """No such event, table or result (HTTP 404)."""

    status = 404


class Conflict(ServerError):
    """A second, different result for a slot that has one (HTTP 409): shown to the director,
    never a silent overwrite."""

    status = 409


class Unfit(ServerError):
    """A request that cannot be read: a contract that is no contract, a pair not at this
    table (HTTP 422)."""

    status = 422


class TooMany(ServerError):
    """Too many log-on attempts from one place (HTTP 429)."""

    status = 429
