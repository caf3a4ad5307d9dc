"""Par: the score both sides reach when each bids as well as the double-dummy table allows.

The auction is played out as a game with every card in view: from the dealer, each seat passes
or bids any higher contract for its side; three passes after a bid end it (four at the start pass
the board out). A contract that makes is played undoubled by the better declarer of the side,
one that fails is doubled. Each side wants the best score for itself, so par is the value of that
game. The dealer matters: when both sides make the same contract, the side that speaks first
gets it (the dealer-aware par of DDS's ``DealerPar``).

The par contracts are those that end that auction at par: a contract whose score is par and over
which the other side has no contract that does better for it (nor one at the same level when
the other side deals, and so bids it first), at the lowest such level in its strain, played by
each declarer of the side who takes the most tricks.

>>> table = DDTable.parse("aa89aaa8993353333533")  # NS: 10 tricks in NT, 9 in spades
>>> par(table, Seat.NORTH, Vulnerability.NONE)
Par.parse('NS 430: NS 3NT+1')
>>> par(DDTable.parse("3882338823855ba855ba"), Seat.SOUTH, Vulnerability.EW)  # EW make 4S
Par.parse('EW 500: NS 5HX-3; NS 5SX-3')
>>> par(DDTable.parse("66666666666666666666"), Seat.EAST, Vulnerability.NONE)
Par.parse('NS 0')
"""

from __future__ import annotations

__all__ = ["DoubleDummy", "Par", "ParContract", "par"]

import re
from dataclasses import dataclass

from bridgescore.core.errors import NotationError
from bridgescore.core.numbers import parse_signed
from bridgescore.core.table.board import Vulnerability
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.ddtable import DDTable
from bridgescore.core.table.seats import Seat, Side
from bridgescore.core.table.strain import Doubling, Strain

_BIDS = tuple(Contract(level, strain) for level in range(1, 8) for strain in Strain)
"""The 35 bids in auction order: 1C, 1D, ... 7NT."""
_ITEM = re.compile(
    r"^(?P<who>NS|EW|N|E|S|W)?\s*(?P<contract>[1-7]\s*(?:NT|N|S|H|D|C)\s*X{0,2})\s*"
    r"(?P<result>=|[+-]\s*[0-9]{1,2})?$"
)


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: the contract (doubled when it fails), its declarers (one seat, or both
    of a side when they take the same tricks) and declarer's tricks.

    >>> item = ParContract.parse("EW 5DX-2")
    >>> item.contract, item.declarers, item.tricks, item.side
    (Contract.parse('5DX'), (Seat.EAST, Seat.WEST), 9, Side.EW)
    >>> str(ParContract.parse("s 3nt+1")), str(ParContract.parse("4S"))
    ('S 3NT+1', '4S')
    """

    contract: Contract
    declarers: tuple[Seat, ...]
    tricks: int

    def __post_init__(self) -> None:
        if self.contract.is_pass:
            raise NotationError(str(self.contract), "a par contract is bid, not passed out")
        self.contract.check_tricks(self.tricks)
        sides = {seat.side for seat in self.declarers}
        if len(sides) > 1 or len(set(self.declarers)) != len(self.declarers):
            raise NotationError(
                "".join(map(str, self.declarers)), "a par contract's declarers are one side's"
            )
        object.__setattr__(self, "declarers", tuple(sorted(self.declarers, key=_seat_order)))

    @property
    def side(self) -> Side | None:
        """The declaring side, when the declarers are known."""
        return self.declarers[0].side if self.declarers else None

    @property
    def relative(self) -> int:
        return self.tricks - self.contract.tricks_needed

    def ns_score(self, vulnerability: Vulnerability) -> int | None:
        """The contract's score for North-South (``None`` when the declarer is not known)."""
        if not self.declarers:
            return None
        return self.contract.ns_score(self.declarers[0], self.tricks, vulnerability)

    @property
    def who(self) -> str:
        """``NS``, ``EW``, a seat's letter, or ``""`` when the declarers are not known."""
        if len(self.declarers) == 2:
            return str(self.declarers[0].side)
        return "".join(str(seat) for seat in self.declarers)

    @property
    def result_text(self) -> str:
        relative = self.relative
        return "" if relative == 0 else f"{relative:+d}"

    def __str__(self) -> str:
        body = f"{self.contract}{self.result_text}"
        return f"{self.who} {body}" if self.declarers else body

    @classmethod
    def parse(cls, text: str) -> ParContract:
        """``NS 4S``, ``EW 5DX-2``, ``N 3NT+1``, ``4S`` (declarers unknown); ``=`` is a make."""
        match = _ITEM.match(" ".join(text.split()).upper())
        if match is None:
            raise NotationError(text, "a par contract is written like NS 4S, EW 5DX-2 or N 3NT+1")
        contract = Contract.parse(match.group("contract"))
        result = (match.group("result") or "=").replace(" ", "")
        relative = 0 if result == "=" else parse_signed(result)
        assert relative is not None
        who = match.group("who") or ""
        declarers = Side.parse(who).seats if len(who) == 2 else tuple(Seat.parse(c) for c in who)
        tricks = contract.tricks_needed + relative
        if not 0 <= tricks <= 13:
            raise NotationError(text, "a par contract takes 0 to 13 tricks")
        return cls(contract, declarers, tricks)


