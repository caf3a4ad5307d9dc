"""Contracts: notation people type, a canonical spelling, and the Law 77 score.

>>> c = Contract.parse("4hx")
>>> c, str(c), c.level, c.strain, c.doubling
(Contract.parse('4HX'), '4HX', 4, Strain.HEARTS, Doubling.DOUBLED)
>>> c.score(tricks=11, vulnerable=True)
990
>>> Contract.parse("7NTXX").score(tricks=0, vulnerable=True)
-7600
>>> Contract.parse("PASS").score(tricks=0, vulnerable=False)
0
"""

from __future__ import annotations

__all__ = ["PASS_WORDS", "Contract"]

import re
from dataclasses import dataclass
from functools import lru_cache

from bridgescore.core.errors import InvalidResultError, NotationError, quoted
from bridgescore.core.numbers import parse_count
from bridgescore.core.table.board import Vulnerability
from bridgescore.core.table.law77 import ScoreBreakdown, duplicate_breakdown
from bridgescore.core.table.seats import Seat
from bridgescore.core.table.strain import DOUBLING_SPELLINGS, STRAIN_SPELLINGS, Doubling, Strain

PASS_WORDS = frozenset(
    {"PASS", "P", "PASSED", "PASSEDOUT", "PASSOUT", "PO", "AP", "ALLPASS", "PASSED-OUT"}
)

_SPACES = re.compile(r"[\s_]+")
_LEVEL = re.compile(r"([0-9]+)")
_STRAIN_KEYS = sorted((key.replace(" ", "") for key in STRAIN_SPELLINGS), key=len, reverse=True)
_DOUBLING_KEYS = sorted((key for key in DOUBLING_SPELLINGS if key), key=len, reverse=True)
_PASS_KEYS = sorted(PASS_WORDS, key=len, reverse=True)

