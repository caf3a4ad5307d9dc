"""A light install, for real: ``pip install .`` with no extras into a new virtual environment,
then the commands a club runs work there, the optional libraries are absent, and every command
whose extra is missing says which extra to install (one ``error:`` line, status 2). And in any
install, importing bridgescore, or running a command that only prints, loads nothing it does not
use.

The environment is made by :func:`light_venv`: the wheels it needs are fetched once from the
package index (``pip download``), then it is installed from them alone (``--no-index``); both
are kept under ``.venv/light/`` and made again when ``pyproject.toml`` or ``src/`` change, so
a second run costs nothing. ``make test`` runs these tests (marked ``install``);
``-m "not install"`` leaves them out.
"""

from __future__ import annotations

import fcntl
import hashlib
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.paths import ROOT

HOME = ROOT / ".venv" / "light"
install = pytest.mark.install
ABSENT = ["numpy", "polars", "pyarrow", "dask", "fastapi", "sqlalchemy", "weasyprint", "endplay"]
"""What the extras bring and a light install must not have."""


def _key(*paths: Path) -> str:
    """A digest of the files under ``paths`` (names and bytes) and of this Python's version."""
    digest = hashlib.sha256(sys.version.encode())
    for path in paths:
        files = sorted(path.rglob("*")) if path.is_dir() else [path]
        for file in files:
            if file.is_file() and "__pycache__" not in file.parts:
                digest.update(str(file.relative_to(ROOT)).encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()


def _made(folder: Path, key: str, make: Callable[[Path], None]) -> Path:
    """``folder``, made by ``make(folder)`` unless it holds ``key`` already. The key is written
    last, so a run cut short leaves a folder that is made again, never one half-made reused
    (a virtual environment cannot be made aside and moved: its scripts name its path)."""
    if (folder / "key").exists() and (folder / "key").read_text() == key:
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    make(folder)
    (folder / "key").write_text(key)
    return folder


def _pip(*args: str | Path, isolated: bool = True) -> None:
    """This environment's pip (``--isolated``: no configuration of the machine, offline)."""
    command = [sys.executable, "-m", "pip", *(["--isolated"] if isolated else []), "--quiet"]
    subprocess.run([*command, *map(str, args)], check=True, capture_output=True, text=True)


def _wheels(where: Path) -> None:
    """The wheels of bridgescore's light install and of its build backend, from the index."""
    _pip("download", "--dest", where, "hatchling", ROOT, isolated=False)


def _venv(wheels: Path) -> Callable[[Path], None]:
    def make(where: Path) -> None:
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", where], check=True)
        python = where / "bin" / "python"
        _pip("--python", python, "install", "--no-index", "--find-links", wheels, ROOT)

    return make


@pytest.fixture(scope="module")
def light_venv() -> Path:
    """The ``bin`` folder of a new virtual environment with ``pip install .`` done in it."""
    HOME.mkdir(parents=True, exist_ok=True)
    with (HOME / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # (one maker at a time: pytest-xdist's workers)
        wheels = _made(HOME / "wheels", _key(ROOT / "pyproject.toml"), _wheels)
        venv = _made(HOME / "venv", _key(ROOT / "pyproject.toml", ROOT / "src"), _venv(wheels))
    return venv / "bin"


def run(bin_: Path, *args: str | Path) -> subprocess.CompletedProcess[str]:
    """A program of the light environment, from the root of the checkout, as a user runs it."""
    environment = {"PATH": f"{bin_}:/usr/bin:/bin", "COLUMNS": "100", "HOME": str(HOME)}
    return subprocess.run(
        [str(bin_ / str(args[0])), *map(str, args[1:])],
        cwd=ROOT,
        env=environment,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


@install
def test_a_club_session_is_scored_and_printed_as_in_the_full_install(light_venv: Path) -> None:
    done = run(light_venv, "bridgescore", "score", "examples/club-session.csv")
    full = run(Path(sys.executable).parent, "bridgescore", "score", "examples/club-session.csv")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == full.stdout
    assert "Matchpoints, scale 2/1" in done.stdout


@install
def test_the_extras_libraries_are_absent(light_venv: Path) -> None:
    """``python -c "import dask"`` fails there, and so does every other library of an extra;
    the light install's own are there."""
    code = (
        f"for name in {ABSENT!r}:\n"
        "    try:\n"
        "        __import__(name)\n"
        "    except ModuleNotFoundError as error:\n"
        "        print(error)\n"
        "import bridgescore, click, rich, lxml, jinja2\n"
    )
    done = run(light_venv, "python", "-c", code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"No module named '{name}'" for name in ABSENT]


@install
def test_it_is_bridgescore_from_the_wheel_not_the_checkout(light_venv: Path) -> None:
    code = "import bridgescore; print(bridgescore.__file__)"
    done = run(light_venv, "python", "-c", code)
    assert done.stdout.startswith(str(light_venv.parent / "lib")), done.stdout


NEEDS_SERVER = "bridgescore serve needs bridgescore's server extra (alembic, argon2-cffi, fastapi and 5 more are not installed): pip install 'bridgescore[server]'"
NEEDS_PDF = "--pdf needs bridgescore's pdf extra (weasyprint is not installed): pip install 'bridgescore[pdf]'"


@install
@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        ("serve", NEEDS_SERVER),
        ("serve add-director ann", NEEDS_SERVER),
        ("report examples/club-session.csv --html OUT --pdf OUT.pdf", NEEDS_PDF),
        ("report-teams examples/teams.csv --pdf OUT", NEEDS_PDF),
        ("deals print examples/club-hands.pbn --pdf OUT", NEEDS_PDF),
        (
            "archive score examples/archive --out OUT",
            "bridgescore archive needs bridgescore's scale extra (dask, distributed, numpy and 2 "
            "more are not installed): pip install 'bridgescore[scale]'",
        ),
        (
            "deals analyse examples/club-hands.pbn OUT",
            "bridgescore deals analyse needs bridgescore's dd extra (endplay is not installed): "
            "pip install 'bridgescore[dd]'",
        ),
    ],
    ids=[
        "serve",
        "serve add-director",
        "report --pdf",
        "report-teams --pdf",
        "deals print --pdf",
        "archive",
        "deals analyse",
    ],
)
def test_a_command_whose_extra_is_missing_names_it(
    light_venv: Path, tmp_path: Path, arguments: str, said: str
) -> None:
    words = [w.replace("OUT", str(tmp_path / "out")) for w in arguments.split()]
    done = run(light_venv, "bridgescore", *words)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"error: {said}\n")
    assert list(tmp_path.iterdir()) == []  # nothing written, not even the part it could


