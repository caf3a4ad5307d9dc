"""Control characters and bidirectional overrides never reach the terminal: every reader
refuses them in every text field with a located error (LIN, whose problems are warnings, reads
them as ``?``), and what an error quotes is escaped."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bridgescore.cli import app

TRAVELLERS = "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,10\n1,3,4,4S,N,9\n"
ESCAPES = "Ann\x1b[31mRED\x1b]0;pwned\x07 & Bob"
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args])


def written(folder: Path, name: str, text: str, encoding: str = "utf-8") -> Path:
    path = folder / name
    path.write_bytes(text.encode(encoding))
    return path


def refused(result: Result, message: str) -> None:
    """Exit 2, the message as given, and no escape character anywhere in what was printed."""
    assert (result.exit_code, result.output) == (2, message)
    assert "\x1b" not in result.output and "\u202e" not in result.output


def test_a_names_file_with_escape_sequences_is_refused(tmp_path: Path) -> None:
    results = written(tmp_path, "t.csv", TRAVELLERS)
    names = written(tmp_path, "n.csv", f"pair,names\n1NS,{ESCAPES}\n")
    refused(
        run("score", results, "--names", names),
        f"error: {names}:2: names 'Ann\\x1b[31mRED\\x1b]0;pwned\\x07 & Bob' "
        "has a control character (U+001B)\n",
    )


def test_a_names_file_with_a_bidirectional_override_is_refused(tmp_path: Path) -> None:
    results = written(tmp_path, "t.csv", TRAVELLERS)
    names = written(tmp_path, "n.csv", "pair,names\n1NS,\u202eexe.live\u202c\n")
    refused(
        run("score", results, "--names", names),
        f"error: {names}:2: names '\\u202eexe.live\\u202c' has a bidirectional override "
        "(U+202E), which reorders the text shown\n",
    )


def test_a_teams_file_with_a_clear_screen_is_refused(tmp_path: Path) -> None:
    teams = written(tmp_path, "teams.csv", "team,name\n1,Ash\x1b[2J\n2,Oak\n")
    refused(
        run("swiss-draw", "--teams", teams),
        f"error: {teams}:2: name 'Ash\\x1b[2J' has a control character (U+001B)\n",
    )


def test_pbn_player_tags_are_refused(tmp_path: Path) -> None:
    text = f'[Board "1"]\n[North "Ann\x9b2J"]\n[Deal "{DEAL}"]\n[Contract "4S"]\n'
    game = written(tmp_path, "g.pbn", text, "utf-8")
    refused(
        run("convert", game, tmp_path / "g.csv"),
        f"error: {game}:2: [North]: 'Ann\\x9b2J' has a control character (U+009B)\n",
    )


def test_lin_player_names_are_refused_or_read_with_a_question_mark_leniently(
    tmp_path: Path,
) -> None:
    # issue 27, item 13: strictly they were read with ? and exit 0, unlike every other reader
    deal = "3S269H2568QADTQC2T,S47AHJD3479C4567Q,S58QH479KDKAC38JA,"
    game = written(tmp_path, "g.lin", f"pn|Ann\x1b[2J,Bob,Cy,Di|md|{deal}|mb|p|mb|p|mb|p|mb|p|")
    commands: list[list[str | Path]] = [["convert", game, tmp_path / "g.pbn"], ["score", game]]
    for command in commands:
        refused(
            run(*command),
            f"error: {game}:1: pn|...|: 'Ann\\x1b[2J,Bob,Cy,Di' has a control character (U+001B)\n",
        )
    assert not (tmp_path / "g.pbn").exists()
    result = run("convert", game, tmp_path / "g.pbn", "--lenient")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == (
        f"warning: {game}:1: pn|...|: 'Ann\\x1b[2J,Bob,Cy,Di' has a control character "
        "(U+001B): read with ? for it"
    )
    assert "\x1b" not in result.output
    assert '[South "Ann?[2J"]' in (tmp_path / "g.pbn").read_text("latin-1")


def test_usebio_names_and_attributes_are_refused_in_any_encoding(tmp_path: Path) -> None:
    text = (
        '<?xml version="1.0" encoding="UTF-16"?>\n<USEBIO Version="1.2">\n'
        '<EVENT EVENT_TYPE="MP_PAIRS">\n<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER>\n'
        "<PLAYER><PLAYER_NAME>Ann\x85Lee</PLAYER_NAME></PLAYER></PAIR></PARTICIPANTS>\n"
        '<SECTION SECTION_ID="A\u2066"/>\n</EVENT>\n</USEBIO>\n'
    )
    club = written(tmp_path, "club.xml", text, "utf-16")
    refused(
        run("score", club),
        f"error: {club}:5: PLAYER_NAME 'Ann\\x85Lee' has a control character (U+0085)\n"
        f"{club}:6: SECTION SECTION_ID 'A\\u2066' has a bidirectional override (U+2066), "
        "which reorders the text shown\n",
    )


@pytest.mark.parametrize("field", ["ns", "section"])
def test_traveller_fields_refuse_bidirectional_overrides(tmp_path: Path, field: str) -> None:
    header = "board,ns,ew,contract,declarer,result,section"
    line = {"ns": "1\u202e,2,4S,N,10,A", "section": "1,2,4S,N,10,A\u202e"}[field]
    results = written(tmp_path, "t.csv", f"{header}\n1,{line}\n1,3,4,4S,N,9,A\n")
    shown = {"ns": "NS pair '1\\u202e'", "section": "section 'A\\u202e'"}[field]
    refused(
        run("score", results),
        f"error: {results}:2: {shown} has a bidirectional override (U+202E), "
        "which reorders the text shown\n",
    )


def test_a_vp_scale_description_is_refused(tmp_path: Path) -> None:
    scale = written(tmp_path, "s.csv", "# mine\x1b[2J\nmin_imps,max_imps,winner,loser\n0,,10,10\n")
    refused(
        run("vp", "3", "--boards", "8", "--vp", scale),
        f"error: {scale}:1: the line '# mine\\x1b[2J' has a control character (U+001B)\n",
    )


def test_an_error_message_never_writes_a_control_character(tmp_path: Path) -> None:
    # a file's own name is printed as it is, escapes and all, but for what would act
    results = written(tmp_path, "t\x1b[2J.csv", "board,ns,ew\n")
    result = run("score", results)
    assert result.exit_code == 2
    assert "\x1b" not in result.output and "t\\x1b[2J.csv" in result.output
