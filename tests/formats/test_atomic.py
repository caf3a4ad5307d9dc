"""Atomic writes: the modes a user expects, and a clear error when the file cannot be written."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.cli import app
from bridgescore.core.errors import FileFormatError
from bridgescore.formats.atomic import (
    atomic_directory,
    atomic_path,
    write_bytes_atomic,
    write_text_atomic,
)
from tests.support.paths import ROOT


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.usefixtures("umask_022")
def test_a_new_file_gets_the_mode_the_umask_gives(tmp_path: Path) -> None:
    write_text_atomic(tmp_path / "out.pbn", "x")
    with atomic_path(tmp_path / "out.pdf") as temporary:
        temporary.write_text("y")
    assert (mode(tmp_path / "out.pbn"), mode(tmp_path / "out.pdf")) == (0o644, 0o644)
    os.umask(0o077)
    write_text_atomic(tmp_path / "private.csv", "x")
    assert mode(tmp_path / "private.csv") == 0o600


@pytest.mark.usefixtures("umask_022")
def test_a_rewritten_file_keeps_its_mode(tmp_path: Path) -> None:
    for wanted in (0o644, 0o640, 0o664):
        target = tmp_path / f"out-{wanted:o}.csv"
        target.write_text("old")
        target.chmod(wanted)
        write_text_atomic(target, "new")
        assert (target.read_text(), mode(target)) == ("new", wanted)


@pytest.mark.usefixtures("umask_022")
def test_a_site_directory_gets_0755_or_keeps_its_mode(tmp_path: Path) -> None:
    site = tmp_path / "site"
    with atomic_directory(site) as temporary:
        (temporary / "index.html").write_text("one")
        (temporary / "boards").mkdir()
    assert (mode(site), mode(site / "index.html"), mode(site / "boards")) == (0o755, 0o644, 0o755)
    site.chmod(0o750)
    with atomic_directory(site) as temporary:
        (temporary / "index.html").write_text("two")
    assert (mode(site), (site / "index.html").read_text()) == (0o750, "two")


def test_writing_into_a_missing_directory_names_it(tmp_path: Path) -> None:
    target = tmp_path / "nodir" / "out.pbn"
    with pytest.raises(FileFormatError) as caught:
        write_text_atomic(target, "x")
    assert str(caught.value) == (
        f"{target}: cannot write: the directory {tmp_path / 'nodir'} does not exist"
    )
    (tmp_path / "file").write_text("")
    with pytest.raises(FileFormatError, match="file is not a directory"):
        write_text_atomic(tmp_path / "file" / "out.pbn", "x")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


@pytest.mark.parametrize(
    "command",
    [
        ["convert", str(ROOT / "examples" / "club-session.csv"), "{missing}/out.pbn"],
        ["export", str(ROOT / "examples" / "club-session.csv"), "--pbn", "{missing}/out.pbn"],
        ["export", str(ROOT / "examples" / "club-session.csv"), "--csv", "{missing}/out.csv"],
    ],
)
def test_the_command_line_says_the_directory_is_missing(tmp_path: Path, command: list[str]) -> None:
    missing = tmp_path / "nodir"
    result = CliRunner().invoke(app, [part.format(missing=missing) for part in command])
    assert result.exit_code == 2, result.output
    assert f"cannot write: the directory {missing} does not exist" in result.output
    assert "Traceback" not in result.output


def test_a_socket_is_refused_and_a_directory_never_replaces_a_file(tmp_path: Path) -> None:
    import socket

    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(tmp_path / "sock"))
        with pytest.raises(FileFormatError, match="sock: cannot write: it is a socket, not a file"):
            write_text_atomic(tmp_path / "sock", "x")
    (tmp_path / "file").write_text("kept")
    with (
        pytest.raises(FileFormatError, match="file: cannot write: it is not a directory"),
        atomic_directory(tmp_path / "file"),
    ):
        raise AssertionError("never reached")
    assert (tmp_path / "file").read_text() == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "sock"]


@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=200_000))
def test_whatever_is_written_to_a_fifo_arrives_whole_and_the_fifo_stays(data: bytes) -> None:
    import tempfile
    import threading

    with tempfile.TemporaryDirectory() as folder:
        fifo = Path(folder) / "out.csv"
        os.mkfifo(fifo)
        got: list[bytes] = []
        reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
        reader.start()
        write_bytes_atomic(fifo, data)
        reader.join(timeout=10)
        assert got == [data]
        assert stat.S_ISFIFO(fifo.lstat().st_mode)
        assert [p.name for p in Path(folder).iterdir()] == ["out.csv"]
