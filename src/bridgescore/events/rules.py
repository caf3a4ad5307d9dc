"""The rules a pairs session is scored by, and what a hand-record file adds to it: shared by
:mod:`~bridgescore.events.pairs` (a results file) and :mod:`~bridgescore.events.session` (a
session file).

>>> pairs_rules("acbl", scoring="IMP;Butler").butler_drop
ButlerDrop(count=0, percent=None)
"""

from __future__ import annotations

__all__ = [
    "SETTINGS",
    "PairsSettings",
    "merged_info",
    "pairs_rules",
    "with_hand_record",
    "with_hands",
]

import os
from collections.abc import Callable, Mapping
from dataclasses import fields, replace
from fractions import Fraction
from typing import Any, TypedDict, Unpack

from bridgescore.core.errors import NotationError, enum_value
from bridgescore.core.numbers import parse_decimal
from bridgescore.core.pairs.conventions import (
    ShortBoards,
    SitOutScore,
    TieNotation,
    WeightedScores,
)
from bridgescore.core.pairs.rules import (
    CompareMode,
    FieldMode,
    PairsMethod,
    PairsRules,
    rules_from_scoring,
)
from bridgescore.core.scoring.butler import ButlerDrop, Datum, DatumRounding
from bridgescore.core.scoring.crossimps import CrossNorm
from bridgescore.core.scoring.matchpoints import Scale
from bridgescore.core.table.traveller import EventInfo, Session


class PairsSettings(TypedDict, total=False):
    """The settings of :class:`PairsRules` a caller may give, as values or as the text the
    command line takes (``scale="1/0.5"``, ``butler_drop="10%"``, ``cross="total"``,
    ``short_boards="add-missing"``, ``sit_out="60%"``)."""

    scale: Scale | str
    expected: int | None
    cross: CrossNorm | str
    butler_drop: ButlerDrop | int | str
    datum_rounding: DatumRounding | str
    fixed_averages: bool
    average_imps: Fraction | int | str
    field: FieldMode | str
    board_precision: int | None
    short_boards: ShortBoards | str
    weighted: WeightedScores | str
    datum: Datum | str
    sit_out: SitOutScore | str | None
    ties: TieNotation | str
    compare: CompareMode | str


def _field_mode(value: FieldMode | str) -> FieldMode:
    if isinstance(value, FieldMode):
        return value
    return enum_value(FieldMode, value, "the fields are one, two or auto")


def _butler_drop(value: ButlerDrop | int | str) -> ButlerDrop:
    if isinstance(value, ButlerDrop):
        return value
    return ButlerDrop(count=value) if isinstance(value, int) else ButlerDrop.parse(value)


_TOP_IMPS = 24
"""The most IMPs a board can give: the most Average plus at IMPs can be."""


def _average_imps(value: Fraction | int | str) -> Fraction:
    number = parse_decimal(value.strip(), 2) if isinstance(value, str) else Fraction(value)
    if number is None or not 0 <= number <= _TOP_IMPS:
        raise NotationError(str(value), f"Average plus at IMPs is a number from 0 to {_TOP_IMPS}")
    return number


_SETTINGS: Mapping[str, Callable[[Any], Any]] = {
    "scale": lambda v: v if isinstance(v, Scale) else Scale.parse(v),
    "expected": lambda v: v,
    "cross": lambda v: v if isinstance(v, CrossNorm) else CrossNorm.parse(v),
    "butler_drop": _butler_drop,
    "datum_rounding": lambda v: v if isinstance(v, DatumRounding) else DatumRounding.parse(v),
    "fixed_averages": bool,
    "average_imps": _average_imps,
    "field": _field_mode,
    "board_precision": lambda v: v,
    "short_boards": lambda v: v if isinstance(v, ShortBoards) else ShortBoards.parse(v),
    "weighted": lambda v: v if isinstance(v, WeightedScores) else WeightedScores.parse(v),
    "datum": lambda v: v if isinstance(v, Datum) else Datum.parse(v),
    "sit_out": lambda v: v if v is None or isinstance(v, SitOutScore) else SitOutScore.parse(v),
    "ties": lambda v: v if isinstance(v, TieNotation) else TieNotation.parse(v),
    "compare": lambda v: (
        v
        if isinstance(v, CompareMode)
        else enum_value(CompareMode, v, "sections are compared across, within or auto")
    ),
}


SETTINGS: tuple[str, ...] = tuple(_SETTINGS)
"""The names of the settings of :class:`PairsRules` a caller (the command line, a session
file's ``[scoring]``) may give."""


def pairs_rules(
    rules: PairsRules | str | None = None,
    *,
    method: PairsMethod | str | None = None,
    scoring: str | None = None,
    **settings: Unpack[PairsSettings],
) -> PairsRules:
    """The rules to score by: ``rules`` (a preset name, ``ebu`` by default, or complete
    :class:`PairsRules`), then the file's ``scoring`` description when no ``method`` is given
    (on a preset only), then ``method`` and ``settings``.

    >>> pairs_rules("acbl", scoring="IMP;Butler").butler_drop
    ButlerDrop(count=0, percent=None)
    >>> str(pairs_rules(scoring="MP;MP2").scale), str(pairs_rules(scoring="MP;MP2", scale="2/1").scale)
    ('1/0.5', '2/1')
    >>> pairs_rules(scoring="MP", method="ximps").method
    PairsMethod.CROSSIMPS
    """
    unknown = sorted(set(settings) - set(_SETTINGS))
    if unknown:
        raise TypeError(f"{unknown[0]!r} is not a setting of the pairs rules")
    from_file = scoring if method is None and not isinstance(rules, PairsRules) else None
    changes: dict[str, Any] = rules_from_scoring(from_file)
    if method is not None:
        changes["method"] = method if isinstance(method, PairsMethod) else PairsMethod.parse(method)
    for name, value in settings.items():
        changes[name] = _SETTINGS[name](value)
    if isinstance(rules, PairsRules):
        return replace(rules, **changes)
    return PairsRules.preset(rules or "ebu", **changes)


def merged_info(info: EventInfo, more: EventInfo) -> EventInfo:
    """The event details of the results, completed from those of the hand-record file."""
    known = {f.name: getattr(info, f.name) for f in fields(info)}
    return replace(info, **{k: getattr(more, k) for k, v in known.items() if v is None})


def with_hand_record(session: Session, hands: str | os.PathLike[str]) -> Session:
    """The session with the deals of a hand-record file (any format), what analysis says of
    them (double-dummy tables and par) and the event details it has that the results lack."""
    from bridgescore.events.hands import hand_record

    return with_hands(session, hand_record(hands))


def with_hands(session: Session, record: Session) -> Session:
    """The session with the deals of a hand record already read (a session without lines),
    their analysis and the event details the results lack."""
    session = session.with_deals(record.deals, record.double_dummy)
    return replace(session, info=merged_info(session.info, record.info))
