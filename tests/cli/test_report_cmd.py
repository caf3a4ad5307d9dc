"""``bridgescore report``: the results site and PDF from the command line, and its errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bridgescore.cli import app
from tests.support import paths
from tests.support.endplay_oracle import endplay
from tests.support.html import parse, strings, texts
from tests.support.paths import EXAMPLES


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def test_report_writes_the_site_and_says_where(tmp_path: Path) -> None:
    site = tmp_path / "out" / "site"
    result = run(
        "report",
        str(EXAMPLES / "club-session.csv"),
        "--names",
        str(EXAMPLES / "club-names.csv"),
        "--html",
        str(site),
    )
    assert result.exit_code == 0, result.output
    assert result.output == f"results site: {site / 'index.html'}\n"
    assert "Wendy Usher &amp; Mary Moss" in (site / "pairs" / "12-ns.html").read_text("utf-8")


def test_report_takes_the_scoring_options_and_writes_a_pdf(tmp_path: Path) -> None:
    pdf = tmp_path / "board1.pdf"
    result = run(
        "report",
        str(EXAMPLES / "board1.csv"),
        "--method",
        "butler",
        "--html",
        str(tmp_path / "site"),
        "--pdf",
        str(pdf),
    )
    assert result.exit_code == 0, result.output
    assert f"results PDF: {pdf} (" in result.output
    assert pdf.read_bytes().startswith(b"%PDF-")
    index = (tmp_path / "site" / "index.html").read_text("utf-8")
    assert "Butler IMPs" in index
    assert '<th class="score">IMPs</th>' in index


def test_report_analyses_a_hand_record_that_has_no_analysis(tmp_path: Path) -> None:
    endplay()
    hands = tmp_path / "hands.pbn"
    assert run("deals", "generate", str(hands), "--boards", "1").exit_code == 0
    args = ["report", str(EXAMPLES / "board1.csv"), "--hands", str(hands)]
    done = run(*args, "--html", str(tmp_path / "site"))
    assert done.exit_code == 0, done.output
    assert "analysed 1 deal double dummy for the pages" in done.output
    page = (tmp_path / "site" / "boards" / "1.html").read_text("utf-8")
    assert 'class="dd-grid"' in page and 'class="vs-par"' in page
    assert "OptimumScore" not in hands.read_text("latin-1"), "the hand record is left as it is"
    done = run(*args, "--no-analysis", "--html", str(tmp_path / "plain"))
    assert done.exit_code == 0 and "analysed" not in done.output
    assert 'class="dd-grid"' not in (tmp_path / "plain" / "boards" / "1.html").read_text("utf-8")


def test_report_teams_analyses_a_hand_record_that_has_no_analysis(tmp_path: Path) -> None:
    """Boards 1-8 dealt for round 1 of the bundled teams event, not analysed: report-teams
    analyses them once for the pages (the file left as it is), says in one warning which boards
    it lacks, and the site's PBN download carries the analysis."""
    endplay()
    hands = tmp_path / "hands.dlm"  # as a dealing machine's file: any format will do
    assert run("deals", "generate", str(hands), "--boards", "1-8").exit_code == 0
    before = hands.read_bytes()
    args = ["report-teams", str(EXAMPLES / "teams.csv"), "--hands", str(hands)]
    done = run(*args, "--html", str(tmp_path / "site"))
    assert done.exit_code == 0, done.output
    assert "analysed 8 deals double dummy for the pages" in done.output
    warning = f"warning: boards 9-56 are not in the hand record {hands}: shown without hands"
    assert warning in done.output  # one warning, the boards of rounds 2-7 as a range
    assert not (tmp_path / "site" / "boards" / "9.html").exists()
    assert hands.read_bytes() == before, "the hand record is left as it is"
    page = parse(tmp_path / "site" / "boards" / "8.html")
    assert len(strings(page, "//table[@class='dd-grid']/tbody/tr/th/text()")) == 4
    assert len(strings(page, "//td[@class='vs-par']/text()")) == 8  # 4 matches, 2 rooms each
    download = (tmp_path / "site" / "downloads" / "teams.pbn").read_text("latin-1")
    assert download.count("[OptimumScore ") == download.count("[DoubleDummyTricks ") == 8


def test_report_needs_somewhere_to_write(tmp_path: Path) -> None:
    result = run("report", str(EXAMPLES / "board1.csv"))
    assert result.exit_code == 2
    assert "--html DIR, --pdf FILE or both" in result.output


