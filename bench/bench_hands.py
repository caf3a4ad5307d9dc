"""Benchmark 5: double-dummy analysis of a 36-board set with endplay's DDS, on every core.

Run from the repository root: ``.venv/bin/python -m bench.bench_hands [BOARDS]``. Deals BOARDS
boards (default 36) from a fixed secret, so every run analyses the same deals, and times
``bridgescore deals analyse`` of them (the command, start-up included), the analysis alone
(:func:`bridgescore.fast.double_dummy.analyse`: DDS in batches, par from each table), the same
with DDS on one thread, and par alone from the tables.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

from bench.common import BRIDGESCORE, DATA, show
from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.par import par
from bridgescore.events.dealing import deal_sets, write_sets

BOARDS = 36
SECRET = bytes.fromhex("b3" * 32)


def _analyse(records: list[HandRecord], threads: int) -> tuple[float, list[HandRecord]]:
    import endplay._dds as dds

    from bridgescore.fast.double_dummy import analyse, forget

    dds.SetMaxThreads(threads)
    forget()  # (the process keeps what it solved: the second run would time the memo)
    start = time.perf_counter()
    done = analyse(records)
    return time.perf_counter() - start, done


def main(boards: int = BOARDS) -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    (dealt,) = deal_sets(list(range(1, boards + 1)), secret=SECRET, public="bench")
    records = list(dealt.records)
    source, target = DATA / f"set-{boards}.pbn", DATA / f"set-{boards}-dd.pbn"
    write_sets([dealt], source)
    start = time.perf_counter()
    subprocess.run(
        [str(BRIDGESCORE), "deals", "analyse", str(source), str(target), "--again"],
        capture_output=True,
        check=True,
    )
    command = time.perf_counter() - start
    all_cores, done = _analyse(records, 0)
    one_core, _ = _analyse(records, 1)
    start = time.perf_counter()
    for record in done:
        assert record.table is not None
        par(record.table, record.dealer, record.vulnerability)
    pars = time.perf_counter() - start
    cores = os.cpu_count() or 1
    rows = [
        [
            "bridgescore deals analyse (whole command)",
            f"{command:.2f}",
            f"{command / boards * 1000:.0f}",
        ],
        [
            f"analyse(), DDS on all {cores} cores",
            f"{all_cores:.2f}",
            f"{all_cores / boards * 1000:.0f}",
        ],
        ["analyse(), DDS on one thread", f"{one_core:.2f}", f"{one_core / boards * 1000:.0f}"],
        ["par from the tables", f"{pars:.4f}", f"{pars / boards * 1000:.2f}"],
    ]
    show(f"double dummy: a {boards}-board set", ["what", "seconds", "ms a deal"], rows)


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:2]])
