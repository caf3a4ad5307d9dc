"""A whole club evening in Debian's chromium, no file edited: on a new server the director
makes the first account in the browser, uploads the session file with its hand record and
names (a 6.5-table Howell with its phantom), starts it and prints the cards, whose QR codes the
tables' phones (390 px) follow to log on; every board is entered (a wrong lead refused and put
right, a result sent back and entered again, a "not played" taken back, a conflict from a
second phone); the director closes a round, ends the session, reopens it, ends it, publishes,
corrects a result and publishes again. The published ranking is what `bridgescore score`
gives on the files exported; every page of the published site, the cards and the live page is
walked. Screenshots are kept in ``build/test-artefacts/server/evening``.

The evening is played on SQLite, the database a club's ``serve`` uses unless told otherwise
(the 3-table Howell of ``test_pages.py`` is played in chromium on PostgreSQL). What each of its
steps stores is proved on both databases, in this process, by the API and page tests: the
upload (``test_upload.py``), the first director (``test_accounts.py``), the cards' QR codes
(``test_cards.py``), the lead checked, a conflict, a round closed and the ranking the command
line gives (``test_api.py``), a result sent back and a "not played" taken back
(``test_table_screens.py``), ending, reopening, publishing and a correction after it
(``test_console.py``)."""

from __future__ import annotations

import html
import json
import subprocess
from pathlib import Path
from typing import Any

import pypdfium2
import pytest
import zxingcpp
from playwright.sync_api import Browser, Page, ViewportSize

from bridgescore.core.table.seats import Seat
from bridgescore.server.domain.live_event import read_hands
from tests.support.browser import ARTEFACTS, browser
from tests.support.paths import EXAMPLES
from tests.support.server import BRIDGESCORE, PASSWORD, threaded_server
from tests.support.site_walk import walk_site

PHONE: ViewportSize = {"width": 390, "height": 844}
DESK: ViewportSize = {"width": 1280, "height": 900}
SHOTS = ARTEFACTS / "server" / "evening"
QR = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)
"""What zxing looks for: QR codes, as a phone's camera does on a card."""
SESSION = """club = "Riverside Bridge Club"
title = "Friday evening"
date = "2026-11-27"
results = "friday.csv"
hands = "club-hands.pbn"
names = "friday-names.csv"

[scoring]
rules = "ebu"

[[sections]]
tables = "6.5"
movement = "howell"
rounds = 4
boards = "1-13"
"""
NAMES = "pair,names\n" + "".join(f"{n},Player {n}N & Player {n}S\n" for n in range(1, 14))
DEALS = read_hands((EXAMPLES / "club-hands.pbn").read_text()).deals


def shot(page: Page, name: str) -> None:
    """The page's screenshot kept; at a phone's width, no sideways scroll."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    if page.viewport_size == PHONE:
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{name}: {width} px wide"


def lead_of(board: int, declarer: str, held: bool) -> str:
    """A card the player on declarer's left holds (or not) on ``board``."""
    hand = {str(card) for card in DEALS[board].hand(Seat(declarer).next()) or ()}
    every = [f"{suit}{rank}" for suit in "SHDC" for rank in "AKQJT98765432"]
    return next(card for card in every if (card in hand) == held)


def enter(page: Page, board: int, contract: str, declarer: str, result: str, lead: str) -> None:
    page.fill(f"#contract-{board}", contract)
    page.select_option(f"#declarer-{board}", declarer)
    page.fill(f"#result-{board}", result)
    page.fill(f"#lead-{board}", lead)
    page.click(f"#board-{board} >> button:has-text('Enter board {board}')")


def confirm(page: Page, board: int, url: str) -> None:
    page.click(f"#board-{board} >> button:has-text('Confirm (EW)')")
    page.goto(f"{url}/table/round")


def board_of(page: Page) -> int:
    """The board of the round the page shows (one board a round)."""
    return int(page.locator("#round h2").inner_text().split("boards ")[1])


