"""What came of a request, in the game's words: what the server did with a result, and the
entries it appends to the log for it. The web layer says it in HTTP.

>>> Outcome("entered", stored=True, board=3, ns_score=420).to_json()
{'status': 'entered', 'board': 3, 'ns_score': 420}
"""

from __future__ import annotations

__all__ = ["Decision", "NewEntry", "Outcome"]

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bridgescore.server.domain.errors import ServerError
from bridgescore.server.domain.kinds import Kind


@dataclass(frozen=True, slots=True)
class Outcome:
    """What was done: ``status`` (``entered``, ``confirmed``, ``not_played``, ``closed``, ...),
    whether a new entry was ``stored`` (not a retry answered from the log), and what it was
    about."""

    status: str
    stored: bool = False
    board: int | None = None
    ns_score: int | None = None
    section: str | None = None
    round: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The answer's body: the status and what is known of the rest."""
        body: dict[str, Any] = {"status": self.status}
        for key in ("section", "round", "board", "ns_score"):
            value = getattr(self, key)
            if value is not None:
                body[key] = value
        return body


@dataclass(frozen=True, slots=True)
class NewEntry:
    """An entry to append: its kind, where (section; table, round, board when it is about
    one), what was said and the client's id."""

    kind: Kind
    section: str
    table: int | None = None
    round: int | None = None
    board: int | None = None
    payload: Mapping[str, Any] = field(default_factory=dict)
    client_id: str | None = None


@dataclass(frozen=True, slots=True)
class Decision:
    """What a request comes to: the entries to append (in one transaction) and the outcome;
    or a refusal to say once they are stored (a conflict is kept for the director, then
    refused)."""

    entries: tuple[NewEntry, ...]
    outcome: Outcome
    refusal: ServerError | None = None
