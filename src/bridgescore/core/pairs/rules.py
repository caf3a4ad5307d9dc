"""How a pairs event is scored: the method and its settings, with the EBU, ACBL and WBF presets.

>>> rules = PairsRules.preset("acbl")
>>> str(rules.scale), str(rules.datum_rounding), str(rules.butler_drop)
('1/0.5', 'even', '5%')
>>> PairsRules(method=PairsMethod.parse("cross-imps")).method
PairsMethod.CROSSIMPS
"""

from __future__ import annotations

__all__ = [
    "USEBIO_METHODS",
    "USEBIO_WORDS",
    "CompareMode",
    "FieldMode",
    "PairsMethod",
    "PairsRules",
    "pbn_scoring",
    "rules_from_scoring",
    "scoring_in",
    "scoring_rules",
    "usebio_scoring",
]

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from typing import Any, Literal

from bridgescore.core.errors import BridgeScoreError, NotationError, ScoringError, quoted
from bridgescore.core.pairs.conventions import (
    ShortBoards,
    SitOutScore,
    TieNotation,
    WeightedScores,
)
from bridgescore.core.pairs.presets import preset
from bridgescore.core.scoring.butler import ButlerDrop, Datum, DatumRounding
from bridgescore.core.scoring.crossimps import CrossNorm
from bridgescore.core.scoring.matchpoints import Scale


class PairsMethod(Enum):
    """How results on a board are compared."""

    MP = "mp"
    CROSSIMPS = "crossimps"
    BUTLER = "butler"
    TOTAL = "total"

    def __repr__(self) -> str:
        return f"PairsMethod.{self.name}"

    def __str__(self) -> str:
        return self.value

    @property
    def is_imps(self) -> bool:
        return self in (PairsMethod.CROSSIMPS, PairsMethod.BUTLER)

    @property
    def unit(self) -> str:
        return {"mp": "MPs", "crossimps": "IMPs", "butler": "IMPs", "total": "points"}[self.value]

    @property
    def title(self) -> str:
        return {
            "mp": "Matchpoints",
            "crossimps": "Cross-IMPs",
            "butler": "Butler IMPs",
            "total": "Total points",
        }[self.value]

    @classmethod
    def parse(cls, text: str) -> PairsMethod:
        key = text.strip().lower().replace("-", "").replace("_", "").replace(" ", "")
        aliases = {
            "mp": "mp",
            "mps": "mp",
            "matchpoints": "mp",
            "crossimps": "crossimps",
            "ximps": "crossimps",
            "iaf": "crossimps",
            "butler": "butler",
            "datum": "butler",
            "total": "total",
            "totalpoints": "total",
            "aggregate": "total",
        }
        if key not in aliases:
            raise NotationError(text, "a pairs scoring method is mp, crossimps, butler or total")
        return cls(aliases[key])


_DEFAULT_DROP = ButlerDrop()


class FieldMode(Enum):
    """One field (Howell: everybody ranked together), two (Mitchell: NS and EW) or detected."""

    AUTO = "auto"
    ONE = "one"
    TWO = "two"

    def __str__(self) -> str:
        return self.value


class CompareMode(Enum):
    """How the sections of a session are compared: ``across`` the field (every result on a
    board against every other, whatever its section) or ``within`` each section; ``auto``
    goes by what the file says (a USEBIO file's own figures), else across."""

    AUTO = "auto"
    ACROSS = "across"
    WITHIN = "within"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class PairsRules:
    """Every setting of a pairs event's scoring.

    ``expected`` fixes Neuberg's E (default: the most results on any board of the section);
    ``fixed_averages`` gives flat 60/50/40 % instead of Law 12C2(c)'s "or the pair's percentage
    on the other boards"; ``average_imps`` is Average plus at IMPs (minus is its negative);
    ``compare`` says whether sections playing the same boards are compared across the field.

    The conventions of other programs (:mod:`~bridgescore.core.pairs.conventions`):
    ``board_precision`` rounds each board's points to that many decimals before they are added
    (``None``: exact); ``short_boards`` scores a board with fewer results (matchpoints);
    ``weighted`` keeps a weighted score in the pool of the others' comparisons or apart;
    ``datum`` is the Butler datum's mean or median; ``sit_out`` is what a missed board is worth
    (``None``: the pair is scored on the boards it played); ``ties`` writes a shared place
    ``3=`` or ``3``.

    >>> rules = PairsRules(method=PairsMethod.BUTLER, scale=Scale.parse("1/0.5"))
    >>> str(rules.method), str(rules.scale), str(rules.butler_drop), rules.board_precision
    ('butler', '1/0.5', 'default', None)
    >>> PairsRules(expected=0)
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.NotationError: 0: the expected number of results is at least 1
    """

    method: PairsMethod = PairsMethod.MP
    scale: Scale = Scale.EBU
    expected: int | None = None
    cross: CrossNorm = CrossNorm.AVERAGE
    butler_drop: ButlerDrop = _DEFAULT_DROP
    datum_rounding: DatumRounding = DatumRounding.HALF_UP
    fixed_averages: bool = False
    average_imps: Fraction = Fraction(3)
    field: FieldMode = FieldMode.AUTO
    compare: CompareMode = CompareMode.AUTO
    board_precision: int | None = None
    short_boards: ShortBoards = ShortBoards.NEUBERG
    weighted: WeightedScores = WeightedScores.POOL
    datum: Datum = Datum.MEAN
    sit_out: SitOutScore | None = None
    ties: TieNotation = TieNotation.EQUALS

    def __post_init__(self) -> None:
        if self.expected is not None and self.expected < 1:
            raise NotationError(self.expected, "the expected number of results is at least 1")
        if self.board_precision is not None and not 0 <= self.board_precision <= 6:
            raise NotationError(
                self.board_precision, "a board's points are rounded to 0 to 6 decimals"
            )
        if self.sit_out is not None and self.sit_out.percent != (self.method is PairsMethod.MP):
            wanted = "a percentage (60%)" if self.method is PairsMethod.MP else "a number (0)"
            raise ScoringError(
                f"a sit-out score at {self.method.title.lower()} is {wanted}, not {self.sit_out}"
            )

    @classmethod
    def preset(cls, name: str, **changes: Any) -> PairsRules:
        """The defaults of a body or program (:data:`~bridgescore.core.pairs.presets.PRESETS`:
        ``ebu``, ``acbl``, ``wbf``, ``bbo``, ...), with ``changes`` on top."""
        return replace(cls(**preset(name).changes), **changes)


