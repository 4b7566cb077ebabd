"""``cardkit.replay``, the older path of :mod:`cardkit.table.replay` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.table import replay as _moved
from cardkit.table.replay import *  # noqa: F403  (the names, for type checkers)
from cardkit.table.replay import __all__  # noqa: F401

sys.modules[__name__] = _moved
