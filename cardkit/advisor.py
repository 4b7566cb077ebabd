"""``cardkit.advisor``, the older path of :mod:`cardkit.analysis.advisor` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.analysis import advisor as _moved
from cardkit.analysis.advisor import *  # noqa: F403  (the names, for type checkers)
from cardkit.analysis.advisor import __all__  # noqa: F401

sys.modules[__name__] = _moved