def rules_from_scoring(text: str | None) -> dict[str, Any]:
    """The settings a file's scoring description implies (PBN ``Scoring`` tag, USEBIO method).

    PBN: ``MP`` / ``MatchPoints`` (``MP2``: the 1/0.5 scale), ``IMP`` with ``Butler``
    (``Butler-2``: the highest and lowest scores left out of the datum), ``Cross`` (total),
    ``Cross1`` (per score), ``Cross2`` (per comparison); USEBIO: ``MATCH_POINTS``,
    ``BUTLER_IMPS``, ``CROSS_IMPS``, ``AGGREGATE``; a Butler datum that is the ``Median`` (or
    the ``Mean``) of the scores. Other words beside a method are ignored. A description naming no method bridgescore scores (PBN's ``Cavendish``, ``BAM``,
    ``Rubber``, ``Chicago``, or unknown words) is a :class:`ScoringError` rather than a silent
    matchpoint scoring: the caller asks only when the user gave no method.

    >>> rules_from_scoring("IMP;Butler-2;Mean")["method"], str(rules_from_scoring("MP;MP2")["scale"])
    (PairsMethod.BUTLER, '1/0.5')
    >>> rules_from_scoring("IMP;Butler;Median")["datum"]
    <Datum.MEDIAN: 'median'>
    >>> rules_from_scoring("CROSS_IMPS")["method"], rules_from_scoring(None), rules_from_scoring("?")
    (PairsMethod.CROSSIMPS, {}, {})
    >>> rules_from_scoring("Cavendish")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.ScoringError: the file's scoring 'Cavendish' is not a pairs method bridgescore scores; give --method (mp, crossimps, butler or total)
    """
    words = {w.strip().upper() for w in (text or "").replace(",", ";").split(";") if w.strip()}
    words -= {"?", "-"}
    changes: dict[str, Any] = {}
    if words & {"MP", "MATCHPOINTS", "MATCH_POINTS", "MP1", "MP2"}:
        changes["method"] = PairsMethod.MP
        if "MP2" in words:
            changes["scale"] = Scale.ACBL
    elif words & {"BUTLER", "BUTLER-2", "BUTLER_IMPS", "BUTLER_POINTS"}:
        changes["method"] = PairsMethod.BUTLER
        changes["butler_drop"] = ButlerDrop(count=1 if "BUTLER-2" in words else 0)
        if words & {"BUTLER_IMPS", "BUTLER_POINTS"}:
            del changes["butler_drop"]
        if words & {"MEAN", "MEDIAN"}:
            changes["datum"] = Datum.MEDIAN if "MEDIAN" in words else Datum.MEAN
    elif words & {"CROSS", "CROSS1", "CROSS2", "CROSS_IMPS", "IMP", "IMPS"}:
        changes["method"] = PairsMethod.CROSSIMPS
        if "CROSS" in words:
            changes["cross"] = CrossNorm.TOTAL
        elif "CROSS1" in words:
            changes["cross"] = CrossNorm.PER_SCORE
    elif words & {"AGGREGATE", "TOTAL"}:
        changes["method"] = PairsMethod.TOTAL
    elif words:
        methods = [m.value for m in PairsMethod]
        raise ScoringError(
            f"the file's scoring {quoted(text)} is not a pairs method bridgescore scores; "
            f"give --method ({', '.join(methods[:-1])} or {methods[-1]})"
        )
    return changes


