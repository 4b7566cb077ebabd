"""``cardkit.codes``, the older path of :mod:`cardkit.core.codes` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.core import codes as _moved
from cardkit.core.codes import *  # noqa: F403  (the names, for type checkers)
from cardkit.core.codes import __all__  # noqa: F401

sys.modules[__name__] = _moved
