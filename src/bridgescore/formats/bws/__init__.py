"""Bridgemate ``.bws`` files: the results a club's table terminals collected, read.

A BWS file is a Microsoft Access database that the Bridgemate Control Software fills as the
tables enter their results (see the reference notes on its tables). It is read through Debian's
``mdbtools`` (:mod:`bridgescore.formats.bws.mdb`; ``apt-get install mdbtools``), every table
whole:

* ``Section`` and ``RoundData``: each section's movement, checked as ``bridgescore movement
  check`` checks one (:mod:`~bridgescore.formats.bws.movement`);
* ``ReceivedData``: the results, the last entry for each table, round and board that the
  director did not erase, each checked against the movement (:mod:`~bridgescore.formats.bws.results`);
* ``PlayerNumbers``: the players' member numbers and names, given to the pair sitting there;
  ``HandRecord`` and ``HandEvaluation``: the deals and their double-dummy tricks, where the
  file has them (:mod:`~bridgescore.formats.bws.extras`).

``IntermediateData`` (results not yet confirmed at a table) is not read, and said so when it
holds any; ``BiddingData``, ``PlayData``, ``Tables`` and the terminals' ``Settings`` (what the
tables show) change nothing in the scoring and are not read. The scoring rules are not in the
file: they come from the options or the session file, as for any results file. An individual
event's file (``RoundData`` with ``South`` and ``West`` players) is refused.

:func:`load` gives the session, :func:`load_event` the same with the players' member numbers
(as a :class:`UsebioEvent` lists them, and a USEBIO file written from it keeps them); strictly a result that cannot be read or that the movement does not
expect raises :class:`FileFormatError` naming its row (``club.bws: ReceivedData ID 153:
...``); with ``lenient`` it is left out, with a warning. :func:`movements` gives the movements.
"""

from __future__ import annotations

__all__ = ["BwsFile", "load", "load_event", "movements", "read_file", "sniff"]

import os
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from bridgescore.core.errors import FileFormatError, Problem
from bridgescore.core.movements.movement import Movement
from bridgescore.core.table.seats import Seat
from bridgescore.core.table.traveller import EventInfo, Session
from bridgescore.formats.bws import mdb
from bridgescore.formats.bws.extras import Players, deals_of, double_dummy_of, players_of
from bridgescore.formats.bws.movement import BwsSection, read_sections, section_movement
from bridgescore.formats.bws.results import read_results
from bridgescore.formats.usebio.event import UsebioEvent
from bridgescore.formats.usebio.model import Participant, Player, pair_ref


@dataclass(frozen=True, slots=True)
class BwsFile:
    """A BWS file opened: its tables, its sections and each section's movement (keyed by the
    section's letter, ``None`` for a file of one section)."""

    source: str
    tables: tuple[str, ...]
    sections: tuple[BwsSection, ...]
    movements: Mapping[str | None, Movement]

    def rows(self, table: str) -> list[mdb.Row]:
        """Every row of ``table`` (none when the file does not have it)."""
        return mdb.rows(self.source, table) if table in self.tables else []

    @property
    def section_ids(self) -> dict[str, str | None]:
        """Each section's letter by its ``ID``, the name the other tables use."""
        return {section.id: section.letter for section in self.sections}


def sniff(head: bytes) -> bool:
    """Whether a file's first bytes are an Access database's, as a BWS file is."""
    return mdb.is_access(head)


def read_file(path: str | os.PathLike[str]) -> BwsFile:
    """Open a BWS file: its tables, sections and movements (checked)."""
    source = str(path)
    tables = mdb.tables(path)
    for needed in ("Section", "RoundData", "ReceivedData"):
        if needed not in tables:
            raise FileFormatError(source, None, f"not a Bridgemate file: it has no {needed} table")
    rounds = mdb.rows(path, "RoundData")
    if any(row.get("South", "").strip() not in ("", "0") for row in rounds):
        raise FileFormatError(
            source,
            None,
            "RoundData: an individual event's file (South and West players) is not read",
        )
    sections = read_sections(mdb.rows(path, "Section"), source)
    found = {s.letter: section_movement(s, rounds, source) for s in sections}
    return BwsFile(source, tables, sections, MappingProxyType(found))


def movements(path: str | os.PathLike[str]) -> dict[str | None, Movement]:
    """Each section's movement, by letter (``None`` for a file of one section)."""
    return dict(read_file(path).movements)


def _notes(problems: list[Problem]) -> list[Problem]:
    """Warnings that skip nothing (a board not played, a result missing)."""
    return [Problem(p.path, p.line, p.message, kept=True) for p in problems]


def load(path: str | os.PathLike[str], *, lenient: bool = False) -> Session:
    """The results of a BWS file as a session (see the module docstring)."""
    return load_event(path, lenient=lenient).session


def load_event(path: str | os.PathLike[str], *, lenient: bool = False) -> UsebioEvent:
    """The results of a BWS file with the players the tables entered, their member numbers
    among them, as a USEBIO event lists them (what a USEBIO file written from it keeps)."""
    file = read_file(path)
    ids = file.section_ids
    read = read_results(file.movements, ids, file.rows("ReceivedData"), file.source)
    deals, hand_problems = deals_of(file.rows("HandRecord"), ids, file.source)
    errors = [*read.errors, *hand_problems]
    if errors and not lenient:
        raise FileFormatError.from_problems(errors)
    notes = list(read.notes)
    pending = len(file.rows("IntermediateData"))
    if pending:
        message = (
            f"IntermediateData: {pending} result{'s' * (pending != 1)} entered but not "
            "confirmed at the table: not read"
        )
        notes.append(Problem(file.source, None, message))
    players = players_of(file.movements, ids, file.rows("PlayerNumbers"))
    names = {key: " & ".join(n for n, _ in seats.values() if n) for key, seats in players.items()}
    analysis = double_dummy_of(file.rows("HandEvaluation"))
    session = Session(
        read.lines,
        names={key: text for key, text in names.items() if text},
        info=EventInfo(
            date=read.dates[0] if read.dates else None,
            movement="; ".join(m.title for m in file.movements.values()),
        ),
        source=file.source,
        problems=(*errors, *_notes(notes), *_notes(list(read.missing))),
        deals=dict(deals),
        double_dummy={board: dd for board, dd in analysis.items() if board in dict(deals)},
    )
    return UsebioEvent(session, participants=_participants(players))


def _participants(players: Players) -> tuple[Participant, ...]:
    """The pairs whose players' member numbers were entered, as USEBIO lists participants."""
    found = []
    for key, seats in players.items():
        if not any(number for _, number in seats.values()):
            continue
        letter, _, label = key.rpartition(" ")
        ref = pair_ref(label, section=letter or None)
        held = [seats[seat] for seat in Seat if seat in seats]
        people = tuple(Player(name or "", number) for name, number in held)
        found.append(Participant(label, "pair", ref.direction, ref.section, people))
    return tuple(found)
