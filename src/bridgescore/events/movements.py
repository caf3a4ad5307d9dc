"""Movements for the director: made from a name and a few numbers, or read from a file, as
``bridgescore movement`` and the session file want them.

>>> make_movement("mitchell", tables="7").title
'Mitchell, 7 tables, 7 rounds of 4 boards'
>>> make_movement("howell", tables="4.5").pairs[-1]
'9'
>>> make_movement("web", tables=7)
Traceback (most recent call last):
...
bridgescore.core.errors.MovementError: there is no movement called 'web' (there are: mitchell, mitchell-skip, mitchell-relay, mitchell-arrow, mitchell-web, mitchell-rover, howell, individual, and the library's names: bridgescore movement list); or give a movement file

A name of the library (:mod:`~bridgescore.core.movements.library`) says its tables itself; the
tables given, if any, must agree (``8.5`` for ``howell-9-3q``: a half table):

>>> make_movement("howell-9-3q", tables="8.5").title
'Howell, 9 tables, 13 rounds of 2 boards'
>>> make_movement("howell-9-3q", tables=8)
Traceback (most recent call last):
...
bridgescore.core.errors.MovementError: howell-9-3q is for 9 tables, not 8
"""

from __future__ import annotations

__all__ = ["MOVEMENT_NAMES", "make_movement", "movement_named", "movements_in"]

import os
from collections.abc import Callable
from pathlib import Path

from bridgescore.core.errors import MovementError
from bridgescore.core.movements import Movement, howell, mitchell
from bridgescore.core.movements.individual import individual
from bridgescore.core.movements.library import LIBRARY, library_movement
from bridgescore.core.movements.plan import parse_tables

Maker = Callable[..., Movement]

MOVEMENT_NAMES: dict[str, tuple[str, dict[str, object]]] = {
    "mitchell": ("mitchell", {}),
    "mitchell-skip": ("mitchell", {"style": "skip"}),
    "mitchell-relay": ("mitchell", {"style": "relay"}),
    "mitchell-arrow": ("mitchell", {"winners": 1}),
    "mitchell-web": ("mitchell", {"style": "web"}),
    "mitchell-rover": ("mitchell", {"rover": True}),
    "howell": ("howell", {}),
    "individual": ("individual", {}),
}
"""The movements a session file (or ``movement cards``) names, with what each name sets."""


def make_movement(
    name: str,
    *,
    tables: str | int | float | None = None,
    boards: int | None = None,
    rounds: int | None = None,
    **settings: object,
) -> Movement:
    """The movement ``name`` (a key of :data:`MOVEMENT_NAMES`) for ``tables`` (``7``, or
    ``7.5`` for a half table), each pair playing ``boards`` boards in ``rounds`` rounds (by
    default what a director would choose); or a name of the library (see the module
    docstring)."""
    key = name.strip().lower()
    if key in LIBRARY:
        return _from_library(key, tables, boards, rounds)
    if key not in MOVEMENT_NAMES:
        known = ", ".join(MOVEMENT_NAMES)
        raise MovementError(
            f"there is no movement called {name!r} (there are: {known}, and the library's "
            "names: bridgescore movement list); or give a movement file"
        )
    kind, preset = MOVEMENT_NAMES[key]
    if tables is None:
        raise MovementError(f"a {key} movement needs the number of tables")
    count, phantom = parse_tables(tables)
    if kind == "individual":  # four players a table; a half table is two players short
        return individual(4 * count - 2 * phantom, boards=boards, rounds=rounds)
    makers: dict[str, Maker] = {"mitchell": mitchell, "howell": howell}
    options = {**preset, **settings, "phantom": phantom}
    return makers[kind](count, boards=boards, rounds=rounds, **options)


def _from_library(
    key: str, tables: str | int | float | None, boards: int | None, rounds: int | None
) -> Movement:
    entry = LIBRARY[key]
    count, phantom = parse_tables(tables) if tables is not None else (entry.tables, False)
    if count != entry.tables:
        raise MovementError(f"{key} is for {entry.tables} tables, not {tables}")
    if rounds is not None and rounds != entry.rounds:
        raise MovementError(f"{key} plays {entry.rounds} rounds, not {rounds}")
    return library_movement(key, boards=boards, phantom=phantom)


def movement_named(
    spec: str | os.PathLike[str], *, base: Path | None = None, **numbers: object
) -> Movement:
    """A movement file (``.json``, relative to ``base``) or a movement name made with
    ``numbers`` (see :func:`make_movement`)."""
    text = os.fspath(spec)
    if text.lower().endswith(".json"):
        from bridgescore.formats import movement as movement_file

        path = Path(text) if base is None else base / text
        return movement_file.load(path)
    return make_movement(text, **numbers)  # type: ignore[arg-type]


def movements_in(
    path: str | os.PathLike[str], section: str | None = None
) -> dict[str | None, Movement]:
    """The movements a file holds, by section letter (``None`` for a file of one section): a
    movement file's one, or each section's of a Bridgemate file (``.bws``, or any file that is
    not JSON); ``section`` picks one."""
    text = os.fspath(path)
    found: dict[str | None, Movement]
    if text.lower().endswith(".json"):
        from bridgescore.formats import movement as movement_file

        found = {None: movement_file.load(path)}
    else:
        from bridgescore.formats import bws

        found = bws.movements(path)
    if section is None:
        return found
    chosen = {letter: m for letter, m in found.items() if (letter or "").upper() == section.upper()}
    if not chosen:
        letters = ", ".join(str(letter) for letter in found if letter is not None) or "none"
        raise MovementError(f"{text} has no section {section} (its sections: {letters})")
    return chosen
