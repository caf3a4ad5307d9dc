"""``bridgescore score`` takes a columnar path (plain Python, or polars for huge files) when it
is cheaper and prints what the exact engine prints."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner, Result

from bridgescore.cli import app
from tests.support.generated import event, thin
from tests.support.paths import EXAMPLES

HEAVY = ("numpy", "polars", "pyarrow", "dask")


def run(*args: str, columnar_lines: int = 10**9, engine: str = "") -> Result:
    env = {"BRIDGESCORE_COLUMNAR_LINES": str(columnar_lines), "BRIDGESCORE_ENGINE": engine}
    return CliRunner().invoke(app, list(args), env=env)


@pytest.mark.parametrize("method", ["mp", "crossimps", "butler"])
@pytest.mark.parametrize("howell", [False, True])
def test_each_path_prints_what_the_exact_engine_prints(
    tmp_path: Path, method: str, howell: bool
) -> None:
    path = tmp_path / "big.csv"
    event(12, 40, seed=11, howell=howell).write_csv(path)
    names = tmp_path / "names.csv"
    names.write_text(
        "pair,names\n1NS,Ann & Bob\n7EW,Cy & Di\n" if not howell else "pair,names\n1,Ann & Bob\n"
    )
    args = ("score", str(path), "--method", method, "--names", str(names))
    exact = run(*args, engine="exact")
    assert exact.exit_code == 0, exact.output
    assert "Ann & Bob" in exact.output
    assert run(*args).output == exact.output  # by cost: the plain path
    assert run(*args, engine="plain").output == exact.output
    assert run(*args, columnar_lines=100).output == exact.output  # polars from 100 lines
    assert run(*args, engine="columnar").output == exact.output


@pytest.mark.parametrize(
    "options",
    [
        ("--method", "mp"),
        ("--method", "mp", "--scale", "1/0.5", "--format", "plain"),
        ("--method", "crossimps", "--format", "csv"),
        ("--method", "total", "--names", "NAMES"),
        ("--method", "butler"),
    ],
)
def test_travellers_on_the_columnar_path_print_what_the_exact_engine_prints(
    tmp_path: Path, options: tuple[str, ...]
) -> None:
    """Sections, boards not played everywhere (Neuberg), suffixed pairs: the travellers are
    printed from columns, line for line what the exact engine prints (Butler, whose title
    shows the datum, is left to it)."""
    a = thin(event(6, 14, seed=21), seed=3, share=0.1).with_columns(section=pl.lit("A"))
    b = event(6, 9, seed=22).with_columns(
        section=pl.lit("B"), ns=pl.col("ns") + "NS", ew=pl.col("ew") + "EW"
    )
    path = tmp_path / "big.csv"
    pl.concat([a, b]).with_columns(
        board=pl.col("board") + pl.col("section").eq("B") * 10
    ).write_csv(path)
    names = tmp_path / "names.csv"
    names.write_text("pair,names\nA 1NS,Ann & Bob\nB 2EW,Cy & Di\n")
    given = [str(names) if option == "NAMES" else option for option in options]
    args = ("score", str(path), "--travellers", *given)
    exact = run(*args, engine="exact")
    assert exact.exit_code == 0, exact.output
    assert exact.output.count("Board ") == 12 and "section B" in exact.output
    assert run(*args, engine="columnar").output == exact.output
    assert run(*args, columnar_lines=100).output == exact.output


@pytest.mark.parametrize(
    "options",
    [
        ("--board-precision", "1", "--short-boards", "unfactored"),
        ("--short-boards", "sum-of-tops", "--sit-out-score", "60%", "--ties", "plain"),
        ("--method", "butler", "--datum", "median"),
    ],
)
def test_a_convention_of_another_program_is_scored_by_the_exact_engine(
    tmp_path: Path, options: tuple[str, ...]
) -> None:
    path = tmp_path / "big.csv"
    event(12, 40, seed=14).filter(pl.int_range(pl.len()) % 9 != 4).write_csv(path)
    fast = run("score", str(path), *options, columnar_lines=100)
    assert fast.exit_code == 0, fast.output
    assert fast.output == run("score", str(path), *options, columnar_lines=10**9).output
    assert fast.output != run("score", str(path), columnar_lines=10**9).output  # it mattered


def test_adjusted_scores_go_to_the_pure_engine(tmp_path: Path) -> None:
    path = tmp_path / "adjusted.csv"
    frame = event(6, 20, seed=12).with_columns(score=pl.lit(""))
    frame = pl.concat(
        [frame, pl.DataFrame({"board": [1], "ns": ["30"], "ew": ["31"]})], how="diagonal"
    )
    frame.with_columns(pl.col("score").fill_null("A60/40")).write_csv(path)
    fast = run("score", str(path), columnar_lines=10)
    assert fast.exit_code == 0, fast.output
    assert fast.output == run("score", str(path), engine="exact").output


def test_bad_lines_are_reported_on_the_columnar_path(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    event(4, 20, seed=13).write_csv(path)
    with path.open("a") as handle:
        handle.write("5,1,2,8NT,N,=\n")
    result = run("score", str(path), columnar_lines=10)
    assert result.exit_code == 2
    assert "bad.csv:82: board 5: 8NT is not a contract" in result.output


def test_a_club_session_loads_no_numpy_or_polars() -> None:
    club = str(EXAMPLES / "club-session.csv")
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from bridgescore.cli import app\n"
        f"assert CliRunner().invoke(app, ['score', {club!r}]).exit_code == 0\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in HEAVY))"
    )
    run = subprocess.run(
        [sys.executable, "-c", code.replace("HEAVY", repr(HEAVY))],
        capture_output=True,
        text=True,
        check=True,
    )
    assert run.stdout.strip() == "[]"


def _loaded_after(*args: str) -> list[str]:
    """The modules of bridgescore's readers, teams engine and hand records a command loads."""
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from bridgescore.cli import app\n"
        f"done = CliRunner().invoke(app, {list(args)!r})\n"
        "assert done.exit_code == 0, done.output\n"
        "wanted = ('bridgescore.formats.pbn', 'bridgescore.formats.usebio',\n"
        "          'bridgescore.core.teams', 'bridgescore.core.table.deal')\n"
        "print(sorted(m for m in sys.modules if m.startswith(wanted)))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return list(eval(run.stdout))


