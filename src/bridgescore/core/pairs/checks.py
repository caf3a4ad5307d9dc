"""What the director should check in a scored pairs session, beside the scores: a board
played once where the others were played three times or more is usually a mistyped board
number.
"""

from __future__ import annotations

__all__ = ["lonely_boards"]

from collections.abc import Mapping

from bridgescore.core.errors import Problem


def lonely_boards(
    source: str | None, boards: Mapping[tuple[int, str | None], tuple[int, int | None]]
) -> tuple[str, ...]:
    """Boards played once in a section where most boards were played three times or more;
    ``boards`` holds each board's (number, section) results and the line of its first.

    >>> lonely_boards("a.csv", {(1, None): (4, 2), (2, None): (4, 6), (3, None): (1, 10)})
    ('a.csv:10: board 3 was played once while most boards were played 4 times: is the board number right?',)
    """
    counts: dict[str | None, list[int]] = {}
    for (_, section), (count, _) in boards.items():
        counts.setdefault(section, []).append(count)
    usuals = {section: sorted(found)[len(found) // 2] for section, found in counts.items()}
    warnings = []
    for (number, section), (count, line) in sorted(
        boards.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")
    ):
        usual = usuals[section]
        if count == 1 and usual >= 3:
            where = f" of section {section}" if section else ""
            message = (
                f"board {number}{where} was played once while most boards were played {usual} "
                "times: is the board number right?"
            )
            warnings.append(str(Problem(source, line, message)))
    return tuple(warnings)
