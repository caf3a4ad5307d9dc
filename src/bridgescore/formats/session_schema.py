"""The JSON Schema of the session file (a TOML file read as the JSON it maps to), for editors
and for anyone who writes session files with another program. ``bridgescore session schema``
prints it; :mod:`bridgescore.formats.session` reads the file to the same rules.

>>> SCHEMA["anyOf"][0], sorted(SCHEMA["properties"]["scoring"]["properties"])[:3]
({'required': ['results']}, ['average_imps', 'board_precision', 'butler_drop'])
"""

from __future__ import annotations

__all__ = ["SCHEMA", "SCORING_KEYS"]

from typing import Any

from bridgescore.core.pairs.conventions import ShortBoards, TieNotation, WeightedScores
from bridgescore.core.pairs.presets import PRESETS
from bridgescore.core.scoring.butler import Datum

SCORING_KEYS = (
    "rules",
    "method",
    "scale",
    "expected",
    "cross",
    "butler_drop",
    "datum_rounding",
    "fixed_averages",
    "average_imps",
    "field",
    "board_precision",
    "short_boards",
    "weighted",
    "datum",
    "sit_out",
    "ties",
    "compare",
    "missing",
)
"""The keys of ``[scoring]``: the preset (``rules``), the settings ``bridgescore score`` takes,
how sections are compared and what a missing result becomes."""

_TEXT: dict[str, Any] = {"type": "string", "minLength": 1}
_TEXTS: dict[str, Any] = {"oneOf": [_TEXT, {"type": "array", "items": _TEXT}]}
_PAIR: dict[str, Any] = {
    "type": "object",
    "description": "A pair (player, team): its number as the travellers write it, its "
    "players' names and their national player numbers.",
    "properties": {
        "pair": _TEXT,
        "player": _TEXT,
        "team": _TEXT,
        "names": _TEXTS,
        "name": _TEXTS,
        "numbers": _TEXTS,
        "number": _TEXTS,
    },
    "oneOf": [{"required": ["pair"]}, {"required": ["player"]}, {"required": ["team"]}],
    "additionalProperties": False,
}

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "bridgescore session file",
    "description": "A club session: who, when, the sections and their movements, the "
    "scoring rules and the results files (paths relative to the session file).",
    "type": "object",
    "properties": {
        "club": _TEXT,
        "title": _TEXT,
        "date": _TEXT,
        "director": _TEXT,
        "venue": _TEXT,
        "results": _TEXTS,
        "hands": _TEXT,
        "names": _TEXT,
        "scoring": {
            "type": "object",
            "properties": {
                "rules": {"enum": list(PRESETS)},
                "method": {"enum": ["mp", "crossimps", "butler", "total"]},
                "scale": {"enum": ["2/1", "1/0.5"]},
                "expected": {"type": "integer", "minimum": 1},
                "cross": {"enum": ["average", "total", "per-score"]},
                "butler_drop": {"oneOf": [{"type": "integer", "minimum": 0}, _TEXT]},
                "datum_rounding": {"enum": ["half-up", "even"]},
                "fixed_averages": {"type": "boolean"},
                "average_imps": {"type": "integer", "minimum": 0},
                "field": {"enum": ["auto", "one", "two"]},
                "board_precision": {"type": "integer", "minimum": 0, "maximum": 6},
                "short_boards": {"enum": [s.value for s in ShortBoards]},
                "weighted": {"enum": [w.value for w in WeightedScores]},
                "datum": {"enum": [d.value for d in Datum]},
                "sit_out": {"type": "string", "pattern": "^-?[0-9]+(\\.[0-9]+)?%?$"},
                "ties": {"enum": [t.value for t in TieNotation]},
                "compare": {"enum": ["across", "within"]},
                "missing": {"enum": ["not-played", "average"]},
            },
            "additionalProperties": False,
        },
        "sections": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "letter": _TEXT,
                    "tables": {
                        "oneOf": [
                            {"type": "integer", "minimum": 1},
                            {"type": "string", "pattern": "^[0-9]{1,3}(\\.[05]|½)?$"},
                        ]
                    },
                    "movement": _TEXT,
                    "boards": {
                        "type": "string",
                        "pattern": "^\\s*[0-9]{1,4}\\s*-\\s*[0-9]{1,4}\\s*$",
                    },
                    "rounds": {"type": "integer", "minimum": 1},
                    "pairs": {"type": "array", "items": _PAIR},
                    "players": {"type": "array", "items": _PAIR},
                    "teams": {"type": "array", "items": _PAIR},
                    "results": _TEXTS,
                },
                "required": ["tables", "movement"],
                "additionalProperties": False,
            },
        },
    },
    "anyOf": [
        {"required": ["results"]},
        {
            "required": ["sections"],
            "properties": {"sections": {"minItems": 1, "items": {"required": ["results"]}}},
        },
    ],
    "additionalProperties": False,
}
"""The session file's JSON Schema (draft 2020-12): the results are said once for the session
or in every section."""
