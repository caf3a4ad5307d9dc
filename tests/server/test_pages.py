"""A whole 3-table Howell played from phone-sized pages in Debian's chromium against a real
server process: the director makes and starts the event on the console, three phones log on
from their table cards' links, enter and confirm every board (one entered while the phone is
offline, one corrected at the table, one not played), the director corrects and adjusts from
the grid, ends the session and publishes; every page fits 390 px with no sideways scroll, and
screenshots are kept in ``build/test-artefacts/server``.

Played on PostgreSQL (the whole evening of ``test_evening.py`` is played in chromium on
SQLite); what each step stores is proved on both databases, in this process, by the API and
page tests (``test_api.py``: entries, confirmations, corrections, adjustments, the end and the
ranking; ``test_table_screens.py``: a result sent back, a board not played; ``test_console.py``:
ending and publishing)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.support.browser import ARTEFACTS, browser
from tests.support.server import ThreadedServer

PHONE: ViewportSize = {"width": 390, "height": 844}
SHOTS = ARTEFACTS / "server"


def fits(page: Page, name: str) -> None:
    """The page fits the phone's width; its screenshot is kept."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{name}: {width} px wide"


def phone(chromium: Browser) -> Page:
    """A phone of its own: a browser context that shares no cookies with the others."""
    context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(20_000)
    return context.new_page()


def director_starts(page: Page, url: str) -> tuple[int, dict[str, str]]:
    page.goto(f"{url}/director")
    fits(page, "director-logon")
    page.fill("#name", "ann")
    page.fill("#password", "correct horse battery")
    page.click("button:has-text('Log on')")
    page.fill("#title", "Three-table Howell")
    page.fill("#tables", "3")
    page.select_option("#movement", "howell")
    page.fill("#boards", "1-10")
    page.fill("#names", "\n".join(f"{n}: North{n} Player & South{n} Player" for n in range(1, 7)))
    page.click("form >> text=Make the event")
    fits(page, "director-new-event")
    event_id = int(page.url.split("?")[0].rstrip("/").split("/")[-1])
    page.click("button:has-text('Start the session')")
    fits(page, "director-started")
    codes = {}
    for item in page.locator(".codes li").all_inner_texts():
        table, code = item.split(": ")
        codes[table] = code
    return event_id, codes


def enter(page: Page, board: int, contract: str, declarer: str, result: str) -> None:
    page.fill(f"#contract-{board}", contract)
    page.select_option(f"#declarer-{board}", declarer)
    page.fill(f"#result-{board}", result)
    with page.expect_navigation():
        page.click(f"#board-{board} >> text=Enter board {board}")


def confirm(page: Page, board: int) -> None:
    page.click(f"#board-{board} >> text=Confirm (EW)")
    page.goto(page.url.split("/table/")[0] + "/table/round")


def seated(page: Page) -> None:
    """At the start of a round the pairs say who they are."""
    if page.locator("#seated").count():
        page.click("#seated >> button:has-text('Yes, that is us')")


def play_round(page: Page, table: int, number: int, shots: bool) -> None:
    seated(page)
    heading = page.locator("#round h2").inner_text()
    assert heading.startswith(f"Round {number}:"), heading
    boards = [int(b) for b in heading.split("boards ")[1].split(", ")]
    for board in boards:
        if page.locator(f"#contract-{board}").count() == 0:
            continue  # entered already (while offline)
        if (table, number, board) == (3, 2, boards[-1]):
            page.click(f"#board-{board} >> text=Not played")
            page.click("#confirm >> button:has-text('was not played')")
            continue
        result = ["=", "+1", "-1"][(board + table) % 3]
        if (table, number) == (1, 1) and board == boards[0]:
            enter(page, board, "4H", "N", "-3")  # wrong: EW refuse it, North enters again
            page.click(f"#board-{board} >> text=Wrong: enter again")
        enter(page, board, "4S", "N", result)
        if shots:
            fits(page, f"table{table}-entered")
        confirm(page, board)
    if shots:
        fits(page, f"table{table}-round{number}-done")


