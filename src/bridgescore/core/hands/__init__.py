"""Hand records: the deals of the boards, what double-dummy analysis says of them, how to
judge a hand, and how to deal boards fairly and verifiably. Pure: the double-dummy solver
itself lives outside the core (:mod:`bridgescore.fast.double_dummy`); the table it gives and
the par worked out from it are in :mod:`bridgescore.core.table.ddtable` and
:mod:`bridgescore.core.table.par`, beside the deal, since a session carries them.

* :mod:`.record`: :class:`HandRecord` (a board's deal, dealer, vulnerability, table and par);
* :mod:`.evaluate`: high-card points, controls, losing tricks, shape;
* :mod:`.numbering`: the number of every deal (96 bits);
* :mod:`.dealing`: random and verifiable (committed secret) dealing.
"""

from bridgescore.core.hands.record import HandRecord

__all__ = ["HandRecord"]
