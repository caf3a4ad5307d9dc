"""Generate the bundled teams event: ``examples/teams.csv``, ``examples/teams-names.csv`` and the
hand record ``examples/teams-hands.pbn``.

Eight teams, a Swiss of seven rounds of eight boards (boards 1-56, a fresh set each round). Each
round is drawn by bridgescore's own Swiss draw from the standings so far (WBF VPs, EBU
tie-breaks); the results are made up with a fixed seed: on each board one side holds the cards
for a partscore, a game or a slam, the two tables bid the same or a neighbouring contract, and
declarer takes about the par number of tricks, a little more when the declaring team is the
stronger. One board has an artificial score (a fouled board, A60/40) and one a weighted score.

Run once from the repository root: ``.venv/bin/python examples/make_teams.py``; the files it
writes are committed, so the example does not change unless this script is changed and rerun.
"""

from __future__ import annotations

import csv
import io
import random
from fractions import Fraction
from pathlib import Path

from bridgescore.core.scoring.vp import WBF
from bridgescore.core.table.adjusted import ArtificialScore, WeightedComponent, WeightedScore
from bridgescore.core.table.board import Board
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.result import Result
from bridgescore.core.table.seats import Seat
from bridgescore.core.table.traveller import Session, TravellerLine
from bridgescore.core.teams.event import Team
from bridgescore.core.teams.standings import ByeScore, Conditions
from bridgescore.core.teams.travellers import build_event
from bridgescore.formats.atomic import write_text_atomic
from bridgescore.formats.csv.travellers import dump

HERE = Path(__file__).resolve().parent
ROUNDS, BOARDS = 7, 8
TEAMS = [
    Team("1", "Ashdown", "Ann Ashdown, Colin Reed, Meera Shah, Tom Vale"),
    Team("2", "Brampton", "Bill Brampton, Fay Okoro, Hugh Lamb, Jo Price"),
    Team("3", "Carrick", "Eve Carrick, Dan Moss, Lena Park, Raj Gill"),
    Team("4", "Dunmore", "Iris Dunmore, Pat Kelly, Sam Frost, Una Webb"),
    Team("5", "Elmwood", "Ken Elmwood, Beth Young, Omar Nash, Ruth Hale"),
    Team("6", "Farleigh", "Gwen Farleigh, Ian Cole, Nina Ross, Vic Stone"),
    Team("7", "Glenholm", "Alan Glenholm, Cara Dean, Lou Marsh, Zoe Quinn"),
    Team("8", "Hartwell", "Max Hartwell, Dora Fry, Jack Rowe, Sue Tate"),
]
# How well each team plays, in tricks a board (a quarter of a trick at most).
SKILL = {"1": 0.25, "2": 0.1, "3": 0.2, "4": -0.05, "5": 0.0, "6": -0.15, "7": 0.05, "8": -0.1}
ARTIFICIAL = (3, 20, 2)  # round, board, match: table 2's result is A60/40 (fouled board)
WEIGHTED = (5, 37, 1)  # round, board, match: table 1 has a weighted score

# Contracts a side with the balance of the cards plays, by kind, with the tricks par expects.
PARTS = ["1NT", "2C", "2D", "2H", "2S", "2NT", "3C", "3D", "3H", "3S"]
GAMES = ["4H", "4S", "3NT", "3NT", "4S", "4H", "5C", "5D"]
SLAMS = ["6H", "6S", "6NT", "6C", "6D"]


def par(rng: random.Random) -> tuple[Contract, int]:
    """The contract the deal is worth for the side holding the cards, and par's tricks."""
    kind = rng.choices(["part", "game", "slam"], weights=[48, 44, 8])[0]
    pool = {"part": PARTS, "game": GAMES, "slam": SLAMS}[kind]
    contract = Contract.parse(rng.choice(pool))
    offset = rng.choices([-1, 0, 1, 2], weights=[15, 45, 30, 10])[0]
    if kind == "slam":
        offset = min(offset, 1)
    return contract, min(13, contract.tricks_needed + offset)


def table_contract(rng: random.Random, contract: Contract) -> Contract:
    """What one table bids: usually par's contract, sometimes a level higher or lower."""
    assert contract.level is not None and contract.strain is not None
    roll = rng.random()
    level = contract.level
    if roll < 0.15 and level > 1:
        level -= 1
    elif roll < 0.27 and level < 7:
        level += 1
    return Contract(level, contract.strain)


def play(
    rng: random.Random, board: int, ns: str, ew: str, deal: tuple[Seat, Contract, int]
) -> Result:
    """One table's result on a deal: declarer's side holds the cards for ``contract``."""
    declarer, contract, tricks = deal
    if contract.strain is None:
        return Result.passed_out()
    bid = table_contract(rng, contract)
    attack, defence = (ns, ew) if declarer in (Seat.NORTH, Seat.SOUTH) else (ew, ns)
    edge = SKILL[attack] - SKILL[defence]
    taken = round(tricks + rng.gauss(0, 0.6) + edge)
    taken = max(bid.tricks_needed - 4, min(13, taken))
    if bid.tricks_needed - taken >= 2 and rng.random() < 0.5:
        bid = Contract.parse(f"{bid}X")
    return Result(bid, declarer, taken)


