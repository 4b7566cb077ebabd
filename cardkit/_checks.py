"""The one test for "a whole number" that every argument check of cardkit uses.

A whole number is a Python ``int`` or a numpy integer (``np.int64(3)`` from an array);
a bool is not one (``True`` would otherwise pass as the number 1), nor is a float, even
``2.0``. The error that a failed check raises, with its message, stays at each call site.
"""

from __future__ import annotations

from typing import TypeGuard

import numpy as np

__all__ = ["is_whole"]


def is_whole(x: object) -> TypeGuard[int]:
    """True for a Python or numpy integer, False for anything else, bools included.

    >>> import numpy as np
    >>> [is_whole(v) for v in (3, np.int8(-2), 2 ** 100)]
    [True, True, True]
    >>> [is_whole(v) for v in (True, np.bool_(True), 2.0, "3", None)]
    [False, False, False, False, False]
    """
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)
