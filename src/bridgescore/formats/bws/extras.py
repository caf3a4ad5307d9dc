"""What a Bridgemate file has beside the results: the players entered at the tables
(``PlayerNumbers``), and the hand records (``HandRecord``) with their double-dummy tricks
(``HandEvaluation``), where the file has them.

Players: a row gives a member number and (where the scoring program filled it in) a name for
one seat (``N``, ``S``, ``E``, ``W``) of one table, entered in the round the row says (the first
round the table plays when it does not say one); the pair is the one the movement seats there
then. Hands: each suit of each hand as text (``AKJ10``, ``A K J 10``, ``-`` for a void).

>>> from bridgescore.core.movements.mitchell import mitchell
>>> movement = mitchell(3, boards=6)
>>> rows = [{"Section": "1", "Table": "2", "Direction": "E", "Number": "1234", "Name": "Ann"},
...         {"Section": "1", "Table": "2", "Direction": "W", "Number": "", "Name": "Bob"}]
>>> players_of({None: movement}, {"1": None}, rows)
{'2EW': {Seat.EAST: ('Ann', '1234'), Seat.WEST: ('Bob', None)}}
>>> hand = {"Section": "1", "Board": "1", "NorthSpades": "AKQJ", "NorthHearts": "A K Q",
...         "NorthDiamonds": "AKQ", "NorthClubs": "AKQ"}
>>> deals, problems = deals_of([hand], {"1": None}, "club.bws")
>>> [(board, str(deal.hand(Seat.NORTH))) for board, deal in deals], problems
([(1, 'AKQJ.AKQ.AKQ.AKQ')], [])
>>> print(deals_of([{**hand, "EastSpades": "10987"}], {"1": None}, "club.bws")[1][0])
club.bws: HandRecord: board 1: 'T987...': East's hand has 4 cards, not 13
"""

from __future__ import annotations

__all__ = ["Players", "deals_of", "double_dummy_of", "players_of"]

import re
from collections.abc import Mapping, Sequence

from bridgescore.core.errors import BridgeScoreError, Problem
from bridgescore.core.movements.movement import Movement
from bridgescore.core.numbers import parse_count
from bridgescore.core.table.ddtable import DDTable
from bridgescore.core.table.deal import Deal, Hand
from bridgescore.core.table.par import DoubleDummy
from bridgescore.core.table.seats import Seat, Side
from bridgescore.core.table.strain import Strain
from bridgescore.formats.bws.mdb import Row

_SUITS = ("Spades", "Hearts", "Diamonds", "Clubs")
_STRAINS = {"Spades": Strain.SPADES, "Hearts": Strain.HEARTS, "Diamonds": Strain.DIAMONDS}
_STRAINS |= {"Clubs": Strain.CLUBS, "Notrump": Strain.NOTRUMP}

Players = dict[str, dict[Seat, tuple[str | None, str | None]]]
"""By pair (its key: ``A 3NS`` in a file of sections), each seat's name and member number."""


def players_of(
    movements: Mapping[str | None, Movement],
    section_ids: Mapping[str, str | None],
    rows: Sequence[Row],
) -> Players:
    """The players entered at the tables, by pair (rows that name nobody are passed over)."""
    found: Players = {}
    for row in rows:
        name = row.get("Name", "").strip() or None
        number = row.get("Number", "").strip() or None
        if number in ("0", None) and name is None:
            continue
        letter = section_ids.get(row.get("Section", "").strip(), "?")
        movement = movements.get(letter)
        table = parse_count(row.get("Table", ""))
        try:
            seat = Seat.parse(row.get("Direction", ""))
        except BridgeScoreError:
            continue
        if movement is None or table is None:
            continue
        sittings = [s for s in movement.at_table(table) if s.plays]
        said = parse_count(row.get("Round", ""))
        chosen = next((s for s in sittings if s.round == said), sittings[0] if sittings else None)
        if chosen is None:
            continue
        pair = chosen.ns if seat.side is Side.NS else chosen.ew
        key = str(pair) if letter is None else f"{letter} {pair}"
        found.setdefault(key, {})[seat] = (name, None if number == "0" else number)
    return {
        key: {seat: seats[seat] for seat in Seat if seat in seats} for key, seats in found.items()
    }


def _hand(row: Row, seat: str) -> Hand | None:
    suits = []
    for suit in _SUITS:
        written = row.get(f"{seat}{suit}", "")
        suits.append(re.sub(r"[\s\-]", "", written).replace("10", "T").upper())
    return Hand.parse(".".join(suits)) if any(suits) else None


def deals_of(
    rows: Sequence[Row], section_ids: Mapping[str, str | None], source: str
) -> tuple[list[tuple[int, Deal]], list[Problem]]:
    """The deals of the ``HandRecord`` table, by board, and what could not be read; sections
    holding different cards for one board number keep the first section's (said)."""
    deals: dict[int, Deal] = {}
    problems = []
    for row in rows:
        board = parse_count(row.get("Board", ""), 4, least=1)
        if board is None:
            continue
        where = f"HandRecord: board {board}"
        if section_ids.get(row.get("Section", "").strip()) is not None:
            where += f" of section {section_ids[row['Section'].strip()]}"
        try:
            deal = Deal.of({seat: _hand(row, seat.name.title()) for seat in Seat})
        except BridgeScoreError as error:
            problems.append(Problem(source, None, f"{where}: {error}"))
            continue
        if deal.is_empty:
            continue
        if deals.setdefault(board, deal) != deal:
            problems.append(Problem(source, None, f"{where}: other cards than another section's"))
    return sorted(deals.items()), problems


def double_dummy_of(rows: Sequence[Row]) -> dict[int, DoubleDummy]:
    """The double-dummy tables of the ``HandEvaluation`` table, by board (rows that do not
    give all 20 results are passed over)."""
    found: dict[int, DoubleDummy] = {}
    for row in rows:
        board = parse_count(row.get("Board", ""), 4, least=1)
        tricks = {}
        for seat in Seat:
            for column, strain in _STRAINS.items():
                value = parse_count(row.get(f"{seat.name.title()}{column}", ""), 2)
                if value is not None and value <= 13:
                    tricks[seat, strain] = value
        if board is not None and len(tricks) == 20:
            found.setdefault(board, DoubleDummy(DDTable.of(tricks)))
    return found
