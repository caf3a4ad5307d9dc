"""Movement files: the JSON of a :class:`~bridgescore.core.movements.movement.Movement`, read
and written like ``json``, every mistake said with the file's name.

>>> from bridgescore.core.movements import howell
>>> loads(dumps(howell(4))) == howell(4)
True
>>> loads('{"kind": "howell"}', source="m.json")
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: m.json: tables: missing (a movement has kind, tables, rounds, boards, winners, sets, pairs and schedule)
"""

from __future__ import annotations

__all__ = ["dump", "dumps", "load", "loads"]

import os

from bridgescore.core.errors import FileFormatError, MovementError
from bridgescore.core.movements.movement import Movement
from bridgescore.formats.atomic import write_text_atomic
from bridgescore.formats.text import read_text


def loads(text: str, *, source: str = "<movement>") -> Movement:
    """A movement from its JSON text; a mistake raises :class:`FileFormatError`.

    >>> loads("[" * 100_000 + "]" * 100_000, source="m.json")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.FileFormatError: m.json: not a movement file: its JSON is nested too deeply
    """
    try:
        return Movement.from_json(text)
    except MovementError as error:
        raise FileFormatError(source, None, str(error)) from None
    except RecursionError:  # (json's own limit: no movement is nested more than three deep)
        message = "not a movement file: its JSON is nested too deeply"
        raise FileFormatError(source, None, message) from None


def load(path: str | os.PathLike[str]) -> Movement:
    """A movement from its JSON file (see :func:`loads`)."""
    return loads(read_text(path), source=str(path))


def dumps(movement: Movement) -> str:
    """The movement's JSON, as ``bridgescore movement ... --json`` prints it."""
    return movement.to_json() + "\n"


def dump(movement: Movement, path: str | os.PathLike[str]) -> None:
    """Write the movement's JSON to ``path``, completely or not at all."""
    write_text_atomic(path, dumps(movement))
