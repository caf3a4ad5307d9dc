"""USEBIO text for tests: a traveller line, a played result, as a club program writes them."""

from __future__ import annotations

__all__ = ["played", "traveller_line"]


def played(contract: str, declarer: str, tricks: int, score: int) -> str:
    """A played result's elements: contract, declarer, tricks, NS score."""
    return (
        f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>{declarer}</PLAYED_BY>"
        f"<TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE>"
    )


def traveller_line(body: str, *, pairs: tuple[str, str] | None = None, direction: str = "") -> str:
    """A ``TRAVELLER_LINE``: its pairs (NS, EW) or its direction in a match, then ``body``."""
    head = (
        ""
        if pairs is None
        else (
            f"<NS_PAIR_NUMBER>{pairs[0]}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{pairs[1]}</EW_PAIR_NUMBER>"
        )
    )
    if direction:
        head += f"<DIRECTION>{direction}</DIRECTION>"
    return f"<TRAVELLER_LINE>{head}{body}</TRAVELLER_LINE>\n"
