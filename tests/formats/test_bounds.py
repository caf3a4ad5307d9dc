"""The bounds every reader keeps (issue 27, item 10): a file linked to ``/dev/zero`` grew ``score``
to about 22 GB (a results CSV spun for ever counting its lines), a 60 MB name took 5.9 GB and
26 s, a 20 MB PBN tag 3.2 GB in ``deals print``. Each is now refused at once, with the file and
line."""

from __future__ import annotations

import os
import resource
import subprocess
import threading
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.errors import FileFormatError
from bridgescore.formats import pbn
from bridgescore.formats.bounds import FIELD_CHARACTERS, FILE_BYTES, read_bytes
from tests.support.console import SCRIPT
from tests.support.paths import EXAMPLES

TRAVELLERS = "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,10\n1,3,4,4S,N,9\n"
TOO_BIG = "the file is larger than 128 MiB: not a file bridgescore reads"


def test_a_regular_file_over_the_bound_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.csv"
    with big.open("wb") as handle:  # a sparse file: nothing is written, nothing could be read
        handle.truncate(FILE_BYTES + 1)
    with pytest.raises(FileFormatError) as caught:
        read_bytes(big)
    assert str(caught.value) == f"{big}: {TOO_BIG}"
    exact = tmp_path / "exact.csv"
    exact.write_bytes(b"x" * 10)
    assert read_bytes(exact, limit=10) == b"x" * 10


def test_a_device_is_read_no_further_than_the_bound() -> None:
    with pytest.raises(FileFormatError, match="/dev/zero: the file is larger than 1,000 bytes"):
        read_bytes("/dev/zero", limit=1000)
    assert read_bytes(os.devnull) == b""


