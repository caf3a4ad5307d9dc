"""Log-ons and their limits: a director by name and password, a table by its code; failed
attempts counted in the database (every worker shares them) before they are tried, so that
attempts made at once are all counted, and refused while too many failed in the last minute:
for one director's name, from one device at one table, at one table from every device
(:data:`LIMITS`). A stranger guessing a table's code from one phone locks out only that phone;
the director can let a table log on again at once.
"""

from __future__ import annotations

__all__ = ["LIMITS", "Logons"]

import hashlib
from collections.abc import Callable

from bridgescore.server.domain.errors import TooMany
from bridgescore.server.domain.layout import Place
from bridgescore.server.storage.accounts import Accounts

LIMITS = {"director": 10, "device": 10, "table": 100}
"""Failed log-ons a minute: for one director's name, from one device at one table, at one table
from every device."""


def _short(text: str) -> str:
    """What a limit's key keeps of a text anyone may send: a digest of 16 characters."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Logons:
    """The log-ons of one server's accounts (see the module docstring)."""

    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts

    def _guarded(self, keys: dict[str, str], log_on: Callable[[], str]) -> str:
        """A log-on counted before it is tried, refused while any of ``keys`` (a limit's
        name: what is tried) has had too many attempts in the last minute."""
        accounts = self.accounts
        refused = TooMany("too many failed log-ons: wait a minute and try again")
        if any(accounts.attempts(key, 60) >= LIMITS[limit] for limit, key in keys.items()):
            raise refused  # (over the limit already: not counted, nothing stored)
        numbers = [accounts.attempt(key) for key in keys.values()]
        for limit, key in keys.items():  # counted, then checked: attempts made at once
            if accounts.attempts(key, 60) > LIMITS[limit]:
                accounts.forgive(numbers)
                raise refused
        token = log_on()
        accounts.forgive(numbers)
        return token

    def director(self, name: str, password: str, device: str) -> str:
        """A director's log-on token."""
        return self._guarded(
            {"director": f"director {_short(name)}"},
            lambda: self.accounts.director_login(name, password, device),
        )

    def table(self, event_id: int, place: Place, code: str, device: str) -> str:
        """A table's log-on token."""
        where = f"table {event_id}/{place} "
        return self._guarded(
            {"device": f"{where}{_short(device)}", "table": where},
            lambda: self.accounts.table_login(event_id, place, code, device),
        )

    def unlock(self, event_id: int, place: Place) -> None:
        """Uncount the table's failed log-ons, from every device."""
        self.accounts.forget(f"table {event_id}/{place} ")
