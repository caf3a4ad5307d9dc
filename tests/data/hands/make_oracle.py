"""Make ``oracle.json``: what endplay, called directly, says of 53 deals (run by hand, needs
endplay; the tests read the file and never call the solver on these deals again).

The deals: the 21 of the shared Ruter PBN file (``../shared/testdata/pbn``) and boards 1-32
dealt from a fixed secret by bridgescore's verifiable dealer. For each: the deal (PBN, North
first), the board, and endplay's answers: ``calc_dd_table(...).to_list()`` (rows by endplay's
Denom order S, H, D, C, NT; columns N, E, S, W), and ``par(table, board, dealer)``: its score
(for North-South) and contracts as endplay prints them.

Run from the checkout: ``python tests/data/hands/make_oracle.py``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from endplay.dds import calc_dd_table, par
from endplay.types import Deal, Player

HERE = Path("tests/data/hands")
RUTER = Path("../shared/testdata/pbn/ruter71_butler_pairs.pbn")
SECRET = bytes.fromhex("b71d6c2f" * 8)
PUBLIC = "bridgescore test oracle"
DEALERS = (Player.north, Player.east, Player.south, Player.west)


def deals() -> list[tuple[str, int, str]]:
    from bridgescore.core.hands.dealing import secret_deal

    text = RUTER.read_text(encoding="latin-1")
    found = []
    for game in re.split(r"\n\s*\n", text):
        board = re.search(r'^\[Board "(\d+)"\]', game, re.MULTILINE)
        deal = re.search(r'^\[Deal "([^"]+)"\]', game, re.MULTILINE)
        if board and deal:
            found.append(("ruter71", int(board.group(1)), deal.group(1)))
    found += [("generated", b, secret_deal(SECRET, PUBLIC, 1, b).to_pbn()) for b in range(1, 33)]
    return found


def main() -> None:
    rows = []
    for group, board, text in deals():
        deal = Deal(text)
        table = calc_dd_table(deal)
        result = par(table, board, DEALERS[(board - 1) % 4])
        rows.append(
            {
                "group": group,
                "board": board,
                "deal": deal.to_pbn(),
                "table": table.to_list(),
                "par_score": result.score,
                "par_contracts": sorted({f"{c}" for c in result}),
            }
        )
    lines = ",\n".join(json.dumps(row, ensure_ascii=False) for row in rows)
    (HERE / "oracle.json").write_text(f"[\n{lines}\n]\n", encoding="utf-8")


if __name__ == "__main__":
    main()
