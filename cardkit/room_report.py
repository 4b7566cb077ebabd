"""``cardkit.room_report``, the older path of :mod:`cardkit.room.report` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.room import report as _moved
from cardkit.room.report import *  # noqa: F403  (the names, for type checkers)
from cardkit.room.report import __all__  # noqa: F401

sys.modules[__name__] = _moved
