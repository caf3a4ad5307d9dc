"""Output onto a character device or a FIFO goes through it, as the shell's ``>`` does, and never
replaces it (issue 27, item 2: ``export t.csv --csv /dev/full`` said "wrote /dev/full" and left a
regular file where the device was). The devices are made in the test's folder (``null`` and
``full`` are the system's devices 1,3 and 1,7, made with ``mknod``, which needs root), so a
failing test never breaks the machine's own ``/dev/null``.

Where the output goes is all that is proved here, so the commands are given inputs that cost
little to score: the bundled session's travellers and names without its hand record (whose
double-dummy check is 3 s of CPU a run: ``test_export_cmd.py``, ``test_report_cmd.py`` and the
docs' runs write with hands), a three-team event, and the first two deals of the bundled hand
record for the ``deals`` commands; the results PDF is that of the bundled one-board file (the
session's takes 3 s of CPU to lay out: the docs' run and ``bench_site`` make it). The outputs
are still real ones: the USEBIO file is larger than a pipe's buffer (122 KB), the PDF has four
pages."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bridgescore.cli import app
from tests.support.paths import DATA, EXAMPLES

SESSION = [str(EXAMPLES / "club-session.csv"), "--names", str(EXAMPLES / "club-names.csv")]
HANDS = "{hands}"
"""The first two deals of the bundled hand record (the ``hands`` fixture writes them)."""
TEAMS = str(DATA / "teams" / "three-teams.csv")

FILE_WRITERS = [
    pytest.param(["export", *SESSION, "--csv", "{out}"], "out.csv", id="export-csv"),
    pytest.param(["export", *SESSION, "--usebio", "{out}"], "out.xml", id="export-usebio"),
    pytest.param(["export", *SESSION, "--pbn", "{out}"], "out.pbn", id="export-pbn"),
    pytest.param(["convert", str(EXAMPLES / "club-session.csv"), "{out}"], "out.pbn", id="convert"),
    pytest.param(["deals", "convert", HANDS, "{out}"], "out.dup", id="deals-convert"),
    pytest.param(["deals", "generate", "--boards", "1-4", "{out}"], "out.pbn", id="deals-generate"),
    pytest.param(
        ["movement", "mitchell", "--tables", "3", "--out", "{out}"], "m.json", id="movement"
    ),
    pytest.param(
        ["session", "new", "--tables", "3", "--force", "{out}"], "s.toml", id="session-new"
    ),
    pytest.param(["deals", "analyse", HANDS, "{out}"], "out.pbn", id="deals-analyse"),
]
PDF_WRITERS = [
    pytest.param(
        ["report", str(EXAMPLES / "board1.csv"), "--pdf", "{out}"], "out.pdf", id="report-pdf"
    ),
    pytest.param(
        ["movement", "cards", "howell", "--tables", "3", "--pdf", "{out}"], "c.pdf", id="cards"
    ),
    pytest.param(["deals", "print", HANDS, "--pdf", "{out}"], "d.pdf", id="deals-print"),
    pytest.param(["report-teams", TEAMS, "--pdf", "{out}"], "t.pdf", id="report-teams"),
]


@pytest.fixture(scope="module")
def hands(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The first two deals of the bundled hand record, as a PBN file of their own."""
    first_two = (EXAMPLES / "club-hands.pbn").read_text(encoding="utf-8").split("\n\n")[:2]
    path = tmp_path_factory.mktemp("hands") / "two-deals.pbn"
    path.write_text("\n\n".join(first_two) + "\n\n", encoding="utf-8")
    return path


def needs_root() -> None:
    if os.geteuid() != 0:
        pytest.skip("making a character device (mknod) needs root")


def device(folder: Path, name: str, minor: int) -> Path:
    """The system's memory device ``1,minor`` (3 null, 7 full) as ``folder/name``."""
    needs_root()
    path = folder / name
    os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, minor))
    return path


