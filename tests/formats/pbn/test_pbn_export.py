"""PBN export as the standard has it: lines of 255 characters at most, ISO-8859-1, no control
characters (and the readers refuse them where they would come from)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.errors import FileFormatError
from bridgescore.formats import pbn
from bridgescore.formats.csv import travellers
from bridgescore.formats.pbn.write import LINE_LIMIT
from tests.support.paths import ROOT

CSV = ROOT / "examples" / "club-session.csv"


def lines(text: str) -> list[str]:
    return text.split("\r\n")


def test_a_table_too_wide_when_padded_is_written_without_widths() -> None:
    session = travellers.loads(
        "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,10\n1,3,4,3NT,S,9\n2,1,2,4H,E,9\n"
    )
    long = {"1": "Ann Lee &" + " Bo Ma" * 20, "4": "Cy Dee &" + " Di Eve" * 18}
    text = pbn.dumps(pbn.session_to_pbn(replace(session, names=long)))
    assert max(map(len, lines(text))) <= LINE_LIMIT
    assert '[ScoreTable "PairId_NS;PairId_EW;' in text
    assert "PairId_NS\\" in pbn.dumps(pbn.session_to_pbn(session))  # one that fits keeps widths
    back = pbn.pbn_to_session(pbn.loads(text))
    assert [replace(x, line=None) for x in back.lines] == [
        replace(x, line=None) for x in session.lines
    ]
    assert back.names == long


def test_a_long_comment_is_wrapped() -> None:
    words = " ".join(f"word{n}" for n in range(120))
    game = pbn.PbnGame(
        {"Board": "1"},
        comments=(pbn.PbnComment(words, "Board"), pbn.PbnComment(words, "Board", brace=False)),
    )
    text = pbn.dumps(pbn.PbnFile((game,)))
    assert max(map(len, lines(text))) <= LINE_LIMIT
    again = pbn.loads(text).games[0].comments
    assert again[0].text.split() == words.split()
    assert " ".join(c.text for c in again[1:]).split() == words.split()


def test_a_tag_value_too_long_for_a_line_is_a_clear_error(tmp_path: Path) -> None:
    source = tmp_path / "long.pbn"
    source.write_text(f'[Event "{"Spring Pairs " * 25}"]\n[Board "3"]\n')
    with pytest.raises(FileFormatError) as caught:
        pbn.dump(pbn.load(source), tmp_path / "out.pbn")
    assert str(caught.value).startswith(
        f"{tmp_path / 'out.pbn'}: cannot write board 3: a line of 335 characters "
        '([Event "Spring Pairs Spring Pairs Spring...); a PBN line holds 255 at most'
    )
    result = CliRunner().invoke(app, ["convert", str(source), str(tmp_path / "out.pbn")])
    assert result.exit_code == 2
    assert "shorten it" in result.output
    assert not (tmp_path / "out.pbn").exists()


def test_the_file_is_iso_8859_1_with_other_characters_transliterated(tmp_path: Path) -> None:
    names = {"1": "Zieliński & Łukasz", "2": "O’Brien – Bjørnstad", "3": "李 & Ådne"}
    session = replace(travellers.load(CSV), names=names)
    target = tmp_path / "out.pbn"
    pbn.dump(pbn.session_to_pbn(session), target)
    data = target.read_bytes()
    text = data.decode("latin-1")
    assert "Zielinski & Lukasz" in text
    assert "O'Brien - Bjørnstad" in text
    assert "? & Ådne" in text
    assert "Bjørnstad".encode("latin-1") in data  # one byte, not UTF-8's two
    assert pbn.pbn_to_session(pbn.load(target)).names["2"] == "O'Brien - Bjørnstad"


def test_utf_8_and_latin_1_files_are_both_read(tmp_path: Path) -> None:
    for encoding in ("utf-8", "latin-1"):
        path = tmp_path / f"{encoding}.pbn"
        path.write_bytes('[Event "Åsgårdstrand"]\n[Board "1"]\n'.encode(encoding))
        assert pbn.load(path).games[0].tags["Event"] == "Åsgårdstrand"


def test_the_traveller_reader_refuses_control_characters() -> None:
    text = CSV.read_text().splitlines()
    text[4] = text[4].replace(",", ",1\x01", 1)
    with pytest.raises(FileFormatError) as caught:
        travellers.loads("\n".join(text) + "\n", source="club.csv")
    ns = text[4].split(",")[1]
    assert str(caught.value) == f"club.csv:5: NS pair {ns!r} has a control character (U+0001)"


def test_writers_never_write_control_characters(tmp_path: Path) -> None:
    game = pbn.PbnGame(
        {"Board": "1", "Event": "Club\x01night\tone"},
        comments=(pbn.PbnComment("bell\x07"),),
    )
    text = pbn.dumps(pbn.PbnFile((game,), header=("made by\x1b[1m",)))
    assert '[Event "Club?night one"]' in text
    assert "{bell?}" in text
    assert "% made by?[1m" in text
    session = pbn.pbn_to_session(pbn.loads(pbn.dumps(pbn.session_to_pbn(travellers.load(CSV)))))
    line = replace(session.lines[0], ns="1\x01", ew="2\x7f")
    written = travellers.dumps(replace(session, lines=(line,)))
    assert written.splitlines()[1].split(",")[1:3] == ["1?", "2?"]
