"""Strains (denominations) in bidding order, and the doubling state of a contract.

>>> Strain.CLUBS < Strain.DIAMONDS < Strain.HEARTS < Strain.SPADES < Strain.NOTRUMP
True
>>> Strain.parse("♠"), Strain.parse("nt"), Strain.parse("N"), Strain.parse("hearts")
(Strain.SPADES, Strain.NOTRUMP, Strain.NOTRUMP, Strain.HEARTS)
>>> str(Strain.NOTRUMP), Strain.SPADES.symbol, Doubling.parse("xx").multiplier
('NT', '♠', 4)
"""

from __future__ import annotations

__all__ = ["Doubling", "Strain"]

from enum import IntEnum

from bridgescore.core.errors import NotationError

# Every spelling people type, longest first within a strain is not needed: lookup is whole-token.
STRAIN_SPELLINGS: dict[str, str] = {
    "C": "C",
    "♣": "C",
    "♧": "C",
    "CLUB": "C",
    "CLUBS": "C",
    "D": "D",
    "♦": "D",
    "♢": "D",
    "DIAMOND": "D",
    "DIAMONDS": "D",
    "H": "H",
    "♥": "H",
    "♡": "H",
    "HEART": "H",
    "HEARTS": "H",
    "S": "S",
    "♠": "S",
    "♤": "S",
    "SPADE": "S",
    "SPADES": "S",
    "N": "NT",
    "NT": "NT",
    "NOTRUMP": "NT",
    "NOTRUMPS": "NT",
    "NO TRUMP": "NT",
    "NO TRUMPS": "NT",
    "NO-TRUMP": "NT",
    "NO-TRUMPS": "NT",
    "SA": "NT",
}


class Strain(IntEnum):
    """The five strains, ordered as in the auction: C < D < H < S < NT."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    def __repr__(self) -> str:
        return f"Strain.{self.name}"

    def __str__(self) -> str:
        return _LETTERS[self]

    @property
    def letter(self) -> str:
        """``C``, ``D``, ``H``, ``S`` or ``NT``."""
        return _LETTERS[self]

    @property
    def symbol(self) -> str:
        """``♣``, ``♦``, ``♥``, ``♠`` or ``NT``."""
        return _SYMBOLS[self]

    @property
    def is_minor(self) -> bool:
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    @property
    def is_major(self) -> bool:
        return self in (Strain.HEARTS, Strain.SPADES)

    @property
    def first_trick_value(self) -> int:
        """Undoubled trick value of the first odd trick: 20, 30 or 40 (NT)."""
        return 40 if self is Strain.NOTRUMP else self.trick_value

    @property
    def trick_value(self) -> int:
        """Undoubled trick value of each later odd trick: 20 (minors) or 30 (majors, NT)."""
        return 20 if self.is_minor else 30

    @classmethod
    def parse(cls, text: str) -> Strain:
        """Read a strain: a letter, a suit symbol or a word (case-insensitive)."""
        key = STRAIN_SPELLINGS.get(text.strip().upper())
        if key is None:
            raise NotationError(text, "a strain is C, D, H, S or NT")
        return _BY_LETTER[key]


_LETTERS = {
    Strain.CLUBS: "C",
    Strain.DIAMONDS: "D",
    Strain.HEARTS: "H",
    Strain.SPADES: "S",
    Strain.NOTRUMP: "NT",
}
_SYMBOLS = {
    Strain.CLUBS: "♣",
    Strain.DIAMONDS: "♦",
    Strain.HEARTS: "♥",
    Strain.SPADES: "♠",
    Strain.NOTRUMP: "NT",
}
_BY_LETTER = {letter: strain for strain, letter in _LETTERS.items()}

DOUBLING_SPELLINGS: dict[str, int] = {
    "": 0,
    "X": 1,
    "*": 1,
    "DBL": 1,
    "XX": 2,
    "**": 2,
    "RDBL": 2,
    "REDBL": 2,
}


class Doubling(IntEnum):
    """Undoubled, doubled or redoubled."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    def __repr__(self) -> str:
        return f"Doubling.{self.name}"

    def __str__(self) -> str:
        return ("", "X", "XX")[self]

    @property
    def multiplier(self) -> int:
        """1, 2 or 4: the factor on trick values."""
        return 1 << self.value

    @classmethod
    def parse(cls, text: str) -> Doubling:
        """Read ``""``, ``X``/``*``, ``XX``/``**`` (case-insensitive)."""
        value = DOUBLING_SPELLINGS.get(text.strip().upper())
        if value is None:
            raise NotationError(text, "doubling is written X or XX")
        return cls(value)
