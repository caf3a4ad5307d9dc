"""The exceptions bridgescore raises, all rooted in :class:`BridgeScoreError`.

The tree::

    BridgeScoreError
    ├── NotationError (ValueError)       text that is not a contract, seat, result, ...
    ├── InvalidResultError (ValueError)  a result that cannot happen (14 tricks, level 8 made +1)
    ├── ScoringError                     a board or event that cannot be scored as asked
    ├── FileFormatError                  a problem in an input file, with its path and line
    ├── ReportError                      a results site or PDF that cannot be written there
    ├── MovementError (ValueError)       a movement that cannot be made as asked, or does not
    │                                    hold together (a set that does not exist)
    ├── ArchiveError                     an archive that cannot be scored as asked (no results,
    │                                    no Dask scheduler, nowhere to write)
    └── AnalysisError                    deals that cannot be analysed double dummy (no solver
                                         installed, a hand unknown)

:class:`ScoringError` and :class:`FileFormatError` carry every :class:`Problem` found
(``error.problems``), each with its place: a file and line, a line alone, or none.

Messages are written for a tournament director: they quote the input and say what is wrong.

>>> str(NotationError("8NT", "a contract's level is 1 to 7"))
"'8NT': a contract's level is 1 to 7"
>>> str(FileFormatError("deals.txt", 3, "'8S N 10': a contract's level is 1 to 7"))
"deals.txt:3: '8S N 10': a contract's level is 1 to 7"
"""

from __future__ import annotations

__all__ = [
    "SHOWN_PROBLEMS",
    "AnalysisError",
    "ArchiveError",
    "BridgeScoreError",
    "FileFormatError",
    "InvalidResultError",
    "MovementError",
    "NotationError",
    "Problem",
    "ReportError",
    "ScoringError",
    "enum_value",
    "quoted",
]

from dataclasses import dataclass, field
from enum import Enum
from typing import TypeVar

E = TypeVar("E", bound=Enum)


QUOTED_LENGTH = 80
"""The longest quotation of the input a message makes (a whole line can be a megabyte)."""


def quoted(text: object) -> str:
    r"""The input as a message quotes it: its ``repr`` (control characters and invisible ones
    escaped), cut short when longer than :data:`QUOTED_LENGTH`, saying how long it was.

    >>> quoted("4S"), quoted("Ann\x1b[2J")
    ("'4S'", "'Ann\\x1b[2J'")
    >>> quoted("4" * 1000)
    "'44444444444444444444444444444444444444444444444444444444444444444444'... (1,000 characters)"
    """
    shown = repr(text)
    if len(shown) <= QUOTED_LENGTH:
        return shown
    if isinstance(text, str):
        keep = QUOTED_LENGTH - 12
        while len(repr(text[:keep])) > QUOTED_LENGTH - 10:  # escapes take several characters
            keep -= 1
        return f"{text[:keep]!r}... ({len(text):,} characters)"
    return shown[: QUOTED_LENGTH - 3] + "..."


class BridgeScoreError(Exception):
    """Base class of every error bridgescore raises on purpose."""


class _QuotedError(BridgeScoreError, ValueError):
    """An error about one piece of input: the message quotes it, then says what is wrong."""

    def __init__(self, text: object, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"{quoted(text)}: {reason}")


class NotationError(_QuotedError):
    """Text that does not spell a contract, seat, strain, vulnerability or result.

    >>> error = NotationError("8NT", "a contract's level is 1 to 7")
    >>> error.text, error.reason
    ('8NT', "a contract's level is 1 to 7")
    """


class InvalidResultError(_QuotedError):
    """A result that cannot happen at the table, such as 14 tricks or 7NT+1."""