@install
def test_the_commands_of_make_run_work(light_venv: Path, tmp_path: Path) -> None:
    """``make run``'s commands (it installs every extra; none of them needs one), writing
    into a scratch ``build``."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\nrun: install\n", 1)[1].split("\n\n", 1)[0]
    lines = [line.split() for line in recipe.splitlines()]
    assert len(lines) >= 8
    for words in lines:
        assert words[0] == "$(BIN)/bridgescore", words
        arguments = [str(tmp_path / w) if w.startswith("build/") else w for w in words[1:]]
        done = run(light_venv, "bridgescore", *arguments)
        assert done.returncode == 0, f"{' '.join(words)}:\n{done.stderr}"
    assert (tmp_path / "build" / "site" / "index.html").exists()


@install
def test_the_public_api_scores_a_file(light_venv: Path) -> None:
    code = (
        "import bridgescore\n"
        "event = bridgescore.score_file('examples/club-session.csv')\n"
        "print(len(event.boards), event.to_dict() == bridgescore.score_file("
        "'examples/club-session.csv', columnar=True).to_dict())\n"
    )
    done = run(light_venv, "python", "-c", code)
    assert (done.returncode, done.stdout) == (0, "26 True\n"), done.stderr


@install
def test_the_wheels_kept_are_the_light_installs(light_venv: Path) -> None:
    """What ``--no-index`` installed from: bridgescore's light dependencies and the build
    backend, nothing an extra brings."""
    wheels = {p.name.split("-")[0].lower() for p in (HOME / "wheels").glob("*.whl")}
    assert {"click", "rich", "lxml", "jinja2", "hatchling"} <= wheels
    assert not wheels & set(ABSENT), wheels


def _loaded_after(code: str) -> list[str]:
    """The packages, other than the standard library's and bridgescore, that a new Python has
    loaded in running ``code`` (not those its start loaded: Debian's Python imports its
    ``sitecustomize``)."""
    code = (
        "import sys\n_started = {m.split('.')[0] for m in sys.modules}\n"
        + code
        + "\nprint(' '.join(sorted({m.split('.')[0] for m in sys.modules} - _started)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return [
        name
        for name in done.stdout.split()
        if name not in sys.stdlib_module_names
        and not name.startswith("_")
        and name != "bridgescore"
    ]


def test_importing_bridgescore_loads_no_other_package() -> None:
    """The application layer's names too: reading files needs no library but the standard's."""
    code = "import bridgescore\nbridgescore.score_file, bridgescore.load, bridgescore.vp_scale"
    assert _loaded_after(code) == []


def test_a_command_that_only_prints_loads_click_and_rich_at_most() -> None:
    code = (
        "from click.testing import CliRunner\n"
        "from bridgescore.cli import app\n"
        "CliRunner().invoke(app, ['contract', '4S=', '--json'])"
    )
    assert set(_loaded_after(code)) <= {"click", "rich"}