def test_scoring_a_traveller_file_loads_no_other_reader_nor_the_teams_engine(
    tmp_path: Path,
) -> None:
    """A traveller CSV is read without the PBN and USEBIO readers, the teams engine or the
    hand records' types; its results site (whose USEBIO download a forked child may write)
    needs neither the teams engine (``report-teams`` is a module of its own) nor, without
    hands (no PBN download), the PBN writer."""
    club = str(EXAMPLES / "club-session.csv")
    assert _loaded_after("score", club) == []
    site = _loaded_after("report", club, "--html", str(tmp_path / "site"))
    assert not [
        m for m in site if m.startswith(("bridgescore.core.teams", "bridgescore.formats.pbn"))
    ]
    downloads = sorted(p.name for p in (tmp_path / "site" / "downloads").iterdir())
    assert downloads == ["club-session.csv", "club-session.xml"]


def test_travellers_go_to_polars_sooner_than_rankings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The plain path prints no travellers, so a file's travellers weigh the polars path
    against the exact engine, which costs far more a line: polars takes them from a smaller
    file than the rankings alone; the environment's line count stands for both."""
    from bridgescore.fast import select

    monkeypatch.delenv("BRIDGESCORE_COLUMNAR_LINES", raising=False)
    travellers, rankings = select.columnar_lines(travellers=True), select.columnar_lines()
    assert (travellers, rankings) == (select.TRAVELLERS_COLUMNAR_LINES, select.COLUMNAR_LINES)
    assert travellers < 20_000 < rankings  # (a Howell of 5,000 tables and 4 boards)
    monkeypatch.setenv("BRIDGESCORE_COLUMNAR_LINES", "500")
    assert select.columnar_lines(travellers=True) == select.columnar_lines() == 500
