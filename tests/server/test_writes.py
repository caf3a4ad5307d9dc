"""The requests of one event that wait while another is stored are stored together, in one
transaction, in the order they came, each decided as if stored alone (:mod:`.writes`); a
refusal is its request's alone, and a transaction that fails stores nothing of its batch and
leaves the kept state the fold of the log."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from bridgescore.server.club import Club
from bridgescore.server.domain import actions
from bridgescore.server.domain.commands import ResultBody
from bridgescore.server.domain.errors import ServerError
from bridgescore.server.domain.fold import FoldedLog
from bridgescore.server.domain.kinds import Kind
from bridgescore.server.domain.layout import Place
from bridgescore.server.domain.live_event import LiveEvent
from bridgescore.server.domain.outcomes import Decision, NewEntry, Outcome
from bridgescore.server.domain.people import Principal
from bridgescore.server.storage.database import connect
from bridgescore.server.storage.store import Store, Writer
from tests.support.kept_state import DIRECTOR, EVENT, same_as_the_whole_log, table_of


class CountedStore(Store):
    """The real store, counting its write transactions."""

    transactions = 0

    @contextmanager
    def writing(self, event_id: int) -> Iterator[Writer]:
        self.transactions += 1
        with super().writing(event_id) as writer:
            yield writer


@pytest.fixture
def club(database: str, tmp_path: Path) -> Iterator[Club]:
    engine = connect(database)
    try:
        yield Club(CountedStore(engine), tmp_path)
    finally:
        engine.dispose()


Decide = Callable[[LiveEvent, FoldedLog], Decision]


def result(
    who: Principal, live: LiveEvent, board: int, made: str = "=", sent: str | None = None
) -> Decide:
    """A table's entry of ``board`` of its first round (with the client id ``sent``)."""
    found = live.layout.table_round(who.place, 1)
    assert found is not None and board in found.boards
    body = ResultBody(
        id=sent or uuid.uuid4().hex,
        round=1,
        board=board,
        ns=found.ns or "",
        ew=found.ew or "",
        contract="4S",
        declarer="N",
        result=made,
    )
    return lambda live, folded: actions.enter(live, folded, who, body)


def queued(club: Club, event_id: int, asks: list[tuple[Principal, Decide]]) -> list[Any]:
    """Run ``asks`` while a first request holds the event's writes: each one's own request
    thread, started once the one before waits; what each heard (an outcome or an error)."""
    gate, leading = threading.Event(), threading.Event()
    heard: list[Any] = [None] * (len(asks) + 1)

    def lead(live: LiveEvent, folded: FoldedLog) -> Decision:
        leading.set()
        assert gate.wait(30)
        return actions.table_call(folded, who)

    def ask(n: int, who: Principal, decide: Decide) -> None:
        try:
            heard[n] = club.run(event_id, who, decide)
        except Exception as error:  # (a refusal, or the failed transaction's error)
            heard[n] = error

    who = table_of(None, Place("A", 1), event_id)
    threads = [threading.Thread(target=ask, args=(0, who, lead))]
    threads[0].start()
    assert leading.wait(30)
    writes = club._writes[event_id]
    for n, (asker, decide) in enumerate(asks, 1):
        threads.append(threading.Thread(target=ask, args=(n, asker, decide)))
        threads[-1].start()
        deadline = time.monotonic() + 30
        while writes.waiting < n:
            assert time.monotonic() < deadline, "the request never waited"
            time.sleep(0.005)
    gate.set()
    for thread in threads:
        thread.join(timeout=60)
    return heard


def started(club: Club) -> tuple[int, LiveEvent]:
    event_id, _notes = club.create(EVENT, DIRECTOR)
    club.start(event_id)
    return event_id, club.live(event_id)


