"""``bridgescore session new`` and ``session schema``."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import jsonschema

from bridgescore.formats import session
from tests.support.cli import run


def test_new_writes_a_file_the_reader_and_the_schema_accept(tmp_path: Path) -> None:
    path = tmp_path / "thursday.toml"
    result = run(
        "session",
        "new",
        str(path),
        "--club",
        "Riverside",
        "--title",
        "Thursday",
        "--tables",
        "6.5",
        "--movement",
        "howell",
        "--boards",
        "1-26",
        "--sections",
        "2",
        "--results",
        "thursday.csv",
    )
    assert result.exit_code == 0 and result.output == f"wrote {path}\n"
    read = session.load(path)
    assert [(s.letter, s.tables, s.movement, s.boards) for s in read.sections] == [
        ("A", "6.5", "howell", (1, 26)),
        ("B", "6.5", "howell", (1, 26)),
    ]
    assert (read.club, read.title, read.results) == ("Riverside", "Thursday", ("thursday.csv",))
    schema = json.loads(run("session", "schema").output)
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(tomllib.loads(path.read_text(encoding="utf-8")), schema)


def test_new_refuses_to_write_over_a_file_and_bad_answers(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text("x", encoding="utf-8")
    refused = run("session", "new", str(path))
    assert refused.exit_code == 2 and "is there already" in refused.output
    bad = run("session", "new", str(tmp_path / "t.toml"), "--tables", "seven")
    assert bad.exit_code == 2
    assert bad.output.startswith("error: ") and "'seven' is not a number of tables" in bad.output
    assert not (tmp_path / "t.toml").exists()
    assert run("session", "new", str(path), "--force").exit_code == 0
