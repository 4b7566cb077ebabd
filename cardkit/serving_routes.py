"""``cardkit.serving_routes``, the older path of :mod:`cardkit.serving.routes` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.serving import routes as _moved
from cardkit.serving.routes import *  # noqa: F403  (the names, for type checkers)

sys.modules[__name__] = _moved
