"""A big PBN file is read in columns (:mod:`bridgescore.fast.pbn_columns`) for the pairs engine:
what that reader takes, the PBN reader takes alike (the same session, line for line), and
anything else is left to it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.cli import app
from bridgescore.core.errors import FileFormatError, ScoringError
from bridgescore.core.pairs.lines import Lines
from bridgescore.core.pairs.score import score_session
from bridgescore.core.table.traveller import Session
from bridgescore.fast import ExactEngineNeeded
from bridgescore.fast.pbn_columns import read_columns
from bridgescore.fast.select import PBN_COLUMNAR_GAMES, _forcing, count_games
from bridgescore.formats import pbn
from bridgescore.formats.csv import travellers
from bridgescore.formats.pbn.session import pbn_to_session, session_to_pbn
from tests.support.generated import event, thin, write_frame
from tests.support.paths import ROOT

RUTER = ROOT.parent / "shared" / "testdata" / "pbn" / "ruter71_butler_pairs.pbn"
DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
TURNED = "E:T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ"
OTHER = "N:T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ 6543.876.876.876 2.5432.5432.5432"


def run(*args: str, reader: str) -> Result:
    """The command, its file read in ``columns`` whenever the columnar reader takes it, or by
    the PBN reader (``exact``)."""
    with _forcing(reader=reader):  # type: ignore[arg-type]
        return CliRunner().invoke(app, list(args))


def same(read: tuple[Session, Lines], path: Path) -> None:
    """What the columnar reader read is what the PBN reader reads: the session (lines, names,
    details, deals), and the columns are its lines'."""
    session, lines = read
    exact = pbn_to_session(pbn.load(path))
    assert session == exact
    assert lines == Lines.of(exact.lines)


def test_a_real_results_file_reads_as_the_pbn_reader_reads_it() -> None:
    """Ruter's export: event tags, a ScoreTable a board, names in the TotalScoreTable."""
    read = read_columns(RUTER)
    same(read, RUTER)
    assert len(read[1]) == 168 and read[0].names["3"] == "Player 3a - Player 3b"
    for method in ((), ("--method", "mp"), ("--method", "crossimps")):  # () its own: Butler
        exact = run("score", str(RUTER), *method, reader="exact")
        assert exact.exit_code == 0, exact.output
        assert run("score", str(RUTER), *method, reader="columns").output == exact.output


def _as_pbn(tmp_path: Path, howell: bool, names: bool) -> Path:
    """A generated event written by bridgescore's own PBN writer (Names columns with names)."""
    frame = thin(event(12, 30, seed=5, howell=howell), seed=3)
    session = travellers.load(write_frame(tmp_path, frame))
    if names:
        session = session.with_names(
            {"1": "Ann & Bob", "7": "Cy Dee"} if howell else {"1NS": "Ann & Bob"}
        )
    path = tmp_path / "event.pbn"
    pbn.dump(session_to_pbn(session), path)
    return path


@pytest.mark.parametrize("method", ["mp", "crossimps", "butler"])
@pytest.mark.parametrize("howell", [False, True])
def test_a_big_pbn_on_the_columnar_path_prints_what_the_exact_engine_prints(
    tmp_path: Path, method: str, howell: bool
) -> None:
    path = _as_pbn(tmp_path, howell, names=True)
    same(read_columns(path), path)
    names = tmp_path / "names.csv"  # a names file stands over the file's own names
    names.write_text("pair,names\n" + ("7,Eve Fox\n" if howell else "1NS,Eve Fox\n"))
    for extra in ((), ("--names", str(names))):
        args = ("score", str(path), "--method", method, *extra)
        exact = run(*args, reader="exact")
        assert exact.exit_code == 0, exact.output
        assert run(*args, reader="columns").output == exact.output
    assert "Eve Fox" in exact.output


