"""The teaching room, a JupyterHub service: the room itself (:mod:`~cardkit.room.rooms`:
``Room``, its errors, seats, boards and results in SQLAlchemy), the service
(:mod:`~cardkit.room.service`, ``python -m cardkit.room.service``), a viewer's card table
(:mod:`~cardkit.room.table`), records and exports (:mod:`~cardkit.room.records`), the pages
(``static/``), and what a lesson's kernel uses to reach the room (:mod:`~cardkit.room.link`,
:mod:`~cardkit.room.report`, :mod:`~cardkit.room.send`). Never imports the servers.

``cardkit.room`` was one module; it still answers for it: ``from cardkit.room import Room,
RoomError`` reads :mod:`cardkit.room.rooms` (loaded on first use, so a kernel that imports
``cardkit.room.link`` loads no database code).
"""

from typing import TYPE_CHECKING

from cardkit.core._lazy import forward_to

if TYPE_CHECKING:
    from .rooms import *  # noqa: F403
    from .rooms import __all__  # noqa: F401

forward_to(__name__, "cardkit.room.rooms")
