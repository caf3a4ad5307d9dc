"""Options and helpers shared by several commands."""

from __future__ import annotations

__all__ = ["emit_json", "json_option"]

import json
from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def json_option(function: F) -> F:
    """Add ``--json``: print one JSON object instead of tables."""
    return click.option(
        "--json", "as_json", is_flag=True, help="Print one JSON object instead of tables."
    )(function)


def emit_json(payload: object) -> None:
    """Print one JSON object on standard output."""
    click.echo(json.dumps(payload, indent=2, ensure_ascii=False))
