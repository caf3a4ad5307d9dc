"""What a request without a log-on can make the server hold, measured on a real server
process: a 150 MB body is refused (413) and the process stays within 100 MB of its size at
start; distinct failed log-ons (2,000 here; ``BRIDGESCORE_FAILED_LOGONS=10000`` for the issue's
ten thousand, about a minute) grow it by less than 20 MB."""

from __future__ import annotations

import os
import socket
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from tests.support.server import HOWELL_3, Api, Seeded, ServerProcess

BIG = 150 * 1024 * 1024
FAILED = int(os.environ.get("BRIDGESCORE_FAILED_LOGONS", "2000"))


def resident(server: ServerProcess) -> int:
    """The server process's resident memory, in bytes."""
    assert server.process is not None
    status = Path(f"/proc/{server.process.pid}/status").read_text()
    line = next(line for line in status.splitlines() if line.startswith("VmRSS:"))
    return int(line.split()[1]) * 1024


def send_big(server: ServerProcess, path: str, chunked: bool) -> str:
    """Post a body of 150 MB (declared, or chunked without a length) and read the answer."""
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=120)
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    head += "Transfer-Encoding: chunked\r\n\r\n" if chunked else f"Content-Length: {BIG}\r\n\r\n"
    connection.sendall(head.encode())

    def pump() -> None:
        chunk = b"[" * 65536
        framed = (b"%x\r\n" % len(chunk)) + chunk + b"\r\n" if chunked else chunk
        try:
            for _ in range(BIG // len(chunk)):
                connection.sendall(framed)
        except OSError:  # the server answered and closed: the rest is not wanted
            pass

    sender = threading.Thread(target=pump, daemon=True)
    sender.start()
    answer = connection.recv(4096).decode(errors="replace")
    connection.close()
    sender.join(timeout=120)
    return answer


def test_a_huge_body_and_many_failed_log_ons_cannot_grow_the_server(
    seeded: Seeded, tmp_path: Path
) -> None:
    database = seeded.sqlite_copy(tmp_path / "club.db")
    server = ServerProcess(database, tmp_path)
    server.start()
    try:
        api = Api(server.url, token=seeded.token(database))
        event_id, _codes = api.event(HOWELL_3)
        start = resident(server)
        for path in ("/api/login", "/api/tables/login", "/api/events", "/director/login"):
            for chunked in (False, True):
                answer = send_big(server, path, chunked)
                assert answer.startswith("HTTP/1.1 413") or " 4" in answer.split("\r\n")[0], answer
        assert resident(server) - start < 100 * 1024 * 1024
        before = resident(server)

        def fail(n: int, client: httpx.Client) -> int:
            body = {"event": event_id, "section": "A", "table": 1 + n % 3, "code": f"Z{n:05d}"}
            headers = {"X-Device": f"guesser {n}"}
            return client.post("/api/tables/login", json=body, headers=headers).status_code

        with httpx.Client(base_url=server.url, timeout=60) as client, ThreadPoolExecutor(8) as pool:
            statuses = list(pool.map(lambda n: fail(n, client), range(FAILED)))
        assert set(statuses) <= {401, 429} and statuses.count(401) >= 300
        assert resident(server) - before < 20 * 1024 * 1024
    finally:
        server.stop()
