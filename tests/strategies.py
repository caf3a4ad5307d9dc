"""Hypothesis strategies for bridgescore's domain types."""

from __future__ import annotations

from hypothesis import strategies as st

from bridgescore.core.contract import Contract
from bridgescore.core.result import Result
from bridgescore.core.seats import Seat
from bridgescore.core.strain import Doubling, Strain

levels = st.integers(min_value=1, max_value=7)
strains = st.sampled_from(list(Strain))
doublings = st.sampled_from(list(Doubling))
seats = st.sampled_from(list(Seat))
tricks = st.integers(min_value=0, max_value=13)

bid_contracts = st.builds(Contract, levels, strains, doublings)
contracts = st.one_of(st.just(Contract.passed_out()), bid_contracts)


@st.composite
def results(draw: st.DrawFn, declarer_known: bool = True) -> Result:
    """A possible result at the table (passed out now and then)."""
    contract = draw(contracts)
    if contract.is_pass:
        return Result.passed_out()
    declarer = draw(seats) if declarer_known else draw(st.none() | seats)
    return Result(contract, declarer, draw(tricks))
