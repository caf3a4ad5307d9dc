"""Every page of every site the project writes, proved in chromium at 390 px (issue 26, item
10): the bundled examples' sites as ``make run`` writes them (read from the Makefile, so that a
site added there is walked too), the hand record of ``deals print`` and the movement cards of
``movement cards``. A broken local link, a Python object's repr in a page or a figure wrapped in
its cell fails the test (:func:`tests.support.site_walk.walk_site`); the teams site once failed
all three, its 56 board links being dumps of page objects.

The bundled sites' pages are laid out at a desktop's width (1280 x 900) too, and no page scrolls
sideways at either width (the pairs and teams sites' share of ``test_widths.py``, which has the
generated 100-table site); on a phone, a score card row's points and percentage share a line of
their own on every card of the pairs site; a phone's screenshots of the first, middle and last
page of each site are kept under ``build/test-artefacts/``.

Each page is loaded once (a site is walked once for the module's tests); the walker itself is
proved on a site broken on purpose.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

from tests.support.browser import served
from tests.support.cli import run
from tests.support.html import elements, parse
from tests.support.paths import ROOT
from tests.support.site_walk import DESK, PHONE, Walked, walk_folder, walk_site

ARTEFACTS = ROOT / "build" / "test-artefacts"


def make_run_sites() -> list[list[str]]:
    """The commands of ``make run`` that write a site (``--html DIR``), as arguments after
    ``bridgescore``."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = text.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    commands = []
    for line in recipe.splitlines():
        words = shlex.split(line.strip())
        if words and words[0] == "$(BIN)/bridgescore" and "--html" in words:
            commands.append(words[1:])
    return commands


SITES = {args[args.index("--html") + 1]: args for args in make_run_sites()}
"""``build/site``, ``build/teams-site``, ``build/hand-record``: the command writing each."""

PAGES = {"build/site": 52, "build/teams-site": 85, "build/hand-record": 1}
"""The pages of each: the pairs site's index, 26 boards and 25 pairs' cards; the teams
site's index, 28 match sheets and 56 boards; the hand record's one page."""


def _written(args: list[str], out: Path) -> Path:
    """Run the command from the checkout's root with its ``--html`` folder moved to ``out``."""
    given = [str(ROOT / a) if (ROOT / a).exists() else a for a in args]
    given[given.index("--html") + 1] = str(out)
    result = run(*given)
    assert result.exit_code == 0, result.output
    return out


def test_make_run_writes_the_sites_walked_here() -> None:
    assert sorted(SITES) == sorted(PAGES)


CARD_ROWS = """() => [...document.querySelectorAll("table.card tbody tr")].map(row => {
  const top = s => row.querySelector(s).getBoundingClientRect().top;
  return [top("td.points"), top("td.percent"), top("td.score")];
})"""
"""Where each score card row's points, percentage and score stand (their tops), on a page."""


