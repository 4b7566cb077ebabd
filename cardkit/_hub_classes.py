"""``cardkit._hub_classes``, the older path of :mod:`cardkit.serving._hub_classes` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.serving import _hub_classes as _moved
from cardkit.serving._hub_classes import *  # noqa: F403  (the names, for type checkers)

sys.modules[__name__] = _moved