def test_the_reader_is_chosen_by_the_number_of_games(tmp_path: Path) -> None:
    """A club's PBN never pays for importing polars; from PBN_COLUMNAR_GAMES games it does."""
    small = _as_pbn(tmp_path, howell=False, names=False)
    assert count_games(small) == 12 < PBN_COLUMNAR_GAMES
    code = (
        "import sys\nfrom click.testing import CliRunner\nfrom bridgescore.cli import app\n"
        f"done = CliRunner().invoke(app, ['score', {str(small)!r}])\n"
        "assert done.exit_code == 0, done.output\n"
        "print('polars' in sys.modules)"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert loaded.stdout.strip() == "False", loaded.stderr
    big = tmp_path / "big.pbn"
    games = [f'[Board "{n}"]\n[Deal "{DEAL}"]\n' for n in range(1, PBN_COLUMNAR_GAMES + 1)]
    spec = '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
    big.write_text("\n".join(g + spec + "1 1 4S N 10\n2 2 3NT S 9\n" for g in games))
    assert count_games(big) == PBN_COLUMNAR_GAMES
    exact = run("score", str(big), "--format", "csv", reader="exact")
    assert CliRunner().invoke(app, ["score", str(big), "--format", "csv"]).output == exact.output
    assert f"1,1,{2 * PBN_COLUMNAR_GAMES}," in exact.output


GAME = (
    '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "DEAL"]\n'
    '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 2 4S N 10\n3 4 3NT S 8\n'
).replace("DEAL", DEAL)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("{a comment}\n" + GAME, "not a row"),
        (GAME.replace('[Dealer "N"]', '[Dealer "N"] ; said'), "one tag alone"),
        (GAME + '[Auction "N"]\n1S Pass\n', "a tag it leaves"),
        (GAME.replace('[Dealer "N"]', '[DoubleDummyTricks "aa89aaa8993353333533"]'), "leaves"),
        (GAME.replace('[Dealer "N"]', '[Dealer "#"]'), "copied"),
        (GAME.replace('[Dealer "N"]', '[Dealer "Q"]'), "a seat is"),
        (GAME.replace("1 2 4S", "1\t2 4S"), "unusual"),
        (GAME.replace("1 2 4S N 10", "1 2 4S N 10 7"), "too few or too many"),
        (
            GAME.replace("Result", "Result;Score_NS")
            .replace("N 10", "N 10 ^A60/40")
            .replace("S 8", "S 8 -"),
            "adjusted",
        ),
        (GAME.replace("N 10", "N 14"), "14 tricks"),
        (GAME + "\n" + GAME.replace(DEAL, TURNED.replace("2.5432", "2.5433")), "hand"),
        (GAME + "\n" + GAME.replace(DEAL, OTHER), "different"),
        (GAME.replace('[Board "1"]', '[Board "0"]'), "board number"),
        (GAME.replace('[Board "1"]\n', ""), "no board number"),
        (GAME + '\n[Board "2"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n', "in tags"),
        ("% PBN 2.1\n" + GAME + "% late\n", "not a row"),
        (GAME.replace("1 2 4S", '"1 2 4S'), "not a row"),
        (
            GAME.replace("Contract;", "Contract;Round;")
            .replace("4S N", "4S x N")
            .replace("3NT S", "3NT 1 S"),
            "from 1",
        ),
    ],
)
def test_what_the_columnar_reader_leaves_to_the_pbn_reader(
    tmp_path: Path, text: str, why: str
) -> None:
    """Each is left with the reason, and the command prints what the PBN reader makes of it."""
    path = tmp_path / "left.pbn"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ExactEngineNeeded, match=why):
        read_columns(path)
    exact = run("score", str(path), reader="exact")
    assert run("score", str(path), reader="columns").output == exact.output


def test_a_pair_playing_a_board_twice_is_told_by_the_pbn_reader(tmp_path: Path) -> None:
    """The columnar reader takes the rows; the engine refuses them, and the command then
    says what the PBN reader says, where."""
    path = tmp_path / "twice.pbn"
    path.write_text(GAME.replace("3 4 3NT", "1 4 3NT"), encoding="utf-8")
    session, lines = read_columns(path)
    with pytest.raises(ScoringError, match="plays the board twice"):
        score_session(session, lines=lines)
    exact = run("score", str(path), reader="exact")
    assert exact.exit_code == 2 and "plays the board twice" in exact.output
    assert run("score", str(path), reader="columns").output == exact.output


def test_a_deal_given_twice_from_another_seat_is_one_deal(tmp_path: Path) -> None:
    """And the result tags of a game with a ScoreTable are checked, not read (as the PBN reader
    has it)."""
    path = tmp_path / "turned.pbn"
    other = GAME.replace(DEAL, TURNED).replace("1 2", "5 6").replace("3 4", "7 8")
    other = other.replace('[Dealer "N"]', '[Contract "3NT"]\n[Declarer "S"]\n[Result "9"]')
    path.write_text(GAME + "\n" + other, encoding="utf-8")
    same(read_columns(path), path)
    assert len(read_columns(path)[1]) == 4


