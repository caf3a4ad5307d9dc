"""Make ``oracle.json``: what endplay, called directly, says of 53 deals (run by hand, needs
endplay; the tests read the file and never call the solver on these deals again); and
``trophy.json``: endplay's table of each of the 26 deals of the shared club hand record
``Hand_Trophy_Pairs.pbn``, whose stored tables are wrong (the board and the deal, PBN from North,
and the table as below).

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
TROPHY = Path("../shared/testdata/hands/Hand_Trophy_Pairs.pbn")
SECRET = bytes.fromhex("b71d6c2f" * 8)
PUBLIC = "bridgescore test oracle"
DEALERS = (Player.north, Player.east, Player.south, Player.west)


def pbn_deals(path: Path) -> list[tuple[int, str]]:
    """The board number and ``Deal`` tag of each game of a PBN file, read as plain text."""
    found = []
    for game in re.split(r"\n\s*\n", path.read_text(encoding="latin-1")):
        board = re.search(r'^\[Board "(\d+)"\]', game, re.MULTILINE)
        deal = re.search(r'^\[Deal "([^"]+)"\]', game, re.MULTILINE)
        if board and deal:
            found.append((int(board.group(1)), deal.group(1)))
    return found


def deals() -> list[tuple[str, int, str]]:
    from bridgescore.core.hands.dealing import secret_deal

    found = [("ruter71", board, deal) for board, deal in pbn_deals(RUTER)]
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
    trophy = []
    for board, text in pbn_deals(TROPHY):
        deal = Deal(text)
        trophy.append(
            {"board": board, "deal": deal.to_pbn(), "table": calc_dd_table(deal).to_list()}
        )
    lines = ",\n".join(json.dumps(row) for row in trophy)
    (HERE / "trophy.json").write_text(f"[\n{lines}\n]\n", encoding="utf-8")


if __name__ == "__main__":
    main()