def _seat_order(seat: Seat) -> int:
    return (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST).index(seat)


@dataclass(frozen=True, slots=True)
class Par:
    """The par score for North-South and the par contracts (none when it is passed out).

    Its notation joins PBN's ``OptimumScore`` and ``ParContract``: ``NS 420: NS 4S``,
    ``EW 500: NS 5HX-3``, ``NS 0``.

    >>> par = Par.parse("EW 620: EW 4S; EW 4H")
    >>> par.score, par.optimum_score, [str(c) for c in par.contracts]
    (-620, 'EW 620', ['EW 4H', 'EW 4S'])
    """

    score: int
    contracts: tuple[ParContract, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "contracts", tuple(sorted(set(self.contracts), key=_par_key)))

    @property
    def optimum_score(self) -> str:
        """PBN's ``OptimumScore`` value: the side that scores, then its score (``NS 0``)."""
        return f"EW {-self.score}" if self.score < 0 else f"NS {self.score}"

    @property
    def par_contract(self) -> str:
        """PBN's ``ParContract`` value: the contracts joined by ``;`` (``Pass`` when none)."""
        return "; ".join(str(c) for c in self.contracts) or "Pass"

    def __str__(self) -> str:
        if not self.contracts:
            return self.optimum_score
        return f"{self.optimum_score}: {self.par_contract}"

    def __repr__(self) -> str:
        return f"Par.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Par:
        """``NS 420: NS 4S`` (see the class); the contracts may be left out."""
        score_text, _, contracts_text = text.partition(":")
        return cls(read_optimum_score(score_text), read_par_contracts(contracts_text))


def read_optimum_score(text: str) -> int:
    """The NS par score of an ``OptimumScore`` value: ``NS 420``, ``EW 620``, ``NS -620``, or
    the form some writers use, a contract and the NS score, ``EW 4S; -620``.

    >>> read_optimum_score("EW 620"), read_optimum_score("NS -100"), read_optimum_score("EW 4S; -620")
    (-620, -100, -620)
    """
    words = text.replace(";", " ").upper().split()
    side = next((word for word in words if word in ("NS", "EW")), None)
    numbers = [parse_signed(word) for word in words if word not in ("NS", "EW")]
    given = [n for n in numbers if n is not None]
    if side is None or not given or len(words) - 1 - len(given) > 1:
        raise NotationError(text, "an optimum score is written like NS 420 or EW 620")
    if len(given) < len(words) - 1:  # a contract stands before the score: it is North-South's
        return given[-1]
    return given[-1] * Side.parse(side).sign


def read_par_contracts(text: str) -> tuple[ParContract, ...]:
    """The contracts of a ``ParContract`` value, separated by ``;`` or ``,`` (``Pass``: none).

    >>> [str(c) for c in read_par_contracts("NS 4H; S 4S, NS 3NT+1")], read_par_contracts("pass")
    (['NS 3NT+1', 'NS 4H', 'S 4S'], ())
    """
    items = [item.strip() for item in re.split(r"[;,]", text) if item.strip()]
    if [item.upper() for item in items] in ([], ["PASS"]):
        return ()
    return tuple(sorted((ParContract.parse(item) for item in items), key=_par_key))


