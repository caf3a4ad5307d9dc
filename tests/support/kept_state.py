"""What the tests of the server's kept state share: a two-section event, its director, a
table's log-on, and the check that a worker's kept state (its grid too) is the fold of the
whole log."""

from __future__ import annotations

import json
from typing import Any

from bridgescore.server.club import Club
from bridgescore.server.domain.fold import fold
from bridgescore.server.domain.grid import grid
from bridgescore.server.domain.layout import Place
from bridgescore.server.domain.people import Principal, Role

EVENT = {
    "title": "Two sections",
    "scoring": {"rules": "ebu"},
    "sections": [
        {"letter": "A", "tables": 3, "movement": "howell", "boards": "1-10"},
        {"letter": "B", "tables": 4, "movement": "mitchell", "boards": "1-8"},
    ],
}
DIRECTOR = Principal(Role.DIRECTOR, "ann", "laptop")


def table_of(live_event: Any, place: Place, event_id: int) -> Principal:
    """The log-on of the table at ``place``."""
    return Principal(Role.TABLE, f"table {place}", "phone", event_id, *place)


def same_as_the_whole_log(club: Club, event_id: int) -> None:
    """The worker's kept slots, rounds, calls, traveller lines and scores are those of folding
    the whole log afresh and scoring it."""
    state = club.state(event_id)
    live = state.live
    whole = fold(live.layout, club.store.entries(event_id))
    kept = state.folded
    assert kept.slots == whole.slots
    assert kept.current == whole.current
    assert {p: e.seq for p, e in kept.calls.items()} == {p: e.seq for p, e in whole.calls.items()}
    lines = {key: live.line(key, slot) for key, slot in whole.slots.items()}
    assert state.lines == {key: line for key, line in lines.items() if line is not None}
    scored = club.scored(event_id)
    again = live.score(line for _key, line in sorted(state.lines.items()))
    assert (scored is None) == (again is None)
    if scored is not None and again is not None:
        assert scored.to_dict() == again.to_dict()
    grid_of_the_whole_log(club, event_id)


def grid_of_the_whole_log(club: Club, event_id: int) -> None:
    """The director's grid, its rows kept between asks, is the grid of the whole log folded
    afresh, and its JSON says the same."""
    state = club.state(event_id)
    made = club.grid(event_id)
    assert made.sections == grid(fold(state.live.layout, club.store.entries(event_id)))
    assert json.loads(made.json) == made.sections
