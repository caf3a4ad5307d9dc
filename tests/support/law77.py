"""An independent, table-driven Law 77, written from the Law's tables in the reference: the oracle
the contract, rubber and Chicago tests check bridgescore's scores against. It shares no code with
bridgescore's own scoring."""

from __future__ import annotations

from bridgescore.core.table.contract import Contract
from bridgescore.core.table.strain import Strain

TRICK_VALUE = {  # per odd trick bid and made, (first, subsequent), undoubled
    "C": (20, 20),
    "D": (20, 20),
    "H": (30, 30),
    "S": (30, 30),
    "NT": (40, 30),
}
# cumulative penalties for 1..13 down, written out as the Law's table reads
UNDOUBLED = {False: [50 * n for n in range(1, 14)], True: [100 * n for n in range(1, 14)]}
DOUBLED_NV = [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500]
DOUBLED_V = [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800]

LETTERS = {
    Strain.CLUBS: "C",
    Strain.DIAMONDS: "D",
    Strain.HEARTS: "H",
    Strain.SPADES: "S",
    Strain.NOTRUMP: "NT",
}


PARTS = ("tricks", "overtricks", "insult", "game", "partscore", "slam", "undertricks")
"""A score's parts, by the names the Law's tables use; each is from the declaring side's view
(undertricks negative)."""


def law77(level: int, strain: str, doubling: int, tricks: int, vul: bool) -> dict[str, int]:
    """The parts of the score: ``level`` 1-7, ``strain`` C D H S NT, ``doubling`` 0 1 2 (X, XX),
    ``tricks`` taken."""
    parts = dict.fromkeys(PARTS, 0)
    needed = level + 6
    factor = (1, 2, 4)[doubling]
    if tricks < needed:
        down = needed - tricks
        if doubling == 0:
            parts["undertricks"] = -UNDOUBLED[vul][down - 1]
        else:
            parts["undertricks"] = -(DOUBLED_V if vul else DOUBLED_NV)[down - 1] * factor // 2
        return parts
    first, rest = TRICK_VALUE[strain]
    below = (first + rest * (level - 1)) * factor
    over = tricks - needed
    parts["tricks"] = below
    parts["overtricks"] = (
        over * rest if doubling == 0 else over * (200 if vul else 100) * factor // 2
    )
    parts["insult"] = (0, 50, 100)[doubling]
    if below >= 100:
        parts["game"] = 500 if vul else 300
    else:
        parts["partscore"] = 50
    parts["slam"] = {6: 750 if vul else 500, 7: 1500 if vul else 1000}.get(level, 0)
    return parts


def duplicate(parts: dict[str, int]) -> int:
    """The whole score, as at duplicate."""
    return sum(parts.values())


def without_premiums(parts: dict[str, int]) -> int:
    """The score less the game or partscore premium, as a rubber sheet writes the deal."""
    return duplicate(parts) - parts["game"] - parts["partscore"]


def law77_of(contract: Contract, tricks: int, vul: bool) -> dict[str, int]:
    """The oracle's parts of a bridgescore contract's score (nothing for a passed-out deal)."""
    if contract.strain is None:
        return dict.fromkeys(PARTS, 0)
    return law77(contract.level, LETTERS[contract.strain], int(contract.doubling), tricks, vul)
