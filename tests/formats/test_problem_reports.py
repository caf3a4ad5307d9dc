"""Problem reports a director can use: not hundreds of lines, the right line, the right file kind."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.errors import SHOWN_PROBLEMS, FileFormatError
from bridgescore.formats import pbn
from bridgescore.formats.csv import teams_file, travellers
from tests.support.paths import ROOT

CSV = ROOT / "examples" / "club-session.csv"


def error_lines(*args: str) -> list[str]:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 2, result.output
    return result.output.splitlines()


def test_a_csv_renamed_pbn_is_one_line(tmp_path: Path) -> None:
    renamed = tmp_path / "club.pbn"
    renamed.write_bytes(CSV.read_bytes())
    assert error_lines("score", str(renamed)) == [
        f'error: {renamed}: not a PBN file: no [Tag "value"] pairs'
    ]
    read = pbn.loads(CSV.read_text(), lenient=True)
    assert (read.games, [p.message for p in read.problems]) == (
        (),
        ['not a PBN file: no [Tag "value"] pairs'],
    )


def test_random_bytes_named_pbn_are_one_line(tmp_path: Path) -> None:
    noise = random.Random(7).randbytes(4000).replace(b"[", b"(")
    path = tmp_path / "noise.pbn"
    path.write_bytes(noise)
    assert error_lines("score", str(path)) == [
        f'error: {path}: not a PBN file: no [Tag "value"] pairs'
    ]


def test_an_empty_pbn_or_one_of_comments_only_is_still_pbn() -> None:
    for text in ("", "% PBN 2.1\n", "{a comment}\n"):
        assert pbn.loads(text).problems == ()


def test_hundreds_of_problems_show_the_first_twenty_and_keep_them_all() -> None:
    text = "".join(f'[Board "{n}"]\n[Dealer "Q"]\n\n' for n in range(1, 51))
    with pytest.raises(FileFormatError) as caught:
        pbn.loads(text, source="bad.pbn")
    lines = str(caught.value).splitlines()
    assert len(caught.value.problems) == 50
    assert len(lines) == SHOWN_PROBLEMS + 1
    assert lines[0] == "bad.pbn:2: [Dealer]: 'Q': a seat is N, E, S or W"
    assert lines[-1] == "... and 30 more problems"


def test_one_more_problem_is_singular() -> None:
    text = "".join(f'[Board "{n}"]\n[Dealer "Q"]\n\n' for n in range(1, SHOWN_PROBLEMS + 2))
    with pytest.raises(FileFormatError, match=r"\.\.\. and 1 more problem$"):
        pbn.loads(text)


def with_quotes(*lines: int) -> str:
    """The club session with a quote put after the first comma of each of ``lines``."""
    rows = CSV.read_text().splitlines()
    for line in lines:
        rows[line - 1] = rows[line - 1].replace(",", ',"', 1)
    return "\n".join(rows) + "\n"


def test_an_unclosed_quote_is_reported_where_it_starts(tmp_path: Path) -> None:
    path = tmp_path / "club.csv"
    path.write_text(with_quotes(48))
    assert error_lines("score", str(path)) == [f"error: {path}:48: a quoted field is never closed"]


def test_a_quote_closed_lines_later_is_reported_where_it_starts() -> None:
    with pytest.raises(FileFormatError) as caught:
        travellers.loads(with_quotes(48, 52), source="club.csv")
    assert str(caught.value) == (
        "club.csv:48: a quoted field runs on to line 52: a quote is missing or one too many"
    )


def test_names_and_teams_files_report_an_unclosed_quote_too(tmp_path: Path) -> None:
    names = tmp_path / "names.csv"
    names.write_text('pair,names\n1,Ann & Bob\n2,"Cy & Di\n3,Ed & Flo\n')
    with pytest.raises(FileFormatError, match=r"names\.csv:3: a quoted field is never closed"):
        travellers.load_names(names)
    with pytest.raises(FileFormatError, match=r"^t:2: a quoted field is never closed$"):
        teams_file.loads('team,name\n1,"Lions\n2,Tigers\n', source="t")
