"""Generate the bundled club session: a 13-table Mitchell, 26 boards, EW 13 missing (a sit-out),
with its movement (``club-movement.json``) and its session file (``club-session.toml``).

Run from the repository root: ``python examples/make_pairs.py``. Seeded, so the output is the same
every time; the generated files are committed and this script documents how they were made.
Results are drawn like real play: each board has a par contract most tables reach, a few
alternatives, overtricks and undertricks around the par trick count, and the odd double.
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

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

CONTRACTS = ["1NT", "2H", "2S", "3C", "3D", "3NT", "4H", "4S", "5D", "6S", "6NT", "2NT"]


def board_plan(rng: random.Random) -> tuple[str, str, int, list[str]]:
    """A par contract, the declaring side, par tricks and the alternatives seen."""
    contract = rng.choice(CONTRACTS)
    level = int(contract[0])
    side = rng.choice(["NS", "NS", "EW"])
    tricks = max(0, min(13, level + 6 + rng.choice([-1, 0, 0, 0, 1, 1, 2])))
    others = [c for c in CONTRACTS if abs(int(c[0]) - level) <= 1 and c != contract]
    return contract, side, tricks, rng.sample(others, min(2, len(others)))


def table_result(rng: random.Random, plan: tuple[str, str, int, list[str]]) -> tuple[str, str, int]:
    contract, side, tricks, others = plan
    roll = rng.random()
    if roll < 0.2 and others:
        contract = rng.choice(others)
    elif roll < 0.25:
        contract += "X"
    declarer = rng.choice(side)
    taken = max(0, min(13, tricks + rng.choice([-1, 0, 0, 0, 0, 1])))
    return contract, declarer, taken


def write_hands(rng: random.Random) -> None:
    """The hand record: a seeded random deal per board, written with bridgescore's PBN writer."""
    from bridgescore.core.table.deal import Card, Deal, Hand, Suit
    from bridgescore.core.table.traveller import EventInfo, Session
    from bridgescore.formats import pbn
    from bridgescore.formats.pbn.session import session_to_pbn

    deals = {}
    for board in range(1, BOARDS + 1):
        cards = [Card(suit, rank) for suit in Suit for rank in range(2, 15)]
        rng.shuffle(cards)
        deals[board] = Deal(tuple(Hand.of(cards[13 * i : 13 * i + 13]) for i in range(4)))  # type: ignore[arg-type]
    info = EventInfo(title="Club pairs", club="Riverside Bridge Club", date="2026-11-20")
    pbn.dump(session_to_pbn(Session((), info=info, deals=deals)), HERE / "club-hands.pbn")


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
    rng = random.Random(20261122)
    plans = {board: board_plan(rng) for board in range(1, BOARDS + 1)}
    rows = []
    for round_number in range(1, TABLES + 1):
        for table in range(1, TABLES + 1):
            # EW move up a table and boards down one each round (an odd number of tables).
            ew = str((table + round_number - 2) % TABLES + 1)
            if ew == SITTING_OUT:
                continue
            board_set = (table - round_number) % TABLES
            for board in (2 * board_set + 1, 2 * board_set + 2):
                contract, declarer, tricks = table_result(rng, plans[board])
                rows.append([board, table, ew, contract, declarer, tricks, "", round_number, table])
    # The director's rulings: an artificial score on one board and a weighted score on another.
    for row in rows:
        if row[0] == 7 and row[1] == 4:
            row[3:7] = ["", "", "", "A60/40"]
        if row[0] == 15 and row[1] == 9:
            row[3:7] = ["", "", "", "60% 4HS= 40% 4HS-1"]
    rows.sort(key=lambda r: (r[0], r[1]))
    with (HERE / "club-session.csv").open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            ["board", "ns", "ew", "contract", "declarer", "result", "score", "round", "table"]
        )
        writer.writerows(rows)
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
    write_hands(random.Random(7))
    write_session(names)


if __name__ == "__main__":
    main()
