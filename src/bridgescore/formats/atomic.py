"""Write a file completely or not at all: write a temporary file beside it, then rename it.

A character device (``/dev/null``, ``/dev/stdout``) or a FIFO is written through, as the
shell's ``>`` does, never replaced: the data goes into it once complete, and an error writing it
(``/dev/full``) is a :class:`FileFormatError`. A block device or a socket is refused.

>>> import pathlib, tempfile
>>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
>>> write_text_atomic(target, "hello")
>>> target.read_text()
'hello'
>>> with atomic_path(target) as temporary:
...     _ = temporary.write_text("half")
...     raise RuntimeError("the writer failed")
Traceback (most recent call last):
...
RuntimeError: the writer failed
>>> target.read_text(), sorted(p.name for p in target.parent.iterdir())
('hello', ['out.txt'])
"""

from __future__ import annotations

__all__ = [
    "atomic_directory",
    "atomic_path",
    "input_clash",
    "write_bytes_atomic",
    "write_text_atomic",
]

import os
import shutil
import stat
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from bridgescore.core.errors import FileFormatError


def _same_file(one: Path, other: Path) -> bool:
    try:
        return os.path.samestat(one.stat(), other.stat())
    except OSError:  # either is missing (or cannot be looked at): not the same existing file
        return False


def input_clash(
    target: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str] | None]
) -> str | None:
    """Why ``target`` may not be written when it is one of the ``inputs`` (the same file by
    device and inode, however it is spelt: ``./u.csv``, a symbolic or a hard link), else
    ``None``; writing it would destroy what was read.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "u.csv").write_text("board,ns,ew")
    >>> (folder / "link.csv").symlink_to(folder / "u.csv")
    >>> input_clash(folder / "link.csv", [folder / "u.csv"]).replace(str(folder), "...")
    'it is the input file .../u.csv; write to another file'
    >>> input_clash(folder / "new.csv", [folder / "u.csv", None]) is None
    True
    """
    for source in inputs:
        if source is not None and _same_file(Path(target), Path(source)):
            return f"it is the input file {source}; write to another file"
    return None


def _cannot_write(target: Path, error: OSError) -> FileFormatError:
    """What went wrong, for a director: the missing directory by name, else the system's reason."""
    parent = target.parent
    if not parent.exists():
        reason = f"the directory {parent} does not exist"
    elif not parent.is_dir():
        reason = f"{parent} is not a directory"
    else:
        reason = error.strerror or str(error)
    return FileFormatError(str(target), None, f"cannot write: {reason}")


@contextmanager
def _reported(target: Path) -> Iterator[None]:
    """Turn an :class:`OSError` while writing ``target`` into a :class:`FileFormatError`."""
    try:
        yield
    except OSError as error:
        raise _cannot_write(target, error) from None


def _beside(target: Path, made: list[Path], *, directory: bool) -> Path:
    """A new empty file or directory beside ``target``: with ``target``'s mode when it exists,
    else the mode the umask gives, as for any file the user writes.

    It is created asking for 0o666 (0o777 for a directory) and the system takes the umask off;
    ``tempfile`` would have made it 0o600 (0o700). Its name is in ``made`` before it is created,
    so that the caller removes it whatever stops the write, at whatever moment (an error, Ctrl-C,
    SIGTERM).
    """
    name = _create(target, made, directory=directory)
    if target.exists():
        name.chmod(stat.S_IMODE(target.stat().st_mode))
    return name


def _token() -> str:
    """Eight random hex digits for a temporary name (``secrets.token_hex(4)``, without the cost
    of importing ``secrets`` on every run)."""
    return os.urandom(4).hex()


def _create(target: Path, made: list[Path], *, directory: bool) -> Path:
    while True:
        name = target.parent / f".{target.name}.{_token()}.tmp"
        made.append(name)
        try:
            if directory:
                name.mkdir(0o777)
            else:
                os.close(os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        except FileExistsError:  # another's: not ours to remove
            made.remove(name)
            continue
        return name


def _remove_all(made: list[Path]) -> None:
    for name in made:
        _remove(name)


def _remove(name: Path) -> None:
    if name.is_dir():
        shutil.rmtree(name, ignore_errors=True)
    else:
        name.unlink(missing_ok=True)


def _passes_through(target: Path) -> bool:
    """Whether ``target`` is a character device or a FIFO, which is written through and never
    replaced; a block device or a socket is refused, as no file to write.

    >>> _passes_through(Path(os.devnull)), _passes_through(Path("/no/such/file"))
    (True, False)
    """
    try:
        mode = os.stat(target).st_mode  # through a symbolic link, as the shell's ``>`` goes
    except OSError:  # missing, or not to be looked at: the rename says why, if it fails
        return False
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        return True
    if stat.S_ISBLK(mode) or stat.S_ISSOCK(mode):
        kind = "a block device" if stat.S_ISBLK(mode) else "a socket"
        raise FileFormatError(str(target), None, f"cannot write: it is {kind}, not a file")
    return False


def _write_through(target: Path, chunks: Iterable[bytes]) -> None:
    """Write ``chunks`` into the character device or FIFO ``target`` (waiting for a FIFO's
    reader); never creating a file there, nor writing into one put there meanwhile."""
    with _reported(target):
        handle = os.open(target, os.O_WRONLY | os.O_NOCTTY | os.O_CLOEXEC)
        with open(handle, "wb") as stream:
            mode = os.fstat(handle).st_mode
            if not (stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)):  # (replaced since looked at)
                raise FileFormatError(str(target), None, "cannot write: it changed while written")
            for chunk in chunks:
                stream.write(chunk)