def enum_value(kind: type[E], text: str, reason: str) -> E:
    """The member of ``kind`` whose value ``text`` spells (in any case, spaces around), else a
    :class:`NotationError` quoting the text with ``reason``.

    >>> from bridgescore.core.scoring.butler import DatumRounding
    >>> enum_value(DatumRounding, " EVEN", "half-up or even") is DatumRounding.EVEN
    True
    >>> enum_value(DatumRounding, "down", "half-up or even")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.NotationError: 'down': half-up or even
    """
    try:
        return kind(text.strip().lower())
    except ValueError:
        raise NotationError(text, reason) from None


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem, where it was found: a file and line, a file, a line alone, or nowhere said.

    >>> str(Problem("club.csv", 12, "board 7: 8NT is not a contract"))
    'club.csv:12: board 7: 8NT is not a contract'
    >>> str(Problem("club.csv", None, "no results"))
    'club.csv: no results'
    >>> str(Problem(None, 12, "board 7: pair 3 plays the board twice"))
    'line 12, board 7: pair 3 plays the board twice'
    >>> str(Problem(None, None, "there are no results to score"))
    'there are no results to score'
    """

    path: str | None
    line: int | None
    message: str
    kept: bool = field(default=False, repr=False)
    """Read leniently, the line is kept (at its recorded score) rather than left out."""

    @classmethod
    def kept_at(cls, path: str | None, line: int | None, message: str, ns_score: int) -> Problem:
        """A line whose result cannot be read, kept (leniently) at the score it records.

        >>> str(Problem.kept_at("club.csv", 9, "board 3: 42 is not a contract", 480))
        'club.csv:9: board 3: 42 is not a contract; the line is kept at its recorded score NS +480'
        """
        kept = f"{message}; the line is kept at its recorded score NS {ns_score:+d}"
        return cls(path, line, kept, kept=True)

    def __str__(self) -> str:
        if self.path is None:
            return self.message if self.line is None else f"line {self.line}, {self.message}"
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {self.message}"


def _listed(problems: tuple[Problem, ...]) -> str:
    """The problems one a line, at most :data:`SHOWN_PROBLEMS` of them."""
    shown = [str(p) for p in problems[:SHOWN_PROBLEMS]]
    more = len(problems) - SHOWN_PROBLEMS
    if more > 0:
        shown.append(f"... and {more} more problem{'s' if more > 1 else ''}")
    return "\n".join(shown)


class ScoringError(BridgeScoreError):
    """A board or event that cannot be scored as asked; ``problems`` has each one found.

    >>> error = ScoringError("board 3 was not played")
    >>> error.problems
    (Problem(path=None, line=None, message='board 3 was not played'),)
    >>> print(ScoringError.from_problems([Problem("a.csv", 2, "x"), Problem(None, None, "y")]))
    a.csv:2: x
    y
    """

    def __init__(self, message: str) -> None:
        self.problems: tuple[Problem, ...] = (Problem(None, None, message),)
        super().__init__(message)

    @classmethod
    def from_problems(cls, problems: list[Problem] | tuple[Problem, ...]) -> ScoringError:
        """One error carrying several problems (at least one)."""
        if not problems:
            raise ValueError("from_problems needs at least one problem")
        error = cls(str(problems[0]))
        error.problems = tuple(problems)
        error.args = (_listed(error.problems),)
        return error


SHOWN_PROBLEMS = 20
"""How many problems the message of a :class:`FileFormatError` lists; ``problems`` has them all."""


class FileFormatError(BridgeScoreError):
    """One or more problems in an input file; each names the file and, where it can, the line.

    >>> error = FileFormatError.from_problems([Problem("a.csv", 2, "x"), Problem("a.csv", 5, "y")])
    >>> print(error)
    a.csv:2: x
    a.csv:5: y
    >>> error.problems[1].line
    5

    A file that is not what it claims to be can have hundreds: the message lists the first
    :data:`SHOWN_PROBLEMS`.

    >>> many = FileFormatError.from_problems([Problem("a.pbn", n, "x") for n in range(1, 314)])
    >>> lines = str(many).splitlines()
    >>> len(lines), lines[-1], len(many.problems)
    (21, '... and 293 more problems', 313)
    """

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.problems: tuple[Problem, ...] = (Problem(path, line, message),)
        super().__init__(str(self.problems[0]))

    @classmethod
    def from_problems(cls, problems: list[Problem] | tuple[Problem, ...]) -> FileFormatError:
        """One error carrying several problems (at least one)."""
        if not problems:
            raise ValueError("from_problems needs at least one problem")
        first = problems[0]
        error = cls(first.path or "<input>", first.line, first.message)
        error.problems = tuple(problems)
        error.args = (_listed(error.problems),)
        return error

    @property
    def path(self) -> str:
        return self.problems[0].path or "<input>"

    @property
    def line(self) -> int | None:
        return self.problems[0].line

    @property
    def message(self) -> str:
        return self.problems[0].message


class ReportError(BridgeScoreError):
    """The results site or its PDF cannot be written where it was asked to go."""


class MovementError(BridgeScoreError, ValueError):
    """A movement that cannot be made as asked (a complete Howell for 20 tables), or a movement
    value that does not hold together (a round played on a set that does not exist).

    >>> str(MovementError("a complete Howell is made for 3 to 15 tables, not 20"))
    'a complete Howell is made for 3 to 15 tables, not 20'
    """


class ArchiveError(BridgeScoreError):
    """The archive cannot be scored as asked: no results, no scheduler, nowhere to write."""


class AnalysisError(BridgeScoreError):
    """Deals that cannot be analysed double dummy: the solver (endplay) is not installed, or a
    deal has a hand missing."""
