"""A movement: who plays whom, where and on which boards, round by round.

A :class:`Movement` is a table of :class:`Sitting` values, one for each round and table (and
room, in a teams movement): the NS pair, the EW pair, the board set and whether the round is
arrow-switched at that table. Board sets map to board numbers. A sit-out is a side with nobody
(``None``): the phantom pair of a half table. Two tables holding the same set in one round
share it; a set held by no table in a round is on a relay (a bye stand). A table may play
*mini-sets*: several sets in one round, one after the other (``Sitting.later``; in the JSON
``"set": ["1", "6"]``), and :meth:`Movement.boards_of` gives a sitting's boards in the order
they are played.

The same value serves every kind: a pairs movement names pairs (``1NS`` and ``1EW`` where there
are two winners, ``1`` to ``2T`` where there is one), an individual movement names two players
a side, a teams movement names teams and says the room.

Its JSON form (:meth:`Movement.to_dict`) is what ``bridgescore movement ... --json`` prints,
what ``bridgescore movement check`` and the session file read, and reads back losslessly:

>>> movement = Movement(
...     "howell", tables=1, rounds=1, boards=2, winners=1, sets={"1": (1, 2)},
...     pairs=("1", "2"), schedule=(Sitting(1, 1, "1", "2", "1"),))
>>> movement.to_dict()["schedule"]
[{'round': 1, 'table': 1, 'ns': '1', 'ew': '2', 'set': '1', 'switch': False}]
>>> Movement.from_dict(movement.to_dict()) == movement
True
>>> movement.board_set(2), board_range(movement.sets["1"])
('1', '1-2')
>>> mini = Sitting(1, 1, "1", "2", "2", later=("1",))
>>> mini.sets, mini.to_dict()["set"]
(('2', '1'), ['2', '1'])
"""

from __future__ import annotations

__all__ = [
    "KINDS",
    "Kind",
    "Movement",
    "Room",
    "Sitter",
    "Sitting",
    "board_range",
    "boards_in_order",
    "members",
    "unit",
]

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from bridgescore.core.errors import MovementError
from bridgescore.core.movements.schema import KINDS, Kind, Room, Sitter, read_fields
from bridgescore.core.numbers import natural_key
from bridgescore.core.table.seats import Side

_KEYS = ("kind", "tables", "rounds", "boards", "winners", "sets", "pairs", "schedule")


def members(sitter: Sitter) -> tuple[str, ...]:
    """The pairs, teams or players of one side: none for a sit-out.

    >>> members("3NS"), members(("1", "5")), members(None)
    (('3NS',), ('1', '5'), ())
    """
    if sitter is None:
        return ()
    return (sitter,) if isinstance(sitter, str) else tuple(sitter)


def unit(kind: Kind, name: str, side: Side) -> str:
    """What may play a board once: a pair, a player, or a team's pair on ``side`` (``2 NS``).

    >>> unit("teams", "2", Side.EW), unit("howell", "7", Side.NS)
    ('2 EW', '7')
    """
    return f"{name} {side}" if kind == "teams" else name


def boards_in_order(movement: Movement, sitting: Sitting) -> str:
    """A sitting's boards as a director writes them, its mini-sets in play order: ``1-4``,
    ``5-6 then 1-2``.

    >>> movement = Movement("howell", 1, 1, 4, 1, {"1": (1, 2), "2": (3, 4)}, ("1", "2"),
    ...     (Sitting(1, 1, "1", "2", "2", later=("1",)),))
    >>> boards_in_order(movement, movement.schedule[0]), movement.boards_of(movement.schedule[0])
    ('3-4 then 1-2', (3, 4, 1, 2))
    """
    return " then ".join(board_range(movement.sets[name]) for name in sitting.sets)


def board_range(boards: Iterable[int]) -> str:
    """Board numbers as a director writes them: ``1-4``, ``1-3, 7``.

    >>> board_range([3, 1, 2, 7, 9, 8])
    '1-3, 7-9'
    """
    numbers = sorted(set(boards))
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


@dataclass(frozen=True, slots=True)
class Sitting:
    """One table in one round: the NS and EW sides, the board set, the arrow switch (the EW
    side plays the NS cards), in a teams movement the room, and the mini-sets played after
    ``set`` in the same round (``later``, in play order)."""

    round: int
    table: int
    ns: Sitter
    ew: Sitter
    set: str
    switch: bool = False
    room: Room | None = None
    later: tuple[str, ...] = ()

    @property
    def sets(self) -> tuple[str, ...]:
        """Every set the table plays this round, in play order."""
        return (self.set, *self.later)

    def side(self, side: Side) -> Sitter:
        return self.ns if side is Side.NS else self.ew

    def holding(self, side: Side) -> Sitter:
        """Who holds the ``side`` cards: the other side when the table is arrow-switched."""
        return self.side(side.opponent if self.switch else side)

    @property
    def plays(self) -> bool:
        """Both sides are there: the table plays its boards (no sit-out)."""
        return self.ns is not None and self.ew is not None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "round": self.round,
            "table": self.table,
            "ns": _sitter_json(self.ns),
            "ew": _sitter_json(self.ew),
            "set": list(self.sets) if self.later else self.set,
            "switch": self.switch,
        }
        if self.room is not None:
            data["room"] = self.room
        return data


