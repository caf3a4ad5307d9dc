"""The PDF of the results pages, laid out by WeasyPrint and read back with pypdf."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from bridgescore.core.pairs.event import PairsEvent
from bridgescore.render.html.pdf import render_pdf


@pytest.fixture(scope="module")
def pdf(event: PairsEvent, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """The club event's PDF, written once (WeasyPrint takes some seconds), and its page count."""
    path = tmp_path_factory.mktemp("pdf") / "results.pdf"
    return path, render_pdf(event, path)


@pytest.fixture(scope="module")
def texts(pdf: tuple[Path, int]) -> list[str]:
    """The text of each page of the PDF, read once by pypdf (it takes as long as WeasyPrint
    takes to write the PDF)."""
    return [page.extract_text() for page in PdfReader(pdf[0]).pages]


def test_the_pdf_has_every_page_of_the_site_laid_out_compactly(
    pdf: tuple[Path, int], texts: list[str]
) -> None:
    """The ranking, every board (its hands beside its traveller, several to a page) and every
    pair's score card: far fewer pages than the site has (1 + 26 + 25)."""
    path, pages = pdf
    data = path.read_bytes()
    assert data.startswith(b"%PDF-")
    reader = PdfReader(path)
    assert len(reader.pages) == len(texts) == pages <= 24
    first = texts[0]
    assert "Club session" in first
    assert "North-South" in first and "East-West" in first
    text = "\n".join(texts)
    assert all(f"Board {n}" in text for n in range(1, 27))
    assert all(f"Pair {n} NS" in text for n in range(1, 14))
    assert sorted(p.name for p in path.parent.iterdir()) == ["results.pdf"]


def test_the_hand_diagram_leaves_room_for_dealer_and_vulnerability(texts: list[str]) -> None:
    """Board 1's details and North's hand side by side, neither over the other (a table laid
    out too narrow printed "Nort♠ K32")."""
    text = texts[1]
    lines = [" ".join(line.split()) for line in text.splitlines()]
    assert "Board 1 North" in " ".join(lines[:3])
    assert "Dealer North ♠" in " ".join(lines)
    assert "Nort♠" not in text


def test_the_pdf_links_stay_inside_the_document(pdf: tuple[Path, int]) -> None:
    reader = PdfReader(pdf[0])
    uris = []
    internal = 0
    for page in reader.pages:
        for annotation in page.get("/Annots") or []:
            link = annotation.get_object()
            action = link.get("/A")
            if action is not None and "/URI" in action:
                uris.append(action["/URI"])
            elif link.get("/Dest") is not None or action is not None:
                internal += 1
    assert uris == []


def test_each_board_prints_its_grid_and_par_beside_its_hands(texts: list[str]) -> None:
    """Board 1 of the bundled hand record: par NS 100 (3♠X-1 by EW), North makes 7 tricks in
    no trumps; every board's par is printed, in the corner beside South."""
    from bridgescore.formats import hands
    from tests.support.site_event import HANDS

    board1 = [" ".join(line.split()) for line in texts[1].splitlines()]
    assert "Par NS 100" in " ".join(board1) and "3♠X-1 EW" in " ".join(board1)
    assert any(line.startswith("Dealer North ♠ AJ82 N 7 5 8 6 9") for line in board1), board1
    text = " ".join(" ".join(page.split()) for page in texts)
    for record in hands.load(HANDS).records:
        assert record.par is not None
        score = record.par.score
        said = "0" if score == 0 else f"NS {score}" if score > 0 else f"EW {-score}"
        assert f"Par {said}" in text, record.board
