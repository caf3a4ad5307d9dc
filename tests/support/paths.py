"""Where the checkout's files are, for every test: the root, the examples, the test data, and
the shared folder beside the checkout (seeds and real results files from other programs)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
DATA = ROOT / "tests" / "data"
SHARED = ROOT.parent / "shared"
TESTDATA = SHARED / "testdata"
SEED = SHARED / "seeds" / "000_cfa5446c7d59deca.txt"


def real_file(name: str) -> Path:
    """A real results file of the shared test data (``usebio/butler_mitchell.xml``, ...); the
    test is skipped, saying why, where ``../shared`` is absent."""
    import pytest

    path = TESTDATA / name
    if not path.exists():
        pytest.skip(f"the real results files are not here ({path} is missing: ../shared is absent)")
    return path