WRITE_IT = "a contract is written like 4S, 3NTX, 6HXX or PASS"


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract: level 1-7, strain and doubling; or passed out (level 0, no strain).

    Build one with :meth:`parse` or :meth:`passed_out`; ``str()`` gives the canonical spelling
    (``4S``, ``3NTX``, ``6HXX``, ``PASS``) and ``parse(str(c)) == c``.
    """

    level: int
    strain: Strain | None
    doubling: Doubling = Doubling.UNDOUBLED

    def __post_init__(self) -> None:
        if self.strain is None:
            if self.level != 0 or self.doubling is not Doubling.UNDOUBLED:
                raise NotationError(self.level, "a contract's level is 1 to 7")
        elif isinstance(self.level, bool) or self.level not in range(1, 8):
            raise NotationError(f"{self.level}{self.strain}", "a contract's level is 1 to 7")

    @classmethod
    def passed_out(cls) -> Contract:
        """The board was passed out: each side scores 0."""
        return cls(0, None)

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read a contract as people type it.

        Accepted: ``4S``, ``4s``, ``4♠``, ``4 spades``, ``4SX``, ``4S*``, ``3NTxx``, ``3N``,
        ``4 H x`` (Bridgemate), ``PASS``, ``P``, ``passed out``.

        >>> [str(Contract.parse(t)) for t in ("4s", "4♠", "3ntxx", "3N", "4 H x", "p")]
        ['4S', '4S', '3NTXX', '3NT', '4HX', 'PASS']
        >>> Contract.parse("8NT")
        Traceback (most recent call last):
        ...
        bridgescore.core.errors.NotationError: '8NT': a contract's level is 1 to 7
        """
        contract, rest = cls.parse_prefix(text)
        if rest:
            raise NotationError(text, f"{WRITE_IT}; {quoted(rest)} is left over")
        return contract

    @classmethod
    def parse_prefix(cls, text: str) -> tuple[Contract, str]:
        """Read a contract from the start of ``text``; return it and what follows, upper-cased,
        without spaces (for the result readers: ``4SXN-2`` gives ``4SX`` and ``N-2``).

        >>> Contract.parse_prefix("4SxN-2")
        (Contract.parse('4SX'), 'N-2')
        """
        compact = _SPACES.sub("", text).upper()
        if not compact:
            raise NotationError(text, WRITE_IT)
        for word in _PASS_KEYS:
            if compact.startswith(word) and not compact[len(word) :][:1].isalnum():
                return cls.passed_out(), compact[len(word) :]
        match = _LEVEL.match(compact)
        if match is None:
            raise NotationError(text, WRITE_IT)
        level = parse_count(match.group(1))
        if level is None or level not in range(1, 8):
            raise NotationError(text, "a contract's level is 1 to 7")
        rest = compact[match.end() :]
        strain_key = next((k for k in _STRAIN_KEYS if rest.startswith(k)), None)
        if strain_key is None:
            raise NotationError(text, "a contract's strain is C, D, H, S or NT")
        strain = Strain.parse(STRAIN_SPELLINGS.get(strain_key, strain_key))
        rest = rest[len(strain_key) :]
        doubling = Doubling.UNDOUBLED
        doubling_key = next((k for k in _DOUBLING_KEYS if rest.startswith(k)), None)
        if doubling_key is not None:
            doubling = Doubling(DOUBLING_SPELLINGS[doubling_key])
            rest = rest[len(doubling_key) :]
        return cls(level, strain, doubling), rest

    def __str__(self) -> str:
        if self.strain is None:
            return "PASS"
        return f"{self.level}{self.strain.letter}{self.doubling}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"

    @property
    def is_pass(self) -> bool:
        return self.strain is None

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must take: level + 6 (0 when passed out)."""
        return 0 if self.strain is None else self.level + 6

    @property
    def symbol(self) -> str:
        """The contract written with a suit symbol: ``4♠X``, ``3NT``, ``PASS``."""
        if self.strain is None:
            return "PASS"
        return f"{self.level}{self.strain.symbol}{self.doubling}"

    def check_tricks(self, tricks: int) -> None:
        """Raise :class:`InvalidResultError` unless ``tricks`` can be taken in this contract."""
        if isinstance(tricks, bool) or not isinstance(tricks, int):
            raise InvalidResultError(
                str(self), f"tricks taken must be a whole number, not {quoted(tricks)}"
            )
        if self.strain is None:
            if tricks != 0:
                raise InvalidResultError("PASS", "a passed-out board has no tricks")
        elif not 0 <= tricks <= 13:
            raise InvalidResultError(str(self), f"{tricks} tricks taken; a deal has 0 to 13 tricks")

    def breakdown(self, tricks: int, vulnerable: bool) -> ScoreBreakdown:
        """The Law 77 score by parts for declarer's side.

        >>> Contract.parse("1NTXX").breakdown(tricks=13, vulnerable=True).as_dict()
        {'tricks': 160, 'overtricks': 2400, 'insult': 100, 'game': 500, 'partscore': 0, 'slam': 0, 'undertricks': 0}
        """
        self.check_tricks(tricks)
        if self.strain is None:
            return ScoreBreakdown()
        return duplicate_breakdown(self.level, self.strain, self.doubling, tricks, vulnerable)

    def score(self, tricks: int, vulnerable: bool) -> int:
        """The Law 77 score for declarer's side (negative when defeated)."""
        self.check_tricks(tricks)
        if self.strain is None:
            return 0
        return _declarer_score(self.level, self.strain, self.doubling, tricks, vulnerable)

    def ns_score(self, declarer: Seat | None, tricks: int, vulnerability: Vulnerability) -> int:
        """The score from North-South's point of view.

        >>> Contract.parse("4S").ns_score(Seat.EAST, 10, Vulnerability.EW)
        -620
        """
        if self.strain is None:
            self.check_tricks(tricks)
            return 0
        if declarer is None:
            raise InvalidResultError(str(self), "the declarer is needed to score it for NS")
        score = self.score(tricks, vulnerability.is_vulnerable(declarer))
        return score * declarer.side.sign


@lru_cache(maxsize=4096)
def _declarer_score(
    level: int, strain: Strain, doubling: Doubling, tricks: int, vulnerable: bool
) -> int:
    """Law 77's total for declarer's side, worked out once for each contract and result (a
    session scores the same few hundred thousands of times)."""
    return duplicate_breakdown(level, strain, doubling, tricks, vulnerable).total
