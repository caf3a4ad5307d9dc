"""The kept state is the fold of the whole log: after any sequence of entries, confirmations,
refusals, calls, corrections, adjustments, erasures, rounds closed and settings changed, made
by two workers (two :class:`Club` objects, each with its own connections, on one SQLite file
or one PostgreSQL database), each worker's kept slots, rounds, calls, traveller lines, scores
and grid are those of folding the whole log afresh and scoring it."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bridgescore.server.club import Club
from bridgescore.server.domain.commands import (
    AnswerCall,
    CloseRound,
    DirectorChange,
    NotPlayedBody,
    ResultBody,
    Settings,
)
from bridgescore.server.domain.errors import ServerError
from bridgescore.server.domain.kinds import Kind, SlotState
from bridgescore.server.domain.layout import Place, SlotKey
from bridgescore.server.domain.live_event import LiveEvent
from bridgescore.server.state import EventState
from bridgescore.server.storage.database import connect
from bridgescore.server.storage.store import Store
from tests.support.kept_state import (
    DIRECTOR,
    EVENT,
    grid_of_the_whole_log,
    same_as_the_whole_log,
    table_of,
)

RESULTS = ["=", "+1", "-1", "-2", "+2"]


@pytest.fixture
def workers(database: str, tmp_path: Path) -> Iterator[tuple[Club, Club]]:
    engines = [connect(database), connect(database)]
    try:
        yield Club(Store(engines[0]), tmp_path), Club(Store(engines[1]), tmp_path)
    finally:
        for engine in engines:
            engine.dispose()


@pytest.fixture
def one_club(tmp_path: Path) -> Iterator[Club]:
    engine = connect(str(tmp_path / "club.db"))
    try:
        yield Club(Store(engine), tmp_path)
    finally:
        engine.dispose()


def act(club: Club, event_id: int, step: tuple[Any, ...]) -> None:
    """One step, refused or not (a refusal is part of the sequence too)."""
    kind, where, pick, result = step
    live = club.live(event_id)
    places = live.layout.places
    place = places[where % len(places)]
    who = table_of(live, place, event_id)
    state = club.state(event_id)
    current = state.folded.round_of(place)
    found = live.layout.table_round(place, current) if current is not None else None
    boards = found.boards if found is not None and not found.sit_out else ()
    slots = list(live.layout.slots())
    key = slots[pick % len(slots)]
    change = {"section": key.section, "table": key.table, "round": key.round, "board": key.board}
    try:
        if kind == "enter" and found is not None and boards:
            club.enter(
                who,
                ResultBody(
                    id=f"id-{uuid.uuid4().hex[:12]}",
                    round=found.number,
                    board=boards[pick % len(boards)],
                    ns=found.ns or "",
                    ew=found.ew or "",
                    contract="4S",
                    declarer="N",
                    result=RESULTS[result],
                ),
            )
        elif kind in ("confirm", "reject"):
            waiting = [
                s.client_id
                for k, s in state.folded.slots.items()
                if k.place == place and s.state is SlotState.ENTERED and s.client_id
            ]
            if waiting:
                club.confirm(who, waiting[pick % len(waiting)], accept=kind == "confirm")
        elif kind == "not_played" and found is not None and boards:
            board = boards[pick % len(boards)]
            missed = NotPlayedBody(
                id=f"np-{uuid.uuid4().hex[:12]}", round=found.number, board=board
            )
            club.not_played(who, missed)
        elif kind == "call":
            club.call(who)
        elif kind == "correct":
            fixed = DirectorChange(**change, contract="3NT", declarer="S", result=RESULTS[result])
            club.change(event_id, DIRECTOR, Kind.CORRECTED, fixed)
        elif kind == "adjust":
            score = ["A60/40", "AVE", "A40/60", "50% 4SN= 50% 4SN-1"][result % 4]
            club.change(event_id, DIRECTOR, Kind.ADJUSTED, DirectorChange(**change, score=score))
        elif kind in ("erase", "director_not_played"):
            what = Kind.ERASED if kind == "erase" else Kind.NOT_PLAYED
            club.change(event_id, DIRECTOR, what, DirectorChange(**change))
        elif kind == "close":
            club.close_round(event_id, DIRECTOR, CloseRound(section=key.section, round=key.round))
        elif kind == "answer":
            club.answer_call(
                event_id, DIRECTOR, AnswerCall(section=place.section, table=place.table)
            )
        elif kind == "fixed":
            club.settings(event_id, Settings(fixed_averages=bool(result % 2)))
    except ServerError:
        pass


def figures(event: Any, board: int) -> list[Any]:
    """Every section's lines of ``board`` with their points and tops."""
    if event is None:
        return []
    found = []
    for played in event.boards:
        if played.board == board:
            for line in played.lines:
                top = played.top_of(line)
                found.append((played.section, line.line, line.ns_points, line.ew_points, top))
    return found


