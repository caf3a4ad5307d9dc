"""The presets: the settings of a pairs event's scoring as a governing body or a scoring program
has them, each over the defaults (the Laws' and the EBU/WBF practice).

A preset only says what its body or program does differently; what a results file states (its
PBN ``Scoring`` tag, its USEBIO method) and what the user gives go over it
(:func:`bridgescore.events.pairs.pairs_rules`).

>>> sorted(PRESETS)
['acbl', 'bbo', 'ebu', 'ebuscore', 'jfr', 'pairsscorer', 'scorebridge', 'wbf']
>>> PRESETS["scorebridge"].changes
{'board_precision': 1}
>>> setting_text("board_precision", 1), setting_text("sit_out", None), setting_text("scale", Scale.ACBL)
('1 decimal', 'boards played', '1/0.5')
"""

from __future__ import annotations

__all__ = ["PRESETS", "Preset", "preset", "setting_text"]

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from bridgescore.core.errors import NotationError
from bridgescore.core.pairs.conventions import ShortBoards
from bridgescore.core.scoring.butler import ButlerDrop, Datum, DatumRounding
from bridgescore.core.scoring.matchpoints import Scale


@dataclass(frozen=True, slots=True)
class Preset:
    """A body's or a program's settings: ``changes`` over the defaults, and what it is."""

    name: str
    description: str
    changes: Mapping[str, Any] = field(default_factory=dict)


_ALL = (
    Preset("ebu", "English Bridge Union: the defaults (Laws 12C2, 78A; Neuberg; White Book)"),
    Preset("wbf", "World Bridge Federation: the defaults"),
    Preset(
        "acbl",
        "ACBL and ACBLscore: the 1/0.5 scale, Butler datum without 5% of the scores at each "
        "end, a datum ending in 5 to the even ten",
        {
            "scale": Scale.ACBL,
            "datum_rounding": DatumRounding.EVEN,
            "butler_drop": ButlerDrop(percent=Fraction(5)),
        },
    ),
    Preset(
        "bbo",
        "Bridge Base Online: a short board out of its own top, the session percentage the mean "
        "of the boards' (cross-IMPs per comparison, the default)",
        {"short_boards": ShortBoards.UNFACTORED},
    ),
    Preset(
        "ebuscore",
        "EBUScore: each board's points rounded to 2 decimals before they are added",
        {"board_precision": 2},
    ),
    Preset(
        "pairsscorer",
        "PairsScorer: each board's points rounded to 2 decimals before they are added",
        {"board_precision": 2},
    ),
    Preset(
        "scorebridge",
        "ScoreBridge: each board's points rounded to 1 decimal before they are added",
        {"board_precision": 1},
    ),
    Preset(
        "jfr",
        "JFR (Polish) and Czech programs: the Butler datum is the median of the scores",
        {"datum": Datum.MEDIAN},
    ),
)

PRESETS: Mapping[str, Preset] = MappingProxyType({p.name: p for p in _ALL})
"""Every preset by name, in the order the documentation tables them."""


def preset(name: str) -> Preset:
    """The preset called ``name`` (any case), else a :class:`NotationError` listing them."""
    key = name.strip().lower()
    if key not in PRESETS:
        raise NotationError(name, f"the rules presets are {', '.join(PRESETS)}")
    return PRESETS[key]


_NONE = {
    "expected": "most on a board",
    "board_precision": "exact",
    "sit_out": "boards played",
}


def setting_text(name: str, value: Any) -> str:
    """A setting of :class:`~bridgescore.core.pairs.rules.PairsRules` as the presets show it."""
    if value is None:
        return _NONE.get(name, "-")
    if name == "fixed_averages":
        return "fixed" if value else "variable"
    if name == "board_precision":
        return f"{value} decimal{'' if value == 1 else 's'}"
    return str(value)
