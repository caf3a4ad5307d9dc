"""An independent, table-driven Law 77, written from the Law's tables in the reference: the oracle
the contract, rubber and Chicago tests check bridgescore's scores against. It shares no code with
bridgescore's own scoring."""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class Law77:
    """A score in the Law's parts, from the declaring side's view (undertricks negative)."""

    tricks: int = 0
    overtricks: int = 0
    insult: int = 0
    game: int = 0
    partscore: int = 0
    slam: int = 0
    undertricks: int = 0

    @property
    def duplicate(self) -> int:
        """The whole score, as at duplicate."""
        return self.without_premiums + self.game + self.partscore

    @property
    def without_premiums(self) -> int:
        """The score less the game or partscore premium, as a rubber sheet writes the deal."""
        return self.tricks + self.overtricks + self.insult + self.slam + self.undertricks


def law77(level: int, strain: str, doubling: int, tricks: int, vul: bool) -> Law77:
    """``level`` 1-7, ``strain`` C D H S NT, ``doubling`` 0 1 2 (X, XX), ``tricks`` taken."""
    needed = level + 6
    factor = (1, 2, 4)[doubling]
    if tricks < needed:
        down = needed - tricks
        if doubling == 0:
            return Law77(undertricks=-UNDOUBLED[vul][down - 1])
        table = DOUBLED_V if vul else DOUBLED_NV
        return Law77(undertricks=-table[down - 1] * factor // 2)
    first, rest = TRICK_VALUE[strain]
    below = (first + rest * (level - 1)) * factor
    over = tricks - needed
    over_points = over * rest if doubling == 0 else over * (200 if vul else 100) * factor // 2
    game = (500 if vul else 300) if below >= 100 else 0
    return Law77(
        tricks=below,
        overtricks=over_points,
        insult=(0, 50, 100)[doubling],
        game=game,
        partscore=0 if game else 50,
        slam={6: 750 if vul else 500, 7: 1500 if vul else 1000}.get(level, 0),
    )


def law77_of(contract: Contract, tricks: int, vul: bool) -> Law77:
    """The oracle's score of a bridgescore contract (nothing for a passed-out deal)."""
    if contract.strain is None:
        return Law77()
    return law77(contract.level, LETTERS[contract.strain], int(contract.doubling), tricks, vul)
