"""``cardkit.room_send``, the older path of :mod:`cardkit.room.send` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.room import send as _moved
from cardkit.room.send import *  # noqa: F403  (the names, for type checkers)
from cardkit.room.send import __all__  # noqa: F401

sys.modules[__name__] = _moved
