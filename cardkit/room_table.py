"""``cardkit.room_table``, the older path of :mod:`cardkit.room.table` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.room import table as _moved
from cardkit.room.table import *  # noqa: F403  (the names, for type checkers)
from cardkit.room.table import __all__  # noqa: F401

sys.modules[__name__] = _moved
