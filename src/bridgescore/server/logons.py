"""Log-ons and their limits: a director by name and password, a table by its code; failed
attempts counted in the database (every worker shares them), attempts at one key taking turns
in every worker, so that guesses made at once each see the failures of those before them, and
refused while too many failed in the last minute:
for one director's name, from one device at one table, at one table from every device
(:data:`LIMITS`). A stranger guessing a table's code from one phone locks out only that phone;
the director can let a table log on again at once.
"""

from __future__ import annotations

__all__ = ["LIMITS", "Logons"]

import hashlib

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

    def director(self, name: str, password: str, device: str) -> str:
        """A director's log-on token."""
        limits = {f"director {_short(name)}": LIMITS["director"]}
        return self.accounts.director_login(name, password, device, limits)

    def table(self, event_id: int, place: Place, code: str, device: str) -> str:
        """A table's log-on token."""
        where = f"table {event_id}/{place} "
        limits = {f"{where}{_short(device)}": LIMITS["device"], where: LIMITS["table"]}
        return self.accounts.table_login(event_id, place, code, device, limits)

    def unlock(self, event_id: int, place: Place) -> None:
        """Uncount the table's failed log-ons, from every device."""
        self.accounts.forget(f"table {event_id}/{place} ")