@contextmanager
def _through(target: Path) -> Iterator[Path]:
    """:func:`atomic_path` for a character device or FIFO: a private temporary file (the
    system's temporary folder, mode 0o600), copied into ``target`` once the writer is done."""
    with _reported(target):
        handle, name = tempfile.mkstemp(prefix="bridgescore-", suffix=".tmp")
    os.close(handle)
    temporary = Path(name)
    try:
        yield temporary
        with temporary.open("rb") as source:
            _write_through(target, iter(lambda: source.read(1 << 16), b""))
    finally:
        temporary.unlink(missing_ok=True)


@contextmanager
def atomic_path(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; on success it replaces ``path``, on error it goes.

    For writers that want a file name (Parquet, PDF, databases); for a directory see
    :func:`atomic_directory`. A new file gets the mode the umask gives (0o644 under 022), a file
    replaced keeps its mode. When the file cannot be created or put in place the error is a
    :class:`FileFormatError` (``cannot write: ...``); the writer's own errors pass unchanged.
    """
    target = Path(path)
    if _passes_through(target):
        with _through(target) as temporary:
            yield temporary
        return
    made: list[Path] = []
    try:
        with _reported(target):
            temporary = _beside(target, made, directory=False)
        yield temporary
        with _reported(target):
            os.replace(temporary, target)
    except BaseException:
        _remove_all(made)
        raise


def write_bytes_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` completely or not at all.

    >>> import pathlib, tempfile
    >>> write_bytes_atomic(pathlib.Path(tempfile.mkdtemp()) / "nodir" / "out.pbn", b"")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.FileFormatError: .../nodir/out.pbn: cannot write: the directory .../nodir does not exist
    """
    if _passes_through(Path(path)):
        _write_through(Path(path), [data])
        return
    with _reported(Path(path)), atomic_path(path) as temporary, temporary.open("wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def write_text_atomic(
    path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8", newline: str = ""
) -> None:
    """Write ``text`` to ``path`` completely or not at all (line ends written as they are)."""
    write_bytes_atomic(
        path, text.replace("\n", newline).encode(encoding) if newline else text.encode(encoding)
    )


@contextmanager
def atomic_directory(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a new empty directory beside ``path``; on success it takes ``path``'s place.

    A directory already at ``path`` is replaced whole (the caller decides whether it may be) and
    its mode is kept; anything else there (a file, a device) is refused. A new one gets the mode
    the umask gives (0o755 under 022). On error the new directory goes and ``path`` is left as
    it was, so readers never see half of it.

    >>> import pathlib, tempfile
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "site"
    >>> with atomic_directory(target) as temporary:
    ...     _ = (temporary / "index.html").write_text("one")
    >>> with atomic_directory(target) as temporary:
    ...     _ = (temporary / "index.html").write_text("half")
    ...     raise RuntimeError("the writer failed")
    Traceback (most recent call last):
    ...
    RuntimeError: the writer failed
    >>> (target / "index.html").read_text(), [p.name for p in target.parent.iterdir()]
    ('one', ['site'])
    """
    target = Path(path)
    if target.exists() and not target.is_dir():  # a file, a device: never replaced by a directory
        raise FileFormatError(str(target), None, "cannot write: it is not a directory")
    made: list[Path] = []
    try:
        with _reported(target):
            target.parent.mkdir(parents=True, exist_ok=True)
            temporary = _beside(target, made, directory=True)
        yield temporary
        with _reported(target):
            _put_in_place(temporary, target)
    except BaseException:
        _remove_all(made)
        raise


def _put_in_place(temporary: Path, target: Path) -> None:
    """Swap ``temporary`` in for ``target``; stopped at any moment, ``target`` is the old
    directory or the new one, never missing."""
    if not target.exists():
        os.replace(temporary, target)
        return
    old = target.parent / f".{target.name}.{_token()}.old"
    while old.exists():
        old = target.parent / f".{target.name}.{_token()}.old"
    try:
        os.replace(target, old)
        os.replace(temporary, target)
    except BaseException:
        if old.exists() and not target.exists():
            os.replace(old, target)
        elif old.exists():
            shutil.rmtree(old, ignore_errors=True)
        raise
    try:
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:  # stopped while removing the old one: finish, then stop
        shutil.rmtree(old, ignore_errors=True)
        raise
