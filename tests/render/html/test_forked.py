"""A site's two shares written side by side by a real forked child: the same files as written one
after the other, the child's errors raised here as themselves, a child no longer wanted ended.

Each case runs in a fresh Python (a test worker may run threads, and then nothing is forked)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bridgescore.events.pairs import score_file
from bridgescore.render.html import forked, render_site
from tests.support.console import run_bridgescore
from tests.support.paths import EXAMPLES


def _run(code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    script = "from bridgescore.render.html.forked import can_fork, side_by_side\n"
    script += "assert can_fork()\n" + textwrap.dedent(code)
    return subprocess.run(
        [sys.executable, "-c", script],
        check=False,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )


def test_both_shares_are_written_the_child_in_its_own_process(tmp_path: Path) -> None:
    done = _run(
        """
        import os
        from pathlib import Path
        side_by_side(lambda: Path("here").write_text(str(os.getpid())),
                     lambda: Path("there").write_text(str(os.getpid())))
        print(os.getpid())
        """,
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    parent = done.stdout.strip()
    assert (tmp_path / "here").read_text() == parent
    assert (tmp_path / "there").read_text() not in ("", parent)


def _caught(tmp_path: Path, setup: str, there: str, kind: str) -> str:
    """What this process catches (of ``kind``, printed after ``caught:``) when the child runs
    ``there``, after ``setup``; else what it printed on its error stream."""
    code = textwrap.dedent(setup) + textwrap.dedent(
        f"""
        try:
            side_by_side(lambda: None, {there})
        except {kind} as error:
            print("caught:", error)
        """
    )
    done = _run(code, tmp_path)
    return done.stdout.strip() or done.stderr


def test_the_childs_error_is_raised_here_as_itself(tmp_path: Path) -> None:
    setup = """
        from bridgescore.core.errors import ScoringError
        def there():
            raise ScoringError("board 3: EW pair 4 plays it twice")
        """
    caught = _caught(tmp_path, setup, "there", "ScoringError")
    assert caught == "caught: board 3: EW pair 4 plays it twice"


def test_an_error_that_cannot_travel_comes_back_as_its_message(tmp_path: Path) -> None:
    setup = """
        from bridgescore.core.errors import ReportError
        class Odd(Exception):
            def __init__(self, a, b):
                super().__init__(f"{a} and {b}")
        def there():
            raise Odd("north", "south")
        """
    assert _caught(tmp_path, setup, "there", "ReportError") == "caught: north and south"


def test_a_child_that_dies_is_an_error(tmp_path: Path) -> None:
    setup = """
        import os, signal
        from bridgescore.core.errors import ReportError
        """
    caught = _caught(tmp_path, setup, "lambda: os.kill(os.getpid(), signal.SIGKILL)", "ReportError")
    assert caught == "caught: the pages written side by side stopped (killed by signal 9)"


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (none by that number, or one that awaits its reaper)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().rpartition(")")[2].split()[0] == "Z"


def _child_ended(tmp_path: Path, code: str) -> str:
    """What a run prints in which the child, once started, says its process number and sleeps
    30 s before it writes ``late``, and this process stops (``code``, given that child as
    ``there``); checked that when the run is over the child is too, and never wrote: ended, not
    waited for, nor left behind."""
    child = """
        import os, time
        from pathlib import Path
        def there():
            Path("child").write_text(str(os.getpid()))
            time.sleep(30)
            Path("late").write_text("too late")
        """
    done = _run(textwrap.dedent(child) + textwrap.dedent(code), tmp_path)
    assert not (tmp_path / "late").exists()
    said = tmp_path / "child"  # (not there when the child was ended before it said it)
    assert not said.exists() or _gone(int(said.read_text()))
    return done.stdout.strip() or done.stderr


def test_an_error_here_ends_the_child_before_it_writes(tmp_path: Path) -> None:
    printed = _child_ended(
        tmp_path,
        """
        def here():
            time.sleep(0.2)
            raise ValueError("the table is wrong")
        try:
            side_by_side(here, there)
        except ValueError as error:
            print("caught:", error)
        """,
    )
    assert printed == "caught: the table is wrong"


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_the_site_written_side_by_side_is_the_one_written_in_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source, names = EXAMPLES / "club-session.csv", EXAMPLES / "club-names.csv"
    hands = EXAMPLES / "club-hands.pbn"
    done = run_bridgescore(
        "report", source, "--names", names, "--hands", hands, "--html", tmp_path / "two"
    )
    assert done.returncode == 0, done.stderr
    monkeypatch.setattr(forked, "can_fork", lambda: False)  # (the other way, here)
    event = score_file(source, names=names, hands=hands)
    render_site(event, tmp_path / "one")
    one, two = _tree(tmp_path / "one"), _tree(tmp_path / "two")
    assert len(one) > 40
    assert one == two


def test_stopped_while_waiting_for_the_child_it_ends_the_child(tmp_path: Path) -> None:
    """Ctrl-C (here a timer's interrupt) once this share is done, while the child still works:
    the child is ended at once, before the site it was writing into is removed."""
    printed = _child_ended(
        tmp_path,
        """
        import signal
        def interrupt(*_):
            raise KeyboardInterrupt
        signal.signal(signal.SIGALRM, interrupt)
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        try:
            side_by_side(lambda: None, there)
        except KeyboardInterrupt:
            print("stopped")
        """,
    )
    assert printed == "stopped"
