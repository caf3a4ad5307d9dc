"""Input that would be silently half-used is refused or warned about: names-file entries that
name no pair, a teams event given to ``score``; lists of problems are capped; every error,
usage errors too, is one line starting ``error:``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import run
from tests.support.paths import EXAMPLES

SESSION = str(EXAMPLES / "club-session.csv")


def _names(tmp_path: Path, text: str) -> str:
    path = tmp_path / "names.csv"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_names_entry_that_names_no_pair_is_an_error_naming_its_line(tmp_path: Path) -> None:
    names = _names(tmp_path, "pair,names\n2NS,Eve & Fay\n1,Ann & Bob\n99NS,Cat & Dan\n")
    result = run("score", SESSION, "--names", names)
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        f"error: {names}:3: pair '1' names no pair: NS 1 and EW 1 are two pairs of this "
        "Mitchell; write 1NS or 1EW",
        f"{names}:4: pair '99NS' names no pair of the event (its pairs are 1NS-13NS, 1EW-12EW)",
    ]


def test_a_pair_the_names_file_leaves_out_is_a_warning(tmp_path: Path) -> None:
    names = _names(tmp_path, "pair,names\n1NS,Ann & Bob\n2 EW,Cat & Dan\n")
    result = run("score", SESSION, "--names", names)
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert f"warning: pair 2 NS has no name in {names}" in warnings
    assert "warning: pair 1 NS has no name" not in result.stderr
    assert warnings[-1] == "warning: ... and 3 more"  # 23 unnamed pairs: 20 listed
    assert len(warnings) == 21
    assert "│    8 │    1 │ Ann & Bob" in result.stdout


def test_the_lines_skipped_are_listed_twenty_at_most(tmp_path: Path) -> None:
    path = tmp_path / "twice.csv"
    lines = [f"{b},1,2,4S,N,10\n{b},1,3,4S,N,10\n" for b in range(1, 31)]
    path.write_text("board,ns,ew,contract,declarer,result\n" + "".join(lines))
    refused = run("score", str(path))
    assert refused.exit_code == 2
    assert len(refused.output.splitlines()) == 21
    assert refused.output.splitlines()[-1] == "... and 10 more problems"
    skipped = run("score", str(path), "--lenient")
    assert skipped.exit_code == 0
    warnings = [line for line in skipped.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 21 and warnings[-1] == "warning: ... and 10 more"


def test_a_teams_event_given_to_score_says_which_command_scores_it() -> None:
    result = run("score", str(EXAMPLES / "teams.csv"))
    assert result.exit_code == 2
    assert result.output == (
        f"error: {EXAMPLES / 'teams.csv'}: this looks like a teams event (each board is played "
        "at two tables by the same two teams, NS and EW swapped): use bridgescore teams\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["score", "--bogus"], "error: no such option '--bogus' (bridgescore score --help"),
        (["score"], "error: missing argument 'FILE' (bridgescore score --help"),
        (["nonsense"], "error: no such command 'nonsense' (bridgescore --help"),
        (["report", SESSION], "error: say where the results go: --html DIR, --pdf FILE or both"),
        (["vp", "10", "--boards", "x"], "error: invalid value for '--boards'"),
    ],
)
def test_usage_errors_start_error_too(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.output.startswith(message), result.output
    assert len(result.output.splitlines()) == 1
