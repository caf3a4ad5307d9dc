"""The command as a real process meets a hostile environment: a full disk, a terminal that cannot
show every name, and SIGTERM in the middle of a write."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import EXAMPLES

BRIDGESCORE = [sys.executable, "-c", "from bridgescore.cli import main; main()"]


def bridgescore(*args: str | Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    command = [*BRIDGESCORE, *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, check=False, env=env)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_a_full_disk_is_one_line_of_error() -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [*BRIDGESCORE, "score", str(EXAMPLES / "club-session.csv")],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    assert (result.returncode, result.stderr) == (
        2,
        "error: cannot write the output: no space left on the device\n",
    )


def test_names_the_terminal_cannot_show_are_question_marks(tmp_path: Path) -> None:
    names = tmp_path / "names.csv"
    names.write_text("pair,names\n12NS,Жуки & Фазаны\n", encoding="utf-8")
    environment = {**os.environ, "PYTHONIOENCODING": "latin-1", "COLUMNS": "100"}
    result = bridgescore("score", EXAMPLES / "club-session.csv", "--names", names, env=environment)
    assert result.returncode == 0  # (with a warning for each pair the file does not name)
    assert "    1 ?   12 ? ???? & ?????? ? 300.15 ?" in result.stdout


SIGNALLED = """
import os, signal, sys

MARK, EVENT, COUNT = sys.argv.pop(1), sys.argv.pop(1), int(sys.argv.pop(1))
seen = 0


def hook(event, args):
    global seen
    name = args[0] if args else None
    if event == EVENT and isinstance(name, (str, bytes, os.PathLike)) and MARK in os.fsdecode(name):
        seen += 1
        if seen == COUNT:
            os.kill(os.getpid(), signal.SIGTERM)


sys.addaudithook(hook)
from bridgescore.cli import main

main()
"""
"""The command, sent SIGTERM by itself at the COUNT-th audit event EVENT (``open``,
``os.rename``) on a path holding MARK: the signal arrives at that moment of the write, every
run, with no polling for the temporary file and no race with the write."""


def _terminated_at(
    arguments: list[str], target: Path, event: str, count: int
) -> subprocess.CompletedProcess[str]:
    """Run ``bridgescore ARGUMENTS``, writing ``target``, signalled at the ``count``-th ``event``
    on its temporary file or folder (``.NAME.*.tmp``)."""
    mark = f"{os.sep}.{target.name}."
    command = [sys.executable, "-c", SIGNALLED, mark, event, str(count), *arguments]
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)


def _snapshot(target: Path) -> dict[str, bytes]:
    """What a file or a folder holds, by relative path."""
    if target.is_file():
        return {"": target.read_bytes()}
    return {str(p.relative_to(target)): p.read_bytes() for p in target.rglob("*") if p.is_file()}


def _left(folder: Path) -> list[str]:
    """The temporary files and folders left in ``folder``."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith((".tmp", ".old")))


WRITES = {
    # the site: stopped after its fifth page was opened, the pages half written
    "report": (["report", str(EXAMPLES / "club-session.csv"), "--html", "TARGET"], "open", 5),
    # the PBN file: stopped when, written whole, it was about to be put in place
    "convert": (["convert", str(EXAMPLES / "club-session.csv"), "TARGET.pbn"], "os.rename", 1),
}


@pytest.mark.parametrize("command", sorted(WRITES))
@pytest.mark.parametrize("before", ["absent", "there"])
def test_sigterm_in_the_middle_of_a_write_leaves_what_was_there(
    tmp_path: Path, command: str, before: str
) -> None:
    """SIGTERM ends the command with the status a shell gives it (143), its temporary file or
    folder goes, and the target is what it was before: absent, or the earlier run's whole."""
    words, event, count = WRITES[command]
    target = tmp_path / ("site" if command == "report" else "site.pbn")
    arguments = [w.replace("TARGET", str(tmp_path / "site")) for w in words]
    if before == "there":
        subprocess.run([*BRIDGESCORE, *arguments], check=True, capture_output=True)
        (target / "index.html" if target.is_dir() else target).write_text("the earlier run")
    was = _snapshot(target) if target.exists() else None
    done = _terminated_at(arguments, target, event, count)
    assert done.returncode == 128 + signal.SIGTERM, done.stderr
    assert _left(tmp_path) == []
    assert (_snapshot(target) if target.exists() else None) == was