def every_board_as_it_is_now(club: Club, event_id: int) -> None:
    """The scores a table is shown a board with are those of scoring the event now."""
    state = club.state(event_id)
    again = state.live.score(state.ordered_lines())
    for board in range(1, 11):
        shown = state.scores.for_board(state, board)
        assert figures(shown, board) == figures(again, board)


steps = st.lists(
    st.tuples(
        st.sampled_from(
            ["enter"] * 6
            + ["confirm"] * 5
            + ["reject", "not_played", "call", "correct", "adjust", "erase"]
            + ["director_not_played", "close", "answer", "fixed"]
            + ["look"] * 3
        ),
        st.integers(0, 6),
        st.integers(0, 200),
        st.integers(0, 4),
    ),
    min_size=1,
    max_size=40,
)


@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=steps, by=st.lists(st.integers(0, 1), min_size=40, max_size=40))
def test_the_kept_state_is_the_fold_of_the_whole_log(
    workers: tuple[Club, Club], steps: list[tuple[Any, ...]], by: list[int]
) -> None:
    event_id, _notes = workers[0].create(EVENT, DIRECTOR)
    workers[0].start(event_id)
    for step, worker in zip(steps, by, strict=False):
        if step[0] == "look":
            if step[3] % 2:  # the live page's scores, made a while ago maybe
                workers[worker].scored(event_id, patience=3600)
            every_board_as_it_is_now(workers[worker], event_id)
            grid_of_the_whole_log(workers[worker], event_id)
        else:
            act(workers[worker], event_id, step)
    for club in workers:
        same_as_the_whole_log(club, event_id)


director_steps = st.lists(
    st.tuples(
        st.sampled_from(["correct"] * 4 + ["adjust"] * 3 + ["erase", "director_not_played"])
        | st.sampled_from(["keep", "fixed"]),
        st.integers(0, 200),
        st.integers(0, 4),
    ),
    min_size=1,
    max_size=25,
)
"""A director's changes, and the live page's scores kept now and then."""


AN_AVERAGE_PLUS_AFTER_A_CHANGE = [
    ("fixed", 0, 0),  # a pair's own percentage for its Ave+, when higher
    ("correct", 198, 1),
    ("adjust", 150, 4),
    ("correct", 194, 1),
    ("correct", 143, 4),
    ("adjust", 71, 2),
    ("correct", 197, 4),
    ("adjust", 75, 1),
    ("adjust", 45, 3),
    ("keep", 2, 2),
    ("adjust", 198, 1),
    ("correct", 171, 1),
    ("correct", 73, 3),
    ("adjust", 172, 1),
    ("correct", 70, 4),
    ("correct", 188, 2),
    ("correct", 44, 4),
    ("correct", 93, 1),
    ("adjust", 36, 3),
    ("correct", 50, 1),
    ("keep", 122, 1),
    ("adjust", 20, 4),
    ("adjust", 186, 2),
    ("correct", 157, 3),
]
"""Found by a search: a board with an artificial score, its pair's other boards changed
after the live page's scores were made."""


@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=director_steps)
@example(steps=AN_AVERAGE_PLUS_AFTER_A_CHANGE)
def test_a_board_is_shown_to_a_table_with_its_figures_as_they_are_now(
    one_club: Club, steps: list[tuple[str, int, int]]
) -> None:
    """A table shown a board it has played gets the last scores made (the live page's) when
    nothing that board's figures follow from has changed since, else scores made now: either
    way the figures of scoring the event now, whatever changed on which board. (The choice is
    made in the worker's memory, whatever the database: SQLite alone.)"""
    club = one_club
    event_id, _notes = club.create(EVENT, DIRECTOR)
    club.start(event_id)
    for kind, pick, result in steps:
        if kind == "keep":  # the live page's scores, kept while results come in
            club.scored(event_id, patience=3600)
        else:
            act(club, event_id, (kind, 0, pick, result))
        every_board_as_it_is_now(club, event_id)


def test_a_worker_that_appends_is_heard_of_by_the_other(workers: tuple[Club, Club]) -> None:
    first, second = workers
    event_id, _notes = first.create(EVENT, DIRECTOR)
    first.start(event_id)
    assert second.state(event_id).seq == 0
    key = SlotKey("A", 1, 1, 1)
    fix = DirectorChange(
        section="a", table=1, round=1, board=1, contract="4S", result="=", declarer="N"
    )
    first.change(event_id, DIRECTOR, Kind.CORRECTED, fix)
    kept = second.state(event_id)
    assert kept.folded.slot(key).state is SlotState.CONFIRMED
    assert kept.lines[key].ns_score == 420
    assert second.ranking(event_id) == first.ranking(event_id)


