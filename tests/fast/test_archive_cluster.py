"""The local Dask cluster of ``archive score --scheduler local`` (issue 27, item 17: its
dashboard answered on every address of the machine): it listens on the loopback address only,
and serves a dashboard only when asked."""

from __future__ import annotations

from pathlib import Path

import polars as pl
from click.testing import CliRunner

from bridgescore.cli import app
from tests.support.generated import event


def _listening() -> set[tuple[str, int]]:
    """The addresses and ports this process and its children (the local cluster's workers)
    listen on."""
    import psutil  # type: ignore[import-untyped]

    me = psutil.Process()
    return {
        (connection.laddr.ip, connection.laddr.port)
        for process in (me, *me.children(recursive=True))
        for connection in process.net_connections(kind="inet")
        if connection.status == psutil.CONN_LISTEN
    }


def _status(link: str) -> int:
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(link, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return error.code


def test_a_local_cluster_listens_on_loopback_and_serves_a_dashboard_only_when_asked() -> None:
    # issue 27, item 17: the dashboard of --scheduler local answered on every address
    from bridgescore.fast.archive.cluster import connect

    before = _listening()  # (servers other tests left running: not the cluster's)
    with connect("local") as client:
        opened = _listening() - before
        assert len(opened) >= 3 and {ip for ip, _ in opened} == {"127.0.0.1"}, opened
        assert _status(client.dashboard_link) == 404  # no dashboard page
    links: list[str] = []
    with connect("local", dashboard=links.append) as client:
        assert {ip for ip, _ in _listening() - before} == {"127.0.0.1"}
        assert links == [client.dashboard_link] and links[0].startswith("http://127.0.0.1:")
        assert _status(links[0]) == 200  # (Dask's page; it asks for Bokeh where it is missing)


def test_the_dashboard_option_is_for_a_local_cluster(tmp_path: Path) -> None:
    dataset = tmp_path / "archive"
    dataset.mkdir()
    event(4, 6, seed=28).with_columns(event=pl.lit("club")).write_parquet(dataset / "p.parquet")
    refused = CliRunner().invoke(
        app,
        [
            "archive",
            "score",
            str(dataset),
            "--out",
            str(tmp_path / "o"),
            "--dashboard",
            "--scheduler",
            "tcp://127.0.0.1:9",
        ],
    )
    assert refused.exit_code == 2
    assert "--dashboard is for --scheduler local" in refused.output
