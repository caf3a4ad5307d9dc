"""``bridgescore score`` reads a traveller CSV in columns and compares a huge board with numpy:
whichever reader and comparisons run, it prints what the CSV reader and the pure functions
give, character for character."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner, Result

from bridgescore.cli import app
from bridgescore.fast.select import _forcing
from tests.support.generated import event, thin
from tests.support.paths import EXAMPLES

HEAVY = ("numpy", "polars", "pyarrow", "dask")


def run(*args: str, reader: str | None = None, kernels: bool | None = None) -> Result:
    with _forcing(reader=reader, kernels=kernels):  # type: ignore[arg-type]
        return CliRunner().invoke(app, list(args))


@pytest.mark.parametrize("method", ["mp", "crossimps", "butler"])
@pytest.mark.parametrize("howell", [False, True])
def test_each_way_prints_what_the_csv_reader_and_the_pure_functions_give(
    tmp_path: Path, method: str, howell: bool
) -> None:
    path = tmp_path / "big.csv"
    event(12, 40, seed=11, howell=howell).write_csv(path)
    names = tmp_path / "names.csv"
    names.write_text(
        "pair,names\n1NS,Ann & Bob\n7EW,Cy & Di\n"
        if howell is False
        else "pair,names\n1,Ann & Bob\n"
    )
    args = ("score", str(path), "--method", method, "--names", str(names))
    exact = run(*args, reader="exact", kernels=False)
    assert exact.exit_code == 0, exact.output
    assert "Ann & Bob" in exact.output
    assert run(*args).output == exact.output  # by cost: read in columns, the pure functions
    assert run(*args, reader="columns", kernels=True).output == exact.output
    assert run(*args, "--json").output == run(*args, "--json", reader="exact").output


@pytest.mark.parametrize(
    "options",
    [
        ("--method", "mp"),
        ("--method", "mp", "--scale", "1/0.5", "--format", "plain"),
        ("--method", "crossimps", "--format", "csv"),
        ("--method", "total", "--names", "NAMES"),
        ("--method", "butler"),
        ("--board-precision", "1", "--short-boards", "unfactored"),
        ("--short-boards", "sum-of-tops", "--sit-out-score", "60%", "--ties", "plain"),
        ("--method", "butler", "--datum", "median"),
    ],
)
def test_travellers_read_in_columns_print_what_the_csv_reader_gives(
    tmp_path: Path, options: tuple[str, ...]
) -> None:
    """Sections compared across the field, boards not played everywhere (Neuberg), suffixed
    pairs, the conventions of other programs: every board's traveller, line for line."""
    a = thin(event(6, 14, seed=21), seed=3, share=0.1).with_columns(section=pl.lit("A"))
    b = event(6, 9, seed=22).with_columns(
        section=pl.lit("B"), ns=pl.col("ns") + "NS", ew=pl.col("ew") + "EW"
    )
    path = tmp_path / "big.csv"
    pl.concat([a, b]).with_columns(board=pl.col("board") + pl.col("section").eq("B") * 3).write_csv(
        path
    )
    names = tmp_path / "names.csv"
    names.write_text("pair,names\nA 1NS,Ann & Bob\nB 2EW,Cy & Di\n")
    given = [str(names) if option == "NAMES" else option for option in options]
    args = ("score", str(path), "--travellers", *given)
    exact = run(*args, reader="exact")
    assert exact.exit_code == 0, exact.output
    assert (
        exact.output.count("Board ") == 9
        and "Sections A, B compared across the field" in exact.output
    )
    assert run(*args).output == exact.output
    assert run(*args, kernels=True).output == exact.output


def test_adjusted_scores_are_read_in_columns_too(tmp_path: Path) -> None:
    path = tmp_path / "adjusted.csv"
    frame = event(6, 20, seed=12).with_columns(score=pl.lit(""))
    frame = pl.concat(
        [frame, pl.DataFrame({"board": [1], "ns": ["30"], "ew": ["31"]})], how="diagonal"
    )
    frame.with_columns(pl.col("score").fill_null("A60/40")).write_csv(path)
    columns = run("score", str(path), "--travellers")
    assert columns.exit_code == 0, columns.output
    assert columns.output == run("score", str(path), "--travellers", reader="exact").output


def test_bad_lines_are_reported_as_the_csv_reader_reports_them(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    event(4, 20, seed=13).write_csv(path)
    with path.open("a") as handle:
        handle.write("5,1,2,8NT,N,=\n")
    result = run("score", str(path))
    assert result.exit_code == 2
    assert "bad.csv:82: board 5: 8NT is not a contract" in result.output


def test_no_environment_variable_changes_the_way(tmp_path: Path) -> None:
    """The switches of old (``BRIDGESCORE_ENGINE``, ``BRIDGESCORE_COLUMNAR_LINES``) are gone:
    setting them changes nothing printed."""
    path = tmp_path / "event.csv"
    event(4, 10, seed=15).write_csv(path)
    plain = CliRunner().invoke(app, ["score", str(path), "--travellers"])
    for env in ({"BRIDGESCORE_ENGINE": "exact"}, {"BRIDGESCORE_COLUMNAR_LINES": "0"}):
        again = CliRunner().invoke(app, ["score", str(path), "--travellers"], env=env)
        assert again.output == plain.output


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
