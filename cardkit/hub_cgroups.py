"""``cardkit.hub_cgroups``, the older path of :mod:`cardkit.serving.hub_cgroups` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.serving import hub_cgroups as _moved
from cardkit.serving.hub_cgroups import *  # noqa: F403  (the names, for type checkers)

sys.modules[__name__] = _moved
