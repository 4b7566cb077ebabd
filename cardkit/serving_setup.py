"""``cardkit.serving_setup``, the older path of :mod:`cardkit.serving.setup` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.serving import setup as _moved
from cardkit.serving.setup import *  # noqa: F403  (the names, for type checkers)

if __name__ == "__main__":  # python -m cardkit.serving_setup
    sys.exit(_moved.main())
else:
    sys.modules[__name__] = _moved
