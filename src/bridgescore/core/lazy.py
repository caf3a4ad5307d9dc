"""Names of a package imported on first use: what ``bridgescore`` and ``bridgescore.core``
export, each from the module it lives in, so that importing the package costs next to nothing
(a command that scores a contract never imports the teams rules).

>>> getattr_, dir_ = lazy_names("demo", {"sqrt": "math"}, {})
>>> getattr_("sqrt")(16), "sqrt" in dir_()
(4.0, True)
>>> lazy_names("demo", {"root": "math:sqrt"}, {})[0]("root")(9)
3.0
"""

from __future__ import annotations

__all__ = ["lazy_names"]

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(
    package: str, where: Mapping[str, str], namespace: dict[str, Any]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """A package's ``__getattr__`` and ``__dir__``: a name of ``where`` is imported from its
    module when first asked for, and kept in ``namespace`` (the package's globals). A module
    written ``module:attribute`` gives the name its attribute of another name there."""

    def getattr_(name: str) -> object:
        target = where.get(name)
        if target is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, _, attribute = target.partition(":")
        value = getattr(importlib.import_module(module), attribute or name)
        namespace[name] = value
        return value

    def dir_() -> list[str]:
        return sorted({*namespace, *where})

    return getattr_, dir_
