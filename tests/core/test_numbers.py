"""Numbers in input text: ASCII digits only, never too long, never an exception."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.cli import app
from bridgescore.core.errors import BridgeScoreError, FileFormatError
from bridgescore.core.numbers import natural_key, parse_count, parse_decimal, parse_signed
from bridgescore.core.pairs.fields import PairId
from bridgescore.core.rubber.sheet import Honours
from bridgescore.core.scoring.butler import ButlerDrop
from bridgescore.core.table.adjusted import WeightedScore
from bridgescore.core.table.board import Board, Vulnerability
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.result import Result
from bridgescore.core.teams.event import team_order
from bridgescore.formats import pbn, usebio
from bridgescore.formats.csv import travellers, vp_scales
from bridgescore.formats.pbn import pbn_to_session
from tests.support.paths import ROOT


@pytest.mark.parametrize(
    "text", ["", "²", "1²", "13¹", "٣", "１", "1_0", " 1", "+1", "-1", "1.0", "9" * 5000]
)
def test_parse_count_refuses_what_int_would_choke_on_or_should_not_take(text: str) -> None:
    assert parse_count(text) is None


def test_parse_count_takes_ascii_digits_up_to_the_limit() -> None:
    assert parse_count("007") == 7
    assert parse_count("123456789") == 123456789
    assert parse_count("1234567890") is None
    assert parse_count("1234567890", 10) == 1234567890
    assert parse_count("0", least=1) is None


@given(st.text())
def test_parse_count_and_parse_signed_never_raise(text: str) -> None:
    count, signed = parse_count(text), parse_signed(text)
    if count is not None:
        assert str(count) == text.lstrip("0") or count == 0
    if signed is not None:
        assert abs(signed) < 10**9


@given(st.lists(st.text() | st.sampled_from(["²", "¹", "9" * 5000, "1²", "10", "2"])))
def test_natural_key_sorts_any_text(texts: list[str]) -> None:
    # a total order: any two keys compare one way only, and once sorted (which never raises)
    # no key is below one before it
    keys = [natural_key(text) for text in texts]
    assert all((a < b) + (a == b) + (a > b) == 1 for a in keys for b in keys)
    ordered = sorted(keys)
    assert not any(later < earlier for i, earlier in enumerate(ordered) for later in ordered[i:])


@given(st.lists(st.integers(0, 10**30)), st.sampled_from(["", "0", "00"]))
def test_natural_key_orders_numbers_by_value(numbers: list[int], zeros: str) -> None:
    texts = [f"{zeros}{n}" for n in numbers]
    assert [int(t) for t in sorted(texts, key=natural_key)] == sorted(numbers)


def test_natural_key_puts_a_very_long_number_after_shorter_ones() -> None:
    texts = ["9" * 5000, "10", "Lions", "1²", "2", "1B", "1a"]
    assert sorted(texts, key=natural_key) == ["1a", "1B", "1²", "2", "10", "9" * 5000, "Lions"]


BIG = "9" * 5000


@pytest.mark.parametrize(
    "read",
    [
        lambda: Board.parse("²"),
        lambda: Board.parse(BIG),
        lambda: Contract.parse(f"{BIG}S"),
        lambda: Result.parse("4SN+¹"),
        lambda: Result.parse(f"4SN{BIG}"),
        lambda: Honours.parse("NS:1²"),
        lambda: Honours.parse(f"NS:{BIG}"),
        lambda: ButlerDrop.parse("²"),
        lambda: ButlerDrop.parse(BIG),
        lambda: WeightedScore.parse(f"50% {BIG} 50% 100", Vulnerability.NONE),
        lambda: WeightedScore.parse(f"{BIG}% 420 50% 100", Vulnerability.NONE),
        lambda: vp_scales.loads(f"min_imps,max_imps,winner,loser\n{BIG},,20,0\n", name="x"),
        lambda: vp_scales.loads(f"min_imps,max_imps,winner,loser\n0,,{BIG},0\n", name="x"),
    ],
)
def test_odd_numbers_are_our_errors(read: Callable[[], object]) -> None:
    with pytest.raises(BridgeScoreError):
        read()


def test_team_order_and_pair_order_take_any_label() -> None:
    assert team_order(["10", "²", "2", BIG]) == ["2", "10", BIG, "²"]
    pairs = [PairId(label) for label in ("10", "¹", "1²", "2")]
    assert [p.label for p in sorted(pairs, key=PairId.sort_key)] == ["1²", "2", "10", "¹"]


def test_odd_numbers_on_the_command_line() -> None:
    result = CliRunner().invoke(
        app, ["teams", str(ROOT / "examples" / "teams.csv"), "--imp-penalty", "²:3=1"]
    )
    assert (result.exit_code, "'²:3=1': write ROUND:TEAM=IMPS" in result.output) == (2, True)


@pytest.mark.parametrize(
    "text", ["1e3", "１０", "1_0", "inf", "nan", "1.", ".5", "1/0", "+-1", "1,5", "9" * 10]
)
def test_parse_decimal_refuses_what_fraction_would_take(text: str) -> None:
    assert parse_decimal(text, ratio=True) is None


def test_parse_decimal_reads_plain_decimals_and_ratios() -> None:
    assert parse_decimal("-2.25") == Fraction(-9, 4)
    assert parse_decimal("21/2", ratio=True) == Fraction(21, 2)
    assert parse_decimal("21/2") is None
    assert parse_decimal("-3", signed=False) is None


@given(st.text())
def test_parse_decimal_never_raises(text: str) -> None:
    value = parse_decimal(text, ratio=True)
    assert value is None or abs(value) < 10**9


# What a user types on the command line goes through the same parser as the files' numbers,
# with a bound: `int()`, `float()` and `Fraction()` take 1e3, １０ and 1_0.
TEAMS = str(ROOT / "examples" / "teams.csv")
CLUB = str(ROOT / "examples" / "club-session.csv")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("vp", "1e3", "--boards", "10"),
            "error: '1e3': an IMP margin is a number such as 10, 10.5 or 21/2",
        ),
        (
            ("vp", "１０", "--boards", "10"),
            "error: '１０': an IMP margin is a number such as 10, 10.5 or 21/2",
        ),
        (
            ("vp", "1_0", "--boards", "10"),
            "error: '1_0': an IMP margin is a number such as 10, 10.5 or 21/2",
        ),
        (("vp", "10", "--boards", "10000000"), "error: a match has 1 to 999 boards, not 10000000"),
        (
            ("vp", "10", "--boards", "1" + "0" * 20),
            "error: invalid value for '--boards': '100000000000000000000' is not a whole number from 0",
        ),
        (
            ("vp", "--table", "--boards", "１０"),
            "error: invalid value for '--boards': '１０' is not a whole number from 0",
        ),
        (("board", "１"), "error: invalid value for 'NUMBER': '１' is not a whole number from 0"),
        (
            ("contract", "4S", "--tricks", "１０"),
            "error: invalid value for '--tricks': '１０' is not a whole number from 0",
        ),
        (
            ("contract", "4S", "--tricks", "-3"),
            "error: invalid value for '--tricks': '-3' is not a whole number from 0",
        ),
        (("contract", "4S", "--tricks", "14"), "error: '4S': 14 tricks taken; a deal has 13"),
        (
            ("contract", "4SN=", "--board", "1_0"),
            "error: invalid value for '--board': '1_0' is not a whole number from 0",
        ),
        (
            ("teams", TEAMS, "--penalty", "1=１２"),
            "error: invalid value for --penalty: '1=１２': write TEAM=POINTS, like 3=2",
        ),
        (
            ("teams", TEAMS, "--penalty", "1=1e3"),
            "error: invalid value for --penalty: '1=1e3': write TEAM=POINTS, like 3=2",
        ),
        (
            ("teams", TEAMS, "--carry-over", "1:1=1e9"),
            "error: invalid value for --carry-over: '1:1=1e9': write ROUND:TEAM=IMPS, like 2:3=3",
        ),
        (
            ("teams", TEAMS, "--penalty", "1=1234567"),
            "error: invalid value for --penalty: '1=1234567': write TEAM=POINTS, like 3=2",
        ),
        (
            ("teams", TEAMS, "--bye-score", "1e1"),
            "error: '1e1' is not a bye score: write 12, average or 12-or-average",
        ),
        (
            ("swiss-draw", TEAMS, "--round", "٣"),
            "error: invalid value for '--round': '٣' is not a whole number from 0",
        ),
        (
            ("score", CLUB, "--method", "butler", "--butler-drop", "1e1%"),
            "error: '1e1%': Butler drop is a number of scores (2) or a percentage below 50 (10%)",
        ),
        (
            ("score", CLUB, "--expected", "１２"),
            "error: invalid value for '--expected': '１２' is not a whole number from 1",
        ),
        (
            ("score", CLUB, "--method", "crossimps", "--average-imps", "25"),
            "error: '25': Average plus at IMPs is a number from 0 to 24",
        ),
        (
            ("explain", CLUB, "--board", "1_0", "--pair", "1"),
            "error: invalid value for '--board': '1_0' is not a whole number from 1",
        ),
    ],
)
def test_numbers_a_user_types_are_ascii_digits_and_bounded(
    args: tuple[str, ...], message: str
) -> None:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 2
    assert result.output.splitlines()[-1].startswith(message)


@pytest.mark.parametrize("score", ["４２０", "4_20", "+420.0", "1e3", "9" * 6])
def test_a_score_in_a_file_is_ascii_digits(score: str) -> None:
    text = f"board,ns,ew,score\n1,1,2,{score}\n1,3,4,420\n"
    with pytest.raises(FileFormatError) as error:
        travellers.loads(text, source="t.csv")
    assert str(error.value) == (
        f"t.csv:2: board 1: score {score!r} is not a number, an artificial score (A60/40, AVE+) "
        "or a weighted score (60% 4SN= 40% 4SN-1)"
    )


def test_a_pbn_score_is_ascii_digits() -> None:
    text = (
        '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\5R"]\n'
        "1 2 4S N 10 ４２０\n3 4 4S N 9 -50\n"
    )
    with pytest.raises(FileFormatError) as error:
        pbn_to_session(pbn.loads(text, source="t.pbn"))
    assert str(error.value) == "t.pbn:5: board 1: [ScoreTable]: the score '４２０' is not a number"


def test_a_usebio_score_is_ascii_digits() -> None:
    text = (
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>'
        "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
        "<SCORE>４２０</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>"
    )
    with pytest.raises(FileFormatError) as error:
        usebio.loads(text, source="t.xml")
    assert str(error.value) == (
        "t.xml:1: TRAVELLER_LINE: SCORE '４２０' is not a score or an adjusted score (A6040, A5050, AVE+)"
    )
