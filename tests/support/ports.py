"""A port for a server the tests start."""

from __future__ import annotations

__all__ = ["free_port"]

import socket


def free_port() -> int:
    """A port nothing listens on now (for a process that may still lose it to another: see
    :meth:`tests.support.server.ServerProcess.start`, which tries another then)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
