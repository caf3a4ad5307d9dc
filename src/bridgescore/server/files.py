"""The files a live event gives: the names file, the scored event as PBN or USEBIO (what
``bridgescore export`` writes), and the results site, published into the server's sites folder
(before the session ends only when the director says so, and then without the boards still in
play).
"""

from __future__ import annotations

__all__ = ["download", "names_csv", "publish", "site"]

import csv
import io
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from bridgescore.core.pairs.event import PairsEvent
from bridgescore.server.domain import views
from bridgescore.server.domain.errors import Conflict, ServerError
from bridgescore.server.domain.fold import LogEntry
from bridgescore.server.domain.kinds import Kind
from bridgescore.server.domain.live_event import LiveEvent
from bridgescore.server.state import Snapshot


def names_csv(live: LiveEvent) -> str:
    """The pairs' names as ``--names`` reads them: CSV quoted as the csv module quotes it, a
    name a spreadsheet would take for a formula (``=``, ``+``, ``-``, ``@``) given a leading
    apostrophe."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["pair", "names"])
    for section in live.file.sections:
        for pair in section.pairs:
            label = pair.pair if section.letter is None else f"{section.letter} {pair.pair}"
            writer.writerow([_cell(label), _cell(pair.text)])
    return out.getvalue()


def _cell(text: str) -> str:
    """A CSV cell a spreadsheet shows as the text it is (not a formula).

    >>> print(_cell("Ann Smith"), _cell('=HYPERLINK("http://evil.example","x")'))
    Ann Smith '=HYPERLINK("http://evil.example","x")
    """
    return f"'{text}" if text[:1] in ("=", "+", "-", "@") else text


def download(scored: PairsEvent | None, event_id: int, suffix: str) -> bytes:
    """The scored event as ``.pbn`` or ``.xml`` (USEBIO), as ``bridgescore export`` writes."""
    from bridgescore.events.files import dump

    if scored is None:
        raise ServerError("no results yet")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"event-{event_id}{suffix}"
        dump(scored, path)
        return path.read_bytes()


def publish(live: LiveEvent, made: Snapshot, sites: Path, *, mid_session: bool) -> Path:
    """Write the results site of the event as scored into ``sites``; return its folder."""
    from bridgescore.render.html import render_site

    if made.event is None:
        raise ServerError("no results yet: nothing to publish")
    target = sites / f"event-{live.id}"
    running = live.state != "ended"
    if running and not mid_session:
        raise Conflict(
            "the session is still running: publish it when it has ended, or publish it now "
            "without the boards still in play"
        )
    if running:
        render_site(views.public_event(made.event, made.finished), target, downloads=[])
    else:
        render_site(made.event, target)
    return target


def site(event_id: int, published: Mapping[str, Any], since: Iterable[LogEntry]) -> dict[str, Any]:
    """The published site: its address, how many changes to the results it lacks (the log's
    entries ``since`` it was published, calls left out), and whether it was published before
    the end."""
    changes = sum(1 for entry in since if entry.kind not in (Kind.CALL, Kind.CALL_ANSWERED))
    return {
        "url": f"/sites/event-{event_id}/index.html",
        "stale": changes,
        "mid_session": bool(published.get("mid_session")),
    }
