"""The double-dummy table: its notation (PBN's DoubleDummyTricks), checks, and the contracts
it makes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.errors import NotationError
from bridgescore.core.table.ddtable import DDTable
from bridgescore.core.table.seats import Seat, Side
from bridgescore.core.table.strain import Strain

# An export of another program whose OptimumResultTable gives N NT 4, N S 3 and W C 6.
EXPORTED = "43367433678a9668a966"


def test_the_notation_is_declarers_n_s_e_w_by_strains_nt_s_h_d_c() -> None:
    table = DDTable.parse(EXPORTED)
    assert table[Seat.NORTH, Strain.NOTRUMP] == 4
    assert table[Seat.NORTH, Strain.SPADES] == 3
    assert table[Seat.WEST, Strain.CLUBS] == 6
    assert table[Seat.EAST, Strain.SPADES] == 10
    assert table.side_tricks(Side.EW, Strain.HEARTS) == 9


@given(st.lists(st.integers(0, 13), min_size=20, max_size=20))
def test_notation_round_trips(values: list[int]) -> None:
    keys = [(seat, strain) for seat in Seat for strain in Strain]
    table = DDTable.of(dict(zip(keys, values, strict=True)))
    assert DDTable.parse(str(table)) == table
    assert DDTable.parse(str(table).upper()) == table
    assert eval(repr(table)) == table


@pytest.mark.parametrize("text", ["4336743367", "43367433678a9668a96e", "43367433678a9668a96"])
def test_bad_notation(text: str) -> None:
    with pytest.raises(NotationError):
        DDTable.parse(text)


def test_a_missing_result_or_one_out_of_range() -> None:
    with pytest.raises(NotationError, match="lacks 1 of 20"):
        DDTable.of(
            {
                (seat, strain): 6
                for seat in Seat
                for strain in Strain
                if seat is not Seat.WEST or strain is not Strain.CLUBS
            }
        )
    with pytest.raises(NotationError, match="0 to 13"):
        DDTable(((14, 6, 6, 6, 6),) * 4)


def test_makeable_contracts_merge_partners_who_make_the_same() -> None:
    table = DDTable.parse(EXPORTED)
    shown = [(who, [str(c) for c in made]) for who, made in table.makeable()]
    assert shown == [("NS", ["1C"]), ("EW", ["2NT", "4S", "3H"])]
    uneven = DDTable.parse("a9777" + "97777" + "66666" + "66666")
    shown = [(who, [str(c) for c in made]) for who, made in uneven.makeable()]
    assert shown == [("N", ["4NT", "3S", "1H", "1D", "1C"]), ("S", ["3NT", "1S", "1H", "1D", "1C"])]
