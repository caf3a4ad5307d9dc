"""``load`` and ``dump``: any format in and out, chosen from the content and the extension, as
``bridgescore convert`` chooses it; a scored event is written as ``bridgescore export`` writes it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bridgescore.core.errors import FileFormatError
from bridgescore.core.table.traveller import Session
from bridgescore.events.files import dump, load, prepare_export
from bridgescore.events.pairs import score_file
from bridgescore.formats import pbn
from bridgescore.formats.dispatch import as_session
from bridgescore.formats.pbn.model import PbnFile
from bridgescore.formats.usebio.event import UsebioEvent
from tests.support.console import run_bridgescore
from tests.support.paths import DATA, EXAMPLES, real_file

SESSION = EXAMPLES / "club-session.csv"
NAMES = EXAMPLES / "club-names.csv"


def test_traveller_csv_round_trips_through_every_written_format(tmp_path: Path) -> None:
    session = load(SESSION)
    assert isinstance(session, Session) and len(session.lines) == 312
    for name in ("again.csv", "again.pbn", "again.xml"):
        dump(session, tmp_path / name)
        back = as_session(load(tmp_path / name))
        assert [line.ns_score for line in back.lines] == [line.ns_score for line in session.lines]
        assert [(line.board, line.ns, line.ew) for line in back.lines] == [
            (line.board, line.ns, line.ew) for line in session.lines
        ]
    # CSV to CSV is byte for byte what convert writes
    assert run_bridgescore("convert", SESSION, tmp_path / "convert.csv").returncode == 0
    assert (tmp_path / "again.csv").read_bytes() == (tmp_path / "convert.csv").read_bytes()


def test_pbn_round_trips_whole(tmp_path: Path) -> None:
    original = load(DATA / "pbn" / "import.pbn")
    assert isinstance(original, PbnFile)
    dump(original, tmp_path / "again.pbn")
    again = load(tmp_path / "again.pbn")
    assert isinstance(again, PbnFile)
    assert pbn.dumps(again) == pbn.dumps(original)
    hands = load(EXAMPLES / "club-hands.pbn")
    assert isinstance(hands, PbnFile) and len(hands.games) == 26


def test_the_format_comes_from_the_content_when_the_extension_says_nothing(
    tmp_path: Path,
) -> None:
    renamed = tmp_path / "results.txt"
    renamed.write_bytes(SESSION.read_bytes())
    found, known = load(renamed), load(SESSION)
    assert isinstance(found, Session) and isinstance(known, Session)
    assert found.lines == known.lines
    with pytest.raises(FileFormatError, match="not a file bridgescore reads"):
        load(EXAMPLES / "rubber.txt")
    with pytest.raises(FileFormatError, match="cannot write this kind of file"):
        dump(load(SESSION), tmp_path / "out.txt")


def test_a_real_usebio_file_keeps_its_ids_through_load_and_dump(tmp_path: Path) -> None:
    path = real_file("usebio/mp_pairs_mitchell.xml")
    event = load(path)
    assert isinstance(event, UsebioEvent)
    dump(event, tmp_path / "again.xml")
    again = load(tmp_path / "again.xml")
    assert isinstance(again, UsebioEvent)
    assert [replace(x, line=None) for x in again.session.lines] == [
        replace(x, line=None) for x in event.session.lines
    ]
    assert (again.event_type, again.participants) == (event.event_type, event.participants)
    assert again.figures == event.figures


@pytest.mark.parametrize(
    ("option", "name"), [("--pbn", "x.pbn"), ("--usebio", "x.xml"), ("--csv", "x.csv")]
)
def test_a_scored_event_is_written_as_export_writes_it(
    tmp_path: Path, option: str, name: str
) -> None:
    event = score_file(SESSION, names=NAMES, method="butler")
    dump(event, tmp_path / f"api-{name}")
    done = run_bridgescore(
        "export", SESSION, "--names", NAMES, "--method", "butler", option, tmp_path / name
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / f"api-{name}").read_bytes() == (tmp_path / name).read_bytes()


def test_an_export_is_checked_whole_before_anything_is_written(tmp_path: Path) -> None:
    event = score_file(SESSION)
    first = tmp_path / "club.pbn"
    with pytest.raises(FileFormatError, match=r"cannot write: the directory .* does not exist"):
        prepare_export(event, pbn=first, usebio=tmp_path / "nodir" / "x.xml")
    assert not first.exists()
    exports = prepare_export(event, csv=tmp_path / "club.csv", pbn=first)
    assert [Path(e.path).name for e in exports] == ["club.pbn", "club.csv"]
    assert not first.exists()
    for export in exports:
        export.write()
    assert first.exists() and (tmp_path / "club.csv").exists()
