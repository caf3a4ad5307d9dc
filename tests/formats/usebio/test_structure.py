"""Results in USEBIO elements the reader does not know, or misspelt, or where it does not look,
are never dropped without a word: a located warning (with the count of lines read) or a located
error."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.errors import FileFormatError
from bridgescore.formats import usebio


def line(ns: int, ew: int, tag: str = "TRAVELLER_LINE") -> str:
    return (
        f"<{tag}><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
        f"<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS></{tag}>"
    )


def board(number: int, *lines: str, tag: str = "BOARD") -> str:
    return f"<{tag}><BOARD_NUMBER>{number}</BOARD_NUMBER>\n{''.join(lines)}\n</{tag}>"


def document(*parts: str) -> str:
    body = "\n".join(parts)
    return (
        '<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="MP_PAIRS">\n'
        f"{body}\n</EVENT>\n</USEBIO>\n"
    )


PLAYED = board(1, line(1, 2), line(3, 4))


def score(tmp_path: Path, text: str) -> tuple[int, str, str]:
    path = tmp_path / "club.xml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["score", str(path)])
    return result.exit_code, result.stderr, str(path)


def test_results_in_an_unknown_wrapper_are_a_warning_with_the_count(tmp_path: Path) -> None:
    status, errors, path = score(
        tmp_path, document(PLAYED, f"<ROUND>{board(2, line(1, 4))}</ROUND>")
    )
    assert status == 0
    assert errors == (
        f"warning: {path}:7: <ROUND> is not a USEBIO element: it and the 1 traveller line in it "
        "are not read\n"
        f"warning: {path}: 2 traveller lines read\n"
    )


@pytest.mark.parametrize(
    ("part", "message"),
    [
        (
            board(2, line(1, 4), tag="Board"),
            "<Board> is not a USEBIO element: write it <BOARD> (USEBIO names are in capitals, "
            "with British spelling)",
        ),
        (
            board(2, line(1, 4, tag="TRAVELER_LINE")),
            "<TRAVELER_LINE> is not a USEBIO element: write it <TRAVELLER_LINE> (USEBIO names "
            "are in capitals, with British spelling)",
        ),
        (
            f'<EVENT EVENT_TYPE="MP_PAIRS">{board(2, line(1, 4))}</EVENT>',
            "<EVENT> in <EVENT> is not where USEBIO has it: it and the 1 traveller line in it "
            "are not read",
        ),
        (
            line(1, 4),
            "<TRAVELLER_LINE> in <EVENT> is not where USEBIO has it: it is not read",
        ),
    ],
)
def test_misspelt_or_misplaced_results_are_an_error(
    tmp_path: Path, part: str, message: str
) -> None:
    status, errors, path = score(tmp_path, document(PLAYED, part))
    where = 8 if "TRAVELER" in part else 7  # the board before takes lines 4 to 6
    assert (status, errors) == (2, f"error: {path}:{where}: {message}\n")


def test_read_leniently_what_is_not_read_is_listed_with_the_count() -> None:
    text = document(PLAYED, board(2, line(1, 4), tag="Board"), "<EXTRA>x</EXTRA>")
    event = usebio.loads(text, source="club.xml", lenient=True)
    assert [str(p) for p in event.session.problems] == [
        "club.xml:7: <Board> is not a USEBIO element: write it <BOARD> (USEBIO names are in "
        "capitals, with British spelling)",
        "club.xml:10: <EXTRA> is not a USEBIO element: it and the 0 traveller lines in it are "
        "not read",
        "club.xml: 2 traveller lines read",
    ]
    with pytest.raises(FileFormatError):
        usebio.loads(text, source="club.xml")


def test_a_section_beside_results_of_its_session_is_said(tmp_path: Path) -> None:
    session = (
        f'<SESSION><SECTION SECTION_ID="A">{PLAYED}</SECTION>\n{board(2, line(1, 4))}</SESSION>'
    )
    status, errors, path = score(tmp_path, document(session))
    assert (status, errors) == (
        2,
        f"error: {path}:7: <BOARD> in <SESSION> is not where USEBIO has it: it and the 1 "
        "traveller line in it are not read\n",
    )
