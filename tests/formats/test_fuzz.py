"""Fuzzing the readers: random and mutated bytes give a result or our own error, never a crash.

Whatever a lenient reading gives must also convert, be written and be read again.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.core.errors import BridgeScoreError
from bridgescore.formats import lin, pbn, traveller_csv
from bridgescore.formats.convert import lin_to_pbn

DATA = Path(__file__).resolve().parents[1] / "data"
SEED = Path(__file__).resolve().parents[2] / ".." / "shared" / "seeds" / "000_cfa5446c7d59deca.txt"
PBN_TEXT = (DATA / "pbn" / "import.pbn").read_text(encoding="utf-8")
LIN_TEXT = (DATA / "lin" / "match.lin").read_text(encoding="utf-8")
SEED_TEXT = SEED.read_text(encoding="utf-8")[40_000:50_000] if SEED.exists() else LIN_TEXT
CSV_TEXT = "board,ns,ew,contract,declarer,result,lead,score\n1,1,2,4S,N,10,SA,\n1,3,4,,,,,AVE+\n"
PIECES = [*'[]{}";%|\n\r\t #^=$!?-*+:,.\\', "md|", "pc|", "mb|", "[Deal ", "AP", "10", "0"]

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """``text`` with a few insertions, deletions, replacements and duplications."""
    chars = list(text)
    for _ in range(draw(st.integers(1, 8))):
        at = draw(st.integers(0, len(chars)))
        action = draw(st.sampled_from(["insert", "delete", "replace", "duplicate"]))
        piece = list(draw(st.sampled_from(PIECES) | st.text(max_size=3)))
        if action == "insert":
            chars[at:at] = piece
        elif action == "delete":
            del chars[at : at + draw(st.integers(1, 40))]
        elif action == "replace":
            chars[at : at + len(piece)] = piece
        else:
            chars[at:at] = chars[at : at + draw(st.integers(1, 200))]
    return "".join(chars)


def _survives(read: Callable[[], object]) -> object | None:
    try:
        return read()
    except BridgeScoreError:
        return None


def _check_pbn(text: str) -> None:
    _survives(lambda: pbn.loads(text))
    file = pbn.loads(text, lenient=True)
    pbn.pbn_to_session(file, lenient=True)
    again = pbn.loads(pbn.dumps(file), lenient=True)
    pbn.pbn_to_session(again, lenient=True)


def _check_lin(text: str) -> None:
    _survives(lambda: lin.loads(text, lenient=False))
    file = _survives(lambda: lin.loads(text))
    if isinstance(file, lin.LinFile):
        converted = lin_to_pbn(file)
        again = pbn.loads(pbn.dumps(converted), lenient=True)
        pbn.pbn_to_session(again, lenient=True)


def _check_csv(text: str) -> None:
    _survives(lambda: traveller_csv.loads(text))
    session = _survives(lambda: traveller_csv.loads(text, lenient=True))
    if session is not None:
        assert isinstance(session, traveller_csv.Session)
        pbn.pbn_to_session(pbn.loads(pbn.dumps(pbn.session_to_pbn(session))), lenient=True)


binary_text = st.binary(max_size=600).map(lambda data: data.decode("latin-1"))


@FUZZ
@given(binary_text)
def test_pbn_random_bytes(text: str) -> None:
    _check_pbn(text)


@FUZZ
@given(mutated(PBN_TEXT))
def test_pbn_mutated(text: str) -> None:
    _check_pbn(text)


@FUZZ
@given(binary_text)
def test_lin_random_bytes(text: str) -> None:
    _check_lin(text)


@FUZZ
@given(mutated(LIN_TEXT) | mutated(SEED_TEXT))
def test_lin_mutated(text: str) -> None:
    _check_lin(text)


@FUZZ
@given(binary_text | mutated(CSV_TEXT))
def test_csv_random_and_mutated(text: str) -> None:
    _check_csv(text)
