"""The command as a real process meets a hostile environment: a full disk, a terminal that cannot
show every name, and SIGTERM in the middle of a write."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.paths import EXAMPLES, ROOT

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


def _caught_mid_write(command: list[str], folder: Path, stem: str) -> bool:
    """Run ``command``, SIGTERM it while the temporary file or directory ``.stem.*.tmp`` is in
    ``folder``, and check it ends with status 143 and leaves nothing behind; False when the
    command finished before its write could be caught."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        while process.poll() is None:
            if any(folder.glob(f".{stem}.*.tmp")):
                process.send_signal(signal.SIGTERM)
                break
            time.sleep(0.001)
        _, errors = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    if process.returncode == 0:
        return False
    assert process.returncode == 128 + signal.SIGTERM, errors
    assert sorted(p.name for p in folder.iterdir() if p.name.endswith((".tmp", ".old"))) == []
    return True


@pytest.fixture(scope="module")
def big_event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An event whose site takes a while to write: 120 boards, 40 tables."""
    path = tmp_path_factory.mktemp("big") / "big.csv"
    subprocess.run(
        [sys.executable, "-m", "bench.generate", str(path), "--boards", "120", "--tables", "40"],
        check=True,
        cwd=ROOT,
    )
    return path


def _snapshot(target: Path) -> dict[str, bytes]:
    """What a file or a folder holds, by relative path."""
    if target.is_file():
        return {"": target.read_bytes()}
    return {str(p.relative_to(target)): p.read_bytes() for p in target.rglob("*") if p.is_file()}


def _caught_once(command: list[str], target: Path, attempts: int) -> None:
    """SIGTERM ``command`` in the middle of writing ``target`` (a file or a folder), trying again
    when a run finished first, and check that ``target`` is not there, or whole: a signal that
    comes just after the write was put in place finds the output complete."""
    subprocess.run(command, check=True, capture_output=True)
    whole = _snapshot(target)
    for _ in range(attempts):
        if target.is_dir():  # (left by a run that finished before it was caught)
            shutil.rmtree(target)
        target.unlink(missing_ok=True)
        if _caught_mid_write(command, target.parent, target.name):
            break
    else:
        pytest.fail(f"{command[-1]} was never caught in the middle of its write")
    assert not target.exists() or _snapshot(target) == whole


def test_sigterm_during_report_leaves_no_temporary_files(big_event: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    _caught_once([*BRIDGESCORE, "report", str(big_event), "--html", str(site)], site, 5)


def test_sigterm_during_convert_leaves_no_temporary_files(big_event: Path, tmp_path: Path) -> None:
    target = tmp_path / "big.pbn"
    _caught_once([*BRIDGESCORE, "convert", str(big_event), str(target)], target, 20)


def test_the_collector_is_set_before_click_is_imported() -> None:
    """A command's run sets the cycle collector aside from the start: importing the command
    line, click and all, runs a couple of collections of the youngest generation while the
    package itself loads, where the default runs a dozen."""
    script = (
        "import gc, sys\n"
        "import bridgescore\n"
        "before = gc.get_stats()[0]['collections']\n"
        "import bridgescore.cli\n"
        "after = gc.get_stats()[0]['collections']\n"
        "print(gc.get_threshold(), 'click' in sys.modules, after - before <= 3)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert done.stdout == "(700000, 10, 10) True True\n"
