"""A played result: contract, declarer and tricks taken, written ``4SXN-2``, ``3NT=``, ``4H+1``.

>>> r = Result.parse("4HN+1")
>>> r.contract, r.declarer, r.tricks, r.relative
(Contract.parse('4H'), Seat.NORTH, 11, 1)
>>> str(r), r.ns_score(Vulnerability.NONE)
('4HN+1', 450)
>>> Result.parse("3NT E 7")
Result.parse('3NTE-2')
>>> Result.parse("4S+4")
Traceback (most recent call last):
...
bridgescore.core.errors.InvalidResultError: '4S+4': 14 tricks taken; a deal has 13
"""

from __future__ import annotations

__all__ = ["Result"]

import re
from dataclasses import dataclass

from bridgescore.core.errors import InvalidResultError, NotationError
from bridgescore.core.numbers import parse_count, parse_signed
from bridgescore.core.table.board import Vulnerability
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.seats import Seat

_TAIL = re.compile(r"^(?P<seat>[NESW])?(?P<result>=|MADE|[+-][0-9]+|[0-9]+)?$")


def _relative_text(relative: int) -> str:
    return "=" if relative == 0 else f"{relative:+d}"


def tricks_from_relative(contract: Contract, text: str, *, source: str | None = None) -> int:
    """Tricks taken from a result written ``=``, ``+1``, ``-2`` or as tricks (``10``).

    ``source`` is the text quoted in errors (defaults to contract + result).

    >>> tricks_from_relative(Contract.parse("4S"), "-2"), tricks_from_relative(Contract.parse("4S"), "11")
    (8, 11)
    >>> tricks_from_relative(Contract.parse("7NT"), "+1")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.InvalidResultError: '7NT+1': 14 tricks taken; a deal has 13
    """
    quoted = source if source is not None else f"{contract}{text.strip()}"
    word = text.strip().upper()
    if contract.is_pass:
        if word not in ("", "0", "="):
            raise InvalidResultError(quoted, "a passed-out board has no result")
        return 0
    needed = contract.tricks_needed
    if word in ("=", "MADE"):
        return needed
    relative = parse_signed(word) if word[:1] in ("+", "-") else None
    if relative is not None:
        tricks = needed + relative
        if tricks > 13:
            raise InvalidResultError(quoted, f"{tricks} tricks taken; a deal has 13")
        if tricks < 0:
            raise InvalidResultError(quoted, f"{contract} can go down by at most {needed} tricks")
        return tricks
    taken = parse_count(word)
    if taken is not None:
        if taken > 13:
            raise InvalidResultError(quoted, f"{taken} tricks taken; a deal has 13")
        return taken
    raise NotationError(quoted, "a result is =, +1, -2 ... or the tricks taken (0 to 13)")


@dataclass(frozen=True, slots=True)
class Result:
    """What happened at one table: the contract, who declared it, and declarer's tricks.

    A passed-out board has no declarer and 0 tricks. The declarer may be unknown (``None``):
    the score for declarer's side is then known, the score for NS is not.
    """

    contract: Contract
    declarer: Seat | None
    tricks: int

    def __post_init__(self) -> None:
        self.contract.check_tricks(self.tricks)
        if self.contract.is_pass and self.declarer is not None:
            raise InvalidResultError(str(self.contract), "a passed-out board has no declarer")

    @classmethod
    def passed_out(cls) -> Result:
        return cls(Contract.passed_out(), None, 0)

    @classmethod
    def parse(cls, text: str) -> Result:
        """Read ``4SX-2``, ``3NT=``, ``4H+1``, ``4HN+1``, ``4H N 10`` (tricks) or ``PASS``."""
        contract, tail = Contract.parse_prefix(text)
        if contract.is_pass:
            if tail not in ("", "0", "="):
                raise NotationError(text, "a passed-out board has no declarer or result")
            return cls.passed_out()
        match = _TAIL.match(tail)
        if match is None:
            raise NotationError(text, "a result is written like 4SN=, 3NTX-2, 4H+1 or 4S N 10")
        if match.group("result") is None:
            raise NotationError(text, "the result is missing (=, +1, -2 or the tricks taken)")
        seat = Seat.parse(match.group("seat")) if match.group("seat") else None
        tricks = tricks_from_relative(contract, match.group("result"), source=text)
        return cls(contract, seat, tricks)

    def __str__(self) -> str:
        if self.contract.is_pass:
            return "PASS"
        seat = "" if self.declarer is None else str(self.declarer)
        return f"{self.contract}{seat}{_relative_text(self.relative)}"

    def __repr__(self) -> str:
        return f"Result.parse({str(self)!r})"

    @property
    def relative(self) -> int:
        """Tricks over (positive) or under (negative) the contract: ``4S`` with 8 tricks is -2."""
        return self.tricks - self.contract.tricks_needed

    @property
    def result_text(self) -> str:
        """The result alone: ``=``, ``+1``, ``-2`` (empty when passed out)."""
        return "" if self.contract.is_pass else _relative_text(self.relative)

    def score(self, vulnerable: bool) -> int:
        """The score for declarer's side."""
        return self.contract.score(self.tricks, vulnerable)

    def ns_score(self, vulnerability: Vulnerability) -> int:
        """The score for North-South on a deal with this vulnerability."""
        return self.contract.ns_score(self.declarer, self.tricks, vulnerability)
