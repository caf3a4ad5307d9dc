"""What a board's double-dummy analysis shows: the 4 x 5 grid of tricks (declarers N, S, E, W;
strains NT, spades, hearts, diamonds, clubs), the contracts each side makes, and par.

>>> from bridgescore.core.table.ddtable import DDTable
>>> from bridgescore.core.table.par import DoubleDummy, Par
>>> view = analysis_view(DoubleDummy(DDTable.parse("aa89aaa8993353333533"), Par.parse("NS 430: NS 3NT+1")))
>>> [s.text for s in view.strains], view.grid[0].tricks
(['NT', '♠', '♥', '♦', '♣'], ('10', '10', '8', '9', '10'))
>>> [(who, [c.text for c in made]) for who, made in view.makeable]
[('N', ['4NT', '4♠', '2♥', '3♦', '4♣']), ('S', ['4NT', '4♠', '2♥', '3♦', '3♣'])]
>>> view.par.score, [(c.who, c.contract.text, c.result) for c in view.par.contracts]
('NS 430', [('NS', '3NT', '+1')])
>>> par_difference(450, 430), par_difference(-100, 430), par_text(0)
('+20', '-530', '0')
"""

from __future__ import annotations

__all__ = [
    "AnalysisView",
    "GridRow",
    "ParItem",
    "ParView",
    "analysis_view",
    "par_difference",
    "par_text",
]

from dataclasses import dataclass

from bridgescore.core.table.ddtable import DD_SEATS, DD_STRAINS
from bridgescore.core.table.par import DoubleDummy, Par
from bridgescore.core.table.strain import Strain
from bridgescore.render.html.symbols import Symbolic


@dataclass(frozen=True, slots=True)
class GridRow:
    """One declarer's row of the grid: the seat's letter and its tricks in NT, S, H, D, C, each
    marked when it makes a contract (7 tricks or more)."""

    seat: str
    tricks: tuple[str, ...]
    makes: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class ParItem:
    """One par contract: who declares (``NS``, ``N``), the contract, the result (``+1``)."""

    who: str
    contract: Symbolic
    result: str


@dataclass(frozen=True, slots=True)
class ParView:
    """The par score (``NS 420``, ``EW 500``, ``0``) and the par contracts."""

    score: str
    contracts: tuple[ParItem, ...]


@dataclass(frozen=True, slots=True)
class AnalysisView:
    """What the page shows of a board's analysis; ``grid`` is ``None`` when only the par is
    known."""

    strains: tuple[Symbolic, ...]
    grid: tuple[GridRow, ...] | None
    makeable: tuple[tuple[str, tuple[Symbolic, ...]], ...]
    par: ParView | None

    def text(self) -> list[str]:
        """The analysis as lines of text in a fixed-width font (for paper): the grid
        (:meth:`grid_lines`), par (:meth:`par_lines`) and the makeable contracts.

        >>> from bridgescore.core.table.ddtable import DDTable
        >>> table = DDTable.parse("aa89aaa8993353333533")
        >>> print("\\n".join(analysis_view(DoubleDummy(table, Par.parse("NS 430: NS 3NT+1"))).text()))
          NT  ♠  ♥  ♦  ♣
        N 10 10  8  9 10
        S 10 10  8  9  9
        E  3  3  5  3  3
        W  3  3  5  3  3
        Par NS 430
        3NT+1 NS
        Makes N 4NT 4♠ 2♥ 3♦ 4♣
              S 4NT 4♠ 2♥ 3♦ 3♣
        """
        lines = self.grid_lines() + self.par_lines()
        if self.grid is not None:
            sides = [f"{who} {' '.join(c.text for c in made)}" for who, made in self.makeable]
            for i, side in enumerate(sides or ["nothing: passed out"]):
                lines.append(("Makes " if i == 0 else "      ") + side)
        return lines

    def grid_lines(self) -> list[str]:
        """The grid as five lines of sixteen characters (none without a grid)."""
        if self.grid is None:
            return []
        head = " " + "".join(strain.text.rjust(3) for strain in self.strains)
        return [head, *(row.seat + "".join(t.rjust(3) for t in row.tricks) for row in self.grid)]

    def par_lines(self) -> list[str]:
        """The par score, then its contracts a line each (none without par)."""
        if self.par is None:
            return []
        made = [f"{c.contract.text}{c.result} {c.who}" for c in self.par.contracts]
        return [f"Par {self.par.score}", *made]


def par_text(score: int) -> str:
    """The par score from the side that scores: ``NS 420``, ``EW 620``, ``0`` (passed out)."""
    if score == 0:
        return "0"
    return f"NS {score}" if score > 0 else f"EW {-score}"


def par_difference(score: int, par: int) -> str:
    """A score against par, from the same side: ``+20``, ``-530``, ``0``."""
    difference = score - par
    return f"{difference:+d}" if difference else "0"


def _strain(strain: Strain) -> Symbolic:
    if strain is Strain.NOTRUMP:
        return Symbolic("NT")
    return Symbolic("", strain.symbol, strain in (Strain.HEARTS, Strain.DIAMONDS))


def _par(par: Par) -> ParView:
    items = tuple(
        ParItem(item.who, Symbolic.contract(item.contract), item.result_text)
        for item in par.contracts
    )
    return ParView(par_text(par.score), items)


def analysis_view(analysis: DoubleDummy | None) -> AnalysisView | None:
    """The view of a board's analysis, or ``None`` when it has none."""
    if analysis is None:
        return None
    strains = tuple(_strain(strain) for strain in DD_STRAINS)
    table = analysis.table
    grid = None
    makeable: tuple[tuple[str, tuple[Symbolic, ...]], ...] = ()
    if table is not None:
        grid = tuple(
            GridRow(
                str(seat),
                tuple(str(table[seat, strain]) for strain in DD_STRAINS),
                tuple(table[seat, strain] >= 7 for strain in DD_STRAINS),
            )
            for seat in DD_SEATS
        )
        makeable = tuple(
            (who, tuple(Symbolic.contract(c) for c in made)) for who, made in table.makeable()
        )
    par = None if analysis.par is None else _par(analysis.par)
    return AnalysisView(strains, grid, makeable, par)
