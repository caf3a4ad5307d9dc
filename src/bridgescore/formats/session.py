"""The session file: a club session described in TOML, read with the standard library's
``tomllib`` and checked key by key (its JSON Schema is :data:`SCHEMA`).

::

    club = "Riverside BC"
    title = "Tuesday pairs"
    date = "2026-11-24"
    director = "Ann Director"
    results = "tuesday.csv"          # or a list of files; paths are relative to this file

    [scoring]
    rules = "ebu"                    # a preset, then any setting of `bridgescore score`
    compare = "across"               # or "within" each section

    [[sections]]
    letter = "A"
    tables = 7                       # 7.5: a half table
    movement = "mitchell"            # a name, or a movement file (.json)
    boards = "1-28"
    pairs = [{pair = "1NS", names = ["Ann Smith", "Bob Jones"], numbers = ["1001", "1002"]}]

Every mistake is said with the file and the key it is under (``sections[1].tables``); a TOML
syntax error with its line.

>>> text = 'title = "Tuesday"\\nresults = "t.csv"\\n[[sections]]\\ntables = 7\\nmovement = "mitchell"\\n'
>>> session = loads(text, source="t.toml")
>>> session.title, session.results, session.sections[0].tables
('Tuesday', ('t.csv',), '7')
>>> loads('title = "x"\\n[[sections]]\\ntables = "seven"\\nmovement = "howell"\\n', source="t.toml")
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: t.toml: sections[0].tables: 'seven' is not a number of tables (say 7, or 7.5 for a half table)
"""

from __future__ import annotations

__all__ = [
    "SCHEMA",
    "PairEntry",
    "SectionEntry",
    "SessionFile",
    "dumps",
    "from_dict",
    "load",
    "loads",
    "participants",
    "read_toml",
    "to_dict",
]

import json
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bridgescore.core.errors import BridgeScoreError, FileFormatError, quoted
from bridgescore.core.movements.plan import parse_tables
from bridgescore.formats.session_check import Checker, shown
from bridgescore.formats.session_schema import SCHEMA, SCORING_KEYS
from bridgescore.formats.text import read_text
from bridgescore.formats.usebio.model import Participant, Player

_RANGE = re.compile(r"^\s*(\d{1,4})\s*-\s*(\d{1,4})\s*$")


@dataclass(frozen=True, slots=True)
class PairEntry:
    """A pair (team, player) of a section: its number as the travellers write it, its
    players' names and their national player numbers."""

    pair: str
    names: tuple[str, ...] = ()
    numbers: tuple[str | None, ...] = ()

    @property
    def text(self) -> str:
        """``Ann Smith & Bob Jones``: the names as the results show them."""
        return " & ".join(self.names)


@dataclass(frozen=True, slots=True)
class SectionEntry:
    """A section: its letter, tables (``7`` or ``7.5``), movement (a name or a file), the
    boards it plays (first, last), rounds, pairs, and results files of its own."""

    letter: str | None
    tables: str
    movement: str
    boards: tuple[int, int] | None = None
    rounds: int | None = None
    pairs: tuple[PairEntry, ...] = ()
    results: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SessionFile:
    """What a session file says (see the module docstring); ``folder`` is where its relative
    paths start."""

    source: str
    folder: Path
    club: str | None = None
    title: str | None = None
    date: str | None = None
    director: str | None = None
    venue: str | None = None
    results: tuple[str, ...] = ()
    hands: str | None = None
    names: str | None = None
    scoring: dict[str, Any] = field(default_factory=dict)
    sections: tuple[SectionEntry, ...] = ()

    def path(self, name: str) -> Path:
        """A path the file names, relative to the file's folder."""
        return self.folder / name


def _pair(check: Checker, data: object, where: str) -> PairEntry:
    entry = check.table(data, where)
    check.keys(entry, ("pair", "player", "team", "names", "name", "numbers", "number"), where)
    key = next((k for k in ("pair", "player", "team") if k in entry), None)
    if key is None:
        raise check.fail(where, 'says which pair (pair = "1NS"), player or team it is')
    names = check.texts(entry.get("names", entry.get("name", [])), f"{where}.names")
    raw = entry.get("numbers", entry.get("number", []))
    numbers = check.texts(raw, f"{where}.numbers") if raw else ()
    if numbers and len(numbers) != len(names):
        raise check.fail(f"{where}.numbers", f"{len(numbers)} numbers for {len(names)} names")
    return PairEntry(check.text(entry[key], f"{where}.{key}"), names, numbers)


