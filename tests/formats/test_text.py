"""Text files as bridge software saves them: byte order marks, UTF-16 and UTF-32, Windows-1252."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.errors import FileFormatError
from bridgescore.formats import lin, pbn
from bridgescore.formats.csv import travellers
from tests.support.paths import ROOT

DATA = ROOT / "tests" / "data"
CSV = ROOT / "examples" / "club-session.csv"
ENCODINGS = [
    ("utf-8-sig", b""),
    ("utf-16", b""),  # the platform's byte order, with its mark
    ("utf-16-le", codecs.BOM_UTF16_LE),
    ("utf-16-be", codecs.BOM_UTF16_BE),
    ("utf-32-le", codecs.BOM_UTF32_LE),
    ("utf-32-be", codecs.BOM_UTF32_BE),
]


def saved(tmp_path: Path, source: Path, encoding: str, bom: bytes) -> Path:
    path = tmp_path / f"{encoding}{source.suffix}"
    path.write_bytes(bom + source.read_text(encoding="utf-8").encode(encoding))
    return path


@pytest.mark.parametrize(("encoding", "bom"), ENCODINGS)
def test_files_with_a_byte_order_mark_read_as_utf_8_does(
    tmp_path: Path, encoding: str, bom: bytes
) -> None:
    source = DATA / "pbn" / "import.pbn"
    assert pbn.load(saved(tmp_path, source, encoding, bom)) == pbn.load(source)
    read = travellers.load(saved(tmp_path, CSV, encoding, bom))
    assert read.lines == travellers.load(CSV).lines
    source = DATA / "lin" / "match.lin"
    assert lin.load(saved(tmp_path, source, encoding, bom)) == lin.load(source)


def test_a_utf_16_csv_scores_from_the_command_line(tmp_path: Path) -> None:
    path = saved(tmp_path, CSV, "utf-16", b"")
    result = CliRunner().invoke(app, ["score", str(path), "--json"])
    plain = CliRunner().invoke(app, ["score", str(CSV), "--json"])
    assert (result.exit_code, result.output.replace(str(path), str(CSV))) == (0, plain.output)


def test_utf_8_and_windows_1252_without_a_mark_are_read_as_before(tmp_path: Path) -> None:
    for encoding in ("utf-8", "cp1252", "latin-1"):
        path = tmp_path / f"{encoding}.pbn"
        path.write_bytes('[Event "Bjørnstad Cup"]\n[Board "1"]\n'.encode(encoding))
        assert pbn.load(path).games[0].tags["Event"] == "Bjørnstad Cup"


def test_a_broken_utf_16_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.csv"
    path.write_bytes(codecs.BOM_UTF16_LE + "board,ns".encode("utf-16-le") + b"\x00\xd8")
    with pytest.raises(FileFormatError, match="starts like UTF-16 text but byte 18 is not UTF-16"):
        travellers.load(path)