def deal_for(rng: random.Random) -> tuple[Seat, Contract, int]:
    if rng.random() < 0.03:
        return Seat.NORTH, Contract.passed_out(), 0
    contract, tricks = par(rng)
    declarer = rng.choice([Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST])
    return declarer, contract, tricks


def match_lines(
    rng: random.Random, round_: int, number: int, home: str, away: str
) -> list[TravellerLine]:
    first = (round_ - 1) * BOARDS + 1
    deals = {board: deal_for(rng) for board in range(first, first + BOARDS)}
    lines = []
    for table, (ns, ew) in enumerate(((home, away), (away, home)), start=2 * number - 1):
        for board, deal in deals.items():
            line = TravellerLine.played(
                board, ns, ew, play(rng, board, ns, ew, deal), round=round_, table=table
            )
            if (round_, board, number) == ARTIFICIAL and ns == away:
                line = TravellerLine(
                    board,
                    ns,
                    ew,
                    adjusted=ArtificialScore.parse("A60/40"),
                    round=round_,
                    table=table,
                )
            if (round_, board, number) == WEIGHTED and ns == home:
                line = weighted(board, ns, ew, round_, table, line)
            lines.append(line)
    return lines


def weighted(
    board: int, ns: str, ew: str, round_: int, table: int, line: TravellerLine
) -> TravellerLine:
    """The director's weighted score: 60 % one trick more than at the table, 40 % as played."""
    assert line.result is not None
    vulnerability = Board(board).vulnerability
    better = Result(line.result.contract, line.result.declarer, min(13, line.result.tricks + 1))
    components = tuple(
        WeightedComponent(weight, result.ns_score(vulnerability), result)
        for weight, result in ((Fraction(3, 5), better), (Fraction(2, 5), line.result))
    )
    return TravellerLine(
        board, ns, ew, adjusted=WeightedScore(components), round=round_, table=table
    )


def main() -> None:
    rng = random.Random(20240611)
    conditions = Conditions(WBF, ByeScore(Fraction(12)))
    lines: list[TravellerLine] = []
    for round_ in range(1, ROUNDS + 1):
        event = build_event(Session(tuple(lines)), teams=TEAMS)
        draw = event.draw(conditions, round_)
        for note in draw.notes:
            print(f"round {round_}: {note}")
        for pairing in draw.tables:
            lines += match_lines(rng, round_, pairing.number, pairing.home, pairing.away)
    dump(Session(tuple(lines)), HERE / "teams.csv")
    names = io.StringIO()
    writer = csv.writer(names, lineterminator="\n")
    writer.writerow(["team", "name", "players"])
    writer.writerows([team.number, team.name, team.players] for team in TEAMS)
    write_text_atomic(HERE / "teams-names.csv", names.getvalue())
    write_hands(random.Random(56))
    print(
        f"wrote {len(lines)} lines to examples/teams.csv, 8 teams to examples/teams-names.csv "
        "and the hands to examples/teams-hands.pbn"
    )


def write_hands(rng: random.Random) -> None:
    """The hand record of the 56 boards, as a dealing machine leaves it: a seeded random deal a
    board (the made-up results above do not follow from them), with the event's details, and
    analysed double dummy. The committed hand record is the analysis's cache: a deal it has
    keeps its table (the solver is run for the others)."""
    from bridgescore.core.hands.record import HandRecord
    from bridgescore.core.table.deal import Card, Deal, Hand, Suit
    from bridgescore.core.table.traveller import EventInfo
    from bridgescore.fast.double_dummy import analyse
    from bridgescore.formats import hands, pbn
    from bridgescore.formats.pbn.session import session_to_pbn

    deals = {}
    for board in range(1, ROUNDS * BOARDS + 1):
        cards = [Card(suit, rank) for suit in Suit for rank in range(2, 15)]
        rng.shuffle(cards)
        deals[board] = Deal(tuple(Hand.of(cards[13 * i : 13 * i + 13]) for i in range(4)))  # type: ignore[arg-type]
    known = {}
    if (HERE / "teams-hands.pbn").exists():
        known = {r.deal: r for r in hands.load(HERE / "teams-hands.pbn").records if r.analysed}
    records = analyse([known.get(deal, HandRecord(b, deal)) for b, deal in deals.items()])
    info = EventInfo(title="Autumn Swiss teams", club="Riverside Bridge Club", date="2026-11-27")
    analysed = {r.board: r.double_dummy for r in records if r.double_dummy is not None}
    session = Session((), info=info).with_deals(deals, analysed)
    pbn.dump(session_to_pbn(session), HERE / "teams-hands.pbn")


if __name__ == "__main__":
    main()
