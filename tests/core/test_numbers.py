"""Numbers in input text: ASCII digits only, never too long, never an exception."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.cli import app
from bridgescore.core.errors import BridgeScoreError
from bridgescore.core.numbers import natural_key, parse_count, parse_signed
from bridgescore.core.pairs.fields import PairId
from bridgescore.core.rubber.sheet import Honours
from bridgescore.core.scoring.butler import ButlerDrop
from bridgescore.core.table.adjusted import WeightedScore
from bridgescore.core.table.board import Board, Vulnerability
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.result import Result
from bridgescore.core.teams.event import team_order
from bridgescore.fast.select import COLUMNAR_LINES, columnar_lines
from bridgescore.formats.csv import vp_scales
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


def test_odd_numbers_on_the_command_line_and_in_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    result = CliRunner().invoke(
        app, ["teams", str(ROOT / "examples" / "teams.csv"), "--imp-penalty", "²:3=1"]
    )
    assert (result.exit_code, "'²:3=1': write ROUND:TEAM=IMPS" in result.output) == (2, True)
    monkeypatch.setenv("BRIDGESCORE_COLUMNAR_LINES", "²")
    assert columnar_lines() == COLUMNAR_LINES
