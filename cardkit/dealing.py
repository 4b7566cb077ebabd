"""``cardkit.dealing``, the older path of :mod:`cardkit.core.dealing` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.core import dealing as _moved
from cardkit.core.dealing import *  # noqa: F403  (the names, for type checkers)
from cardkit.core.dealing import __all__  # noqa: F401

sys.modules[__name__] = _moved