@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
def test_a_3_table_howell_played_on_phones(served: ThreadedServer) -> None:
    with browser() as chromium:
        director = phone(chromium)
        event_id, codes = director_starts(director, served.url)
        assert sorted(codes) == ["A1", "A2", "A3"]
        tables = {}
        for name, code in codes.items():
            page = phone(chromium)
            page.goto(f"{served.url}/table?event={event_id}&section=A&table={name[1:]}&code={code}")
            fits(page, f"table{name[1:]}-logon")
            page.click("button:has-text('Log on')")
            page.wait_for_url(f"{served.url}/table/round")
            tables[int(name[1:])] = page
        for number in range(1, 6):  # each phone shows its next round once its boards are done
            for table, page in tables.items():
                if (table, number) == (2, 4):
                    offline(page, served.url)
                play_round(page, table, number, shots=number == 1)
        for table, page in tables.items():
            assert page.url == f"{served.url}/table/round"
            assert "Your table has finished" in page.content()
            fits(page, f"table{table}-finished")
        director_finishes(director, served.url, event_id)


def offline(page: Page, url: str) -> None:
    """Board entered with the phone offline: kept on the phone, sent when it is back."""
    seated(page)
    heading = page.locator("#round h2").inner_text()
    board = int(heading.split("boards ")[1].split(", ")[0])
    page.context.set_offline(True)
    page.fill(f"#contract-{board}", "3NT")
    page.select_option(f"#declarer-{board}", "S")
    page.fill(f"#result-{board}", "9")
    page.click(f"#board-{board} >> text=Enter board {board}")
    page.wait_for_selector("#queue:has-text('not yet sent')")
    fits(page, "table2-offline")
    page.context.set_offline(False)
    page.wait_for_selector(f"#board-{board} >> text=Confirm (EW)", timeout=30_000)
    confirm(page, board)


def director_finishes(page: Page, url: str, event_id: int) -> None:
    page.goto(f"{url}/director/events/{event_id}")
    fits(page, "director-grid")
    assert page.locator("#grid .s-confirmed").count() == 15
    page.goto(f"{url}/director/events/{event_id}/slot?section=A&table=1&round=1")
    fits(page, "director-slot")
    first = page.locator("section[id^=board-] h2").first.inner_text().split()[1]
    page.fill(f"#c-{first}", "4S")
    page.select_option(f"#d-{first}", "N")
    page.fill(f"#r-{first}", "11")
    page.fill(f"#why-{first}", "the table agreed 11 tricks")
    page.click(f"#board-{first} >> text=Correct the result")
    assert "done" in page.locator(".notice").inner_text()
    page.goto(f"{url}/director/events/{event_id}/slot?section=A&table=2&round=3")
    second = page.locator("section[id^=board-] h2").first.inner_text().split()[1]
    page.fill(f"#a-{second}", "A60/40")
    page.click(f"#board-{second} >> button:has-text('Adjust')")
    page.select_option("#travellers", "finished")
    page.click("form[action$='/settings'] >> button:has-text('Save')")
    page.click("button:has-text('End the session')")
    fits(page, "director-confirm-end")
    page.click("#confirm >> button:has-text('End the session')")
    page.click("button:has-text('Publish the results site')")
    page.click("#confirm >> button:has-text('Publish')")
    assert "published" in page.locator(".notice").inner_text()
    page.goto(f"{url}/director/events/{event_id}/audit")
    fits(page, "director-audit")
    kinds = page.locator("td[data-label=What]").all_inner_texts()
    assert {"entered", "confirmed", "rejected", "not played", "corrected", "adjusted"} <= set(kinds)
    page.goto(f"{url}/events/{event_id}")
    fits(page, "live-results")
    ranks = page.locator("#live table").first.locator("tbody tr")
    assert ranks.count() == 6
    assert "North1 Player & South1 Player" in page.locator("#live").inner_text()
    assert "A60/40" in page.content()
    page.goto(f"{url}/sites/event-{event_id}/index.html")
    fits(page, "published-site")
