"""BBO LIN files (hand records, vugraph and teaching files), read like ``json``.

A LIN file is a stream of ``tag|value|`` pairs, one board a line or spread over many lines,
possibly inside other text (a teaching file is mostly pages of text). BBO never published the
format; what is read:

* ``md`` the deal (see :mod:`bridgescore.formats.lin.hands`), ``sv`` vulnerability (``o``/``0``
  none, ``n``, ``e``, ``b``), ``pn`` players from South (eight names: open then closed room; they stay until the next ``pn``),
  ``ah`` headings (``Board 12`` gives the number), ``qx`` board id (``o12``/``c12``: room and
  number), ``rh``, ``st``;
* ``mb`` calls (``p``, ``d``, ``r``, ``1C``...``7N``; ``!`` alerts; several in one value),
  ``an`` the explanation of the call before, ``pc`` cards in play order (several in one value),
  ``mc`` a claim (declarer's total tricks), ``nt`` comments;
* ``vg`` (event title, scoring ``I``/``P``/``B``), ``bn`` board numbers, ``rs``, ``pw``, ``pg``;
  other tags are ignored, and so are lines starting with ``%``.

A board starts at an ``md`` (``md|0...`` adds cards to the hands of the board shown); a ``qx``, or a
heading or players once the auction or play has begun, open the next one. Contract and declarer
follow from the auction, declarer's tricks from the claim or 13 played tricks. Reading is lenient
by default: what cannot be read is reported as a :class:`Problem` naming the line, and kept out.

The modules behind it: ``model`` (:class:`LinBoard`, :class:`LinFile`), ``reader`` (the tags, and
which board each belongs to), ``board`` (one board from its tags), ``hands`` (the ``md`` deal) and
``to_pbn`` (a LIN file as PBN games).

>>> from bridgescore.core.table.seats import Seat
>>> lin = loads("pn|Ann,Bob,Cy,Di|st||md|3S269H2568QADTQC2T,S47AHJD3479C4567Q,"
...             "S58QH479KDKAC38JA,|sv|b|rh||ah|Board 3|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|"
...             "pc|H3|pc|H2|pc|HJ|pc|HK|mc|9|pg||")
>>> board = lin.boards[0]
>>> board.number, board.dealer, board.vulnerability, board.players[Seat.NORTH]
(3, Seat.NORTH, Vulnerability.BOTH, 'Cy')
>>> str(board.result), lin.problems
('3NTN=', ())
"""

from __future__ import annotations

__all__ = ["LinBoard", "LinFile", "load", "loads"]

import os

from bridgescore.core.errors import FileFormatError
from bridgescore.formats.lin.model import LinBoard, LinFile
from bridgescore.formats.lin.reader import read
from bridgescore.formats.text import read_text


def loads(
    text: str, *, source: str = "<text>", lenient: bool = True, masking: bool | None = None
) -> LinFile:
    r"""Read LIN text (LIN inside other text too). Lenient by default: problems are kept in
    ``LinFile.problems``; with ``lenient=False`` any problem raises :class:`FileFormatError`.
    Text without any deal (``md``) raises it in both modes. ``masking`` (by default as
    ``lenient``) says whether a name or note unfit to show is read with ``?`` (a problem) or
    raises, whatever else is lenient: a scorer reads BBO's loose files leniently but never
    shows a control character.

    >>> loads("pn|A\x1b[2Jnn,Bob,Cy,Di|md|3S269H2568QADTQC2T,S47AHJD3479C4567Q,"
    ...       "S58QH479KDKAC38JA,|", source="x.lin", masking=False)
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.FileFormatError: x.lin:1: pn|...|: 'A\x1b[2Jnn,Bob,Cy,Di' has a control character (U+001B)
    """
    lin = read(text, source, masking=lenient if masking is None else masking)
    if not lin.boards:
        raise FileFormatError(source, None, "no deal (md|...|) found: this is not a LIN file")
    if lin.problems and not lenient:
        raise FileFormatError.from_problems(list(lin.problems))
    return lin


def load(
    path: str | os.PathLike[str], *, lenient: bool = True, masking: bool | None = None
) -> LinFile:
    """Read a LIN file (see :func:`loads`)."""
    return loads(read_text(path), source=str(path), lenient=lenient, masking=masking)
