"""Double-dummy analysis with endplay, the Python binding of Bo Haglund and Soren Hein's DDS.

endplay is a dependency of bridgescore wherever it has a wheel (CPython 3.11 to 3.13); it is
imported only when deals are analysed, and :func:`available` says whether it can be. Deals go
to DDS in batches of :data:`BATCH` (one ``CalcAllTables`` call holds 40 tables at most), which
shares them over the machine's cores. The par of each deal is then worked out from its table by
:func:`bridgescore.core.table.par.par`, our own, which agrees with DDS's ``DealerPar``.

A deal's table depends on its 52 cards alone, and DDS gives the same table every time (a third of
a second of CPU a deal): the process keeps the last :data:`MEMO` tables it solved, by deal, and a
deal asked for again in the same process (a hand record analysed twice through the Python API, one
deal on two boards) is not solved again; :func:`forget` empties the memo. Between runs, the PBN
file ``bridgescore deals analyse`` writes is the cache; a user who wants more sets
:data:`CACHE_SETTING` to a folder, and every table solved is kept there too, a file a deal named
by the deal itself (read back only when it holds 20 results), for every later run or process
to read instead of solving the deal again (processes that share it take turns at DDS, so that
none solves a deal another is solving). :func:`forget` leaves that folder alone.
(``bridgescore.analyse`` is :func:`analyse`; the package's docstring shows it at work.)
"""

from __future__ import annotations

__all__ = ["BATCH", "CACHE_SETTING", "MEMO", "analyse", "available", "forget", "solve"]

import contextlib
import importlib.util
import os
import sys
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from bridgescore.core.errors import AnalysisError, NotationError
from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.ddtable import DDTable
from bridgescore.core.table.deal import Deal
from bridgescore.core.table.seats import Seat
from bridgescore.core.table.strain import Strain

BATCH = 32
"""Deals sent to DDS in one call."""

_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_DENOMS = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
"""endplay's ``Denom`` order (its values 0 to 4); its ``Player`` order is N, E, S, W."""

MEMO = 4096
"""Tables the process keeps, by deal (the least recently asked for go first): under 3 MB."""

_solved: OrderedDict[str, DDTable] = OrderedDict()
"""The memo: each deal's table, by its PBN ``Deal`` from North."""
_memo_lock = threading.Lock()


def forget() -> None:
    """Empty the memo of solved tables: every deal asked for next goes to DDS (or to the cache
    folder of :data:`CACHE_SETTING`, when it is set)."""
    with _memo_lock:
        _solved.clear()


def _remembered(keys: Sequence[str]) -> dict[str, DDTable]:
    with _memo_lock:
        found = {key: _solved[key] for key in keys if key in _solved}
        for key in found:
            _solved.move_to_end(key)
    return found


def _remember(solved: dict[str, DDTable]) -> None:
    with _memo_lock:
        _solved.update(solved)
        for key in solved:
            _solved.move_to_end(key)
        while len(_solved) > MEMO:
            _solved.popitem(last=False)


CACHE_SETTING = "BRIDGESCORE_DD_CACHE"
"""The environment variable naming the folder of solved tables kept between processes (unset or
empty: none is kept)."""


def _cache() -> Path | None:
    folder = os.environ.get(CACHE_SETTING)
    return Path(folder) if folder else None


def _cache_file(folder: Path, key: str) -> Path:
    """``N:AKQ.J.T9.8 ...`` is ``N-AKQ.J.T9.8_...``: the deal's own PBN, safe as a file name."""
    return folder / key.replace(":", "-").replace(" ", "_")


def _cached(folder: Path, keys: Sequence[str]) -> dict[str, DDTable]:
    """The tables the cache folder has of these deals; a file that cannot be read or does not
    hold a table (a writer cut short) is as good as missing."""
    found = {}
    for key in keys:
        try:
            found[key] = DDTable.parse(_cache_file(folder, key).read_text(encoding="ascii"))
        except (OSError, UnicodeDecodeError, NotationError):
            continue
    return found


def _read_cache(folder: Path, keys: Sequence[str], known: dict[str, DDTable]) -> dict[str, DDTable]:
    """The tables of the cache folder for the deals not ``known`` yet, kept in the memo too."""
    kept = _cached(folder, [key for key in dict.fromkeys(keys) if key not in known])
    _remember(kept)
    return kept


