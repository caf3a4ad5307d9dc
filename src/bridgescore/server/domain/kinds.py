"""What can happen to a result, and the states a board at a table can be in.

Every change is a :class:`Kind` of log entry; a slot (a board at a table in a round) is in one
:class:`SlotState`. A kind the server does not know (a log written by a newer server) is an
error, never skipped.

>>> Kind.parse("confirmed") is Kind.CONFIRMED, SlotState.ADJUSTED.done, SlotState.ENTERED.done
(True, True, False)
>>> Kind.parse("shuffled")
Traceback (most recent call last):
...
bridgescore.server.domain.errors.ServerError: the log has an entry of a kind this server does not know ('shuffled'): run the newest bridgescore
"""

from __future__ import annotations

__all__ = ["Kind", "SlotState"]

from enum import StrEnum

from bridgescore.server.domain.errors import ServerError


class Kind(StrEnum):
    """A kind of log entry (its value is what the log's ``kind`` column holds)."""

    ENTERED = "entered"
    """A table entered a result; it waits for the opponents."""
    CONFIRMED = "confirmed"
    """The opponents confirmed the entered result."""
    REJECTED = "rejected"
    """The opponents sent the entered result back to be entered again."""
    CONFLICT = "conflict"
    """A second, different result for a board already done there, kept for the director."""
    CORRECTED = "corrected"
    """The director gave the board a (new) result."""
    ADJUSTED = "adjusted"
    """The director gave the board an artificial or weighted score."""
    NOT_PLAYED = "not_played"
    """The board was not played at that table (the table or the director said so)."""
    ERASED = "erased"
    """The director erased whatever the slot held."""
    ROUND_CLOSED = "round_closed"
    """The director closed a round of a section: its boards with no result are not played."""
    CALL = "call"
    """A table called the director."""
    CALL_ANSWERED = "call_answered"
    """The director answered a table's call."""

    @classmethod
    def parse(cls, text: str) -> Kind:
        """The kind the log writes as ``text``; an unknown one is an error."""
        try:
            return cls(text)
        except ValueError:
            raise ServerError(
                f"the log has an entry of a kind this server does not know ({text!r}): "
                "run the newest bridgescore"
            ) from None


class SlotState(StrEnum):
    """Where a board at a table in a round stands."""

    EMPTY = "empty"
    """Nothing yet (or sent back, or erased)."""
    ENTERED = "entered"
    """A result waits for the opponents' confirmation."""
    CONFIRMED = "confirmed"
    """A result both pairs (or the director) stand by."""
    ADJUSTED = "adjusted"
    """An artificial or weighted score from the director."""
    NOT_PLAYED = "not_played"
    """Not played there: no result, nothing to score."""

    @property
    def done(self) -> bool:
        """Whether the table is finished with the board: confirmed, adjusted or not played."""
        return self in (SlotState.CONFIRMED, SlotState.ADJUSTED, SlotState.NOT_PLAYED)

    @property
    def scored(self) -> bool:
        """Whether the slot holds something to score: a confirmed result or an adjustment."""
        return self in (SlotState.CONFIRMED, SlotState.ADJUSTED)
