"""``cardkit.controller``, the older path of :mod:`cardkit.core.controller` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.core import controller as _moved
from cardkit.core.controller import *  # noqa: F403  (the names, for type checkers)
from cardkit.core.controller import __all__  # noqa: F401

sys.modules[__name__] = _moved
