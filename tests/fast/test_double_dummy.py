"""Double-dummy analysis through endplay, against what endplay called directly said of the 53
deals of the oracle file (the 32 generated deals and the 21 of the Ruter file): all 20 numbers of
every table and the par score, and the same read back from the PBN tags written (DDS solves
each of them here: neither the memo nor a cache folder has a say). A deal asked for again in the
process is not solved again, and the memo of solved tables is bounded; with a cache folder, a
deal is solved once over processes (one waits for the other's turn to end), and a cache file that
holds no table is solved again."""

from __future__ import annotations

import fcntl
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.ddtable import DDTable
from bridgescore.core.table.deal import Deal
from bridgescore.fast import double_dummy
from bridgescore.fast.double_dummy import CACHE_SETTING, analyse, forget, solve
from bridgescore.formats import hands
from tests.support.endplay_oracle import endplay, known


def test_every_table_and_par_of_the_oracle_deals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    endplay()
    monkeypatch.delenv(CACHE_SETTING, raising=False)  # no folder of tables kept by other tests
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


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The deals sent to DDS from now on (PBN from North), in order."""
    dds, _ = endplay()
    real = dds.calc_all_tables
    sent: list[str] = []

    def counted(deals: Iterable[Any]) -> Any:
        batch = list(deals)
        sent.extend(deal.to_pbn() for deal in batch)
        return real(batch)

    monkeypatch.setattr(dds, "calc_all_tables", counted)
    forget()
    return sent


def test_a_deal_goes_to_dds_once_and_the_memo_keeps_the_last_solved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two oracle deals, the first asked for twice in one call: DDS sees each once; with room
    for one table, the first is forgotten and solved again when asked for."""
    monkeypatch.delenv(CACHE_SETTING, raising=False)
    sent = _counted(monkeypatch)
    monkeypatch.setattr(double_dummy, "MEMO", 1)
    first, second = known()[:2]
    one, two = Deal.parse(first.deal), Deal.parse(second.deal)
    told: list[int] = []
    assert solve([one, two, one], told.append) == [first.table, second.table, first.table]
    assert sent == [one.to_pbn(), two.to_pbn()] and told == [1, 2]  # the repeat first
    assert solve([two]) == [second.table] and len(sent) == 2  # remembered
    assert solve([one]) == [first.table] and sent[2:] == [one.to_pbn()]  # forgotten: solved


def test_a_cache_folder_keeps_each_table_for_the_next_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each table solved is a file in the folder, named by its deal, holding its 20 results; a
    process that starts afresh (the memo empty) reads it instead of solving the deal, solves a
    deal whose file holds no table (a writer cut short) and writes it again. A folder that
    cannot be written is no error."""
    folder = tmp_path / "dd"  # made by the first table kept
    monkeypatch.setenv(CACHE_SETTING, str(folder))
    sent = _counted(monkeypatch)
    first, second = known()[:2]
    one, two = Deal.parse(first.deal), Deal.parse(second.deal)
    assert solve([one]) == [first.table] and sent == [one.to_pbn()]
    kept = folder / one.to_pbn().replace(":", "-").replace(" ", "_")
    assert sorted(p.name for p in folder.iterdir()) == [".lock", kept.name]  # no temporary
    assert kept.read_text(encoding="ascii") == f"{first.table}\n"
    forget()  # as a process started afresh
    told: list[int] = []
    assert solve([two, one], told.append) == [second.table, first.table]
    assert sent[1:] == [two.to_pbn()] and told == [1, 1]  # the kept table first
    kept.write_text(f"{first.table}"[:7], encoding="ascii")
    forget()
    assert solve([one]) == [first.table] and sent[2:] == [one.to_pbn()]
    assert kept.read_text(encoding="ascii") == f"{first.table}\n"
    monkeypatch.setenv(CACHE_SETTING, str(kept / "dd"))  # below a file: cannot be made
    forget()
    assert solve([two]) == [second.table] and sent[3:] == [two.to_pbn()]


def test_a_process_waits_for_anothers_turn_and_reads_what_it_solved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While another process holds the folder's lock (solving), a deal not in the folder waits;
    once the other has kept its table and let go, the deal is read from the folder, not solved."""
    monkeypatch.setenv(CACHE_SETTING, str(tmp_path))
    sent = _counted(monkeypatch)
    first = known()[0]
    one = Deal.parse(first.deal)
    events: list[str] = []
    looked = threading.Event()
    real = double_dummy._cached

    def cached(folder: Path, keys: Sequence[str]) -> Any:
        found = real(folder, keys)
        events.append(f"read {len(found)}")
        looked.set()
        return found

    monkeypatch.setattr(double_dummy, "_cached", cached)
    answers: list[list[DDTable]] = []
    with (tmp_path / ".lock").open("a") as other:  # the other process's turn
        fcntl.flock(other, fcntl.LOCK_EX)
        waiting = threading.Thread(target=lambda: answers.append(solve([one])))
        waiting.start()
        assert looked.wait(timeout=60)  # the folder read once, before its turn
        waiting.join(timeout=0.5)
        assert waiting.is_alive()  # waits for its turn
        solved = tmp_path / one.to_pbn().replace(":", "-").replace(" ", "_")
        solved.write_text(f"{first.table}\n", encoding="ascii")  # what the other solved
        events.append("let go")
    waiting.join()
    assert answers == [[first.table]] and sent == []
    assert events == ["read 0", "let go", "read 1"]
