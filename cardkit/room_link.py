"""``cardkit.room_link``, the older path of :mod:`cardkit.room.link` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.room import link as _moved
from cardkit.room.link import *  # noqa: F403  (the names, for type checkers)
from cardkit.room.link import __all__  # noqa: F401

sys.modules[__name__] = _moved
