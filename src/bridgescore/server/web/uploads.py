"""Files a director sends in a form (``multipart/form-data``): the session file and the files
it names, each as the TOML names it, or all of them in one zip.

Whatever is sent is bounded: the body by :mod:`.limits` (5 MB), the parts' count here, and a
zip's files and their sizes before they are read.
"""

from __future__ import annotations

__all__ = ["MOST_FILES", "Upload", "from_form", "from_zip", "has_files", "uploaded"]

import io
import zipfile
from pathlib import PurePosixPath
from typing import NamedTuple

from fastapi import Request
from starlette.datastructures import FormData, UploadFile

from bridgescore.server.domain.errors import Unfit
from bridgescore.server.web.limits import UPLOAD_BYTES

MOST_FILES = 50
"""The most files one upload may hold (a session file names a handful)."""


def from_zip(data: bytes) -> dict[str, bytes]:
    """The files of a zip by their names (folders left out), bounded in count and size."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise Unfit("the zip file cannot be read") from None
    found: dict[str, bytes] = {}
    entries = [entry for entry in archive.infolist() if not entry.is_dir()]
    if len(entries) > MOST_FILES:
        raise Unfit(f"the zip file has {len(entries)} files: at most {MOST_FILES}")
    if sum(entry.file_size for entry in entries) > UPLOAD_BYTES:
        raise Unfit(f"the zip file holds more than {UPLOAD_BYTES // 2**20} MB")
    for entry in entries:
        found[PurePosixPath(entry.filename).name] = archive.read(entry)
    return found


class Upload(NamedTuple):
    """A session file as sent: its name, its text, and the files sent with it by name."""

    name: str
    text: str
    files: dict[str, bytes]


async def uploaded(request: Request) -> Upload:
    """The session file and the other files of a form (or of a zip sent in it), by their
    names. The session file is the part ``session``, else the one ``.toml`` file."""
    form = await request.form(max_files=MOST_FILES, max_fields=MOST_FILES)
    return await from_form(form)


async def from_form(form: FormData) -> Upload:
    """What :func:`uploaded` reads, from a form already read."""
    files: dict[str, bytes] = {}
    session: str | None = None
    name = "the session file"
    for key, value in form.multi_items():
        if not isinstance(value, UploadFile):
            if key in ("session", "toml") and value.strip():
                session = str(value)
            continue
        if not value.filename and key != "session":
            continue  # (a file field left empty)
        data = await value.read()
        file_name = PurePosixPath(value.filename or key).name
        if file_name.lower().endswith(".zip"):
            files.update(from_zip(data))
        elif key == "session":
            session, name = data.decode("utf-8-sig", errors="replace"), file_name
        else:
            files[file_name] = data
    if session is None:
        tomls = [found for found in files if found.lower().endswith(".toml")]
        if len(tomls) != 1:
            raise Unfit("send the session file (.toml) with the files it names")
        session, name = files.pop(tomls[0]).decode("utf-8-sig", errors="replace"), tomls[0]
    return Upload(name, session, files)


def has_files(form: FormData) -> bool:
    """Whether a form holds a file that was chosen."""
    return any(isinstance(v, UploadFile) and v.filename for _k, v in form.multi_items())
