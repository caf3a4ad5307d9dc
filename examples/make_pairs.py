"""Generate the bundled club session: a 13-table Mitchell, 26 boards, EW 13 missing (a sit-out),
with its movement (``club-movement.json``) and its session file (``club-session.toml``).

Run from the repository root: ``python examples/make_pairs.py``. The output is the same every
time; the generated files are committed and this script documents how they were made.

The boards are dealt from a secret and a public value, as a congress deals verifiably, and
analysed double dummy (the committed hand record holds the analysis, so the solver runs only
for a deal it does not have). The results follow the cards: on each board most tables reach
par, some the side's other contracts, a level too high or doubled, and declarer takes the
double-dummy tricks, a trick more or less now and then.
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.ddtable import DDTable
from bridgescore.core.table.deal import Deal
from bridgescore.core.table.seats import Seat, Side
from bridgescore.core.table.strain import Doubling, Strain

TABLES = 13
BOARDS = 26
SITTING_OUT = "13"  # EW pair 13 is missing: its NS opponents sit out that round
HERE = Path(__file__).resolve().parent

FIRST = [
    "Ann",
    "Bob",
    "Cath",
    "Dan",
    "Eve",
    "Fred",
    "Gill",
    "Hugh",
    "Iris",
    "Jack",
    "Kate",
    "Liam",
    "Mary",
    "Nick",
    "Olga",
    "Pete",
    "Rose",
    "Sam",
    "Tess",
    "Vic",
    "Wendy",
    "Alan",
    "Beth",
    "Colin",
    "Dora",
    "Ewan",
]
LAST = [
    "Archer",
    "Baker",
    "Carter",
    "Dyer",
    "Evans",
    "Fisher",
    "Green",
    "Hill",
    "Irwin",
    "Jones",
    "King",
    "Lane",
    "Moss",
    "Nash",
    "Owen",
    "Price",
    "Quinn",
    "Reed",
    "Shaw",
    "Todd",
    "Usher",
    "Vine",
    "Walsh",
    "Young",
    "Zeal",
    "Abbot",
]

SECRET = bytes.fromhex("5eed" * 16)
"""The secret the boards were dealt from, revealed (the session is over): anyone can deal them
again with ``bridgescore deals verify examples/club-hands.pbn --reveal <this, in hexadecimal>``."""
PUBLIC = "FTSE 100 close 2026-11-19"
"""The public value the deals also come from (it was not known when the secret's hash was
published)."""
EVENT = {"Event": "Club pairs", "Date": "2026.11.20", "Club": "Riverside Bridge Club"}

Plan = list[tuple[float, Contract, Seat]]
"""The contracts the tables reach on a board, each with its weight and the usual declarer."""


def hand_record() -> list[HandRecord]:
    """The boards dealt from the secret and analysed double dummy. The committed hand record is
    the analysis's cache: a deal it has keeps its table (the solver is run for the others)."""
    from bridgescore.events.dealing import deal_sets
    from bridgescore.fast.double_dummy import analyse
    from bridgescore.formats import pbn
    from bridgescore.formats.pbn.hands import records_to_pbn
    from bridgescore.formats.pbn.write import latin_1

    (dealt,) = deal_sets(list(range(1, BOARDS + 1)), secret=SECRET, public=PUBLIC)
    known: dict[Deal, HandRecord] = {}
    if (HERE / "club-hands.pbn").exists():
        from bridgescore.formats import hands

        known = {r.deal: r for r in hands.load(HERE / "club-hands.pbn").records if r.analysed}
    records = [known.get(r.deal, r) for r in dealt.records]
    records = analyse(records)
    written = records_to_pbn(records, event=EVENT, header=dealt.header)
    (HERE / "club-hands.pbn").write_bytes(latin_1(pbn.dumps(written)).encode("latin-1"))
    return records


def natural(table: DDTable, side: Side, strain: Strain) -> Contract | None:
    """The contract a side bids in a strain: a slam or game it makes, else a partscore it makes
    (at most the three level); ``None`` when it makes nothing there."""
    level = table.side_tricks(side, strain) - 6
    if level < 1:
        return None
    game = 3 if strain is Strain.NOTRUMP else 4 if strain.is_major else 5
    if level >= 6:
        return Contract(6, strain)
    return Contract(game if level >= game else min(level, 3), strain)


def best_seat(table: DDTable, side: Side, strain: Strain) -> Seat:
    north_or_east, other = side.seats
    return other if table[other, strain] > table[north_or_east, strain] else north_or_east


def board_plan(record: HandRecord) -> Plan:
    """What the tables bid on a board: mostly par, then the side's other natural contracts,
    now and then a level too high, and the odd double."""
    table, par = record.table, record.par
    assert table is not None and par is not None
    if not par.contracts:
        side = record.dealer.side
        strain = max(Strain, key=lambda s: table.side_tricks(side, s))
        return [
            (0.6, Contract.passed_out(), record.dealer),
            (0.4, Contract(1, strain), best_seat(table, side, strain)),
        ]
    first = par.contracts[0]
    side = first.declarers[0].side
    plan: Plan = [
        (0.55, first.contract, best_seat(table, side, first.contract.strain or Strain.NOTRUMP))
    ]
    makers = side if first.contract.doubling == 0 else side.opponent
    found = [natural(table, makers, strain) for strain in Strain]
    others = [c for c in found if c is not None and c != first.contract]
    for contract in sorted(
        others, key=lambda c: -table.side_tricks(makers, c.strain or Strain.NOTRUMP)
    )[:2]:
        plan.append((0.15, contract, best_seat(table, makers, contract.strain or Strain.NOTRUMP)))
    top = plan[0][1]
    if top.level < 7 and top.strain is not None and top.doubling == 0:
        plan.append((0.1, Contract(top.level + 1, top.strain), plan[0][2]))
        plan.append((0.05, Contract(top.level, top.strain, Doubling.DOUBLED), plan[0][2]))
    return plan


