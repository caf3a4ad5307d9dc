"""The library's golden files (``tests/data/movements/golden``): write them with ``python -m
tests.support.golden_movements``, only when a change to a named movement is meant (say why in
the commit)."""

from __future__ import annotations

from bridgescore.core.movements.library import LIBRARY, compact, library_movement
from tests.support.paths import DATA

GOLDEN = DATA / "movements" / "golden"


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name in LIBRARY:
        (GOLDEN / f"{name}.txt").write_text(
            compact(library_movement(name)) + "\n", encoding="utf-8"
        )
    print(f"wrote {len(LIBRARY)} golden files in {GOLDEN}")


if __name__ == "__main__":
    main()
