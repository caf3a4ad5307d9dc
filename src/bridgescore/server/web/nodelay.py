"""The HTTP protocol the server speaks: uvicorn's h11 one, with Nagle's algorithm off on every
connection it accepts.

With several workers uvicorn binds the listening socket itself and hands it to them; it leaves
the socket's protocol number at 0, the connections accepted from it say 0 too, and asyncio turns
``TCP_NODELAY`` on only where a socket says TCP (uvicorn issue 3149). A response's head and its
body then go out as two small writes, the second held back until the client acknowledges the
first, which a client delays by 40 ms: with two workers every request on a kept-alive
connection took about 45 ms more than with one, on the benchmark's bare floor app as on the
club server. One worker (uvicorn binds by host and port there) was not affected.

>>> import socket
>>> with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as bound:  # as uvicorn binds it
...     bound.proto
0
"""

from __future__ import annotations

__all__ = ["H11NoDelay"]

import asyncio
import socket

from uvicorn.protocols.http.h11_impl import H11Protocol


class H11NoDelay(H11Protocol):
    """uvicorn's h11 protocol, sending each write at once (``TCP_NODELAY``)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        connection = transport.get_extra_info("socket")
        if connection is not None and connection.family in (socket.AF_INET, socket.AF_INET6):
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().connection_made(transport)