@pytest.fixture(scope="module")
def bundled(
    browser: BrowserContext, tmp_path_factory: pytest.TempPathFactory
) -> Callable[[str], Walked]:
    """A bundled site's walk (:data:`SITES`), made once for the module's tests: every page at
    a phone's width and a desktop's, with :data:`CARD_ROWS` looked at on each page, and a
    phone's screenshots of the first, middle and last page kept."""
    walks: dict[str, Walked] = {}

    def walked(site: str) -> Walked:
        if site not in walks:
            written = _written(SITES[site], tmp_path_factory.mktemp("bundled") / "site")
            pages = sorted(path.relative_to(written).as_posix() for path in written.rglob("*.html"))
            ARTEFACTS.mkdir(parents=True, exist_ok=True)
            shots = {
                path: ARTEFACTS / f"{Path(site).name}-{path.replace('/', '-')}-390.png"
                for path in {pages[0], pages[len(pages) // 2], pages[-1]}
            }
            walks[site] = walk_folder(
                browser, written, screens=[PHONE, DESK], look=CARD_ROWS, shots=shots
            )
        return walks[site]

    return walked


@pytest.mark.parametrize("site", sorted(PAGES))
def test_every_page_of_a_bundled_site_is_sound(site: str, bundled: Callable[[str], Walked]) -> None:
    walked = bundled(site)
    assert walked.problems == []
    assert len(walked.pages) == PAGES[site]


def test_a_score_cards_points_and_percentage_share_a_line_of_their_own_on_a_phone(
    bundled: Callable[[str], Walked],
) -> None:
    """On a phone a score card row's points and percentage are one line, below the rest of the
    row, on every row of every card of the pairs site (a percentage never wraps away from its
    points)."""
    walked = bundled("build/site")
    cards = {
        walked.shown(url): rows
        for url, rows in walked.looks.items()
        if walked.shown(url).startswith("pairs/")
    }
    assert len(cards) > 20 and all(cards.values())
    split = []
    for path, rows in sorted(cards.items()):
        for number, (points, percent, score) in enumerate(rows, start=1):
            if abs(points - percent) > 2 or points <= score + 2:
                split.append(f"{path} row {number}: {points}, {percent}, {score}")
    assert split == []


@pytest.mark.parametrize(
    ("movement", "cards"),
    [
        (["mitchell", "--tables", "9"], 9 + 18),
        (["howell", "--tables", "6.5"], 7 + 13),
        ([str(ROOT / "examples" / "club-movement.json")], 13 + 25),
    ],
)
def test_every_card_page_is_sound(
    movement: list[str], cards: int, browser: BrowserContext, tmp_path: Path
) -> None:
    """A 9-table Mitchell (9 table cards, 18 guide cards), a 6.5-table Howell (7 tables, 13
    pairs: the phantom has no card) and the bundled movement file (13 tables, 25 pairs)."""
    result = run("movement", "cards", *movement, "--html", str(tmp_path / "cards"))
    assert result.exit_code == 0, result.output
    walked = walk_folder(browser, tmp_path / "cards")
    assert walked.problems == []
    assert len(walked.pages) == 1
    page = parse(tmp_path / "cards" / "index.html")
    assert len(elements(page, "//section[contains(@class, '-card')]")) == cards


BROKEN = {
    "index.html": (
        '<html><head><link rel="stylesheet" href="gone.css"></head><body>'
        '<a href="boards/1.html#board-1">1</a> <a href="boards/Page(number=2).html">2</a>'
        '<a href="other.html">other</a><img src="missing.png" alt="x">'
        "<table><tr><td>Rank</td></tr></table></body></html>"
    ),
    "boards/1.html": (
        '<html><body><section id="board-2"></section><a href="../index.html">back</a>'
        "<p>Diagram(board=1, dealer='North')</p>"
        '<table><tr><td style="width:1px">65.0 / 50.0</td>'
        '<td style="width:1px; overflow-wrap:anywhere">Ranking</td></tr></table></body></html>'
    ),
    "other.html": '<html><body><span title="<bridgescore.Pair object at 0x7f00>">x</span>'
    '<div style="width:1400px">wide</div></body></html>',
}
"""A site broken in every way the walker looks for."""


def test_the_walker_finds_every_kind_of_problem(browser: BrowserContext, tmp_path: Path) -> None:
    for name, text in BROKEN.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    with served(tmp_path) as base:
        walked = walk_site(browser, [base + "index.html"], screens=[PHONE, DESK])
    assert sorted(walked.problems) == sorted(
        [
            "index.html: broken link 'gone.css' (answers 404)",
            "index.html: broken link 'missing.png' (answers 404)",
            "index.html: broken link 'boards/Page(number=2).html' (answers 404)",
            "index.html: a Python object in the attribute: 'boards/Page(number=2).html'",
            "index.html: broken link to boards/1.html#board-1 (no such id there)",
            "boards/1.html: a Python object in the text: \"Diagram(board=1, dealer='North')\"",
            "boards/1.html: the cell '65.0 / 50.0' takes two lines at 390 px",
            "boards/1.html: the cell 'Ranking' takes two lines at 390 px",
            "other.html: a Python object in the attribute: '<bridgescore.Pair object at 0x7f00>'",
            "other.html: 1408 px wide at 390 px",
            "other.html: 1408 px wide at 1280 px",
        ]
    )
    assert [page.removeprefix(base) for page in walked.pages] == [
        "index.html",
        "boards/1.html",
        "other.html",
    ]
