"""The pure core: contracts, boards, results and the scoring rules. Standard library only, no I/O.

Internal: the public names are those :mod:`bridgescore` exports (the one list of them is its
``if TYPE_CHECKING:`` block); the modules of ``core.table``, ``core.scoring``, ``core.rubber``,
``core.pairs`` and ``core.teams`` are the house they live in, documented and tested, but their
paths may change between releases.
"""
