"""Victory Point scales from CSV files, the named scales bridgescore ships, and ``--vp SCALE``.

A scale file has a header ``min_imps,max_imps,winner,loser`` and one row per IMP band; a blank
``max_imps`` means "and above" (the last band). VPs may have decimals and the loser's may be
negative. Lines starting with ``#`` are comments; the first one describes the scale::

    # 20-VP scale for a 7-board match
    min_imps,max_imps,winner,loser
    0,0,10,10
    1,2,11,9
    ...
    28,,20,0

>>> scale = loads("min_imps,max_imps,winner,loser\\n0,1,10,10\\n2,,20,0\\n", name="mini")
>>> [str(v) for v in scale.vp(5, boards=8)]
['20', '0']
>>> loads("min_imps,max_imps,winner,loser\\n0,1,10,10\\n3,,20,0\\n", name="gap", source="gap.csv")
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: gap.csv:3: margins of 2 IMPs are in no band (the band before ends at 1)
>>> sorted(named_scales())
['acbl', 'negative-20-5', 'seed-7-boards', 'seed-old-20', 'wbf', 'wbf-discrete']
>>> resolve_scale("seed-7-boards").vp(10, boards=7)
(Fraction(14, 1), Fraction(6, 1))
"""

from __future__ import annotations

__all__ = ["HEADER", "load", "load_named", "loads", "named_scales", "resolve_scale"]

import csv
import re
from fractions import Fraction
from importlib import resources
from pathlib import Path

from bridgescore.core.errors import FileFormatError, Problem, ScoringError, quoted
from bridgescore.core.numbers import parse_count
from bridgescore.core.scoring.vp import BUILTIN_SCALES, VpScale
from bridgescore.core.scoring.vp_bands import BandedScale, VpBand, band_problems
from bridgescore.formats.text import read_text, unsafe_field

HEADER = ("min_imps", "max_imps", "winner", "loser")
_NUMBER = re.compile(r"-?[0-9]{1,9}(\.[0-9]{1,9})?")
_SHIPPED = "data/vp"


def loads(text: str, *, name: str, source: str = "<string>") -> BandedScale:
    """A scale from the text of a scale file; problems raise one located FileFormatError."""
    problems: list[Problem] = []
    description = ""
    header_seen = False
    bands: list[VpBand] = []
    band_lines: list[int] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped:
            continue
        unfit = unsafe_field([("the line", stripped)])
        if unfit is not None:
            problems.append(Problem(source, number, unfit))
            continue
        if stripped.startswith("#"):
            description = description or stripped.lstrip("#").strip()
            continue
        fields = [field.strip() for field in next(csv.reader([stripped]))]
        if not header_seen:
            header_seen = True
            if tuple(field.lower() for field in fields) != HEADER:
                problems.append(
                    Problem(
                        source,
                        number,
                        f"the header must be {','.join(HEADER)}, not {quoted(stripped)}",
                    )
                )
                break
            continue
        band, messages = _band(fields)
        problems.extend(Problem(source, number, message) for message in messages)
        if band is not None:
            bands.append(band)
            band_lines.append(number)
    if not header_seen:
        problems.append(Problem(source, None, f"no header line ({','.join(HEADER)})"))
    if not problems:
        for index, message in band_problems(bands):
            where = None if index is None else band_lines[index]
            problems.append(Problem(source, where, message))
    if problems:
        raise FileFormatError.from_problems(problems)
    return BandedScale(name, bands, description)


def _band(fields: list[str]) -> tuple[VpBand | None, list[str]]:
    if len(fields) != len(HEADER):
        return None, [f"a band has 4 fields ({','.join(HEADER)}), this line has {len(fields)}"]
    low, high, winner, loser = fields
    messages = []
    low_imps, high_imps = parse_count(low), parse_count(high)
    if low_imps is None:
        messages.append(f"min_imps {quoted(low)} is not a whole number of IMPs (0 or more)")
    if high and high_imps is None:
        messages.append(f"max_imps {quoted(high)} is not a whole number of IMPs (or blank)")
    for label, value in (("winner", winner), ("loser", loser)):
        if not _NUMBER.fullmatch(value):
            messages.append(f"{label} {quoted(value)} is not a number of VPs")
    if messages or low_imps is None:
        return None, messages
    band = VpBand(low_imps, high_imps, Fraction(winner), Fraction(loser))
    return band, []


def load(path: str | Path, name: str | None = None) -> BandedScale:
    """A scale from a CSV file; its name is the file's stem unless given."""
    path = Path(path)
    if not path.exists():
        raise FileFormatError(str(path), None, "no such VP scale file")
    return loads(read_text(path), name=name or path.stem, source=str(path))


def _shipped() -> dict[str, str]:
    """Shipped scale name -> file text."""
    folder = resources.files("bridgescore").joinpath(_SHIPPED)
    return {
        entry.name.removesuffix(".csv"): entry.read_text(encoding="utf-8")
        for entry in folder.iterdir()
        if entry.name.endswith(".csv")
    }


def load_named(name: str) -> BandedScale:
    """One of the scales shipped with bridgescore (``seed-7-boards``, ``seed-old-20``, ...)."""
    shipped = _shipped()
    if name not in shipped:
        raise ScoringError(
            f"{quoted(name)} is not a shipped VP scale ({', '.join(sorted(shipped))})"
        )
    return loads(shipped[name], name=name, source=f"{_SHIPPED}/{name}.csv")


def named_scales() -> dict[str, str]:
    """Every scale ``--vp`` knows by name, with its description, in order of name."""
    descriptions = {name: scale.description for name, scale in BUILTIN_SCALES.items()}
    descriptions |= {name: load_named(name).description for name in _shipped()}
    return dict(sorted(descriptions.items()))


def resolve_scale(spec: str) -> VpScale:
    """What ``--vp`` names: a computed scale, a shipped scale (a name in any case: ``WBF``),
    or the path of a CSV file."""
    name = spec.strip().lower()
    if name in BUILTIN_SCALES:
        return BUILTIN_SCALES[name]
    if name in _shipped():
        return load_named(name)
    path = Path(spec)
    if path.suffix.lower() == ".csv" or path.exists():
        return load(path)
    raise ScoringError(
        f"{quoted(spec)} is not a VP scale: use one of {', '.join(named_scales())} "
        "or the path of a CSV file"
    )
