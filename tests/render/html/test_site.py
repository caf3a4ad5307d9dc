"""The results site read back with a real HTML parser: rankings, links, hands, escaping."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from urllib.parse import urldefrag

import pytest

from bridgescore.core.errors import ReportError
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.score import score_session
from bridgescore.core.table.result import Result
from bridgescore.core.table.traveller import EventInfo, Session, TravellerLine
from bridgescore.render.html import render_site
from bridgescore.render.html.site import _template_cache, environment
from tests.support.html import elements, parse, strings, texts
from tests.support.paths import EXAMPLES
from tests.support.site_event import TRICKY_NAMES, club_event


def test_the_index_has_the_event_header(site: Path) -> None:
    index = parse(site / "index.html")
    header = dict(
        zip(
            texts(index, "//dl[@class='event']/dt"),
            texts(index, "//dl[@class='event']/dd"),
            strict=True,
        )
    )
    assert header == {
        "Event": "Club session",
        "Movement": "Mitchell, 26 boards, 25 pairs",
        "Scoring": "Matchpoints, scale 2/1",
        "Top": "22",
    }


def test_the_ranking_rows_follow_the_event(site: Path, event: PairsEvent) -> None:
    index = parse(site / "index.html")
    tables = elements(index, "//table[@class='ranking']")
    assert texts(index, "//section[@class='ranking']/h2") == ["North-South", "East-West"]
    for table, ranking in zip(tables, event.rankings, strict=True):
        rows = elements(table, "./tbody/tr")
        assert [texts(row, "./td[@class='rank']")[0] for row in rows] == [
            e.rank_text for e in ranking.entries
        ]
        assert [texts(row, "./td[@class='pair']")[0] for row in rows] == [
            e.pair.label for e in ranking.entries
        ]
    first = elements(tables[0], "./tbody/tr")[0]
    assert texts(first, "./td") == [
        "1", "12", "Wendy Usher & Mary Moss", "300.15", "528", "56.85", "24"
    ]  # fmt: skip


def test_tied_pairs_are_ranked_with_an_equals_sign(tmp_path: Path) -> None:
    lines = [
        TravellerLine.played(board, ns, ew, Result.parse(result))
        for board, ns, ew, result in [
            (1, "1", "1", "4SN+1"),
            (1, "2", "2", "4SN+1"),
            (1, "3", "3", "4SN="),
            (2, "1", "2", "3NTS+1"),
            (2, "2", "3", "3NTS+1"),
            (2, "3", "1", "3NTS="),
        ]
    ]
    info = EventInfo(title="Tuesday Pairs", club="Riverside BC", date="2024-05-07")
    event = score_session(Session(tuple(lines), info=info))
    index = parse(render_site(event, tmp_path / "site"))
    assert texts(index, "(//table[@class='ranking'])[1]//td[@class='rank']") == ["1=", "1=", "3"]
    assert "Riverside BC" in texts(index, "//dd[@class='club']")
    assert texts(index, "//dd[@class='date']") == ["2024-05-07"]


def _local_links(page: Path) -> list[tuple[Path, str]]:
    root = parse(page)
    found = []
    for href in strings(root, "//a/@href | //link/@href"):
        url, fragment = urldefrag(href)
        target = (page.parent / url).resolve() if url else page
        found.append((target, fragment))
    return found


def test_every_link_resolves_to_a_file_and_anchor_that_exist(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) == 1 + 26 + 25
    ids: dict[Path, set[str]] = {}
    checked = 0
    for page in pages:
        for target, fragment in _local_links(page):
            assert target.is_file(), f"{page.relative_to(site)} links to a missing {target}"
            assert site in target.parents
            if fragment:
                if target not in ids:
                    ids[target] = set(strings(parse(target), "//@id"))
                assert fragment in ids[target], f"{page.name}: no #{fragment} in {target.name}"
            checked += 1
    assert checked > 2000


def test_pair_numbers_link_to_their_score_cards(site: Path) -> None:
    index = parse(site / "index.html")
    ns_links = strings(index, "//section[@id='ranking-ns']//td[@class='pair']/a/@href")
    ew_links = strings(index, "//section[@id='ranking-ew']//td[@class='pair']/a/@href")
    assert ns_links[0] == "pairs/12-ns.html"
    assert ew_links[0] == "pairs/2-ew.html"
    board = parse(site / "boards" / "7.html")
    assert set(strings(board, "//td[contains(@class, 'pair')]/a/@href")) <= {
        f"../pairs/{p.name}" for p in (site / "pairs").iterdir()
    }


def test_the_board_page_has_the_hand_diagram_with_red_hearts_and_diamonds(site: Path) -> None:
    board = parse(site / "boards" / "1.html")
    hands = elements(board, "//table[@class='diagram']//td[contains(@class, 'hand')]")
    assert [h.get("class") for h in hands] == ["hand north", "hand west", "hand east", "hand south"]
    for hand in hands:
        suits = texts(hand, ".//div[@class='holding']/span")
        assert suits == ["♠", "♥", "♦", "♣"]
        assert texts(hand, ".//span[@class='suit red']") == ["♥", "♦"]
    assert texts(board, "//dd[@class='dealer']") == ["North"]
    assert texts(board, "//dd[@class='vulnerability']") == ["None"]
    cards = "".join(texts(board, "//div[@class='holding']")).replace("10", "T")
    assert sum(ch in "AKQJT98765432" for ch in cards) == 52


def test_the_board_page_shows_the_analysis_and_each_score_against_par(site: Path) -> None:
    from bridgescore.formats import pbn

    game = pbn.load(EXAMPLES / "club-hands.pbn").games[0]
    tricks = game.tags["DoubleDummyTricks"]  # N, S, E, W by NT, S, H, D, C, in hexadecimal
    board = parse(site / "boards" / "1.html")
    rows = elements(board, "//table[@class='dd-grid']/tbody/tr")
    shown = ["".join(format(int(t), "x") for t in texts(row, "./td")) for row in rows]
    assert [texts(row, "./th")[0] for row in rows] == ["N", "S", "E", "W"]
    assert "".join(shown) == tricks
    assert (game.tags["OptimumScore"], game.tags["ParContract"]) == ("NS 100", "EW 3SX-1")
    assert texts(board, "//dd[@class='par-score']") == ["NS 100: 3♠X-1 EW"]
    assert texts(board, "//dd[@class='makeable']")[0].startswith("N")
    for row in elements(board, "//table[@class='traveller']/tbody/tr"):
        ns, ew = texts(row, "./td[@class='ns-score']")[0], texts(row, "./td[@class='ew-score']")[0]
        score = int(ns) if ns else -int(ew)
        assert texts(row, "./td[@class='vs-par']") == [f"{score - 100:+d}" if score != 100 else "0"]
    card = parse(site / "pairs" / "3-ns.html")
    assert texts(card, "//table[@class='card']/thead//th[@class='par']") == ["Par"]


def test_contracts_carry_suit_symbols(site: Path) -> None:
    board = parse(site / "boards" / "7.html")
    contracts = texts(board, "//td[@class='contract']")
    assert contracts[0] == "3♦"
    assert texts(board, "//td[@class='contract']/span[@class='suit red']")[0] == "♦"
    assert "A60/40" in contracts


def test_the_traveller_is_sorted_by_ns_score_with_adjusted_scores_last(site: Path) -> None:
    board = parse(site / "boards" / "7.html")
    rows = elements(board, "//table[@class='traveller']/tbody/tr")
    scores = []
    for row in rows:
        ns, ew = texts(row, "./td[@class='ns-score']")[0], texts(row, "./td[@class='ew-score']")[0]
        scores.append(int(ns) if ns.lstrip("-").isdigit() else -int(ew) if ew.isdigit() else None)
    played = [s for s in scores if s is not None]
    assert played == sorted(played, reverse=True)
    assert scores[-1] is None
    assert texts(rows[-1], "./td[@class='ns-score']") == ["Ave+"]


def test_tops_and_bottoms_are_marked(site: Path, event: PairsEvent) -> None:
    board = parse(site / "boards" / "4.html")
    assert texts(board, "//td[contains(@class, 'ns-points') and contains(@class, 'bottom')]") == [
        "0"
    ]
    assert texts(board, "//td[contains(@class, 'ew-points') and contains(@class, 'top')]") == ["22"]
    # Board 7: three tables share the best NS score, so nobody has the top alone.
    assert not texts(parse(site / "boards" / "7.html"), "//td[contains(@class, 'top')]")
    card = parse(site / "pairs" / "2-ew.html")
    tops = elements(card, "//table[@class='card']/tbody/tr[@class='top']")
    bottoms = elements(card, "//table[@class='card']/tbody/tr[@class='bottom']")
    assert [texts(r, "./td[@class='board']")[0] for r in tops] == ["17", "22"]
    assert [texts(r, "./td[@class='points']")[0] for r in bottoms] == ["0.00"]  # 22.00 beside it


def test_the_score_card_lists_each_board_from_the_pairs_side(site: Path) -> None:
    card = parse(site / "pairs" / "3-ns.html")
    rows = elements(card, "//table[@class='card']/tbody/tr")
    assert len(rows) == 24
    first = rows[0]
    assert texts(first, "./td") == [
        "1",
        "NS",
        "5 Rose Fisher & Hugh Vine",
        "3♠X",
        "E",
        "-1",
        "+100",
        "100",
        "0",
        "5.00",
        "22.73",
    ]  # fmt: skip (no lead was entered: no Lead column; par NS 100 is 3♠X-1 by EW; 100 shared
    # by the six lowest of twelve tables: (0 + 2 + 4 + 6 + 8 + 10) / 6 = 5 of 22)
    assert strings(first, "./td[@class='board']/a/@href") == ["../boards/1.html#board-1"]
    assert texts(card, "//p[@class='standing']") == [
        "North-South: rank 11, 242.15 MPs, 45.86%, 24 boards"
    ]
    assert texts(card, "//table[@class='card']/tfoot//td") == ["242.15", "45.86"]


def test_names_are_escaped(site: Path) -> None:
    for page in (site / "index.html", site / "pairs" / "1-ns.html", site / "pairs" / "1-ew.html"):
        root = parse(page)
        assert not elements(root, "//main//b"), f"{page.name}: a name's markup became an element"
        assert TRICKY_NAMES in root.text_content()
    raw = (site / "index.html").read_text(encoding="utf-8")
    assert "Ann &lt;b&gt;Bold&lt;/b&gt; &amp; Bo &#34;Quotes&#34;" in raw


def test_the_downloads_are_linked_and_read_back_as_the_same_event(
    site: Path, event: PairsEvent
) -> None:
    from bridgescore.formats import usebio
    from bridgescore.formats.csv import travellers

    index = parse(site / "index.html")
    assert strings(index, "//section[@class='downloads']//a/@href") == [
        "downloads/club-session.csv",
        "downloads/club-session.xml",
        "downloads/club-session.pbn",
    ]
    again = score_session(travellers.load(site / "downloads" / "club-session.csv"))
    assert [e.score for e in again.rankings[0].entries] == [
        e.score for e in event.rankings[0].entries
    ]
    written = usebio.load(site / "downloads" / "club-session.xml")
    assert len(written.session.lines) == len(event.session.lines)
    assert set(written.session.deals) == set(event.session.deals)
    figures = written.figures
    assert figures.points == "MATCH_POINTS"
    assert len(figures.pairs) == 25
    top = figures.pairs["12NS"]
    assert (str(top.total), str(top.percentage), top.place) == ("300.15", "56.85", 1)
    assert figures.pairs["1NS"].place == 8
    rescored = score_session(written.session)
    assert [(e.pair.label, e.rank_text) for e in rescored.rankings[1].entries] == [
        (e.pair.label, e.rank_text) for e in event.rankings[1].entries
    ]
    from bridgescore.formats import pbn
    from bridgescore.formats.dispatch import as_session

    with_hands = as_session(pbn.load(site / "downloads" / "club-session.pbn"))
    assert with_hands.deals == event.session.deals
    assert with_hands.double_dummy == event.session.double_dummy
    assert [(e.pair.label, e.score) for e in score_session(with_hands).rankings[0].entries] == [
        (e.pair.label, e.score) for e in event.rankings[0].entries
    ]


def test_boards_without_a_hand_record_show_dealer_and_vulnerability(tmp_path: Path) -> None:
    index = render_site(club_event(deals=False), tmp_path / "site")
    board = parse(index.parent / "boards" / "7.html")
    assert not elements(board, "//table[@class='diagram']")
    assert texts(board, "//div[@class='diagram no-hands']//dd") == ["7", "South", "Both"]


def test_the_output_is_deterministic(event: PairsEvent, site: Path, tmp_path: Path) -> None:
    again = render_site(event, tmp_path / "again").parent
    files = sorted(p.relative_to(site) for p in site.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    for name in files:
        assert (site / name).read_bytes() == (again / name).read_bytes(), name


def test_a_site_is_replaced_but_what_it_did_not_write_and_other_directories_are_left_alone(
    tmp_path: Path,
) -> None:
    event = club_event(deals=False)
    target = tmp_path / "site"
    render_site(event, target)
    (target / "pairs" / "extra.html").write_text("the user's", encoding="utf-8")
    (target / "index.html").write_text("stale", encoding="utf-8")
    render_site(event, target)
    assert (target / "pairs" / "extra.html").read_text(encoding="utf-8") == "the user's"
    assert (target / "index.html").read_text(encoding="utf-8") != "stale"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(ReportError, match="not a bridgescore results site"):
        render_site(event, mine)
    assert (mine / "notes.txt").read_text(encoding="utf-8") == "keep me"
    with pytest.raises(ReportError, match="is a file"):
        render_site(event, mine / "notes.txt")
    with pytest.raises(ReportError, match="no 'pbn2' download"):
        render_site(event, tmp_path / "new", downloads=["pbn2"])
    assert not (tmp_path / "new").exists()


def test_weasyprint_is_imported_only_for_a_pdf() -> None:
    code = (
        "import sys\n"
        "import bridgescore.cli.report_cmd, bridgescore.render.html, bridgescore.render.html.pdf\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('weasyprint', 'playwright')))"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    assert output.strip() == "[]"


def _fresh_environment() -> None:
    """Forget the Jinja2 environment and its cache folder, made once a process."""
    environment.cache_clear()
    _template_cache.cache_clear()


def test_the_templates_are_compiled_once_into_the_users_cache_and_the_same_pages_come_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The compiled templates are kept in ``$XDG_CACHE_HOME/bridgescore/templates``; pages made
    from the cache, or with no cache at all (the folder cannot be made), are the same."""
    event = club_event(deals=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    try:
        _fresh_environment()
        first = render_site(event, tmp_path / "first").read_text(encoding="utf-8")
        kept = sorted((tmp_path / "cache" / "bridgescore" / "templates").iterdir())
        assert len(kept) >= 3 and all(p.name.endswith(".cache") for p in kept)
        _fresh_environment()
        assert render_site(event, tmp_path / "again").read_text(encoding="utf-8") == first
        (tmp_path / "a file").write_text("not a folder", encoding="utf-8")
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "a file"))
        _fresh_environment()
        assert render_site(event, tmp_path / "uncached").read_text(encoding="utf-8") == first
    finally:
        _fresh_environment()
