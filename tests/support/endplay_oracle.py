"""endplay called directly, as the oracle for double-dummy tables and par, and the cached
answers it gave for 53 deals (``tests/data/hands/oracle.json``, made by ``make_oracle.py``
beside it) and for the 26 of the shared club hand record ``Hand_Trophy_Pairs.pbn``
(``trophy.json``), so that the tests solve only a handful of deals themselves.

Written apart from :mod:`bridgescore.fast.double_dummy`: the seat and strain orders here are
spelled out again from endplay's own enums, not imported from the code under test.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

from bridgescore.core.table.ddtable import DDTable
from bridgescore.core.table.seats import Seat
from bridgescore.core.table.strain import Strain
from tests.support.paths import DATA

ORACLE = DATA / "hands" / "oracle.json"
TROPHY = DATA / "hands" / "trophy.json"


def endplay() -> Any:
    """endplay's ``dds`` and ``types``, or the test is skipped (no wheel for this Python)."""
    pytest.importorskip("endplay", reason="endplay has no wheel for this Python")
    from endplay import dds, types

    return dds, types


def players() -> dict[Seat, Any]:
    _, types = endplay()
    return {
        Seat.NORTH: types.Player.north,
        Seat.EAST: types.Player.east,
        Seat.SOUTH: types.Player.south,
        Seat.WEST: types.Player.west,
    }


def denoms() -> dict[Strain, Any]:
    _, types = endplay()
    return {
        Strain.CLUBS: types.Denom.clubs,
        Strain.DIAMONDS: types.Denom.diamonds,
        Strain.HEARTS: types.Denom.hearts,
        Strain.SPADES: types.Denom.spades,
        Strain.NOTRUMP: types.Denom.nt,
    }


LIST_STRAINS = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
"""The rows of endplay's ``to_list()``: its ``Denom`` values 0-4 (a test checks them)."""
LIST_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
"""The columns of ``to_list()``: its ``Player`` values 0-3."""


def table_from_list(rows: list[list[int]]) -> DDTable:
    """Our table from endplay's ``to_list()``: rows by ``Denom`` value, columns by ``Player``."""
    return DDTable.of(
        {
            (seat, strain): rows[row][column]
            for row, strain in enumerate(LIST_STRAINS)
            for column, seat in enumerate(LIST_SEATS)
        }
    )


def endplay_table(table: DDTable) -> Any:
    """endplay's table holding our 20 numbers (to ask its par of any table)."""
    import endplay._dds as raw
    from endplay.dds.ddtable import DDTable as EndplayTable

    results = raw.ddTableResults()
    for strain, denom in denoms().items():
        for seat, player in players().items():
            results.resTable[int(denom)][int(player)] = table[seat, strain]
    return EndplayTable(results)


def solve(pbn_deal: str) -> DDTable:
    """endplay's ``calc_dd_table`` of one deal, as our table."""
    dds, types = endplay()
    return table_from_list(dds.calc_dd_table(types.Deal(pbn_deal)).to_list())


def par_of(table: DDTable, board: int, dealer: Seat) -> tuple[int, set[str] | None]:
    """endplay's par of a table: the NS score and the contracts (``4SN=``, ``5DEX-2``).

    The contracts are ``None`` when endplay's own list contradicts its score: DDS writes some
    no-trump sacrifices wrongly (a result of 48, or the contract undoubled and made), and those
    are no oracle for the contracts.
    """
    dds, types = endplay()
    result = dds.par(endplay_table(table), board, players()[dealer])
    vul = types.Vul.from_board(board)
    north_south = (types.Player.north, types.Player.south)
    texts, scores = set(), set()
    for contract in result:  # once: endplay's list changes its contracts as it goes
        texts.add(contract_text(contract))
        scores.add(contract.score(vul) * (1 if contract.declarer in north_south else -1))
    return result.score, None if scores - {result.score} else texts


def contract_text(contract: Any) -> str:
    """An endplay contract as ``<level><strain><seat><X?><result>``: ``4SN=``, ``5DEX-2``."""
    strain = {v: k for k, v in denoms().items()}[contract.denom]
    seat = {v: k for k, v in players().items()}[contract.declarer]
    doubled = "X" if contract.penalty.name == "doubled" else ""
    relative = "=" if contract.result == 0 else f"{contract.result:+d}"
    return f"{contract.level}{strain.letter}{seat}{doubled}{relative}"


@dataclass(frozen=True)
class Known:
    """One deal of the oracle file and what endplay said of it."""

    group: str
    board: int
    deal: str
    table: DDTable
    par_score: int


def known() -> list[Known]:
    """The 53 deals of the oracle file (21 of the Ruter file, 32 generated)."""
    rows = json.loads(ORACLE.read_text(encoding="utf-8"))
    return [
        Known(
            row["group"], row["board"], row["deal"], table_from_list(row["table"]), row["par_score"]
        )
        for row in rows
    ]


def trophy() -> dict[int, tuple[str, DDTable]]:
    """The 26 boards of ``Hand_Trophy_Pairs.pbn``: each one's deal (PBN, North first) and the
    table endplay gave for it."""
    rows = json.loads(TROPHY.read_text(encoding="utf-8"))
    return {row["board"]: (row["deal"], table_from_list(row["table"])) for row in rows}