def director_sets_up(desk: Page, url: str, folder: Path) -> int:
    desk.goto(f"{url}/director")
    desk.fill("#first-name", "Ann")
    desk.fill("#first-password", PASSWORD)
    desk.fill("#first-again", PASSWORD)
    desk.click("#first >> button")
    (folder / "friday.toml").write_text(SESSION)
    (folder / "friday-names.csv").write_text(NAMES)
    files = [folder / "friday.toml", EXAMPLES / "club-hands.pbn", folder / "friday-names.csv"]
    desk.set_input_files("#files", [str(path) for path in files])
    desk.click("form[enctype] >> button:has-text('Make the event')")
    assert "its results (friday.csv) are not loaded" in desk.locator(".notice").inner_text()
    shot(desk, "director-made")
    event_id = int(desk.url.split("?")[0].rstrip("/").split("/")[-1])
    desk.click("button:has-text('Start the session')")
    shot(desk, "director-started")
    return event_id


def cards_read(desk: Page, url: str, event_id: int, public: str) -> dict[int, str]:
    """The log-on address on each table's card, read off the printed PDF's QR codes."""
    pdf = desk.request.get(f"{url}/director/events/{event_id}/cards?pdf=1").body()
    (SHOTS / "cards.pdf").write_bytes(pdf)
    document = pypdfium2.PdfDocument(pdf)
    found = {}
    for number in range(len(document)):
        image = document[number].render(scale=150 / 72).to_pil()
        for code in zxingcpp.read_barcodes(image, formats=QR):
            assert code.text.startswith(f"{public}/table?"), code.text
            found[int(code.text.split("table=")[1].split("&")[0])] = code.text
    assert sorted(found) == list(range(1, 8))
    return found


def table_plays(
    page: Page, table: int, number: int, public: str, second: Page | None = None
) -> None:
    """One round at one table, with the evening's mistakes at their tables."""
    if page.locator("#seated").count():
        if number == 1:
            shot(page, f"table{table}-seated")
        page.click("#seated >> button:has-text('Yes, that is us')")
    board = board_of(page)
    if (table, number) == (2, 1):  # a lead not in the leader's hand: refused, put right
        enter(page, board, "3NT", "S", "=", lead_of(board, "S", held=False))
        page.wait_for_selector(f"#board-{board} .error")
        assert "is not in that hand" in page.locator(f"#board-{board} .error").inner_text()
        assert page.is_enabled(f"#board-{board} >> button:has-text('Enter board {board}')")
        shot(page, "table2-wrong-lead")
        page.fill(f"#lead-{board}", lead_of(board, "S", held=True))
        page.click(f"#board-{board} >> button:has-text('Enter board {board}')")
    elif (table, number) == (3, 1):  # sent back by EW, entered again from what was typed
        enter(page, board, "4H", "N", "-3", "")
        page.click(f"#board-{board} >> button:has-text('Wrong: enter again')")
        assert page.input_value(f"#contract-{board}") == "4H"
        shot(page, "table3-sent-back")
        page.fill(f"#result-{board}", "+1")
        page.click(f"#board-{board} >> button:has-text('Enter board {board}')")
    elif (table, number) == (4, 2):  # "not played", confirmed, then taken back
        page.click(f"#board-{board} >> button:has-text('Not played')")
        page.click("#confirm >> button:has-text('was not played')")
        page.click(f"#undo-{board} >> button")
        shot(page, "table4-undone")
        assert page.locator(f"#board-{board}.owed").count() == 1
        enter(page, board, "2S", "E", "+1", "")
        page.wait_for_selector(f"#board-{board} >> button:has-text('Confirm (EW)')")
        confirm(page, board, public)
        return
    else:
        enter(page, board, ["4S", "3NT", "2H", "5C"][table % 4], "NESW"[number % 4], "=", "")
    page.wait_for_selector(f"#board-{board} >> button:has-text('Confirm (EW)')")
    confirm(page, board, public)
    if (table, number) == (5, 3) and second is not None:  # a second phone sends another result
        said = second.evaluate(
            """async ([board, number]) => {
              const csrf = document.querySelector('meta[name="csrf"]').content;
              const rounds = await (await fetch("/api/tables/rounds", {credentials: "same-origin"})).json();
              const played = rounds.find((r) => r.round === number);
              const answer = await fetch("/api/results", {method: "POST", credentials: "same-origin",
                headers: {"Content-Type": "application/json", "X-CSRF": csrf},
                body: JSON.stringify({id: "second-phone-1", round: number, board: board,
                  ns: played.ns, ew: played.ew, contract: "6NT", declarer: "S", result: "="})});
              return answer.status;
            }""",
            [board, number],
        )
        assert said == 409