def test_a_worker_asked_about_an_event_at_once_by_many_tables_makes_its_state_once(
    workers: tuple[Club, Club], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first requests after a start (a thousand tables logging on) find no kept state: one
    of them makes it (reading the event's movements takes a quarter of a second at 1,000
    tables), the others wait for it and take it."""
    first, second = workers
    event_id, _notes = first.create(EVENT, DIRECTOR)
    first.start(event_id)
    made: list[int] = []
    from_row = LiveEvent.from_row

    def slowly(event: int, state: str, record: Any) -> LiveEvent:
        made.append(event)
        time.sleep(0.2)  # (as long as a big event's movements take)
        return from_row(event, state, record)

    monkeypatch.setattr(LiveEvent, "from_row", slowly)
    asked = [threading.Thread(target=second.state, args=(event_id,)) for _ in range(8)]
    for thread in asked:
        thread.start()
    for thread in asked:
        thread.join()
    assert made == [event_id]
    assert second.state(event_id).live.revision == first.state(event_id).live.revision


def _one_result(club: Club) -> tuple[int, DirectorChange, EventState]:
    """A new event started, with the director's result on board 1 of table A1: its number, the
    change, and the club's state of it."""
    event_id, _notes = club.create(EVENT, DIRECTOR)
    club.start(event_id)
    fix = DirectorChange(
        section="A", table=1, round=1, board=1, contract="4S", declarer="N", result="="
    )
    club.change(event_id, DIRECTOR, Kind.CORRECTED, fix)
    return event_id, fix, club.state(event_id)


def test_the_live_page_may_be_a_moment_late_and_a_reader_who_needs_it_exact_is_not(
    workers: tuple[Club, Club],
) -> None:
    club = workers[0]
    event_id, fix, state = _one_result(club)
    first = state.scores.snapshot(state, patience=3600)
    assert first.done == 1 and first.total == 3 * 5 * 2 + 4 * 3 * 2  # the Mitchell: 3 rounds
    club.change(event_id, DIRECTOR, Kind.CORRECTED, fix.model_copy(update={"board": 2}))
    assert state.scores.snapshot(state, patience=3600) is first  # young enough: as it was
    fresh = state.scores.snapshot(state)
    assert fresh is not first and fresh.done == 2 and fresh.seq == state.seq


def test_the_live_pages_scores_are_made_in_the_background_while_it_shows_the_last(
    workers: tuple[Club, Club],
) -> None:
    """A spectator whose live page finds the scores old enough to be made again is not kept
    waiting while the whole event is scored: it is shown the last scores, and the new ones are
    made in a thread of their own for the next reader."""
    club = workers[0]
    event_id, fix, state = _one_result(club)
    first = state.scores.snapshot(state)
    club.change(event_id, DIRECTOR, Kind.CORRECTED, fix.model_copy(update={"board": 2}))
    time.sleep(0.2)  # the scores are now older than the patience below
    assert state.scores.snapshot(state, patience=0.01, background=True) is first
    deadline = time.monotonic() + 60
    while (latest := state.scores.snapshot(state, patience=3600)).seq != state.seq:
        assert time.monotonic() < deadline, "the new scores were never made"
        time.sleep(0.01)
    assert latest is not first and latest.done == 2


def test_tables_entering_at_once_on_two_workers_leave_both_states_whole(
    workers: tuple[Club, Club],
) -> None:
    """Every table of both sections plays its session in a thread of its own, on one worker or
    the other, while a reader thread reads: nothing is folded twice or missed."""
    event_id, _notes = workers[0].create(EVENT, DIRECTOR)
    workers[0].start(event_id)
    live = workers[0].live(event_id)
    failures: list[BaseException] = []

    def play(place: Place, club: Club) -> None:
        who = table_of(live, place, event_id)
        try:
            while (current := club.state(event_id).folded.round_of(place)) is not None:
                found = live.layout.table_round(place, current)
                assert found is not None
                for board in found.boards:
                    body = ResultBody(
                        id=uuid.uuid4().hex,
                        round=current,
                        board=board,
                        ns=found.ns or "",
                        ew=found.ew or "",
                        contract="3NT",
                        declarer="S",
                        result="=",
                    )
                    club.enter(who, body)
                    club.confirm(who, body.id, accept=True)
        except BaseException as error:  # (reported below)
            failures.append(error)

    def read(club: Club) -> None:
        while any(thread.is_alive() for thread in players):
            club.scored(event_id)
            club.grid(event_id)

    players = [
        threading.Thread(target=play, args=(place, workers[n % 2]))
        for n, place in enumerate(live.layout.places)
    ]
    readers = [threading.Thread(target=read, args=(club,)) for club in workers]
    for thread in players + readers:
        thread.start()
    for thread in players + readers:
        thread.join(timeout=300)
    assert not failures
    for club in workers:
        same_as_the_whole_log(club, event_id)
        assert club.state(event_id).folded.done == live.layout.size