_PIECES = {  # kind: (well formed, not)
    "board": (["1", "2", "17", "01", " 3"], ["0", "x", "", "?"]),
    "deal": ([DEAL, TURNED, "?", ""], [OTHER, DEAL.replace("AKQJ.", "AKQ."), "N:- - - -"]),
    "vul": (["None", "NS", "All", "Both", "-", "love", "", "?"], ["x"]),
    "pair": (["1", "2", "3", "4", "1NS", "2EW", '"A B"'], ["?", "-", '""']),
    "contract": (["4S", "3NTX", "Pass", "pass", "4s", "7NTXX", "1C"], ["8S", "-", "?"]),
    "declarer": (["N", "E", "S", "W", "^S"], ["Q", "-", "?"]),
    "result": (["10", "=", "+1", "-2", "7", "0", "13"], ["14", "x", "?", "-"]),
    "score": (["-", "?", "^150"], ["420", "-50", "x", "620", "0"]),
    "count": (["1", "2", "-", "?", "07"], ["0", "x", "^3"]),
    "section": (["A", "B", "-", "?", "^A"], ['""']),
    "names": (['"Ann Lee"', "Bo", "?", "-", '""'], []),
    "extra": (
        ["", "", "", '[Event "Club"]\n', '[Date "2026.11.28"]\n', '[Site "?"]\n', "\n"],
        ['[Scoring "IMP"]\n', "{c}\n", "% x\n", '[Note "1:x"]\n', '[Event "#"]\n'],
    ),
}


# The strategies drawn from below, made once (one made in a draw is made and checked each time).
_PICKS = {
    kind: (st.sampled_from(good), st.sampled_from(bad) if bad else None)
    for kind, (good, bad) in _PIECES.items()
}
_COLUMNS = st.lists(
    st.sampled_from(["Score_NS", "Round", "Table", "Section", "Names_NS", "Names_EW", "Lead"]),
    unique=True,
    max_size=6,
)
_ORDERS = st.permutations(range(4))
"""The order of a game's three tags and its table (a permutation draws the same whatever it
orders)."""


@st.composite
def _pbn_text(draw: st.DrawFn) -> str:
    """PBN games made of the pieces above: mostly well formed, now and then not."""

    def pick(kind: str) -> str:
        good, bad = _PICKS[kind]
        return draw(bad if bad is not None and draw(st.integers(0, 59)) == 0 else good)

    columns = draw(_COLUMNS)
    columns = ["PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", *columns]
    kinds = {
        "Contract": "contract",
        "Declarer": "declarer",
        "Result": "result",
        "Score_NS": "score",
        "Round": "count",
        "Table": "count",
        "Section": "section",
        "Names_NS": "names",
        "Names_EW": "names",
        "Lead": "pair",
        "PairId_NS": "pair",
        "PairId_EW": "pair",
    }
    games = []
    for _ in range(draw(st.integers(1, 4))):
        tags = [
            f'[Board "{pick("board")}"]',
            f'[Vulnerable "{pick("vul")}"]',
            f'[Deal "{pick("deal")}"]',
        ]
        rows = [" ".join(pick(kinds[c]) for c in columns) for _ in range(draw(st.integers(0, 3)))]
        table = f'[ScoreTable "{";".join(columns)}"]'
        lines = [[*tags, table][index] for index in draw(_ORDERS)]
        # the table's rows follow it, unless a tag is drawn after it
        at = lines.index(table) + 1
        game = "\n".join([*lines[:at], *rows, *lines[at:]]) + "\n"
        games.append(pick("extra") + game + "\n" + pick("extra"))
    return "\n".join(games)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_pbn_text())
def test_what_the_columnar_reader_takes_the_pbn_reader_takes_alike(
    tmp_path_factory: pytest.TempPathFactory, text: str
) -> None:
    """The same session, line for line; or, where a pair plays a board twice (which the PBN
    reader reports), lines the engine refuses too."""
    path = tmp_path_factory.mktemp("pbn") / "drawn.pbn"
    path.write_text(text, encoding="utf-8")
    try:
        read = read_columns(path)
    except ExactEngineNeeded:
        return
    try:
        same(read, path)
    except FileFormatError as error:
        messages = [problem.message for problem in error.problems]
        assert all("twice" in message for message in messages), f"{messages}\n{text}"
        with pytest.raises(ScoringError, match="twice"):
            score_session(*read[:1], lines=read[1])