# --- the scoring vocabularies of PBN and USEBIO, both ways through PairsRules ------------------

USEBIO_METHODS: Mapping[PairsMethod, tuple[str, str]] = {
    PairsMethod.MP: ("MP_PAIRS", "MATCH_POINTS"),
    PairsMethod.BUTLER: ("BUTLER_PAIRS", "BUTLER_IMPS"),
    PairsMethod.CROSSIMPS: ("CROSS_IMPS", "CROSS_IMPS"),
    PairsMethod.TOTAL: ("AGGREGATE", "AGGREGATE"),
}
"""A pairs method's USEBIO ``EVENT_TYPE`` and ``BOARD_SCORING_METHOD``.

USEBIO has a word for the method only: the matchpoint scale (PBN ``MP2``), the Butler drop
(``Butler`` / ``Butler-2``) and the cross-IMP normalisation (``Cross`` / ``Cross1`` /
``Cross2``) have none, so a USEBIO file read back has the defaults (2/1 scale, the default drop,
per comparison)."""

USEBIO_WORDS = frozenset(
    {word for pair in USEBIO_METHODS.values() for word in pair}
    | {"BUTLER_POINTS", "IMPS", "VPS", "PERCENTAGE", "PAB", "BAM", "HYBRID", "OTHER"}
)
"""The ``BOARD_SCORING_METHOD`` words of USEBIO files (rules-and-formats §8.2)."""

_PLAIN_IMPS = {"pbn": "IMP", "usebio": "IMPS"}
"""IMPs with nothing more said (a teams match, or cross-IMPs by default) in each vocabulary."""


def scoring_rules(text: str | None) -> PairsRules | None:
    """The rules a scoring description (PBN ``Scoring``, USEBIO method) names, or ``None`` when
    it names no pairs method bridgescore scores.

    >>> scoring_rules("BUTLER_IMPS").method, scoring_rules("Rubber")
    (PairsMethod.BUTLER, None)
    """
    try:
        changes = rules_from_scoring(text)
    except BridgeScoreError:
        return None
    return PairsRules(**changes) if "method" in changes else None


def pbn_scoring(rules: PairsRules) -> str:
    """The PBN ``Scoring`` tag that brings these rules back (rules-and-formats §8.1).

    The default Butler drop (one score at each end from 4 scores on) is written ``Butler-2``,
    which drops one at each end, the nearest PBN has.

    >>> pbn_scoring(PairsRules()), pbn_scoring(PairsRules(method=PairsMethod.CROSSIMPS))
    ('MP', 'IMP;Cross2')
    """
    if rules.method is PairsMethod.MP:
        return "MP;MP2" if rules.scale is Scale.ACBL else "MP"
    if rules.method is PairsMethod.BUTLER:
        median = ";Median" if rules.datum is Datum.MEDIAN else ""
        return ("IMP;Butler" if rules.butler_drop.count == 0 else "IMP;Butler-2") + median
    if rules.method is PairsMethod.CROSSIMPS:
        return (
            "IMP;"
            + {"total": "Cross", "per-score": "Cross1", "average": "Cross2"}[rules.cross.value]
        )
    return "Total"


def usebio_scoring(rules: PairsRules) -> tuple[str, str]:
    """The USEBIO ``EVENT_TYPE`` and ``BOARD_SCORING_METHOD`` of these rules (see
    :data:`USEBIO_METHODS` for what USEBIO cannot say).

    >>> usebio_scoring(PairsRules(method=PairsMethod.TOTAL))
    ('AGGREGATE', 'AGGREGATE')
    """
    return USEBIO_METHODS[rules.method]


def scoring_in(text: str | None, vocabulary: Literal["pbn", "usebio"]) -> str | None:
    """A scoring description in the words of PBN or USEBIO, translated through the rules it
    names; text already in that vocabulary, or naming no method bridgescore knows, is kept.

    >>> scoring_in("BUTLER_IMPS", "pbn"), scoring_in("IMP;Butler-2;Mean", "usebio")
    ('IMP;Butler-2', 'BUTLER_IMPS')
    >>> scoring_in("IMP;Cross", "pbn"), scoring_in("IMPS", "pbn"), scoring_in("Rubber", "usebio")
    ('IMP;Cross', 'IMP', 'Rubber')
    """
    words = {w.strip().upper() for w in (text or "").replace(",", ";").split(";") if w.strip()}
    if text is None or not words or (words <= USEBIO_WORDS) == (vocabulary == "usebio"):
        return text
    if words <= {"IMP", "IMPS"}:
        return _PLAIN_IMPS[vocabulary]
    rules = scoring_rules(text)
    if rules is None:
        return text
    return pbn_scoring(rules) if vocabulary == "pbn" else usebio_scoring(rules)[1]