@contextlib.contextmanager
def _turn(folder: Path | None) -> Iterator[None]:
    """The processes that share a cache folder solve deals one at a time (each one's DDS has the
    machine's cores already), so that a deal one is solving is read by the other when its turn
    comes, not solved twice: a lock on the folder's ``.lock``, held while solving. A folder that
    cannot be locked (or none, or no ``fcntl``: Windows) makes no turns."""
    if folder is None or sys.platform == "win32":
        yield
        return
    import fcntl

    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle = os.open(folder / ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        yield
        return
    try:
        with contextlib.suppress(OSError):  # (a file system without locks)
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)  # the lock goes with it


def _keep(folder: Path, solved: dict[str, DDTable]) -> None:
    """Each table into the cache folder (made when missing), whole or not at all: a temporary
    file renamed, so that a process reading it at the same time sees the table or nothing. A
    folder that cannot be written is no error: the tables are solved again next time."""
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        for key, table in solved.items():
            handle, name = tempfile.mkstemp(dir=folder, prefix=".solving-")
            try:
                with os.fdopen(handle, "w", encoding="ascii") as file:
                    file.write(f"{table}\n")
                os.replace(name, _cache_file(folder, key))
            finally:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(name)


def available() -> bool:
    """Whether endplay can be imported here."""
    return importlib.util.find_spec("endplay") is not None


def _endplay() -> Any:
    try:
        from endplay import dds, types
    except ImportError:
        raise AnalysisError(
            "double-dummy analysis needs endplay: pip install endplay (wheels for CPython "
            "3.11 to 3.13)"
        ) from None
    return dds, types


def solve(deals: Sequence[Deal], progress: Callable[[int], None] | None = None) -> list[DDTable]:
    """The double-dummy table of each deal, in order; ``progress`` is told how many deals each
    batch finished (first, in one go, the deals the memo or the cache folder had and the repeats
    of a deal). A deal with a hand missing is an :class:`AnalysisError`."""
    for deal in deals:
        if not deal.is_complete:
            raise AnalysisError(f"{deal.to_pbn()}: a deal with a hand missing cannot be analysed")
    keys = [deal.to_pbn() for deal in deals]
    tables = _remembered(keys)
    folder = _cache()
    if folder is not None:
        tables |= _read_cache(folder, keys, tables)
    with _turn(folder if len(tables) < len(set(keys)) else None):
        if folder is not None:  # what another process solved while this one waited its turn
            tables |= _read_cache(folder, keys, tables)
        todo = list(dict.fromkeys(key for key in keys if key not in tables))  # each deal once
        if progress is not None and len(keys) > len(todo):
            progress(len(keys) - len(todo))
        if todo:
            tables |= _solved_by_dds(todo, progress, folder)
    return [tables[key] for key in keys]


def _solved_by_dds(
    todo: list[str], progress: Callable[[int], None] | None, folder: Path | None
) -> dict[str, DDTable]:
    """The tables of distinct deals (PBN from North), from DDS in batches, each kept in the memo
    (and in the cache folder, when there is one)."""
    dds, types = _endplay()
    tables: dict[str, DDTable] = {}
    for start in range(0, len(todo), BATCH):
        batch = todo[start : start + BATCH]
        solved: dict[str, DDTable] = {}
        for key, result in zip(
            batch, dds.calc_all_tables([types.Deal(key) for key in batch]), strict=True
        ):
            rows = result.to_list()  # rows by Denom, columns by Player
            solved[key] = DDTable.of(
                {
                    (seat, strain): rows[denom][player]
                    for denom, strain in enumerate(_DENOMS)
                    for player, seat in enumerate(_SEATS)
                }
            )
        _remember(solved)
        if folder is not None:
            _keep(folder, solved)
        tables |= solved
        if progress is not None:
            progress(len(batch))
    return tables


def analyse(
    records: Sequence[HandRecord],
    progress: Callable[[int], None] | None = None,
    *,
    again: bool = False,
) -> list[HandRecord]:
    """The records with their double-dummy tables and par. Records that have a table already
    keep it (the file is the cache) unless ``again``; only complete deals are analysed."""
    todo = [i for i, r in enumerate(records) if r.deal.is_complete and (again or not r.analysed)]
    tables = solve([records[i].deal for i in todo], progress)
    done = list(records)
    for index, table in zip(todo, tables, strict=True):
        done[index] = records[index].with_table(table)
    return done
