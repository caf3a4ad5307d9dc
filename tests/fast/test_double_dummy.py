"""Double-dummy analysis through endplay, against what endplay called directly said of the 53
deals of the oracle file (the 32 generated deals and the 21 of the Ruter file): all 20 numbers of
every table and the par score, and the same read back from the PBN tags written."""

from __future__ import annotations

from pathlib import Path

from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.deal import Deal
from bridgescore.fast.double_dummy import analyse
from bridgescore.formats import hands
from tests.support.endplay_oracle import endplay, known


def test_every_table_and_par_of_the_oracle_deals(tmp_path: Path) -> None:
    endplay()
    deals = known()
    assert sorted({k.group for k in deals}) == ["generated", "ruter71"]
    assert sum(k.group == "generated" for k in deals) == 32
    records = [HandRecord(k.board, Deal.parse(k.deal)) for k in deals]  # par needs the board
    told: list[int] = []
    analysed = analyse(records, told.append)
    assert sum(told) == len(deals) == 53  # the progress bar hears of every deal, in batches
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
