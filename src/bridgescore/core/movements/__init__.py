"""Movements: who plays whom, where and on which boards; made, checked and read back.

A movement is game rules, so it lives in the pure core: the :class:`Movement` value and its
JSON, the generators (:func:`mitchell`, :func:`howell`), the checker (:func:`check_movement`)
and the comparison balance.
"""

from bridgescore.core.movements.balance import Balance, balance
from bridgescore.core.movements.check import MovementCheck, check_movement
from bridgescore.core.movements.howell import howell
from bridgescore.core.movements.mitchell import mitchell
from bridgescore.core.movements.movement import Movement, Sitting, board_range

__all__ = [
    "Balance",
    "Movement",
    "MovementCheck",
    "Sitting",
    "balance",
    "board_range",
    "check_movement",
    "howell",
    "mitchell",
]
