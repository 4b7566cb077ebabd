"""The argument checks that many of cardkit's public functions share.

- :func:`is_whole`: the one test for "a whole number". A whole number is a Python ``int``
  or a numpy integer (``np.int64(3)`` from an array); a bool is not one (``True`` would
  otherwise pass as the number 1), nor is a float, even ``2.0``.
- :func:`check_count`: a count (worlds, samples) between a least and a most value.
- :func:`check_max_nodes`: a search's node limit, None or 1..:data:`MAX_NODES`.

Each check raises :class:`~cardkit.errors.CardkitError` quoting the input
(:func:`~cardkit.errors.quote`) and naming what is allowed, before any work is done.
"""

from __future__ import annotations

from typing import TypeGuard

import numpy as np

from .errors import CardkitError, quote

__all__ = ["is_whole", "check_count", "check_max_nodes", "MAX_NODES"]

#: The largest node limit a search takes: the solvers count positions in a signed 64-bit
#: integer (2**63 − 1, in practice no limit at all).
MAX_NODES = 2 ** 63 - 1


def is_whole(x: object) -> TypeGuard[int]:
    """True for a Python or numpy integer, False for anything else, bools included.

    >>> import numpy as np
    >>> [is_whole(v) for v in (3, np.int8(-2), 2 ** 100)]
    [True, True, True]
    >>> [is_whole(v) for v in (True, np.bool_(True), 2.0, "3", None)]
    [False, False, False, False, False]
    """
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)


def check_count(value, name: str, lo: int, hi: int, unit: str) -> int:
    """``value`` as an int, checked to be a whole number ``lo``..``hi``.

    >>> check_count(3, "n", 0, 10_000, "worlds")
    3
    >>> check_count(10 ** 30, "n", 0, 10_000, "worlds")
    Traceback (most recent call last):
    ...
    cardkit.core.errors.CardkitError: n=1000000000000000000000000000000: expected a whole number 0..10,000 (worlds)

    :param name: the argument's name, for the message.
    :param unit: what is counted, for the message ("worlds", "samples").
    :raises CardkitError: for anything else (a bool, a float, text, a number out of range).
    """
    if not is_whole(value) or not lo <= value <= hi:
        raise CardkitError(f"{name}={quote(value)}: expected a whole number {lo:,}..{hi:,} ({unit})")
    return int(value)


def check_max_nodes(max_nodes, name: str = "max_nodes") -> int | None:
    """A search's node limit: None (no limit) or a whole number 1..:data:`MAX_NODES`,
    returned as an int (or None).

    >>> check_max_nodes(None), check_max_nodes(np.int64(500))
    (None, 500)
    >>> check_max_nodes(0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardkit.core.errors.CardkitError: max_nodes=0: expected None (no limit) or a whole number 1..9,223,...

    :raises CardkitError: for 0, a negative number, a number past :data:`MAX_NODES`, a
        bool, a float or text.
    """
    if max_nodes is None:
        return None
    if not is_whole(max_nodes) or not 1 <= max_nodes <= MAX_NODES:
        raise CardkitError(f"{name}={quote(max_nodes)}: expected None (no limit) or a whole number "
                           f"1..{MAX_NODES:,} (2**63 - 1, positions searched)")
    return int(max_nodes)
