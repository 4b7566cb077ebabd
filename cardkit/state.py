"""``cardkit.state``, the older path of :mod:`cardkit.core.state` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.core import state as _moved
from cardkit.core.state import *  # noqa: F403  (the names, for type checkers)
from cardkit.core.state import __all__  # noqa: F401

sys.modules[__name__] = _moved
