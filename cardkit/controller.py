"""``cardkit.controller``, the older path of :mod:`cardkit.table.controller` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.table import controller as _moved
from cardkit.table.controller import *  # noqa: F403  (the names, for type checkers)
from cardkit.table.controller import __all__  # noqa: F401

sys.modules[__name__] = _moved
