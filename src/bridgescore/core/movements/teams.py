"""Team movements (movements.md §4): who plays whom in each round, on two tables a match.

* ``round-robin``: the circle method (Berger tables). Team ``n`` stays, the others turn one
  place a round; an odd number of teams adds a bye. Each match is played on two tables, the
  open room (the home team NS) and the closed room (the away team NS), on the same boards; every
  team is at home as often as any other, give or take one match. Every match of a round plays the round's set (duplicated boards).
* ``multiple`` (EBU-style multiple teams: many short matches): each team's NS pair stays at
  its table ``t`` and in each round meets another team's EW pair, so a team plays two
  half-matches a round, one with each pair, and every match's two halves (``t`` NS v ``u``
  EW, ``u`` NS v ``t`` EW) play the same boards, the first in the open room, the second in
  the closed. An odd number of teams plays ``n - 1`` rounds, every team meeting every other
  (round ``r``: ``t`` NS v ``t + 2r`` EW on set ``t + r``, mod n); three teams playing each
  other are the smallest, two rounds on three tables. An even number plays ``n - 2`` rounds,
  two for each offset ``d`` from 1 to ``n/2 - 1`` (``t`` NS v ``t + d`` EW, then v ``t - d``
  EW on the boards of that match's first half), every team meeting all but the team ``n/2``
  tables away: 10 teams, 8 rounds, 40 matches.

>>> movement = teams(4)
>>> [(s.table, s.room, s.ns, s.ew, s.set) for s in movement.round(1)]
[(1, 'open', '4', '1', '1'), (1, 'closed', '1', '4', '1'), (2, 'open', '2', '3', '1'), (2, 'closed', '3', '2', '1')]
>>> three = teams(3)
>>> [(s.table, s.ns, s.ew, s.set) for s in three.schedule]
[(1, '1', '3', '2'), (2, '2', '1', '3'), (3, '3', '2', '1'), (1, '1', '2', '3'), (2, '2', '3', '1'), (3, '3', '1', '2')]
>>> [s.room for s in three.schedule]
['open', 'open', 'open', 'closed', 'closed', 'closed']
"""

from __future__ import annotations

__all__ = ["TEAMS_RANGE", "TEAM_STYLES", "TeamStyle", "teams"]

from typing import Literal

from bridgescore.core.errors import MovementError
from bridgescore.core.movements.cyclic import board_offsets
from bridgescore.core.movements.movement import Movement, Room, Sitting
from bridgescore.core.movements.plan import numbered_sets, session_plan

TeamStyle = Literal["auto", "round-robin", "multiple"]
TEAM_STYLES: tuple[TeamStyle, ...] = ("auto", "round-robin", "multiple")
TEAMS_RANGE = range(3, 21)


