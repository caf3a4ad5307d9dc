"""Two pieces of a site written side by side, on two of the machine's cores.

A results site is many files made from one scored event: the downloads and the board pages need
nothing of the score cards, so :func:`side_by_side` writes one share in a child process forked
from this one while this process writes the other. The child has the event as it stands here
(a fork copies nothing until it is changed) and writes into the same new directory; the site is
moved into place only when both are done, so either failing still leaves no half site.

An error in the child comes back as itself (a :class:`bridgescore.core.errors.BridgeScoreError`
with its message, as when the pages are written here), or as a :class:`ReportError` saying how
the child stopped. Where a fork is not safe or not worth it (no ``os.fork``, other threads
running, one core) the two run one after the other here, and write the same bytes.

>>> written = []
>>> side_by_side(lambda: written.append("here"), lambda: None)
>>> written
['here']
"""

from __future__ import annotations

__all__ = ["can_fork", "side_by_side"]

import os
import pickle
import signal
import sys
import threading
from collections.abc import Callable
from typing import NoReturn

from bridgescore.core.errors import ReportError


def can_fork() -> bool:
    """Whether a share of the work can go to a forked child: ``os.fork`` exists, this process
    runs no other thread (a fork copies only the calling one), and it may use two cores."""
    if not hasattr(os, "fork") or threading.active_count() != 1:
        return False
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) > 1


def side_by_side(here: Callable[[], object], there: Callable[[], object]) -> None:
    """Run ``there`` in a forked child while ``here`` runs in this process; return when both
    have finished, raising the first error of either (see the module)."""
    if not can_fork():
        there()
        here()
        return
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()  # (nothing buffered is written twice)
    read_end, write_end = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(read_end)
        _child(there, write_end)
    os.close(write_end)
    pipe = os.fdopen(read_end, "rb")
    try:
        here()
        report = pipe.read()  # (the child's error, if any, once it has finished)
        _, status = os.waitpid(child, 0)
    except BaseException:  # (stopped here, Ctrl-C while waiting too: the child goes first)
        _stop(child)
        raise
    finally:
        pipe.close()
    if report:
        raise _error(report)
    if status != 0:
        raise ReportError(f"the pages written side by side stopped ({_how(status)})")


def _child(there: Callable[[], object], write_end: int) -> NoReturn:
    """The child's life: its share, then out at once (never back into the caller's code, never
    flushing what the parent had buffered), with its error, if any, sent down the pipe."""
    code = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # stopped, the parent cleans up
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        there()
    except BaseException as error:  # (reported to the parent, whatever it is)
        code = 1
        try:
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(_report(error))
        except BaseException:  # (the parent says the child stopped with no word)
            pass
    finally:
        os._exit(code)


def _report(error: BaseException) -> bytes:
    try:
        own = pickle.dumps(error)
        pickle.loads(own)  # (an error that cannot be rebuilt there goes as its message)
    except Exception:
        own = b""
    return pickle.dumps((str(error) or type(error).__name__, own))


def _error(report: bytes) -> BaseException:
    message, own = pickle.loads(report)  # (our own child's bytes)
    if own:
        error = pickle.loads(own)
        if isinstance(error, BaseException):
            return error
    return ReportError(str(message))


def _stop(child: int) -> None:
    """End a child whose work is no longer wanted, before its files are removed."""
    try:
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
    except (ProcessLookupError, ChildProcessError):
        pass


def _how(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"killed by signal {os.WTERMSIG(status)}"
    return f"exit status {os.waitstatus_to_exitcode(status)}"
