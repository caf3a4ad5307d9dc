"""The event the results-site tests render: the bundled club session with hand records.

The bundled session has no hand record, so seeded random deals are added here, and one pair's
names carry HTML (``<`` and ``&``) to prove the pages escape them.
"""

from __future__ import annotations

import random

from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.score import score_session
from bridgescore.core.table.deal import Card, Deal, Hand, Suit
from bridgescore.core.table.seats import Seat
from bridgescore.core.table.traveller import EventInfo
from bridgescore.formats.csv import travellers
from tests.support.paths import EXAMPLES

SESSION = EXAMPLES / "club-session.csv"
NAMES = EXAMPLES / "club-names.csv"
TRICKY_NAMES = 'Ann <b>Bold</b> & Bo "Quotes"'
"""The names given to pair 1 NS: markup that must show as text."""


def seeded_deals(boards: list[int], seed: int = 2024) -> dict[int, Deal]:
    """A random but repeatable deal for each board."""
    generator = random.Random(seed)
    pack = [Card(suit, rank) for suit in Suit for rank in range(2, 15)]
    deals = {}
    for board in boards:
        generator.shuffle(pack)
        hands: dict[Seat, Hand | None] = {
            seat: Hand.of(pack[13 * i : 13 * i + 13]) for i, seat in enumerate(Seat)
        }
        deals[board] = Deal.of(hands)
    return deals


def club_event(*, deals: bool = True) -> PairsEvent:
    """The bundled club session, scored at matchpoints, with its title, names and (by default)
    deals."""
    session = travellers.load(SESSION, info=EventInfo(title="Club session"))
    session = session.with_names(travellers.load_names(NAMES))
    session = session.with_names({"1NS": TRICKY_NAMES})
    if deals:
        session = session.with_deals(seeded_deals(list(session.boards)))
    return score_session(session)
