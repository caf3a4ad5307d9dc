"""Results checked against the movement: every traveller line must be a table the movement
has, and every table the movement has should have its line.

A line whose pairs, board or round do not fit is a located problem that suggests the likely
fix, from what the movement says did happen on that board:

>>> from bridgescore.core.movements.mitchell import mitchell
>>> from bridgescore.core.table.traveller import Session, TravellerLine
>>> movement = mitchell(7, boards=21)
>>> line = TravellerLine(12, "3", "5", ns_score=420, line=52)
>>> checked = check_results([Session((line,), source="club.csv")], {None: movement})
>>> print(checked.problems[0])
club.csv:52: board 12, NS 3 v EW 5: in round 2 pair 3 met EW 2 on boards 10-12; is the EW number right?

Pairs are matched however the travellers write them: ``3`` is ``3NS`` in the NS column of a
two-winner movement. The tables the movement expects that have no line are listed
(``missing``); with ``average`` each gets an artificial Ave (50 %) both ways, and says so.
"""

from __future__ import annotations

__all__ = ["ResultsCheck", "check_results"]

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bridgescore.core.errors import Problem
from bridgescore.core.movements.movement import Movement, Sitting, board_range, members
from bridgescore.core.movements.unplayed import unplayed_rounds
from bridgescore.core.numbers import natural_key
from bridgescore.core.pairs.individuals import partnership
from bridgescore.core.table.adjusted import ArtificialScore
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Session, TravellerLine


@dataclass(frozen=True, slots=True)
class ResultsCheck:
    """The lines that fit (with an average for each missing table when asked), the
    ``problems`` of those that do not, and the tables the movement expects with no result."""

    lines: tuple[TravellerLine, ...]
    problems: tuple[Problem, ...]
    missing: tuple[Problem, ...]


def _name_in(movement: Movement, label: str, side: Side) -> str | None:
    """The movement's name for a pair as a traveller writes it on ``side`` (for individuals,
    the two players ``1+5`` in either order)."""
    if movement.kind == "individual":
        players = partnership(label)
        if players is None or not set(players) <= set(movement.pairs):
            return None
        return "+".join(sorted(players, key=natural_key))
    text = label.strip()
    squeezed = text.replace(" ", "").replace("-", "").upper()
    for candidate in (text, squeezed, f"{squeezed}{side}"):
        for name in movement.pairs:
            if name.upper() == candidate.upper():
                return name
    return None


def _bare(name: str) -> str:
    upper = name.upper()
    return name[:-2] if upper.endswith(("NS", "EW")) and len(name) > 2 else name


def _holder(sitting: Sitting, side: Side) -> str | None:
    """Who holds the ``side`` cards, as :func:`_name_in` names them."""
    sitter = sitting.holding(side)
    if sitter is None or isinstance(sitter, str):
        return sitter
    return "+".join(sorted(sitter, key=natural_key))


@dataclass(frozen=True, slots=True)
class _Fit:
    movement: Movement
    line: TravellerLine
    ns: str | None
    ew: str | None

    def played(self) -> list[Sitting]:
        """The sittings that play the line's board."""
        name = self.movement.board_set(self.line.board)
        return [s for s in self.movement.schedule if name in s.sets and s.plays]

    def boards(self, sitting: Sitting) -> str:
        return board_range(self.movement.boards_of(sitting))

    def _pair_wrong(self, played: list[Sitting], wrong: Side) -> list[tuple[int, str]]:
        """Where the other pair played the board: ``wrong`` is the side whose number may be
        mistyped."""
        right = wrong.opponent
        known = self.ns if right is Side.NS else self.ew
        given = self.line.ns if right is Side.NS else self.line.ew
        found = []
        for s in played:
            if known is not None and _holder(s, right) == known:
                other = _bare(_holder(s, wrong) or "?")
                found.append(
                    (
                        s.round,
                        f"in round {s.round} pair {given} met {wrong} {other} on boards "
                        f"{self.boards(s)}; is the {wrong} number right?",
                    )
                )
        return found

    def _board_wrong(self) -> list[tuple[int, str]]:
        """Where the two pairs met, on other boards."""
        if self.ns is None or self.ew is None:
            return []
        return [
            (
                s.round,
                f"NS {self.line.ns} and EW {self.line.ew} met in round {s.round} on boards "
                f"{self.boards(s)}; is the board number right?",
            )
            for s in self.movement.schedule
            if s.plays and (_holder(s, Side.NS), _holder(s, Side.EW)) == (self.ns, self.ew)
        ]

    def diagnose(self) -> str:
        """Why the line does not fit, and the likely fix."""
        line = self.line
        head = f"board {line.board}, NS {line.ns} v EW {line.ew}"
        played = self.played()
        if not played:
            boards = board_range(b for s in self.movement.sets.values() for b in s)
            return f"{head}: board {line.board} is not played in this movement (boards {boards}); is the board number right?"
        for s in played:
            if (_holder(s, Side.NS), _holder(s, Side.EW)) == (self.ew, self.ns):
                switched = f" (table {s.table} is arrow-switched)" if s.switch else ""
                return (
                    f"{head}: in round {s.round} pair {line.ew} held the NS cards against "
                    f"{line.ns}{switched}; are NS and EW the wrong way round?"
                )
        suggestions = [
            *self._pair_wrong(played, Side.EW),
            *self._pair_wrong(played, Side.NS),
            *self._board_wrong(),
        ]
        if line.round is not None:  # the round the line says picks the likelier mistake
            suggestions.sort(key=lambda found: found[0] != line.round)
        if suggestions:
            return f"{head}: {suggestions[0][1]}"
        unknown = [p for p, n in ((line.ns, self.ns), (line.ew, self.ew)) if n is None]
        if unknown:
            return f"{head}: there is no pair {unknown[0]} in this movement"
        return f"{head}: neither pair plays board {line.board} in this movement"


