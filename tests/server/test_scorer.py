"""The scorer process scores the live page once for every worker (``serve --workers N``): the
page a worker shows from the stored scores is the one it would make itself; a worker shows
them while the scorer looks and scores for itself once it has stopped; the newest scores are
kept whatever order two scorers store them in; and ``serve`` starts the scorer and stops it,
which also ends when its parent is gone."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.core.errors import BridgeScoreError
from bridgescore.server.club import Club
from bridgescore.server.domain.views import finished_boards
from bridgescore.server.live_page import SCORER_GONE, LiveScores
from bridgescore.server.scorer import Scorer
from bridgescore.server.storage.database import connect
from bridgescore.server.storage.live_scores import Head
from bridgescore.server.storage.store import Store
from tests.support.postgres import Postgres
from tests.support.server import HOWELL_3, Api, Seeded, ServerProcess, in_process


def _club(database: str, folder: Path, *, shared: bool) -> Club:
    return Club(Store(connect(database)), folder, live_patience=0, shared=shared)


def _correct(api: Api, event_id: int, slot: tuple[str, int, int, int], result: str) -> None:
    section, table, round_, board = slot
    fix = {"section": section, "table": table, "round": round_, "board": board}
    fix |= {"contract": "3NT", "declarer": "S", "result": result, "reason": "entered"}
    done = api.post(f"/api/events/{event_id}/results/correct", api.director, fix)
    assert done.status_code == 200, done.text


def _shown(view: dict[str, Any]) -> dict[str, Any]:
    """The live page's values but the event itself (each club has its own copy)."""
    return {name: value for name, value in view.items() if name != "live"}


def test_a_worker_shows_the_scorers_scores_while_it_looks_and_its_own_after(
    database: str, tmp_path: Path, seeded: Seeded
) -> None:
    clubs: list[Club] = []
    with in_process(database, tmp_path) as client:
        api = Api(client, token=seeded.token(database))
        event_id, _codes = api.event(HOWELL_3)
        api.post(f"/api/events/{event_id}/settings", api.director, {"live_travellers": True})
        scorer, own = (
            _club(database, tmp_path, shared=False),
            _club(database, tmp_path, shared=False),
        )
        shared = _club(database, tmp_path, shared=True)
        clubs += [scorer, own, shared]
        slots = sorted(own.state(event_id).live.layout.slots(), key=lambda key: key.round)
        for slot in slots[:8]:  # rounds 1 and 2 and one more board
            _correct(api, event_id, slot, "=")
        assert Scorer(scorer, patience=0).look() == [event_id]

        # The same page whichever process scored it, the travellers of finished boards only.
        stored = scorer.store.live_scores.read(event_id)
        assert stored is not None
        state = own.state(event_id)
        mine = own.live_page.scores(state, background=False)
        assert stored[1] == mine.body
        assert _shown(shared.live_page.view(event_id)) == _shown(own.live_page.view(event_id))
        finished = finished_boards(state.live, state.folded)
        played = {slot.board for slot in slots[:8]}
        shown = {board["board"] for board in json.loads(stored[1])["boards"]}
        assert shown == finished and played - finished  # (one board played at one table only)

        # A result the scorer has not scored yet: the worker shows the scorer's last scores.
        _correct(api, event_id, slots[8], "+1")
        before = own.live_page.view(event_id)["done"]
        assert before == 9
        assert shared.live_page.view(event_id)["done"] == 8
        # The scorer has stopped looking: a worker that starts now scores for itself.
        scorer.store.live_scores.seen(time.time() - SCORER_GONE - 1)
        late = _club(database, tmp_path, shared=True)
        clubs.append(late)
        assert _shown(late.live_page.view(event_id)) == _shown(own.live_page.view(event_id))
        # It looks again: the scores of all nine results are stored (once the last scoring is
        # old enough for the scorer's duty), and shown.
        deadline = time.monotonic() + 30
        while not Scorer(scorer, patience=0).look() and time.monotonic() < deadline:
            time.sleep(0.05)
        again = _club(database, tmp_path, shared=True)
        clubs.append(again)
        assert again.live_page.view(event_id)["done"] == 9
        assert Scorer(scorer, patience=0).look() == []  # (nothing new)
    for club in clubs:
        club.store.engine.dispose()


class _Failing(Scorer):
    """A scorer that cannot score one event (as if its scoring raised), counting its tries."""

    def __init__(self, club: Club, failing: int) -> None:
        super().__init__(club, patience=0)
        self.failing, self.tries = failing, 0

    def score(self, event_id: int) -> LiveScores:
        if event_id == self.failing:
            self.tries += 1
            raise BridgeScoreError(f"event {event_id} cannot be scored")
        return super().score(event_id)


