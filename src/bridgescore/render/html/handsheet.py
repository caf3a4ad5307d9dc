"""Hand-record sheets: the boards of a set laid out four or six to an A4 page, each with its
compass diagram, dealer and vulnerability, high-card points, the makeable contracts (or the
4 x 5 double-dummy grid) and par, as clubs hand them out after play.

The same HTML document is the PDF (WeasyPrint, :func:`render_sheets_pdf`) and, with its style
sheet, a page for the club's site (:func:`render_sheets_html`); on a phone the boards stand one
under another.

>>> from bridgescore.formats import hands
>>> sheets = sheet_model(hands.load("examples/club-hands.pbn"), per_page=6)
>>> len(sheets.pages), [b.board for b in sheets.pages[0]], sheets.pages[-1][-1].board
(5, [1, 2, 3, 4, 5, 6], 26)
"""

from __future__ import annotations

__all__ = ["SheetBoard", "SheetModel", "render_sheets_html", "render_sheets_pdf", "sheet_model"]

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from bridgescore._version import __version__
from bridgescore.core.errors import ReportError
from bridgescore.formats.hands import HandRecords
from bridgescore.render.html.diagram import Diagram, diagram
from bridgescore.render.html.publish import publish
from bridgescore.render.html.site import environment, stylesheet

PER_PAGE = (4, 6)
"""The layouts: four boards a page (two by two) or six (two by three)."""


@dataclass(frozen=True, slots=True)
class SheetBoard:
    """One board on a sheet: its number and its diagram (hands, dealer, vulnerability,
    analysis)."""

    board: int
    diagram: Diagram


@dataclass(frozen=True, slots=True)
class SheetModel:
    """The sheets of a hand record: its title, boards a page, whether the grid is shown instead
    of the makeable contracts, and the pages."""

    title: str
    per_page: int
    grid: bool
    pages: tuple[tuple[SheetBoard, ...], ...]


def sheet_model(records: HandRecords, *, per_page: int = 4, grid: bool = False) -> SheetModel:
    """The sheets of ``records``: ``per_page`` boards a page (4 or 6), in board order."""
    if per_page not in PER_PAGE:
        raise ReportError(f"a hand-record sheet has 4 or 6 boards a page, not {per_page}")
    boards = [
        SheetBoard(
            r.board,
            diagram(
                r.board,
                r.deal,
                r.double_dummy,
                dealer=r.dealer,
                vulnerability=r.vulnerability,
            ),
        )
        for r in sorted(records.records, key=lambda r: r.board)
    ]
    pages = tuple(tuple(boards[i : i + per_page]) for i in range(0, len(boards), per_page))
    return SheetModel(records.title or "Hand record", per_page, grid, pages)


def render_sheets(model: SheetModel, *, linked: bool) -> str:
    """The sheets as one HTML document: the style sheet inline, or (``linked``) as a file."""
    css = "" if linked else stylesheet("handsheet.css")
    return (
        environment()
        .get_template("handsheet.html")
        .render(model=model, css=css, linked=linked, version=__version__)
    )


def render_sheets_pdf(
    model: SheetModel,
    path: str | os.PathLike[str],
    *,
    inputs: Iterable[str | os.PathLike[str] | None] = (),
) -> int:
    """Write the sheets as a PDF (never over one of ``inputs``); its number of pages."""
    from bridgescore.render.html.pdf import write_pdf

    return write_pdf(render_sheets(model, linked=False), path, inputs=inputs)


def render_sheets_html(
    model: SheetModel,
    out_dir: str | os.PathLike[str],
    *,
    inputs: Iterable[str | os.PathLike[str] | None] = (),
) -> Path:
    """Write the sheets as ``index.html`` (with ``handsheet.css`` and the icon) into ``out_dir``
    (which may not hold any of ``inputs``), replacing only what an earlier run wrote there; the
    path of the page."""

    def write(root: Path) -> None:
        (root / "index.html").write_text(render_sheets(model, linked=True), encoding="utf-8")
        for name in ("handsheet.css", "favicon.svg"):
            (root / name).write_text(stylesheet(name), encoding="utf-8")

    return publish(out_dir, write, inputs=inputs) / "index.html"
