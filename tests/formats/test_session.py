"""The session file: read key by key with located mistakes, written back to the same values,
and described by a JSON Schema that agrees with the reader."""

from __future__ import annotations

import tomllib
from pathlib import Path

import jsonschema
import pytest

from bridgescore.core.errors import FileFormatError
from bridgescore.formats import session
from bridgescore.formats.session_schema import SCHEMA
from tests.support.paths import EXAMPLES, ROOT

SESSIONS = ROOT / "tests" / "data" / "sessions"


def test_the_bundled_session_file_reads_and_writes_back_the_same() -> None:
    path = EXAMPLES / "club-session.toml"
    read = session.load(path)
    assert (read.club, read.title, read.date, read.director) == (
        "Riverside Bridge Club",
        "Tuesday pairs",
        "2026-11-24",
        "Ann Director",
    )
    (section,) = read.sections
    assert (section.tables, section.movement, section.boards) == (
        "13",
        "club-movement.json",
        (1, 26),
    )
    assert section.pairs[0].names == ("Jack Jones", "Fred Fisher") and len(section.pairs) == 25
    assert session.dumps(read) == path.read_text(encoding="utf-8")
    assert read.path("club-session.csv") == EXAMPLES / "club-session.csv"


@pytest.mark.parametrize(
    "path", [EXAMPLES / "club-session.toml", *sorted(SESSIONS.glob("*.toml"))], ids=str
)
def test_the_schema_accepts_every_session_file_we_ship(path: Path) -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    jsonschema.validate(tomllib.loads(path.read_text(encoding="utf-8")), SCHEMA)
    session.load(path)


@pytest.mark.parametrize(
    ("text", "message", "schema_too"),
    [
        ('results = "r.csv"\ncolour = "red"\n', "t.toml: colour: unknown key", True),
        (
            'results = "r.csv"\n[[sections]]\ntables = 7\n',
            "t.toml: sections[0].movement: missing",
            True,
        ),
        ('title = "x"\n', "t.toml: results: missing", True),
        (
            'results = "r.csv"\n[scoring]\ncompares = "across"\n',
            "t.toml: scoring.compares: unknown key",
            True,
        ),
        # what a JSON Schema cannot say: the reader alone finds these
        (
            'results = "r.csv"\n[[sections]]\ntables = 7\nmovement = "howell"\nboards = "28-1"\n',
            "t.toml: sections[0].boards: a range of boards like \"1-28\", not '28-1'",
            False,
        ),
        (
            'results = "r.csv"\n[[sections]]\ntables = 7\nmovement = "m"\n'
            '[[sections]]\ntables = 7\nmovement = "m"\n',
            "t.toml: sections: each of several sections has a letter of its own",
            False,
        ),
        (
            'results = "r.csv"\n[[sections]]\ntables = 7\nmovement = "m"\n'
            'pairs = [{pair = "1", names = ["A", "B"], numbers = ["1"]}]\n',
            "t.toml: sections[0].pairs[0].numbers: 1 numbers for 2 names",
            False,
        ),
    ],
)
def test_a_mistake_is_said_with_its_key(text: str, message: str, schema_too: bool) -> None:
    with pytest.raises(FileFormatError) as raised:
        session.loads(text, source="t.toml")
    assert str(raised.value).startswith(message)
    if schema_too:
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(tomllib.loads(text), SCHEMA)


def test_a_toml_syntax_error_says_its_line() -> None:
    with pytest.raises(FileFormatError) as raised:
        session.loads('title = "x"\nresults = \n', source="t.toml")
    assert raised.value.line == 2 and str(raised.value).startswith("t.toml:2: not TOML")


def test_each_section_may_have_its_own_results() -> None:
    text = (
        '[[sections]]\nletter = "A"\ntables = 3\nmovement = "mitchell"\nresults = "a.csv"\n'
        '[[sections]]\nletter = "B"\ntables = 3\nmovement = "mitchell"\nresults = ["b.csv"]\n'
    )
    read = session.loads(text, source="t.toml")
    assert [s.results for s in read.sections] == [("a.csv",), ("b.csv",)]
    jsonschema.validate(tomllib.loads(text), SCHEMA)
    assert session.loads(session.dumps(read), source="t.toml") == read


def test_the_participants_carry_the_national_numbers() -> None:
    listed = session.participants(session.load(EXAMPLES / "club-session.toml"))
    first = listed[0]
    assert (first.label, [p.name for p in first.players]) == ("1NS", ["Jack Jones", "Fred Fisher"])
    assert [p.national_id for p in first.players] == ["574354", "686963"]


def test_the_scoring_keys_are_the_settings_the_command_line_takes() -> None:
    from bridgescore.events.rules import SETTINGS
    from bridgescore.formats.session_schema import SCORING_KEYS

    assert set(SCORING_KEYS) == {"rules", "method", "missing", *SETTINGS}
    assert set(SCHEMA["properties"]["scoring"]["properties"]) == set(SCORING_KEYS)


def test_the_session_as_a_plain_object_reads_back_the_same() -> None:
    import json

    read = session.load(EXAMPLES / "club-session.toml")
    data = json.loads(json.dumps(session.to_dict(read)))  # as a program sends it
    jsonschema.validate(data, SCHEMA)
    again = session.from_dict(data, source=read.source, folder=read.folder)
    assert again == read
