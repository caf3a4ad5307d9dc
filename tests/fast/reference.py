"""An independent pairs-event scorer built from the core's per-board functions, line by line.

The tests compare the columnar path with it figure for figure (exact Fractions).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from bridgescore.core.crossimps import CrossNorm, butler_datum, cross_imps
from bridgescore.core.imps import imps
from bridgescore.core.matchpoints import neuberg, raw_matchpoints
from bridgescore.core.traveller import Session, TravellerLine
from bridgescore.fast.columnar import PairKey
from bridgescore.fast.methods import FastRules

Figures = dict[PairKey, tuple[Fraction, int, Fraction | None]]


def _two_fields(lines: list[TravellerLine]) -> bool:
    if any(line.ns == line.ew for line in lines):
        return True
    by_board: dict[int, tuple[set[str], set[str]]] = defaultdict(lambda: (set(), set()))
    directions: dict[str, set[str]] = defaultdict(set)
    for line in lines:
        by_board[line.board][0].add(line.ns)
        by_board[line.board][1].add(line.ew)
        directions[line.ns].add("NS")
        directions[line.ew].add("EW")
    if any(ns & ew for ns, ew in by_board.values()):
        return True
    return all(len(d) == 1 for d in directions.values())


def _points(scores: list[int], rules: FastRules, expected: int) -> tuple[list[Fraction], Fraction]:
    """NS points of each score on one board, and the board's top (matchpoints)."""
    n = len(scores)
    if rules.method == "mp":
        units = raw_matchpoints(scores)
        half = Fraction(1, 2) if str(rules.scale) == "1/0.5" else Fraction(1)
        points = [neuberg(u, n, expected) * half for u in units]
        return points, 2 * (expected - 1) * half
    if rules.method == "crossimps":
        divisor = {CrossNorm.AVERAGE: max(n - 1, 1), CrossNorm.PER_SCORE: n, CrossNorm.TOTAL: 1}
        return [Fraction(x, divisor[rules.cross]) for x in cross_imps(scores)], Fraction(0)
    if rules.method == "butler":
        datum = butler_datum(scores, rules.butler_drop.count_for(n), rules.datum_rounding)
        return [Fraction(imps(s - datum)) for s in scores], Fraction(0)
    return [Fraction(s) for s in scores], Fraction(0)


def score(session: Session, rules: FastRules) -> dict[tuple[str | None, str], Figures]:
    """Each field's pairs: exact total, boards played, percentage (matchpoints)."""
    sections: dict[str | None, list[TravellerLine]] = defaultdict(list)
    for line in session.lines:
        sections[line.section].append(line)
    fields: dict[tuple[str | None, str], Figures] = {}
    for section, lines in sections.items():
        two = _two_fields(lines)
        boards: dict[int, list[TravellerLine]] = defaultdict(list)
        for line in lines:
            boards[line.board].append(line)
        expected = rules.expected or max(len(b) for b in boards.values())
        totals: dict[PairKey, list[Fraction]] = defaultdict(
            lambda: [Fraction(0), Fraction(0), Fraction(0)]
        )
        for board_lines in boards.values():
            scores = [line.ns_score for line in board_lines]
            assert all(s is not None for s in scores)
            points, top = _points([s for s in scores if s is not None], rules, expected)
            top_units = 2 * (expected - 1) * (Fraction(1, 2) if str(rules.scale) == "1/0.5" else 1)
            for line, ns_points in zip(board_lines, points, strict=True):
                ew_points = top_units - ns_points if rules.method == "mp" else -ns_points
                for label, direction, value in (
                    (line.ns, "NS", ns_points),
                    (line.ew, "EW", ew_points),
                ):
                    key = PairKey(section, direction if two else None, label)  # type: ignore[arg-type]
                    totals[key][0] += value
                    totals[key][1] += 1
                    totals[key][2] += top
        for key, (total, played, tops) in totals.items():
            percentage = total * 100 / tops if rules.method == "mp" else None
            field = key.direction or "ALL"
            fields.setdefault((section, field), {})[key] = (total, int(played), percentage)
    return fields
