"""What the cards on the tables say: where everybody and the boards go next.

A *table card* (one a table) lists each round: the NS and EW pairs, the boards, and where the
NS pair, the EW pair and the boards go for the next round. A *guide card* (one a pair or
player) lists each round: the table, the direction, the opponents and the boards. Both come
from the same :class:`~bridgescore.core.movements.movement.Movement`, and so do the "next
round" messages a table's device shows (:func:`next_move`).

>>> from bridgescore.core.movements.mitchell import mitchell
>>> card = table_cards(mitchell(3))[0]
>>> row = card.rows[0]
>>> row.round, row.ns, row.ew, row.boards, row.ns_next, row.ew_next, row.boards_next
(1, '1NS', '1EW', '1-9', 'stays', 'table 2 EW', 'table 3')
>>> [(r.round, r.table, r.direction, r.opponents, r.boards) for r in guide_cards(mitchell(3))[3].rows]
[(1, 1, 'EW', '1NS', '1-9'), (2, 2, 'EW', '2NS', '19-27'), (3, 3, 'EW', '3NS', '10-18')]
"""

from __future__ import annotations

__all__ = [
    "GuideCard",
    "GuideRow",
    "TableCard",
    "TableRow",
    "guide_cards",
    "next_move",
    "table_cards",
]

from dataclasses import dataclass

from bridgescore.core.movements.movement import (
    Movement,
    Sitter,
    Sitting,
    board_range,
    boards_in_order,
    members,
)
from bridgescore.core.table.seats import Side


def _label(sitter: Sitter) -> str:
    return "-" if sitter is None else " & ".join(members(sitter))


@dataclass(frozen=True, slots=True)
class TableRow:
    """One round at a table, and where its pairs and boards go next (``stays``, ``table 4
    NS``, ``sits out``, ``relay``; empty after the last round)."""

    round: int
    ns: str
    ew: str
    boards: str
    switch: bool
    ns_next: str
    ew_next: str
    boards_next: str


@dataclass(frozen=True, slots=True)
class TableCard:
    """The card on one table (one room of it, in a teams movement)."""

    table: int
    room: str | None
    rows: tuple[TableRow, ...]

    @property
    def title(self) -> str:
        return f"Table {self.table}" + (f", {self.room} room" if self.room else "")


@dataclass(frozen=True, slots=True)
class GuideRow:
    """One round of a pair's (player's) evening: ``table`` and ``direction`` are ``None`` when
    it sits out; ``switch`` when it plays the other direction's cards there."""

    round: int
    table: int | None
    direction: str | None
    opponents: str
    boards: str
    switch: bool = False


@dataclass(frozen=True, slots=True)
class GuideCard:
    """One pair's (player's, team's) personal guide card."""

    pair: str
    rows: tuple[GuideRow, ...]


def _seat_of(
    movement: Movement, name: str, round_: int, only: Side | None = None
) -> tuple[Sitting, Side] | None:
    for sitting in movement.round(round_):
        for side in Side if only is None else (only,):
            if name in members(sitting.side(side)):
                return sitting, side
    return None


def next_move(movement: Movement, name: str, round_: int, side: Side | None = None) -> str:
    """Where ``name`` (a pair, player, or with ``side`` a team's pair) goes after ``round_``:
    ``stays``, ``table 4 NS``, ``sits out``, or empty after the last round.

    >>> from bridgescore.core.movements.mitchell import mitchell
    >>> next_move(mitchell(5), "2EW", 1), next_move(mitchell(5), "2NS", 5)
    ('table 3 EW', '')
    """
    rounds = movement.played_rounds
    if round_ >= rounds[-1]:
        return ""
    here = _seat_of(movement, name, round_, side)
    there = _seat_of(movement, name, round_ + 1, side)
    if there is None or not there[0].plays:
        return "sits out"
    sitting, side = there
    if here is not None and (here[0].table, here[0].room, here[1]) == (
        sitting.table,
        sitting.room,
        side,
    ):
        return "stays"
    room = f" ({sitting.room})" if sitting.room else ""
    return f"table {sitting.table}{room} {side}"


