"""``cardkit.lessons_cli``, the older path of :mod:`cardkit.serving.lessons_cli` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.serving import lessons_cli as _moved
from cardkit.serving.lessons_cli import *  # noqa: F403  (the names, for type checkers)

if __name__ == "__main__":  # python -m cardkit.lessons_cli
    sys.exit(_moved.main())
else:
    sys.modules[__name__] = _moved
