"""A movement on the terminal: a grid of rounds by tables, each cell the pairs and the boards;
its JSON is the movement's own :meth:`~bridgescore.core.movements.movement.Movement.to_dict`."""

from __future__ import annotations

__all__ = ["library_table", "movement_grid", "print_movement"]

from collections.abc import Iterable

from rich.console import Console
from rich.table import Table

from bridgescore.core.movements.check import check_movement
from bridgescore.core.movements.library import Entry
from bridgescore.core.movements.movement import Movement, Sitter, Sitting, boards_in_order


def _side(sitter: Sitter) -> str:
    if sitter is None:
        return "-"
    return sitter if isinstance(sitter, str) else "+".join(sitter)


def _cell(movement: Movement, sitting: Sitting, rooms: bool) -> str:
    boards = boards_in_order(movement, sitting)
    if not sitting.plays:
        present = sitting.ns if sitting.ew is None else sitting.ew
        return f"{_side(present)} sits out"
    arrow = " ↔" if sitting.switch else ""
    room = f" {sitting.room}" if sitting.room and not rooms else ""
    return f"{_side(sitting.ns)} v {_side(sitting.ew)}{arrow}{room}\n{boards}"


def movement_grid(movement: Movement) -> Table:
    """Rounds down, tables (and rooms) across: who plays whom on which boards."""
    # a column a table, or a table and room where a round has both rooms of a table
    rooms = len({(s.round, s.table) for s in movement.schedule}) < len(movement.schedule)

    def place(sitting: Sitting) -> tuple[int, bool, str]:
        room = sitting.room or "" if rooms else ""
        return (sitting.table, room != "open", room)

    places = sorted({place(s) for s in movement.schedule})
    table = Table(title_justify="left")
    table.add_column("Round", justify="right")
    for number, _, room in places:
        table.add_column(f"Table {number}" + (f" {room}" if room else ""))
    for round_ in movement.played_rounds:
        cells = {place(s): _cell(movement, s, rooms) for s in movement.round(round_)}
        table.add_row(str(round_), *(cells.get(p, "") for p in places))
    return table


def library_table(entries: Iterable[Entry]) -> Table:
    """The library's names, a row each: the name, tables, rounds and what it is."""
    table = Table(title_justify="left")
    table.add_column("Name")
    table.add_column("Tables", justify="right")
    table.add_column("Rounds", justify="right")
    table.add_column("Movement")
    for entry in entries:
        table.add_row(entry.name, str(entry.tables), str(entry.rounds), entry.about)
    return table


def print_movement(movement: Movement, console: Console) -> None:
    """The movement's title, its grid and what the checker says of it."""
    console.print(movement.title, style="bold")
    console.print(movement_grid(movement))
    if any(s.switch for s in movement.schedule):
        console.print("↔ arrow switch: the EW pair plays the NS cards")
    for line in check_movement(movement).lines()[1:]:
        console.print(line)