def _circle(count: int) -> list[list[tuple[int, int]]]:
    """The rounds of a round robin of ``count`` teams (1-based; 0 is the bye), each match
    (home, away). Team ``size`` stays and plays team ``r + 1`` in round ``r``; the others meet
    across the circle, ``r + k`` v ``r - k``. Home: the staying team every other round, and the
    ``r + k`` team when ``k`` is odd; every team is at home as often as any other, give or
    take one match."""
    size = count + count % 2
    ring = size - 1
    rounds = []
    for r in range(ring):
        matches = [(size, r + 1) if r % 2 == 0 else (r + 1, size)]
        for k in range(1, size // 2):
            up, down = (r + k) % ring + 1, (r - k) % ring + 1
            matches.append((up, down) if k % 2 else (down, up))
        rounds.append([(0 if h > count else h, 0 if a > count else a) for h, a in matches])
    return rounds


def _round_robin(count: int, rounds: int | None, boards: int | None) -> Movement:
    schedule = _circle(count)
    played, per_round = session_plan(len(schedule), rounds=rounds, boards=boards)
    sittings = []
    for round_, matches in enumerate(schedule[:played], start=1):
        table = 0
        for home, away in matches:
            if 0 in (home, away):
                continue  # the bye
            table += 1
            halves: tuple[tuple[Room, int, int], ...] = (
                ("open", home, away),
                ("closed", away, home),
            )
            for room, ns, ew in halves:
                sittings.append(Sitting(round_, table, str(ns), str(ew), str(round_), room=room))
    return Movement(
        "teams",
        count // 2,
        played,
        played * per_round,
        1,
        numbered_sets(played, per_round),
        tuple(str(t) for t in range(1, count + 1)),
        tuple(sittings),
    )


def _check_multiple(count: int, rounds: int | None, full: int) -> None:
    if rounds is not None and rounds != full:
        raise MovementError(
            f"multiple teams plays all {full} rounds (each match's two halves are in two "
            "of them), not fewer"
        )


def _odd_multiple(count: int) -> list[Sitting]:
    """Odd counts: round ``r`` seats team ``t``'s NS against team ``t + 2r``'s EW on set
    ``t + r``; a match's halves are in rounds ``r`` and ``count - r``."""
    half = (count + 1) // 2  # the inverse of 2 mod count
    sittings = []
    for round_ in range(1, count):
        step = (2 * round_) % count  # the set offset is round_, the EW offset twice that
        for table in range(1, count + 1):
            ew = (table - 1 + step) % count + 1
            room: Room = "open" if round_ <= count // 2 else "closed"  # the match's first half
            board_set = (table - 1 + step * half) % count + 1
            sittings.append(Sitting(round_, table, str(table), str(ew), str(board_set), room=room))
    return sittings


def _even_multiple(count: int) -> list[Sitting]:
    """Even counts: for each offset ``d`` (1 to ``count/2 - 1``) two rounds at the same
    tables: first (open room) team ``t``'s NS against team ``t + d``'s EW on set ``t + c``,
    then (closed room) against team ``t - d``'s EW on set ``t - d + c``, the boards of that
    match's first half. The team ``count/2`` tables away is never met."""
    offsets = list(range(1, count // 2))
    # the sets a team meets, c and c - d for every offset d, all different: the cyclic search
    shifts = board_offsets(count, tuple((0, d) for d in offsets), share=True)
    if shifts is None:  # there is one for every count made (a test sees)
        raise MovementError(f"no multiple-teams movement found for {count} teams")
    sittings = []
    for index, (offset, shift) in enumerate(zip(offsets, shifts, strict=True)):
        for table in range(count):
            halves: tuple[tuple[Room, int, int], ...] = (
                ("open", table + offset, table + shift),
                ("closed", table - offset, table - offset + shift),
            )
            for number, (room, ew, board_set) in enumerate(halves, start=2 * index + 1):
                sittings.append(
                    Sitting(
                        number,
                        table + 1,
                        str(table + 1),
                        str(ew % count + 1),
                        str(board_set % count + 1),
                        room=room,
                    )
                )
    return sittings


def _multiple(
    count: int, rounds: int | None, boards: int | None, per_match: int | None
) -> Movement:
    full = count - 1 if count % 2 else count - 2
    _check_multiple(count, rounds, full)
    if per_match is None:
        played, per_round = session_plan(full, rounds=full, boards=boards)
    else:
        played, per_round = full, per_match
    sittings = _odd_multiple(count) if count % 2 else _even_multiple(count)
    return Movement(
        "teams",
        count,
        played,
        count * per_round,
        1,
        numbered_sets(count, per_round),
        tuple(str(t) for t in range(1, count + 1)),
        tuple(sittings),
    )


def teams(
    count: int,
    *,
    style: TeamStyle = "auto",
    rounds: int | None = None,
    boards: int | None = None,
    per_match: int | None = None,
) -> Movement:
    """A team movement for ``count`` teams (3 to 20; see the module docstring): ``auto`` is
    three teams playing each other for 3, a round robin otherwise. ``boards`` is what each
    team's pair plays in all, ``rounds`` curtails; ``per_match`` is the boards of each match
    (of each round) instead."""
    if count not in TEAMS_RANGE:
        raise MovementError(
            f"a team movement is made for {TEAMS_RANGE[0]} to {TEAMS_RANGE[-1]} teams, not {count}"
        )
    if per_match is not None and boards is not None:
        raise MovementError("say the boards each pair plays or the boards of a match, not both")
    chosen = style if style != "auto" else ("multiple" if count == 3 else "round-robin")
    if chosen == "multiple":
        return _multiple(count, rounds, boards, per_match)
    if per_match is not None:
        played = rounds if rounds is not None else count - 1 + count % 2
        boards = played * per_match
    return _round_robin(count, rounds, boards)
