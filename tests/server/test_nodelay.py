"""The server sends each write at once (``TCP_NODELAY``) on every connection, also where its
workers share a listening socket bound as uvicorn binds it for them (protocol number 0): there
asyncio alone leaves Nagle's algorithm on, and with the client's delayed acknowledgement every
kept-alive request took 45 ms more with two workers than with one (uvicorn issue 3149).

The test runs uvicorn's server on such a socket, the way each of ``serve --workers N``'s
processes runs it, answers a real request, and reads the option off the connection accepted.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import uvicorn
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from uvicorn.protocols.http.h11_impl import H11Protocol

from bridgescore.server.web.nodelay import H11NoDelay


async def _hello(_request: object) -> PlainTextResponse:
    return PlainTextResponse("hello")


async def _accepted_nodelay(protocol: type[H11Protocol]) -> int:
    """``TCP_NODELAY`` of the connection a server speaking ``protocol`` accepted for one
    request, on a listening socket bound with protocol number 0."""
    app = Starlette(routes=[Route("/", _hello)])
    config = uvicorn.Config(app, http=protocol, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # proto 0, as uvicorn binds
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    serving = asyncio.create_task(server.serve(sockets=[listener]))
    try:
        for _ in range(500):
            if server.started:
                break
            await asyncio.sleep(0.01)
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as client:
            answer = await client.get("/")  # the connection stays open (kept alive)
            assert answer.text == "hello"
            (connection,) = server.server_state.connections
            accepted = connection.transport.get_extra_info("socket")
            assert accepted.proto == 0  # the case asyncio leaves alone
            return int(accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
    finally:
        server.should_exit = True
        await asyncio.wait_for(serving, timeout=30)
        listener.close()


def _run(coroutine: Coroutine[Any, Any, int]) -> int:
    """Run ``coroutine`` in an event loop of its own, in a thread of its own: the worker's
    shared chromium (sync Playwright, ``tests/support/browser.py``) keeps a loop running in
    this thread, where ``asyncio.run`` refuses to start another."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result(timeout=60)


def test_every_connection_sends_at_once_on_a_socket_bound_for_several_workers() -> None:
    assert _run(_accepted_nodelay(H11NoDelay)) == 1


def test_without_it_such_a_connection_waits_for_the_acknowledgement() -> None:
    """What :class:`H11NoDelay` is for: uvicorn's own protocol leaves Nagle on there."""
    assert _run(_accepted_nodelay(H11Protocol)) == 0