@settings(max_examples=60, deadline=None)
@given(data=st.binary(max_size=300), limit=st.integers(0, 300), through_fifo=st.booleans())
def test_a_file_is_read_whole_exactly_when_it_is_within_the_bound(
    data: bytes, limit: int, through_fifo: bool
) -> None:
    """A regular file (refused by its size) and a FIFO (read up to the bound) alike."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "f.csv"
        if through_fifo:
            os.mkfifo(path)
            writer = threading.Thread(target=_feed, args=(path, data), daemon=True)
            writer.start()
        else:
            path.write_bytes(data)
        if len(data) <= limit:
            assert read_bytes(path, limit=limit) == data
        else:
            with pytest.raises(FileFormatError, match="the file is larger than"):
                read_bytes(path, limit=limit)
        if through_fifo:
            writer.join(timeout=10)


def _feed(fifo: Path, data: bytes) -> None:
    try:
        with fifo.open("wb") as stream:
            stream.write(data)
    except BrokenPipeError:  # (the reader stopped at the bound)
        pass


def _limited() -> None:  # (in the child: 3 GB of address space, so a reader gone wrong fails)
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))


def bridgescore(*args: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=_limited,
        check=False,
    )


@pytest.mark.parametrize(
    ("command", "zero"),
    [
        (["score", "zero.toml"], "zero.toml"),
        (["score", "movement.toml"], "zero.json"),
        (["score", "hands.toml"], "zero.pbn"),
        (["score", "zero.csv"], "zero.csv"),
        (["score", "zero.pbn"], "zero.pbn"),
        (["score", "zero.lin"], "zero.lin"),
        (["score", "zero.xml"], "zero.xml"),
        (["score", "club-session.csv", "--names", "zero.csv"], "zero.csv"),
        (["score", "club-session.csv", "--hands", "zero.pbn"], "zero.pbn"),
        (["vp", "10", "--boards", "16", "--vp", "zero.csv"], "zero.csv"),
        (["deals", "convert", "zero.dup", "out.pbn"], "zero.dup"),
        (["deals", "print", "zero.pbn", "--html", "site"], "zero.pbn"),
        (["movement", "show", "zero.json"], "zero.json"),
    ],
)
def test_a_file_linked_to_dev_zero_is_refused(
    tmp_path: Path, command: list[str], zero: str
) -> None:
    for name in ("club-session.toml", "club-session.csv", "club-movement.json", "club-hands.pbn"):
        (tmp_path / name).write_bytes((EXAMPLES / name).read_bytes())
    session = (tmp_path / "club-session.toml").read_text(encoding="utf-8")
    (tmp_path / "movement.toml").write_text(session.replace("club-movement.json", "zero.json"))
    (tmp_path / "hands.toml").write_text(session.replace("club-hands.pbn", "zero.pbn"))
    (tmp_path / zero).symlink_to("/dev/zero")
    done = bridgescore(*command, cwd=tmp_path)
    limit = "1 MiB" if zero.endswith(".toml") else "128 MiB"
    assert (done.returncode, done.stderr) == (
        2,
        f"error: {zero}: the file is larger than {limit}: not a file bridgescore reads\n",
    )
    assert sorted(p.name for p in tmp_path.iterdir() if p.name in ("out.pbn", "site")) == []


def test_a_results_fifo_is_read_once(tmp_path: Path) -> None:
    """The columnar paths count a file's lines before they read it: a FIFO goes to the reader
    that reads it once (today's code read it empty, or waited for ever)."""
    fifo = tmp_path / "t.csv"
    os.mkfifo(fifo)

    def feed() -> None:
        with fifo.open("w", encoding="utf-8") as stream:
            stream.write(TRAVELLERS)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    done = bridgescore("score", "t.csv", cwd=tmp_path, timeout=60)
    writer.join(timeout=10)
    assert done.returncode == 0, done.stderr
    assert "Matchpoints" in done.stdout


def test_a_session_file_over_1_mib_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    session = (EXAMPLES / "club-session.toml").read_text(encoding="utf-8")
    (tmp_path / "s.toml").write_text(session.replace("Jack Jones", "J" * (1 << 20)))
    done = bridgescore("score", "s.toml", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (
        2,
        "error: s.toml: the file is larger than 1 MiB: not a file bridgescore reads\n",
    )


def test_a_pbn_tag_takes_memory_in_proportion_to_its_length() -> None:
    """The tag's pattern was backtracked into one character at a time: 160 bytes of memory a
    character (3.2 GB for a tag of 20 MB). A tag of 2,000,000 characters is now read with less
    than five times its length (measured: about 3 times)."""
    text = '[Event "' + "x" * 2_000_000 + '"]\n[Board "1"]\n'
    tracemalloc.start()
    try:
        with pytest.raises(FileFormatError) as caught:
            pbn.loads(text, source="long.pbn")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert str(caught.value) == (
        "long.pbn:1: [Event]: '" + "x" * 68 + "'... (2,000,000 characters) is too long: a field "
        f"has at most {FIELD_CHARACTERS:,} characters"
    )
    assert peak < 5 * len(text)


@pytest.mark.parametrize(
    ("name", "text", "where"),
    [
        (
            "long.lin",
            "pn|{long},Bob,Cy,Di|md|3S269H2568QADTQC2T,S47AHJD3479C4567Q,S58QH479KDKAC38JA,|",
            "long.lin:1: pn|...|: ",
        ),
        ("long.pbn", '[Event "{long}"]\n[Board "1"]\n', "long.pbn:1: [Event]: "),
        (
            "long.xml",
            '<?xml version="1.0"?>\n<USEBIO Version="1.2">\n'
            '<EVENT EVENT_TYPE="PAIRS"><EVENT_DESCRIPTION>{long}</EVENT_DESCRIPTION>\n'
            "</EVENT>\n</USEBIO>\n",
            "long.xml:3: EVENT_DESCRIPTION ",
        ),
    ],
)
def test_a_field_one_character_too_long_is_refused_naming_its_line(
    tmp_path: Path, name: str, text: str, where: str
) -> None:
    path = tmp_path / name
    path.write_text(text.replace("{long}", "A" * (FIELD_CHARACTERS + 1)), encoding="utf-8")
    done = bridgescore("score", name, cwd=tmp_path)
    assert done.returncode == 2
    first = done.stderr.splitlines()[0]
    assert first.startswith(f"error: {where}'AAAA") and first.endswith(
        f" characters) is too long: a field has at most {FIELD_CHARACTERS:,} characters"
    )  # (the LIN field is the four names: 131,083 characters)
