"""The club server's service: what the API and the pages ask for, over the store and the
library. It keeps each event's fold and scored results cached until the log grows.

Everything it scores goes through :func:`bridgescore.events.session.score_plan`, the call
``bridgescore score session.toml`` makes; the traveller CSV it exports is written by the CLI's
own writer, so the CLI scores it to the same ranking.
"""

from __future__ import annotations

__all__ = ["Club"]

import json
import tempfile
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bridgescore.core.errors import BridgeScoreError
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.table.traveller import Session
from bridgescore.server.errors import Forbidden, ServerError
from bridgescore.server.fold import FoldedLog, fold
from bridgescore.server.live_event import LiveEvent, event_record
from bridgescore.server.store import Principal, Store


class Club:
    """One club server's events (see the module docstring)."""

    def __init__(self, store: Store, sites: Path) -> None:
        self.store, self.sites = store, sites
        self._lock = threading.Lock()
        self._events: dict[int, tuple[str, LiveEvent]] = {}
        self._folds: dict[int, tuple[tuple[int, int], FoldedLog, PairsEvent | None, bool]] = {}

    # -- events -----------------------------------------------------------------------
    def create(self, body: object, who: Principal) -> int:
        record = event_record(body)
        title = json.loads(str(record["session"])).get("title") or "Club session"
        return self.store.add_event(str(title), record, who.name)

    def live(self, event_id: int) -> LiveEvent:
        row = self.store.event_row(event_id)
        with self._lock:
            cached = self._events.get(event_id)
            if cached is not None and cached[0] == _version(row):
                return cached[1]
        live = LiveEvent.from_row(event_id, row.state, row._mapping)
        with self._lock:
            self._events[event_id] = (_version(row), live)
        return live

    def start(self, event_id: int) -> dict[str, str]:
        live = self.live(event_id)
        if live.state == "ended":
            raise ServerError(f"event {event_id} has ended")
        codes = self.store.start(event_id, live.tables)
        return {f"{section}{table}": code for (section, table), code in sorted(codes.items())}

    def end(self, event_id: int) -> None:
        self.live(event_id)
        self.store.set_event(event_id, state="ended")

    def set_feedback(self, event_id: int, feedback: str) -> None:
        live = self.live(event_id)
        from bridgescore.server.live_event import FEEDBACK

        if feedback not in FEEDBACK:
            raise ServerError(f"feedback is one of {', '.join(FEEDBACK)}, not {feedback!r}")
        self.store.set_event(event_id, settings=json.dumps({**live.settings, "feedback": feedback}))

    def set_hands(self, event_id: int, text: str) -> None:
        """Load (or replace) the event's hand record, PBN text, checked as the CLI reads it."""
        from bridgescore.server.live_event import check_hands

        self.live(event_id)
        check_hands(text)
        self.store.set_event(event_id, hands=text)
        self._forget(event_id)

    def _forget(self, event_id: int) -> None:
        with self._lock:
            self._events.pop(event_id, None)
            self._folds.pop(event_id, None)

    def set_averages(self, event_id: int, fixed: bool) -> None:
        """Artificial scores flat 60/50/40 (``fixed``) or Law 12C2(c)'s session percentage."""
        live = self.live(event_id)
        data = dict(live.data)
        data["scoring"] = {**data.get("scoring", {}), "fixed_averages": fixed}
        self.store.set_event(event_id, session=json.dumps(data))
        self._forget(event_id)

    # -- the log folded and scored ----------------------------------------------------
    def folded(self, live: LiveEvent) -> tuple[FoldedLog, PairsEvent | None]:
        size = self.store.log_size(live.id)
        with self._lock:
            cached = self._folds.get(live.id)
            if cached is not None and cached[0] == size:
                return cached[1], cached[2]
        state = fold(live.layout, self.store.entries(live.id))
        scored = live.score(state)
        with self._lock:
            self._folds[live.id] = (size, state, scored, True)
        return state, scored

    def ranking(self, event_id: int) -> dict[str, Any]:
        live = self.live(event_id)
        _state, scored = self.folded(live)
        if scored is None:
            return {"event": {"title": live.title}, "rankings": [], "boards": []}
        return scored.to_dict()

    def lines_session(self, live: LiveEvent) -> Session:
        state, scored = self.folded(live)
        names = scored.session.names if scored is not None else {}
        return Session(tuple(live.lines(state)), names=names, source=f"event {live.id}")

    def travellers_csv(self, event_id: int) -> str:
        from bridgescore.formats.csv import travellers

        return travellers.dumps(self.lines_session(self.live(event_id)))

    def names_csv(self, event_id: int) -> str:
        live = self.live(event_id)
        rows = ["pair,names"]
        for section in live.file.sections:
            for pair in section.pairs:
                label = pair.pair if section.letter is None else f"{section.letter} {pair.pair}"
                rows.append(f'"{label}","{pair.text}"')
        return "\n".join(rows) + "\n"

    def download(self, event_id: int, suffix: str) -> bytes:
        """The scored event as ``.pbn`` or ``.xml`` (USEBIO), as ``bridgescore export`` writes."""
        from bridgescore.events.files import dump

        live = self.live(event_id)
        _state, scored = self.folded(live)
        if scored is None:
            raise ServerError("no results yet")
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / f"event-{event_id}{suffix}"
            dump(scored, path)
            return path.read_bytes()

    def publish(self, event_id: int) -> Path:
        """Write the results site into the server's sites folder; return its folder."""
        from bridgescore.render.html import render_site

        live = self.live(event_id)
        _state, scored = self.folded(live)
        if scored is None:
            raise ServerError("no results yet: nothing to publish")
        target = self.sites / f"event-{event_id}"
        render_site(scored, target)
        return target

    def audit(self, event_id: int) -> list[dict[str, Any]]:
        self.live(event_id)
        return [
            {
                "seq": e.seq,
                "at": e.at,
                "kind": e.kind,
                "section": e.section,
                "table": e.table,
                "round": e.round,
                "board": e.board,
                "id": e.client_id,
                "by": e.actor,
                "device": e.device,
                "payload": dict(e.payload),
            }
            for e in self.store.entries(event_id)
        ]

    # -- tables ---------------------------------------------------------------------------
    def table_event(self, who: Principal) -> LiveEvent:
        if who.role != "table" or who.event_id is None:
            raise Forbidden("this is for a table's log-on")
        live = self.live(who.event_id)
        if live.state != "running":
            raise Forbidden("the session is not running: ask the director")
        return live

    def rounds(self, who: Principal) -> list[dict[str, Any]]:
        live = self.live(who.event_id or 0)
        section, table = who.section or "", who.table or 0
        state = fold(live.layout, self.store.entries(live.id, section, table))
        current = state.round_of(section, table)
        answer = []
        for number, ns, ew, boards in live.layout.rounds[(section, table)]:
            slots = {b: state.slot(section, table, number, b) for b in boards}
            answer.append(
                {
                    "round": number,
                    "ns": ns,
                    "ew": ew,
                    "boards": list(boards),
                    "current": number == current,
                    "done": [b for b, slot in slots.items() if slot.done],
                    "entered": {
                        str(b): _waiting(slot.client_id, slot.fields or {}, b)
                        for b, slot in slots.items()
                        if slot.status == "entered"
                    },
                }
            )
        return answer

    def feedback(self, who: Principal, board: int) -> dict[str, Any]:
        """What the table may see of ``board`` once it is done there (the director's setting);
        never a board this table has still to play."""
        live = self.live(who.event_id or 0)
        state, scored = self.folded(live)
        section, table = who.section or "", who.table or 0
        mine = [
            (number, slot)
            for (s, t, number, b), slot in state.slots.items()
            if (s, t, b) == (section, table, board)
        ]
        setting = live.settings.get("feedback", "traveller")
        if not mine or not mine[0][1].done:
            raise Forbidden(f"board {board} has no confirmed result at this table yet")
        number = mine[0][0]
        current = state.round_of(section, table)
        if setting == "off" or (
            setting == "round-end" and current is not None and current <= number
        ):
            raise Forbidden("the director shows the results later")
        if scored is None:
            return {"board": board, "lines": []}
        return _board_view(live, scored, board, section, table, own=setting == "own")


