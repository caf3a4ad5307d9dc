"""The live ranking's cost per result, beside benchmark 10 (:mod:`bench.bench_live`).

An event of the benchmark's size is filled with results but for its last ten slots; then each
of those is entered and the event scored again after it, afresh and with the boards of the
last scoring kept (:class:`~bridgescore.core.pairs.kept.KeptBoards`, as the server scores).
The server makes the live page's scores at most every
:data:`~bridgescore.server.club.LIVE_PATIENCE` seconds (and no more often than
:data:`~bridgescore.server.state.DUTY` allows), so at the run's rate of results one scoring
serves every result entered in that time: the cost per result is the scoring's cost over them.
"""

from __future__ import annotations

import random
import statistics
import time

from bench.live_load import session
from bridgescore.core.pairs.kept import KeptBoards
from bridgescore.server.club import LIVE_PATIENCE
from bridgescore.server.domain.fold import LogEntry
from bridgescore.server.domain.kinds import Kind
from bridgescore.server.domain.layout import SlotKey
from bridgescore.server.domain.live_event import LiveEvent, event_record
from bridgescore.server.state import DUTY, EventState

LAST = 10
"""The results entered one at a time, each followed by a scoring."""


def _entry(seq: int, key: SlotKey, chance: random.Random) -> LogEntry:
    fields = {
        "contract": chance.choice(["4S", "3NT", "2H"]),
        "declarer": chance.choice("NESW"),
        "result": chance.choice(["=", "+1", "-1", "-2"]),
    }
    return LogEntry(seq, Kind.CORRECTED, *key, None, fields, "bench", "bench")


def ranking_cost(tables: int, results_a_second: float) -> str:
    """One line: a scoring's CPU time after one result, afresh and with boards kept, and the
    cost per result at ``results_a_second``."""
    chance = random.Random(tables)
    live = LiveEvent.from_row(1, "running", event_record(session(tables)))
    state = EventState(live)
    slots = list(live.layout.slots())
    state.apply(_entry(seq, key, chance) for seq, key in enumerate(slots[:-LAST], 1))
    kept = KeptBoards()
    live.score(state.ordered_lines(), kept)
    compared = kept.compared
    afresh, warm = [], []
    for seq, key in enumerate(slots[-LAST:], len(slots) - LAST + 1):
        state.apply([_entry(seq, key, chance)])
        lines = state.ordered_lines()
        began = time.process_time()
        fresh = live.score(lines)
        afresh.append(time.process_time() - began)
        began = time.process_time()
        again = live.score(lines, kept)
        warm.append(time.process_time() - began)
        assert fresh is not None and again is not None and fresh.to_dict() == again.to_dict()
    took = statistics.median(warm)
    every = max(LIVE_PATIENCE, took / DUTY)
    served = max(1.0, results_a_second * every)
    boards = kept.compared - compared
    return (
        f"  the live ranking after one result ({len(slots):,} slots): scored afresh "
        f"{1000 * statistics.median(afresh):.1f} ms CPU, with the boards kept "
        f"{1000 * took:.1f} ms ({boards / LAST:.1f} board compared again a result); made every "
        f"{every:.1f} s at {results_a_second:.1f} results a second: {1000 * took / served:.1f} ms "
        "a result"
    )
