"""Double-dummy analysis through endplay, against what endplay called directly said of the 53
deals of the oracle file (the 32 generated deals and the 21 of the Ruter file): all 20 numbers of
every table and the par score, and the same read back from the PBN tags written. A deal asked
for again in the process is not solved again, and the memo of solved tables is bounded."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.deal import Deal
from bridgescore.fast import double_dummy
from bridgescore.fast.double_dummy import analyse, forget, solve
from bridgescore.formats import hands
from tests.support.endplay_oracle import endplay, known


def test_every_table_and_par_of_the_oracle_deals(tmp_path: Path) -> None:
    endplay()
    forget()  # every deal solved here, by DDS, whatever the process solved before
    deals = known()
    assert sorted({k.group for k in deals}) == ["generated", "ruter71"]
    assert sum(k.group == "generated" for k in deals) == 32
    records = [HandRecord(k.board, Deal.parse(k.deal)) for k in deals]  # par needs the board
    told: list[int] = []
    analysed = analyse(records, told.append)
    assert told == [32, 21]  # the progress bar hears of every deal, a batch at a time
    for record, expected in zip(analysed, deals, strict=True):
        assert record.table == expected.table, (expected.group, expected.board)
        assert record.par is not None and record.par.score == expected.par_score
    for group in ("generated", "ruter71"):  # a file a set: their board numbers overlap
        written = [r for r, k in zip(analysed, deals, strict=True) if k.group == group]
        hands.dump(written, tmp_path / f"{group}.pbn")
        again = hands.load(tmp_path / f"{group}.pbn").records
        assert [(r.board, r.deal, r.table, r.par) for r in again] == [
            (r.board, r.deal, r.table, r.par) for r in written
        ]


def test_a_deal_goes_to_dds_once_and_the_memo_keeps_the_last_solved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two oracle deals, the first asked for twice in one call: DDS sees each once; with room
    for one table, the first is forgotten and solved again when asked for."""
    dds, _ = endplay()
    real = dds.calc_all_tables
    sent: list[str] = []

    def counted(deals: Iterable[Any]) -> Any:
        batch = list(deals)
        sent.extend(deal.to_pbn() for deal in batch)
        return real(batch)

    monkeypatch.setattr(dds, "calc_all_tables", counted)
    monkeypatch.setattr(double_dummy, "MEMO", 1)
    forget()
    first, second = known()[:2]
    one, two = Deal.parse(first.deal), Deal.parse(second.deal)
    told: list[int] = []
    assert solve([one, two, one], told.append) == [first.table, second.table, first.table]
    assert sent == [one.to_pbn(), two.to_pbn()] and told == [1, 2]  # the repeat first
    assert solve([two]) == [second.table] and len(sent) == 2  # remembered
    assert solve([one]) == [first.table] and sent[2:] == [one.to_pbn()]  # forgotten: solved
