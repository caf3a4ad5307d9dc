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
