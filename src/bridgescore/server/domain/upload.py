"""A session file and the files it names, as a director has them on disk, made into the body of
a new event: the same TOML ``bridgescore score`` reads, taken as it is written.

The files it names come with it, each under the name the TOML uses: a section's movement file
(JSON), the hand record (PBN, or any format ``bridgescore deals`` reads, kept as PBN) and the
names file (CSV, whose names join the sections' pairs). Its results files are left, with a note:
the tables enter the results.

>>> text = '''title = "Tuesday"
... results = "tuesday.csv"
... names = "names.csv"
... [[sections]]
... tables = 3
... movement = "howell"
... '''
>>> body, notes = event_body(text, {"names.csv": b"pair,names\\n1,Ann Smith & Bob Jones\\n"})
>>> body["sections"][0]["pairs"], notes
([{'pair': '1', 'names': ['Ann Smith', 'Bob Jones']}], ['the session file: its results (tuesday.csv) are not loaded: the tables enter the results'])
"""

from __future__ import annotations

__all__ = ["body_with_files", "event_body", "named_files"]

import copy
import json
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bridgescore.core.errors import BridgeScoreError
from bridgescore.formats.session import read_toml
from bridgescore.server.domain.errors import Unfit
from bridgescore.server.domain.layout import section_key


def named_files(data: Mapping[str, Any]) -> list[str]:
    """The files a session file's TOML names that the server takes with it: the hand record,
    the names file and each section's movement file (its results are left).

    >>> named_files({"hands": "h.pbn", "sections": [{"movement": "m.json"}, {"movement": "howell"}]})
    ['h.pbn', 'm.json']
    """
    found = [str(data[key]) for key in ("hands", "names") if isinstance(data.get(key), str)]
    for section in data.get("sections", []) if isinstance(data.get("sections"), list) else []:
        movement = section.get("movement") if isinstance(section, dict) else None
        if isinstance(movement, str) and movement.lower().endswith(".json"):
            found.append(movement)
    return list(dict.fromkeys(found))


def _file(files: Mapping[str, bytes], name: str, where: str, source: str) -> bytes:
    found = files.get(name)
    if found is None:
        given = ", ".join(sorted(files)) or "none"
        raise Unfit(
            f"{source}: {where} = {name!r}: send that file with the session file (files sent: "
            f"{given})"
        )
    return found


def _text(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _hands(data: bytes, name: str) -> str:
    """The hand record as PBN text: as sent, or converted from another format."""
    if name.lower().endswith(".pbn"):
        return _text(data, name)
    from bridgescore.formats import hands

    with tempfile.TemporaryDirectory(prefix="bridgescore-upload-") as folder:
        source = Path(folder) / Path(name).name
        source.write_bytes(data)
        try:
            hands.dump(hands.load(source), Path(folder) / "hands.pbn")
        except BridgeScoreError as error:
            raise Unfit(f"{name}: {error}") from None
        return (Path(folder) / "hands.pbn").read_text(encoding="latin-1")


def _names(data: dict[str, Any], text: str, name: str) -> None:
    """Add the names file's names to the sections' pairs (a pair the TOML names keeps its)."""
    from bridgescore.formats.csv.travellers import loads_names

    try:
        table = loads_names(text, source=name)
    except BridgeScoreError as error:
        raise Unfit(str(error)) from None
    sections = [s for s in data.get("sections", []) if isinstance(s, dict)]
    letters = {str(s.get("letter", "")).upper(): s for s in sections if s.get("letter")}
    for label, players in table.items():
        letter, _, pair = label.partition(" ")
        section = letters.get(letter.upper()) if pair else None
        if section is None:
            if len(sections) != 1:
                raise Unfit(
                    f"{name}: pair {label!r}: say its section (A 1NS) in a session of sections"
                )
            section, pair = sections[0], label
        listed = section.setdefault("pairs", [])
        if not any(
            str(p.get("pair", "")).upper() == pair.upper() for p in listed if isinstance(p, dict)
        ):
            listed.append({"pair": pair, "names": [n.strip() for n in players.split("&")]})


def event_body(
    text: str, files: Mapping[str, bytes], *, source: str = "the session file"
) -> tuple[dict[str, Any], list[str]]:
    """The API's body for a session file's TOML and the files it names (see the module
    docstring), and the notes of what was left."""
    try:
        data = read_toml(text, source=source)
    except BridgeScoreError as error:
        raise Unfit(str(error)) from None
    return body_with_files(data, files, source=source)


def _results(data: dict[str, Any]) -> list[str]:
    """Take the results files out of a session file's object; their names."""
    found: list[str] = []
    places = [data, *(s for s in _sections(data) if isinstance(s, dict))]
    for place in places:
        given = place.pop("results", [])
        found.extend(str(name) for name in (given if isinstance(given, list) else [given]))
    return found


def _sections(data: Mapping[str, Any]) -> list[Any]:
    sections = data.get("sections", [])
    return sections if isinstance(sections, list) else []


def body_with_files(
    data: dict[str, Any], files: Mapping[str, bytes], *, source: str = "the session file"
) -> tuple[dict[str, Any], list[str]]:
    """The API's body for a session file read to its object (as TOML reads, or a program sends
    it as JSON) and the files it names; the notes of what was left."""
    data = copy.deepcopy(data)  # (a copy of our own, sections and all)
    notes = []
    results = _results(data)
    if results:
        notes.append(
            f"{source}: its results ({', '.join(results)}) are not loaded: the tables enter "
            "the results"
        )
    extra: dict[str, Any] = (
        dict(data.pop("server", {})) if isinstance(data.get("server"), dict) else {}
    )
    if isinstance(data.get("hands"), str):
        name = data.pop("hands")
        extra["hands"] = _hands(_file(files, name, "hands", source), name)
    if isinstance(data.get("names"), str):
        name = data.pop("names")
        _names(data, _text(_file(files, name, "names", source), name), name)
    movements = dict(extra.get("movements", {}))
    for section in _sections(data):
        movement = section.get("movement") if isinstance(section, dict) else None
        if isinstance(movement, str) and movement.lower().endswith(".json"):
            letter = section_key(section.get("letter"))
            if letter in movements:
                continue  # (sent inline already)
            raw = _text(_file(files, movement, "movement", source), movement)
            try:
                movements[letter] = json.loads(raw)
            except (ValueError, RecursionError):
                raise Unfit(f"{movement}: not a movement file (JSON) the server can read") from None
    if movements:
        extra["movements"] = movements
    if extra:
        data["server"] = extra
    return data, notes
