"""Hand evaluation: high-card points, controls, the losing trick count and shape.

* **HCP**: ace 4, king 3, queen 2, jack 1 (a deal has 40).
* **Controls**: ace 2, king 1 (a deal has 12).
* **Losing trick count**, the standard method: in each suit a void has no loser; a singleton
  one unless it is the ace; a doubleton two, less one for each of the ace and king; three cards or
  more three, less one for each of the ace, king and queen among them.
* **Shape**: the suit lengths longest first (``5-4-3-1``), or in suit order S-H-D-C
  (``4-5-3-1``, "exact" shape).

>>> hand = Hand.parse("AKQ52.J9.T87.432")
>>> hcp(hand), controls(hand), losers(hand), shape(hand), exact_shape(hand), is_balanced(hand)
(10, 3, 8, '5-3-3-2', '5-2-3-3', True)
"""

from __future__ import annotations

__all__ = ["controls", "exact_shape", "hcp", "is_balanced", "losers", "shape", "suit_losers"]

from bridgescore.core.table.deal import SUITS_DOWN, Hand, Suit

_ACE, _KING, _QUEEN = 14, 13, 12


def hcp(hand: Hand) -> int:
    """High-card points: A 4, K 3, Q 2, J 1 (as :attr:`Hand.hcp`)."""
    return hand.hcp


def controls(hand: Hand) -> int:
    """Controls: A 2, K 1."""
    return sum(max(0, card.rank - 12) for card in hand.cards)


def suit_losers(ranks: set[int]) -> int:
    """The losers of one suit holding (ranks 2-14) by the standard count.

    >>> [suit_losers(r) for r in (set(), {14}, {13}, {14, 13}, {13, 5}, {14, 13, 12, 2}, {11, 10, 9})]
    [0, 0, 1, 0, 1, 0, 3]
    """
    length = len(ranks)
    if length == 0:
        return 0
    top = {_ACE, _KING, _QUEEN} if length >= 3 else {_ACE, _KING} if length == 2 else {_ACE}
    return min(length, 3) - len(ranks & top)


def losers(hand: Hand) -> int:
    """The losing trick count of a hand (0 to 12)."""
    return sum(suit_losers({c.rank for c in hand.cards if c.suit is suit}) for suit in Suit)


def _lengths(hand: Hand) -> list[int]:
    return [sum(1 for c in hand.cards if c.suit is suit) for suit in SUITS_DOWN]


def shape(hand: Hand) -> str:
    """The suit lengths, longest first: ``5-4-3-1``."""
    return "-".join(str(n) for n in sorted(_lengths(hand), reverse=True))


def exact_shape(hand: Hand) -> str:
    """The suit lengths in the order spades, hearts, diamonds, clubs: ``4-5-3-1``."""
    return "-".join(str(n) for n in _lengths(hand))


def is_balanced(hand: Hand) -> bool:
    """4-3-3-3, 4-4-3-2 or 5-3-3-2."""
    return shape(hand) in ("4-3-3-3", "4-4-3-2", "5-3-3-2")