def _section(check: Checker, data: object, where: str) -> SectionEntry:
    entry = check.table(data, where)
    allowed = ("letter", "tables", "movement", "boards", "rounds", "pairs", "players", "teams")
    check.keys(entry, (*allowed, "results"), where)
    for key in ("tables", "movement"):
        if key not in entry:
            raise check.fail(f"{where}.{key}", "missing")
    tables = check.text(entry["tables"], f"{where}.tables")
    try:
        parse_tables(tables)
    except BridgeScoreError as error:
        raise check.fail(f"{where}.tables", str(error)) from None
    boards = None
    if "boards" in entry:
        match = _RANGE.match(str(entry["boards"]))
        if match is None or int(match.group(1)) > int(match.group(2)) or match.group(1) == "0":
            raise check.fail(
                f"{where}.boards", f'a range of boards like "1-28", not {entry["boards"]!r}'
            )
        boards = (int(match.group(1)), int(match.group(2)))
    rounds = check.count(entry["rounds"], f"{where}.rounds") if "rounds" in entry else None
    listed = entry.get("pairs", entry.get("players", entry.get("teams", [])))
    if not isinstance(listed, list):
        raise check.fail(f"{where}.pairs", "a list of pairs")
    pairs = tuple(_pair(check, item, f"{where}.pairs[{i}]") for i, item in enumerate(listed))
    results = check.texts(entry["results"], f"{where}.results") if "results" in entry else ()
    letter = _letter(check, entry["letter"], f"{where}.letter") if "letter" in entry else None
    return SectionEntry(
        letter,
        tables,
        check.text(entry["movement"], f"{where}.movement"),
        boards,
        rounds,
        pairs,
        results,
    )


def _letter(check: Checker, value: object, where: str) -> str:
    """A section's letter: one to four letters or digits (``A``, ``Red``, ``N2``)."""
    letter = check.text(value, where)
    if not (letter.isalnum() and len(letter) <= 4):
        raise check.fail(
            where, f"{quoted(letter)} is no section letter (say A, or Red: 1 to 4 letters)"
        )
    return letter


def _scoring(check: Checker, data: object) -> dict[str, Any]:
    scoring = check.table(data, "scoring")
    check.keys(scoring, SCORING_KEYS, "scoring")
    properties = SCHEMA["properties"]["scoring"]["properties"]
    for key, value in scoring.items():
        kinds = _kinds(properties[key])
        if isinstance(value, str) and "string" in kinds:
            check.text(value, f"scoring.{key}")
        elif not any(_is(value, kind) for kind in kinds):
            said = " or ".join(_KIND_WORDS[kind] for kind in kinds)
            raise check.fail(f"scoring.{key}", f"{said}, not {shown(value)}")
    return dict(scoring)


_KIND_WORDS = {"string": "a text", "integer": "a whole number", "boolean": "true or false"}


def _kinds(schema: dict[str, Any]) -> list[str]:
    """The JSON types a schema property allows (an enum of texts is a text)."""
    if "enum" in schema:
        return ["string"]
    if "oneOf" in schema:
        return [kind for option in schema["oneOf"] for kind in _kinds(option)]
    return [schema["type"]]


def _is(value: object, kind: str) -> bool:
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, str)


