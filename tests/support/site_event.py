"""The event the results-site tests render: the bundled club session with its hand record
(deals, double-dummy tables and par), and one pair's names carrying HTML (``<`` and ``&``) to
prove the pages escape them.
"""

from __future__ import annotations

from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.score import score_session
from bridgescore.core.table.traveller import EventInfo
from bridgescore.formats import pbn
from bridgescore.formats.csv import travellers
from tests.support.paths import EXAMPLES

SESSION = EXAMPLES / "club-session.csv"
NAMES = EXAMPLES / "club-names.csv"
HANDS = EXAMPLES / "club-hands.pbn"
TRICKY_NAMES = 'Ann <b>Bold</b> & Bo "Quotes"'
"""The names given to pair 1 NS: markup that must show as text."""


def club_event(*, deals: bool = True) -> PairsEvent:
    """The bundled club session, scored at matchpoints, with its title, names and (by default)
    its hand record: the deals and their double-dummy analysis."""
    session = travellers.load(SESSION, info=EventInfo(title="Club session"))
    session = session.with_names(travellers.load_names(NAMES))
    session = session.with_names({"1NS": TRICKY_NAMES})
    if deals:
        record = pbn.pbn_to_session(pbn.load(HANDS))
        session = session.with_deals(record.deals, record.double_dummy)
    return score_session(session)
