"""``cardkit.controller``, the older path of the bot loop, :func:`cardkit.core.bots.run_bots`
(importing this path gives :mod:`cardkit.core.bots` itself); its undo marks went into
:class:`cardkit.table.table_session.TableSession` (``act``, ``settle``, ``undo``), the one
controller the play pages and the room drive (issue 30)."""

import sys

from cardkit.core import bots as _moved
from cardkit.core.bots import run_bots  # noqa: F401  (the name, for type checkers)

sys.modules[__name__] = _moved