def _boards_next(movement: Movement, sitting: Sitting) -> str:
    """Where the boards go: ``stay``, ``table 3``, ``relay``; with mini-sets, each set's boards
    (``1-2: table 3; 7-8: stay``), to the table playing it later in the round if one does."""
    if len(sitting.sets) == 1:
        return _set_next(movement, sitting, 0)
    return "; ".join(
        f"{board_range(movement.sets[name])}: {_set_next(movement, sitting, slot)}"
        for slot, name in enumerate(sitting.sets)
    )


def _set_next(movement: Movement, sitting: Sitting, slot: int) -> str:
    name = sitting.sets[slot]
    later = sorted(
        {s.table for s in movement.round(sitting.round) if name in s.sets[slot + 1 :]}
        - {sitting.table}
    )
    if later:
        return ("table " if len(later) == 1 else "tables ") + " and ".join(map(str, later))
    if sitting.round >= movement.played_rounds[-1]:
        return ""
    tables = sorted({s.table for s in movement.round(sitting.round + 1) if name in s.sets})
    if not tables:
        return "relay"
    if tables == [sitting.table]:
        return "stay"
    return ("table " if len(tables) == 1 else "tables ") + " and ".join(map(str, tables))


def _pair_next(movement: Movement, sitting: Sitting, side: Side) -> str:
    """Where the side goes next; for individuals, each player."""
    names = members(sitting.side(side))
    if len(names) == 1:
        team_side = side if movement.kind == "teams" else None  # a team's pair keeps its side
        return next_move(movement, names[0], sitting.round, team_side)
    return "; ".join(f"{name}: {next_move(movement, name, sitting.round)}" for name in names)


def table_cards(movement: Movement) -> tuple[TableCard, ...]:
    """One card a table (and room, where a round has both rooms of a table), rows in round
    order."""
    rooms = len({(s.round, s.table) for s in movement.schedule}) < len(movement.schedule)

    def place(sitting: Sitting) -> tuple[int, str]:
        return (sitting.table, sitting.room or "" if rooms else "")

    places = sorted({place(s) for s in movement.schedule}, key=lambda p: (p[0], p[1] != "open"))
    cards = []
    for table, room in places:
        rows = tuple(
            TableRow(
                s.round,
                _label(s.ns),
                _label(s.ew),
                boards_in_order(movement, s),
                s.switch,
                _pair_next(movement, s, Side.NS),
                _pair_next(movement, s, Side.EW),
                _boards_next(movement, s),
            )
            for s in movement.schedule
            if place(s) == (table, room)
        )
        cards.append(TableCard(table, room or None, rows))
    return tuple(cards)


def guide_cards(movement: Movement) -> tuple[GuideCard, ...]:
    """One card a pair (player; each pair of a team), rows in round order; rounds it sits out
    say so."""
    cards = []
    units: list[tuple[str, str, Side | None]] = [(n, n, None) for n in movement.pairs]
    if movement.kind == "teams":
        units = [(f"{n} {side} pair", n, side) for n in movement.pairs for side in Side]
    for title, name, only in units:
        rows = []
        for round_ in movement.played_rounds:
            found = _seat_of(movement, name, round_, only)
            if found is None or not found[0].plays:
                rows.append(GuideRow(round_, None, None, "sits out", ""))
                continue
            sitting, side = found
            partners = [p for p in members(sitting.side(side)) if p != name]
            opponents = _label(sitting.side(side.opponent))
            if partners:
                opponents = f"{opponents} (partner {partners[0]})"
            rows.append(
                GuideRow(
                    round_,
                    sitting.table,
                    str(side) + (f", {sitting.room} room" if sitting.room else ""),
                    opponents,
                    boards_in_order(movement, sitting),
                    sitting.switch,
                )
            )
        cards.append(GuideCard(title, tuple(rows)))
    return tuple(cards)
