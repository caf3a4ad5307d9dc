"""How fast a big Swiss teams event is scored and drawn: prints times per round.

Run from the repository root: ``.venv/bin/python -m bench.bench_teams [TEAMS] [ROUNDS]``
(default 120 teams, 10 rounds of 8 boards, random scores with a fixed seed). Each round:
standings on the WBF scale with the EBU tie-breaks, then the Swiss draw for the next round.
"""

from __future__ import annotations

import random
import sys
import time

from bridgescore.core.teams.match import TeamsBoard, TeamsMatch
from bridgescore.core.teams.standings import Bye, Conditions, standings
from bridgescore.core.teams.swiss import next_round


def main(team_count: int = 120, rounds: int = 10, boards: int = 8) -> None:
    rng = random.Random(1)
    teams = [f"T{n}" for n in range(1, team_count + 1)]
    matches: list[TeamsMatch] = []
    byes: list[Bye] = []
    conditions = Conditions()
    scoring = drawing = 0.0
    for _ in range(rounds):
        start = time.perf_counter()
        table = standings(teams, matches, byes=byes, conditions=conditions)
        middle = time.perf_counter()
        draw = next_round(table, matches, byes)
        end = time.perf_counter()
        scoring += middle - start
        drawing += end - middle
        for pairing in draw.tables:
            played = tuple(
                TeamsBoard(n, rng.randrange(-150, 151) * 10, rng.randrange(-150, 151) * 10)
                for n in range(1, boards + 1)
            )
            matches.append(TeamsMatch(pairing.home, pairing.away, played, round=draw.round))
        if draw.bye is not None:
            byes.append(Bye(draw.round, draw.bye))
    print(
        f"{team_count} teams, {rounds} rounds of {boards} boards ({len(matches)} matches): "
        f"standings {scoring / rounds * 1000:.1f} ms a round, "
        f"Swiss draw {drawing / rounds * 1000:.1f} ms a round"
    )


if __name__ == "__main__":
    arguments = [int(a) for a in sys.argv[1:3]]
    main(*arguments)
