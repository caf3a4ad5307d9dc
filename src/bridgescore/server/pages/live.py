"""The pages for everyone: the home page (the events, the log-on links) and each event's live
results, which htmx refreshes as results come in. A board's traveller is shown only once every
table has finished it (or the session has ended): nobody sees a board they still have to play.
"""

from __future__ import annotations

__all__ = ["router"]

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from bridgescore.server.access import club_of
from bridgescore.server.fold import FoldedLog
from bridgescore.server.live_event import LiveEvent
from bridgescore.server.pages.common import page

router = APIRouter(include_in_schema=False)


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> HTMLResponse:
    rows = club_of(request).store.event_rows()
    events = [r for r in rows if r.state in ("running", "ended")][:20]
    return page(request, "home.html", events=events)


def finished_boards(live: LiveEvent, state: FoldedLog) -> set[tuple[str, int]]:
    """The boards (section, board) every table playing them has finished."""
    boards: dict[tuple[str, int], bool] = {}
    for key in live.layout.slots():
        section, _table, _round, board = key
        where = (section, board)
        boards[where] = boards.get(where, True) and state.slot(*key).done
    return {where for where, done in boards.items() if done or live.state == "ended"}


def live_view(request: Request, event_id: int) -> dict[str, Any]:
    club = club_of(request)
    live = club.live(event_id)
    state, scored = club.folded(live)
    shown = finished_boards(live, state)
    data = scored.to_dict() if scored is not None else {"rankings": [], "boards": []}
    unfinished = {key[3] for key in live.layout.slots() if (key[0], key[3]) not in shown}
    everywhere = {board for _section, board in shown} - unfinished
    boards = [
        b
        for b in data["boards"]
        if (
            b["board"] in everywhere
            if b["section"] is None
            else (b["section"], b["board"]) in shown
        )
    ]
    done = sum(1 for key in live.layout.slots() if state.slot(*key).done)
    total = sum(1 for _ in live.layout.slots())
    return {
        "live": live,
        "rankings": data["rankings"],
        "boards": boards,
        "done": done,
        "total": total,
    }


@router.get("/events/{event_id}", response_class=HTMLResponse)
def live_results(request: Request, event_id: int) -> HTMLResponse:
    return page(request, "live.html", **live_view(request, event_id))


@router.get("/events/{event_id}/live", response_class=HTMLResponse)
def live_fragment(request: Request, event_id: int) -> HTMLResponse:
    return page(request, "live_part.html", **live_view(request, event_id))