@pytest.mark.parametrize("new_database", ["sqlite"], indirect=True)
def test_a_whole_evening_from_the_browser(new_database: str, tmp_path: Path) -> None:
    with threaded_server(new_database, tmp_path) as served:
        public = f"http://localhost:{served.port}"
        served.app.state.public_url = public
        with browser() as chromium:
            evening(chromium, served.url, public, tmp_path)


def evening(chromium: Browser, url: str, public: str, folder: Path) -> None:
    desk = chromium.new_context(viewport=DESK).new_page()
    event_id = director_sets_up(desk, url, folder)
    addresses = cards_read(desk, url, event_id, public)
    phones: dict[int, Page] = {}
    for table, address in addresses.items():
        phone = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        phone.goto(address)
        phone.click("button:has-text('Log on')")
        phones[table] = phone
    assert "No boards are played at this table" in phones[1].content()
    shot(phones[1], "table1-phantom")
    second = chromium.new_context(viewport=PHONE).new_page()
    second.goto(addresses[5])
    second.click("button:has-text('Log on')")
    for number in range(1, 5):
        for table in range(2, 8):
            if (table, number) == (7, 4):
                continue  # the director closes round 4 for table 7
            table_plays(phones[table], table, number, public, second)
    director_finishes(desk, url, event_id, folder)


def director_finishes(desk: Page, url: str, event_id: int, folder: Path) -> None:
    page = f"{url}/director/events/{event_id}"
    desk.goto(page)
    shot(desk, "director-grid")
    assert desk.locator("#grid .s-conflict").count() == 1
    desk.fill("#close-round", "4")
    desk.click("form[action$='/close'] >> button")
    desk.click("#confirm >> button:has-text('Close the round')")
    desk.click("button:has-text('End the session')")
    desk.click("#confirm >> button:has-text('End the session')")
    desk.click("button:has-text('Reopen the session')")
    assert "running again" in desk.locator(".notice").inner_text()
    desk.click("button:has-text('End the session')")
    desk.click("#confirm >> button:has-text('End the session')")
    desk.click("button:has-text('Publish the results site')")
    desk.click("#confirm >> button:has-text('Publish')")
    shot(desk, "director-published")
    conflict = desk.locator("#grid .s-conflict").first.get_attribute("href")
    assert conflict is not None
    desk.goto(f"{url}{conflict}")
    board = desk.locator("section[id^=board-] h2").first.inner_text().split()[1]
    assert desk.input_value(f"#c-{board}") != ""  # the correction starts from the result
    desk.fill(f"#r-{board}", "+1")
    desk.fill(f"#why-{board}", "the second phone was right: 11 tricks")
    desk.click(f"#board-{board} >> text=Correct the result")
    desk.goto(page)
    assert "1 change to the results since: publish again." in desk.content()
    desk.click("button:has-text('Publish the results site')")
    desk.click("#confirm >> button:has-text('Publish')")
    assert "publish again" not in desk.content()
    shot(desk, "director-republished")
    same_as_the_command_line(desk, url, event_id, folder)
    walked = walk_site(
        desk.context,
        [f"{url}/sites/event-{event_id}/index.html", f"{url}/events/{event_id}"],
        scope=f"{url}/sites/event-{event_id}/",
    )
    assert walked.problems == []
    cards = walk_site(
        desk.context, [f"{url}/director/events/{event_id}/cards"], scope=f"{url}/director/"
    )
    assert cards.problems == []


def same_as_the_command_line(desk: Page, url: str, event_id: int, folder: Path) -> None:
    """The published ranking is what `bridgescore score` says of the files exported."""
    for name in ("travellers.csv", "names.csv"):
        (folder / name).write_bytes(desk.request.get(f"{url}/api/events/{event_id}/{name}").body())
    command = [str(BRIDGESCORE), "score", "travellers.csv", "--names", "names.csv"]
    command += ["--rules", "ebu", "--json"]
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True, check=True)
    cli: dict[str, Any] = json.loads(done.stdout)
    served = desk.request.get(f"{url}/api/events/{event_id}/ranking").json()
    assert served["rankings"] == cli["rankings"]
    site = desk.request.get(f"{url}/sites/event-{event_id}/index.html").text()
    for ranking in cli["rankings"]:
        for entry in ranking["entries"]:
            assert html.escape(entry["names"]) in site and f"{entry['percent']:.2f}" in site