def table_result(rng: random.Random, record: HandRecord, plan: Plan) -> tuple[str, str, str]:
    """One table's contract, declarer and tricks: declarer takes the double-dummy tricks, a
    trick more or less at times (a defence or a declarer slips)."""
    weights = [weight for weight, _, _ in plan]
    _, contract, declarer = rng.choices(plan, weights=weights)[0]
    if contract.is_pass:
        return "PASS", "", ""
    if rng.random() < 0.2:
        declarer = declarer.partner
    assert record.table is not None and contract.strain is not None
    tricks = record.table[declarer, contract.strain] + rng.choice([-1, 0, 0, 0, 0, 0, 1, 1])
    return str(contract), str(declarer), str(max(0, min(13, tricks)))


def write_session(names: dict[str, str]) -> None:
    """The movement the results were played in, and the session file that scores them."""
    from bridgescore.core.movements.movement import Movement, Sitting
    from bridgescore.formats import movement, session
    from bridgescore.formats.session import PairEntry, SectionEntry, SessionFile

    schedule = []
    for round_number in range(1, TABLES + 1):
        for table in range(1, TABLES + 1):
            ew = str((table + round_number - 2) % TABLES + 1)
            board_set = (table - round_number) % TABLES
            schedule.append(
                Sitting(
                    round_number,
                    table,
                    f"{table}NS",
                    None if ew == SITTING_OUT else f"{ew}EW",
                    str(board_set + 1),
                )
            )
    pairs = [f"{n}NS" for n in range(1, TABLES + 1)] + [f"{n}EW" for n in range(1, TABLES)]
    sets = {str(s + 1): (2 * s + 1, 2 * s + 2) for s in range(TABLES)}
    played = Movement("mitchell", TABLES, TABLES, BOARDS, 2, sets, tuple(pairs), tuple(schedule))
    movement.dump(played, HERE / "club-movement.json")
    numbers = random.Random(11)
    entries = tuple(
        PairEntry(
            pair,
            tuple(names[pair].split(" & ")),
            tuple(str(numbers.randrange(100000, 999999)) for _ in range(2)),
        )
        for pair in pairs
    )
    section = SectionEntry(None, "13", "club-movement.json", (1, BOARDS), None, entries)
    text = session.dumps(
        SessionFile(
            "club-session.toml",
            HERE,
            club="Riverside Bridge Club",
            title="Tuesday pairs",
            date="2026-11-24",
            director="Ann Director",
            results=("club-session.csv",),
            hands="club-hands.pbn",
            scoring={"rules": "ebu", "method": "mp"},
            sections=(section,),
        )
    )
    (HERE / "club-session.toml").write_text(text, encoding="utf-8")


def main() -> None:
    records = {r.board: r for r in hand_record()}
    plans = {board: board_plan(record) for board, record in records.items()}
    rng = random.Random(20261122)
    rows = []
    for round_number in range(1, TABLES + 1):
        for table in range(1, TABLES + 1):
            # EW move up a table and boards down one each round (an odd number of tables).
            ew = str((table + round_number - 2) % TABLES + 1)
            if ew == SITTING_OUT:
                continue
            board_set = (table - round_number) % TABLES
            for board in (2 * board_set + 1, 2 * board_set + 2):
                contract, declarer, tricks = table_result(rng, records[board], plans[board])
                rows.append([board, table, ew, contract, declarer, tricks, "", round_number, table])
    # The director's rulings: an artificial score on one board, and on another a weighted score
    # between the board's usual contract made and one off.
    usual = plans[15][0][1]
    weighted = f"60% {usual}{plans[15][0][2]}= 40% {usual}{plans[15][0][2]}-1"
    for row in rows:
        if row[0] == 7 and row[1] == 4:
            row[3:7] = ["", "", "", "A60/40"]
        if row[0] == 15 and row[1] == 9:
            row[3:7] = ["", "", "", weighted]
    rows.sort(key=lambda r: (r[0], r[1]))
    with (HERE / "club-session.csv").open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            ["board", "ns", "ew", "contract", "declarer", "result", "score", "round", "table"]
        )
        writer.writerows(rows)
    rng = random.Random(7)
    people = [f"{first} {last}" for first, last in zip(FIRST, LAST, strict=True)]
    rng.shuffle(people)
    names: dict[str, str] = {}
    with (HERE / "club-names.csv").open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["pair", "names"])
        for number in range(1, TABLES + 1):
            names[f"{number}NS"] = f"{people[2 * number - 2]} & {people[2 * number - 1]}"
            writer.writerow([f"{number}NS", names[f"{number}NS"]])
        for number in range(1, TABLES):
            a, b = rng.sample(people, 2)
            names[f"{number}EW"] = f"{a.split()[0]} {LAST[number]} & {b.split()[0]} {LAST[-number]}"
            writer.writerow([f"{number}EW", names[f"{number}EW"]])
    write_session(names)


if __name__ == "__main__":
    main()