def test_an_event_the_scorer_cannot_score_is_left_to_the_workers_and_holds_up_no_other(
    database: str, tmp_path: Path, seeded: Seeded
) -> None:
    with in_process(database, tmp_path) as client:
        api = Api(client, token=seeded.token(database))
        first, _codes = api.event(HOWELL_3)
        second, _codes = api.event(HOWELL_3)
        scorer, shared = (
            _club(database, tmp_path, shared=False),
            _club(database, tmp_path, shared=True),
        )
        assert sorted(Scorer(scorer, patience=0).look()) == [first, second]
        for event_id in (first, second):
            _correct(api, event_id, ("A", 1, 1, 1), "=")
        failing = _Failing(scorer, first)
        deadline = time.monotonic() + 30
        while second not in failing.look() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert failing.tries == 1
        assert scorer.store.live_scores.read(first) is None  # (dropped: the workers score it)
        assert shared.live_page.view(first)["done"] == 1
        assert shared.live_page.view(second)["done"] == 1
        assert failing.look() == [] and failing.tries == 1  # (not again until it moves)
        _correct(api, first, ("A", 2, 1, 3), "=")
        assert failing.look() == [] and failing.tries == 2
        assert Scorer(scorer, patience=0).look() == [first]
        for club in (scorer, shared):
            club.store.engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path, seeded: Seeded) -> Any:
    if request.param == "sqlite":
        found = Store(connect(seeded.sqlite_copy(tmp_path / "club.db")))
        yield found
        found.engine.dispose()
        return
    cluster: Postgres = request.getfixturevalue("postgres")
    database = seeded.postgres_copy(cluster)
    found = Store(connect(database))
    yield found
    found.engine.dispose()
    seeded.give_back(cluster, database)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(0, 5)), min_size=1, max_size=8))
def test_the_newest_scores_are_kept_in_whatever_order_they_are_stored(
    store: Store, versions: list[tuple[int, int]]
) -> None:
    record = {"session": "{}", "movements": "{}", "hands": None, "settings": "{}"}
    event_id = store.add_event("Scorers", record, "ann")
    for revision, seq in versions:
        head = Head(revision, seq, time.time(), 0.01, time.time())
        store.live_scores.put(event_id, head, json.dumps([revision, seq]))
    found = store.live_scores.read(event_id)
    assert found is not None
    assert (found[0].revision, found[0].seq) == max(versions)
    assert json.loads(found[1]) == list(max(versions))


def _children(pid: int) -> list[tuple[int, str]]:
    """The processes ``pid`` started, with their command lines."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except (OSError, IndexError):
                continue
            if parent == pid:
                found.append((int(entry.name), line))
    return found


def _gone(pid: int, within: float) -> bool:
    """Whether process ``pid`` ends (or is a zombie) within ``within`` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return True
        if state == "Z":
            return True
        time.sleep(0.1)
    return False


def test_serve_with_two_workers_scores_the_live_page_in_its_scorer_and_stops_it(
    postgres: Postgres, seeded: Seeded, tmp_path: Path
) -> None:
    database = seeded.postgres_copy(postgres)
    server = ServerProcess(database, tmp_path, workers=2)
    server.start()
    try:
        assert server.process is not None
        scorers = [pid for pid, line in _children(server.process.pid) if "server.scorer" in line]
        assert len(scorers) == 1
        api = Api(server.url, token=seeded.token(database))
        event_id, _codes = api.event(HOWELL_3)
        _correct(api, event_id, ("A", 1, 1, 1), "=")
        store = Store(connect(database))
        stored = None  # (made by the scorer, a low-priority process: the workers never store)
        deadline = time.monotonic() + 60
        while stored is None and time.monotonic() < deadline:
            time.sleep(0.2)
            found = store.live_scores.read(event_id)
            stored = found if found is not None and found[0].seq == 1 else None
        store.engine.dispose()
        assert stored is not None
        assert json.loads(stored[1])["done"] == 1
        page = httpx.get(f"{server.url}/events/{event_id}/live", timeout=10).text
        assert "1 of 30 results in" in page and "North" in page
    finally:
        server.stop()
        seeded.give_back(postgres, database)
    assert _gone(scorers[0], 30)


def test_the_scorer_ends_when_the_server_that_started_it_is_gone(
    seeded: Seeded, tmp_path: Path
) -> None:
    database = seeded.sqlite_copy(tmp_path / "club.db")
    start = (
        "import os, subprocess, sys\n"
        "command = [sys.executable, '-m', 'bridgescore.server.scorer', str(os.getpid())]\n"
        "print(subprocess.Popen(command).pid)\n"
    )
    environment = {**os.environ, "BRIDGESCORE_DB": database}
    done = subprocess.run(
        [sys.executable, "-c", start], env=environment, capture_output=True, text=True, check=True
    )
    assert _gone(int(done.stdout), 30)
