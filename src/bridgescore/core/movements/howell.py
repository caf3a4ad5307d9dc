"""Howell movements: every pair meets every other (complete), or a shorter session in which
every board is still played equally often (three-quarter), all searched for balance and
shipped as data (:mod:`~bridgescore.core.movements.shipped`).

With T tables there are 2T pairs. The movements are *cyclic* (movements.md §3.1): each round
every moving pair goes on one (it takes the seat of the pair numbered one below it, as guide
cards say) and the boards go down one table (or from a relay, where a table's set number skips
one); the *fixed* pairs stay at their tables. Who sits NS was searched (table by table for
the complete Howells, cell by cell for the others) to compare every two pairs as evenly as
could be found (the balance, :mod:`~bridgescore.core.movements.balance`).

* **complete** (3 to 15 tables, 2T-1 rounds and sets): pair 2T is fixed at table 1, pairs 1
  to 2T-1 move. Every two pairs are compared equally often (balance 100 %) with 4, 6, 8, 10
  and 12 tables. Three tables have no cyclic boards that keep the tables apart: the shipped
  3-table Howell has a relay and shares a set in the last round only; with two mini-sets a
  round (:func:`howell_minisets`) it compares every two pairs equally often.
* **three-quarter** (5 to 15 tables, the round counts clubs play, :func:`howell_rounds`):
  R rounds and R sets, each set played at every table once, so every board is played exactly
  T times; pairs 1 to R move and pairs R+1 to 2T are fixed, or (R up to T) two groups of R
  pairs move, an interwoven Howell.
* any other round count: the complete Howell cut short; its boards are played unequally
  often and are factored when scored (Neuberg).

>>> movement = howell(9)
>>> movement.rounds, movement.boards, len(movement.sets)
(13, 26, 13)
>>> from bridgescore.core.movements.check import check_movement
>>> check_movement(movement).boards
'every board is played 9 times'
>>> howell(16)
Traceback (most recent call last):
...
bridgescore.core.errors.MovementError: a complete Howell is made for 3 to 15 tables, not 16
"""

from __future__ import annotations

__all__ = ["HOWELL_TABLES", "howell", "howell_minisets", "howell_rounds"]

from dataclasses import replace

from bridgescore.core.errors import MovementError
from bridgescore.core.movements.movement import Movement
from bridgescore.core.movements.plan import session_plan
from bridgescore.core.movements.shipped import shipped_howell, shipped_rounds

HOWELL_TABLES = range(3, 16)
"""The table counts a complete Howell is made for."""


def howell_rounds(tables: int) -> tuple[int, ...]:
    """The round counts a Howell of ``tables`` tables plays every board equally often:
    the complete Howell's and the shipped three-quarter ones'.

    >>> howell_rounds(5), howell_rounds(3)
    ((6, 7, 8, 9), (5,))
    """
    _known(tables)
    return tuple(sorted(shipped_rounds(tables)))


def _known(tables: int) -> None:
    if tables not in HOWELL_TABLES:
        raise MovementError(
            f"a complete Howell is made for {HOWELL_TABLES[0]} to {HOWELL_TABLES[-1]} tables, "
            f"not {tables}"
        )


def howell(
    tables: int, *, rounds: int | None = None, boards: int | None = None, phantom: bool = False
) -> Movement:
    """A Howell for ``tables`` tables (see the module docstring): complete (2T-1 rounds),
    three-quarter with every board played T times (a round count of :func:`howell_rounds`),
    or cut short to ``rounds``. ``boards`` is what each pair plays. ``phantom``: pair 2T is
    missing (a half table) and whoever meets it sits out. By default the session a director
    would choose (:func:`~bridgescore.core.movements.plan.session_plan`): the complete Howell
    when it makes 22 to 30 boards, else 13 rounds of 2, or the three-quarter Howell nearest
    it (14 tables: 12 rounds of 2)."""
    _known(tables)
    full = 2 * tables - 1
    played, per_round = session_plan(full, rounds=rounds, boards=boards)
    shipped = shipped_rounds(tables)
    if rounds is None and played not in shipped:  # the nearest session with equal play
        options = [r for r in shipped if r < full and (boards is None or boards % r == 0)]
        fitting = [session_plan(full, rounds=r, boards=boards) for r in options]
        if fitting:
            aim = played * per_round
            played, per_round = min(fitting, key=lambda f: (abs(f[0] * f[1] - aim), -f[0]))
    if played in shipped:
        return shipped_howell(tables, played, per_round, phantom=phantom)
    complete = shipped_howell(tables, full, per_round, phantom=phantom)
    kept = tuple(s for s in complete.schedule if s.round <= played)
    return replace(complete, rounds=played, schedule=kept)


def howell_minisets(boards: int | None = None, *, phantom: bool = False) -> Movement:
    """The 3-table Howell of five rounds, each table playing two mini-sets a round (ten sets
    in all, each pair playing every one): every two pairs compared equally often. ``boards``
    is what each pair plays, a multiple of 10 (default 30: 3 boards a mini-set).

    >>> movement = howell_minisets(20)
    >>> movement.title, movement.round(1)[0].sets
    ('Howell, 3 tables, 5 rounds of 4 boards', ('1', '2'))
    """
    per_set = 3 if boards is None else boards // 10
    if boards is not None and (boards % 10 or not boards):
        raise MovementError(
            f"the 3-table mini-set Howell plays ten sets: {boards} boards do not share into them"
        )
    return shipped_howell(3, 5, per_set, phantom=phantom, variant="mini")
