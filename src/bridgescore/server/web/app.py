"""The club server's application: the JSON API, the pages, the live pushes, the static files
(the vendored htmx) and the published results sites, over one database. This is where the
domain's answers become HTTP: each kind of error its status.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as folder:
...     app = create_app(pathlib.Path(folder) / "club.db")
...     paths = app.openapi()["paths"]
...     app.state.club.store.engine.dispose()
>>> "/api/results" in paths and "/api/tables/login" in paths and "/api/events/{event_id}/ranking" in paths
True
"""

from __future__ import annotations

__all__ = ["SERVER_COLLECTOR", "create_app", "from_environment", "settle"]

import gc
import logging
import os
import secrets
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import OperationalError
from starlette.exceptions import HTTPException

from bridgescore._version import __version__
from bridgescore.core.errors import BridgeScoreError
from bridgescore.server.club import LIVE_PATIENCE, Club
from bridgescore.server.domain.commands import unreadable
from bridgescore.server.storage.database import connect, database_url, default_path
from bridgescore.server.storage.store import Store
from bridgescore.server.web.limits import BodyLimit
from bridgescore.server.web.statuses import status_of

HERE = Path(__file__).parent
log = logging.getLogger("bridgescore.server")

SERVER_COLLECTOR = (50_000, 10, 10)
"""The cycle collector's thresholds in a server's process (Python's are ``(700, 10, 10)``).
An event's kept state and scorings are many objects that live for the session; with Python's
thresholds a worker searched them all for cycles 14 to 17 times a minute at 1,000 tables
(gen 2, 140-190 ms each, every thread stopped) and spent about 5 s a minute in the collector.
Young objects are collected 70 times less often here: at 1,000 tables on two workers 1.5 s a
minute in all, and a table's rounds' p95 1.35 s, against 2.9 s (``bench_live``'s load)."""


def settle() -> None:
    """The process settings of a server that is about to serve: what starting it made (the
    modules, the routes, the templates) is frozen out of the cycle collector's reach, and the
    collector runs at :data:`SERVER_COLLECTOR` (see there). Only the serving process calls it:
    ``bridgescore serve``, each of its workers (:func:`from_environment`)."""
    gc.freeze()
    gc.set_threshold(*SERVER_COLLECTOR)


def _sites_folder(where: str | os.PathLike[str] | None) -> Path:
    url = database_url(where)
    if url.startswith("sqlite:///"):
        return Path(url.removeprefix("sqlite:///")).parent / "sites"
    return default_path().parent / "sites"


def _error(request: Request, status: int, message: str) -> Response:
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": message}, status_code=status)
    from bridgescore.server.web.pages.common import error_page

    return error_page(request, status, message)


def create_app(
    where: str | os.PathLike[str] | None = None,
    *,
    sites: str | os.PathLike[str] | None = None,
    live_patience: float = LIVE_PATIENCE,
    public_url: str | None = None,
    shared: bool = False,
) -> FastAPI:
    """The server for the database at ``where`` (a path or a URL; see
    :mod:`bridgescore.server.storage.database`), publishing sites into ``sites``; its live page
    at most ``live_patience`` seconds late (:class:`~bridgescore.server.club.Club`); the cards
    and links the players follow start ``public_url`` (else the address the browser used);
    ``shared``: the live page shows the scores the scorer process made while it runs
    (:mod:`bridgescore.server.live_page`)."""
    from bridgescore.server.web.api import router
    from bridgescore.server.web.pages import routers
    from bridgescore.server.web.push import Pushes
    from bridgescore.server.web.turns import Turns

    store = Store(connect(where))
    folder = Path(sites) if sites is not None else _sites_folder(where)
    folder.mkdir(parents=True, exist_ok=True)
    app = FastAPI(title="bridgescore club server", version=__version__, docs_url="/api/docs")
    app.state.club = Club(store, folder, live_patience=live_patience, shared=shared)
    app.state.csrf_key = store.accounts.secret("csrf", secrets.token_hex(32))
    app.state.pushes = Pushes(app.state.club)
    app.state.logons = Turns()
    app.state.public_url = public_url
    app.include_router(router)
    for page_router in routers:
        app.include_router(page_router)
    app.add_middleware(BodyLimit)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    app.mount("/sites", StaticFiles(directory=folder, html=True), name="sites")

    @app.exception_handler(BridgeScoreError)
    def refused(request: Request, error: BridgeScoreError) -> Response:
        return _error(request, status_of(error), str(error))

    @app.exception_handler(OperationalError)
    def database_failed(request: Request, error: OperationalError) -> Response:
        reason = str(error.orig or error).strip().splitlines()[0]
        log.error("the database failed at %s %s: %s", request.method, request.url.path, reason)
        said = f"the server cannot store or read this now ({reason}): tell the director"
        return _error(request, 503, said)

    @app.exception_handler(HTTPException)
    def http_refusal(request: Request, error: HTTPException) -> Response:
        if error.status_code == 400 and error.detail == "There was an error parsing the body":
            said = "the request cannot be read: its body is no JSON this server can read"
            return _error(request, 422, said + " (nested too deeply?)")
        return _error(request, error.status_code, str(error.detail))

    @app.exception_handler(RequestValidationError)
    def cannot_read(request: Request, error: RequestValidationError) -> Response:
        return _error(request, 422, unreadable(error.errors()))

    @app.get("/health", response_class=HTMLResponse, include_in_schema=False)
    def health() -> str:
        """For a proxy or a monitor: ``ok`` while this worker and its database answer (503
        and the reason when the database does not)."""
        store.ping()
        return "ok"

    return app


def from_environment() -> FastAPI:
    """The app of ``bridgescore serve --workers N``: each worker process makes its own, on the
    database, sites folder and public address the command put in ``BRIDGESCORE_DB``,
    ``BRIDGESCORE_SITES`` and ``BRIDGESCORE_PUBLIC_URL``, and settles the process
    (:func:`settle`); its live page shows the scorer's scores while the scorer runs."""
    app = create_app(
        os.environ.get("BRIDGESCORE_DB") or None,
        sites=os.environ.get("BRIDGESCORE_SITES") or None,
        public_url=os.environ.get("BRIDGESCORE_PUBLIC_URL") or None,
        shared=True,
    )
    settle()
    return app
