"""The club server's pages: phone-first HTML that reads without JavaScript.

* :mod:`.live`: the home page and each event's live results, for everyone;
* :mod:`.table`: a table's log-on, its round, entry and confirmation, and its feedback;
* :mod:`.accounts`: the director's log-on and accounts;
* :mod:`.director`: the director's console (events, grid, corrections, cards, publishing).
"""

from __future__ import annotations

__all__ = ["routers"]

from bridgescore.server.web.pages.accounts import router as accounts_router
from bridgescore.server.web.pages.director import router as director_router
from bridgescore.server.web.pages.live import router as live_router
from bridgescore.server.web.pages.table import router as table_router

routers = (live_router, table_router, accounts_router, director_router)