def read_toml(text: str, *, source: str = "<session>") -> dict[str, Any]:
    """The object a session file's TOML reads to, or a located error (a TOML mistake with its
    line; tables nested too deeply)."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"\(at line (\d+), column \d+\)", str(error))
        line = int(found.group(1)) if found else None
        raise FileFormatError(source, line, f"not TOML: {error}") from None
    except RecursionError:
        message = "not a session file: its tables are nested too deeply"
        raise FileFormatError(source, None, message) from None


def loads(text: str, *, source: str = "<session>", folder: Path | None = None) -> SessionFile:
    """A session file from its TOML text (see the module docstring)."""
    data = read_toml(text, source=source)
    return from_dict(data, source=source, folder=folder)


def from_dict(
    data: object,
    *,
    source: str = "<session>",
    folder: Path | None = None,
    results_required: bool = True,
) -> SessionFile:
    """A session file from the object its TOML (or the same as JSON, as a program sends it)
    reads to, checked key by key. The club server, which gathers the results itself, reads
    one without ``results`` (``results_required=False``).

    >>> from_dict({"title": "Tuesday", "results": "t.csv"}).title
    'Tuesday'
    """
    check = Checker(source)
    data = check.table(data, "the session")
    top = ("club", "title", "date", "director", "venue", "results", "hands", "names")
    check.keys(data, (*top, "scoring", "sections"), "")
    sections = data.get("sections", [])
    if not isinstance(sections, list):
        raise check.fail("sections", "an array of tables: [[sections]]")
    entries = tuple(_section(check, item, f"sections[{i}]") for i, item in enumerate(sections))
    letters = [s.letter for s in entries]
    if len(entries) > 1 and (
        None in letters or len({str(x).upper() for x in letters}) != len(letters)
    ):
        raise check.fail(
            "sections", "each of several sections has a letter of its own (A and a are one letter)"
        )
    details = {
        key: check.text(data[key], key)
        for key in ("club", "title", "date", "director", "venue")
        if key in data
    }
    results = check.texts(data["results"], "results") if "results" in data else ()
    if results_required and not results and (not entries or not all(s.results for s in entries)):
        raise check.fail("results", 'missing: say which file has the results (results = "...")')
    return SessionFile(
        source,
        folder if folder is not None else Path(source).parent,
        results=results,
        hands=check.text(data["hands"], "hands") if "hands" in data else None,
        names=check.text(data["names"], "names") if "names" in data else None,
        scoring=_scoring(check, data.get("scoring", {})),
        sections=entries,
        **details,
    )


def load(path: str | os.PathLike[str]) -> SessionFile:
    """A session file (see :func:`loads`); its relative paths start at its folder."""
    return loads(read_text(path), source=str(path), folder=Path(path).parent)


def to_dict(session: SessionFile) -> dict[str, Any]:
    """The session file as the plain object its TOML reads to (:func:`from_dict` reads it
    back): what a program sends as JSON."""
    data: dict[str, Any] = {
        key: getattr(session, key)
        for key in ("club", "title", "date", "director", "venue", "hands", "names")
        if getattr(session, key) is not None
    }
    if session.results:
        data["results"] = list(session.results)
    if session.scoring:
        data["scoring"] = dict(session.scoring)
    sections = []
    for section in session.sections:
        entry: dict[str, Any] = {"tables": section.tables, "movement": section.movement}
        if section.letter is not None:
            entry["letter"] = section.letter
        if section.boards is not None:
            entry["boards"] = f"{section.boards[0]}-{section.boards[1]}"
        if section.rounds is not None:
            entry["rounds"] = section.rounds
        if section.results:
            entry["results"] = list(section.results)
        if section.pairs:
            entry["pairs"] = [
                {
                    "pair": p.pair,
                    "names": list(p.names),
                    **({"numbers": list(p.numbers)} if p.numbers else {}),
                }
                for p in section.pairs
            ]
        sections.append(entry)
    if sections:
        data["sections"] = sections
    return data


def participants(session: SessionFile) -> tuple[Participant, ...]:
    """The pairs of every section with their players' names and national numbers, as a USEBIO
    file lists them (how the numbers reach an export)."""
    found = []
    for section in session.sections:
        for pair in section.pairs:
            numbers = pair.numbers or (None,) * len(pair.names)
            players = tuple(Player(n, i) for n, i in zip(pair.names, numbers, strict=True))
            found.append(Participant(pair.pair, section=section.letter, players=players))
    return tuple(found)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + "}"
    return json.dumps(str(value), ensure_ascii=False)


def _section_lines(section: SectionEntry) -> list[str]:
    lines = ["", "[[sections]]"]
    if section.letter is not None:
        lines.append(f"letter = {_value(section.letter)}")
    whole = section.tables.isascii() and section.tables.isdigit()
    lines.append(f"tables = {section.tables if whole else _value(section.tables)}")
    lines.append(f"movement = {_value(section.movement)}")
    if section.boards is not None:
        lines.append(f'boards = "{section.boards[0]}-{section.boards[1]}"')
    if section.rounds is not None:
        lines.append(f"rounds = {section.rounds}")
    if section.results:
        lines.append(f"results = {_value(list(section.results))}")
    if section.pairs:
        lines.append("pairs = [")
        for pair in section.pairs:
            entry: dict[str, object] = {"pair": pair.pair, "names": list(pair.names)}
            if pair.numbers:
                entry["numbers"] = list(pair.numbers)
            lines.append(f"  {_value(entry)},")
        lines.append("]")
    return lines


def dumps(session: SessionFile) -> str:
    """The session file as TOML (what ``bridgescore session new`` writes); read back by
    :func:`loads` to the same values."""
    lines = ["# A bridgescore session file: `bridgescore score THIS-FILE` scores the session."]
    for key in ("club", "title", "date", "director", "venue"):
        value = getattr(session, key)
        if value is not None:
            lines.append(f"{key} = {_value(value)}")
    if session.results:
        lines.append(f"results = {_value(list(session.results))}")
    for key in ("hands", "names"):
        value = getattr(session, key)
        if value is not None:
            lines.append(f"{key} = {_value(value)}")
    if session.scoring:
        lines += ["", "[scoring]"] + [f"{k} = {_value(v)}" for k, v in session.scoring.items()]
    for section in session.sections:
        lines += _section_lines(section)
    return "\n".join(lines) + "\n"
