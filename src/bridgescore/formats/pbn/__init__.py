"""PBN 2.1 (Portable Bridge Notation) files, read and written like ``json``.

:func:`loads`/:func:`load` read the import format into a :class:`PbnFile` (games with their tags,
deal, auction, play, tables and comments); :func:`dumps`/:func:`dump` write the export format.
:func:`pbn_to_session` and :func:`session_to_pbn` turn games into the project's
:class:`~bridgescore.core.table.traveller.Session` and back; see :mod:`bridgescore.formats.pbn.session`
for how, and for the hooks that add scored columns and a TotalScoreTable when writing.

The modules behind it: :mod:`bridgescore.formats.pbn.lex` (file rules and tokens),
:mod:`bridgescore.formats.pbn.model` (the model and tag spellings),
:mod:`bridgescore.formats.pbn.sections` (auction and play), :mod:`bridgescore.formats.pbn.tables`
(tables), :mod:`bridgescore.formats.pbn.read` and :mod:`bridgescore.formats.pbn.write`, and
:mod:`bridgescore.formats.pbn.hands` (the deals' analysis).

>>> text = '''[Event "Club night"]
... [Board "1"]
... [Dealer "N"]
... [Vulnerable "None"]
... [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
... [Contract "3NT"]
... [Declarer "S"]
... [Result "9"]
... [Auction "N"]
... Pass Pass 1NT Pass
... 3NT AP
... '''
>>> pbn = loads(text, source="club.pbn")
>>> game = pbn.games[0]
>>> game.auction.contract, game.auction.declarer, game.declarer_tricks
(Contract.parse('3NT'), Seat.SOUTH, 9)
>>> print(dumps(pbn).replace("\\r\\n", "\\n"), end="")  # doctest: +ELLIPSIS
% PBN 2.1
% EXPORT
[Event "Club night"]
[Site "?"]
...
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Scoring "?"]
[Declarer "S"]
[Contract "3NT"]
[Result "9"]
[Auction "N"]
Pass Pass 1NT Pass
3NT Pass Pass Pass
>>> loads('[Board "1"]\\n[Deal "N:AKQJT.T98.765.432 - - -"]\\n[Dealer "Q"]\\n', source="x.pbn")
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: x.pbn:2: [Deal]: North's hand has 14 cards, not 13
x.pbn:3: [Dealer]: 'Q': a seat is N, E, S or W
"""

from __future__ import annotations

__all__ = [
    "CellKind",
    "PbnColumn",
    "PbnComment",
    "PbnFile",
    "PbnGame",
    "PbnTable",
    "dump",
    "dumps",
    "load",
    "loads",
    "pbn_to_session",
    "session_to_pbn",
]

import os

from bridgescore.core.errors import FileFormatError
from bridgescore.formats.atomic import write_bytes_atomic
from bridgescore.formats.pbn.model import PbnComment, PbnFile, PbnGame
from bridgescore.formats.pbn.read import read
from bridgescore.formats.pbn.session import pbn_to_session, session_to_pbn
from bridgescore.formats.pbn.tables import CellKind, PbnColumn, PbnTable
from bridgescore.formats.pbn.write import latin_1, write
from bridgescore.formats.text import read_text


def loads(text: str, *, source: str = "<text>", lenient: bool = False) -> PbnFile:
    """Read PBN text. Strictly (the default) any problem raises :class:`FileFormatError`
    listing them all; with ``lenient`` they are kept in ``PbnFile.problems``."""
    pbn = read(text, source)
    if pbn.problems and not lenient:
        raise FileFormatError.from_problems(pbn.problems)
    return pbn


def load(path: str | os.PathLike[str], *, lenient: bool = False) -> PbnFile:
    """Read a PBN file (UTF-8, or Latin-1 as the standard has it; UTF-16 with its mark)."""
    return loads(read_text(path), source=str(path), lenient=lenient)


def dumps(pbn: PbnFile) -> str:
    """The file in PBN 2.1 export format (CRLF line ends), as Unicode text.

    A value too long for a PBN line (255 characters) is a :class:`FileFormatError`.
    """
    return write(pbn)


def dump(pbn: PbnFile, path: str | os.PathLike[str]) -> None:
    """Write the file in export format, completely or not at all.

    The file is ISO-8859-1, as PBN 2.1 has it for export: a character outside it is written as
    its letter without the accent, a look-alike, or ``?`` (see
    :func:`~bridgescore.formats.pbn.write.latin_1`). Reading takes UTF-8 and Latin-1 files.
    """
    try:
        text = dumps(pbn)
    except FileFormatError as error:  # a value too long: say which file could not be written
        raise FileFormatError(str(path), error.line, error.message) from None
    write_bytes_atomic(path, latin_1(text).encode("latin-1"))
