r"""BBO LIN boards as PBN games.

Each board becomes a game: Board, the players (West ... South from ``pn``, ``?`` when the file has
none), Dealer, Vulnerable, the Deal (unknown hands ``-``), Scoring (from ``vg``), Contract,
Declarer and Result (declarer's tricks; ``?`` when the play stops before the end without a claim;
empty when passed out), Score (``NS n``) when the result is known, Room (``qx``), Description
(the ``ah`` headings but ``Board n``), the auction (alerts and explanations become notes), the play, and the
``nt`` comments (BBO's text markup ``^B``, ``^*G``, ``@2`` left out, its suit codes ``@S`` made PBN's ``\S``,
braces made round, long lines wrapped).

>>> from bridgescore.formats import lin
>>> board = lin.loads("qx|o1|md|3S269H2568QADTQC2T,S47AHJD3479C4567Q,S58QH479KDKAC38JA,|"
...                   "sv|o|mb|1C!|an|16+|mb|p|mb|p|mb|p|pc|HK|").boards[0]
>>> game, notes = board_to_game(board)
>>> game.tags["Contract"], game.tags["Declarer"], game.tags["Result"], game.tags["Room"]
('1C', 'N', '?', 'Open')
>>> game.auction.calls[0].note, dict(game.auction.notes), game.play.leader, notes
(1, {1: '16+'}, Seat.EAST, [])
"""

from __future__ import annotations

__all__ = ["board_to_game", "lin_to_pbn"]

import re
import textwrap
from dataclasses import replace

from bridgescore.core.errors import Problem, quoted
from bridgescore.core.table.seats import Seat
from bridgescore.formats.lin.model import LinBoard, LinFile
from bridgescore.formats.pbn.model import PbnComment, PbnFile, PbnGame
from bridgescore.formats.pbn.sections import notes_from_alerts

_SUIT_CODE = re.compile(r"@([SHDCshdc])")
_MARKUP = re.compile(r"\^\*?[A-Za-z-]|@[0-9]")
_BOARD_HEADING = re.compile(r"^board\s*[0-9]+$", re.IGNORECASE)
_ROOMS = {"o": "Open", "c": "Closed"}


def _comment(text: str) -> str:
    clean = _SUIT_CODE.sub(lambda m: "\\" + m.group(1).upper(), _MARKUP.sub("", text))
    clean = clean.replace("{", "(").replace("}", ")").replace("\r", "")
    lines: list[str] = []
    for line in clean.split("\n"):
        lines.extend(textwrap.wrap(line, 78) or [""])
    return "\n".join(lines).strip("\n")


def board_to_game(
    board: LinBoard, *, title: str | None = None, scoring: str | None = None
) -> tuple[PbnGame, list[str]]:
    """The PBN game of one LIN board, and what could not be carried over."""
    contract, declarer, tricks = board.contract, board.declarer, board.tricks
    passed = contract is not None and contract.is_pass
    tags = {
        "Event": title or "?",
        "Site": "?",
        "Date": "?",
        "Board": str(board.number),
        **{s.name.title(): board.players.get(s, "") if board.players else "?" for s in Seat},
        "Dealer": str(board.dealer),
        "Vulnerable": str(board.vulnerability),
        "Scoring": scoring or "?",
        "Contract": "?" if contract is None else ("Pass" if passed else str(contract)),
        "Declarer": "" if passed else ("?" if declarer is None else str(declarer)),
        "Result": "" if passed else ("?" if tricks is None else str(tricks)),
    }
    result = board.result
    if result is not None and (passed or declarer is not None):
        tags["Score"] = f"NS {result.ns_score(board.vulnerability)}"
    if board.room in _ROOMS:
        tags["Room"] = _ROOMS[board.room]
    headings = [h for h in board.headings if not _BOARD_HEADING.match(h)]
    if headings:
        tags["Description"] = "; ".join(headings)
    dropped: list[str] = []
    auction = board.auction
    if auction is not None:
        auction, lost = notes_from_alerts(auction)
        dropped += [f"no note left for the explanation {quoted(text)}" for text in lost]
    play = None if board.play is None else replace(board.play, claim=None)
    comments = tuple(PbnComment(_comment(text)) for text in board.comments if _comment(text))
    return PbnGame(tags, board.deal, auction, play, comments=comments, line=board.line), dropped


def lin_to_pbn(lin: LinFile) -> PbnFile:
    """Every board of a LIN file as a PBN game; the LIN problems come along as the file's."""
    games: list[PbnGame] = []
    problems = list(lin.problems)
    source = lin.source or "<lin>"
    for board in lin.boards:
        game, dropped = board_to_game(board, title=lin.title, scoring=lin.scoring)
        games.append(game)
        problems += [Problem(source, board.line, f"board {board.number}: {d}") for d in dropped]
    header = ("Converted from BBO LIN by bridgescore",)
    return PbnFile(tuple(games), header, lin.source, tuple(problems))
