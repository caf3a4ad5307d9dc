"""The club server's one door: everything the API and the pages ask for, in the game's words.

Each request that changes results is a :mod:`~bridgescore.server.domain.actions` decision
stored in a transaction on the event's log (:meth:`Club.run`, :mod:`.writes`): the event
locked, the kept state caught up with what other workers appended, the decision taken against
it and its entries appended and folded in. Reads are served from the kept state
(:mod:`bridgescore.server.state`) once a read of the event's row says it is current. Answers
are domain outcomes and domain errors; the web layer says them in HTTP.

Everything the server scores goes through the library (``LiveEvent.score`` plans the session
file as ``bridgescore score session.toml`` does); the traveller CSV it exports is written by the
CLI's own writer, so the CLI scores it to the same ranking.
"""

from __future__ import annotations

__all__ = ["Club"]

import json
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.table.traveller import Session
from bridgescore.server import files
from bridgescore.server.domain import actions, views
from bridgescore.server.domain.commands import (
    AnswerCall,
    CloseRound,
    DirectorChange,
    NotPlayedBody,
    ResultBody,
    Settings,
    TableLogin,
    read,
)
from bridgescore.server.domain.errors import Conflict, Forbidden, NotFound, ServerError, Unfit
from bridgescore.server.domain.fold import FoldedLog
from bridgescore.server.domain.grid import Grid
from bridgescore.server.domain.kinds import Kind
from bridgescore.server.domain.layout import Place
from bridgescore.server.domain.live_event import LiveEvent, event_record, read_hands
from bridgescore.server.domain.outcomes import Decision, Outcome
from bridgescore.server.domain.people import Principal
from bridgescore.server.domain.upload import body_with_files
from bridgescore.server.live_page import LivePage
from bridgescore.server.logons import Logons
from bridgescore.server.state import EventState, Flood
from bridgescore.server.storage.store import EventVersion, Store
from bridgescore.server.writes import EventWrites, Job, store_batch

LIVE_PATIENCE = 2.0
"""Seconds the live page may lag the results (its scores are made at most this often, and no
more often than a big event's scoring allows: :data:`bridgescore.server.state.DUTY`)."""


