"""``cardkit.series``, the older path of :mod:`cardkit.core.series` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.core import series as _moved
from cardkit.core.series import *  # noqa: F403  (the names, for type checkers)
from cardkit.core.series import __all__  # noqa: F401

sys.modules[__name__] = _moved