def _movement_of(line: TravellerLine, movements: Mapping[str | None, Movement]) -> Movement | None:
    if line.section in movements:
        return movements[line.section]
    return next(iter(movements.values())) if len(movements) == 1 else None


def check_results(
    sessions: Sequence[Session],
    movements: Mapping[str | None, Movement],
    *,
    average: bool = False,
) -> ResultsCheck:
    """Check the lines of ``sessions`` (each its own file) against the movement of their
    section (see the module docstring)."""
    kept: list[TravellerLine] = []
    problems: list[Problem] = []
    found: set[tuple[str | None, int, int, int]] = set()
    bare = False
    for session in sessions:
        for line in session.lines:
            movement = _movement_of(line, movements)
            if movement is None:
                listed = ", ".join(sorted(str(s) for s in movements))
                message = f"board {line.board}: section {line.section} is not one of the sections ({listed})"
                problems.append(Problem(session.source, line.line, message))
                continue
            fit = _Fit(
                movement,
                line,
                _name_in(movement, line.ns, Side.NS),
                _name_in(movement, line.ew, Side.EW),
            )
            bare = bare or (fit.ns is not None and fit.ns != line.ns.strip())
            sitting = next(
                (
                    s
                    for s in fit.played()
                    if (_holder(s, Side.NS), _holder(s, Side.EW)) == (fit.ns, fit.ew)
                ),
                None,
            )
            if sitting is None:
                problems.append(Problem(session.source, line.line, fit.diagnose()))
                continue
            if line.round is not None and line.round != sitting.round:
                message = (
                    f"board {line.board}, NS {line.ns} v EW {line.ew}: they played it in round "
                    f"{sitting.round}, not round {line.round}; is the round right?"
                )
                problems.append(Problem(session.source, line.line, message))
                continue
            found.add((line.section, line.board, sitting.round, sitting.table))
            kept.append(line)
    missing, added = _missing(sessions, movements, found, average, bare)
    return ResultsCheck(tuple(kept + added), tuple(problems), tuple(missing))


def _missing(
    sessions: Sequence[Session],
    movements: Mapping[str | None, Movement],
    found: set[tuple[str | None, int, int, int]],
    average: bool,
    bare: bool,
) -> tuple[list[Problem], list[TravellerLine]]:
    """The results the movements expect that no line gives: rounds no table played in one
    problem (:func:`unplayed_rounds`), any other board in one of its own; with ``average``
    each gets an artificial Ave."""
    source = sessions[0].source if len(sessions) == 1 else None
    missing: list[Problem] = []
    added: list[TravellerLine] = []
    letters = {line.section for s in sessions for line in s.lines}
    given = "; given Ave (50%) both ways" if average else ""
    for letter, movement in movements.items():
        section = letter if letter in letters or len(movements) > 1 else next(iter(letters), None)
        where = f" of section {section}" if section else ""
        lacking = {
            (sitting.round, sitting.table, board): sitting
            for sitting in movement.schedule
            if sitting.plays
            for board in movement.boards_of(sitting)
            if (section, board, sitting.round, sitting.table) not in found
        }
        runs = unplayed_rounds(movement, lacking)
        said: list[tuple[int, int, Problem]] = []
        for rounds, run in runs:
            told = f"section {section}: {run}" if section else run
            said.append((rounds[0], 0, Problem(source, None, f"{told}{given}")))
        curtailed = {number for rounds, _ in runs for number in rounds}
        for (round_, table, board), sitting in lacking.items():
            ns, ew = (
                "+".join(_bare(n) if bare else n for n in members(sitting.holding(side)))
                for side in Side
            )
            if round_ not in curtailed:
                message = (
                    f"board {board}{where}, NS {ns} v EW {ew} (round {round_}, table "
                    f"{table}): no result{given}"
                )
                said.append((round_, table, Problem(source, None, message)))
            if average:
                added.append(
                    TravellerLine(
                        board,
                        ns,
                        ew,
                        adjusted=ArtificialScore.parse("AVE"),
                        section=section,
                        round=round_,
                        table=table,
                    )
                )
        missing += [problem for _, _, problem in sorted(said, key=lambda m: m[:2])]
    return missing, added
