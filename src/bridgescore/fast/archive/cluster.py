"""The Dask cluster an archive run works on: a local one, or a scheduler's, reached at once or
refused with the reason; and Dask's wrapped errors read back to their first line.

>>> first_line(OSError("disk full\\nat line 3"))
'disk full'
"""

from __future__ import annotations

__all__ = ["CONNECT_TIMEOUT", "LOOPBACK", "connect", "first_line"]

import logging
import socket
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from bridgescore.core.errors import ArchiveError

CONNECT_TIMEOUT = 5
"""Seconds to wait for a Dask scheduler to answer."""


LOOPBACK = "127.0.0.1"
"""Where a local cluster listens (its scheduler, workers and dashboard): this machine only."""


@contextmanager
def connect(scheduler: str, *, dashboard: Callable[[str], object] | None = None) -> Iterator[Any]:
    """A Dask client of the scheduler at ``scheduler``, or with ``local`` of a cluster of two
    workers on this machine (closed afterwards); :class:`ArchiveError` when it cannot be reached.

    A local cluster listens on the loopback address only, each part at a free port, and serves
    no dashboard (Dask's answered on every address of the machine, to anyone on its network)
    unless ``dashboard`` is given: then ``dashboard`` is called with its address (the pages
    need Bokeh installed).
    """
    from distributed import Client, LocalCluster

    if scheduler == "local":
        with (
            LocalCluster(  # type: ignore[no-untyped-call]
                host=LOOPBACK,
                n_workers=2,
                threads_per_worker=1,
                dashboard_address=f"{LOOPBACK}:0",  # (its HTTP server, /health: always there)
                scheduler_kwargs={"dashboard": dashboard is not None},
                silence_logs=logging.CRITICAL,  # what goes wrong is said once, by the client
            ) as cluster,
            Client(cluster) as client,  # type: ignore[no-untyped-call]
        ):
            if dashboard is not None:
                dashboard(client.dashboard_link)
            yield client
        return
    _probe(scheduler)
    try:
        client = Client(scheduler, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
    except ValueError as error:
        raise _not_an_address(scheduler, error) from None
    except OSError as error:
        raise ArchiveError(
            f"cannot reach the Dask scheduler at {scheduler} ({first_line(error)})"
        ) from None
    with client:
        yield client


def _probe(scheduler: str) -> None:
    """Fail at once, saying why, when nothing answers at a TCP scheduler address.

    (The Dask client retries a refused connection until its timeout and then reports only that.)
    """
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(scheduler)
        if scheme not in ("tcp", "tls"):
            return
        host, port = parse_host_port(location)
    except ValueError as error:
        raise _not_an_address(scheduler, error) from None
    try:
        socket.create_connection((host, port), timeout=CONNECT_TIMEOUT).close()
    except ConnectionRefusedError:
        reason = "connection refused"
    except socket.gaierror:
        reason = f"no host is called {host}"
    except TimeoutError:
        reason = f"no answer within {CONNECT_TIMEOUT} s"
    except (OSError, OverflowError) as error:
        reason = first_line(error)
    else:
        return
    raise ArchiveError(f"cannot reach the Dask scheduler at {scheduler} ({reason})")


def _not_an_address(scheduler: str, error: ValueError) -> ArchiveError:
    return ArchiveError(f"{scheduler!r} is not a Dask scheduler address: {error}")


def first_line(error: BaseException) -> str:
    """The first line of an error's message (of the original one, where Dask wraps it).

    >>> first_line(ValueError("An error occurred while calling the read_parquet method.\\n"
    ...                        "Original Message: Unable to merge: Field event ...\\nmore"))
    'Unable to merge: Field event ...'
    """
    text = str(error).strip()
    _, wrapped, original = text.partition("Original Message: ")
    return ((original if wrapped else text).splitlines() or [type(error).__name__])[0]