def test_requests_that_wait_are_stored_in_one_transaction_in_the_order_they_came(
    club: Club,
) -> None:
    event_id, live = started(club)
    tables = [table_of(live, place, event_id) for place in live.layout.places if place.table > 1]
    asks = []
    for who in tables:
        found = live.layout.table_round(who.place, 1)
        assert found is not None
        if found.boards:
            asks.append((who, result(who, live, found.boards[0])))
    assert len(asks) >= 4
    store = club.store
    assert isinstance(store, CountedStore)
    before = store.transactions
    heard = queued(club, event_id, asks)
    assert [type(outcome) for outcome in heard] == [Outcome] * len(heard)
    assert [outcome.status for outcome in heard[1:]] == ["entered"] * len(asks)
    assert store.transactions - before == 2  # the first request's, then all the others'
    entries = club.store.entries(event_id)
    assert [entry.kind for entry in entries] == [Kind.CALL] + [Kind.ENTERED] * len(asks)
    assert [(e.section, e.table) for e in entries[1:]] == [w.place for w, _d in asks]
    same_as_the_whole_log(club, event_id)


def test_a_refusal_in_a_batch_is_its_requests_alone_and_sees_the_ones_before_it(
    club: Club,
) -> None:
    """A table's result sent again with other content, in the batch of its first copy: it is
    decided against the first, as if stored after it (refused, and the first kept)."""
    event_id, live = started(club)
    who = table_of(live, Place("B", 2), event_id)
    found = live.layout.table_round(who.place, 1)
    assert found is not None
    board = found.boards[0]
    heard = queued(
        club,
        event_id,
        [
            (who, result(who, live, board, "=", "first-copy")),
            (who, result(who, live, board, "-1", "first-copy")),
            (who, result(who, live, board + 1, "+1")),
        ],
    )
    assert isinstance(heard[1], Outcome) and heard[1].status == "entered"
    assert isinstance(heard[2], ServerError) and "sent before" in str(heard[2])
    assert isinstance(heard[3], Outcome) and heard[3].status == "entered"
    entries = club.store.entries(event_id)
    assert [entry.kind for entry in entries] == [Kind.CALL, Kind.ENTERED, Kind.ENTERED]
    assert entries[1].client_id == "first-copy" and entries[1].payload["result"] == "="
    same_as_the_whole_log(club, event_id)


def test_a_batch_whose_transaction_fails_stores_nothing_and_each_request_hears_it(
    club: Club,
) -> None:
    event_id, live = started(club)
    good = table_of(live, Place("B", 3), event_id)
    found = live.layout.table_round(good.place, 1)
    assert found is not None
    broken = NewEntry(Kind.CALL, "B", 4, payload={"unwritable": object()})

    def unwritable(live: LiveEvent, folded: FoldedLog) -> Decision:
        return Decision((broken,), Outcome("called"))

    again = result(good, live, found.boards[0])
    heard = queued(club, event_id, [(good, again), (good, unwritable)])
    assert isinstance(heard[0], Outcome)
    assert isinstance(heard[1], TypeError) and heard[2] is heard[1]
    assert [entry.kind for entry in club.store.entries(event_id)] == [Kind.CALL]
    same_as_the_whole_log(club, event_id)  # (the entry folded in before the failure is not)
    assert club.run(event_id, good, again).status == "entered"  # (sent again: stored once)
    assert [entry.kind for entry in club.store.entries(event_id)] == [Kind.CALL, Kind.ENTERED]
    same_as_the_whole_log(club, event_id)


def test_the_kept_state_is_not_emptied_under_a_reader_catching_up(club: Club) -> None:
    """A reader folding in what it read of the log holds ``catching``: emptying the state
    then (after a failed transaction) would leave what it read folded onto nothing, the
    log's start missing. The emptying waits for it."""
    event_id, live = started(club)
    who = table_of(live, Place("A", 2), event_id)
    found = live.layout.table_round(who.place, 1)
    assert found is not None
    club.run(event_id, who, result(who, live, found.boards[0]))
    state = club.state(event_id)
    assert state.seq > 0
    emptying = threading.Thread(target=state.reset)
    with state.catching:  # (a reader catching up)
        emptying.start()
        emptying.join(timeout=0.5)
        assert emptying.is_alive() and state.seq > 0
    emptying.join(timeout=30)
    assert not emptying.is_alive() and state.seq == 0
    same_as_the_whole_log(club, event_id)  # (read again: the whole log folded)