def _sitter_json(sitter: Sitter) -> str | list[str] | None:
    return list(sitter) if isinstance(sitter, tuple) else sitter


def _frozen_sets(sets: Mapping[str, Iterable[int]]) -> Mapping[str, tuple[int, ...]]:
    ordered = sorted(sets.items(), key=lambda kv: natural_key(kv[0]))
    return MappingProxyType({name: tuple(boards) for name, boards in ordered})


@dataclass(frozen=True, slots=True)
class Movement:
    """Who plays whom, where and on which boards (see the module docstring).

    ``boards`` is the number of boards in play (all the sets); ``winners`` is 2 when NS and EW
    are ranked apart, 1 when everybody is ranked together. ``pairs`` lists the pairs (teams,
    players) in the names traveller files use. The schedule is kept in round, table and room
    order. A movement that does not hold together raises :class:`MovementError`; whether it is
    a *good* movement (nobody plays a board twice) is the checker's question
    (:func:`~bridgescore.core.movements.check.check_movement`).
    """

    kind: Kind
    tables: int
    rounds: int
    boards: int
    winners: int
    sets: Mapping[str, tuple[int, ...]]
    pairs: tuple[str, ...]
    schedule: tuple[Sitting, ...]
    _by_board: Mapping[int, str] = field(init=False, repr=False, compare=False)
    _by_round: Mapping[int, tuple[Sitting, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sets", _frozen_sets(self.sets))
        object.__setattr__(self, "pairs", tuple(self.pairs))
        order = sorted(self.schedule, key=lambda s: (s.round, s.table, s.room != "open"))
        object.__setattr__(self, "schedule", tuple(order))
        by_board: dict[int, str] = {}
        for name, boards in self.sets.items():
            for board in boards:
                if board in by_board:
                    raise MovementError(f"board {board} is in set {by_board[board]} and set {name}")
                by_board[board] = name
        object.__setattr__(self, "_by_board", MappingProxyType(by_board))
        by_round: dict[int, list[Sitting]] = {}
        for sitting in self.schedule:
            by_round.setdefault(sitting.round, []).append(sitting)
        rounds = {number: tuple(found) for number, found in by_round.items()}
        object.__setattr__(self, "_by_round", MappingProxyType(rounds))
        _check_shape(self)

    # --- reading it -----------------------------------------------------------------------

    def board_set(self, board: int) -> str | None:
        """The set holding ``board``, or ``None`` when the board is not in play."""
        return self._by_board.get(board)

    def round(self, number: int) -> tuple[Sitting, ...]:
        """The sittings of one round, in table order."""
        return self._by_round.get(number, ())

    def sitting(self, round_number: int, table: int, room: Room | None = None) -> Sitting | None:
        for found in self.round(round_number):
            if (found.table, found.room) == (table, room):
                return found
        return None

    def at_table(self, table: int, room: Room | None = None) -> tuple[Sitting, ...]:
        """One table's sittings (of one room), in round order: what a table's device shows."""
        return tuple(s for s in self.schedule if s.table == table and s.room == room)

    def boards_of(self, sitting: Sitting) -> tuple[int, ...]:
        """The boards a sitting plays, in the order it plays them (its mini-sets one after the
        other): none for a sit-out.

        >>> from bridgescore.core.movements.mitchell import mitchell
        >>> movement = mitchell(3, phantom=True)
        >>> [movement.boards_of(s) for s in movement.at_table(3)]
        [(), (), ()]
        >>> movement.boards_of(movement.at_table(1)[1])
        (10, 11, 12, 13, 14, 15, 16, 17, 18)
        """
        if not sitting.plays:
            return ()
        return tuple(board for name in sitting.sets for board in self.sets[name])

    def units(self, sitting: Sitting, side: Side) -> tuple[str, ...]:
        """Who plays ``side`` of the table, as :func:`unit` names them."""
        names = members(sitting.side(side))
        return names if self.kind != "teams" else tuple(unit(self.kind, n, side) for n in names)

    def playing(self) -> tuple[str, ...]:
        """Every unit that plays (pairs, players, a team's two pairs), in natural order."""
        found = {u for s in self.schedule for side in Side for u in self.units(s, side)}
        return tuple(sorted(found, key=natural_key))

    @property
    def boards_per_round(self) -> int:
        """The most boards a table plays in a round (the sizes of its sets added up)."""
        most = max((len(b) for b in self.sets.values()), default=0)
        return max((sum(len(self.sets[n]) for n in s.sets) for s in self.schedule), default=most)

    @property
    def played_rounds(self) -> tuple[int, ...]:
        return tuple(sorted(self._by_round))

    @property
    def title(self) -> str:
        """``Howell, 5 tables, 9 rounds of 3 boards``."""
        tables = f"{self.tables} table{'s' if self.tables != 1 else ''}"
        boards = self.boards_per_round
        rounds = f"{self.rounds} round{'s' if self.rounds != 1 else ''}"
        return (
            f"{self.kind.capitalize()}, {tables}, {rounds} of {boards} board{'s' * (boards != 1)}"
        )

    # --- changing it ----------------------------------------------------------------------

    def starting_at(self, first_board: int) -> Movement:
        """The same movement with its boards numbered from ``first_board`` (a second section
        playing boards 29-56)."""
        shift = first_board - min(self._by_board, default=1)
        sets = {name: tuple(b + shift for b in boards) for name, boards in self.sets.items()}
        return replace(self, sets=sets)

    # --- JSON -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The movement as the JSON object of its schema (see the module docstring)."""
        return {
            "kind": self.kind,
            "tables": self.tables,
            "rounds": self.rounds,
            "boards": self.boards,
            "winners": self.winners,
            "sets": {name: list(boards) for name, boards in self.sets.items()},
            "pairs": list(self.pairs),
            "schedule": [s.to_dict() for s in self.schedule],
        }

    def to_json(self) -> str:
        """The JSON object, one key a line, each set and each sitting on one line (what
        ``--json`` prints and a movement file holds)."""
        data = self.to_dict()
        lines = [f"  {json.dumps(key)}: {json.dumps(data[key])}," for key in _KEYS[:5]]
        sets = ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in data["sets"].items())
        lines.append(f'  "sets": {{{sets}}},')
        lines.append(f'  "pairs": {json.dumps(data["pairs"], ensure_ascii=False)},')
        sittings = ",\n".join(f"    {json.dumps(s, ensure_ascii=False)}" for s in data["schedule"])
        lines.append(f'  "schedule": [\n{sittings}\n  ]')
        return "{\n" + "\n".join(lines) + "\n}"

    @classmethod
    def from_dict(cls, data: object) -> Movement:
        """A movement from its JSON object; what does not fit the schema raises
        :class:`MovementError` saying where (``schedule[3].set``)."""
        fields = read_fields(data)
        schedule = tuple(Sitting(*sitting) for sitting in fields.schedule)
        return cls(*fields[:-1], schedule)

    @classmethod
    def from_json(cls, text: str) -> Movement:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise MovementError(
                f"not JSON: {error.msg} (line {error.lineno}, column {error.colno})"
            ) from None
        return cls.from_dict(data)


def _check_shape(movement: Movement) -> None:
    """The value holds together: sizes, sets and pairs named, sides of the right kind."""
    if movement.kind not in KINDS:
        raise MovementError(
            f"a movement's kind is one of {', '.join(KINDS)}, not {movement.kind!r}"
        )
    if movement.winners not in (1, 2):
        raise MovementError(f"a movement has 1 or 2 winners, not {movement.winners}")
    counted = sum(len(b) for b in movement.sets.values())
    if counted != movement.boards:
        raise MovementError(
            f"the sets hold {counted} boards, but the movement says {movement.boards}"
        )
    listed = set(movement.pairs)
    seen: set[tuple[int, int, Room | None]] = set()
    for sitting in movement.schedule:
        where = f"round {sitting.round}, table {sitting.table}"
        if not 1 <= sitting.round <= movement.rounds or not 1 <= sitting.table <= movement.tables:
            raise MovementError(
                f"{where}: the movement has {movement.rounds} rounds and {movement.tables} tables"
            )
        key = (sitting.round, sitting.table, sitting.room)
        if key in seen:
            raise MovementError(f"{where}{_room(sitting)} is in the schedule twice")
        seen.add(key)
        for name in sitting.sets:
            if name not in movement.sets:
                raise MovementError(f"{where}: set {name!r} is not one of the sets")
        if (sitting.room is not None) != (movement.kind == "teams"):
            raise MovementError(f"{where}: a room is said in a teams movement, and only there")
        for side in Side:
            _check_side(movement.kind, sitting.side(side), listed, f"{where}, {side}")


def _room(sitting: Sitting) -> str:
    return "" if sitting.room is None else f" ({sitting.room} room)"


def _check_side(kind: Kind, sitter: Sitter, listed: set[str], where: str) -> None:
    if sitter is None:
        return
    if (kind == "individual") != isinstance(sitter, tuple):
        wanted = "two players" if kind == "individual" else "one pair or team"
        raise MovementError(f"{where}: a side of a {kind} movement is {wanted}")
    for name in members(sitter):
        if name not in listed:
            raise MovementError(f"{where}: {name!r} is not one of the movement's pairs")
