"""The pages for everyone: the home page (the events, the log-on links) and each event's live
results, which the server pushes to the page as results come in (the page asks again every
little while where pushes do not get through). A board's traveller is shown only once every
table has finished it (or the session has ended): nobody sees a board they still have to play.
"""

from __future__ import annotations

__all__ = ["router"]

import functools

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, StreamingResponse
from markupsafe import Markup
from starlette.concurrency import run_in_threadpool

from bridgescore.server.web.access import club_of
from bridgescore.server.web.pages.common import page, stream_response

router = APIRouter(include_in_schema=False)


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> HTMLResponse:
    club = club_of(request)
    events = [r for r in club.events() if r.state in ("running", "ended")][:20]
    published = {r.id for r in events if (club.sites / f"event-{r.id}" / "index.html").exists()}
    return page(request, "home.html", events=events, published=published)


@router.get("/events/{event_id}", response_class=HTMLResponse)
def live_results(request: Request, event_id: int) -> HTMLResponse:
    part = Markup(request.app.state.pushes.live_part(event_id))  # made by our own template
    return page(request, "live.html", live=club_of(request).live(event_id), part=part)


@router.get("/events/{event_id}/live", response_class=HTMLResponse)
def live_fragment(request: Request, event_id: int) -> HTMLResponse:
    return HTMLResponse(request.app.state.pushes.live_part(event_id))


@router.get("/events/{event_id}/stream")
async def live_stream(request: Request, event_id: int) -> StreamingResponse:
    """The live page's part, pushed after each change (server-sent events)."""
    club = club_of(request)
    await run_in_threadpool(club.live, event_id)  # no such event: 404

    pushes = request.app.state.pushes
    render = functools.partial(pushes.live_part, event_id)
    return stream_response(pushes.stream(event_id, "live", render, shared=True))
