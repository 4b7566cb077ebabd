"""``cardkit.composing``, the older path of :mod:`cardkit.core.composing` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.core import composing as _moved
from cardkit.core.composing import *  # noqa: F403  (the names, for type checkers)
from cardkit.core.composing import __all__  # noqa: F401

sys.modules[__name__] = _moved
