"""``cardkit.table_session``, the older path of :mod:`cardkit.table.table_session` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.table import table_session as _moved
from cardkit.table.table_session import *  # noqa: F403  (the names, for type checkers)
from cardkit.table.table_session import __all__  # noqa: F401

sys.modules[__name__] = _moved
