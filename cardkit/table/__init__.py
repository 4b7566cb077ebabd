"""One card table without any UI or storage: :class:`~cardkit.table.table_session.TableSession`
(seats, act, undo, next board, what each viewer sees), the bot loop's undo marks
(:mod:`~cardkit.table.controller`), a game as a series of deals (:mod:`~cardkit.table.series`)
and the replay of a deal (:mod:`~cardkit.table.replay`). Imports the core, the games and the
analysis; never the room or the servers. The older paths (``cardkit.table_session``, ...) keep working.
"""
