"""Every error names the file (and line) it is about, in our words, quoting at most a short piece
of the input; files in any encoding the readers take are read by every command."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bridgescore.cli import app

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
TRAVELLERS = "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,10\n1,3,4,4S,N,9\n"


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args])


def written(folder: Path, name: str, data: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def error(result: Result) -> str:
    assert result.exit_code == 2, result.output
    return result.output


def test_an_empty_pbn_file_is_named(tmp_path: Path) -> None:
    empty = written(tmp_path, "e.pbn", "")
    assert error(run("score", empty)) == f"error: {empty}: there are no results to score\n"


def test_a_pbn_file_of_deals_only_is_named(tmp_path: Path) -> None:
    deals = written(
        tmp_path, "d.pbn", f'[Board "1"]\n[Deal "{DEAL}"]\n\n[Board "2"]\n[Deal "{DEAL}"]\n'
    )
    assert error(run("score", deals)) == (
        f"error: {deals}: there are no results to score: the file has 2 deals but no results\n"
    )


def test_a_lenient_run_that_skips_every_line_says_why(tmp_path: Path) -> None:
    bad = written(
        tmp_path, "bad.csv", "board,ns,ew,contract,declarer,result\n1,1,2,8S,N,10\n1,3,4,4S,Q,9\n"
    )
    assert error(run("score", bad, "--lenient")) == (
        f"error: {bad}: there are no results to score: every line was skipped (2 problems, "
        "below)\n"
        f"{bad}:2: board 1: 8S is not a contract: a contract's level is 1 to 7\n"
        f"{bad}:3: board 1: the declarer is N, E, S or W, not 'Q'\n"
    )


def test_export_names_the_names_file_and_line_of_a_bad_name(tmp_path: Path) -> None:
    results = written(tmp_path, "t.csv", TRAVELLERS)
    names = written(tmp_path, "n.csv", "pair,names\n1NS,Ann & Bob\n3NS,Cy\x01Dee\n")
    out = tmp_path / "out.xml"
    assert error(run("export", results, "--names", names, "--usebio", out)) == (
        f"error: {names}:3: names 'Cy\\x01Dee' has a control character (U+0001)\n"
    )
    assert not out.exists()


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        (
            "long.csv",
            "board,ns,ew,contract,declarer,result\n1,1,2," + "4" * 100_000 + "S,N,10\n",
            "{path}:2: board 1: '" + "4" * 68 + "'... (100,001 characters) is not a contract: "
            "a contract's level is 1 to 7",
        ),
        (
            "huge.csv",
            "board,ns,ew,contract,declarer,result\n1,1,2," + "4" * 1_000_000 + "S,N,10\n",
            "{path}:2: a field is longer than 131,072 characters: not a results file",
        ),
        (
            "long.pbn",
            '[Board "1"]\n[Dealer "' + "Q" * 1_000_000 + '"]\n',
            "{path}:2: [Dealer]: '"
            + "Q" * 68
            + "'... (1,000,000 characters) is too long: a field has at most 131,072 characters\n"
            "{path}:2: [Dealer]: '"  # (what a lenient reading keeps: the field cut short)
             + "Q" * 68 + "'... (131,072 characters): a seat is N, E, S or W",
        ),
    ],
)
def test_a_message_quotes_at_most_a_short_piece_of_a_long_line(
    tmp_path: Path, name: str, text: str, message: str
) -> None:
    path = written(tmp_path, name, text)
    assert error(run("score", path)) == f"error: {message.format(path=path)}\n"


def test_a_long_rubber_line_is_quoted_short(tmp_path: Path) -> None:
    deals = written(tmp_path, "long.txt", "4S N " + "1" * 1_000_000 + "\n")
    assert error(run("rubber", deals)) == (
        f"error: {deals}:1: '4S N " + "1" * 63 + "'... (1,000,005 characters): a result is =, "
        "+1, -2 ... or the tricks taken (0 to 13)\n"
    )


@pytest.mark.parametrize("encoding", ["utf-16", "cp1252"])
@pytest.mark.parametrize("command", ["rubber", "chicago"])
def test_rubber_and_chicago_files_in_other_encodings(
    tmp_path: Path, encoding: str, command: str
) -> None:
    deals = written(
        tmp_path, "deals.txt", "# Café\n4S N 10\n3NT E 9\n4H S 10\n2C W 8\n".encode(encoding)
    )
    assert run(command, deals).exit_code == 0
    bad = written(tmp_path, "bad.txt", "# Café\n4S N 10\n9Z É\n".encode(encoding))
    assert error(run(command, bad)) == (f"error: {bad}:3: '9Z É': a contract's level is 1 to 7\n")


@pytest.mark.parametrize("encoding", ["utf-16", "cp1252"])
def test_vp_scales_in_other_encodings(tmp_path: Path, encoding: str) -> None:
    text = "# Échelle\nmin_imps,max_imps,winner,loser\n0,2,10,10\n3,,20,0\n"
    scale = written(tmp_path, "s.csv", text.encode(encoding))
    result = run("vp", "5", "--boards", "8", "--vp", scale)
    assert (result.exit_code, result.output) == (0, "8 boards, 5 IMPs on the s scale: 20 - 0\n")
    bad = written(tmp_path, "bad.csv", text.replace("3,,", "4,,").encode(encoding))
    assert error(run("vp", "5", "--boards", "8", "--vp", bad)) == (
        f"error: {bad}:4: margins of 3 IMPs are in no band (the band before ends at 2)\n"
    )


def test_lines_ending_in_a_cr_alone_are_lines(tmp_path: Path) -> None:
    mac = written(tmp_path, "mac.csv", TRAVELLERS.replace("\n", "\r"))
    result = run("score", mac)
    assert result.exit_code == 0, result.output
    bad = written(tmp_path, "bad.csv", TRAVELLERS.replace("\n", "\r").replace("4S,N,9", "4S,N,19"))
    assert error(run("score", bad)) == (
        f"error: {bad}:3: board 1: 4S by N, result '19': 19 tricks taken; a deal has 13\n"
    )
