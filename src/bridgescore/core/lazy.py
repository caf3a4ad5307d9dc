"""What is made only when first used: the names a package exports, each imported from the
module it lives in when it is first asked for (so that ``import bridgescore`` costs next to
nothing: a command that scores a contract never imports the teams rules), and the items of a
sequence or the values of a mapping (:class:`Made`, :class:`MadeMapping`).

A package's public names are written once, as the imports of its ``if TYPE_CHECKING:`` block
(what type checkers and the API reference read); :func:`lazy_names` reads that block from the
package's source for its ``__getattr__``, ``__dir__`` and ``__all__``.

>>> import tempfile, pathlib
>>> source = pathlib.Path(tempfile.mkdtemp()) / "demo.py"
>>> _ = source.write_text("if TYPE_CHECKING:\\n    from math import sqrt as sqrt\\n"
...                       "    from math import pi as circle\\n")
>>> getattr_, dir_ = lazy_names("demo", str(source), {})
>>> getattr_("sqrt")(16), getattr_("circle") > 3, getattr_("__all__"), "sqrt" in dir_()
(4.0, True, ['circle', 'sqrt'], True)
"""

from __future__ import annotations

__all__ = ["ItemsByIndex", "Made", "MadeMapping", "lazy_names", "public_names"]

import ast
import importlib
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar, overload

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def public_names(source: str) -> dict[str, tuple[str, str]]:
    """The names the module in file ``source`` imports under ``if TYPE_CHECKING:``, each with
    the module and the name it is imported from."""
    with open(source, encoding="utf-8") as file:
        tree = ast.parse(file.read(), source)
    found: dict[str, tuple[str, str]] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for statement in node.body:
                if isinstance(statement, ast.ImportFrom) and statement.module:
                    for alias in statement.names:
                        found[alias.asname or alias.name] = (statement.module, alias.name)
    return found


def lazy_names(
    package: str, source: str, namespace: dict[str, Any]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """A package's ``__getattr__`` and ``__dir__``: each name its ``source`` imports under
    ``if TYPE_CHECKING:`` (:func:`public_names`, read when first needed) is imported from its
    module when first asked for, and kept in ``namespace`` (the package's globals);
    ``__all__`` is those names, with ``__version__`` when the package has one."""
    found: dict[str, tuple[str, str]] = {}

    def names() -> dict[str, tuple[str, str]]:
        if not found:
            found.update(public_names(source))
        return found

    def getattr_(name: str) -> object:
        if name == "__all__":
            return sorted([*names(), *(["__version__"] if "__version__" in namespace else [])])
        target = names().get(name)
        if target is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, attribute = target
        value = getattr(importlib.import_module(module), attribute)
        namespace[name] = value
        return value

    def dir_() -> list[str]:
        return sorted({*namespace, *names()})

    return getattr_, dir_


class ItemsByIndex(Sequence[T]):
    """A read-only sequence whose items a subclass makes by their index (``_item``): its
    indexing, slices, iteration and equality (to any sequence with equal items)."""

    __slots__ = ()

    def __len__(self) -> int:
        raise NotImplementedError

    def _item(self, index: int) -> T:
        raise NotImplementedError

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            return tuple(map(self._item, range(*index.indices(len(self)))))
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self._item(index)

    def __iter__(self) -> Iterator[T]:
        return map(self._item, range(len(self)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def items(self, indexes: Iterable[int]) -> list[T]:
        """The items at these indexes (each from 0, in the order given).

        >>> Made(4, str).items([3, 1])
        ['3', '1']
        """
        return list(map(self._item, indexes))


class Made(ItemsByIndex[T]):
    """A read-only sequence whose items are made the first time each is asked for, and kept:
    what a huge event holds of each line or board where making them all would cost more than
    the scoring. It equals any sequence with equal items.

    >>> made = Made(3, lambda index: index * index)
    >>> len(made), made[2], made[-1], made[:2], list(made) == [0, 1, 4], made == (0, 1, 4)
    (3, 4, 4, (0, 1), True, True)
    """

    __slots__ = ("_items", "_make")

    def __init__(self, length: int, make: Callable[[int], T]) -> None:
        self._items: list[T | None] = [None] * length
        self._make = make

    def __len__(self) -> int:
        return len(self._items)

    def _item(self, index: int) -> T:
        item = self._items[index]
        if item is None:
            item = self._items[index] = self._make(index)
        return item

    def __repr__(self) -> str:
        return repr(tuple(self))


class MadeMapping(Mapping[K, V]):
    """A read-only mapping whose values are made the first time each is asked for, from what
    each key was given (a deal's text, say), and kept.

    >>> squares = MadeMapping({2: "2", 3: "3"}, lambda text: int(text) ** 2)
    >>> squares[3], sorted(squares), dict(squares) == {2: 4, 3: 9}
    (9, [2, 3], True)
    """

    __slots__ = ("_given", "_made", "_make")

    def __init__(self, given: Mapping[K, Any], make: Callable[[Any], V]) -> None:
        self._given = dict(given)
        self._made: dict[K, V] = {}
        self._make = make

    def __getitem__(self, key: K) -> V:
        found = self._made.get(key)
        if found is None:
            found = self._made[key] = self._make(self._given[key])
        return found

    def __iter__(self) -> Iterator[K]:
        return iter(self._given)

    def __len__(self) -> int:
        return len(self._given)
