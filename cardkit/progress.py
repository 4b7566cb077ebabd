"""``cardkit.progress``, the older path of :mod:`cardkit.teaching.progress` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.teaching import progress as _moved
from cardkit.teaching.progress import *  # noqa: F403  (the names, for type checkers)
from cardkit.teaching.progress import __all__  # noqa: F401

sys.modules[__name__] = _moved
