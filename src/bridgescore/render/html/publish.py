"""Putting a results site in place without destroying anything that is not ours.

A site is written into a new directory beside the target and moved into place at the end, so a
failed run never leaves half a site. Its marker file, :data:`MARKER`, is also its manifest: the
files bridgescore wrote, one a line. When a site replaces an earlier one, only the files of the
earlier manifest go; anything else the user put in the directory (a logo, a copy of the
travellers) is carried over into the new site as it is, and a file of the user's that the new
site would write over is refused. A directory that is neither empty nor a site is refused, and
so is one that holds an input of the run (its results would be replaced by their own pages).

>>> import pathlib, tempfile
>>> target = pathlib.Path(tempfile.mkdtemp()) / "site"
>>> _ = publish(target, lambda root: (root / "index.html").write_text("one"), inputs=[])
>>> _ = (target / "logo.png").write_bytes(b"png")
>>> _ = publish(target, lambda root: (root / "index.html").write_text("two"), inputs=[])
>>> sorted(p.name for p in target.iterdir()), (target / "index.html").read_text()
(['.bridgescore-site', 'index.html', 'logo.png'], 'two')
>>> print((target / MARKER).read_text(), end="")
A results site written by bridgescore report; the files it wrote:
index.html
"""

from __future__ import annotations

__all__ = ["MARKER", "publish"]

import os
import re
import shutil
from collections.abc import Callable, Iterable
from pathlib import Path

from bridgescore.core.errors import ReportError
from bridgescore.formats.atomic import atomic_directory

MARKER = ".bridgescore-site"
"""The file that marks a directory as a site written here and lists the files it wrote."""

_HEADING = "A results site written by bridgescore report; the files it wrote:"
_EARLIER = re.compile(
    r"^(index\.html|(site|print|phone|cards|handsheet)\.css|favicon\.svg"
    r"|(boards|pairs|matches)/[^/]+\.html"
    r"|downloads/[^/]+)$"
)
"""What the sites of earlier versions, whose marker lists nothing, wrote."""


def _files(root: Path) -> list[str]:
    """Every file and symbolic link under ``root`` (and each empty directory), relative to it."""
    found = []
    for folder, directories, files in os.walk(root):
        here = Path(folder)
        links = [d for d in directories if (here / d).is_symlink()]
        for name in sorted(files + links):
            found.append((here / name).relative_to(root).as_posix())
        if not directories and not files and here != root:
            found.append(here.relative_to(root).as_posix() + "/")
    return sorted(found)


def _ours(target: Path) -> set[str]:
    """The files the site in ``target`` says bridgescore wrote (its manifest)."""
    lines = (target / MARKER).read_text("utf-8", errors="replace").splitlines()
    if lines[:1] == [_HEADING]:
        return {MARKER, *lines[1:]}
    return {MARKER} | {name for name in _files(target) if _EARLIER.match(name)}


def _check_target(target: Path, inputs: Iterable[str | os.PathLike[str] | None]) -> set[str]:
    """The user's files in ``target`` (to carry over); refuses a directory that is not ours to
    replace, or that holds an input."""
    for source in inputs:
        if source is not None and target in Path(source).resolve().parents:
            raise ReportError(
                f"{target}: the input file {source} is in this directory, which the site "
                "replaces; write the site to another directory"
            )
    if not target.exists():
        return set()
    if not target.is_dir():
        raise ReportError(f"{target} is a file, not a directory for the site")
    if not (target / MARKER).is_file():
        if any(target.iterdir()):
            raise ReportError(
                f"{target} already holds files that are not a bridgescore results site; "
                "choose a new or empty directory"
            )
        return set()
    return set(_files(target)) - _ours(target)


def _carry_over(target: Path, theirs: set[str], root: Path) -> None:
    """Put the user's files of the old site into the new one (links, not copies, where the
    system allows), refusing one the new site has written itself."""
    clashes = sorted(name for name in theirs if (root / name.rstrip("/")).exists())
    if clashes:
        raise ReportError(
            f"{target}: {target / clashes[0]} was not written by bridgescore, and the new site "
            "has a file of that name; move it away and run again"
        )
    for name in sorted(theirs):
        old, new = target / name.rstrip("/"), root / name.rstrip("/")
        new.parent.mkdir(parents=True, exist_ok=True)
        if name.endswith("/"):
            new.mkdir(exist_ok=True)
        elif old.is_symlink():
            new.symlink_to(os.readlink(old))
        else:
            try:
                os.link(old, new)
            except OSError:
                shutil.copy2(old, new)


def publish(
    out_dir: str | os.PathLike[str],
    write: Callable[[Path], object],
    *,
    inputs: Iterable[str | os.PathLike[str] | None],
) -> Path:
    """Write a site with ``write`` into a new directory and move it to ``out_dir``, keeping the
    user's files of an earlier site there (see the module); return the site's directory."""
    target = Path(out_dir).resolve()
    theirs = _check_target(target, inputs)
    try:
        with atomic_directory(target) as temporary:
            write(temporary)
            written = _files(temporary)
            _carry_over(target, theirs, temporary)
            (temporary / MARKER).write_text("\n".join([_HEADING, *written]) + "\n", "utf-8")
    except OSError as error:
        reason = error.strerror or str(error)
        raise ReportError(f"{target}: cannot write the site: {reason}") from None
    return target
