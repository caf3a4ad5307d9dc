"""The terminal console every command prints through."""

from __future__ import annotations

__all__ = ["console"]

from functools import cache

from rich.console import Console


@cache
def console() -> Console:
    """The shared console (colour and width follow the terminal; plain when piped).

    Markup and emoji codes are off: names, pair numbers and contracts come from users' files
    and are printed as written (``Ann [guest]`` stays ``Ann [guest]``, ``:x:`` stays ``:x:``);
    styles are given as ``style=``.
    """
    return Console(highlight=False, soft_wrap=False, markup=False, emoji=False)
