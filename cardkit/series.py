"""``cardkit.series``, the older path of :mod:`cardkit.table.series` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.table import series as _moved
from cardkit.table.series import *  # noqa: F403  (the names, for type checkers)
from cardkit.table.series import __all__  # noqa: F401

sys.modules[__name__] = _moved