def run(command: list[str], out: Path, hands: Path) -> Result:
    given = [part.replace("{out}", str(out)).replace("{hands}", str(hands)) for part in command]
    return CliRunner().invoke(app, given)


def is_character_device(path: Path) -> bool:
    return stat.S_ISCHR(path.lstat().st_mode)


def alone(folder: Path, *names: str) -> None:
    """Nothing but ``names`` in ``folder``: no temporary file left beside the device."""
    assert sorted(p.name for p in folder.iterdir()) == sorted(names)


@pytest.mark.parametrize(("command", "name"), FILE_WRITERS + PDF_WRITERS)
def test_writing_to_dev_null_leaves_it_a_device(
    tmp_path: Path, command: list[str], name: str, hands: Path
) -> None:
    null = device(tmp_path, name, 3)
    result = run(command, null, hands)
    assert result.exit_code == 0, result.output
    assert is_character_device(null)
    alone(tmp_path, name)


@pytest.mark.parametrize(("command", "name"), FILE_WRITERS + PDF_WRITERS[:1])
def test_writing_to_dev_full_is_one_error_line(
    tmp_path: Path, command: list[str], name: str, hands: Path
) -> None:
    full = device(tmp_path, name, 7)
    result = run(command, full, hands)
    assert (result.exit_code, result.output) == (
        2,
        f"error: {full}: cannot write: No space left on device\n",
    )
    assert is_character_device(full)
    alone(tmp_path, name)


class Reader(threading.Thread):
    """Reads a FIFO to its end, as ``cat fifo > file`` would."""

    def __init__(self, fifo: Path) -> None:
        super().__init__(daemon=True)  # (blocked for ever if nothing opens the FIFO)
        self.fifo, self.data = fifo, b""

    def run(self) -> None:
        with self.fifo.open("rb") as stream:
            self.data = stream.read()


@pytest.mark.parametrize(("command", "name"), FILE_WRITERS + PDF_WRITERS[:1])
def test_a_reader_on_a_fifo_gets_the_file(
    tmp_path: Path, command: list[str], name: str, hands: Path
) -> None:
    fifo = tmp_path / name
    os.mkfifo(fifo)
    reader = Reader(fifo)
    reader.start()
    result = run(command, fifo, hands)
    reader.join(timeout=10)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(fifo.lstat().st_mode), "the FIFO was replaced by a file"
    assert not reader.is_alive()
    alone(tmp_path, name)
    if "generate" in command:  # new deals (or a new secret) every run: the same length
        again = run(command, tmp_path / f"again-{name}", hands)
        assert len(reader.data) == (tmp_path / f"again-{name}").stat().st_size > 0, again.output
    elif name.endswith(".pdf"):  # (dated inside)
        assert reader.data.startswith(b"%PDF-") and reader.data.rstrip().endswith(b"%%EOF")
    else:  # what a regular file gets, byte for byte
        regular = tmp_path / f"regular-{name}"
        assert run(command, regular, hands).exit_code == 0
        assert reader.data == regular.read_bytes()


@pytest.mark.parametrize(
    "command",
    [
        ["deals", "generate", "--commit", "{out}"],  # a secret is made once, never replaced
        ["report", *SESSION, "--html", "{out}"],
        ["movement", "cards", "howell", "--tables", "3", "--html", "{out}"],
        ["deals", "print", HANDS, "--html", "{out}"],
    ],
    ids=["secret", "report", "cards", "deals-print"],
)
def test_a_secret_or_a_site_onto_a_device_is_refused(
    tmp_path: Path, command: list[str], hands: Path
) -> None:
    null = device(tmp_path, "null", 3)
    result = run(command, null, hands)
    assert result.exit_code == 2
    assert len(result.output.splitlines()) == 1 and result.output.startswith("error: ")
    assert f"{null}: already exists" in result.output or "not a directory" in result.output
    assert is_character_device(null)
    alone(tmp_path, "null")
