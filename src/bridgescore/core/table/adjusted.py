"""Adjusted scores a director gives instead of a table result.

* Artificial adjusted scores (Law 12C2): Average plus / Average / Average minus for each side,
  written ``A60/40`` (NS Ave+, EW Ave-), ``A50/50``, ``A40/40``, ``A60/60``, with the aliases
  ``AVE`` (= A50/50), ``AVE+`` (= A60/40) and ``AVE-`` (= A40/60).
* Weighted assigned scores (Law 12C1(c)): several possible table results with weights adding up
  to 100 %, written ``60% 4SN= 40% 4SN-1`` (or with NS scores: ``60% 620 40% -100``).

>>> ArtificialScore.parse("AVE+")
ArtificialScore.parse('A60/40')
>>> w = WeightedScore.parse("60% 4SN= 40% 4SN-1", Vulnerability.NONE)
>>> str(w), w.expected_ns_score
('60% 4SN= 40% 4SN-1', Fraction(232, 1))
"""

from __future__ import annotations

__all__ = ["ArtificialScore", "Average", "WeightedComponent", "WeightedScore"]

import re
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from bridgescore.core.errors import BridgeScoreError, NotationError, quoted
from bridgescore.core.numbers import parse_signed
from bridgescore.core.table.board import Vulnerability
from bridgescore.core.table.result import Result


class Average(Enum):
    """An artificial score for one side: Average plus, Average or Average minus."""

    PLUS = 60
    AVERAGE = 50
    MINUS = 40

    def __repr__(self) -> str:
        return f"Average.{self.name}"

    def __str__(self) -> str:
        return {60: "Ave+", 50: "Ave", 40: "Ave-"}[self.value]

    @property
    def percent(self) -> Fraction:
        """The nominal percentage of the top: 60, 50 or 40 (Law 12C2(a))."""
        return Fraction(self.value)

    @property
    def imps(self) -> int:
        """The default at IMPs: +3, 0 or -3 (Law 12C2(b))."""
        return (self.value - 50) // 10 * 3

    @property
    def opposite(self) -> Average:
        return {Average.PLUS: Average.MINUS, Average.MINUS: Average.PLUS}.get(self, self)


_ALIASES = {
    "AVE": "A50/50",
    "AVG": "A50/50",
    "AVERAGE": "A50/50",
    "AVE+": "A60/40",
    "AVG+": "A60/40",
    "AVE-": "A40/60",
    "AVG-": "A40/60",
}
_ARTIFICIAL = re.compile(r"^A\s*(40|50|60)\s*/\s*(40|50|60)$")


@dataclass(frozen=True, slots=True)
class ArtificialScore:
    """Artificial adjusted scores for the two sides at one table (they need not balance)."""

    ns: Average
    ew: Average

    @classmethod
    def parse(cls, text: str) -> ArtificialScore:
        """Read ``A60/40``, ``A50/50``, ``AVE``, ``AVE+``, ``AVE-`` (case-insensitive).

        >>> ArtificialScore.parse("a40/40").ew, ArtificialScore.parse("AVE-").ns
        (Average.MINUS, Average.MINUS)
        """
        key = text.strip().upper()
        match = _ARTIFICIAL.match(_ALIASES.get(key, key))
        if match is None:
            raise NotationError(
                text, "an artificial score is A60/40, A50/50, A40/40, A60/60, AVE, AVE+ or AVE-"
            )
        return cls(Average(int(match.group(1))), Average(int(match.group(2))))

    @classmethod
    def looks_like(cls, text: str) -> bool:
        """Whether a score-column entry is meant as an artificial score (``A...``/``AVE...``)."""
        key = text.strip().upper()
        return key.startswith("A")

    def __str__(self) -> str:
        return f"A{self.ns.value}/{self.ew.value}"

    def __repr__(self) -> str:
        return f"ArtificialScore.parse({str(self)!r})"


def _possible(ns_score: int, vulnerability: Vulnerability) -> bool:
    """Whether an NS score can happen on a board of this vulnerability (NS or EW declaring)."""
    from bridgescore.core.table.law77 import possible_scores
    from bridgescore.core.table.seats import Seat

    return ns_score in possible_scores(
        vulnerability.is_vulnerable(Seat.NORTH)
    ) or -ns_score in possible_scores(vulnerability.is_vulnerable(Seat.EAST))


@dataclass(frozen=True, slots=True)
class WeightedComponent:
    """One possible result of a weighted score: its weight, NS score and (if given) the result."""

    weight: Fraction
    ns_score: int
    result: Result | None = None

    def __str__(self) -> str:
        percent = self.weight * 100
        weight = str(percent.numerator) if percent.denominator == 1 else f"{float(percent):g}"
        shown = str(self.result) if self.result is not None else str(self.ns_score)
        return f"{weight}% {shown}"


_COMPONENT = re.compile(
    r"([0-9]{1,3}(?:\.[0-9]{1,6})?)\s*%\s*(.+?)(?=\s+[0-9]+(?:\.[0-9]+)?\s*%|$)"
)


@dataclass(frozen=True, slots=True)
class WeightedScore:
    """A weighted assigned score (Law 12C1(c)): results with weights adding up to 1."""

    components: tuple[WeightedComponent, ...]

    def __post_init__(self) -> None:
        if len(self.components) < 2:
            raise NotationError(str(self), "a weighted score has two or more results")
        total = sum((c.weight for c in self.components), Fraction(0))
        if total != 1:
            raise NotationError(
                str(self), f"the weights add up to {float(total * 100):g}%, not 100%"
            )
        if any(c.weight <= 0 for c in self.components):
            raise NotationError(str(self), "every weight must be above 0%")

    @classmethod
    def looks_like(cls, text: str) -> bool:
        """Whether a score-column entry is meant as a weighted score (it has a ``%``)."""
        return "%" in text

    @classmethod
    def parse(cls, text: str, vulnerability: Vulnerability) -> WeightedScore:
        """Read ``60% 4SN= 40% 4SN-1`` or ``60% 620 40% -100`` (NS scores)."""
        pieces = list(_COMPONENT.finditer(text.strip()))
        if not pieces or "".join(m.group(0) for m in pieces).replace(" ", "") != text.replace(
            " ", ""
        ):
            raise NotationError(
                text, "a weighted score is written like '60% 4SN= 40% 4SN-1' or '50% 620 50% -100'"
            )
        components = []
        for piece in pieces:
            weight = Fraction(piece.group(1)) / 100
            body = piece.group(2).strip()
            score = parse_signed(body)
            if score is not None:
                if not _possible(score, vulnerability):
                    raise NotationError(
                        text,
                        f"NS score {score} cannot happen on a board vulnerable {vulnerability}",
                    )
                components.append(WeightedComponent(weight, score))
                continue
            try:
                result = Result.parse(body)
                components.append(WeightedComponent(weight, result.ns_score(vulnerability), result))
            except BridgeScoreError as error:
                reason = getattr(error, "reason", str(error))
                raise NotationError(text, f"{quoted(body)}: {reason}") from None
        return cls(tuple(components))

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.components)

    def __repr__(self) -> str:
        return f"WeightedScore({self.components!r})"

    @property
    def expected_ns_score(self) -> Fraction:
        """The weighted mean of the NS scores (what total-points scoring uses)."""
        return sum((c.weight * c.ns_score for c in self.components), Fraction(0))
