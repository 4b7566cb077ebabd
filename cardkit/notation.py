"""``cardkit.notation``, the older path of :mod:`cardkit.core.notation` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.core import notation as _moved
from cardkit.core.notation import *  # noqa: F403  (the names, for type checkers)
from cardkit.core.notation import (
    __all__,  # noqa: F401
    sort_hand,  # noqa: F401  (not in its __all__, used by the widgets)
)

sys.modules[__name__] = _moved