class Club:
    """One club server's events (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        sites: Path,
        *,
        live_patience: float = LIVE_PATIENCE,
        shared: bool = False,
    ) -> None:
        """``live_patience``: how late the live page may be (seconds; 0: never, a test's
        setting); ``shared``: the live page (:class:`.LivePage`) shows the scorer's scores."""
        self.store, self.sites = store, sites
        self.live_page = LivePage(self.state, store, live_patience, shared)
        self._lock, self._building = threading.Lock(), threading.Lock()
        self._states: dict[int, EventState] = {}
        self._writes: dict[int, EventWrites] = {}
        self._watchers: list[Callable[[int], None]] = []
        self._flood = Flood()
        self.logons = Logons(store.accounts)

    # -- the kept state -------------------------------------------------------------------
    def state(self, event_id: int, seen: tuple[int, int] | None = None) -> EventState:
        """The event's kept state, caught up with the database (with its version as ``seen``
        there in this request, else as it is now)."""
        if not 0 < event_id < 2**31:
            raise NotFound(f"there is no event {event_id}")
        version = self.store.version(event_id) if seen is None else EventVersion(*seen)
        with self._lock:
            state = self._states.get(event_id)
        if state is None or state.live.revision != version.revision:
            with self._building:  # (one thread makes it: the others wait for that one)
                state = self._states.get(event_id)
                if state is None or state.live.revision != version.revision:
                    row = self.store.event_row(event_id)
                    live = LiveEvent.from_row(event_id, row.state, row._mapping)
                    if state is None:
                        with self._lock:
                            state = self._states.setdefault(event_id, EventState(live))
                    if state.live.revision < live.revision:
                        state.renew(live)
        state.catch_up(version.log_seq, lambda after: self.store.entries(event_id, after))
        return state

    def live_seen(self, event_id: int, scores: bool) -> tuple[EventVersion, tuple[int, int] | None]:
        """The event's version in the database and (``scores``) that of the scores its live
        page shows now, made again if they are behind and old enough: what pushes follow."""
        version = self.store.version(event_id)
        state = self.state(event_id, version)
        return version, self.live_page.scores(state, background=False).key if scores else None

    def live(self, event_id: int) -> LiveEvent:
        return self.state(event_id).live

    def watch(self, callback: Callable[[int], None]) -> None:
        """Call ``callback(event_id)`` after each change this worker makes to an event."""
        self._watchers.append(callback)

    def _changed(self, event_id: int) -> None:
        for callback in self._watchers:
            callback(event_id)

    def run(
        self,
        event_id: int,
        who: Principal,
        decide: Callable[[LiveEvent, FoldedLog], Decision],
        state: EventState | None = None,
    ) -> Outcome:
        """Decide against the log as it is and store the entries with those of the event's other
        requests here (:mod:`.writes`); a refusal is raised once stored (``state``: if read)."""
        state = self.state(event_id) if state is None else state
        if not who.is_director:
            self._flood.count(event_id, who)
        writes = self._writes.get(event_id) or self._writes.setdefault(event_id, EventWrites())
        return writes.run(Job(who, decide), lambda batch: self._store(event_id, state, batch))

    def _store(self, event_id: int, state: EventState, batch: list[Job]) -> None:
        try:
            if store_batch(self.store, event_id, state, batch):
                self._changed(event_id)
        except BaseException:  # (what it folded in was not stored: fold the log again)
            state.reset()
            raise

    def _set(self, event_id: int, **values: str | None) -> None:
        self.store.set_event(event_id, **values)
        self._changed(event_id)

    # -- log-ons --------------------------------------------------------------------------
    def director_login(self, name: str, password: str, device: str) -> str:
        """A director's log-on token (:class:`.logons.Logons`)."""
        return self.logons.director(name, password, device)

    def table_login(self, body: TableLogin, device: str) -> str:
        """A table's log-on token, its section named in any case (an event's sections never
        change: those of the kept state, without reading the event's version, when kept)."""
        kept = self._states.get(body.event)
        live = kept.live if kept is not None else self.live(body.event)
        place = Place(live.section(body.section), body.table)
        return self.logons.table(body.event, place, body.code, device)

    def alerts(self, event_id: int) -> list[str]:
        """What the director should know of the tables' devices (this worker's)."""
        return self._flood.alerts(event_id)

    def unlock(self, event_id: int, section: str, table: int) -> None:
        """Let a table log on again at once after too many wrong codes."""
        self.logons.unlock(event_id, Place(self.live(event_id).section(section), table))

    def has_directors(self) -> bool:
        return self.store.accounts.has_directors()

    def add_director(self, name: str, password: str) -> None:
        """A director's account (or a new password for it)."""
        self.store.accounts.add_director(name, password)

    def principal(self, token: str) -> Principal:
        return self.store.accounts.principal(token)

    def logout(self, token: str) -> None:
        self.store.accounts.logout(token)

    # -- events ---------------------------------------------------------------------------
    def create(
        self,
        body: object,
        who: Principal,
        files: Mapping[str, bytes] | None = None,
        *,
        source: str = "the event",
    ) -> tuple[int, list[str]]:
        """Make an event of a session file (its object, as JSON; its mistakes said with
        ``source``) and the files it names (by the names it uses); the event's number and the
        notes of what was left."""
        if not isinstance(body, dict):
            raise Unfit("the event is a JSON object: the session file as JSON")
        data, notes = body_with_files(body, files or {}, source=source)
        record = event_record(data, source=source)
        title = json.loads(str(record["session"])).get("title") or "Club session"
        return self.store.add_event(str(title), record, who.name), notes

    def events(self) -> list[Any]:
        return self.store.event_rows()

    def start(self, event_id: int) -> dict[str, str]:
        live = self.live(event_id)
        if live.state == "ended":
            raise ServerError(f"event {event_id} has ended")
        codes = self.store.start(event_id, live.layout.places)
        self._changed(event_id)
        return {f"{section}{table}": code for (section, table), code in sorted(codes.items())}

    def codes(self, event_id: int) -> dict[Place, str]:
        """Each table's code (none before the session starts)."""
        return {Place(*key): code for key, code in sorted(self.store.codes(event_id).items())}

    def end(self, event_id: int) -> None:
        self.live(event_id)
        self._set(event_id, state="ended")

    def reopen(self, event_id: int) -> None:
        """Let the tables enter results again after the session was ended by mistake, until
        its results are published."""
        live = self.live(event_id)
        if live.state != "ended":
            raise Conflict(f"event {event_id} has not ended: nothing to reopen")
        published = live.published
        if published is not None and not published.get("mid_session"):
            raise Conflict(
                "the results are published: correct them from the grid and publish again, "
                "rather than reopen the session"
            )
        self._set(event_id, state="running")

    def site(self, event_id: int) -> dict[str, Any] | None:
        """The published results site: its address and how many changes to the results it
        lacks (``None``: not published)."""
        state = self.state(event_id)
        published = state.live.published
        if published is None:
            return None
        since = int(published.get("seq", 0))
        changes = self.store.entries(event_id, since) if state.seq > since else []
        return files.site(event_id, published, changes)

    def settings(self, event_id: int, given: Settings) -> Settings:
        """Change what the tables see, how artificial scores count and what the live page
        shows; the settings now."""
        live = self.live(event_id)
        kept = {"feedback": given.feedback, "live_travellers": given.live_travellers}
        changed = {k: v for k, v in kept.items() if v is not None and v != live.settings.get(k)}
        if changed:
            self._set(event_id, settings=json.dumps({**live.settings, **changed}))
        if given.fixed_averages is not None and given.fixed_averages != live.fixed_averages:
            data = dict(live.data)
            data["scoring"] = {**data.get("scoring", {}), "fixed_averages": given.fixed_averages}
            self._set(event_id, session=json.dumps(data))
        live = self.live(event_id)
        now = {"feedback": live.feedback, "fixed_averages": live.fixed_averages}
        return read(Settings, {**now, "live_travellers": live.live_travellers})

    def set_hands(self, event_id: int, text: str) -> None:
        """Load (or replace) the event's hand record, PBN text, checked as the CLI reads it."""
        self.live(event_id)
        read_hands(text)
        self._set(event_id, hands=text)

    # -- tables ---------------------------------------------------------------------------
    def table_event(self, who: Principal) -> LiveEvent:
        """The running event of a table's log-on."""
        return self._table_state(who).live

    def _table_state(self, who: Principal) -> EventState:
        """The kept state of a table's event, which must be running (read once a request)."""
        who.place  # noqa: B018 (refuses a director's log-on)
        state = self.state(who.event_id or 0, who.seen)
        if state.live.state != "running":
            raise Forbidden("the session is not running: ask the director")
        return state

    def _table_run(
        self, who: Principal, decide: Callable[[LiveEvent, FoldedLog], Decision]
    ) -> Outcome:
        """A table's step in its running event (:meth:`run`)."""
        return self.run(who.event_id or 0, who, decide, self._table_state(who))

    def rounds(self, who: Principal) -> list[dict[str, Any]]:
        """The table's rounds, in its running event."""
        state = self._table_state(who)
        with state.lock:
            return views.table_rounds(state.live, state.folded, who.place)

    def enter(self, who: Principal, body: ResultBody) -> Outcome:
        return self._table_run(who, lambda live, folded: actions.enter(live, folded, who, body))

    def confirm(self, who: Principal, client_id: str, accept: bool) -> Outcome:
        return self._table_run(
            who, lambda live, folded: actions.confirm(live, folded, who, client_id, accept)
        )

    def not_played(self, who: Principal, body: NotPlayedBody) -> Outcome:
        return self._table_run(
            who, lambda live, folded: actions.table_not_played(live, folded, who, body)
        )

    def undo_not_played(self, who: Principal, client_id: str) -> Outcome:
        """The table takes back its "not played" of a board (:func:`.actions.undo_not_played`)."""
        return self._table_run(
            who, lambda live, folded: actions.undo_not_played(live, folded, who, client_id)
        )

    def call(self, who: Principal) -> Outcome:
        return self._table_run(who, lambda _live, folded: actions.table_call(folded, who))

    def feedback(self, who: Principal, board: int) -> dict[str, Any]:
        """What the table may see of ``board`` once it is done there."""
        state = self._table_state(who)
        with state.lock:
            views.board_view(state.live, state.folded, None, who.place, board)  # may it?
        scored = state.scores.for_board(state, board)
        with state.lock:
            return views.board_view(state.live, state.folded, scored, who.place, board)

    # -- the director -----------------------------------------------------------------------
    def change(self, event_id: int, who: Principal, kind: Kind, body: DirectorChange) -> Outcome:
        return self.run(
            event_id,
            who,
            lambda live, folded: actions.director_change(live, folded, who, kind, body),
        )

    def close_round(self, event_id: int, who: Principal, body: CloseRound) -> Outcome:
        return self.run(event_id, who, lambda live, _folded: actions.close_round(live, who, body))

    def answer_call(self, event_id: int, who: Principal, body: AnswerCall) -> Outcome:
        return self.run(event_id, who, lambda live, _folded: actions.answer_call(live, who, body))

    def grid(self, event_id: int) -> Grid:
        """The grid, made from a copy of the fold once a change (:class:`.KeptGrid`)."""
        state = self.state(event_id)
        with state.lock:
            if state.grid is not None and state.grid.seq == state.seq:
                return state.grid
            folded, kept = state.folded.copy(), state.kept_grid
        found = kept.make(folded)
        with state.lock:
            if state.grid is None or state.grid.seq < found.seq:
                state.grid = found
        return found

    def audit(self, event_id: int) -> list[dict[str, Any]]:
        self.live(event_id)
        return [views.audit_row(entry) for entry in self.store.entries(event_id)]

    # -- scores and files -------------------------------------------------------------------
    def scored(self, event_id: int, *, patience: float = 0.0) -> PairsEvent | None:
        """The event scored on its results (a moment late, within ``patience`` seconds)."""
        state = self.state(event_id)
        return state.scores.get(state, patience=patience)

    def ranking(self, event_id: int, *, whole: bool = False) -> dict[str, Any]:
        """The event scored, as ``bridgescore score --json`` prints it, to a director or once
        the session has ended (``whole``); to anyone else while it runs, the rankings alone."""
        state = self.state(event_id)
        made = state.scores.snapshot(state)
        title = {"title": state.live.title}
        if whole or state.live.state == "ended":
            if made.event is None:
                return {"event": title, "rankings": [], "boards": []}
            return made.event.to_dict()
        return {"event": title, "rankings": made.rankings}

    def lines_session(self, event_id: int) -> Session:
        state = self.state(event_id)
        scored = state.scores.get(state)
        names = scored.session.names if scored is not None else {}
        return Session(state.ordered_lines(), names=names, source=f"event {event_id}")

    def names_csv(self, event_id: int) -> str:
        """The pairs' names as ``--names`` reads them (:func:`.files.names_csv`)."""
        return files.names_csv(self.live(event_id))

    def download(self, event_id: int, suffix: str) -> bytes:
        """The scored event as ``.pbn`` or ``.xml`` (USEBIO), as ``bridgescore export`` writes."""
        return files.download(self.scored(event_id), event_id, suffix)

    def publish(self, event_id: int, *, mid_session: bool = False) -> Path:
        """Write the results site (:func:`.files.publish`); return its folder."""
        state = self.state(event_id)
        made = state.scores.snapshot(state)
        target = files.publish(state.live, made, self.sites, mid_session=mid_session)
        published = {"seq": made.seq, "mid_session": state.live.state != "ended"}
        self._set(event_id, settings=json.dumps({**state.live.settings, "published": published}))
        return target

    def travellers_csv(self, event_id: int) -> str:
        from bridgescore.formats.csv import travellers

        return travellers.dumps(self.lines_session(event_id))
