"""The optional parts of bridgescore, and what a command says when the part it needs is missing.

``pip install bridgescore`` brings what scoring a file and printing it needs; the rest comes
with an extra: ``server`` (the club server), ``pdf`` (WeasyPrint), ``scale`` (numpy, polars,
Dask) and ``dd`` (endplay's double-dummy solver), or ``all``. Which distributions each extra
installs is read from bridgescore's own metadata (``pyproject.toml`` is the one list), so a
command checks its extra before it starts, and any other module of an extra found missing on
the way is named with its extra, one ``error:`` line and status 2, never a traceback.

>>> message("bridgescore serve", "server", ["fastapi", "uvicorn"])
"bridgescore serve needs bridgescore's server extra (fastapi and uvicorn are not installed): pip install 'bridgescore[server]'"
>>> message("bridgescore archive", "scale", ["dask", "distributed", "numpy", "polars", "pyarrow"])
"bridgescore archive needs bridgescore's scale extra (dask, distributed, numpy and 2 more are not installed): pip install 'bridgescore[scale]'"
>>> message("--pdf", "pdf", ["weasyprint"])
"--pdf needs bridgescore's pdf extra (weasyprint is not installed): pip install 'bridgescore[pdf]'"
>>> message("bridgescore score", None, ["foo"])
"bridgescore score needs foo, which is not installed: pip install 'bridgescore[all]' brings every optional part"
>>> extra_of("polars.dataframe", {"scale": ["numpy", "polars"], "pdf": ["weasyprint"]})
'scale'
>>> extra_of("starlette", {"server": ["fastapi"]}) is None
True
"""

from __future__ import annotations

__all__ = ["ExtraMissing", "extra_of", "extras", "message", "missing", "require"]

import functools
import re
from collections.abc import Mapping, Sequence

from bridgescore.core.errors import BridgeScoreError

_NAME = re.compile(r"[A-Za-z0-9._-]+")
_EXTRA = re.compile(r"""extra\s*==\s*["']([A-Za-z0-9._-]+)["']""")
_TOOLS = frozenset({"test", "docs", "all"})
"""Extras that install the project's tools or the others, not a part of bridgescore."""


class ExtraMissing(BridgeScoreError):
    """A command or option needs an extra that is not installed (the message names it)."""


@functools.cache
def extras() -> dict[str, list[str]]:
    """Each extra of the installed bridgescore and the distributions it adds (empty when
    bridgescore's metadata cannot be found, as when it runs from a source tree)."""
    from importlib import metadata

    try:
        requirements = metadata.requires("bridgescore") or []
    except metadata.PackageNotFoundError:
        return {}
    found: dict[str, list[str]] = {}
    for requirement in requirements:
        name, _, marker = requirement.partition(";")
        extra = _EXTRA.search(marker)
        match = _NAME.match(name.strip())
        if extra is not None and match is not None and extra.group(1) not in _TOOLS:
            found.setdefault(extra.group(1), []).append(match.group())
    return found


def missing(extra: str) -> list[str]:
    """The distributions of ``extra`` that are not installed here."""
    from importlib import metadata

    absent = []
    for name in extras().get(extra, []):
        try:
            metadata.distribution(name)
        except metadata.PackageNotFoundError:
            absent.append(name)
    return absent


def message(what: str, extra: str | None, absent: Sequence[str]) -> str:
    """What to say when ``what`` (a command, an option) needs ``absent``: the extra to install,
    or, when no extra is known to bring them, every optional part."""
    if extra is None:
        return (
            f"{what} needs {absent[0]}, which is not installed: "
            "pip install 'bridgescore[all]' brings every optional part"
        )
    shown = [*absent[:3], f"{len(absent) - 3} more"] if len(absent) > 4 else list(absent)
    names = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"
    verb = "is" if len(absent) == 1 else "are"
    return (
        f"{what} needs bridgescore's {extra} extra ({names} {verb} not installed): "
        f"pip install 'bridgescore[{extra}]'"
    )


def require(extra: str, what: str) -> None:
    """Stop before ``what`` starts when ``extra`` is not (wholly) installed."""
    absent = missing(extra)
    if absent:
        raise ExtraMissing(message(what, extra, absent))


def extra_of(module: str, known: Mapping[str, list[str]] | None = None) -> str | None:
    """The extra whose distribution has the name of ``module``'s top package (``polars`` for
    ``polars.dataframe``), if one has."""
    top = module.partition(".")[0].lower()
    for extra, names in (extras() if known is None else known).items():
        if any(_NAME.match(name) and name.lower().replace("-", "_") == top for name in names):
            return extra
    return None
