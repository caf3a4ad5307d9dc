"""Fuzzing the hand-record readers: mutated dealing-machine files and PBN double-dummy tags give
records and located problems, never a crash; what is read can be written again."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.core.errors import BridgeScoreError
from bridgescore.core.hands.dealing import secret_deal
from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.ddtable import DDTable
from bridgescore.formats import pbn
from bridgescore.formats.hands import bri, dge, dlm, dup
from bridgescore.formats.pbn.hands import records_from_pbn, records_to_pbn

FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RECORDS = [HandRecord(b, secret_deal(bytes(32), "fuzz", 1, b)) for b in range(1, 5)]
MODULES = {"bri": bri, "dge": dge, "dup": dup, "dlm": dlm}
FILES = {name: module.dumps(RECORDS) for name, module in MODULES.items()}
PIECES = [b"\0", b" ", b"\r\n", b"=", b"99", b"\x06", b"\x03", b"Board 01=", b"To board=", b"z"]


@st.composite
def mutated(draw: st.DrawFn, data: bytes) -> bytes:
    raw = bytearray(data)
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(raw)))
        piece = draw(st.sampled_from(PIECES) | st.binary(max_size=3))
        if draw(st.booleans()):
            raw[at : at + len(piece)] = piece
        else:
            del raw[at : at + draw(st.integers(1, 60))]
    return bytes(raw)


@FUZZ
@given(st.sampled_from(sorted(MODULES)).flatmap(lambda n: st.tuples(st.just(n), mutated(FILES[n]))))
def test_mutated_machine_files(case: tuple[str, bytes]) -> None:
    name, data = case
    module = MODULES[name]
    records, problems = module.loads(data, f"x.{name}")
    assert all(p.path == f"x.{name}" for p in problems)
    try:
        again, _ = module.loads(module.dumps(records), "again")
    except BridgeScoreError:
        return  # boards that are not one after another from the start cannot be written
    assert [r.deal for r in again] == [r.deal for r in records]


TAGGED = pbn.dumps(records_to_pbn([RECORDS[0].with_table(DDTable.parse("aa89aaa8993353333533"))]))


@FUZZ
@given(
    st.text(alphabet="0123456789abcdefNSEWHDCTX;:-+ ²", max_size=30),
    st.sampled_from(["DoubleDummyTricks", "OptimumScore", "ParContract"]),
)
def test_odd_double_dummy_tags(value: str, tag: str) -> None:
    text = TAGGED.replace(f'[{tag} "', f'[{tag} "{value}', 1)
    read = pbn.loads(text, lenient=True)
    records, _ = records_from_pbn(read)
    pbn.dumps(records_to_pbn(records, like=read))