def _par_key(item: ParContract) -> tuple[int, int, int, tuple[int, ...]]:
    """Par contracts in order: North-South's first, then by the auction, lowest first."""
    side = 0 if item.side is not Side.EW else 1
    strain = -1 if item.contract.strain is None else int(item.contract.strain)
    return side, item.contract.level, strain, tuple(map(_seat_order, item.declarers))


def _outcome(table: DDTable, bid: Contract, side: Side, vulnerability: Vulnerability) -> int:
    """North-South's score when ``side`` plays ``bid``: undoubled if it makes, doubled if not."""
    assert bid.strain is not None
    tricks = table.side_tricks(side, bid.strain)
    doubling = Doubling.UNDOUBLED if tricks >= bid.tricks_needed else Doubling.DOUBLED
    played = Contract(bid.level, bid.strain, doubling)
    return played.score(tricks, vulnerability.is_vulnerable(side)) * side.sign


def par(table: DDTable, dealer: Seat, vulnerability: Vulnerability) -> Par:
    """The par score and contracts of a deal from its double-dummy table (see the module)."""
    outcomes = {
        side: tuple(_outcome(table, bid, side, vulnerability) for bid in _BIDS) for side in Side
    }
    score = _auction_value(outcomes, dealer)
    return Par(score, _contracts(table, score, outcomes, dealer))


def _auction_value(outcomes: dict[Side, tuple[int, ...]], dealer: Seat) -> int:
    """North-South's score at the end of the auction both sides play best (the module's game).

    Worked from the last bid down: ``value[seat, bidder, passes]`` is the score from a state
    where the last bid is the one in hand, ``passes`` passes have followed it and ``seat`` is to
    call; ``higher[seat]`` is the best that seat's side gets by bidding any higher contract.
    """

    def pick(seat: Seat, *scores: int) -> int:
        return max(scores) if seat.side is Side.NS else min(scores)

    higher: dict[Seat, int | None] = dict.fromkeys(Seat)
    opened: dict[tuple[Seat, Side], int] = {}  # (seat to call, side that bid) with no pass yet
    for bid in range(len(_BIDS), -1, -1):
        bidders = list(Side) if bid else [Side.NS]
        for bidder in bidders:
            last = 4 if bid == 0 else 3  # the passes that end the auction
            end = 0 if bid == 0 else outcomes[bidder][bid - 1]
            after = dict.fromkeys(Seat, end)  # value with ``passes + 1`` passes, by seat to call
            for _ in range(last):
                now = {}
                for seat in Seat:
                    above = higher[seat]
                    passing = after[seat.next()]
                    now[seat] = passing if above is None else pick(seat, passing, above)
                after = now
            for seat in Seat:
                opened[seat, bidder] = after[seat]
        if bid == 0:
            return opened[dealer, Side.NS]
        for seat in Seat:  # bidding this contract is now a choice from every lower state
            here = opened[seat.next(), seat.side]
            above = higher[seat]
            higher[seat] = here if above is None else pick(seat, here, above)
    raise AssertionError("the auction always has a value")


def _contracts(
    table: DDTable,
    score: int,
    outcomes: dict[Side, tuple[int, ...]],
    dealer: Seat,
) -> tuple[ParContract, ...]:
    """The par contracts: each strain's lowest contract that scores par and that the other side
    cannot outbid with a contract better for it (nor bid first at the same level, when it is
    the dealer's side)."""
    found: list[ParContract] = []
    for side in Side:
        other = outcomes[side.opponent]
        for strain in Strain:
            for index, bid in enumerate(_BIDS):
                if bid.strain is not strain or outcomes[side][index] != score:
                    continue
                first = index if side.opponent is dealer.side else index + 1
                if any((o - score) * side.opponent.sign > 0 for o in other[first:]):
                    continue
                tricks = table.side_tricks(side, strain)
                fails = tricks < bid.tricks_needed
                contract = Contract(bid.level, strain, Doubling(int(fails)))
                seats = tuple(seat for seat in side.seats if table[seat, strain] == tricks)
                found.append(ParContract(contract, seats, tricks))
                break
    return tuple(found)


@dataclass(frozen=True, slots=True)
class DoubleDummy:
    """What analysis says of a deal: its double-dummy table and its par, either of which a file
    may lack."""

    table: DDTable | None = None
    par: Par | None = None

    def __post_init__(self) -> None:
        if self.table is None and self.par is None:
            raise NotationError("", "a double-dummy analysis has a table, a par or both")
