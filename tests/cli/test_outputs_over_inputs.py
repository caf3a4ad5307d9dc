"""Nothing a command writes replaces what it reads: an output that is an input (however it is
spelt) is refused, and a results site replaces only the files bridgescore wrote."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bridgescore.cli import app
from bridgescore.render.html.site import MARKER
from tests.support.paths import EXAMPLES

TRAVELLERS = "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,10\n1,3,4,4S,N,9\n"


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args])


@pytest.fixture
def results(tmp_path: Path) -> Path:
    path = tmp_path / "u.csv"
    path.write_text(TRAVELLERS, encoding="utf-8")
    return path


def unchanged(result: Result, path: Path, message: str) -> None:
    assert (result.exit_code, result.output) == (2, f"error: {message}\n")
    assert path.read_text(encoding="utf-8") == TRAVELLERS


@pytest.mark.parametrize("option", ["--pbn", "--usebio", "--csv"])
def test_export_over_its_input_is_refused(results: Path, option: str) -> None:
    unchanged(
        run("export", results, option, results),
        results,
        f"{results}: cannot write: it is the input file {results}; write to another file",
    )


def test_export_over_its_input_spelt_another_way_is_refused(
    results: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(results.parent)
    (results.parent / "link.pbn").symlink_to(results)
    os.link(results, results.parent / "hard.xml")
    spellings = [
        ("--csv", "./u.csv"),
        ("--csv", f"../{results.parent.name}/u.csv"),
        ("--pbn", "link.pbn"),
        ("--usebio", "hard.xml"),
    ]
    for option, target in spellings:
        unchanged(
            run("export", "u.csv", option, target),
            results,
            f"{target}: cannot write: it is the input file u.csv; write to another file",
        )


def test_export_over_the_names_file_is_refused(results: Path) -> None:
    names = results.parent / "names.csv"
    names.write_text("pair,names\n1,Ann & Bob\n", encoding="utf-8")
    result = run("export", results, "--names", names, "--csv", names)
    assert (result.exit_code, result.output.splitlines()[-1]) == (
        2,
        f"error: {names}: cannot write: it is the input file {names}; write to another file",
    )
    assert names.read_text(encoding="utf-8") == "pair,names\n1,Ann & Bob\n"


def test_two_exports_to_one_file_are_refused(results: Path) -> None:
    out = results.parent / "out.pbn"
    result = run("export", results, "--pbn", out, "--csv", out)
    assert (result.exit_code, result.output) == (
        2,
        f"error: {out}: cannot write: two exports go to this file\n",
    )
    assert not out.exists()


def test_report_pdf_over_its_input_is_refused(results: Path) -> None:
    unchanged(
        run("report", results, "--pdf", results),
        results,
        f"{results}: cannot write the PDF: it is the input file {results}; write to another file",
    )


def test_report_teams_pdf_over_the_teams_file_is_refused(tmp_path: Path) -> None:
    teams = tmp_path / "teams.csv"
    teams.write_bytes((EXAMPLES / "teams-names.csv").read_bytes())
    result = run("report-teams", EXAMPLES / "teams.csv", "--teams", teams, "--pdf", teams)
    assert (result.exit_code, result.output) == (
        2,
        f"error: {teams}: cannot write the PDF: it is the input file {teams}; "
        "write to another file\n",
    )
    assert teams.read_bytes() == (EXAMPLES / "teams-names.csv").read_bytes()


def test_convert_over_its_input_is_refused(results: Path) -> None:
    hard = results.parent / "same.csv"
    os.link(results, hard)
    unchanged(
        run("convert", results, hard),
        results,
        f"{hard}: cannot write: it is the input file {results}; write to another file",
    )


def test_a_report_into_an_old_site_keeps_its_input_and_the_users_files(results: Path) -> None:
    site = results.parent / "site"
    assert run("report", results, "--html", site).exit_code == 0
    copy = site / "travellers.csv"
    copy.write_text(TRAVELLERS, encoding="utf-8")
    (site / "pairs" / "notes.txt").write_text("mine", encoding="utf-8")
    result = run("report", copy, "--html", site)
    assert (result.exit_code, result.output) == (
        2,
        f"error: {site}: the input file {copy} is in this directory, which the site replaces; "
        "write the site to another directory\n",
    )
    assert copy.read_text(encoding="utf-8") == TRAVELLERS
    result = run("report", results, "--html", site)
    assert result.exit_code == 0, result.output
    assert copy.read_text(encoding="utf-8") == TRAVELLERS
    assert (site / "pairs" / "notes.txt").read_text(encoding="utf-8") == "mine"
    manifest = (site / MARKER).read_text(encoding="utf-8").splitlines()
    assert "travellers.csv" not in manifest and "pairs/notes.txt" not in manifest
    assert "index.html" in manifest


def test_a_site_replaces_the_files_it_wrote_and_refuses_to_write_over_the_users(
    tmp_path: Path,
) -> None:
    site = tmp_path / "site"
    teams = ("report-teams", EXAMPLES / "teams.csv", "--html", site)
    assert run(*teams).exit_code == 0
    assert any((site / "matches").iterdir())
    (site / "logo.svg").write_text("<svg/>", encoding="utf-8")
    assert run("report", EXAMPLES / "board1.csv", "--html", site).exit_code == 0
    assert not (site / "matches").exists()  # the teams site's pages were bridgescore's
    assert (site / "logo.svg").read_text(encoding="utf-8") == "<svg/>"
    mine = site / "boards" / "1.html"
    (site / MARKER).write_text(
        (site / MARKER).read_text(encoding="utf-8").replace("boards/1.html\n", ""), "utf-8"
    )
    mine.write_text("my own board page", encoding="utf-8")
    result = run("report", EXAMPLES / "board1.csv", "--html", site)
    assert (result.exit_code, result.output) == (
        2,
        f"error: {site}: {mine} was not written by bridgescore, and the new site has a file "
        "of that name; move it away and run again\n",
    )
    assert mine.read_text(encoding="utf-8") == "my own board page"


def test_a_site_of_an_earlier_version_keeps_what_it_did_not_write(tmp_path: Path) -> None:
    site = tmp_path / "site"
    assert run("report", EXAMPLES / "board1.csv", "--html", site).exit_code == 0
    (site / MARKER).write_text("A results site written by bridgescore report.\n", "utf-8")
    (site / "boards" / "old.html").write_text("old page", encoding="utf-8")
    (site / "photo.jpg").write_bytes(b"jpeg")
    assert run("report", EXAMPLES / "board1.csv", "--html", site).exit_code == 0
    assert not (site / "boards" / "old.html").exists()
    assert (site / "photo.jpg").read_bytes() == b"jpeg"