def _waiting(client_id: str | None, fields: Mapping[str, str], board: int) -> dict[str, Any]:
    """An entry waiting for the opponents: its fields and the NS score they confirm."""
    from bridgescore.server.live_event import read_fields

    score = read_fields({**fields, "ns": "1", "ew": "2"}, board).ns_score
    return {"id": client_id, **fields, "ns_score": score}


def _version(row: Any) -> str:
    """What tells a cached event from a changed one."""
    return f"{row.state}|{row.settings}|{hash(row.session)}|{hash(row.hands)}"


def _board_view(
    live: LiveEvent, scored: PairsEvent, board: int, section: str, table: int, own: bool
) -> dict[str, Any]:
    letter = live.letter(section)
    try:
        played = scored.board(board, letter)
    except (KeyError, BridgeScoreError):
        return {"board": board, "lines": []}
    lines = []
    for line in played.lines:
        top = played.top_of(line)
        percent = None if not top else float(line.ns_points / top * 100)
        row: Mapping[str, Any] = {
            "ns": line.line.ns,
            "ew": line.line.ew,
            "result": "" if line.line.result is None else str(line.line.result),
            "score": line.line.ns_score if line.line.adjusted is None else str(line.line.adjusted),
            "ns_percent": None if percent is None else round(percent, 2),
            "ours": line.line.table == table,
        }
        if not own or row["ours"]:
            lines.append(dict(row))
    return {"board": board, "lines": lines}
