"""The hostile-input corpus (``tests/data/hostile/``, written by ``tests/support/hostile_corpus.py``): every
case, run as a director would run it, exits 2 with a located error or 0 with the warnings the
manifest says, never a traceback, never a raw control character on the terminal, and never
changes its input file.

Each case is a process of its own, forked from one that has imported the command line once
(:class:`tests.support.forked_cli.ForkedCli`): its exit status, its standard output and error
are a process's, as when the console script runs; the interpreter's start and imports, the
same for every case (0.1 to 0.2 s of CPU each, 185 times), are proved by the tests that run
the installed script."""

from __future__ import annotations

import csv
import os
import re
import shlex
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.forked_cli import ForkedCli
from tests.support.paths import DATA

CORPUS = DATA / "hostile"
CASES = list(csv.DictReader((CORPUS / "cases.csv").open(encoding="utf-8")))
EXPECTED = {
    row["file"]: (int(row["exit"]), row["says"])
    for row in csv.DictReader((CORPUS / "expected.csv").open(encoding="utf-8"))
}
RAW = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def test_the_corpus_covers_every_reader() -> None:
    assert len(CASES) >= 150
    readers = {row["file"].split("-")[0] for row in CASES}
    wanted = {"travellers", "names", "teams", "pbn", "lin", "usebio", "rubber", "chicago", "vp"}
    wanted |= {"movement"}
    assert wanted | {"deals"} == readers
    assert set(EXPECTED) == {row["file"] for row in CASES}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the corpus to run in (the cases refer to each other by name)."""
    where = tmp_path_factory.mktemp("hostile") / "corpus"
    shutil.copytree(CORPUS, where)
    return where


@pytest.fixture(scope="module")
def bridgescore(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ForkedCli]:
    """``bridgescore`` run in the corpus on a 100-column terminal, a process a run."""
    env = {**os.environ, "COLUMNS": "100"}
    with ForkedCli(corpus, env, tmp_path_factory.mktemp("outputs")) as forked:
        yield forked


@pytest.mark.parametrize("case", CASES, ids=[row["file"] for row in CASES])
def test_a_hostile_file(case: dict[str, str], corpus: Path, bridgescore: ForkedCli) -> None:
    name = case["file"]
    args = [arg.replace("{file}", name) for arg in shlex.split(case["command"])]
    before = (corpus / name).read_bytes()
    done = bridgescore.run(*args)
    (corpus / "out.pbn").unlink(missing_ok=True)
    code, says = EXPECTED[name]
    assert "Traceback" not in done.stderr
    assert (corpus / name).read_bytes() == before, "the input file was changed"
    assert not RAW.search(done.stdout + done.stderr), "a raw control character was printed"
    assert done.returncode == code, done.stderr
    lines = [line for line in done.stderr.splitlines() if line]
    assert all(line.startswith(("error:", "warning:", " ", "... and")) for line in lines[:1])
    if code == 2:
        assert lines and lines[0].startswith("error: ")
        assert re.search(r"[\w.-]+\.(csv|pbn|lin|xml|txt|dup|dlm|bri|dge|json)", lines[0])
    if says:
        assert lines and lines[0].startswith(says)
    else:
        assert lines == []
