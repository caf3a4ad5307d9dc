"""What in a USEBIO file the reader would not read: nothing is dropped without a word.

The reader reads results where USEBIO has them (a ``BOARD`` in an ``EVENT``, ``SESSION``,
``SECTION`` or ``MATCH``; a ``TRAVELLER_LINE`` in a ``BOARD``; ...). :func:`check` walks the
whole document for what would be passed over:

* an element name that is a known one misspelt (``<Board>``, ``<TRAVELER_LINE>``): an error,
  since what it holds is surely meant to be read;
* a known element where the reader does not look (a ``BOARD`` inside a second, nested
  ``EVENT``): an error too;
* any other element USEBIO does not have (a ``<ROUND>`` wrapper, a program's own extras): a
  warning saying how many traveller lines it holds, which are not read.

>>> from bridgescore.formats.usebio.safexml import parse
>>> root = parse(
...     "<USEBIO><EVENT><ROUND><BOARD><TRAVELLER_LINE/></BOARD></ROUND>"
...     "<Board/></EVENT></USEBIO>",
...     "c.xml",
... )
>>> errors, warnings = check(root, "c.xml")
>>> [str(p) for p in errors]
['c.xml:1: <Board> is not a USEBIO element: write it <BOARD> (USEBIO names are in capitals, with British spelling)']
>>> [str(p) for p in warnings]
['c.xml:1: <ROUND> is not a USEBIO element: it and the 1 traveller line in it are not read']
"""

from __future__ import annotations

__all__ = ["KNOWN", "check"]

from bridgescore.core.errors import Problem
from bridgescore.formats.usebio.safexml import Element, elements, line_of

KNOWN = frozenset(
    [
        "USEBIO",
        "CLUB",
        "CLUB_NAME",
        "CLUB_ID_NUMBER",
        "CONTACT",
        "FULL_NAME",
        "PROGRAM_NAME",
        "PROGRAM_VERSION",
        "EVENT",
        "EVENT_DESCRIPTION",
        "EVENT_IDENTIFIER",
        "EVENT_TYPE",
        "TITLE",
        "DATE",
        "VENUE",
        "BOARD_SCORING_METHOD",
        "MATCH_SCORING_METHOD",
        "TEAM_PAIRING_AVAILABLE",
        "SCORING_METHOD",
        "BOARDS_PLAYED",
        "BOARDS_PER_ROUND",
        "WINNER_TYPE",
        "SESSION_COUNT",
        "SECTION_COUNT",
        "MASTER_POINT_SCALE",
        "MASTER_POINT_TYPE",
        "MASTER_POINTS",
        "MASTER_POINTS_AWARDED",
        "MPS_AWARDED_FLAG",
        "P2P_CHARGE_RATE",
        "EBU_CHARGE_CODE",
        "PARTICIPANTS",
        "PAIR",
        "PAIR_NUMBER",
        "TEAM",
        "TEAM_ID",
        "TEAM_NAME",
        "TEAM_NUMBER",
        "PLAYER",
        "PLAYER_NAME",
        "PLAYER_NUMBER",
        "NATIONAL_ID_NUMBER",
        "DIRECTION",
        "PLACE",
        "TOTAL_SCORE",
        "PERCENTAGE",
        "ADJUSTMENT",
        "HANDICAP",
        "SESSION",
        "SESSION_ID",
        "SECTION",
        "SECTION_ID",
        "MATCH",
        "ROUND_NUMBER",
        "OPPOSING_TEAM",
        "TEAM_SCORE",
        "OPPOSING_TEAM_SCORE",
        "NS_SCORE",
        "EW_SCORE",
        "IMPS",
        "BOARD",
        "BOARD_NUMBER",
        "BOARD_AVERAGE",
        "TRAVELLER_LINE",
        "NS_PAIR_NUMBER",
        "EW_PAIR_NUMBER",
        "N_PLAYER_NUMBER",
        "S_PLAYER_NUMBER",
        "E_PLAYER_NUMBER",
        "W_PLAYER_NUMBER",
        "CONTRACT",
        "PLAYED_BY",
        "LEAD",
        "TRICKS",
        "SCORE",
        "NS_MATCH_POINTS",
        "EW_MATCH_POINTS",
        "NS_BUTLER_POINTS",
        "EW_BUTLER_POINTS",
        "NS_CROSS_IMPS",
        "EW_CROSS_IMPS",
        "NS_IMPS",
        "EW_IMPS",
        "LIN_DATA",
        "HANDSET",
        "HAND",
        "SPADES",
        "HEARTS",
        "DIAMONDS",
        "CLUBS",
    ]
)
"""The USEBIO 1.2 elements: those real files and other programs' readers and writers use."""

