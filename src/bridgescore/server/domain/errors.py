"""The club server's errors: each a message for a director or a player, saying what is wrong
and what to do. They are the domain's; the web layer (:mod:`bridgescore.server.web.app`)
answers each kind with its HTTP status.

>>> str(Conflict("board 3 already has a confirmed result"))
'board 3 already has a confirmed result'
>>> issubclass(Unfit, ServerError) and issubclass(ServerError, BridgeScoreError)
True
"""

from __future__ import annotations

__all__ = [
    "Conflict",
    "Forbidden",
    "NotFound",
    "ServerError",
    "TooMany",
    "Unauthorised",
    "Unavailable",
    "Unfit",
]

from bridgescore.core.errors import BridgeScoreError


class ServerError(BridgeScoreError):
    """Something the server cannot do, said for the person who asked."""


class Unauthorised(ServerError):
    """No log-on, or a wrong one."""


class Forbidden(ServerError):
    """Logged on, but not allowed to do this: a table's board of another round, a director's
    action from a table."""


class NotFound(ServerError):
    """No such event, table or result."""


class Conflict(ServerError):
    """A second, different result for a slot that has one: shown to the director, never a
    silent overwrite; or an id sent again with other content."""


class Unfit(ServerError):
    """A request that cannot be read: a contract that is no contract, a pair not at this
    table, an event the server could not score."""


class TooMany(ServerError):
    """Too many attempts (log-ons, entries) from one place in a short time."""


class Unavailable(ServerError):
    """The server cannot do it now (its database is full or gone): try again later."""
