"""Who is asking: a director (by name) or a table of an event, and from which device.

>>> table = Principal(Role.TABLE, "table A3", "phone 1", event_id=1, section="A", table=3)
>>> table.is_director, table.place
(False, Place(section='A', table=3))
"""

from __future__ import annotations

__all__ = ["Principal", "Role"]

from dataclasses import dataclass, field
from enum import StrEnum

from bridgescore.server.domain.errors import Forbidden
from bridgescore.server.domain.layout import Place


class Role(StrEnum):
    """What a log-on is for."""

    DIRECTOR = "director"
    TABLE = "table"


@dataclass(frozen=True, slots=True)
class Principal:
    """Who a log-on belongs to: a director (by name) or a table of an event, and the device."""

    role: Role
    name: str
    device: str
    event_id: int | None = None
    section: str | None = None
    table: int | None = None
    seen: tuple[int, int] | None = field(default=None, compare=False)
    """A table's event as the log-on was read with it: its revision and last log entry (so
    the request need not read them again)."""

    @property
    def is_director(self) -> bool:
        return self.role is Role.DIRECTOR

    @property
    def place(self) -> Place:
        """The table a table's log-on is for."""
        if self.role is not Role.TABLE or self.section is None or self.table is None:
            raise Forbidden("this is for a table's log-on")
        return Place(self.section, self.table)