def test_report_will_not_overwrite_a_directory_that_is_not_a_site(tmp_path: Path) -> None:
    (tmp_path / "thesis.tex").write_text("years of work", encoding="utf-8")
    result = run("report", str(EXAMPLES / "board1.csv"), "--html", str(tmp_path))
    assert result.exit_code == 2
    assert result.output.startswith("error: ")
    assert "not a bridgescore results site" in result.output
    assert "Traceback" not in result.output
    assert (tmp_path / "thesis.tex").read_text(encoding="utf-8") == "years of work"


def test_report_on_a_bad_file_is_a_located_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("board,ns,ew,contract,declarer,result\n1,1,1,8NT,N,=\n", encoding="utf-8")
    result = run("report", str(bad), "--html", str(tmp_path / "site"))
    assert result.exit_code == 2
    assert f"{bad}:2:" in result.output
    assert not (tmp_path / "site").exists()


TESTDATA = paths.TESTDATA / "usebio"


@pytest.mark.parametrize("name", ["mp_pairs_howell", "mp_pairs_mitchell", "butler_mitchell"])
def test_a_real_usebio_file_scores_end_to_end_to_html(name: str, tmp_path: Path) -> None:
    """Read, scored, ranked and drawn with its hand record; not analysed double dummy
    (``--no-analysis``: 30-odd deals a file, 5 to 15 s of CPU, that this test never looked at;
    the analysis for the pages is proved by the two tests of a hand record that has none,
    above, and by the docs' runs)."""
    path = TESTDATA / f"{name}.xml"
    if not path.exists():
        pytest.skip(f"the real results files are not here ({path} is missing: ../shared is absent)")
    result = run("report", str(path), "--no-analysis", "--html", str(tmp_path / "site"))
    assert result.exit_code == 0, result.output
    index = parse(tmp_path / "site" / "index.html")
    ranks = strings(index, "//table[@class='ranking']/tbody/tr/td[@class='rank']/text()")
    assert len(ranks) >= 10
    assert ranks[0] in ("1", "1=")
    board = parse(tmp_path / "site" / "boards" / "1.html")
    suits = strings(board, "//table[@class='diagram']//span[@class='suit red']/text()")
    assert suits == ["♥", "♦"] * 4, "the file's hand record is drawn"


def test_the_title_club_and_date_head_every_page_not_the_file_name(tmp_path: Path) -> None:
    given = tmp_path / "given"
    result = run(
        "report",
        str(EXAMPLES / "board1.csv"),
        "--title",
        "Tuesday pairs",
        "--club",
        "Riverside BC",
        "--date",
        "2026-11-24",
        "--html",
        str(given),
    )
    assert result.exit_code == 0, result.output
    for page in (given / "index.html", given / "boards" / "1.html", given / "pairs" / "1-ns.html"):
        root = parse(page)
        assert texts(root, "//header[@class='masthead']/*") == [
            "Tuesday pairs",
            "Riverside BC",
            "2026-11-24",
        ]
    none = tmp_path / "none"
    assert run("report", str(EXAMPLES / "board1.csv"), "--html", str(none)).exit_code == 0
    index = parse(none / "index.html")
    assert texts(index, "//title") == ["Pairs event: results"]  # never "Board1", the file's name
    printed = CliRunner().invoke(
        app, ["score", str(EXAMPLES / "board1.csv"), "--title", "Tuesday pairs", "--date", "today"]
    )
    assert printed.output.splitlines()[:2] == ["Tuesday pairs", "today"]


def test_the_pbn_download_needs_a_hand_record(tmp_path: Path) -> None:
    """Without hands a PBN file would hold ``[Deal "?"]``: it is not offered."""
    bare, hands = tmp_path / "bare", tmp_path / "hands"
    session = str(EXAMPLES / "club-session.csv")
    assert run("report", session, "--html", str(bare)).exit_code == 0
    hand_record = str(EXAMPLES / "club-hands.pbn")
    assert run("report", session, "--hands", hand_record, "--html", str(hands)).exit_code == 0
    offered = {
        site.name: texts(parse(site / "index.html"), "//section[@class='downloads']//a")
        for site in (bare, hands)
    }
    assert offered == {
        "bare": ["Travellers (CSV)", "Results (USEBIO 1.2 XML)"],
        "hands": ["Travellers (CSV)", "Results (USEBIO 1.2 XML)", "Results with hands (PBN 2.1)"],
    }
    assert not list((bare / "downloads").glob("*.pbn"))