_CONTAINERS = frozenset({"EVENT", "SESSION", "SECTION"})
_READ_IN = {
    "EVENT": frozenset({"USEBIO"}),
    "SESSION": frozenset({"EVENT"}),
    "SECTION": frozenset({"EVENT", "SESSION"}),
    "PARTICIPANTS": _CONTAINERS,
    "MATCH": _CONTAINERS,
    "BOARD": _CONTAINERS | {"MATCH", "HANDSET"},
    "TRAVELLER_LINE": frozenset({"BOARD"}),
    "TEAM": frozenset({"PARTICIPANTS"}),
    "PAIR": frozenset({"PARTICIPANTS", "TEAM"}),
}
"""Where the reader looks for the elements that hold results (each in one of these parents)."""


def _spelt(tag: str) -> str:
    return tag.upper().replace("-", "_").replace(" ", "_").replace("TRAVELER", "TRAVELLER")


_MISSPELT = {_spelt(tag): tag for tag in KNOWN}


def _not_read(node: Element) -> str:
    """What is not read of ``node``: it, and the traveller lines in it."""
    if _spelt(str(node.tag)) == "TRAVELLER_LINE":
        return "it is not read"
    count = sum(
        1
        for found in node.iter()
        if isinstance(found.tag, str) and _spelt(found.tag) == "TRAVELLER_LINE"
    )
    return f"it and the {count} traveller line{'' if count == 1 else 's'} in it are not read"


def _unread(node: Element, parent: Element | None) -> bool:
    """Whether a known element stands where the reader does not look for it."""
    places = _READ_IN.get(str(node.tag))
    if places is None or parent is None or next(elements(node), None) is None:
        return False  # a TEAM in a MATCH is the team's number: a value, not a participant
    if parent.tag not in places:
        return True
    events = list(elements(parent, "EVENT")) if parent.tag == "USEBIO" else []
    if node.tag == "EVENT" and events[:1] != [node]:
        return False  # a second EVENT at the top: the reader says so itself
    # a session with sections is read through them: what stands beside them is not
    beside_sections = parent.tag == "SESSION" and node.tag != "SECTION"
    return beside_sections and any(True for _ in elements(parent, "SECTION"))


def check(root: Element, source: str) -> tuple[list[Problem], list[Problem]]:
    """The errors and the warnings about what the reader would pass over in the document."""
    errors: list[Problem] = []
    warnings: list[Problem] = []
    stack: list[tuple[Element, Element | None]] = [(root, None)]
    while stack:
        node, parent = stack.pop()
        tag = str(node.tag)
        if tag not in KNOWN:
            meant = _MISSPELT.get(_spelt(tag))
            if meant is not None:
                message = (
                    f"<{tag}> is not a USEBIO element: write it <{meant}> "
                    "(USEBIO names are in capitals, with British spelling)"
                )
                errors.append(Problem(source, line_of(node), message))
            else:
                message = f"<{tag}> is not a USEBIO element: {_not_read(node)}"
                warnings.append(Problem(source, line_of(node), message))
            continue
        if _unread(node, parent):
            assert parent is not None
            message = f"<{tag}> in <{parent.tag}> is not where USEBIO has it: {_not_read(node)}"
            errors.append(Problem(source, line_of(node), message))
            continue
        stack.extend((child, node) for child in reversed(list(elements(node))))
    return errors, warnings
