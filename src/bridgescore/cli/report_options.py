"""What the results-page commands share (``report``, ``report-teams``): where the pages go, and
the double-dummy analysis of the deals a hand record lacks one of; and what they share with
``export`` and ``deals``: the stored double-dummy figures checked (``--check-dd``,
``--keep-stored``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from bridgescore.cli.extras import require
from bridgescore.cli.options import progress_bar, warn
from bridgescore.core.table.traveller import Session

F = TypeVar("F", bound=Callable[..., Any])


def where_options(function: F) -> F:
    """``--html DIR`` and ``--pdf FILE``: where the results pages go."""
    html = click.option(
        "--html",
        "html_dir",
        type=click.Path(file_okay=False),
        help="Write the results site into this directory (created, or replaced if it is a site).",
    )
    pdf = click.option(
        "--pdf",
        "pdf_file",
        type=click.Path(dir_okay=False),
        help="Write the same pages as one PDF file (needs the pdf extra: WeasyPrint).",
    )
    return html(pdf(function))


def need_output(html_dir: str | None, pdf_file: str | None) -> None:
    if html_dir is None and pdf_file is None:
        raise click.UsageError("say where the results go: --html DIR, --pdf FILE or both")
    if pdf_file is not None:
        require("pdf", "--pdf")


def analysed_session(session: Session) -> Session:
    """The session with the double-dummy analysis of every deal its hand record lacks one of,
    worked out once here (with a progress bar) when endplay is installed."""
    todo = [b for b, d in session.deals.items() if d.is_complete and b not in session.double_dummy]
    if not todo:
        return session
    from bridgescore.fast.double_dummy import available

    if not available():
        return session
    from bridgescore.events.hands import analyse_session

    with progress_bar("double dummy", len(todo)) as advance:
        session, count = analyse_session(session, advance)
    deals = "deal" if count == 1 else "deals"
    click.echo(
        f"analysed {count} {deals} double dummy for the pages (the hand record has no "
        "analysis; bridgescore deals analyse keeps one)",
        err=True,
    )
    return session


def check_options(function: F) -> F:
    """``--check-dd`` and ``--keep-stored``: how the double-dummy figures a file stores are
    checked against its deals."""
    every = click.option(
        "--check-dd",
        "check_dd",
        is_flag=True,
        help="Check every board's stored double-dummy figures (default: a sample, all if one "
        "is wrong).",
    )
    keep = click.option(
        "--keep-stored",
        is_flag=True,
        help="Keep the file's double-dummy figures where the solver disagrees (warned about).",
    )
    return every(keep(function))


def checked_session(session: Session, source: str, every: bool, keep: bool) -> Session:
    """The session with its hand record's stored double-dummy figures checked (the solver's
    where they are wrong, unless ``keep``), each wrong board warned about."""
    if not session.double_dummy:
        return session
    from bridgescore.events.hands import check_session

    shown = set(session.boards or session.deals) & set(session.double_dummy)
    with progress_bar("checking double dummy", len(shown)) as advance:
        session, warnings = check_session(
            session, source=source, every=every, keep=keep, progress=advance
        )
    for message in warnings:
        warn(message)
    return session
