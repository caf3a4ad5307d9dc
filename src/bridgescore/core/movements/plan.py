"""What a director chooses before the movement: how many rounds and how many boards a round,
and the board sets those make.

A club session is about 26 boards (24 to 30): :func:`session_plan` plays every round of the
movement when that gives such a session (27 boards for 9 tables of Mitchell, 28 for 7, 26 for a
7-table Howell) and curtails it to 13 rounds of 2 when the whole movement is too long (a
9-table Howell: 17 rounds).

>>> session_plan(9), session_plan(7), session_plan(13), session_plan(17)
((9, 3), (7, 4), (13, 2), (13, 2))
>>> session_plan(7, boards=21), session_plan(7, rounds=6)
((7, 3), (6, 4))
>>> session_plan(7, boards=26)
Traceback (most recent call last):
...
bridgescore.core.errors.MovementError: 26 boards do not share into rounds of equal size for a movement of 7 rounds: try 21 or 28, or say --rounds
"""

from __future__ import annotations

__all__ = ["SESSION_BOARDS", "numbered_sets", "parse_tables", "session_plan"]

from bridgescore.core.errors import MovementError

SESSION_BOARDS = 26
"""The boards of a club session a default aims at (anything from 22 to 30 will do)."""

_SLACK = 4


def session_plan(
    full_rounds: int, *, rounds: int | None = None, boards: int | None = None
) -> tuple[int, int]:
    """``(rounds, boards a round)`` for a movement of ``full_rounds`` rounds at most, with the
    rounds and the boards each pair plays that are given (see the module docstring)."""
    if rounds is not None and not 1 <= rounds <= full_rounds:
        raise MovementError(f"this movement has 1 to {full_rounds} rounds, not {rounds}")
    if boards is not None and boards < 1:
        raise MovementError(f"a session has at least 1 board, not {boards}")
    if rounds is not None and boards is not None:
        if boards % rounds:
            raise MovementError(f"{boards} boards do not share into {rounds} rounds of equal size")
        return rounds, boards // rounds
    if boards is not None:
        fitting = [r for r in range(full_rounds, 0, -1) if boards % r == 0 and boards // r <= 8]
        if not fitting or fitting[0] < full_rounds / 2:
            low = full_rounds * max(1, boards // full_rounds)
            high = low + full_rounds
            raise MovementError(
                f"{boards} boards do not share into rounds of equal size for a movement of "
                f"{full_rounds} rounds: try {low} or {high}, or say --rounds"
            )
        return fitting[0], boards // fitting[0]
    choices = [rounds] if rounds is not None else list(range(1, full_rounds + 1))

    def cost(choice: tuple[int, int]) -> tuple[bool, bool, int, int, int]:
        r, per = choice
        off = abs(r * per - SESSION_BOARDS)
        return (off > _SLACK or per < 2, r != full_rounds, off, -r, -per)

    return min(((r, per) for r in choices for per in range(1, 31)), key=cost)


def numbered_sets(count: int, per_set: int, first: int = 1) -> dict[str, tuple[int, ...]]:
    """``count`` sets of ``per_set`` consecutive boards, named ``1`` to ``count``.

    >>> numbered_sets(3, 2)
    {'1': (1, 2), '2': (3, 4), '3': (5, 6)}
    """
    return {
        str(n + 1): tuple(range(first + n * per_set, first + (n + 1) * per_set))
        for n in range(count)
    }


def parse_tables(text: str | int | float) -> tuple[int, bool]:
    """A table count as a director says it: ``7``, or a half table ``7.5`` / ``7½`` (eight
    tables, the last one with a phantom pair). Returns ``(tables, phantom)``.

    >>> parse_tables("7"), parse_tables("7.5"), parse_tables("6½"), parse_tables(8)
    ((7, False), (8, True), (7, True), (8, False))
    >>> parse_tables("seven")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.MovementError: 'seven' is not a number of tables (say 7, or 7.5 for a half table)
    """
    raw = str(text).strip().replace("½", ".5").replace(" 1/2", ".5")
    whole, _, half = raw.partition(".")
    if whole.isascii() and whole.isdigit() and half in ("", "0", "5") and len(whole) < 4:
        tables = int(whole)
        return (tables + 1, True) if half == "5" else (tables, False)
    raise MovementError(f"{text!r} is not a number of tables (say 7, or 7.5 for a half table)")
