"""``cardkit.room_service``, the older path of :mod:`cardkit.room.service` (issue 30 moved it): importing
it gives that very module, so its names, private ones included, and a ``monkeypatch`` of them reach it."""

import sys

from cardkit.room import service as _moved
from cardkit.room.service import *  # noqa: F403  (the names, for type checkers)
from cardkit.room.service import __all__  # noqa: F401

if __name__ == "__main__":  # python -m cardkit.room_service
    sys.exit(_moved.main())
else:
    sys.modules[__name__] = _moved
