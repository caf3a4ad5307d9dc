"""Dealing: random deals differ, secret deals repeat exactly, and 100,000 dealt boards have the
suit lengths and high-card points the mathematics of a shuffled pack gives (chi-squared)."""

from __future__ import annotations

import hashlib
from collections import Counter
from math import comb, sqrt

import pytest

from bridgescore.core.errors import NotationError
from bridgescore.core.hands.dealing import (
    commitment,
    new_secret,
    parse_secret,
    random_deal,
    secret_deal,
    secret_number,
)
from bridgescore.core.table.deal import Suit
from bridgescore.core.table.seats import Seat

SECRET = bytes(range(32))
PUBLIC = "Dow Jones close 2026-11-19: 44123.45"


def test_random_deals_differ() -> None:
    deals = {random_deal().to_pbn() for _ in range(50)}
    assert len(deals) == 50
    assert new_secret() != new_secret() and len(new_secret()) == 32


def test_a_secret_and_a_public_value_give_the_same_deals_every_time() -> None:
    first = [secret_deal(SECRET, PUBLIC, 1, board) for board in range(1, 33)]
    again = [secret_deal(SECRET, PUBLIC, 1, board) for board in range(1, 33)]
    assert first == again
    assert len({d.to_pbn() for d in first}) == 32
    # Another set, another public value or another secret: other deals.
    assert secret_deal(SECRET, PUBLIC, 2, 1) != first[0]
    assert secret_deal(SECRET, PUBLIC + " ", 1, 1) != first[0]
    assert secret_deal(bytes(32), PUBLIC, 1, 1) != first[0]


def test_the_method_is_hmac_sha256_as_documented() -> None:
    # Worked by hand from the description: the message, the first draw, the number below D.
    import hmac

    from bridgescore.core.hands.numbering import DEALS

    message = f"hmac-sha256-pavlicek-v1\n{PUBLIC}\n1\n7\n0".encode()
    draw = int.from_bytes(hmac.new(SECRET, message, hashlib.sha256).digest(), "big")
    assert draw < (1 << 256) // DEALS * DEALS
    assert secret_number(SECRET, PUBLIC, 1, 7) == draw % DEALS


def test_the_commitment_is_the_sha256_of_the_secret() -> None:
    assert commitment(SECRET) == hashlib.sha256(SECRET).hexdigest()


def test_secrets_are_hexadecimal_and_long_enough() -> None:
    assert parse_secret(SECRET.hex().upper()) == SECRET
    assert parse_secret(" ".join([SECRET.hex()[:32], SECRET.hex()[32:]])) == SECRET
    with pytest.raises(NotationError, match="hexadecimal"):
        parse_secret("not hex at all, not at all")
    with pytest.raises(NotationError, match="128 bits"):
        parse_secret("abcd")


# --- the distribution ---------------------------------------------------------------------------

DEALT = 100_000
CRITICAL_Z = 3.719
"""The normal quantile of p = 0.0001: a fair dealer fails one run in ten thousand."""


def length_odds() -> list[float]:
    """Chance that a hand holds k cards of a suit (hypergeometric)."""
    return [comb(13, k) * comb(39, 13 - k) / comb(52, 13) for k in range(14)]


def hcp_odds() -> list[float]:
    """Chance that a hand has p high-card points: count the hands by their honours."""
    ways = {(0, 0): 1}  # (cards, points) -> hands
    for value, count in ((4, 4), (3, 4), (2, 4), (1, 4), (0, 36)):
        for _ in range(count):
            grown = dict(ways)
            for (cards, points), n in ways.items():
                if cards < 13:
                    key = (cards + 1, points + value)
                    grown[key] = grown.get(key, 0) + n
            ways = grown
    total = comb(52, 13)
    return [ways.get((13, p), 0) / total for p in range(38)]


def chi_squared_passes(seen: Counter[int], odds: list[float], n: int) -> bool:
    """Pearson's test, cells with fewer than 5 expected joined to their neighbour; the critical
    value from the Wilson-Hilferty approximation of the chi-squared quantile."""
    cells: list[tuple[float, int]] = []
    expected = observed = 0.0
    for value, chance in enumerate(odds):
        expected += chance * n
        observed += seen.get(value, 0)
        if expected >= 5:
            cells.append((expected, int(observed)))
            expected = observed = 0.0
    if expected:
        last_expected, last_observed = cells.pop()
        cells.append((last_expected + expected, last_observed + int(observed)))
    statistic = sum((o - e) ** 2 / e for e, o in cells)
    free = len(cells) - 1
    critical = free * (1 - 2 / (9 * free) + CRITICAL_Z * sqrt(2 / (9 * free))) ** 3
    return statistic < critical


def test_a_hundred_thousand_deals_look_like_a_shuffled_pack() -> None:
    lengths: Counter[int] = Counter()
    points: Counter[int] = Counter()
    for board in range(1, DEALT + 1):
        north = secret_deal(SECRET, PUBLIC, 1, board).hand(Seat.NORTH)
        assert north is not None
        lengths[sum(1 for card in north.cards if card.suit is Suit.SPADES)] += 1
        points[north.hcp] += 1
    assert chi_squared_passes(lengths, length_odds(), DEALT)
    assert chi_squared_passes(points, hcp_odds(), DEALT)


def test_the_test_catches_a_dealer_that_is_not_fair() -> None:
    # A dealer that moves one North hand in fifty from three spades to five fails.
    lengths = Counter({k: round(p * DEALT) for k, p in enumerate(length_odds())})
    lengths[5] += DEALT // 50
    lengths[3] -= DEALT // 50
    assert not chi_squared_passes(lengths, length_odds(), DEALT)
    assert chi_squared_passes(
        Counter({k: round(p * DEALT) for k, p in enumerate(length_odds())}), length_odds(), DEALT
    )
