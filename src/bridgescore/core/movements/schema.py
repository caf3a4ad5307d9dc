"""Reading a movement's JSON object (the schema of :mod:`~bridgescore.core.movements.movement`),
every mistake said with where it is: ``schedule[3].set: '9' is not one of the sets``.

What it reads is handed to :class:`~bridgescore.core.movements.movement.Movement` as plain
values (:class:`Fields`), which checks that they hold together.

>>> fields = read_fields({"kind": "howell", "tables": 1, "rounds": 1, "boards": 1,
...     "winners": 1, "sets": {"1": [1]}, "pairs": ["1", "2"],
...     "schedule": [{"round": 1, "table": 1, "ns": "1", "ew": "2", "set": "1"}]})
>>> fields.schedule
((1, 1, '1', '2', '1', False, None, ()),)
>>> read_fields({"kind": "howell"})
Traceback (most recent call last):
...
bridgescore.core.errors.MovementError: tables: missing (a movement has kind, tables, rounds, boards, winners, sets, pairs and schedule)
"""

from __future__ import annotations

__all__ = ["Fields", "SittingFields", "read_fields"]

from typing import Any, Literal, NamedTuple, cast

from bridgescore.core.errors import MovementError

Kind = Literal["mitchell", "howell", "individual", "teams"]
KINDS: tuple[Kind, ...] = ("mitchell", "howell", "individual", "teams")
Room = Literal["open", "closed"]
Sitter = str | tuple[str, str] | None
"""Who sits one side of a table: a pair (or team), two players (individuals), or nobody."""
SittingFields = tuple[int, int, Sitter, Sitter, str, bool, Room | None, tuple[str, ...]]
"""A sitting as read: round, table, NS, EW, set, arrow switch, room, the mini-sets after the
set."""


class Fields(NamedTuple):
    """A movement's JSON object, read and checked key by key."""

    kind: Kind
    tables: int
    rounds: int
    boards: int
    winners: int
    sets: dict[str, tuple[int, ...]]
    pairs: tuple[str, ...]
    schedule: tuple[SittingFields, ...]


_KEYS = ("kind", "tables", "rounds", "boards", "winners", "sets", "pairs", "schedule")
_SITTING_KEYS = ("round", "table", "ns", "ew", "set", "switch", "room")


def _need(data: dict[str, Any], key: str, where: str) -> Any:
    if key not in data:
        listed = ", ".join(_KEYS[:-1]) + f" and {_KEYS[-1]}"
        raise MovementError(f"{where}{key}: missing (a movement has {listed})")
    return data[key]


def _count(value: object, where: str, least: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise MovementError(f"{where}: a whole number from {least}, not {value!r}")
    return value


def _text(value: object, where: str) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int) or str(value).strip() == "":
        raise MovementError(f'{where}: a name such as "3" or "3NS", not {value!r}')
    return str(value).strip()


def _sitter(value: object, kind: Kind, where: str) -> Sitter:
    if value is None:
        return None
    if kind == "individual":
        if not isinstance(value, list) or len(value) != 2:
            raise MovementError(f'{where}: two players, such as ["1", "5"], not {value!r}')
        return (_text(value[0], where), _text(value[1], where))
    return _text(value, where)


def _sitting(item: object, kind: Kind, index: int) -> SittingFields:
    where = f"schedule[{index}]"
    if not isinstance(item, dict):
        raise MovementError(f"{where}: an object with round, table, ns, ew, set and switch")
    unknown = sorted(set(item) - set(_SITTING_KEYS))
    if unknown:
        raise MovementError(f"{where}: unknown key {unknown[0]!r}")
    for key in ("round", "table", "set"):
        if key not in item:
            raise MovementError(f"{where}.{key}: missing")
    switch = item.get("switch", False)
    if not isinstance(switch, bool):
        raise MovementError(f"{where}.switch: true or false, not {switch!r}")
    room = item.get("room")
    if room not in (None, "open", "closed"):
        raise MovementError(f'{where}.room: "open" or "closed", not {room!r}')
    sets = _sets(item["set"], f"{where}.set")
    return (
        _count(item["round"], f"{where}.round"),
        _count(item["table"], f"{where}.table"),
        _sitter(item.get("ns"), kind, f"{where}.ns"),
        _sitter(item.get("ew"), kind, f"{where}.ew"),
        sets[0],
        switch,
        cast(Room | None, room),
        sets[1:],
    )


def _sets(value: object, where: str) -> tuple[str, ...]:
    """A sitting's set, or its mini-sets in play order (a list)."""
    if not isinstance(value, list):
        return (_text(value, where),)
    if not value:
        raise MovementError(f'{where}: a set such as "3", or mini-sets in play order ["3", "8"]')
    return tuple(_text(name, f"{where}[{i}]") for i, name in enumerate(value))


def read_fields(data: object) -> Fields:
    """A movement's JSON object, checked key by key (see the module docstring)."""
    if not isinstance(data, dict):
        raise MovementError("a movement is a JSON object with kind, tables, rounds, ... schedule")
    unknown = sorted(set(data) - set(_KEYS))
    if unknown:
        raise MovementError(f"unknown key {unknown[0]!r} (a movement has {', '.join(_KEYS)})")
    kind = _need(data, "kind", "")
    if kind not in KINDS:
        raise MovementError(f"kind: one of {', '.join(KINDS)}, not {kind!r}")
    kind = cast(Kind, kind)
    tables = _count(_need(data, "tables", ""), "tables")
    rounds = _count(_need(data, "rounds", ""), "rounds")
    boards = _count(_need(data, "boards", ""), "boards")
    winners = _count(_need(data, "winners", ""), "winners")
    raw_sets = _need(data, "sets", "")
    if not isinstance(raw_sets, dict) or not raw_sets:
        raise MovementError('sets: an object of set names to board numbers, {"1": [1, 2, 3]}')
    sets = {}
    for name, boards_of in raw_sets.items():
        if not isinstance(boards_of, list) or not boards_of:
            raise MovementError(f"sets.{name}: a list of board numbers")
        sets[str(name)] = tuple(_count(b, f"sets.{name}") for b in boards_of)
    raw_pairs = _need(data, "pairs", "")
    if not isinstance(raw_pairs, list):
        raise MovementError("pairs: a list of pair (team, player) names")
    pairs = tuple(_text(p, f"pairs[{i}]") for i, p in enumerate(raw_pairs))
    if len(set(pairs)) != len(pairs):
        twice = next(p for p in pairs if pairs.count(p) > 1)
        raise MovementError(f"pairs: {twice!r} is listed twice")
    raw_schedule = _need(data, "schedule", "")
    if not isinstance(raw_schedule, list):
        raise MovementError("schedule: a list of sittings")
    schedule = tuple(_sitting(item, kind, i) for i, item in enumerate(raw_schedule))
    return Fields(kind, tables, rounds, boards, winners, sets, pairs, schedule)
